"""What the route modules share, importing nothing else of `kb.api` (so none of them imports another
in a circle): the name of the service's logger, the id of the request being served, and
`service_of`, the way from a request to the app's `Service` (kb/api/app.py)."""

from __future__ import annotations

import contextvars
from typing import TYPE_CHECKING

from litestar import Request
from litestar.connection import ASGIConnection

if TYPE_CHECKING:
    from kb.api.app import Service

LOGGER = "kb.server"  # the logger of kb.api (jobs.py keeps "kb.jobs"): the log lines keep their names of before
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")


def service_of(request: Request | ASGIConnection) -> Service:
    return request.app.state.service
