"""The HTTP service over real HTTP (uvicorn on loopback): REST API, server-sent events, the
OpenAI-compatible endpoint with the official client, uploads, auth, backpressure, bad input."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.conftest import MODELS_DIR, SAMPLE
from tests.support import RunningServer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(sample_store, real_embedder, qwen, tmp_path_factory):
    """The sample corpus, the real embedder and Qwen 0.5B behind a real server."""
    from kb.api import create_app

    uploads = tmp_path_factory.mktemp("uploads")
    store = tmp_path_factory.mktemp("server") / "store"
    shutil.copytree(sample_store, store)  # uploads and deletes must not touch the shared sample store
    settings = load_settings(environ={
        "KB_STORE__PATH": str(store), "KB_LLM__MODELS_DIR": str(MODELS_DIR), "KB_SERVER__UPLOADS_DIR": str(uploads),
        "KB_LLM__TEMPERATURE": "0",
    })
    kb = KnowledgeBase(settings, embedder=real_embedder, chat_model=qwen)
    with RunningServer(create_app(settings, kb)) as running:
        running.uploads = uploads
        yield running
    kb.close()


def _events(response: httpx.Response) -> list[tuple[str, dict]]:
    events, kind = [], None
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            events.append((kind, json.loads(line[6:])))
    return events


def test_health_search_and_documents(server):
    health = httpx.get(f"{server.url}/api/health").json()
    assert health["status"] == "ok" and health["model_loaded"] and health["store_reachable"]
    assert health["documents"] == 6 and health["chunks"] > 10
    response = httpx.post(f"{server.url}/api/search", json={"query": "shared_buffers", "top_k": 3, "mode": "lexical"})
    assert response.status_code == 200 and response.headers["x-request-id"]
    hits = response.json()["hits"]
    assert hits[0]["source"] == "engineering-handbook.md"
    assert set(hits[0]) >= {"doc_id", "chunk_id", "source", "page", "heading", "score", "text"}
    filtered = httpx.post(f"{server.url}/api/search", json={"query": "报销", "filters": {"source": "报销*"}}).json()["hits"]
    assert filtered and {h["source"] for h in filtered} == {"报销制度.md"}

    listing = httpx.get(f"{server.url}/api/documents", params={"limit": 2}).json()
    assert listing["total"] >= 6 and len(listing["documents"]) == 2 and "root" not in listing["documents"][0]
    pdf = next(d for d in httpx.get(f"{server.url}/api/documents", params={"q": "hr-policy"}).json()["documents"])
    assert httpx.get(f"{server.url}/api/documents/{pdf['doc_id']}").json()["source"] == "hr-policy.pdf"
    original = httpx.get(f"{server.url}/api/documents/{pdf['doc_id']}/file")
    assert original.status_code == 200 and original.headers["content-type"] == "application/pdf"
    assert original.content == (SAMPLE / "hr-policy.pdf").read_bytes()
    html = next(d for d in listing["documents"] + httpx.get(f"{server.url}/api/documents", params={"q": ".html"}).json()["documents"] if d["source"].endswith(".html"))
    assert httpx.get(f"{server.url}/api/documents/{html['doc_id']}/file").headers["content-type"].startswith("text/plain")
    stats = httpx.get(f"{server.url}/api/stats").json()
    assert stats["documents"] >= 6 and stats["limits"]["temperature_max"] == 1.0


def test_bad_requests_get_json_errors_and_the_service_stays_up(server):
    cases = [
        (httpx.post(f"{server.url}/api/search", content=b"{not json", headers={"content-type": "application/json"}), 400),
        (httpx.post(f"{server.url}/api/search", json={"query": 42}), 400),
        (httpx.post(f"{server.url}/api/search", json={"query": ""}), 400),
        (httpx.post(f"{server.url}/api/search", json={"query": "x", "top_k": 0}), 400),
        (httpx.post(f"{server.url}/api/search", json={"query": "x", "colour": "red"}), 400),
        (httpx.post(f"{server.url}/api/ask", json={"question": "   "}), 400),
        (httpx.post(f"{server.url}/api/ask", json={"question": "why? " * 2000}), 400),
        (httpx.post(f"{server.url}/api/ask", json={"question": "x" * 300_000}), 413),
        (httpx.get(f"{server.url}/api/documents/nope"), 404),
        (httpx.delete(f"{server.url}/api/documents/nope"), 404),
        (httpx.get(f"{server.url}/api/jobs/nope"), 404),
        (httpx.get(f"{server.url}/api/nothing-here"), 404),
    ]
    for response, status in cases:
        assert response.status_code == status, (response.request.url, response.text)
        error = response.json()["error"]
        assert error["type"] and error["message"], response.text
        assert "Traceback" not in response.text
    assert "query" in cases[1][0].json()["error"]["message"]
    assert httpx.get(f"{server.url}/api/health").status_code == 200


def test_ask_plain_and_streamed(server):
    answer = httpx.post(f"{server.url}/api/ask", json={"question": "On the Team plan, for how long is full-resolution metric data kept?",
                                                        "temperature": 0}, timeout=120).json()
    assert "30 days" in answer["answer"] and answer["grounded"]
    assert answer["citations"][0]["source"] == "product-faq.html"

    with httpx.stream("POST", f"{server.url}/api/ask", json={"question": "新员工的试用期有多长？", "temperature": 0},
                      headers={"Accept": "text/event-stream"}, timeout=120) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        events = _events(response)
    kinds = [k for k, _ in events]
    assert kinds[0] == "sources" and kinds[-1] == "done" and kinds.count("token") > 3
    assert events[0][1] and events[0][1][0]["n"] == 1 and "text" in events[0][1][0]
    done = events[-1][1]
    assert "".join(d["text"] for k, d in events if k == "token").strip().startswith(done["answer"][:10])
    assert "3个月" in done["answer"] and done["citations"][0]["source"] == "新员工入职指南.docx"

    refused = httpx.post(f"{server.url}/api/ask", json={"question": "What is the capital of Mongolia?", "stream": True})
    assert [k for k, _ in _events(refused)] == ["sources", "token", "done"]


def test_openai_client_against_the_server(server):
    from openai import OpenAI

    client = OpenAI(base_url=f"{server.url}/v1", api_key="unused", timeout=120)
    assert [m.id for m in client.models.list().data] == ["qwen2.5-coder-0.5b"]
    completion = client.chat.completions.create(
        model="kb", temperature=0, messages=[{"role": "user", "content": "On which days and between which hours (UTC) are we allowed to deploy to production?"}]
    )
    content = completion.choices[0].message.content
    assert "Thursday" in content and "Sources:" in content and "engineering-handbook.md" in content
    assert completion.model_extra["sources"][0]["source"] == "engineering-handbook.md"
    assert completion.usage.completion_tokens > 0
    pieces = []
    for chunk in client.chat.completions.create(
        model="kb", stream=True, messages=[{"role": "user", "content": "What file formats can I export my metric data in?"}]
    ):
        if chunk.choices and chunk.choices[0].delta.content:
            pieces.append(chunk.choices[0].delta.content)
    assert len(pieces) > 3 and "Parquet" in "".join(pieces) and "Sources:" in "".join(pieces)


def test_upload_ingests_in_the_background_and_file_names_are_sanitised(server):
    files = [
        ("files", ("release-notes.md", b"# Release 4.2\n\nThe codename of release 4.2 is Blue Heron.\n", "text/markdown")),
        ("files", ("../../escape.txt", b"The staging password rotation happens every 45 days.\n", "text/plain")),
        ("files", ("binary.md", bytes(range(256)) * 10, "text/markdown")),
    ]
    response = httpx.post(f"{server.url}/api/documents", files=files, timeout=60)
    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    deadline = time.time() + 120
    while (job := httpx.get(f"{server.url}/api/jobs/{job_id}").json())["status"] in ("queued", "running"):
        assert time.time() < deadline
        time.sleep(0.3)
    assert job["status"] == "done", job
    results = {f["name"]: f for f in job["files"]}
    assert results["release-notes.md"]["status"] == "added" and results["release-notes.md"]["chunks"] >= 1
    assert results["escape.txt"]["status"] == "added"
    assert results["binary.md"]["status"] == "failed" and "binary" in results["binary.md"]["error"]
    assert (server.uploads / "escape.txt").is_file()
    assert not (server.uploads.parent / "escape.txt").exists() and not (server.uploads.parent.parent / "escape.txt").exists()
    hits = httpx.post(f"{server.url}/api/search", json={"query": "Blue Heron codename"}).json()["hits"]
    assert hits[0]["source"] == "release-notes.md"
    doc_id = hits[0]["doc_id"]
    assert httpx.delete(f"{server.url}/api/documents/{doc_id}").json()["chunks_removed"] >= 1
    assert httpx.get(f"{server.url}/api/documents/{doc_id}").status_code == 404
    metrics = httpx.get(f"{server.url}/metrics").text
    assert 'kb_http_requests_total{method="POST",route="/api/documents",status="202"}' in metrics
    assert "kb_generation_queue_depth" in metrics and 'kb_ingest_jobs{status="done"}' in metrics


def test_openapi_schema_documents_the_api(server):
    schema = httpx.get(f"{server.url}/schema/openapi.json").json()
    for path in ("/api/health", "/api/search", "/api/ask", "/api/documents", "/v1/chat/completions", "/v1/models"):
        assert path in schema["paths"], path
    assert "examples" in json.dumps(schema["components"]["schemas"]["SearchRequest"])


# -- auth and backpressure on a second server: SmolLM2, a tiny store, keys on --------------------


@pytest.fixture
def small_server(tmp_path, hash_embedder, smollm2):
    from kb.api import create_app

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "count.md").write_text("# Counting\n\nCount the numbers from one to three hundred, one per line.\n")
    settings = load_settings(environ={
        "KB_STORE__PATH": str(tmp_path / "store"), "KB_RETRIEVAL__MIN_RELEVANCE": "-1", "KB_SERVER__API_KEYS": "k1,k2",
        "KB_SERVER__QUEUE_SIZE": "1", "KB_LLM__MAX_TOKENS": "64", "KB_LLM__N_CTX": "1024",
        "KB_SERVER__UPLOADS_DIR": str(tmp_path / "uploads"), "KB_LLM__MODELS_DIR": str(MODELS_DIR),
    })
    kb = KnowledgeBase(settings, embedder=hash_embedder, chat_model=smollm2)
    kb.ingest([docs])
    with RunningServer(create_app(settings, kb)) as running:
        yield running
    kb.close()


def test_api_keys_and_the_web_session(small_server):
    url = small_server.url
    assert httpx.get(f"{url}/api/health").status_code == 200  # open for load balancers
    assert httpx.get(f"{url}/api/health").json().keys().isdisjoint({"documents_list", "text"})
    for response in (httpx.get(f"{url}/api/documents"), httpx.get(f"{url}/v1/models"),
                     httpx.get(f"{url}/api/documents", headers={"Authorization": "Bearer wrong"})):
        assert response.status_code == 401 and response.json()["error"]["type"] == "unauthorized"
    assert httpx.get(f"{url}/api/documents", headers={"Authorization": "Bearer k2"}).status_code == 200
    with httpx.Client(base_url=url) as browser:
        assert browser.get("/api/session").json() == {"keys_required": True, "authenticated": False}
        assert browser.post("/api/session", json={"key": "nope"}).status_code == 401
        login = browser.post("/api/session", json={"key": "k1"})
        assert login.status_code == 200 and "httponly" in login.headers["set-cookie"].lower()
        assert "samesite=strict" in login.headers["set-cookie"].lower()
        assert browser.get("/api/documents").status_code == 200
        assert browser.get("/api/session").json()["authenticated"] is True


def _depth(url: str, auth: dict) -> int:
    metrics = httpx.get(f"{url}/metrics", headers=auth).text
    return int(next(line.split()[-1] for line in metrics.splitlines() if line.startswith("kb_generation_queue_depth ")))


def _wait_for(condition, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while not condition():
        assert time.time() < deadline, "condition not reached"
        time.sleep(0.05)


def test_queue_full_gets_503_and_a_client_that_leaves_frees_its_place(small_server, smollm2):
    """The model is kept busy (its lock held, as by a long generation): one answer holds the model's
    place, one waits (queue_size 1), the next gets 503 + Retry-After. The first client hangs up;
    its generation is cancelled and the waiting one completes."""
    url, auth = small_server.url, {"Authorization": "Bearer k1"}
    body = {"question": "Count the numbers from one to three hundred.", "max_tokens": 5}
    results: dict[str, object] = {}

    def leaving_client() -> None:
        try:
            httpx.post(f"{url}/api/ask", json=body, headers=auth, timeout=4)
        except httpx.ReadTimeout:
            results["first"] = "hung up"

    def waiting_client() -> None:
        results["second"] = httpx.post(f"{url}/api/ask", json=body, headers=auth, timeout=120)

    with smollm2._lock:  # the model is busy
        first = threading.Thread(target=leaving_client)
        first.start()
        _wait_for(lambda: _depth(url, auth) == 1)
        second = threading.Thread(target=waiting_client)
        second.start()
        _wait_for(lambda: _depth(url, auth) == 2)
        full = httpx.post(f"{url}/api/ask", json=body, headers=auth, timeout=30)
        assert full.status_code == 503 and full.headers["retry-after"] == "5"
        assert full.json()["error"]["type"] == "queue_full"
        stream_full = httpx.post(f"{url}/v1/chat/completions", headers=auth, timeout=30,
                                 json={"messages": [{"role": "user", "content": "hi"}], "stream": True})
        assert stream_full.status_code == 503  # refused before any event is sent
        # Search, listing and health stay responsive while the model is busy.
        assert httpx.post(f"{url}/api/search", json={"query": "count"}, headers=auth, timeout=10).status_code == 200
        assert httpx.get(f"{url}/api/documents", headers=auth, timeout=10).status_code == 200
        first.join(30)
        assert results["first"] == "hung up"
    second.join(120)
    assert results["second"].status_code == 200, results["second"].text
    _wait_for(lambda: _depth(url, auth) == 0)
    metrics = httpx.get(f"{url}/metrics", headers=auth).text
    assert 'kb_answers_total{outcome="cancelled"} 1' in metrics, [l for l in metrics.splitlines() if "answers_total" in l]


def _thread_nice_values() -> dict[int, int]:
    """This process's threads (the server runs in it) and their nice values, from /proc."""
    values = {}
    for task in Path("/proc/self/task").iterdir():
        fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        values[int(task.name)] = int(fields[16])  # field 19 of stat: nice
    return values


def test_a_client_that_disconnects_mid_stream_cancels_its_generation(small_server):
    url, auth = small_server.url, {"Authorization": "Bearer k1"}
    body = {"question": "Write the numbers from 1 to 500, separated by commas.", "stream": True, "max_tokens": 600,
            "temperature": 0.0}
    tokens = 0
    with httpx.stream("POST", f"{url}/api/ask", json=body, headers=auth, timeout=60) as response:
        for line in response.iter_lines():
            if line.startswith("event: token"):
                tokens += 1
                if tokens == 2:
                    generating = _thread_nice_values()
                if tokens == 5:
                    break  # hang up mid-answer
    # The model runs at [server] generation_nice (10) so requests keep the cores; nothing else does.
    assert max(generating.values()) == 10 and generating[threading.get_native_id()] == 0
    _wait_for(lambda: _depth(url, auth) == 0, timeout=10)
    metrics = httpx.get(f"{url}/metrics", headers=auth).text
    assert 'kb_answers_total{outcome="cancelled"} 1' in metrics
    generated = int(next(l.split()[-1] for l in metrics.splitlines() if l.startswith("kb_tokens_generated_total")))
    assert 5 <= generated < 100  # generation stopped soon after the client left, far from max_tokens
