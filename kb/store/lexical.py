"""The lexical index: BM25 over the same chunks as the vector store, in SQLite FTS5.

Text is tokenised by kb (not by SQLite) so English and Chinese both work: words are case-folded,
identifiers such as `shared_buffers`, `pg_dump` or `read.csv` are kept whole *and* split into their
parts, and runs of CJK characters become overlapping character bigrams. The index is a file beside
the embedded store, written in WAL mode so several processes can read it while one writes; it is
updated by the store's write protocol (added, replaced and removed with the chunks), never rebuilt
per query.
"""

from __future__ import annotations

import math
import re
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kb.records import CJK

if TYPE_CHECKING:
    from kb.filters import Filters

_TOKEN = re.compile(rf"[{CJK}]+|[^\W_{CJK}]+(?:[._\-/:][^\W_{CJK}]+|_+[^\W_{CJK}]+)*", re.UNICODE)
_PARTS = re.compile(r"[._\-/:]+|_+")
_SEPARATOR = re.compile(r"[._\-/:]")
_INDEX_TOKEN = re.compile(rf"([{CJK}]+)|[^\W_{CJK}]+(?:[._\-/:][^\W_{CJK}]+|_+[^\W_{CJK}]+)*", re.UNICODE)  # _TOKEN, CJK runs as group 1
_CJK_RUN = re.compile(rf"^[{CJK}]+$")
# Bump when `tokenize` changes: an index written by another version is rebuilt at the next ingest.
TOKENIZER_VERSION = 3
# Only for queries: words that match nearly every chunk and slow an OR query down.
STOPWORDS = frozenset(
    "a an and are as at be by can do does for from had has have how i if in into is it its of on or our "
    "should so that the their them then there these they this to was we were what when where which who "
    "why will with you your".split()
)


def fold(word: str) -> str:
    """English plurals folded to the singular ("languages" -> "language", "policies" -> "policy"),
    so a question and a passage that differ only in number still match. Applied to index and query."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) and word.isalpha():
        return word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Index terms of `text`: lower-cased words (plurals folded), identifiers whole and in parts
    (each part folded: "max-connections" is found by "connection"),
    CJK bigrams. (Called for every chunk written: the per-token work is kept to what a token needs.)"""
    terms: list[str] = []
    append = terms.append
    for match in _INDEX_TOKEN.finditer(text.lower()):
        token = match.group()
        if match.group(1):  # a CJK run
            if len(token) == 1:
                append(token)
            else:
                terms.extend([token[i : i + 2] for i in range(len(token) - 1)])
            continue
        if len(token) > 3 and token[-1] == "s":
            token = fold(token)
        append(token)
        if _SEPARATOR.search(token):
            parts = [fold(p) for p in _PARTS.split(token) if p]
            if len(parts) > 1:
                terms.extend(parts)
    return terms


def query_terms(text: str) -> list[str]:
    """Distinct search terms of a query, stop words dropped (unless nothing else is left). An
    identifier is searched whole or as the phrase of its parts ("pg_dump" or "pg dump"), never as
    its loose parts, which would match every `pg-*` host name."""
    terms: list[str] = []
    for match in _TOKEN.finditer(text.lower()):
        token = match.group()
        if _CJK_RUN.match(token):
            terms.extend(tokenize(token))
            continue
        parts = [fold(p) for p in _PARTS.split(token) if p]
        token = fold(token)
        terms.append(token if len(parts) < 2 else f"{token}|{' '.join(parts)}")
    terms = list(dict.fromkeys(terms))
    kept = [t for t in terms if t not in STOPWORDS]
    return kept or terms


def query_expression(text: str, drop: frozenset[str] = frozenset()) -> str:
    """The FTS5 MATCH expression for a query: its terms OR-ed, each quoted; terms in `drop` left out."""

    alternatives = []
    for term in query_terms(text):
        if term in drop:
            continue
        whole, _, phrase = term.partition("|")
        alternatives.append(f"{_quoted(whole)} OR {_quoted(phrase)}" if phrase else _quoted(whole))
    return " OR ".join(alternatives)


def _quoted(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


COMMON_SHARE = 0.1  # a query word in more than this share of chunks is left out (see LexicalIndex.plan)
SCORE_BUDGET = 20_000  # chunks the kept words of one query may match in all ([store] lexical_budget; LexicalIndex.plan)


@dataclass(frozen=True)
class QueryPlan:
    """What a lexical search scores: the FTS5 MATCH `expression` of the `kept` terms; `left_out`
    are the words too common to be worth it."""

    expression: str
    kept: tuple[str, ...]
    left_out: tuple[str, ...]


class LexicalIndex:
    """BM25 (SQLite FTS5) over chunk texts. `chunk_meta` maps each FTS row to its chunk id, document
    and version, indexed by document so replacing one file never scans the whole index. `doc_meta`
    and `doc_tags` hold what search filters read of each committed document (kind, modification
    time, tags): written when it commits or is tagged, so a filter applies inside the query,
    before ranking."""

    def __init__(self, path: Path, score_budget: int = SCORE_BUDGET):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.score_budget = score_budget
        self._lock = threading.Lock()  # one connection, shared by the ingest and server threads
        self._counts: dict[str, int] = {}  # word -> chunks holding it, counted up to score_budget + 1 (plan)
        self._counts_version = -1  # SQLite's data_version the counts were read at
        self._db = sqlite3.connect(str(path), timeout=30, check_same_thread=False, isolation_level=None)
        self._db.execute("pragma journal_mode=wal")
        self._db.execute("pragma synchronous=normal")
        self._db.executescript(
            """
            create table if not exists chunk_meta (
                id integer primary key, chunk_id text unique not null, doc_id text not null,
                sha256 text not null, source text not null);
            create index if not exists chunk_meta_doc on chunk_meta (doc_id);
            create virtual table if not exists chunk_terms using fts5 (terms, tokenize = "ascii tokenchars '_.-/:'");
            create table if not exists doc_meta (doc_id text primary key, kind text not null, modified integer not null);
            create index if not exists doc_meta_kind on doc_meta (kind, modified);
            create table if not exists doc_tags (tag text not null, doc_id text not null, primary key (tag, doc_id));
            create index if not exists doc_tags_doc on doc_tags (doc_id);
            """
        )
        version = self._db.execute("pragma user_version").fetchone()[0]
        empty = self._db.execute("select count(*) from chunk_meta").fetchone()[0] == 0
        # True when the terms were made by another tokenizer version: rebuild (Store.recover does).
        self.stale = version != TOKENIZER_VERSION and not empty
        if empty:
            self._db.execute(f"pragma user_version = {TOKENIZER_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add(self, rows: Iterable[tuple[str, str, str, str, str]]) -> None:
        """Insert (chunk_id, doc_id, sha256, source, text) rows; a chunk id already there is replaced."""
        rows = list(rows)
        with self._lock, _transaction(self._db):
            self._counts.clear()
            for chunk_id, doc_id, sha256, source, text in rows:
                old = self._db.execute("select id from chunk_meta where chunk_id = ?", (chunk_id,)).fetchone()
                if old is not None:
                    self._db.execute("delete from chunk_terms where rowid = ?", old)
                    self._db.execute("delete from chunk_meta where id = ?", old)
                cursor = self._db.execute(
                    "insert into chunk_meta (chunk_id, doc_id, sha256, source) values (?, ?, ?, ?)",
                    (chunk_id, doc_id, sha256, source),
                )
                self._db.execute(
                    "insert into chunk_terms (rowid, terms) values (?, ?)", (cursor.lastrowid, " ".join(tokenize(text)))
                )

    def delete(self, doc_id: str, keep_sha256: str = "") -> None:
        """Remove a document's chunks, except those of version `keep_sha256` (if given)."""
        with self._lock, _transaction(self._db):
            self._counts.clear()
            ids = self._db.execute(
                "select id from chunk_meta where doc_id = ? and sha256 != ?", (doc_id, keep_sha256)
            ).fetchall()
            self._db.executemany("delete from chunk_terms where rowid = ?", ids)
            self._db.executemany("delete from chunk_meta where id = ?", ids)
            if not keep_sha256:  # the document is gone
                self._db.execute("delete from doc_meta where doc_id = ?", (doc_id,))
                self._db.execute("delete from doc_tags where doc_id = ?", (doc_id,))

    def set_documents(self, rows: Iterable[tuple[str, str, float, Iterable[str]]]) -> None:
        """Record (doc_id, kind, modified, tags) of committed documents, replacing what was there."""
        with self._lock, _transaction(self._db):
            for doc_id, kind, modified, tags in rows:
                self._db.execute("insert or replace into doc_meta (doc_id, kind, modified) values (?, ?, ?)",
                                 (doc_id, kind, int(modified)))
                self._db.execute("delete from doc_tags where doc_id = ?", (doc_id,))
                self._db.executemany("insert or ignore into doc_tags (tag, doc_id) values (?, ?)",
                                     [(tag, doc_id) for tag in tags])

    def documents(self) -> dict[str, tuple[str, int, tuple[str, ...]]]:
        """doc_id -> (kind, modified, tags) of every document recorded, for consistency checks."""
        with self._lock:
            meta = self._db.execute("select doc_id, kind, modified from doc_meta").fetchall()
            tags: dict[str, list[str]] = {}
            for tag, doc_id in self._db.execute("select tag, doc_id from doc_tags order by rowid").fetchall():
                tags.setdefault(doc_id, []).append(tag)
        return {d: (k, m, tuple(sorted(tags.get(d, ())))) for d, k, m in meta}

    def plan(self, query: str) -> QueryPlan:
        """The query's terms that are worth scoring, and the MATCH expression of them.

        FTS5 scores every chunk that holds any term of an OR query, so a common word makes a query
        over a large index slow while adding almost nothing to BM25 (its IDF is near zero). So:
        - a word in more than `score_budget` chunks is left out (it alone would cost more);
        - of the others, a word in more than COMMON_SHARE of the chunks is left out when a rarer
          one is kept (when all are that common, they are kept together);
        - rarest first, words are kept while the chunks they match stay within `score_budget`.
        Identifiers are always kept. A query all of whose words are left out has no lexical
        candidates (at a million chunks, words that common say nothing BM25 could rank by; the
        dense retriever answers it). Counts stop at the budget and are kept until the index
        changes, so a plan costs a few bounded scans, and nothing once cached. Indexes under
        1,000 chunks are never pruned."""
        terms = query_terms(query)
        words = [t for t in terms if "|" not in t]
        with self._lock:
            total = self._db.execute("select max(id) from chunk_meta").fetchone()[0] or 0
            if total < 1000 or not words:
                return QueryPlan(query_expression(query), tuple(terms), ())
            version = self._db.execute("pragma data_version").fetchone()[0]
            if version != self._counts_version or len(self._counts) > 100_000:
                self._counts, self._counts_version = {}, version  # another connection wrote
            for word in words:
                if word not in self._counts:
                    self._counts[word] = self._db.execute(
                        "select count(*) from (select rowid from chunk_terms where chunk_terms match ? limit ?)",
                        (_quoted(word), self.score_budget + 1)).fetchone()[0]
            counts = {word: self._counts[word] for word in words}
        affordable = sorted((w for w in words if counts[w] <= self.score_budget), key=lambda w: counts[w])
        rare = [w for w in affordable if counts[w] <= COMMON_SHARE * total]
        kept, scored = [], 0
        for word in rare or affordable:
            if kept and scored + counts[word] > self.score_budget:
                continue
            kept.append(word)
            scored += counts[word]
        drop = frozenset(w for w in words if w not in kept)
        return QueryPlan(query_expression(query, drop), tuple(t for t in terms if t not in drop),
                         tuple(w for w in words if w in drop))

    def search(self, query: str, limit: int, doc_ids: list[str] | None = None,
               filters: Filters | None = None) -> list[tuple[str, str, str, float]]:
        """(chunk_id, doc_id, sha256, score) best first; score is BM25 (higher is better). Only
        chunks of `doc_ids` (if given) and of documents passing the metadata part of `filters`
        (tags, kinds, modification time) are ranked."""
        expression = self.plan(query).expression
        if not expression or limit <= 0:
            return []
        where, args = _scope(doc_ids, filters)
        if not where:
            # Rank inside FTS5 first (its `rank` is bm25), then join only the winners.
            sql = (
                "select m.chunk_id, m.doc_id, m.sha256, -t.rank from "
                "(select rowid, rank from chunk_terms where chunk_terms match ? order by rank limit ?) t "
                "join chunk_meta m on m.id = t.rowid order by t.rank"
            )
            with self._lock:
                rows = self._db.execute(sql, (expression, limit)).fetchall()
            return [(r[0], r[1], r[2], float(r[3])) for r in rows]
        sql = (
            "select m.chunk_id, m.doc_id, m.sha256, -bm25(chunk_terms) from chunk_terms "
            "join chunk_meta m on m.id = chunk_terms.rowid where chunk_terms match ? "
            f"and {where} order by bm25(chunk_terms) limit ?"
        )
        with self._lock:
            rows = self._db.execute(sql, (expression, *args, limit)).fetchall()
        return [(r[0], r[1], r[2], float(r[3])) for r in rows]

    def clear(self) -> None:
        """Drop every entry; the index then belongs to this tokenizer version."""
        with self._lock, _transaction(self._db):
            self._counts.clear()
            self._db.execute("delete from chunk_terms")
            self._db.execute("delete from chunk_meta")
            self._db.execute("delete from doc_meta")
            self._db.execute("delete from doc_tags")
            self._db.execute(f"pragma user_version = {TOKENIZER_VERSION}")
        self.stale = False

    def count(self) -> int:
        with self._lock:
            return self._db.execute("select count(*) from chunk_meta").fetchone()[0]

    def doc_versions(self) -> dict[str, dict[str, int]]:
        """doc_id -> {sha256: chunks indexed} for every document that has chunks here."""
        held: dict[str, dict[str, int]] = {}
        with self._lock:
            for doc_id, sha256, count in self._db.execute(
                "select doc_id, sha256, count(*) from chunk_meta group by doc_id, sha256"
            ).fetchall():
                held.setdefault(doc_id, {})[sha256] = count
        return held

    def versions(self) -> list[tuple[str, str, str]]:
        """(chunk_id, doc_id, sha256) of every indexed chunk, for consistency checks."""
        with self._lock:
            return self._db.execute("select chunk_id, doc_id, sha256 from chunk_meta").fetchall()


def _scope(doc_ids: list[str] | None, filters: Filters | None) -> tuple[str, list[object]]:
    """The SQL condition (on `chunk_meta m`) and its arguments that keep a search within
    `doc_ids` and the metadata part of `filters`; "" when nothing restricts it."""
    parts: list[str] = []
    args: list[object] = []
    if doc_ids is not None:
        parts.append(f"m.doc_id in ({','.join('?' * len(doc_ids))})")
        args += doc_ids
    if filters is not None:
        meta: list[str] = []
        if filters.kinds:
            meta.append(f"kind in ({','.join('?' * len(filters.kinds))})")
            args += filters.kinds
        if filters.modified_after is not None:
            meta.append("modified >= ?")
            args.append(math.floor(filters.modified_after))
        if filters.modified_before is not None:
            meta.append("modified < ?")
            args.append(math.ceil(filters.modified_before))
        if meta:
            parts.append(f"m.doc_id in (select doc_id from doc_meta where {' and '.join(meta)})")
        if filters.tags:
            parts.append(f"m.doc_id in (select doc_id from doc_tags where tag in ({','.join('?' * len(filters.tags))}))")
            args += filters.tags
    return " and ".join(parts), args


class _transaction:
    """`begin immediate` ... commit, or rollback on error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("begin immediate")

    def __exit__(self, kind, exc, tb) -> None:
        self.db.execute("commit" if kind is None else "rollback")
