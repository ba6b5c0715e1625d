"""Observability: Prometheus text metrics kept in process (`Metrics`, served at `/metrics`), and the
middleware that gives each request its id (X-Request-ID in, out and in every log line), counts and
times it per route, and turns away a body over the size limit before it is read."""

from __future__ import annotations

import json
import logging
import time
import uuid

from litestar import Request, get
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from kb.api.errors import error_body
from kb.api.state import LOGGER, request_id_var, service_of

log = logging.getLogger(LOGGER)


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


@get("/metrics", media_type="text/plain; version=0.0.4", summary="Prometheus metrics")
async def metrics(request: Request) -> str:
    service = service_of(request)
    return service.metrics.render(service.queue.depth, service.jobs.counts() if service.jobs else {})
