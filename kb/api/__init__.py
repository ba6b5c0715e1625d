"""The HTTP service: a Litestar app over the same `KnowledgeBase` the CLI uses.

Controllers only translate HTTP to `KnowledgeBase` calls and back. Blocking work (search, ingest,
the model) runs off the event loop; answers wait in a bounded FIFO queue for the one model
(503 + Retry-After when it is full); a client that goes away cancels its generation.

Routes: `/api/*` (kb's own JSON API), `/v1/*` (OpenAI-compatible), `/metrics`, `/schema` (OpenAPI),
and the web page at `/`.

Modules: `app` (the app, its `Service`, lifespan, body limits, OpenAPI, `serve`), `state` (the
logger's name and the request id), `schemas` (request and response bodies), `errors` (RFC 9457
problem details, one vocabulary of error types), `auth` (API keys, the web session), `answering`
(`/api/search`, `/api/ask`, the generation queue and the one answer lifecycle, `Generation`),
`openai` (`/v1`), `documents` (documents, uploads, `/api/jobs`), `jobs` (background ingest of
uploads), `status` (`/api/health`, `/api/stats`), `metrics` (`/metrics` with prometheus-client,
request ids, the observability middleware), `web` (the chat page). Routes are grouped in one
Litestar `Controller` per resource; the `Service` reaches them as the `service` dependency.
"""

from kb.api.app import create_app, serve

__all__ = ["create_app", "serve"]
