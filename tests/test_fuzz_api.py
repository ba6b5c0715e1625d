"""The API under generated requests (schemathesis, from kb's own OpenAPI document) against a real
server with SmolLM2 answering: no 5xx, every error kb's problem details, every request the schema
allows on a JSON route accepted; keys off and keys on. And the auth walk: with keys set, every
route of the document (and the document itself) refuses a missing and a wrong key, except the
documented open ones. The longer run is bench/fuzz_api.py."""

from __future__ import annotations

import httpx
import pytest

from bench.fuzz_api import fuzz, fuzz_server, problem_shape

PUBLIC = {"/api/health", "/api/session"}  # open by design (kb/api/auth.py, kb/api/status.py)


@pytest.fixture
def open_fuzz_server(tmp_path, hash_embedder, smollm2):
    with fuzz_server(tmp_path, hash_embedder, smollm2, keys=False) as running:
        yield running


@pytest.fixture
def keyed_fuzz_server(tmp_path, hash_embedder, smollm2):
    with fuzz_server(tmp_path, hash_embedder, smollm2, keys=True) as running:
        yield running


def _assert_clean(report) -> None:
    assert report.failure_count == 0, "\n".join(f"{f['operation']}: {f['status']} {f['problem']}\n  {f['request']}"
                                                for f in report.failures[:10])


def test_generated_requests_without_keys(open_fuzz_server):
    report = fuzz(open_fuzz_server.url, max_examples=4, generating_examples=2, seed=1)
    _assert_clean(report)
    assert len(report.cases) >= 20 and sum(report.cases.values()) >= 60  # every operation, both modes
    accepted = {label for label, statuses in report.statuses.items() if any(200 <= s < 300 for s in statuses)}
    assert {"POST /api/ask (positive)", "POST /v1/chat/completions (positive)", "POST /api/search (positive)"} <= accepted


def test_generated_requests_with_keys(keyed_fuzz_server):
    report = fuzz(keyed_fuzz_server.url, keyed_fuzz_server.headers, max_examples=2, generating_examples=1, seed=2)
    _assert_clean(report)
    assert not any(401 in statuses for label, statuses in report.statuses.items() if "/api/session" not in label)


def test_every_route_refuses_a_missing_or_wrong_key(keyed_fuzz_server):
    url = keyed_fuzz_server.url
    assert httpx.get(f"{url}/schema/openapi.json").status_code == 401
    schema = httpx.get(f"{url}/schema/openapi.json", headers=keyed_fuzz_server.headers).json()
    routes = [(method.upper(), path) for path, methods in schema["paths"].items() for method in methods
              if method in ("get", "post", "put", "patch", "delete")]
    routes += [("GET", "/schema"), ("GET", "/schema/openapi.json"), ("GET", "/schema/swagger"), ("GET", "/metrics")]
    assert len(routes) >= 18
    walked = 0
    for method, path in routes:
        target = path.replace("{doc_id}", "x").replace("{job_id}", "x")
        for auth in ({}, {"Authorization": "Bearer wrong"}, {"Cookie": "kb_session=1.x"}):
            response = httpx.request(method, f"{url}{target}", headers=auth, json={} if method == "POST" else None)
            if path in PUBLIC:
                assert response.status_code != 401 and response.status_code < 500, (method, path, response.text)
                continue
            assert response.status_code == 401, (method, path, auth, response.status_code, response.text[:200])
            assert problem_shape(response) is None and response.headers["www-authenticate"] == "Bearer"
            walked += 1
    assert walked >= 3 * (len(routes) - 4)
    # The page and its files stay open: they hold no data, and the page asks for the key itself.
    assert httpx.get(f"{url}/").status_code == 200
