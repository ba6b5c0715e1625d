"""The web chat page: one Jinja2 template and static files from `web/`, served by the same app.

No build step and no CDN: the page works with the network unplugged. A strict Content-Security-
Policy allows only kb's own scripts and styles, so even a rendering bug cannot run injected script.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar import Request, get
from litestar.contrib.jinja import JinjaTemplateEngine
from litestar.response import Template
from litestar.static_files import create_static_files_router
from litestar.template.config import TemplateConfig

from kb import __version__

WEB = Path(__file__).resolve().parent.parent.parent / "web"  # the repository's web/, beside kb/
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@get("/", operation_id="web_page", opt={"public": True}, include_in_schema=False)
async def index(request: Request) -> Template:
    """The chat page (it asks for an API key itself when the server needs one)."""
    return Template(
        template_name="index.html",
        context={"version": __version__},
        headers={"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"},
    )


def web_handlers() -> list[Any]:
    static = create_static_files_router(path="/static", directories=[WEB / "static"], opt={"public": True},
                                        include_in_schema=False)
    return [index, static]


def web_template_config() -> TemplateConfig:
    return TemplateConfig(directory=WEB / "templates", engine=JinjaTemplateEngine)
