"""The retrieval evaluation harness: metric definitions, question parsing, and `kb eval retrieval`."""

from __future__ import annotations

import json

import pytest

from kb.errors import InvalidInput
from kb.evaluation import Question, calibrate, evaluate, is_relevant, load_questions, markdown_table
from kb.records import Hit
from tests.conftest import ROOT


def _hit(source: str, page: int | None = None, score: float = 1.0) -> Hit:
    return Hit(doc_id=source, chunk_id=f"{source}-{page}", source=source, page=page, heading="", score=score, text="")


def test_relevance_by_source_and_page_window():
    q = Question("q", "?", True, ("guide.pdf",), (10,))
    assert is_relevant(_hit("guide.pdf", 11), q) and is_relevant(_hit("guide.pdf", 9), q)
    assert not is_relevant(_hit("guide.pdf", 12), q)
    assert is_relevant(_hit("manuals/guide.pdf", 10), q)
    assert not is_relevant(_hit("other.pdf", 10), q)
    assert is_relevant(_hit("a.md"), Question("q", "?", True, ("a.md",)))


def test_metrics_on_known_rankings():
    questions = [
        Question("1", "first", True, ("a.md",), language="en"),
        Question("2", "second", True, ("b.md",), language="en"),
        Question("3", "none", False, (), language="en"),
    ]
    rankings = {"first": [_hit("a.md")], "second": [_hit("x.md"), _hit("y.md"), _hit("b.md")], "none": [_hit("x.md")]}
    for hits, dense in ((rankings["first"], 0.7), (rankings["second"], 0.5), (rankings["none"], 0.1)):
        hits[0].explain["dense_score"] = dense
    [result] = evaluate(questions, {"fake": lambda q: rankings[q]})
    m = result.metrics["all"]
    assert (m["recall@1"], m["recall@5"], m["questions"]) == (0.5, 1.0, 2)
    assert m["mrr"] == pytest.approx((1 + 1 / 3) / 2, abs=1e-4)
    assert m["ndcg@10"] == pytest.approx((1 + 0.5) / 2, abs=1e-4)
    assert (result.best_score_answerable, result.best_score_unanswerable) == (0.6, 0.1)
    assert result.suggested_min_relevance == 0.3
    assert "| fake | all | 2 | 0.500 | 1.000 |" in markdown_table([result])


def test_calibration_picks_the_separating_threshold():
    assert calibrate([0.4, 0.5, 0.7], [0.1, 0.17]) == 0.285
    assert calibrate([0.5], []) is None
    # Not separable: the threshold still maximises balanced accuracy.
    assert 0.4 < calibrate([0.45, 0.6, 0.7], [0.5, 0.1]) <= 0.55


def test_bad_question_lines_are_named(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text('{"id": 1, "question": "ok", "gold_sources": ["a"]}\n{"id": 2}\n')
    with pytest.raises(InvalidInput, match=r"q.jsonl:2: bad question line \(KeyError"):
        load_questions(path)
    path.write_text('{"id": 1, "question": "ok", "answerable": true}\n')
    with pytest.raises(InvalidInput, match="q.jsonl:1: an answerable question needs gold_sources"):
        load_questions(path)


def test_kb_eval_retrieval_on_the_sample_corpus(run_cli, sample_store, tmp_path):
    import shutil

    shutil.copytree(sample_store, tmp_path / "store")  # run_cli's store: --corpus ingests incrementally, nothing again
    out = tmp_path / "eval"
    result = run_cli(
        "eval", "retrieval", "--questions", str(ROOT / "corpora" / "sample-questions.jsonl"),
        "--corpus", str(ROOT / "corpora" / "sample"), "--out", str(out), "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    modes = {run["mode"]: run for run in data["runs"]}
    assert set(modes) == {"dense", "lexical", "hybrid", "hybrid+rerank"}
    assert modes["hybrid+rerank"]["skipped"].startswith("skipped")
    assert modes["hybrid"]["metrics"]["all"]["recall@5"] >= modes["dense"]["metrics"]["all"]["recall@5"]
    assert set(modes["hybrid"]["metrics"]) == {"all", "en", "zh"}
    assert json.loads((out / "retrieval.json").read_text()) == data
    assert (out / "retrieval.png").read_bytes()[:4] == b"\x89PNG"


def test_answer_metrics_count_gold_citations_per_answer_false_refusals_and_latency():
    from kb.evaluation import evaluate_answers

    questions = [Question("a", "q1", True, ("guide.pdf",), answer_keywords=("csv",)),
                 Question("b", "q2", True, ("faq.html",), answer_keywords=("parquet",)),
                 Question("c", "q3", True, ("faq.html",)),
                 Question("n", "near miss", False, ())]
    replies = {
        "a": {"answer": "Export as CSV [1][2].", "refused": False, "grounded": True,
              "citations": [{"source": "docs/guide.pdf"}, {"source": "other.md"}]},
        "b": {"answer": "Export as JSON [1].", "refused": False, "grounded": True, "citations": [{"source": "other.md"}]},
        "c": {"answer": "I cannot answer that.", "refused": True, "grounded": False, "citations": []},
        "n": {"answer": "I cannot answer that.", "refused": True, "grounded": False, "citations": []},
    }

    def ask(question):
        timings = {"retrieval_ms": 10.0, "ttft_ms": None, "generation_ms": 0.0 if replies[question.id]["refused"] else 990.0,
                   "tokens_per_s": None}
        return {**replies[question.id], "timings": timings}

    metrics = evaluate_answers(questions, ask, "m", lambda: 1.0).metrics
    assert metrics["citation_accuracy"] == 0.5  # a cites a gold source (among others), b does not; c refused
    assert metrics["keyword_accuracy"] == 0.5
    assert metrics["false_refusals"] == round(1 / 3, 4) and metrics["refusal_recall"] == 1.0
    assert metrics["refusal_precision"] == 0.5
    assert metrics["latency_ms_p50"] == 1000.0  # nearest rank of 10, 10, 1000, 1000: retrieval + generation


def test_a_citation_of_a_one_file_corpus_counts_only_on_a_gold_page():
    """In a corpus of one PDF every citation names the gold file: the page decides (±1, as for hits)."""
    from kb.evaluation import cites_gold

    question = Question("p", "q", True, ("manual.pdf",), gold_pages=(42,))
    assert cites_gold({"source": "manual.pdf", "page": 43}, question)
    assert not cites_gold({"source": "manual.pdf", "page": 7}, question)
    assert cites_gold({"source": "manual.pdf", "page": 40, "page_end": 41}, question)
    assert cites_gold({"source": "manual.pdf", "page": None}, question)  # no page known: the file decides
    assert not cites_gold({"source": "other.pdf", "page": 42}, question)


def test_a_citation_of_a_passage_over_several_pages_carries_its_last_page():
    """A passage of pp. 158-160 is cited as such ("page" 158, "page_end" 160), so an answer whose fact
    is on p. 160 cites its page, and the reader sees the range."""
    from kb.answer.context import Passage
    from kb.answer.records import NumberedPassage
    from kb.evaluation import cites_gold

    hits = [Hit(chunk_id=f"c{p}", doc_id="d", source="manual.pdf", title="", page=p, page_end=p, heading="CPLEX LP Format",
                text="t", score=1.0, chunk_index=p, sha256="s") for p in (158, 159, 160)]
    citation = NumberedPassage(1, Passage(hits, "the default name obj", 3)).citation().to_dict()
    assert (citation["page"], citation["page_end"]) == (158, 160)
    assert cites_gold(citation, Question("g", "q", True, ("manual.pdf",), gold_pages=(160,)))
    assert not cites_gold({**citation, "page_end": None}, Question("g", "q", True, ("manual.pdf",), gold_pages=(160,)))


def test_a_keyword_is_not_found_in_a_citation_marker():
    from kb.evaluation import keyword_hit

    assert not keyword_hit("The default priority is err [1][3].", ("3",))
    assert keyword_hit("The default priority is 3 [1].", ("3",))
    assert keyword_hit("默认为 3【1】。", ("3",)) and not keyword_hit("默认为 err【3】。", ("3",))


def test_a_keyword_matches_typographic_quotes_as_plain_ones():
    from kb.evaluation import keyword_hit

    assert keyword_hit("Relative to the configuration file’s directory [1].", ("configuration file's directory",))
    assert keyword_hit("It prints “done”.", ('"done"',)) and not keyword_hit("It prints done.", ('"done"',))
