"""The app: a Litestar app over the same `KnowledgeBase` the CLI uses, the `Service` it holds for
its lifetime, its lifespan (open at startup, close at shutdown), the OpenAPI schema at `/schema`,
and `serve` (uvicorn) with the service's log format. The handlers live in the other modules of
`kb.api`; this module puts them together."""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import msgspec
from litestar import Litestar, Router
from litestar._openapi.plugin import OpenAPIPlugin
from litestar.config.cors import CORSConfig
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import OpenAPI, OpenAPIFormat, OpenAPIType, Schema

from kb import __version__
from kb.api import schemas as api_schemas
from kb.api.answering import AnsweringController, GenerationQueue
from kb.api.auth import AuthController, KeyGuard, RequestChecks, content_type_guard
from kb.api.documents import DocumentsController
from kb.api.errors import problem_details_plugin
from kb.api.jobs import IngestJobs
from kb.api.metrics import Metrics, MetricsController, observability
from kb.api.openai import OpenAIController
from kb.api.state import LOGGER
from kb.api.sources import SourcesController
from kb.api.status import StatusController
from kb.api.web import web_handlers, web_template_config
from kb.errors import ModelUnavailable
from kb.filters import KIND_PATTERN, TAG_PATTERN
from kb.service import KnowledgeBase
from kb.settings import DOC_ID_MAX_CHARS, HISTORY_MESSAGE_MAX_CHARS, QUESTION_MAX_CHARS, TAG_MAX_CHARS, Settings
from kb.sync import Syncer

log = logging.getLogger(LOGGER)


class Service:
    """What the app holds for its lifetime: the knowledge base, the queue, jobs, metrics, sessions."""

    def __init__(self, settings: Settings, kb: KnowledgeBase | None = None):
        self.settings = settings
        self.kb = kb
        self._owns_kb = kb is None
        self.queue = GenerationQueue(settings.server.queue_size, settings.server.retry_after_s)
        self.metrics = Metrics(lambda: self.queue.depth, lambda: self.jobs.counts() if self.jobs else {})
        self.jobs: IngestJobs | None = None
        self.syncer: Syncer | None = None  # the [[sources]] folders kept in sync
        self.session_secret = secrets.token_bytes(32)  # signs the web page's session cookies (kb/api/auth.py)
        self.revoked_sessions: dict[str, float] = {}  # logged-out session tokens -> when they expire anyway
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
        self.syncer = Syncer(self.kb)
        self.syncer.start()

    def close(self) -> None:
        if self.syncer is not None:
            self.syncer.close()
        if self.jobs is not None:
            self.jobs.close()
        if self.kb is not None and self._owns_kb:
            self.kb.close()


CONTROLLERS = [StatusController, AnsweringController, AuthController, OpenAIController, MetricsController, SourcesController]


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

    def provide_service() -> Service:
        return service

    # Bodies: JSON up to [server] max_body_kb (the app's limit); uploads up to max_upload_mb (the
    # documents' router). Litestar counts the bytes as they arrive, with or without Content-Length.
    uploads = Router(path="/", route_handlers=[DocumentsController],
                     request_max_body_size=int(settings.server.max_upload_mb * 1024 * 1024))
    handlers: list[Any] = [*CONTROLLERS, uploads]
    handlers += web_handlers()  # the chat page; its files missing is an error, never a silent 404
    template_config = web_template_config()
    cors = CORSConfig(allow_origins=settings.server.cors_origins, allow_credentials=True) if settings.server.cors_origins else None
    app = Litestar(
        route_handlers=handlers,
        lifespan=[lifespan],
        guards=[RequestChecks(settings.server), KeyGuard(service), content_type_guard],  # Host, Origin; key; content type
        middleware=[observability(service.metrics)],
        dependencies={"service": Provide(provide_service, sync_to_thread=False)},
        signature_types=[Service],
        plugins=[problem_details_plugin(settings.server)],
        openapi_config=OpenAPIConfig(title="kb", version=__version__, path="/schema",
                                     description="A local knowledge base: search, grounded answers, documents.",
                                     render_plugins=[SwaggerRenderPlugin()]),
        request_max_body_size=settings.server.max_body_kb * 1024,
        cors_config=cors,
        template_config=template_config,
        debug=False,
        logging_config=None,  # logging is set up once, by the CLI (kb.console.configure_logging)
    )
    service.metrics.route_paths = {route.path_format: route.path for route in app.routes}
    _state_bounds(app.plugins.get(OpenAPIPlugin).provide_openapi(), settings)
    return app


def _state_bounds(openapi: OpenAPI, settings: Settings) -> None:
    """Make the OpenAPI document state every bound kb enforces, so a request it allows is one kb
    accepts: the request schemas' static bounds narrowed to this deployment's own ([llm]
    temperature_max, max_tokens_limit), and the bounds of list items, which Litestar's schema
    generation leaves out (kb/api/schemas.py declares them; msgspec enforces them)."""
    schemas = openapi.components.schemas or {}
    for name, struct in vars(api_schemas).items():  # request bodies that refuse unknown fields say so
        if isinstance(struct, type) and issubclass(struct, msgspec.Struct) and name in schemas \
                and struct.__struct_config__.forbid_unknown_fields:
            schemas[name].additional_properties = False
    question_field = (schemas["AskRequest"].properties or {})["question"]
    if isinstance(question_field, Schema):
        question_field.pattern = api_schemas.NON_BLANK
    filters = schemas["SearchFilters"].properties or {}
    tag = {"min_length": 1, "max_length": TAG_MAX_CHARS, "pattern": TAG_PATTERN}
    items = {("SearchFilters", "doc_ids"): {"min_length": 1, "max_length": DOC_ID_MAX_CHARS},
             ("SearchFilters", "tags"): tag, ("TagChange", "add"): tag, ("TagChange", "remove"): tag,
             ("SearchFilters", "kinds"): {"pattern": KIND_PATTERN}}
    for (struct, field), bounds in items.items():
        found = (schemas[struct].properties or {}).get(field)
        if isinstance(found, Schema) and isinstance(found.items, Schema):
            for name, value in bounds.items():
                setattr(found.items, name, value)
    for field in ("modified_after", "modified_before"):  # a date or a date and time
        if isinstance(found := filters.get(field), Schema):
            for option in found.one_of or []:
                if isinstance(option, Schema) and option.type == OpenAPIType.STRING:
                    option.any_of = [Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.DATE),
                                     Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.DATE_TIME)]
    # /v1: the question is the last user message (kb/api/openai.py). JSON Schema cannot name the last
    # item, so: every user message is a question kb would take, and there is at least one.
    chat = schemas["ChatMessage"].properties or {}
    for option in chat["content"].one_of or []:
        if isinstance(option, Schema) and option.type == OpenAPIType.STRING:
            option.max_length = HISTORY_MESSAGE_MAX_CHARS
    question = Schema(type=OpenAPIType.OBJECT, required=["role", "content"], properties={
        "role": Schema(type=OpenAPIType.STRING, const="user"),
        "content": Schema(type=OpenAPIType.STRING, pattern=api_schemas.NON_BLANK, max_length=QUESTION_MAX_CHARS)})
    other = Schema(type=OpenAPIType.OBJECT, required=["role"], properties={
        "role": Schema(type=OpenAPIType.STRING, enum=["system", "developer", "assistant", "tool"]),
        "content": chat["content"]})
    messages = (schemas["ChatCompletionRequest"].properties or {})["messages"]
    if isinstance(messages, Schema):
        messages.items, messages.contains = Schema(one_of=[question, other]), question
    bounds = {"temperature": settings.llm.temperature_max, "max_tokens": settings.llm.max_tokens_limit,
              "max_completion_tokens": settings.llm.max_tokens_limit}
    for name in ("AskRequest", "ChatCompletionRequest"):
        properties = schemas[name].properties or {}
        for field, maximum in bounds.items():
            if isinstance(found := properties.get(field), Schema):
                found.maximum = maximum  # beside its oneOf [number, null], as Litestar writes the static bound
                if field == "temperature":
                    found.minimum = 0  # Litestar leaves out a bound of 0


def serve(settings: Settings, host: str | None = None, port: int | None = None) -> None:
    import uvicorn

    uvicorn.run(create_app(settings), host=host or settings.server.host, port=port or settings.server.port,
                log_config=None, timeout_graceful_shutdown=10)
