"""A running server finds what another process wrote: a real `kb ingest` subprocess beside a real
server on the same embedded store, searched over HTTP in dense, hybrid and lexical mode."""

from __future__ import annotations

import os
import subprocess
import sys

import httpx
import pytest

from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.support import RunningServer

pytestmark = pytest.mark.slow

PARKING = "# Visitor parking\n\nVisitors park in the north garage, level 2, bays V1 to V40; the front desk validates tickets.\n"


def test_a_running_server_finds_what_kb_ingest_just_added(tmp_path, real_embedder):
    from kb.api import create_app

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text("# Handbook\n\nDeploys happen Monday to Thursday. Escalations go to the on-call lead.\n")
    store = tmp_path / "store"
    settings = load_settings(environ={"KB_STORE__PATH": str(store), "KB_SERVER__UPLOADS_DIR": str(tmp_path / "up")})
    kb = KnowledgeBase(settings, embedder=real_embedder)
    kb.ingest([docs])
    with RunningServer(create_app(settings, kb)) as server:
        def sources(mode: str) -> list[str]:
            response = httpx.post(f"{server.url}/api/search", json={"query": "where is visitor parking?", "top_k": 3,
                                                                   "mode": mode}, timeout=60)
            assert response.status_code == 200, response.text
            return [h["source"] for h in response.json()["hits"]]

        assert "parking.md" not in sources("dense")  # the server's vector index is loaded now
        (docs / "parking.md").write_text(PARKING)
        env = {**os.environ, "KB_STORE__PATH": str(store)}
        done = subprocess.run([sys.executable, "-m", "kb", "ingest", str(docs), "--json"], env=env, cwd=str(tmp_path),
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        # The next search after the ingest finished sees it, in every mode.
        for mode in ("dense", "hybrid", "lexical"):
            assert sources(mode)[0] == "parking.md", mode
        # And the server's own writes after that go through the fresh view: a delete keeps both.
        doc_id = next(d.doc_id for d in kb.documents() if d.source == "handbook.md")
        assert httpx.delete(f"{server.url}/api/documents/{doc_id}", timeout=30).status_code in (200, 204)
        assert sources("dense")[0] == "parking.md"
    kb.close()
