"""Grounded answers on real GGUFs: Qwen2.5-Coder-0.5B for behaviour, SmolLM2 for plumbing."""

from __future__ import annotations

import json
import re
import threading

import pytest

from kb.errors import InvalidInput, ModelUnavailable
from kb.generation import Answerer, NumberedPassage, _ThinkFilter, is_refusal, parse_citations
from kb.llm import GenerationStats, Sampling, render_gguf_template
from kb.prompting import language, render_chatml
from kb.records import Hit
from kb.retrieval import Passage
from kb.service import KnowledgeBase
from kb.settings import LLMSettings, load_settings
from tests.conftest import MODELS_DIR, cli_runner

pytestmark = pytest.mark.slow
CJK = re.compile(r"[\u4e00-\u9fff]")


def _hit(n: int, source: str = "a.md", text: str = "text", index: int | None = None) -> Hit:
    return Hit(
        chunk_id=f"c{n}", doc_id=f"d-{source}", source=source, title="", page=None, page_end=None, heading="H",
        text=text, score=1.0, chunk_index=index if index is not None else n * 10, sha256="s",
    )


def _numbered(count: int) -> list[NumberedPassage]:
    return [NumberedPassage(n, Passage([_hit(n, f"doc{n}.md")], f"passage {n}", 2)) for n in range(1, count + 1)]


# -- pure functions -------------------------------------------------------------------------------


def test_citations_are_parsed_and_markers_naming_no_passage_are_dropped():
    text, citations = parse_citations("Deploys need two approvals [2]. Rollback uses beaconctl [1, 7]【3】 [9].", _numbered(3))
    assert [c.n for c in citations] == [2, 1, 3]
    assert "[9]" not in text and "[7]" not in text and "[1]" in text and "[3]" in text
    assert citations[0].source == "doc2.md" and citations[0].snippet == "passage 2"
    assert parse_citations("No markers here.", _numbered(2)) == ("No markers here.", [])


def test_refusal_sentence_is_recognised_in_either_language():
    refusals = [LLMSettings().refusal_en, LLMSettings().refusal_zh]
    assert is_refusal("I cannot answer that from the available documents.", refusals)
    assert is_refusal("  根据现有资料无法确定。", refusals)
    assert is_refusal("I cannot answer that from the available documents [1].", refusals)
    assert not is_refusal("Two approvals are needed [1].", refusals)


def test_think_blocks_are_hidden_from_the_stream():
    stream = _ThinkFilter()
    pieces = ["<thi", "nk>reasoning", " more</th", "ink>\n\nThe answer", " is 4 [1].", "<"]
    shown = "".join(stream.feed(p) for p in pieces)
    assert shown == "The answer is 4 [1]."


def test_language_and_sampling_bounds():
    assert language("去北京出差住酒店每晚最多报销多少钱？") == "zh"
    assert language("GitHub 账号没开两步验证会有什么后果？") == "zh"
    assert language("How do I run pg_dump?") == "en"
    settings = LLMSettings()
    assert Sampling.from_settings(settings, temperature=5.0).temperature == settings.temperature_max
    assert Sampling.from_settings(settings, temperature=-1).temperature == 0.0
    assert Sampling.from_settings(settings, max_tokens=10**6).max_tokens == settings.max_tokens_limit
    assert Sampling.from_settings(settings).temperature == 0.2
    with pytest.raises(InvalidInput, match="temperature"):
        Sampling.from_settings(settings, temperature="hot")


# -- templates against the real GGUF ---------------------------------------------------------------


def test_project_chatml_is_byte_identical_to_the_qwen_gguf_template(qwen):
    template = qwen.llm.metadata["tokenizer.chat_template"]
    conversations = [
        [{"role": "system", "content": "Rules.\n\nPassages:\n[1] a.md · H\ntext"}, {"role": "user", "content": "Q?"}],
        [
            {"role": "system", "content": "你是 kb。"},
            {"role": "user", "content": "第一个问题"},
            {"role": "assistant", "content": "回答 [1]。"},
            {"role": "user", "content": "and on Windows?\n"},
        ],
    ]
    for messages in conversations:
        assert render_chatml(messages) == render_gguf_template(template, messages, qwen.llm)


def test_the_prompt_never_overflows_a_tiny_context(smollm2):
    """SmolLM2 with n_ctx 1024: 20 long passages are packed to fit, counted by the model's tokenizer."""
    hits = [_hit(n, f"doc{n}.md", ("The deploy window is Monday to Thursday. " * 25) + f"Fact {n}.") for n in range(20)]
    answerer = Answerer(LLMSettings(max_tokens=200), search=None, is_relevant=None, model=lambda: smollm2, model_name="s")
    numbered, messages = answerer.build_messages(smollm2, "When can we deploy?", [], hits, "en", 200)
    assert 0 < len(numbered) < 20
    assert smollm2.prompt_tokens(messages) <= smollm2.n_ctx - 200
    # ... and the model really runs on that prompt.
    stats = GenerationStats()
    sampling = Sampling.from_settings(LLMSettings(), temperature=0.0, max_tokens=200)
    text = "".join(smollm2.stream(messages, sampling, stats))
    assert text and stats.prompt_tokens + stats.completion_tokens <= smollm2.n_ctx
    with pytest.raises(InvalidInput, match="no room for passages"):
        answerer.build_messages(smollm2, "why? " * 400, [], hits, "en", 200)


def test_streaming_can_be_cancelled(smollm2):
    cancel = threading.Event()
    stats = GenerationStats()
    sampling = Sampling.from_settings(LLMSettings(), temperature=0.0, max_tokens=200)
    pieces = []
    for piece in smollm2.stream([{"role": "user", "content": "Count from one to one hundred."}], sampling, stats, cancel):
        pieces.append(piece)
        if len(pieces) == 3:
            cancel.set()
    assert stats.cancelled and stats.completion_tokens == 3


def test_the_gguf_chat_format_uses_the_models_own_template(tmp_path):
    from kb.llm import LlamaCppModel
    from tests.conftest import installed_model

    settings = LLMSettings(chat_format="gguf", n_ctx=512)
    model = LlamaCppModel("smollm2-135m", installed_model("smollm2-135m"), settings, 8192)
    try:
        messages = [{"role": "user", "content": "Say hello."}]
        assert model.render(messages) != render_chatml(messages) or "<|im_start|>" in model.render(messages)
        stats = GenerationStats()
        text = "".join(model.stream(messages, Sampling.from_settings(settings, temperature=0.0, max_tokens=16), stats))
        assert text.strip() and stats.prompt_tokens > 0
    finally:
        model.close()


# -- behaviour with Qwen2.5-Coder-0.5B on the sample corpus ----------------------------------------


def test_an_english_question_is_answered_with_the_keyword_and_a_citation(sample_kb):
    answer = sample_kb.ask("What is shared_buffers set to on the production Postgres database nodes?", temperature=0.0)
    assert not answer.refused and answer.grounded
    assert "16GB" in answer.answer.replace(" ", "")
    assert any(c.source == "engineering-handbook.md" for c in answer.citations)
    assert answer.usage["prompt_tokens"] > 0 and answer.usage["completion_tokens"] > 0
    assert answer.timings["ttft_ms"] > 0 and answer.timings["tokens_per_s"] > 0


def test_a_chinese_question_gets_a_chinese_answer(sample_kb):
    answer = sample_kb.ask("去北京出差，普通员工住酒店每晚最多可以报销多少钱？", temperature=0.0)
    assert answer.language == "zh" and not answer.refused
    assert "600" in answer.answer
    assert len(CJK.findall(answer.answer)) >= 4
    assert any(c.source == "报销制度.md" for c in answer.citations)


def test_an_unanswerable_question_is_refused_without_calling_the_model(sample_store, real_embedder):
    """The relevance signal refuses first: the configured model does not even exist here."""
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(sample_store / "none")})
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        answer = kb.ask("What was Northwind Labs' total revenue in 2024?")
        assert answer.refused and not answer.citations
        assert answer.answer == settings.llm.refusal_en
        assert answer.timings["ttft_ms"] is None and not kb.chat_model_loaded
        with pytest.raises(ModelUnavailable, match="kb model install"):
            kb.ask("How many approvals does a pull request need?")


def test_the_model_refuses_when_the_passages_do_not_hold_the_answer(sample_kb):
    """With the relevance gate off, the question reaches the model, which answers with the refusal sentence."""
    sample_kb.retriever.settings = sample_kb.settings.retrieval.__class__(min_relevance=-1)
    answer = sample_kb.ask("Does Northwind Labs match employee pension contributions, and by how much?", temperature=0.0)
    assert answer.refused, answer.answer
    assert answer.citations == [] and answer.usage["completion_tokens"] > 0


def test_a_follow_up_is_condensed_into_a_standalone_question(sample_kb):
    history = [
        {"role": "user", "content": "How quickly does a SEV1 page have to be acknowledged?"},
        {"role": "assistant", "content": "A SEV1 page must be acknowledged within 5 minutes [1]."},
    ]
    answer = sample_kb.ask("And if the primary doesn't respond, when does it escalate to the secondary?", history=history, temperature=0.0)
    assert answer.standalone_question != answer.question
    assert re.search(r"escalat", answer.standalone_question, re.I)
    assert "10 minutes" in answer.answer or "10 min" in answer.answer


def test_kb_ask_json_contract(sample_store, real_embedder, qwen):
    invoke = cli_runner(sample_store, real_embedder)
    from click.testing import CliRunner

    from kb.cli import main

    result = CliRunner().invoke(
        main, ["ask", "How quickly does a SEV1 page have to be acknowledged?", "--json", "-t", "0"],
        obj={"embedder": real_embedder, "chat_model": qwen},
        env={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(MODELS_DIR)}, catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) >= {"answer", "refused", "grounded", "citations", "model", "usage", "timings"}
    assert set(data["usage"]) == {"prompt_tokens", "completion_tokens"}
    assert set(data["timings"]) == {"retrieval_ms", "ttft_ms", "generation_ms", "tokens_per_s"}
    assert data["citations"] and set(data["citations"][0]) == {"n", "doc_id", "chunk_id", "source", "page", "heading", "snippet"}
    assert "5 minutes" in data["answer"]
    assert invoke("ask", "What was Northwind Labs' total revenue in 2024?").output.strip().startswith("I cannot answer")
