#!/usr/bin/env python3
"""Build and check the "Northwind Labs" sample corpus in corpora/sample/.

The Markdown and HTML documents in corpora/sample/ are hand-written and edited
in place. The binary documents are generated from plain-text sources in
corpora/src/ by this script:

    corpora/src/oncall-runbook.txt     -> corpora/sample/oncall-runbook.docx
    corpora/src/新员工入职指南.txt       -> corpora/sample/新员工入职指南.docx
    corpora/src/hr-policy.txt          -> corpora/sample/hr-policy.pdf

Usage (from the repository root):

    .venv/bin/python corpora/build_sample.py           # regenerate .docx/.pdf
    .venv/bin/python corpora/build_sample.py --check   # verify corpus + questions

--check does not rebuild anything; it re-opens every file in corpora/sample/,
extracts its text and validates corpora/sample-questions.jsonl against it
(schema, gold sources, gold PDF pages, answer keywords). It exits non-zero on
any error. Requires python-docx, fpdf2 (build only) and pypdf (check only).

Source markup (corpora/src/*.txt), one block per paragraph, blank-line separated:

    %title Text            document title (docx "Title" style / PDF title)
    %subtitle Text         subtitle line under the title
    %meta Text             small metadata line under the subtitle
    %pagebreak             hard page break
    # / ## / ###           Heading 1 / 2 / 3 (PDF: outline bookmarks for # and ##)
    - item                 bulleted list item
    1. item                numbered list item (numbering restarts per list)
    | a | b | c |          table row; the first row is the header row
    other lines            paragraph text (consecutive lines are joined)

Inline: `code` is set in a monospace font, **bold** in bold.
Output is deterministic: fixed document dates and fixed ZIP entry timestamps, so
rebuilding unchanged sources produces byte-identical files.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import re
import sys
import zipfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SAMPLE = HERE / "sample"
QUESTIONS = HERE / "sample-questions.jsonl"

# Fixed timestamp for document metadata so rebuilds don't churn.
FIXED_DATE = dt.datetime(2025, 10, 1, 9, 0, 0, tzinfo=dt.timezone.utc)
ZIP_DATE = (2025, 10, 1, 9, 0, 0)
AUTHOR = "Northwind Labs"

DOCX_TARGETS = {
    "oncall-runbook.txt": dict(
        out="oncall-runbook.docx",
        lang="en-US",
        header="Northwind Labs · Beacon On-Call Runbook · Internal",
        subject="Incident response procedures for Beacon production",
        keywords="on-call, incidents, rollback, failover, runbook",
        cjk=False,
    ),
    "新员工入职指南.txt": dict(
        out="新员工入职指南.docx",
        lang="zh-CN",
        header="诺思温德实验室（上海）· 新员工入职指南",
        subject="上海办公室新员工入职指南",
        keywords="入职, 新员工, 导师, 试用期, 账号",
        cjk=True,
    ),
}
PDF_TARGETS = {
    "hr-policy.txt": dict(
        out="hr-policy.pdf",
        header="Northwind Labs People Policies",
        subject="Annual leave, sick leave, remote work, expenses, equipment, parental leave",
        keywords="HR, leave, remote work, expenses, equipment, parental leave",
    ),
}

# Size targets from the corpus brief: English words / Chinese characters.
EN_WORDS = (600, 1500)
ZH_CHARS = (1500, 3000)


# --------------------------------------------------------------------------
# Source parsing
# --------------------------------------------------------------------------

@dataclass
class Block:
    kind: str  # title subtitle meta pagebreak heading para ul ol table
    text: str = ""
    level: int = 0
    items: list = field(default_factory=list)


_TABLE_SEP = re.compile(r"^\|[\s:\-|]+\|$")


def parse_source(path: Path) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush_para() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush_para()
            continue
        if stripped.startswith("%"):
            flush_para()
            name, _, rest = stripped[1:].partition(" ")
            if name not in {"title", "subtitle", "meta", "pagebreak"}:
                raise ValueError(f"{path.name}: unknown directive %{name}")
            blocks.append(Block(name, rest.strip()))
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush_para()
            blocks.append(Block("heading", m.group(2), level=len(m.group(1))))
            continue
        if stripped.startswith("|"):
            flush_para()
            if _TABLE_SEP.match(stripped):
                continue
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if blocks and blocks[-1].kind == "table":
                blocks[-1].items.append(cells)
            else:
                blocks.append(Block("table", items=[cells]))
            continue
        m = re.match(r"^(-|\d+\.)\s+(.*)$", stripped)
        if m:
            flush_para()
            kind = "ul" if m.group(1) == "-" else "ol"
            if blocks and blocks[-1].kind == kind:
                blocks[-1].items.append(m.group(2))
            else:
                blocks.append(Block(kind, items=[m.group(2)]))
            continue
        if blocks and blocks[-1].kind in {"ul", "ol"} and raw.startswith("  ") and not para:
            blocks[-1].items[-1] += " " + stripped  # continuation of a list item
            continue
        para.append(stripped)
    flush_para()
    for b in blocks:
        if b.kind == "table":
            widths = {len(r) for r in b.items}
            if len(widths) != 1:
                raise ValueError(f"{path.name}: ragged table starting {b.items[0]}")
    return blocks


_INLINE = re.compile(r"(`[^`]+`|\*\*[^*]+\*\*)")


def inline_runs(text: str) -> list[tuple[str, str]]:
    """Split text into (style, text) runs; style is '', 'code' or 'bold'."""
    runs = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            runs.append(("code", part[1:-1]))
        elif part.startswith("**") and part.endswith("**") and len(part) > 4:
            runs.append(("bold", part[2:-2]))
        else:
            runs.append(("", part))
    return runs


def plain(text: str) -> str:
    return "".join(t for _, t in inline_runs(text))


# --------------------------------------------------------------------------
# DOCX
# --------------------------------------------------------------------------

def _set_run_fonts(style_element, ascii_font: str, east_asia: str | None) -> None:
    from docx.oxml.ns import qn

    rpr = style_element.get_or_add_rPr()
    rfonts = rpr.find(qn("w:rFonts"))
    if rfonts is None:
        rfonts = rpr.makeelement(qn("w:rFonts"), {})
        rpr.insert(0, rfonts)
    for attr in ("w:ascii", "w:hAnsi", "w:cs"):
        rfonts.set(qn(attr), ascii_font)
    if east_asia:
        rfonts.set(qn("w:eastAsia"), east_asia)
    for attr in ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme"):
        rfonts.attrib.pop(qn(attr), None)


def _add_page_number_field(paragraph) -> None:
    from docx.oxml.ns import qn

    for tag, attrs, text in (
        ("w:fldChar", {"w:fldCharType": "begin"}, None),
        ("w:instrText", {"xml:space": "preserve"}, " PAGE "),
        ("w:fldChar", {"w:fldCharType": "separate"}, None),
        ("w:t", {}, "1"),
        ("w:fldChar", {"w:fldCharType": "end"}, None),
    ):
        run = paragraph.add_run()  # one field part per run, as Word writes it
        el = run._r.makeelement(qn(tag), {})
        for k, v in attrs.items():
            el.set(qn(k), v)
        if text is not None:
            el.text = text
        run._r.append(el)


class _Numbering:
    """Gives every numbered list in the document its own numbering instance so
    each list restarts at 1 (python-docx's 'List Number' style shares one)."""

    def __init__(self, doc):
        from docx.oxml.ns import qn

        self.qn = qn
        self.numbering = doc.part.numbering_part.element
        style_numpr = doc.styles["List Number"].element.pPr.numPr
        base_num_id = style_numpr.numId.val
        self.abstract_id = None
        for num in self.numbering.findall(qn("w:num")):
            if num.get(qn("w:numId")) == str(base_num_id):
                self.abstract_id = num.find(qn("w:abstractNumId")).get(qn("w:val"))
        if self.abstract_id is None:
            raise RuntimeError("List Number numbering definition not found")
        ids = [int(n.get(qn("w:numId"))) for n in self.numbering.findall(qn("w:num"))]
        self.next_id = max(ids) + 1

    def new_list(self) -> int:
        qn = self.qn
        num = self.numbering.makeelement(qn("w:num"), {qn("w:numId"): str(self.next_id)})
        abstract = num.makeelement(qn("w:abstractNumId"), {qn("w:val"): self.abstract_id})
        num.append(abstract)
        override = num.makeelement(qn("w:lvlOverride"), {qn("w:ilvl"): "0"})
        start = override.makeelement(qn("w:startOverride"), {qn("w:val"): "1"})
        override.append(start)
        num.append(override)
        self.numbering.append(num)
        self.next_id += 1
        return self.next_id - 1

    def apply(self, paragraph, num_id: int) -> None:
        ppr = paragraph._p.get_or_add_pPr()
        numpr = ppr.get_or_add_numPr()
        numpr.get_or_add_ilvl().val = 0
        numpr.get_or_add_numId().val = num_id


def build_docx(src: Path, out: Path, opts: dict) -> None:
    import docx
    from docx.enum.table import WD_TABLE_ALIGNMENT
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.oxml.ns import qn
    from docx.shared import Pt, RGBColor

    blocks = parse_source(src)
    doc = docx.Document()
    cjk = opts["cjk"]
    east_asia = "Microsoft YaHei" if cjk else None
    body_font = "Calibri"
    mono_font = "Consolas"

    styles = doc.styles
    normal = styles["Normal"]
    normal.font.size = Pt(10.5 if cjk else 11)
    _set_run_fonts(normal.element, body_font, east_asia or "SimSun")
    lang_el = normal.element.get_or_add_rPr()
    lang = lang_el.find(qn("w:lang"))
    if lang is None:
        lang = lang_el.makeelement(qn("w:lang"), {})
        lang_el.append(lang)
    lang.set(qn("w:val"), "en-US")
    lang.set(qn("w:eastAsia"), "zh-CN" if cjk else "en-US")
    for name in ("Title", "Subtitle", "Heading 1", "Heading 2", "Heading 3"):
        _set_run_fonts(styles[name].element, "Calibri Light" if name == "Title" else body_font,
                       east_asia)

    from docx.enum.style import WD_STYLE_TYPE

    code_char = styles.add_style("Inline Code", WD_STYLE_TYPE.CHARACTER)
    code_char.base_style = styles["Default Paragraph Font"]
    code_char.font.name = mono_font
    code_char.font.size = Pt(9.5 if cjk else 10)
    code_char.font.color.rgb = RGBColor(0x1F, 0x3A, 0x5F)
    meta_style = styles.add_style("Document Meta", WD_STYLE_TYPE.PARAGRAPH)
    meta_style.base_style = normal
    meta_style.font.size = Pt(9)
    meta_style.font.color.rgb = RGBColor(0x59, 0x59, 0x59)

    def add_inline(paragraph, text: str) -> None:
        for style, chunk in inline_runs(text):
            run = paragraph.add_run(chunk)
            if style == "code":
                run.style = code_char
            elif style == "bold":
                run.bold = True

    numbering = _Numbering(doc)
    title = None
    for b in blocks:
        if b.kind == "title":
            title = b.text
            doc.add_heading(b.text, level=0)
        elif b.kind == "subtitle":
            doc.add_paragraph(b.text, style="Subtitle")
        elif b.kind == "meta":
            doc.add_paragraph(b.text, style=meta_style)
        elif b.kind == "pagebreak":
            doc.add_page_break()
        elif b.kind == "heading":
            h = doc.add_heading(level=b.level)
            add_inline(h, b.text)
        elif b.kind == "para":
            add_inline(doc.add_paragraph(), b.text)
        elif b.kind == "ul":
            for item in b.items:
                add_inline(doc.add_paragraph(style="List Bullet"), item)
        elif b.kind == "ol":
            num_id = numbering.new_list()
            for item in b.items:
                p = doc.add_paragraph(style="List Number")
                numbering.apply(p, num_id)
                add_inline(p, item)
        elif b.kind == "table":
            rows = b.items
            table = doc.add_table(rows=len(rows), cols=len(rows[0]))
            table.style = styles["Light Grid Accent 1"]
            table.alignment = WD_TABLE_ALIGNMENT.CENTER
            for r, row in enumerate(rows):
                for c, cell_text in enumerate(row):
                    cell = table.cell(r, c)
                    p = cell.paragraphs[0]
                    add_inline(p, cell_text)
                    for run in p.runs:
                        run.font.size = Pt(9.5)
                        if r == 0:
                            run.bold = True
            # repeat header row on each page
            trpr = table.rows[0]._tr.get_or_add_trPr()
            trpr.append(trpr.makeelement(qn("w:tblHeader"), {qn("w:val"): "true"}))
            doc.add_paragraph()
        else:  # pragma: no cover
            raise ValueError(b.kind)

    section = doc.sections[0]
    hp = section.header.paragraphs[0]
    hp.text = opts["header"]
    hp.style = meta_style
    fp = section.footer.paragraphs[0]
    fp.style = meta_style
    fp.alignment = WD_ALIGN_PARAGRAPH.CENTER
    _add_page_number_field(fp)

    cp = doc.core_properties
    cp.title = title or out.stem
    cp.subject = opts["subject"]
    cp.author = AUTHOR
    cp.last_modified_by = AUTHOR
    cp.keywords = opts["keywords"]
    cp.language = opts["lang"]
    cp.comments = f"Generated by corpora/build_sample.py from corpora/src/{src.name}"
    cp.category = "Sample corpus"
    cp.created = FIXED_DATE.replace(tzinfo=None)
    cp.modified = FIXED_DATE.replace(tzinfo=None)
    cp.last_printed = FIXED_DATE.replace(tzinfo=None)
    cp.revision = 1

    buf = io.BytesIO()
    doc.save(buf)
    out.write_bytes(_normalize_zip(buf.getvalue()))


def _normalize_zip(data: bytes) -> bytes:
    """Rewrite a ZIP container with fixed entry timestamps (deterministic output)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_DATE)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, src.read(info.filename))
    return out.getvalue()


# --------------------------------------------------------------------------
# PDF
# --------------------------------------------------------------------------

def build_pdf(src: Path, out: Path, opts: dict) -> None:
    from fpdf import FPDF
    from fpdf.enums import PageMode

    blocks = parse_source(src)
    for b in blocks:
        for text in [b.text, *(c for r in b.items for c in (r if isinstance(r, list) else [r]))]:
            try:
                text.encode("latin-1")
            except UnicodeEncodeError as e:
                raise ValueError(f"{src.name}: PDF core fonts need latin-1 text: {text!r}") from e

    header_text = opts["header"]

    class PolicyPDF(FPDF):
        def header(self):
            if self.page_no() == 1:
                return
            self.set_font("Helvetica", "", 8)
            self.set_text_color(110, 110, 110)
            self.cell(0, 6, header_text, align="L")
            self.ln(10)
            self.set_text_color(0, 0, 0)

        def footer(self):
            self.set_y(-14)
            self.set_font("Helvetica", "", 8)
            self.set_text_color(110, 110, 110)
            self.cell(0, 6, f"Page {self.page_no()} of {{nb}}", align="C")
            self.set_text_color(0, 0, 0)

    pdf = PolicyPDF(format="A4", unit="mm")
    pdf.set_margins(20, 18, 20)
    pdf.set_auto_page_break(True, margin=20)
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_lang("en-GB")
    pdf.set_author(AUTHOR)
    pdf.set_creator("corpora/build_sample.py")
    pdf.set_subject(opts["subject"])
    pdf.set_keywords(opts["keywords"])
    pdf.page_mode = PageMode.USE_OUTLINES
    pdf.add_page()

    body_size, line_h = 10.5, 5.4
    left = pdf.l_margin

    def write_rich(text: str, width: float = 0) -> None:
        # multi_cell's markdown mode renders **bold** and wraps at word
        # boundaries; inline `code` is set in the body font (the HR policy has none).
        md = "".join(f"**{t}**" if style == "bold" else t for style, t in inline_runs(text))
        if "--" in md or "__" in md:
            raise ValueError(f"{src.name}: '--'/'__' are markdown markers in fpdf2: {text!r}")
        pdf.set_font("Helvetica", "", body_size)
        pdf.multi_cell(width, line_h, md, markdown=True, align="L", new_x="LMARGIN", new_y="NEXT")

    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if b.kind == "title":
            pdf.set_title(b.text)
            pdf.set_font("Helvetica", "B", 22)
            pdf.set_text_color(20, 50, 90)
            pdf.multi_cell(0, 10, b.text)
            pdf.set_text_color(0, 0, 0)
            pdf.ln(1)
        elif b.kind == "subtitle":
            pdf.set_font("Helvetica", "", 13)
            pdf.set_text_color(60, 60, 60)
            pdf.multi_cell(0, 7, b.text)
            pdf.set_text_color(0, 0, 0)
            pdf.ln(1)
        elif b.kind == "meta":
            pdf.set_font("Helvetica", "I", 9)
            pdf.set_text_color(90, 90, 90)
            pdf.multi_cell(0, 5, b.text)
            pdf.set_text_color(0, 0, 0)
            pdf.set_draw_color(20, 50, 90)
            pdf.ln(2)
            pdf.line(left, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
            pdf.ln(4)
        elif b.kind == "pagebreak":
            pdf.add_page()
        elif b.kind == "heading":
            size = {1: 15, 2: 12, 3: 11}[b.level]
            space_before = {1: 5, 2: 3, 3: 2}[b.level]
            # keep a heading together with its subheading / first lines of text
            needed = 28 + (14 if nxt is not None and nxt.kind == "heading" else 0)
            if pdf.get_y() + needed > pdf.h - pdf.b_margin:
                pdf.add_page()
            elif pdf.get_y() > pdf.t_margin + 12:
                pdf.ln(space_before)
            if b.level <= 2:
                pdf.start_section(plain(b.text), level=b.level - 1)
            pdf.set_font("Helvetica", "B", size)
            pdf.set_text_color(20, 50, 90)
            pdf.multi_cell(0, size * 0.5, plain(b.text))
            pdf.set_text_color(0, 0, 0)
            pdf.ln(1.5)
        elif b.kind == "para":
            write_rich(b.text)
            pdf.ln(2)
        elif b.kind in {"ul", "ol"}:
            for i, item in enumerate(b.items, 1):
                marker = "-" if b.kind == "ul" else f"{i}."
                pdf.set_font("Helvetica", "", body_size)
                pdf.set_x(left + 2)
                pdf.cell(6, line_h, marker)
                pdf.set_x(left + 8)
                write_rich(item, width=pdf.epw - 8)
                pdf.ln(1)
            pdf.ln(1.5)
        elif b.kind == "table":
            rows = b.items
            ncols = len(rows[0])
            widths = (44, 50, 76) if ncols == 3 else None
            pdf.set_font("Helvetica", "", 9.5)
            pdf.set_draw_color(170, 180, 195)
            with pdf.table(col_widths=widths, line_height=5.4, padding=1.6,
                           headings_style=_pdf_heading_style(),
                           text_align="LEFT") as table:
                for row in rows:
                    r = table.row()
                    for cell in row:
                        r.cell(plain(cell))
            pdf.ln(3)
        else:  # pragma: no cover
            raise ValueError(b.kind)

    data = bytes(pdf.output())
    out.write_bytes(data)


def _pdf_heading_style():
    from fpdf.fonts import FontFace

    return FontFace(emphasis="BOLD", fill_color=(226, 233, 243))


# --------------------------------------------------------------------------
# Text extraction (shared by --check)
# --------------------------------------------------------------------------

class _HTMLText(HTMLParser):
    SKIP = {"script", "style", "head"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.depth = 0
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.depth -= 1
        if tag in {"p", "li", "tr", "h1", "h2", "h3", "td", "th"}:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def extract(path: Path) -> tuple[str, list[str]]:
    """Return (full text, per-page texts) for a sample document.

    Per-page texts are only meaningful for PDFs; other formats return one page."""
    suffix = path.suffix.lower()
    if suffix in {".md", ".txt"}:
        text = path.read_text(encoding="utf-8")
        return text, [text]
    if suffix in {".html", ".htm"}:
        parser = _HTMLText()
        parser.feed(path.read_text(encoding="utf-8"))
        text = "".join(parser.parts)
        return text, [text]
    if suffix == ".docx":
        import docx

        d = docx.Document(str(path))
        parts = [p.text for p in d.paragraphs]
        for t in d.tables:
            for row in t.rows:
                parts.append(" | ".join(c.text for c in row.cells))
        text = "\n".join(parts)
        return text, [text]
    if suffix == ".pdf":
        import pypdf

        reader = pypdf.PdfReader(str(path))
        pages = [p.extract_text() or "" for p in reader.pages]
        return "\n".join(pages), pages
    raise ValueError(f"unsupported file type: {path.name}")


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip().casefold()


def contains(text: str, keyword: str) -> bool:
    """Whitespace- and case-insensitive keyword match that does not match inside a
    longer number or ASCII word ("5 minutes" does not match "15 minutes")."""
    kw = norm(keyword)
    if not kw:
        return False
    pre = r"(?<![0-9])" if kw[0].isdigit() else r"(?<![a-z0-9_])" if kw[0].isascii() and kw[0].isalpha() else ""
    post = r"(?![0-9])" if kw[-1].isdigit() else r"(?![a-z0-9_])" if kw[-1].isascii() and kw[-1].isalpha() else ""
    return re.search(pre + re.escape(kw) + post, norm(text)) is not None


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------

CJK = re.compile(r"[\u3400-\u9fff]")


def check() -> int:
    errors: list[str] = []
    warnings: list[str] = []
    texts: dict[str, tuple[str, list[str]]] = {}

    files = sorted(p for p in SAMPLE.iterdir() if p.is_file())
    print(f"Documents in {SAMPLE.relative_to(HERE.parent)}/:")
    for p in files:
        try:
            full, pages = extract(p)
        except Exception as e:  # noqa: BLE001
            errors.append(f"{p.name}: cannot open/extract: {e}")
            continue
        texts[p.name] = (full, pages)
        zh = len(CJK.findall(full))
        en = len(re.findall(r"[A-Za-z][A-Za-z'’-]*|\d[\d.,:%]*", CJK.sub(" ", full)))
        if zh > 500:
            size = f"{zh} CJK chars"
            lo, hi = ZH_CHARS
            if not lo <= zh <= hi:
                warnings.append(f"{p.name}: {zh} Chinese characters, target {lo}-{hi}")
        else:
            size = f"{en} words"
            lo, hi = EN_WORDS
            if not lo <= en <= hi:
                warnings.append(f"{p.name}: {en} words, target {lo}-{hi}")
        extra = ""
        if p.suffix == ".pdf":
            import pypdf

            reader = pypdf.PdfReader(str(p))
            empty = [i + 1 for i, t in enumerate(pages) if not t.strip()]
            if empty:
                errors.append(f"{p.name}: pages without text: {empty}")
            if len(pages) < 3:
                errors.append(f"{p.name}: only {len(pages)} pages, need >= 3")
            top = [o for o in reader.outline if not isinstance(o, list)]
            if not top:
                warnings.append(f"{p.name}: PDF has no outline/bookmarks")
            extra = f", {len(pages)} pages, {len(top)} top-level bookmarks"
        if p.suffix == ".docx":
            import docx

            d = docx.Document(str(p))
            used = {para.style.name for para in d.paragraphs}
            if not {"Heading 1", "Heading 2"} <= used:
                errors.append(f"{p.name}: missing Heading 1/Heading 2 styles (has {sorted(used)})")
        if p.suffix == ".html":
            raw = p.read_text(encoding="utf-8")
            for tag in ("<h1", "<h2", "<h3", "<p>", "<table", "<ul"):
                if tag not in raw:
                    errors.append(f"{p.name}: no {tag}> element")
        if p.suffix == ".md":
            raw = p.read_text(encoding="utf-8")
            if not re.search(r"^# ", raw, re.M) or not re.search(r"^## ", raw, re.M):
                errors.append(f"{p.name}: missing # / ## headings")
        print(f"  {p.name:28s} {p.stat().st_size:>7d} bytes  {size}{extra}")

    # ---- questions
    if not QUESTIONS.exists():
        errors.append(f"{QUESTIONS.name} missing")
        return _report(errors, warnings)
    required = {"id", "question", "language", "answerable", "gold_sources", "gold_pages",
                "answer_keywords"}
    seen: set[str] = set()
    by_lang: dict[str, int] = {}
    unanswerable = 0
    per_source: dict[str, int] = {}
    for n, line in enumerate(QUESTIONS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{QUESTIONS.name}:{n}"
        try:
            q = json.loads(line)
        except json.JSONDecodeError as e:
            errors.append(f"{where}: invalid JSON: {e}")
            continue
        missing = required - q.keys()
        if missing:
            errors.append(f"{where}: missing keys {sorted(missing)}")
            continue
        qid = q["id"]
        where = f"{where} ({qid})"
        if qid in seen:
            errors.append(f"{where}: duplicate id")
        seen.add(qid)
        lang = q["language"]
        if lang not in {"en", "zh"}:
            errors.append(f"{where}: language must be en or zh")
        by_lang[lang] = by_lang.get(lang, 0) + 1
        has_cjk = bool(CJK.search(q["question"]))
        if (lang == "zh") != has_cjk:
            errors.append(f"{where}: language {lang!r} does not match question text")
        if not isinstance(q["answerable"], bool):
            errors.append(f"{where}: answerable must be a boolean")
        if not q["answerable"]:
            unanswerable += 1
            if q["gold_sources"] or q["answer_keywords"] or q["gold_pages"]:
                errors.append(f"{where}: unanswerable question must have empty gold lists")
            continue
        if not q["gold_sources"] or not q["answer_keywords"]:
            errors.append(f"{where}: answerable question needs gold_sources and answer_keywords")
            continue
        for src_name in q["gold_sources"]:
            per_source[src_name] = per_source.get(src_name, 0) + 1
            if src_name not in texts:
                errors.append(f"{where}: gold source {src_name!r} not in corpora/sample/")
        pdf_sources = [s for s in q["gold_sources"] if s.lower().endswith(".pdf")]
        if q["gold_pages"] and not pdf_sources:
            errors.append(f"{where}: gold_pages given but no PDF gold source")
        if pdf_sources and not q["gold_pages"]:
            errors.append(f"{where}: PDF gold source needs gold_pages")
        for kw in q["answer_keywords"]:
            nkw = norm(kw)
            found = [s for s in q["gold_sources"] if s in texts and contains(texts[s][0], kw)]
            if not found:
                errors.append(f"{where}: keyword {kw!r} not found in {q['gold_sources']}")
                continue
            for s in pdf_sources:
                if s not in texts:
                    continue
                pages = texts[s][1]
                on = [i + 1 for i, t in enumerate(pages) if contains(t, kw)]
                bad = [g for g in q["gold_pages"] if not 1 <= g <= len(pages)]
                if bad:
                    errors.append(f"{where}: gold_pages {bad} out of range for {s}")
                elif on and not set(on) & set(q["gold_pages"]):
                    errors.append(f"{where}: keyword {kw!r} is on page(s) {on} of {s}, "
                                  f"not on gold_pages {q['gold_pages']}")
            others = [s for s in texts if s not in q["gold_sources"] and contains(texts[s][0], kw)]
            if others and len(nkw) >= 4 and not re.fullmatch(r"[\d.,% ]+|[a-z ]+", nkw):
                warnings.append(f"{where}: keyword {kw!r} also occurs in {others}")

    total = sum(by_lang.values())
    print(f"\nQuestions: {total} total, " +
          ", ".join(f"{k}: {v}" for k, v in sorted(by_lang.items())) +
          f", unanswerable: {unanswerable}")
    print("Answerable questions per gold source: " +
          ", ".join(f"{k}: {v}" for k, v in sorted(per_source.items())))
    for name in texts:
        if name not in per_source:
            warnings.append(f"{name}: no question uses it as a gold source")
    return _report(errors, warnings)


def _report(errors: list[str], warnings: list[str]) -> int:
    for w in warnings:
        print(f"WARNING: {w}")
    for e in errors:
        print(f"ERROR: {e}")
    print("check: " + ("FAILED" if errors else "OK"))
    return 1 if errors else 0


# --------------------------------------------------------------------------

def build() -> None:
    SAMPLE.mkdir(exist_ok=True)
    for src_name, opts in DOCX_TARGETS.items():
        out = SAMPLE / opts["out"]
        build_docx(SRC / src_name, out, opts)
        print(f"wrote {out.relative_to(HERE.parent)} ({out.stat().st_size} bytes)")
    for src_name, opts in PDF_TARGETS.items():
        out = SAMPLE / opts["out"]
        build_pdf(SRC / src_name, out, opts)
        print(f"wrote {out.relative_to(HERE.parent)} ({out.stat().st_size} bytes)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="verify corpora/sample/ and sample-questions.jsonl instead of building")
    args = ap.parse_args(argv)
    if args.check:
        return check()
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
