"""Errors as HTTP responses: which `KBError` gets which status, the one error body
(`{"error": {"type", "message"}}`), and the app's exception handlers."""

from __future__ import annotations

import logging
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException

from kb.api.state import LOGGER, request_id_var, service_of
from kb.errors import IngestLocked, InvalidInput, KBError, ModelUnavailable, NotFound, SettingsError, StoreUnavailable

log = logging.getLogger(LOGGER)


class QueueFull(KBError):
    """Every place in the generation queue is taken."""


STATUS = {InvalidInput: 400, SettingsError: 400, NotFound: 404, IngestLocked: 409, QueueFull: 503,
          ModelUnavailable: 503, StoreUnavailable: 503}


def error_body(kind: str, message: str) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message}}


def _error_response(status: int, kind: str, message: str, headers: dict[str, str] | None = None) -> Response:
    return Response(error_body(kind, message), status_code=status, headers=headers or {}, media_type="application/json")


def handle_kb_error(request: Request, exc: KBError) -> Response:
    status = next((code for cls, code in STATUS.items() if isinstance(exc, cls)), 500)
    headers = {"Retry-After": str(service_of(request).settings.server.retry_after_s)} if isinstance(exc, QueueFull) else {}
    if status >= 500 and not isinstance(exc, QueueFull):
        log.error("%s: %s", type(exc).__name__, exc)
    return _error_response(status, snake(type(exc).__name__), str(exc), headers)


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


def snake(name: str) -> str:
    """An exception's class name as an error type: QueueFull -> queue_full."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))
