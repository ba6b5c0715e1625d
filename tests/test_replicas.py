"""The service's main path on the real engines of a deployment past one machine: two kb replicas
(each with its own local folder) on one real `chroma run` server and one real OpenAI-compatible
model server (`python -m llama_cpp.server`). What one replica writes the other searches and answers
from; what one deletes disappears from the other; a Chroma server that goes away gets 503 with a
clear message at once, and the replicas recover by themselves when it is back."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.support import ChromaServer, RunningServer, sse_events

pytestmark = pytest.mark.slow


@pytest.fixture
def deployment(tmp_path: Path, real_embedder, llama_server):
    from kb.api import create_app

    chroma = ChromaServer(tmp_path / "chroma").start()
    replicas, kbs = [], []
    try:
        for name in ("a", "b"):
            settings = load_settings(environ={
                "KB_STORE__MODE": "http", "KB_STORE__PORT": str(chroma.port), "KB_STORE__PATH": str(tmp_path / name / "store"),
                "KB_SERVER__UPLOADS_DIR": str(tmp_path / name / "uploads"), "KB_EMBEDDING__MODEL": "all-MiniLM-L6-v2",
                "KB_LLM__BACKEND": "openai", "KB_LLM__BASE_URL": llama_server, "KB_LLM__API_MODEL": "smollm2",
                "KB_LLM__N_CTX": "2048", "KB_LLM__MAX_TOKENS": "32", "KB_LLM__TEMPERATURE": "0",
            })
            kbs.append(KnowledgeBase(settings, embedder=real_embedder))
            replicas.append(RunningServer(create_app(settings, kbs[-1])).__enter__())
        yield chroma, replicas[0].url, replicas[1].url
    finally:
        for running in replicas:
            running.__exit__(None, None, None)
        for kb in kbs:
            kb.close()
        chroma.stop()


def _post_upload(url: str, name: str, body: bytes) -> str:
    response = httpx.post(f"{url}/api/documents", files=[("files", (name, body, "text/markdown"))], timeout=60)
    assert response.status_code == 202, response.text
    return response.json()["id"]


def _wait(url: str, job_id: str) -> dict:
    deadline = time.monotonic() + 120
    while (job := httpx.get(f"{url}/api/jobs/{job_id}").json())["status"] in ("queued", "running"):
        assert time.monotonic() < deadline, job
        time.sleep(0.2)
    assert job["status"] == "done", job
    return job


def _upload(url: str, name: str, body: bytes) -> dict:
    return _wait(url, _post_upload(url, name, body))


def _search(url: str, query: str, mode: str = "hybrid") -> list[dict]:
    response = httpx.post(f"{url}/api/search", json={"query": query, "mode": mode, "top_k": 3}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["hits"]


def test_two_replicas_share_one_chroma_server_and_one_model_server(deployment):
    chroma, a, b = deployment
    _upload(a, "release-notes.md", b"# Release 4.2\n\nThe codename of release 4.2 is Blue Heron.\n")

    # Written through a, found by b at its next search in every mode (b's lexical index is its own).
    for mode in ("hybrid", "dense", "lexical"):
        hits = _search(b, "Blue Heron codename", mode)
        assert hits and hits[0]["source"] == "release-notes.md", (mode, hits)
    doc_id = hits[0]["doc_id"]

    # b answers from it, streamed, through the model server.
    with httpx.stream("POST", f"{b}/api/ask", json={"question": "What is the codename of release 4.2?", "stream": True},
                      timeout=120) as response:
        assert response.status_code == 200
        events = sse_events(response)
    assert [k for k, _ in events][0] == "sources" and events[-1][0] == "done"
    assert events[0][1][0]["source"] == "release-notes.md"
    assert events[-1][1]["model"] == "smollm2" and not events[-1][1].get("error")

    # Deleted through b: gone from a (registry and both indexes).
    assert httpx.delete(f"{b}/api/documents/{doc_id}").json()["chunks_removed"] >= 1
    assert httpx.get(f"{a}/api/documents/{doc_id}").status_code == 404
    for mode in ("hybrid", "dense", "lexical"):
        assert "release-notes.md" not in [h["source"] for h in _search(a, "Blue Heron codename", mode)], mode

    # Uploads to both at once: one replica writes at a time (the lease in the Chroma server), the
    # other's job waits for it, and every file ends up searchable from both.
    words = ("amber", "cobalt", "jade", "scarlet")
    jobs = [(url, _post_upload(url, f"note-{i}.md", f"# Note {i}\n\nThe {word} parking spot is free.\n".encode()))
            for i, (url, word) in enumerate(zip((a, b, a, b), words))]
    for url, job_id in jobs:
        assert _wait(url, job_id)["files"][0]["status"] == "added"
    for url in (a, b):
        for i, word in enumerate(words):
            assert _search(url, f"{word} parking spot", "lexical")[0]["source"] == f"note-{i}.md", (url, word)


def test_a_chroma_server_that_goes_away_gets_503_and_the_replicas_recover(deployment):
    chroma, a, b = deployment
    _upload(a, "ops.md", b"# Ops\n\nThe pager rotation changes on Mondays.\n")
    assert _search(b, "pager rotation")[0]["source"] == "ops.md"

    chroma.stop()
    for url in (a, b):
        started = time.monotonic()
        response = httpx.post(f"{url}/api/search", json={"query": "pager rotation"}, timeout=30)
        elapsed = time.monotonic() - started
        assert response.status_code == 503, response.text
        body = response.json()
        assert body["type"] == "store_unavailable" and "the Chroma server at http://127.0.0.1" in body["detail"], body
        assert "did not answer" in body["detail"] and "chroma run" in body["detail"], body
        assert elapsed < 5, f"{url}: {elapsed:.1f} s to fail"
    assert httpx.get(f"{a}/api/health").status_code in (200, 503)  # the service itself is still up

    chroma.start()
    deadline = time.monotonic() + 30
    while True:
        response = httpx.post(f"{b}/api/search", json={"query": "pager rotation"}, timeout=30)
        if response.status_code == 200:
            break
        assert time.monotonic() < deadline, response.text
        time.sleep(0.5)
    assert response.json()["hits"][0]["source"] == "ops.md"
    _upload(b, "parking.md", b"# Parking\n\nVisitor parking is behind building C.\n")
    assert _search(a, "visitor parking", "lexical")[0]["source"] == "parking.md"
