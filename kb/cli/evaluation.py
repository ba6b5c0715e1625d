"""`kb eval`: retrieval and answer quality on a question set, written as JSON and a chart."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from kb.cli.common import collection_option, json_out, knowledge_base


@click.group(name="eval")
def eval_group() -> None:
    """Measure retrieval and answer quality on a question set."""


@eval_group.command(name="retrieval")
@click.option("--questions", "questions_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path), help="JSONL question file.")
@click.option("--corpus", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Ingest this folder first (incremental).")
@collection_option
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

    with knowledge_base(ctx, collection) as kb:
        results = kb.evaluate_retrieval(questions_path, corpus)
        name = kb.store.collection_name
    data = {"questions": str(questions_path), "collection": name, **to_json(results)}
    chart = functools.partial(bar_chart, results, title=f"Retrieval on {questions_path.name} ({name})")
    _eval_report(out / "retrieval", data, chart, functools.partial(markdown_table, results), as_json)


@eval_group.command(name="answers")
@click.option("--questions", "questions_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path), help="JSONL question file (with answer_keywords).")
@click.option("--model", "models", multiple=True, metavar="NAME", help="A model to compare (repeatable; default: [llm] model).")
@click.option("--corpus", type=click.Path(exists=True, file_okay=False, path_type=Path), help="Ingest this folder first (incremental).")
@collection_option
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

    with knowledge_base(ctx, collection) as kb:
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
        json_out(data)
    else:
        click.echo(table())
        click.echo(f"\nWrote {stem.with_suffix('.json')} and {png}", err=True)
