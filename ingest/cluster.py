"""Ingest on a Ray cluster: each new or changed file is parsed, chunked and embedded on a Ray worker;
this process (the driver) scans, takes the write lock and writes the results in order through the
same write protocol as a local ingest, so a run killed anywhere recovers the same way and gives the
same chunk ids.

- The driver reads each file and sends its bytes (checked against the sha256 it scanned), so the
  workers need no shared file system: only kb installed, the same version, on every node.
- A worker is a Ray actor holding the embedding model and kb's parse pool (one parse process under
  the same per-file time and memory limits as a local ingest), so a hostile file costs that file on
  the cluster too. Actors are created once per ingest, one per CPU the cluster offers unless
  `[ingest] cluster_workers` says how many.
- Results come back in file order (`ActorPool.map`): the writer sees the same events as from the
  local parse thread, with each piece's vector already computed.

`pip install 'kb[cluster]'` adds Ray. `[ingest] cluster` (or `kb ingest --cluster`) names the
cluster: `ray://HOST:10001` (Ray Client), `HOST:6379` (join as a driver), or `local` (start a
Ray instance on this machine for the run).
"""

from __future__ import annotations

import hashlib
import logging
import re
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.errors import SettingsError
from kb.records import passage_text
from kb.settings import Settings

if TYPE_CHECKING:
    from ingest.scan import Candidate
    from kb.models.embedder import Embedder

log = logging.getLogger(__name__)


def connect(address: str) -> Any:
    """The `ray` module, connected to the cluster at `address` (once per process)."""
    try:
        import ray
    except ImportError:
        raise SettingsError("ingest.cluster: Ray is not installed; install it with pip install 'kb[cluster]'") from None
    if not ray.is_initialized():
        unreachable = _unreachable(address)
        if unreachable:
            raise SettingsError(f"ingest.cluster: cannot connect to the Ray cluster at {address!r}: {unreachable} "
                                "(is the head node up? `ray start --head` prints its address)")
        options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
        if address == "local":
            options["include_dashboard"] = False
        else:
            options["address"] = address
        try:
            ray.init(**options)
        except Exception as exc:
            raise SettingsError(f"ingest.cluster: cannot connect to the Ray cluster at {address!r}: {exc}") from exc
        log.info("connected to the Ray cluster at %s: %s CPUs", address, ray.cluster_resources().get("CPU", 0))
    return ray


CONNECT_TIMEOUT_S = 5.0


def _unreachable(address: str) -> str:
    """Why nothing answers at a `HOST:PORT` or `ray://HOST:PORT` address ("" when a TCP connection
    opens, and for "local" or "auto"). Checked first because Ray itself retries an address where
    nothing listens for minutes before it gives up."""
    match = re.fullmatch(r"(?:ray://)?(\[[^\]]+\]|[^:/\[\]]+):(\d+)", address)
    if not match:
        return "" if address in ("local", "auto") else "not an address of the form HOST:PORT or ray://HOST:PORT"
    host, port = match.group(1).strip("[]"), int(match.group(2))
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        return f"nothing answers at {host}:{port} ({exc.strerror or exc})"
    return ""


class FileWorker:
    """A Ray actor: parses, chunks and embeds one file at a time, as a local ingest would."""

    def __init__(self, settings: Settings, open_embedder: Callable[[], Embedder]):
        from ingest.chunking import Chunker
        from ingest.parsing import ParsePool

        cfg = settings.ingest
        self.settings = settings
        self.embedder = open_embedder()
        self.chunker = Chunker(lambda: self.embedder, cfg.chunk_size, cfg.chunk_overlap, settings.embedding.passage_prefix)
        self.pool = ParsePool(1, cfg.parse_memory_mb)

    def process(self, candidate: Candidate, data: bytes, ocr: Any) -> tuple[list[Any], Any]:
        """The file's events (start, pieces, OCR pages, end, or failed), and its pieces' vectors."""
        from ingest.parsing import ParseJob
        from ingest.pipeline import _Piece, file_events

        with tempfile.TemporaryDirectory(prefix="kb-cluster-") as folder:
            local = Path(folder) / f"file{candidate.path.suffix}"
            local.write_bytes(data)
            job = ParseJob(local, str(candidate.path), candidate.kind, ocr)
            events: list[Any] = []
            for _, task in self.pool.parse([job], self.settings.ingest.parse_timeout_s):
                events = list(file_events(candidate, task, self.chunker))
        texts = [passage_text(e.piece.heading, e.piece.text) for e in events if isinstance(e, _Piece)]
        vectors = self.embedder.embed_passages(texts) if texts else None
        for event in events:
            event.candidate = None  # the driver has it; do not ship it back
        return events, vectors


def cluster_events(settings: Settings, open_embedder: Callable[[], Embedder], todo: list[Candidate], ocr: Any,
                   stop: threading.Event) -> Iterator[Any]:
    """The events of every file in `todo`, in order, parsed and embedded on the cluster."""
    from ingest.pipeline import _Failed, _Piece

    ray = connect(settings.ingest.cluster)
    from ray.util import ActorPool

    workers = settings.ingest.cluster_workers or max(1, int(ray.available_resources().get("CPU", 1)))
    actor = ray.remote(num_cpus=1)(FileWorker)
    actors = [actor.remote(settings, open_embedder) for _ in range(min(workers, max(len(todo), 1)))]
    log.info("ingesting %d files on %d Ray workers", len(todo), len(actors))
    unreadable: dict[int, str] = {}

    def submit(worker: Any, item: tuple[int, Candidate]) -> Any:
        index, candidate = item
        try:
            data = candidate.path.read_bytes()
        except OSError as exc:
            unreadable[index] = f"cannot read the file: {exc.strerror or exc}"
            data = b""
        if index not in unreadable and hashlib.sha256(data).hexdigest() != candidate.sha256:
            unreadable[index] = "the file changed while it was being ingested; run the ingest again"
        return worker.process.remote(candidate, b"" if index in unreadable else data, ocr)

    try:
        for (index, candidate), result in zip(enumerate(todo), ActorPool(actors).map(submit, list(enumerate(todo)))):
            if stop.is_set():
                return
            if index in unreadable:
                yield _Failed(candidate, unreadable[index])
                continue
            events, vectors = result
            n = 0
            for event in events:
                event.candidate = candidate
                if isinstance(event, _Piece):
                    event.vector = vectors[n]
                    n += 1
                yield event
    finally:
        for a in actors:
            ray.kill(a)
