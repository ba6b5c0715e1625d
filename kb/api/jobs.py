"""Background ingest jobs for uploads: one worker thread runs them in arrival order through the same
pipeline as `kb ingest`, so an upload never blocks requests and two uploads never fight for the
store's write lock."""

from __future__ import annotations

import logging
import queue
import re
import shutil
import threading
import time
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from kb.errors import InvalidInput, KBError
from kb.records import Progress

log = logging.getLogger("kb.jobs")  # the logger name of the log lines from before the move into kb.api


def safe_filename(name: str) -> str:
    """The last path component of an uploaded file name, without control characters or leading
    dots; never empty, never a path. Raises InvalidInput when nothing usable is left."""
    base = re.split(r"[\\/]", unicodedata.normalize("NFC", name or ""))[-1]
    base = "".join(c for c in base if unicodedata.category(c)[0] != "C").strip().lstrip(".").strip()
    if not base or base in {".", ".."}:
        raise InvalidInput(f"file name {name!r}: not a usable file name")
    stem, dot, ext = base.rpartition(".")
    if len(base) > 200:
        base = (stem[: 200 - len(ext) - 1] + dot + ext) if dot else base[:200]
    return base


@dataclass
class FileResult:
    name: str
    size: int
    status: str = "queued"  # queued | added | updated | unchanged | failed (error says why)
    chunks: int = 0
    error: str = ""


@dataclass
class Job:
    id: str
    files: list[FileResult]
    status: str = "queued"  # queued | running | done | failed
    created: float = field(default_factory=time.time)
    finished: float | None = None
    chunks_embedded: int = 0
    error: str = ""

    def to_dict(self) -> dict[str, Any]:
        done = sum(f.status not in ("queued",) for f in self.files)
        return {
            "id": self.id,
            "status": self.status,
            "created": self.created,
            "finished": self.finished,
            "progress": {"files_done": done, "files_total": len(self.files), "chunks_embedded": self.chunks_embedded},
            "files": [f.__dict__ for f in self.files],
            "error": self.error or None,
        }


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
    """Saves uploads into `folder` and ingests them in a worker thread, one job at a time."""

    def __init__(self, kb: Any, folder: Path, keep: int = 200):
        self.kb = kb
        self.folder = folder
        self.keep = keep
        self.jobs: dict[str, Job] = {}
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._worker = threading.Thread(target=self._run, name="kb-ingest-jobs", daemon=True)
        self._worker.start()

    def submit(self, files: list[tuple[str, BinaryIO]]) -> Job:
        """Save the files (names sanitised, inside `folder` only) and queue their ingest."""
        self.folder.mkdir(parents=True, exist_ok=True)
        root = self.folder.resolve()
        names = [safe_filename(name) for name, _ in files]
        if len(set(names)) != len(names):
            raise InvalidInput("two uploaded files have the same name")
        results = []
        for name, (_, stream) in zip(names, files):
            target = (root / name).resolve()
            if target.parent != root:  # belt and braces: safe_filename already made it a plain name
                raise InvalidInput(f"file name {name!r}: not allowed")
            partial = target.with_name(f".{name}.{uuid.uuid4().hex[:8]}.part")
            with open(partial, "wb") as out:
                shutil.copyfileobj(stream, out, 1 << 20)
            partial.replace(target)
            results.append(FileResult(name=name, size=target.stat().st_size))
        job = Job(id=uuid.uuid4().hex[:16], files=results)
        with self._lock:
            self.jobs[job.id] = job
            for old in sorted(self.jobs.values(), key=lambda j: j.created)[: max(0, len(self.jobs) - self.keep)]:
                if old.status in ("done", "failed"):
                    del self.jobs[old.id]
        self._queue.put(job)
        log.info("upload job %s: %d files queued", job.id, len(results))
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def counts(self) -> dict[str, int]:
        counts = {"queued": 0, "running": 0, "done": 0, "failed": 0}
        for job in list(self.jobs.values()):
            counts[job.status] = counts.get(job.status, 0) + 1
        return counts

    def close(self) -> None:
        self._queue.put(None)
        self._worker.join(timeout=30)

    def _run(self) -> None:
        while (job := self._queue.get()) is not None:
            job.status = "running"
            try:
                paths = [self.folder / f.name for f in job.files]
                report = self.kb.ingest(paths, progress=_JobProgress(job))
                failed = {Path(f["path"]).name: f["error"] for f in report.files_failed}
                failed |= {Path(f["path"]).name: f"skipped: {f['reason']}" for f in report.files_skipped}
                for result in job.files:
                    if result.name in failed:
                        result.status, result.error = "failed", failed[result.name]
                    elif result.status == "queued":
                        result.status = "unchanged"
                job.status = "done"
            except KBError as exc:
                job.status, job.error = "failed", str(exc)
            except Exception as exc:  # a job never takes the worker down
                log.exception("upload job %s failed", job.id)
                job.status, job.error = "failed", f"internal error: {type(exc).__name__}"
            job.finished = time.time()
            log.info("upload job %s: %s", job.id, job.status)
