"""Background ingest jobs for uploads: one worker thread runs them in arrival order through the same
pipeline as `kb ingest`, so an upload never blocks requests and two uploads never fight for the
store's write lock.

An upload's bytes never land under their final name before their ingest commits, and the index and
`GET /api/documents/{id}/file` agree at every moment:

1. `submit` streams each file into the job's own folder, `<uploads>/.jobs/<job>/<n>` (one folder
   per job, so two uploads of one name never touch each other's bytes; short names, so a long file
   name never makes a longer staging name), writes the job into the journal, and answers 202.
2. The worker, holding the store's write lock (so no other ingest, and no delete, sees the folder
   half-way), links each staged file into place, keeping the file it replaces as `<n>.old`, and
   ingests the final paths: the document's source and doc_id are those of the final name. While it
   runs, `committed_file` hands /file the kept old bytes of a document whose committed version is
   still the old one; the registry's commit switches both at once.
3. Every file whose new version did not commit (it failed, or was skipped) gets its old bytes back,
   or is removed when it had none. Then the job's folder is removed.

The journal (`<store>/<collection>.upload-jobs.json`) holds the unfinished jobs and the last
`[server] upload_jobs_kept` finished ones. At start-up unfinished jobs run again (step 2 is safe to
repeat: it keeps an existing `<n>.old`, and a version that did commit stays); a job whose staged
files vanished is failed, naming them. At most `[server] upload_queue_size` jobs wait or run; one
more upload is refused with 503 (`QueueFull`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import queue
import re
import shutil
import threading
import time
import unicodedata
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from kb.api.errors import QueueFull
from kb.errors import IngestLocked, InvalidInput, KBError
from kb.records import Progress, sha256_file

log = logging.getLogger("kb.jobs")  # the logger name of the log lines from before the move into kb.api

NAME_MAX_BYTES = 255  # a file name's limit on Linux, macOS and Windows file systems (bytes, not characters)
STAGING = ".jobs"  # under the uploads folder: the same file system (links, atomic renames), and hidden from ingest
_LOCK_RETRY_S = 0.25


def safe_filename(name: str) -> str:
    """The last path component of an uploaded file name, without control characters or leading
    dots; never empty, never a path, at most 255 bytes in UTF-8 (cut on a character boundary, the
    extension kept). Raises InvalidInput when nothing usable is left."""
    base = re.split(r"[\\/]", unicodedata.normalize("NFC", name or ""))[-1]
    base = "".join(c for c in base if unicodedata.category(c)[0] != "C").strip().lstrip(".").strip()
    if not base or base in {".", ".."}:
        raise InvalidInput(f"file name {name!r}: not a usable file name")
    if len(base.encode()) > NAME_MAX_BYTES:
        stem, dot, ext = base.rpartition(".")
        ext = dot + ext if dot and len((dot + ext).encode()) <= 32 else ""
        stem = base[: len(base) - len(ext)]
        room = NAME_MAX_BYTES - len(ext.encode())
        base = stem.encode()[:room].decode(errors="ignore").rstrip() + ext
    return base


@dataclass
class FileResult:
    name: str
    size: int
    status: str = "queued"  # queued | added | updated | unchanged | failed (error says why)
    chunks: int = 0
    error: str = ""
    sha256: str = ""  # of the staged bytes: whether this version committed (journal only, not in the API)


@dataclass
class Job:
    id: str
    files: list[FileResult]
    status: str = "queued"  # queued | running | done | failed
    created: float = field(default_factory=time.time)
    finished: float | None = None
    chunks_embedded: int = 0
    error: str = ""
    tags: list[str] = field(default_factory=list)  # given with the upload: added to every file

    def to_dict(self) -> dict[str, Any]:
        done = sum(f.status not in ("queued",) for f in self.files)
        return {
            "id": self.id,
            "status": self.status,
            "created": self.created,
            "finished": self.finished,
            "progress": {"files_done": done, "files_total": len(self.files), "chunks_embedded": self.chunks_embedded},
            "files": [{k: v for k, v in asdict(f).items() if k != "sha256"} for f in self.files],
            "error": self.error or None,
            "tags": self.tags,
        }

    @property
    def unfinished(self) -> bool:
        return self.status in ("queued", "running")

    @classmethod
    def from_journal(cls, data: dict[str, Any]) -> Job:
        return cls(**{**data, "files": [FileResult(**f) for f in data["files"]]})


class _JobProgress(Progress):
    def __init__(self, job: Job):
        self.job = job

    def file_done(self, source: str, status: str, chunks: int) -> None:
        for result in self.job.files:
            if result.name == source.rsplit("/", 1)[-1]:
                result.status, result.chunks = status, chunks

    def chunks_embedded(self, count: int) -> None:
        self.job.chunks_embedded += count


class IngestJobs:
    """Stages uploads under `folder` and ingests them in a worker thread, one job at a time; the
    queue is journalled in the store folder. `queue_size`, `keep` and `journal` default to the
    knowledge base's settings ([server] upload_queue_size, upload_jobs_kept; [store] path)."""

    def __init__(self, kb: Any, folder: Path, *, queue_size: int | None = None, keep: int | None = None,
                 journal: Path | None = None):
        server, store = kb.settings.server, kb.settings.store
        self.kb = kb
        self.folder = folder.resolve()  # the documents' roots are resolved paths: /file asks by them
        self.queue_size = queue_size or server.upload_queue_size
        self.keep = keep or server.upload_jobs_kept
        self.journal = journal or Path(store.path) / f"{store.collection}.upload-jobs.json"
        self.jobs: dict[str, Job] = {}
        self._reserved = 0  # places taken by uploads still being staged
        self._replaced: dict[str, tuple[Path, str]] = {}  # final path -> (the old bytes kept aside, the new sha256)
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._resume()
        self._worker = threading.Thread(target=self._run, name="kb-ingest-jobs", daemon=True)
        self._worker.start()

    # -- the API ------------------------------------------------------------------------------

    def submit(self, files: list[tuple[str, BinaryIO]], tags: list[str] | tuple[str, ...] = ()) -> Job:
        """Stage the files (names sanitised) in a folder of the job's own, journal the job and
        queue its ingest, which adds `tags` (normalised) to every file. Raises QueueFull when
        `queue_size` jobs already wait or run."""
        names = [safe_filename(name) for name, _ in files]
        if len(set(names)) != len(names):
            raise InvalidInput("two uploaded files have the same name")
        with self._lock:
            waiting = sum(job.unfinished for job in self.jobs.values()) + self._reserved
            if waiting >= self.queue_size:
                raise QueueFull(f"the upload queue is full ({waiting} jobs waiting or running, "
                                f"[server] upload_queue_size = {self.queue_size}); retry later")
            self._reserved += 1
        job = Job(id=uuid.uuid4().hex[:16], files=[], tags=list(tags))
        staging = self._staging(job)
        try:
            staging.mkdir(parents=True)
            for n, (name, (_, stream)) in enumerate(zip(names, files)):
                job.files.append(FileResult(name=name, **_stage(stream, staging / str(n))))
            with self._lock:
                self.jobs[job.id] = job
                self._save()
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            with self._lock:
                self.jobs.pop(job.id, None)
            raise
        finally:
            with self._lock:
                self._reserved -= 1
        self._queue.put(job)
        log.info("upload job %s: %d files queued", job.id, len(job.files))
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def counts(self) -> dict[str, int]:
        counts = {"queued": 0, "running": 0, "done": 0, "failed": 0}
        for job in list(self.jobs.values()):
            counts[job.status] = counts.get(job.status, 0) + 1
        return counts

    def committed_file(self, path: Path, sha256: str) -> Path:
        """Where the bytes of version `sha256` of the document at `path` are: the old bytes a
        running job keeps aside while the index still names them, else `path` itself."""
        replaced = self._replaced.get(str(path))
        if replaced is not None and sha256 != replaced[1] and replaced[0].is_file():
            return replaced[0]
        return path

    def close(self) -> None:
        """Stop after the job that runs (the queued ones stay in the journal for the next start)."""
        self._stop.set()
        self._queue.put(None)
        self._worker.join(timeout=30)

    # -- the worker ---------------------------------------------------------------------------

    def _run(self) -> None:
        while (job := self._queue.get()) is not None and not self._stop.is_set():
            try:
                self._run_job(job)
            except _Stopped:
                return
            except KBError as exc:
                job.status, job.error = "failed", str(exc)
            except Exception as exc:  # a job never takes the worker down
                log.exception("upload job %s failed", job.id)
                job.status, job.error = "failed", f"internal error: {type(exc).__name__}"
            self._finish(job)

    def _run_job(self, job: Job) -> None:
        staging = self._staging(job)
        with self._write_lock():
            job.status = "running"
            with self._lock:
                self._save()
            finals, gone = [], []
            try:
                for n, result in enumerate(job.files):
                    result.status, result.chunks, result.error = "queued", 0, ""
                    if not (staging / str(n)).is_file():  # removed while the service was down
                        result.status, result.error = "failed", "the staged file vanished before its ingest"
                        gone.append(result.name)
                        continue
                    try:
                        finals.append(self._swap_in(staging / str(n), self.folder / result.name, result.sha256))
                    except OSError as exc:
                        result.status, result.error = "failed", f"cannot put the file in place: {exc.strerror or exc}"
                if finals:
                    report = self.kb.ingest(finals, progress=_JobProgress(job), locked=True, tags=job.tags)
                    failed = {Path(f["path"]).name: f["error"] for f in report.files_failed}
                    failed |= {Path(f["path"]).name: f"skipped: {f['reason']}" for f in report.files_skipped}
                    committed = self._committed()
                    for result in job.files:
                        if result.name in failed:
                            result.status, result.error = "failed", failed[result.name]
                        elif result.status != "queued":
                            continue
                        elif committed.get(str(self.folder / result.name)) == result.sha256:
                            result.status = "unchanged"
                        else:  # the scan passed it over
                            result.status, result.error = "failed", "not ingested: [ingest] include/exclude leave this name out"
                job.status = "failed" if gone and not finals else "done"
                if gone:
                    job.error = f"staged files vanished before their ingest: {', '.join(gone)}; upload them again"
            finally:
                self._settle(job)

    def _write_lock(self) -> contextlib.ExitStack:
        """The store's write lock, waiting while another ingest (a CLI run) holds it."""
        held, waited = contextlib.ExitStack(), False
        while True:
            try:
                held.enter_context(self.kb.write_lock())
                return held
            except IngestLocked:
                if not waited:
                    log.info("upload jobs wait for another ingest to finish")
                    waited = True
                if self._stop.wait(_LOCK_RETRY_S):
                    raise _Stopped from None

    def _swap_in(self, staged: Path, final: Path, sha256: str) -> Path:
        """Link the staged file to its final name, keeping the file it replaces as `<n>.old` (kept
        from an earlier attempt of the job when there is one: `final` may hold the new bytes then)."""
        old = staged.with_suffix(".old")
        if not old.exists() and final.is_file():
            _link_or_copy(final, old)
        if old.exists():
            self._replaced[str(final)] = (old, sha256)
        new = staged.with_suffix(".new")
        new.unlink(missing_ok=True)
        _link_or_copy(staged, new)
        new.replace(final)  # atomic: /file sees the old bytes or the new, never a half-written file
        return final

    def _settle(self, job: Job) -> None:
        """Put the old bytes back (or remove the file) wherever the new version did not commit."""
        staging = self._staging(job)
        committed = self._committed()
        for n, result in enumerate(job.files):
            final = self.folder / result.name
            old = staging / f"{n}.old"
            if committed.get(str(final)) != result.sha256 and _sha_or_none(final) == result.sha256:
                if old.is_file():
                    back = staging / f"{n}.back"
                    _link_or_copy(old, back)
                    back.replace(final)
                else:
                    final.unlink(missing_ok=True)
            self._replaced.pop(str(final), None)

    def _committed(self) -> dict[str, str]:
        """The committed version (sha256) of every document, by the path of its file."""
        return {str(Path(d.root) / d.source): d.sha256 for d in self.kb.documents()}

    def _finish(self, job: Job) -> None:
        job.finished = time.time()
        with self._lock:
            finished = [j for j in self.jobs.values() if not j.unfinished]
            for old in sorted(finished, key=lambda j: j.finished or 0)[: max(0, len(finished) - self.keep)]:
                del self.jobs[old.id]
            self._save()
        # Only once the journal says finished: a crash before this leaves an orphan folder, which the
        # next start removes, never a finished job that runs again without its files.
        shutil.rmtree(self._staging(job), ignore_errors=True)
        log.info("upload job %s: %s", job.id, job.status)

    # -- the journal --------------------------------------------------------------------------

    def _staging(self, job: Job) -> Path:
        return self.folder / STAGING / job.id

    def _save(self) -> None:  # with _lock held
        self.journal.parent.mkdir(parents=True, exist_ok=True)
        partial = self.journal.with_name(self.journal.name + ".part")
        jobs = sorted(self.jobs.values(), key=lambda j: j.created)
        with open(partial, "w", encoding="utf-8") as out:
            out.write(json.dumps({"version": 1, "jobs": [asdict(j) for j in jobs]}, ensure_ascii=False))
            out.flush()
            os.fsync(out.fileno())  # on disk before it replaces the journal (a power cut keeps one whole)
        partial.replace(self.journal)

    def _resume(self) -> None:
        """Load the journal, queue its unfinished jobs again (the worker fails the files whose staged
        bytes are gone) and remove the staging folders no unfinished job owns."""
        try:
            data = json.loads(self.journal.read_text(encoding="utf-8")) if self.journal.is_file() else {"jobs": []}
            jobs = [Job.from_journal(j) for j in data["jobs"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.error("%s: unreadable upload journal (%s); starting with an empty queue and keeping the staged "
                      "files in %s for inspection", self.journal, exc, self.folder / STAGING)
            jobs = []
            data = None
        for job in jobs:
            self.jobs[job.id] = job
            if not job.unfinished:
                continue
            for n, result in enumerate(job.files):  # a run cut short: the old bytes it kept are the committed ones
                if (self._staging(job) / f"{n}.old").is_file():
                    self._replaced[str(self.folder / result.name)] = (self._staging(job) / f"{n}.old", result.sha256)
            job.status = "queued"
            self._queue.put(job)
            log.info("upload job %s: resumed (%d files)", job.id, len(job.files))
        owned = {job.id for job in self.jobs.values() if job.unfinished}
        staging = self.folder / STAGING
        orphans = [p for p in staging.iterdir() if p.name not in owned] if staging.is_dir() and data is not None else []
        for orphan in orphans:  # never when the journal was unreadable: they may hold kept old bytes
            shutil.rmtree(orphan, ignore_errors=True)
        with self._lock:
            self._save()


class _Stopped(Exception):
    """The service stops while a job waits for the write lock: it stays queued in the journal."""


def _stage(stream: BinaryIO, path: Path) -> dict[str, Any]:
    """Copy an upload to `path`, hashing as it goes; its size and sha256."""
    digest, size = hashlib.sha256(), 0
    with open(path, "xb") as out:
        while block := stream.read(1 << 20):
            digest.update(block)
            out.write(block)
            size += len(block)
    return {"size": size, "sha256": digest.hexdigest()}


def _link_or_copy(source: Path, target: Path) -> None:
    """A hard link (no copy; the staging folder is on the uploads' file system), else a copy."""
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _sha_or_none(path: Path) -> str | None:
    try:
        return sha256_file(path)
    except OSError:
        return None
