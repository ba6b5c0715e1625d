"""`KnowledgeBase`: the one service the CLI and the HTTP API both call.

It owns the store and the embedder for its lifetime (open lazily, closed by `close()` or `with`),
and imports neither click nor Litestar.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ingest.parsing import ParsePool
from ingest.pipeline import IngestPipeline
from kb.answer.generation import Answerer
from kb.answer.prompting import render_chatml
from kb.answer.records import Answer, Event
from kb.errors import InvalidInput, NotFound
from kb.evaluation import AnswerRun, RunResult, evaluate, evaluate_answers, load_questions
from kb.filters import Filters, add_tags, effective_tags, normalize_tags, remove_tags
from kb.models.chat import ChatModel, LlamaCppModel, OpenAIModel
from kb.models.embedder import Embedder, open_embedder
from kb.models.registry import ModelManager
from kb.records import Document, Hit, IngestReport, Progress
from kb.retrieval import Retriever
from kb.settings import Settings, SourceSettings
from kb.store.chroma import Store

log = logging.getLogger(__name__)

class KnowledgeBase:
    """Ingest, search and manage one collection of documents."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None, chat_model: ChatModel | None = None):
        self.settings = settings
        self._embedder = embedder
        self._given_embedder = embedder  # kept across close(): a reopened knowledge base uses it again
        self._store: Store | None = None
        self._retriever: Retriever | None = None
        self._chat_model = chat_model
        self._owns_chat_model = chat_model is None
        self._model_lock = threading.Lock()
        self._embedder_lock = threading.Lock()  # ingest's threads and the server's requests ask at once
        self._store_lock = threading.Lock()
        self.models = ModelManager(settings)
        self._parse_pool: ParsePool | None = None  # parse workers, started by the first ingest

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._retriever is not None:
            self._retriever.close()
        if self._store is not None:
            self._store.lexical.close()
        self._retriever = None
        self._store = None
        self._embedder = self._given_embedder
        if self._chat_model is not None and self._owns_chat_model:
            self._chat_model.close()
        self._chat_model = None
        if self._parse_pool is not None:
            self._parse_pool.close()
            self._parse_pool = None

    @property
    def embedder(self) -> Embedder:
        with self._embedder_lock:
            return self._open_embedder()

    @property
    def embedding_model(self) -> str:
        """The embedding model's name: the one given to this knowledge base, else the configured one
        (the store's collection is tagged with it, so two models' vectors never mix)."""
        return getattr(self._embedder, "name", None) or self.settings.embedding.model

    def _open_embedder(self) -> Embedder:  # with _embedder_lock held
        if self._embedder is None:
            self._embedder = open_embedder(self.settings.embedding)
        return self._embedder

    @property
    def store(self) -> Store:
        if self._store is None:
            with self._store_lock:  # two threads' first use (a sync pass and a request) open one store
                if self._store is None:
                    self._store = Store(self.settings.store, embedding_model=self.embedding_model)
        return self._store

    # -- ingest -------------------------------------------------------------------------------

    def ingest(
        self,
        paths: list[str | Path],
        *,
        prune: bool = False,
        dry_run: bool = False,
        progress: Progress | None = None,
        locked: bool = False,
        tags: list[str] | tuple[str, ...] = (),
    ) -> IngestReport:
        """Ingest folders and files incrementally (see `ingest.pipeline`). Holds the write lock;
        `locked`: the caller already holds it (`write_lock()`), around more steps than the ingest.
        `tags` are added to every file found, as `tag()` adds them (unchanged files included)."""
        if not paths:
            raise InvalidInput("no path to ingest: give one or more folders or files")
        tags = normalize_tags(tags, "tags")
        with contextlib.nullcontext() if locked else self.store.write_lock():
            return self._pipeline(self.settings).run([Path(p) for p in paths], prune=prune, dry_run=dry_run,
                                                     progress=progress, tags=tags)

    def sync(self, source: SourceSettings, *, dry_run: bool = False, progress: Progress | None = None) -> IngestReport:
        """One pass over a `[[sources]]` folder: the incremental ingest of the folder with the
        source's include/exclude rules, removing what is gone when it prunes, and leaving files
        written less than `settle_s` ago for a later pass. Holds the write lock."""
        folder = Path(source.path)
        collection = source.collection or self.settings.store.collection
        if collection != self.settings.store.collection:
            raise InvalidInput(f"source {folder} is for collection {collection!r}, not {self.settings.store.collection!r}")
        if not folder.is_dir():
            raise InvalidInput(f"source {folder}: no such folder (fix its path in [[sources]] of the settings)")
        rules = {key: value for key, value in (("include", source.include), ("exclude", source.exclude)) if value is not None}
        settings = self.settings.with_overrides(ingest=rules) if rules else self.settings
        with self.store.write_lock():
            return self._pipeline(settings).run(
                [folder], prune=source.prune, dry_run=dry_run, progress=progress, settle_s=source.settle_s
            )

    def _pipeline(self, settings: Settings) -> IngestPipeline:
        # Cluster workers open their own embedder: the configured model, or a copy of the one given.
        remote = (functools.partial(open_embedder, settings.embedding) if self._given_embedder is None
                  else functools.partial(copy.copy, self._given_embedder))
        return IngestPipeline(settings, self.store, lambda: self.embedder, self._parsers(), open_embedder=remote)

    def write_lock(self) -> contextlib.AbstractContextManager[None]:
        """The store's write lock (raises `IngestLocked` at once when another ingest holds it)."""
        return self.store.write_lock()

    def _parsers(self) -> ParsePool:
        """The parse workers, kept warm across ingests (with the write lock held); started again
        when their settings changed."""
        cfg = self.settings.ingest
        pool = self._parse_pool
        if pool is None or (pool.workers, pool.memory_mb) != (cfg.parse_workers, cfg.parse_memory_mb):
            if pool is not None:
                pool.close()
            self._parse_pool = ParsePool(cfg.parse_workers, cfg.parse_memory_mb)
        return self._parse_pool

    # -- search -------------------------------------------------------------------------------

    @property
    def retriever(self) -> Retriever:
        with self._embedder_lock:  # concurrent first searches build one retriever
            if self._retriever is None:
                self._retriever = Retriever(self.settings.retrieval, self.store, self._open_embedder())
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

    # -- answers ------------------------------------------------------------------------------

    @property
    def chat_model_loaded(self) -> bool:
        return self._chat_model is not None

    @property
    def model_name(self) -> str:
        """The chat model answers come from: the loaded one, else the configured one."""
        if self._chat_model is not None:
            return self._chat_model.name
        return self.settings.llm.api_model or self.settings.llm.model

    def chat_model(self) -> ChatModel:
        """The chat model, loaded once (verified against the registry first) and kept."""
        with self._model_lock:
            if self._chat_model is None:
                self._chat_model = open_chat_model(self.settings, self.models)
                self._owns_chat_model = True
            return self._chat_model

    def answerer(self, chat_model: ChatModel | None = None, filters: Filters | None = None) -> Answerer:
        """The answer pipeline over this knowledge base (with the configured model unless one is
        given); with `filters`, every search it makes (each query it tries) stays within them, so
        the relevance gate and the term checks only ever see allowed passages."""
        name = chat_model.name if chat_model else self.model_name
        return Answerer(
            self.settings.llm,
            search=lambda query, top_k: self.search(query, top_k, filters=filters),
            is_relevant=lambda hits, query: self.retriever.is_relevant(hits, query),
            model=(lambda: chat_model) if chat_model else self.chat_model,
            model_name=name,
            lexical=lambda query, top_k: self.search(query, top_k, mode="lexical", filters=filters, rerank=False),
        )

    def ask_stream(self, question: str, *, filters: Filters | None = None, **options: Any) -> Iterator[Event]:
        """Events `sources`, `token`..., `done` (see `kb.answer.generation`; the records in `kb.answer.records`)."""
        return self.answerer(filters=filters).stream(question, **options)

    def ask(self, question: str, *, filters: Filters | None = None, **options: Any) -> Answer:
        return self.answerer(filters=filters).ask(question, **options)

    def evaluate_answers(self, questions_path: Path, models: list[str], corpus: Path | None = None) -> list[AnswerRun]:
        """Each model answers every question with the same settings and sampling, one model in
        memory at a time."""
        questions = load_questions(questions_path)
        if corpus is not None:
            self.ingest([corpus])
        runs = []
        for name in models or [self.settings.llm.model]:
            with PeakMemory() as memory:
                # The model this knowledge base already holds (`kb serve`'s, a caller's) is not loaded twice.
                held = self._chat_model if self._chat_model is not None and self._chat_model.name == name else None
                model = held or open_chat_model(self.settings.with_overrides(llm={"model": name}), self.models)
                try:
                    ask = self.answerer(model).ask
                    runs.append(evaluate_answers(questions, lambda q, ask=ask: ask(q.question).to_dict(), name, memory.peak_mb))
                finally:
                    if model is not held:
                        model.close()
        return runs

    # -- documents ----------------------------------------------------------------------------

    def documents(self) -> list[Document]:
        """Committed documents, by source. Read them, do not change them: they are the store's."""
        return [d for d in self.store.documents(shared=True) if d.sha256]

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

    def delete(self, ref: str, *, remove_file_in: Path | None = None) -> tuple[Document, int]:
        """Delete a document (by doc_id, source or path) and its chunks; returns it and the chunk count.
        With `remove_file_in` (the server's uploads folder), the document's file goes too when it lies
        in that folder: kb put it there, so it is kb's to remove (and under the lock, so an upload of
        the same name that comes next is never the file removed)."""
        with self.store.write_lock():
            doc = self.find_document(ref)
            removed = self.store.remove(doc.doc_id)
            path = Path(doc.root) / doc.source
            if remove_file_in is not None and path.resolve().is_relative_to(remove_file_in.resolve()):
                path.unlink(missing_ok=True)
        log.info("%s: deleted, %d chunks", doc.source, removed)
        return doc, removed

    def tag(self, ref: str, add: list[str] | tuple[str, ...] = (), remove: list[str] | tuple[str, ...] = ()) -> Document:
        """Add and remove a document's tags (by doc_id, source or path); returns it as now tagged.
        Only metadata is written (Store.retag), under the write lock: nothing is embedded again.
        A hand-made change outlives new versions of the file and wins over its front matter and
        folders (kb.filters.effective_tags)."""
        add, remove = normalize_tags(add, "tags"), normalize_tags(remove, "remove")
        if set(add) & set(remove):
            raise InvalidInput(f"tags: {', '.join(sorted(set(add) & set(remove)))} both added and removed")
        with self.store.write_lock():
            doc = copy.copy(self.find_document(ref))
            before = list(doc.tags)
            add_tags(doc, add)
            remove_tags(doc, remove)
            doc.tags = effective_tags(doc, self.settings.ingest.tags_from_folders)
            normalize_tags(doc.tags_added, "tags")  # a document's own bound (TAGS_PER_DOCUMENT_MAX)
            if doc.tags != before or add or remove:
                self.store.retag(doc)
        log.info("%s: tags %s", doc.source, ", ".join(doc.tags) or "none")
        return doc

    def tags(self) -> dict[str, int]:
        """Every tag of the committed documents and how many documents carry it, most used first."""
        counts: dict[str, int] = {}
        for doc in self.documents():
            for tag in doc.tags:
                counts[tag] = counts.get(tag, 0) + 1
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def stats(self) -> dict[str, Any]:
        """Documents, chunks, the embedding model and where the store is."""
        store = self.store
        return {
            "collection": store.collection_name,
            "documents": len(self.documents()),
            "chunks": store.count_chunks(),
            "embedding_model": self.embedding_model,
            "store_mode": self.settings.store.mode,
            "store_location": store.location,
            "store_bytes": store.disk_bytes(),
        }


def open_chat_model(settings: Settings, models: ModelManager) -> ChatModel:
    """The configured backend: a verified GGUF in this process, or an OpenAI-compatible server."""
    llm = settings.llm
    if llm.backend == "openai":
        return OpenAIModel(llm)
    spec = models.spec(llm.model)
    path = models.verify(llm.model)
    return LlamaCppModel(llm.model, path, llm, spec.context_length, render=render_chatml)


class PeakMemory:
    """The process's peak resident memory while the block runs (sampled every 50 ms)."""

    def __init__(self) -> None:
        self._peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        while True:
            self._peak = max(self._peak, _rss_bytes())
            if self._stop.wait(0.05):
                return

    def peak_mb(self) -> float:
        return max(self._peak, _rss_bytes()) / 1e6


def _rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * 4096
    except OSError:
        return 0
