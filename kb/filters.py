"""Search filters and tags: which documents a search may look in, checked once for every front end.

A filter narrows the documents *before* ranking (kb/store/scope.py turns it into Chroma's `where`
and the lexical index's SQL), so a filtered search still returns top_k passages of the allowed
documents. Fields combine with AND; the values of one field with OR (any of the tags, any of the
kinds). Tags are case-folded and their spaces collapsed, so "Q3 Plans" and "q3  plans" are one tag.

Part of the bottom of the stack: it reads only `kb.errors`, `kb.records` and `kb.settings`.
"""

from __future__ import annotations

import fnmatch
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timezone

from kb.errors import InvalidInput
from kb.records import Document, folder_of
from kb.settings import (
    DOC_ID_MAX_CHARS,
    FILTER_DOC_IDS_MAX,
    FILTER_KINDS_MAX,
    FILTER_SOURCE_MAX_CHARS,
    FILTER_TAGS_MAX,
    KIND_MAX_CHARS,
    TAG_MAX_CHARS,
    TAGS_PER_DOCUMENT_MAX,
)

KIND_PATTERN = rf"^[a-z0-9]{{1,{KIND_MAX_CHARS}}}$"
# A tag as given: no comma or control character, and something besides white space (Python's
# str.isspace() characters, spelled out so that JSON Schema's regex engines read it alike).
_SPACE = "\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
TAG_PATTERN = rf"^[^,\x00-\x1f\x7f]*[^,\x00-\x1f\x7f{_SPACE}][^,\x00-\x1f\x7f]*$"
INSTANT_MAX_CHARS = 64
_KIND = re.compile(KIND_PATTERN)
_TAG = re.compile(TAG_PATTERN)


@dataclass(frozen=True, slots=True)
class Filters:
    """Restrict a search. `source` is a path prefix or a glob (`*`, `?`, `[`); `doc_ids` exact ids;
    `tags` and `kinds` any of them; `modified_after` (inclusive) and `modified_before` (exclusive)
    bound the file's modification time, in seconds since the epoch. Build checked ones with
    `make_filters`."""

    source: str = ""
    doc_ids: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    modified_after: float | None = None
    modified_before: float | None = None

    def __bool__(self) -> bool:
        return bool(self.by_document or self.by_metadata)

    @property
    def by_document(self) -> bool:
        """Whether it names documents (by source or id): resolved against the registry."""
        return bool(self.source or self.doc_ids)

    @property
    def by_metadata(self) -> bool:
        """Whether it filters on what the chunks carry (tags, kind, modification time)."""
        return bool(self.tags or self.kinds or self.modified_after is not None or self.modified_before is not None)


def make_filters(
    *,
    source: str = "",
    doc_ids: Iterable[str] = (),
    tags: Iterable[str] = (),
    kinds: Iterable[str] = (),
    modified_after: str | float | date | None = None,
    modified_before: str | float | date | None = None,
    prefix: str = "filters.",
) -> Filters:
    """Checked, normalised filters; a value out of bounds raises InvalidInput naming its field
    (`filters.tags`, or with `prefix=""` the bare name, as the CLI's options read)."""
    if len(source) > FILTER_SOURCE_MAX_CHARS:
        raise InvalidInput(f"{prefix}source: {len(source)} characters; at most {FILTER_SOURCE_MAX_CHARS}")
    doc_ids = tuple(dict.fromkeys(doc_ids))
    if len(doc_ids) > FILTER_DOC_IDS_MAX:
        raise InvalidInput(f"{prefix}doc_ids: {len(doc_ids)} ids; at most {FILTER_DOC_IDS_MAX}")
    if any(not d or len(d) > DOC_ID_MAX_CHARS for d in doc_ids):
        raise InvalidInput(f"{prefix}doc_ids: each id has 1 to {DOC_ID_MAX_CHARS} characters")
    tags = normalize_tags(tags, f"{prefix}tags", FILTER_TAGS_MAX)
    kinds = tuple(dict.fromkeys(k.strip().lower().lstrip(".") for k in kinds))
    if len(kinds) > FILTER_KINDS_MAX:
        raise InvalidInput(f"{prefix}kinds: {len(kinds)} kinds; at most {FILTER_KINDS_MAX}")
    for kind in kinds:
        if not _KIND.match(kind):
            raise InvalidInput(f"{prefix}kinds: {kind!r} is not a file kind (pdf, docx, md, ...)")
    # An empty range (before <= after) is no error: it matches nothing, as any filter may.
    after = parse_instant(modified_after, f"{prefix}modified_after")
    before = parse_instant(modified_before, f"{prefix}modified_before")
    return Filters(source=source, doc_ids=doc_ids, tags=tags, kinds=kinds, modified_after=after, modified_before=before)


def normalize_tag(tag: str) -> str:
    """A tag as stored and matched: spaces collapsed, case-folded."""
    return " ".join(str(tag).split()).casefold()


def normalize_tags(tags: Iterable[str], field: str, most: int = TAGS_PER_DOCUMENT_MAX) -> tuple[str, ...]:
    """Distinct normalised tags, in order; raises InvalidInput naming `field` for an empty or too
    long tag, one with a comma or a control character, or more than `most`."""
    if isinstance(tags, str):
        tags = [tags]
    found = []
    for raw in tags:
        raw = str(raw)
        # The bound is on the tag as given (case-folding may lengthen it: "ß" is "ss").
        if len(raw) > TAG_MAX_CHARS or not _TAG.match(raw):
            raise InvalidInput(f"{field}: {raw[:80]!r} is not a tag (1 to {TAG_MAX_CHARS} characters, not only "
                               "spaces, no comma or control character)")
        found.append(normalize_tag(raw))
    found = list(dict.fromkeys(found))
    if len(found) > most:
        raise InvalidInput(f"{field}: {len(found)} tags; at most {most}")
    return tuple(found)


def parse_instant(value: str | float | date | None, field: str) -> float | None:
    """Seconds since the epoch of an ISO 8601 date ("2024-05-01", UTC midnight) or date and time
    ("2024-05-01T09:30:00+02:00"; no offset: UTC); None stays None."""
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    else:
        text = str(value).strip()
        try:
            if len(text) > INSTANT_MAX_CHARS or not text[:1].isdigit():
                raise ValueError("not ISO 8601")
            moment = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError as exc:
            raise InvalidInput(f"{field}: {text[:40]!r} is not a date (2024-05-01) or date and time "
                               f"(2024-05-01T09:30:00Z): {exc}") from exc
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def folder_tags(source: str, depth: int) -> tuple[str, ...]:
    """The tags `[ingest] tags_from_folders = depth` gives a document: its top `depth` folder names."""
    if depth <= 0:
        return ()
    names = [n for n in folder_of(source).split("/") if n][:depth]
    tags = [normalize_tag(name) for name in names if len(name) <= TAG_MAX_CHARS and _TAG.match(name)]
    return tuple(dict.fromkeys(tags))


def effective_tags(doc: Document, depth: int) -> list[str]:
    """A document's tags: from its folders and its file (front matter), plus those added by hand
    (`kb tag`, the upload form), less those removed by hand. A hand-made change wins over the file."""
    removed = set(doc.tags_removed)
    tags = [t for t in (*folder_tags(doc.source, depth), *doc.tags_file, *doc.tags_added) if t not in removed]
    return list(dict.fromkeys(tags))[:TAGS_PER_DOCUMENT_MAX]


def add_tags(doc: Document, tags: Iterable[str]) -> None:
    """Tags added by hand (normalised): kept whatever the file says, no longer removed."""
    tags = list(tags)
    doc.tags_added = list(dict.fromkeys([*doc.tags_added, *tags]))
    doc.tags_removed = [t for t in doc.tags_removed if t not in tags]


def remove_tags(doc: Document, tags: Iterable[str]) -> None:
    """Tags removed by hand (normalised): gone, and kept out should the file or its folder give them."""
    tags = list(tags)
    doc.tags_added = [t for t in doc.tags_added if t not in tags]
    doc.tags_removed = list(dict.fromkeys([*doc.tags_removed, *tags]))


def metadata_matcher(filters: Filters) -> Callable[[Document], bool]:
    """Whether a registry entry passes the metadata part of `filters`, as the stores read it
    (kb/store/scope.py): the retriever asks it only to skip a filter that allows every document
    (a Chroma `where` costs time in proportion to what it allows) or none."""
    kinds, tags = frozenset(filters.kinds), frozenset(filters.tags)
    after = None if filters.modified_after is None else math.floor(filters.modified_after)
    before = None if filters.modified_before is None else math.ceil(filters.modified_before)

    def match(doc: Document) -> bool:
        modified = int(doc.mtime)
        return ((not kinds or doc.kind in kinds) and (not tags or not tags.isdisjoint(doc.tags))
                and (after is None or modified >= after) and (before is None or modified < before))

    return match


def document_matcher(filters: Filters) -> Callable[[Document], bool]:
    """Whether a registry entry passes the document part of `filters` (source and doc_ids)."""
    ids = frozenset(filters.doc_ids)
    pattern = filters.source
    is_glob = any(c in pattern for c in "*?[")

    def match(doc: Document) -> bool:
        if ids and doc.doc_id not in ids:
            return False
        if not pattern:
            return True
        return fnmatch.fnmatch(doc.source, pattern) if is_glob else doc.source.startswith(pattern)

    return match
