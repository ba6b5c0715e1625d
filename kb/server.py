"""The HTTP service: a Litestar app over the same `KnowledgeBase` the CLI uses.

Controllers only translate HTTP to `KnowledgeBase` calls and back. Blocking work (search, ingest,
the model) runs off the event loop; answers wait in a bounded FIFO queue for the one model
(503 + Retry-After when it is full); a client that goes away cancels its generation.

Routes: `/api/*` (kb's own JSON API), `/v1/*` (OpenAI-compatible), `/metrics`, `/schema` (OpenAPI),
and the web page at `/`.
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import hmac
import json
import logging
import mimetypes
import os
import secrets
import sys
import threading
import time
import uuid
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
import msgspec
from litestar import Litestar, Request, Response, delete, get, post
from litestar.config.cors import CORSConfig
from litestar.connection import ASGIConnection
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.exceptions import HTTPException, NotAuthorizedException, ValidationException
from litestar.handlers import BaseRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.params import Body, Parameter
from litestar.response import File, Stream
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from kb import __version__
from kb.errors import IngestLocked, InvalidInput, KBError, ModelUnavailable, NotFound, SettingsError, StoreUnavailable
from kb.generation import MAX_QUESTION_CHARS, Answer, Event, NumberedPassage
from kb.jobs import IngestJobs
from kb.retrieval import Filters
from kb.service import KnowledgeBase
from kb.settings import Settings

log = logging.getLogger("kb.server")
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
WEB = Path(__file__).resolve().parent.parent / "web"
SESSION_COOKIE = "kb_session"


class QueueFull(KBError):
    """Every place in the generation queue is taken."""


# -- request and response bodies (validated by Litestar, documented in the OpenAPI schema) -------

Query = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_QUESTION_CHARS, examples=["How do I roll back a bad deploy?"])]
TopK = Annotated[int, msgspec.Meta(ge=1, le=100, examples=[5])]


class SearchFilters(msgspec.Struct, forbid_unknown_fields=True):
    source: Annotated[str, msgspec.Meta(description="Source path prefix or glob", examples=["handbook/"])] = ""
    doc_ids: list[str] = msgspec.field(default_factory=list)


class SearchRequest(msgspec.Struct, forbid_unknown_fields=True):
    query: Query
    top_k: TopK | None = None
    mode: Literal["dense", "lexical", "hybrid"] | None = None
    filters: SearchFilters | None = None


class Turn(msgspec.Struct, forbid_unknown_fields=True):
    role: Literal["user", "assistant"]
    content: Annotated[str, msgspec.Meta(max_length=MAX_QUESTION_CHARS * 4)]


class AskRequest(msgspec.Struct, forbid_unknown_fields=True):
    question: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_QUESTION_CHARS, examples=["出差住宿标准是多少？"])]
    history: Annotated[list[Turn], msgspec.Meta(max_length=50)] = msgspec.field(default_factory=list)
    top_k: TopK | None = None
    temperature: Annotated[float, msgspec.Meta(ge=0, le=2, examples=[0.2])] | None = None
    max_tokens: Annotated[int, msgspec.Meta(ge=1, le=8192)] | None = None
    stream: bool = False


class ChatMessage(msgspec.Struct):
    role: str
    content: str | list[dict[str, Any]] | None = None


class ChatCompletionRequest(msgspec.Struct):
    """OpenAI's chat completion request; kb reads messages, stream, temperature and max_tokens."""

    messages: Annotated[list[ChatMessage], msgspec.Meta(min_length=1, max_length=100)]
    model: str = ""
    stream: bool = False
    temperature: float | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None


class SessionRequest(msgspec.Struct, forbid_unknown_fields=True):
    key: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


# -- service state ----------------------------------------------------------------------------


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


class Metrics:
    """Prometheus text metrics, kept in process."""

    BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

    def __init__(self) -> None:
        self.requests: dict[tuple[str, str, int], int] = {}
        self.latency: dict[tuple[str, str], list[float]] = {}  # bucket counts + [sum, count]
        self.tokens_generated = 0
        self.answers: dict[str, int] = {"answered": 0, "refused": 0, "cancelled": 0}

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        key = (method, route, status)
        self.requests[key] = self.requests.get(key, 0) + 1
        hist = self.latency.setdefault((method, route), [0.0] * (len(self.BUCKETS) + 2))
        for i, bound in enumerate(self.BUCKETS):
            if seconds <= bound:
                hist[i] += 1
        hist[-2] += seconds
        hist[-1] += 1

    def render(self, queue_depth: int, jobs: dict[str, int]) -> str:
        out = ["# HELP kb_http_requests_total HTTP requests by method, route and status.",
               "# TYPE kb_http_requests_total counter"]
        for (method, route, status), count in sorted(self.requests.items()):
            out.append(f'kb_http_requests_total{{method="{method}",route="{route}",status="{status}"}} {count}')
        out += ["# HELP kb_http_request_seconds HTTP request latency by method and route.",
                "# TYPE kb_http_request_seconds histogram"]
        for (method, route), hist in sorted(self.latency.items()):
            labels = f'method="{method}",route="{route}"'
            for bound, count in zip(self.BUCKETS, hist):
                out.append(f'kb_http_request_seconds_bucket{{{labels},le="{bound}"}} {int(count)}')
            out.append(f'kb_http_request_seconds_bucket{{{labels},le="+Inf"}} {int(hist[-1])}')
            out.append(f"kb_http_request_seconds_sum{{{labels}}} {hist[-2]:.6f}")
            out.append(f"kb_http_request_seconds_count{{{labels}}} {int(hist[-1])}")
        out += ["# HELP kb_tokens_generated_total Completion tokens generated.", "# TYPE kb_tokens_generated_total counter",
                f"kb_tokens_generated_total {self.tokens_generated}",
                "# HELP kb_answers_total Answers by outcome.", "# TYPE kb_answers_total counter"]
        out += [f'kb_answers_total{{outcome="{k}"}} {v}' for k, v in self.answers.items()]
        out += ["# HELP kb_generation_queue_depth Answer requests running or waiting for the model.",
                "# TYPE kb_generation_queue_depth gauge", f"kb_generation_queue_depth {queue_depth}",
                "# HELP kb_ingest_jobs Upload ingest jobs by status.", "# TYPE kb_ingest_jobs gauge"]
        out += [f'kb_ingest_jobs{{status="{k}"}} {v}' for k, v in sorted(jobs.items())]
        return "\n".join(out) + "\n"


class Service:
    """What the app holds for its lifetime: the knowledge base, the queue, jobs, metrics, sessions."""

    def __init__(self, settings: Settings, kb: KnowledgeBase | None = None):
        self.settings = settings
        self.kb = kb
        self._owns_kb = kb is None
        self.queue = GenerationQueue(settings.server.queue_size, settings.server.retry_after_s)
        self.metrics = Metrics()
        self.jobs: IngestJobs | None = None
        self.session_secret = secrets.token_bytes(32)
        self.model_error = ""

    def open(self) -> None:
        if self.kb is None:
            self.kb = KnowledgeBase(self.settings)
        _ = self.kb.store
        self.kb.embedder.load()  # open (and check) them now, not at the first request
        self.jobs = IngestJobs(self.kb, Path(self.settings.server.uploads_dir))
        if self.settings.server.preload_model:
            try:
                self.kb.chat_model()
            except ModelUnavailable as exc:  # the service still searches; health says why it cannot answer
                self.model_error = str(exc)
                log.error("chat model not loaded: %s", exc)

    def close(self) -> None:
        if self.jobs is not None:
            self.jobs.close()
        if self.kb is not None and self._owns_kb:
            self.kb.close()

    # API keys and the web page's session cookie
    def keys_required(self) -> bool:
        return bool(self.settings.server.api_keys)

    def key_valid(self, key: str) -> bool:
        return any(hmac.compare_digest(key.encode(), k.encode()) for k in self.settings.server.api_keys)

    def session_token(self, key: str) -> str:
        return hmac.new(self.session_secret, hashlib.sha256(key.encode()).digest(), "sha256").hexdigest()

    def session_valid(self, token: str) -> bool:
        return any(hmac.compare_digest(token, self.session_token(k)) for k in self.settings.server.api_keys)


def _service(request: Request | ASGIConnection) -> Service:
    return request.app.state.service


# -- auth, request ids, metrics, errors -------------------------------------------------------


def require_key(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """Guard of /api/* and /v1/*: a Bearer key or the web page's session cookie, when keys are set."""
    service = _service(connection)
    if not service.keys_required() or handler.opt.get("public"):
        return
    auth = connection.headers.get("authorization", "")
    if auth.lower().startswith("bearer ") and service.key_valid(auth[7:].strip()):
        return
    token = connection.cookies.get(SESSION_COOKIE, "")
    if token and service.session_valid(token):
        return
    raise NotAuthorizedException("missing or wrong API key: send \"Authorization: Bearer <key>\"")


def observability(app: ASGIApp) -> ASGIApp:
    """Request id (X-Request-ID in, out and in every log line) and per-route metrics."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        incoming = headers.get(b"x-request-id", b"").decode("latin-1")
        rid = incoming if incoming and len(incoming) <= 64 and incoming.replace("-", "").isalnum() else uuid.uuid4().hex[:16]
        token = request_id_var.set(rid)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            service = getattr(scope["app"].state, "service", None) if scope.get("app") else None
            length = headers.get(b"content-length", b"0")
            limit = service.settings.server.max_body_kb * 1024 if service else None
            is_upload = scope["path"] == "/api/documents" and scope["method"] == "POST"
            if limit and not is_upload and length.isdigit() and int(length) > limit:
                body = json.dumps(error_body("too_large", f"request body over {limit // 1024} KiB")).encode()
                await send_with_id({"type": "http.response.start", "status": 413,
                                    "headers": [(b"content-type", b"application/json")]})
                await send_with_id({"type": "http.response.body", "body": body})
                return
            await app(scope, receive, send_with_id)
        finally:
            handler = scope.get("route_handler")
            route = next(iter(handler.paths)) if handler is not None and getattr(handler, "paths", None) else "unmatched"
            if route.startswith("/static"):
                route = "/static"
            service = getattr(scope["app"].state, "service", None) if scope.get("app") else None
            seconds = time.perf_counter() - started
            if service is not None:
                service.metrics.observe(scope["method"], route, status, seconds)
            log.info("%s %s -> %d in %.0f ms", scope["method"], scope["path"], status, seconds * 1000)
            request_id_var.reset(token)

    return middleware


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


STATUS = {InvalidInput: 400, SettingsError: 400, NotFound: 404, IngestLocked: 409, QueueFull: 503,
          ModelUnavailable: 503, StoreUnavailable: 503}


def error_body(kind: str, message: str) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message}}


def _error_response(status: int, kind: str, message: str, headers: dict[str, str] | None = None) -> Response:
    return Response(error_body(kind, message), status_code=status, headers=headers or {}, media_type="application/json")


def handle_kb_error(request: Request, exc: KBError) -> Response:
    status = next((code for cls, code in STATUS.items() if isinstance(exc, cls)), 500)
    headers = {"Retry-After": str(_service(request).settings.server.retry_after_s)} if isinstance(exc, QueueFull) else {}
    if status >= 500 and not isinstance(exc, QueueFull):
        log.error("%s: %s", type(exc).__name__, exc)
    return _error_response(status, _snake(type(exc).__name__), str(exc), headers)


def handle_http_error(request: Request, exc: HTTPException) -> Response:
    message = exc.detail
    if isinstance(exc, ValidationException) and exc.extra:
        problems = exc.extra if isinstance(exc.extra, list) else [exc.extra]
        message = "; ".join(
            f"{p.get('key') or 'body'}: {p.get('message')}" if isinstance(p, dict) else str(p) for p in problems
        )
        message = f"invalid request: {message}"
    kinds = {400: "invalid_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed",
             413: "too_large", 429: "too_many_requests"}
    headers = {"WWW-Authenticate": "Bearer"} if exc.status_code == 401 else {}
    return _error_response(exc.status_code, kinds.get(exc.status_code, "http_error"), str(message), headers)


def handle_unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error")
    return _error_response(500, "internal_error", f"internal error (request id {request_id_var.get()}); see the server log")


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


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


async def _collect(request: Request, events: AsyncIterator[Event], cancel: threading.Event) -> Answer:
    watcher = asyncio.create_task(_watch_disconnect(request, cancel))
    try:
        async for event in events:
            if event.kind == "done":
                return event.data
    finally:
        watcher.cancel()
    raise RuntimeError("answer stream ended without a result")


def sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _sources(passages: list[NumberedPassage]) -> list[dict[str, Any]]:
    return [p.to_dict() for p in passages]


def _wants_stream(request: Request, flag: bool) -> bool:
    return flag or "text/event-stream" in request.headers.get("accept", "")


STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def _event_stream(events: AsyncIterator[str], ticket: _Ticket) -> Stream:
    """A text/event-stream response. Should the client leave before the first event, the generator
    never starts and its `finally` never runs: its place in the queue is then given back when the
    generator is collected."""
    weakref.finalize(events, ticket.cancel)
    return Stream(events, media_type="text/event-stream", headers=STREAM_HEADERS)


# -- /api --------------------------------------------------------------------------------------


@get("/api/health", opt={"public": True}, sync_to_thread=True, summary="Liveness and readiness")
def health(request: Request) -> Response:
    """Model loaded, store reachable, document and chunk counts. Open even when API keys are set;
    reveals no document content."""
    service = _service(request)
    kb = service.kb
    body: dict[str, Any] = {"status": "ok", "version": __version__, "model": kb.model_name,
                            "model_loaded": kb.chat_model_loaded, "store_reachable": True}
    try:
        body["documents"] = len(kb.documents())
        body["chunks"] = kb.store.count_chunks()
    except Exception as exc:  # health reports, never raises
        body.update(store_reachable=False, status="degraded", store_error=str(exc)[:200])
    if not kb.chat_model_loaded and service.model_error:
        body.update(status="degraded", model_error=service.model_error)
    return Response(body, status_code=200 if body["status"] == "ok" else 503)


@post("/api/search", sync_to_thread=True, status_code=200, summary="Find passages")
def search(request: Request, data: SearchRequest) -> dict[str, Any]:
    """The best passages for a query: the `kb search --json` hit contract."""
    filters = Filters(source=data.filters.source, doc_ids=tuple(data.filters.doc_ids)) if data.filters else None
    hits = _service(request).kb.search(data.query, data.top_k, mode=data.mode, filters=filters)
    return {"hits": [h.to_dict() for h in hits]}


@post("/api/ask", summary="Answer a question from the documents", status_code=200)
async def ask(request: Request, data: AskRequest) -> Response | Stream:
    """The `kb ask --json` object. With `"stream": true` (or `Accept: text/event-stream`):
    server-sent events `sources`, `token`, `done` (the answer object) and `error`."""
    service = _service(request)
    options = {"history": [msgspec.to_builtins(t) for t in data.history], "top_k": data.top_k,
               "temperature": data.temperature, "max_tokens": data.max_tokens}
    ticket = service.queue.reserve()
    cancel = threading.Event()
    if not _wants_stream(request, data.stream):
        try:
            answer = await _collect(request, answer_events(service, ticket, data.question, options, cancel), cancel)
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
            yield sse("error", error_body(_snake(type(exc).__name__), str(exc)))
        except Exception:  # the stream is already open: report in-band, never a stack trace
            log.exception("answer stream failed")
            yield sse("error", error_body("internal_error", f"internal error (request id {request_id_var.get()})"))
        finally:
            ticket.cancel()

    return _event_stream(stream(), ticket)


@get("/api/documents", sync_to_thread=True, summary="List documents")
def list_documents(
    request: Request,
    offset: Annotated[int, Parameter(ge=0)] = 0,
    limit: Annotated[int, Parameter(ge=1, le=500)] = 50,
    q: Annotated[str, Parameter(description="Only sources containing this text", max_length=500)] = "",
) -> dict[str, Any]:
    """Committed documents by source, paginated."""
    docs = _service(request).kb.documents()
    if q:
        docs = [d for d in docs if q.lower() in d.source.lower() or q.lower() in d.title.lower()]
    return {"total": len(docs), "offset": offset, "limit": limit, "documents": [_doc(d) for d in docs[offset : offset + limit]]}


def _doc(doc: Any) -> dict[str, Any]:
    data = doc.to_dict()
    data.pop("root", None)  # a server path is not the client's business
    data.pop("pending", None)
    return data


@get("/api/documents/{doc_id:str}", sync_to_thread=True, summary="One document")
def get_document(request: Request, doc_id: str) -> dict[str, Any]:
    return _doc(_find(request, doc_id))


def _find(request: Request, doc_id: str) -> Any:
    doc = next((d for d in _service(request).kb.documents() if d.doc_id == doc_id), None)
    if doc is None:
        raise NotFound(f"no document with doc_id {doc_id!r}")
    return doc


@delete("/api/documents/{doc_id:str}", sync_to_thread=True, status_code=200, summary="Delete a document")
def delete_document(request: Request, doc_id: str) -> dict[str, Any]:
    doc = _find(request, doc_id)
    doc, removed = _service(request).kb.delete(doc.doc_id)
    return {"deleted": _doc(doc), "chunks_removed": removed}


@get("/api/documents/{doc_id:str}/file", sync_to_thread=True, summary="The original file")
def document_file(request: Request, doc_id: str) -> File:
    """The file as ingested, with its content type, shown inline (PDF viewers honour `#page=N`)."""
    doc = _find(request, doc_id)
    path = Path(doc.root) / doc.source
    if not path.is_file():
        raise NotFound(f"{doc.source}: the original file is no longer at {path.name}")
    media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if media.startswith("text/html"):
        media = "text/plain"  # never render a document's HTML (scripts) in kb's origin
    return File(path, filename=path.name, media_type=media, content_disposition_type="inline",
                headers={"X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox"})


@post("/api/documents", summary="Upload documents", status_code=202)
async def upload(
    request: Request, data: Annotated[list[UploadFile], Body(media_type=RequestEncodingType.MULTI_PART)]
) -> dict[str, Any]:
    """Multipart upload of one or more files; ingested in the background by the same pipeline as
    `kb ingest`. Returns the job; poll `GET /api/jobs/{id}` for progress and per-file results."""
    service = _service(request)
    files = data if isinstance(data, list) else [data]
    if not files:
        raise InvalidInput("no file in the upload (multipart field with a file name)")
    if len(files) > service.settings.server.max_files:
        raise InvalidInput(f"{len(files)} files in one upload; at most {service.settings.server.max_files}")
    job = await anyio.to_thread.run_sync(service.jobs.submit, [(f.filename, f.file) for f in files])
    return job.to_dict()


@get("/api/jobs/{job_id:str}", summary="An upload job's progress")
async def get_job(request: Request, job_id: str) -> dict[str, Any]:
    job = _service(request).jobs.get(job_id)
    if job is None:
        raise NotFound(f"no job {job_id!r} (jobs are kept in memory until the server restarts)")
    return job.to_dict()


@get("/api/stats", sync_to_thread=True, summary="Collection statistics")
def stats(request: Request) -> dict[str, Any]:
    service = _service(request)
    figures = service.kb.stats()
    figures.pop("store_location", None)
    return {**figures, "chat_model": service.kb.model_name, "model_loaded": service.kb.chat_model_loaded,
            "generation_queue_depth": service.queue.depth, "limits": _limits(service.settings)}


def _limits(settings: Settings) -> dict[str, Any]:
    return {"top_k_max": 100, "temperature_max": settings.llm.temperature_max, "temperature": settings.llm.temperature,
            "top_k": settings.retrieval.top_k, "max_upload_mb": settings.server.max_upload_mb,
            "max_files": settings.server.max_files}


@get("/api/session", opt={"public": True}, summary="Whether a key is needed and present")
async def session_status(request: Request) -> dict[str, Any]:
    service = _service(request)
    token = request.cookies.get(SESSION_COOKIE, "")
    return {"keys_required": service.keys_required(),
            "authenticated": not service.keys_required() or bool(token and service.session_valid(token))}


@post("/api/session", opt={"public": True}, status_code=200, summary="Trade an API key for a session cookie")
async def create_session(request: Request, data: SessionRequest) -> Response:
    """For the web page: an HttpOnly, SameSite=Strict cookie, so the key never sits in page storage."""
    service = _service(request)
    if not service.keys_required():
        return Response({"authenticated": True})
    if not service.key_valid(data.key):
        raise NotAuthorizedException("wrong API key")
    from litestar.datastructures import Cookie

    cookie = Cookie(key=SESSION_COOKIE, value=service.session_token(data.key), httponly=True, samesite="strict",
                    path="/", secure=request.url.scheme == "https")
    return Response({"authenticated": True}, cookies=[cookie])


@get("/metrics", media_type="text/plain; version=0.0.4", summary="Prometheus metrics")
async def metrics(request: Request) -> str:
    service = _service(request)
    return service.metrics.render(service.queue.depth, service.jobs.counts() if service.jobs else {})


# -- /v1: OpenAI-compatible -------------------------------------------------------------------


@get("/v1/models", summary="OpenAI: list models")
async def openai_models(request: Request) -> dict[str, Any]:
    name = _service(request).kb.model_name
    return {"object": "list", "data": [{"id": name, "object": "model", "created": 0, "owned_by": "kb"}]}


def _openai_question(data: ChatCompletionRequest) -> tuple[str, list[dict[str, str]]]:
    def text(message: ChatMessage) -> str:
        if isinstance(message.content, list):
            return "".join(part.get("text", "") for part in message.content if isinstance(part, dict))
        return message.content or ""

    turns = [{"role": m.role, "content": text(m)} for m in data.messages if m.role in ("user", "assistant")]
    if not turns or turns[-1]["role"] != "user" or not turns[-1]["content"].strip():
        raise InvalidInput("messages: the last message must be a non-empty user message (the question)")
    return turns[-1]["content"], turns[:-1]


def _sources_block(answer: Answer) -> str:
    if answer.refused or not answer.citations:
        return ""
    lines = [f"[{c.n}] {c.source}" + (f", p. {c.page}" if c.page else "") + (f" · {c.heading}" if c.heading else "")
             for c in answer.citations]
    return "\n\nSources:\n" + "\n".join(lines)


@post("/v1/chat/completions", status_code=200, summary="OpenAI: chat completion grounded in the documents")
async def chat_completions(request: Request, data: ChatCompletionRequest) -> Response | Stream:
    """The last user message is the question, earlier turns the history; the answer is grounded in
    the knowledge base. Sources come in the extra `sources` field and, by setting, as a trailing
    "Sources:" block. `stream: true` sends OpenAI's chunks and `data: [DONE]`."""
    service = _service(request)
    question, history = _openai_question(data)
    options = {"history": history, "temperature": data.temperature,
               "max_tokens": data.max_completion_tokens or data.max_tokens}
    ticket = service.queue.reserve()
    cancel = threading.Event()
    completion_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
    created = int(time.time())
    model = service.kb.model_name
    block = service.settings.server.sources_block

    def extra(answer: Answer) -> dict[str, Any]:
        return {"sources": [c.to_dict() for c in answer.citations], "kb": {"refused": answer.refused, "grounded": answer.grounded}}

    if not data.stream:
        try:
            answer = await _collect(request, answer_events(service, ticket, question, options, cancel), cancel)
        finally:
            ticket.cancel()
        content = answer.answer + (_sources_block(answer) if block else "")
        usage = {**answer.usage, "total_tokens": sum(answer.usage.values())}
        return Response({
            "id": completion_id, "object": "chat.completion", "created": created, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop" if not answer.cancelled else "length"}],
            "usage": usage, **extra(answer),
        })

    def chunk(delta: dict[str, Any], finish: str | None = None, **more: Any) -> str:
        body = {"id": completion_id, "object": "chat.completion.chunk", "created": created, "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **more}
        return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"

    async def stream() -> AsyncIterator[str]:
        try:
            yield chunk({"role": "assistant", "content": ""})
            async for event in answer_events(service, ticket, question, options, cancel):
                if event.kind == "token":
                    yield chunk({"content": event.data})
                elif event.kind == "done":
                    answer = event.data
                    if block and (tail := _sources_block(answer)):
                        yield chunk({"content": tail})
                    usage = {**answer.usage, "total_tokens": sum(answer.usage.values())}
                    yield chunk({}, "stop", usage=usage, **extra(answer))
        except KBError as exc:
            yield f"data: {json.dumps(error_body(_snake(type(exc).__name__), str(exc)), ensure_ascii=False)}\n\n"
        finally:
            ticket.cancel()
        yield "data: [DONE]\n\n"

    return _event_stream(stream(), ticket)


# -- the app ------------------------------------------------------------------------------------


API_HANDLERS = [health, search, ask, list_documents, get_document, delete_document, document_file, upload, get_job,
                stats, session_status, create_session, metrics, openai_models, chat_completions]


def create_app(settings: Settings, kb: KnowledgeBase | None = None) -> Litestar:
    """The app. `kb` may be handed in (tests, an embedding host); otherwise it is opened in the
    lifespan and closed at shutdown."""
    service = Service(settings, kb)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(service.open)
        log.info("kb ready: %s documents; model %s %s", len(service.kb.documents()), service.kb.model_name,
                 "loaded" if service.kb.chat_model_loaded else "not loaded")
        try:
            yield
        finally:
            await anyio.to_thread.run_sync(service.close)

    handlers: list[Any] = list(API_HANDLERS)
    template_config = None
    if (WEB / "templates" / "index.html").is_file():
        from kb.web import web_handlers, web_template_config

        handlers += web_handlers()
        template_config = web_template_config()
    cors = CORSConfig(allow_origins=settings.server.cors_origins, allow_credentials=True) if settings.server.cors_origins else None
    app = Litestar(
        route_handlers=handlers,
        lifespan=[lifespan],
        guards=[require_key],
        middleware=[observability],
        exception_handlers={KBError: handle_kb_error, HTTPException: handle_http_error, Exception: handle_unexpected},
        openapi_config=OpenAPIConfig(title="kb", version=__version__, path="/schema",
                                     description="A local knowledge base: search, grounded answers, documents.",
                                     render_plugins=[SwaggerRenderPlugin()]),
        request_max_body_size=int(settings.server.max_upload_mb * 1024 * 1024),
        cors_config=cors,
        template_config=template_config,
        debug=False,
    )
    app.state.service = service
    return app


def configure_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler()
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
    for noisy in ("chromadb", "httpx", "sentence_transformers", "unstructured", "pypdf", "uvicorn.access"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def serve(settings: Settings, host: str | None = None, port: int | None = None) -> None:
    import uvicorn

    configure_logging()
    uvicorn.run(create_app(settings), host=host or settings.server.host, port=port or settings.server.port,
                log_config=None, timeout_graceful_shutdown=10)
