"""Hybrid retrieval: lexical tokenisation, BM25 kept in step with the store, fusion, filters,
diversity, reranking; on the sample corpus with the real model."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kb.records import Hit
from kb.retrieval import Filters, cap_per_document, fuse
from kb.service import KnowledgeBase
from kb.settings import load_settings
from kb.store.lexical import query_expression, query_terms, tokenize
from tests.conftest import ROOT
from tests.support import HashEmbedder

QUESTIONS = [json.loads(line) for line in (ROOT / "corpora" / "sample-questions.jsonl").read_text().splitlines() if line.strip()]


def test_tokenize_keeps_identifiers_and_segments_chinese():
    assert tokenize("Set shared_buffers; run pg_dump, read.csv()") == [
        "set", "shared_buffers", "shared", "buffer", "run", "pg_dump", "pg", "dump", "read.csv", "read", "csv",
    ]
    assert tokenize("出差住宿") == ["出差", "差住", "住宿"]
    assert tokenize("报") == ["报"]
    assert query_terms("what is the shared_buffers?") == ["shared_buffers|shared buffer"]
    # An identifier's parts are folded like words: "max-connections" is found by "connection".
    assert "connection" in tokenize("max-connections: 1024")
    assert query_expression("pg_dump 出差") == '"pg_dump" OR "pg dump" OR "出差"'
    assert query_terms("the") == ["the"]


def _hit(chunk_id: str, doc_id: str, score: float = 0.0) -> Hit:
    return Hit(doc_id=doc_id, chunk_id=chunk_id, source=doc_id, page=None, heading="", score=score, text=chunk_id)


def test_rrf_fuses_ranks_with_weights():
    dense = [_hit("a", "d1", 0.9), _hit("b", "d1", 0.8)]
    lexical = [_hit("b", "d1", 12.0), _hit("c", "d2", 3.0)]
    fused = fuse([("dense", 1.0, dense), ("lexical", 1.0, lexical)], rrf_k=60)
    assert [h.chunk_id for h in fused] == ["b", "a", "c"]
    assert fused[0].score == round(1 / 62 + 1 / 61, 6)
    assert fused[0].explain == {"dense_rank": 2, "dense_score": 0.8, "lexical_rank": 1, "lexical_score": 12.0}
    only_lexical = fuse([("dense", 0.0, dense), ("lexical", 1.0, lexical)], rrf_k=60)
    assert only_lexical[0].chunk_id == "b" and only_lexical[-1].score == 0.0


def test_dense_hits_with_little_prose_are_scaled_down():
    """A sequence alignment or a figure's scattered labels (Infernal's RNA structures, round 37) hold
    few words; an English-only embedding model puts them near any query it reads poorly."""
    from kb.retrieval import prose_share, weigh_prose

    alignment = ("tRNA1 GCGGAUUUAGCUCAGUUGGG.AGAGCGCCAGACUGAAGAUCUGGAGGUCC\n#=GC SS_cons <<<<<<<..<<<<.......>>>>.<<<<<\n"
                 "A U\nC G\nG C\nU A\n5' 3'")
    prose = "--mxsize <x> Set the maximum allowable DP matrix size to <x> megabytes. By default this size is 1028 Mb."
    chinese = "默认情况下，服务器监听本机的所有地址。"
    assert prose_share(alignment) < 0.2 < 0.7 < prose_share(prose) and prose_share(chinese) > 0.7
    assert prose_share("") == 0.0
    for other in ("Die Größe des Puffers wird in Kilobyte angegeben, standardmäßig 512.",
                  "Размер буфера задаётся в килобайтах; по умолчанию 512.", "バッファのサイズはキロバイト単位で指定します。",
                  "버퍼 크기는 킬로바이트 단위로 지정합니다."):
        assert prose_share(other) > 0.7, other  # (prose in any script is prose)
    hits = [Hit(doc_id="d", chunk_id=name, source="guide.pdf", page=1, heading="", score=score, text=text)
            for name, score, text in (("alignment", 0.40, alignment), ("prose", 0.35, prose))]
    assert [h.chunk_id for h in weigh_prose(hits, 0.0)] == ["alignment", "prose"]  # 0: off
    hits.append(Hit(doc_id="d", chunk_id="other", source="guide.pdf", page=2, heading="", score=0.1, text=prose))
    weighed = weigh_prose(hits, 0.3)
    assert [h.chunk_id for h in weighed] == ["prose", "other", "alignment"]
    assert weighed[0].score == 0.35 and "dense_prose" not in weighed[0].explain
    # (ranked last with the list's lowest score: no outlier to squeeze the others' z-scores in fusion)
    assert weighed[2].score == 0.1 and weighed[2].explain["dense_prose"] < 0.2
    # A store of such text alone keeps its ranking (not every hit tied at the lowest score).
    tables = [Hit(doc_id="d", chunk_id=f"t{i}", source="regs.pdf", page=i, heading="", score=0.5 - i / 10,
                  text="STATUS 0x03 IRP RP1 RP0 TO PD Z DC C") for i in range(3)]
    assert [h.score for h in weigh_prose(tables, 0.3)] == [0.5, 0.4, 0.3]


def test_per_document_cap():
    hits = [_hit("a", "d1"), _hit("b", "d1"), _hit("c", "d1"), _hit("d", "d2"), _hit("e", "d3")]
    assert [h.chunk_id for h in cap_per_document(hits, 2, 4)] == ["a", "b", "d", "e"]
    assert len(cap_per_document(hits, 0, 10)) == 5
    # Too few documents: the cap gives way rather than return fewer hits than asked.
    assert [h.chunk_id for h in cap_per_document(hits[:4], 1, 3)] == ["a", "b", "d"]


@pytest.fixture
def sample_kb(sample_store: Path, real_embedder):
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store)})
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        yield kb


def _recall_at(kb: KnowledgeBase, mode: str, language: str, k: int = 5) -> float:
    questions = [q for q in QUESTIONS if q["answerable"] and q["language"] == language]
    found = sum(any(h.source in q["gold_sources"] for h in kb.search(q["question"], k, mode=mode)) for q in questions)
    return found / len(questions)


def test_hybrid_beats_dense_on_chinese_and_keeps_english(sample_kb):
    """all-MiniLM maps Chinese text close together: the lexical side (bigrams) puts the right
    document first far more often; English stays as good as dense."""
    assert _recall_at(sample_kb, "hybrid", "zh", k=1) > _recall_at(sample_kb, "dense", "zh", k=1) + 0.25
    assert _recall_at(sample_kb, "hybrid", "zh") >= 0.8
    assert _recall_at(sample_kb, "hybrid", "en") >= _recall_at(sample_kb, "dense", "en")
    assert _recall_at(sample_kb, "hybrid", "en", k=1) >= _recall_at(sample_kb, "dense", "en", k=1) - 0.06


def test_convex_fusion_keeps_the_retrievers_confidence():
    from kb.retrieval import fuse_convex

    def hit(cid: str, score: float) -> Hit:
        return Hit(doc_id=cid, chunk_id=cid, source=f"{cid}.md", page=None, heading="", score=score, text="")

    dense = [hit("a", 0.82), hit("b", 0.80), hit("c", 0.30)]
    lexical = [hit("c", 9.0), hit("d", 8.9), hit("a", 1.0)]
    fused = fuse_convex([("dense", 1.0, dense), ("lexical", 1.0, lexical)])
    # a: dense 1.0 + lexical 0.0; c: dense 0.0 + lexical 1.0; b: dense 0.96; d: lexical 0.99.
    assert [h.chunk_id for h in fused][:2] in (["a", "c"], ["c", "a"])
    assert {h.chunk_id for h in fused} == {"a", "b", "c", "d"}
    assert fused[0].explain.keys() >= {"dense_rank", "lexical_rank"}
    weighted = fuse_convex([("dense", 3.0, [hit("x", 0.9), hit("y", 0.1)]), ("lexical", 1.0, [hit("y", 5.0), hit("x", 1.0)])])
    assert weighted[0].chunk_id == "x" and weighted[0].score == 0.75


def test_zscore_fusion_lets_the_retriever_whose_top_stands_out_decide():
    from kb.retrieval import fuse_zscore

    def hit(cid: str, score: float) -> Hit:
        return Hit(doc_id=cid, chunk_id=cid, source=f"{cid}.md", page=None, heading="", score=score, text="")

    def evenly() -> list[Hit]:  # dense: no clear winner
        return [hit(c, 0.60 - 0.01 * i) for i, c in enumerate("abcdefghij")]

    def outlier(scale: float = 1.0) -> list[Hit]:  # lexical: one chunk far above the rest
        return [hit("j", 30.0 * scale)] + [hit(c, (2.0 - 0.01 * i) * scale) for i, c in enumerate("abcdefghi")]

    fused = fuse_zscore([("dense", 1.0, evenly()), ("lexical", 1.0, outlier())])
    assert fused[0].chunk_id == "j" and fused[0].explain == {"dense_rank": 10, "dense_score": 0.51, "lexical_rank": 1, "lexical_score": 30.0}
    # Weighted towards dense, the same lists follow dense; scale does not matter, only the shape.
    assert fuse_zscore([("dense", 3.0, evenly()), ("lexical", 1.0, outlier())])[0].chunk_id == "a"
    scaled = fuse_zscore([("dense", 1.0, evenly()), ("lexical", 1.0, outlier(100.0))])
    assert [h.chunk_id for h in scaled] == [h.chunk_id for h in fused]
    # A candidate only one retriever returned gets 0 (no opinion) from the other; one-item lists work.
    assert [h.chunk_id for h in fuse_zscore([("dense", 1.0, [hit("x", 0.5)]), ("lexical", 1.0, [])])] == ["x"]
    # Equal scores (an exact match found in three chunks) count like a top hit each, never by float noise.
    tied = fuse_zscore([("dense", 1.0, [hit("p", 0.7), hit("q", 0.4)]), ("lexical", 1.0, [hit(c, 0.1) for c in "rst"])])
    assert {h.chunk_id: h.score for h in tied if h.chunk_id in "rst"} == {"r": 0.5, "s": 0.5, "t": 0.5}


def test_chinese_question_over_chinese_documents(sample_kb):
    hits = sample_kb.search("去杭州出差的话，每天的餐补是多少？", 3)
    meal = [h for h in hits[:2] if h.source == "报销制度.md"]
    assert meal and "餐补" in meal[0].heading and meal[0].explain["lexical_rank"] == 1


def test_exact_identifier_is_found_lexically(sample_kb):
    hits = sample_kb.search("pg_dump", 3, mode="lexical")
    assert "pg_dump" in hits[0].text and hits[0].source == "oncall-runbook.docx"
    assert "pg_dump" in sample_kb.search("which tool takes the logical backup (pg_dump)?", 1)[0].text


def test_filters_by_source_prefix_glob_and_document(sample_kb):
    assert {h.source for h in sample_kb.search("leave policy", 10, filters=Filters(source="hr-"))} == {"hr-policy.pdf"}
    assert {h.source for h in sample_kb.search("标准", 10, filters=Filters(source="*.docx"))} <= {"oncall-runbook.docx", "新员工入职指南.docx"}
    doc = sample_kb.find_document("product-faq.html")
    assert {h.doc_id for h in sample_kb.search("pricing", 5, filters=Filters(doc_ids=(doc.doc_id,)))} == {doc.doc_id}
    assert sample_kb.search("pricing", 5, filters=Filters(source="no-such/")) == []


def test_diversity_caps_hits_per_document(sample_kb):
    hits = sample_kb.search("database", 10)
    assert max(sum(h.doc_id == d for h in hits) for d in {h.doc_id for h in hits}) <= 3


def test_explain_shows_each_retrievers_rank(sample_kb):
    [hit] = sample_kb.search("shared_buffers", 1)
    assert hit.explain["dense_rank"] >= 1 and hit.explain["lexical_rank"] == 1
    assert "explain" not in sample_kb.search("shared_buffers", 1)[0].to_dict()
    assert sample_kb.search("shared_buffers", 1)[0].to_dict(explain=True)["explain"]["lexical_rank"] == 1


def test_relevance_signal_separates_off_topic_questions(sample_kb):
    retriever = sample_kb.retriever
    for question in ("What is the weather in Paris tomorrow?", "recipe for chocolate cake", "Who won the 2022 World Cup?"):
        assert not retriever.is_relevant(sample_kb.search(question, 5)), question
    answerable = [q for q in QUESTIONS if q["answerable"] and q["language"] == "en"]
    assert all(retriever.is_relevant(sample_kb.search(q["question"], 5)) for q in answerable)
    assert not retriever.is_relevant([])


def test_a_chinese_query_finds_an_english_passage_through_the_glossary(kb, docs):
    """"端口" (port) and "连接" (connection) are searched in English too; the words a Chinese
    question shares with an English manual are otherwise its Latin ones alone."""
    (docs / "ports.md").write_text("# Ports\n\nThe director listens on port 9101.\n")
    (docs / "limits.md").write_text("# Limits\n\nmax-connections: 1024 at once.\n")
    (docs / "backup.md").write_text("# Backups\n\nBackups run every night at two.\n")
    kb.ingest([docs])
    assert kb.retriever.lexical_query("默认端口是多少？") == "默认端口是多少？ port"
    assert [h.source for h in kb.search("默认端口是多少？", 3, mode="lexical")] == ["ports.md"]
    assert [h.source for h in kb.search("最多同时处理多少个连接？", 3, mode="lexical")] == ["limits.md"]
    assert kb.retriever.lexical_query("How many connections?") == "How many connections?"
    kb.retriever.settings.glossary = False
    assert kb.search("默认端口是多少？", 3, mode="lexical") == []


def test_lexical_index_is_rebuilt_when_missing(kb, docs):
    (docs / "a.md").write_text("# A\n\nThe vacuum_cost_limit is 2000.\n")
    kb.ingest([docs])
    path = kb.store.lexical.path
    kb.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    kb.ingest([docs])  # unchanged file: nothing to embed, but the index is made whole again
    assert kb.search("vacuum_cost_limit", 1, mode="lexical")[0].source == "a.md"


def test_reranker_code_path_with_a_locally_built_cross_encoder(tmp_path, settings, real_embedder, docs):
    from sentence_transformers import CrossEncoder

    from kb.models.embedder import resolve_model_path

    folder = tmp_path / "tiny-reranker"
    CrossEncoder(str(resolve_model_path("all-MiniLM-L6-v2")), num_labels=1, local_files_only=True).save(str(folder))
    filler = " ".join(f"Note {i} about the team's week." for i in range(12))  # sections big enough to be chunks
    (docs / "a.md").write_text(f"# A\n\nAlpha handles billing. {filler}\n\n## B\n\nBravo handles search. {filler}\n")
    reranking = settings.with_overrides(retrieval={"reranker": str(folder)})
    with KnowledgeBase(reranking, embedder=real_embedder) as kb:
        kb.ingest([docs])
        hits = kb.search("who handles billing", 2)
        assert all("rerank_score" in h.explain and h.score == h.explain["rerank_score"] for h in hits)
        assert hits[0].score >= hits[1].score
        assert "rerank_score" not in kb.search("billing", 1, rerank=False)[0].explain


def _chunk_hit(index: int, text: str, doc: str = "d", page: int | None = None) -> Hit:
    return Hit(doc_id=doc, chunk_id=f"{doc}-v-{index:05d}", source=f"{doc}.md", page=page, heading="", score=0.0, text=text, chunk_index=index, sha256="v")


def _words(texts: list[str]) -> list[int]:
    return [len(t.split()) for t in texts]


def test_context_packing_merges_adjacent_chunks_and_respects_the_budget():
    from kb.answer.context import pack_context

    a = _chunk_hit(3, "one two three four")
    b = _chunk_hit(4, "three four five six")  # overlaps a by two words
    c = _chunk_hit(9, "far away chunk")
    d = _chunk_hit(0, "other document words", doc="e")
    passages = pack_context([b, c, a, d], budget=12, count_tokens=_words, overhead=1)
    assert [p.text for p in passages] == ["one two three four five six", "far away chunk"]
    assert [h.chunk_index for h in passages[0].hits] == [3, 4]
    assert sum(p.tokens + 1 for p in passages) <= 12  # d (3 + 1) did not fit
    assert pack_context([b, c, a, d], budget=2, count_tokens=_words) == []


def test_context_packing_bridges_two_passages():
    from kb.answer.context import pack_context

    hits = [_chunk_hit(1, "a b"), _chunk_hit(3, "d e"), _chunk_hit(2, "b c d")]
    [passage] = pack_context(hits, budget=100, count_tokens=_words)
    assert passage.text == "a b c d e" and [h.chunk_index for h in passage.hits] == [1, 2, 3]


def test_context_packing_keeps_a_passage_holding_what_the_question_names():
    from functools import partial

    from kb.answer.citations import holds
    from kb.answer.context import pack_context

    hits = [_chunk_hit(0, "upsmon watches power"), _chunk_hit(5, "upsd serves the data"),
            _chunk_hit(9, "drivers talk to hardware"), _chunk_hit(0, "edit upssched.conf for timers", doc="f")]
    plain = pack_context(hits, budget=11, count_tokens=_words)
    assert [p.first.chunk_index for p in plain] == [0, 5, 9]  # the budget ran out before upssched.conf
    needs = [partial(holds, term="upssched.conf"), partial(holds, term="nowhere.conf")]
    kept = pack_context(hits, budget=11, count_tokens=_words, needs=needs)
    # upssched.conf's passage takes the last place; a term no hit holds changes nothing
    assert [p.text for p in kept] == ["upsmon watches power", "upsd serves the data", "edit upssched.conf for timers"]
    assert pack_context(hits, budget=11, count_tokens=_words, needs=needs[1:]) == plain
    # a passage that meets one need keeps its place when another need's passage comes in
    two = [_chunk_hit(0, "alpha one two"), _chunk_hit(5, "beta three four"), _chunk_hit(9, "see a.conf here"),
           _chunk_hit(0, "edit b.conf now", doc="f")]
    both = pack_context(two, budget=9, count_tokens=_words, needs=[partial(holds, term="a.conf"), partial(holds, term="b.conf")])
    assert [p.text for p in both] == ["alpha one two", "see a.conf here", "edit b.conf now"]


def test_context_packing_never_exceeds_the_budget_on_real_hits(sample_kb, real_embedder):
    from kb.answer.context import pack_context

    hits = sample_kb.search("database failover and backups", 20)
    for budget in (50, 200, 700):
        passages = pack_context(hits, budget, real_embedder.count_tokens, overhead=12)
        assert sum(real_embedder.count_tokens([p.text])[0] + 12 for p in passages) <= budget


def test_plural_folding_and_a_stale_index_is_rebuilt(kb, hash_embedder, docs):
    import sqlite3

    (docs / "a.md").write_text("# Languages\n\nThe official languages are French and German.\n")
    kb.ingest([docs])
    assert kb.search("official language", 1, mode="lexical")[0].source == "a.md"
    path = kb.store.lexical.path
    kb.close()
    with sqlite3.connect(path) as db:  # as if written by an older tokenizer
        db.execute("update chunk_terms set terms = 'zzz' ")
        db.execute("pragma user_version = 1")
    with KnowledgeBase(kb.settings, embedder=hash_embedder) as again:
        assert again.store.lexical.stale
        again.ingest([docs])
        assert not again.store.lexical.stale
        assert again.search("official language", 1, mode="lexical")[0].source == "a.md"


def test_very_common_query_terms_are_left_out_of_large_lexical_searches(tmp_path):
    """A term in more than 10% of 1,200 chunks adds nothing to BM25 but makes FTS5 score most of the
    index: it is dropped when a rarer term is left; the results are the same chunks."""
    from kb.store.lexical import LexicalIndex

    index = LexicalIndex(tmp_path / "lexical.sqlite3")
    index.add((f"c{i}", f"d{i}", "s", f"doc{i}.md", f"the service handbook page {i}" + (" failover runbook" if i % 100 == 0 else ""))
              for i in range(1200))
    assert index.plan("service failover").left_out == ("service",)
    assert index.plan("service handbook").left_out == ()  # nothing rarer left: keep them all
    found = index.search("service failover", 20)
    assert {row[0] for row in found} == {f"c{i}" for i in range(0, 1200, 100)}
    small = LexicalIndex(tmp_path / "small.sqlite3")
    small.add([("a", "d", "s", "a.md", "service failover"), ("b", "d", "s", "b.md", "service")])
    assert small.plan("service failover").left_out == ()  # small indexes are never pruned


def test_a_lexical_query_scores_its_rarest_words_within_the_budget(tmp_path):
    """Past the score budget (chunks the kept words match in all), the more common words are left
    out, rarest kept first; identifiers always stay; a write by this or another connection renews
    the cached counts."""
    from kb.store.lexical import LexicalIndex

    index = LexicalIndex(tmp_path / "lexical.sqlite3", score_budget=150)
    # "alpha" in 1 chunk of 10, "beta" 1 of 20, "gamma" 1 of 40, "delta" 1 of 100: 120, 60, 30, 12 chunks
    index.add((f"c{i}", f"d{i}", "s", f"doc{i}.md", " ".join(
        w for w, every in (("alpha", 10), ("beta", 20), ("gamma", 40), ("delta", 100)) if i % every == 0) + f" page{i}")
        for i in range(1200))
    plan = index.plan("alpha beta gamma delta")
    assert plan.left_out == ("alpha",)  # 12 + 30 + 60 = 102 kept; + 120 would pass 150
    assert index.plan("alpha pg_dump").left_out == ()
    assert "pg_dump|pg dump" in index.plan("alpha beta gamma delta pg_dump").kept
    ranked = [row[0] for row in index.search("alpha beta gamma delta", 5)]
    assert ranked[0] == "c0"  # holds all four
    # delta: now in 212 of 1,400 chunks, past the budget alone; alpha still past it with the others
    index.add((f"x{i}", f"x{i}", "s", f"x{i}.md", "delta") for i in range(200))
    assert index.plan("alpha beta gamma delta").left_out == ("alpha", "delta")
    other = LexicalIndex(tmp_path / "lexical.sqlite3", score_budget=150)
    assert other.plan("alpha beta gamma delta").left_out == ("alpha", "delta")
    index.delete("x0")
    for i in range(1, 200):
        other.delete(f"x{i}")  # another connection: the first one's cached counts are stale
    assert index.plan("alpha beta gamma delta").left_out == ("alpha",)
    # A word past the budget alone is never scored: a query of only such words has no lexical hits.
    index.add((f"y{i}", f"y{i}", "s", f"y{i}.md", "omega") for i in range(160))
    assert index.plan("omega").expression == "" and index.search("omega", 5) == []
    assert index.plan("omega delta").kept == ("delta",)


def test_concurrent_searches_share_query_embedding_calls(real_embedder):
    """The server's searches arrive at once: their queries are embedded together, each gets the
    vector it would get alone, and a failure reaches every waiting search."""
    from concurrent.futures import ThreadPoolExecutor

    from kb.models.embedder import QueryBatcher

    batcher = QueryBatcher(real_embedder)
    queries = [f"how do I tune shared_buffers for workload {i}?" for i in range(24)] + ["值班工程师多久响应？"]
    with ThreadPoolExecutor(len(queries)) as pool:
        vectors = list(pool.map(batcher.embed, queries))
    batcher.close()
    for query, vector in zip(queries, vectors):
        assert np.allclose(vector, real_embedder.embed_query(query), atol=1e-5)
    assert 1 <= batcher.batches < len(queries)
    # A search racing close() is still answered, without starting the thread again.
    assert np.allclose(batcher.embed(queries[0]), vectors[0], atol=1e-5) and batcher._thread is None

    class Broken(HashEmbedder):
        def embed_queries(self, texts):
            raise RuntimeError("model gone")

    broken = QueryBatcher(Broken())
    with ThreadPoolExecutor(4) as pool:
        futures = [pool.submit(broken.embed, "q") for _ in range(4)]
    assert all(isinstance(f.exception(), RuntimeError) for f in futures)
    broken.close()
