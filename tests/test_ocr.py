"""OCR: scanned PDF pages and image files become searchable, citable text, page by page.

The documents are made here from real text (the sample corpus), rendered to images the way a scanner
or a phone sees a page, and ingested through the real pipeline (parse workers, chunker, Chroma).
Pages are small and few: OCR takes seconds a page on CPU.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from ingest.ocr import layout, text_layer_problem
from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests import support
from tests.support import HashEmbedder
from tests.test_web import SHOTS, browser, page, served  # noqa: F401  (the web page's fixtures: a real server, chromium)

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "corpora" / "sample"
needs_fonts = pytest.mark.skipif(
    not (support.CJK_FONT.exists() and support.LATIN_FONT.exists()), reason="needs fonts-noto-cjk and fonts-dejavu"
)

# Three pages of real text from the sample corpus, and a question each page answers.
ENGLISH = [
    ("400 changed lines", "How many changed lines may a pull request have?"),
    ("Monday to Thursday", "On which days and hours are production deploys allowed?"),
    ("Flaky tests", "What do I do with a flaky test and how long may it stay in quarantine?"),
]
CHINESE = [
    ("提前 **3个工作日**", "国内出差需要提前几个工作日提交申请？"),
    ("每公里", "经批准使用私家车出差，油费怎么补贴？"),
    ("15个自然日", "出差结束后多少天内须提交报销单？"),
]


def english_pages() -> list[str]:
    return support.corpus_lines(SAMPLE / "engineering-handbook.md", *(needle for needle, _ in ENGLISH))


def chinese_pages() -> list[str]:
    return support.corpus_lines(SAMPLE / "报销制度.md", *(needle for needle, _ in CHINESE))


def _chunks(kb: KnowledgeBase, source_suffix: str) -> list[dict]:
    got = kb.store._chunks.get(include=["metadatas", "documents"])
    rows = [dict(meta, text=text) for meta, text in zip(got["metadatas"], got["documents"]) if meta["source"].endswith(source_suffix)]
    return sorted(rows, key=lambda m: m["chunk_index"])


def _squeezed(text: str) -> str:
    """Text without whitespace: the Chinese recognition model sometimes drops the spaces of English."""
    return "".join(text.split()).lower()


def _kb(tmp_path: Path, **ingest) -> KnowledgeBase:
    settings = load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store")})
    return KnowledgeBase(settings.with_overrides(ingest=ingest) if ingest else settings, embedder=HashEmbedder())


# -- what "unusable" means -------------------------------------------------------------------------

A4 = (595.0, 842.0)


def test_a_text_layer_is_unusable_when_it_is_empty_too_thin_for_the_page_or_mostly_unreadable():
    assert text_layer_problem("", *A4) is not None
    assert text_layer_problem(" \n \n", *A4) is not None
    assert text_layer_problem("Scanned with CamScanner", *A4) is not None  # a scanner app's stamp, 20 letters
    assert "fewer than 24" in text_layer_problem("Page 3", *A4)
    assert "private-use" in text_layer_problem("\ue000\ue001\ue002\ue003 ab \ufffd\ufffd\ufffd\ufffd", *A4)
    assert text_layer_problem("\x01\x02\x03\x04\x05\x06\x07 garbage", *A4) is not None  # fonts without a Unicode map
    body = "Every change to main goes through a pull request reviewed by the owning team."
    assert text_layer_problem(body, *A4) is None
    assert text_layer_problem("国内出差至少提前三个工作日提交申请，境外出差至少提前十个工作日提交。", *A4) is None
    assert text_layer_problem("Quarterly results", 420, 300) is None  # 17 letters fill a small page (24 sq in)
    assert text_layer_problem(body + "\ufffd", *A4) is None  # a stray replacement character is not a scan


def test_recognised_boxes_are_put_back_in_reading_order():
    box = lambda x0, y0, x1, y1: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]  # noqa: E731
    lines = [
        (box(300, 10, 500, 30), "right half", 0.9),
        (box(10, 12, 280, 31), "Left half and", 0.9),
        (box(10, 40, 400, 60), "the next line", 0.9),
        (box(10, 110, 200, 130), "New paragraph", 0.9),
        (box(10, 140, 60, 160), "报销", 0.9),
        (box(62, 140, 120, 160), "制度", 0.9),
    ]
    assert layout(lines) == "Left half and right half\nthe next line\n\nNew paragraph\n报销制度"


def test_a_long_line_whose_words_run_together_is_cut_at_its_word_gaps_to_be_read_again():
    import numpy as np

    from ingest.ocr import _lost_spaces, _split_at_gaps

    assert _lost_spaces("Yourfullsalarycontinuesforuptosixweeks.")
    assert not _lost_spaces("Your full salary continues for up to six weeks.")
    assert not _lost_spaces("出差结束后十五个自然日内须在飞书中提交报销单。")  # Chinese has no spaces to lose
    line = np.full((20, 800, 3), 255, dtype=np.uint8)
    for start in range(10, 790, 60):  # "words" 50 px wide, 10 px apart (a letter's gap is 1-2 px)
        line[4:16, start : start + 50] = 0
    pieces = _split_at_gaps(line, 16)
    assert len(pieces) >= 3 and all(p.shape[1] <= 16 * 20 for p in pieces)
    assert sum(p.shape[1] for p in pieces) == 800  # cut, never cropped


# -- PDFs ------------------------------------------------------------------------------------------


@needs_fonts
@pytest.mark.slow  # the OCR models read pages: seconds each
def test_a_mixed_pdf_keeps_pypdf_text_on_its_text_pages_and_reads_only_the_scanned_page(tmp_path):
    """The loader, page by page: pages exact, text pages with pypdf's text and no OCR mark, the
    scanned page read by OCR with its confidence."""
    from ingest.detect import detect
    from ingest.loaders import load
    from ingest.text import normalize, unwrap_lines

    original = support.make_text_pdf(tmp_path / "original.pdf", english_pages())
    scanned = support.scanned_copy(original, tmp_path / "scanned.pdf")
    assert all(not (p.extract_text() or "").strip() for p in PdfReader(scanned).pages)
    mixed = PdfWriter()
    for page, source in enumerate((original, scanned, original)):
        mixed.add_page(PdfReader(source).pages[page])
    path = tmp_path / "mixed.pdf"
    with open(path, "wb") as handle:
        mixed.write(handle)
    sections = list(load(path, path.name, detect(path, path.name, 10**9)).sections)
    assert [s.page for s in sections] == [1, 2, 3]
    assert [s.ocr_confidence is None for s in sections] == [True, False, True]
    for index in (0, 2):
        assert sections[index].text == unwrap_lines(normalize(PdfReader(original).pages[index].extract_text()))
    assert 0.8 <= sections[1].ocr_confidence <= 1.0
    assert _squeezed("Production deploys are allowed Monday to Thursday") in _squeezed(sections[1].text)


@needs_fonts
@pytest.mark.slow  # the OCR models read pages: seconds each
def test_a_scanned_pdf_ingests_with_exact_pages_and_its_hits_say_they_came_from_ocr(tmp_path, docs):
    pages = english_pages()
    support.scanned_copy(support.make_text_pdf(tmp_path / "original.pdf", pages), docs / "scanned.pdf")
    # Chunks smaller than a sentence: none spans two pages, so each hit names one page.
    with _kb(tmp_path, chunk_size=16, chunk_overlap=0) as kb:
        report = kb.ingest([docs])
        assert report.files_failed == [] and report.files_added == 1
        chunks = _chunks(kb, "scanned.pdf")
        assert {c["page_start"] for c in chunks} == {1, 2, 3}
        assert all(0.8 <= c["ocr_confidence"] <= 1.0 for c in chunks)
        # Which page a question finds, scan against original, is measured with the real model below.
        hits = kb.search(ENGLISH[0][1], top_k=3)
        assert hits and all(h.source == "scanned.pdf" and 1 <= h.page <= h.page_end <= 3 for h in hits)
        assert all(h.to_dict()["ocr_confidence"] == h.ocr_confidence >= 0.8 for h in hits)


def test_citations_carry_the_ocr_confidence():
    """The passage a citation names says its text came from OCR (the web page's source panel shows it)."""
    from kb.answer.context import Passage
    from kb.answer.records import NumberedPassage
    from kb.records import Hit

    scanned = Hit(doc_id="d", chunk_id="d-v-00000", source="scan.pdf", page=2, heading="", score=1.0, text="text",
                  chunk_index=0, ocr_confidence=0.9312)
    typed = Hit(doc_id="e", chunk_id="e-v-00000", source="notes.pdf", page=1, heading="", score=1.0, text="text", chunk_index=0)
    assert NumberedPassage(1, Passage([scanned], "text")).to_dict()["ocr_confidence"] == 0.9312
    assert NumberedPassage(1, Passage([scanned], "text")).citation().to_dict()["ocr_confidence"] == 0.9312
    assert NumberedPassage(2, Passage([typed], "text")).to_dict()["ocr_confidence"] is None
    # The HTTP contract: search hits, the stream's sources and the answer's citations all carry it.
    import msgspec

    from kb.api.schemas import Citation, SearchHit, SourcePassage, from_dict

    assert msgspec.to_builtins(from_dict(scanned.to_dict(), SearchHit))["ocr_confidence"] == 0.9312
    assert msgspec.to_builtins(from_dict(typed.to_dict(), SearchHit))["ocr_confidence"] is None
    passage = NumberedPassage(1, Passage([scanned], "text"))
    assert msgspec.to_builtins(from_dict(passage.to_dict(), SourcePassage))["ocr_confidence"] == 0.9312
    assert msgspec.to_builtins(from_dict(passage.citation().to_dict(), Citation))["ocr_confidence"] == 0.9312


@needs_fonts
@pytest.mark.slow  # the OCR models read pages: seconds each
def test_ocr_off_refuses_scans_and_images_with_the_reason_and_force_reads_text_pages(tmp_path, docs):
    original = support.make_text_pdf(tmp_path / "original.pdf", english_pages()[:1])
    support.scanned_copy(original, docs / "scan.pdf")
    support.page_images(original)[0].save(docs / "photo.png")
    with _kb(tmp_path, ocr="off") as kb:
        report = kb.ingest([docs])
    errors = {Path(f["path"]).name: f["error"] for f in report.files_failed}
    assert "no text layer in 1 page(s) (a scanned PDF?)" in errors["scan.pdf"] and 'ingest.ocr = "off"' in errors["scan.pdf"]
    assert "OCR is off" in errors["photo.png"] and 'ingest.ocr = "auto"' in errors["photo.png"]

    (docs / "scan.pdf").unlink()
    (docs / "photo.png").unlink()
    (docs / "typed.pdf").write_bytes(original.read_bytes())
    with _kb(tmp_path / "forced", ocr="force") as kb:
        assert kb.ingest([docs]).files_added == 1
        [chunk] = _chunks(kb, "typed.pdf")
    assert chunk["ocr_confidence"] >= 0.8 and _squeezed("changed lines, not counting generated code") in _squeezed(chunk["text"])


@needs_fonts
@pytest.mark.slow  # the OCR models read pages: seconds each
def test_a_page_over_its_time_limit_is_skipped_and_the_rest_of_the_file_goes_in(tmp_path, docs):
    original = support.make_text_pdf(tmp_path / "original.pdf", english_pages()[:2])
    scanned = support.scanned_copy(original, tmp_path / "scanned.pdf")
    mixed = PdfWriter()
    mixed.add_page(PdfReader(original).pages[0])
    mixed.add_page(PdfReader(scanned).pages[1])
    with open(docs / "mixed.pdf", "wb") as handle:
        mixed.write(handle)
    with _kb(tmp_path, ocr_page_timeout_s=0.001) as kb:
        report = kb.ingest([docs])
        assert report.files_added == 1 and report.files_failed == []
        assert {c["page_start"] for c in _chunks(kb, "mixed.pdf")} == {1}
    # A file with nothing but such pages fails, saying why.
    (docs / "mixed.pdf").unlink()
    (docs / "scan.pdf").write_bytes(scanned.read_bytes())
    with _kb(tmp_path / "again", ocr_page_timeout_s=0.001) as kb:
        report = kb.ingest([docs])
    [failure] = report.files_failed
    assert "OCR failed on 2 of them" in failure["error"]


@needs_fonts
@pytest.mark.slow  # the OCR models read pages: seconds each
def test_pages_read_by_ocr_count_against_their_own_limit_not_the_files(tmp_path, docs):
    """A long scan must not be stopped by ingest.parse_timeout_s: each OCR'd page has its own limit."""
    support.scanned_copy(support.make_text_pdf(tmp_path / "original.pdf", english_pages()), docs / "scan.pdf")
    with _kb(tmp_path, parse_timeout_s=1.0, ocr_page_timeout_s=60) as kb:  # OCR here: 1-3 s a page
        report = kb.ingest([docs])
        assert report.files_failed == [] and report.files_added == 1
        chunks = _chunks(kb, "scan.pdf")
        assert min(c["page_start"] for c in chunks) == 1 and max(c["page_end"] for c in chunks) == 3


# -- images ----------------------------------------------------------------------------------------


@needs_fonts
@pytest.mark.slow  # the OCR models read pages: seconds each
def test_image_files_become_documents_one_page_per_frame_and_a_phone_photo_is_turned_upright(tmp_path, docs):
    from PIL import Image

    pages = english_pages()
    images = support.page_images(support.make_text_pdf(tmp_path / "original.pdf", pages))
    # A phone held sideways stores the pixels rotated and says so in EXIF (orientation 6: turn 90° clockwise).
    exif = Image.Exif()
    exif[0x0112] = 6
    images[0].convert("RGB").rotate(90, expand=True).save(docs / "photo.jpg", quality=90, exif=exif)
    images[1].save(docs / "scan.tiff", save_all=True, append_images=[images[2]], compression="tiff_deflate")
    with KnowledgeBase(load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store")}), embedder=HashEmbedder()) as kb:
        report = kb.ingest([docs])
        assert report.files_failed == [] and report.files_added == 2
        photo = _chunks(kb, "photo.jpg")
        tiff = _chunks(kb, "scan.tiff")
    assert [c["page_start"] for c in photo] == [1] and _squeezed("changed lines, not counting generated code") in _squeezed(photo[0]["text"])
    assert {c["page_start"] for c in tiff} | {c["page_end"] for c in tiff} == {1, 2}  # a frame is a page
    assert _squeezed("Monday to Thursday") in _squeezed(tiff[0]["text"]) and "quarantine" in tiff[-1]["text"]
    assert all(c["ocr_confidence"] >= 0.8 for c in photo + tiff)


def test_an_image_file_that_is_not_an_image_is_refused_with_the_reason(tmp_path, docs):
    (docs / "notes.png").write_text("just text, named .png", encoding="utf-8")
    (docs / "cut.jpg").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 64)
    with _kb(tmp_path) as kb:
        report = kb.ingest([docs])
    errors = {Path(f["path"]).name: f["error"] for f in report.files_failed}
    assert "not a PNG, JPEG or TIFF image" in errors["notes.png"]
    assert "damaged image" in errors["cut.jpg"]


# -- the cost of OCR is paid only by runs that OCR --------------------------------------------------


@pytest.mark.slow  # a subprocess that imports the parsers
@needs_fonts
def test_the_ocr_models_load_only_in_a_worker_that_meets_a_page_needing_them(tmp_path):
    typed = support.make_text_pdf(tmp_path / "typed.pdf", english_pages()[:1])
    scanned = support.scanned_copy(typed, tmp_path / "scanned.pdf")
    script = f"""
import sys
import ingest.warm  # what the parse pool's forkserver imports before forking workers
from pathlib import Path
from ingest.detect import detect
from ingest.loaders import load
heavy = {{"cv2", "onnxruntime", "rapidocr_onnxruntime"}}
assert not heavy & set(sys.modules), heavy & set(sys.modules)
for path in [Path({str(typed)!r})]:
    list(load(path, path.name, detect(path, path.name, 10**9)).sections)
assert not heavy & set(sys.modules), heavy & set(sys.modules)
path = Path({str(scanned)!r})
sections = list(load(path, path.name, detect(path, path.name, 10**9)).sections)
assert sections[0].ocr_confidence and heavy <= set(sys.modules)
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=str(ROOT))
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-2000:]


# -- retrieval: the scan finds what the original finds ---------------------------------------------


@needs_fonts
def test_questions_find_the_same_pages_in_the_scan_as_in_the_original_english_and_chinese(tmp_path, docs, real_embedder):
    for name, pages in (("handbook", english_pages()), ("报销", chinese_pages())):
        original = support.make_text_pdf(docs / f"{name}-original.pdf", pages)
        support.scanned_copy(original, docs / f"{name}-scanned.pdf")
    settings = load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store")})
    settings = settings.with_overrides(ingest={"chunk_size": 24, "chunk_overlap": 0})  # a chunk within a page
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        report = kb.ingest([docs])
        assert report.files_failed == [] and report.files_added == 4
        for name, questions in (("handbook", ENGLISH), ("报销", CHINESE)):
            for page, (_, question) in enumerate(questions, 1):
                hits = kb.search(question, top_k=10)
                found = {h.source: (h.page, h.page_end) for h in reversed(hits)}  # each file's best hit
                for version in ("original", "scanned"):
                    first, last = found[f"{name}-{version}.pdf"]
                    assert first <= page <= last, (question, version, found)


# -- the web page ----------------------------------------------------------------------------------

def test_the_source_panel_labels_a_passage_read_by_ocr_with_its_confidence(page):
    """A cited passage from a scan shows "OCR 93%" in the source panel; one from a text layer shows nothing."""
    source = {"n": 1, "doc_id": "d", "chunk_id": "d-v-00000", "source": "scan.pdf", "page": 2, "page_end": 2,
              "heading": "", "snippet": "Production deploys", "text": "Production deploys are allowed", "label": "scan.pdf · p. 2"}
    label = page.evaluate(
        "(source) => { showSource(source, document.body); return document.querySelector('#source-meta .ocr-label')?.textContent || '' }",
        {**source, "ocr_confidence": 0.934},
    )
    assert label == "OCR 93%"
    assert page.locator("#source-meta .ocr-label").get_attribute("title").startswith("Read by OCR")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#source-panel").screenshot(path=str(SHOTS / "ocr-source-panel.png"))
    typed = page.evaluate("(source) => { showSource(source, document.body); return document.querySelectorAll('#source-meta .ocr-label').length }",
                          {**source, "ocr_confidence": None})
    assert typed == 0
