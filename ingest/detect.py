"""Decide what a file is from its extension and its content, and refuse what cannot be read.

The extension says which loader is meant; the content must agree. A binary file named `.md`, a
`.docx` that is not a zip archive, or a zip bomb is refused with the reason, before any parser runs.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
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
    ".png": "image",
    ".jpg": "image",
    ".jpeg": "image",
    ".tif": "image",
    ".tiff": "image",
}
# What an image file's content starts with (its extension only says it is some image).
IMAGE_SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")
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
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
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
    if kind == "image":
        if not head.startswith(IMAGE_SIGNATURES):
            raise DocumentError(display, f"not a PNG, JPEG or TIFF image: the content is {_describe(head)}")
        return FileKind("image", False)
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
    declared = sum(info.file_size for info in infos)
    if declared > max_unpacked_bytes:
        raise DocumentError(
            display,
            f"refused: the archive unpacks to {declared / 1e6:.0f} MB, over ingest.max_unpacked_mb "
            f"({max_unpacked_bytes / 1e6:.0f} MB) (zip bomb?)",
        )
    # The sizes above are what the archive declares; what counts is what its members really unpack
    # to. Each member is decompressed as a stream, counted, and stopped at the limit.
    budget = max_unpacked_bytes
    try:
        with open(path, "rb") as handle:
            for info in infos:
                size = _unpacked_size(handle, info, budget + 1)
                if size > budget:
                    raise DocumentError(
                        display,
                        f"refused: archive member {info.filename} unpacks to more than ingest.max_unpacked_mb "
                        f"({max_unpacked_bytes / 1e6:.0f} MB) in all (zip bomb?)",
                    )
                if size != info.file_size:
                    raise DocumentError(
                        display,
                        f"refused: archive member {info.filename} unpacks to {size} bytes, not the {info.file_size} "
                        "it declares (damaged, or a zip bomb)",
                    )
                budget -= size
                if size > 1_000_000 and size > MAX_COMPRESSION_RATIO * max(info.compress_size, 1):
                    ratio = size / max(info.compress_size, 1)
                    raise DocumentError(
                        display, f"refused: archive member {info.filename} is compressed {ratio:.0f}:1 (zip bomb?)"
                    )
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError) as exc:
        raise DocumentError(display, f"not a valid .{kind} file: damaged zip archive ({exc})") from exc


_CHUNK = 1 << 16


def _unpacked_size(handle, info: zipfile.ZipInfo, limit: int) -> int:
    """How many bytes `info` really decompresses to (deflated or stored), counting up to `limit`:
    the compressed bytes are read from the member's data, whatever its headers declare."""
    if info.compress_type == zipfile.ZIP_STORED:
        return info.compress_size
    if info.compress_type != zipfile.ZIP_DEFLATED:
        raise zipfile.BadZipFile(f"member {info.filename} uses compression method {info.compress_type}, not deflate")
    handle.seek(info.header_offset)
    header = handle.read(30)
    if len(header) != 30 or header[:4] != b"PK\x03\x04":
        raise zipfile.BadZipFile(f"bad local header for member {info.filename}")
    name_length, extra_length = struct.unpack("<HH", header[26:30])
    handle.seek(info.header_offset + 30 + name_length + extra_length)
    inflater = zlib.decompressobj(-15)
    left, total = info.compress_size, 0
    while left > 0 and not inflater.eof:
        data = handle.read(min(_CHUNK, left))
        if not data:
            raise EOFError(f"member {info.filename} is truncated")
        left -= len(data)
        while data and not inflater.eof:
            total += len(inflater.decompress(data, _CHUNK))
            if total > limit:
                return total
            data = inflater.unconsumed_tail
    while not inflater.eof and total <= limit:  # output still buffered in the inflater
        chunk = inflater.decompress(b"", _CHUNK)
        if not chunk:
            break
        total += len(chunk)
    return total


def _is_utf16(head: bytes) -> bool:
    return head.startswith((b"\xff\xfe", b"\xfe\xff"))


def _describe(head: bytes) -> str:
    for magic, what in _SIGNATURES:
        if head.startswith(magic):
            return what
    if b"\x00" in head:
        return "binary data, not text"
    return "text"
