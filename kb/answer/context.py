"""Context packing: the retrieved hits, in rank order, as the passages a prompt numbers and cites.

Adjacent chunks of one document version merge into one passage (the overlap chunking repeated at the
start of a chunk is not repeated), and the passages fit a token budget counted by the chat model's
own tokenizer. Retrieval returns hits; only the answer path packs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kb.records import CJK_UNIFIED, Hit

_HAN = re.compile(f"[{CJK_UNIFIED}]")


@dataclass
class Passage:
    """One or more adjacent chunks of one document version, merged, as generation will cite them."""

    hits: list[Hit] = field(default_factory=list)  # in document order
    text: str = ""
    tokens: int = 0

    @property
    def first(self) -> Hit:
        return self.hits[0]

    @property
    def pages(self) -> tuple[int | None, int | None]:
        pages = [p for h in self.hits for p in (h.page, h.page_end) if p is not None]
        return (min(pages), max(pages)) if pages else (None, None)

    @property
    def ocr_confidence(self) -> float | None:
        """The mean OCR confidence of the chunks read by OCR (None when none was)."""
        read = [h.ocr_confidence for h in self.hits if h.ocr_confidence is not None]
        return round(sum(read) / len(read), 4) if read else None


def pack_context(
    hits: list[Hit],
    budget: int,
    count_tokens: Callable[[list[str]], list[int]],
    overhead: int = 0,
    needs: Sequence[Callable[[Hit], bool]] = (),
) -> list[Passage]:
    """Pack hits in rank order into at most `budget` tokens. Adjacent chunks of one document
    version are merged into one passage (their overlap is not repeated); a hit that does not fit is
    skipped and smaller later ones may still go in. Each passage costs its text's tokens plus
    `overhead` (its header in the prompt). The result never exceeds the budget.

    `needs` are what the passages must hold when some hit does (a term the question names): for
    each need that the packed passages miss, the best hit meeting it takes one of the last places,
    so the model reads the passage that the question's term check found."""
    passages = _pack(hits, budget, count_tokens, overhead)
    inside = {h.chunk_id for p in passages for h in p.hits}
    wanted: list[Hit] = []
    for need in needs:
        if any(need(h) for p in passages for h in p.hits) or any(need(w) for w in wanted):
            continue
        hit = next((h for h in hits if h.chunk_id not in inside and need(h)), None)
        if hit is not None:
            wanted.append(hit)
    if not wanted:
        return passages
    # The last places go, but never a passage that meets a need itself.
    needed = [p for p in passages if any(need(h) for need in needs for h in p.hits)]
    spare = [p for p in passages if p not in needed]
    kept_passages = needed + spare[: max(0, len(spare) - len(wanted))]
    kept = {h.chunk_id for p in kept_passages for h in p.hits}
    chosen = kept | {w.chunk_id for w in wanted}
    order = [h for h in hits if h.chunk_id in kept] + wanted + [h for h in hits if h.chunk_id not in chosen]
    return _pack(order, budget, count_tokens, overhead)


def _pack(hits: list[Hit], budget: int, count_tokens: Callable[[list[str]], list[int]], overhead: int) -> list[Passage]:
    passages: list[Passage] = []
    used = 0
    for hit in hits:
        if any(hit.chunk_id == h.chunk_id for p in passages for h in p.hits):
            continue
        host = next((p for p in passages if _adjacent(p, hit)), None)
        if host is None:
            [tokens] = count_tokens([hit.text])
            if used + tokens + overhead <= budget:
                passages.append(Passage([hit], hit.text, tokens))
                used += tokens + overhead
            continue
        members = sorted([*host.hits, hit], key=lambda h: h.chunk_index)
        # Merging may also join the host to another passage the new hit touches.
        other = next((p for p in passages if p is not host and _adjacent(p, hit)), None)
        if other is not None:
            members = sorted([*members, *other.hits], key=lambda h: h.chunk_index)
        text = members[0].text
        for member in members[1:]:
            text = _join(text, member.text)
        [tokens] = count_tokens([text])
        freed = host.tokens + (other.tokens + overhead if other is not None else 0)
        if used - freed + tokens <= budget:
            host.hits, host.text, host.tokens = members, text, tokens
            used += tokens - freed
            if other is not None:
                passages.remove(other)
    return passages


def _adjacent(passage: Passage, hit: Hit) -> bool:
    first, last = passage.hits[0], passage.hits[-1]
    same = first.doc_id == hit.doc_id and first.sha256 == hit.sha256 and hit.chunk_index >= 0
    return same and hit.chunk_index in (first.chunk_index - 1, last.chunk_index + 1)


def _join(left: str, right: str) -> str:
    """`left` + `right` without repeating the overlap chunking put at the start of `right`."""
    for size in range(min(len(left), len(right), 2000), 0, -1):
        if left.endswith(right[:size]):
            return left + right[size:]
    separator = "" if left and right and _HAN.match(left[-1]) else " "
    return left + separator + right
