"""Retrieval evaluation: recall@1/5/10, MRR and nDCG@10 per retrieval mode and per language.

Question lines (JSONL): {"id", "question", "answerable", "gold_sources": [...], "gold_pages": [...],
"language"?}. A hit is relevant when its source is a gold source (or ends with "/" + one, so a
corpus ingested from a parent folder still matches) and, when gold pages are given and the hit has a
page, that page is within ±1 of one of them. Unanswerable questions do not count in the retrieval
metrics; their best scores are reported beside the answerable ones' (the relevance signal).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.answer.citations import MARKER
from kb.answer.prompting import language as guess_language
from kb.errors import InvalidInput
from kb.records import Hit

CUTOFFS = (1, 5, 10)


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    question: str
    answerable: bool
    gold_sources: tuple[str, ...]
    gold_pages: tuple[int, ...] = ()
    language: str = ""
    answer_keywords: tuple[str, ...] = ()


def load_questions(path: Path) -> list[Question]:
    """Questions from a JSONL file; a bad line is an error naming the line and the field."""
    questions = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InvalidInput(f"{path}: cannot read the questions file: {exc.strerror}") from exc
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            question = Question(
                id=str(data["id"]),
                question=str(data["question"]),
                answerable=bool(data.get("answerable", True)),
                gold_sources=tuple(data.get("gold_sources", [])),
                gold_pages=tuple(int(p) for p in data.get("gold_pages") or []),
                language=str(data.get("language") or guess_language(data["question"])),
                answer_keywords=tuple(str(k) for k in data.get("answer_keywords") or []),
            )
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise InvalidInput(f"{path}:{number}: bad question line ({type(exc).__name__}: {exc})") from exc
        if question.answerable and not question.gold_sources:
            raise InvalidInput(f"{path}:{number}: an answerable question needs gold_sources")
        questions.append(question)
    if not questions:
        raise InvalidInput(f"{path}: no questions")
    return questions


def on_gold(source: str, page: int | None, page_end: int | None, question: Question) -> bool:
    """A gold source, and (when the question gives gold pages and the passage a page) within one
    page of a gold page."""
    if not any(source == gold or source.endswith("/" + gold) for gold in question.gold_sources):
        return False
    if question.gold_pages and page is not None:
        last = page_end if page_end is not None else page
        return any(page - 1 <= gold <= last + 1 for gold in question.gold_pages)
    return True


def is_relevant(hit: Hit, question: Question) -> bool:
    return on_gold(hit.source, hit.page, hit.page_end, question)


def cites_gold(citation: dict[str, Any], question: Question) -> bool:
    """A citation of the answer contract names a gold source, and (when the question gives gold
    pages and the citation a page) a page within one of them, as `is_relevant` judges a hit: in a
    one-file corpus the file alone says nothing."""
    return on_gold(citation.get("source") or "", citation.get("page"), citation.get("page_end"), question)


@dataclass
class RunResult:
    """Metrics of one retrieval configuration over a question set."""

    name: str
    metrics: dict[str, dict[str, float]] = field(default_factory=dict)  # language|"all" -> metric -> value
    latency_ms_p50: float = 0.0
    latency_ms_p95: float = 0.0
    best_score_answerable: float | None = None
    best_score_unanswerable: float | None = None
    suggested_min_relevance: float | None = None
    skipped: str = ""


def evaluate(
    questions: list[Question], runs: dict[str, Callable[[str], list[Hit]]], skipped: dict[str, str] | None = None
) -> list[RunResult]:
    """Run every configuration in `runs` (name -> search function returning ≥10 hits) on every question."""
    results = []
    for name, search in runs.items():
        per_question: list[tuple[str, dict[str, float]]] = []
        latencies, best_answerable, best_unanswerable = [], [], []
        for question in questions:
            started = time.perf_counter()
            hits = search(question.question)
            latencies.append((time.perf_counter() - started) * 1000)
            # The relevance signal is the best dense (cosine) score; lexical-only runs have none.
            dense = [h.explain["dense_score"] for h in hits if "dense_score" in h.explain]
            best = max(dense) if dense else None
            if best is not None:
                (best_answerable if question.answerable else best_unanswerable).append(best)
            if not question.answerable:
                continue
            per_question.append((question.language, _question_metrics(hits, question)))
        result = RunResult(name=name)
        for language in ["all", *sorted({lang for lang, _ in per_question})]:
            rows = [m for lang, m in per_question if language in ("all", lang)]
            if rows:
                result.metrics[language] = {key: round(statistics.fmean(r[key] for r in rows), 4) for key in rows[0]}
                result.metrics[language]["questions"] = len(rows)
        result.latency_ms_p50 = round(_percentile(latencies, 50), 2)
        result.latency_ms_p95 = round(_percentile(latencies, 95), 2)
        result.best_score_answerable = round(statistics.median(best_answerable), 4) if best_answerable else None
        result.best_score_unanswerable = round(statistics.median(best_unanswerable), 4) if best_unanswerable else None
        result.suggested_min_relevance = calibrate(best_answerable, best_unanswerable)
        results.append(result)
    for name, reason in (skipped or {}).items():
        results.append(RunResult(name=name, skipped=reason))
    return results


def calibrate(answerable: list[float], unanswerable: list[float]) -> float | None:
    """The min_relevance threshold that best separates the two groups' best dense scores
    (highest balanced accuracy; ties go to the lower threshold, which refuses less)."""
    if not answerable or not unanswerable:
        return None
    candidates = sorted(set(answerable + unanswerable))
    thresholds = [candidates[0] - 0.01] + [(a + b) / 2 for a, b in zip(candidates, candidates[1:])]

    def balanced_accuracy(t: float) -> float:
        kept = sum(s >= t for s in answerable) / len(answerable)
        refused = sum(s < t for s in unanswerable) / len(unanswerable)
        return (kept + refused) / 2

    return round(max(thresholds, key=lambda t: (balanced_accuracy(t), -t)), 4)


def _question_metrics(hits: list[Hit], question: Question) -> dict[str, float]:
    relevant = [is_relevant(hit, question) for hit in hits[:10]]
    first = next((rank for rank, ok in enumerate(relevant, 1) if ok), None)
    metrics = {f"recall@{k}": float(first is not None and first <= k) for k in CUTOFFS}
    metrics["mrr"] = 1.0 / first if first else 0.0
    # nDCG@10 at document level: each gold source counts once, at its first relevant hit.
    gains, seen = [], set()
    for hit, ok in zip(hits[:10], relevant):
        gains.append(1.0 if ok and hit.source not in seen else 0.0)
        if ok:
            seen.add(hit.source)
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(question.gold_sources), 10)))
    metrics["ndcg@10"] = dcg / ideal if ideal else 0.0
    return metrics


def _percentile(values: list[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def markdown_table(results: list[RunResult]) -> str:
    """One row per (configuration, language)."""
    header = "| mode | lang | n | recall@1 | recall@5 | recall@10 | MRR | nDCG@10 | p50 ms | p95 ms |"
    lines = [header, "|---" * (header.count("|") - 1) + "|"]
    for result in results:
        if result.skipped:
            lines.append(f"| {result.name} | | | {result.skipped} | | | | | | |")
            continue
        for language, m in result.metrics.items():
            lines.append(
                f"| {result.name} | {language} | {int(m['questions'])} | {m['recall@1']:.3f} | {m['recall@5']:.3f} | "
                f"{m['recall@10']:.3f} | {m['mrr']:.3f} | {m['ndcg@10']:.3f} | {result.latency_ms_p50:.1f} | {result.latency_ms_p95:.1f} |"
            )
    signals = [
        f"{r.name}: min_relevance {r.suggested_min_relevance} (median best dense score: answerable "
        f"{r.best_score_answerable}, unanswerable {r.best_score_unanswerable})"
        for r in results
        if r.suggested_min_relevance is not None
    ]
    if signals:
        lines += ["", "Relevance signal, calibrated on the unanswerable questions:", *[f"- {s}" for s in signals]]
    return "\n".join(lines)


def to_json(results: list[RunResult]) -> dict[str, Any]:
    return {
        "runs": [
            {
                "mode": r.name,
                "skipped": r.skipped or None,
                "metrics": r.metrics,
                "latency_ms": {"p50": r.latency_ms_p50, "p95": r.latency_ms_p95},
                "median_best_dense_score": {"answerable": r.best_score_answerable, "unanswerable": r.best_score_unanswerable},
                "suggested_min_relevance": r.suggested_min_relevance,
            }
            for r in results
        ]
    }


def bar_chart(results: list[RunResult], path: Path, title: str) -> Path:
    """recall@1/5/10, MRR and nDCG@10 per configuration (all languages), as a PNG."""
    keys = ["recall@1", "recall@5", "recall@10", "mrr", "ndcg@10"]
    groups = [(r.name, [r.metrics["all"][k] for k in keys]) for r in results if not r.skipped and "all" in r.metrics]
    return grouped_bars(groups, keys, path, title)


def grouped_bars(groups: list[tuple[str, list[float]]], keys: list[str], path: Path, title: str) -> Path:
    """One bar per (group, key) on a 0-1 scale, values printed on the bars, saved as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(len(groups), 1)
    for i, (label, values) in enumerate(groups):
        bars = axes.bar([x + i * width for x in range(len(keys))], values, width, label=label)
        axes.bar_label(bars, fmt="%.2f", fontsize=7)
    axes.set_xticks([x + width * (len(groups) - 1) / 2 for x in range(len(keys))], keys)
    axes.set_ylim(0, 1.08)
    axes.set_title(title)
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=max(len(groups), 1), frameon=False)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


# -- answers ----------------------------------------------------------------------------------


@dataclass
class AnswerRun:
    """One model's answers to a question set, with every sampling parameter held equal."""

    model: str
    metrics: dict[str, float | None] = field(default_factory=dict)
    answers: list[dict[str, Any]] = field(default_factory=list)


def keyword_hit(answer: str, keywords: tuple[str, ...]) -> bool:
    """Every keyword appears in the answer (case-insensitive; "a|b" accepts either spelling), its
    citation markers aside: "[3]" holds no 3. Typographic quotes count as plain ones: "file’s" (the
    manual's own apostrophe, copied) holds the keyword "file's"."""
    text = MARKER.sub(" ", answer).translate(_PLAIN_QUOTES).lower()
    return all(any(option.strip().translate(_PLAIN_QUOTES).lower() in text for option in k.split("|"))
               for k in keywords)


_PLAIN_QUOTES = str.maketrans({c: '"' for c in "“”„″"} | {c: "'" for c in "‘’‚′"})


def evaluate_answers(
    questions: list[Question], ask: Callable[[Question], dict[str, Any]], model: str, peak_rss_mb: Callable[[], float]
) -> AnswerRun:
    """Keyword accuracy, citation accuracy, refusal precision/recall, false refusals, latency, tokens/s,
    TTFT p50/p95, peak memory.

    Citation accuracy: of the answerable questions answered (not refused), the share whose citations
    include a gold source (on a gold page ±1 when the question gives pages: `cites_gold`). False
    refusals: the share of answerable questions refused. Latency: the whole answer (retrieval +
    generation). `ask` returns the answer contract (`kb ask --json`)."""
    run = AnswerRun(model=model)
    keyword_ok, cited_ok, latencies = [], [], []
    refused_right = refused_wrong = unanswerable_refused = 0
    unanswerable = sum(1 for q in questions if not q.answerable)
    ttfts, speeds = [], []
    for question in questions:
        result = ask(question)
        refused = bool(result["refused"])
        if not question.answerable:
            unanswerable_refused += refused
        if refused:
            refused_right += not question.answerable
            refused_wrong += question.answerable
        if question.answerable and question.answer_keywords:
            keyword_ok.append(not refused and keyword_hit(result["answer"], question.answer_keywords))
        if question.answerable and not refused:
            cited_ok.append(any(cites_gold(c, question) for c in result["citations"]))
        latencies.append(sum(result["timings"].get(k) or 0 for k in ("retrieval_ms", "generation_ms", "verify_ms")))
        if result["timings"]["ttft_ms"] is not None:
            ttfts.append(result["timings"]["ttft_ms"])
        if result["timings"]["tokens_per_s"]:
            speeds.append(result["timings"]["tokens_per_s"])
        run.answers.append({"id": question.id, "question": question.question, "answerable": question.answerable,
                            "answer": result["answer"], "refused": refused, "grounded": result["grounded"],
                            "citations": [c["source"] for c in result["citations"]],
                            "dropped": result.get("dropped", []), "refused_by": result.get("refused_by", ""), "doubt": result.get("doubt"),
                            "search_question": result.get("search_question", ""),
                            "model_called": result["timings"]["ttft_ms"] is not None})
    refusals = refused_right + refused_wrong
    run.metrics = {
        "questions": len(questions),
        "keyword_accuracy": round(statistics.fmean(keyword_ok), 4) if keyword_ok else None,
        "citation_accuracy": round(statistics.fmean(cited_ok), 4) if cited_ok else None,
        "refusal_precision": round(refused_right / refusals, 4) if refusals else None,
        "refusal_recall": round(unanswerable_refused / unanswerable, 4) if unanswerable else None,
        "false_refusals": round(refused_wrong / (len(questions) - unanswerable), 4) if len(questions) > unanswerable else None,
        "latency_ms_p50": round(_percentile(latencies, 50), 1) if latencies else None,
        "tokens_per_s": round(statistics.median(speeds), 2) if speeds else None,
        "ttft_ms_p50": round(_percentile(ttfts, 50), 1) if ttfts else None,
        "ttft_ms_p95": round(_percentile(ttfts, 95), 1) if ttfts else None,
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }
    return run


ANSWER_METRICS = ["keyword_accuracy", "citation_accuracy", "refusal_precision", "refusal_recall", "false_refusals",
                  "latency_ms_p50", "tokens_per_s", "ttft_ms_p50", "ttft_ms_p95", "peak_rss_mb"]


def answers_table(runs: list[AnswerRun]) -> str:
    """Models side by side: one column per model, one row per metric."""
    lines = ["| metric | " + " | ".join(r.model for r in runs) + " |", "|---" * (len(runs) + 1) + "|"]
    for key in ["questions", *ANSWER_METRICS]:
        cells = ["—" if r.metrics.get(key) is None else f"{r.metrics[key]:g}" for r in runs]
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def answers_chart(runs: list[AnswerRun], path: Path, title: str) -> Path:
    """Quality metrics (0-1) per model, as a PNG."""
    keys = ANSWER_METRICS[:4]
    groups = [(f"{r.model} ({r.metrics.get('tokens_per_s') or 0:g} tok/s)", [r.metrics.get(k) or 0.0 for k in keys])
              for r in runs]
    return grouped_bars(groups, keys, path, title)
