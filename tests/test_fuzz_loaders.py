"""Loader fuzzing: real files of every kind, mutated, through the checks and the parse workers the
ingest uses (ingest.detect, ingest.parsing). Every outcome must be a success or a per-file error with
a reason kb gives (never an exception escaping, an "unexpected error", a crashed worker, or a parse
running past its limit). Derandomized, no example database: CI replays the same inputs.

`bench/fuzz_loaders.py` runs the same mutations for minutes. Inputs that once failed are kept in
tests/regressions/ and replayed by `test_regression_inputs`.
"""

from __future__ import annotations

import io
import random
import tarfile
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.detect import Unsupported, detect
from ingest.parsing import ParseJob, ParsePool
from kb.errors import DocumentError
from tests import support

PYPDF_SDIST = Path(__file__).parent / ".cache" / "pypdf-7.1.0.tar.gz"
REGRESSIONS = Path(__file__).parent / "regressions"
TIMEOUT_S = 20.0  # per file, as ingest.parse_timeout_s
MEMORY_MB = 1024  # per worker, as ingest.parse_memory_mb
MAX_UNPACKED = 50_000_000
# Reasons that mean a loader failed to classify its input: each one is a bug to fix.
BUGS = ("unexpected error", "the parser crashed", "exited unexpectedly")  # a stop at a limit is a reason
ZIP_KINDS = {".docx", ".pptx", ".xlsx", ".epub", ".odt"}
TEXT = "Quarterly figures are in the finance share.\n\nThe on-call phone is 555-0142. Café, naïve, 季度数据.\n"


def make_seeds(folder: Path) -> dict[str, bytes]:
    """Real files to mutate, by name: office files made with the libraries users' files come from,
    pandoc's epub and odt, texts in odd encodings, and a few of pypdf's sample PDFs."""
    folder.mkdir(parents=True, exist_ok=True)
    seeds = {
        "doc.docx": support.make_docx(folder / "doc.docx", [("h1", "Runbook"), ("p", TEXT), ("h2", "Backups"), ("p", "Nightly at 02:00.")]),
        "deck.pptx": support.make_pptx(folder / "deck.pptx", [("Status", TEXT), ("Next", "Ship the release.")]),
        "sheet.xlsx": support.make_xlsx(folder / "sheet.xlsx", [["host", "role"], ["db1", "primary"], ["db2", "replica"]]),
        "book.epub": support.make_via_pandoc(folder / "book.epub", f"# Chapter\n\n{TEXT}"),
        "notes.odt": support.make_via_pandoc(folder / "notes.odt", f"# Notes\n\n{TEXT}"),
        "page.pdf": support.make_pdf(folder / "page.pdf", [TEXT.split(" Caf")[0], "Second page."], outline=[("Intro", 1)]),
    }
    found = {name: path.read_bytes() for name, path in seeds.items()}
    found.update({
        "utf16-bom.txt": TEXT.encode("utf-16"),
        "utf16-nobom.txt": TEXT.encode("utf-16-le"),
        "gb18030.txt": ("季度数据在财务共享盘。\n" * 20).encode("gb18030"),
        "latin1.md": ("# Café\n\nLe café du coin ouvre à 7 h.\n" * 5).encode("latin-1"),
        "invalid-utf8.txt": TEXT.encode() + b"\xff\xfe\xc3\x28 broken \xa0\xa1",
        "nuls.txt": TEXT.encode().replace(b" ", b"\x00"),
        "page.html": f"<html><body><h1>Title</h1><p>{TEXT}</p><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></body></html>".encode(),
    })
    if PYPDF_SDIST.exists():
        with tarfile.open(PYPDF_SDIST) as archive:
            for name in ("crazyones.pdf", "attachment.pdf", "commented.pdf", "outline-ascii.pdf", "imagemagick-lzw.pdf"):
                try:
                    member = archive.getmember(f"pypdf-7.1.0/resources/{name}")
                except KeyError:
                    continue
                found[f"pypdf-{name}"] = archive.extractfile(member).read()
    return found


def mutate(data: bytes, name: str, rnd: random.Random) -> bytes:
    """A few random edits: byte flips, cuts, repeats, inserted junk; in zip formats, often the
    edits go into one member's XML and the archive is rebuilt, so the XML parsers see them."""
    if Path(name).suffix in ZIP_KINDS and rnd.random() < 0.7:
        try:
            return _mutate_member(data, rnd)
        except zipfile.BadZipFile:
            pass
    return _mutate_bytes(data, rnd)


def _mutate_bytes(data: bytes, rnd: random.Random) -> bytes:
    buf = bytearray(data)
    for _ in range(rnd.randint(1, 6)):
        if not buf:
            break
        at = rnd.randrange(len(buf))
        edit = rnd.choice(["flip", "cut", "repeat", "insert", "truncate", "zero"])
        if edit == "flip":
            buf[at] ^= 1 << rnd.randrange(8)
        elif edit == "cut":
            del buf[at : at + rnd.randint(1, 64)]
        elif edit == "repeat":
            piece = buf[at : at + rnd.randint(1, 256)]
            buf[at:at] = piece * rnd.randint(2, 50)
        elif edit == "insert":
            buf[at:at] = rnd.choice([b"\x00", b"\xff\xfe", b"<", b">", b"&", b"(", b")", b"obj", b"endobj", b"<<", b"%%EOF", b"\xe2\x80"]) * rnd.randint(1, 8)
        elif edit == "truncate":
            del buf[max(at, 1) :]
        else:
            buf[at : at + 16] = b"\x00" * 16
    return bytes(buf)


def _mutate_member(data: bytes, rnd: random.Random) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    xml = [i for i, (info, _) in enumerate(members) if info.filename.endswith((".xml", ".xhtml", ".html", ".rels"))]
    if not xml:
        raise zipfile.BadZipFile("no XML member")
    index = rnd.choice(xml)
    info, body = members[index]
    if rnd.random() < 0.3:  # deep nesting or a repeated block, the shapes that make XML parsers slow
        tag = rnd.choice([b"<w:p>", b"<a:p>", b"<x>", b"<div>"])
        depth = rnd.randint(100, 5000)
        body = body.replace(b">", b">" + tag * depth + tag.replace(b"<", b"</") * depth, 1)
    else:
        body = _mutate_bytes(body, rnd)
    members[index] = (info, body)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, content in members:
            archive.writestr(member.filename, content)
    return out.getvalue()


def outcome(pool: ParsePool, path: Path, timeout_s: float = TIMEOUT_S) -> tuple[str, str]:
    """What the ingest makes of one file: ("ok", title) or ("error", reason), as its scan and parse
    steps do (checks, then a parse worker under the limits). Anything else escapes."""
    display = str(path)
    try:
        kind = detect(path, display, MAX_UNPACKED)
    except Unsupported as exc:
        return "error", exc.reason
    except DocumentError as exc:
        return "error", exc.reason
    for _job, task in pool.parse([ParseJob(path, display, kind)], timeout_s):
        try:
            parsed = task.open()
            text = sum(len(section.text) for section in parsed.sections)
        except DocumentError as exc:
            return "error", exc.reason
        return "ok", f"{parsed.title} ({text} chars)"
    raise AssertionError("the pool returned no outcome")  # pragma: no cover


def check(pool: ParsePool, path: Path) -> str:
    """Run one input; raise AssertionError naming the bug if its outcome is not acceptable."""
    started = time.monotonic()
    status, detail = outcome(pool, path)
    elapsed = time.monotonic() - started
    assert elapsed < TIMEOUT_S + 10, f"{path.name}: the parse ran {elapsed:.0f} s, past its {TIMEOUT_S:g} s limit"
    if status == "error":
        assert detail and not any(bug in detail for bug in BUGS), f"{path.name}: {detail}"
    return status


@pytest.fixture(scope="module")
def pool():
    with ParsePool(workers=1, memory_mb=MEMORY_MB) as parsers:
        yield parsers


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return make_seeds(tmp_path_factory.mktemp("seeds"))


def test_every_seed_parses(pool, seeds, tmp_path):
    """The unmutated seeds are parsed or refused with a reason; the office, pandoc and PDF ones parse."""
    results = {}
    for name, data in seeds.items():
        path = tmp_path / name
        path.write_bytes(data)
        results[name] = check(pool, path)
    good = ["doc.docx", "deck.pptx", "sheet.xlsx", "book.epub", "notes.odt", "page.pdf", "gb18030.txt", "latin1.md", "utf16-bom.txt"]
    assert all(results[name] == "ok" for name in good), results


FUZZ = settings(max_examples=500, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))


@pytest.mark.slow  # a fuzzer: 500 parses (the full suite runs it; `make test-fast` does not)
@FUZZ
@given(data=st.data())
def test_mutated_files_are_parsed_or_refused_with_a_reason(pool, seeds, tmp_path_factory, data):
    name = data.draw(st.sampled_from(sorted(seeds)), label="seed")
    rnd = data.draw(st.randoms(use_true_random=False), label="mutations")
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(mutate(seeds[name], name, rnd))
    check(pool, path)


def test_regression_inputs(pool):
    """Inputs that once crashed a loader, replayed (see tests/regressions/README.md)."""
    inputs = sorted(p for p in REGRESSIONS.glob("*") if p.is_file() and p.name != "README.md")
    for path in inputs:
        check(pool, path)
