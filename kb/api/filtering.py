"""The request and response bodies of search filters and tags (`filters` of /api/search, /api/ask and
/v1/chat/completions; /api/tags; /api/documents/{id}/tags): msgspec Structs whose bounds are those of
kb/settings.py, checked again by kb/filters.py, which makes the filters the service takes."""

from __future__ import annotations

from typing import Annotated

import msgspec

from kb.filters import INSTANT_MAX_CHARS, KIND_PATTERN, TAG_PATTERN, Filters, make_filters
from kb.settings import (
    DOC_ID_MAX_CHARS,
    FILTER_DOC_IDS_MAX,
    FILTER_KINDS_MAX,
    FILTER_SOURCE_MAX_CHARS,
    FILTER_TAGS_MAX,
    TAG_MAX_CHARS,
    TAGS_PER_DOCUMENT_MAX,
)

DocId = Annotated[str, msgspec.Meta(min_length=1, max_length=DOC_ID_MAX_CHARS)]
# A tag as given; kb case-folds it and collapses its spaces (kb/filters.py), and refuses commas.
Tag = Annotated[str, msgspec.Meta(min_length=1, max_length=TAG_MAX_CHARS, pattern=TAG_PATTERN)]
Kind = Annotated[str, msgspec.Meta(pattern=KIND_PATTERN)]
# The schema says date or date-time (kb/api/app.py writes the anyOf); kb parses both, and more of ISO 8601.
Instant = Annotated[str, msgspec.Meta(min_length=1, max_length=INSTANT_MAX_CHARS, examples=["2024-05-01"],
                                      description="ISO 8601 date (UTC midnight) or date and time (no offset: UTC)")]


class SearchFilters(msgspec.Struct, forbid_unknown_fields=True):
    """Which documents a search or an answer may use; applied before ranking. Fields combine with
    AND, the values of `tags`, `kinds` and `doc_ids` with OR."""

    source: Annotated[str, msgspec.Meta(max_length=FILTER_SOURCE_MAX_CHARS, description="Source path prefix or glob",
                                        examples=["handbook/"])] = ""
    doc_ids: Annotated[list[DocId], msgspec.Meta(max_length=FILTER_DOC_IDS_MAX)] = msgspec.field(default_factory=list)
    tags: Annotated[list[Tag], msgspec.Meta(max_length=FILTER_TAGS_MAX, description="Documents with any of these tags",
                                            examples=[["finance"]])] = msgspec.field(default_factory=list)
    kinds: Annotated[list[Kind], msgspec.Meta(max_length=FILTER_KINDS_MAX, description="File kinds: pdf, docx, md, ...",
                                              examples=[["pdf"]])] = msgspec.field(default_factory=list)
    modified_after: Annotated[Instant | None, msgspec.Meta(description="Files modified at or after this")] = None
    modified_before: Annotated[Instant | None, msgspec.Meta(description="Files modified before this")] = None

    def to_filters(self) -> Filters:
        """The checked filters (a bad value is InvalidInput naming its field: a 400)."""
        return make_filters(source=self.source, doc_ids=self.doc_ids, tags=self.tags, kinds=self.kinds,
                            modified_after=self.modified_after, modified_before=self.modified_before)


def filters_of(data: SearchFilters | None) -> Filters | None:
    """The checked filters of a request's `filters` field (None: none given)."""
    return data.to_filters() if data is not None else None


class TagChange(msgspec.Struct, forbid_unknown_fields=True):
    """Tags to add to a document and tags to remove from it (as `kb tag` and `kb tag --remove`)."""

    add: Annotated[list[Tag], msgspec.Meta(max_length=TAGS_PER_DOCUMENT_MAX)] = msgspec.field(default_factory=list)
    remove: Annotated[list[Tag], msgspec.Meta(max_length=TAGS_PER_DOCUMENT_MAX)] = msgspec.field(default_factory=list)


class TagCount(msgspec.Struct):
    """A tag and how many committed documents carry it."""

    tag: str
    documents: int


class TagList(msgspec.Struct):
    tags: list[TagCount]
