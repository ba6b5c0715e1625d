"""What the `kb` commands share: the --collection option, the search filter options, opening the
knowledge base, JSON output, and a clean exit on Ctrl-C."""

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


def filter_options(func: Callable) -> Callable:
    """--source, --doc, --tag, --kind, --since, --before: the documents a search or an answer may use."""
    options = [
        click.option("--source", metavar="PREFIX", default="", help="Only documents whose source starts with PREFIX (or matches a glob)."),
        click.option("--doc", "doc_ids", multiple=True, metavar="DOC_ID", help="Only this document (repeatable)."),
        click.option("--tag", "tags", multiple=True, metavar="TAG", help="Only documents with this tag (repeatable: any of them)."),
        click.option("--kind", "kinds", multiple=True, metavar="KIND", help="Only files of this kind: pdf, docx, md, ... (repeatable)."),
        click.option("--since", metavar="DATE", help="Only files modified on or after DATE (2024-05-01, UTC; or a date and time)."),
        click.option("--before", metavar="DATE", help="Only files modified before DATE."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def filters_from(source: str, doc_ids: tuple[str, ...], tags: tuple[str, ...], kinds: tuple[str, ...],
                 since: str | None, before: str | None):
    """The checked filters of `filter_options`; a bad value is a usage error naming its option."""
    from kb.errors import InvalidInput
    from kb.filters import make_filters

    names = {"modified_after": "--since", "modified_before": "--before", "tags": "--tag", "kinds": "--kind",
             "doc_ids": "--doc", "source": "--source"}
    try:
        return make_filters(source=source, doc_ids=doc_ids, tags=tags, kinds=kinds, modified_after=since,
                            modified_before=before, prefix="")
    except InvalidInput as exc:
        field, _, reason = str(exc).partition(": ")
        raise click.BadParameter(reason, param_hint=names.get(field, field)) from exc


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
