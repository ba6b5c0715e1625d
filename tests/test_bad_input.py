"""Bad input: each bad file gets a clear error naming it and the reason; the rest still goes in."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import support

GOOD = "The escalation phone number for the on-call lead is 555-0142."


@pytest.fixture
def messy(docs: Path, tmp_path: Path) -> Path:
    """A folder with one good file and every kind of bad one."""
    (docs / "good.md").write_text(f"# Contacts\n\n{GOOD}\n", encoding="utf-8")
    (docs / "empty.md").write_bytes(b"")
    (docs / "blank.txt").write_text("   \n\n \t \n", encoding="utf-8")
    support.make_blank_pdf(docs / "scanned.pdf")
    good_pdf = support.make_pdf(tmp_path / "source.pdf", ["Quarterly numbers are in the finance share."] * 3)
    support.encrypt_pdf(good_pdf, docs / "locked.pdf", user_password="hunter2")
    support.encrypt_pdf(good_pdf, docs / "open-locked.pdf", user_password="")
    data = good_pdf.read_bytes()
    (docs / "truncated.pdf").write_bytes(data[: len(data) // 3])
    (docs / "corrupt.pdf").write_bytes(b"%PDF-1.7\n" + os.urandom(4000))
    (docs / "not-a-zip.docx").write_text("this is plain text pretending to be Word", encoding="utf-8")
    support.make_zip_bomb(docs / "bomb.docx")
    (docs / "junk.md").write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(2000))
    (docs / "program.exe").write_bytes(b"MZ" + os.urandom(100))
    (docs / "big.txt").write_text("x " * 60_000, encoding="utf-8")
    (docs / "latin1.txt").write_bytes("Le café du coin ouvre à 7 h.".encode("latin-1"))
    (docs / "loop.md").symlink_to("loop.md")
    (docs / "dangling.md").symlink_to("nowhere.md")
    spaced = docs / "team notes" / "Ünïcødé 报告 2026.md"
    spaced.parent.mkdir()
    spaced.write_text("# 周报\n\n本周完成了数据库迁移。\n", encoding="utf-8")
    (docs / "team notes" / "back").symlink_to("..")  # a folder loop
    return docs


def _errors(report) -> dict[str, str]:
    return {Path(f["path"]).name: f["error"] for f in report.files_failed}


@pytest.mark.slow  # parses real documents in worker processes
def test_every_bad_file_is_reported_and_the_rest_goes_in(kb, settings, messy):
    settings_small = settings.with_overrides(ingest={"max_file_mb": 0.1})
    kb.settings = settings_small
    report = kb.ingest([messy])
    errors = _errors(report)
    expectations = {
        "empty.md": "empty",
        "blank.txt": "no text",
        "scanned.pdf": "no text layer",
        "locked.pdf": "password",
        "truncated.pdf": "damaged",
        "corrupt.pdf": "damaged",
        "not-a-zip.docx": "not a zip archive",
        "bomb.docx": "zip bomb",
        "junk.md": "binary content (a PNG image)",
        "big.txt": "over ingest.max_file_mb",
        "loop.md": "symlink loop",
        "dangling.md": "broken symlink",
    }
    for name, reason in expectations.items():
        assert name in errors, f"{name} was not reported; failures: {errors}"
        assert reason in errors[name], f"{name}: {errors[name]!r} does not say {reason!r}"
    assert any("symlink loop" in f["error"] and f["path"].endswith("back") for f in report.files_failed)
    assert [Path(s["path"]).name for s in report.files_skipped] == ["program.exe"]
    folder_loops = 1  # reported, but a folder is not a file
    assert report.files_seen == report.files_added + len(report.files_failed) - folder_loops + len(report.files_skipped)
    ingested = {d.source for d in kb.documents()}
    assert ingested == {"good.md", "open-locked.pdf", "latin1.txt", "team notes/Ünïcødé 报告 2026.md"}
    assert kb.search("on-call lead phone", top_k=1)[0].source == "good.md"
    assert "café" in kb.search("café", top_k=4)[0].text or any("café" in h.text for h in kb.search("café", top_k=4))


def test_a_failed_file_keeps_its_previous_version(kb, docs):
    """A file that turns bad keeps the last good version searchable (nothing is lost)."""
    (docs / "policy.md").write_text(f"# Policy\n\n{GOOD}\n", encoding="utf-8")
    kb.ingest([docs])
    (docs / "policy.md").write_bytes(b"\x00\x01\x02" * 100)
    report = kb.ingest([docs])
    assert "binary content" in _errors(report)["policy.md"]
    assert kb.search("escalation phone number", top_k=1)[0].text.endswith("555-0142.")


def test_cli_exit_code_is_1_when_some_failed(run_cli, hash_embedder, docs):
    (docs / "good.md").write_text(f"# A\n\n{GOOD}\n", encoding="utf-8")
    (docs / "bad.pdf").write_bytes(b"not a pdf at all")
    result = run_cli("ingest", str(docs), "--json", embedder=hash_embedder)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["files_added"] == 1
    assert report["files_failed"] == [{"path": str(docs / "bad.pdf"), "error": "not a PDF: the content is text"}]


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None, reason="needs root and setpriv")
def test_unreadable_file_is_reported(tmp_path):
    """Root reads everything: run the real `kb` as root without the capabilities that bypass file modes."""
    folder = tmp_path / "private"
    folder.mkdir()
    secret = folder / "secret.md"
    secret.write_text("# Secret\n\nnot for you\n")
    secret.chmod(0o000)
    env = {**os.environ, "KB_STORE__PATH": str(tmp_path / "store")}
    result = subprocess.run(
        ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", sys.executable, "-m", "kb", "ingest", str(folder), "--json"],
        capture_output=True, text=True, env=env, timeout=300, cwd=str(tmp_path),
    )
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["files_failed"] == [{"path": str(secret), "error": "permission denied: kb cannot read this file"}]


PYPDF_SDIST = Path(__file__).parent / ".cache" / "pypdf-7.1.0.tar.gz"


@pytest.mark.skipif(not PYPDF_SDIST.exists(), reason="run `make test` to fetch pypdf's sdist (real broken PDFs)")
@pytest.mark.slow  # parses real documents in worker processes
def test_real_world_pdfs_including_broken_ones(kb, tmp_path):
    """~70 real PDFs from pypdf's test resources: encrypted, damaged, odd encodings, Chinese text.
    Every file is either ingested or reported with a reason; nothing stops the run."""
    import tarfile

    folder = tmp_path / "pdfs"
    with tarfile.open(PYPDF_SDIST) as archive:
        for member in archive.getmembers():
            if "/resources/" in member.name and member.name.endswith(".pdf"):
                member.name = Path(member.name).name
                archive.extract(member, folder, filter="data")
    total = len(list(folder.iterdir()))
    report = kb.ingest([folder])
    assert report.files_added + len(report.files_failed) == total >= 60
    assert report.files_added >= total * 0.6
    assert all(f["error"] and not f["error"].startswith("unexpected") for f in report.files_failed), report.files_failed
    again = kb.ingest([folder])
    assert again.files_unchanged == report.files_added and again.chunks_added == 0
