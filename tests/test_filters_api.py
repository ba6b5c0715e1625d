"""Filters and tags over real HTTP against the real app (hash embedder, real Chroma in a temp dir, no
chat model) and through the real CLI: `filters` of /api/search and /api/ask, their bounds (a 400
naming the field), tags in /api/documents, /api/tags, tagging by upload and by
/api/documents/{id}/tags, and `kb search --tag/--kind/--since`, `kb tag`, `kb tags`."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import FILTER_TAGS_MAX, TAG_MAX_CHARS, load_settings
from tests.conftest import cli_runner
from tests.support import HashEmbedder, RunningServer

DAY = 86_400
JAN_2024 = 1_704_067_200  # 2024-01-01T00:00:00Z


def _corpus(root: Path) -> Path:
    """30 files on one topic in three folders, one a day from 2024-01-01; three of them tagged `audit`
    in their front matter."""
    for n in range(30):
        folder = root / ("legal", "ops", "sales")[n % 3]
        folder.mkdir(parents=True, exist_ok=True)
        head = "---\ntags: [audit]\n---\n" if n in (4, 14, 24) else ""
        path = folder / f"note{n:02d}.md"
        path.write_text(f"{head}# Note {n}\n\nThe renewal terms of contract {n}: notice period, renewal fee, "
                        f"and who signs the renewal for contract {n}.\n")
        os.utime(path, (JAN_2024 + n * DAY, JAN_2024 + n * DAY))
    return root


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory):
    from kb.api import create_app

    root = tmp_path_factory.mktemp("filters-api")
    settings = load_settings(environ={
        "KB_STORE__PATH": str(root / "store"), "KB_SERVER__UPLOADS_DIR": str(root / "uploads"),
        "KB_SERVER__PRELOAD_MODEL": "false", "KB_INGEST__TAGS_FROM_FOLDERS": "1",
    })
    kb = KnowledgeBase(settings, embedder=HashEmbedder())
    report = kb.ingest([_corpus(root / "docs")])
    assert report.files_added == 30
    try:
        with RunningServer(create_app(settings, kb)) as running:
            running.root = root
            yield running
    finally:
        kb.close()


def _search(api_server, filters: dict, **body) -> httpx.Response:
    return httpx.post(f"{api_server.url}/api/search", json={"query": "renewal terms notice period", "top_k": 5,
                                                         "filters": filters, **body}, timeout=30)


@pytest.mark.parametrize("mode", ["dense", "lexical", "hybrid"])
def test_search_filters_over_http(api_server, mode: str):
    docs = httpx.get(f"{api_server.url}/api/documents", params={"limit": 500}).json()["documents"]
    audit = {d["doc_id"] for d in docs if "audit" in d["tags"]}
    assert len(audit) == 3
    hits = _search(api_server, {"tags": ["AUDIT"]}, mode=mode).json()["hits"]
    assert len(hits) == 3 and {h["doc_id"] for h in hits} == audit  # one chunk each: all of them
    hits = _search(api_server, {"tags": ["legal"], "modified_after": "2024-01-10", "modified_before": "2024-01-20"},
                   mode=mode).json()["hits"]
    # legal: days 0, 3, 6, ...; from the 10th (day 9) to before the 20th (day 19): 9, 12, 15, 18
    assert sorted(h["source"] for h in hits) == ["legal/note09.md", "legal/note12.md", "legal/note15.md", "legal/note18.md"]
    assert _search(api_server, {"kinds": ["pdf"]}, mode=mode).json()["hits"] == []
    assert len(_search(api_server, {"kinds": ["md"]}, mode=mode).json()["hits"]) == 5


def test_documents_show_their_metadata_and_tags_can_be_listed(api_server):
    docs = {d["source"]: d for d in httpx.get(f"{api_server.url}/api/documents", params={"limit": 500}).json()["documents"]}
    note = docs["ops/note04.md"]
    assert note["folder"] == "ops" and note["kind"] == "md" and note["tags"] == ["ops", "audit"]
    assert note["modified"] == "2024-01-05T00:00:00+00:00"
    assert "tags_added" not in note and "root" not in note
    tagged = httpx.get(f"{api_server.url}/api/documents", params={"tag": "Audit"}).json()
    assert tagged["total"] == 3
    tags = httpx.get(f"{api_server.url}/api/tags").json()["tags"]
    assert tags[:3] == [{"tag": "legal", "documents": 10}, {"tag": "ops", "documents": 10}, {"tag": "sales", "documents": 10}]
    assert {"tag": "audit", "documents": 3} in tags


@pytest.mark.parametrize(("filters", "field"), [
    ({"tags": [f"t{i}" for i in range(FILTER_TAGS_MAX + 1)]}, "filters.tags"),
    ({"tags": ["x" * (TAG_MAX_CHARS + 1)]}, "filters.tags"),
    ({"tags": ["a,b"]}, "filters.tags"),
    ({"tags": ["   "]}, "filters.tags"),
    ({"kinds": ["PDF files"]}, "filters.kinds"),
    ({"modified_after": "last week"}, "filters.modified_after"),
    ({"modified_after": "2024-02-30"}, "filters.modified_after"),
    ({"tags": ["\u3000"]}, "filters.tags"),
    ({"colour": "red"}, "colour"),
])
def test_bad_filters_are_a_400_naming_the_field(api_server, filters: dict, field: str):
    for path, body in (("/api/search", {"query": "renewal"}), ("/api/ask", {"question": "What is the renewal fee?"})):
        response = httpx.post(f"{api_server.url}{path}", json={**body, "filters": filters}, timeout=30)
        assert response.status_code == 400, response.text
        assert field in response.json()["detail"] + json.dumps(response.json().get("errors", [])), response.text


def test_the_schema_and_stats_state_the_filter_bounds(api_server):
    schema = httpx.get(f"{api_server.url}/schema/openapi.json").json()["components"]["schemas"]
    filters = schema["SearchFilters"]["properties"]
    assert filters["tags"]["maxItems"] == FILTER_TAGS_MAX and filters["tags"]["items"]["maxLength"] == TAG_MAX_CHARS
    assert filters["kinds"]["items"]["pattern"] and filters["tags"]["items"]["pattern"]
    dates = next(o for o in filters["modified_after"]["oneOf"] if o.get("type") == "string")
    assert {o["format"] for o in dates["anyOf"]} == {"date", "date-time"}
    assert "filters" in schema["AskRequest"]["properties"] and "filters" in schema["ChatCompletionRequest"]["properties"]
    limits = httpx.get(f"{api_server.url}/api/stats").json()["limits"]
    assert limits["filter_tags_max"] == FILTER_TAGS_MAX and limits["tag_max_chars"] == TAG_MAX_CHARS


def test_ask_keeps_to_the_filter(api_server):
    """Nothing allowed: the answer is refused by the relevance gate, without the model (none is loaded)."""
    response = httpx.post(f"{api_server.url}/api/ask", json={"question": "What is the renewal fee of contract 4?",
                                                         "filters": {"tags": ["no-such-tag"]}}, timeout=30)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["refused"] and answer["refused_by"] == "relevance" and answer["citations"] == []
    # The OpenAI-compatible route takes the same `filters` (an OpenAI client's extra_body).
    chat = httpx.post(f"{api_server.url}/v1/chat/completions", json={
        "messages": [{"role": "user", "content": "What is the renewal fee of contract 4?"}],
        "filters": {"tags": ["no-such-tag"]}}, timeout=30)
    assert chat.status_code == 200 and chat.json()["kb"]["refused"] and chat.json()["sources"] == [], chat.text
    bad = httpx.post(f"{api_server.url}/v1/chat/completions", json={
        "messages": [{"role": "user", "content": "What is the renewal fee?"}], "filters": {"kinds": ["P D F"]}})
    assert bad.status_code == 400 and "filters.kinds" in bad.text


def test_tags_by_upload_and_by_the_tags_endpoint(api_server):
    response = httpx.post(f"{api_server.url}/api/documents", files=[("files", ("board.md", b"# Board\n\nThe board approves the budget.\n"))],
                          data={"tags": "Board, minutes"}, timeout=30)
    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    deadline = time.time() + 60
    while (job := httpx.get(f"{api_server.url}/api/jobs/{job_id}").json())["status"] in ("queued", "running"):
        assert time.time() < deadline, job
        time.sleep(0.05)
    assert job["status"] == "done" and job["tags"] == ["board", "minutes"], job
    hits = httpx.post(f"{api_server.url}/api/search", json={"query": "budget", "filters": {"tags": ["minutes"]}}).json()["hits"]
    assert [h["source"] for h in hits] == ["board.md"]
    doc_id = hits[0]["doc_id"]
    changed = httpx.post(f"{api_server.url}/api/documents/{doc_id}/tags", json={"add": ["Finance"], "remove": ["minutes"]})
    assert changed.status_code == 200 and changed.json()["tags"] == ["board", "finance"], changed.text
    assert httpx.post(f"{api_server.url}/api/search", json={"query": "budget", "filters": {"tags": ["minutes"]}}).json()["hits"] == []
    bad = httpx.post(f"{api_server.url}/api/documents/{doc_id}/tags", json={"add": ["x" * (TAG_MAX_CHARS + 1)]})
    assert bad.status_code == 400
    assert httpx.post(f"{api_server.url}/api/documents/nope/tags", json={"add": ["a"]}).status_code == 404
    refused = httpx.post(f"{api_server.url}/api/documents", files=[("files", ("x.md", b"# X\n\nx\n"))], data={"tags": "a\x01b"})
    assert refused.status_code == 400 and "tags" in refused.json()["detail"]


def test_cli_filters_and_tags(tmp_path: Path):
    root = _corpus(tmp_path / "docs")
    invoke = cli_runner(tmp_path / "store", HashEmbedder())
    assert invoke("ingest", str(root), "--tag", "Contracts", "--json").exit_code == 0
    result = invoke("search", "renewal fee", "--tag", "audit", "--kind", "md", "--since", "2024-01-10", "--json")
    assert result.exit_code == 0, result.output
    assert sorted(h["source"] for h in json.loads(result.output)["hits"]) == ["legal/note24.md", "sales/note14.md"]
    assert set(json.loads(result.output)["hits"][0]) == {"doc_id", "chunk_id", "source", "page", "heading", "score",
                                                         "text", "page_end", "title", "chunk_index",
                                                         "ocr_confidence"}  # filters leave the shape unchanged (OCR added its key)
    tagged = invoke("tag", "ops/note01.md", "Urgent", "--json")
    assert tagged.exit_code == 0 and json.loads(tagged.output)["tags"] == ["contracts", "urgent"], tagged.output
    found = json.loads(invoke("search", "renewal", "--tag", "urgent", "--json").output)["hits"]
    assert [h["source"] for h in found] == ["ops/note01.md"]
    assert invoke("tag", "ops/note01.md", "--remove", "urgent").output.strip() == "ops/note01.md: contracts"
    listed = json.loads(invoke("tags", "--json").output)["tags"]
    assert listed[0] == {"tag": "contracts", "documents": 30} and {"tag": "audit", "documents": 3} in listed
    documents = json.loads(invoke("documents", "--json").output)["documents"]
    assert {"folder", "modified", "tags"} <= set(documents[0])
    bad = invoke("search", "renewal", "--since", "yesterday")
    assert bad.exit_code == 2 and "--since" in bad.output
    assert invoke("search", "renewal", "--tag", "x" * (TAG_MAX_CHARS + 1)).exit_code == 2
