"""What the answer path hands its callers: the numbered passages, the `Answer`, and the `Event`s of
its stream (`sources`, `token`, `done`). kb.answer.generation produces them; the CLI, the REST API
and the OpenAI-compatible endpoint render them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kb.answer.citations import SNIPPET_CHARS, Citation, source_label
from kb.answer.context import Passage


@dataclass
class NumberedPassage:
    """A passage as the prompt numbers it."""

    n: int
    passage: Passage

    @property
    def text(self) -> str:
        return self.passage.text

    @property
    def label(self) -> str:
        hit = self.passage.first
        start, end = self.passage.pages
        return source_label(hit.source, start, end, hit.heading)

    def citation(self) -> Citation:
        hit = self.passage.first
        text = self.passage.text
        snippet = text if len(text) <= SNIPPET_CHARS else text[:SNIPPET_CHARS].rstrip() + "…"
        return Citation(self.n, hit.doc_id, hit.chunk_id, hit.source, self.passage.pages[0], hit.heading, snippet,
                        self.passage.ocr_confidence, self.passage.pages[1])

    def to_dict(self) -> dict[str, Any]:
        return {**self.citation().to_dict(), "text": self.passage.text, "label": self.label}


@dataclass
class Answer:
    question: str
    answer: str = ""
    refused: bool = False
    grounded: bool = False
    citations: list[Citation] = field(default_factory=list)
    model: str = ""
    standalone_question: str = ""
    search_question: str = ""  # its English version, when a Chinese question was also searched in English
    language: str = "en"
    usage: dict[str, int] = field(default_factory=lambda: {"prompt_tokens": 0, "completion_tokens": 0})
    timings: dict[str, float | None] = field(
        default_factory=lambda: {"retrieval_ms": 0.0, "ttft_ms": None, "generation_ms": 0.0, "tokens_per_s": None,
                                 "verify_ms": None}
    )
    cancelled: bool = False
    attribution: str = "none"  # who placed the [n] markers: "model", "kb" (see attribute()), "model+kb" or "none"
    dropped: list[str] = field(default_factory=list)  # sentences removed: facts no passage holds
    # What refused: "relevance" (nothing relevant found), "terms" (the question names what no passage
    # mentions), "doubt" (the model would likely refuse), "model", "grounding" (no sentence's facts are in
    # the passages), "verify" (the second pass).
    refused_by: str = ""
    verified: bool | None = None  # the second pass's verdict (None: not run)
    doubt: float | None = None  # the model's probability of replying with the refusal (None: not measured)
    # The model refused at first and this answer came from asking again: "english" (the Chinese
    # question asked in English, [llm] retry_in_english) or "second_look" ([llm] second_look).
    retried: str = ""
    # The Chinese question (as condensed) that a retry in English translated into standalone_question:
    # the checks that read the user's own words read it (internal, not in the response).
    translated_from: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "refused": self.refused,
            "grounded": self.grounded,
            "citations": [c.to_dict() for c in self.citations],
            "attribution": self.attribution,
            "dropped": self.dropped,
            "refused_by": self.refused_by,
            "verified": self.verified,
            "doubt": self.doubt,
            "retried": self.retried,
            "model": self.model,
            "question": self.question,
            "standalone_question": self.standalone_question,
            "search_question": self.search_question,
            "language": self.language,
            "usage": self.usage,
            "timings": self.timings,
            "cancelled": self.cancelled,
        }


@dataclass
class Event:
    kind: str  # "sources" | "token" | "done"
    data: Any
