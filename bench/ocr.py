"""OCR benchmark: how well scanned pages read, how long they take, and whether questions find the
same pages in a scan as in the original.

Real text pages, English and Chinese: the sample corpus's hr-policy.pdf (4 A4 pages), 报销制度.md
typeset as A4 pages (Noto Sans CJK SC), and pypdf's Chinese sample issue-914-xmp-data.pdf (from the
sdist under tests/.cache). Each is rendered to images (`--scan-dpi`, grayscale, JPEG-compressed as
Pillow writes a PDF: what a scanner's PDF holds) and wrapped in a PDF without a text layer.

- character accuracy: 1 - CER of the OCR text against the original page's text layer (read by pdfium; whitespace
  collapsed; for Chinese, whitespace removed, since pypdf spaces CJK glyphs apart); also without any
  whitespace, which shows what dropped spaces cost;
- seconds per page: OCR only (the engine loaded once before);
- retrieval agreement: each question's best hit in the original and in the scan share a page (a chunk
  may run over a page break, and the two versions' chunks break differently), and how often they
  start on the same page.

Run: PYTHONPATH=. python bench/ocr.py [--scan-dpi 200] [--dpi 150] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import support  # noqa: E402  (the test suite's document makers)

SAMPLE = ROOT / "corpora" / "sample"
PYPDF_SDIST = ROOT / "tests" / ".cache" / "pypdf-7.1.0.tar.gz"

QUESTIONS = {
    "hr-policy": [
        "How many days of paid annual leave do full-time employees get?",
        "From which day of illness is a medical certificate needed?",
        "What is the limit for team meals?",
        "Within how many days must claims be submitted?",
        "How long is paid parental leave for the primary caregiver?",
        "What do I do when my laptop is stolen?",
    ],
    "报销制度": [
        "国内出差需要提前几个工作日提交申请？",
        "一类城市普通员工的住宿标准是多少？",
        "境外出差的餐补是多少？",
        "出差结束后多少天内须提交报销单？",
        "单张报销单金额超过多少需要部门负责人审批？",
    ],
}


def chinese_pdf(target: Path) -> Path:
    """报销制度.md as typeset A4 pages with a text layer (Markdown markup removed)."""
    from fpdf import FPDF

    text = (SAMPLE / "报销制度.md").read_text(encoding="utf-8")
    lines = [re.sub(r"^\s*(?:#+|[-*>]|\d+\.)\s*|\*\*|`|\|", " ", line).strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not set(line) <= {"-", " "}]
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(56, 56)
    pdf.add_font("body", fname=str(support.CJK_FONT), collection_font_number=support.CJK_FONT_INDEX)
    pdf.set_font("body", size=11)
    pdf.add_page()
    for line in lines:
        pdf.multi_cell(0, 18, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(target))
    return target


def pypdf_sample(name: str, target: Path) -> Path | None:
    if not PYPDF_SDIST.exists():
        return None
    with tarfile.open(PYPDF_SDIST) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith(f"/resources/{name}"))
        target.write_bytes(archive.extractfile(member).read())
    return target


def _reference(text: str, chinese: bool) -> str:
    from ingest.text import normalize

    text = " ".join(normalize(text).split())  # as the loaders read it (pypdf's NULs and controls dropped)
    return re.sub(r"\s+", "", text) if chinese else text


def _cer(reference: str, hypothesis: str) -> float:
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance(reference, hypothesis) / max(len(reference), 1)


def _reference_texts(pdf: Path) -> list[str]:
    """The original's text per page, by pdfium's extractor: pypdf 7.1 misreads the CJK subset font
    fpdf2 writes on every page after the first (valid characters, wrong ones), pdfium reads it right."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


def measure_pages(documents: list[tuple[str, Path, bool]], scan_dpi: int, dpi: int, folder: Path) -> list[dict]:
    """Per page: CER and OCR seconds, read by the real loader from the scanned copy."""
    from ingest.detect import detect
    from ingest.loaders import load
    from ingest.ocr import OcrOptions, _engine

    _engine(0)  # loaded once, not counted
    rows = []
    for name, original, chinese in documents:
        scanned = support.scanned_copy(original, folder / f"{name}-scanned.pdf", dpi=scan_dpi)
        references = _reference_texts(original)
        options = OcrOptions(dpi=dpi)
        started = time.perf_counter()
        sections = {s.page: s for s in load(scanned, scanned.name, detect(scanned, scanned.name, 10**9), options).sections}
        seconds = (time.perf_counter() - started) / len(references)
        for page, reference in enumerate(references, 1):
            read = sections.get(page)
            hypothesis = read.text if read else ""
            ref, hyp = _reference(reference, chinese), _reference(hypothesis, chinese)
            rows.append({
                "document": name, "page": page, "language": "zh" if chinese else "en", "chars": len(ref),
                "accuracy": round(1 - _cer(ref, hyp), 4),
                "accuracy_no_spaces": round(1 - _cer(re.sub(r"\s", "", ref), re.sub(r"\s", "", hyp)), 4),
                "confidence": read.ocr_confidence if read else None, "seconds": round(seconds, 2),
            })
    return rows


def measure_retrieval(documents: list[tuple[str, Path, bool]], folder: Path) -> list[dict]:
    """Each question's best-hit page in the original and in the scan (ingested together)."""
    from kb.service import KnowledgeBase
    from kb.settings import load_settings

    docs = folder / "docs"
    docs.mkdir()
    for name, original, _ in documents:
        if name in QUESTIONS:
            (docs / f"{name}-original.pdf").write_bytes(original.read_bytes())
            (docs / f"{name}-scanned.pdf").write_bytes((folder / f"{name}-scanned.pdf").read_bytes())
    settings = load_settings(environ={"KB_STORE__PATH": str(folder / "store")})
    rows = []
    with KnowledgeBase(settings) as kb:
        report = kb.ingest([docs])
        if report.files_failed:
            raise SystemExit(f"ingest failed: {report.files_failed}")
        for name, questions in QUESTIONS.items():
            for question in questions:
                hits = kb.search(question, top_k=20)
                best = {h.source: (h.page, h.page_end if h.page_end is not None else h.page) for h in reversed(hits)}
                original, scanned = best.get(f"{name}-original.pdf"), best.get(f"{name}-scanned.pdf")
                found = original is not None and scanned is not None
                rows.append({"document": name, "question": question, "original": original, "scanned": scanned,
                             "same_first_page": found and original[0] == scanned[0],
                             "agree": found and original[0] <= scanned[1] and scanned[0] <= original[1]})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scan-dpi", type=int, default=200, help="resolution the pages are scanned at")
    parser.add_argument("--dpi", type=int, default=150, help="ingest.ocr_dpi: resolution pages are rendered at for OCR")
    parser.add_argument("--no-retrieval", action="store_true", help="measure reading only")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        documents = [("hr-policy", SAMPLE / "hr-policy.pdf", False), ("报销制度", chinese_pdf(folder / "报销制度.pdf"), True)]
        if (sample := pypdf_sample("issue-914-xmp-data.pdf", folder / "issue-914.pdf")) is not None:
            documents.append(("pypdf issue-914 (zh)", sample, True))
        pages = measure_pages(documents, args.scan_dpi, args.dpi, folder)
        retrieval = [] if args.no_retrieval else measure_retrieval(documents, folder)
    print(f"OCR, scanned at {args.scan_dpi} dpi, rendered for OCR at {args.dpi} dpi")
    print(f"{'document':<24} {'page':>4} {'chars':>6} {'accuracy':>9} {'no spaces':>9} {'conf':>6} {'s/page':>7}")
    for row in pages:
        conf = f"{row['confidence']:.3f}" if row["confidence"] is not None else "-"
        print(f"{row['document']:<24} {row['page']:>4} {row['chars']:>6} {row['accuracy']:>9.3f} "
              f"{row['accuracy_no_spaces']:>9.3f} {conf:>6} {row['seconds']:>7.1f}")
    summary = {}
    for language in ("en", "zh"):
        rows = [r for r in pages if r["language"] == language]
        if rows:
            weight = sum(r["chars"] for r in rows)
            summary[language] = {
                "pages": len(rows),
                "accuracy": round(sum(r["accuracy"] * r["chars"] for r in rows) / weight, 4),
                "accuracy_no_spaces": round(sum(r["accuracy_no_spaces"] * r["chars"] for r in rows) / weight, 4),
                "seconds_per_page": round(statistics.mean(r["seconds"] for r in rows), 2),
            }
            s = summary[language]
            print(f"{language}: {s['pages']} pages, character accuracy {s['accuracy']:.3f} "
                  f"({s['accuracy_no_spaces']:.3f} ignoring spaces), {s['seconds_per_page']:.1f} s/page")
    if retrieval:
        print("\nretrieval: best hit's pages (first-last), original vs scan")
        for row in retrieval:
            pages = [f"{p[0]}-{p[1]}" if p else "-" for p in (row["original"], row["scanned"])]
            print(f"  {'=' if row['agree'] else 'x'} {pages[0]:>5} {pages[1]:>5}  {row['question']}")
        agree = sum(r["agree"] for r in retrieval)
        same = sum(r["same_first_page"] for r in retrieval)
        summary["retrieval_agreement"] = round(agree / len(retrieval), 3)
        summary["retrieval_same_first_page"] = round(same / len(retrieval), 3)
        print(f"agreement (the two hits share a page): {agree}/{len(retrieval)}; same first page: {same}/{len(retrieval)}")
    if args.json:
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)}, "summary": summary,
                                         "pages": pages, "retrieval": retrieval}, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
