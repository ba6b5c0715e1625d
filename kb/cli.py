"""The `kb` command line: a thin client of `KnowledgeBase`.

Answers go to stdout, progress and diagnostics to stderr. `--json` prints exactly one JSON object.
Exit codes: 0 success, 1 failure (for ingest: some files failed, the rest went in), 2 misuse.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

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


def _collection_option(func: Callable) -> Callable:
    return click.option(
        "--collection", metavar="NAME", help="Collection to use (default: [store] collection in the settings)."
    )(func)


def _knowledge_base(ctx: click.Context, collection: str | None, **overrides: dict[str, Any]):
    from kb.service import KnowledgeBase

    settings = load_settings(ctx.obj["settings_path"])
    if collection:
        overrides["store"] = {"collection": collection}
    if overrides:
        settings = settings.with_overrides(**overrides)
    # A caller (a test, an embedding host) may hand in an embedder or a chat model it already loaded.
    return KnowledgeBase(settings, embedder=ctx.obj.get("embedder"), chat_model=ctx.obj.get("chat_model"))


def _json_out(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _interruptible(func: Callable) -> Callable:
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KeyboardInterrupt:
            click.echo("Interrupted. The store is consistent; run the same command again to finish.", err=True)
            sys.exit(130)

    return wrapper


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@_collection_option
@click.option("--prune", is_flag=True, help="Remove documents whose files are gone from the ingested folders.")
@click.option("--dry-run", is_flag=True, help="Show what would be added, updated and removed; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with the counts instead of a table.")
@click.pass_context
@_interruptible
def ingest(ctx: click.Context, paths: tuple[Path, ...], collection: str | None, prune: bool, dry_run: bool, as_json: bool) -> None:
    """Ingest folders and files: PDF, docx, pptx, xlsx, html, md, txt, rst, csv, eml, odt, epub.

    Re-running is incremental: unchanged files are skipped, changed ones replaced. Files gone from
    a folder are listed, and removed with --prune. A file that cannot be read is reported with the
    reason; the others still go in (exit code 1 when any failed).

    \b
    Examples:
      kb ingest ./docs
      kb ingest ./docs ./wiki-export --prune
      kb ingest ./docs --dry-run --json
    """
    from kb.console import TerminalProgress

    with _knowledge_base(ctx, collection) as kb:
        show = not as_json and sys.stderr.isatty()
        with TerminalProgress(enabled=show) as progress:
            report = kb.ingest(list(paths), prune=prune, dry_run=dry_run, progress=progress)
    if as_json:
        _json_out(report.to_dict())
    else:
        from kb.console import print_report

        print_report(report)
    ctx.exit(1 if report.files_failed else 0)


@main.command()
@click.argument("query")
@_collection_option
@click.option("-k", "--top-k", type=click.IntRange(1, TOP_K_MAX), help="Passages to return (default: [retrieval] top_k).")
@click.option("--mode", type=click.Choice(["dense", "lexical", "hybrid"]), help="Retrievers to use (default: [retrieval] mode).")
@click.option("--rerank/--no-rerank", default=None, help="Rescore with the configured cross-encoder (default: on when one is set).")
@click.option("--source", metavar="PREFIX", default="", help="Only documents whose source starts with PREFIX (or matches a glob).")
@click.option("--doc", "doc_ids", multiple=True, metavar="DOC_ID", help="Only this document (repeatable).")
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
    explain: bool,
    as_json: bool,
) -> None:
    """Find the passages that best match QUERY (dense + lexical, fused).

    \b
    Examples:
      kb search "database failover"
      kb search "shared_buffers" --mode lexical --top-k 3 --json
      kb search "出差住宿标准" --source finance/ --explain
    """
    from kb.answer.citations import source_label
    from kb.retrieval import Filters

    with _knowledge_base(ctx, collection) as kb:
        hits = kb.search(query, top_k, mode=mode, filters=Filters(source=source, doc_ids=doc_ids), rerank=rerank)
    if as_json:
        _json_out({"hits": [h.to_dict(explain) for h in hits]})
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
@_collection_option
@click.option("--json", "as_json", is_flag=True, help="Print the documents as a JSON list.")
@click.pass_context
def documents(ctx: click.Context, collection: str | None, as_json: bool) -> None:
    """List the ingested documents."""
    with _knowledge_base(ctx, collection) as kb:
        docs = kb.documents()
    if as_json:
        _json_out({"documents": [d.to_dict() for d in docs]})
        return
    from kb.console import print_documents

    print_documents(docs)


@main.command()
@click.argument("ref", metavar="SOURCE_OR_DOC_ID")
@_collection_option
@click.option("--json", "as_json", is_flag=True, help="Print what was deleted as JSON.")
@click.pass_context
def delete(ctx: click.Context, ref: str, collection: str | None, as_json: bool) -> None:
    """Delete a document and its chunks, by source path, doc_id or file path.

    \b
    Examples:
      kb delete handbook/onboarding.md
      kb delete 3f2a9c41d0b7e8a15c66
    """
    with _knowledge_base(ctx, collection) as kb:
        doc, removed = kb.delete(ref)
    if as_json:
        _json_out({"deleted": doc.to_dict(), "chunks_removed": removed})
    else:
        click.echo(f"Deleted {doc.source} ({removed} chunks).")


@main.command()
@_collection_option
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_context
def stats(ctx: click.Context, collection: str | None, as_json: bool) -> None:
    """Show documents, chunks, the embedding model and the store's location and size."""
    with _knowledge_base(ctx, collection) as kb:
        figures = kb.stats()
    if as_json:
        _json_out(figures)
        return
    for key, value in figures.items():
        if key == "store_bytes" and value is not None:
            value = f"{value / 1e6:.1f} MB"
        click.echo(f"{key.replace('_', ' '):>16}: {value}")


@main.command()
@click.argument("question")
@_collection_option
@click.option("--model", "model_name", metavar="NAME", help="A model from the registry (default: [llm] model). See `kb model list`.")
@click.option("-k", "--top-k", type=click.IntRange(1, TOP_K_MAX), help="Passages to retrieve (default: [retrieval] top_k).")
@click.option("-t", "--temperature", type=float, help="Sampling temperature, 0 to [llm] temperature_max (default: [llm] temperature).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer object (answer, refused, grounded, citations, usage, timings).")
@click.pass_context
@_interruptible
def ask(ctx: click.Context, question: str, collection: str | None, model_name: str | None, top_k: int | None,
        temperature: float | None, as_json: bool) -> None:
    """Answer QUESTION from the documents, citing them as [n]; refuse when they do not say.

    The answer streams on a terminal, then its sources. Nothing relevant found: kb refuses without
    calling the model.

    \b
    Examples:
      kb ask "How do I roll back a bad deploy?"
      kb ask "出差住宿标准是多少？" --json
      kb ask "What is the on-call rotation?" --model qwen2.5-coder-1.5b -t 0
    """
    from kb.answer.citations import source_label

    overrides = {"llm": {"model": model_name}} if model_name else {}
    with _knowledge_base(ctx, collection, **overrides) as kb:
        answer = None
        for event in kb.ask_stream(question, top_k=top_k, temperature=temperature):
            if event.kind == "token" and not as_json:
                click.echo(event.data, nl=False)
            elif event.kind == "done":
                answer = event.data
    if as_json:
        _json_out(answer.to_dict())
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
            click.echo(f"  [{c.n}] {source_label(c.source, c.page, heading=c.heading)}")
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
        _json_out(report.to_dict())
    else:
        from kb.console import print_doctor

        print_doctor(report)
    ctx.exit(0 if report.ok else 1)


@main.group()
def model() -> None:
    """List, install and verify the chat models of the registry ([models.NAME] in the settings)."""


def _model_manager(ctx: click.Context):
    from kb.models.registry import ModelManager

    return ModelManager(load_settings(ctx.obj["settings_path"]))


def _model_action(ctx: click.Context, name: str, as_json: bool, action: Callable, done: str) -> None:
    """Run a model action with a bytes progress bar on a terminal; print the model or one line."""
    from kb.console import ByteProgress

    manager = _model_manager(ctx)
    with ByteProgress(enabled=not as_json and sys.stderr.isatty()) as progress:
        path = action(manager, progress)
    if as_json:
        _json_out(manager.status(name).to_dict())
    else:
        click.echo(f"{name}: " + done.format(path=path, sha256=manager.spec(name).sha256))


@model.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print the registry as JSON.")
@click.pass_context
def model_list(ctx: click.Context, as_json: bool) -> None:
    """The registered models, whether installed and verified; * marks [llm] model."""
    manager = _model_manager(ctx)
    rows = manager.list()
    if as_json:
        _json_out({"default": manager.settings.llm.model, "models": [r.to_dict() for r in rows]})
        return
    for row in rows:
        mark = "*" if row.name == manager.settings.llm.model else " "
        state = "verified" if row.verified else "installed" if row.installed else "not installed"
        size = f"{(row.spec.size or 0) / 1e6:,.0f} MB" if row.spec.size else ""
        click.echo(f"{mark} {row.name:<22} {row.spec.source:<5} {row.spec.quantization:<7} {size:>9}  {state}")


@model.command(name="install")
@click.argument("name")
@click.option("--force", is_flag=True, help="Install again even when a verified file is there.")
@click.option("--json", "as_json", is_flag=True, help="Print the installed model as JSON.")
@click.pass_context
@_interruptible
def model_install(ctx: click.Context, name: str, force: bool, as_json: bool) -> None:
    """Fetch or assemble model NAME into the models folder and verify its sha256.

    \b
    Examples:
      kb model install qwen2.5-coder-0.5b
      kb model install qwen2.5-coder-1.5b --force
    """
    _model_action(ctx, name, as_json, lambda m, p: m.install(name, p, force=force), "installed and verified at {path}")


@model.command(name="verify")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def model_verify(ctx: click.Context, name: str, as_json: bool) -> None:
    """Hash model NAME's file again and compare it with the registry (exit 1 when it differs)."""
    _model_action(ctx, name, as_json, lambda m, p: m.verify(name, p, force=True), "{path} matches sha256 {sha256}")


@model.command(name="info")
@click.argument("name")
@click.pass_context
def model_info(ctx: click.Context, name: str) -> None:
    """Everything the registry knows about model NAME, as JSON."""
    _json_out(_model_manager(ctx).status(name).to_dict())


@model.command(name="path")
@click.argument("name")
@click.pass_context
def model_path(ctx: click.Context, name: str) -> None:
    """The file model NAME is (or will be) installed at, for scripts."""
    click.echo(str(_model_manager(ctx).path(name)))


@main.group(name="eval")
def eval_group() -> None:
    """Measure retrieval and answer quality on a question set."""


@eval_group.command(name="retrieval")
@click.option("--questions", "questions_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path), help="JSONL question file.")
@click.option("--corpus", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Ingest this folder first (incremental).")
@_collection_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path(".kb/eval"), show_default=True, help="Folder for retrieval.json and retrieval.png.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON instead of a table.")
@click.pass_context
def eval_retrieval(ctx: click.Context, questions_path: Path, corpus: Path | None, collection: str | None, out: Path, as_json: bool) -> None:
    """Recall@1/5/10, MRR and nDCG@10 of dense, lexical, hybrid (and hybrid+rerank) side by side.

    \b
    Question lines: {"id", "question", "answerable", "gold_sources": [...], "gold_pages": [...]}
    Examples:
      kb eval retrieval --questions corpora/sample-questions.jsonl --corpus corpora/sample --collection eval-sample
      kb eval retrieval --questions my-questions.jsonl --json
    """
    from kb.evaluation import bar_chart, markdown_table, to_json

    with _knowledge_base(ctx, collection) as kb:
        results = kb.evaluate_retrieval(questions_path, corpus)
        name = kb.store.collection_name
    data = {"questions": str(questions_path), "collection": name, **to_json(results)}
    chart = functools.partial(bar_chart, results, title=f"Retrieval on {questions_path.name} ({name})")
    _eval_report(out / "retrieval", data, chart, functools.partial(markdown_table, results), as_json)


@eval_group.command(name="answers")
@click.option("--questions", "questions_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path), help="JSONL question file (with answer_keywords).")
@click.option("--model", "models", multiple=True, metavar="NAME", help="A model to compare (repeatable; default: [llm] model).")
@click.option("--corpus", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Ingest this folder first (incremental).")
@_collection_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path(".kb/eval"), show_default=True, help="Folder for answers.json and answers.png.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON instead of a table.")
@click.pass_context
def eval_answers(ctx: click.Context, questions_path: Path, models: tuple[str, ...], corpus: Path | None,
                 collection: str | None, out: Path, as_json: bool) -> None:
    """Compare models on the same questions with the same sampling: keyword accuracy, citation
    accuracy, refusal precision/recall, tokens/s, TTFT p50/p95 and peak memory.

    \b
    Question lines add "answer_keywords": [...] to the retrieval format ("a|b": either).
    Example:
      kb eval answers --questions corpora/sample-questions.jsonl --model qwen2.5-coder-0.5b --model qwen2.5-coder-1.5b
    """
    from kb.evaluation import answers_chart, answers_table

    with _knowledge_base(ctx, collection) as kb:
        runs = kb.evaluate_answers(questions_path, list(models), corpus)
        name = kb.store.collection_name
    sampling = {k: getattr(kb.settings.llm, k) for k in ("temperature", "top_k", "top_p", "repeat_penalty", "max_tokens", "seed")}
    data = {"questions": str(questions_path), "collection": name, "sampling": sampling,
            "runs": [{"model": r.model, "metrics": r.metrics, "answers": r.answers} for r in runs]}
    chart = functools.partial(answers_chart, runs, title=f"Answers on {questions_path.name}")
    _eval_report(out / "answers", data, chart, functools.partial(answers_table, runs), as_json)


def _eval_report(stem: Path, data: dict[str, Any], chart: Callable[[Path], Path], table: Callable[[], str], as_json: bool) -> None:
    """Write STEM.json and STEM.png; print the JSON, or the markdown table and where the files went."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    png = chart(stem.with_suffix(".png"))
    if as_json:
        _json_out(data)
    else:
        click.echo(table())
        click.echo(f"\nWrote {stem.with_suffix('.json')} and {png}", err=True)


def _indent(text: str, width: int = 400) -> str:
    text = text if len(text) <= width else text[:width].rstrip() + " …"
    return "\n".join("    " + line for line in text.splitlines())


if __name__ == "__main__":  # pragma: no cover
    main()
