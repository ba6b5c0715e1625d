"""Folders kept in sync: the `[[sources]]` of the settings, ingested by `kb serve` as they change.

Each source has a thread that runs a pass (`KnowledgeBase.sync`: the incremental pipeline and the
write lock `kb ingest` uses) when the server starts, `debounce_s` after the file system last
reported a change under the folder (watchfiles: inotify on Linux), and every `rescan_s` in any
case, as network mounts report nothing. A pass leaves a file written less than `settle_s` ago (it
may be half-written) for another pass `settle_s` later, and waits while another ingest holds the
write lock. So a change is searchable within about debounce_s + settle_s + the pass's own time
when watched, and within rescan_s + the pass's time when not.

`kb sync` runs one pass of each source from the CLI (`run_once`).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kb.errors import IngestLocked, KBError
from kb.records import IngestReport, Progress
from kb.service import KnowledgeBase
from kb.settings import SourceSettings

log = logging.getLogger(__name__)

LOCK_RETRY_S = 1.0  # another ingest holds the write lock: try again this soon
ERROR_RETRY_S = 60.0  # a pass that failed as a whole (folder missing, store down) runs again after this
WATCH_RETRY_S = 10.0  # a folder that cannot be watched (not there yet) is tried again after this
PENDING_SHOWN = 100  # files listed in a status, at most


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class SourceStatus:
    """What `GET /api/sources` and the web page show for one source."""

    path: str
    collection: str
    watch: bool
    rescan_s: float
    prune: bool
    state: str = "starting"  # syncing | idle | waiting (for the write lock) | error
    last_sync: str | None = None  # when the last pass finished (UTC)
    last_seconds: float = 0.0
    passes: int = 0
    last_report: dict[str, Any] | None = None  # the last pass's counts (kb ingest --json's shape)
    pending: list[str] = field(default_factory=list)  # changed files not yet ingested
    failures: list[dict[str, str]] = field(default_factory=list)  # the last pass's failed files, with reasons
    error: str = ""  # why the last pass could not run at all
    watching: bool = False  # file-system events arrive

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path, "collection": self.collection, "watch": self.watch, "watching": self.watching,
            "rescan_s": self.rescan_s, "prune": self.prune, "state": self.state, "last_sync": self.last_sync,
            "last_seconds": round(self.last_seconds, 3), "passes": self.passes, "last_report": self.last_report,
            "pending": self.pending[:PENDING_SHOWN], "pending_count": len(self.pending),
            "failures": self.failures, "error": self.error,
        }


class SourceSync:
    """One source: its status, its pass loop and (when `watch`) its file-system watcher."""

    def __init__(self, kb: KnowledgeBase, source: SourceSettings):
        self.kb = kb
        self.source = source
        self.folder = Path(source.path)
        self.status = SourceStatus(
            path=source.path, collection=source.collection or kb.settings.store.collection,
            watch=source.watch, rescan_s=source.rescan_s, prune=source.prune,
        )
        self._lock = threading.Lock()  # guards status, _changed, _dirty_at, _retry_at
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._changed: set[str] = set()  # paths the watcher reported since the last pass began
        self._dirty_at: float | None = None  # the last event's time
        self._retry_at: float | None = 0.0  # a pass is due then (0: now, at start)
        self._last_end = time.monotonic()
        self._threads: list[threading.Thread] = []

    # -- control ------------------------------------------------------------------------------

    def start(self) -> None:
        self._threads = [threading.Thread(target=self._loop, name=f"kb-sync {self.folder.name}", daemon=True)]
        if self.source.watch:
            self._threads.append(threading.Thread(target=self._watch, name=f"kb-watch {self.folder.name}", daemon=True))
        for thread in self._threads:
            thread.start()

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        for thread in self._threads:
            thread.join(timeout=30)

    def request(self) -> None:
        """Run a pass now (after the one that runs, if one does)."""
        with self._lock:
            self._retry_at = 0.0
        self._wake.set()

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            data = self.status.to_dict()
            pending = sorted(set(self.status.pending) | self._changed)
        data["pending"], data["pending_count"] = pending[:PENDING_SHOWN], len(pending)
        return data

    # -- the pass loop ------------------------------------------------------------------------

    def _due(self) -> float | None:
        """When the next pass is due (monotonic seconds), or None: only an event makes one."""
        times = []
        if self._retry_at is not None:
            times.append(self._retry_at)
        if self._dirty_at is not None:
            times.append(self._dirty_at + self.source.debounce_s)
        if self.source.rescan_s > 0:
            times.append(self._last_end + self.source.rescan_s)
        return min(times) if times else None

    def _loop(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                due = self._due()
            wait = None if due is None else due - time.monotonic()
            if wait is None or wait > 0:
                self._wake.wait(wait)
                self._wake.clear()
                continue  # what is due may have changed
            self._pass()

    def _pass(self) -> None:
        with self._lock:
            self._changed.clear()
            self._dirty_at, self._retry_at = None, None
            self.status.state = "syncing"
        started = time.monotonic()
        try:
            report = self.kb.sync(self.source, progress=_Stoppable(self._stop))
        except _Stopped:  # the server stops: the pass ends between two files (the next start finishes it)
            log.info("sync of %s stopped by the shutdown", self.folder)
            return
        except IngestLocked:
            with self._lock:
                if self.status.state != "waiting":
                    log.info("sync of %s waits for another ingest to finish", self.folder)
                self.status.state, self._retry_at = "waiting", time.monotonic() + LOCK_RETRY_S
            return
        except Exception as exc:  # a pass never takes the thread down; the status says why
            reason = str(exc) if isinstance(exc, KBError) else f"internal error: {type(exc).__name__}: {exc}"
            if not isinstance(exc, KBError):
                log.exception("sync of %s failed", self.folder)
            else:
                log.warning("sync of %s failed: %s", self.folder, reason)
            with self._lock:
                self.status.state, self.status.error = "error", reason
                self._retry_at = time.monotonic() + ERROR_RETRY_S
                self._last_end = time.monotonic()
            return
        self._finished(report, time.monotonic() - started)

    def _finished(self, report: IngestReport, seconds: float) -> None:
        changed = report.files_added + report.files_updated + report.files_removed
        if changed or report.files_failed:
            log.info(
                "synced %s: %d added, %d updated, %d removed, %d failed, %d pending (%.1f s)", self.folder,
                report.files_added, report.files_updated, report.files_removed, len(report.files_failed),
                len(report.files_pending), seconds,
            )
        with self._lock:
            status = self.status
            status.state, status.error, status.passes = "idle", "", status.passes + 1
            status.last_sync, status.last_seconds = _now_iso(), seconds
            status.last_report = report.to_dict()
            status.pending = [_relative(path, self.folder) for path in report.files_pending]
            status.failures = report.files_failed
            self._last_end = time.monotonic()
            if report.files_pending:  # half-written files: look again once they may have settled
                self._retry_at = time.monotonic() + max(self.source.settle_s, 0.2)

    # -- the watcher --------------------------------------------------------------------------

    def _watch(self) -> None:
        import watchfiles

        # kb's own writes (a store or uploads folder inside the source) are not changes to sync.
        own = [self.kb.settings.store.path, self.kb.settings.server.uploads_dir]
        ignored = watchfiles.DefaultFilter(ignore_paths=[str(Path(path).resolve()) for path in own])
        while not self._stop.is_set():
            try:
                with self._lock:
                    self.status.watching = True
                for changes in watchfiles.watch(
                    self.folder, watch_filter=ignored, stop_event=self._stop, debounce=200,
                    raise_interrupt=False, rust_timeout=1000,
                ):
                    with self._lock:
                        self._changed |= {_relative(path, self.folder) for _, path in changes}
                        self._dirty_at = time.monotonic()
                    self._wake.set()
            except (OSError, RuntimeError) as exc:  # the folder is not there (yet), or the watch failed
                log.warning("cannot watch %s (%s); retrying in %g s, rescans go on", self.folder, exc, WATCH_RETRY_S)
            with self._lock:
                self.status.watching = False
            self._stop.wait(WATCH_RETRY_S)


class _Stopped(Exception):
    """The server stops while a pass runs."""


class _Stoppable(Progress):
    """Ends a pass at its next file or batch once `stop` is set: the ingest's own interruption
    path (what Ctrl-C does), so the store stays consistent and shutdown does not wait on a big pass."""

    def __init__(self, stop: threading.Event):
        self.stop = stop

    def file_done(self, source: str, status: str, chunks: int) -> None:
        if self.stop.is_set():
            raise _Stopped

    def chunks_embedded(self, count: int) -> None:
        if self.stop.is_set():
            raise _Stopped


def _relative(path: str, folder: Path) -> str:
    try:
        return Path(path).relative_to(folder).as_posix()
    except ValueError:
        return path


class Syncer:
    """The sources of one settings object. A source for another collection than the knowledge
    base's gets a knowledge base of its own, sharing the embedder."""

    def __init__(self, kb: KnowledgeBase, sources: list[SourceSettings] | None = None):
        self.kb = kb
        self._others: dict[str, KnowledgeBase] = {}
        self.sources = [SourceSync(self._kb_for(source), source) for source in (kb.settings.sources if sources is None else sources)]

    def _kb_for(self, source: SourceSettings) -> KnowledgeBase:
        collection = source.collection or self.kb.settings.store.collection
        if collection == self.kb.settings.store.collection:
            return self.kb
        if collection not in self._others:
            settings = self.kb.settings.with_overrides(store={"collection": collection})
            self._others[collection] = KnowledgeBase(settings, embedder=self.kb.embedder)
        return self._others[collection]

    def start(self) -> None:
        for source in self.sources:
            source.start()
        if self.sources:
            log.info("keeping %d source folder(s) in sync: %s", len(self.sources), ", ".join(s.source.path for s in self.sources))

    def close(self) -> None:
        for source in self.sources:
            source.close()
        for other in self._others.values():
            other.close()

    def status(self) -> list[dict[str, Any]]:
        return [source.snapshot() for source in self.sources]

    def request(self, path: str | None = None) -> list[dict[str, Any]]:
        """Ask for a pass of every source, or of the one at `path`; returns their status."""
        chosen = [s for s in self.sources if path is None or s.source.path == path]
        for source in chosen:
            source.request()
        return [source.snapshot() for source in chosen]

    def run_once(
        self, *, dry_run: bool = False, path: str | None = None, progress: Progress | None = None
    ) -> list[tuple[SourceSettings, IngestReport | None, str]]:
        """One pass of each source (or of the one at `path`), in order, here and now: (source,
        report or None, the error that stopped it)."""
        results = []
        for sync in self.sources:
            if path is not None and sync.source.path != path:
                continue
            try:
                results.append((sync.source, sync.kb.sync(sync.source, dry_run=dry_run, progress=progress), ""))
            except KBError as exc:
                results.append((sync.source, None, str(exc)))
        return results
