"""What a store on a Chroma server keeps in the server itself, so every host that uses the collection
agrees: the change token (has anyone written since this process last looked?) and the writer's
lease (one ingest per collection across hosts). The embedded store keeps both as files on its host
(kb/store/host.py): there the kernel's flock is better than a lease, as it is released the moment
its holder dies.

Both live in one small collection, `<collection>.state`, as two records:

- `changed`: a random token, rewritten after every registry write. A reader that sees a token it
  did not write knows another host (or process) wrote, and brings its own derived state (the
  per-host lexical index, the registry cache) up to date.
- `writer`: the lease `{token, owner, expires}`. Chroma has no compare-and-swap, but an `add()` of
  an id that exists is ignored, and every write to one collection is applied in one order, so
  "add, then read back whose record is there" elects exactly one holder. An expired lease is
  deleted only with a `where` naming its token, so two hosts taking over one expired lease cannot
  delete each other's new one. The holder renews it every third of its life from a thread; a
  holder that was killed stops renewing, and the lease is free once it expires.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kb.errors import IngestLocked

log = logging.getLogger(__name__)

STATE_SUFFIX = ".state"
_TOKEN = "changed"
_LEASE = "writer"
_VECTOR = [1.0]  # Chroma records need a vector; these are looked up by id only

# (server, collection, host folder) -> the change token a store of this process on that folder wrote
# last. Every write happens under the lease, after a refresh, so a token written here means nobody
# wrote in between. The folder is in the key as it holds the lexical index being kept current: two
# stores of one process on two folders (two replicas in one test process) each catch up on their own.
_WRITTEN_HERE: dict[tuple[str, str, str], str] = {}


def holder_name() -> str:
    """Who holds a lease, as people read it in an error: host and process."""
    return f"{socket.gethostname()} pid {os.getpid()}"


class SharedState:
    """The change token and the writer lease of one collection on a Chroma server."""

    def __init__(self, client: Any, collection: str, location: str, folder: str):
        self._records = client.get_or_create_collection(collection + STATE_SUFFIX, embedding_function=None)
        self._key = (location, collection, folder)
        self.collection = collection

    # -- change token (the interface of host.ChangeStamp) -------------------------------------

    def state(self) -> str:
        got = self._records.get(ids=[_TOKEN], include=["metadatas"])
        if not got["ids"]:
            return self.touch()
        return str(got["metadatas"][0]["token"])

    def touch(self) -> str:
        token = uuid.uuid4().hex
        self._records.upsert(ids=[_TOKEN], embeddings=[_VECTOR], metadatas=[{"token": token, "at": time.time()}])
        _WRITTEN_HERE[self._key] = token
        return token

    def written_here(self, state: str) -> bool:
        return _WRITTEN_HERE.get(self._key) == state

    # -- writer lease --------------------------------------------------------------------------

    def holder(self) -> dict[str, Any] | None:
        """The lease record ({token, owner, expires}), or None when nobody holds one."""
        got = self._records.get(ids=[_LEASE], include=["metadatas"])
        return dict(got["metadatas"][0]) if got["ids"] else None

    @contextmanager
    def lease(self, ttl_s: float, owner: str | None = None) -> Iterator[Lease]:
        """Hold the collection's writer lease for the block, renewed in the background; raises
        `IngestLocked` at once, naming the holder, when another live one holds it."""
        lease = Lease(self, ttl_s, owner or holder_name())
        lease.acquire()
        try:
            yield lease
        finally:
            lease.release()


class Lease:
    """One holding of a collection's writer lease (see the module's docstring)."""

    def __init__(self, state: SharedState, ttl_s: float, owner: str):
        self._state = state
        self._records = state._records
        self.ttl_s = ttl_s
        self.owner = owner
        self.token = uuid.uuid4().hex
        self.lost = False
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None

    def _locked(self, current: dict[str, Any]) -> IngestLocked:
        left = max(0.0, float(current.get("expires", 0)) - time.time())
        return IngestLocked(
            f"another ingest is running on collection {self._state.collection!r} ({current.get('owner', 'another host')}, "
            f"its lease ends in {left:.0f} s unless renewed); wait for it to finish, or stop it and run again"
        )

    def acquire(self) -> None:
        current = self._state.holder()
        if current is not None:
            if float(current.get("expires", 0)) > time.time():
                raise self._locked(current)
            log.warning("taking over the writer lease of collection %s: %s stopped renewing it",
                        self._state.collection, current.get("owner"))
            self._records.delete(ids=[_LEASE], where={"token": current["token"]})  # that holder's only
        self._records.add(ids=[_LEASE], embeddings=[_VECTOR], metadatas=[self._record()])
        current = self._state.holder()
        if current is None or current.get("token") != self.token:
            raise self._locked(current or {})
        self._renewer = threading.Thread(target=self._renew, name="kb-lease", daemon=True)
        self._renewer.start()

    def _record(self) -> dict[str, Any]:
        return {"token": self.token, "owner": self.owner, "expires": time.time() + self.ttl_s}

    def _renew(self) -> None:
        while not self._stop.wait(self.ttl_s / 3):
            try:
                current = self._state.holder()
                if current is None or current.get("token") != self.token:
                    self.lost = True
                    log.error("lost the writer lease of collection %s to %s (renewal came too late)",
                              self._state.collection, (current or {}).get("owner", "nobody"))
                    return
                self._records.upsert(ids=[_LEASE], embeddings=[_VECTOR], metadatas=[self._record()])
            except Exception as exc:  # the server is away: try again at the next beat, until it expires
                log.warning("could not renew the writer lease of collection %s: %s", self._state.collection, exc)

    def check(self) -> None:
        """Raise `IngestLocked` when this holding was lost (a renewal came after it expired and
        another host took it): the writer must stop before its next write."""
        if self.lost:
            raise IngestLocked(
                f"lost the writer lease of collection {self._state.collection!r}: another host took it over after "
                f"it expired; this ingest stopped, run it again"
            )

    def release(self) -> None:
        self._stop.set()
        if self._renewer is not None:
            self._renewer.join()
        try:
            self._records.delete(ids=[_LEASE], where={"token": self.token})
        except Exception as exc:
            log.warning("could not release the writer lease of collection %s (it expires in %.0f s): %s",
                        self._state.collection, self.ttl_s, exc)
