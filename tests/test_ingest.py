"""Incremental, atomic, safe ingest on real Chroma: skip unchanged, replace changed, prune removed,
survive crashes and kills, refuse a second concurrent ingest."""

from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from kb.errors import IngestLocked, InvalidInput
from kb.records import Document
from kb.service import KnowledgeBase
from tests.support import HashEmbedder


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def assert_consistent(kb: KnowledgeBase) -> None:
    """Every stored chunk belongs to a committed document version, with the registered count."""
    docs = {d.doc_id: d for d in kb.store.documents()}
    assert all(not d.pending and d.sha256 for d in docs.values()), [d for d in docs.values() if d.pending]
    counts = Counter()
    for chunk_id, doc_id, sha in kb.store.chunk_versions():
        assert doc_id in docs, f"orphan chunk {chunk_id}"
        assert sha == docs[doc_id].version, f"stale chunk {chunk_id}"
        counts[doc_id] += 1
    assert counts == Counter({d.doc_id: d.chunks for d in docs.values()})
    # The lexical index holds exactly the same chunk versions.
    assert sorted(kb.store.lexical.versions()) == sorted(kb.store.chunk_versions())


def test_first_ingest_then_unchanged_files_embed_nothing(kb, hash_embedder, docs):
    _write(docs, "a.md", "# A\n\nAlpha team owns billing.\n")
    _write(docs, "sub/b.md", "# B\n\nBravo team owns search.\n")
    first = kb.ingest([docs])
    assert (first.files_added, first.files_unchanged, first.chunks_added) == (2, 0, 2)
    embedded = hash_embedder.embedded
    second = kb.ingest([docs])
    assert (second.files_added, second.files_updated, second.files_unchanged, second.chunks_added) == (0, 0, 2, 0)
    assert hash_embedder.embedded == embedded
    assert {d.source for d in kb.documents()} == {"a.md", "sub/b.md"}
    assert_consistent(kb)


def test_a_file_with_its_size_and_mtime_unchanged_is_not_read_unless_verify_unchanged(settings, hash_embedder, docs):
    """Unchanged by size and modification time: not read again (as rsync and git judge it), so a
    pass over a big unchanged folder reads nothing. An edit that restores both is caught only with
    `ingest.verify_unchanged`, which hashes every file."""
    path = _write(docs, "policy.md", "# Leave\n\nEmployees get 25 days of annual leave.\n")
    with KnowledgeBase(settings, embedder=hash_embedder) as kb:
        kb.ingest([docs])
        before = path.stat()
        path.write_text("# Leave\n\nEmployees get 30 days of annual leave.\n")  # same size
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        [known] = kb.documents()
        report = kb.ingest([docs])
        now = path.stat()
        assert (report.files_unchanged, report.files_updated) == (1, 0), (
            known.mtime, now.st_mtime, before.st_mtime_ns, now.st_mtime_ns, known.size, now.st_size, known.root,
            known.pending, known.sha256[:8])
        assert "25 days" in kb.search("annual leave", top_k=1, mode="lexical")[0].text
    with KnowledgeBase(settings.with_overrides(ingest={"verify_unchanged": True}), embedder=hash_embedder) as kb:
        report = kb.ingest([docs])
        assert (report.files_unchanged, report.files_updated) == (0, 1)
        assert "30 days" in kb.search("annual leave", top_k=1, mode="lexical")[0].text
        assert kb.ingest([docs]).files_unchanged == 1  # the new version's size and mtime are on record
        assert_consistent(kb)


def test_changed_file_is_replaced(kb, docs):
    path = _write(docs, "policy.md", "# Leave\n\nEmployees get 25 days of annual leave.\n")
    kb.ingest([docs])
    old = kb.documents()[0]
    path.write_text("# Leave\n\nEmployees get 30 days of annual leave.\n", encoding="utf-8")
    report = kb.ingest([docs])
    assert (report.files_updated, report.chunks_added, report.chunks_removed) == (1, 1, 1)
    [new] = kb.documents()
    assert new.doc_id == old.doc_id and new.sha256 != old.sha256
    hits = kb.search("annual leave days", top_k=5)
    assert [h.text for h in hits] == ["Employees get 30 days of annual leave."]
    assert_consistent(kb)


def test_new_version_is_written_before_the_old_one_goes(settings, docs):
    """A crash while writing the new version leaves the old one intact and searchable."""
    path = _write(docs, "runbook.md", "# Runbook\n\nRestart the api with beaconctl restart api.\n")
    with KnowledgeBase(settings, embedder=HashEmbedder()) as kb:
        kb.ingest([docs])
    path.write_text("# Runbook\n\n" + "Step one. " * 50 + "EXPLODE here.\n", encoding="utf-8")
    with KnowledgeBase(settings, embedder=HashEmbedder(fail_on="EXPLODE")) as kb:
        with pytest.raises(RuntimeError, match="simulated failure"):
            kb.ingest([docs])
        assert [h.text for h in kb.search("restart the api", top_k=3)] == ["Restart the api with beaconctl restart api."]
        assert_consistent(kb)


def test_prune_removes_and_without_it_lists(kb, docs):
    _write(docs, "keep.md", "# Keep\n\nKeep me.\n")
    gone = _write(docs, "gone.md", "# Gone\n\nRemove me.\n")
    kb.ingest([docs])
    gone.unlink()
    listed = kb.ingest([docs])
    assert listed.files_missing == ["gone.md"] and listed.files_removed == 0
    assert {d.source for d in kb.documents()} == {"keep.md", "gone.md"}
    pruned = kb.ingest([docs], prune=True)
    assert (pruned.files_removed, pruned.chunks_removed) == (1, 1)
    assert {d.source for d in kb.documents()} == {"keep.md"}
    assert all(h.source == "keep.md" for h in kb.search("remove me", top_k=5))
    assert_consistent(kb)


def test_prune_only_touches_the_ingested_folder(kb, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    _write(one, "a.md", "# A\n\nfrom one\n")
    _write(two, "b.md", "# B\n\nfrom two\n")
    kb.ingest([one])
    kb.ingest([two], prune=True)
    assert {d.source for d in kb.documents()} == {"a.md", "b.md"}


def test_dry_run_changes_nothing(kb, hash_embedder, docs):
    _write(docs, "a.md", "# A\n\nAlpha.\n")
    report = kb.ingest([docs], dry_run=True)
    assert (report.files_added, report.dry_run) == (1, True)
    assert kb.documents() == [] and hash_embedder.embedded == 0


def test_moving_the_folder_keeps_documents(kb, hash_embedder, tmp_path):
    old = tmp_path / "old"
    _write(old, "a.md", "# A\n\nAlpha.\n")
    kb.ingest([old])
    embedded = hash_embedder.embedded
    new = old.rename(tmp_path / "new")
    report = kb.ingest([new], prune=True)
    assert (report.files_unchanged, report.files_removed) == (1, 0)
    assert hash_embedder.embedded == embedded
    assert kb.documents()[0].root == str(new)


def test_single_files_and_missing_paths(kb, docs):
    path = _write(docs, "one.md", "# One\n\nSingle file.\n")
    assert kb.ingest([path]).files_added == 1
    with pytest.raises(InvalidInput, match="no such file"):
        kb.ingest([docs / "nope"])


def test_delete_by_source_doc_id_or_path(kb, docs):
    a = _write(docs, "a.md", "# A\n\nAlpha.\n")
    _write(docs, "b.md", "# B\n\nBravo.\n")
    _write(docs, "c.md", "# C\n\nCharlie.\n")
    kb.ingest([docs])
    doc_b = kb.find_document("b.md")
    kb.delete("a.md")
    kb.delete(doc_b.doc_id)
    kb.delete(str(docs / "c.md"))
    assert kb.documents() == [] and kb.store.count_chunks() == 0
    assert a.exists()  # deleting from kb never touches the file


def test_recover_finishes_every_interrupted_state(kb, docs):
    """Simulate a kill at each step of the write protocol; recover() leaves a consistent store."""
    _write(docs, "a.md", "# A\n\nVersion one of alpha.\n")
    _write(docs, "b.md", "# B\n\nBravo.\n")
    kb.ingest([docs])
    committed = kb.find_document("a.md")
    store = kb.store
    # Killed after begin() + some new chunks (update of a known document).
    store.begin(committed, "f" * 64)
    from kb.records import Chunk

    stray = Chunk(chunk_id=f"{committed.doc_id}-ffff-00000", doc_id=committed.doc_id, source="a.md", title="A", text="half", index=0, sha256="f" * 64)
    store.write_chunks([stray], kb.embedder.embed_passages(["half"]))
    # Killed while adding a brand-new document.
    newcomer = Document(doc_id="new-doc", source="new.md")
    store.begin(newcomer, "e" * 64)
    store.write_chunks([Chunk(chunk_id="new-doc-e-0", doc_id="new-doc", source="new.md", title="", text="x", index=0, sha256="e" * 64)], kb.embedder.embed_passages(["x"]))
    # Killed in the middle of a delete.
    doomed = copy.copy(kb.find_document("b.md"))  # the store's own entry: change a copy
    doomed.sha256, doomed.pending = "", "delete"
    store.update_entry(doomed)
    # Searches never show half-written versions, even before recovery.
    assert all(h.text != "half" and h.source != "new.md" for h in kb.search("half x", top_k=10))
    assert sorted(store.recover()) == sorted([committed.doc_id, "new-doc", doomed.doc_id])
    assert {d.source for d in kb.documents()} == {"a.md"}
    assert_consistent(kb)


def test_second_ingest_is_refused_while_one_runs(kb, docs):
    _write(docs, "a.md", "# A\n\nAlpha.\n")
    with kb.store.write_lock():
        other = KnowledgeBase(kb.settings, embedder=HashEmbedder())
        with pytest.raises(IngestLocked, match="another ingest is running .*pid"):
            other.ingest([docs])
    assert kb.ingest([docs]).files_added == 1  # released


# -- real processes, really killed -------------------------------------------------------------


def _kill_corpus(folder: Path, files: int = 24, paragraphs: int = 200) -> Path:
    for i in range(files):
        body = " ".join(f"Paragraph {j} of document {i} explains procedure {i}-{j} in detail." for j in range(paragraphs))
        _write(folder, f"doc{i:02d}.md", f"# Document {i}\n\n{body}\n")
    return folder


def _kb_process(tmp_path: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "KB_STORE__PATH": str(tmp_path / "store"), "KB_EMBEDDING__BATCH_SIZE": "8"}
    # Ctrl-C as in a terminal: a child of a background job (nohup, `&` in a script) would inherit SIGINT
    # ignored, and Python then installs no KeyboardInterrupt handler.
    return subprocess.Popen(
        [sys.executable, "-m", "kb", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(tmp_path), text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _wait_for_chunks(tmp_path: Path, settings, minimum: int, proc: subprocess.Popen, timeout: float = 240) -> None:
    """Poll the store from outside until the running ingest has written some chunks."""
    import sqlite3

    database = tmp_path / "store" / "chroma.sqlite3"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read()
        if database.exists():
            try:
                with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1) as db:
                    (count,) = db.execute("select count(*) from embeddings").fetchone()
                if count >= minimum:
                    return
            except sqlite3.Error:
                pass
        time.sleep(0.2)
    raise AssertionError("the ingest wrote nothing in time")


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "kill_points"), [(signal.SIGKILL, (30, 150)), (signal.SIGINT, (60,))])
def test_killed_ingest_leaves_a_consistent_store_and_the_next_run_completes(tmp_path, settings, real_embedder, sig, kill_points):
    """Killed early, then the next run killed again later (over what the first one left), or
    interrupted with Ctrl-C: readers only ever see committed documents, and one more run completes."""
    folder = _kill_corpus(tmp_path / "corpus")
    for after_chunks in kill_points:
        proc = _kb_process(tmp_path, "ingest", str(folder), "--json")
        _wait_for_chunks(tmp_path, settings, after_chunks, proc)
        proc.send_signal(sig)
        proc.wait(timeout=60)
        if sig == signal.SIGINT:
            assert proc.returncode == 130
            assert "store is consistent" in proc.stderr.read()
        else:
            assert proc.returncode == -signal.SIGKILL
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        # Readers see only committed documents, even before the next ingest repairs anything.
        committed = {d.doc_id for d in kb.documents()}
        assert all(h.doc_id in committed for h in kb.search("procedure in detail", top_k=20))
        report = kb.ingest([folder])
        assert report.files_added + report.files_unchanged == 24 and not report.files_failed
        assert_consistent(kb)
        assert len(kb.documents()) == 24
        # Same store content as one uninterrupted run: every chunk exactly once.
        assert kb.store.count_chunks() == sum(d.chunks for d in kb.documents())


@pytest.mark.slow
def test_concurrent_cli_ingest_gets_a_clear_error(tmp_path, settings):
    folder = _kill_corpus(tmp_path / "corpus", files=12)
    first = _kb_process(tmp_path, "ingest", str(folder), "--json")
    _wait_for_chunks(tmp_path, settings, 8, first)
    second = _kb_process(tmp_path, "ingest", str(folder), "--json")
    _, err = second.communicate(timeout=120)
    assert second.returncode == 1
    assert "another ingest is running on collection 'documents' (pid" in err
    out, _ = first.communicate(timeout=300)
    assert first.returncode == 0 and json.loads(out)["files_added"] == 12


# -- review findings: roots, pruning safety, symlinks, globs -----------------------------------


def test_a_subfolder_or_file_of_an_ingested_folder_keeps_its_names(kb, docs):
    _write(docs, "a.md", "# A\n\nAlpha.\n")
    _write(docs, "sub/b.md", "# B\n\nBravo.\n")
    kb.ingest([docs])
    assert kb.ingest([docs / "sub" / "b.md"]).files_unchanged == 1
    assert kb.ingest([docs / "sub"], prune=True).files_removed == 0  # a.md is outside the scope
    report = kb.ingest([docs, docs / "a.md"])  # the same file named twice
    assert not report.files_failed and report.files_unchanged == 2
    assert sorted(d.source for d in kb.documents()) == ["a.md", "sub/b.md"]


def test_two_folders_with_the_same_file_names_never_overwrite_each_other(kb, tmp_path):
    team_a, team_b = tmp_path / "teamA", tmp_path / "teamB"
    _write(team_a, "README.md", "# A\n\nTeam A builds the billing service.\n")
    _write(team_b, "README.md", "# B\n\nTeam B builds the search service.\n")
    kb.ingest([team_a])
    report = kb.ingest([team_b])
    assert "already in this collection from" in report.files_failed[0]["error"]
    assert kb.search("billing service", 1)[0].text == "Team A builds the billing service."


def test_a_file_that_fails_is_never_pruned(kb, docs):
    _write(docs, "a.md", "# A\n\nAlpha.\n")
    b = _write(docs, "b.md", "# B\n\nBravo stays searchable.\n")
    _write(docs, "shared/c.md", "# C\n\nCharlie on a network share.\n")
    kb.ingest([docs])
    b.write_bytes(b"")  # a broken save
    share = docs / "shared"
    share.rename(docs / "shared-offline")
    share.symlink_to(docs / "unmounted")  # the mount is gone
    report = kb.ingest([docs], prune=True)
    assert {Path(f["path"]).name for f in report.files_failed} == {"b.md", "shared"}
    assert report.files_removed == 0 and "b.md" not in report.files_missing
    assert {"b.md", "shared/c.md"} <= {d.source for d in kb.documents()}
    assert kb.search("Bravo stays searchable", 1)[0].source == "b.md"


def test_folder_symlinks_aliases_loops_and_outside_links(kb, tmp_path, docs):
    _write(docs, "v2/guide.md", "# Guide\n\nVersion two.\n")
    (docs / "latest").symlink_to(docs / "v2")  # an alias inside the root
    outside = tmp_path / "elsewhere"
    _write(outside, "extra.md", "# Extra\n\nLinked in from outside.\n")
    (docs / "extra").symlink_to(outside)
    (docs / "v2" / "up").symlink_to(docs)  # a loop
    report = kb.ingest([docs])
    assert [Path(f["path"]).name for f in report.files_failed] == ["up"]
    assert "symlink loop" in report.files_failed[0]["error"]
    assert sorted(d.source for d in kb.documents()) == ["extra/extra.md", "v2/guide.md"]


def test_default_excludes_apply_at_the_top_level_too(kb, docs):
    _write(docs, "a.md", "# A\n\nAlpha.\n")
    _write(docs, "node_modules/pkg/README.md", "# Pkg\n\nvendored\n")
    _write(docs, "__pycache__/x.txt", "cache")
    _write(docs, ".git/notes.md", "# Git\n\nhidden\n")
    kb.ingest([docs])
    assert [d.source for d in kb.documents()] == ["a.md"]


def test_a_zip_that_zipfile_cannot_read_is_reported_not_fatal(kb, docs):
    from tests.support import make_docx

    path = make_docx(docs / "odd.docx", [("p", "text")])
    data = bytearray(path.read_bytes())
    central = data.rfind(b"PK\x01\x02")
    data[central + 6] = 148  # "needs zip version 14.8": zipfile raises NotImplementedError
    path.write_bytes(bytes(data))
    _write(docs, "good.md", "# Good\n\nStill ingested.\n")
    report = kb.ingest([docs])
    assert report.files_added == 1 and Path(report.files_failed[0]["path"]).name == "odd.docx"


@pytest.mark.slow
def test_parallel_parsing_and_embedding_with_the_real_tokenizer(settings, real_embedder, docs):
    """The parse thread counts tokens while the main thread embeds: they must not share state."""
    for i in range(10):
        paragraphs = [" ".join(f"word{i}x{p}x{w}" for w in range(500)) for p in range(3)]
        _write(docs, f"long{i}.txt", "\n\n".join(paragraphs))
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        report = kb.ingest([docs])
        assert not report.files_failed and report.files_added == 10
        # No text lost to a confused tokenizer: the first, middle and last words of a paragraph are found.
        for word in ("word9x2x0", "word9x2x250", "word9x2x499"):
            assert any(word in h.text for h in kb.search(word, 3, mode="lexical")), word


def test_files_that_fail_before_any_text_never_load_the_model(settings, docs):
    """Re-running over files that keep failing (scans, password PDFs) stays fast: the weights never
    load (opening an embedder only reads its tokenizer)."""
    from tests.support import make_blank_pdf

    make_blank_pdf(docs / "scan.pdf")
    loaded, prepared = [], []

    class Recording(HashEmbedder):
        def prepare(self) -> None:  # the libraries, while the parsers start: no weights
            prepared.append(True)

        def load(self) -> None:
            loaded.append(True)

    from ingest.pipeline import IngestPipeline

    with KnowledgeBase(settings, embedder=HashEmbedder()) as kb:
        report = IngestPipeline(settings, kb.store, Recording).run([docs])
        assert "no text layer" in report.files_failed[0]["error"] and loaded == [] and prepared == [True]
        (docs / "notes.md").write_text("# Notes\n\nOne file with text loads the model.\n")
        report = IngestPipeline(settings, kb.store, Recording).run([docs])
        assert report.files_added == 1 and loaded == [True]
        (docs / "scan.pdf").unlink()
        report = IngestPipeline(settings, kb.store, Recording).run([docs])  # nothing to parse: nothing prepared
    assert report.files_unchanged == 1 and prepared == [True, True] and loaded == [True]


def test_a_store_failure_reaches_the_ingesting_thread_once_and_stops_later_writes():
    """Store writes run on their own thread: the first failure is raised where the ingest runs
    (so it is reported and the run undone), and nothing after it is written."""
    from ingest.pipeline import _StoreThread

    done: list[str] = []

    def fail() -> None:
        raise OSError("disk full")

    ops = _StoreThread(depth=2)
    ops.submit(done.append, "begin")
    ops.submit(fail)
    ops.submit(done.append, "write")  # may be queued before the failure is seen: skipped
    with pytest.raises(OSError, match="disk full"):
        ops.close()
    assert done == ["begin"]
    with pytest.raises(OSError, match="disk full"):
        ops.submit(done.append, "commit")
    ops.close(raise_error=False)  # abandon() after a failure: no second raise, no hang



def test_a_file_parsed_by_another_kb_or_chunk_settings_is_read_again(settings, hash_embedder, docs, monkeypatch):
    """A store keeps no passages an older parser or other chunk settings cut: the next ingest reads
    such files again as if they had changed (a new version beside the old, then the switch), and
    leaves them alone once they are current."""
    import ingest.scan

    _write(docs, "a.md", "# Alpha\n\n" + " ".join(f"Alpha fact number {n} is here." for n in range(60)) + "\n")
    _write(docs, "b.md", "# Bravo\n\nBravo team owns search.\n")
    with KnowledgeBase(settings, embedder=hash_embedder) as kb:
        kb.ingest([docs])
        before = {d.source: d for d in kb.documents()}
        assert kb.ingest([docs]).files_unchanged == 2
    smaller = settings.with_overrides(ingest={"chunk_size": 64, "chunk_overlap": 8})
    with KnowledgeBase(smaller, embedder=hash_embedder) as kb:
        report = kb.ingest([docs])
        assert (report.files_updated, report.files_unchanged) == (2, 0)
        after = {d.source: d for d in kb.documents()}
        assert after["a.md"].sha256 == before["a.md"].sha256 and after["a.md"].version != before["a.md"].version
        assert after["a.md"].chunks > before["a.md"].chunks  # cut to the new size
        assert_consistent(kb)
        assert kb.ingest([docs]).files_unchanged == 2
        monkeypatch.setattr(ingest.scan, "PARSER_VERSION", ingest.scan.PARSER_VERSION + 1)  # a newer parser
        assert kb.ingest([docs], dry_run=True).files_updated == 2
        assert kb.ingest([docs]).files_updated == 2
        assert_consistent(kb)
        assert [h.source for h in kb.search("Bravo team owns search", top_k=3, mode="lexical")][:1] == ["b.md"]


def test_a_registry_entry_from_before_versions_takes_its_files_hash_as_its_version():
    """Chunks written before versions carry the file's sha256: that is their version."""
    old = Document.from_metadata({"doc_id": "d", "source": "a.md", "sha256": "ab" * 32, "chunks": 3})
    assert old.version == "ab" * 32
    begun = Document.from_metadata({"doc_id": "d", "source": "a.md", "sha256": "", "version": "", "pending": "cd" * 32})
    assert begun.version == ""


def test_a_store_from_before_versions_stays_searchable_and_is_read_again_once(settings, hash_embedder, docs, monkeypatch):
    """A store an older kb wrote: registry entries without a version, chunks keyed by the file's
    sha256. Its documents are found as they are, the next ingest reads them again once, and after
    that they are current."""
    import ingest.scan

    _write(docs, "a.md", "# Alpha\n\nAlpha team owns billing.\n")
    _write(docs, "b.md", "# Bravo\n\nBravo team owns search.\n")
    with monkeypatch.context() as old_kb:
        old_kb.setattr(ingest.scan, "chunk_version", lambda sha256, key: sha256)  # how chunks were keyed before
        with KnowledgeBase(settings, embedder=hash_embedder) as kb:
            kb.ingest([docs])
            ids = [d.doc_id for d in kb.store.documents()]
            kb.store._registry.update(ids=ids, metadatas=[{"version": None} for _ in ids])  # no such key then
            assert not any("version" in m for m in kb.store._registry.get(ids=ids, include=["metadatas"])["metadatas"])
    with KnowledgeBase(settings, embedder=hash_embedder) as kb:
        legacy = kb.store.documents()
        assert all(d.version == d.sha256 for d in legacy)
        assert [h.source for h in kb.search("Bravo team owns search", top_k=1)] == ["b.md"]
        assert_consistent(kb)
        report = kb.ingest([docs])
        assert (report.files_updated, report.files_unchanged) == (2, 0)
        assert all(d.version != d.sha256 for d in kb.store.documents())
        assert [h.source for h in kb.search("Bravo team owns search", top_k=1)] == ["b.md"]
        assert_consistent(kb)
        assert kb.ingest([docs]).files_unchanged == 2


def test_a_version_without_a_name_is_refused_before_it_can_delete_chunks(kb, docs):
    """An empty version names no chunks: begun or committed, it would delete every chunk of the document."""
    _write(docs, "a.md", "# A\n\nAlpha team owns billing.\n")
    kb.ingest([docs])
    [doc] = kb.store.documents()
    with pytest.raises(ValueError, match="a.md"):
        kb.store.begin(copy.copy(doc), "")
    nameless = copy.copy(doc)
    nameless.version = ""
    with pytest.raises(ValueError, match="version"):
        kb.store.commit(nameless)
    assert_consistent(kb)
    assert [h.source for h in kb.search("Alpha team owns billing", top_k=1, mode="lexical")] == ["a.md"]
