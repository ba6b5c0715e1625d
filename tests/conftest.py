"""Shared fixtures: isolated settings in a temp dir, the real embedding model loaded once per
session, the deterministic embedder for fast tests, and a CLI runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main as kb_main
from kb.models.embedder import SentenceTransformerEmbedder
from kb.service import KnowledgeBase
from kb.settings import EmbeddingSettings, Settings, load_settings
from tests.support import ChromaServer, HashEmbedder

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "corpora" / "sample"

# A test that uses one of these loads the real embedding model, a GGUF, a server or a subprocess:
# it is `slow` by that alone (`make test-fast` runs the rest), so no test can forget its mark.
HEAVY_FIXTURES = frozenset({
    "real_embedder", "sample_store", "sample_kb", "sample_cli", "run_cli", "qwen", "smollm2",
    "chroma_server", "llama_server", "server", "served", "small_server", "api_server", "browser", "page",
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HEAVY_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No KB_* variable of the developer's shell leaks in; nothing reaches a model hub. Processes
    and CLI runs that take their settings from the environment embed with all-MiniLM-L6-v2, like
    the session's `real_embedder`, so the stores they share hold one model's vectors (the default,
    multilingual-e5-small, has tests of its own)."""
    for name in list(os.environ):
        if name.startswith("KB_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("KB_EMBEDDING__MODEL", "all-MiniLM-L6-v2")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def chroma_server(tmp_path: Path):
    """The port of a real `chroma run` server with its data in the test's temp dir."""
    server = ChromaServer(tmp_path / "chroma-server").start()
    yield server.port
    server.stop()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store")})


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    return HashEmbedder()


@pytest.fixture
def kb(settings: Settings, hash_embedder: HashEmbedder) -> KnowledgeBase:
    """A knowledge base on real Chroma in a temp dir, with the fast deterministic embedder."""
    with KnowledgeBase(settings, embedder=hash_embedder) as knowledge_base:
        yield knowledge_base


@pytest.fixture(scope="session")
def real_embedder() -> SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 from its PyPI package, loaded once for the whole session."""
    return SentenceTransformerEmbedder(EmbeddingSettings(model="all-MiniLM-L6-v2"))


def cli_runner(store: Path, embedder):
    """`invoke(*args)` runs `kb ARGS` in-process on `store`, with an already loaded embedder."""
    runner = CliRunner()

    def invoke(*args: str, embedder=embedder):
        env = {"KB_STORE__PATH": str(store)}
        return runner.invoke(kb_main, list(args), obj={"embedder": embedder}, env=env, catch_exceptions=False)

    return invoke


@pytest.fixture
def run_cli(tmp_path: Path, real_embedder: SentenceTransformerEmbedder):
    """Run `kb ARGS` against a fresh temp store with the session's real model."""
    return cli_runner(tmp_path / "store", real_embedder)


@pytest.fixture(scope="session")
def sample_store(tmp_path_factory: pytest.TempPathFactory, real_embedder: SentenceTransformerEmbedder) -> Path:
    """The sample corpus ingested once with the real model; tests on it only read."""
    store = tmp_path_factory.mktemp("sample") / "store"
    settings = load_settings(environ={"KB_STORE__PATH": str(store)})
    with KnowledgeBase(settings, embedder=real_embedder) as knowledge_base:
        report = knowledge_base.ingest([SAMPLE])
    assert not report.files_failed, report.files_failed
    return store


@pytest.fixture
def sample_cli(sample_store: Path, real_embedder: SentenceTransformerEmbedder):
    return cli_runner(sample_store, real_embedder)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    return folder


# -- chat models (real GGUFs from their PyPI packages) -----------------------------------------

MODELS_DIR = ROOT / ".kb" / "models"  # `make test` installs them here; a fixture installs what is missing


def installed_model(name: str) -> Path:
    from kb.models.registry import ModelManager

    manager = ModelManager(load_settings(environ={"KB_LLM__MODELS_DIR": str(MODELS_DIR)}))
    return manager.install(name)  # verified (cached), fetched only when missing


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory):
    """The base URL of a real OpenAI-compatible model server (`python -m llama_cpp.server`) on
    SmolLM2-135M, shared by the tests of the `openai` backend."""
    import subprocess
    import sys
    import time

    import httpx

    from tests.support import free_port

    port = free_port()
    log = open(tmp_path_factory.mktemp("llama-server") / "server.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(installed_model("smollm2-135m")), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "2048", "--model_alias", "smollm2"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.time() + 120
    while True:
        try:
            if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert process.poll() is None and time.time() < deadline, "llama_cpp.server did not start"
        time.sleep(0.3)
    yield url
    process.terminate()
    process.wait(30)
    log.close()


def llm_settings(**values):
    return load_settings(environ={"KB_LLM__MODELS_DIR": str(MODELS_DIR)}).with_overrides(llm=values)


@pytest.fixture(scope="session")
def qwen():
    """Qwen2.5-Coder-0.5B-Instruct Q4_K_M, loaded once: the model for behaviour tests."""
    from kb.answer.prompting import render_chatml
    from kb.models.chat import LlamaCppModel

    path = installed_model("qwen2.5-coder-0.5b")
    model = LlamaCppModel("qwen2.5-coder-0.5b", path, llm_settings().llm, 32768, render=render_chatml)
    yield model
    model.close()


@pytest.fixture(scope="session")
def smollm2():
    """SmolLM2-135M with a deliberately small context: the model for plumbing tests."""
    from kb.answer.prompting import render_chatml
    from kb.models.chat import LlamaCppModel

    path = installed_model("smollm2-135m")
    model = LlamaCppModel("smollm2-135m", path, llm_settings(n_ctx=1024).llm, 8192, render=render_chatml)
    yield model
    model.close()


@pytest.fixture
def sample_kb(sample_store: Path, real_embedder: SentenceTransformerEmbedder, qwen):
    """The ingested sample corpus with the real embedder and Qwen 0.5B."""
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(MODELS_DIR)})
    with KnowledgeBase(settings, embedder=real_embedder, chat_model=qwen) as knowledge_base:
        yield knowledge_base
