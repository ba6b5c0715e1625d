"""The `kb` group and its commands over the documents: ingest, search, ask, documents, delete, stats,
serve, doctor. The `model` and `eval` groups are in kb/cli/models.py and kb/cli/evaluation.py.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

import click

from kb.cli.common import collection_option, filter_options, filters_from, interruptible, json_out, knowledge_base
from kb.cli.evaluation import eval_group
from kb.cli.models import model
from kb.cli.tags import tag, tags_command
from kb.errors import KBError
from kb.settings import TOP_K_MAX, load_settings

log = logging.getLogger("kb")


class _Group(click.Group):
    """Turns kb's errors into one line on stderr and their exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KBError as exc:
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--settings",
    "settings_path",
    type=click.Path(dir_okay=False),
    envvar="KB_SETTINGS",
    help="Settings file (default: ./settings.toml when present, else built-in defaults).",
)
@click.option("-v", "--verbose", count=True, help="Log what happens (-v: info, -vv: debug) on stderr.")
@click.version_option(package_name="kb", prog_name="kb")
@click.pass_context
def main(ctx: click.Context, settings_path: str | None, verbose: int) -> None:
    """kb: a local knowledge base over your team's documents.

    \b
    Examples:
      kb ingest ./docs                 # add or update everything under ./docs
      kb ingest ./docs --prune         # ... and remove documents deleted from ./docs
      kb search "how do I roll back a deploy?"
      kb documents --json
    """
    from kb.console import configure_logging

    if ctx.invoked_subcommand == "serve":
        from kb.api.metrics import RequestIdFilter

        configure_logging(verbose, server=True, filters=(RequestIdFilter(),))
    else:
        configure_logging(verbose)
    ctx.ensure_object(dict)["settings_path"] = settings_path


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@collection_option
@click.option("--prune", is_flag=True, help="Remove documents whose files are gone from the ingested folders.")
@click.option("--dry-run", is_flag=True, help="Show what would be added, updated and removed; change nothing.")
@click.option("--tag", "tags", multiple=True, metavar="TAG", help="Tag every file found, as `kb tag` does (repeatable).")
@click.option("--workers", type=click.IntRange(min=1), metavar="N",
              help="Parse files in N worker processes while the main process embeds and writes "
                   "(default: [ingest] parse_workers).")
@click.option("--cluster", metavar="ADDRESS",
              help="Parse, chunk and embed on a Ray cluster (ray://HOST:10001, HOST:6379, or local); this "
                   "process writes. Needs pip install 'kb[cluster]' (default: [ingest] cluster).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with the counts instead of a table.")
@click.pass_context
@interruptible
def ingest(ctx: click.Context, paths: tuple[Path, ...], collection: str | None, prune: bool, dry_run: bool,
           tags: tuple[str, ...], workers: int | None, cluster: str | None, as_json: bool) -> None:
    """Ingest folders and files: PDF, docx, pptx, xlsx, html, md, txt, rst, csv, eml, odt, epub.

    Re-running is incremental: unchanged files are skipped, changed ones replaced. Files gone from
    a folder are listed, and removed with --prune. A file that cannot be read is reported with the
    reason; the others still go in (exit code 1 when any failed).

    \b
    Examples:
      kb ingest ./docs
      kb ingest ./docs ./wiki-export --prune
      kb ingest ./docs --dry-run --json
      kb ingest ./contracts --tag legal
      kb ingest ./docs --workers 2
      kb ingest ./docs --cluster ray://head-node:10001
    """
    from kb.console import TerminalProgress

    overrides = {key: value for key, value in (("parse_workers", workers), ("cluster", cluster)) if value}
    with knowledge_base(ctx, collection, **({"ingest": overrides} if overrides else {})) as kb:
        show = not as_json and sys.stderr.isatty()
        with TerminalProgress(enabled=show) as progress:
            report = kb.ingest(list(paths), prune=prune, dry_run=dry_run, progress=progress, tags=tags)
    if as_json:
        json_out(report.to_dict())
    else:
        from kb.console import print_report

        print_report(report)
    ctx.exit(1 if report.files_failed else 0)


@main.command()
@click.option("--dry-run", is_flag=True, help="Show what each pass would add, update and remove; change nothing.")
@click.option("--source", "source_path", metavar="PATH", help="Only the source with this folder (default: every one).")
@click.option("--json", "as_json", is_flag=True, help='Print {"sources": [{"path", "collection", "report", "error"}]}.')
@click.pass_context
@interruptible
def sync(ctx: click.Context, dry_run: bool, source_path: str | None, as_json: bool) -> None:
    """Run one pass of each [[sources]] folder of the settings, as `kb serve` does when it changes.

    A pass is an incremental ingest of the folder with the source's include/exclude rules; it
    removes the documents of files gone from the folder (unless the source sets prune = false) and
    leaves files written in the last settle_s seconds for the next pass. Exit code 1 when a file
    or a source failed.

    \b
    Settings (settings.toml):
      [[sources]]
      path = "docs"          # relative to the settings file
      rescan_s = 300         # kb serve: a full pass this often, besides file-system events

    \b
    Examples:
      kb sync --dry-run
      kb sync --source ./docs --json
    """
    from kb.console import TerminalProgress, print_report
    from kb.sync import Syncer

    with knowledge_base(ctx, None) as kb:
        if not kb.settings.sources:
            raise KBError(f"no [[sources]] in the settings ({kb.settings.source or 'built-in defaults'}): add one "
                          "(see `kb sync --help`), or ingest a folder once with `kb ingest PATH`")
        syncer = Syncer(kb)
        try:
            show = not as_json and sys.stderr.isatty()
            chosen = str(Path(source_path).resolve()) if source_path else None
            if chosen is not None and all(str(Path(s.source.path).resolve()) != chosen for s in syncer.sources):
                raise KBError(f"no source with the folder {source_path} in the settings' [[sources]]")
            results = []
            for one in syncer.sources:
                if chosen is not None and str(Path(one.source.path).resolve()) != chosen:
                    continue
                with TerminalProgress(enabled=show) as progress:
                    results += syncer.run_once(dry_run=dry_run, path=one.source.path, progress=progress)
        finally:
            syncer.close()
    failed = False
    output = []
    for source, report, error in results:
        collection = source.collection or kb.settings.store.collection
        failed = failed or bool(error) or bool(report and report.files_failed)
        output.append({"path": source.path, "collection": collection, "report": report.to_dict() if report else None, "error": error})
        if not as_json:
            if report is None:
                click.echo(f"error: {source.path}: {error}", err=True)
            else:
                click.echo(f"{source.path} -> collection {collection}")
                print_report(report, title="Sync", prune=source.prune)
    if as_json:
        json_out({"sources": output})
    ctx.exit(1 if failed else 0)


@main.command()
@click.argument("query")
@collection_option
@click.option("-k", "--top-k", type=click.IntRange(1, TOP_K_MAX), help="Passages to return (default: [retrieval] top_k).")
@click.option("--mode", type=click.Choice(["dense", "lexical", "hybrid"]), help="Retrievers to use (default: [retrieval] mode).")
@click.option("--rerank/--no-rerank", default=None, help="Rescore with the configured cross-encoder (default: on when one is set).")
@filter_options
@click.option("--explain", is_flag=True, help="Add each retriever's rank and score under \"explain\".")
@click.option("--json", "as_json", is_flag=True, help='Print {"hits": [...]} as JSON.')
@click.pass_context
def search(
    ctx: click.Context,
    query: str,
    collection: str | None,
    top_k: int | None,
    mode: str | None,
    rerank: bool | None,
    source: str,
    doc_ids: tuple[str, ...],
    tags: tuple[str, ...],
    kinds: tuple[str, ...],
    since: str | None,
    before: str | None,
    explain: bool,
    as_json: bool,
) -> None:
    """Find the passages that best match QUERY (dense + lexical, fused).

    \b
    Examples:
      kb search "database failover"
      kb search "shared_buffers" --mode lexical --top-k 3 --json
      kb search "出差住宿标准" --source finance/ --explain
      kb search "renewal terms" --tag legal --kind pdf --since 2024-01-01
    """
    from kb.answer.citations import source_label

    filters = filters_from(source, doc_ids, tags, kinds, since, before)
    with knowledge_base(ctx, collection) as kb:
        hits = kb.search(query, top_k, mode=mode, filters=filters, rerank=rerank)
    if as_json:
        json_out({"hits": [h.to_dict(explain) for h in hits]})
        return
    if not hits:
        click.echo("No passages found. Is anything ingested? See `kb stats`.", err=True)
    for rank, hit in enumerate(hits, 1):
        click.secho(f"[{rank}] {source_label(hit.source, hit.page, heading=hit.heading)}  ({hit.score:.4g})", bold=True)
        if explain:
            click.echo("    " + ", ".join(f"{k}={v}" for k, v in hit.explain.items()))
        click.echo(_indent(hit.text))
        click.echo()


@main.command()
@collection_option
@click.option("--json", "as_json", is_flag=True, help="Print the documents as a JSON list.")
@click.pass_context
def documents(ctx: click.Context, collection: str | None, as_json: bool) -> None:
    """List the ingested documents."""
    with knowledge_base(ctx, collection) as kb:
        docs = kb.documents()
    if as_json:
        json_out({"documents": [d.info() for d in docs]})
        return
    from kb.console import print_documents

    print_documents(docs)


@main.command()
@click.argument("ref", metavar="SOURCE_OR_DOC_ID")
@collection_option
@click.option("--json", "as_json", is_flag=True, help="Print what was deleted as JSON.")
@click.pass_context
def delete(ctx: click.Context, ref: str, collection: str | None, as_json: bool) -> None:
    """Delete a document and its chunks, by source path, doc_id or file path.

    \b
    Examples:
      kb delete handbook/onboarding.md
      kb delete 3f2a9c41d0b7e8a15c66
    """
    with knowledge_base(ctx, collection) as kb:
        doc, removed = kb.delete(ref)
    if as_json:
        json_out({"deleted": doc.to_dict(), "chunks_removed": removed})
    else:
        click.echo(f"Deleted {doc.source} ({removed} chunks).")


@main.command()
@collection_option
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_context
def stats(ctx: click.Context, collection: str | None, as_json: bool) -> None:
    """Show documents, chunks, the embedding model and the store's location and size."""
    with knowledge_base(ctx, collection) as kb:
        figures = kb.stats()
    if as_json:
        json_out(figures)
        return
    for key, value in figures.items():
        if key == "store_bytes" and value is not None:
            value = f"{value / 1e6:.1f} MB"
        click.echo(f"{key.replace('_', ' '):>16}: {value}")


@main.command()
@click.argument("question")
@collection_option
@click.option("--model", "model_name", metavar="NAME", help="A model from the registry (default: [llm] model). See `kb model list`.")
@click.option("-k", "--top-k", type=click.IntRange(1, TOP_K_MAX), help="Passages to retrieve (default: [retrieval] top_k).")
@click.option("-t", "--temperature", type=float, help="Sampling temperature, 0 to [llm] temperature_max (default: [llm] temperature).")
@filter_options
@click.option("--json", "as_json", is_flag=True, help="Print the answer object (answer, refused, grounded, citations, usage, timings).")
@click.pass_context
@interruptible
def ask(ctx: click.Context, question: str, collection: str | None, model_name: str | None, top_k: int | None,
        temperature: float | None, source: str, doc_ids: tuple[str, ...], tags: tuple[str, ...], kinds: tuple[str, ...],
        since: str | None, before: str | None, as_json: bool) -> None:
    """Answer QUESTION from the documents, citing them as [n]; refuse when they do not say.

    The answer streams on a terminal, then its sources. Nothing relevant found: kb refuses without
    calling the model.

    \b
    Examples:
      kb ask "How do I roll back a bad deploy?"
      kb ask "出差住宿标准是多少？" --json
      kb ask "What is the on-call rotation?" --model qwen2.5-coder-1.5b -t 0
      kb ask "What is the notice period?" --tag legal --since 2024-01-01
    """
    from kb.answer.citations import source_label

    filters = filters_from(source, doc_ids, tags, kinds, since, before)
    overrides = {"llm": {"model": model_name}} if model_name else {}
    with knowledge_base(ctx, collection, **overrides) as kb:
        answer = None
        for event in kb.ask_stream(question, top_k=top_k, temperature=temperature, filters=filters or None):
            if event.kind == "token" and not as_json:
                click.echo(event.data, nl=False)
            elif event.kind == "done":
                answer = event.data
    if as_json:
        json_out(answer.to_dict())
        return
    click.echo()
    if answer.refused:
        click.secho("(refused: the documents do not answer this)", dim=True, err=True)
        return
    if answer.citations:
        if answer.attribution == "kb":  # the model wrote no markers; kb placed them
            click.secho("\nWith the sources kb matched to each sentence:", dim=True)
            click.echo(answer.answer)
        click.echo()
        click.secho("Sources:", bold=True)
        for c in answer.citations:
            click.echo(f"  [{c.n}] {source_label(c.source, c.page, c.page_end, c.heading)}")
    else:
        click.secho("(no citation: this answer is not grounded in the documents)", fg="yellow", err=True)
    t = answer.timings
    click.secho(
        f"{answer.model} · retrieval {t['retrieval_ms']:.0f} ms · first token {t['ttft_ms'] or 0:.0f} ms · "
        f"{t['tokens_per_s'] or 0:.1f} tokens/s", dim=True, err=True,
    )


@main.command()
@click.option("--host", help="Address to listen on (default: [server] host, 127.0.0.1).")
@click.option("--port", type=click.IntRange(1, 65535), help="Port (default: [server] port, 8000).")
@click.pass_context
def serve(ctx: click.Context, host: str | None, port: int | None) -> None:
    """Run the HTTP service: web chat page at /, REST API at /api, OpenAI-compatible API at /v1,
    OpenAPI docs at /schema, Prometheus metrics at /metrics.

    \b
    Examples:
      kb serve
      kb serve --host 0.0.0.0 --port 9000
      KB_SERVER__API_KEYS=secret1,secret2 kb serve
    """
    from kb.api import serve as run_server

    settings = load_settings(ctx.obj["settings_path"])
    click.echo(f"kb: serving on http://{host or settings.server.host}:{port or settings.server.port}/", err=True)
    run_server(settings, host, port)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: {ok, checks: [{name, status, detail, fix, data}]}.")
@click.pass_context
def doctor(ctx: click.Context, as_json: bool) -> None:
    """Check this machine and installation: CPU and the llama.cpp build, GPU, models, parsers, store, server.

    Each finding is ok, warning or error, with what to do. Loads no model weights; exit 1 when
    anything is an error.

    \b
    Examples:
      kb doctor
      kb doctor --json
    """
    from kb.doctor import diagnose

    report = diagnose(load_settings(ctx.obj["settings_path"]))
    if as_json:
        json_out(report.to_dict())
    else:
        from kb.console import print_doctor

        print_doctor(report)
    ctx.exit(0 if report.ok else 1)


def _indent(text: str, width: int = 400) -> str:
    text = text if len(text) <= width else text[:width].rstrip() + " …"
    return "\n".join("    " + line for line in text.splitlines())


main.add_command(model)
main.add_command(eval_group)
main.add_command(tag)
main.add_command(tags_command)
