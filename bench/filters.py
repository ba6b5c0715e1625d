#!/usr/bin/env python
"""Filtered search against unfiltered, on a store where the allowed documents are a small minority.

    .venv/bin/python bench/filters.py [--docs 2000] [--chunks-per-doc 10] [--queries 60] [--json OUT]

Builds, in a temporary folder, a store of docs x chunks-per-doc chunks through kb's own write
protocol (Store.begin / write_chunks / commit), with seeded random unit vectors (384 dims: HNSW cost
does not depend on what vectors mean) and texts drawn from one shared vocabulary, so every query
matches chunks of every document. Tags: `rare` on 3 documents (0.15 %), `common` on 10 %. Then, for
each query, in dense, lexical and hybrid mode (Retriever.search, top_k=10, no reranker; the query
"embedded" by a seeded random embedder): no filter, tags=[rare], tags=[common], doc_ids of the 3 rare
documents, kinds=[md] (every document). Reports p50/p95 milliseconds, how many of the top_k places
the filtered searches fill (always top_k while the allowed documents hold that many chunks), and how
many an after-the-fact cut of the unfiltered top 40 candidates would have kept, the approach kb does
not take. Also the cost of retagging one document (metadata only) and how many texts that embedded (0).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.filters import Filters, make_filters  # noqa: E402
from kb.records import METADATA_VERSION, Chunk, Document, make_chunk_id, make_doc_id  # noqa: E402
from kb.retrieval import Retriever  # noqa: E402
from kb.settings import load_settings  # noqa: E402
from kb.store.chroma import Store  # noqa: E402

DIM = 384
WORDS = ("deploy rollback release incident dashboard metric alert backup restore database replica failover "
         "cluster node storage quota invoice budget contract renewal policy travel expense hotel leave vacation "
         "onboarding laptop account password token certificate network firewall proxy cache queue worker").split()


class RandomEmbedder:
    """Seeded random unit vectors for queries: what the Retriever needs of an embedder, nothing more."""

    name = "bench-random"
    min_relevance = 0.0

    def __init__(self) -> None:
        self.rng = np.random.default_rng(7)

    def embed_query(self, text: str) -> np.ndarray:
        return _unit(self.rng.standard_normal(DIM))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.embed_query(t) for t in texts])


def _unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


def build(store: Store, docs: int, per_doc: int) -> tuple[list[str], list[str]]:
    rng, rnd = np.random.default_rng(1), random.Random(1)
    rare = set(rnd.sample(range(docs), 3))
    common = set(rnd.sample(sorted(set(range(docs)) - rare), docs // 10))
    rare_ids, common_ids = [], []
    for n in range(docs):
        source = f"team{n % 20}/doc{n:05d}.md"
        doc_id = make_doc_id(store.collection_name, source)
        tags = ["rare"] if n in rare else ["common"] if n in common else []
        (rare_ids if n in rare else common_ids if n in common else []).append(doc_id)
        sha = f"{n:064x}"
        doc = Document(doc_id=doc_id, source=source, root="/bench", sha256=sha, size=1, mtime=1.7e9 + n, chunks=per_doc,
                       title=source, kind="md", tags=tags, tags_file=tags, meta_version=METADATA_VERSION)
        store.begin(doc, sha)
        chunks = [Chunk(chunk_id=make_chunk_id(doc_id, sha, i), doc_id=doc_id, source=source, title=source,
                        text=" ".join(rnd.choice(WORDS) for _ in range(120)), index=i, sha256=sha, kind="md",
                        modified=doc.mtime, tags=tuple(tags)) for i in range(per_doc)]
        store.write_chunks(chunks, np.stack([_unit(rng.standard_normal(DIM)) for _ in chunks]))
        store.commit(doc)
    return rare_ids, common_ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--chunks-per-doc", type=int, default=10)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kb-bench-filters-"))
    settings = load_settings(environ={"KB_STORE__PATH": str(folder / "store"), "KB_RETRIEVAL__PER_DOCUMENT": "0"})
    store = Store(settings.store, embedding_model=RandomEmbedder.name)
    started = time.perf_counter()
    rare, common = build(store, args.docs, args.chunks_per_doc)
    build_s = time.perf_counter() - started
    retriever = Retriever(settings.retrieval, store, RandomEmbedder())
    rnd = random.Random(3)
    queries = [" ".join(rnd.sample(WORDS, 3)) for _ in range(args.queries)]
    variants = {"none": None, "tags=[rare] (3 docs)": Filters(tags=("rare",)),
                "tags=[common] (10%)": Filters(tags=("common",)), "doc_ids (3 docs)": Filters(doc_ids=tuple(rare)),
                "kinds=[md] (all)": make_filters(kinds=["md"])}
    allowed = {"tags=[rare] (3 docs)": set(rare), "doc_ids (3 docs)": set(rare), "tags=[common] (10%)": set(common)}
    results: dict[str, dict[str, dict[str, float]]] = {}
    for mode in ("dense", "lexical", "hybrid"):
        for q in queries[:5]:  # warm-up
            retriever.search(q, top_k=10, mode=mode, rerank=False)
        times: dict[str, list[float]] = {name: [] for name in variants}
        filled: dict[str, list[int]] = {name: [] for name in variants}
        cut: dict[str, list[int]] = {name: [] for name in allowed}
        for q in queries:
            for name, filters in variants.items():  # interleaved: background load hits every variant alike
                t0 = time.perf_counter()
                hits = retriever.search(q, top_k=10, mode=mode, filters=filters, rerank=False)
                times[name].append((time.perf_counter() - t0) * 1000)
                filled[name].append(len(hits))
                if name in allowed:
                    assert {h.doc_id for h in hits} <= allowed[name]
            pool = retriever.search(q, top_k=40, mode=mode, rerank=False)
            for name, ids in allowed.items():
                cut[name].append(sum(h.doc_id in ids for h in pool[:40]))
        results[mode] = {
            name: {"p50_ms": round(statistics.median(v), 2), "p95_ms": round(sorted(v)[int(0.95 * (len(v) - 1))], 2),
                   "hits_min": min(filled[name]),
                   **({"post_filter_hits_mean": round(statistics.fmean(cut[name]), 2)} if name in cut else {})}
            for name, v in times.items()
        }
    doc = store.get_document(rare[0])
    doc.tags = ["rare", "retagged"]
    t0 = time.perf_counter()
    store.retag(doc)
    retag_ms = (time.perf_counter() - t0) * 1000
    retagged = retriever.search(queries[0], top_k=10, mode="hybrid", filters=Filters(tags=("retagged",)), rerank=False)
    report = {"docs": args.docs, "chunks": store.count_chunks(), "queries": len(queries), "top_k": 10,
              "build_s": round(build_s, 1), "retag_one_document_ms": round(retag_ms, 1),
              "retagged_hits": len(retagged), "modes": results}
    retriever.close()
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
