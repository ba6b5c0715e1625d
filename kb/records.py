"""Plain records passed between the layers: sections of a parsed file, chunks, documents, hits, what
an ingest did (`IngestReport`) and the hooks it reports its progress through (`Progress`); and what
the layers share about them: document and chunk ids, a file's sha256, the text a passage is read as
(heading, then text), the CJK ranges.

Part of the bottom layer, with `kb.settings` and `kb.errors`: it imports nothing of kb, and every
layer may import it."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any

HEADING_SEPARATOR = " > "

# Unicode ranges of Chinese, Japanese and Korean text as regex class bodies (`f"[{CJK}]"`), spelled
# out here only.
CJK_UNIFIED = "\u4e00-\u9fff"  # CJK Unified Ideographs: the common Chinese characters
CJK_IDEOGRAPHS = "\u3400-\u4dbf" + CJK_UNIFIED + "\uf900-\ufaff"  # with Extension A and the compatibility ideographs
KANA = "\u3040-\u30ff"  # hiragana and katakana
CJK = CJK_IDEOGRAPHS + KANA + "\uac00-\ud7af"  # and Hangul syllables: the scripts written without spaces


@dataclass(frozen=True, slots=True)
class Section:
    """A run of text from one file under one heading path (and, for PDFs and images, on one page).
    `ocr_confidence` is set when the text was read by OCR (the mean recognition confidence, 0-1)."""

    text: str
    heading: tuple[str, ...] = ()
    page: int | None = None
    ocr_confidence: float | None = None


@dataclass(slots=True)
class Chunk:
    """One passage as stored: its text plus everything needed to cite it."""

    chunk_id: str
    doc_id: str
    source: str
    title: str
    text: str
    index: int
    heading: tuple[str, ...] = ()
    page_start: int | None = None
    page_end: int | None = None
    char_start: int = 0
    char_end: int = 0
    sha256: str = ""  # the version of its document it belongs to (Document.version), under its old name
    ingested_at: str = ""
    kind: str = ""
    modified: float = 0.0
    tags: tuple[str, ...] = ()
    ocr_confidence: float | None = None  # set when (some of) the text was read by OCR: its mean confidence

    @property
    def embedding_text(self) -> str:
        return passage_text(self.heading, self.text)

    def metadata(self) -> dict[str, Any]:
        """Chroma metadata: scalar values only; absent pages are left out (Chroma has no null)."""
        meta: dict[str, Any] = {
            "doc_id": self.doc_id,
            "source": self.source,
            "title": self.title,
            "heading": HEADING_SEPARATOR.join(self.heading),
            "chunk_index": self.index,
            "char_start": self.char_start,
            "char_end": self.char_end,
            "sha256": self.sha256,
            "ingested_at": self.ingested_at,
            **filter_metadata(self.source, self.kind, self.modified, self.tags),
        }
        if self.page_start is not None:
            meta["page_start"] = self.page_start
            meta["page_end"] = self.page_end if self.page_end is not None else self.page_start
        if meta["tags"] is None:
            del meta["tags"]  # a new record: nothing to remove
        if self.ocr_confidence is not None:  # present only on text read by OCR
            meta["ocr_confidence"] = self.ocr_confidence
        return meta


# Bump when the keys `filter_metadata` writes change: stores whose chunks carry an older set are
# brought up to date by the next ingest (Store.recover; metadata only, nothing is embedded again).
METADATA_VERSION = 1


def filter_metadata(source: str, kind: str, modified: float, tags: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The keys search filters read on every chunk (kb/store/scope.py): the file's kind, its folder,
    its modification time (whole seconds since the epoch) and its tags, a list Chroma matches with
    `$contains`. No tags is None: Chroma refuses an empty list, and None removes the key in an update."""
    return {"kind": kind, "folder": folder_of(source), "modified": int(modified), "tags": list(tags) or None}


def folder_of(source: str) -> str:
    """The folder a document lies in, relative to its ingested root ("" at the top)."""
    return source.rpartition("/")[0]


@dataclass(slots=True)
class Document:
    """One registry entry: a source file as the store knows it.

    `sha256` is the committed file's hash (empty while none is committed) and `version` the
    committed version of its chunks: the only chunks searches may return are those of this doc_id
    whose version (their `sha256` metadata) equals it. The version is the file's hash and the way it
    was parsed together (`ingest.scan.chunk_version`), so a file read again by a newer parser or with
    other chunk settings is a new version, written beside the old one like a changed file. Entries
    from before versions have none: their chunks carry the file's hash, which `from_metadata` makes
    their version. `pending` is non-empty while a write is in flight (the version being written: the
    journal that lets the next run finish or undo an ingest that was killed).
    """

    doc_id: str
    source: str
    root: str = ""
    sha256: str = ""
    size: int = 0
    mtime: float = 0.0
    chunks: int = 0
    title: str = ""
    kind: str = ""
    ingested_at: str = ""
    pending: str = ""
    tags: list[str] = field(default_factory=list)  # what filters match: see kb.filters.effective_tags
    tags_file: list[str] = field(default_factory=list)  # from the file itself (Markdown front matter)
    tags_added: list[str] = field(default_factory=list)  # by hand: `kb tag`, the upload form
    tags_removed: list[str] = field(default_factory=list)  # by hand: `kb tag --remove`
    meta_version: int = 0  # the METADATA_VERSION its chunks carry
    version: str = ""  # the committed version of its chunks (see above)

    @property
    def folder(self) -> str:
        return folder_of(self.source)

    @property
    def modified(self) -> str:
        """The file's modification time (`mtime`), ISO 8601 in UTC."""
        return datetime.fromtimestamp(self.mtime, timezone.utc).isoformat(timespec="seconds")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def info(self) -> dict[str, Any]:
        """What `kb documents --json` and `GET /api/documents` show: the entry, its folder and modified time."""
        return {**asdict(self), "folder": self.folder, "modified": self.modified}

    def chunk_metadata(self) -> dict[str, Any]:
        """The filter keys its chunks carry (`filter_metadata`)."""
        return filter_metadata(self.source, self.kind, self.mtime, self.tags)

    @classmethod
    def from_metadata(cls, meta: dict[str, Any]) -> Document:
        """The entry a registry record's metadata holds (its `to_dict()`); unknown keys are ignored."""
        doc = cls(**{k: list(v) if isinstance(v, (list, tuple)) else v for k, v in meta.items()
                     if k in cls.__dataclass_fields__ and v is not None})
        if not doc.version and "version" not in meta:  # written before versions: chunks carry the file's hash
            doc.version = doc.sha256
        return doc


@dataclass(slots=True)
class Hit:
    """A search result, in the contract the CLI and the HTTP API share."""

    doc_id: str
    chunk_id: str
    source: str
    page: int | None
    heading: str
    score: float
    text: str
    page_end: int | None = None
    title: str = ""
    chunk_index: int = -1
    ocr_confidence: float | None = None  # the text was read by OCR, with this mean confidence (None: a text layer)
    sha256: str = ""  # the document version the chunk belongs to (not part of the contract)
    explain: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_metadata(cls, chunk_id: str, meta: dict[str, Any], text: str, score: float) -> Hit:
        """A hit on a stored chunk, from its `Chunk.metadata()`."""
        return cls(doc_id=meta["doc_id"], chunk_id=chunk_id, source=meta["source"], page=meta.get("page_start"),
                   page_end=meta.get("page_end"), heading=meta.get("heading", ""), title=meta.get("title", ""),
                   score=round(float(score), 6), text=text, chunk_index=int(meta.get("chunk_index", -1)),
                   ocr_confidence=meta.get("ocr_confidence"), sha256=meta.get("sha256", ""))

    def to_dict(self, explain: bool = False) -> dict[str, Any]:
        data = asdict(self)
        del data["sha256"]
        if not explain:
            del data["explain"]
        return data


@dataclass
class IngestReport:
    """What an ingest did; `to_dict()` is the `kb ingest --json` contract."""

    files_seen: int = 0
    files_added: int = 0
    files_updated: int = 0
    files_unchanged: int = 0
    files_removed: int = 0
    files_failed: list[dict[str, str]] = field(default_factory=list)
    files_skipped: list[dict[str, str]] = field(default_factory=list)
    files_missing: list[str] = field(default_factory=list)
    files_pending: list[str] = field(default_factory=list)  # written too recently (a sync's settle_s)
    chunks_added: int = 0
    chunks_removed: int = 0
    seconds: float = 0.0
    dry_run: bool = False
    repaired: list[str] = field(default_factory=list)
    parse_workers: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "files_seen": self.files_seen,
            "files_added": self.files_added,
            "files_updated": self.files_updated,
            "files_unchanged": self.files_unchanged,
            "files_removed": self.files_removed,
            "files_failed": self.files_failed,
            "chunks_added": self.chunks_added,
            "chunks_removed": self.chunks_removed,
            "seconds": round(self.seconds, 3),
            "files_skipped": self.files_skipped,
            "files_missing": self.files_missing,
            "files_pending": self.files_pending,
            "dry_run": self.dry_run,
            "repaired": self.repaired,
            "parse_workers": self.parse_workers,
        }

    def fail(self, path: str, error: str) -> None:
        self.files_failed.append({"path": path, "error": error})


class Progress:
    """Hooks the CLI implements to draw progress; the default does nothing."""

    def planned(self, files: int, bytes_total: int) -> None:
        """Files to parse and embed (unchanged ones excluded), and their total size."""

    def file_done(self, source: str, status: str, chunks: int) -> None:
        """A file was committed (status added/updated) or failed (status failed)."""

    def chunks_embedded(self, count: int) -> None:
        """`count` more chunks were embedded and written."""

    def pages_ocred(self, count: int) -> None:
        """`count` more pages were read by OCR."""


def make_doc_id(collection: str, source: str) -> str:
    """Stable for a source path within a collection."""
    return hashlib.sha1(f"{collection}\0{source}".encode()).hexdigest()[:20]


def make_chunk_id(doc_id: str, version: str, index: int) -> str:
    """Chunk ids carry the version, so a new version's chunks can be written beside the old ones."""
    return f"{doc_id}-{version[:16]}-{index:05d}"


def split_chunk_id(chunk_id: str) -> tuple[str, str, int] | None:
    """(doc_id, version, index) of an id made by `make_chunk_id`; None for any other id."""
    try:
        doc_id, version, index = chunk_id.rsplit("-", 2)
        return doc_id, version, int(index)
    except ValueError:
        return None


def heading_and_text(heading: str, text: str) -> str:
    """A passage as the embedder, the lexical index and the reranker read it: its heading path (joined
    with `HEADING_SEPARATOR`) on a line of its own, then its text; the text alone without a heading."""
    return f"{heading}\n{text}" if heading else text


def passage_text(heading: tuple[str, ...], text: str) -> str:
    """What the embedder reads of a chunk: the heading path gives a passage its context."""
    return heading_and_text(HEADING_SEPARATOR.join(heading), text)


def sha256_file(path: str | os.PathLike[str], on_read: Callable[[int], None] | None = None) -> str:
    """The hex sha256 of a file's bytes, read in blocks (`hashlib.file_digest`); `on_read` is called
    with the bytes read so far after each block."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle if on_read is None else _Counted(handle, on_read), "sha256").hexdigest()


class _Counted:
    """A binary file that reports how many bytes were read from it."""

    def __init__(self, raw: Any, on_read: Callable[[int], None]):
        self._raw, self._on_read, self._done = raw, on_read, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = self._raw.readinto(buffer)
        if size:
            self._done += size
            self._on_read(self._done)
        return size
