"""The vector store: chunks and the document registry, both in Chroma, plus the write lock.

The registry (one record per document) lives in a second collection, `<collection>.registry`, so a
deployment on a Chroma server keeps all its state in the server: on a server, the change token and
the writer's lease live there too (`<collection>.state`, kb/store/shared.py). The lexical index is
derived state, a file on each host: every host brings its own up to date from the registry when the
change token says another one wrote (`sync_lexical`).

Write protocol (what makes an ingest safe to kill at any moment):

1. `begin(doc, new_version)`: the registry entry gets `pending = new_version` (new documents get an
   entry with an empty committed `sha256` and `version`). A version is the file's hash and how it was
   parsed (records.Document): a file read again by a newer parser is a new version too.
2. The new version's chunks are upserted. Their ids carry the version, so they sit beside the old
   ones; searches ignore them because the registry still names the old version.
3. `commit(doc)`: the registry entry names the new version (one record write: the switch is atomic),
   then the old version's chunks are deleted, then `pending` is cleared.

A run killed anywhere leaves entries with `pending` set; `recover()` (run at the start of every
ingest) deletes every chunk of such a document that is not the committed version and clears the
flag (or drops the entry of a document that never committed). Searches only return chunks whose
version is the committed one, so readers never see half a write.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from kb.errors import IngestLocked, StoreUnavailable
from kb.filters import Filters
from kb.records import METADATA_VERSION, Chunk, Document, Hit, heading_and_text, split_chunk_id
from kb.settings import StoreSettings
from kb.store.host import ChangeStamp, connect, write_lock
from kb.store.lexical import LexicalIndex
from kb.store.shared import Lease, SharedState
from kb.store.scope import chroma_where, lexical_row, registry_metadata, write_chunk_metadata

log = logging.getLogger(__name__)

REGISTRY_SUFFIX = ".registry"
_GET_PAGE = 5000  # Chroma caps how many records one get() may return in some modes
_REOPEN_LOCK = threading.Lock()
_LEXICAL_WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kb-lexical-write")
_SYNC_BATCH = 50  # documents whose chunks one read fetches when the lexical index catches up
_SYNC_REBUILD = 500  # more outdated documents than this: rebuild the lexical index in pages instead


def _indexed_meta(doc: Document) -> tuple[str, int, tuple[str, ...]]:
    """A committed document's filter keys as the lexical index records them."""
    _, kind, modified, tags = lexical_row(doc)
    return kind, int(modified), tuple(sorted(tags))


class Store:
    """Chroma collections for one kb collection: `chunks` (vectors) and `registry` (documents)."""

    def __init__(self, settings: StoreSettings, *, embedding_model: str):
        self.settings = settings
        self.collection_name = settings.collection
        self.embedding_model = embedding_model
        self._client = connect(settings)
        try:
            self._chunks = self._client.get_or_create_collection(
                self.collection_name,
                embedding_function=None,
                metadata={"hnsw:space": "cosine", "kb:embedding_model": embedding_model},
            )
            self._registry = self._client.get_or_create_collection(
                self.collection_name + REGISTRY_SUFFIX, embedding_function=None
            )
        except Exception as exc:
            raise StoreUnavailable(f"cannot open collection {self.collection_name!r} in {self.location}: {exc}") from exc
        self.lexical = LexicalIndex(Path(settings.path) / f"{self.collection_name}.lexical.sqlite3",
                                    score_budget=settings.lexical_budget)
        self._shared: SharedState | None = None
        self._lease: Lease | None = None
        if settings.mode == "embedded":
            self._stamp: ChangeStamp | SharedState = ChangeStamp(Path(settings.path) / f"{self.collection_name}.registry.stamp")
            self._seen = self._stamp_state()
        else:
            self._stamp = self._shared = self._open_shared()
            self._seen = None  # this host's lexical index is checked against the registry at first use
        self._documents_cache: tuple[tuple[int, int], list[Document]] | None = None
        self._by_id: tuple[tuple[int, int], dict[str, Document]] | None = None
        self._new: set[str] = set()  # begun with no registry entry before: nothing to drop at commit
        # Vectors of two models must never share a collection (Chroma itself checks only the size).
        built_with = (self._chunks.metadata or {}).get("kb:embedding_model")
        if built_with not in (None, embedding_model):
            raise StoreUnavailable(
                f"collection {self.collection_name!r} was built with embedding model {built_with!r} but the "
                f"settings name {embedding_model!r}: set [embedding] model = \"{built_with}\" (or KB_EMBEDDING__MODEL) "
                f"to keep using it, use another collection (--collection), or delete this one"
            )

    def _open_shared(self) -> SharedState:
        try:
            return SharedState(self._client, self.collection_name, self.location, str(Path(self.settings.path).resolve()))
        except Exception as exc:
            raise StoreUnavailable(f"cannot open collection {self.collection_name!r} in {self.location}: {exc}") from exc

    @property
    def location(self) -> str:
        if self.settings.mode == "http":
            return f"http://{self.settings.host}:{self.settings.port}"
        return self.settings.path

    # -- registry ----------------------------------------------------------------------------

    def documents(self, *, shared: bool = False) -> list[Document]:
        """Every registry entry, committed or not, sorted by source.

        The list stays in memory while the registry's change stamp is unchanged: every registry
        write (by this process or another, on this host or another) touches it; a file beside an
        embedded store, a token in a Chroma server (one read by id per call). Callers get copies they may change;
        `shared=True` hands out the cached entries themselves, to read only (listing 10k documents
        per request then costs no copies)."""
        stamp = self._stamp_state()
        if stamp is not None and self._documents_cache is not None and self._documents_cache[0] == stamp:
            cached = self._documents_cache[1]
            return list(cached) if shared else [copy.copy(d) for d in cached]
        docs = sorted((Document.from_metadata(meta) for meta in self._get_all(self._registry, include=["metadatas"])),
                      key=lambda d: d.source)
        if stamp is not None:
            self._documents_cache = (stamp, [copy.copy(d) for d in docs])
        return docs

    def _stamp_state(self) -> tuple[int, int] | str:
        try:
            return self._stamp.state()
        except Exception as exc:
            raise self._unreachable(exc) from exc

    def _unreachable(self, exc: Exception) -> StoreUnavailable:
        if self.settings.mode == "http":
            return StoreUnavailable(
                f"the Chroma server at {self.location} did not answer for collection {self.collection_name!r} ({exc}); "
                f"check that it runs (`chroma run --path DIR --port {self.settings.port}`) and [store] host and port; "
                "kb reconnects by itself when it is back"
            )
        return StoreUnavailable(f"cannot read collection {self.collection_name!r} in {self.location}: {exc}")

    def _touch_stamp(self) -> None:
        """Mark the registry changed (kb/store/host.py, kb/store/shared.py)."""
        self._seen = self._stamp.touch()

    def refresh(self) -> bool:
        """Catch up with writes another process made since this one last looked; True when it did.

        Embedded: reopen Chroma when another process (a `kb ingest` beside `kb serve`) wrote, so
        vector search sees its chunks (Chroma keeps the vector index it loaded and would not); one
        stat() per call. On a Chroma server the vectors are the server's, always current, but the
        lexical index is this host's: bring it up to the registry (`sync_lexical`); one read by id
        per call."""
        state = self._stamp_state()
        if self._seen is not None and (state == self._seen or self._stamp.written_here(state)):
            self._seen = state
            return False
        if self._shared is not None:
            with _REOPEN_LOCK:
                if self._seen != state:
                    self.sync_lexical()
                    self._seen = state
            return True
        with _REOPEN_LOCK:
            if self._seen != state:
                from chromadb.api.shared_system_client import SharedSystemClient

                # Drop this path's cached Chroma system (left to finish what other threads run on it).
                SharedSystemClient._identifier_to_system.pop(getattr(self._client, "_identifier", self.settings.path), None)
                client = connect(self.settings)
                self._chunks = client.get_or_create_collection(self.collection_name, embedding_function=None)
                self._registry = client.get_or_create_collection(self.collection_name + REGISTRY_SUFFIX, embedding_function=None)
                self._client = client
                log.info("collection %s changed in another process: reopened the vector index", self.collection_name)
                self._seen = state
        return True

    def get_documents(self, doc_ids: list[str]) -> dict[str, Document]:
        if not doc_ids:
            return {}
        got = self._registry.get(ids=list(dict.fromkeys(doc_ids)), include=["metadatas"])
        return {i: Document.from_metadata(m) for i, m in zip(got["ids"], got["metadatas"])}

    def _committed_versions(self, doc_ids: list[str]) -> dict[str, Document]:
        """Registry entries for `doc_ids`: from the in-memory registry while its stamp is unchanged
        (no read of the registry per search)."""
        stamp = self._stamp_state()
        if self._by_id is None or self._by_id[0] != stamp:
            self.documents()
            self._by_id = (self._documents_cache[0], {d.doc_id: d for d in self._documents_cache[1]})
        return self._by_id[1]

    def get_document(self, doc_id: str) -> Document | None:
        return self.get_documents([doc_id]).get(doc_id)

    def update_entry(self, doc: Document) -> None:
        """Rewrite a registry entry whose chunks do not change (e.g. its folder moved)."""
        self._put(doc)

    def _put(self, doc: Document) -> None:
        self._put_many([doc])

    def _put_many(self, docs: list[Document]) -> None:
        """Write registry entries: one Chroma write for all of them (each entry is one record, so
        each document's switch stays atomic), one stamp touch."""
        if not docs:
            return
        self._registry.upsert(ids=[d.doc_id for d in docs], embeddings=[[1.0]] * len(docs),
                              metadatas=[registry_metadata(d) for d in docs], documents=[d.source for d in docs])
        self._touch_stamp()

    def _delete_entry(self, doc_id: str) -> None:
        self._registry.delete(ids=[doc_id])
        self._touch_stamp()

    # -- write protocol ----------------------------------------------------------------------

    def begin(self, doc: Document, new_version: str) -> None:
        """Journal that a new version of `doc` is being written (step 1)."""
        self.begin_many([(doc, new_version)])

    def begin_many(self, versions: list[tuple[Document, str]]) -> None:
        """`begin` for several documents: one registry read, one registry write."""
        if not versions:
            return
        if self._lease is not None:
            self._lease.check()  # never write on after another host took the lease over
        current = self.get_documents([doc.doc_id for doc, _ in versions])
        entries = []
        for doc, new_version in versions:
            if not new_version:  # an empty version would name no chunks: commit would delete them all
                raise ValueError(f"{doc.source}: a new version needs a name")
            entry = current.get(doc.doc_id)
            if entry is None:
                entry = Document(doc_id=doc.doc_id, source=doc.source, root=doc.root)
                self._new.add(doc.doc_id)  # commit has no other version to drop
            else:
                self._new.discard(doc.doc_id)
            entry.pending = new_version
            entries.append(entry)
        self._put_many(entries)

    def write_chunks(self, chunks: list[Chunk], vectors: np.ndarray) -> None:
        """Upsert chunks (step 2). Idempotent: a re-run writes the same ids."""
        if not chunks:
            return
        # The lexical rows (tokenised in Python) are written while Chroma writes the vectors (in Rust,
        # without the GIL): the two take about the time of the slower one.
        lexical = _LEXICAL_WRITER.submit(self.lexical.add, [(c.chunk_id, c.doc_id, c.sha256, c.source, c.embedding_text)
                                                            for c in chunks])
        try:
            self._chunks.upsert(
                ids=[c.chunk_id for c in chunks],
                embeddings=vectors,
                documents=[c.text for c in chunks],
                metadatas=[c.metadata() for c in chunks],
            )
        finally:
            lexical.result()

    def commit(self, doc: Document) -> None:
        """Make `doc.version` the visible version, then drop every other version (step 3). A
        document that had no entry when this store began it has no other version (chunks are
        only written after an entry journals them, and recover() undoes any left): one write."""
        self.commit_many([doc])

    def commit_many(self, docs: list[Document]) -> None:
        """`commit` for several documents: their registry writes go together (one Chroma write
        per step, whatever their number)."""
        if any(not d.version for d in docs):
            raise ValueError("commit: a document without a version would lose every chunk")
        replaced = [d for d in docs if d.doc_id not in self._new]
        self._new.difference_update(d.doc_id for d in docs)
        for doc in replaced:
            doc.pending = doc.version
        self._put_many(replaced)
        for doc in replaced:
            self._delete_chunks_except(doc.doc_id, doc.version)
        self.lexical.set_documents([lexical_row(d) for d in docs])
        for doc in docs:
            doc.pending = ""
        self._put_many(docs)

    def retag(self, doc: Document) -> None:
        """Write a committed document's filter keys (tags, kind, modified) onto its chunks in Chroma
        and the lexical index, in place: nothing is embedded. Journaled like a write (`pending`),
        so a run killed half-way is finished by recover()."""
        doc.pending = doc.version
        self._put(doc)
        write_chunk_metadata(self._chunks, doc)
        self.lexical.set_documents([lexical_row(doc)])
        doc.pending, doc.meta_version = "", METADATA_VERSION
        self._put(doc)

    def rollback(self, doc_id: str) -> None:
        """Undo an unfinished write: keep only the committed version (or nothing, if none)."""
        self._new.discard(doc_id)
        current = self.get_document(doc_id)
        if current is None:
            self._delete_chunks_except(doc_id, "")
            return
        self._delete_chunks_except(doc_id, current.version if current.sha256 else "")
        if current.sha256:
            current.pending = ""
            self._put(current)
        else:
            self._delete_entry(doc_id)

    def remove(self, doc_id: str) -> int:
        """Delete a document and its chunks; returns how many chunks went."""
        current = self.get_document(doc_id)
        if current is None:
            return 0
        removed = current.chunks
        current.sha256, current.version, current.pending = "", "", "delete"  # a crash from here on is finished by recover()
        self._put(current)
        self._delete_chunks_except(doc_id, "")
        self._delete_entry(doc_id)
        return removed

    def recover(self) -> list[str]:
        """Finish or undo every write a killed run left behind; returns the doc_ids repaired.
        Also rebuilds the lexical index if it does not hold exactly the stored chunks (a new
        index beside an old store, a deleted file, or a store written from another host)."""
        repaired = [d.doc_id for d in self.documents() if d.pending]
        for doc_id in repaired:
            log.warning("repairing document %s left unfinished by an interrupted run", doc_id)
            self.rollback(doc_id)
        if self.lexical.stale or self.lexical.count() != self.count_chunks():
            self.rebuild_lexical()
        # Filter keys: a repaired document's may be half written; a store older than them has none.
        committed = [d for d in self.documents() if d.sha256]
        outdated = [d for d in committed if d.doc_id in repaired or d.meta_version < METADATA_VERSION]
        if outdated:
            log.warning("writing the filter metadata of %d documents (no embedding)", len(outdated))
        for doc in outdated:
            self.retag(doc)
        if len(self.lexical.documents()) != len(committed):
            self.lexical.set_documents(lexical_row(d) for d in committed)
        return repaired

    def rebuild_lexical(self) -> None:
        """Re-index every stored chunk lexically (seconds per 100k chunks)."""
        log.warning("rebuilding the lexical index of collection %s", self.collection_name)
        self.lexical.clear()
        batch: list[tuple[str, str, str, str, str]] = []
        for chunk_id, meta, text in self._get_all(self._chunks, include=["metadatas", "documents"], with_text=True):
            indexed = heading_and_text(meta.get("heading", ""), text)
            batch.append((chunk_id, meta["doc_id"], meta["sha256"], meta["source"], indexed))
            if len(batch) >= _GET_PAGE:
                self.lexical.add(batch)
                batch = []
        self.lexical.add(batch)
        self.lexical.set_documents(lexical_row(d) for d in self.documents() if d.sha256)

    def sync_lexical(self) -> int:
        """Bring this host's lexical index to the registry's committed versions: what other hosts
        wrote. A document is current when the index holds its committed version's chunks (all of
        them) and its filter keys; versions being written are left alone. Returns how many
        documents it changed. Cost: one registry read and one grouped count, plus one read of the
        chunks of every outdated document (many outdated: one paged rebuild instead)."""
        if self.lexical.stale:
            self.rebuild_lexical()
            return -1
        docs = {d.doc_id: d for d in self.documents(shared=True)}
        held = self.lexical.doc_versions()
        meta = self.lexical.documents()
        gone = [doc_id for doc_id in held.keys() | meta.keys() if doc_id not in docs]
        outdated = [
            d for d in docs.values() if d.sha256 and (
                held.get(d.doc_id, {}).get(d.version, 0) != d.chunks or meta.get(d.doc_id) != _indexed_meta(d))
        ]
        if len(outdated) > _SYNC_REBUILD:
            self.rebuild_lexical()
            return len(outdated) + len(gone)
        for doc_id in gone:
            self.lexical.delete(doc_id)
        for start in range(0, len(outdated), _SYNC_BATCH):
            batch = {d.doc_id: d for d in outdated[start:start + _SYNC_BATCH]}
            got = self._chunks.get(where={"doc_id": {"$in": list(batch)}}, include=["metadatas", "documents"])
            rows = [
                (cid, m["doc_id"], m["sha256"], m["source"], heading_and_text(m.get("heading", ""), text))
                for cid, m, text in zip(got["ids"], got["metadatas"], got["documents"])
                if m["sha256"] == batch[m["doc_id"]].version
            ]
            for doc in batch.values():
                self.lexical.delete(doc.doc_id, keep_sha256=doc.version)
            self.lexical.add(rows)
            self.lexical.set_documents(lexical_row(d) for d in batch.values())
        if gone or outdated:
            log.info("lexical index of collection %s: %d documents brought up to date, %d removed (written elsewhere)",
                     self.collection_name, len(outdated), len(gone))
        return len(outdated) + len(gone)

    def _delete_chunks_except(self, doc_id: str, version: str) -> None:
        if version:
            self._chunks.delete(where={"$and": [{"doc_id": doc_id}, {"sha256": {"$ne": version}}]})
        else:
            self._chunks.delete(where={"doc_id": doc_id})
        self.lexical.delete(doc_id, keep_sha256=version)

    # -- reads -------------------------------------------------------------------------------

    def count_chunks(self) -> int:
        return self._chunks.count()

    def chunk_versions(self) -> list[tuple[str, str, str]]:
        """(chunk_id, doc_id, sha256) of every stored chunk: what consistency checks read."""
        return [
            (cid, meta["doc_id"], meta["sha256"])
            for cid, meta in self._get_all(self._chunks, include=["metadatas"], with_ids=True)
        ]

    def dense(self, vector: np.ndarray, limit: int, doc_ids: list[str] | None = None, *, filters: Filters | None = None,
              hydrate: bool = True) -> list[Hit]:
        """The `limit` nearest committed chunks (score: cosine similarity), optionally within
        documents and the metadata part of `filters` (applied by Chroma before ranking). With
        `hydrate=False` the hits carry ids, document and score only (no text, page or heading):
        fuse and cut them first, then `hydrate` the few that are kept."""
        if limit <= 0 or doc_ids == []:
            return []
        self.refresh()
        where = chroma_where(doc_ids, filters)
        want = limit + 8
        include = ["metadatas", "documents", "distances"] if hydrate else ["distances"]
        while True:
            try:
                found = self._chunks.query(query_embeddings=[vector], n_results=want, where=where, include=include)
            except Exception as exc:  # an empty collection refuses a query
                try:
                    if self._chunks.count() == 0:
                        return []
                except Exception:
                    raise self._unreachable(exc) from exc
                raise StoreUnavailable(f"vector query failed on {self.collection_name!r}: {exc}") from exc
            ids, distances = found["ids"][0], found["distances"][0]
            if hydrate:
                rows = zip(ids, found["metadatas"][0], found["documents"][0], distances)
                hits = self._committed([Hit.from_metadata(cid, meta, text, 1.0 - float(dist)) for cid, meta, text, dist in rows])
            else:
                hits = self._committed_bare([(cid, 1.0 - float(dist)) for cid, dist in zip(ids, distances)])
            if len(hits) >= limit or len(ids) < want:
                return hits[:limit]
            want *= 2  # some were uncommitted versions: look further

    def lexical_search(self, query: str, limit: int, doc_ids: list[str] | None = None, *, filters: Filters | None = None,
                       hydrate: bool = True) -> list[Hit]:
        """The `limit` best committed chunks by BM25 (score: BM25), optionally within documents and
        `filters`; `hydrate` as for `dense`."""
        if limit <= 0 or doc_ids == []:
            return []
        self.refresh()
        found = self.lexical.search(query, limit + 8, doc_ids, filters)
        if not found:
            return []
        hits = self._committed_bare([(cid, score) for cid, _, _, score in found])[:limit]
        return self.hydrate(hits) if hydrate else hits

    def hydrate(self, hits: list[Hit]) -> list[Hit]:
        """Fill in the text, page, heading and title of bare hits, with one read for all of them;
        scores and `explain` are kept. Hits whose chunk is gone by now are dropped."""
        bare = [h for h in hits if not h.text]
        if not bare:
            return hits
        got = self._chunks.get(ids=[h.chunk_id for h in bare], include=["metadatas", "documents"])
        found = {cid: Hit.from_metadata(cid, meta, text, 0.0) for cid, meta, text in zip(got["ids"], got["metadatas"], got["documents"])}
        kept = []
        for hit in hits:
            if not hit.text:
                full = found.get(hit.chunk_id)
                if full is None:
                    continue
                full.score, full.explain = hit.score, hit.explain
                hit = full
            kept.append(hit)
        return kept

    def _committed_bare(self, scored: list[tuple[str, float]]) -> list[Hit]:
        """Bare hits for (chunk_id, score) pairs of committed versions, told from the chunk id
        (doc_id-version[:16]-index) and the registry: no read of the chunks themselves."""
        parsed = [(cid, score, *split) for cid, score in scored if (split := split_chunk_id(cid)) is not None]
        docs = self._committed_versions([doc_id for _, _, doc_id, _, _ in parsed])
        hits = []
        for cid, score, doc_id, version, index in parsed:
            doc = docs.get(doc_id)
            if doc is not None and doc.sha256 and doc.version[:16] == version:
                hits.append(Hit(doc_id=doc_id, chunk_id=cid, source=doc.source, page=None, heading="", title=doc.title,
                                score=round(float(score), 6), text="", chunk_index=index, sha256=doc.version))
        return hits

    def _committed(self, hits: list[Hit]) -> list[Hit]:
        """Only hits of each document's committed version: never half a write."""
        docs = self._committed_versions([h.doc_id for h in hits])
        return [h for h in hits if (doc := docs.get(h.doc_id)) is not None and doc.sha256 and doc.version == h.sha256]

    def disk_bytes(self) -> int | None:
        """Bytes the embedded store takes on disk (None for a server)."""
        if self.settings.mode != "embedded":
            return None
        root = Path(self.settings.path)
        return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())

    def _get_all(self, collection, include: list[str], with_ids: bool = False, with_text: bool = False) -> Iterator[Any]:
        offset = 0
        while True:
            page = collection.get(include=include, limit=_GET_PAGE, offset=offset)
            if not page["ids"]:
                return
            for i, cid in enumerate(page["ids"]):
                meta = page["metadatas"][i]
                if with_text:
                    yield cid, meta, page["documents"][i]
                else:
                    yield (cid, meta) if with_ids else meta
            offset += len(page["ids"])

    # -- locking -----------------------------------------------------------------------------

    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """Hold the collection's write lock, or fail at once naming its holder: a file lock beside
        an embedded store (kb/store/host.py), a lease in the Chroma server (kb/store/shared.py)."""
        if self._shared is None:
            with write_lock(Path(self.settings.path), self.collection_name):
                self.refresh()  # write through a current view, never a stale index another process outdated
                yield
            return
        with ExitStack() as held:
            try:
                self._lease = held.enter_context(self._shared.lease(self.settings.lease_s))
            except IngestLocked:
                raise
            except Exception as exc:
                raise self._unreachable(exc) from exc
            try:
                self.refresh()
                yield
            finally:
                self._lease = None

