#!/usr/bin/env python
"""What the embedder should read of a chunk: its heading path + text (kb), its last heading + text,
or the text alone. Dense retrieval over kb's own chunks of a corpus, each variant embedded with the
default embedding model, exact cosine search, recall@5 / MRR@5 on the answerable questions.

    .venv/bin/python bench/trust.py --corpus heldout-debian-firehol --no-answers   # builds the store once
    .venv/bin/python bench/headings.py heldout-debian-firehol [more corpora]

Reads the stores bench/trust.py built (bench/.cache/trust/store-<corpus>/; run it while no other
process has that store open); the "path" variant's vectors are the store's own, the other two are
embedded here and cached beside it as headings-<variant>.npy.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from kb.evaluation import on_gold, load_questions
from kb.models.embedder import open_embedder
from kb.records import heading_and_text
from kb.settings import load_settings
from kb.store.chroma import Store

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "bench" / ".cache" / "trust"
TOP_K = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="+", help="a corpus bench/trust.py has built a store for")
    args = parser.parse_args()
    base = load_settings(ROOT / "settings.toml")
    embedder = open_embedder(base.embedding)
    for name in args.corpus:
        folder = CACHE / f"store-{name}"
        store = Store(base.with_overrides(store={"path": str(folder)}).store, embedding_model=base.embedding.model)
        got = store._chunks.get(include=["embeddings", "documents", "metadatas"])
        texts, metas = got["documents"], got["metadatas"]
        variants = {"path": np.asarray(got["embeddings"], dtype=np.float32)}
        for variant, inputs in (
            ("last", [heading_and_text((m.get("heading") or "").split(" > ")[-1], t) for t, m in zip(texts, metas)]),
            ("none", list(texts)),
        ):
            cached = folder / f"headings-{variant}.npy"
            if not cached.exists():
                np.save(cached, np.asarray(embedder.embed_passages(inputs), dtype=np.float32))
            variants[variant] = np.load(cached)
        questions = [q for q in load_questions(ROOT / "corpora" / f"{name}-questions.jsonl") if q.answerable]
        vectors = np.asarray(embedder.embed_queries([q.question for q in questions]), dtype=np.float32)
        for variant, matrix in variants.items():
            found = reciprocal = 0.0
            for question, vector in zip(questions, vectors):
                top = np.argsort(-(matrix @ vector))[:TOP_K]
                rank = next((i + 1 for i, j in enumerate(top) if on_gold(
                    metas[j]["source"], metas[j].get("page_start"), metas[j].get("page_end"), question)), None)
                found += rank is not None
                reciprocal += 1 / rank if rank else 0.0
            print(f"{name}  {variant:5}  recall@5 {found / len(questions):.3f}  MRR@5 {reciprocal / len(questions):.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
