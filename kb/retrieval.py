"""The retrieval engine the CLI, the HTTP API and generation all call.

Dense (embeddings in Chroma) and lexical (BM25 in SQLite FTS5) rankings are fused (weighted
z-scores by default; min-max convex combination or reciprocal rank fusion by setting), optionally rescored by a cross-encoder, then diversified (at most
`per_document` passages from one document).
"""

from __future__ import annotations

import logging
import re
import statistics
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from kb.errors import InvalidInput, ModelUnavailable
from kb.filters import Filters, document_matcher, metadata_matcher
from kb.lexicon import english_words
from kb.models.embedder import Embedder, QueryBatcher
from kb.records import CJK_IDEOGRAPHS, Hit, heading_and_text
from kb.settings import TOP_K_MAX, RetrievalSettings
from kb.store.chroma import Store
from kb.store.lexical import query_terms, tokenize

log = logging.getLogger(__name__)

MODES = ("dense", "lexical", "hybrid")
_HAN = re.compile(f"[{CJK_IDEOGRAPHS}]")


__all__ = ["MODES", "Filters", "Retriever", "cap_per_document", "fuse", "fuse_convex", "fuse_zscore", "term_coverage"]


# The relevance floor of an embedding model nobody calibrated (all-MiniLM-L6-v2's value); `kb eval
# retrieval` prints a calibrated one for any model.
DEFAULT_MIN_RELEVANCE = 0.3


class Retriever:
    """Hybrid search over one store."""

    def __init__(self, settings: RetrievalSettings, store: Store, embedder: Embedder):
        self.settings = settings
        self.store = store
        self.embedder = embedder
        self._reranker = None
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="kb-lexical")
        self._queries = QueryBatcher(embedder)  # concurrent searches (the server) share model calls

    def close(self) -> None:
        self._queries.close()
        self._pool.shutdown(wait=True)

    def search(
        self,
        query: str,
        *,
        top_k: int | None = None,
        mode: str | None = None,
        filters: Filters | None = None,
        rerank: bool | None = None,
    ) -> list[Hit]:
        """The best passages for `query`. `score` is the fused score in hybrid mode, the cosine
        similarity in dense mode, BM25 in lexical mode, the reranker's score when reranking.
        Each hit's `explain` holds every retriever's rank and score (shown with --explain)."""
        query = query.strip()
        if not query:
            raise InvalidInput("query: must not be empty")
        top_k = top_k or self.settings.top_k
        if not 1 <= top_k <= TOP_K_MAX:
            raise InvalidInput(f"top_k: must be between 1 and {TOP_K_MAX}, got {top_k}")
        mode = mode or self.settings.mode
        if mode not in MODES:
            raise InvalidInput(f"mode: must be one of {', '.join(MODES)}, got {mode!r}")
        rerank = bool(self.settings.reranker) if rerank is None else rerank
        if rerank and not self.settings.reranker:
            raise InvalidInput("rerank: no reranker is configured; set [retrieval] reranker to a CrossEncoder folder")

        # The filter goes to both retrievers, which apply it before ranking: documents named by
        # source or id become a doc_id set (from the registry), tags, kinds and dates are matched on
        # the chunks' own metadata. So a filtered search still fills top_k from the allowed documents.
        doc_ids = self._doc_ids(filters) if filters and filters.by_document else None
        scope = self._scope(filters, doc_ids) if filters and filters.by_metadata else None
        if scope is False:
            return []
        pool = max(self.settings.candidates, top_k, self.settings.rerank_candidates if rerank else 0)
        rankings: list[tuple[str, float, list[Hit]]] = []
        # The lexical search (SQLite) runs in a worker thread while this one embeds and queries Chroma;
        # both release the GIL, so a hybrid search costs about the slower of the two, not their sum.
        # Candidates are bare (ids, document, score): only the hits kept at the end are read whole.
        words = self.lexical_query(query)
        lexical = self._pool.submit(self.store.lexical_search, words, pool, doc_ids, filters=scope, hydrate=False) if mode == "hybrid" else None
        if mode in ("dense", "hybrid"):
            # (read whole when their prose is weighed: the text is what says so)
            floor = self.settings.prose_floor
            dense = self.store.dense(self._queries.embed(query), pool, doc_ids, filters=scope, hydrate=floor > 0)
            rankings.append(("dense", self.settings.dense_weight, weigh_prose(dense, floor)))
        if mode in ("lexical", "hybrid"):
            found = lexical.result() if lexical is not None else self.store.lexical_search(
                words, pool, doc_ids, filters=scope, hydrate=False)
            rankings.append(("lexical", self.settings.lexical_weight, found))
        if mode != "hybrid":
            hits = _single(rankings[0])
        elif self.settings.fusion == "zscore":
            hits = fuse_zscore(rankings)
        elif self.settings.fusion == "convex":
            hits = fuse_convex(rankings)
        else:
            hits = fuse(rankings, self.settings.rrf_k)
        if rerank:
            hits = self._rerank(query, self.store.hydrate(hits[: self.settings.rerank_candidates]))
        return self.store.hydrate(cap_per_document(hits, self.settings.per_document, top_k))

    def lexical_query(self, query: str) -> str:
        """What BM25 searches for `query`: the query, and for a Chinese one the English words of the
        technical nouns it uses ([retrieval] glossary; "端口" searches "port" too). An English
        manual shares no Chinese word with the question, so these and the Latin words the question
        quotes are all BM25 can match."""
        if not self.settings.glossary or not _HAN.search(query):
            return query
        words = english_words(query)
        return f"{query} {' '.join(words)}" if words else query

    @property
    def min_relevance(self) -> float:
        """[retrieval] min_relevance, or with "auto" the value calibrated for the embedding model
        (cosine scores of different models live on different scales)."""
        if self.settings.min_relevance == "auto":
            return getattr(self.embedder, "min_relevance", DEFAULT_MIN_RELEVANCE)
        return self.settings.min_relevance

    def is_relevant(self, hits: list[Hit], query: str = "") -> bool:
        """The relevance signal generation uses to refuse without calling the model. True when a
        hit's dense (cosine) score reaches [retrieval] min_relevance, or when a hit contains at
        least [retrieval] min_term_coverage of the query's terms (two at least): a passage that
        plainly holds the question's words is relevant whatever the embedding thinks of it. A
        lexical-only search has no calibrated score: any hit counts."""
        if not hits:
            return False
        dense = [h.explain["dense_score"] for h in hits if "dense_score" in h.explain]
        if not dense or max(dense) >= self.min_relevance:
            return True
        return bool(query) and max(term_coverage(query, h) for h in hits) >= self.settings.min_term_coverage

    def _scope(self, filters: Filters, doc_ids: list[str] | None) -> Filters | None | bool:
        """The metadata filter the stores should apply: None when it allows every document the
        search may see (no `where` at all: Chroma's filtered query costs in proportion to what it
        allows, 16x an unfiltered one when that is everything), False when it allows none."""
        match, within = metadata_matcher(filters), None if doc_ids is None else set(doc_ids)
        docs = [d for d in self.store.documents(shared=True) if d.sha256 and (within is None or d.doc_id in within)]
        allowed = sum(map(match, docs))
        return False if allowed == 0 else None if allowed == len(docs) else filters

    def _doc_ids(self, filters: Filters) -> list[str]:
        """The committed documents `filters` names by source or id."""
        match = document_matcher(filters)
        return [d.doc_id for d in self.store.documents(shared=True) if d.sha256 and match(d)]

    def _rerank(self, query: str, hits: list[Hit]) -> list[Hit]:
        if not hits:
            return hits
        model = self._cross_encoder()
        scores = model.predict([(query, heading_and_text(h.heading, h.text)) for h in hits], show_progress_bar=False)
        for hit, score in zip(hits, scores):
            hit.explain["rerank_score"] = round(float(score), 6)
            hit.score = round(float(score), 6)
        return sorted(hits, key=lambda h: h.score, reverse=True)

    def _cross_encoder(self):
        if self._reranker is None:
            from sentence_transformers import CrossEncoder

            try:
                self._reranker = CrossEncoder(self.settings.reranker, device="cpu", local_files_only=True)
            except Exception as exc:
                raise ModelUnavailable(f"cannot load reranker from {self.settings.reranker}: {exc}") from exc
            log.info("reranker loaded from %s", self.settings.reranker)
        return self._reranker


def term_coverage(query: str, hit: Hit) -> float:
    """The share of the query's search terms (stop words aside) that the hit's heading and text
    contain; 0 when fewer than two match."""
    terms = query_terms(query)
    if not terms:
        return 0.0
    have = set(tokenize(heading_and_text(hit.heading, hit.text)))
    matched = 0
    for term in terms:
        whole, _, phrase = term.partition("|")
        matched += whole in have or bool(phrase) and all(part in have for part in phrase.split())
    return matched / len(terms) if matched >= 2 else 0.0


# A run of letters, in any script.
_LETTERS = re.compile(r"[^\W\d_]+")


def prose_share(text: str) -> float:
    """The share of a text's non-blank characters that are in words: runs of three letters or more
    with a capital only first ("Ribonuclease", "Größe", "настройка"; not "CUUAACGUUCGG"), and any
    run of a script without capitals (Chinese, Japanese, Korean, Arabic …). About 0.8 for a
    paragraph, code and option lists included; under 0.2 for a sequence alignment, a hex dump or a
    figure's scattered labels."""
    chars = sum(not c.isspace() for c in text)
    if not chars:
        return 0.0
    words = sum(len(run) for run in _LETTERS.findall(text)
                if len(run) >= 3 and run[1:].islower() or run.upper() == run.lower())  # (the second: no capitals at all)
    return words / chars


def weigh_prose(hits: list[Hit], floor: float) -> list[Hit]:
    """Dense hits with those whose `prose_share` is under `floor` ranked after the others, their
    score the list's lowest (their share kept in `explain` as dense_prose). An embedding model sees
    little in such text and places it near every query it reads poorly (a Chinese one, for an
    English-only model): the same alignment or figure chunks otherwise fill the dense top 5 of
    unrelated questions. The lowest score, not a scaled one: a far outlier would squeeze the other
    hits' z-scores in fusion. When all are under it, they stay as they are. 0: as they are."""
    shares = [prose_share(hit.text) for hit in hits] if floor > 0 else []
    if not any(share >= floor for share in shares):
        return hits  # (off; or a store of such text alone: as they are, not all tied)
    low = min(hit.score for hit in hits)
    kept, after = [], []
    for hit, share in zip(hits, shares):
        if share < floor:
            hit.explain["dense_prose"] = round(share, 3)
            hit.score = low
            after.append(hit)
        else:
            kept.append(hit)
    return kept + after


def fuse(rankings: list[tuple[str, float, list[Hit]]], rrf_k: int) -> list[Hit]:
    """Weighted reciprocal rank fusion: score = sum over rankings of weight / (rrf_k + rank)."""
    fused: dict[str, Hit] = {}
    totals: dict[str, float] = {}
    for name, weight, hits in rankings:
        for rank, hit in enumerate(hits, 1):
            kept = fused.setdefault(hit.chunk_id, hit)
            kept.explain[f"{name}_rank"] = rank
            kept.explain[f"{name}_score"] = hit.score
            totals[hit.chunk_id] = totals.get(hit.chunk_id, 0.0) + weight / (rrf_k + rank)
    for chunk_id, hit in fused.items():
        hit.score = round(totals[chunk_id], 6)
    return sorted(fused.values(), key=lambda h: h.score, reverse=True)


def fuse_convex(rankings: list[tuple[str, float, list[Hit]]]) -> list[Hit]:
    """Convex combination of scores: each retriever's scores min-max normalised over its candidates,
    weighted, summed (a candidate a retriever did not return counts 0 there). Unlike RRF it keeps how
    far apart the scores are, so a weak lexical list cannot outvote a confident dense one."""
    return _fuse_normalised(rankings, _min_max)


def fuse_zscore(rankings: list[tuple[str, float, list[Hit]]]) -> list[Hit]:
    """Weighted sum of z-scores: each retriever's scores standardised over its own candidates
    ((score - mean) / standard deviation), weighted, summed. A retriever that did not return a
    candidate adds 0 for it (no opinion: it returned 40 of thousands of chunks); a list of one
    candidate, or of equal scores, gives each 1. Unlike min-max, a retriever's top hit counts by how
    far it stands out from the rest of its list, so a confident ranking (one clear winner) outweighs
    a flat one whichever retriever it comes from."""
    return _fuse_normalised(rankings, _standardised)


def _min_max(scores: list[float]) -> list[float]:
    low, high = min(scores), max(scores)
    return [(s - low) / (high - low) if high > low else 1.0 for s in scores]


def _standardised(scores: list[float]) -> list[float]:
    mean = statistics.fmean(scores)
    spread = statistics.pstdev(scores, mean)
    if spread <= 1e-9 * max(1.0, abs(mean)):  # one candidate, or all equal: each counts 1, like a top hit
        return [1.0] * len(scores)
    return [(s - mean) / spread for s in scores]


def _fuse_normalised(
    rankings: list[tuple[str, float, list[Hit]]], normalise: Callable[[list[float]], list[float]]
) -> list[Hit]:
    """Each retriever's scores normalised over its own candidates, then a weighted mean per chunk
    (a candidate a retriever did not return gets 0 from it). Records each retriever's rank and raw
    score in `explain`."""
    fused: dict[str, Hit] = {}
    totals: dict[str, float] = {}
    weights = sum(weight for _, weight, hits in rankings if hits) or 1.0
    for name, weight, hits in rankings:
        if not hits:
            continue
        for rank, (hit, value) in enumerate(zip(hits, normalise([h.score for h in hits])), 1):
            kept = fused.setdefault(hit.chunk_id, hit)
            kept.explain[f"{name}_rank"] = rank
            kept.explain[f"{name}_score"] = hit.score
            totals[hit.chunk_id] = totals.get(hit.chunk_id, 0.0) + weight * value / weights
    for chunk_id, hit in fused.items():
        hit.score = round(totals[chunk_id], 6)
    return sorted(fused.values(), key=lambda h: h.score, reverse=True)


def _single(ranking: tuple[str, float, list[Hit]]) -> list[Hit]:
    name, _, hits = ranking
    for rank, hit in enumerate(hits, 1):
        hit.explain[f"{name}_rank"] = rank
        hit.explain[f"{name}_score"] = hit.score
    return hits


def cap_per_document(hits: list[Hit], cap: int, top_k: int) -> list[Hit]:
    """The first `top_k` hits with at most `cap` per document (0: no cap), order kept. The cap is
    a preference: when too few documents match, the capped-out hits fill the remaining places."""
    if cap <= 0:
        return hits[:top_k]
    seen: dict[str, int] = {}
    kept, spare = [], []
    for hit in hits:
        seen[hit.doc_id] = seen.get(hit.doc_id, 0) + 1
        (kept if seen[hit.doc_id] <= cap else spare).append(hit)
    if len(kept) < top_k:
        chosen = {id(h) for h in kept + spare[: top_k - len(kept)]}
        kept = [h for h in hits if id(h) in chosen]
    return kept[:top_k]
