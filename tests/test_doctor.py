"""`kb doctor --json`: the contract, on a real store (with an entry a killed ingest left pending),
the shipped models (one missing, one damaged), and the installed llama.cpp build."""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb import hardware
from kb.cli import main as kb_main
from kb.doctor import gguf_block_count
from tests.conftest import installed_model
from tests.test_ingest import _kb_process, _kill_corpus, _wait_for_chunks

CHECK_KEYS = {"name", "status", "detail", "fix", "data"}


def doctor(env: dict[str, str]) -> tuple[int, dict]:
    result = CliRunner().invoke(kb_main, ["doctor", "--json"], env=env, catch_exceptions=False)
    return result.exit_code, json.loads(result.stdout)


def by_name(report: dict) -> dict[str, dict]:
    return {c["name"]: c for c in report["checks"]}


@pytest.fixture(scope="module")
def models_dir(tmp_path_factory) -> Path:
    """A models folder holding SmolLM2 (verified) and nothing else."""
    folder = tmp_path_factory.mktemp("models")
    shutil.copy(installed_model("smollm2-135m"), folder)
    return folder


@pytest.mark.slow
def test_doctor_reports_a_healthy_installation(tmp_path, models_dir):
    code, report = doctor({"KB_STORE__PATH": str(tmp_path / "store"), "KB_LLM__MODELS_DIR": str(models_dir),
                           "KB_LLM__MODEL": "smollm2-135m"})
    assert code == 0 and report["ok"] is True, report
    checks = by_name(report)
    assert {"python", "cpu", "llama.cpp build", "gpu", "threads", "embedding model", "model smollm2-135m",
            "spacy model", "pandoc", "store", "server"} <= checks.keys()
    assert all(CHECK_KEYS == c.keys() and c["status"] in ("ok", "warning", "error") for c in report["checks"])
    build = checks["llama.cpp build"]
    assert build["status"] in ("ok", "warning") and build["data"]["variant"]
    cpu = hardware.read_cpu()
    assert hardware.missing_on(cpu, set(build["data"]["features"])) == []  # the build runs on this CPU
    assert checks["cpu"]["data"]["model"] == cpu.model
    assert checks["threads"]["data"]["threads"] == hardware.thread_plan(0)[0]
    assert checks["model smollm2-135m"]["data"]["verified"] is True
    assert "not installed" in checks["model qwen2.5-coder-1.5b"]["detail"]  # not the default: not an error
    assert checks["model qwen2.5-coder-1.5b"]["status"] == "ok"
    assert checks["gpu"]["data"]["model_layers"] == gguf_block_count(models_dir / "smollm2-135m-instruct-q4_1.gguf") == 30
    assert checks["store"]["data"]["exists"] is False


@pytest.mark.slow
def test_doctor_finds_a_missing_and_a_damaged_model(tmp_path, models_dir):
    damaged = tmp_path / "models"
    damaged.mkdir()
    (damaged / "smollm2-135m-instruct-q4_1.gguf").write_bytes(b"GGUF" + b"\0" * 100)
    code, report = doctor({"KB_STORE__PATH": str(tmp_path / "store"), "KB_LLM__MODELS_DIR": str(damaged)})
    assert code == 1 and report["ok"] is False
    checks = by_name(report)
    missing = checks["model qwen2.5-coder-1.5b"]  # the [llm] model: asking cannot work
    assert missing["status"] == "error" and "not installed" in missing["detail"]
    assert missing["fix"] == "kb model install qwen2.5-coder-1.5b"
    bad = checks["model smollm2-135m"]
    assert bad["status"] == "error" and "bytes" in bad["detail"] and "--force" in bad["fix"]


@pytest.mark.slow
def test_doctor_sees_what_a_killed_ingest_left_and_a_server_open_to_the_network(tmp_path, settings, models_dir, real_embedder):
    # ~100 chunks a document, written in many batches: a kill after 40 lands inside the second one,
    # however fast the machine commits (with small documents it can fall between two commits).
    folder = _kill_corpus(tmp_path / "corpus", files=3, paragraphs=1200)
    proc = _kb_process(tmp_path, "ingest", str(folder), "--json")
    _wait_for_chunks(tmp_path, settings, 40, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    env = {"KB_STORE__PATH": str(tmp_path / "store"), "KB_LLM__MODELS_DIR": str(models_dir),
           "KB_LLM__MODEL": "smollm2-135m", "KB_SERVER__HOST": "0.0.0.0"}
    code, report = doctor(env)
    checks = by_name(report)
    store = checks["store"]
    assert store["status"] == "warning" and store["data"]["pending"], store
    assert "interrupted ingest" in store["detail"] and "kb ingest" in store["fix"]
    assert store["data"]["chunks"] > 0
    server = checks["server"]
    assert server["status"] == "warning" and "API keys" in server["detail"] and "api_keys" in server["fix"]
    assert code == 0 and report["ok"] is True  # warnings are not errors
    # Doctor repairs nothing: the next ingest does, and doctor then says so.
    env.pop("KB_SERVER__HOST")
    runner = CliRunner()
    ingest = runner.invoke(kb_main, ["ingest", str(folder), "--json"], env=env, obj={"embedder": real_embedder})
    assert ingest.exit_code == 0, ingest.output
    code, report = doctor(env)
    assert by_name(report)["store"]["status"] == "ok"
    assert by_name(report)["store"]["data"]["lexical_rows"] == by_name(report)["store"]["data"]["chunks"]
    # Other chunk settings than the store's documents were cut with: the next ingest reads them again.
    code, report = doctor({**env, "KB_INGEST__CHUNK_SIZE": "120"})
    store = by_name(report)["store"]
    assert store["status"] == "warning" and store["data"]["outdated"] == 3, store
    assert "other chunk" in store["detail"] and "kb ingest" in store["fix"]


def test_the_text_report_names_each_problem_and_what_to_do(tmp_path):
    result = CliRunner().invoke(kb_main, ["doctor"], env={"KB_STORE__PATH": str(tmp_path / "store"),
                                                         "KB_LLM__MODELS_DIR": str(tmp_path / "none")})
    assert result.exit_code == 1
    assert "error" in result.stdout and "→ kb model install qwen2.5-coder-1.5b" in result.stdout


def test_doctor_checks_each_folder_kept_in_sync(tmp_path):
    (tmp_path / "docs" / "a" / "b").mkdir(parents=True)
    (tmp_path / "quiet").mkdir()
    settings = tmp_path / "settings.toml"
    settings.write_text('[store]\npath = "store"\n[[sources]]\npath = "docs"\n[[sources]]\npath = "gone"\n'
                        '[[sources]]\npath = "quiet"\nwatch = false\nrescan_s = 0\n')
    result = CliRunner().invoke(kb_main, ["--settings", str(settings), "doctor", "--json"], env={}, catch_exceptions=False)
    checks = by_name(json.loads(result.stdout))
    docs = checks[f"source {tmp_path / 'docs'}"]
    assert docs["status"] == "ok" and docs["data"]["folders"] == 3 and "watched" in docs["detail"]
    gone = checks[f"source {tmp_path / 'gone'}"]
    assert gone["status"] == "error" and "no such folder" in gone["detail"] and "[[sources]]" in gone["fix"]
    quiet = checks[f"source {tmp_path / 'quiet'}"]
    assert quiet["status"] == "warning" and "kb sync" in quiet["detail"]
    assert result.exit_code == 1
