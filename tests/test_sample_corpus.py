"""The sample corpus and its questions: every English question finds its source with dense search."""

from __future__ import annotations

import json

from kb.service import KnowledgeBase
from kb.settings import load_settings
from tests.conftest import ROOT

QUESTIONS = [json.loads(line) for line in (ROOT / "corpora" / "sample-questions.jsonl").read_text().splitlines() if line.strip()]


def test_questions_file_is_well_formed():
    sources = {p.name for p in (ROOT / "corpora" / "sample").iterdir()}
    assert len(QUESTIONS) >= 20
    for q in QUESTIONS:
        assert {"id", "question", "answerable", "gold_sources", "answer_keywords"} <= q.keys()
        assert set(q["gold_sources"]) <= sources
        assert q["answerable"] == bool(q["gold_sources"])
    assert {q["language"] for q in QUESTIONS} == {"en", "zh"}
    assert any(not q["answerable"] for q in QUESTIONS)


def test_english_questions_find_their_source(sample_store, real_embedder):
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store)})
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        english = [q for q in QUESTIONS if q["answerable"] and q["language"] == "en"]
        found = 0
        for q in english:
            hits = kb.search(q["question"], top_k=5)
            found += any(h.source in q["gold_sources"] for h in hits)
        assert found / len(english) >= 0.9, f"recall@5 {found}/{len(english)}"


def test_chinese_documents_are_searchable(sample_store, real_embedder):
    """Dense MiniLM is English-centred; a Chinese query close to the text still finds it."""
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store)})
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        hits = kb.search("住宿标准", top_k=3)
        assert any(h.source == "报销制度.md" for h in hits)
        assert all("\ufffd" not in h.text for h in hits)
