"""Hostile clients over real HTTP: DNS rebinding (the Host check), cross-site writes (the Origin
check), content types, the session cookie (malformed, expired, logged out), what the public health
reveals, forged log lines, malformed bodies, and the bounds the OpenAPI schema states."""

from __future__ import annotations

import contextlib
import io
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import HISTORY_MAX_MESSAGES, QUESTION_MAX_CHARS, TOP_K_MAX, load_settings
from tests.support import HashEmbedder, RunningServer

PROBLEM_FIELDS = {"status", "type", "title", "detail", "request_id", "errors", "error"}


def _problem(response: httpx.Response, status: int, kind: str) -> dict:
    """RFC 9457 problem details of kb's vocabulary (the shape tests/test_server.py pins)."""
    assert response.status_code == status, (response.request.method, response.request.url, response.text)
    assert response.headers["content-type"].startswith("application/problem+json"), response.headers
    body = response.json()
    assert set(body) <= PROBLEM_FIELDS and {"status", "type", "title", "detail", "error"} <= set(body), body
    assert body["status"] == status and body["type"] == kind and body["title"] and body["detail"], body
    assert body["error"] == {"type": kind, "message": body["detail"]}
    return body


def _make_server(folder: Path, **environ: str) -> tuple[RunningServer, KnowledgeBase]:
    """One document, the hash embedder, no chat model installed (so health has a model error that
    names a path), a real uvicorn server."""
    from kb.api import create_app

    docs = folder / "docs"
    docs.mkdir()
    (docs / "policy.md").write_text("# Travel\n\nHotel costs are refunded up to 150 euros a night.\n")
    settings = load_settings(environ={
        "KB_STORE__PATH": str(folder / "store"), "KB_SERVER__UPLOADS_DIR": str(folder / "uploads"),
        "KB_LLM__MODELS_DIR": str(folder / "no-models"), "KB_RETRIEVAL__MIN_RELEVANCE": "-1", **environ,
    })
    kb = KnowledgeBase(settings, embedder=HashEmbedder())
    kb.ingest([docs])
    return RunningServer(create_app(settings, kb)), kb


@pytest.fixture(scope="module")
def open_server(tmp_path_factory):
    """No API keys (the default)."""
    running, kb = _make_server(tmp_path_factory.mktemp("open"))
    with running:
        yield running
    kb.close()


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory):
    """API key k1, one CORS origin."""
    running, kb = _make_server(tmp_path_factory.mktemp("keyed"), KB_SERVER__API_KEYS="k1",
                               KB_SERVER__CORS_ORIGINS='["http://app.example"]')
    with running:
        yield running
    kb.close()


KEY = {"Authorization": "Bearer k1"}


def _doc_id(url: str, headers: dict | None = None) -> str:
    return httpx.get(f"{url}/api/documents", headers=headers).json()["documents"][0]["doc_id"]


@contextlib.contextmanager
def _login(url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=url) as browser:
        assert browser.post("/api/session", json={"key": "k1"}).status_code == 200
        yield browser


# -- 1. DNS rebinding and cross-site requests ------------------------------------------------------


def test_a_request_for_a_foreign_host_is_refused(open_server, keyed_server):
    """DNS rebinding: a page of attacker.example whose name now points at 127.0.0.1 sends
    `Host: attacker.example`; it must not read documents or search, keys or no keys."""
    url = open_server.url
    doc_id = _doc_id(url)
    port = url.rsplit(":", 1)[1]
    rebound = {"Host": "attacker.example"}
    for response in (httpx.get(f"{url}/api/documents/{doc_id}/file", headers=rebound),
                     httpx.post(f"{url}/api/search", json={"query": "hotel"}, headers=rebound),
                     httpx.get(f"{url}/", headers=rebound)):
        body = _problem(response, 400, "invalid_input")
        assert "attacker.example" in body["detail"] and "allowed_hosts" in body["detail"]
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", "localhost"):
        assert httpx.get(f"{url}/api/documents/{doc_id}/file", headers={"Host": host}).status_code == 200, host
    # With keys on, a valid key does not make a foreign host acceptable.
    keyed = keyed_server.url
    _problem(httpx.get(f"{keyed}/api/documents", headers={**KEY, **rebound}), 400, "invalid_input")
    _problem(httpx.get(f"{keyed}/api/health", headers={"Host": "attacker.example:80"}), 400, "invalid_input")


def test_the_allowed_hosts_follow_the_settings():
    from kb.api.auth import allowed_hosts, host_allowed

    def hosts(**server):
        return allowed_hosts(load_settings(environ={}).with_overrides(server=server).server)

    default = hosts()
    assert all(host_allowed(default, h) for h in ("localhost", "localhost:8000", "127.0.0.1:1", "[::1]:8000", "LOCALHOST"))
    assert not any(host_allowed(default, h) for h in ("attacker.example", "127.0.0.1.attacker.example", "[::2]", "",
                                                      "localhost.", "10.0.0.5:8000", "localhost:8000@evil"))
    lan = hosts(host="192.168.1.5")  # a bind host of its own is allowed
    assert host_allowed(lan, "192.168.1.5:8000") and host_allowed(lan, "localhost") and not host_allowed(lan, "10.0.0.5")
    everywhere = hosts(host="0.0.0.0")  # every interface: any address (rebinding needs a name), this machine's name
    assert host_allowed(everywhere, "10.0.0.5:8000") and host_allowed(everywhere, "[fe80::1]:8000")
    assert not host_allowed(everywhere, "attacker.example")
    named = hosts(host="0.0.0.0", allowed_hosts=["kb.example.com", "*.corp.example"])
    assert host_allowed(named, "kb.example.com:443") and host_allowed(named, "wiki.corp.example")
    assert not host_allowed(named, "corp.example.evil") and not host_allowed(named, "10.0.0.5")
    assert host_allowed(named, "localhost") and not host_allowed(named, "xkb.example.com")  # loopback: always
    assert host_allowed(hosts(allowed_hosts=["*"]), "anything.example")


def test_cross_site_writes_are_refused(open_server, keyed_server):
    """A cookie-authenticated (or, without keys, any) POST/PUT/PATCH/DELETE from another origin is a
    403; the page's own origin, a CORS origin and non-browser clients (no Origin) pass."""
    upload = [("files", ("note.txt", b"The parking garage opens at 7.\n", "text/plain"))]
    keyed = keyed_server.url
    with _login(keyed) as browser:
        doc_id = _doc_id(keyed, KEY)
        for headers in ({"Origin": "http://attacker.example"}, {"Origin": "null"},
                        {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                        {"Origin": "http://localhost:1", "Sec-Fetch-Site": "same-site"}):
            body = _problem(browser.post("/api/documents", files=upload, headers=headers), 403, "forbidden")
            assert "cross-site" in body["detail"]
            _problem(browser.delete(f"/api/documents/{doc_id}", headers=headers), 403, "forbidden")
            _problem(browser.post("/api/ask", json={"question": "parking?"}, headers=headers), 403, "forbidden")
        assert browser.post("/api/documents", files=upload, headers={"Origin": keyed}).status_code == 202
        assert browser.post("/api/documents", files=upload, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 202
        assert browser.post("/api/documents", files=upload, headers={"Origin": "http://app.example"}).status_code == 202
        assert browser.post("/api/documents", files=upload).status_code == 202  # a script, not a browser
        assert browser.get(f"/api/documents/{doc_id}", headers={"Origin": "http://attacker.example"}).status_code == 200
    # Without keys a cross-site form can still upload into (or ask of) a loopback server.
    url = open_server.url
    _problem(httpx.post(f"{url}/api/documents", files=upload, headers={"Origin": "http://attacker.example"}), 403,
             "forbidden")
    assert httpx.post(f"{url}/api/documents", files=upload, headers={"Origin": url}).status_code == 202


def test_json_routes_refuse_other_content_types(keyed_server):
    """A text/plain body is what a cross-site form or a no-preflight fetch can send; Litestar would
    still decode it as JSON."""
    url = keyed_server.url
    cases = [("/api/search", b'{"query": "hotel"}'), ("/api/ask", b'{"question": "hotel?"}'),
             ("/api/session", b'{"key": "k1"}'), ("/v1/chat/completions", b'{"messages": [{"role": "user", "content": "x"}]}')]
    for path, body in cases:
        for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
            headers = {**KEY, **({"Content-Type": content_type} if content_type else {})}
            problem = _problem(httpx.post(f"{url}{path}", content=body, headers=headers), 415, "unsupported_media_type")
            assert "application/json" in problem["detail"]
    ok = httpx.post(f"{url}/api/search", content=b'{"query": "hotel"}',
                    headers={**KEY, "Content-Type": "application/json; charset=utf-8"})
    assert ok.status_code == 200 and ok.json()["hits"]
    _problem(httpx.post(f"{url}/api/documents", content=b"x", headers={**KEY, "Content-Type": "text/plain"}), 415,
             "unsupported_media_type")


# -- 2. the session, health, logs ----------------------------------------------------------------------


def test_a_malformed_session_cookie_is_a_401(keyed_server):
    url = keyed_server.url
    for cookie in (b"kb_session=%C3%A9%C3%A9", "kb_session=\u00e9\u00e9".encode(), b"kb_session=1.x",
                   b"kb_session=99999999999999999999999.00", b"kb_session=1." + b"0" * 64):
        headers = {"Cookie": cookie}
        body = _problem(httpx.get(f"{url}/api/documents", headers=headers), 401, "unauthorized")
        assert body["detail"].startswith("missing or wrong API key")
        assert httpx.get(f"{url}/api/session", headers=headers).json() == {"keys_required": True, "authenticated": False}


def test_sessions_expire_and_logout_ends_them(tmp_path):
    from kb.api.app import Service
    from kb.api.auth import session_token, session_valid

    settings = load_settings(environ={"KB_SERVER__API_KEYS": "k1,k2", "KB_SERVER__SESSION_TTL_S": "600"})
    service = Service(settings)
    now = time.time()
    assert session_valid(service, session_token(service, "k1"))
    assert session_valid(service, session_token(service, "k2", issued=now - 590))
    assert not session_valid(service, session_token(service, "k1", issued=now - 601))  # expired
    assert not session_valid(service, session_token(service, "k1", issued=now + 120))  # from the future
    assert not session_valid(service, session_token(Service(settings), "k1"))  # another server's secret
    stale = session_token(service, "k1")
    service.settings = settings.with_overrides(server={"api_keys": ["k2"]})
    assert not session_valid(service, stale)  # its key was removed
    from kb.api.auth import revoke_session

    service.settings = settings
    out = session_token(service, "k1")
    revoke_session(service, out)
    assert not any(session_valid(service, z + out) for z in ("", "0", "00"))  # (a logged-out token, zero-padded)


def test_logout_clears_and_revokes_the_session(keyed_server):
    url = keyed_server.url
    with _login(keyed_server.url) as browser:
        earlier = browser.cookies["kb_session"]
        login = browser.post("/api/session", json={"key": "k1"})
        assert "max-age=43200" in login.headers["set-cookie"].lower()
        cookie = browser.cookies["kb_session"]
        assert cookie != earlier  # every login is its own session, even within one second
        out = browser.delete("/api/session")
        assert out.status_code == 200 and out.json() == {"keys_required": True, "authenticated": False}
        assert "max-age=0" in out.headers["set-cookie"].lower() and "kb_session=" in out.headers["set-cookie"]
        assert browser.get("/api/session").json()["authenticated"] is False
    # The logged-out cookie, replayed, is refused: logging out revoked it.
    _problem(httpx.get(f"{url}/api/documents", headers={"Cookie": f"kb_session={cookie}"}), 401, "unauthorized")
    # Another session of the same key (another tab, a colleague's browser) is still logged in.
    assert httpx.get(f"{url}/api/documents", headers={"Cookie": f"kb_session={earlier}"}).status_code == 200
    assert httpx.delete(f"{url}/api/session").status_code == 200  # logging out without a session is fine


def test_the_public_health_reveals_no_paths(keyed_server, open_server):
    url = keyed_server.url
    public = httpx.get(f"{url}/api/health")
    assert public.status_code == 503  # the chat model is not installed
    body = public.json()
    assert body["status"] == "degraded" and body["model_loaded"] is False and body["store_reachable"] is True
    assert set(body) <= {"status", "version", "model", "model_loaded", "store_reachable", "documents", "chunks"}, body
    assert "/" not in public.text.replace("application/", "")
    detailed = httpx.get(f"{url}/api/health", headers=KEY).json()  # the key shows why
    assert "no-models" in detailed["model_error"]
    stats = httpx.get(f"{url}/api/stats", headers=KEY).json()
    assert "no-models" in stats["model_error"]


def test_log_lines_escape_control_characters(open_server):
    """A doc_id with %0A in the path must not forge a second log line (every record, one formatter)."""
    from kb.api.metrics import RequestIdFilter
    from kb.console import log_formatter

    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(log_formatter(server=True))
    logger = logging.getLogger("kb")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        forged = "x%0A2026-01-01 00:00:00 INFO [-] kb.server: admin login ok%0D%1B[31m"
        _problem(httpx.get(f"{open_server.url}/api/documents/{forged}"), 404, "not_found")
        logging.getLogger("kb.test").info("a\u2028b\x85c\x00d %s", "e\nf")
        # The server logs the request after the response is sent: on a busy machine, a moment later.
        deadline = time.monotonic() + 10
        while "GET /api/documents/x" not in buffer.getvalue() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    lines = buffer.getvalue().splitlines()
    request = [line for line in lines if "GET /api/documents/x" in line]
    assert len(request) == 1 and "\\n2026-01-01" in request[0] and "\\r\\x1b[31m" in request[0], lines
    assert not any(line.startswith("2026-01-01 00:00:00") for line in lines)
    assert any(line.endswith("a\\u2028b\\x85c\\x00d e\\nf") for line in lines), lines


# -- 3. malformed bodies and the schema's bounds ---------------------------------------------------------


def test_an_upload_without_a_body_is_a_400(open_server):
    url = open_server.url
    for headers, content in (({}, b""), ({"Content-Type": "multipart/form-data"}, b""),
                             ({"Content-Type": "multipart/form-data; boundary=x"}, b""),
                             ({"Content-Type": "multipart/form-data; boundary=x"}, b"--x--\r\n")):
        response = httpx.post(f"{url}/api/documents", content=content, headers=headers)
        assert response.status_code in (400, 415), response.text
        _problem(response, response.status_code, "invalid_input" if response.status_code == 400 else "unsupported_media_type")
    _problem(httpx.post(f"{url}/api/documents", content=b"",
                        headers={"Content-Type": "multipart/form-data; boundary=x"}), 400, "invalid_input")
    assert httpx.get(f"{url}/api/health").json()["store_reachable"]


def test_the_schema_states_the_bounds_the_api_enforces(open_server):
    url = open_server.url
    schema = httpx.get(f"{url}/schema/openapi.json").json()
    components = schema["components"]["schemas"]

    def prop(name: str, field: str) -> dict:
        found = components[name]["properties"][field]  # an optional field: its bounds beside oneOf [type, null]
        return {**next((o for o in found.get("oneOf", []) if o.get("type") != "null"), {}), **found}

    assert prop("AskRequest", "question")["maxLength"] == QUESTION_MAX_CHARS and prop("AskRequest", "question")["pattern"]
    assert prop("AskRequest", "top_k")["maximum"] == TOP_K_MAX
    assert prop("AskRequest", "temperature")["maximum"] == 1.0  # this deployment's [llm] temperature_max
    assert prop("AskRequest", "max_tokens")["maximum"] == 2048  # [llm] max_tokens_limit
    assert prop("ChatCompletionRequest", "max_tokens")["maximum"] == 2048
    assert prop("ChatCompletionRequest", "messages")["maxItems"] == HISTORY_MAX_MESSAGES
    filters = components["SearchFilters"]["properties"]
    assert filters["source"]["maxLength"] and filters["doc_ids"]["maxItems"] and filters["doc_ids"]["items"]["maxLength"]
    assert components["SessionRequest"]["properties"]["key"]["maxLength"]
    # ... and enforces them.
    too_many = {"query": "hotel", "filters": {"doc_ids": ["d"] * (filters["doc_ids"]["maxItems"] + 1)}}
    _problem(httpx.post(f"{url}/api/search", json=too_many), 400, "invalid_input")
    too_long = {"query": "hotel", "filters": {"source": "s" * (filters["source"]["maxLength"] + 1)}}
    _problem(httpx.post(f"{url}/api/search", json=too_long), 400, "invalid_input")
    at_bound = {"query": "hotel", "filters": {"source": "s" * filters["source"]["maxLength"]}}
    assert httpx.post(f"{url}/api/search", json=at_bound).status_code == 200
    # "Not blank" is Python's white space, spelled out: the fuzzer's `\S` took "\x1f\x1f" for a query.
    blank = re.compile(prop("AskRequest", "question")["pattern"])
    assert prop("SearchRequest", "query")["pattern"] == blank.pattern
    for text in ("\x1f\x1f", "\u3000", " \t\x85"):
        assert blank.search(text) is None
        _problem(httpx.post(f"{url}/api/search", json={"query": text}), 400, "invalid_input")
    assert blank.search("\x1fa") and httpx.post(f"{url}/api/search", json={"query": "\x1fhotel"}).status_code == 200


def test_line_separators_in_a_streamed_event_are_escaped():
    """U+2028 and U+2029 (valid raw in JSON) end a line for JavaScript's regexes and other
    line-splitting clients: kb's events carry them escaped, on one `data:` line."""
    import json as json_module

    from kb.api.answering import sse

    encoded = sse({"text": "one\u2028two\u2029three"}, "token").encode().decode()
    assert "\u2028" not in encoded and "\u2029" not in encoded
    assert encoded == 'event: token\ndata: {"text":"one\\u2028two\\u2029three"}\n\n'
    assert json_module.loads(encoded.split("data: ", 1)[1]) == {"text": "one\u2028two\u2029three"}
