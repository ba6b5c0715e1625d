"""How the service is: `/api/health` (liveness and readiness, open even when API keys are set) and
`/api/stats` (collection statistics, the model, the queue and the request limits).

The open health says only how things are (status, counts, model loaded, store reachable); why the
model or the store fails (exception text, which names server paths) is shown to a caller with a
key, and in `/api/stats`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from litestar import Controller, Request, Response, get

from kb import __version__
from kb.api.auth import authorized
from kb.api.schemas import Health, Limits, Stats, from_dict
from kb.settings import (
    FILTER_DOC_IDS_MAX,
    FILTER_KINDS_MAX,
    FILTER_SOURCE_MAX_CHARS,
    FILTER_TAGS_MAX,
    HISTORY_MAX_MESSAGES,
    HISTORY_MESSAGE_MAX_CHARS,
    QUESTION_MAX_CHARS,
    TAG_MAX_CHARS,
    TAGS_PER_DOCUMENT_MAX,
    TOP_K_MAX,
    Settings,
)

if TYPE_CHECKING:
    from kb.api.app import Service


class StatusController(Controller):
    path = "/api"
    tags = ["status"]

    @get("/health", operation_id="health", opt={"public": True}, sync_to_thread=True, summary="Liveness and readiness",
         response_description="`status` \"ok\" (200) or \"degraded\" (503, with `store_error` or `model_error`)")
    def health(self, request: Request, service: Service) -> Response[Health]:
        """Model loaded, store reachable, document and chunk counts. Open even when API keys are set;
        reveals no document content, and the reasons (`store_error`, `model_error`) only with a key."""
        kb = service.kb
        body = Health(status="ok", version=__version__, model=kb.model_name, model_loaded=kb.chat_model_loaded,
                      store_reachable=True)
        try:
            body.documents = len(kb.documents())
            body.chunks = kb.store.count_chunks()
        except Exception as exc:  # health reports, never raises
            body.store_reachable, body.status, body.store_error = False, "degraded", str(exc)[:200]
        if not kb.chat_model_loaded and service.model_error:
            body.status, body.model_error = "degraded", service.model_error
        if not authorized(service, request):
            body.store_error = body.model_error = None
        return Response(body, status_code=200 if body.status == "ok" else 503)

    @get("/stats", operation_id="stats", sync_to_thread=True, summary="Collection statistics")
    def stats(self, service: Service) -> Stats:
        figures = service.kb.stats()
        return from_dict({**figures, "chat_model": service.kb.model_name, "model_loaded": service.kb.chat_model_loaded,
                          "model_error": service.model_error or None, "generation_queue_depth": service.queue.depth, "limits": _limits(service.settings)}, Stats)


def _limits(settings: Settings) -> Limits:
    return Limits(top_k_max=TOP_K_MAX, temperature_max=settings.llm.temperature_max, temperature=settings.llm.temperature,
                  top_k=settings.retrieval.top_k, max_tokens=settings.llm.max_tokens,
                  max_tokens_limit=settings.llm.max_tokens_limit, question_max_chars=QUESTION_MAX_CHARS,
                  history_max_messages=HISTORY_MAX_MESSAGES, history_message_max_chars=HISTORY_MESSAGE_MAX_CHARS,
                  max_body_kb=settings.server.max_body_kb, max_upload_mb=settings.server.max_upload_mb,
                  max_files=settings.server.max_files, filter_tags_max=FILTER_TAGS_MAX, filter_kinds_max=FILTER_KINDS_MAX,
                  filter_doc_ids_max=FILTER_DOC_IDS_MAX, filter_source_max_chars=FILTER_SOURCE_MAX_CHARS,
                  tag_max_chars=TAG_MAX_CHARS, tags_per_document_max=TAGS_PER_DOCUMENT_MAX)
