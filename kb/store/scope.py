"""Where a filtered search may look, in Chroma's terms, and the writes that keep it current.

Every chunk carries its document's filter keys (`kb.records.filter_metadata`: kind, folder,
modified, tags), so a filter is a Chroma `where` evaluated before the nearest neighbours are
ranked, never a cut after ranking. Tags are one list-valued key matched with `$contains` (Chroma
1.5 stores string lists and updates them in one write); one boolean key per tag would also work but
grows Chroma's metadata index by a key per tag, and a tag's spelling would be limited to what a key
may be. The lexical index applies the same filter in SQL (kb/store/lexical.py).
"""

from __future__ import annotations

import math
from typing import Any

from kb.filters import Filters
from kb.records import Document

_UPDATE_PAGE = 5000  # chunks per metadata update


def chroma_where(doc_ids: list[str] | None, filters: Filters | None) -> dict[str, Any] | None:
    """The `where` clause for chunks of `doc_ids` (None: any) passing the metadata part of `filters`."""
    clauses: list[dict[str, Any]] = []
    if doc_ids is not None:
        clauses.append({"doc_id": {"$in": list(doc_ids)}})
    if filters is not None:
        if filters.tags:
            tags = [{"tags": {"$contains": tag}} for tag in filters.tags]
            clauses.append(tags[0] if len(tags) == 1 else {"$or": tags})
        if filters.kinds:
            clauses.append({"kind": {"$in": list(filters.kinds)}})
        if filters.modified_after is not None:
            clauses.append({"modified": {"$gte": math.floor(filters.modified_after)}})
        if filters.modified_before is not None:
            clauses.append({"modified": {"$lt": math.ceil(filters.modified_before)}})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


def write_chunk_metadata(chunks: Any, doc: Document) -> int:
    """Give every chunk of `doc`'s committed version its current filter keys, in place (the vectors
    and texts are not touched); returns how many chunks were updated."""
    found = chunks.get(where={"$and": [{"doc_id": doc.doc_id}, {"sha256": doc.version}]}, include=[])
    ids = found["ids"]
    meta = doc.chunk_metadata()
    for start in range(0, len(ids), _UPDATE_PAGE):
        page = ids[start : start + _UPDATE_PAGE]
        chunks.update(ids=page, metadatas=[dict(meta) for _ in page])
    return len(ids)


def lexical_row(doc: Document) -> tuple[str, str, float, list[str]]:
    """What the lexical index records of a committed document (LexicalIndex.set_documents)."""
    return doc.doc_id, doc.kind, doc.mtime, doc.tags


def registry_metadata(doc: Document) -> dict[str, Any]:
    """A registry entry as Chroma metadata: an empty list is None (Chroma refuses empty lists, and
    its upsert merges keys, so None is also what removes the last tag)."""
    return {key: (value or None) if isinstance(value, list) else value for key, value in doc.to_dict().items()}
