"""What the `kb` commands share: the --collection option, opening the knowledge base, JSON output,
and a clean exit on Ctrl-C."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from kb.settings import load_settings


def collection_option(func: Callable) -> Callable:
    return click.option(
        "--collection", metavar="NAME", help="Collection to use (default: [store] collection in the settings)."
    )(func)


def knowledge_base(ctx: click.Context, collection: str | None, **overrides: dict[str, Any]):
    from kb.service import KnowledgeBase

    settings = load_settings(ctx.obj["settings_path"])
    if collection:
        overrides["store"] = {"collection": collection}
    if overrides:
        settings = settings.with_overrides(**overrides)
    # A caller (a test, an embedding host) may hand in an embedder or a chat model it already loaded.
    return KnowledgeBase(settings, embedder=ctx.obj.get("embedder"), chat_model=ctx.obj.get("chat_model"))


def json_out(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def interruptible(func: Callable) -> Callable:
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KeyboardInterrupt:
            click.echo("Interrupted. The store is consistent; run the same command again to finish.", err=True)
            sys.exit(130)

    return wrapper
