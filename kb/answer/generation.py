"""Grounded answers: passages in, a cited answer (or a plain refusal) out.

One generator of events serves the CLI, the REST API and the OpenAI-compatible endpoint:
`sources` (the numbered passages), `token` (text deltas), `done` (the `Answer`). The CLI and the
HTTP layer only render those events.

Steps: condense a follow-up with its history into a standalone question; retrieve; when the
relevance signal says nothing relevant was found, refuse without touching the model; otherwise pack
the passages into `n_ctx - max_tokens - template overhead` tokens counted by the model's own
tokenizer, stream the answer, parse `[n]` citations (markers naming no passage are dropped) and
recognise the refusal sentence. The records it hands out (`Answer`, `Event`, `NumberedPassage`) are
in kb.answer.records.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import Any

from kb.answer.citations import (
    MARKER, Cited, absence_unsaid, anchor_terms, attribute, bound_unsaid, corroborate, described_unsaid, ground, holds, names,
    names_no_setting, names_nobody, names_option, parse_citations, port_unsaid, purpose_unsaid, question_names,
    release_unsaid, restates, role_unsaid, says_something, sibling, specific_terms, unbounded_unsaid, unsupported_terms,
    variable_unsaid, worded_unsaid, wrong_kind,
)
from kb.answer.context import pack_context
from kb.answer.prompting import CITATION_EXAMPLE, language, render_condense, render_question, render_system, render_translate, render_verify
from kb.answer.records import Answer, Event, NumberedPassage
from kb.errors import InvalidInput
from kb.models.chat import ChatModel, GenerationStats, Message, Sampling
from kb.records import Hit
from kb.retrieval import fuse
from kb.settings import HISTORY_MAX_MESSAGES, HISTORY_MESSAGE_MAX_CHARS, QUESTION_MAX_CHARS, LLMSettings

log = logging.getLogger(__name__)

SECOND_LOOK = 2  # passages a refused question is asked over once more ([llm] second_look)
NAME_SEARCH_K = 20  # hits a search for one name a question uses is read to (kb's lexical half ranks it first)
_THINK = re.compile(r"<think>.*?(</think>|$)\s*", re.S)


# Paraphrased refusals: an answer with no citation that says one of these is a refusal too.
# (an adverb between: "not explicitly stated", "没有明确说明"; not "not only")
_NOT_IN_DOCUMENTS = re.compile(
    r"(?:\bnot|\bnever|n't)\s+(?:(?!only\b)\w+ly\s+)?(?:provided|mentioned|stated|specified|given|included|found"
    r"|available|contain\w*)\b.{0,40}\b(?:documents?|passages?|context|information)\b"
    r"|\b(?:documents?|passages?|context)\s+(?:do|does|did)\s+not\s+(?:(?!only\b)\w+ly\s+)?(?:mention|state|specify|say"
    r"|contain|include|provide|give)\b|\bno information\b|\bcannot answer\b|"
    r"没有(?:明确|具体|直接)?(?:提及|提到|说明|相关)|未(?:明确|具体|直接)?(?:提及|提到|说明)|无法(?:确定|回答)|资料中没有",
    re.I,
)
# The sentence a paraphrased refusal must open with: "The heap is 2 KB. Its upper limit is not stated
# in the documents." answers, and says what it does not know after.
_FIRST_SENTENCE = re.compile(r"^.*?(?:[.!?。！？](?=\s|$)|$)", re.S)


def _squashed(text: str) -> str:
    return re.sub(r"[\s\W_]+", "", text).lower()


def is_refusal(text: str, refusals: list[str]) -> bool:
    """The model's answer is (or starts with) one of the refusal sentences, or says in other words
    that the documents do not hold the answer without citing anything."""
    answer = _squashed(MARKER.sub("", text))
    if any(answer.startswith(_squashed(r)) for r in refusals if _squashed(r)):
        return True
    first = _FIRST_SENTENCE.match(text.strip())
    return not MARKER.search(text) and len(text) < 300 and bool(first and _NOT_IN_DOCUMENTS.search(first.group(0)))


def declined(text: str, refusals: list[str], example: str) -> bool:
    """The reply is the refusal, or only the system prompt's example sentence given back (the 1.5B
    model answers "Deploys need two approvals [2]." when it finds nothing): either way the model
    gave no answer, and a retry may get one."""
    return is_refusal(strip_refusal(text, refusals), refusals) or _squashed(MARKER.sub("", text)) == _squashed(MARKER.sub("", example))


def strip_refusal(text: str, refusals: list[str]) -> str:
    """An answer that cites passages and then adds the refusal sentence keeps only the answer."""
    for refusal in refusals:
        if refusal and text.rstrip().endswith(refusal.strip()) and MARKER.search(text):
            return text.rstrip()[: -len(refusal.strip())].rstrip()
    return text


class Answerer:
    """Builds prompts around retrieved passages and turns the model's stream into an `Answer`."""

    def __init__(
        self,
        settings: LLMSettings,
        search: Callable[[str, int | None], list[Hit]],
        is_relevant: Callable[[list[Hit], str], bool],
        model: Callable[[], ChatModel],
        model_name: str,
        lexical: Callable[[str, int | None], list[Hit]] | None = None,
    ):
        self.settings = settings
        self._search = search
        # kb's lexical retriever alone, for a term's own search (see _find_terms); None: the fused search only.
        self._lexical = lexical
        self._is_relevant = is_relevant
        self._model = model
        self.model_name = model_name

    def refusal(self, lang: str) -> str:
        return self.settings.refusal_zh if lang == "zh" else self.settings.refusal_en

    def stream(
        self,
        question: str,
        *,
        history: list[Message] | None = None,
        top_k: int | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        cancel: threading.Event | None = None,
    ) -> Iterator[Event]:
        question = (question or "").strip() if isinstance(question, str) else question
        if not isinstance(question, str) or not question:
            raise InvalidInput("question: must be a non-empty string")
        if len(question) > QUESTION_MAX_CHARS:
            raise InvalidInput(f"question: {len(question)} characters; at most {QUESTION_MAX_CHARS}")
        history = _check_history(history or [])[-2 * self.settings.history_turns :] if self.settings.history_turns else []
        sampling = Sampling.from_settings(self.settings, temperature, max_tokens)
        lang = language(question)
        answer = Answer(question=question, model=self.model_name, language=lang, standalone_question=question)

        started = time.perf_counter()
        if history and self.settings.condense_history:
            answer.standalone_question = self.condense(question, history, lang)
        queries = [answer.standalone_question]
        if lang == "zh" and self.settings.translate_questions:
            answer.search_question = self.translate(answer.standalone_question)
            if answer.search_question and answer.search_question != answer.standalone_question:
                queries.append(answer.search_question)
        found = [(query, self._search(query, top_k)) for query in queries]
        hits = merge_rankings([h for _, h in found], top_k)
        answer.timings["retrieval_ms"] = round((time.perf_counter() - started) * 1000, 1)
        if not any(self._is_relevant(h, query) for query, h in found):
            log.info("nothing relevant for %r: refusing without the model", question[:80])
            answer.refused_by = "relevance"
            yield from self._refuse(answer, [])
            return

        # The terms the question names, as asked: the model's translation may add one of its own.
        missing = unsupported_terms(answer.standalone_question, hits) if self.settings.grounding else []
        if missing:
            hits, missing = self._find_terms(answer.standalone_question, hits, missing, top_k)
            answer.timings["retrieval_ms"] = round((time.perf_counter() - started) * 1000, 1)
        if missing:
            log.info("no passage mentions %s: refusing %r without the model", ", ".join(missing), question[:80])
            answer.dropped = [f"the question names {', '.join(missing)}, which no passage mentions"]
            answer.refused_by = "terms"
            yield from self._refuse(answer, [])
            return
        unnamed = self._unnamed(answer.standalone_question, hits) if self.settings.grounding else []
        if unnamed:
            answer.timings["retrieval_ms"] = round((time.perf_counter() - started) * 1000, 1)
            log.info("no document mentions %s: refusing %r without the model", ", ".join(unnamed), question[:80])
            answer.dropped = [f"the question names {', '.join(unnamed)}, which no document mentions"]
            answer.refused_by = "terms"
            yield from self._refuse(answer, [])
            return
        model = self._model()
        answer.model = model.name
        numbered, messages = self.build_messages(model, question, history, hits, lang, sampling.max_tokens)
        # The doubt step (opt-in) evaluates the prompt, kept in the KV cache for the answer: its time
        # is the start of the answer's, so it counts in ttft_ms and generation_ms.
        doubt_started = time.perf_counter()
        answer.doubt = self.doubt(model, messages, lang) if self.settings.doubt_threshold < 1.0 else None
        doubt_ms = (time.perf_counter() - doubt_started) * 1000
        answer.timings["generation_ms"] = round(doubt_ms, 1)
        if answer.doubt is not None and answer.doubt >= self.settings.doubt_threshold:
            log.info("the model would refuse %r with probability %.2f: refusing", question[:80], answer.doubt)
            answer.refused_by = "doubt"
            yield from self._refuse(answer, [])
            return
        yield Event("sources", numbered)
        stats = GenerationStats()
        refusals = [self.refusal(lang), self.settings.refusal_en, self.settings.refusal_zh]
        # A Chinese question the model refuses may be asked again in English (retry_in_english): its
        # reply is held back while it can still be the refusal sentence, so a retried refusal never
        # reaches the reader.
        held = (lang == "zh" and self.settings.retry_in_english) or (self.settings.second_look and len(hits) > SECOND_LOOK)
        example = CITATION_EXAMPLE[lang]
        pending, shown = yield from self._generate(model, messages, sampling, stats, cancel, [*refusals, example] if held else [])
        text = _THINK.sub("", "".join(stats.pieces))
        answer.cancelled = stats.cancelled
        answer.usage = {"prompt_tokens": stats.prompt_tokens, "completion_tokens": stats.completion_tokens}
        answer.timings.update(
            ttft_ms=None if stats.ttft_ms is None else round(doubt_ms + stats.ttft_ms, 1),
            generation_ms=round(doubt_ms + stats.generation_ms, 1),
            tokens_per_s=stats.tokens_per_s,
        )
        reply = "".join(stats.pieces)
        retried = None
        refused = held and not shown and not answer.cancelled and declined(text, refusals, example)
        if refused and lang == "zh" and self.settings.retry_in_english:
            retried = yield from self._retry_in_english(model, answer, hits, history, sampling, cancel, refusals)
        if refused and retried is None and self.settings.second_look and len(hits) > SECOND_LOOK and not answer.cancelled:
            retried = yield from self._second_look(model, answer, hits, history, lang, sampling, cancel, refusals)
        if retried is not None:
            text, reply, numbered, messages = retried
        elif pending:
            yield Event("token", pending)  # what was held back
        self.conclude(answer, text, numbered)
        if self.settings.verify and not answer.refused and not answer.cancelled:
            self.verify(model, messages, reply, answer)
        yield Event("done", answer)

    def _unnamed(self, question: str, hits: list[Hit]) -> list[str]:
        """The names a question uses (a program, a format, a protocol: "kittycairo 终端", "JSON 格式",
        "Which Python version …") that neither its passages nor a search for each word alone finds
        in any passage: things the documents never mention, whose answer they cannot hold (a
        neighbouring terminal's canvas size is no answer). A name the passages hold costs nothing;
        each other one, one search."""
        missing = [w for w in question_names(question) if not any(names(h, w) for h in hits)]
        return [w for w in missing if not any(names(h, w) for h in self._search(w, NAME_SEARCH_K))]

    def _find_terms(self, question: str, hits: list[Hit], missing: list[str],
                    top_k: int | None) -> tuple[list[Hit], list[str]]:
        """The question names terms none of its passages holds: before refusing, search for those
        terms alone. The best hit holding each one takes one of the last places (the search missed
        a passage it needs, as when "/etc/login.defs" is in a page the question's other words do
        not reach); what no passage of the whole collection holds stays missing."""
        terms = [t for t in missing if t in specific_terms(question)]  # not "debian 14": no search finds a version
        if not terms:
            return hits, missing
        found = self._search(" ".join(terms), top_k)
        held = {h.chunk_id for h in hits}
        documents = {h.doc_id for h in hits}  # the question's: a term's passage elsewhere is another manual's
        rescued: list[Hit] = []
        for term in terms:
            hit = next((h for h in found if h.chunk_id not in held and holds(h, term)), None)
            if hit is None and term.startswith("-"):
                # An option's search reads further: "-trace" alone ranks a dozen passages about
                # trace.txt before the one that defines it (Coco/R). There, a passage counts only
                # where it writes the option as the question does (not "stack-trace", "--trace"), in
                # a document the question's passages come from (not another program's manual).
                further = self._search(term, NAME_SEARCH_K)
                hit = next((h for h in further if h.chunk_id not in held and h.doc_id in documents
                            and names_option(h, term)), None)
            if hit is None and self._lexical is not None:
                # A name one passage alone holds is that passage's alone in BM25's ranking, where the fused
                # ranking can bury it under the dense retriever's opinion of it: "emptyTableAction" ranked
                # 23rd by its own fused search (ReportLab, round 55). The lexical search reads it, in a
                # document the question's passages come from.
                hit = next((h for h in self._lexical(term, NAME_SEARCH_K) if h.chunk_id not in held
                            and h.doc_id in documents
                            and (names_option(h, term) if term.startswith("-") else holds(h, term))), None)
            if hit is not None:
                held.add(hit.chunk_id)
                rescued.append(hit)
        if not rescued:
            return hits, missing
        room = max(len(hits), top_k or 0)  # the passages asked for: the rescued take the last places
        hits = [*hits[: max(0, room - len(rescued))], *rescued][:room]
        still = unsupported_terms(question, hits)
        log.info("the search for %s found %d passage(s) holding them%s", ", ".join(terms), len(rescued),
                 f"; still missing: {', '.join(still)}" if still else "")
        return hits, still

    @staticmethod
    def _generate(model: ChatModel, messages: list[Message], sampling: Sampling, stats: GenerationStats,
                  cancel: threading.Event | None, hold: list[str]) -> Generator[Event, None, tuple[str, bool]]:
        """Stream the model's visible tokens; with `hold` (the refusal sentences, the prompt's example),
        text that is still the start of one of them is kept back until it is not (a reply that is the
        refusal shows nothing). Returns what is still held back and whether anything was shown."""
        visible = _ThinkFilter()
        pending, shown_any = "", False
        for piece in model.stream(messages, sampling, stats, cancel):
            shown = visible.feed(piece)
            if not shown:
                continue
            if hold:
                pending += shown
                if any(_squashed(r).startswith(_squashed(pending)) for r in hold):
                    continue
                shown, pending, hold = pending, "", []
            shown_any = True
            yield Event("token", shown)
        return pending, shown_any

    def _retry_in_english(
        self, model: ChatModel, answer: Answer, hits: list[Hit], history: list[Message], sampling: Sampling,
        cancel: threading.Event | None, refusals: list[str],
    ) -> Generator[Event, None, tuple[str, str, list[NumberedPassage], list[Message]] | None]:
        """The refused Chinese question translated and asked in English over the same passages (the
        1.5B model refuses Chinese questions about English passages it answers when asked in
        English). None when the translation gives nothing or the retry is refused too. The
        translation searched (translate_questions) is reused, failed or not: the same greedy
        generation would give the same."""
        started = time.perf_counter()
        english = answer.search_question if self.settings.translate_questions else self.translate(answer.standalone_question)
        if not english or english == answer.standalone_question:
            return None
        retried = yield from self._retry(model, answer, english, "en", hits, history, sampling, cancel, refusals, started)
        if retried is None:
            log.info("refused in English too: %r", english[:80])
            return None
        log.info("refused in Chinese, answered in English: %r", english[:80])
        answer.retried = "english"
        answer.translated_from = answer.standalone_question
        answer.search_question = english
        answer.standalone_question = english
        return retried

    def _second_look(
        self, model: ChatModel, answer: Answer, hits: list[Hit], history: list[Message], lang: str, sampling: Sampling,
        cancel: threading.Event | None, refusals: list[str],
    ) -> Generator[Event, None, tuple[str, str, list[NumberedPassage], list[Message]] | None]:
        """The refused question asked once more over its SECOND_LOOK best passages alone: the 1.5B
        model refuses questions whose answer is in the first passage when four more surround it,
        and answers some of them from a shorter prompt. Its answer goes through every check; None when it
        refuses again."""
        started = time.perf_counter()
        retried = yield from self._retry(model, answer, answer.standalone_question, lang, hits[:SECOND_LOOK], history,
                                         sampling, cancel, refusals, started)
        log.info("second look at %r over %d passage(s): %s", answer.question[:80], SECOND_LOOK,
                 "refused again" if retried is None else "answered")
        if retried is not None:
            answer.retried = "second_look"
        return retried

    def _retry(
        self, model: ChatModel, answer: Answer, question: str, lang: str, hits: list[Hit], history: list[Message],
        sampling: Sampling, cancel: threading.Event | None, refusals: list[str], started: float,
    ) -> Generator[Event, None, tuple[str, str, list[NumberedPassage], list[Message]] | None]:
        """Ask `question` again over `hits`, the reply held back while it can still be the refusal
        sentence; its time and tokens are added to the answer's. Returns the reply (thinking
        removed, and raw), its passages and messages; None when it is the refusal again."""
        numbered, messages = self.build_messages(model, question, history, hits, lang, sampling.max_tokens)
        stats = GenerationStats()
        example = CITATION_EXAMPLE[lang]
        pending, shown = yield from self._generate(model, messages, sampling, stats, cancel, [*refusals, example])
        text = _THINK.sub("", "".join(stats.pieces))
        answer.timings["generation_ms"] = round((answer.timings["generation_ms"] or 0) + (time.perf_counter() - started) * 1000, 1)
        answer.usage = {k: answer.usage[k] + v for k, v in
                        (("prompt_tokens", stats.prompt_tokens), ("completion_tokens", stats.completion_tokens))}
        answer.cancelled = stats.cancelled
        if not shown and declined(text, refusals, example):
            return None
        if pending:
            yield Event("token", pending)
        return text, "".join(stats.pieces), numbered, messages

    def doubt(self, model: ChatModel, messages: list[Message], lang: str) -> float | None:
        """How likely the model is to reply with the refusal sentence, rounded (None: the backend
        cannot say)."""
        probability = getattr(model, "continuation_probability", None)
        value = probability(messages, self.refusal(lang)) if probability is not None else None
        return None if value is None else round(value, 4)

    def _refuse(self, answer: Answer, numbered: list[NumberedPassage]) -> Iterator[Event]:
        yield Event("sources", numbered)
        answer.answer, answer.refused = self.refusal(answer.language), True
        yield Event("token", answer.answer)
        yield Event("done", answer)

    def conclude(self, answer: Answer, text: str, numbered: list[Cited]) -> None:
        """The model's reply (`text`, thinking removed) as the answer: the refusal sentence, or the
        text with its citations checked (`finish`). Everything after generation but the second pass;
        bench/trust.py --regrade replays recorded replies through it."""
        refusals = [self.refusal(answer.language), self.settings.refusal_en, self.settings.refusal_zh]
        text = strip_refusal(text, refusals)
        if is_refusal(text, refusals):
            answer.answer, answer.refused, answer.refused_by = self.refusal(answer.language), True, "model"
        else:
            self.finish(answer, text, numbered)

    def finish(self, answer: Answer, text: str, numbered: list[Cited]) -> None:
        """Citations that hold: sentences the model left unmarked get the passage that holds them;
        sentences stating a number or identifier no passage holds are dropped (and a citation that
        names a passage without them is moved to the one with them); nothing left is a refusal."""
        _, model_cited = parse_citations(text, numbered)
        if not answer.cancelled:
            text = attribute(text, numbered, question=answer.standalone_question)
        english = language(answer.standalone_question) == "en"  # a retried Chinese question was answered in English
        # (and the question as written, where that was Chinese: its translation may lose a word a check reads)
        asked = answer.question if english and language(answer.question) == "zh" else ""
        if self.settings.grounding and not answer.cancelled:
            # A Chinese question's anchors are its Latin words (MaxAuthTries, sshd_config), when it has any.
            anchors = anchor_terms(answer.standalone_question) or None
            checked = ground(text, numbered, answer.standalone_question, tuple(CITATION_EXAMPLE.values()), anchors)
            if checked.dropped:
                log.info("dropped %d ungrounded sentence(s): %s", len(checked.dropped), "; ".join(checked.dropped)[:500])
            answer.dropped = checked.dropped
            if checked.invented_first or (checked.dropped and not says_something(checked.text)):
                # A made-up direct answer; or nothing left, or only a pointer to where the removed
                # facts were said to be.
                answer.answer, answer.refused, answer.refused_by = self.refusal(answer.language), True, "grounding"
                return
            text = checked.text
        answer.answer, answer.citations = parse_citations(text, numbered)
        if self.settings.grounding and not answer.cancelled:
            cited = [p for p in numbered if p.n in {c.n for c in answer.citations}]
            role = role_unsaid(answer.standalone_question, cited) if english and cited else ""
            if not cited:
                # No passage holds any sentence of it (neither the model nor attribution found one): an
                # answer kb cannot point to is not one from the documents.
                return self._withdraw(answer, "grounding", "no passage supports any sentence of the answer")
            if role:
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites says who is the {role}…)")
            if english and names_nobody(answer.standalone_question, answer.answer):
                return self._withdraw(answer, "grounding", f"{answer.answer} (it names no one)")
            if names_no_setting(answer.standalone_question, answer.answer, numbered):
                return self._withdraw(answer, "grounding", f"{answer.answer} (it names no setting)")
            # (a question asked in English: a translation's words are the model's, not the asker's)
            undescribed = described_unsaid(answer.standalone_question, answer.answer, numbered) if english and not asked else ""
            if undescribed:
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage says {undescribed} does what was asked)")
            if restates(answer.standalone_question, answer.answer, cited):
                return self._withdraw(answer, "grounding", f"{answer.answer} (it only gives the question back)")
            other = sibling(answer.standalone_question, answer.answer, answer.translated_from)
            if other:
                return self._withdraw(answer, "grounding", f"{answer.answer} (it is about {other}, not what was asked)")
            mismatch = wrong_kind(answer.standalone_question, answer.answer)
            if mismatch:
                return self._withdraw(answer, "grounding", f"{answer.answer} ({mismatch})")
            if port_unsaid(answer.standalone_question, answer.answer, cited):
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites gives its number as a port)")
            variable = variable_unsaid(answer.standalone_question, answer.answer, cited)
            if variable:
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites names the variable {variable})")
            release = release_unsaid(answer.standalone_question, answer.answer, numbered)
            if release:
                return self._withdraw(answer, "grounding", f"{answer.answer} ({release})")
            if bound_unsaid(answer.standalone_question, answer.answer, numbered, asked):
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage gives its number as a limit)")
            if unbounded_unsaid(answer.answer, cited):
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites says there is no limit)")
            if english and absence_unsaid(answer.standalone_question, answer.answer, cited):
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites says it is not so)")
            worded = worded_unsaid(answer.standalone_question, answer.answer, cited)
            if worded:
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites gives {worded})")
            purpose = purpose_unsaid(answer.standalone_question, answer.answer, cited, numbered) if english else ""
            if purpose:
                return self._withdraw(answer, "grounding", f"{answer.answer} (no passage it cites says {purpose} beside it)")
            # (after the checks: a passage cited beside the one a sentence cites is no evidence for them)
            corroborated = corroborate(answer.answer, numbered, answer.standalone_question)
            if corroborated != answer.answer:
                answer.answer, answer.citations = parse_citations(corroborated, numbered)
        kb_cited = {c.n for c in answer.citations} - {c.n for c in model_cited}
        answer.attribution = ("model+kb" if model_cited else "kb") if kb_cited else "model" if model_cited else "none"
        answer.grounded = bool(answer.citations)

    def ask(self, question: str, **options: Any) -> Answer:
        for event in self.stream(question, **options):
            if event.kind == "done":
                return event.data
        raise AssertionError("the answer stream ended without a result")  # pragma: no cover

    def build_messages(
        self, model: ChatModel, question: str, history: list[Message], hits: list[Hit], lang: str, max_tokens: int
    ) -> tuple[list[NumberedPassage], list[Message]]:
        """Pack passages into what the context window leaves after the template, history, question and
        answer; the rendered prompt is re-counted and trimmed until it fits."""
        refusal = self.refusal(lang)

        system = render_system(lang, refusal)

        def messages_for(passages: list[NumberedPassage]) -> list[Message]:
            numbered = [{"n": p.n, "label": p.label, "text": p.passage.text} for p in passages]
            user = render_question(lang, numbered, question)
            return [{"role": "system", "content": system}, *history, {"role": "user", "content": user}]

        limit = model.n_ctx - max_tokens
        overhead = model.prompt_tokens(messages_for([]))
        if overhead >= limit:
            raise InvalidInput(
                f"the question and history need {overhead} tokens; with max_tokens {max_tokens} the model's "
                f"context of {model.n_ctx} leaves no room for passages: shorten them"
            )
        label_tokens = max(model.count_tokens([f"[{len(hits)}] {h.source} · pp. 9999-9999 · {h.heading}\n" for h in hits] or [""]))
        needs = [partial(holds, term=term) for term in sorted(specific_terms(question))] if self.settings.grounding else []
        packed = pack_context(hits, limit - overhead, model.count_tokens, overhead=label_tokens + 2, needs=needs)
        numbered = [NumberedPassage(n, p) for n, p in enumerate(packed, 1)]
        messages = messages_for(numbered)
        while numbered and model.prompt_tokens(messages) > limit:
            numbered = numbered[:-1]
            messages = messages_for(numbered)
        return numbered, messages

    def verify(self, model: ChatModel, messages: list[Message], reply: str, answer: Answer) -> None:
        """The second pass: the conversation so far (prompt and the model's own reply, already in its
        KV cache) plus one question, do the passages state what was asked, answered with one word.
        "no" refuses; the answer's text goes to `dropped` so nothing is lost from view."""
        started = time.perf_counter()
        stats = GenerationStats()
        sampling = Sampling.greedy(self.settings, max_tokens=2)
        turns = [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": render_verify()}]
        verdict = "".join(model.stream(turns, sampling, stats)).strip().lower()
        answer.timings["verify_ms"] = round((time.perf_counter() - started) * 1000, 1)
        answer.verified = not re.match(r"(no|否|不)", verdict)
        log.info("verification of %r: %r (%.0f ms)", answer.question[:80], verdict, answer.timings["verify_ms"])
        if not answer.verified:
            self._withdraw(answer, "verify", f"the second pass found that the passages do not state this: {answer.answer}")

    def _withdraw(self, answer: Answer, by: str, reason: str) -> None:
        """Replace a checked answer by the refusal, keeping why (and what was withdrawn) in `dropped`."""
        answer.dropped = [*answer.dropped, reason]
        answer.answer, answer.refused, answer.refused_by = self.refusal(answer.language), True, by
        answer.citations, answer.grounded, answer.attribution = [], False, "none"

    def translate(self, question: str) -> str:
        """The question in English, for the English-only embedding model (one short, greedy
        generation); "" when the model did not give a question back."""
        model = self._model()
        stats = GenerationStats()
        sampling = Sampling.greedy(self.settings, max_tokens=96)
        messages = [{"role": "user", "content": render_translate(question)}]
        if model.prompt_tokens(messages) + sampling.max_tokens > model.n_ctx:
            log.info("the question is too long to translate in a %d-token context: searching it as written", model.n_ctx)
            return ""
        text = "".join(model.stream(messages, sampling, stats))
        text = _THINK.sub("", text).strip()
        text = text.splitlines()[0].strip() if text else ""
        text = re.sub(r"^(english( question)?)\s*[:：]\s*", "", text, flags=re.I).strip().strip('"“”')
        if not text or language(text) != "en" or MARKER.search(text):
            log.info("could not translate %r for search: searching it as written", question[:80])
            return ""
        log.info("searching %r also as %r", question[:80], text[:120])
        return text

    def condense(self, question: str, history: list[Message], lang: str) -> str:
        """A standalone question from a follow-up and its history (one short, greedy generation)."""
        model = self._model()
        stats = GenerationStats()
        sampling = Sampling.greedy(self.settings, max_tokens=96)
        messages = self._condense_prompt(model, question, history, lang, sampling.max_tokens)
        if messages is None:
            log.info("not even the last turn fits a %d-token context beside the question: not condensed", model.n_ctx)
            return question
        text = "".join(model.stream(messages, sampling, stats))
        text = _THINK.sub("", text).strip().splitlines()[0].strip() if text.strip() else ""
        text = re.sub(r"^(standalone question|question|问题)\s*[:：]\s*", "", text, flags=re.I).strip().strip('"“”')
        if not text or MARKER.search(text) or not re.search(r"[?？]$|^(how|what|when|where|which|who|why|is|are|do|does|can)\b", text, re.I):
            # The model answered instead of rewriting: search with the last question and the follow-up.
            last = next((t["content"] for t in reversed(history) if t["role"] == "user"), "")
            text = f"{last} {question}".strip()
        log.info("condensed %r to %r", question[:80], text[:120])
        return text or question


    @staticmethod
    def _condense_prompt(model: ChatModel, question: str, history: list[Message], lang: str, room: int) -> list[Message] | None:
        """The condense prompt with the most recent turns that fit the context beside `room`
        tokens of reply (older turns are left out); None when not even the last one fits."""
        def prompt(turns: list[Message]) -> list[Message]:
            return [{"role": "user", "content": render_condense(lang, turns, question)}]

        budget = model.n_ctx - room - model.prompt_tokens(prompt([]))
        sizes = model.count_tokens([t["content"] for t in history])
        keep = 0
        for size in reversed(sizes):
            budget -= size + 8  # the turn's "role: " line and separators
            if budget < 0:
                break
            keep += 1
        while keep:
            messages = prompt(history[-keep:])
            if model.prompt_tokens(messages) + room <= model.n_ctx:
                return messages
            keep -= 1
        return None


class _ThinkFilter:
    """Hides `<think>…</think>` blocks (Qwen3's reasoning) from the streamed text."""

    def __init__(self) -> None:
        self.buffer = ""
        self.thinking = False

    def feed(self, piece: str) -> str:
        self.buffer += piece
        out = ""
        while self.buffer:
            if self.thinking:
                end = self.buffer.find("</think>")
                if end < 0:
                    self.buffer = self.buffer[-8:]
                    return out
                self.buffer, self.thinking = self.buffer[end + 8 :].lstrip(), False
            else:
                start = self.buffer.find("<think>")
                if start < 0:
                    keep = next((i for i in range(min(7, len(self.buffer)), 0, -1) if "<think>".startswith(self.buffer[-i:])), 0)
                    out += self.buffer[: len(self.buffer) - keep]
                    self.buffer = self.buffer[len(self.buffer) - keep :]
                    return out
                out += self.buffer[:start]
                self.buffer, self.thinking = self.buffer[start + 7 :], True
        return out


def merge_rankings(rankings: list[list[Hit]], top_k: int | None) -> list[Hit]:
    """One ranking from the hits of several queries (the question as asked and in English):
    reciprocal rank fusion (k = 60), each chunk once, at most `top_k` (default: the longest ranking's length)."""
    if len(rankings) == 1:
        return rankings[0]
    fused = fuse([(f"query{i}", 1.0, hits) for i, hits in enumerate(rankings)], rrf_k=60)
    return fused[: top_k or max(len(h) for h in rankings)]


def _check_history(history: Any) -> list[Message]:
    if not isinstance(history, list):
        raise InvalidInput("history: must be a list of {role, content} messages")
    if len(history) > HISTORY_MAX_MESSAGES:
        raise InvalidInput(f"history: {len(history)} messages; at most {HISTORY_MAX_MESSAGES}")
    checked = []
    for i, turn in enumerate(history):
        if not isinstance(turn, dict) or turn.get("role") not in ("user", "assistant") or not isinstance(turn.get("content"), str):
            raise InvalidInput(f"history[{i}]: must be {{\"role\": \"user\" | \"assistant\", \"content\": string}}")
        if len(turn["content"]) > HISTORY_MESSAGE_MAX_CHARS:
            raise InvalidInput(f"history[{i}].content: {len(turn['content'])} characters; at most {HISTORY_MESSAGE_MAX_CHARS}")
        checked.append({"role": turn["role"], "content": turn["content"]})
    return checked
