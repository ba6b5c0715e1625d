#!/usr/bin/env python
"""The lexical index alone at a million chunks: what an FTS5 query costs, and what kb's query plan
saves against it, in the same run.

    .venv/bin/python bench/lexical.py [--chunks 1000000] [--queries 100] [--rounds 3]

The index is kb's own `LexicalIndex` (kb/store/lexical.py), filled with the chunk texts
bench/search.py writes (the same generator and seeds: ~1,000-character chunks of English Wikipedia
summaries, 20 per document), without Chroma or vectors, so a million rows build in minutes instead
of the full store's hour. Cached in bench/.cache/lexical-<N>/ (git-ignored; ~2 GB at 1M).

Variants, interleaved query by query after a warm-up, each the FTS5 query kb runs for 40 candidates
(what a hybrid search asks for), ranked by bm25:

  all terms      the query's every term OR-ed in one MATCH: exact BM25, and what FTS5 costs when it
                 scores every chunk that holds any query term
  common words   words in more than 10% of the chunks left out (kb's plan before the score budget)
  budget N       kb's plan (`LexicalIndex.plan`): that, and then the more common words past N chunks
                 in all left out, rarest kept first (kb's default: SCORE_BUDGET)

Quality against exact BM25: the summed all-terms BM25 score of each variant's top 10 over that of
the all-terms top 10 (1.0: as good a top 10 by the exact measure; over all queries, and the worst
query), and its overlap with the all-terms top 10 (low here by construction: every summary
sentence recurs in ~160 chunks at a million, so many chunks tie). The queries are bench/search.py's
(titles, phrases from the texts, questions, descriptions, generic questions).

Output: a markdown table (stdout) and bench/results/lexical-<N>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if sys.path and sys.path[0] and Path(sys.path[0]).resolve() == HERE:
    sys.path.pop(0)  # bench/ingest.py would shadow kb's `ingest` package
REPO = HERE.parent
sys.path.insert(0, str(REPO))


def _search_bench():
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_search", HERE / "search.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build(path: Path, total: int, sb) -> float:
    """Fill a LexicalIndex at `path` with `total` chunks (bench/search.py's documents); seconds taken."""
    from kb.store.lexical import LexicalIndex

    done = path.parent / "complete.json"
    if done.is_file() and json.loads(done.read_text()).get("chunks") == total:
        return json.loads(done.read_text())["build_s"]
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    articles = sb.load_articles()
    topics, pools = sb.topic_pools(articles)
    index = LexicalIndex(path)
    started = time.perf_counter()
    rows, written = [], 0
    for i, size in enumerate(sb.doc_sizes(total)):
        doc, chunks, _ = sb.make_document(i, size, articles, topics, pools)
        rows += [(c.chunk_id, c.doc_id, c.sha256, c.source, c.text) for c in chunks]
        if len(rows) >= 5000:
            index.add(rows)
            written += len(rows)
            rows = []
            if written % 100_000 < 5000:
                rate = written / (time.perf_counter() - started)
                print(f"build: {written:,} chunks, {rate:,.0f}/s", flush=True)
    index.add(rows)
    index.close()
    elapsed = time.perf_counter() - started
    done.write_text(json.dumps({"chunks": total, "build_s": round(elapsed, 1)}))
    return elapsed


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    at = lambda q: ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]  # noqa: E731
    return {"p50_ms": round(at(0.5), 2), "p95_ms": round(at(0.95), 2), "max_ms": round(ordered[-1], 2),
            "mean_ms": round(statistics.fmean(ordered), 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chunks", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--candidates", type=int, default=40)
    parser.add_argument("--budgets", type=int, nargs="+", default=[0, 50_000, 20_000, 10_000, 5_000],
                        help="score budgets to compare (0: the 10%% common-word rule alone); kb's default is SCORE_BUDGET")
    args = parser.parse_args()
    sb = _search_bench()
    from kb.store.lexical import LexicalIndex, query_expression

    cache = HERE / ".cache" / f"lexical-{args.chunks // 1000}k"
    path = cache / "lexical.sqlite"
    build_s = build(path, args.chunks, sb)
    index = LexicalIndex(path)
    queries = [q["text"] for q in sb.make_queries(args.queries, sb.load_articles())]

    def all_terms(q: str) -> list[str]:
        expression = query_expression(q)
        with index._lock:
            return [r[0] for r in index._db.execute(
                "select rowid from chunk_terms where chunk_terms match ? order by rank limit ?",
                (expression, args.candidates)).fetchall()]

    def planned(budget: int):
        planner = LexicalIndex(path, score_budget=budget)

        def run(q: str) -> list[str]:
            expression = planner.plan(q).expression
            if not expression:
                return []  # every word too common: no lexical candidates (LexicalIndex.search does the same)
            with planner._lock:
                return [r[0] for r in planner._db.execute(
                    "select rowid from chunk_terms where chunk_terms match ? order by rank limit ?",
                    (expression, args.candidates)).fetchall()]
        return planner, run

    variants = {"all terms": all_terms}
    planners = {}
    for budget in args.budgets:
        name = "common words only (10%)" if budget <= 0 else f"budget {budget:,}"
        planners[name], variants[name] = planned(budget if budget > 0 else 10**12)
    for q in queries[:10]:  # warm-up: page cache and SQLite's
        for run in variants.values():
            run(q)
    times: dict[str, list[float]] = {name: [] for name in variants}
    results: dict[str, list[list]] = {name: [] for name in variants}
    for round_ in range(args.rounds):
        for q in queries:
            order = list(variants.items()) if round_ % 2 == 0 else list(reversed(variants.items()))
            for name, run in order:
                started = time.perf_counter()
                found = run(q)
                times[name].append((time.perf_counter() - started) * 1000)
                if round_ == 0:
                    results[name].append(found)

    def full_bm25(q: str, rowids: list) -> float:
        """The summed BM25 of these rows under the query's every term (what "all terms" maximises)."""
        if not rowids:
            return 0.0
        marks = ",".join("?" * len(rowids))
        with index._lock:
            return -sum(r[0] for r in index._db.execute(
                f"select bm25(chunk_terms) from chunk_terms where chunk_terms match ? and rowid in ({marks})",
                (query_expression(q), *rowids)).fetchall())

    quality = {}
    exact = [full_bm25(q, found[:10]) for q, found in zip(queries, results["all terms"])]
    for name in variants:
        if name == "all terms":
            continue
        got = [full_bm25(q, found[:10]) for q, found in zip(queries, results[name])]
        plans = [planners[name].plan(q) for q in queries]
        quality[name] = {
            "bm25_of_top10_vs_exact": round(sum(got) / max(1e-9, sum(exact)), 3),
            "worst_query_bm25_ratio": round(min(g / e for g, e in zip(got, exact) if e > 0), 3),
            "queries_without_lexical_hits": sum(not found for found in results[name]),
            "overlap_at_10": round(statistics.fmean(len(set(k[:10]) & set(a[:10])) / max(1, min(10, len(a)))
                                                    for k, a in zip(results[name], results["all terms"])), 3),
            "queries_with_words_left_out": sum(bool(p.left_out) for p in plans),
        }
    report = {
        "chunks": args.chunks,
        "build_s": round(build_s, 1),
        "build_rate_per_s": round(args.chunks / build_s) if build_s else None,
        "index_mb": round(sum(os.path.getsize(f"{path}{s}") for s in ("", "-wal", "-shm") if os.path.exists(f"{path}{s}")) / 2**20),
        "queries": len(queries),
        "rounds": args.rounds,
        "candidates": args.candidates,
        "latency": {name: percentiles(samples) for name, samples in times.items()},
        "quality": quality,
        "load_average": os.getloadavg(),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs",
    }
    out = HERE / "results" / f"lexical-{args.chunks}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    lat = report["latency"]
    print(f"\n### kb lexical index at {args.chunks:,} chunks ({len(queries)} queries x {args.rounds} rounds, "
          f"{args.candidates} candidates)\n")
    print("| query plan | p50 | p95 | max | BM25 of its top 10 / exact top 10's (all queries, worst) | queries with words left out | with no lexical hits |")
    print("|---|---|---|---|---|---|---|")
    for name in variants:
        q = quality.get(name)
        scored = f"{q['bm25_of_top10_vs_exact']:.3f}, {q['worst_query_bm25_ratio']:.3f}" if q else "1 (exact)"
        print(f"| {name} | {lat[name]['p50_ms']:.1f} ms | {lat[name]['p95_ms']:.1f} ms | {lat[name]['max_ms']:.1f} ms | "
              f"{scored} | {q['queries_with_words_left_out'] if q else 0} | {q['queries_without_lexical_hits'] if q else 0} |")
    print(f"\nbuild {report['build_s']:.0f} s ({report['build_rate_per_s']:,}/s), index {report['index_mb']:,} MB, "
          f"load average {report['load_average'][0]:.2f}; {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
