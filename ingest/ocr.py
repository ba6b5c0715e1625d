"""OCR: PDF pages without a usable text layer, and image files, read by RapidOCR (PP-OCRv4 detection
and recognition, Chinese and English, models shipped inside the `rapidocr-onnxruntime` wheel; nothing
is downloaded).

`text_layer_problem` is the measurable test of "unusable": a page whose text layer has too few
letters and digits for its area, or whose characters are mostly replacement, private-use or control
characters. The page images come from ingest.images (pypdfium2 for PDF pages, Pillow for image
files). Recognised lines are put back in reading order, lines joined into paragraphs where the
vertical gap says so; a line the model reads poorly is read again in pieces cut at word gaps.

The engine is loaded lazily, once per worker process, at the first page that needs it: runs that
never OCR never import onnxruntime, cv2 or the models. Each page runs under its own time limit
(SIGALRM in the worker's main thread; onnxruntime returns to Python between its calls, so the limit
is kept to within one model call, and the parse pool's per-file limit backs it up).
"""

from __future__ import annotations

import functools
import logging
import re
import signal
import statistics
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.images import MAX_SIDE_PX, image_frames
from ingest.text import normalize, unwrap_lines
from kb.errors import DocumentError
from kb.records import CJK, Section

log = logging.getLogger(__name__)

OCR_PACKAGE = "rapidocr-onnxruntime==1.4.4"
MODES = ("auto", "off", "force")
# "Unusable text layer": fewer letters/digits than this for the page, or than MIN_CHARS_PER_SQUARE_INCH
# times its area (an A4 page: 24), or more than MAX_BAD_SHARE of its visible characters unreadable.
MIN_CHARS = 16
MIN_CHARS_PER_SQUARE_INCH = 0.25
MAX_BAD_SHARE = 0.3
PADDING_PX = 32
MIN_LINE_SCORE = 0.5  # RapidOCR's own threshold: a line read with less confidence is noise
REREAD_BELOW = 0.8  # a line read with less confidence than this is read again in pieces
MAX_LINE_RATIO = 16  # a line wider than this many times its height is read in pieces
BLANK_CONTRAST = 24  # grey levels: a page image whose darkest and lightest pixels are closer is blank
_ASCII_PUNCTUATION = {"，": ",", "：": ":", "；": ";", "！": "!", "？": "?", "（": "(", "）": ")"}
_LATIN_FULL_WIDTH = re.compile(rf"(?<=[A-Za-z0-9.%)@])([，：；！？）])( ?)(?![{CJK}])(?=([A-Za-z0-9(])?)")
_FULL_WIDTH_BEFORE_LATIN = re.compile(r"(?<=[A-Za-z0-9 ])([（])(?=[A-Za-z0-9])")
_WIDE = re.compile(f"[{CJK}\u3000-\u303f\uff00-\uffef]")  # no space between two of these


@dataclass(frozen=True, slots=True)
class OcrOptions:
    """What the loaders need to know about OCR (from [ingest] ocr, ocr_page_timeout_s, ocr_dpi)."""

    mode: str = "auto"  # "auto": pages without a usable text layer; "off": never; "force": every page
    page_timeout_s: float = 120.0
    dpi: int = 150
    threads: int = 0  # onnxruntime threads per worker (0: its default, every core)


@dataclass(frozen=True, slots=True)
class OcrText:
    """What OCR read on one page: the text (reading order, paragraphs) and its mean confidence."""

    text: str
    confidence: float  # the recognition scores of the lines, weighted by their characters (0-1)
    lines: int
    seconds: float


class PageTimeout(Exception):
    """A page took longer than its OCR time limit."""


def _is_bad(char: str) -> bool:
    category = unicodedata.category(char)
    return char == "\ufffd" or category in ("Co", "Cs") or (category == "Cc" and char not in "\n\r\t")


def text_layer_problem(text: str, width_pt: float, height_pt: float) -> str | None:
    """Why a PDF page's text layer is unusable (and the page should be OCR'd), or None when it is
    usable. `text` is pypdf's raw extraction; the size is the page's in points."""
    visible = [c for c in text if not c.isspace() and c != "\x00"]  # NULs pad 2-byte glyph codes (fpdf2's CJK): dropped, harmless
    bad = sum(_is_bad(c) for c in visible)
    if visible and bad / len(visible) > MAX_BAD_SHARE:
        return f"{bad} of {len(visible)} characters are replacement, private-use or control characters"
    meaningful = sum(c.isalnum() and not _is_bad(c) for c in visible)
    area = max(width_pt, 0.0) * max(height_pt, 0.0) / (72 * 72)
    needed = max(MIN_CHARS, round(MIN_CHARS_PER_SQUARE_INCH * area))
    if meaningful < needed:
        return f"{meaningful} letters or digits, fewer than {needed} for a page of {area:.0f} square inches"
    return None


# -- the engine ------------------------------------------------------------------------------------


@functools.cache
def _engine(threads: int) -> Any:
    """RapidOCR, loaded once per process (per thread setting) at the first page that needs it."""
    try:
        from rapidocr_onnxruntime import RapidOCR
    except ImportError as exc:  # cv2 without libGL raises ImportError too: say which
        raise OcrUnavailable(
            f"OCR is not available ({exc}): pip install {OCR_PACKAGE} (on a server without libGL, replace "
            "opencv-python with opencv-python-headless), or set ingest.ocr = \"off\""
        ) from exc
    logging.getLogger("RapidOCR").setLevel(logging.WARNING)  # it logs every call at DEBUG on its own handler
    options: dict[str, Any] = {"max_side_len": MAX_SIDE_PX}
    if threads > 0:
        options["intra_op_num_threads"] = threads
    started = time.perf_counter()
    engine = RapidOCR(**options)
    log.info("OCR models loaded in %.1f s", time.perf_counter() - started)
    return engine


class OcrUnavailable(Exception):
    """The OCR package (or a library it needs) is missing."""


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise PageTimeout in this thread after `seconds` (main thread only: elsewhere no limit)."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise PageTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def recognise(image: Any, options: OcrOptions) -> OcrText:
    """OCR one page image (a Pillow image); raises PageTimeout past the page's limit and
    OcrUnavailable when the engine cannot load (loading does not count against the limit)."""
    import numpy as np

    low, high = image.convert("L").getextrema()
    if high - low < BLANK_CONTRAST:  # a blank page: nothing to read, no need to load or run the models
        return OcrText("", 0.0, 0, 0.0)
    engine = _engine(options.threads)
    from PIL import ImageOps

    # A white margin: text close to the image's edge (a scan cropped to the page) is otherwise often missed.
    padded = ImageOps.expand(image.convert("RGB"), border=PADDING_PX, fill="white")
    pixels = np.asarray(padded)[:, :, ::-1]  # RapidOCR reads BGR, as OpenCV does
    started = time.perf_counter()
    with _deadline(options.page_timeout_s):
        result, _ = engine(pixels, text_score=0.0)  # every detected line: weak ones are read again below
        lines = [_reread(engine, pixels, box, text.strip(), float(score)) for box, text, score in (result or [])]
    seconds = time.perf_counter() - started
    lines = [(box, text, score) for box, text, score in lines if text and score >= MIN_LINE_SCORE]
    if not lines:
        return OcrText("", 0.0, 0, seconds)
    weights = [len(text) for _, text, _ in lines]
    confidence = sum(w * s for w, (_, _, s) in zip(weights, lines)) / sum(weights)
    return OcrText(tidy(layout(lines)), round(confidence, 4), len(lines), seconds)


def _ascii(match: re.Match[str]) -> str:
    mark = _ASCII_PUNCTUATION[match.group(1)]
    return mark + (" " if match.group(3) and mark != ")" else match.group(2))


def tidy(text: str) -> str:
    """OCR text as the loaders' text: normalised, lines of a paragraph joined, and the full-width
    punctuation the Chinese model writes in Latin text ("windows，production") made ASCII."""
    text = _LATIN_FULL_WIDTH.sub(_ascii, text)
    text = _FULL_WIDTH_BEFORE_LATIN.sub(lambda m: _ASCII_PUNCTUATION[m.group(1)], text)
    return unwrap_lines(normalize(text)).replace(" \n", "\n")


def _reread(engine: Any, pixels: Any, box: Any, text: str, score: float) -> tuple[Any, str, float]:
    """A line the recognition model read poorly or that is very long, read again in pieces cut at
    the gaps between words: PP-OCRv4 returns nothing (or drops the spaces) on some lines as wide as a
    page. The better reading of the two is kept."""
    xs = [int(point[0]) for point in box]
    ys = [int(point[1]) for point in box]
    crop = pixels[max(min(ys), 0) : max(ys) + 1, max(min(xs), 0) : max(xs) + 1]
    height, width = crop.shape[:2]
    if height < 4 or (score >= REREAD_BELOW and not (width > MAX_LINE_RATIO * height and _lost_spaces(text))):
        return box, text, score
    pieces = _split_at_gaps(crop, MAX_LINE_RATIO)
    if len(pieces) < 2:
        return box, text, score
    read, _ = engine.text_rec(pieces)
    parts = [(str(r[0]).strip(), float(r[1])) for r in read if str(r[0]).strip()]
    if not parts:
        return box, text, score
    joined = ""
    for part, _ in parts:
        joined = _join(joined, part)
    again = sum(len(p) * c for p, c in parts) / sum(len(p) for p, _ in parts)
    if again > score or (again >= REREAD_BELOW and len(joined) > len(text)):
        return box, joined, again
    return box, text, score


def _lost_spaces(text: str) -> bool:
    """Latin text whose words run together ("Yourfullsalarycontinues"): the model dropped its spaces."""
    if len(_WIDE.findall(text)) > 0.3 * len(text):
        return False  # Chinese is written without spaces
    return len(text) / (text.count(" ") + 1) > 10


def _split_at_gaps(crop: Any, max_ratio: float) -> list[Any]:
    """`crop` (a line) cut at blank columns nearest its middle until no piece is wider than
    `max_ratio` times its height (a piece with no gap wide enough for a word break stays whole)."""
    import numpy as np

    height, width = crop.shape[:2]
    if width <= max_ratio * height:
        return [crop]
    gray = crop.mean(axis=2) if crop.ndim == 3 else crop
    low, high = float(gray.min()), float(gray.max())
    ink = (gray < high - 0.4 * (high - low)).any(axis=0)
    blank = np.flatnonzero(~ink)
    if blank.size == 0:
        return [crop]
    runs = np.split(blank, np.flatnonzero(np.diff(blank) > 1) + 1)
    wide = [run for run in runs if run.size >= max(2, height * 0.12) and 0 < run[0] and run[-1] < width - 1]
    if not wide:
        return [crop]
    cut = int(min((run for run in wide), key=lambda run: abs(run.mean() - width / 2)).mean())
    return _split_at_gaps(crop[:, :cut], max_ratio) + _split_at_gaps(crop[:, cut:], max_ratio)


def layout(lines: list[tuple[Any, str, float]]) -> str:
    """Recognised boxes back into text: boxes on one visual line joined left to right (no space
    between CJK characters), lines top to bottom, a blank line where the gap is a paragraph's."""
    boxes = []
    for box, text, _ in lines:
        ys = [float(point[1]) for point in box]
        xs = [float(point[0]) for point in box]
        boxes.append((min(ys), max(ys), min(xs), text))
    boxes.sort(key=lambda b: (b[0] + b[1]) / 2)
    rows: list[list[tuple[float, float, float, str]]] = []
    for box in boxes:
        top, bottom = box[0], box[1]
        if rows:
            row_top = min(b[0] for b in rows[-1])
            row_bottom = max(b[1] for b in rows[-1])
            overlap = min(bottom, row_bottom) - max(top, row_top)
            if overlap > 0.5 * min(bottom - top, row_bottom - row_top):
                rows[-1].append(box)
                continue
        rows.append([box])
    heights = [max(b[1] for b in row) - min(b[0] for b in row) for row in rows]
    line_height = statistics.median(heights) if heights else 0.0
    out: list[str] = []
    previous_bottom: float | None = None
    for row in rows:
        row.sort(key=lambda b: b[2])
        text = ""
        for *_, part in row:
            text = _join(text, part)
        top = min(b[0] for b in row)
        if previous_bottom is not None:
            out.append("\n\n" if top - previous_bottom > 0.8 * line_height else "\n")
        out.append(text)
        previous_bottom = max(b[1] for b in row)
    return "".join(out)


def _join(before: str, after: str) -> str:
    if not before:
        return after
    if _WIDE.match(before[-1]) and _WIDE.match(after[0]):
        return before + after
    return f"{before} {after}"


# -- pages -----------------------------------------------------------------------------------------


def page_problem(page: Any, raw: str) -> str | None:
    """Why a page needs OCR (its text layer is unusable), or None."""
    if page is None:
        return "text layer unreadable"
    try:
        box = page.mediabox
        width, height = abs(float(box.width)), abs(float(box.height))
    except Exception:  # a damaged box: judge by an A4 page
        width, height = 595.0, 842.0
    return text_layer_problem(raw, width, height)


def letters(text: str) -> int:
    """Letters and digits in `text` (what OCR and a text layer are compared by)."""
    return sum(c.isalnum() for c in text)


def read_page(
    render: Callable[[], Any], display: str, page: int, ocr: OcrOptions, on_ocr: Callable[[int], None] | None = None
) -> OcrText | None:
    """OCR one page (`render()` gives its image): its OcrText, or None when it failed or took longer
    than its limit (logged; the file's other pages go on). OCR that cannot load fails the file.
    `on_ocr(page)` is told first (the parse worker tells the pool, whose file time limit pauses)."""
    if on_ocr is not None:
        on_ocr(page)
    try:
        read = recognise(render(), ocr)
    except PageTimeout:
        log.warning("%s: page %d: OCR took longer than %g s (ingest.ocr_page_timeout_s); skipped", display, page, ocr.page_timeout_s)
        return None
    except OcrUnavailable as exc:
        raise DocumentError(display, str(exc)) from exc
    except MemoryError:
        raise
    except Exception as exc:  # a page pdfium cannot render, an engine error: that page only
        log.warning("%s: page %d: OCR failed (%s: %s); skipped", display, page, type(exc).__name__, exc)
        return None
    log.info("%s: page %d: OCR read %d lines in %.1f s (confidence %.2f)", display, page, read.lines, read.seconds, read.confidence)
    return read


def image_sections(
    path: Path, display: str, ocr: OcrOptions, on_ocr: Callable[[int], None] | None = None
) -> Iterator[Section]:
    """The sections of an image file: one per page (TIFF frame) OCR read text on."""
    pages = failed = 0
    found_text = False
    for number, frame in enumerate(image_frames(path, display), 1):
        pages += 1
        read = read_page(lambda f=frame: f, display, number, ocr, on_ocr)
        if read is None:
            failed += 1
        elif read.text:
            found_text = True
            yield Section(text=read.text, page=number, ocr_confidence=read.confidence)
    if not found_text:
        if failed:
            raise DocumentError(display, f"OCR failed on {failed} of {pages} page(s) of the image (see the log)")
        raise DocumentError(display, "no text found: OCR read no text in the image")
