"""Test helpers: a deterministic embedder that implements the real `Embedder` protocol, and makers
of real documents of every supported kind (written with the same libraries users' files come from)."""

from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path

import numpy as np

_TOKEN = re.compile(r"[\u4e00-\u9fff]|\w+|[^\w\s]")


class HashEmbedder:
    """Bag of hashed tokens, normalised. Words are tokens, each CJK character is a token.

    Fast and deterministic; similar texts get similar vectors. It counts how many texts it embedded,
    so tests can prove an unchanged file is never embedded again.
    """

    def __init__(self, dim: int = 64, max_tokens: int = 128, name: str = "all-MiniLM-L6-v2", fail_on: str | None = None):
        self.name = name
        self.dim = dim
        self.max_tokens = max_tokens
        self.embedded = 0
        self.fail_on = fail_on  # raise when a passage contains this text (simulates a crash mid-file)

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(_TOKEN.findall(t)) for t in texts]

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        return [m.span() for m in _TOKEN.finditer(text)]

    def prepare(self) -> None:
        pass

    def load(self) -> None:
        pass

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if self.fail_on is not None and any(self.fail_on in t for t in texts):
            raise RuntimeError(f"simulated failure on {self.fail_on!r}")
        self.embedded += len(texts)
        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def _vector(self, text: str) -> np.ndarray:
        vector = np.zeros(self.dim, dtype=np.float32)
        for token in _TOKEN.findall(text.lower()):
            vector[int(hashlib.md5(token.encode()).hexdigest(), 16) % self.dim] += 1.0
        norm = np.linalg.norm(vector)
        return vector / norm if norm else vector + 1.0 / np.sqrt(self.dim)


# -- document makers ---------------------------------------------------------------------------


def make_pdf(path: Path, pages: list[str], outline: list[tuple[str, int]] | None = None, title: str = "") -> Path:
    """A PDF with a text layer, one string per page; `outline` adds bookmarks (title, 1-based page)."""
    from fpdf import FPDF

    pdf = FPDF()
    if title:
        pdf.set_title(title)
    pdf.set_font("Helvetica", size=11)
    bookmarks = dict((page, name) for name, page in (outline or []))
    for number, text in enumerate(pages, 1):
        pdf.add_page()
        if number in bookmarks:
            pdf.start_section(bookmarks[number])
        if text:
            pdf.multi_cell(0, 6, text)
    pdf.output(str(path))
    return path


def make_blank_pdf(path: Path, pages: int = 2) -> Path:
    """A PDF without a text layer, as a scanner makes (pages with no text objects)."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(width=612, height=792)
    with open(path, "wb") as handle:
        writer.write(handle)
    return path


def encrypt_pdf(source: Path, target: Path, user_password: str) -> Path:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(source))
    writer.encrypt(user_password=user_password, owner_password="owner-secret", algorithm="AES-128")
    with open(target, "wb") as handle:
        writer.write(handle)
    return target


def make_docx(path: Path, blocks: list[tuple[str, str]]) -> Path:
    """blocks: ("h1"|"h2"|"p", text)."""
    import docx

    document = docx.Document()
    for kind, text in blocks:
        if kind.startswith("h"):
            document.add_heading(text, level=int(kind[1:]))
        else:
            document.add_paragraph(text)
    document.save(str(path))
    return path


def make_pptx(path: Path, slides: list[tuple[str, str]]) -> Path:
    from pptx import Presentation

    deck = Presentation()
    for title, body in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
    deck.save(str(path))
    return path


def make_xlsx(path: Path, rows: list[list[str]]) -> Path:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Inventory"
    for row in rows:
        sheet.append(row)
    book.save(str(path))
    return path


def make_via_pandoc(path: Path, markdown: str) -> Path:
    """odt / epub written by pandoc (shipped by pypandoc-binary) from Markdown."""
    import pypandoc

    pypandoc.convert_text(markdown, path.suffix.lstrip("."), format="md", outputfile=str(path), extra_args=["--metadata", "title=Test"])
    return path


def make_eml(path: Path, subject: str, body: str) -> Path:
    path.write_text(
        f"From: ops@example.com\nTo: team@example.com\nSubject: {subject}\nDate: Mon, 2 Nov 2026 10:00:00 +0000\n"
        f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}\n",
        encoding="utf-8",
    )
    return path


def make_zip_bomb(path: Path, member_mb: int = 40) -> Path:
    """A .docx-shaped zip whose one member expands ~1000:1."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w") as member:
            block = b"\0" * (1 << 20)
            for _ in range(member_mb):
                member.write(block)
    return path


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def sse_events(response) -> list[tuple[str, dict]]:
    """The (event, data) pairs of a server-sent event stream (an httpx response being read)."""
    import json

    events, kind = [], None
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            events.append((kind, json.loads(line[6:])))
    return events


class ChromaServer:
    """A real `chroma run` server on a free loopback port, its data in `path`; `stop()` and
    `start()` again on the same port and data (a server that goes away and comes back)."""

    def __init__(self, path: Path):
        self.path = path
        self.port = free_port()
        self.proc = None

    def start(self) -> "ChromaServer":
        import socket
        import subprocess
        import sys
        import time

        chroma = Path(sys.executable).parent / "chroma"
        self.proc = subprocess.Popen(
            [str(chroma), "run", "--path", str(self.path), "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"chroma run did not start on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
            self.proc = None


class RunningServer:
    """A real uvicorn server on a free loopback port, in a thread; `url` is its base URL."""

    def __init__(self, app):
        import uvicorn

        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, lifespan="on"))
        self.thread = None

    def __enter__(self) -> "RunningServer":
        import threading
        import time

        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 120
        while not self.server.started:
            if not self.thread.is_alive() or time.time() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


# -- scanned documents (OCR) -------------------------------------------------------------------

CJK_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")  # Debian's fonts-noto-cjk
CJK_FONT_INDEX = 2  # Noto Sans CJK SC in the collection
LATIN_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def corpus_lines(path: Path, *needles: str) -> list[str]:
    """The lines of a sample-corpus file that contain each needle (one per needle, in order), without
    Markdown markup: real text for pages to render."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for needle in needles:
        line = next(line for line in lines if needle in line)
        found.append(re.sub(r"^\s*(?:[-*>]|\d+\.)\s*|\*\*|`", "", line).strip())
    return found


def make_text_pdf(path: Path, pages: list[str], size: tuple[float, float] = (420, 300), font_size: float = 13) -> Path:
    """A PDF with a text layer, one string per (small) page, in a font that has the text's script
    (Noto Sans CJK SC for Chinese, DejaVu Sans otherwise)."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format=size)
    pdf.set_margins(24, 24)
    pdf.set_auto_page_break(False)
    if any(re.search(r"[\u4e00-\u9fff]", text) for text in pages):
        pdf.add_font("body", fname=str(CJK_FONT), collection_font_number=CJK_FONT_INDEX)
    else:
        pdf.add_font("body", fname=str(LATIN_FONT))
    pdf.set_font("body", size=font_size)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, font_size * 1.5, text)
    pdf.output(str(path))
    return path


def page_images(pdf: Path, dpi: int = 150) -> list:
    """Every page of `pdf` rendered (pypdfium2) to a Pillow image, as a scanner would see it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("L") for i in range(len(document))]
    finally:
        document.close()


def scanned_copy(pdf: Path, target: Path, dpi: int = 200) -> Path:
    """`pdf` as a scanner makes it: each page a grayscale image (JPEG-compressed, as Pillow writes a
    PDF), no text layer, same page size and count."""
    images = page_images(pdf, dpi)
    images[0].save(target, "PDF", save_all=True, append_images=images[1:], resolution=dpi)
    return target
