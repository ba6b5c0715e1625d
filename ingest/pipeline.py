"""The ingest pipeline: scan → diff against the registry (ingest.scan) → load → chunk → embed → write → commit.

Three threads overlap: one parses (in worker processes, each file under a time and a memory limit:
see ingest.parsing) and chunks (counting with the embedding model's tokenizer, which
opens without the weights), the main thread embeds (torch releases the GIL while it computes), and
one writes to the store, in order. The model's weights load in the background as soon as a file
yields text, while parsing goes on. Chunks are embedded in batches across files and written as they
go, so a 1,000-page PDF streams through in bounded memory. Each file is committed through the
store's write protocol (see `kb.store.chroma`), so a run killed at any moment leaves the store consistent
and the next run completes it.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ingest.chunking import Chunker, Piece
from ingest.metadata import retag_unchanged, tag_new_version
from ingest.ocr import OcrOptions
from ingest.parsing import ParseJob, ParsePool, _Task
from ingest.scan import Candidate, Scanner, os_reason, within
from kb.errors import DocumentError, SettingsError
from kb.records import METADATA_VERSION, Chunk, Document, IngestReport, Progress, Section, make_chunk_id
from kb.settings import Settings

if TYPE_CHECKING:  # kb.service hands the pipeline its store and embedder: named here for type hints only
    from kb.models.embedder import Embedder
    from kb.store.chroma import Store

log = logging.getLogger(__name__)

_QUEUE_ITEMS = 512  # pieces parsed ahead of the embedder: bounds memory on huge files


# Events from the parser thread to the writer.
@dataclass(slots=True)
class _Start:
    candidate: Candidate
    title: str
    kind: str


@dataclass(slots=True)
class _Piece:
    candidate: Candidate
    piece: Piece
    index: int
    vector: Any = None  # embedded already (on a cluster worker)


@dataclass(slots=True)
class _Ocr:
    candidate: Candidate
    pages: int


@dataclass(slots=True)
class _End:
    candidate: Candidate
    chunks: int


@dataclass(slots=True)
class _Failed:
    candidate: Candidate
    error: str


class IngestPipeline:
    """Ingests folders and files into one store with one embedder."""

    def __init__(self, settings: Settings, store: Store, embedder: Callable[[], Embedder], pool: ParsePool | None = None,
                 open_embedder: Callable[[], Embedder] | None = None):
        self.settings = settings
        self.store = store
        self._embedder = embedder  # opened only when something must be embedded
        self._pool = pool  # the caller's parse workers, kept warm across runs; else one for this run
        self._open_embedder = open_embedder  # how a cluster worker opens its own (picklable)

    @property
    def embedder(self) -> Embedder:
        return self._embedder()

    def run(
        self,
        paths: list[Path],
        *,
        prune: bool = False,
        dry_run: bool = False,
        progress: Progress | None = None,
        settle_s: float = 0.0,
        tags: tuple[str, ...] = (),
    ) -> IngestReport:
        """Ingest `paths` (folders or files). Unchanged files are skipped, changed ones replaced;
        registered files gone from an ingested folder are removed with `prune`, listed without.
        Files changed less than `settle_s` ago wait (`files_pending`): they may be half-written.
        `tags` (normalised) are added by hand to every file found, as `kb tag` adds them."""
        progress = progress or Progress()
        started = time.perf_counter()
        report = IngestReport(dry_run=dry_run, parse_workers=self.settings.ingest.parse_workers)
        # Documents of a store from before filter metadata: recover() writes it; their front matter is read below.
        outdated = {d.doc_id for d in self.store.documents(shared=True) if d.meta_version < METADATA_VERSION}
        if not dry_run:
            report.repaired = self.store.recover()
        registry = {d.doc_id: d for d in self.store.documents()}
        scanner = Scanner(self.settings, self.store)
        candidates, scopes, protected = scanner.scan(paths, registry, report)
        seen = {c.doc_id for c in candidates}  # before diffing: a file that fails is not a file that went
        todo = scanner.diff(candidates, registry, report, settle_s)
        protected |= {(str(c.root), c.source) for c in candidates if not c.status}  # failed: maybe a folder
        missing = [
            d
            for d in registry.values()
            if d.doc_id not in seen and within(d, scopes) and not within(d, protected)
        ]
        refused = [d for d in missing if d.doc_id in scanner.refused]  # indexed before links were checked
        missing = [d for d in missing if d.doc_id not in scanner.refused]
        if dry_run:
            report.files_missing += sorted(d.source for d in refused)
            report.files_added = sum(c.status == "added" for c in todo)
            report.files_updated = sum(c.status == "updated" for c in todo)
            report.files_missing += sorted(d.source for d in missing)
        else:
            progress.planned(len(todo), sum(c.size for c in todo))
            self._ingest(todo, report, progress, registry, tags)
            unchanged = [(registry[c.doc_id], c.path if c.doc_id in outdated else None)
                         for c in candidates if c.status == "unchanged" and c.doc_id in registry]
            retag_unchanged(self.store, unchanged, tags, self.settings.ingest.tags_from_folders)
            self._handle_missing(refused, True, report)  # never left readable through the store
            self._handle_missing(missing, prune, report)
        report.seconds = time.perf_counter() - started
        return report

    # -- parsing (worker thread) --------------------------------------------------------------

    def _parse_thread(self, todo: list[Candidate], out: queue.Queue, stop: threading.Event, errors: list[BaseException]) -> None:
        """The parse thread: every file's events, then None. What stops it early (a cluster that
        cannot be reached, a bug) is kept for the main thread to raise, never lost with the thread."""
        try:
            self._parse_all(todo, out, stop)
        except BaseException as exc:
            errors.append(exc)
        finally:
            out.put(None)

    def _parse_all(self, todo: list[Candidate], out: queue.Queue, stop: threading.Event) -> None:
        chunker = Chunker(
            self._embedder,
            self.settings.ingest.chunk_size,
            self.settings.ingest.chunk_overlap,
            self.settings.embedding.passage_prefix,
        )
        cfg = self.settings.ingest
        # OCR in each worker gets its share of the cores (onnxruntime would take them all in each).
        ocr = OcrOptions(cfg.ocr, cfg.ocr_page_timeout_s, cfg.ocr_dpi, max(1, (os.cpu_count() or 1) // cfg.parse_workers))
        if cfg.cluster:
            self._parse_on_cluster(todo, ocr, out, stop)
            return
        jobs = [ParseJob(c.path, str(c.path), c.kind, ocr) for c in todo]
        candidates = {id(job): c for job, c in zip(jobs, todo)}
        own_pool = self._pool is None
        pool = self._pool or ParsePool(self.settings.ingest.parse_workers, self.settings.ingest.parse_memory_mb)
        try:
            with closing(pool.parse(jobs, self.settings.ingest.parse_timeout_s)) as parsed:
                for job, task in parsed:
                    if stop.is_set():
                        return
                    self._parse_one(candidates[id(job)], task, chunker, out, stop)
        finally:
            if own_pool:
                pool.close()

    def _parse_on_cluster(self, todo: list[Candidate], ocr: OcrOptions, out: queue.Queue, stop: threading.Event) -> None:
        from ingest.cluster import cluster_events

        if self._open_embedder is None:
            raise SettingsError("ingest.cluster: this ingest was not given a way to open the embedder on cluster workers")
        for event in cluster_events(self.settings, self._open_embedder, todo, ocr, stop):
            out.put(event)

    def _parse_one(self, candidate: Candidate, task: _Task, chunker: Chunker, out: queue.Queue, stop: threading.Event) -> None:
        for event in file_events(candidate, task, chunker):
            if stop.is_set():
                return
            out.put(event)

    # -- embedding and writing (main thread) --------------------------------------------------

    def _ingest(self, todo: list[Candidate], report: IngestReport, progress: Progress, registry: dict[str, Document],
                tags: tuple[str, ...]) -> None:
        if not todo:
            return
        events: queue.Queue = queue.Queue(maxsize=_QUEUE_ITEMS)
        stop = threading.Event()
        errors: list[BaseException] = []
        worker = threading.Thread(target=self._parse_thread, args=(todo, events, stop, errors), name="kb-parse", daemon=True)
        writer = _Writer(self.store, self._embedder, self.settings.embedding.batch_size, report, progress)
        writer.tagging = (registry, tags, self.settings.ingest.tags_from_folders)
        threading.Thread(target=self._prepare_embedder, name="kb-model-prepare", daemon=True).start()
        worker.start()
        try:
            while (event := events.get()) is not None:
                writer.handle(event)
            if errors:
                raise errors[0]
            writer.flush()
            writer.finish()
        except BaseException:
            stop.set()
            _drain(events)
            writer.abandon()
            raise
        finally:
            worker.join(timeout=5)

    def _prepare_embedder(self) -> None:
        """Import the embedding model's libraries while the parse workers start (both take seconds,
        on two cores at once); its weights still wait for a first chunk."""
        try:
            self._embedder().prepare()
        except Exception as exc:  # loading tries again and reports it where it can
            log.debug("preparing the embedding model failed: %s", exc)

    def _handle_missing(self, missing: list[Document], prune: bool, report: IngestReport) -> None:
        for doc in missing:
            if prune:
                report.chunks_removed += self.store.remove(doc.doc_id)
                report.files_removed += 1
                log.info("%s: removed (gone from %s)", doc.source, doc.root)
            else:
                report.files_missing.append(doc.source)


def file_events(candidate: Candidate, task: _Task, chunker: Chunker) -> Iterator[_Start | _Piece | _Ocr | _End | _Failed]:
    """What parsing and chunking one file tells the writer: start, pieces (with OCR'd pages as they
    come), end; or why it failed. The same on this machine and on a cluster worker."""
    display = str(candidate.path)
    count = 0
    try:
        parsed = task.open()
        yield _Start(candidate, parsed.title, candidate.kind.kind)
        ocr_pages: list[int] = []
        for piece in chunker.chunk(_counting_ocr(parsed.sections, ocr_pages)):
            if ocr_pages:
                yield _Ocr(candidate, ocr_pages.pop())
            yield _Piece(candidate, piece, count)
            count += 1
        if ocr_pages:
            yield _Ocr(candidate, ocr_pages.pop())
        if count == 0:
            raise DocumentError(display, "no text found in the file")
        yield _End(candidate, count)
    except DocumentError as exc:
        yield _Failed(candidate, exc.reason)
    except OSError as exc:
        yield _Failed(candidate, os_reason(exc))
    except Exception as exc:  # a chunking bug on one file must not stop the others
        log.exception("%s: unexpected error while parsing", display)
        yield _Failed(candidate, f"unexpected error while parsing: {type(exc).__name__}: {exc}")


class _StoreThread:
    """Runs store operations in order on one thread, so embedding the next batch overlaps writing
    the last. The first failure is kept: later operations are skipped, and `submit`/`close` raise it
    in the caller's thread."""

    def __init__(self, depth: int = 8):
        self._jobs: queue.Queue = queue.Queue(maxsize=depth)  # bounds the vectors waiting to be written
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="kb-store", daemon=True)
        self._thread.start()

    def submit(self, operation: Callable[..., None], *args: Any) -> None:
        if self._error is not None:
            raise self._error
        self._jobs.put((operation, args))

    def close(self, *, raise_error: bool = True) -> None:
        """Wait for every submitted operation."""
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join()
        if raise_error and self._error is not None:
            raise self._error

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            if self._error is None:
                operation, args = job
                try:
                    operation(*args)
                except BaseException as exc:  # handed to the ingesting thread
                    self._error = exc


class _Writer:
    """Embeds pieces in batches across files and commits each file once all its chunks are written.

    Embedding runs in the calling thread; begin/write/commit/rollback run in order on a store thread."""

    def __init__(self, store: Store, embedder: Callable[[], Embedder], batch_size: int, report: IngestReport, progress: Progress):
        self.store = store
        self.embedder = embedder
        # Several model batches per flush: sentence-transformers sorts each call's texts by length,
        # so a larger call pads less (short and long chunks no longer share a batch).
        self.batch_size = max(batch_size, 1) * 8
        self.report = report
        self.progress = progress
        self.buffer: list[Chunk] = []
        self.given: dict[str, Any] = {}  # chunk_id -> its vector, for chunks embedded elsewhere (a cluster)
        # Documents started and not yet journalled: begun together (one registry write) before the
        # first write that needs them, their chunks' or their commit.
        self.unbegun: dict[str, tuple[Document, str]] = {}
        self.open: dict[str, Document] = {}  # doc_id -> entry begun and not yet committed
        self.finished: list[Document] = []  # all pieces received; commit after the next flush
        self.now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.ops = _StoreThread()
        self.loading: threading.Thread | None = None
        self.tagging: tuple[dict[str, Document], tuple[str, ...], int] = ({}, (), 0)  # registry, run's tags, folder depth

    def handle(self, event: _Start | _Piece | _Ocr | _End | _Failed) -> None:
        candidate = event.candidate
        if isinstance(event, _Start):
            doc = Document(
                doc_id=candidate.doc_id,
                source=candidate.source,
                root=str(candidate.root),
                sha256=candidate.sha256,
                version=candidate.version,
                size=candidate.size,
                mtime=candidate.mtime,
                title=event.title,
                kind=event.kind,
                ingested_at=self.now,
            )
            registry, tags, depth = self.tagging
            tag_new_version(doc, registry.get(doc.doc_id), candidate.path, tags, depth)
            self.open[doc.doc_id] = doc
            self.unbegun[doc.doc_id] = (doc, doc.version)  # journalled with the next write
        elif isinstance(event, _Piece):
            chunk = self._chunk(event)
            if event.vector is None:
                self._load_model()
            else:
                self.given[chunk.chunk_id] = event.vector
            self.buffer.append(chunk)
            if len(self.buffer) >= self.batch_size:
                self.flush()
        elif isinstance(event, _Ocr):
            self.progress.pages_ocred(event.pages)
        elif isinstance(event, _End):
            doc = self.open[candidate.doc_id]
            doc.chunks = event.chunks
            self.finished.append(doc)
            if not any(c.doc_id == doc.doc_id for c in self.buffer):
                self._commit_finished()
        else:
            self.buffer = [c for c in self.buffer if c.doc_id != candidate.doc_id]
            self.given = {cid: v for cid, v in self.given.items() if not cid.startswith(f"{candidate.doc_id}-")}
            begun = self.unbegun.pop(candidate.doc_id, None) is None
            if self.open.pop(candidate.doc_id, None) is not None and begun:
                self.ops.submit(self.store.rollback, candidate.doc_id)  # the committed version, if any, stays
            self.report.fail(str(candidate.path), event.error)
            self.progress.file_done(candidate.source, "failed", 0)
            log.info("%s: failed: %s", candidate.path, event.error)

    def _load_model(self) -> None:
        """A file gave a chunk: load the weights in the background while parsing goes on (a run whose
        files all fail never loads them)."""
        if self.loading is None:
            self.loading = threading.Thread(target=self._load, name="kb-model-load", daemon=True)
            self.loading.start()

    def _load(self) -> None:
        try:
            self.embedder().load()
        except Exception as exc:  # embedding tries again and raises it where it can be reported
            log.debug("loading the embedding model in the background failed: %s", exc)

    def _chunk(self, event: _Piece) -> Chunk:
        doc = self.open[event.candidate.doc_id]
        piece = event.piece
        return Chunk(
            chunk_id=make_chunk_id(doc.doc_id, doc.version, event.index),
            doc_id=doc.doc_id,
            source=doc.source,
            title=doc.title,
            text=piece.text,
            index=event.index,
            heading=piece.heading,
            page_start=piece.page_start,
            page_end=piece.page_end,
            char_start=piece.char_start,
            char_end=piece.char_end,
            sha256=doc.version,
            ingested_at=self.now,
            kind=doc.kind,
            modified=doc.mtime,
            tags=tuple(doc.tags),
            ocr_confidence=piece.ocr_confidence,
        )

    def flush(self) -> None:
        if self.buffer:
            batch, self.buffer = self.buffer, []
            given = [self.given.pop(c.chunk_id, None) for c in batch]
            missing = [c for c, v in zip(batch, given) if v is None]
            if missing:
                computed = iter(self.embedder().embed_passages([c.embedding_text for c in missing]))
                given = [next(computed) if v is None else v for v in given]
            self._begin_waiting()
            self.ops.submit(self._write, batch, np.asarray(given, dtype=np.float32))
        self._commit_finished()

    def _write(self, batch: list[Chunk], vectors: Any) -> None:  # store thread
        self.store.write_chunks(batch, vectors)
        self.report.chunks_added += len(batch)
        self.progress.chunks_embedded(len(batch))

    def _begin_waiting(self) -> None:
        if self.unbegun:
            self.ops.submit(self.store.begin_many, list(self.unbegun.values()))
            self.unbegun = {}

    def _commit_finished(self) -> None:
        pending_ids = {c.doc_id for c in self.buffer}
        ready = [doc for doc in self.finished if doc.doc_id not in pending_ids]
        self.finished = [doc for doc in self.finished if doc.doc_id in pending_ids]
        if ready:
            self._begin_waiting()
            self.ops.submit(self._commit, ready)  # after the writes of their last chunks

    def _commit(self, docs: list[Document]) -> None:  # store thread
        previous = self.store.get_documents([d.doc_id for d in docs])
        self.store.commit_many(docs)
        for doc in docs:
            self.open.pop(doc.doc_id, None)
            before = previous.get(doc.doc_id)
            if before is not None and before.sha256:
                self.report.files_updated += 1
                self.report.chunks_removed += before.chunks
                status = "updated"
            else:
                self.report.files_added += 1
                status = "added"
            log.info("%s: %s, %d chunks", doc.source, status, doc.chunks)
            self.progress.file_done(doc.source, status, doc.chunks)

    def finish(self) -> None:
        """Wait for the store thread; raise what failed there."""
        self.ops.close()

    def abandon(self) -> None:
        """Interrupted: let queued writes land, then undo what was begun and not committed.
        Whatever this does not finish, recover() will."""
        self.ops.close(raise_error=False)
        for doc_id in list(self.open):
            if doc_id not in self.unbegun:  # journalled: its writes may have landed
                self.store.rollback(doc_id)
            del self.open[doc_id]
        self.unbegun = {}


def _counting_ocr(sections: Iterator[Section], pages: list[int]) -> Iterator[Section]:
    """The sections; each page read by OCR is counted into `pages` (reported as it arrives)."""
    for section in sections:
        if section.ocr_confidence is not None:
            pages.append((pages.pop() if pages else 0) + 1)
        yield section


def _drain(events: queue.Queue) -> None:
    try:
        while True:
            events.get_nowait()
    except queue.Empty:
        pass
