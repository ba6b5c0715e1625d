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
from kb.errors import KBError

# The page's files: kb/web/ in an installed wheel, the repository's web/ (beside kb/) in a checkout.
WEB_FOLDERS = (Path(__file__).resolve().parent.parent / "web", Path(__file__).resolve().parent.parent.parent / "web")


def web_folder() -> Path:
    """Where templates/index.html and static/ are; a clear error when kb was installed without them."""
    for folder in WEB_FOLDERS:
        if (folder / "templates" / "index.html").is_file():
            return folder
    raise KBError(f"the web page's files are missing (no templates/index.html in {' or '.join(map(str, WEB_FOLDERS))}): "
                  "reinstall kb from its repository (pip install .)")


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
    static = create_static_files_router(path="/static", directories=[web_folder() / "static"], opt={"public": True},
                                        include_in_schema=False)
    return [index, static]


def web_template_config() -> TemplateConfig:
    return TemplateConfig(directory=web_folder() / "templates", engine=JinjaTemplateEngine)
