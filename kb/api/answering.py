"""Answering: `/api/search`, `/api/ask`, and the one lifecycle behind `/api/ask` and
`/v1/chat/completions` (`Generation`): a place in a bounded FIFO queue for the one model (503 +
Retry-After when it is full), the answer stream run in a worker thread, cancelled when the client
goes away, the place given back whatever happens. Streamed answers are Litestar's server-sent
events."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Iterable
from typing import TYPE_CHECKING, Any

import anyio
import msgspec
from litestar import Controller, Request, Response, post
from litestar.exceptions import HTTPException
from litestar.response import ServerSentEvent
from litestar.response.sse import ServerSentEventMessage

from kb.answer.records import Answer, Event
from kb.api.errors import QueueFull, problem_body, problems
from kb.api.schemas import (
    AnswerResult,
    AskRequest,
    SearchHit,
    SearchRequest,
    SearchResults,
    SourcePassage,
    TokenDelta,
    filters_of,
    from_dict,
)
from kb.api.state import LOGGER

if TYPE_CHECKING:
    from kb.api.app import Service

log = logging.getLogger(LOGGER)
EVENT_STREAM = "text/event-stream"  # content negotiation: a client that asks for events gets them


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


# -- one answer's lifecycle, shared by /api/ask and /v1/chat/completions ------------------------


_END = object()  # the end of a Generation's events


def sse(data: Any, name: str | None = None) -> ServerSentEventMessage:
    """One server-sent event, `\\n`-separated (the framing kb sent before, and OpenAI's): `data`
    is encoded as JSON unless it is a string already, with U+2028 and U+2029 escaped (JSON allows
    them raw, but line-splitting clients, JavaScript's regexes among them, end a line there)."""
    text = data if isinstance(data, str) else msgspec.json.encode(data).decode().replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return ServerSentEventMessage(data=text, event=name, sep="\n")


class Generation:
    """One answer: its place in the queue (taken at once, so a full queue is a 503 before any
    byte is sent), `KnowledgeBase.ask_stream` in a worker thread while holding the model's place,
    cancelled when the client goes away, and the place given back however it ends."""

    def __init__(self, service: Service, question: str, options: dict[str, Any]):
        self.service = service
        self.question = question
        self.options = options
        self.ticket = service.queue.reserve()
        self.cancel = threading.Event()

    async def events(self) -> AsyncIterator[Event]:
        """The answer's events, for one consumer. Generation never waits on it: a producer task
        holds the model's place, runs the answer, and hands events over through a buffer; a
        consumer that falls `[server] stream_lag_events` behind, or takes nothing for
        `stream_stall_s` while events wait (a client that stopped reading: its socket is full), is
        dropped, its generation cancelled, and the place is freed as soon as the model stops."""
        loop = asyncio.get_running_loop()
        self._buffer: asyncio.Queue[Any] = asyncio.Queue()
        self._busy_since: float | None = None  # when the consumer took its last event (None: waiting for one)
        producer = asyncio.create_task(self._produce())
        try:
            while True:
                self._busy_since = None
                item = await self._buffer.get()
                self._busy_since = loop.time()
                if item is _END:
                    break
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:
            self.cancel.set()  # stop generating (a no-op when done), then wait for the place to be free
            if not self.ticket.holding:
                producer.cancel()  # still waiting in the queue (or done): give the place back at once
            with anyio.CancelScope(shield=True):  # also when the client's disconnect cancelled us
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(producer)

    async def _produce(self) -> None:
        service = self.service
        server = service.settings.server
        loop = asyncio.get_running_loop()
        items: asyncio.Queue[Any] = asyncio.Queue()  # from the worker thread, which never blocks on it
        done = object()

        def work() -> None:
            try:
                lower_priority(server.generation_nice)
                for event in service.kb.ask_stream(self.question, cancel=self.cancel, **self.options):
                    loop.call_soon_threadsafe(items.put_nowait, event)
            except BaseException as exc:  # handed to the event loop, which passes it on
                loop.call_soon_threadsafe(items.put_nowait, exc)
            finally:
                loop.call_soon_threadsafe(items.put_nowait, done)

        try:
            async with self.ticket:
                if self.cancel.is_set():  # the client left while waiting: the model is not touched
                    service.metrics.answers.labels("cancelled").inc()
                    return
                await self._generate(work, items, done)
        except Exception as exc:  # handed to the consumer, which raises it (an error event)
            self._buffer.put_nowait(exc)
        finally:
            self._buffer.put_nowait(_END)  # the consumer always learns the end, however it came

    async def _generate(self, work: Callable[[], None], items: asyncio.Queue[Any], done: object) -> None:
        """Run `work` in its own thread (holding the model's place) and pass its events on."""
        service = self.service
        server = service.settings.server
        loop = asyncio.get_running_loop()
        thread = threading.Thread(target=work, name="kb-answer", daemon=True)
        thread.start()
        outcome, used_model, dropped = "cancelled", False, False
        try:
            while (item := await items.get()) is not done:
                if dropped:
                    continue  # the client is gone for us: drain until the model stops
                if isinstance(item, BaseException):
                    outcome = "failed"
                elif item.kind == "sources":
                    used_model = bool(item.data)  # no passages: refused without the model
                elif item.kind == "token" and used_model:
                    service.metrics.tokens_generated.inc()  # one streamed piece per generated token
                elif item.kind == "done":
                    answer: Answer = item.data
                    outcome = "cancelled" if answer.cancelled else "refused" if answer.refused else "answered"
                behind, busy = self._buffer.qsize(), self._busy_since
                stalled = busy is not None and loop.time() - busy > server.stream_stall_s
                if behind >= server.stream_lag_events or (behind and stalled):
                    dropped, outcome = True, "dropped"
                    self.cancel.set()
                    log.warning("answer stream dropped: the client stopped reading (%d events waiting, the last "
                                "one taken %.1f s ago); its generation is cancelled", behind,
                                loop.time() - (busy or loop.time()))
                    # Should the client read again, its stream ends with this error, not a cut answer.
                    self._buffer.put_nowait(HTTPException(status_code=429, detail=(
                        f"this answer stream was dropped: the client stopped reading ({behind} events waiting); "
                        "ask again")))
                    continue
                self._buffer.put_nowait(item)
                await asyncio.sleep(0)  # let the consumer take it
        finally:
            service.metrics.answers.labels(outcome).inc()
            if outcome == "cancelled" and not dropped and self.cancel.is_set():
                log.info("answer cancelled: the client went away")
            self.cancel.set()
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(thread.join)

    async def answer(self, request: Request) -> Answer:
        """The answer of a non-streamed request; the client hanging up on the way cancels it."""

        async def watch_disconnect() -> None:
            while (await request.receive())["type"] != "http.disconnect":
                pass
            self.cancel.set()

        watcher = asyncio.create_task(watch_disconnect())
        result: Answer | None = None
        try:
            async for item in self.events():  # to its end: the model's place is free when this returns
                if item.kind == "done":
                    result = item.data
        finally:
            watcher.cancel()
            self.ticket.cancel()
        if result is None and self.cancel.is_set():  # it left before its turn: nobody reads this
            raise HTTPException(status_code=400, detail="the client went away before its answer started")
        if result is None:
            raise RuntimeError("answer stream ended without a result")
        return result

    def stream(
        self,
        render: Callable[[Event], Iterable[ServerSentEventMessage]],
        error: Callable[[dict[str, Any]], ServerSentEventMessage],
        first: Iterable[ServerSentEventMessage] = (),
        last: Iterable[ServerSentEventMessage] = (),
    ) -> ServerSentEvent:
        """The answer as server-sent events: `first`, each event as `render` makes it, then `last`.
        Any exception, once the stream is open, becomes the `error` event (a problem details
        object, never a stack trace) and the stream still ends with `last`. Should the client leave
        before the first event, the generator never starts and its `finally` never runs: its
        place in the queue is then given back when the generator is collected."""

        async def messages() -> AsyncIterator[ServerSentEventMessage]:
            try:
                for message in first:
                    yield message
                async for event in self.events():
                    for message in render(event):
                        yield message
            except Exception as exc:
                yield error(problem_body(exc))
            finally:
                self.ticket.cancel()
            for message in last:
                yield message

        generator = messages()
        weakref.finalize(generator, self.ticket.cancel)
        return ServerSentEvent(generator)


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


# -- /api/search, /api/ask ---------------------------------------------------------------------


def _ask_event(item: Event) -> Iterable[ServerSentEventMessage]:
    if item.kind == "sources":
        yield sse([from_dict(p.to_dict(), SourcePassage) for p in item.data], "sources")
    elif item.kind == "token":
        yield sse(TokenDelta(text=item.data), "token")
    else:
        yield sse(from_dict(item.data.to_dict(), AnswerResult), "done")


class AnsweringController(Controller):
    path = "/api"
    tags = ["answering"]

    @post("/search", operation_id="search", sync_to_thread=True, status_code=200, summary="Find passages",
          responses=problems(400, 413, 503))
    def search(self, service: Service, data: SearchRequest) -> SearchResults:
        """The best passages for a query: the `kb search --json` hit contract."""
        hits = service.kb.search(data.query, data.top_k, mode=data.mode, filters=filters_of(data.filters))
        return SearchResults(hits=[from_dict(h.to_dict(), SearchHit) for h in hits])

    @post("/ask", operation_id="ask", status_code=200, summary="Answer a question from the documents",
          response_description="The answer object; with `\"stream\": true` or `Accept: text/event-stream`, "
                               "server-sent events `sources`, `token`, `done` (the answer object), `error`",
          responses=problems(400, 413, 503))
    async def ask(self, request: Request, service: Service, data: AskRequest) -> Response[AnswerResult]:
        """The `kb ask --json` object. With `"stream": true` (or `Accept: text/event-stream`):
        server-sent events `sources`, `token`, `done` (the answer object) and `error` (a problem
        details object)."""
        options = {"history": [msgspec.to_builtins(t) for t in data.history], "top_k": data.top_k,
                   "temperature": data.temperature, "max_tokens": data.max_tokens, "filters": filters_of(data.filters)}
        generation = Generation(service, data.question, options)
        if not (data.stream or EVENT_STREAM in request.headers.get("accept", "")):
            answer = await generation.answer(request)
            return Response(from_dict(answer.to_dict(), AnswerResult))
        return generation.stream(_ask_event, error=lambda problem: sse(problem, "error"))
