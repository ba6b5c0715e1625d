"""What the route modules share, importing nothing else of `kb.api` (so none of them imports another
in a circle): the name of the service's logger and the id of the request being served. The app's
`Service` (kb/api/app.py) reaches the handlers as the `service` dependency."""

from __future__ import annotations

import contextvars

LOGGER = "kb.server"  # the logger of kb.api (jobs.py keeps "kb.jobs"): the log lines keep their names of before
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
