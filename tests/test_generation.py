"""Grounded answers on real GGUFs: Qwen2.5-Coder-0.5B for behaviour, SmolLM2 for plumbing."""

from __future__ import annotations

import json
import re
import threading

import pytest

from kb.answer.citations import attribute, parse_citations
from kb.answer.context import Passage
from kb.answer.generation import Answerer, _ThinkFilter, is_refusal
from kb.answer.records import NumberedPassage
from kb.answer.prompting import language, render_chatml
from kb.errors import InvalidInput, ModelUnavailable
from kb.models.chat import GenerationStats, Sampling, render_gguf_template
from kb.records import Hit
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


def test_sentences_without_markers_are_attributed_only_to_a_passage_that_holds_them():
    passages = [NumberedPassage(1, Passage([_hit(1)], "The deploy window is Monday to Thursday, 09:00-16:00 UTC.", 9)),
                NumberedPassage(2, Passage([_hit(2)], "shared_buffers: Production 16GB; Staging 4GB", 9)),
                NumberedPassage(3, Passage([_hit(3)], "报销单须在出差结束后15个自然日内提交。", 9))]
    assert attribute("Production shared_buffers is 16GB. Deploy Monday to Thursday.", passages) == (
        "Production shared_buffers is 16GB [2]. Deploy Monday to Thursday [1].")
    # A number no passage has, or words no passage holds: no citation (the answer stays ungrounded).
    assert attribute("Production shared_buffers is 32GB.", passages) == "Production shared_buffers is 32GB."
    assert attribute("The CEO was born in Lisbon.", passages) == "The CEO was born in Lisbon."
    assert attribute("最晚要在15个自然日内把报销单交上去。", passages) == "最晚要在15个自然日内把报销单交上去 [3]。"


def test_refusal_sentence_is_recognised_in_either_language():
    refusals = [LLMSettings().refusal_en, LLMSettings().refusal_zh]
    assert is_refusal("I cannot answer that from the available documents.", refusals)
    assert is_refusal("  根据现有资料无法确定。", refusals)
    assert is_refusal("I cannot answer that from the available documents [1].", refusals)
    assert not is_refusal("Two approvals are needed [1].", refusals)
    # Said in other words, without a citation, it is a refusal too.
    assert is_refusal("The total revenue for Northwind Labs in 2024 is not provided in the given documents.", refusals)
    assert is_refusal("资料中没有提到公司 CEO 的生日。", refusals)
    # ... with an adverb between ("not explicitly stated").
    assert is_refusal("The minimum version of m4 required to run flex is not explicitly stated in the given documents.", refusals)
    assert is_refusal("The given documents do not explicitly mention the version.", refusals)
    assert is_refusal("文档中没有明确说明该版本。", refusals) and is_refusal("文档中未明确提及。", refusals)
    # An answer that says what it does not know after answering is an answer; "not only" is no refusal.
    assert not is_refusal("The heap is 2 KB by default. Its upper limit is not explicitly stated in the given documents.", refusals)
    assert not is_refusal("No. The password is not normally included in the log information.", refusals)
    assert not is_refusal("It is not only mentioned in the documents as a default; it is required.", refusals)
    assert not is_refusal("The limit is not provided per key but per account [2].", refusals)


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
    # Out of bounds is an error naming the bound, never a silent clamp.
    with pytest.raises(InvalidInput, match=r"temperature: 1.5 is outside 0 to 1.0 \(\[llm\] temperature_max\)"):
        Sampling.from_settings(settings, temperature=1.5)
    with pytest.raises(InvalidInput, match="temperature: -1 is outside"):
        Sampling.from_settings(settings, temperature=-1)
    with pytest.raises(InvalidInput, match=r"max_tokens: 8192 is above 2048 \(\[llm\] max_tokens_limit\)"):
        Sampling.from_settings(settings, max_tokens=8192)
    assert Sampling.from_settings(settings, temperature=1.0, max_tokens=2048).max_tokens == 2048
    assert Sampling.from_settings(settings).temperature == 0.2 and Sampling.from_settings(settings).max_tokens == 512
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


def test_a_long_history_and_question_never_overflow_the_context_of_condensing_and_translating(smollm2):
    """SmolLM2 with n_ctx 1024: a history of long turns is condensed from the turns that fit (the
    newest), and one that cannot fit at all, or a question too long to translate, is skipped
    instead of failing the request."""
    answerer = Answerer(LLMSettings(max_tokens=64), search=None, is_relevant=None, model=lambda: smollm2, model_name="s")
    long_turn = "Deploys run Monday to Thursday between nine and four, never on Fridays. " * 60  # ~1,000 tokens
    history = [{"role": "user", "content": long_turn}, {"role": "assistant", "content": long_turn},
               {"role": "user", "content": "Which days can we deploy?"}, {"role": "assistant", "content": "Monday to Thursday [1]."}]
    messages = answerer._condense_prompt(smollm2, "and at what time?", history, "en", 96)
    assert messages is not None and smollm2.prompt_tokens(messages) + 96 <= smollm2.n_ctx
    assert "Which days can we deploy?" in messages[0]["content"] and long_turn not in messages[0]["content"]
    assert answerer.condense("and at what time?", history * 3, "en")  # runs, no context overflow
    assert answerer.condense("and then?", [{"role": "user", "content": long_turn * 3}], "en") == "and then?"
    assert answerer.translate("部署窗口是什么时候？" * 150) == ""  # too long to translate here: searched as written


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
    from kb.models.chat import LlamaCppModel
    from tests.conftest import installed_model

    settings = LLMSettings(chat_format="gguf", n_ctx=512)
    model = LlamaCppModel("smollm2-135m", installed_model("smollm2-135m"), settings, 8192)
    try:
        messages = [{"role": "user", "content": "Say hello."}]
        # SmolLM2's own template adds its default system turn, which the project's ChatML does not.
        own = model.render(messages)
        assert own == ("<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
                       + render_chatml(messages))
        stats = GenerationStats()
        text = "".join(model.stream(messages, Sampling.from_settings(settings, temperature=0.0, max_tokens=16), stats))
        assert text.strip() and stats.prompt_tokens > 0
    finally:
        model.close()


# -- behaviour with Qwen2.5-Coder-0.5B on the sample corpus ----------------------------------------


def test_an_english_question_is_answered_with_the_keyword_and_a_citation(sample_kb):
    answer = sample_kb.ask("What file formats can I export my metric data in?", temperature=0.0)
    assert not answer.refused and answer.grounded, answer.answer
    assert "Parquet" in answer.answer and "CSV" in answer.answer
    assert any(c.source == "product-faq.html" for c in answer.citations)
    assert answer.doubt is None  # doubt_threshold 1.0 (the default): not measured
    assert answer.usage["prompt_tokens"] > 0 and answer.usage["completion_tokens"] > 0
    assert answer.timings["ttft_ms"] > 0 and answer.timings["tokens_per_s"] > 0


def test_a_chinese_question_gets_a_chinese_answer(sample_kb):
    answer = sample_kb.ask("新员工的试用期有多长？", temperature=0.0)
    assert answer.language == "zh" and not answer.refused, answer.answer
    assert "3个月" in answer.answer or "三个月" in answer.answer
    assert len(CJK.findall(answer.answer)) >= 4
    assert any(c.source == "新员工入职指南.docx" for c in answer.citations)


def test_an_unanswerable_question_is_refused_without_calling_the_model(sample_store, real_embedder):
    """The relevance signal refuses first: the configured model does not even exist here."""
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(sample_store / "none")})
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        answer = kb.ask("What is the capital of Mongolia?")
        assert answer.refused and not answer.citations and answer.refused_by == "relevance"
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


DATABASE_PAGE = """<html><head><title>Server configuration</title></head><body>
<h1>Resource consumption</h1>
<p>The cache_size pragma sets the number of database pages held in memory. The default is -2000,
which means about 2,000 KiB. Larger values help read-heavy workloads.</p>
<h2>Write-ahead log</h2>
<p>WAL mode lets readers proceed while one writer appends to the log; a checkpoint moves the log
back into the database file when it reaches 1,000 pages.</p></body></html>"""


def test_a_passage_that_plainly_holds_the_answer_is_never_gated_away(tmp_path, real_embedder, qwen):
    """MiniLM scores the handbook line below min_relevance, but it holds every word of the question."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text(
        "# Team handbook\n\nCode review: every pull request needs two approvals before merge; reviewers check tests, "
        "naming and the changelog entry. Deploys run Monday to Thursday between 09:00 and 16:00 UTC, never on Fridays. "
        "Laptops are encrypted and lock after five idle minutes. Escalations go to the zebra-penguin channel. Office "
        "plants are watered on Tuesdays by the facilities team.\n")
    (docs / "database.html").write_text(DATABASE_PAGE)
    settings = load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store"), "KB_LLM__MODELS_DIR": str(MODELS_DIR)})
    with KnowledgeBase(settings, embedder=real_embedder, chat_model=qwen) as kb:
        kb.ingest([docs])
        hits = kb.search("Which channel do escalations go to?")
        assert max(h.explain.get("dense_score", 0) for h in hits) < kb.retriever.min_relevance  # the old gate
        assert hits[0].source == "handbook.md" and kb.retriever.is_relevant(hits, "Which channel do escalations go to?")
        answer = kb.ask("Which channel do escalations go to?", temperature=0.0)
        assert answer.usage["completion_tokens"] > 0  # the question reached the model
        if not answer.refused:  # Qwen 0.5B sometimes refuses this one itself; the default 1.5B answers it
            assert "zebra-penguin" in answer.answer and [c.source for c in answer.citations] == ["handbook.md"]


def test_a_question_naming_what_no_passage_mentions_is_refused_without_the_model(sample_store, real_embedder):
    """A near miss: shared_buffers is in the handbook, shared_buffers_max (a later version's setting) is not."""
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(sample_store / "none")})
    with KnowledgeBase(settings, embedder=real_embedder) as kb:
        answer = kb.ask("What is the default of shared_buffers_max on the production Postgres nodes?")
        assert answer.refused and not kb.chat_model_loaded and answer.refused_by == "terms"
        assert "shared_buffers_max" in answer.dropped[0]


def test_a_name_one_passage_holds_is_read_from_the_lexical_search_before_the_question_is_refused(tmp_path, smollm2):
    """ReportLab's "What values does the rl_config variable emptyTableAction accept …?" (round 55): the one passage
    that holds the name ranks low in the fused search, for the question and for the name alone (the dense
    retriever prefers the many passages about tables, and pulls it below them), and first in BM25's. Before the
    term check refuses, the answer path reads the lexical search for the name, and the question reaches the
    model with that passage. A name no passage holds is still refused without the model."""
    from kb.models.embedder import open_embedder

    docs = tmp_path / "docs"
    docs.mkdir()
    tables = "\n".join(f"## {i}.{j} Table{'Style' if j % 2 else ''} actions\n\nThe table{i}{j} object handles empty cells and "
                       "actions on tables: " + " ".join(f"cell {k} of row {i} is drawn with style {j}." for k in range(12)) + "\n"
                       for i in range(1, 3) for j in range(1, 9))
    settings_list = " ".join(f"• setting{k}Path: a list of strings naming directories searched for resources of kind {k}."
                             for k in range(12))
    (docs / "guide.md").write_text(f"# Guide\n\n{tables}\n## Useful settings\n\n{settings_list} • emptyTableAction: Controls "
                                   "behaviour for empty tables, can be 'error' (default), 'indicate' or 'ignore'.\n")
    settings = load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store"), "KB_EMBEDDING__MODEL": "multilingual-e5-small"})
    with KnowledgeBase(settings, embedder=open_embedder(settings.embedding)) as kb:
        kb.ingest([docs])
        question = "What values does emptyTableAction accept?"
        for query in (question, "emptytableaction"):  # neither fused search finds it
            assert not any("emptyTableAction" in h.text for h in kb.search(query, 5))
        assert "emptyTableAction" in kb.search("emptytableaction", 5, mode="lexical")[0].text
        events = list(kb.answerer(smollm2).stream(question, max_tokens=8, temperature=0.0))
        sources = next(e.data for e in events if e.kind == "sources")
        assert events[-1].data.refused_by != "terms" and any("emptyTableAction" in p.text for p in sources)
        answer = events[-1].data
        assert answer.timings["ttft_ms"] is not None  # the model was asked
        events = list(kb.answerer(smollm2).stream("What values does emptyRowAction accept?"))
        assert events[-1].data.refused_by == "terms" and events[-1].data.timings["ttft_ms"] is None


def test_the_roll_back_answer_is_a_clean_numbered_list(sample_kb):
    answer = sample_kb.ask("How do I roll back a deploy?", temperature=0.0)
    assert not answer.refused and answer.citations, answer.answer
    assert not re.search(r"^\s*\d+\s*\[\d+\]", answer.answer, re.M), answer.answer  # never "1 [1]. Announce"
    assert any(c.source == "oncall-runbook.docx" for c in answer.citations)


def test_a_follow_up_is_condensed_into_a_standalone_question(sample_kb):
    history = [
        {"role": "user", "content": "What is shared_buffers set to on the production Postgres database nodes?"},
        {"role": "assistant", "content": "On production it is 16GB [1]."},
    ]
    answer = sample_kb.ask("And on staging?", history=history, temperature=0.0)
    assert answer.standalone_question != answer.question
    assert "shared_buffers" in answer.standalone_question and "staging" in answer.standalone_question.lower()


def test_kb_ask_json_contract(sample_store, real_embedder, qwen):
    invoke = cli_runner(sample_store, real_embedder)
    from click.testing import CliRunner

    from kb.cli import main

    result = CliRunner().invoke(
        main, ["ask", "How many weeks of fully paid leave does the secondary caregiver get after a birth or adoption?", "--json", "-t", "0"],
        obj={"embedder": real_embedder, "chat_model": qwen},
        env={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(MODELS_DIR)}, catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) >= {"answer", "refused", "grounded", "citations", "model", "usage", "timings", "attribution"}
    assert set(data["usage"]) == {"prompt_tokens", "completion_tokens"}
    assert set(data["timings"]) == {"retrieval_ms", "ttft_ms", "generation_ms", "tokens_per_s", "verify_ms"}
    assert data["citations"] and set(data["citations"][0]) == {"n", "doc_id", "chunk_id", "source", "page", "heading", "snippet", "ocr_confidence", "page_end"}
    assert "10 weeks" in data["answer"] and data["citations"][0]["source"] == "hr-policy.pdf"
    assert data["citations"][0]["page"] == 4
    assert invoke("ask", "What is the capital of Mongolia?").output.strip().startswith("I cannot answer")


# -- the OpenAI-compatible backend against a real llama.cpp server ---------------------------------


def test_the_openai_backend_streams_from_a_llama_cpp_server(llama_server, tmp_path, hash_embedder):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploys.md").write_text("# Deploys\n\nProduction deploys happen from Monday to Thursday.\n")
    settings = load_settings(environ={
        "KB_STORE__PATH": str(tmp_path / "store"), "KB_RETRIEVAL__MIN_RELEVANCE": "-1", "KB_LLM__BACKEND": "openai",
        "KB_LLM__BASE_URL": llama_server, "KB_LLM__API_MODEL": "smollm2", "KB_LLM__N_CTX": "2048", "KB_LLM__MAX_TOKENS": "48",
    })
    with KnowledgeBase(settings, embedder=hash_embedder) as kb:
        kb.ingest([docs])
        events = list(kb.ask_stream("When do production deploys happen?", temperature=0.0))
        kinds = [e.kind for e in events]
        assert kinds[0] == "sources" and kinds[-1] == "done" and kinds.count("token") >= 2
        answer = events[-1].data
        assert answer.model == "smollm2" and answer.answer
        assert answer.usage["completion_tokens"] >= 2 and answer.timings["ttft_ms"] > 0
    unreachable = settings.with_overrides(llm={"base_url": "http://127.0.0.1:9/v1"})
    with KnowledgeBase(unreachable, embedder=hash_embedder) as kb:
        with pytest.raises(ModelUnavailable, match="cannot reach the model server at http://127.0.0.1:9/v1"):
            kb.ask("When do production deploys happen?")


def test_eval_answers_compares_models_side_by_side(sample_store, real_embedder, qwen, tmp_path):
    from click.testing import CliRunner

    from kb.cli import main

    questions = tmp_path / "questions.jsonl"
    questions.write_text(
        json.dumps({"id": "a", "question": "What file formats can I export my metric data in?", "answerable": True,
                    "gold_sources": ["product-faq.html"], "answer_keywords": ["CSV", "Parquet"]}) + "\n"
        + json.dumps({"id": "u", "question": "What is the capital of Mongolia?", "answerable": False, "gold_sources": []}) + "\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        main, ["eval", "answers", "--questions", str(questions), "--model", "qwen2.5-coder-0.5b", "--model", "smollm2-135m",
               "--out", str(tmp_path / "out"), "--json"],
        obj={"embedder": real_embedder, "chat_model": qwen}, catch_exceptions=False,  # Qwen is not loaded again
        env={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(MODELS_DIR), "KB_LLM__TEMPERATURE": "0"},
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["model"] for r in data["runs"]] == ["qwen2.5-coder-0.5b", "smollm2-135m"]
    assert data["sampling"]["temperature"] == 0.0
    qwen = data["runs"][0]["metrics"]
    assert qwen["keyword_accuracy"] == 1.0 and qwen["citation_accuracy"] == 1.0
    assert qwen["refusal_recall"] == 1.0 and qwen["refusal_precision"] == 1.0
    assert qwen["tokens_per_s"] > 0 and qwen["ttft_ms_p50"] > 0 and qwen["peak_rss_mb"] > 100
    assert (tmp_path / "out" / "answers.png").stat().st_size > 1000
    assert (tmp_path / "out" / "answers.json").is_file()


def test_a_chinese_question_finds_an_english_passage_through_its_translation(tmp_path, real_embedder, qwen):
    """all-MiniLM-L6-v2 reads English only: with translate_questions the model's English version of
    the question is searched too, so the English handbook line is found, where the Chinese question
    alone finds nothing MiniLM would call relevant."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text(
        "# Office\n\nVisitor parking is on level B2 of the north garage; register the licence plate at the "
        "front desk before 10:00.\n")
    (docs / "database.html").write_text(DATABASE_PAGE)
    question = "访客应该把车停在哪里？"
    environ = {"KB_STORE__PATH": str(tmp_path / "store"), "KB_LLM__MODELS_DIR": str(MODELS_DIR),
               "KB_EMBEDDING__MODEL": "all-MiniLM-L6-v2", "KB_LLM__TRANSLATE_QUESTIONS": "false"}
    with KnowledgeBase(load_settings(environ=environ), embedder=real_embedder, chat_model=qwen) as kb:
        kb.ingest([docs])
        assert not kb.retriever.is_relevant(kb.search(question), question)  # the question as asked: gated
        assert kb.ask(question, temperature=0.0).refused_by == "relevance"
    environ["KB_LLM__TRANSLATE_QUESTIONS"] = "true"
    with KnowledgeBase(load_settings(environ=environ), embedder=real_embedder, chat_model=qwen) as kb:
        answer = kb.ask(question, temperature=0.0)
        assert language(answer.search_question) == "en" and "park" in answer.search_question.lower(), answer.search_question
        assert kb.search(answer.search_question)[0].source == "handbook.md"
        assert answer.refused_by != "relevance" and answer.usage["completion_tokens"] > 0
        if not answer.refused:  # Qwen 0.5B may still refuse; the default 1.5B answers
            assert "B2" in answer.answer and [c.source for c in answer.citations] == ["handbook.md"]


def test_the_second_pass_checks_an_answer_and_keeps_what_it_refuses(sample_store, real_embedder, qwen):
    """[llm] verify: after the answer, one more turn asks the model whether the passages state it.
    Off by default (Qwen2.5-Coder-1.5B approved its own near-miss answers too); on, every answer the
    first pass gave carries a verdict, and a "no" becomes the refusal with the answer kept in `dropped`."""
    environ = {"KB_STORE__PATH": str(sample_store), "KB_EMBEDDING__MODEL": "all-MiniLM-L6-v2", "KB_LLM__VERIFY": "true"}
    with KnowledgeBase(load_settings(environ=environ), embedder=real_embedder, chat_model=qwen) as kb:
        answer = kb.ask("What file formats can I export my metric data in?", temperature=0.0)
        assert answer.verified is not None and answer.timings["verify_ms"] > 0, answer.to_dict()
        if answer.verified:
            assert not answer.refused and answer.citations
        else:
            assert answer.refused and answer.refused_by == "verify" and "Parquet" in answer.dropped[-1]
    with KnowledgeBase(load_settings(environ={**environ, "KB_LLM__VERIFY": "false"}), embedder=real_embedder,
                       chat_model=qwen) as kb:
        answer = kb.ask("What file formats can I export my metric data in?", temperature=0.0)
        assert answer.verified is None and answer.timings["verify_ms"] is None


def test_the_refusal_probability_is_measured_without_changing_the_answer(qwen):
    """Teacher forcing the refusal's first tokens leaves the KV cache so that the answer that follows
    is exactly the one a fresh prompt gives; and the probability tracks what the passages hold."""
    answerer = Answerer(LLMSettings(), search=None, is_relevant=None, model=lambda: qwen, model_name="q")
    holds = [_hit(1, "handbook.md", "Laptops lock after five idle minutes. Escalations go to the zebra-penguin channel.")]
    lacks = [_hit(1, "handbook.md", "Office plants are watered on Tuesdays by the facilities team.")]
    _, answerable = answerer.build_messages(qwen, "Which channel do escalations go to?", [], holds, "en", 64)
    _, unanswerable = answerer.build_messages(qwen, "Which channel do escalations go to?", [], lacks, "en", 64)
    sampling = Sampling.from_settings(LLMSettings(), temperature=0.0, max_tokens=24)
    qwen.stream([{"role": "user", "content": "Say hello."}], sampling, GenerationStats()).close()  # another prompt in the cache
    fresh = "".join(qwen.stream(answerable, sampling, GenerationStats()))
    p_answerable = answerer.doubt(qwen, answerable, "en")
    after = "".join(qwen.stream(answerable, sampling, GenerationStats()))
    p_unanswerable = answerer.doubt(qwen, unanswerable, "en")
    assert after == fresh and "zebra-penguin" in fresh
    assert 0.0 <= p_answerable < p_unanswerable <= 1.0, (p_answerable, p_unanswerable)
    # The same prompt scores the same from the cache (up to the float noise of another batch split).
    assert answerer.doubt(qwen, answerable, "en") == pytest.approx(p_answerable, abs=0.02)


def test_a_question_the_model_doubts_is_refused_before_generating(sample_store, real_embedder, qwen):
    settings = load_settings(environ={"KB_STORE__PATH": str(sample_store), "KB_LLM__MODELS_DIR": str(MODELS_DIR),
                                      "KB_LLM__DOUBT_THRESHOLD": "0"})
    with KnowledgeBase(settings, embedder=real_embedder, chat_model=qwen) as kb:
        answer = kb.ask("What file formats can I export my metric data in?")
        assert answer.refused and answer.refused_by == "doubt" and answer.doubt is not None
        assert answer.usage["completion_tokens"] == 0 and answer.answer == settings.llm.refusal_en
    with KnowledgeBase(settings.with_overrides(llm={"doubt_threshold": 0.999}), embedder=real_embedder, chat_model=qwen) as kb:
        answer = kb.ask("What file formats can I export my metric data in?", temperature=0.0)
        assert not answer.refused and 0.0 <= answer.doubt < 0.999 and "Parquet" in answer.answer
        # Its prompt evaluation is the start of the answer: the time to the first token includes it.
        assert answer.timings["ttft_ms"] > 0 and answer.timings["generation_ms"] >= answer.timings["ttft_ms"]
