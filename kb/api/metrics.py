"""Observability: Prometheus metrics with prometheus-client, one `CollectorRegistry` per app
(`Metrics`, served at `/metrics`), and the middleware that gives each request its id (X-Request-ID
in, out and in every log line) and counts and times it per route.

Litestar's own Prometheus plugin is not used: its middleware keeps its metrics in one process-wide
registry and names them `<prefix>_requests_total{method,path,status_code,app_name}` and
`<prefix>_request_duration_seconds`, where kb's scrapers read `kb_http_requests_total{method,route,
status}` and `kb_http_request_seconds{method,route}`."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from litestar import Controller, Request, Response, get
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector

from kb.api.state import LOGGER, request_id_var

if TYPE_CHECKING:
    from kb.api.app import Service

log = logging.getLogger(LOGGER)
ANSWER_OUTCOMES = ("answered", "refused", "cancelled", "failed", "dropped")  # failed: an error ended it; dropped: its client stopped reading


class _Live(Collector):
    """What is read at scrape time: the generation queue's depth and the upload jobs by status."""

    def __init__(self, queue_depth: Callable[[], int], job_counts: Callable[[], dict[str, int]]):
        self.queue_depth = queue_depth
        self.job_counts = job_counts

    def collect(self) -> Iterator[Metric]:
        yield GaugeMetricFamily("kb_generation_queue_depth", "Answer requests running or waiting for the model.",
                                value=self.queue_depth())
        jobs = GaugeMetricFamily("kb_ingest_jobs", "Upload ingest jobs by status.", labels=["status"])
        for status, count in sorted(self.job_counts().items()):
            jobs.add_metric([status], count)
        yield jobs


class Metrics:
    """The app's metrics, in a registry of its own (several apps may live in one process)."""

    BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

    def __init__(self, queue_depth: Callable[[], int], job_counts: Callable[[], dict[str, int]]):
        self.registry = registry = CollectorRegistry()
        self.requests = Counter("kb_http_requests", "HTTP requests by method, route and status.",
                                ["method", "route", "status"], registry=registry)
        self.latency = Histogram("kb_http_request_seconds", "HTTP request latency by method and route.",
                                 ["method", "route"], buckets=self.BUCKETS, registry=registry)
        self.tokens_generated = Counter("kb_tokens_generated", "Completion tokens generated.", registry=registry)
        self.answers = Counter("kb_answers", "Answers by outcome.", ["outcome"], registry=registry)
        for outcome in ANSWER_OUTCOMES:
            self.answers.labels(outcome)  # each outcome is there from the start, at 0
        registry.register(_Live(queue_depth, job_counts))
        self.route_paths: dict[str, str] = {}  # path template -> the path as declared (kb/api/app.py sets it)

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        self.requests.labels(method, route, str(status)).inc()
        self.latency.labels(method, route).observe(seconds)

    def exposition(self, accept: str) -> tuple[bytes, str]:
        """The metrics in the format the scraper asked for (Prometheus text unless it asks for OpenMetrics)."""
        encoder, content_type = choose_encoder(accept)
        return encoder(self.registry), content_type


def _route(scope: Scope, declared: dict[str, str]) -> str:
    """A request's route as a label: the route's path as declared (`/api/documents/{doc_id:str}`),
    all static files as `/static`, and `unmatched` when no route took it."""
    if scope.get("route_handler") is None:
        return "unmatched"
    template = scope.get("path_template") or "unmatched"
    return "/static" if template.startswith("/static") else declared.get(template, template)


def observability(metrics: Metrics) -> Callable[[ASGIApp], ASGIApp]:
    """The middleware: request id (X-Request-ID in, out and in every log line) and per-route metrics."""

    def wrap(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            incoming = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
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
                await app(scope, receive, send_with_id)
            finally:
                seconds = time.perf_counter() - started
                metrics.observe(scope["method"], _route(scope, metrics.route_paths), status, seconds)
                log.info("%s %s -> %d in %.0f ms", scope["method"], scope["path"], status, seconds * 1000)
                request_id_var.reset(token)

        return middleware

    return wrap


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


class MetricsController(Controller):
    path = "/metrics"
    tags = ["status"]

    @get(operation_id="metrics", summary="Prometheus metrics", media_type="text/plain; version=0.0.4; charset=utf-8")
    async def metrics(self, request: Request, service: Service) -> Response[bytes]:
        body, content_type = service.metrics.exposition(request.headers.get("accept", ""))
        return Response(body, headers={"Content-Type": content_type})
