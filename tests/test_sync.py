"""Folders kept in sync (`[[sources]]`): a real folder changed while a real server runs (real HTTP,
real Chroma in a temp dir, the hash embedder, real inotify events), a folder rescanned without
events, a pass that waits for the write lock, and `kb sync` from the CLI."""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from kb.cli import main as kb_main
from kb.service import KnowledgeBase
from kb.settings import SettingsError, load_settings
from tests.support import HashEmbedder, RunningServer

BOUND_S = 15.0  # a change must be searchable (or gone) this soon; observed: ~1-3 s


def _settings_file(tmp_path: Path, **source: object) -> Path:
    lines = ["[store]", 'path = "store"', "[server]", "preload_model = false", 'uploads_dir = "uploads"',
             "[[sources]]", 'path = "docs"']
    lines += [f"{key} = {json.dumps(value)}" for key, value in source.items()]
    path = tmp_path / "settings.toml"
    path.write_text("\n".join(lines) + "\n")
    (tmp_path / "docs").mkdir(exist_ok=True)
    return path


@contextlib.contextmanager
def synced_server(tmp_path: Path, **source: object):
    from kb.api import create_app

    settings = load_settings(_settings_file(tmp_path, **source), environ={})
    kb = KnowledgeBase(settings, embedder=HashEmbedder())
    try:
        with RunningServer(create_app(settings, kb)) as running:
            running.kb = kb
            yield running
    finally:
        kb.close()


def _sources(server) -> list[dict]:
    return httpx.get(f"{server.url}/api/sources").json()["sources"]


def _found(server, query: str, mode: str) -> list[str]:
    response = httpx.post(f"{server.url}/api/search", json={"query": query, "mode": mode, "top_k": 10})
    assert response.status_code == 200, response.text
    return [hit["source"] for hit in response.json()["hits"] if query.split()[0] in hit["text"]]


def _documents(server) -> list[dict]:
    return httpx.get(f"{server.url}/api/documents").json()["documents"]


def _until(check, what: str, timeout: float = BOUND_S) -> float:
    """Poll `check` until it holds; return how long that took."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, f"not within {timeout:g} s: {what}"
        time.sleep(0.1)
    return time.monotonic() - started


def _once_each(server) -> None:
    """Nothing ingested twice: one document per file, and the chunk counts add up."""
    docs = _documents(server)
    sources = [d["source"] for d in docs]
    assert len(sources) == len(set(sources)), sources
    stats = httpx.get(f"{server.url}/api/stats").json()
    assert stats["chunks"] == sum(d["chunks"] for d in docs)


@pytest.mark.slow
def test_a_running_server_keeps_a_folder_in_sync(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "parking.md").write_text("# Parking\n\nquokka visitors park on level two of the east garage.\n")
    with synced_server(tmp_path, debounce_s=0.3, settle_s=0.5, rescan_s=0) as server:
        _until(lambda: _sources(server)[0]["passes"] >= 1, "the first pass", timeout=120)  # starts the parsers
        # Written just before the server started, the file may still be settling at the first pass.
        _until(lambda: _found(server, "quokka visitors", "lexical") == ["parking.md"], "the first file")
        status = _sources(server)[0]
        assert status["watching"] and status["state"] == "idle" and status["path"] == str(docs)

        added = docs / "travel.md"  # added: searchable in every mode
        added.write_text("# Travel\n\nnarwhal bookings go through the travel desk.\n")
        took = {"added": _until(lambda: _found(server, "narwhal bookings", "lexical") == ["travel.md"], "the added file")}
        assert _found(server, "narwhal bookings", "dense")[:1] == ["travel.md"]
        assert _found(server, "narwhal bookings", "hybrid")[:1] == ["travel.md"]

        added.write_text("# Travel\n\npangolin bookings go through the finance desk.\n")  # edited
        took["edited"] = _until(lambda: _found(server, "pangolin bookings", "lexical") == ["travel.md"], "the edit")
        assert _found(server, "narwhal bookings", "lexical") == []

        added.rename(docs / "trips.md")  # renamed: the new name only, once
        took["renamed"] = _until(lambda: _found(server, "pangolin bookings", "lexical") == ["trips.md"], "the rename")
        assert sorted(d["source"] for d in _documents(server)) == ["parking.md", "trips.md"]

        (docs / "parking.md").unlink()  # deleted: gone
        took["deleted"] = _until(lambda: _found(server, "quokka visitors", "lexical") == [], "the deletion")
        assert [d["source"] for d in _documents(server)] == ["trips.md"]

        (docs / "broken.pdf").write_bytes(b"%PDF-1.4 this is no PDF")  # a failure, with its reason
        _until(lambda: [f["path"] for f in _sources(server)[0]["failures"]] == [str(docs / "broken.pdf")], "the failure")
        assert "PDF" in _sources(server)[0]["failures"][0]["error"]
        _once_each(server)
    print("searchable or gone after:", {k: round(v, 2) for k, v in took.items()})


@pytest.mark.slow
def test_a_file_still_being_written_is_not_ingested_half_done(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    growing = docs / "minutes.md"
    with synced_server(tmp_path, debounce_s=0.2, settle_s=1.0, rescan_s=0) as server:
        _until(lambda: _sources(server)[0]["passes"] >= 1, "the first pass", timeout=120)  # starts the parsers
        lines = ["# Minutes", ""] + [f"item{n} agreed at the meeting." for n in range(12)]
        seen_pending = False
        with growing.open("w") as handle:
            for line in lines:  # a slow writer: a line every 0.3 s, for ~4 s
                handle.write(line + "\n")
                handle.flush()
                time.sleep(0.3)
                assert not any(d["source"] == "minutes.md" for d in _documents(server)), "ingested half-written"
                seen_pending = seen_pending or "minutes.md" in _sources(server)[0]["pending"]
        assert seen_pending
        _until(lambda: any(d["source"] == "minutes.md" for d in _documents(server)), "the finished file")
        doc = next(d for d in _documents(server) if d["source"] == "minutes.md")
        assert doc["size"] == growing.stat().st_size  # the whole file, not a prefix
        assert _found(server, "item11 agreed", "lexical") == ["minutes.md"]
        _until(lambda: _sources(server)[0]["pending"] == [], "pending cleared")
        _once_each(server)


@pytest.mark.slow
def test_a_folder_without_events_is_rescanned(tmp_path: Path) -> None:
    """Network mounts give no file-system events: `watch = false` and the rescan finds changes."""
    with synced_server(tmp_path, watch=False, rescan_s=1.0, settle_s=0) as server:
        _until(lambda: _sources(server)[0]["passes"] >= 1, "the first pass", timeout=120)  # starts the parsers
        assert not _sources(server)[0]["watching"]
        (tmp_path / "docs" / "faq.md").write_text("# FAQ\n\nwombat questions go to the help desk.\n")
        _until(lambda: _found(server, "wombat questions", "lexical") == ["faq.md"], "the rescan")


@pytest.mark.slow
def test_a_pass_waits_for_the_write_lock_and_runs_on_request(tmp_path: Path) -> None:
    with synced_server(tmp_path, watch=False, rescan_s=0, settle_s=0) as server:
        _until(lambda: _sources(server)[0]["passes"] >= 1, "the first pass", timeout=120)  # starts the parsers
        (tmp_path / "docs" / "faq.md").write_text("# FAQ\n\nwombat questions go to the help desk.\n")
        with server.kb.write_lock():  # another ingest (a CLI run) holds the lock
            response = httpx.post(f"{server.url}/api/sources/sync")
            assert response.status_code == 202, response.text
            _until(lambda: _sources(server)[0]["state"] == "waiting", "waiting for the lock")
            assert _found(server, "wombat questions", "lexical") == []
        _until(lambda: _found(server, "wombat questions", "lexical") == ["faq.md"], "the pass after the lock")
        assert httpx.post(f"{server.url}/api/sources/sync", params={"path": "/nowhere"}).status_code == 404


def _cli(settings_file: Path, *args: str):
    runner = CliRunner()
    return runner.invoke(kb_main, ["--settings", str(settings_file), *args], obj={"embedder": HashEmbedder()},
                         env={}, catch_exceptions=False)


def test_kb_sync_shows_what_would_change_then_changes_it(tmp_path: Path) -> None:
    settings_file = _settings_file(tmp_path, settle_s=0)
    docs = tmp_path / "docs"
    (docs / "a.md").write_text("# A\n\nalpha text.\n")
    (docs / "b.md").write_text("# B\n\nbeta text.\n")
    dry = _cli(settings_file, "sync", "--dry-run", "--json")
    assert dry.exit_code == 0, dry.output
    [source] = json.loads(dry.output)["sources"]
    assert source["path"] == str(docs) and source["report"]["files_added"] == 2 and source["report"]["dry_run"]
    assert json.loads(_cli(settings_file, "documents", "--json").output)["documents"] == []  # nothing changed

    done = json.loads(_cli(settings_file, "sync", "--json").output)["sources"][0]["report"]
    assert done["files_added"] == 2 and done["chunks_added"] >= 2
    (docs / "a.md").unlink()
    table = _cli(settings_file, "sync", "--dry-run")
    assert "would be removed" in table.output and "a.md" in table.output
    removed = json.loads(_cli(settings_file, "sync", "--json").output)["sources"][0]["report"]
    assert removed["files_removed"] == 1


def test_kb_sync_keeps_a_file_being_written_for_the_next_pass(tmp_path: Path) -> None:
    settings_file = _settings_file(tmp_path, settle_s=30)
    (tmp_path / "docs" / "new.md").write_text("# New\n\njust written.\n")
    report = json.loads(_cli(settings_file, "sync", "--json").output)["sources"][0]["report"]
    assert report["files_pending"] == [str(tmp_path / "docs" / "new.md")] and report["files_added"] == 0
    old = time.time() - 60
    os.utime(tmp_path / "docs" / "new.md", (old, old))  # mtime settled; ctime moved now: still pending
    report = json.loads(_cli(settings_file, "sync", "--json").output)["sources"][0]["report"]
    assert report["files_pending"] and report["files_added"] == 0


def test_kb_sync_without_sources_says_what_to_do(tmp_path: Path) -> None:
    settings_file = tmp_path / "settings.toml"
    settings_file.write_text('[store]\npath = "store"\n')
    result = CliRunner().invoke(kb_main, ["--settings", str(settings_file), "sync"], obj={"embedder": HashEmbedder()}, env={})
    assert result.exit_code != 0
    assert "no [[sources]]" in result.output and "kb ingest" in result.output


def test_sources_settings_resolve_paths_and_refuse_a_folder_twice(tmp_path: Path) -> None:
    path = _settings_file(tmp_path, rescan_s=10)
    settings = load_settings(path, environ={})
    assert settings.sources[0].path == str(tmp_path / "docs") and settings.sources[0].rescan_s == 10
    path.write_text(path.read_text() + '[[sources]]\npath = "docs"\n')
    with pytest.raises(SettingsError, match="listed twice"):
        load_settings(path, environ={})
    path.write_text('[[sources]]\npath = "docs"\nrescan_s = -1\n')
    with pytest.raises(SettingsError, match="rescan_s"):
        load_settings(path, environ={})


class _Slow(HashEmbedder):
    def embed_passages(self, texts):
        time.sleep(0.3)  # a big folder: the pass takes a while
        return super().embed_passages(texts)


@pytest.mark.slow
def test_a_shutdown_ends_a_running_pass_at_its_next_file_and_the_next_pass_finishes(tmp_path: Path) -> None:
    from kb.sync import SourceSync

    settings = load_settings(_settings_file(tmp_path, watch=False, rescan_s=0, settle_s=0), environ={})
    for n in range(40):
        (tmp_path / "docs" / f"note{n:02d}.md").write_text(f"# Note {n}\n\nkoala{n} facts for the record.\n")
    with KnowledgeBase(settings.with_overrides(embedding={"batch_size": 1}), embedder=_Slow()) as kb:
        sync = SourceSync(kb, settings.sources[0])
        sync.start()
        _until(lambda: len(kb.documents()) >= 2, "a few files in", timeout=120)
        started = time.monotonic()
        sync.close()  # what the server's shutdown does
        assert time.monotonic() - started < 10 and not any(t.is_alive() for t in sync._threads)
        stopped_at = len(kb.documents())
        assert stopped_at < 40  # it stopped mid-way, not after the whole folder
        assert kb.store.count_chunks() == sum(d.chunks for d in kb.documents())  # only whole files
        report = kb.sync(settings.sources[0])
        assert report.files_added == 40 - stopped_at and len(kb.documents()) == 40
