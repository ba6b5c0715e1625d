"""Answering: `/api/search`, `/api/ask`, and the one event stream behind `/api/ask` and
`/v1/chat/completions`. Blocking work (search, the model) runs off the event loop; answers wait in
a bounded FIFO queue for the one model (503 + Retry-After when it is full); a client that goes away
cancels its generation. Streamed answers are server-sent events."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
import weakref
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import anyio
import msgspec
from litestar import Request, Response, post
from litestar.response import Stream

from kb.answer.generation import Answer, Event, NumberedPassage
from kb.api.errors import QueueFull, error_body, snake
from kb.api.schemas import AskRequest, SearchRequest
from kb.api.state import LOGGER, request_id_var, service_of
from kb.errors import KBError
from kb.retrieval import Filters

if TYPE_CHECKING:
    from kb.api.app import Service

log = logging.getLogger(LOGGER)


# -- the generation queue -----------------------------------------------------------------------


class GenerationQueue:
    """Arrival-order access to the one model, with at most `size` requests waiting."""

    def __init__(self, size: int, retry_after_s: int):
        self.size = size
        self.retry_after_s = retry_after_s
        self.waiting = 0
        self.active = 0
        self._lock = asyncio.Lock()  # asyncio's lock wakes waiters in FIFO order

    @property
    def depth(self) -> int:
        return self.waiting + self.active

    def reserve(self) -> _Ticket:
        """A place in the queue, or QueueFull (checked before any response byte is sent)."""
        if self.waiting >= self.size + (0 if self.active or self._lock.locked() else 1):
            raise QueueFull(f"the answer queue is full ({self.size} waiting): retry in {self.retry_after_s} s")
        self.waiting += 1
        return _Ticket(self)


class _Ticket:
    def __init__(self, queue: GenerationQueue):
        self.queue = queue
        self.holding = False
        self.released = False

    async def __aenter__(self) -> _Ticket:
        try:
            await self.queue._lock.acquire()
        finally:
            self.queue.waiting -= 1
            self.released = True
        self.holding = True
        self.queue.active += 1
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.holding:
            self.queue.active -= 1
            self.queue._lock.release()
            self.holding = False

    def cancel(self) -> None:
        """Give the place back without having entered (the response never started)."""
        if not self.released:
            self.queue.waiting -= 1
            self.released = True


# -- answering: the one event stream behind /api/ask and /v1/chat/completions -----------------


async def answer_events(
    service: Service, ticket: _Ticket, question: str, options: dict[str, Any], cancel: threading.Event
) -> AsyncIterator[Event]:
    """`KnowledgeBase.ask_stream` run in a worker thread while holding the model's place in the queue."""
    loop = asyncio.get_running_loop()
    items: asyncio.Queue[Any] = asyncio.Queue()
    done = object()

    def work() -> None:
        try:
            lower_priority(service.settings.server.generation_nice)
            for event in service.kb.ask_stream(question, cancel=cancel, **options):
                loop.call_soon_threadsafe(items.put_nowait, event)
        except BaseException as exc:  # handed to the event loop, which raises it
            loop.call_soon_threadsafe(items.put_nowait, exc)
        finally:
            loop.call_soon_threadsafe(items.put_nowait, done)

    async with ticket:
        thread = threading.Thread(target=work, name="kb-answer", daemon=True)
        thread.start()
        finished = used_model = False
        try:
            while (item := await items.get()) is not done:
                if isinstance(item, BaseException):
                    raise item
                if item.kind == "sources":
                    used_model = bool(item.data)  # no passages: refused without the model
                elif item.kind == "token" and used_model:
                    service.metrics.tokens_generated += 1  # one streamed piece per generated token
                elif item.kind == "done":
                    finished = True
                    _count_answer(service, item.data)
                yield item
        finally:
            if not finished:
                service.metrics.answers["cancelled"] += 1
                log.info("answer cancelled: the client went away")
            cancel.set()  # stop generating (a no-op when done), then free the model's place
            await anyio.to_thread.run_sync(thread.join)


def lower_priority(nice: int) -> None:
    """Give the calling thread (a fresh one per answer) a lower CPU priority. Threads it starts
    inherit it: llama.cpp's OpenMP workers are created by the thread that first runs the model in
    them. Linux sets nice per thread; elsewhere this does nothing."""
    if nice <= 0 or not sys.platform.startswith("linux"):
        return
    tid = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + nice))
    except OSError as exc:  # e.g. a sandbox that forbids it: generation still runs
        log.debug("cannot lower the priority of the answer thread: %s", exc)


def _count_answer(service: Service, answer: Answer) -> None:
    outcome = "cancelled" if answer.cancelled else "refused" if answer.refused else "answered"
    service.metrics.answers[outcome] += 1


async def _watch_disconnect(request: Request, cancel: threading.Event) -> None:
    """For non-streamed answers: a client that hangs up cancels its generation."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            cancel.set()
            return


async def collect(request: Request, events: AsyncIterator[Event], cancel: threading.Event) -> Answer:
    """The answer of a non-streamed request; the client hanging up on the way cancels it."""
    watcher = asyncio.create_task(_watch_disconnect(request, cancel))
    try:
        async for event in events:
            if event.kind == "done":
                return event.data
    finally:
        watcher.cancel()
    raise RuntimeError("answer stream ended without a result")


# -- server-sent events ------------------------------------------------------------------------


def sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _sources(passages: list[NumberedPassage]) -> list[dict[str, Any]]:
    return [p.to_dict() for p in passages]


def _wants_stream(request: Request, flag: bool) -> bool:
    return flag or "text/event-stream" in request.headers.get("accept", "")


STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def event_stream(events: AsyncIterator[str], ticket: _Ticket) -> Stream:
    """A text/event-stream response. Should the client leave before the first event, the generator
    never starts and its `finally` never runs: its place in the queue is then given back when the
    generator is collected."""
    weakref.finalize(events, ticket.cancel)
    return Stream(events, media_type="text/event-stream", headers=STREAM_HEADERS)


# -- /api/search, /api/ask ---------------------------------------------------------------------


@post("/api/search", sync_to_thread=True, status_code=200, summary="Find passages")
def search(request: Request, data: SearchRequest) -> dict[str, Any]:
    """The best passages for a query: the `kb search --json` hit contract."""
    filters = Filters(source=data.filters.source, doc_ids=tuple(data.filters.doc_ids)) if data.filters else None
    hits = service_of(request).kb.search(data.query, data.top_k, mode=data.mode, filters=filters)
    return {"hits": [h.to_dict() for h in hits]}


@post("/api/ask", summary="Answer a question from the documents", status_code=200)
async def ask(request: Request, data: AskRequest) -> Response | Stream:
    """The `kb ask --json` object. With `"stream": true` (or `Accept: text/event-stream`):
    server-sent events `sources`, `token`, `done` (the answer object) and `error`."""
    service = service_of(request)
    options = {"history": [msgspec.to_builtins(t) for t in data.history], "top_k": data.top_k,
               "temperature": data.temperature, "max_tokens": data.max_tokens}
    ticket = service.queue.reserve()
    cancel = threading.Event()
    if not _wants_stream(request, data.stream):
        try:
            answer = await collect(request, answer_events(service, ticket, data.question, options, cancel), cancel)
        finally:
            ticket.cancel()
        return Response(answer.to_dict())

    async def stream() -> AsyncIterator[str]:
        try:
            async for event in answer_events(service, ticket, data.question, options, cancel):
                if event.kind == "sources":
                    yield sse("sources", _sources(event.data))
                elif event.kind == "token":
                    yield sse("token", {"text": event.data})
                else:
                    yield sse("done", event.data.to_dict())
        except KBError as exc:
            yield sse("error", error_body(snake(type(exc).__name__), str(exc)))
        except Exception:  # the stream is already open: report in-band, never a stack trace
            log.exception("answer stream failed")
            yield sse("error", error_body("internal_error", f"internal error (request id {request_id_var.get()})"))
        finally:
            ticket.cancel()

    return event_stream(stream(), ticket)
