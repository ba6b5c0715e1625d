"""The parse pool: files are opened by the loaders in worker processes, each file under a wall-time
limit and each worker under an address-space limit, so a parser that hangs or balloons on one hostile
file costs that file (reported with the reason) and never the ingest, the write lock or the service.

Workers are long-lived and forked from a forkserver that has imported the parsers once (see
ingest.warm), so no file pays for imports and a worker killed for a limit is replaced in
milliseconds. `ParsePool.parse` hands back the files in order while up to `workers` of them are
parsed at once; sections stream back as they are read, so a 1,000-page PDF is never held whole.

The time limit counts the time the ingest waits on the parser of a file, not the time it spends
chunking and embedding what the parser already sent, nor the time of pages read by OCR: the worker
announces each, and it has its own limit (ingest.ocr_page_timeout_s, kept in the worker; the pool
stops a worker that overruns it by OCR_GRACE_S, e.g. hung inside a model call).
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ingest.detect import FileKind
from ingest.loaders import Parsed
from ingest.ocr import OcrOptions
from ingest.worker import MEMORY_EXIT, serve
from kb.errors import DocumentError
from kb.records import Section

log = logging.getLogger(__name__)

OCR_GRACE_S = 30.0  # past a page's OCR limit: rendering, loading the models, a limit that could not fire
LIGHT_KINDS = {"pdf", "txt", "image"}  # parsed without unstructured (OCR loads its models in the worker, when a page needs it)


@dataclass(slots=True)
class ParseJob:
    """One file to parse."""

    path: Path
    display: str  # how errors name the file
    kind: FileKind
    ocr: OcrOptions = OcrOptions()


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: multiprocessing.context.BaseContext, memory_bytes: int):
        self.conn, child = multiprocessing.Pipe(duplex=True)
        self.process = context.Process(target=serve, args=(child, memory_bytes), name="kb-parse-worker", daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        """Kill the worker and whatever it started (it leads its own process group)."""
        pid = self.process.pid
        if pid is not None:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass  # not its own group yet, or gone
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()

    def stop(self) -> None:
        """Ask an idle worker to leave; kill it if it does not."""
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.process.join(2)
        self.kill()


class ParsePool:
    """Worker processes that parse files under per-file limits. Close it (or use `with`)."""

    def __init__(self, workers: int = 1, memory_mb: int = 2048):
        self.workers = max(workers, 1)
        self.memory_mb = memory_mb
        self._context = multiprocessing.get_context("forkserver")
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()

    def __enter__(self) -> ParsePool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop every worker."""
        for worker in self._idle:
            worker.stop()
        for worker in self._busy:
            worker.kill()
        self._idle.clear()
        self._busy.clear()

    def parse(self, jobs: list[ParseJob], timeout_s: float) -> Iterator[tuple[ParseJob, _Task]]:
        """Yield each job in order with its task: `task.open()` returns the file's `Parsed` (or
        raises DocumentError with the reason: the loader's, or a limit's). Consume a task's sections
        before taking the next; up to `workers` files are parsed at once."""
        self._prepare(heavy=any(job.kind.kind not in LIGHT_KINDS for job in jobs))
        waiting: deque[_Task] = deque()
        upcoming = iter(jobs)
        current: _Task | None = None
        try:
            while True:
                while len(waiting) < self.workers and (job := next(upcoming, None)) is not None:
                    waiting.append(self._submit(job, timeout_s))
                if not waiting:
                    return
                current = waiting.popleft()
                yield current.job, current
                current.close()
                current = None
        finally:
            for task in ([current] if current else []) + list(waiting):
                task.close()

    # -- workers ------------------------------------------------------------------------------

    def _prepare(self, heavy: bool) -> None:
        # Takes effect when the forkserver starts (once per process): a run that needs unstructured
        # starts it with the parsers imported; a PDF/text-only run does not pay for them, and its
        # workers import what a later file needs once each.
        self._context.set_forkserver_preload(["ingest.warm"] if heavy else ["ingest.worker"])
        # Python 3.11's forkserver ignores the sys.path the parent sends it: hand it the folder this
        # `ingest` was imported from (a script that put it on sys.path, a checkout) the other way.
        root = str(Path(__file__).resolve().parent.parent)
        saved = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = os.pathsep.join([root, saved] if saved else [root])
        try:
            multiprocessing.forkserver.ensure_running()  # a no-op once it runs
        finally:
            if saved is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = saved

    def _submit(self, job: ParseJob, timeout_s: float) -> _Task:
        worker = self._idle.pop() if self._idle else _Worker(self._context, self.memory_mb * 1024 * 1024)
        self._busy.add(worker)
        message = (str(job.path), job.display, job.kind.kind, job.kind.is_text, job.ocr)
        try:
            worker.conn.send(message)
        except OSError:  # it died while idle: a fresh one takes the file
            self._discard(worker)
            worker = _Worker(self._context, self.memory_mb * 1024 * 1024)
            self._busy.add(worker)
            worker.conn.send(message)
        return _Task(self, worker, job, timeout_s)

    def _release(self, worker: _Worker) -> None:
        self._busy.discard(worker)
        self._idle.append(worker)

    def _discard(self, worker: _Worker) -> None:
        self._busy.discard(worker)
        worker.kill()


class _Task:
    """One file in a worker: its title, then its sections, read as they come."""

    def __init__(self, pool: ParsePool, worker: _Worker, job: ParseJob, timeout_s: float):
        self.pool = pool
        self.worker: _Worker | None = worker
        self.job = job
        self.timeout_s = timeout_s
        self.waited = 0.0
        self.in_ocr = False  # the worker announced an OCR page and has not answered since

    def open(self) -> Parsed:
        """The file's title and its sections (lazy); raises DocumentError with the reason."""
        message = self._receive()
        if message[0] != "title":  # pragma: no cover - the worker speaks this protocol
            self._fail(f"unexpected reply from the parser: {message[0]}")
        return Parsed(message[1], self._sections())

    def close(self) -> None:
        """Done with this file: a worker still busy with it is killed (replaced on demand)."""
        if self.worker is not None:
            self.pool._discard(self.worker)
            self.worker = None

    def _sections(self) -> Iterator[Section]:
        while True:
            message = self._receive()
            if message[0] == "end":
                self._done()
                return
            yield message[1]

    def _receive(self) -> tuple:
        while True:
            message = self._next()
            self.in_ocr = message[0] == "ocr"
            if not self.in_ocr:
                return message

    def _next(self) -> tuple:
        worker = self.worker
        if worker is None:
            raise DocumentError(self.job.display, "parsing was stopped")
        started = time.monotonic()
        page_limit = self.job.ocr.page_timeout_s + OCR_GRACE_S
        ready = worker.conn.poll(page_limit if self.in_ocr else max(self.timeout_s - self.waited, 0))
        if not self.in_ocr:  # an OCR page's time counts against its own limit only
            self.waited += time.monotonic() - started
        if not ready and self.in_ocr:
            self._fail(f"OCR of a page ran past {page_limit:g} s (ingest.ocr_page_timeout_s) and did not stop; stopped")
        if not ready:
            self._fail(f"parsing took longer than {self.timeout_s:g} s (ingest.parse_timeout_s); stopped")
        try:
            message = worker.conn.recv()
        except (EOFError, OSError):
            self._fail(self._death())
        if message[0] == "memory":
            self._fail(self._memory())
        if message[0] == "error":
            self._done()
            raise DocumentError(self.job.display, message[1])
        return message

    def _done(self) -> None:
        if self.worker is not None:
            self.pool._release(self.worker)
            self.worker = None

    def _fail(self, reason: str):
        self.close()
        log.info("%s: %s", self.job.display, reason)
        raise DocumentError(self.job.display, reason)

    def _memory(self) -> str:
        return memory_reason(self.pool.memory_mb)

    def _death(self) -> str:
        process = self.worker.process if self.worker else None
        if process is not None:
            process.join(5)
        return death_reason(process.exitcode if process is not None else None, self.pool.memory_mb)


# The status glibc's dynamic loader ends a process with when it cannot go on: most often, under an
# address-space limit, no memory left for a library's thread-local data ("cannot allocate memory for
# thread-local data: ABORT", as when ONNX Runtime's OCR threads start after a std::bad_alloc).
LOADER_EXIT = 127


def memory_reason(memory_mb: int) -> str:
    return f"parsing needed more than {memory_mb} MB of memory (ingest.parse_memory_mb); stopped"


def death_reason(code: int | None, memory_mb: int) -> str:
    """Why a parse worker that stopped answering is gone, from its exit status."""
    if code == MEMORY_EXIT or (code == LOADER_EXIT and memory_mb):
        return memory_reason(memory_mb)
    if code is not None and code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        return f"the parser crashed ({name}); it may have needed more than {memory_mb} MB (ingest.parse_memory_mb)"
    return f"the parser process exited unexpectedly (status {code})"
