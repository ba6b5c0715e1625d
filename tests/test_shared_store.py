"""Several kb hosts on one real Chroma server: each sees every write (dense and lexical), and one
writer at a time holds the collection's lease, which a killed holder gives up when it expires."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from kb.errors import IngestLocked
from kb.filters import Filters
from kb.records import Document
from kb.service import KnowledgeBase
from kb.settings import Settings
from kb.store.chroma import Store
from kb.store.shared import SharedState
from tests.support import HashEmbedder

ROOT = Path(__file__).resolve().parent.parent


def replica(settings: Settings, tmp_path: Path, name: str, port: int, **store) -> Settings:
    """A kb host of its own (its own local folder) on the shared server."""
    return settings.with_overrides(store={"mode": "http", "port": port, "path": str(tmp_path / name), **store})


def sources(hits) -> list[str]:
    return [h.source for h in hits]


def test_a_replica_sees_what_another_host_wrote_in_every_mode(settings, tmp_path, chroma_server, docs):
    (docs / "ops.md").write_text("# Ops\n\nThe pager rotation changes on Mondays.\n")
    a_settings, b_settings = (replica(settings, tmp_path, n, chroma_server) for n in ("host-a", "host-b"))
    with KnowledgeBase(a_settings, embedder=HashEmbedder()) as a, KnowledgeBase(b_settings, embedder=HashEmbedder()) as b:
        assert a.ingest([docs]).files_added == 1
        for mode in ("lexical", "dense", "hybrid"):  # b had never searched: its lexical index starts empty
            assert sources(b.search("pager rotation", top_k=1, mode=mode)) == ["ops.md"], mode

        # b is running now; a writes again: a new file, then an edit, then a removal.
        (docs / "parking.md").write_text("# Parking\n\nVisitor parking is behind building C.\n")
        assert a.ingest([docs]).files_added == 1
        for mode in ("lexical", "dense", "hybrid"):
            assert sources(b.search("visitor parking building", top_k=1, mode=mode)) == ["parking.md"], mode

        (docs / "parking.md").write_text("# Parking\n\nVisitor parking moved to the north garage.\n")
        assert a.ingest([docs]).files_updated == 1
        assert sources(b.search("north garage", top_k=1, mode="lexical")) == ["parking.md"]
        assert b.search("behind building C", top_k=3, mode="lexical") == []

        (docs / "parking.md").unlink()
        assert a.ingest([docs], prune=True).files_removed == 1
        assert b.search("north garage", top_k=3, mode="lexical") == []
        assert "parking.md" not in sources(b.search("visitor parking", top_k=3, mode="dense"))

        # What b's own index holds is exactly what the server holds: one document, its chunks.
        assert b.store.lexical.count() == b.store.count_chunks()
        assert set(b.store.lexical.doc_versions()) == {d.doc_id for d in b.store.documents()}


def test_tags_set_on_one_host_filter_on_another(settings, tmp_path, chroma_server, docs):
    (docs / "ops.md").write_text("# Ops\n\nThe pager rotation changes on Mondays.\n")
    a_settings, b_settings = (replica(settings, tmp_path, n, chroma_server) for n in ("host-a", "host-b"))
    with KnowledgeBase(a_settings, embedder=HashEmbedder()) as a, KnowledgeBase(b_settings, embedder=HashEmbedder()) as b:
        a.ingest([docs])
        assert b.search("pager rotation", top_k=1, mode="lexical", filters=Filters(tags=("oncall",))) == []
        a.tag("ops.md", add=["oncall"])
        assert sources(b.search("pager rotation", top_k=1, mode="lexical", filters=Filters(tags=("oncall",)))) == ["ops.md"]


def test_one_writer_per_collection_across_hosts(settings, tmp_path, chroma_server):
    a = Store(replica(settings, tmp_path, "host-a", chroma_server).store, embedding_model="hash")
    b = Store(replica(settings, tmp_path, "host-b", chroma_server).store, embedding_model="hash")
    with a.write_lock():
        with pytest.raises(IngestLocked, match=r"another ingest is running on collection 'documents' \(.* pid \d+"):
            with b.write_lock():
                pass
    with b.write_lock():  # released: the other host takes it at once
        with pytest.raises(IngestLocked):
            with a.write_lock():
                pass


def test_racing_hosts_elect_exactly_one_writer(settings, tmp_path, chroma_server):
    stores = [Store(replica(settings, tmp_path, f"host-{i}", chroma_server).store, embedding_model="hash")
              for i in range(6)]
    start, done = threading.Barrier(len(stores)), threading.Event()
    won, lost = [], []

    def contend(store: Store) -> None:
        start.wait()
        try:
            with store.write_lock():
                won.append(store)
                done.wait(10)
        except IngestLocked:
            lost.append(store)

    threads = [threading.Thread(target=contend, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while len(won) + len(lost) < len(stores) and time.monotonic() < deadline:
        time.sleep(0.05)
    done.set()
    for t in threads:
        t.join()
    assert (len(won), len(lost)) == (1, len(stores) - 1)


def test_a_killed_holder_blocks_only_until_its_lease_expires(settings, tmp_path, chroma_server):
    """A writer killed with SIGKILL cannot release its lease; the lease's expiry does."""
    holder = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from kb.settings import StoreSettings
        from kb.store.chroma import Store
        store = Store(StoreSettings(mode="http", port={chroma_server}, path={str(tmp_path / "host-k")!r}, lease_s=4.0),
                      embedding_model="hash")
        with store.write_lock():
            print("held", flush=True)
            time.sleep(600)
    """)
    proc = subprocess.Popen([sys.executable, "-c", holder], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        proc.kill()
        proc.wait()
        killed_at = time.monotonic()
        other = Store(replica(settings, tmp_path, "host-b", chroma_server).store, embedding_model="hash")
        with pytest.raises(IngestLocked, match="lease ends in"):
            with other.write_lock():
                pass
        while True:
            try:
                with other.write_lock():
                    taken_after = time.monotonic() - killed_at
                break
            except IngestLocked:
                assert time.monotonic() - killed_at < 30, "the dead holder's lease never expired"
                time.sleep(0.25)
        assert taken_after <= 4.0 + 1.0
    finally:
        proc.kill()


def test_a_writer_that_lost_its_lease_stops_before_its_next_write(settings, tmp_path, chroma_server):
    store = Store(replica(settings, tmp_path, "host-a", chroma_server, lease_s=3.0).store, embedding_model="hash")
    state = SharedState(store._client, "documents", "elsewhere", str(tmp_path / "host-z"))
    with store.write_lock():
        # Another host took the lease over (as it may once a renewal came too late).
        state._records.upsert(ids=["writer"], embeddings=[[1.0]],
                              metadatas=[{"token": "other", "owner": "host-z pid 1", "expires": time.time() + 60}])
        time.sleep(1.5)  # the holder's next renewal (every lease_s / 3) finds it gone
        with pytest.raises(IngestLocked, match="lost the writer lease"):
            store.begin(Document(doc_id="d1", source="a.md"), "abc")
    assert state.holder()["owner"] == "host-z pid 1"  # releasing never deletes another host's lease
