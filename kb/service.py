"""`KnowledgeBase`: the one service the CLI and the HTTP API both call.

It owns the store and the embedder for its lifetime (open lazily, closed by `close()` or `with`),
and imports neither click nor Litestar.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from ingest.pipeline import IngestPipeline, IngestReport, Progress
from kb.embedder import Embedder, open_embedder
from kb.evaluation import RunResult, evaluate, load_questions
from kb.errors import InvalidInput, NotFound
from kb.records import Document, Hit
from kb.retrieval import Filters, Retriever
from kb.settings import Settings
from kb.store import Store

log = logging.getLogger(__name__)

class KnowledgeBase:
    """Ingest, search and manage one collection of documents."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None):
        self.settings = settings
        self._embedder = embedder
        self._store: Store | None = None
        self._retriever: Retriever | None = None

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._store is not None:
            self._store.lexical.close()
        self._retriever = None
        self._store = None
        self._embedder = None

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = open_embedder(self.settings.embedding)
        return self._embedder

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = Store(self.settings.store, embedding_model=self.settings.embedding.model)
        return self._store

    # -- ingest -------------------------------------------------------------------------------

    def ingest(
        self, paths: list[str | Path], *, prune: bool = False, dry_run: bool = False, progress: Progress | None = None
    ) -> IngestReport:
        """Ingest folders and files incrementally (see `ingest.pipeline`). Holds the write lock."""
        if not paths:
            raise InvalidInput("no path to ingest: give one or more folders or files")
        pipeline = IngestPipeline(self.settings, self.store, lambda: self.embedder)
        with self.store.write_lock():
            return pipeline.run([Path(p) for p in paths], prune=prune, dry_run=dry_run, progress=progress)

    # -- search -------------------------------------------------------------------------------

    @property
    def retriever(self) -> Retriever:
        if self._retriever is None:
            self._retriever = Retriever(self.settings.retrieval, self.store, self.embedder)
        return self._retriever

    def search(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: str | None = None,
        filters: Filters | None = None,
        rerank: bool | None = None,
    ) -> list[Hit]:
        """The best passages for `query` (see `kb.retrieval`); defaults come from [retrieval]."""
        return self.retriever.search(query, top_k=top_k, mode=mode, filters=filters, rerank=rerank)

    def evaluate_retrieval(self, questions_path: Path, corpus: Path | None = None) -> list[RunResult]:
        """Dense, lexical, hybrid and (with a reranker) hybrid+rerank side by side on a question set.
        With `corpus`, that folder is ingested (incrementally) into this collection first."""
        questions = load_questions(questions_path)
        if corpus is not None:
            report = self.ingest([corpus])
            if report.files_failed:
                log.warning("%d corpus files failed to ingest", len(report.files_failed))
        depth = 10
        runs = {
            "dense": lambda q: self.search(q, depth, mode="dense", rerank=False),
            "lexical": lambda q: self.search(q, depth, mode="lexical", rerank=False),
            "hybrid": lambda q: self.search(q, depth, mode="hybrid", rerank=False),
        }
        skipped = {}
        if self.settings.retrieval.reranker:
            runs["hybrid+rerank"] = lambda q: self.search(q, depth, mode="hybrid", rerank=True)
        else:
            skipped["hybrid+rerank"] = "skipped: no [retrieval] reranker configured"
        return evaluate(questions, runs, skipped)

    # -- documents ----------------------------------------------------------------------------

    def documents(self) -> list[Document]:
        """Committed documents, by source."""
        return [d for d in self.store.documents() if d.sha256]

    def find_document(self, ref: str) -> Document:
        """A document by doc_id, by source, or by the path of its file."""
        docs = self.documents()
        for doc in docs:
            if ref in (doc.doc_id, doc.source):
                return doc
        path = Path(ref).expanduser()
        if path.exists():
            resolved = str(path.resolve())
            for doc in docs:
                if str(Path(doc.root) / doc.source) == resolved:
                    return doc
        raise NotFound(f"no document {ref!r} in collection {self.store.collection_name!r}: see `kb documents`")

    def delete(self, ref: str) -> tuple[Document, int]:
        """Delete a document (by doc_id, source or path) and its chunks; returns it and the chunk count."""
        with self.store.write_lock():
            doc = self.find_document(ref)
            removed = self.store.remove(doc.doc_id)
        log.info("%s: deleted, %d chunks", doc.source, removed)
        return doc, removed

    def stats(self) -> dict[str, Any]:
        """Documents, chunks, the embedding model and where the store is."""
        store = self.store
        return {
            "collection": store.collection_name,
            "documents": len(self.documents()),
            "chunks": store.count_chunks(),
            "embedding_model": self.settings.embedding.model,
            "store_mode": self.settings.store.mode,
            "store_location": store.location,
            "store_bytes": store.disk_bytes(),
        }
