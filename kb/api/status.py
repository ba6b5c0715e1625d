"""How the service is: `/api/health` (liveness and readiness, open even when API keys are set) and
`/api/stats` (collection statistics, the model, the queue and the request limits)."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get

from kb import __version__
from kb.api.state import service_of
from kb.settings import Settings


@get("/api/health", opt={"public": True}, sync_to_thread=True, summary="Liveness and readiness")
def health(request: Request) -> Response:
    """Model loaded, store reachable, document and chunk counts. Open even when API keys are set;
    reveals no document content."""
    service = service_of(request)
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


@get("/api/stats", sync_to_thread=True, summary="Collection statistics")
def stats(request: Request) -> dict[str, Any]:
    service = service_of(request)
    figures = service.kb.stats()
    figures.pop("store_location", None)
    return {**figures, "chat_model": service.kb.model_name, "model_loaded": service.kb.chat_model_loaded,
            "generation_queue_depth": service.queue.depth, "limits": _limits(service.settings)}


def _limits(settings: Settings) -> dict[str, Any]:
    return {"top_k_max": 100, "temperature_max": settings.llm.temperature_max, "temperature": settings.llm.temperature,
            "top_k": settings.retrieval.top_k, "max_upload_mb": settings.server.max_upload_mb,
            "max_files": settings.server.max_files}
