"""Structure-aware chunking, sized in the embedding model's own tokens.

Sections are cut into units (paragraphs, then sentences, English and Chinese punctuation alike; a
sentence longer than a chunk is cut at token boundaries). Units are packed greedily into chunks of
at most `chunk_size` tokens, with `chunk_overlap` tokens of trailing units repeated at the start of
the next chunk. A heading change starts a new chunk; a page change does not (a chunk keeps
its page range), and a section that would make a chunk under a quarter of `chunk_size` (a lone
title, a one-line section) joins the next section's chunk instead. Nothing crosses a document: the
chunker sees one document at a time.

The hard limit is what the model reads: `max_tokens` less the passage prefix and the heading line
that `Chunk.embedding_text` puts in front of the text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.records import HEADING_SEPARATOR, Section

if TYPE_CHECKING:  # the pipeline hands the chunker its embedder: named here for type hints only
    from kb.models.embedder import Embedder

SECTION_GAP = "\n\n"  # how sections are joined in the document text that char offsets refer to
MAX_HEADING_CHARS = 80
MAX_HEADING_LEVELS = 4

_BOUNDARY = re.compile(r"\n+|(?<=[.!?][\"'’”)\]])\s+(?=\S)|(?<=[.!?])\s+(?=\S)|(?<=[。！？；][”’」』）])|(?<=[。！？；])(?![”’」』）])")


@dataclass(slots=True)
class Piece:
    """A chunk before it gets its document's identity: text, place and size."""

    text: str
    heading: tuple[str, ...]
    page_start: int | None
    page_end: int | None
    char_start: int
    char_end: int
    tokens: int
    ocr_confidence: float | None = None  # some of the text was read by OCR: the mean confidence of that part


@dataclass(slots=True)
class _Unit:
    start: int  # offsets in the document text
    end: int
    text: str
    page: int | None
    tokens: int
    ocr_confidence: float | None = None


class Chunker:
    """Cuts one document's sections into `Piece`s that the embedding model reads whole."""

    def __init__(
        self, embedder: Embedder | Callable[[], Embedder], chunk_size: int, chunk_overlap: int, passage_prefix: str = ""
    ):
        # A factory is opened at the first section: a run whose files all fail before yielding
        # any text (encrypted, scanned) never opens the model. (Embedders are not callable.)
        self._embedder = embedder
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self._passage_prefix = passage_prefix
        self._budgets: dict[tuple[str, ...], int] = {}
        self._fitted: dict[tuple[str, ...], tuple[str, ...]] = {}

    @property
    def embedder(self) -> Embedder:
        if callable(self._embedder):  # not isinstance(.., Embedder): that reads `dim`, loading the weights
            self._embedder = self._embedder()
        return self._embedder

    @functools.cached_property
    def _reserved(self) -> int:
        prefix = self._passage_prefix
        return (self.embedder.count_tokens([prefix])[0] if prefix else 0) + 1

    def budget(self, heading: tuple[str, ...]) -> int:
        """Tokens of text a chunk under `heading` (already fitted) may hold."""
        if heading not in self._budgets:
            heading_tokens = self.embedder.count_tokens([HEADING_SEPARATOR.join(heading)])[0] if heading else 0
            room = self.embedder.max_tokens - self._reserved - heading_tokens
            self._budgets[heading] = max(1, min(self.chunk_size, room))
        return self._budgets[heading]

    def fit_heading(self, heading: tuple[str, ...]) -> tuple[str, ...]:
        """The heading path, shortened until it takes at most a third of what the model reads
        (outer levels go first, then characters), so there is always room for the text."""
        heading = clean_heading(heading)
        limit = self.embedder.max_tokens // 3
        while heading and self.embedder.count_tokens([HEADING_SEPARATOR.join(heading)])[0] > limit:
            if len(heading) > 1:
                heading = heading[1:]
            else:
                heading = (heading[0][: len(heading[0]) * 2 // 3].rstrip(),) if len(heading[0]) > 1 else ()
        return heading

    def chunk(self, sections: Iterable[Section]) -> Iterator[Piece]:
        """Pieces of one document, in order, streamed as sections arrive."""
        offset = 0
        current: list[_Unit] = []
        heading: tuple[str, ...] | None = None
        for section in sections:
            section_heading = self._fitted.get(section.heading)
            if section_heading is None:
                section_heading = self._fitted[section.heading] = self.fit_heading(section.heading)
            if heading is not None and section_heading != heading and current:
                if sum(u.tokens for u in current) >= self.chunk_size // 4:
                    yield self._piece(current, heading)
                    current = []
                # else: a lone title or a one-line section joins the next section's chunk, under
                # that section's heading: alone it makes a chunk that every short query matches a little
            heading = section_heading
            budget = self.budget(heading)
            for unit in self._units(section, offset, budget):
                if current and sum(u.tokens for u in current) + unit.tokens > budget:
                    yield self._piece(current, heading)
                    current = self._overlap(current, budget - unit.tokens)
                current.append(unit)
            offset += len(section.text) + len(SECTION_GAP)
        if current and heading is not None:
            yield self._piece(current, heading)

    def _overlap(self, units: list[_Unit], room: int) -> list[_Unit]:
        """The trailing units worth at most `chunk_overlap` tokens that still leave `room`."""
        tail: list[_Unit] = []
        total = 0
        limit = min(self.chunk_overlap, room)
        for unit in reversed(units):
            if total + unit.tokens > limit:
                break
            tail.insert(0, unit)
            total += unit.tokens
        return tail

    def _units(self, section: Section, offset: int, budget: int) -> Iterator[_Unit]:
        spans = list(sentence_spans(section.text))
        texts = [section.text[a:b] for a, b in spans]
        for (start, end), text, tokens in zip(spans, texts, self.embedder.count_tokens(texts)):
            if tokens <= budget:
                yield _Unit(offset + start, offset + end, text, section.page, tokens, section.ocr_confidence)
                continue
            for a, b, n in self._windows(text, budget):  # a sentence longer than a chunk
                yield _Unit(offset + start + a, offset + start + b, text[a:b], section.page, n, section.ocr_confidence)

    def _windows(self, text: str, budget: int) -> Iterator[tuple[int, int, int]]:
        spans = self.embedder.token_spans(text)
        for i in range(0, len(spans), budget):
            window = spans[i : i + budget]
            yield window[0][0], window[-1][1], len(window)

    def _piece(self, units: list[_Unit], heading: tuple[str, ...]) -> Piece:
        # Units are contiguous in the document text; rebuild the text from them so that overlap
        # and section gaps never duplicate or invent characters.
        text = ""
        last_end = units[0].start
        for unit in units:
            if unit.start > last_end:
                text += " " if _needs_space(text, unit.text) else ""
            text += unit.text
            last_end = unit.end
        pages = [u.page for u in units if u.page is not None]
        read = [(len(u.text), u.ocr_confidence) for u in units if u.ocr_confidence is not None]
        return Piece(
            ocr_confidence=round(sum(n * c for n, c in read) / max(sum(n for n, _ in read), 1), 4) if read else None,
            text=text,
            heading=heading,
            page_start=min(pages) if pages else None,
            page_end=max(pages) if pages else None,
            char_start=units[0].start,
            char_end=units[-1].end,
            tokens=sum(u.tokens for u in units),
        )


def sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each sentence or line of `text`, whitespace trimmed."""
    position = 0
    for match in _BOUNDARY.finditer(text):
        yield from _trimmed(text, position, match.start())
        position = max(position, match.end())
    yield from _trimmed(text, position, len(text))


def _trimmed(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        yield start, end


def _needs_space(before: str, after: str) -> bool:
    """No space between two CJK characters; one space elsewhere."""
    if not before or not after:
        return False
    return not (_is_wide(before[-1]) and _is_wide(after[0]))


def _is_wide(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\uffef"


def clean_heading(heading: tuple[str, ...]) -> tuple[str, ...]:
    """Headings bounded in length and depth, so they leave room for text in the model's window."""
    trimmed = tuple(h[:MAX_HEADING_CHARS].strip() for h in heading if h.strip())
    if len(trimmed) > MAX_HEADING_LEVELS:
        trimmed = trimmed[:1] + trimmed[-(MAX_HEADING_LEVELS - 1) :]
    return trimmed
