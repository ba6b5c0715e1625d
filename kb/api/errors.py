"""Errors as HTTP responses: RFC 9457 problem details (`application/problem+json`) through Litestar's
`ProblemDetailsPlugin`, with one vocabulary of error types for kb's own errors (`KBError`) and
Litestar's (`HTTPException`: validation, auth, routing, body size).

| status | type                 | raised by                                                     |
|--------|----------------------|---------------------------------------------------------------|
| 400    | `invalid_input`      | `InvalidInput`, `SettingsError`, request validation, bad JSON,|
|        |                      | a body the framework cannot parse, a Host not allowed         |
| 401    | `unauthorized`       | no or a wrong API key                                         |
| 403    | `forbidden`          | a cross-site write (kb/api/auth.py)                           |
| 404    | `not_found`          | `NotFound`, no such route                                     |
| 405    | `method_not_allowed` | a route without that method                                   |
| 409    | `ingest_locked`      | `IngestLocked` (another ingest holds the store's write lock)  |
| 413    | `payload_too_large`  | a body over `max_body_kb` (uploads: `max_upload_mb`)          |
| 415    | `unsupported_media_type` | a body whose Content-Type the route does not take         |
| 429    | `too_many_requests`  | `TooManyRequestsException`                                    |
| 503    | `queue_full`         | `QueueFull` (every place in the answer queue is taken)        |
| 503    | `model_unavailable`  | `ModelUnavailable`                                            |
| 503    | `store_unavailable`  | `StoreUnavailable`                                            |
| 500    | `internal_error`     | anything else (logged with its traceback; never sent)         |

Every 503 carries `Retry-After` (`[server] retry_after_s`). The body is
`{"status", "type", "title", "detail", "request_id", "error": {"type", "message"}}` (+ `errors`,
one per field, for a request that failed validation); `error` is the body of before, kept so
clients that read `error.message` go on working. Streams that are already open report the same
object in-band (kb/api/answering.py, kb/api/openai.py).
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

import msgspec
from litestar.exceptions import HTTPException, ValidationException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.openapi.datastructures import ResponseSpec
from litestar.plugins.problem_details import ProblemDetailsConfig, ProblemDetailsException, ProblemDetailsPlugin

from kb.api.schemas import ErrorField, FieldProblem, Problem
from kb.api.state import LOGGER, request_id_var
from kb.errors import IngestLocked, InvalidInput, KBError, ModelUnavailable, NotFound, SettingsError, StoreUnavailable
from kb.settings import ServerSettings

log = logging.getLogger(LOGGER)
PROBLEM_JSON = "application/problem+json"


class QueueFull(KBError):
    """Every place in the generation queue is taken."""


# type -> (status, title)
TYPES: dict[str, tuple[int, str]] = {
    "invalid_input": (400, "Invalid input"),
    "unauthorized": (401, "Unauthorized"),
    "forbidden": (403, "Forbidden"),
    "not_found": (404, "Not found"),
    "method_not_allowed": (405, "Method not allowed"),
    "ingest_locked": (409, "Another ingest is running"),
    "payload_too_large": (413, "Payload too large"),
    "unsupported_media_type": (415, "Unsupported media type"),
    "too_many_requests": (429, "Too many requests"),
    "queue_full": (503, "The queue is full"),
    "model_unavailable": (503, "The model is unavailable"),
    "store_unavailable": (503, "The store is unavailable"),
    "internal_error": (500, "Internal error"),
}
KB_TYPES: dict[type[KBError], str] = {
    InvalidInput: "invalid_input", SettingsError: "invalid_input", NotFound: "not_found", IngestLocked: "ingest_locked",
    QueueFull: "queue_full", ModelUnavailable: "model_unavailable", StoreUnavailable: "store_unavailable",
}
HTTP_TYPES: dict[int, str] = {
    400: "invalid_input", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
    413: "payload_too_large", 415: "unsupported_media_type", 429: "too_many_requests",
}
# Where Litestar reads a request's parameters and body: an exception of another kind raised in there
# (e.g. an IndexError of its multipart reader on an empty upload) is a request it cannot parse.
REQUEST_PARSING_MODULES = ("litestar._kwargs", "litestar._multipart", "litestar._parsers", "litestar._signature")


def _raised_while_parsing(exc: BaseException) -> bool:
    return any(frame.f_globals.get("__name__", "").startswith(REQUEST_PARSING_MODULES)
               for frame, _ in traceback.walk_tb(exc.__traceback__))


def problem(kind: str, detail: str, errors: list[dict[str, Any]] | None = None, status: int | None = None) -> Problem:
    """`status` only for a client error of the framework's that has no type of its own (then `invalid_input`)."""
    title = TYPES[kind][1]
    status = status or TYPES[kind][0]
    rid = request_id_var.get()
    return Problem(status=status, type=kind, title=title, detail=detail, error=ErrorField(kind, detail),
                   request_id=rid if rid != "-" else None,
                   errors=[msgspec.convert(e, FieldProblem) for e in errors] if errors else None)


def problem_of(exc: BaseException) -> Problem:
    """The problem an exception is, for any exception (the one mapping of errors to types)."""
    if isinstance(exc, KBError):
        kind = next((k for cls, k in KB_TYPES.items() if isinstance(exc, cls)), None)
        if kind is not None:
            if TYPES[kind][0] >= 500 and kind != "queue_full":
                log.error("%s: %s", type(exc).__name__, exc)
            return problem(kind, str(exc))
    if isinstance(exc, HTTPException) and exc.status_code < 500:
        if isinstance(exc, ValidationException) and exc.extra:
            found = exc.extra if isinstance(exc.extra, list) else [exc.extra]
            fields = [p for p in found if isinstance(p, dict) and p.get("message")]
            message = "; ".join(f"{p.get('key') or 'body'}: {p['message']}" for p in fields) or exc.detail
            return problem("invalid_input", f"invalid request: {message}", fields)
        kind = HTTP_TYPES.get(exc.status_code)
        return problem(kind or "invalid_input", exc.detail, status=None if kind else exc.status_code)
    if _raised_while_parsing(exc):
        log.info("unparseable request: %s: %s", type(exc).__name__, exc)
        return problem("invalid_input", "malformed request: the body (or a parameter) cannot be parsed "
                                        "for this route's content type")
    log.error("unexpected error", exc_info=exc)
    return problem("internal_error", f"internal error (request id {request_id_var.get()}); see the server log")


def problem_body(exc: BaseException) -> dict[str, Any]:
    """The problem as a JSON-ready dict (for an error event of a stream already open)."""
    return msgspec.to_builtins(problem_of(exc))


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """OpenAPI: the problem details a route may answer with, besides its success response."""
    kinds = {status: [k for k, (s, _) in TYPES.items() if s == status] for status in (*statuses, 500)}
    return {status: ResponseSpec(Problem, media_type=PROBLEM_JSON, generate_examples=False,
                                 description="Problem details; type " + " or ".join(f"`{k}`" for k in kinds[status]))
            for status in kinds}


def problem_details_plugin(server: ServerSettings) -> ProblemDetailsPlugin:
    """Litestar's problem details plugin, converting every exception through `problem_of`."""

    def convert(exc: Exception) -> ProblemDetailsException:
        if isinstance(exc, ProblemDetailsException):
            return exc
        if isinstance(exc, RequestEntityTooLarge):
            exc = RequestEntityTooLarge(f"request body over the limit: {server.max_body_kb} KiB "
                                        f"(uploads: {server.max_upload_mb:g} MB)")
        found = problem_of(exc)
        headers = dict(exc.headers or {}) if isinstance(exc, HTTPException) and found.status < 500 else {}
        if found.status == 401:
            headers["WWW-Authenticate"] = "Bearer"
        if found.status == 503:
            headers["Retry-After"] = str(server.retry_after_s)
        extra = {k: v for k, v in msgspec.to_builtins(found).items() if k not in ("status", "type", "title", "detail")}
        return ProblemDetailsException(status_code=found.status, type_=found.type, title=found.title,
                                       detail=found.detail, headers=headers, extra=extra)

    return ProblemDetailsPlugin(ProblemDetailsConfig(
        exception_to_problem_detail_map={HTTPException: convert, KBError: convert, Exception: convert},
    ))
