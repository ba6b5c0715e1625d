"""`kb ingest --cluster`: parse, chunk and embed on a real local Ray cluster (`ray start --head`),
write from the driver. The same store as a plain ingest: same chunk ids, same counts."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

from kb.settings import load_settings
from kb.store.chroma import Store
from tests.conftest import SAMPLE
from tests.support import free_port

pytestmark = pytest.mark.slow

BIN = Path(sys.executable).parent


@pytest.fixture
def ray_cluster():
    """The address of a Ray head node on this machine (2 CPUs), stopped after the test."""
    port = free_port()
    temp = Path(tempfile.mkdtemp(prefix="kbray-", dir="/tmp"))  # Ray's socket paths must stay under 108 bytes
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    started = subprocess.run(
        [str(BIN / "ray"), "start", "--head", "--port", str(port), "--num-cpus", "2", "--include-dashboard=false",
         "--disable-usage-stats", "--temp-dir", str(temp)],
        env=env, capture_output=True, text=True, timeout=180,
    )
    assert started.returncode == 0, started.stdout + started.stderr
    yield f"127.0.0.1:{port}"
    subprocess.run([str(BIN / "ray"), "stop", "--force"], env=env, capture_output=True, timeout=120)
    shutil.rmtree(temp, ignore_errors=True)


def _kb(*args: str, store: Path) -> dict:
    env = {**os.environ, "KB_STORE__PATH": str(store)}
    done = subprocess.run([str(BIN / "kb"), *args, "--json"], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def _stored(store: Path) -> tuple[list[tuple[str, str, str]], dict[str, int]]:
    settings = load_settings(environ={"KB_STORE__PATH": str(store), "KB_EMBEDDING__MODEL": "all-MiniLM-L6-v2"})
    opened = Store(settings.store, embedding_model=settings.embedding.model)
    return sorted(opened.chunk_versions()), {d.source: d.chunks for d in opened.documents()}


def _vectors(store: Path) -> dict[str, np.ndarray]:
    settings = load_settings(environ={"KB_STORE__PATH": str(store), "KB_EMBEDDING__MODEL": "all-MiniLM-L6-v2"})
    got = Store(settings.store, embedding_model=settings.embedding.model)._chunks.get(include=["embeddings"])
    return {cid: np.asarray(v) for cid, v in zip(got["ids"], got["embeddings"])}


def test_a_cluster_ingest_stores_what_a_plain_ingest_stores(ray_cluster, tmp_path):
    on_cluster = _kb("ingest", str(SAMPLE), "--cluster", ray_cluster, store=tmp_path / "cluster")
    plain = _kb("ingest", str(SAMPLE), store=tmp_path / "plain")
    assert on_cluster["files_added"] == plain["files_added"] == 6
    assert on_cluster["chunks_added"] == plain["chunks_added"] and on_cluster["files_failed"] == []
    assert _stored(tmp_path / "cluster") == _stored(tmp_path / "plain")

    # The vectors are the model's, computed on the workers: the same as the plain ingest's.
    cluster_vectors, plain_vectors = _vectors(tmp_path / "cluster"), _vectors(tmp_path / "plain")
    assert cluster_vectors.keys() == plain_vectors.keys()
    assert min(float(np.dot(cluster_vectors[i], plain_vectors[i])) for i in plain_vectors) > 0.999

    # Incremental as ever: the unchanged corpus again costs the cluster nothing.
    again = _kb("ingest", str(SAMPLE), "--cluster", ray_cluster, store=tmp_path / "cluster")
    assert (again["files_unchanged"], again["chunks_added"]) == (6, 0)


def test_an_address_where_no_cluster_listens_is_an_error_at_once(tmp_path):
    """Ray retries an address where nothing listens for minutes; kb checks it first and stops with
    the address, exit code 2 and what to do, before anything is written."""
    port = free_port()  # nothing listens there
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}", "headnode"):
        done = subprocess.run([str(BIN / "kb"), "ingest", str(SAMPLE), "--cluster", address],
                              env={**os.environ, "KB_STORE__PATH": str(tmp_path / "store")},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode != 0 and f"cannot connect to the Ray cluster at {address!r}" in done.stderr, done.stderr
        assert ("nothing answers at 127.0.0.1" in done.stderr) if ":" in address else "HOST:PORT" in done.stderr
    settings = load_settings(environ={**os.environ, "KB_STORE__PATH": str(tmp_path / "store")})
    assert Store(settings.store, embedding_model=settings.embedding.model).documents() == []
