"""Decide what a file is from its extension and its content, and refuse what cannot be read.

The extension says which loader is meant; the content must agree. A binary file named `.md`, a
`.docx` that is not a zip archive, or a zip bomb is refused with the reason, before any parser runs.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from kb.errors import DocumentError

EXTENSIONS = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".pptx": "pptx",
    ".xlsx": "xlsx",
    ".html": "html",
    ".htm": "html",
    ".md": "md",
    ".markdown": "md",
    ".txt": "txt",
    ".text": "txt",
    ".rst": "rst",
    ".csv": "csv",
    ".eml": "eml",
    ".odt": "odt",
    ".epub": "epub",
}
TEXT_KINDS = {"html", "md", "txt", "rst", "csv", "eml"}
# A member every valid archive of that kind has.
ZIP_MARKERS = {
    "docx": "word/document.xml",
    "pptx": "ppt/presentation.xml",
    "xlsx": "xl/workbook.xml",
    "odt": "content.xml",
    "epub": "META-INF/container.xml",
}
# Magic numbers, for naming what a misnamed binary file really is.
_SIGNATURES = [
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a zip archive (office document?)"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"\x7fELF", "an executable"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\xd0\xcf\x11\xe0", "an old MS Office (OLE) file"),
    (b"Rar!", "a RAR archive"),
    (b"7z\xbc\xaf", "a 7z archive"),
]
MAX_COMPRESSION_RATIO = 200  # well-formed office XML compresses 5-30:1; bombs 1000:1


class Unsupported(DocumentError):
    """A file whose extension kb does not read: skipped and listed, not a failure."""


@dataclass(frozen=True, slots=True)
class FileKind:
    kind: str
    is_text: bool


def supported(path: Path) -> bool:
    return path.suffix.lower() in EXTENSIONS


def detect(path: Path, display: str, max_unpacked_bytes: int) -> FileKind:
    """The kind of `path`, checked against its content; raises DocumentError with the reason."""
    kind = EXTENSIONS.get(path.suffix.lower())
    if kind is None:
        raise Unsupported(display, f"unsupported file type {path.suffix or '(no extension)'!r}")
    with open(path, "rb") as handle:
        head = handle.read(8192)
    if not head:
        raise DocumentError(display, "the file is empty")
    if kind == "pdf":
        if b"%PDF-" not in head[:1024]:
            raise DocumentError(display, f"not a PDF: the content is {_describe(head)}")
        return FileKind("pdf", False)
    if kind in ZIP_MARKERS:
        _check_archive(path, display, kind, head, max_unpacked_bytes)
        return FileKind(kind, False)
    if b"\x00" in head and not _is_utf16(head):
        raise DocumentError(display, f"binary content ({_describe(head)}) in a {path.suffix} file")
    for magic, what in _SIGNATURES:
        if head.startswith(magic):
            raise DocumentError(display, f"binary content ({what}) in a {path.suffix} file")
    return FileKind(kind, True)


def _check_archive(path: Path, display: str, kind: str, head: bytes, max_unpacked_bytes: int) -> None:
    if not head.startswith(b"PK\x03\x04"):
        raise DocumentError(display, f"not a valid .{kind} file: it is not a zip archive (content is {_describe(head)})")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            names = {info.filename for info in infos}
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise DocumentError(display, f"not a valid .{kind} file: damaged zip archive ({exc})") from exc
    if ZIP_MARKERS[kind] not in names:
        raise DocumentError(display, f"not a valid .{kind} file: the archive has no {ZIP_MARKERS[kind]}")
    unpacked = sum(info.file_size for info in infos)
    if unpacked > max_unpacked_bytes:
        raise DocumentError(
            display,
            f"refused: the archive unpacks to {unpacked / 1e6:.0f} MB, over ingest.max_unpacked_mb "
            f"({max_unpacked_bytes / 1e6:.0f} MB) (zip bomb?)",
        )
    for info in infos:
        if info.file_size > 1_000_000 and info.file_size > MAX_COMPRESSION_RATIO * max(info.compress_size, 1):
            ratio = info.file_size / max(info.compress_size, 1)
            raise DocumentError(
                display, f"refused: archive member {info.filename} is compressed {ratio:.0f}:1 (zip bomb?)"
            )


def _is_utf16(head: bytes) -> bool:
    return head.startswith((b"\xff\xfe", b"\xfe\xff"))


def _describe(head: bytes) -> str:
    for magic, what in _SIGNATURES:
        if head.startswith(magic):
            return what
    if b"\x00" in head:
        return "binary data, not text"
    return "text"
