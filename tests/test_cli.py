"""The `kb` CLI contract (names later issues and scripts rely on), on the sample corpus with the
real embedding model."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import SAMPLE

HIT_KEYS = {"doc_id", "chunk_id", "source", "page", "heading", "score", "text"}
REPORT_KEYS = {
    "files_seen", "files_added", "files_updated", "files_unchanged", "files_removed",
    "files_failed", "chunks_added", "chunks_removed", "seconds",
}


def test_ingest_json_contract_and_incremental_rerun(run_cli, tmp_path):
    first = run_cli("ingest", str(SAMPLE), "--json")
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert REPORT_KEYS <= report.keys()
    assert report["files_added"] == 6 and report["files_failed"] == [] and report["chunks_added"] > 50
    again = json.loads(run_cli("ingest", str(SAMPLE), "--json").stdout)
    assert (again["files_unchanged"], again["chunks_added"]) == (6, 0)
    # Two parse worker processes: the same chunks (the writes stay in order).
    two = json.loads(run_cli("ingest", str(SAMPLE), "--json", "--workers", "2", "--collection", "two").stdout)
    assert (report["parse_workers"], two["parse_workers"]) == (1, 2)
    assert (two["files_added"], two["chunks_added"]) == (6, report["chunks_added"])


def test_ingest_table_on_a_terminal_run(run_cli, docs):
    (docs / "a.md").write_text("# A\n\nAlpha.\n")
    result = run_cli("ingest", str(docs))
    assert result.exit_code == 0
    assert "added" in result.stdout and "chunks added" in result.stdout


def test_search_json_contract(sample_cli):
    result = sample_cli("search", "What is shared_buffers set to on the Postgres nodes?", "--top-k", "3", "--json")
    assert result.exit_code == 0
    hits = json.loads(result.stdout)["hits"]
    assert len(hits) == 3 and all(HIT_KEYS <= hit.keys() for hit in hits)
    assert hits[0]["source"] == "engineering-handbook.md" and "16GB" in hits[0]["text"]
    assert hits[0]["score"] >= hits[1]["score"] >= hits[2]["score"]


def test_search_cites_pdf_pages(sample_cli):
    hits = json.loads(sample_cli("search", "How many days of annual leave do employees get?", "--json").stdout)["hits"]
    pdf_hits = [h for h in hits if h["source"] == "hr-policy.pdf"]
    assert pdf_hits and all(isinstance(h["page"], int) and h["page"] >= 1 for h in pdf_hits)


def test_search_text_output(sample_cli):
    result = sample_cli("search", "how do I roll back a deploy", "-k", "2")
    assert result.exit_code == 0 and result.stdout.startswith("[1] ")


def test_documents_stats_delete(run_cli, docs):
    (docs / "a.md").write_text("# A\n\nAlpha team.\n")
    (docs / "b.md").write_text("# B\n\nBravo team.\n")
    run_cli("ingest", str(docs))
    listed = json.loads(run_cli("documents", "--json").stdout)["documents"]
    assert sorted(d["source"] for d in listed) == ["a.md", "b.md"]
    assert {"doc_id", "source", "sha256", "size", "mtime", "chunks"} <= listed[0].keys()
    stats = json.loads(run_cli("stats", "--json").stdout)
    assert (stats["documents"], stats["chunks"], stats["embedding_model"]) == (2, 2, "all-MiniLM-L6-v2")
    assert stats["store_bytes"] > 0 and Path(stats["store_location"]).is_dir()
    deleted = run_cli("delete", "a.md")
    assert deleted.exit_code == 0 and "Deleted a.md (1 chunks)" in deleted.stdout
    missing = run_cli("delete", "a.md")
    assert missing.exit_code == 1 and "no document 'a.md'" in missing.stderr
    assert json.loads(run_cli("stats", "--json").stdout)["documents"] == 1


def test_collections_are_separate(run_cli, docs):
    (docs / "a.md").write_text("# A\n\nAlpha.\n")
    run_cli("ingest", str(docs), "--collection", "team-a")
    assert json.loads(run_cli("stats", "--json", "--collection", "team-a").stdout)["documents"] == 1
    assert json.loads(run_cli("stats", "--json").stdout)["documents"] == 0


def test_misuse_exits_2_with_a_message(run_cli, tmp_path):
    assert run_cli("ingest").exit_code == 2
    assert run_cli("ingest", str(tmp_path / "missing")).exit_code == 2
    assert run_cli("search", "x", "--top-k", "0").exit_code == 2
    bad_collection = run_cli("stats", "--collection", "a b")
    assert bad_collection.exit_code == 2 and "store.collection" in bad_collection.stderr
    settings = tmp_path / "bad.toml"
    settings.write_text("[store]\npth = 1\n")
    result = run_cli("--settings", str(settings), "stats")
    assert result.exit_code == 2 and "unknown setting store.pth" in result.stderr


def test_help_has_examples(run_cli):
    for command in ("ingest", "search", "delete"):
        result = run_cli(command, "--help")
        assert result.exit_code == 0 and "Examples:" in result.stdout


def test_the_cli_reference_in_docs_is_the_clis_own_help():
    """docs/cli.md is generated from --help (docs/generate.py): a changed option or text without a
    regenerated reference fails here."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    result = subprocess.run([sys.executable, str(ROOT / "docs" / "generate.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_python_api_example_in_docs_runs(sample_store, tmp_path, monkeypatch, capsys):
    """The first example of docs/python-api.md, run as written from the repository root, on a copy
    of the session's sample store (so its incremental ingest skips every file)."""
    import re
    import shutil

    from tests.conftest import ROOT

    example = re.search(r"```python\n(.*?)```", (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8"), re.S).group(1)
    shutil.copytree(sample_store, tmp_path / "store")
    monkeypatch.chdir(ROOT)
    example = example.replace('".kb-example/store"', repr(str(tmp_path / "store")))
    exec(compile(example, "docs/python-api.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    files = len(list((ROOT / "corpora" / "sample").iterdir()))
    assert out[0] == f"0 {files} []"  # files_added, files_unchanged, files_failed
    assert "oncall-runbook.docx" in "\n".join(out[1:4])  # the roll-back passage among the first three
    assert out[-1].isdigit() and int(out[-1]) > 0  # chunks
