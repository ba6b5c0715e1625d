"""The answer stream's control flow, with a scripted chat model that implements the ChatModel
interface (replies chosen by rule, so each path runs deterministically): a Chinese question the
model refuses is asked again in English, and a refusal that is retried never reaches the stream."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from kb.answer.generation import Answerer
from kb.models.chat import GenerationStats, Message, Sampling
from kb.records import Hit
from kb.settings import LLMSettings

PASSAGE = "To manage printers centrally, point a web browser to https://www.intern:631 (CUPS)."


class ScriptedChat:
    """Replies by rule: the refusal to a Chinese question, the translation of it, and an English
    answer (or the English refusal, with `refuse_english`)."""

    name = "scripted"
    n_ctx = 4096

    def __init__(self, refuse_english: bool = False):
        self.refuse_english = refuse_english
        self.prompts: list[str] = []

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(t) // 3 + 1 for t in texts]

    def prompt_tokens(self, messages: list[Message]) -> int:
        return sum(self.count_tokens([m["content"] for m in messages]))

    def stream(self, messages: list[Message], sampling: Sampling, stats: GenerationStats,
               cancel: threading.Event | None = None) -> Iterator[str]:
        user = messages[-1]["content"]
        self.prompts.append(user)
        settings = LLMSettings()
        if user.startswith("Translate the question into English"):
            reply = "Which address opens the CUPS interface for central printer management?"
        elif "问题：" in user:
            reply = settings.refusal_zh
        else:
            reply = settings.refusal_en if self.refuse_english else "Open https://www.intern:631 in a browser [1]."
        for i in range(0, len(reply), 4):
            yield stats.record(reply[i : i + 4], 0.0)
        stats.stopped = True

    def continuation_probability(self, messages, text, max_tokens=4):
        return None

    def close(self) -> None:
        pass


def _answerer(model: ScriptedChat, **settings) -> Answerer:
    hit = Hit(chunk_id="c1", doc_id="d1", source="manual.pdf", title="", page=40, page_end=None, heading="Printing",
              text=PASSAGE, score=1.0, chunk_index=1, sha256="s")
    return Answerer(LLMSettings(**settings), search=lambda q, k: [hit], is_relevant=lambda hits, q: True,
                    model=lambda: model, model_name=model.name)


def _run(answerer: Answerer, question: str):
    events = list(answerer.stream(question))
    tokens = "".join(e.data for e in events if e.kind == "token")
    return tokens, events[-1].data, [e.kind for e in events]


def test_a_refused_chinese_question_is_answered_in_english_and_the_refusal_never_streams():
    model = ScriptedChat()
    tokens, answer, kinds = _run(_answerer(model), "集中管理打印机时，应在浏览器中打开哪个地址的 CUPS 管理界面？")
    assert not answer.refused and "631" in answer.answer and [c.n for c in answer.citations] == [1]
    assert tokens == "Open https://www.intern:631 in a browser [1]." and "无法确定" not in tokens
    assert answer.search_question.startswith("Which address") and answer.language == "zh"
    # (what it translated is kept for the checks that read the user's own words; not in the response)
    assert answer.translated_from == "集中管理打印机时，应在浏览器中打开哪个地址的 CUPS 管理界面？"
    assert "translated_from" not in answer.to_dict()
    assert kinds.count("sources") == 1 and kinds[-1] == "done"
    assert len(model.prompts) == 3  # the translation (searched too), the Chinese answer, the English answer
    assert sum(p.startswith("Translate the question") for p in model.prompts) == 1  # translated once, reused


def test_kb_s_own_generations_are_not_held_to_a_request_s_token_bound():
    """A deployment may allow answers of a few tokens ([llm] max_tokens_limit = 8): the translation
    kb makes for itself (96 tokens at most) is kb's, not the request's, so it still runs."""
    model = ScriptedChat()
    answerer = _answerer(model, max_tokens=8, max_tokens_limit=8)
    events = list(answerer.stream("集中管理打印机时，应在浏览器中打开哪个地址的 CUPS 管理界面？", max_tokens=4))
    answer = events[-1].data
    assert answer.search_question.startswith("Which address")
    assert model.prompts[0].startswith("Translate the question")


class FixedTranslator(ScriptedChat):
    """Translates every question as `translation`; otherwise replies as ScriptedChat."""

    def __init__(self, translation: str):
        super().__init__()
        self.translation = translation

    def stream(self, messages, sampling, stats, cancel=None):
        if messages[-1]["content"].startswith("Translate the question into English"):
            self.prompts.append(messages[-1]["content"])
            yield stats.record(self.translation, 0.0)
            stats.stopped = True
            return
        yield from super().stream(messages, sampling, stats, cancel)


class InventingTranslator(FixedTranslator):
    """Translates with a file name the question never gave (the 1.5B model does such things)."""

    def __init__(self):
        super().__init__("Which address in cupsd.conf opens the CUPS interface?")


def test_a_term_the_translation_adds_does_not_refuse_the_question():
    """The term check reads the question as asked: a mistranslation adds passages to the search,
    it never refuses a question whose own terms the passages hold."""
    model = InventingTranslator()
    tokens, answer, _ = _run(_answerer(model), "集中管理打印机时，应在浏览器中打开哪个地址的 CUPS 管理界面？")
    assert "cupsd.conf" in answer.search_question
    assert answer.refused_by != "terms" and not answer.refused and "631" in answer.answer


def test_a_translation_without_its_question_mark_is_still_searched_and_asked():
    """A faithful translation that lost the question mark, kept the full-width one, or was put as a
    request is the question in English: searched, and asked when the Chinese answer is refused. (A
    check that took a translation with no question mark for an answer, csvkit round 42's "… you
    should set LC_ALL", was taken out: its reviews found it discarded such faithful translations.)"""
    for translation in ("Which port is the CUPS administration interface on？", "Tell me which address opens CUPS.",
                        "Which address opens the CUPS administration interface", "How to open the `CUPS` interface",
                        "What is the default port of the CUPS administration interface.",
                        "I manage printers centrally. Tell me which address opens the CUPS interface."):
        model = FixedTranslator(translation)
        _, answer, _ = _run(_answerer(model), "集中管理打印机时，应在浏览器中打开哪个地址的 CUPS 管理界面")
        assert answer.search_question == translation and answer.retried == "english"
        assert any(p.startswith("[1]") and translation in p for p in model.prompts)  # asked as translated


def test_a_chinese_question_refused_in_english_too_streams_the_chinese_refusal_once():
    tokens, answer, _ = _run(_answerer(ScriptedChat(refuse_english=True)), "CUPS 管理界面的地址是什么？")
    refusal = LLMSettings().refusal_zh
    assert answer.refused and answer.refused_by == "model" and answer.answer == refusal and tokens == refusal


def test_without_the_retry_a_chinese_refusal_streams_as_the_model_gives_it():
    model = ScriptedChat()
    tokens, answer, _ = _run(_answerer(model, retry_in_english=False, translate_questions=False), "CUPS 管理界面的地址是什么？")
    assert answer.refused and tokens == LLMSettings().refusal_zh and len(model.prompts) == 1
    # English questions are never held back or retried.
    tokens, answer, _ = _run(_answerer(ScriptedChat()), "Which address opens the CUPS interface?")
    assert not answer.refused and tokens.startswith("Open https://www.intern:631")


LOGIN_DEFS = "Set LOG_UNKFAIL_ENAB no in /etc/login.defs: user passwords might be logged as usernames."


class LoginChat(ScriptedChat):
    """Answers from the login.defs passage when the prompt holds it, else refuses."""

    def stream(self, messages, sampling, stats, cancel=None):
        user = messages[-1]["content"]
        self.prompts.append(user)
        reply = "Set LOG_UNKFAIL_ENAB no [1]." if "/etc/login.defs" in user else LLMSettings().refusal_en
        yield stats.record(reply, 0.0)
        stats.stopped = True


def _hit(n: int, text: str) -> Hit:
    return Hit(chunk_id=f"c{n}", doc_id=f"d{n}", source=f"page{n}.html", title="", page=None, page_end=None,
               heading="Logins", text=text, score=1.0, chunk_index=0, sha256="s")


def test_a_term_no_passage_holds_is_searched_for_before_the_question_is_refused():
    """The question names /etc/login.defs; its own search missed the page that holds it: the term's
    own search finds it and the model answers from it. A term the whole collection lacks is still
    refused without the model."""
    pages = [_hit(1, "Failed console logins are logged with the username typed."), _hit(2, LOGIN_DEFS)]
    searched: list[str] = []

    def search(query: str, top_k):
        searched.append(query)
        return [h for h in pages if "login.defs" in h.text] if query == "etc/login.defs" else pages[:1]

    model = LoginChat()
    answerer = Answerer(LLMSettings(), search=search, is_relevant=lambda hits, q: True, model=lambda: model,
                        model_name=model.name)
    _, answer, _ = _run(answerer, "Why not log failed usernames, and which /etc/login.defs setting does it?")
    assert searched == ["Why not log failed usernames, and which /etc/login.defs setting does it?", "etc/login.defs"]
    assert not answer.refused and "LOG_UNKFAIL_ENAB" in answer.answer and [c.source for c in answer.citations] == ["page2.html"]
    model.prompts.clear()
    _, answer, _ = _run(answerer, "Which pam_faillock option locks an account after failed logins?")
    assert answer.refused and answer.refused_by == "terms" and "pam_faillock" in answer.dropped[0]
    assert model.prompts == []


def test_an_option_whose_own_search_ranks_its_passage_low_is_still_found():
    """Coco/R's "Which -trace switch letter prints a cross reference list?": the search for "-trace"
    ranks a dozen passages about trace.txt before the one that defines the option; the option's
    search reads on, so the question reaches the model. Past the first five, a passage counts only
    where it writes the option as the question does (not "stack-trace" nor "--trace"), in a document
    the question's passages come from (not another program's manual), and only for an option: a
    path's tail ("…/examples/etc/foo.conf") is not the path a question names."""
    from dataclasses import replace

    trace_txt = [replace(_hit(n, f"Trace output is written to the file trace.txt (part {n})."), doc_id="manual")
                 for n in range(1, 13)]
    defined = "The -trace option takes a string of switch characters: X print a cross reference list."
    pages = {"option": replace(_hit(13, defined), doc_id="manual")}

    def search(query: str, top_k):
        return [*trace_txt, pages["option"]][: top_k or 5] if query in ("-trace", "etc/foo.conf") else trace_txt[:5]

    model = ScriptedChat()
    answerer = Answerer(LLMSettings(), search=search, is_relevant=lambda hits, q: True, model=lambda: model,
                        model_name=model.name)
    _, answer, _ = _run(answerer, "Which -trace switch letter prints a cross reference list?")
    assert answer.refused_by != "terms" and len(model.prompts) == 1 and "-trace option" in model.prompts[0]
    model.prompts.clear()
    for other, document in (("On an internal error a stack-trace is printed; X marks the frame.", "manual"),
                            ("menhir --trace: the generated parser logs every shift and reduce action.", "manual"),
                            (defined, "another-manual")):
        pages["option"] = replace(_hit(13, other), doc_id=document)
        _, answer, _ = _run(answerer, "Which -trace switch letter prints a cross reference list?")
        assert answer.refused_by == "terms" and model.prompts == []
    pages["option"] = _hit(13, "The sample is installed as /usr/share/doc/foo/examples/etc/foo.conf; cache_size sets its cache.")
    _, answer, _ = _run(answerer, "Which setting in /etc/foo.conf sets the cache size?")
    assert answer.refused_by == "terms" and model.prompts == []


def test_a_term_the_fused_search_misses_is_taken_from_the_lexical_search_only_in_the_questions_documents():
    """The passage holding the name a question uses, which neither fused search ranks (the question's, the name's),
    comes from the lexical search for the name, where a document the question's passages come from holds it as
    itself; another manual's passage, or one holding the name only inside a longer one, leaves the question refused."""
    from dataclasses import replace

    tables = [replace(_hit(n, f"Table {n} draws its empty cells with the default style."), doc_id="guide") for n in range(1, 6)]
    lexical_hits: list[Hit] = []

    def search(query: str, top_k):
        return tables[: top_k or 5]

    model = ScriptedChat()
    answerer = Answerer(LLMSettings(), search=search, is_relevant=lambda hits, q: True, model=lambda: model,
                        model_name=model.name, lexical=lambda query, top_k: lexical_hits[: top_k or 5])
    setting = "emptyTableAction: Controls behaviour for empty tables, can be 'error' (default), 'indicate' or 'ignore'."
    lexical_hits[:] = [replace(_hit(9, setting), doc_id="guide")]
    _, answer, _ = _run(answerer, "What values does emptyTableAction accept?")
    assert answer.refused_by != "terms" and len(model.prompts) == 1 and "'indicate'" in model.prompts[0]
    for text, document in ((setting, "another-guide"), (setting.replace("emptyTableAction", "emptyTableActions"), "guide")):
        model.prompts.clear()
        lexical_hits[:] = [replace(_hit(9, text), doc_id=document)]
        _, answer, _ = _run(answerer, "What values does emptyTableAction accept?")
        assert answer.refused_by == "terms" and model.prompts == []
    # (an option counts only where a passage writes it as the question does: not "stack-trace" nor "--trace")
    for text in ("On an internal error a stack-trace is printed; X marks the frame.",
                 "menhir --trace: the generated parser logs every shift and reduce action."):
        lexical_hits[:] = [replace(_hit(9, text), doc_id="guide")]
        _, answer, _ = _run(answerer, "Which -trace switch letter prints a cross reference list?")
        assert answer.refused_by == "terms" and model.prompts == []


def test_a_name_a_question_uses_that_no_document_holds_is_refused_without_the_model():
    """"kittycairo 终端默认的画布尺寸是多少？" (gnuplot, round 25): neither the passages nor a search for
    the word alone find "kittycairo" (the manual documents a canvas terminal, not that one), so the
    question is refused before the model, which would give the canvas terminal's size. A name only
    its own search finds is no reason to refuse, nor is a unit ("多少 MB")."""
    canvas = _hit(1, "The canvas terminal: the default size in standalone mode is 600 by 400 pixels.")
    kitty = _hit(2, "The kittycairo terminal draws into a kitty graphics window; its size is the window's.")
    for held, refused in (([canvas], True), ([canvas, kitty], False)):
        searched: list[str] = []

        def search(query: str, top_k, held=held):
            searched.append(query)
            return held[1:] if query == "kittycairo" else held[:1]

        model = ScriptedChat()
        answerer = Answerer(LLMSettings(), search=search, is_relevant=lambda hits, q: True, model=lambda: model,
                            model_name=model.name)
        _, answer, _ = _run(answerer, "kittycairo 终端默认的画布尺寸是多少？")
        assert "kittycairo" in searched
        if refused:
            assert answer.refused and answer.refused_by == "terms"
            assert all(p.startswith("Translate the question") for p in model.prompts)  # never asked to answer
            assert answer.dropped == ["the question names kittycairo, which no document mentions"]
        else:
            assert answer.refused_by != "terms" and any("问题：" in p for p in model.prompts)
    model = ScriptedChat()
    answerer = Answerer(LLMSettings(), search=lambda q, k: [canvas], is_relevant=lambda hits, q: True,
                        model=lambda: model, model_name=model.name)
    _, answer, _ = _run(answerer, "canvas 终端的图像最多占用多少 MB 内存？")
    assert answer.refused_by != "terms" and any("问题：" in p for p in model.prompts)
    # (an English question's capitalised names too: "Which Python version …", round 26's Yosys near miss)
    model = ScriptedChat()
    bindings = _hit(1, "The pyosys bindings are built with Boolector 1.4.1 and picosat-951.")
    answerer = Answerer(LLMSettings(), search=lambda q, k: [bindings], is_relevant=lambda hits, q: True,
                        model=lambda: model, model_name=model.name)
    _, answer, _ = _run(answerer, "Which Python version do the pyosys bindings require?")
    assert answer.refused and answer.refused_by == "terms" and model.prompts == []
    assert answer.dropped == ["the question names python, which no document mentions"]


class CrowdedChat(ScriptedChat):
    """Refuses when the prompt holds more than two passages; answers from the first otherwise."""

    crowded = LLMSettings().refusal_en  # the reply to a prompt with more than two passages

    def stream(self, messages, sampling, stats, cancel=None):
        user = messages[-1]["content"]
        self.prompts.append(user)
        reply = self.crowded if "[3]" in user else "Open https://www.intern:631 in a browser [1]."
        for i in range(0, len(reply), 4):
            yield stats.record(reply[i : i + 4], 0.0)
        stats.stopped = True


class EchoingChat(CrowdedChat):
    """Gives the system prompt's example sentence back when more passages surround the answer."""

    crowded = "Deploys need two approvals [2]."


def _four_passages(model: ScriptedChat, **settings):
    hits = [_hit(1, PASSAGE), _hit(2, "Printers are listed in the CUPS web interface."), _hit(3, "Unrelated."),
            _hit(4, "Also unrelated.")]
    answerer = Answerer(LLMSettings(**settings), search=lambda q, k: hits, is_relevant=lambda h, q: True,
                        model=lambda: model, model_name=model.name)
    return _run(answerer, "Which address opens the CUPS interface?")


def test_a_refused_question_gets_a_second_look_over_its_best_passages_and_the_refusal_never_streams():
    model = CrowdedChat()
    tokens, answer, kinds = _four_passages(model)
    assert not answer.refused and answer.retried == "second_look" and "631" in answer.answer
    assert tokens == "Open https://www.intern:631 in a browser [1]." and kinds.count("sources") == 1
    assert len(model.prompts) == 2 and "[3]" in model.prompts[0] and "[3]" not in model.prompts[1]
    assert [c.source for c in answer.citations] == ["page1.html"]
    # Off: the refusal stands, streamed as it came.
    model = CrowdedChat()
    tokens, answer, _ = _four_passages(model, second_look=False)
    assert answer.refused and answer.refused_by == "model" and tokens == LLMSettings().refusal_en and len(model.prompts) == 1


def test_a_reply_that_is_the_prompts_example_is_no_answer_and_gets_the_second_look():
    model = EchoingChat()
    tokens, answer, _ = _four_passages(model)
    assert not answer.refused and answer.retried == "second_look" and "631" in answer.answer
    assert "approvals" not in tokens and len(model.prompts) == 2


class InventingChat(ScriptedChat):
    """Makes up the file the question asks for, then says what the passage says."""

    def stream(self, messages, sampling, stats, cancel=None):
        self.prompts.append(messages[-1]["content"])
        reply = "Edit `/etc/cups/central.conf` [1]. Open https://www.intern:631 in a browser [1]."
        for i in range(0, len(reply), 4):
            yield stats.record(reply[i : i + 4], 0.0)
        stats.stopped = True


def test_an_answer_that_makes_up_its_first_fact_is_refused_and_says_why():
    answer = _answerer(InventingChat(), second_look=False).ask("Which file configures central printer management?")
    assert answer.refused and answer.refused_by == "grounding"
    assert any("/etc/cups/central.conf" in d for d in answer.dropped)
