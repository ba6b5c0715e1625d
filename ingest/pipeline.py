"""The ingest pipeline: scan → diff against the registry → load → chunk → embed → write → commit.

Three threads overlap: one parses and chunks (counting with the embedding model's tokenizer, which
opens without the weights), the main thread embeds (torch releases the GIL while it computes), and
one writes to the store, in order. The model's weights load in the background as soon as a file
yields text, while parsing goes on. Chunks are embedded in batches across files and written as they
go, so a 1,000-page PDF streams through in bounded memory. Each file is committed through the
store's write protocol (see `kb.store.chroma`), so a run killed at any moment leaves the store consistent
and the next run completes it.
"""

from __future__ import annotations

import fnmatch
import logging
import os
import queue
import stat
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ingest.chunking import Chunker, Piece
from ingest.detect import FileKind, Unsupported, detect
from ingest.loaders import load
from kb.errors import DocumentError, InvalidInput
from kb.records import Chunk, Document, IngestReport, Progress, make_chunk_id, make_doc_id, sha256_file
from kb.settings import Settings

if TYPE_CHECKING:  # kb.service hands the pipeline its store and embedder: named here for type hints only
    from kb.models.embedder import Embedder
    from kb.store.chroma import Store

log = logging.getLogger(__name__)

_QUEUE_ITEMS = 512  # pieces parsed ahead of the embedder: bounds memory on huge files


@dataclass(slots=True)
class Candidate:
    """A file found under an ingested root."""

    path: Path
    root: Path
    source: str  # path relative to its root, with forward slashes
    doc_id: str = ""
    sha256: str = ""
    size: int = 0
    mtime: float = 0.0
    status: str = ""  # added | updated | unchanged
    kind: FileKind | None = None


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

    def __init__(self, settings: Settings, store: Store, embedder: Callable[[], Embedder]):
        self.settings = settings
        self.store = store
        self._embedder = embedder  # opened only when something must be embedded

    @property
    def embedder(self) -> Embedder:
        return self._embedder()

    def run(
        self, paths: list[Path], *, prune: bool = False, dry_run: bool = False, progress: Progress | None = None
    ) -> IngestReport:
        """Ingest `paths` (folders or files). Unchanged files are skipped, changed ones replaced;
        registered files gone from an ingested folder are removed with `prune`, listed without."""
        progress = progress or Progress()
        started = time.perf_counter()
        report = IngestReport(dry_run=dry_run)
        if not dry_run:
            report.repaired = self.store.recover()
        registry = {d.doc_id: d for d in self.store.documents()}
        candidates, scopes, protected = self._scan(paths, registry, report)
        seen = {c.doc_id for c in candidates}  # before diffing: a file that fails is not a file that went
        todo = self._diff(candidates, registry, report)
        protected |= {(str(c.root), c.source) for c in candidates if not c.status}  # failed: maybe a folder
        missing = [
            d
            for d in registry.values()
            if d.doc_id not in seen and _within(d, scopes) and not _within(d, protected)
        ]
        if dry_run:
            report.files_added = sum(c.status == "added" for c in todo)
            report.files_updated = sum(c.status == "updated" for c in todo)
            report.files_missing = sorted(d.source for d in missing)
        else:
            progress.planned(len(todo), sum(c.size for c in todo))
            self._ingest(todo, report, progress)
            self._handle_missing(missing, prune, report)
        report.seconds = time.perf_counter() - started
        return report

    # -- scanning -----------------------------------------------------------------------------

    def _scan(
        self, paths: list[Path], registry: dict[str, Document], report: IngestReport
    ) -> tuple[list[Candidate], set[tuple[str, str]], set[tuple[str, str]]]:
        """Files to consider; the (root, folder) scopes whose missing files count as removed; and
        the scopes that could not be read (their documents are never taken for removed).

        A path inside a folder ingested before keeps that folder as its root, so ingesting
        `docs/` and later `docs/sub/` or `docs/sub/a.md` names the same documents."""
        found: dict[str, Candidate] = {}
        scopes: set[tuple[str, str]] = set()
        protected: set[tuple[str, str]] = set()
        known_roots = sorted({d.root for d in registry.values() if d.root}, key=len, reverse=True)
        collection = self.store.collection_name
        for given in paths:
            if not given.exists() and not given.is_symlink():
                raise InvalidInput(f"{given}: no such file or folder")
            resolved = _resolve(given)
            home = next((Path(r) for r in known_roots if resolved.is_relative_to(r)), None)
            if given.is_dir():
                root = home or resolved
                scopes.add((str(root), resolved.relative_to(root).as_posix() if resolved != root else ""))
                files = self._walk(resolved, root, report, protected)
            else:
                root = home or resolved.parent
                files = iter([resolved])
            for path in files:
                source = path.relative_to(root).as_posix()
                if not self._included(source):
                    continue
                doc_id = make_doc_id(collection, source)
                if doc_id in found:
                    if found[doc_id].path != path:  # the same file named twice is fine
                        report.files_seen += 1
                        report.fail(str(path), f"same relative path {source!r} as {found[doc_id].path}: ingest these folders into different collections")
                    continue
                report.files_seen += 1
                found[doc_id] = Candidate(path=path, root=root, source=source, doc_id=doc_id)
        return list(found.values()), scopes, protected

    def _walk(self, start: Path, root: Path, report: IngestReport, protected: set[tuple[str, str]]) -> Iterator[Path]:
        """Files under `start` in a stable order. Folder symlinks pointing outside `root` are
        followed (once); ones pointing inside it are aliases and skipped; ones pointing to a folder
        that contains them are loops, reported."""

        def unreadable(exc: OSError) -> None:
            report.fail(str(exc.filename), _os_reason(exc))
            if exc.filename and Path(exc.filename).is_relative_to(root):
                protected.add((str(root), Path(exc.filename).relative_to(root).as_posix()))

        visited: set[Path] = set()
        for folder, dirnames, filenames in os.walk(start, followlinks=True, onerror=unreadable):
            here = Path(folder)
            real = here.resolve()
            if real in visited:  # two outside links to one folder
                dirnames.clear()
                continue
            visited.add(real)
            rel = here.relative_to(root).as_posix()
            keep = []
            for name in sorted(dirnames):
                path = here / name
                if path.is_symlink():
                    target = _resolve(path)
                    if real.is_relative_to(target):
                        report.fail(str(path), "symlink loop: the link points to a folder that contains it; skipped")
                        continue
                    if target.is_relative_to(root.resolve()):
                        log.info("%s: a link to %s, which is ingested under its own name; skipped", path, target)
                        continue
                if self._included_dir(name if rel == "." else f"{rel}/{name}"):
                    keep.append(name)
            dirnames[:] = keep
            for name in sorted(filenames):
                yield here / name

    def _included(self, source: str) -> bool:
        cfg = self.settings.ingest
        if not any(_match(source, pattern) for pattern in cfg.include):
            return False
        return not any(_match(source, pattern) for pattern in cfg.exclude)

    def _included_dir(self, rel_dir: str) -> bool:
        return not any(_match(f"{rel_dir}/x", pattern) or _match(rel_dir, pattern) for pattern in self.settings.ingest.exclude)

    # -- diffing ------------------------------------------------------------------------------

    def _diff(self, candidates: list[Candidate], registry: dict[str, Document], report: IngestReport) -> list[Candidate]:
        """Hash every candidate and set its status; return those to (re)ingest. Bad files are
        reported here and keep an empty status."""
        limit = int(self.settings.ingest.max_file_mb * 1_000_000)
        todo = []
        for candidate in candidates:
            display = str(candidate.path)
            try:
                info = os.stat(candidate.path)  # follows symlinks; ELOOP for a looping one
                if not stat.S_ISREG(info.st_mode):
                    raise DocumentError(display, "not a regular file (a pipe, socket or device); skipped")
                if info.st_size > limit:
                    raise DocumentError(
                        display,
                        f"{info.st_size / 1e6:.1f} MB is over ingest.max_file_mb ({self.settings.ingest.max_file_mb:g} MB); raise the limit to ingest it",
                    )
                candidate.kind = detect(candidate.path, display, int(self.settings.ingest.max_unpacked_mb * 1_000_000))
                candidate.sha256 = sha256_file(candidate.path)
            except Unsupported as exc:
                report.files_skipped.append({"path": display, "reason": exc.reason})
                continue
            except DocumentError as exc:
                report.fail(display, exc.reason)
                continue
            except OSError as exc:
                report.fail(display, _os_reason(exc))
                continue
            except Exception as exc:  # a checker bug on one odd file must not stop the others
                log.exception("%s: unexpected error while checking", display)
                report.fail(display, f"unexpected error while checking: {type(exc).__name__}: {exc}")
                continue
            candidate.size, candidate.mtime = info.st_size, info.st_mtime
            known = registry.get(candidate.doc_id)
            if known is not None and known.root != str(candidate.root) and (Path(known.root) / known.source).is_file():
                report.fail(
                    display,
                    f"{candidate.source!r} is already in this collection from {known.root}: "
                    "ingest this folder into another collection (--collection)",
                )
                continue
            if known is not None and known.sha256 == candidate.sha256:
                candidate.status = "unchanged"
                report.files_unchanged += 1
                if known.root != str(candidate.root) and not report.dry_run:
                    known.root = str(candidate.root)  # the folder moved: the document did not change
                    self.store.update_entry(known)
                continue
            candidate.status = "updated" if known is not None else "added"
            todo.append(candidate)
        return todo

    # -- parsing (worker thread) --------------------------------------------------------------

    def _parse_all(self, todo: list[Candidate], out: queue.Queue, stop: threading.Event) -> None:
        chunker = Chunker(
            self._embedder,
            self.settings.ingest.chunk_size,
            self.settings.ingest.chunk_overlap,
            self.settings.embedding.passage_prefix,
        )
        try:
            for candidate in todo:
                if stop.is_set():
                    return
                self._parse_one(candidate, chunker, out, stop)
        finally:
            out.put(None)

    def _parse_one(self, candidate: Candidate, chunker: Chunker, out: queue.Queue, stop: threading.Event) -> None:
        display = str(candidate.path)
        count = 0
        try:
            parsed = load(candidate.path, display, candidate.kind)
            out.put(_Start(candidate, parsed.title, candidate.kind.kind))
            for piece in chunker.chunk(parsed.sections):
                if stop.is_set():
                    return
                out.put(_Piece(candidate, piece, count))
                count += 1
            if count == 0:
                raise DocumentError(display, "no text found in the file")
            out.put(_End(candidate, count))
        except DocumentError as exc:
            out.put(_Failed(candidate, exc.reason))
        except OSError as exc:
            out.put(_Failed(candidate, _os_reason(exc)))
        except Exception as exc:  # a parser bug on one file must not stop the others
            log.exception("%s: unexpected error while parsing", display)
            out.put(_Failed(candidate, f"unexpected error while parsing: {type(exc).__name__}: {exc}"))

    # -- embedding and writing (main thread) --------------------------------------------------

    def _ingest(self, todo: list[Candidate], report: IngestReport, progress: Progress) -> None:
        if not todo:
            return
        events: queue.Queue = queue.Queue(maxsize=_QUEUE_ITEMS)
        stop = threading.Event()
        worker = threading.Thread(target=self._parse_all, args=(todo, events, stop), name="kb-parse", daemon=True)
        writer = _Writer(self.store, self._embedder, self.settings.embedding.batch_size, report, progress)
        worker.start()
        try:
            while (event := events.get()) is not None:
                writer.handle(event)
            writer.flush()
            writer.finish()
        except BaseException:
            stop.set()
            _drain(events)
            writer.abandon()
            raise
        finally:
            worker.join(timeout=5)

    def _handle_missing(self, missing: list[Document], prune: bool, report: IngestReport) -> None:
        for doc in missing:
            if prune:
                report.chunks_removed += self.store.remove(doc.doc_id)
                report.files_removed += 1
                log.info("%s: removed (gone from %s)", doc.source, doc.root)
            else:
                report.files_missing.append(doc.source)


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
        self.open: dict[str, Document] = {}  # doc_id -> entry begun and not yet committed
        self.finished: list[Document] = []  # all pieces received; commit after the next flush
        self.now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.ops = _StoreThread()
        self.loading: threading.Thread | None = None

    def handle(self, event: _Start | _Piece | _End | _Failed) -> None:
        candidate = event.candidate
        if isinstance(event, _Start):
            doc = Document(
                doc_id=candidate.doc_id,
                source=candidate.source,
                root=str(candidate.root),
                sha256=candidate.sha256,
                size=candidate.size,
                mtime=candidate.mtime,
                title=event.title,
                kind=event.kind,
                ingested_at=self.now,
            )
            self.open[doc.doc_id] = doc
            self.ops.submit(self.store.begin, doc, candidate.sha256)
        elif isinstance(event, _Piece):
            self._load_model()
            self.buffer.append(self._chunk(event))
            if len(self.buffer) >= self.batch_size:
                self.flush()
        elif isinstance(event, _End):
            doc = self.open[candidate.doc_id]
            doc.chunks = event.chunks
            self.finished.append(doc)
            if not any(c.doc_id == doc.doc_id for c in self.buffer):
                self._commit_finished()
        else:
            self.buffer = [c for c in self.buffer if c.doc_id != candidate.doc_id]
            if self.open.pop(candidate.doc_id, None) is not None:
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
            chunk_id=make_chunk_id(doc.doc_id, doc.sha256, event.index),
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
            sha256=doc.sha256,
            ingested_at=self.now,
        )

    def flush(self) -> None:
        if self.buffer:
            batch, self.buffer = self.buffer, []
            vectors = self.embedder().embed_passages([c.embedding_text for c in batch])
            self.ops.submit(self._write, batch, vectors)
        self._commit_finished()

    def _write(self, batch: list[Chunk], vectors: Any) -> None:  # store thread
        self.store.write_chunks(batch, vectors)
        self.report.chunks_added += len(batch)
        self.progress.chunks_embedded(len(batch))

    def _commit_finished(self) -> None:
        pending_ids = {c.doc_id for c in self.buffer}
        still = []
        for doc in self.finished:
            if doc.doc_id in pending_ids:
                still.append(doc)
            else:
                self.ops.submit(self._commit, doc)  # after the writes of its last chunks
        self.finished = still

    def _commit(self, doc: Document) -> None:  # store thread
        previous = self.store.get_document(doc.doc_id)
        self.store.commit(doc)
        self.open.pop(doc.doc_id, None)
        if previous is not None and previous.sha256:
            self.report.files_updated += 1
            self.report.chunks_removed += previous.chunks
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
            self.store.rollback(doc_id)
            del self.open[doc_id]


def _resolve(path: Path) -> Path:
    """The real path; a looping link stays as it is (its reading fails later, with the reason)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return path.absolute()


def _match(source: str, pattern: str) -> bool:
    """fnmatch on the path relative to the root; `**/x` also matches `x` at the top level."""
    if fnmatch.fnmatch(source, pattern):
        return True
    return pattern.startswith("**/") and fnmatch.fnmatch(source, pattern[3:])


def _within(doc: Document, scopes: set[tuple[str, str]]) -> bool:
    """Whether `doc` lies under one of the (root, folder) scopes ("" is the whole root)."""
    return any(doc.root == root and (not folder or doc.source == folder or doc.source.startswith(folder + "/")) for root, folder in scopes)


def _drain(events: queue.Queue) -> None:
    try:
        while True:
            events.get_nowait()
    except queue.Empty:
        pass


def _os_reason(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ELOOP:
        return "symlink loop: the link points back to itself"
    if exc.errno == errno.ENOENT:
        return "broken symlink or file vanished while ingesting"
    if exc.errno == errno.EACCES or isinstance(exc, PermissionError):
        return "permission denied: kb cannot read this file"
    return f"cannot read: {exc.strerror or exc}"

