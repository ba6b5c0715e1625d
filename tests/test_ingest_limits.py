"""Hostile documents: a parser that hangs or balloons costs its file, never the ingest; zip members
are checked by what they really unpack to; file symlinks out of the ingested folders are refused."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest

from tests import support


def _errors(report) -> dict[str, str]:
    return {Path(f["path"]).name: f["error"] for f in report.files_failed}


def make_slow_pdf(path: Path, operators: int = 200_000) -> Path:
    """A 7 KB PDF whose one page holds `operators` text operators: pypdf takes 15-50 s (by load) to
    extract its text, and time grows faster than the count: a real way to stall a parser."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    page = writer.add_blank_page(width=612, height=792)
    font = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"),
        NameObject("/Subtype"): NameObject("/Type1"),
        NameObject("/BaseFont"): NameObject("/Helvetica"),
    })
    fonts = DictionaryObject({NameObject("/F1"): writer._add_object(font)})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): fonts})
    stream = DecodedStreamObject()
    stream.set_data(b"BT /F1 12 Tf 72 712 Td " + b"(ab) Tj 0 -1 Td " * operators + b"ET")
    page[NameObject("/Contents")] = writer._add_object(stream.flate_encode(level=9))
    writer.write(path)
    return path


@pytest.mark.slow  # waits out a time limit / starts several worker processes
def test_a_parser_that_runs_too_long_is_stopped_and_the_rest_goes_in(kb, docs):
    make_slow_pdf(docs / "a-slow.pdf")
    (docs / "b-good.txt").write_text("The backup window opens at 02:00.\n", encoding="utf-8")
    (docs / "c-good.txt").write_text("The VPN gateway is vpn.example.org.\n", encoding="utf-8")
    kb.settings = kb.settings.with_overrides(ingest={"parse_timeout_s": 3})
    started = time.monotonic()
    report = kb.ingest([docs])
    elapsed = time.monotonic() - started
    errors = _errors(report)
    assert "took longer than 3 s" in errors["a-slow.pdf"], errors
    assert "ingest.parse_timeout_s" in errors["a-slow.pdf"]
    assert report.files_added == 2 and sorted(d.source for d in kb.documents()) == ["b-good.txt", "c-good.txt"]
    assert elapsed < 40, f"the ingest waited {elapsed:.0f} s on a parser stopped after 3 s"
    # The killed worker was replaced: the same knowledge base parses the next file.
    (docs / "d-later.txt").write_text("Added after the slow file was stopped.\n", encoding="utf-8")
    assert kb.ingest([docs]).files_added == 1


def test_a_parser_that_needs_too_much_memory_is_stopped_and_the_rest_goes_in(kb, docs):
    # A real 24 MB UTF-16 text file: decoding and normalising it takes far more than 32 MB.
    line = "Quarterly figures 季度数据 are in the finance share, row {}.\n"
    text = "".join(line.format(i) for i in range(220_000))
    (docs / "a-huge.txt").write_bytes(text.encode("utf-16"))
    (docs / "b-small.txt").write_text("The on-call phone is 555-0142.\n", encoding="utf-8")
    kb.settings = kb.settings.with_overrides(ingest={"parse_memory_mb": 32})
    report = kb.ingest([docs])
    errors = _errors(report)
    assert "needed more than 32 MB" in errors["a-huge.txt"], errors
    assert "ingest.parse_memory_mb" in errors["a-huge.txt"]
    assert [d.source for d in kb.documents()] == ["b-small.txt"]
    # The worker that ran out was replaced: the next file parses under the same limit.
    (docs / "c-later.txt").write_text("Added after the huge file was stopped.\n", encoding="utf-8")
    report = kb.ingest([docs])
    assert report.files_added == 1 and list(_errors(report)) == ["a-huge.txt"]


def _rewrite_member(source: Path, target: Path, member: str, data: bytes) -> Path:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info.filename, data if info.filename == member else old.read(info))
    return target


def _lie_about_size(path: Path, member: str, declared: int) -> None:
    """Patch the central directory (what zipfile's infolist reports) to declare `declared` bytes."""
    data = bytearray(path.read_bytes())
    name = member.encode()
    at = data.find(b"PK\x01\x02")
    while at != -1:
        name_length = int.from_bytes(data[at + 28 : at + 30], "little")
        if data[at + 46 : at + 46 + name_length] == name:
            data[at + 24 : at + 28] = declared.to_bytes(4, "little")  # uncompressed size
            break
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))


def test_a_zip_member_is_checked_by_what_it_unpacks_to_not_what_it_declares(kb, docs, tmp_path):
    base = support.make_docx(tmp_path / "base.docx", [("p", "The real text of the document.")])
    with zipfile.ZipFile(base) as archive:
        xml = archive.read("word/document.xml")
    padded = xml.replace(b"</w:body>", b"<!--" + b"x" * 3_000_000 + b"--></w:body>")  # 3 MB, compresses ~1000:1
    liar = _rewrite_member(base, docs / "liar.docx", "word/document.xml", padded)
    _lie_about_size(liar, "word/document.xml", 900_000)  # under every declared-size check
    (docs / "good.txt").write_text("The release train leaves on Thursdays.\n", encoding="utf-8")
    report = kb.ingest([docs])
    errors = _errors(report)
    assert "word/document.xml unpacks to" in errors["liar.docx"], errors
    assert "not the 900000" in errors["liar.docx"]
    assert [d.source for d in kb.documents()] == ["good.txt"]


def test_entity_expansion_in_office_xml_is_a_per_file_error(kb, docs, tmp_path):
    base = support.make_docx(tmp_path / "base.docx", [("p", "Hello")])
    with zipfile.ZipFile(base) as archive:
        xml = archive.read("word/document.xml").decode()
    head, _, rest = xml.partition("?>")
    laughs = '<!ENTITY l0 "lol">' + "".join(f'<!ENTITY l{k} "{f"&l{k - 1};" * 10}">' for k in range(1, 10))
    bomb = f'{head}?><!DOCTYPE w:document [{laughs}]>{rest.replace("Hello", "&l9;")}'
    _rewrite_member(base, docs / "laughs.docx", "word/document.xml", bomb.encode())
    (docs / "good.txt").write_text("Still ingested.\n", encoding="utf-8")
    started = time.monotonic()
    report = kb.ingest([docs])
    assert "laughs.docx" in _errors(report) and report.files_added == 1
    assert time.monotonic() - started < 60


def test_file_symlinks_out_of_the_ingested_folders_are_refused(kb, docs, tmp_path):
    secret = tmp_path / "home" / ".ssh" / "id_rsa"
    secret.parent.mkdir(parents=True)
    secret.write_text("-----BEGIN OPENSSH PRIVATE KEY----- hunter2secretkey\n", encoding="utf-8")
    (docs / "real.txt").write_text("The wiki lives at wiki.example.org.\n", encoding="utf-8")
    (docs / "alias.txt").symlink_to(docs / "real.txt")  # inside the folder: keeps working
    (docs / "notes.txt").symlink_to(secret)
    report = kb.ingest([docs])
    skipped = {Path(s["path"]).name: s["reason"] for s in report.files_skipped}
    assert "outside the ingested folders" in skipped["notes.txt"], report.to_dict()
    assert "ingest.follow_file_symlinks_outside" in skipped["notes.txt"]
    assert sorted(d.source for d in kb.documents()) == ["alias.txt", "real.txt"]
    assert all("hunter2secretkey" not in hit.text for hit in kb.search("OPENSSH PRIVATE KEY hunter2secretkey", top_k=5))


def test_a_link_indexed_before_is_removed_and_the_setting_follows_links(kb, docs, tmp_path):
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("Shared on purpose: the printer is on floor 3.\n", encoding="utf-8")
    (docs / "printer.txt").symlink_to(outside)
    (docs / "own.txt").write_text("Our own note.\n", encoding="utf-8")
    kb.settings = kb.settings.with_overrides(ingest={"follow_file_symlinks_outside": True})
    assert kb.ingest([docs]).files_added == 2
    kb.settings = kb.settings.with_overrides(ingest={"follow_file_symlinks_outside": False})
    report = kb.ingest([docs])  # no --prune: a refused link is removed all the same
    assert report.files_removed == 1 and [d.source for d in kb.documents()] == ["own.txt"]


@pytest.mark.slow  # waits out a time limit / starts several worker processes
def test_several_parse_workers_keep_every_file_and_its_order(kb, docs):
    names = [f"note{i:02d}.txt" for i in range(12)]
    for i, name in enumerate(names):
        (docs / name).write_text(f"Note {i} says the rota changes on day {i}.\n", encoding="utf-8")
    make_slow_pdf(docs / "note05-slow.pdf")
    kb.settings = kb.settings.with_overrides(ingest={"parse_workers": 3, "parse_timeout_s": 3})
    report = kb.ingest([docs])
    assert list(_errors(report)) == ["note05-slow.pdf"] and report.files_added == 12
    for i, name in enumerate(names):
        assert kb.search(f"rota changes on day {i}", top_k=1)[0].source == name


def test_a_worker_the_dynamic_loader_ended_under_the_memory_limit_is_reported_as_memory():
    """glibc's loader exits 127 when a library's thread-local data finds no memory left (ONNX
    Runtime's OCR after a std::bad_alloc): under a limit, that is the limit, and the reason names it."""
    from ingest.parsing import death_reason

    assert death_reason(127, 1024) == "parsing needed more than 1024 MB of memory (ingest.parse_memory_mb); stopped"
    assert death_reason(75, 1024) == death_reason(127, 1024)
    # (without a limit it is no limit's doing; a signal is a crash)
    assert death_reason(127, 0) == "the parser process exited unexpectedly (status 127)"
    assert death_reason(-11, 1024).startswith("the parser crashed (SIGSEGV)")
    assert death_reason(3, 1024) == "the parser process exited unexpectedly (status 3)"
