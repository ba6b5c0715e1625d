"""What an ingest run has to do: scan the given folders and files (includes, excludes, symlinks,
unreadable folders), then diff them against the document registry by sha256 and by how they were
parsed (`PARSER_VERSION` and the chunk settings: `chunk_version`).

`IngestPipeline` (ingest.pipeline) runs the scan and the diff on the main thread, then parses, embeds
and commits the files they return.
"""

from __future__ import annotations

import fnmatch
import hashlib
import logging
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ingest.detect import TEXT_KINDS, FileKind, Unsupported, detect
from kb.errors import DocumentError, InvalidInput
from kb.records import Document, IngestReport, make_doc_id, sha256_file
from kb.settings import Settings

if TYPE_CHECKING:  # kb.service hands the pipeline its store: named here for type hints only
    from kb.store.chroma import Store

log = logging.getLogger("ingest.pipeline")  # the ingest run's logger: -v shows its lines under one name

# What ingest makes of a file, as a number: raise it with every change to a loader or the chunker
# that changes what a file gives (its text, headings, pages or chunk boundaries). A document parsed
# under another number, or with other chunk or OCR settings, is read again at the next ingest, as if
# its file had changed: a store never keeps passages an older kb cut.
# 2: HTML headings without their permalink anchors ("¶").
# 3: a two-column HTML table without a header row is a list of terms, its first row one of them.
# 4: an HTML definition term and its classifier are set apart (" : "), not run together.
# 5: a Texinfo PDF's index (terms, dotted leaders, pages in no order) is a navigation page, left out.
# 6: a PDF identifier broken after an underscore at a line's end is one word ("CONFIG_ERR_FILE_IO").
PARSER_VERSION = 6


def parse_key(settings: Settings) -> str:
    """How this kb parses and chunks files with these settings: what a version's chunks depend on
    besides the file's bytes."""
    cfg = settings.ingest
    return (f"parser {PARSER_VERSION}; chunk {cfg.chunk_size}/{cfg.chunk_overlap}; "
            f"prefix {settings.embedding.passage_prefix!r}; ocr {cfg.ocr} {cfg.ocr_dpi} dpi")


def chunk_version(sha256: str, key: str) -> str:
    """The version of a document's chunks: its file's sha256 and how it was parsed (`parse_key`)."""
    return hashlib.sha256(f"{sha256}\n{key}".encode()).hexdigest()


def parsed_as(doc: Document, key: str) -> bool:
    """Whether a committed document's chunks are what parsing its file with `key` would give."""
    return doc.version == chunk_version(doc.sha256, key)


@dataclass(slots=True)
class Candidate:
    """A file found under an ingested root."""

    path: Path
    root: Path
    source: str  # path relative to its root, with forward slashes
    doc_id: str = ""
    sha256: str = ""
    version: str = ""  # of the chunks this run would write: chunk_version(sha256, parse_key)
    size: int = 0
    mtime: float = 0.0
    status: str = ""  # added | updated | unchanged
    kind: FileKind | None = None


class Scanner:
    """Finds the files under the given paths and sorts them into added, updated and unchanged."""

    def __init__(self, settings: Settings, store: Store):
        self.settings = settings
        self.store = store
        self.key = parse_key(settings)

    # -- scanning -----------------------------------------------------------------------------

    def scan(
        self, paths: list[Path], registry: dict[str, Document], report: IngestReport
    ) -> tuple[list[Candidate], set[tuple[str, str]], set[tuple[str, str]]]:
        """Files to consider; the (root, folder) scopes whose missing files count as removed; and
        the scopes that could not be read (their documents are never taken for removed).

        A path inside a folder ingested before keeps that folder as its root, so ingesting
        `docs/` and later `docs/sub/` or `docs/sub/a.md` names the same documents."""
        found: dict[str, Candidate] = {}
        scopes: set[tuple[str, str]] = set()
        protected: set[tuple[str, str]] = set()
        known_roots = sorted({d.root for d in registry.values() if d.root}, key=len, reverse=True)
        collection = self.store.collection_name
        self.refused: set[str] = set()  # doc ids of file links refused for pointing outside
        allowed = [Path(r) for r in known_roots] + [_resolve(p) for p in paths]  # plus followed folder links
        for given in paths:
            if not given.exists() and not given.is_symlink():
                raise InvalidInput(f"{given}: no such file or folder")
            resolved = _resolve(given)
            home = next((Path(r) for r in known_roots if resolved.is_relative_to(r)), None)
            if given.is_dir():
                root = home or resolved
                scopes.add((str(root), resolved.relative_to(root).as_posix() if resolved != root else ""))
                files = self._walk(resolved, root, report, protected, allowed)
            else:
                root = home or resolved.parent
                files = iter([resolved])
            for path in files:
                source = path.relative_to(root).as_posix()
                if not self._included(source):
                    continue
                doc_id = make_doc_id(collection, source)
                if path.is_symlink() and not self.settings.ingest.follow_file_symlinks_outside:
                    target = _resolve(path)
                    if target.exists() and not any(target.is_relative_to(r) for r in allowed):
                        report.files_seen += 1
                        report.files_skipped.append({
                            "path": str(path),
                            "reason": f"symlink to {target}, outside the ingested folders; skipped "
                            "(ingest.follow_file_symlinks_outside = true follows it)",
                        })
                        self.refused.add(doc_id)
                        continue
                if doc_id in found:
                    if found[doc_id].path != path:  # the same file named twice is fine
                        report.files_seen += 1
                        report.fail(str(path), f"same relative path {source!r} as {found[doc_id].path}: ingest these folders into different collections")
                    continue
                report.files_seen += 1
                found[doc_id] = Candidate(path=path, root=root, source=source, doc_id=doc_id)
        return list(found.values()), scopes, protected

    def _walk(
        self, start: Path, root: Path, report: IngestReport, protected: set[tuple[str, str]], allowed: list[Path]
    ) -> Iterator[Path]:
        """Files under `start` in a stable order. Folder symlinks pointing outside `root` are
        followed (once), and their targets join `allowed` (where file links may point); ones
        pointing inside it are aliases and skipped; ones pointing to a folder that contains them
        are loops, reported."""

        def unreadable(exc: OSError) -> None:
            report.fail(str(exc.filename), os_reason(exc))
            if exc.filename and Path(exc.filename).is_relative_to(root):
                protected.add((str(root), Path(exc.filename).relative_to(root).as_posix()))

        visited: set[Path] = set()
        for folder, dirnames, filenames in os.walk(start, followlinks=True, onerror=unreadable):
            here = Path(folder)
            real = here.resolve()
            if real in visited:  # two outside links to one folder
                dirnames.clear()
                continue
            visited.add(real)
            rel = here.relative_to(root).as_posix()
            keep = []
            for name in sorted(dirnames):
                path = here / name
                if path.is_symlink():
                    target = _resolve(path)
                    if real.is_relative_to(target):
                        report.fail(str(path), "symlink loop: the link points to a folder that contains it; skipped")
                        continue
                    if target.is_relative_to(root.resolve()):
                        log.info("%s: a link to %s, which is ingested under its own name; skipped", path, target)
                        continue
                    allowed.append(target)
                if self._included_dir(name if rel == "." else f"{rel}/{name}"):
                    keep.append(name)
            dirnames[:] = keep
            for name in sorted(filenames):
                yield here / name

    def _included(self, source: str) -> bool:
        cfg = self.settings.ingest
        if not any(_match(source, pattern) for pattern in cfg.include):
            return False
        return not any(_match(source, pattern) for pattern in cfg.exclude)

    def _included_dir(self, rel_dir: str) -> bool:
        return not any(_match(f"{rel_dir}/x", pattern) or _match(rel_dir, pattern) for pattern in self.settings.ingest.exclude)

    # -- diffing ------------------------------------------------------------------------------

    def _unchanged_by_stat(self, candidate: Candidate, known: Document | None, info: os.stat_result) -> bool:
        """A committed file at the same place with the same size and modification time is taken as
        unchanged without reading it (as rsync and git do), unless `ingest.verify_unchanged`: a
        pass over a big synced folder then reads only what changed."""
        if self.settings.ingest.verify_unchanged or known is None or not known.sha256 or known.pending:
            return False
        if not parsed_as(known, self.key):  # parsed another way: read it again
            return False
        # The registry's float mtime comes back from Chroma up to a unit in the last place off
        # (~0.2 µs at today's timestamps): equal within a microsecond.
        if known.root != str(candidate.root) or known.size != info.st_size or abs(known.mtime - info.st_mtime) > 1e-6:
            return False
        candidate.size, candidate.mtime, candidate.sha256 = info.st_size, info.st_mtime, known.sha256
        candidate.kind = FileKind(known.kind, known.kind in TEXT_KINDS)
        candidate.status = "unchanged"
        return True

    def diff(
        self, candidates: list[Candidate], registry: dict[str, Document], report: IngestReport, settle_s: float = 0.0
    ) -> list[Candidate]:
        """Hash every candidate and set its status; return those to (re)ingest. Bad files are
        reported here and keep an empty status. A file changed less than `settle_s` ago (its
        mtime or ctime: a copy that keeps the original mtime still moves ctime) may still be being
        written: it is listed in `files_pending` and left as it is, for a later pass."""
        limit = int(self.settings.ingest.max_file_mb * 1_000_000)
        fresh_after = time.time() - settle_s if settle_s > 0 else None
        todo = []
        for candidate in candidates:
            display = str(candidate.path)
            try:
                info = os.stat(candidate.path)  # follows symlinks; ELOOP for a looping one
                if not stat.S_ISREG(info.st_mode):
                    raise DocumentError(display, "not a regular file (a pipe, socket or device); skipped")
                if info.st_size > limit:
                    raise DocumentError(
                        display,
                        f"{info.st_size / 1e6:.1f} MB is over ingest.max_file_mb ({self.settings.ingest.max_file_mb:g} MB); raise the limit to ingest it",
                    )
                if fresh_after is not None and max(info.st_mtime, info.st_ctime) > fresh_after:
                    report.files_pending.append(display)
                    continue
                if self._unchanged_by_stat(candidate, registry.get(candidate.doc_id), info):
                    report.files_unchanged += 1
                    continue
                candidate.kind = detect(candidate.path, display, int(self.settings.ingest.max_unpacked_mb * 1_000_000))
                candidate.sha256 = sha256_file(candidate.path)
            except Unsupported as exc:
                report.files_skipped.append({"path": display, "reason": exc.reason})
                continue
            except DocumentError as exc:
                report.fail(display, exc.reason)
                continue
            except OSError as exc:
                report.fail(display, os_reason(exc))
                continue
            except Exception as exc:  # a checker bug on one odd file must not stop the others
                log.exception("%s: unexpected error while checking", display)
                report.fail(display, f"unexpected error while checking: {type(exc).__name__}: {exc}")
                continue
            candidate.size, candidate.mtime = info.st_size, info.st_mtime
            candidate.version = chunk_version(candidate.sha256, self.key)
            known = registry.get(candidate.doc_id)
            if known is not None and known.root != str(candidate.root) and (Path(known.root) / known.source).is_file():
                report.fail(
                    display,
                    f"{candidate.source!r} is already in this collection from {known.root}: "
                    "ingest this folder into another collection (--collection)",
                )
                continue
            if known is not None and known.sha256 == candidate.sha256 and known.version != candidate.version:
                log.info("%s: unchanged, parsed by another kb or with other chunk settings: reading it again", display)
            elif known is not None and known.sha256 == candidate.sha256:
                candidate.status = "unchanged"
                report.files_unchanged += 1
                if known.root != str(candidate.root) and not report.dry_run:
                    known.root = str(candidate.root)  # the folder moved: the document did not change
                    self.store.update_entry(known)
                continue
            candidate.status = "updated" if known is not None else "added"
            todo.append(candidate)
        return todo


def _resolve(path: Path) -> Path:
    """The real path; a looping link stays as it is (its reading fails later, with the reason)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return path.absolute()


def _match(source: str, pattern: str) -> bool:
    """fnmatch on the path relative to the root; `**/x` also matches `x` at the top level."""
    if fnmatch.fnmatch(source, pattern):
        return True
    return pattern.startswith("**/") and fnmatch.fnmatch(source, pattern[3:])


def within(doc: Document, scopes: set[tuple[str, str]]) -> bool:
    """Whether `doc` lies under one of the (root, folder) scopes ("" is the whole root)."""
    return any(doc.root == root and (not folder or doc.source == folder or doc.source.startswith(folder + "/")) for root, folder in scopes)


def os_reason(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ELOOP:
        return "symlink loop: the link points back to itself"
    if exc.errno == errno.ENOENT:
        return "broken symlink or file vanished while ingesting"
    if exc.errno == errno.EACCES or isinstance(exc, PermissionError):
        return "permission denied: kb cannot read this file"
    return f"cannot read: {exc.strerror or exc}"

