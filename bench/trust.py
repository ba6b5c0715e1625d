#!/usr/bin/env python
"""Is kb worth it? kb beside the naive RAG baseline (bench/naive.py), per corpus, in one run.

    .venv/bin/python bench/trust.py                                   # every corpus present, kb's default model
    .venv/bin/python bench/trust.py --corpus debian-faq --no-answers  # retrieval only
    .venv/bin/python bench/trust.py --corpus sample --limit 3 --model qwen2.5-coder-0.5b   # smoke run
    .venv/bin/python bench/trust.py --json                            # one JSON document instead of the tables
    .venv/bin/python bench/trust.py --corpus debian-faq --kb-only     # kb's answers alone (tuning runs)
    .venv/bin/python bench/trust.py --corpus debian-faq --regrade     # the recorded replies through today's checks

The baseline ("naive", defined exactly in bench/naive.py): kb's own loaders for the text, fixed
1,000-character chunks (overlap 0), all-MiniLM-L6-v2 through bare sentence-transformers, a bare
Chroma collection, dense top 5; a second naive retriever fuses that with SQLite FTS5 BM25 (unicode61)
by reciprocal rank fusion (k 60, top 40 of each); naive answers come from a one-message prompt
("Answer the question using only the context below ... reply exactly: <refusal>" + the 5 dense
chunks + the question) through `llama_cpp.Llama.create_chat_completion` on the same GGUF kb uses,
with kb's [llm] sampling and loading settings, and count as refused when they contain [llm]
refusal_en or refusal_zh.

Method, per corpus:

1. Index. kb ingests the corpus folder (incrementally, `prune`) into its own store,
   bench/.cache/trust/store-<corpus>/ (the [store] path overridden through `Settings.with_overrides`,
   nothing else changed); the naive index of exactly the files kb holds (`KnowledgeBase.documents()`)
   is cached in bench/.cache/trust/naive-<corpus>/. Re-runs re-read only changed files.
2. Retrieval, on the answerable questions, every retriever on a question before the next question:
   naive dense, naive dense+BM25 RRF, kb dense, kb lexical, kb hybrid (default settings: z-score
   fusion, per-document cap) and kb hybrid with [retrieval] fusion = "rrf". Each returns 5 hits (kb:
   `KnowledgeBase.search(q, 5, mode=..., rerank=False)`, the 5 passages an answer gets). recall@5: a
   hit among the 5 is relevant by `kb.evaluation.is_relevant` (gold file; PDF page within ±1); MRR@5:
   the mean of 1/rank of the first relevant hit within the 5 (0 when none).
3. Answers (unless --no-answers), all questions, naive and kb (default settings, the same model
   file, loaded once each) interleaved question by question, the side that goes first alternating, so
   background load on a shared machine hits both alike. kb: `KnowledgeBase.answerer(model).ask(q)`.
   The metrics are `kb.evaluation.evaluate_answers`'s, computed from the recorded answers: keyword
   accuracy (answerable questions with keywords, answered and holding every keyword, by
   `keyword_hit`), citation accuracy (kb only: answerable questions answered whose citations include
   a gold source), refusal recall (unanswerable questions refused), false refusals (answerable
   questions refused), latency p50 as evaluate_answers sums an answer's timings (retrieval_ms +
   generation_ms, and kb's verify_ms where kb reports one; kb's prompt packing and grounding check
   fall outside it, so the "whole call" row adds the wall time of each side's ask).

Output: one markdown table per corpus (stdout), and bench/.cache/trust/<corpus>.json with every figure,
each question's retrieval ranks and both answers (the previous file is kept as <corpus>.previous.json).
kb's answers keep the model's raw reply and the numbered passages it was given, so `--regrade`
can replay them through a changed version of the checks that run after the model (refusal
recognition, attribution, grounding) in a second, without generating again. The term check
before the model is not replayed: it read the search's hits, which the record does not keep (the
passages given to the model are fewer), so its live decision stands. A regraded figure is the same replies judged by newer checks; it is a
tuning tool, and a held-out figure still comes from a fresh run.

Corpora: sample (corpora/sample), debian-manual (bench/debian_manual.py lays it out), debian-faq
(bench/debian_faq.py), and every held-out set found as bench/.cache/heldout/<name>/corpus with
corpora/heldout-<name>-questions.jsonl (named heldout-<name>). A missing corpus is skipped with the
script that builds it. --limit N takes the first N questions (smoke runs); --only ID the questions
named (a quick A/B of a change, saved as <corpus>.only.json beside the whole set's record); a
retrieval-only run (--no-answers) is saved as <corpus>.search.json, so the recorded replies stay.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # before bench/ (the script's folder): bench/ingest.py is not the ingest package
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))

from kb.answer.citations import Citation  # noqa: E402
from kb.answer.generation import Answerer  # noqa: E402
from kb.answer.records import Answer  # noqa: E402
from kb.evaluation import Question, evaluate_answers, is_relevant, keyword_hit, load_questions, on_gold  # noqa: E402
from kb.models.embedder import resolve_model_path  # noqa: E402
from kb.models.registry import ModelManager  # noqa: E402
from kb.service import KnowledgeBase, PeakMemory, open_chat_model  # noqa: E402
from kb.settings import EmbeddingSettings, Settings, load_settings  # noqa: E402
from naive import CHUNK_CHARS, NAIVE_EMBEDDING, OVERLAP, TOP_K, Encoder, NaiveGenerator, NaiveIndex  # noqa: E402

CACHE = ROOT / "bench/.cache/trust"
RETRIEVERS = ["naive dense", "naive rrf", "kb dense", "kb lexical", "kb hybrid", "kb hybrid rrf"]
HEADER = "| measure | naive (1,000-char, dense top 5) | naive dense+BM25 RRF | kb |"

log = logging.getLogger("bench.trust")


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Corpus:
    name: str
    folder: Path
    questions: Path
    builder: str

    def missing(self) -> str:
        if not self.folder.is_dir():
            return f"{self.name}: skipped, {self.folder.relative_to(ROOT)} is missing (built by {self.builder})"
        if not self.questions.is_file():
            return f"{self.name}: skipped, {self.questions.relative_to(ROOT)} is missing"
        return ""


def known_corpora() -> list[Corpus]:
    found = [
        Corpus("sample", ROOT / "corpora/sample", ROOT / "corpora/sample-questions.jsonl", "corpora/build_sample.py"),
        Corpus("debian-manual", ROOT / "bench/.cache/debian/corpus", ROOT / "corpora/debian-questions.jsonl",
               ".venv/bin/python bench/debian_manual.py"),
        Corpus("debian-faq", ROOT / "bench/.cache/debian-faq/corpus", ROOT / "corpora/debian-faq-questions.jsonl",
               ".venv/bin/python bench/debian_faq.py"),
    ]
    names = {p.name for p in (ROOT / "bench/.cache/heldout").glob("*") if p.is_dir()}
    names |= {p.name[len("heldout-"):-len("-questions.jsonl")] for p in (ROOT / "corpora").glob("heldout-*-questions.jsonl")}
    for name in sorted(names):
        found.append(Corpus(f"heldout-{name}", ROOT / "bench/.cache/heldout" / name / "corpus",
                            ROOT / f"corpora/heldout-{name}-questions.jsonl",
                            ".venv/bin/python bench/heldout.py" if (ROOT / "bench/heldout.py").is_file()
                            else f"the script that lays out bench/.cache/heldout/{name}/corpus"))
    return found


# -- figures ------------------------------------------------------------------------------------


def percentile(values: list[float], pct: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]  # as kb.evaluation does


def retrieval(questions: list[Question], runs: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """recall@5 and MRR@5 of every retriever over the answerable questions, interleaved per question."""
    answerable = [q for q in questions if q.answerable]
    ranks: dict[str, list[int | None]] = {name: [] for name in runs}
    latencies: dict[str, list[float]] = {name: [] for name in runs}
    rows = []
    names = list(runs)
    for i, q in enumerate(answerable):
        row: dict[str, Any] = {"id": q.id, "question": q.question, "language": q.language, "gold_sources": list(q.gold_sources),
                               "gold_pages": list(q.gold_pages)}
        for name in names[i % len(names):] + names[: i % len(names)]:  # rotate who goes first
            started = time.perf_counter()
            hits = runs[name](q.question)[:TOP_K]
            latencies[name].append((time.perf_counter() - started) * 1000)
            first = next((rank for rank, hit in enumerate(hits, 1) if is_relevant(hit, q)), None)
            ranks[name].append(first)
            row[name] = {"first_relevant": first, "hits": [f"{h.source}" + (f" p.{h.page}" if h.page is not None else "") for h in hits]}
        rows.append(row)
    figures = {}
    for name in names:
        def summary(selected: list[int | None]) -> dict[str, float | int]:
            return {"recall@5": round(statistics.fmean(r is not None for r in selected), 4) if selected else None,
                    "mrr@5": round(statistics.fmean(1.0 / r if r else 0.0 for r in selected), 4) if selected else None,
                    "questions": len(selected)}

        figures[name] = {"all": summary(ranks[name])}
        for lang in sorted({q.language for q in answerable}):
            figures[name][lang] = summary([r for r, q in zip(ranks[name], answerable) if q.language == lang])
        p50 = percentile(latencies[name], 50)
        figures[name]["latency_ms_p50"] = round(p50, 1) if p50 is not None else None
    return figures, rows


def answers(questions: list[Question], kb: KnowledgeBase, chat_model: Any, naive: NaiveIndex,
            generator: NaiveGenerator, kb_only: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Naive and kb answer every question, interleaved, the first side alternating (kb alone with
    `kb_only`). kb's answers keep the model's raw reply and the numbered passages it saw, so that
    `--regrade` can run later versions of the checks after the model on the same replies."""
    answerer = kb.answerer(chat_model)
    names = ["kb"] if kb_only else ["naive", "kb"]
    results: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in names}
    wall: dict[str, dict[str, float]] = {name: {} for name in names}
    first: dict[str, str] = {}

    def ask_naive(q: Question) -> dict[str, Any]:
        return generator.ask(q.question, lambda text: naive.dense(text, TOP_K))

    def ask_kb(q: Question) -> dict[str, Any]:
        passages: list[dict[str, Any]] = []
        pieces: list[str] = []
        for event in answerer.stream(q.question):
            if event.kind == "sources":
                passages = [{"n": p.n, "label": p.label, "text": p.text, **p.citation().to_dict()} for p in event.data]
            elif event.kind == "token":
                pieces.append(event.data)
            else:
                done = event.data.to_dict()
        model_called = done["timings"]["ttft_ms"] is not None
        return {**done, "raw": "".join(pieces) if model_called else None, "passages": passages}

    sides = [(name, {"naive": ask_naive, "kb": ask_kb}[name]) for name in names]
    with PeakMemory() as memory:
        for i, q in enumerate(questions):
            order = sides if i % 2 == 0 else sides[::-1]
            first[q.id] = order[0][0]
            for name, ask in order:
                started = time.perf_counter()
                results[name][q.id] = ask(q)
                wall[name][q.id] = (time.perf_counter() - started) * 1000
            say(f"  {i + 1}/{len(questions)} {q.id}: " + ", ".join(
                f"{name} {'refused' if results[name][q.id]['refused'] else 'answered'} ({wall[name][q.id] / 1000:.1f} s)"
                for name in names))
        runs = {name: evaluate_answers(questions, lambda q, name=name: results[name][q.id], name, memory.peak_mb)
                for name in results}
    figures: dict[str, Any] = {}
    for name, run in runs.items():
        metrics = dict(run.metrics)
        p50 = percentile(list(wall[name].values()), 50)
        metrics["wall_ms_p50"] = round(p50, 1) if p50 is not None else None
        metrics["counts"] = counts(questions, run.answers)
        figures[name] = metrics
    figures["kb"]["passages"] = answered_passages(questions, results["kb"])
    if "naive" in figures:
        figures["naive"]["citation_accuracy"] = None  # naive answers carry no citations
        figures["naive"]["refused_kb_rule"] = sum(bool(r.get("refused_kb_rule")) for r in results["naive"].values())
    rows = []
    for q in questions:
        row = {"id": q.id, "question": q.question, "language": q.language, "answerable": q.answerable,
               "answer_keywords": list(q.answer_keywords), "gold_sources": list(q.gold_sources), "first": first[q.id]}
        if "naive" in results:
            n = results["naive"][q.id]
            row["naive"] = {"answer": n["answer"], "refused": n["refused"], "refused_kb_rule": n["refused_kb_rule"],
                            "keyword_hit": keyword_hit(n["answer"], q.answer_keywords) if q.answer_keywords and not n["refused"] else None,
                            "context": n["context"], "chunks_used": n["chunks_used"], "timings": n["timings"],
                            "wall_ms": round(wall["naive"][q.id], 1)}
        row["kb"] = {**kb_row(q, results["kb"][q.id]), "wall_ms": round(wall["kb"][q.id], 1)}
        rows.append(row)
    return figures, rows


def answered_passages(questions: list[Question], kb: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """recall@5 and MRR@5 of the passages kb's answers were given, in their order: what the
    retrieval rows measure, plus what the answer path adds (a Chinese question's English
    translation searched too, the passage holding a term the question names). A question refused
    before retrieval's passages were numbered (the relevance gate) found none."""
    ranks = {}
    for q in questions:
        if q.answerable:
            passages = kb[q.id].get("passages") or []
            ranks[q.id] = next((rank for rank, p in enumerate(passages[:TOP_K], 1)
                                if on_gold(p.get("source") or "", p.get("page"), p.get("page_end"), q)), None)

    def summary(selected: list[int | None]) -> dict[str, float | int | None]:
        return {"recall@5": round(statistics.fmean(r is not None for r in selected), 4) if selected else None,
                "mrr@5": round(statistics.fmean(1.0 / r if r else 0.0 for r in selected), 4) if selected else None,
                "questions": len(selected)}

    answerable = [q for q in questions if q.answerable]
    figures = {"all": summary([ranks[q.id] for q in answerable])}
    for lang in sorted({q.language for q in answerable}):
        figures[lang] = summary([ranks[q.id] for q in answerable if q.language == lang])
    return figures


def kb_row(q: Question, k: dict[str, Any]) -> dict[str, Any]:
    return {"answer": k["answer"], "refused": k["refused"], "grounded": k["grounded"],
            "keyword_hit": keyword_hit(k["answer"], q.answer_keywords) if q.answer_keywords and not k["refused"] else None,
            "citations": [{"n": c["n"], "source": c["source"], "page": c["page"], "page_end": c.get("page_end")}
                          for c in k["citations"]],
            "dropped": k.get("dropped", []), "refused_by": k.get("refused_by"), "doubt": k.get("doubt"),
            "search_question": k.get("search_question"), "retried": k.get("retried") or "",
            "model_called": k["timings"]["ttft_ms"] is not None,
            "timings": k["timings"], "raw": k.get("raw"), "passages": k.get("passages", [])}


def counts(questions: list[Question], answered: list[dict[str, Any]]) -> dict[str, int]:
    """The denominators of evaluate_answers' ratios (for the table's "(k/n)")."""
    by_id = {a["id"]: a for a in answered}
    return {
        "keyword": sum(1 for q in questions if q.answerable and q.answer_keywords),
        "citation": sum(1 for q in questions if q.answerable and not by_id[q.id]["refused"]),
        "unanswerable": sum(1 for q in questions if not q.answerable),
        "answerable": sum(1 for q in questions if q.answerable),
    }


# -- the table ----------------------------------------------------------------------------------


def fraction(value: float | None, total: int | None = None) -> str:
    if value is None:
        return "—"
    return f"{value:.3f}" + (f" ({round(value * total)}/{total})" if total else "")


def pair(figure: dict[str, Any]) -> str:
    m = figure["all"]
    return "—" if m["recall@5"] is None else f"{m['recall@5']:.3f} / {m['mrr@5']:.3f}"


def seconds(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f} s"


def table(result: dict[str, Any]) -> str:
    r = result["retrieval"]
    n_answerable = r["kb hybrid"]["all"]["questions"]
    lines = [HEADER, "|---|---|---|---|",
             f"| recall@5 / MRR@5 ({n_answerable} answerable; kb: hybrid, default) | {pair(r['naive dense'])} | "
             f"{pair(r['naive rrf'])} | {pair(r['kb hybrid'])} |",
             f"| kb dense: recall@5 / MRR@5 | | | {pair(r['kb dense'])} |",
             f"| kb lexical: recall@5 / MRR@5 | | | {pair(r['kb lexical'])} |",
             f"| kb hybrid rrf: recall@5 / MRR@5 | | | {pair(r['kb hybrid rrf'])} |"]
    a = result.get("answers")
    if a:
        k = a["kb"]
        n = a.get("naive") or {key: None for key in k} | {"counts": {key: None for key in k["counts"]}}
        nc, kc = n["counts"], k["counts"]
        if k.get("passages"):
            lines.append(f"| kb answers' passages (translation searched too): recall@5 / MRR@5 | | | {pair(k['passages'])} |")
        lines += [
            f"| keyword accuracy | {fraction(n['keyword_accuracy'], nc['keyword'])} | — | {fraction(k['keyword_accuracy'], kc['keyword'])} |",
            f"| citation accuracy | — | — | {fraction(k['citation_accuracy'], kc['citation'])} |",
            f"| refusal recall | {fraction(n['refusal_recall'], nc['unanswerable'])} | — | {fraction(k['refusal_recall'], kc['unanswerable'])} |",
            f"| false refusals | {fraction(n['false_refusals'], nc['answerable'])} | — | {fraction(k['false_refusals'], kc['answerable'])} |",
            f"| latency p50 (as kb.evaluation counts it) | {seconds(n['latency_ms_p50'])} | — | {seconds(k['latency_ms_p50'])} |",
            f"| latency p50, whole call | {seconds(n['wall_ms_p50'])} | — | {seconds(k['wall_ms_p50'])} |",
        ]
    i = result["index"]
    notes = [f"{result['corpus']}: {i['files']} files; naive {i['naive_chunks']} chunks, kb {i['kb_chunks']} chunks; "
             f"{result['questions']['total']} questions ({result['questions']['answerable']} answerable)"
             + (f", first {result['limit']} only" if result["limit"] else "")
             + (f"; model {result['model']}" if a else "; retrieval only")]
    if a:
        notes.append(f"tokens/s p50 naive {n['tokens_per_s']}, kb {k['tokens_per_s']}; naive answers kb's "
                     f"refusal recogniser would call refusals: {n.get('refused_kb_rule')}"
                     if a.get("naive") else f"tokens/s p50 kb {k['tokens_per_s']}; kb only (--kb-only)")
    return "\n".join([f"### {result['corpus']}", "", *lines, "", *notes])


# -- one corpus ---------------------------------------------------------------------------------


class Models:
    """kb's chat model and the naive one, each loaded once for every corpus."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.kb = None
        self.naive = None

    def load(self) -> tuple[Any, NaiveGenerator]:
        if self.kb is None:
            manager = ModelManager(self.settings)
            name = self.settings.llm.model
            say(f"loading {name} for kb and for naive")
            self.kb = open_chat_model(self.settings, manager)  # verifies the file against the registry
            self.naive = NaiveGenerator(manager.path(name), self.settings.llm, manager.spec(name).context_length, name)
        return self.kb, self.naive

    def close(self) -> None:
        for model in (self.kb, self.naive):
            if model is not None:
                model.close()


def run_corpus(corpus: Corpus, base: Settings, encoder: Encoder, models: Models, args: argparse.Namespace) -> dict[str, Any]:
    # A store keeps the embedding model it was built with: another model (KB_EMBEDDING__MODEL) gets its own.
    model = base.embedding.model
    suffix = "" if model == EmbeddingSettings().model else "-" + re.sub(r"[^A-Za-z0-9.]+", "-", Path(model).name)
    settings = base.with_overrides(store={"path": str(CACHE / f"store-{corpus.name}{suffix}")})
    questions = load_questions(corpus.questions)
    if args.limit:
        questions = questions[: args.limit]
    if args.only:
        questions = [q for q in questions if q.id in args.only]
    with KnowledgeBase(settings) as kb:
        say(f"{corpus.name}: kb ingest of {corpus.folder.relative_to(ROOT)} into {Path(settings.store.path).relative_to(ROOT)}")
        report = kb.ingest([corpus.folder], prune=True)
        for failed in report.files_failed:
            say(f"  kb failed: {failed['path']}: {failed['error']}")
        docs = kb.documents()
        files = [(Path(d.root) / d.source, d.source) for d in docs]
        say(f"  kb: {report.files_added} added, {report.files_updated} updated, {report.files_unchanged} unchanged, "
            f"{report.files_removed} removed in {report.seconds:.1f} s; naive index of the same {len(files)} files")
        naive = NaiveIndex(CACHE / f"naive-{corpus.name}", encoder)
        naive_report = naive.update(files)
        say(f"  naive: {naive_report['added']} added, {naive_report['updated']} updated, {naive_report['unchanged']} unchanged, "
            f"{naive_report['removed']} removed in {naive_report['seconds']:.1f} s ({naive_report['chunks']} chunks)")
        for failed in naive_report["failed"]:
            say(f"  naive failed: {failed['source']}: {failed['error']}")
        rrf = KnowledgeBase(settings.with_overrides(retrieval={"fusion": "rrf"}), embedder=kb.embedder)
        try:
            runs = {
                "naive dense": lambda q: naive.dense(q, TOP_K),
                "naive rrf": lambda q: naive.hybrid(q, TOP_K),
                "kb dense": lambda q: kb.search(q, TOP_K, mode="dense", rerank=False),
                "kb lexical": lambda q: kb.search(q, TOP_K, mode="lexical", rerank=False),
                "kb hybrid": lambda q: kb.search(q, TOP_K, mode="hybrid", rerank=False),
                "kb hybrid rrf": lambda q: rrf.search(q, TOP_K, mode="hybrid", rerank=False),
            }
            for search in runs.values():  # warm-up: model loads and first-query costs out of the timings
                search("warm-up query")
            say(f"  retrieval: {sum(q.answerable for q in questions)} answerable questions x {len(runs)} retrievers")
            figures, per_question = retrieval(questions, runs)
        finally:
            rrf.close()
        result: dict[str, Any] = {
            "corpus": corpus.name, "folder": str(corpus.folder), "questions_file": str(corpus.questions),
            "limit": args.limit or None, "only": args.only or None, "model": None if args.no_answers else settings.llm.model,
            "questions": {"total": len(questions), "answerable": sum(q.answerable for q in questions)},
            "index": {"files": len(files), "kb_chunks": kb.store.count_chunks(), "naive_chunks": naive.count(),
                      "kb_ingest": report.to_dict(), "naive_index": naive_report},
            "naive": {"chunk_chars": CHUNK_CHARS, "overlap": OVERLAP, "top_k": TOP_K, "rrf_k": 60, "candidates": 40,
                      "embedding_folder": str(encoder.folder)},
            "settings": {"retrieval": _struct(settings.retrieval), "llm": {k: getattr(settings.llm, k) for k in (
                "model", "temperature", "top_k", "top_p", "repeat_penalty", "max_tokens", "seed", "n_ctx", "n_threads",
                "n_batch", "n_gpu_layers", "chat_format", "grounding")}},
            "retrieval": figures, "answers": None,
            "per_question_retrieval": per_question, "per_question_answers": None,
        }
        if not args.no_answers:
            chat_model, generator = models.load()
            say(f"  answers: {len(questions)} questions, " + ("kb only" if args.kb_only else "naive and kb interleaved"))
            result["answers"], result["per_question_answers"] = answers(questions, kb, chat_model, naive, generator, args.kb_only)
        naive.close()
    result["table"] = table(result)
    return result


def _struct(value: Any) -> dict[str, Any]:
    import msgspec

    return msgspec.to_builtins(value)


# -- replaying recorded replies through the current checks ----------------------------------------


@dataclass
class RecordedPassage:
    """A numbered passage as a run recorded it (the `Cited` protocol)."""

    n: int
    text: str
    label: str
    fields: dict[str, Any]

    def citation(self) -> Citation:
        fields = {k: self.fields.get(k) for k in Citation.__dataclass_fields__}
        # (runs before citations carried page_end: the label's "pp. 158-160" gives it)
        pages = re.search(r"· pp\. (\d+)-(\d+)(?: ·|$)", self.label)
        if fields["page_end"] is None and pages:
            fields["page_end"] = int(pages.group(2))
        return Citation(**fields)


def replay(corpus: Corpus, settings: Settings) -> tuple[list[Question], dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """kb's recorded replies of the last run on `corpus` through the current checks after the model
    (refusal recognition, attribution, grounding): the questions in order, kb's rows as recorded
    and as the checks judge them now, and the questions whose answer changed. Questions refused
    before the model was called stay as they were (their reply was never generated), and the term
    check's live decision stands (it read search hits the record does not keep)."""
    recorded = json.loads((CACHE / f"{corpus.name}.json").read_text(encoding="utf-8"))
    if not recorded.get("per_question_answers"):
        sys.exit(f"{corpus.name}: the last run has no answers to regrade")
    questions = {q.id: q for q in load_questions(corpus.questions)}
    answerer = Answerer(settings.llm, search=lambda query, top_k: [], is_relevant=lambda hits, query: True,
                        model=lambda: None, model_name=recorded.get("model") or "")  # type: ignore[arg-type,return-value]
    before, after, changed = {}, {}, []
    for row in recorded["per_question_answers"]:
        q, k = questions[row["id"]], row["kb"]
        before[q.id] = {**k, "citations": [{**c} for c in k["citations"]]}
        if k.get("raw") is None:
            if k.get("model_called"):
                sys.exit(f"{corpus.name}: recorded before replies were kept; run bench/trust.py --corpus {corpus.name} again")
            after[q.id] = before[q.id]
            continue
        passages = [RecordedPassage(p["n"], p["text"], p["label"], p) for p in k["passages"]]
        # A Chinese question kb retried in English was answered as its English version; one
        # answered in Chinese was checked as asked, its translation only searched.
        asked = k.get("search_question") or q.question if k.get("retried") == "english" else q.question
        answer = Answer(question=q.question, language=row.get("language", "en"), standalone_question=asked,
                        search_question=k.get("search_question") or "", timings=dict(k["timings"]),
                        translated_from=q.question if k.get("retried") == "english" else "")
        answerer.conclude(answer, k["raw"], passages)  # type: ignore[arg-type]
        new = answer.to_dict()
        after[q.id] = {**kb_row(q, new), "raw": k["raw"], "passages": k["passages"]}
        if (new["refused"], new["answer"]) != (k["refused"], k["answer"]):
            changed.append({"id": q.id, "answerable": q.answerable, "question": q.question,
                            "before": {"refused": k["refused"], "refused_by": k["refused_by"], "answer": k["answer"]},
                            "after": {"refused": new["refused"], "refused_by": new["refused_by"], "answer": new["answer"],
                                      "dropped": new["dropped"]}})
    ordered = [questions[row["id"]] for row in recorded["per_question_answers"]]
    return ordered, before, after, changed


def regrade(corpus: Corpus, settings: Settings) -> dict[str, Any]:
    """The figures of `replay`: what a change to the checks after the model does, without generating again."""
    ordered, before, after, changed = replay(corpus, settings)
    figures = {}
    for name, rows in (("before", before), ("after", after)):
        run = evaluate_answers(ordered, lambda q, rows=rows: rows[q.id], name, lambda: 0.0)
        figures[name] = {key: run.metrics.get(key) for key in
                         ("keyword_accuracy", "citation_accuracy", "refusal_recall", "false_refusals")}
    return {"corpus": corpus.name, "figures": figures, "changed": changed}


def regrade_table(result: dict[str, Any]) -> str:
    b, a = result["figures"]["before"], result["figures"]["after"]
    lines = [f"### {result['corpus']} (regraded)", "", "| measure | recorded | current checks |", "|---|---|---|"]
    lines += [f"| {key.replace('_', ' ')} | {fraction(b[key])} | {fraction(a[key])} |" for key in b]
    for c in result["changed"]:
        lines.append(f"- {c['id']} ({'answerable' if c['answerable'] else 'unanswerable'}): "
                     f"{c['before']['refused_by'] or 'answered'} -> {c['after']['refused_by'] or 'answered'}: "
                     f"{c['after']['answer'][:160]!r} {c['after']['dropped'][:2]}")
    return "\n".join(lines)


def save(result: dict[str, Any]) -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    # A run on chosen questions (--only) never replaces the record of the whole set, nor a
    # retrieval-only run (--no-answers) the recorded replies that --regrade and checks.py replay.
    kind = ".only" if result.get("only") else ".search" if result.get("per_question_answers") is None else ""
    path = CACHE / f"{result['corpus']}{kind}.json"
    if path.exists():
        shutil.copy2(path, path.with_suffix(".previous.json"))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", action="append", metavar="NAME", help="a corpus to run (repeatable; default: every one present)")
    parser.add_argument("--model", help="chat model from the registry (default: [llm] model)")
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="only the first N questions (smoke runs)")
    parser.add_argument("--only", action="append", metavar="ID",
                        help="only this question (repeatable; A/B runs of a change; saved as <corpus>.only.json)")
    parser.add_argument("--no-answers", action="store_true", help="retrieval only")
    parser.add_argument("--json", action="store_true", help="print every figure as one JSON document instead of the tables")
    parser.add_argument("--kb-only", action="store_true", help="answers from kb alone (tuning runs: half the time)")
    parser.add_argument("--regrade", action="store_true",
                        help="replay the last run's recorded kb replies through the current checks (no generation)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")

    base = load_settings(ROOT / "settings.toml")
    if args.model:
        base = base.with_overrides(llm={"model": args.model})
    corpora = known_corpora()
    by_name = {c.name: c for c in corpora}
    if args.corpus:
        unknown = [n for n in args.corpus if n not in by_name]
        if unknown:
            parser.error(f"unknown corpus {', '.join(unknown)} (known: {', '.join(by_name)})")
        chosen = [by_name[n] for n in dict.fromkeys(args.corpus)]
    else:
        chosen = corpora
    skipped = [c.missing() for c in chosen if c.missing()]
    for line in skipped:
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)
    chosen = [c for c in chosen if not c.missing()]
    if not chosen:
        sys.exit("no corpus to run")
    if args.only:
        known = {q.id for corpus in chosen for q in load_questions(corpus.questions)}
        unknown = sorted(set(args.only) - known)
        if unknown:
            parser.error(f"--only: no question {', '.join(unknown)} in {', '.join(c.name for c in chosen)}")

    if args.regrade:
        regraded = [regrade(corpus, base) for corpus in chosen if (CACHE / f"{corpus.name}.json").exists()]
        print(json.dumps(regraded, indent=1, ensure_ascii=False) if args.json else
              "\n\n".join(regrade_table(r) for r in regraded))
        return
    encoder = Encoder(resolve_model_path(NAIVE_EMBEDDING), base.embedding.device, base.embedding.batch_size)
    models = Models(base)
    results = []
    try:
        for corpus in chosen:
            result = run_corpus(corpus, base, encoder, models, args)
            path = save(result)
            say(f"  wrote {path.relative_to(ROOT)}")
            results.append(result)
            if not args.json:
                print(result["table"] + "\n", flush=True)
    finally:
        models.close()
    if args.json:
        print(json.dumps({"skipped": skipped, "corpora": results}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
