#!/usr/bin/env python
"""Which fusion carries over? kb's hybrid fusion settings swept over the tuning corpora, retrieval only.

    .venv/bin/python bench/trust.py --corpus NAME --no-answers      # first: builds bench/.cache/trust/store-NAME
    .venv/bin/python bench/fusion.py --corpus NAME [--corpus ...]    # then: every variant on every corpus
    .venv/bin/python bench/fusion.py --corpus NAME --json
    .venv/bin/python bench/fusion.py --corpus NAME --translate         # + Chinese questions searched in English too

Per answerable question, kb's two candidate lists are fetched once, exactly as `Retriever.search`
fetches them (`Store.dense` of the query's embedding and `Store.lexical_search`, [retrieval]
candidates each, bare hits); every variant then fuses those same lists offline with kb's own
functions (`fuse_zscore`, `fuse_convex`, `fuse`) and cuts them with `cap_per_document` to 5, so
the variants differ only in fusion, in how many candidates each list gives it, or in the
per-document cap. A hit is relevant by `kb.evaluation.is_relevant` (gold file;
PDF page within ±1), as in bench/trust.py, whose figures for the default variant these equal.

With --translate, one more variant: `[llm] translate_questions` as `Answerer.stream` runs it, each
Chinese question searched as asked and as the chat model translates it (`Answerer.translate`,
greedy, cached in bench/.cache/fusion/), the two rankings merged by `merge_rankings`.

The offline variants spell out their fusion (z-score, lexical weight 1); "default + English
query" goes through `KnowledgeBase.search`, so it uses the settings file's fusion: the two compare
while that file keeps kb's shipped fusion.

The corpora named are the ones settings may be chosen on (tuning sets); a held-out set is never
passed here before its held-out run. The summary ranks variants by their worst corpus (the
lowest recall@5, then the lowest MRR@5), then by their mean: a setting must carry over to every
corpus, not win on average.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))

from kb.answer.generation import merge_rankings  # noqa: E402
from kb.evaluation import is_relevant, load_questions  # noqa: E402
from kb.records import Hit  # noqa: E402
from kb.retrieval import cap_per_document, fuse, fuse_convex, fuse_zscore  # noqa: E402
from kb.service import KnowledgeBase  # noqa: E402
from kb.settings import load_settings  # noqa: E402
from trust import CACHE, known_corpora, say  # noqa: E402

TOP_K = 5


POOLS = (20, 80)  # candidate pools tried besides [retrieval] candidates, with the default fusion
CAPS = (0, 2, 5)  # per-document caps tried besides [retrieval] per_document, with the default fusion
NO_GLOSSARY = "default, glossary off"  # a Chinese question's nouns not searched in English ([retrieval] glossary)


def variants(weight: float, pool: int, cap: int) -> dict[str, tuple[Any, int, int]]:
    """name -> (function(dense, lexical) -> fused hits, candidates per list, per-document cap).
    Weights are the dense one; lexical is 1. "default" is the settings' own (z-score fusion)."""
    def zscore(w: float) -> Any:
        return lambda d, lx: fuse_zscore([("dense", w, d), ("lexical", 1.0, lx)])

    out: dict[str, tuple[Any, int, int]] = {"default": (zscore(weight), pool, cap),
                                            "dense only": (lambda d, lx: list(d), pool, cap),
                                            "lexical only": (lambda d, lx: list(lx), pool, cap)}
    for w in (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0):
        out[f"zscore w={w}"] = (zscore(w), pool, cap)
    for w in (1.0, 1.5, 2.0):
        out[f"convex w={w}"] = (lambda d, lx, w=w: fuse_convex([("dense", w, d), ("lexical", 1.0, lx)]), pool, cap)
    for k in (10, 60):
        for w in (1.0, 1.5, 2.0):
            out[f"rrf k={k} w={w}"] = (lambda d, lx, k=k, w=w: fuse([("dense", w, d), ("lexical", 1.0, lx)], k), pool, cap)
    for n in POOLS:
        out[f"default, {n} candidates"] = (zscore(weight), n, cap)
    for c in CAPS:
        out[f"default, per_document {c}"] = (zscore(weight), pool, c)
    out[NO_GLOSSARY] = (zscore(weight), pool, cap)  # BM25 of the question as written
    return out


def copies(hits: list[Hit]) -> list[Hit]:
    """Fresh bare hits: the fusion functions write scores and `explain` into the hits they get."""
    return [Hit(doc_id=h.doc_id, chunk_id=h.chunk_id, source=h.source, page=h.page, heading="", score=h.score, text="",
                page_end=h.page_end, sha256=h.sha256) for h in hits]


def translations(questions: list[Any], settings: Any) -> dict[str, str]:
    """The chat model's English version of each Chinese question, as `[llm] translate_questions`
    gets it (`Answerer.translate`), cached in bench/.cache/fusion/translations.json by question
    and model (the model is loaded only for questions not cached)."""
    from kb.models.registry import ModelManager
    from kb.service import open_chat_model

    path = CACHE.parent / "fusion" / "translations.json"
    cached = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    key = settings.llm.model
    todo = [q.question for q in questions if q.language == "zh" and q.question not in cached.get(key, {})]
    if todo:
        model = open_chat_model(settings, ModelManager(settings))
        try:
            with KnowledgeBase(settings) as kb:
                answerer = kb.answerer(model)
                for question in todo:
                    cached.setdefault(key, {})[question] = answerer.translate(question)
                    say(f"  {question[:40]} -> {cached[key][question][:80]}")
        finally:
            model.close()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(cached, ensure_ascii=False, indent=1), encoding="utf-8")
    return cached.get(key, {})


def sweep(name: str, settings_path: Path, translate: bool = False) -> dict[str, Any]:
    corpus = {c.name: c for c in known_corpora()}[name]
    store = CACHE / f"store-{name}"
    if not store.is_dir():
        sys.exit(f"{name}: no store at {store.relative_to(ROOT)}; run bench/trust.py --corpus {name} --no-answers first")
    settings = load_settings(settings_path).with_overrides(store={"path": str(store)})
    questions = [q for q in load_questions(corpus.questions) if q.answerable]
    pool, cap = settings.retrieval.candidates, settings.retrieval.per_document
    table = variants(settings.retrieval.dense_weight, pool, cap)
    fetch = max(pool, *POOLS)
    english = translations(questions, settings) if translate else {}
    if translate:
        table["default + English query"] = (None, pool, cap)
    ranks: dict[str, list[int | None]] = {v: [] for v in table}
    with KnowledgeBase(settings) as kb:
        retriever = kb.retriever
        for q in questions:
            dense = kb.store.dense(retriever.embedder.embed_query(q.question), fetch, hydrate=False)
            lexical = kb.store.lexical_search(retriever.lexical_query(q.question), fetch, hydrate=False)
            plain = kb.store.lexical_search(q.question, fetch, hydrate=False)
            union = {h.chunk_id: h for h in copies(dense) + copies(lexical) + copies(plain)}
            full = {h.chunk_id: h for h in kb.store.hydrate(list(union.values()))}
            for variant, (fusion, n, c) in table.items():
                if fusion is None:  # the question and its English version searched, merged as ask() merges them
                    queries = [q.question] + ([english[q.question]] if english.get(q.question) else [])
                    kept = merge_rankings([kb.search(query, TOP_K, rerank=False) for query in queries], TOP_K)
                    ranks[variant].append(next((r for r, h in enumerate(kept, 1) if is_relevant(h, q)), None))
                    continue
                bm25 = plain if variant == NO_GLOSSARY else lexical
                kept = cap_per_document(fusion(copies(dense[:n]), copies(bm25[:n])), c, TOP_K)
                first = next((r for r, h in enumerate(kept, 1) if h.chunk_id in full and is_relevant(full[h.chunk_id], q)), None)
                ranks[variant].append(first)
    def figure(rs: list[int | None]) -> dict[str, float]:
        return {"recall@5": round(statistics.fmean(r is not None for r in rs), 4),
                "mrr@5": round(statistics.fmean(1.0 / r if r else 0.0 for r in rs), 4)}

    chinese = [i for i, q in enumerate(questions) if q.language == "zh"]
    return {"corpus": name, "questions": len(questions), "figures": {v: figure(rs) for v, rs in ranks.items()},
            "chinese": {v: figure([rs[i] for i in chinese]) for v, rs in ranks.items()} if chinese else {}}


def summary(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for v in results[0]["figures"]:
        recalls = [r["figures"][v]["recall@5"] for r in results]
        mrrs = [r["figures"][v]["mrr@5"] for r in results]
        rows.append({"variant": v, "min_recall": min(recalls), "min_mrr": min(mrrs),
                     "mean_recall": round(statistics.fmean(recalls), 4), "mean_mrr": round(statistics.fmean(mrrs), 4)})
    return sorted(rows, key=lambda r: (-r["min_recall"], -r["min_mrr"], -r["mean_mrr"], -r["mean_recall"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", action="append", required=True, metavar="NAME", help="a tuning corpus (repeatable)")
    parser.add_argument("--settings", type=Path, default=ROOT / "settings.toml")
    parser.add_argument("--json", action="store_true", help="every figure as one JSON document")
    parser.add_argument("--translate", action="store_true",
                        help="add 'default + English query': Chinese questions also searched as the chat model translates them")
    args = parser.parse_args()
    results = []
    for name in dict.fromkeys(args.corpus):
        say(f"{name}: sweeping")
        results.append(sweep(name, args.settings, args.translate))
    rows = summary(results)
    if args.json:
        print(json.dumps({"corpora": results, "summary": rows}, indent=1))
        return
    names = [r["corpus"] for r in results]
    print("| variant | worst recall@5 / MRR@5 | mean | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for row in rows:
        cells = [f"{r['figures'][row['variant']]['recall@5']:.3f} / {r['figures'][row['variant']]['mrr@5']:.3f}" for r in results]
        print(f"| {row['variant']} | {row['min_recall']:.3f} / {row['min_mrr']:.3f} | "
              f"{row['mean_recall']:.3f} / {row['mean_mrr']:.3f} | " + " | ".join(cells) + " |")
    shown = ["default", NO_GLOSSARY, "lexical only"] + (["default + English query"] if args.translate else [])
    print("\nChinese questions only, recall@5 / MRR@5:\n")
    print("| corpus | " + " | ".join(shown) + " |\n|---|" + "---|" * len(shown))
    for r in results:
        if r["chinese"]:
            print(f"| {r['corpus']} | " + " | ".join(f"{r['chinese'][v]['recall@5']:.3f} / {r['chinese'][v]['mrr@5']:.3f}"
                                                  for v in shown) + " |")


if __name__ == "__main__":
    main()
