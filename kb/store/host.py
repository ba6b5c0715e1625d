"""What an embedded store keeps in plain files on its host, beside Chroma's own: the change stamp
(has another process written since this one last looked?) and the write lock (one ingest at a time
per collection). Both are host-local by nature; a store on a Chroma server has no stamp. And the
Chroma client itself (`connect`), embedded or a server's."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.errors import IngestLocked, StoreUnavailable
from kb.settings import StoreSettings

# Stamp file -> its state after this process's last write. Stores of one process share Chroma's
# in-memory index, so only a write by another process can leave it stale.
_WRITTEN_HERE: dict[str, tuple[int, int]] = {}


class ChangeStamp:
    """A file every registry write touches; its (mtime, size) tells readers the registry changed.
    The size grows by one byte per write (mtime alone can tie) and wraps at 4 KiB."""

    def __init__(self, path: Path):
        self.path = path

    def state(self) -> tuple[int, int]:
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return self.touch()
        return stat.st_mtime_ns, stat.st_size

    def touch(self) -> tuple[int, int]:
        with open(self.path, "a") as stamp:
            stamp.write(".")
        if self.path.stat().st_size > 4096:
            self.path.write_text("")
        stat = self.path.stat()
        _WRITTEN_HERE[str(self.path)] = state = (stat.st_mtime_ns, stat.st_size)
        return state

    def written_here(self, state: tuple[int, int]) -> bool:
        """True when `state` is this process's own last write."""
        return _WRITTEN_HERE.get(str(self.path)) == state


@contextmanager
def write_lock(folder: Path, collection: str) -> Iterator[None]:
    """Hold `collection`'s write lock in `folder`, or fail at once naming the process that holds it.
    The kernel releases an flock when its holder dies, so a killed ingest never leaves it stuck."""
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(folder / f"{collection}.ingest.lock", "a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise IngestLocked(
                f"another ingest is running on collection {collection!r} ({holder}); "
                "wait for it to finish, or stop it and run again"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}")
        handle.flush()
        yield
    finally:
        handle.close()  # closing releases the lock


def connect(settings: StoreSettings):
    """A Chroma client for the store: on disk in this process, or a Chroma server."""
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    try:
        if settings.mode == "http":
            return chromadb.HttpClient(host=settings.host, port=settings.port, settings=chroma_settings)
        Path(settings.path).mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=settings.path, settings=chroma_settings)
    except Exception as exc:
        where = f"{settings.host}:{settings.port}" if settings.mode == "http" else settings.path
        hint = (
            f"start one with `chroma run --path DIR --host {settings.host} --port {settings.port}`"
            if settings.mode == "http"
            else "check the folder's permissions and free space"
        )
        raise StoreUnavailable(f"cannot open the Chroma store at {where}: {exc}; {hint}") from exc
