"""The HTTP service over real HTTP (uvicorn on loopback): REST API, server-sent events, the
OpenAI-compatible endpoint with the official client, uploads, auth, backpressure, bad input, errors
as problem details, body limits, the OpenAPI schema."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import threading
import time
from pathlib import Path

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.conftest import MODELS_DIR, SAMPLE
from tests.support import RunningServer, sse_events

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


PROBLEM_FIELDS = {"status", "type", "title", "detail", "request_id", "errors", "error"}


def _problem(response: httpx.Response, status: int, kind: str) -> dict:
    """The response is RFC 9457 problem details of kb's vocabulary, with the `error` of before."""
    assert response.status_code == status, (response.request.url, response.text)
    assert response.headers["content-type"].startswith("application/problem+json"), response.headers
    body = response.json()
    assert set(body) <= PROBLEM_FIELDS and {"status", "type", "title", "detail", "error"} <= set(body), body
    assert body["status"] == status and body["type"] == kind and body["title"] and body["detail"], body
    assert body["error"] == {"type": kind, "message": body["detail"]}
    assert "Traceback" not in response.text and "File \"" not in response.text
    return body


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
    assert {k: stats["limits"][k] for k in ("top_k_max", "max_tokens_limit", "question_max_chars", "history_max_messages")} \
        == {"top_k_max": 100, "max_tokens_limit": 2048, "question_max_chars": 4000, "history_max_messages": 100}


def test_bad_requests_get_problem_details_and_the_service_stays_up(server):
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
        (httpx.put(f"{server.url}/api/search", json={"query": "x"}), 405),
        (httpx.post(f"{server.url}/api/ask", json={"question": "When can we deploy?", "temperature": 1.5}), 400),
        (httpx.post(f"{server.url}/v1/chat/completions", json={"messages": [{"role": "user", "content": "When?"}],
                                                               "max_tokens": 8192}), 400),
    ]
    kinds = {400: "invalid_input", 404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}
    for response, status in cases:
        _problem(response, status, kinds[status])
    assert httpx.get(f"{server.url}/api/health").status_code == 200

    # The exact shape: a field that fails validation (kb's 400 and Litestar's are one type).
    field = _problem(cases[1][0], 400, "invalid_input")
    assert field["detail"] == "invalid request: query: Expected `str`, got `int`"
    assert field["errors"] == [{"message": "Expected `str`, got `int`", "key": "query", "source": "body"}]
    assert re.fullmatch(r"[0-9a-f]{16}", field["request_id"]) and field["request_id"] == cases[1][0].headers["x-request-id"]
    assert field["title"] == "Invalid input"
    assert _problem(cases[5][0], 400, "invalid_input")["detail"] == "question: must be a non-empty string"  # from kb
    unknown = _problem(cases[8][0], 404, "not_found")
    assert unknown == {"status": 404, "type": "not_found", "title": "Not found", "detail": "no document with doc_id 'nope'",
                       "error": {"type": "not_found", "message": "no document with doc_id 'nope'"},
                       "request_id": cases[8][0].headers["x-request-id"]}
    # A request beyond a deployment's bound is refused naming it (never silently clamped).
    assert _problem(cases[13][0], 400, "invalid_input")["detail"] == "temperature: 1.5 is outside 0 to 1.0 ([llm] temperature_max)"
    assert _problem(cases[14][0], 400, "invalid_input")["detail"] == "max_tokens: 8192 is above 2048 ([llm] max_tokens_limit)"
    assert _problem(cases[7][0], 413, "payload_too_large")["detail"] == "request body over the limit: 256 KiB (uploads: 100 MB)"


def test_a_chunked_body_over_the_limit_is_refused(server):
    """No Content-Length to go by: the limit is counted on the bytes as they arrive."""
    def body():
        yield b'{"query": "'
        for _ in range(300):
            yield b"x" * 1024
        yield b'"}'

    response = httpx.post(f"{server.url}/api/search", content=body(), headers={"content-type": "application/json"})
    assert "content-length" not in response.request.headers and response.request.headers["transfer-encoding"] == "chunked"
    _problem(response, 413, "payload_too_large")
    small = httpx.post(f"{server.url}/api/search", content=iter([b'{"query": "shared_buffers", "mode": "lexical"}']),
                       headers={"content-type": "application/json"})
    assert small.status_code == 200 and small.json()["hits"]


def test_ask_plain_and_streamed(server):
    answer = httpx.post(f"{server.url}/api/ask", json={"question": "On the Team plan, for how long is full-resolution metric data kept?",
                                                        "temperature": 0}, timeout=120).json()
    assert "30 days" in answer["answer"] and answer["grounded"]
    assert answer["citations"][0]["source"] == "product-faq.html"

    with httpx.stream("POST", f"{server.url}/api/ask", json={"question": "新员工的试用期有多长？", "temperature": 0},
                      headers={"Accept": "text/event-stream"}, timeout=120) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        events = sse_events(response)
    kinds = [k for k, _ in events]
    assert kinds[0] == "sources" and kinds[-1] == "done" and kinds.count("token") > 3
    assert events[0][1] and events[0][1][0]["n"] == 1 and "text" in events[0][1][0]
    done = events[-1][1]
    assert "".join(d["text"] for k, d in events if k == "token").strip().startswith(done["answer"][:10])
    assert "3个月" in done["answer"] and done["citations"][0]["source"] == "新员工入职指南.docx"

    refused = httpx.post(f"{server.url}/api/ask", json={"question": "What is the capital of Mongolia?", "stream": True})
    assert [k for k, _ in sse_events(refused)] == ["sources", "token", "done"]


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
        # Over the JSON limit (max_body_kb, 256 KiB), within the upload limit (max_upload_mb).
        ("files", ("large-binary.md", bytes(range(256)) * 1200, "text/markdown")),
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
    assert results["large-binary.md"]["size"] == 307_200 and results["large-binary.md"]["status"] == "failed"
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
    components = schema["components"]["schemas"]

    def response_fields(path: str, method: str, status: str = "200", media: str = "application/json") -> dict:
        ref = schema["paths"][path][method]["responses"][status]["content"][media]["schema"]["$ref"]
        return components[ref.rsplit("/", 1)[-1]]["properties"]

    hits = response_fields("/api/search", "post")["hits"]["items"]["$ref"].rsplit("/", 1)[-1]
    assert {"doc_id", "chunk_id", "source", "page", "heading", "score", "text"} <= set(components[hits]["properties"])
    assert {"answer", "refused", "grounded", "citations", "usage", "timings"} <= set(response_fields("/api/ask", "post"))
    assert {"total", "offset", "limit", "documents"} <= set(response_fields("/api/documents", "get"))
    assert {"id", "status", "progress", "files"} <= set(response_fields("/api/documents", "post", "202"))
    assert {"documents", "chunks", "chat_model", "generation_queue_depth", "limits"} <= set(response_fields("/api/stats", "get"))
    assert {"id", "object", "choices", "usage", "sources"} <= set(response_fields("/v1/chat/completions", "post"))
    assert {"type", "title", "status", "detail"} <= set(response_fields("/api/search", "post", "400", "application/problem+json"))
    operations = [op.get("operationId") for methods in schema["paths"].values() for op in methods.values()]
    assert all(operations) and len(set(operations)) == len(operations)


# -- auth and backpressure on a second server: SmolLM2, a tiny store, keys on --------------------


@contextlib.contextmanager
def _counting_server(tmp_path, embedder, model, **environ: str):
    """A one-document store (the hash embedder), `model` answering, API keys k1 and k2."""
    with _counting_app(tmp_path, embedder, model, **environ) as app, RunningServer(app) as running:
        yield running


@contextlib.contextmanager
def _counting_app(tmp_path, embedder, model, **environ: str):
    from kb.api import create_app

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "count.md").write_text("# Counting\n\nCount the numbers from one to three hundred, one per line.\n")
    settings = load_settings(environ={
        "KB_STORE__PATH": str(tmp_path / "store"), "KB_RETRIEVAL__MIN_RELEVANCE": "-1", "KB_SERVER__API_KEYS": "k1,k2",
        "KB_SERVER__QUEUE_SIZE": "1", "KB_LLM__MAX_TOKENS": "64", "KB_LLM__N_CTX": "1024",
        "KB_SERVER__UPLOADS_DIR": str(tmp_path / "uploads"), "KB_LLM__MODELS_DIR": str(MODELS_DIR), **environ,
    })
    kb = KnowledgeBase(settings, embedder=embedder, chat_model=model)
    kb.ingest([docs])
    try:
        yield create_app(settings, kb)
    finally:
        kb.close()


@pytest.fixture
def small_server(tmp_path, hash_embedder, smollm2):
    with _counting_server(tmp_path, hash_embedder, smollm2, KB_SERVER__MAX_UPLOAD_MB="0.5") as running:
        yield running


def test_api_keys_and_the_web_session(small_server):
    url = small_server.url
    assert httpx.get(f"{url}/api/health").status_code == 200  # open for load balancers
    assert httpx.get(f"{url}/api/health").json().keys().isdisjoint({"documents_list", "text"})
    for response in (httpx.get(f"{url}/api/documents"), httpx.get(f"{url}/v1/models"),
                     httpx.get(f"{url}/api/documents", headers={"Authorization": "Bearer wrong"})):
        body = _problem(response, 401, "unauthorized")
        assert response.headers["www-authenticate"] == "Bearer" and body["title"] == "Unauthorized"
        assert body["detail"] == "missing or wrong API key: send \"Authorization: Bearer <key>\""
    assert httpx.get(f"{url}/api/documents", headers={"Authorization": "Bearer k2"}).status_code == 200
    with httpx.Client(base_url=url) as browser:
        assert browser.get("/api/session").json() == {"keys_required": True, "authenticated": False}
        _problem(browser.post("/api/session", json={"key": "nope"}), 401, "unauthorized")
        login = browser.post("/api/session", json={"key": "k1"})
        assert login.status_code == 200 and "httponly" in login.headers["set-cookie"].lower()
        assert "samesite=strict" in login.headers["set-cookie"].lower()
        assert browser.get("/api/documents").status_code == 200
        assert browser.get("/api/session").json()["authenticated"] is True


def _depth(url: str, auth: dict) -> int:
    metrics = httpx.get(f"{url}/metrics", headers=auth).text
    return int(float(next(line.split()[-1] for line in metrics.splitlines() if line.startswith("kb_generation_queue_depth "))))


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
        assert full.headers["retry-after"] == "5"
        assert _problem(full, 503, "queue_full")["detail"] == "the answer queue is full (1 waiting): retry in 5 s"
        stream_full = httpx.post(f"{url}/v1/chat/completions", headers=auth, timeout=30,
                                 json={"messages": [{"role": "user", "content": "hi"}], "stream": True})
        _problem(stream_full, 503, "queue_full")  # refused before any event is sent
        assert stream_full.headers["retry-after"] == "5"
        # Search, listing and health stay responsive while the model is busy.
        assert httpx.post(f"{url}/api/search", json={"query": "count"}, headers=auth, timeout=10).status_code == 200
        assert httpx.get(f"{url}/api/documents", headers=auth, timeout=10).status_code == 200
        first.join(30)
        assert results["first"] == "hung up"
    second.join(120)
    assert results["second"].status_code == 200, results["second"].text
    _wait_for(lambda: _depth(url, auth) == 0)
    metrics = httpx.get(f"{url}/metrics", headers=auth).text
    assert 'kb_answers_total{outcome="cancelled"} 1.0' in metrics, [l for l in metrics.splitlines() if "answers_total" in l]


def test_a_client_that_stops_reading_never_holds_the_model(tmp_path, hash_embedder, smollm2):
    """A client whose socket is full: the app's `send` of its stream never returns (loopback's
    buffers absorb about 1.7 MB first, so over a real socket it takes an answer of ~40k tokens).
    Its generation must not wait on it: it falls [server] stream_lag_events (8) behind, is dropped
    and cancelled, and the next client's answer runs at once instead of waiting for ever."""
    import asyncio

    auth = {"Authorization": "Bearer k1"}
    body = json.dumps({"question": "Count the numbers from one to three hundred.", "stream": True, "max_tokens": 200})

    async def run(app) -> tuple[int, str]:
        # The app's lifespan and both clients in one event loop, as under uvicorn.
        lifespan: asyncio.Queue = asyncio.Queue()
        started = asyncio.Event()

        async def lifespan_send(message):
            if message["type"] == "lifespan.startup.complete":
                started.set()

        life = asyncio.create_task(app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, lifespan.get, lifespan_send))
        await lifespan.put({"type": "lifespan.startup"})
        await asyncio.wait_for(started.wait(), 60)
        reading_stopped = asyncio.Event()
        requested = False

        async def receive():
            nonlocal requested
            if not requested:
                requested = True
                return {"type": "http.request", "body": body.encode(), "more_body": False}
            await response_ended.wait()  # connected and silent until its response is over, as a socket is
            return {"type": "http.disconnect"}

        reads_again, response_ended = asyncio.Event(), asyncio.Event()
        received: list[bytes] = []

        async def send(message):
            if message["type"] == "http.response.body":
                received.append(message.get("body", b""))
                if not message.get("more_body", False):
                    response_ended.set()
                if not reading_stopped.is_set():
                    reading_stopped.set()
                    await reads_again.wait()  # the socket is full: this send does not return

        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8000") as client:
            scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                     "scheme": "http", "path": "/api/ask", "raw_path": b"/api/ask", "query_string": b"",
                     "root_path": "", "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
                     "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                                 (b"authorization", b"Bearer k1"), (b"content-length", str(len(body)).encode())]}
            stuck = asyncio.create_task(app(scope, receive, send))
            try:
                await asyncio.wait_for(reading_stopped.wait(), 60)
                second = await asyncio.wait_for(client.post("/api/ask", headers=auth, json={
                    "question": "Count the numbers from one to three.", "max_tokens": 8}), 120)
                metrics = (await client.get("/metrics", headers=auth)).text
                reads_again.set()  # the dropped client reads again: its stream ends with an error, not a cut answer
                await asyncio.wait_for(stuck, 60)
            finally:
                stuck.cancel()
        await lifespan.put({"type": "lifespan.shutdown"})
        await asyncio.wait_for(life, 60)
        return second.status_code, metrics, b"".join(received).decode()

    with _counting_app(tmp_path, hash_embedder, smollm2, KB_SERVER__STREAM_LAG_EVENTS="8") as app:
        status, metrics, dropped_stream = asyncio.run(run(app))
    assert status == 200
    events = [block for block in dropped_stream.split("\n\n") if block]
    assert events[-1].startswith("event: error\n") and '"type":"too_many_requests"' in events[-1], events[-1]
    assert "event: done" not in dropped_stream
    assert 'kb_answers_total{outcome="dropped"} 1.0' in metrics, [l for l in metrics.splitlines() if "answers_total" in l]
    generated = int(float(next(l.split()[-1] for l in metrics.splitlines() if l.startswith("kb_tokens_generated_total"))))
    assert generated < 200  # the dropped client's generation stopped early


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
    assert 'kb_answers_total{outcome="cancelled"} 1.0' in metrics
    generated = int(float(next(l.split()[-1] for l in metrics.splitlines() if l.startswith("kb_tokens_generated_total"))))
    assert 5 <= generated < 100  # generation stopped soon after the client left, far from max_tokens


def test_uploads_have_their_own_body_limit(small_server):
    """[server] max_upload_mb (0.5 here) for uploads, max_body_kb (256) for JSON bodies."""
    url, auth = small_server.url, {"Authorization": "Bearer k1"}
    within = httpx.post(f"{url}/api/documents", headers=auth, files=[("files", ("notes.txt", b"counting\n" * 40_000, "text/plain"))])
    assert within.status_code == 202, within.text  # 360 KB: over the JSON limit, within the upload limit
    over = httpx.post(f"{url}/api/documents", headers=auth, files=[("files", ("big.txt", b"counting\n" * 70_000, "text/plain"))])
    assert _problem(over, 413, "payload_too_large")["detail"] == "request body over the limit: 256 KiB (uploads: 0.5 MB)"


def test_stream_framing_byte_for_byte(small_server):
    """/v1: OpenAI's `data: {...}\\n\\n` events and `data: [DONE]\\n\\n` (no event names, no CR);
    /api/ask: `event: NAME\\ndata: {...}\\n\\n`."""
    url, auth = small_server.url, {"Authorization": "Bearer k1"}
    body = {"messages": [{"role": "user", "content": "Count the numbers from one to three."}], "stream": True, "max_tokens": 8}
    with httpx.stream("POST", f"{url}/v1/chat/completions", json=body, headers=auth, timeout=60) as response:
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
        raw = response.read()
    assert re.fullmatch(rb"(data: \{[^\r\n]*\}\n\n)+data: \[DONE\]\n\n", raw), raw[:500]
    chunks = [json.loads(frame[6:]) for frame in raw.decode().split("\n\n")[:-2]]
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert all(c["object"] == "chat.completion.chunk" and c["id"] == chunks[0]["id"] for c in chunks)
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop" and chunks[-1]["choices"][0]["delta"] == {}
    assert set(chunks[-1]["usage"]) == {"prompt_tokens", "completion_tokens", "total_tokens"} and "sources" in chunks[-1]
    assert all(c["choices"][0]["finish_reason"] is None and "usage" not in c for c in chunks[:-1])

    ask = {"question": "Count the numbers from one to three.", "stream": True, "max_tokens": 8}
    with httpx.stream("POST", f"{url}/api/ask", json=ask, headers=auth, timeout=60) as response:
        raw = response.read()
    assert re.fullmatch(rb"(event: (sources|token|done)\ndata: [^\r\n]*\n\n)+", raw), raw[:500]
    assert raw.startswith(b"event: sources\ndata: [{") and b"event: done\ndata: {" in raw


class CrashingModel:
    """kb's `ChatModel` interface (kb/models/chat.py) over the real SmolLM2, whose backend fails after two
    pieces with an error kb does not know (a RuntimeError, as a crashed backend raises)."""

    def __init__(self, model):
        self.model = model
        self.name, self.n_ctx = model.name, model.n_ctx

    def count_tokens(self, texts):
        return self.model.count_tokens(texts)

    def prompt_tokens(self, messages):
        return self.model.prompt_tokens(messages)

    def stream(self, messages, sampling, stats, cancel=None):
        with contextlib.closing(self.model.stream(messages, sampling, stats, cancel)) as pieces:
            for i, piece in enumerate(pieces):
                if i == 2:
                    raise RuntimeError("llama_decode returned -3 at /secret/build/path")
                yield piece

    def continuation_probability(self, messages, text, max_tokens=4):
        return None

    def close(self):
        pass


def test_an_unexpected_error_ends_every_answer_cleanly(tmp_path, hash_embedder, smollm2):
    """Plain answers get a 500 problem; streams, already open, an in-band error (the /v1 stream
    still ends with `data: [DONE]`); nothing of the exception reaches the client, and the queue is
    empty afterwards."""
    with _counting_server(tmp_path, hash_embedder, CrashingModel(smollm2)) as running:
        url, auth = running.url, {"Authorization": "Bearer k1"}
        question = "Count the numbers from one to three hundred."
        plain = httpx.post(f"{url}/api/ask", json={"question": question}, headers=auth, timeout=60)
        body = _problem(plain, 500, "internal_error")
        assert body["title"] == "Internal error" and body["request_id"] in body["detail"]
        assert "llama_decode" not in plain.text and "/secret" not in plain.text

        openai = {"messages": [{"role": "user", "content": question}], "stream": True}
        with httpx.stream("POST", f"{url}/v1/chat/completions", json=openai, headers=auth, timeout=60) as response:
            assert response.status_code == 200
            raw = response.read()
        assert re.fullmatch(rb"(data: \{[^\r\n]*\}\n\n)+data: \[DONE\]\n\n", raw), raw[-500:]
        assert b"llama_decode" not in raw and b"Traceback" not in raw
        chunks = [json.loads(frame[6:]) for frame in raw.decode().split("\n\n")[:-2]]
        error = chunks[-1]["error"]
        assert error["type"] == "internal_error" and error["status"] == 500 and error["message"] == error["detail"]
        assert [c["choices"][0]["delta"]["content"] for c in chunks[1:-1]]  # the pieces before the failure

        from openai import APIError, OpenAI

        client = OpenAI(base_url=f"{url}/v1", api_key="k1", timeout=60)
        with pytest.raises(APIError, match="internal error"):
            for _ in client.chat.completions.create(model="kb", stream=True, messages=openai["messages"]):
                pass

        with httpx.stream("POST", f"{url}/api/ask", json={"question": question, "stream": True}, headers=auth,
                          timeout=60) as response:
            events = sse_events(response)
        assert [k for k, _ in events][0] == "sources" and events[-1][0] == "error"
        assert events[-1][1]["type"] == "internal_error" and events[-1][1]["status"] == 500
        _wait_for(lambda: _depth(url, auth) == 0, timeout=10)
        metrics = httpx.get(f"{url}/metrics", headers=auth).text
        assert 'kb_answers_total{outcome="failed"} 4.0' in metrics and 'kb_answers_total{outcome="cancelled"} 0.0' in metrics
