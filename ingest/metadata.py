"""The tags a document gets at ingest: its folders' ([ingest] tags_from_folders), its Markdown front
matter's, and those added or removed by hand (`kb tag`, the upload form), which outlive new versions
of the file (kb.filters.effective_tags says how they combine).

Front matter is the YAML block a Markdown file may open with (Jekyll, Hugo, Obsidian, MkDocs):

    ---
    title: Expense policy
    tags: [finance, policy]
    ---

`tags` may be a list or a comma-separated string. The block is read here, in the ingesting process,
from the file's first bytes only, and left out of the text the loader indexes (`strip_front_matter`).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING

from kb.errors import InvalidInput
from kb.filters import add_tags, effective_tags, normalize_tags
from kb.records import METADATA_VERSION, Document

if TYPE_CHECKING:  # kb.service hands the pipeline its store: named here for type hints only
    from kb.store.chroma import Store

log = logging.getLogger(__name__)

FRONT_MATTER_MAX_BYTES = 64 * 1024  # a longer block is not front matter
_FRONT_MATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)(?:\r?\n)?^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M)


def front_matter_tags(path: Path, kind: str) -> list[str]:
    """The normalised `tags` of a Markdown file's front matter; [] for other kinds, for a file
    without front matter, and for front matter that does not parse (logged: the file still goes in)."""
    if kind != "md":
        return []
    try:
        with open(path, "rb") as handle:
            head = handle.read(FRONT_MATTER_MAX_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return []  # the loader reports why the file cannot be read
    match = _FRONT_MATTER.match(head)
    if match is None:
        return []
    import yaml

    try:
        data = yaml.safe_load(match.group(1))
    except yaml.YAMLError as exc:
        log.info("%s: front matter is not YAML (%s); no tags from it", path, str(exc).splitlines()[0])
        return []
    raw = data.get("tags") if isinstance(data, dict) else None
    if isinstance(raw, str):
        raw = raw.split(",")
    if not isinstance(raw, list):
        return []
    try:
        return list(normalize_tags([str(t) for t in raw if str(t).strip()], f"{path.name}: front matter tags"))
    except InvalidInput as exc:
        log.warning("%s; no tags from its front matter", exc)
        return []


def strip_front_matter(text: str) -> str:
    """Markdown text without its front matter block (metadata, not content to search or cite)."""
    match = _FRONT_MATTER.match(text)
    return text[match.end():] if match is not None and match.end() <= FRONT_MATTER_MAX_BYTES else text


def tag_new_version(doc: Document, previous: Document | None, path: Path, tags: tuple[str, ...], depth: int) -> None:
    """Set the tags of a new version of a file: its front matter's and its folders', the hand-made
    changes of the version before kept (`kb tag` survives an edit of the file), plus the run's `tags`."""
    if previous is not None:
        doc.tags_added, doc.tags_removed = list(previous.tags_added), list(previous.tags_removed)
    doc.tags_file = front_matter_tags(path, doc.kind)
    add_tags(doc, tags)
    doc.tags = effective_tags(doc, depth)
    doc.meta_version = METADATA_VERSION


def retag_unchanged(store: Store, unchanged: list[tuple[Document, Path | None]], tags: tuple[str, ...], depth: int) -> None:
    """Unchanged files keep their chunks; their tags follow the run's `tags` and the current
    [ingest] tags_from_folders, written as metadata only (Store.retag: nothing is embedded). A file
    given with its path has its front matter read again (a store from before filter metadata
    recorded none); the others are not opened (an unchanged file may not even have been hashed)."""
    for doc, path in unchanged:
        if not doc.sha256:
            continue
        before = (list(doc.tags), list(doc.tags_file), list(doc.tags_added), list(doc.tags_removed))
        if path is not None:
            doc.tags_file = front_matter_tags(path, doc.kind)
        add_tags(doc, tags)
        doc.tags = effective_tags(doc, depth)
        if (doc.tags, doc.tags_file, doc.tags_added, doc.tags_removed) != before:
            store.retag(doc)
            log.info("%s: tags %s", doc.source, ", ".join(doc.tags) or "none")
