"""Uploads that must neither lose nor mix data, over real HTTP against the real app (the hash
embedder, real Chroma in a temp dir): concurrent uploads of one name, a failed ingest over a good
version, jobs that outlive a restart, the bounded upload queue, deletes that remove the uploaded
file, long names, the bounded jobs table and staging folder, and a body-less upload."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.support import HashEmbedder, RunningServer, free_port, make_pdf

pytestmark = pytest.mark.slow  # a real server each (seconds, no model)


@contextlib.contextmanager
def upload_server(tmp_path: Path, **environ: str):
    """A real server on an empty store in `tmp_path` (uploads in tmp_path/uploads), no chat model."""
    from kb.api import create_app

    settings = load_settings(environ={
        "KB_STORE__PATH": str(tmp_path / "store"), "KB_SERVER__UPLOADS_DIR": str(tmp_path / "uploads"),
        "KB_SERVER__PRELOAD_MODEL": "false", **environ,
    })
    kb = KnowledgeBase(settings, embedder=HashEmbedder())
    try:
        with RunningServer(create_app(settings, kb)) as running:
            running.kb = kb
            running.uploads = tmp_path / "uploads"
            yield running
    finally:
        kb.close()


def _post(server, name: str, data: bytes) -> httpx.Response:
    return httpx.post(f"{server.url}/api/documents", files=[("files", (name, data))], timeout=60)


def _wait(server, job_id: str, timeout: float = 60) -> dict:
    deadline = time.time() + timeout
    while (job := httpx.get(f"{server.url}/api/jobs/{job_id}").json())["status"] in ("queued", "running"):
        assert time.time() < deadline, job
        time.sleep(0.05)
    return job


def _staging_emptied(server, timeout: float = 30) -> bool:
    """True once no job's staging folder is left: a job reads "done" a moment before its worker
    removes its folder and prunes the finished jobs (kb/api/jobs.py, `_finish`)."""
    staging, deadline = server.uploads / ".jobs", time.time() + timeout
    while staging.exists() and any(staging.iterdir()):
        if time.time() > deadline:
            return False
        time.sleep(0.05)
    return True


def _upload(server, name: str, data: bytes) -> dict:
    response = _post(server, name, data)
    assert response.status_code == 202, response.text
    return _wait(server, response.json()["id"])


def _doc(server, source: str) -> dict | None:
    docs = httpx.get(f"{server.url}/api/documents", params={"q": source}).json()["documents"]
    return next((d for d in docs if d["source"] == source), None)


def _served(server, doc: dict) -> bytes:
    response = httpx.get(f"{server.url}/api/documents/{doc['doc_id']}/file")
    assert response.status_code == 200, response.text
    return response.content


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _out_of_step(server, source: str, order: list[str]) -> str:
    """"" when /file serves the bytes of a version the index held while it was read: the one read
    before it, the one read after it, or one committed in between (`order`: the versions' sha256 in
    upload order; two quick commits may fall between the reads of a slow sampler), else what was seen."""
    before = _doc(server, source)
    if before is None:
        return ""
    response = httpx.get(f"{server.url}/api/documents/{before['doc_id']}/file")
    after = _doc(server, source) or before
    served = _sha(response.content)
    held = order[order.index(before["sha256"]) : order.index(after["sha256"]) + 1] \
        if before["sha256"] in order and after["sha256"] in order else [before["sha256"], after["sha256"]]
    if response.status_code == 200 and served in held:
        return ""
    return f"{response.status_code}: served {served[:8]}, indexed {before['sha256'][:8]} then {after['sha256'][:8]}"


def _problem(response: httpx.Response, status: int, kind: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status and body["type"] == kind and body["title"] and body["detail"]
    return body


def _text(marker: str, paragraphs: int) -> bytes:
    """A text file big enough that its ingest takes a moment (many chunks)."""
    line = f"The {marker} report covers rivers, bridges and the harbour of the northern district.\n\n"
    return (f"# {marker}\n\n" + line * paragraphs).encode()


def test_concurrent_uploads_of_one_name_keep_the_index_and_the_file_in_step(tmp_path):
    """Each job indexes its own bytes, and at no moment does /file serve bytes the index does not hold."""
    with upload_server(tmp_path) as server:
        seen_wrong: list[str] = []
        stop = threading.Event()

        versions = [_text(f"version{n}", 2000) for n in range(4)]
        order = [_sha(v) for v in versions]

        def watch() -> None:  # the index's version and the served bytes, sampled all along
            while not stop.is_set():
                if wrong := _out_of_step(server, "same.txt", order):
                    seen_wrong.append(wrong)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        jobs = []
        for first, second in (versions[0:2], versions[2:4]):
            one = _post(server, "same.txt", first).json()["id"]
            two = _post(server, "same.txt", second).json()["id"]
            jobs += [_wait(server, one), _wait(server, two)]
        stop.set()
        watcher.join(timeout=30)
        assert [job["files"][0]["status"] for job in jobs] == ["added", "updated", "updated", "updated"], jobs
        doc = _doc(server, "same.txt")
        assert doc["sha256"] == _sha(versions[3]) == _sha(_served(server, doc))
        hits = httpx.post(f"{server.url}/api/search", json={"query": "version3 report", "mode": "lexical"}).json()["hits"]
        assert hits and "version3" in hits[0]["text"]
        assert not seen_wrong, seen_wrong[:5]


def test_a_failed_ingest_keeps_the_old_version_indexed_and_served(tmp_path):
    good = make_pdf(tmp_path / "good.pdf", ["The harbour toll is four silver coins."]).read_bytes()
    corrupt = good[: len(good) // 3]  # a truncated PDF: the parser fails on it
    with upload_server(tmp_path, KB_INGEST__EXCLUDE="**/.*,**/.*/**,**/*.log") as server:
        assert _upload(server, "toll.pdf", good)["files"][0]["status"] == "added"
        job = _upload(server, "toll.pdf", corrupt)
        assert job["files"][0]["status"] == "failed" and job["files"][0]["error"], job
        doc = _doc(server, "toll.pdf")
        assert doc["sha256"] == _sha(good) and _served(server, doc) == good
        assert (server.uploads / "toll.pdf").read_bytes() == good
        # A new file whose ingest fails is not left in the uploads folder either.
        assert _upload(server, "broken.pdf", corrupt)["files"][0]["status"] == "failed"
        assert not (server.uploads / "broken.pdf").exists()
        # Nor one the ingest passes over.
        left_out = _upload(server, "notes.log", b"Left out by [ingest] exclude.\n")["files"][0]
        assert left_out["status"] == "failed" and "include/exclude" in left_out["error"], left_out
        assert not (server.uploads / "notes.log").exists() and _doc(server, "notes.log") is None


def test_a_job_accepted_before_a_stop_runs_after_the_restart(tmp_path):
    """202 is a promise: the queue is on disk, and the next start finishes it. A job whose staged
    files vanished meanwhile is failed, with the reason."""
    with contextlib.ExitStack() as held, upload_server(tmp_path) as server:
        held.enter_context(server.kb.store.write_lock())  # another ingest (a CLI run) holds the store: jobs wait
        kept = _post(server, "kept.txt", b"Kept: The ferry leaves at seven.\n").json()["id"]
        lost = _post(server, "lost.txt", b"Lost: The bridge opens at noon.\n").json()["id"]
        time.sleep(0.5)
        assert httpx.get(f"{server.url}/api/jobs/{kept}").json()["status"] == "queued"
        # leaving the block stops the server first, then releases the lock
    assert not (tmp_path / "uploads" / "kept.txt").exists()
    staged = tmp_path / "uploads" / ".jobs" / lost
    assert staged.is_dir()
    for path in sorted(staged.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    with upload_server(tmp_path) as server:
        job = _wait(server, kept)
        assert job["status"] == "done" and job["files"][0]["status"] == "added", job
        assert _served(server, _doc(server, "kept.txt")).startswith(b"Kept:")
        failed = _wait(server, lost)
        assert failed["status"] == "failed" and "lost.txt" in failed["error"], failed
        assert _doc(server, "lost.txt") is None


# A server in a process of its own, killed mid-job: its embedder stalls on a passage that says SLOW.
KILLED_SERVER = """
import sys, time, uvicorn
from kb.api import create_app
from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.support import HashEmbedder

class Stalling(HashEmbedder):
    def embed_passages(self, texts):
        if any("SLOW" in t for t in texts):
            time.sleep(600)
        return super().embed_passages(texts)

tmp, port = sys.argv[1], int(sys.argv[2])
settings = load_settings(environ={"KB_STORE__PATH": tmp + "/store", "KB_SERVER__UPLOADS_DIR": tmp + "/uploads",
                                  "KB_SERVER__PRELOAD_MODEL": "false"})
uvicorn.run(create_app(settings, KnowledgeBase(settings, embedder=Stalling())), host="127.0.0.1", port=port,
            log_config=None)
"""


def test_a_server_killed_between_the_files_of_a_job_finishes_it_after_the_restart(tmp_path):
    """Killed after one file of a job committed and while another ingested: at the restart the
    index and /file agree at once (the old bytes are served until the new commit), and the job
    runs again to the end."""
    first, second = b"Harbour: the toll is four coins.\n", _text("harbour", 2000) + b"SLOW\n"  # ~140 chunks
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    process = subprocess.Popen([sys.executable, "-c", KILLED_SERVER, str(tmp_path), str(port)], env=env)
    try:
        class Killed:
            url = f"http://127.0.0.1:{port}"

        deadline = time.time() + 120
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{Killed.url}/api/health").status_code == 200:
                    break
            assert time.time() < deadline and process.poll() is None
            time.sleep(0.2)
        _upload(Killed, "harbour.txt", first)
        files = [("files", ("bridge.txt", b"Bridge: it opens at noon.\n")), ("files", ("harbour.txt", second))]
        job_id = httpx.post(f"{Killed.url}/api/documents", files=files, timeout=60).json()["id"]
        while _doc(Killed, "bridge.txt") is None:  # the first file committed; the second stalls
            assert time.time() < deadline
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    assert (tmp_path / "uploads" / "harbour.txt").read_bytes() == second  # in place, not committed
    cli = KnowledgeBase(load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store")}), embedder=HashEmbedder())
    with contextlib.ExitStack() as held:
        held.callback(cli.close)
        held.enter_context(cli.store.write_lock())  # a CLI ingest holds the store: the job waits
        with upload_server(tmp_path) as server:
            assert httpx.get(f"{server.url}/api/jobs/{job_id}").json()["status"] == "queued"
            doc = _doc(server, "harbour.txt")
            assert doc["sha256"] == _sha(first) and _served(server, doc) == first  # the committed version
            held.close()
            job = _wait(server, job_id)
            assert job["status"] == "done" and [f["status"] for f in job["files"]] == ["unchanged", "updated"], job
            doc = _doc(server, "harbour.txt")
            assert doc["sha256"] == _sha(second) == _sha(_served(server, doc))
            assert _served(server, _doc(server, "bridge.txt")).startswith(b"Bridge")


def test_a_full_upload_queue_answers_503_with_retry_after(tmp_path):
    with upload_server(tmp_path, KB_SERVER__UPLOAD_QUEUE_SIZE="1", KB_SERVER__RETRY_AFTER_S="7") as server:
        with server.kb.store.write_lock():
            first = _post(server, "one.txt", b"# One\n\nFirst file.\n")
            assert first.status_code == 202, first.text
            full = _post(server, "two.txt", b"# Two\n\nSecond file.\n")
            body = _problem(full, 503, "queue_full")
            assert full.headers["retry-after"] == "7" and "upload queue" in body["detail"]
        assert _wait(server, first.json()["id"])["status"] == "done"
        assert _upload(server, "two.txt", b"# Two\n\nSecond file.\n")["status"] == "done"
        assert _staging_emptied(server)


def test_deleting_a_document_removes_its_uploaded_file(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "local.txt").write_text("# Local\n\nIngested from a folder, not uploaded.\n")
    with upload_server(tmp_path) as server:
        server.kb.ingest([docs])
        _upload(server, "gone.txt", b"# Gone\n\nThis upload is deleted.\n")
        assert (server.uploads / "gone.txt").is_file()
        for source in ("gone.txt", "local.txt"):
            response = httpx.delete(f"{server.url}/api/documents/{_doc(server, source)['doc_id']}")
            assert response.status_code == 200, response.text
        assert not (server.uploads / "gone.txt").exists()
        assert (docs / "local.txt").is_file()  # only files in the uploads folder are kb's to delete


def test_long_names_are_capped_by_bytes_not_characters(tmp_path):
    name = "文" * 78 + ".txt"  # 238 bytes in UTF-8
    whole = "字" * 80 + ".txt"  # 244 bytes: kept whole (a temporary name made from it must not be longer)
    longer = "档" * 120 + ".txt"  # 364 bytes: cut to at most 255, on a character boundary, keeping ".txt"
    with upload_server(tmp_path) as server:
        for given in (name, whole, longer):
            job = _upload(server, given, "# 文档\n\n港口的通行费是四枚银币。\n".encode())
            assert job["status"] == "done" and job["files"][0]["status"] == "added", job
        stored = sorted(p.name for p in server.uploads.iterdir() if not p.name.startswith("."))
        assert name in stored and whole in stored and len(stored) == 3
        cut = next(s for s in stored if s not in (name, whole))
        assert cut.endswith(".txt") and len(cut.encode()) <= 255 and cut == "档" * 83 + ".txt"
        assert _doc(server, cut) is not None


def test_the_finished_jobs_table_and_the_staging_folder_stay_bounded(tmp_path):
    with upload_server(tmp_path, KB_SERVER__UPLOAD_JOBS_KEPT="3") as server:
        ids = [_upload(server, f"note{n}.txt", f"# Note {n}\n\nNote number {n}.\n".encode())["id"] for n in range(6)]
        assert _staging_emptied(server)
        assert [httpx.get(f"{server.url}/api/jobs/{i}").status_code for i in ids] == [404] * 3 + [200] * 3
        journal = json.loads((tmp_path / "store" / "documents.upload-jobs.json").read_text())
        assert [job["id"] for job in journal["jobs"]] == ids[3:]


def test_an_upload_without_a_body_is_a_400_problem(tmp_path):
    """A multipart upload with no body is a 400; with no Content-Type at all it is a 415 first
    (the route takes multipart/form-data only)."""
    with upload_server(tmp_path) as server:
        response = httpx.post(f"{server.url}/api/documents", headers={"Content-Type": "multipart/form-data; boundary=x"})
        _problem(response, 400, "invalid_input")
        _problem(httpx.post(f"{server.url}/api/documents"), 415, "unsupported_media_type")
        assert httpx.get(f"{server.url}/api/health").status_code == 200
