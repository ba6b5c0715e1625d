"""Citations that hold: `[n]` markers parsed, placed where the model left them out, and checked.

- `parse_citations`: markers naming no passage are dropped; the cited passages in order of use.
- `attribute`: a sentence without a marker gets the passage that holds its key terms.
- `ground`: every number (with its unit) and identifier a sentence states (an "according to ..."
  lead-in aside) must occur in the passages, near the question's words when `anchors` are given;
  a sentence whose facts occur nowhere is dropped, and one citing a passage that lacks them is
  re-pointed to the passage that has them. An answer left with no grounded sentence, or only with
  a pointer to the documents (`says_something`), is a refusal.
- `role_unsaid`: a "who is the leader of X" question answered from passages that never name the role.
- `wrong_kind`, `port_unsaid`, `unbounded_unsaid`: an amount of another kind than the one asked for
  (a time for a count or a rate), a number no cited passage gives as a port, a "no limit" no cited
  passage makes; `variable_unsaid`: an environment variable no cited passage names.

Sentences are split so that list numbers ("1. Announce ..."), inline code and version strings
(`v1.2.3`, `read.csv`) are never taken apart: a marker goes at the end of the sentence's text,
never after a list number.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kb.lexicon import english_anchors
from kb.answer.prompting import language
from kb.records import CJK_UNIFIED
from kb.store.lexical import fold

MARKER = re.compile(r"\[(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\]|【(\d{1,3})】")
SNIPPET_CHARS = 240

# A sentence ends at .!? followed by whitespace (or the end), at Chinese end punctuation, or at a line end.
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)|[。！？]+|\n")
_LIST_ITEM = re.compile(r"^[ \t]*(?:\d{1,3}[.)]|[-*•+]|#{1,6})[ \t]+")
_CODE = re.compile(r"`[^`\n]*`")
# Words whose final "." ends no sentence: short abbreviations, initials, and dotted ones (e.g., i.e., a.k.a.).
_ABBREVIATION = re.compile(r"(?:^|\s)(?:(?i:etc|vs|cf|dr|mr|mrs|ms|no|fig|approx)|[A-Z]|(?:[A-Za-z]\.)+[A-Za-z])\.$")
# A name: a capitalised word inside a sentence (not its first word), e.g. "Smith" in "led by J. Smith".
_NAME = re.compile(r"(?<=[\w,;:)\]] )[A-Z][a-z]{2,}(?:[ -][A-Z][a-z]+)*")
_HEX = re.compile(r"(?<![\w.])0[xX][0-9a-fA-F]+(?![\w.])")  # a hexadecimal number: 0x20, 0x01020304
# A UUID, hash or commit id: hexadecimal digits and letters in hyphen-joined groups, one of 7 or more
# (not a date, "15-Feb-2023"); `_hex_blobs` picks them from the runs this finds (possessive: linear time).
_HEX_RUN = re.compile(r"(?<![\w.-])[0-9a-f]++(?:-[0-9a-f]++)*+(?![\w-])", re.I)


def _is_hex_blob(run: str) -> bool:
    return any(len(group) >= 7 for group in run.split("-")) and re.search(r"[a-f]", run, re.I) is not None \
        and re.search(r"\d", run) is not None


def _hex_blobs(text: str) -> list[str]:
    return [m.group(0) for m in _HEX_RUN.finditer(text) if _is_hex_blob(m.group(0))]


def _without_hex_blobs(text: str) -> str:
    return _HEX_RUN.sub(lambda m: " " if _is_hex_blob(m.group(0)) else m.group(0), text)
# An IPv6 address (ff05::1:3, 2001:db8::1): one fact, and no number of its own to a passage ("2" is
# not in ff02::1:2). Two colons at least, with "::" or three groups: "10:30:00" is a time.
_IPV6 = re.compile(r"(?<![\w:])(?=[0-9a-fA-F:]*::|(?:[0-9a-fA-F]{1,4}:){3})[0-9a-fA-F]{0,4}(?::[0-9a-fA-F]{0,4}){2,7}(?![\w:])")
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+(?:[.:]\d+)*")  # "1,048,576" is one number; "19,23,21,4095" four
_WORD = re.compile(rf"[A-Za-z][\w./-]*[\w]|[{CJK_UNIFIED}]{{2,}}")
_HAN = re.compile(f"[{CJK_UNIFIED}]")
# An identifier: a long option, or a word with an underscore, a dot or slash between word characters,
# a digit after letters, or inner capitals (--no-act, shared_buffers, read.csv, /etc/fstab, v14, OpenSSL);
# a configuration key whose parts "::" joins (Aptitude::CmdLine::Verbose, APT::Get::Assume-Yes).
# ASCII word characters only: in Chinese text with no spaces, "krb5kdc进程最多…" is the identifier krb5kdc.
# Two words a slash joins, with no slash before them, are prose ("light/dark", "read/write"; etc/fstab is a path).
_IDENTIFIER = re.compile(r"`([^`\n]+)`|(?<![\w.:-])(?!(?<![/~])[A-Za-z]+/[A-Za-z]+(?![\w./-]))"
                         r"((?:--[A-Za-z][\w-]*|[A-Za-z][\w-]*(?:(?:[_./]|::)[\w-]+)+|[A-Za-z]+\d[\w.]*(?:-[\w.]*\w)*"
                         r"|[a-z]+[A-Z]\w*))(?![\w])", re.ASCII)
_SETTING_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
_PLACEHOLDER = re.compile(r"[<>{}\[\]|]|\.\.\.|…|^[A-Z][A-Z_]{2,}$")
_ASSIGN = frozenset({"=", ":", ":=", "=>", "+="})  # assignment operators in a code span
_GENERIC = frozenset("using uses used need needs answer question passage passages document documents".split())
_STOP = frozenset("that this with from have will what which when where there their they them then than into "
                  "your about does must should would could also only each after before more most such".split())


class Cited(Protocol):
    """What the citation functions need of a numbered passage."""

    n: int

    @property
    def text(self) -> str: ...

    def citation(self) -> Any: ...


def _unpaged(label: str) -> str:
    """A passage's label without its pages ("manual.pdf · pp. 9-10 · Definitions" is "manual.pdf · Definitions")."""
    return re.sub(r" · pp?\. \d+(?:-\d+)?(?= · |$)", "", label)


def source_label(source: str, page: int | None = None, page_end: int | None = None, heading: str = "") -> str:
    """How a passage is named to the model and to people: `source · p. 3 · heading`, `pp. 3-5` for a
    range, each part only when known."""
    parts = [source]
    if page is not None:
        parts.append(f"p. {page}" if page_end is None or page_end == page else f"pp. {page}-{page_end}")
    if heading:
        parts.append(heading)
    return " · ".join(parts)


@dataclass
class Citation:
    n: int
    doc_id: str
    chunk_id: str
    source: str
    page: int | None
    heading: str
    snippet: str
    ocr_confidence: float | None = None  # the passage's text was read by OCR, with this mean confidence
    page_end: int | None = None  # the passage's last page, where it runs over several ("pp. 158-160")

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def parse_citations(text: str, passages: list[Cited]) -> tuple[str, list[Any]]:
    """The answer with markers naming no passage removed, and the cited passages in order of first use."""
    by_n = {p.n: p for p in passages}
    cited: list[int] = []

    def keep(match: re.Match[str]) -> str:
        numbers = [int(x) for x in re.split(r"\s*[,，、]\s*", match.group(1) or match.group(2))]
        valid = [n for n in numbers if n in by_n]
        for n in valid:
            if n not in cited:
                cited.append(n)
        return "".join(f"[{n}]" for n in valid)

    cleaned = MARKER.sub(keep, text)
    # (space before punctuation a removed marker left; not before a word it starts, "is !file", nor an ellipsis, nor
    # a mark set apart as a word after a word, "The ? variable holds …")
    def tidy(m: re.Match[str]) -> str:
        apart = m.group(2) in (".", "!", "?") and re.match(r"[ \t]+[a-z]", m.string[m.end():]) \
            and (m.string[m.start() - 1 : m.start()].isalnum() or m.string[m.start() - 1 : m.start()] in ",;:(")
        return m.group(0) if apart else m.group(1) or m.group(2)

    cleaned = re.sub(r"[ \t]+(?:([。，；：！？])|([.,;:!?])(?![\w%{.]))", tidy, cleaned)
    return cleaned.strip(), [by_n[n].citation() for n in cited]


# -- sentences ------------------------------------------------------------------------------------------


@dataclass
class Segment:
    text: str
    sentence: bool  # False: a list marker, blank space or a code block: never cited, never checked


def segments(text: str) -> Iterator[Segment]:
    """The answer as sentences and the text between them; joined back they give `text` exactly."""
    in_fence = False
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            yield Segment(line, False)
            continue
        if in_fence:
            yield Segment(line, False)
            continue
        item = _LIST_ITEM.match(line)
        if item:
            yield Segment(item.group(0), False)
            line = line[item.end():]
        yield from _line_sentences(line)


def _line_sentences(line: str) -> Iterator[Segment]:
    masked = _CODE.sub(lambda m: "x" * len(m.group(0)), line)  # no sentence ends inside `code`
    start = 0
    for end in _SENTENCE_END.finditer(masked):
        if end.group(0)[0] == "." and _ABBREVIATION.search(masked[: end.end()]):
            continue
        if end.group(0).startswith("..") and re.match(r"[ \t]+(?:\$|\\?[\])}])(?=[\s,.;:]|$)", masked[end.end():]):
            continue  # an ellipsis a closing delimiter follows ("by $ ... $ or \[ ... \]") ends no sentence
        if end.group(0) != "\n" and masked[end.start() - 1 : end.start()] in (" ", "\t") \
                and re.match(r"[ \t]+[a-z]", masked[end.end():]):
            continue  # a mark set apart as a word names itself: "The ? variable holds …" (execline's exit code)
        stop = end.end()
        if end.group(0) == "\n":
            stop = end.start()
        if line[start:stop].strip():
            yield Segment(line[start:stop], True)
        elif line[start:stop]:
            yield Segment(line[start:stop], False)
        start = stop
    if start < len(line):
        rest = line[start:]
        yield Segment(rest, bool(rest.strip()))


def _place_marker(sentence: str, n: int) -> str:
    """`sentence` with ` [n]` before its end punctuation (and trailing space)."""
    stripped = sentence.rstrip()
    body = stripped.rstrip(".!?。！？")
    return f"{body} [{n}]{stripped[len(body):]}{sentence[len(stripped):]}"


# -- attribution ---------------------------------------------------------------------------------------


# "According to the Debian 4.0 notes, ...", "根据 … 的文档，...": where an answer says it read
# something is not what it states (the model often names a passage's neighbour there).
_LEAD_IN = re.compile(r"^\s*(?:according to|as (?:stated|described|noted|explained|shown) in|based on)\b[^,，:：]{0,120}[,，:：]\s*"
                      r"|^\s*(?:根据|按照|依据)[^，,：:。]{0,80}[，,：:]\s*", re.I)


def claim(sentence: str) -> str:
    """The sentence without its "according to ..." lead-in: what its facts are checked on."""
    rest = _LEAD_IN.sub("", sentence, count=1)
    return rest if rest.strip() else sentence


def _key_terms(sentence: str) -> tuple[set[str], set[str]]:
    """Numbers, and words of 4+ letters / identifiers / Chinese bigrams, lower-cased."""
    numbers = set(_NUMBER.findall(sentence))
    words = set()
    for word in _WORD.findall(sentence.lower()):
        if _HAN.match(word[0]):
            words |= {word[i : i + 2] for i in range(len(word) - 1)}
        elif len(word) >= 4 and word not in _STOP:
            words.add(word)
    return numbers, words


def best_passage(sentence: str, texts: dict[int, str], threshold: float = 0.6, threshold_cjk: float = 0.35) -> int | None:
    """The passage holding every number of the sentence and the most (at least `threshold`) of its
    other key terms (`threshold_cjk` for Chinese, whose terms are character bigrams)."""
    numbers, words = _key_terms(MARKER.sub("", sentence))
    if not numbers and not words:
        return None
    best, best_score = None, 0.0
    for n, body in texts.items():
        if any(num not in body for num in numbers):
            continue
        score = (sum(w in body for w in words) + len(numbers)) / (len(words) + len(numbers))
        if score > best_score:
            best, best_score = n, score
    cjk = sum(bool(_HAN.match(w[0])) for w in words) * 2 > len(words)
    return best if best is not None and best_score >= (threshold_cjk if cjk else threshold) else None


# A Latin word of a Chinese sentence (err, sshd_config), and where it stands as itself.
_LATIN_WORD = re.compile(r"(?<![\w.-])[a-z][a-z0-9_.-]*[a-z0-9](?![\w-])", re.ASCII)


def _whole_word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")


def _stem(word: str) -> str:
    """A word's first five letters once a plural or verb ending is off ("sorts", "sort" and
    "sorting" meet; "give", "gives" and "giving" too): how a question's words are told from those
    an answer adds. A name with a hyphen, underscore, dot or digit is kept whole: "duid-llt" is not
    the question's "duid-type"."""
    word = word.rstrip("._-")  # a sentence's full stop is no part of its last word
    if re.search(r"[-_./\d]", word):
        return word
    return re.sub(r"(?<=\w{3})(?:ing|ed|es|s|e)$", "", word)[:5]


# Words a reply may be that any passage holds: no evidence of where it came from.
_LONE_WORDS = frozenset("on off no yes none true false it is an as at be by do if in of or to up the and all any".split())


def attribute(text: str, passages: list[Cited], threshold: float = 0.6, threshold_cjk: float = 0.35,
              question: str = "") -> str:
    """Post-hoc citations for sentences the model left without one (small models often omit them):
    a sentence gets `[n]` when passage n holds its key terms (see `best_passage`), or the facts it
    states, or every key term it adds to the `question` ("The FAQ suggests using the dlocate
    tool." for "what faster tool does the FAQ suggest?": `dlocate` is its evidence). Sentences
    without a clear source stay unmarked; list numbers, code and version strings stay whole."""
    if not passages:
        return text
    texts = {p.n: _headed(p) for p in passages}  # a heading names what its text does not repeat
    asked = {_stem(w) for w in _key_terms(question)[1]} if question else set()
    given = _normalised(question)
    out = []
    for segment in segments(text):
        piece = segment.text
        if segment.sentence and not MARKER.search(piece):
            n = best_passage(claim(piece), texts, threshold, threshold_cjk)
            if n is None:
                # A sentence whose facts (identifiers, names, numbers) one passage holds is that
                # passage's even when its other words only restate the question ("The FAQ suggests
                # the dlocate tool."): the facts are the evidence.
                # (what the question itself gives need not be there, "on 64-bit and on 32-bit
                # systems", unless it is all the sentence states)
                stated = facts(claim(piece))
                stated = {f for f in stated if not supported(f, given)} or stated
                holding = {k: v for k, v in texts.items() if stated and all(supported(f, _normalised(v)) for f in stated)}
                # (the best of them by key terms; else the first: "3 days." where it says "three days")
                n = (best_passage(claim(piece), holding, 0.0, 0.0) or min(holding)) if holding else None
            if n is None and question and not facts(claim(piece)) and _HAN.search(piece):
                # A Chinese sentence about English passages: its Latin words are its evidence ("默认的优先级是
                # err。": the passage that holds "err" as a word), its Chinese ones no passage holds.
                latin = {w for w in _LATIN_WORD.findall(_normalised(claim(piece))) if not _whole_word(w).search(given)}
                holding = {k: v for k, v in texts.items() if latin and all(_whole_word(w).search(v) for w in latin)}
                n = min(holding) if holding else None
            if n is None and question and not facts(claim(piece)):
                added = {w for w in _key_terms(MARKER.sub("", claim(piece)))[1] if _stem(w) not in asked and w not in _GENERIC}
                holding = {k: v for k, v in texts.items() if added and all(w in v for w in added)}
                n = min(holding) if holding else None
            if n is None and question:
                # The value a sentence ends on ("… without specifying a TeX driver is pdftex."), which
                # the question does not give, is its evidence: the passage that holds it as a word.
                value = _VALUE_IS.search(MARKER.sub("", claim(piece)))
                word = value.group(1).lower().rstrip(".") if value else ""
                if len(word) >= 3 and word not in _STATES | _STOP and _stem(word) not in asked:
                    holding = {k: v for k, v in texts.items() if _whole_word(word).search(_normalised(v))}
                    n = (best_passage(claim(piece), holding, 0.0, 0.0) or min(holding)) if holding else None
            if n is None and question:
                # A reply that is a value alone ("mf" to "what is the default keyboard type?", where a
                # passage says 'Defaults to "mf"'): the passage that holds it as a word, and the
                # question's terms best. (not "on", "no" or "yes": any passage holds those)
                word = _normalised(MARKER.sub("", claim(piece))).strip().strip("`\"'.。*_ ")
                if re.fullmatch(r"[a-z0-9][\w.+-]*", word) and len(word) >= 2 and word not in _STATES | _STOP | _LONE_WORDS \
                        and not _whole_word(word).search(given):
                    holding = {k: v for k, v in texts.items() if _whole_word(word).search(_normalised(v))}
                    if _DEFAULT.search(question) or _UNSET.search(question):  # ("xt", where "mf" is the default)
                        holding = {k: v for k, v in holding.items() if given_as_default(word, _normalised(v))}
                    n = (best_passage(question, holding, 0.0, 0.0) or min(holding)) if holding else None
            if n is None:
                # A reply that quotes a passage as it stands ("^apt$", a search pattern) is that passage's.
                bare = _normalised(MARKER.sub("", piece)).strip().rstrip(".。")
                if len(bare) >= 3 and re.search(r"[^\w\s]", bare):
                    n = next((k for k, v in texts.items() if bare in v), None)
            if n is not None:
                piece = _place_marker(piece, n)
        out.append(piece)
    return "".join(out)


# -- grounding -----------------------------------------------------------------------------------------


# Typographic quotes as plain ones: PDFs typeset `key="true"` as `key=”true”`; and a minus sign or
# a hyphen as "-" ("−pslevel").
_QUOTES = str.maketrans({c: '"' for c in "“”„‟″«»"} | {c: "'" for c in "‘’‚‛′"} | {"\u2212": "-", "\u2010": "-"})


# A number with its unit: "30 years", "10MB", "24 hours", "3 秒". The unit is part of the fact: a
# passage's "30" in "Manual 30 / 95" or "30 days" does not support "30 years". Each unit's spellings
# (English, short, Chinese) are one class.
_UNITS = {
    "second": r"seconds?|secs?|s|秒钟?", "minute": r"minutes?|mins?|分钟", "hour": r"hours?|hrs?|h|小时|个小时",
    "day": r"days?|天|日", "week": r"weeks?|周|个?星期", "month": r"months?|个月|月", "year": r"years?|yrs?|年",
    "kb": r"kib|kb|kilobytes?|k", "mb": r"mib|mb|megabytes?|兆|m", "gb": r"gib|gb|gigabytes?|g", "tb": r"tib|tb|terabytes?|t",
    "mhz": r"mhz", "ghz": r"ghz", "percent": r"%|percent|per cent",
}
_UNIT_OF = [(name, re.compile(rf"(?:{spellings})", re.I)) for name, spellings in _UNITS.items()]
_QUANTITY = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)[ \t]?-?[ \t]?(" + "|".join(f"(?:{v})" for v in _UNITS.values())
                       + r")(?![a-z])", re.I)


UNIT_CHARS = 60  # how far apart, on one line, an amount and the word of its unit may be
DESCRIBED_CHARS = 400  # how far a setting's description may run from its unit word to its "Default:"
# Each unit's English words (not "s", "h" or "%", which stand only beside a number; not 年 or 日,
# which Chinese text puts beside every date).
_UNIT_NAMES = {name: "|".join(a for a in spellings.split("|") if re.fullmatch(r"[a-z]{3,}s?\??", a))
               for name, spellings in _UNITS.items() if name != "percent"}
_ANY_UNIT = "|".join(_UNITS.values())


def _unit(spelling: str) -> str:
    return next(name for name, pattern in _UNIT_OF if pattern.fullmatch(spelling))


# A product and its dotted version in an answer: "TLS 1.0", "NUT 2.8.0", "Python v3.12". The number
# alone is no fact of its own: "libusb-1.0" does not state "TLS 1.0".
_NAMED_VERSION = re.compile(r"(?<![\w.-])([A-Z][A-Za-z+#]*[A-Za-z+#])[ \t]+v?(\d+(?:\.\d+)+)(?![\w.]*\w)")
_NOT_PRODUCTS = frozenset("version versions release releases section sections chapter chapters figure table step page "
                          "part appendix item rule level option and or to from is was in on at of see".split())
# A dot and digits after no number: one suffix ("append '.0'"), not the number after the dot.
_SUFFIX_NUMBER = re.compile(r"(?<![\w.])\.\d+(?!\w|\.\w)")
# What an answer quotes: a passage must hold the words as they stand ("UPS battery low").
# (a one-character quotation pairs its marks too, though it is no name: "1", "block" and "span" quote block and span,
# not ", and ")
_QUOTED = re.compile(r"[\"“「]([^\"“”「」\n]{1,60})[\"”」]")  # (not ' or ’: "aptitude's … it's" quotes nothing)


# A file name extension said alone ("must end in .multi", "以 .multi 结尾"): a fact, as a word of the sentence is not.
_EXTENSION = re.compile(r"(?<![\w./-])\.[A-Za-z][A-Za-z0-9]{0,9}(?![\w-])(?!\.\w)", re.ASCII)


# A date in Chinese: its year is what a passage must hold ("March 2010" says 2010 年 3 月), not 2010 years.
_CHINESE_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?)?")


_LATIN_ABBREVIATIONS = frozenset({"i.e", "e.g", "cf", "etc", "viz"})  # "i.e." reads like an identifier (read.csv)


def facts(sentence: str) -> set[str]:
    """What a sentence states that a passage must contain verbatim: its numbers (list numbers and
    citation markers aside; thousands separators ignored) with their units ("30 years" is one
    fact), products with their versions ("tls 1.0"), hexadecimal numbers and IPv6 addresses whole
    (0x20, ff05::1:3), identifiers, names and quoted words,
    lower-cased."""
    plain = MARKER.sub(" ", sentence).translate(_QUOTES)
    # (0x20 is one number, not 0 and 20; a UUID or hash one fact, not its digits)
    hexes = {h.lower() for h in _HEX.findall(plain) + _IPV6.findall(plain) + _hex_blobs(plain)}
    bare = _IDENTIFIER.sub(" ", _HEX.sub(" ", _IPV6.sub(" ", _without_hex_blobs(plain))))
    # (an extension's digits are no number, ".m4f"; a Chinese date's year is one, "2010 年 3 月": no 2010 years)
    bare = _CHINESE_DATE.sub(r" \1 ", _EXTENSION.sub(" ", bare))
    named = [m for m in _NAMED_VERSION.finditer(bare) if m.group(1).lower() not in _NOT_PRODUCTS]
    versions = {f"{m.group(1).lower()} {m.group(2)}" for m in named}
    for m in reversed(named):
        bare = bare[: m.start()] + " " + bare[m.end():]
    # (a dot and digits after no number are one suffix: "append '.0' to the version" states ".0", not 0)
    suffixes = set(_SUFFIX_NUMBER.findall(bare))
    bare = _SUFFIX_NUMBER.sub(" ", bare)
    quantities = {(m.group(1).replace(",", ""), _unit(m.group(2))) for m in _QUANTITY.finditer(bare)}
    found = {m.replace(",", "") for m in _NUMBER.findall(_QUANTITY.sub(" ", bare))} | suffixes
    found |= {f"{number} {unit}" for number, unit in quantities} | versions | hexes
    found |= {name.lower() for name in _NAME.findall(_CODE.sub(" ", plain))}
    found |= {name.lower() for name in _VARIABLE_NAME.findall(_CODE.sub(" ", plain)) if name not in _SHOUTED}
    # (a sentence's full stop or comma inside quoted words is no part of them: "calepin," which means "notebook.";
    # ":q!" and "C:" keep theirs)
    found |= {re.sub(r"(?<=[a-z])[.,]$", "", q) if re.fullmatch(r"[\w' -]+[.,]?", q) else q
              for q in (" ".join(quoted.lower().split()) for quoted in _QUOTED.findall(_CODE.sub(" ", plain)))
              if len(q) > 1 and re.search(r"\w", q)}
    found |= {e.lower() for e in _EXTENSION.findall(_CODE.sub(" ", plain))}
    # (a one-dash option of five lower-case letters or more: "-pslevel", which no passage names, is
    # made up; not one-letter flags run together, "tar -xzf", nor "-fno-…", "-Xmx2g" or "-Dfile.encoding")
    found |= {o for o in _DASH_OPTION.findall(_CODE.sub(" ", plain)) if re.fullmatch(r"-[a-z]{5,}", o)}
    for code, ident in _IDENTIFIER.findall(_IPV6.sub(" ", plain)):
        if code:  # each word of a command, placeholders (<package>, FILE, ...) aside
            # (an assignment, "=" in `port = *:9001`, is no fact: the passage may give the value alone)
            # (an upper-case name of parts alone, `FULLTEXT_SEARCH`, or set, `SUMMARY_MAX_LENGTH = 50`, is a setting's, no
            # placeholder; `SIGHUP`, `STDIN` and `YOUR_TOKEN` are not)
            words = code.split()
            found |= {w.lower().rstrip(".,;") for i, w in enumerate(words) if w not in _ASSIGN and (
                not _PLACEHOLDER.search(w) or _SETTING_NAME.fullmatch(w.rstrip(".,;")) and (
                    len(words) == 1 and "_" in w and not re.match(r"(?:YOUR|MY)_", w)
                    or i + 1 < len(words) and words[i + 1] in _ASSIGN))}
        elif ident.strip(". ") and ident.strip().lower().rstrip(".") not in _LATIN_ABBREVIATIONS:
            found.add(ident.strip().lower().rstrip("."))
    return {f for f in found if f}


# A number grouped in thousands ("1,048,576"), not a pair ("(1024,768)", a tile size) or a list ("5,4,2").
_GROUPED = re.compile(r"(?<![\d.])(?<!\d,)\d{1,3}(?:,\d{3})+(?!\d|,\d)")  # ("10,000, which" is 10000)


def _normalised(text: str) -> str:
    return _GROUPED.sub(lambda m: m.group(0).replace(",", ""), text.lower().translate(_QUOTES))


_NUMBER_WORDS = dict(enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())) | {30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 100: "hundred"}


def _number(number: str) -> str:
    """A number as the pattern of its spellings: digits, or its English word ("3" or "three"); a
    decimal as written, with any trailing zeros more ("3.5" is "3.500", as Varnish's parameter
    reference gives it), never the start of a longer one ("3.5" is not in "3.5.1", "2.1" not "2.10")."""
    if re.fullmatch(r"\d+\.\d+", number):
        return rf"(?<![\d.]){re.escape(number)}0*(?![\d]|\.\d)"
    digits = rf"(?<![\d.]){re.escape(number)}(?![\d]|:\d)"  # (not the hour of a time: 2:30 states no 2)
    word = _NUMBER_WORDS.get(int(number)) if number.isdigit() else None
    return rf"(?:{digits}|\b{word})" if word else digits


def _fact_pattern(fact: str) -> re.Pattern[str]:
    """Where a fact occurs in normalised text: a number not inside a longer one (or its English
    word: "three days" states "3 days"), a quantity with any spelling of its unit, anything else
    verbatim (but for a PDF's space before a dot)."""
    if fact.isdigit() or re.fullmatch(r"\d+\.\d+", fact):
        return re.compile(_number(fact))
    if _IPV6.fullmatch(fact):
        return re.compile(rf"(?<![\w:]){re.escape(fact)}(?![\w:])")
    if _HEX.fullmatch(fact):
        # (a colon after it that ends a label is no part of it: "0x000b: Value description MTU")
        return re.compile(rf"(?<![\w:]){re.escape(fact)}(?!\w|:[\w:])")
    if re.fullmatch(r"[\d.:]+", fact):
        return re.compile(rf"(?<![\d.]){re.escape(fact)}(?![\d])")
    quantity = re.fullmatch(r"([\d.]+) ([a-z]+)", fact)
    version = re.fullmatch(r"([a-z][a-z+#]*) (\d+(?:\.\d+)+)", fact)
    if version:  # the name, then the version within three words: "TLS protocol version 1.2", "NUT 2.8.0"
        name, number = version.groups()  # or "version 2.6 of the Linux kernel"
        return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])(?:[ \t]+[\w/+-]+){{0,3}}?[ \t(]+v?"
                          rf"{re.escape(number)}(?![\d]|\.\d)"
                          rf"|\bversion\s+v?{re.escape(number)}\s+of\s+(?:the\s+)?{re.escape(name)}(?![\w-])")
    if quantity and quantity.group(2) in _UNITS:
        number, unit = quantity.groups()
        beside = rf"{_number(number)}[ \t]?-?[ \t]?(?:{_UNITS[unit]})(?![a-z])"
        if unit not in _UNIT_NAMES:
            return re.compile(beside, re.I)
        # The amount and its unit a few words apart: "-t seconds ... (default is 60)" states 60 seconds;
        # an amount with another unit beside it ("30 days") does not state "30 years".
        alone = rf"{_number(number)}(?![ \t]?-?[ \t]?(?:{_ANY_UNIT})(?![a-z]))"
        name = _UNIT_NAMES[unit]
        # A setting whose description names its unit, then gives its default: "stopwaitsecs The number
        # of seconds to wait ... Default: 10" states 10 seconds (no other default between them).
        described = rf"(?<![a-z])(?:{name})(?![a-z])(?:(?!default)[^\n]){{0,{DESCRIBED_CHARS}}}?" \
                    rf"\bdefault(?: value)?(?: is)?[ \t]*[:=]?[ \t]*{alone}"
        # A default given to the entry's placeholder, whose unit its description then names: "assign(max_megs,
        # n). % default n=200, range [...] The parameter max_megs says to stop searching when (about) n
        # megabytes of memory have been used" states 200 megabytes (Prover9; no other default between).
        placeholder = rf"\bdefault[ \t]+(?P<var>[a-z])[ \t]*=[ \t]*{alone}(?:(?!\bdefault\b|(?<!\.)\.(?!\.)\s)[^\n]){{0,{DESCRIBED_CHARS}}}?" \
                      rf"(?<![\w-])(?P=var)[ \t]+(?:{name})(?![a-z])"
        pattern = rf"{beside}|(?<![a-z])(?:{name})(?![a-z])[^\n]{{0,{UNIT_CHARS}}}?{alone}" \
                  rf"|{alone}[^\n]{{0,{UNIT_CHARS}}}?(?<![a-z])(?:{name})(?![a-z])|{described}|{placeholder}"
        if unit == "second" and number.isdigit():
            # The same time in milliseconds, as a manual gives it: "remotePollInterval | 30000 | … in
            # milliseconds" states 30 seconds (an exact conversion, not a worked-out estimate).
            ms, ms_name = _number(str(int(number) * 1000)), r"(?<![a-z])(?:milliseconds?|msecs?)(?![a-z])"
            pattern += rf"|{ms}[ \t]?(?:ms|msecs?|milliseconds?)(?![a-z])|{ms_name}[^\n]{{0,{UNIT_CHARS}}}?{ms}(?![ \t]?[a-z])" \
                       rf"|{ms}(?![ \t]?-?[ \t]?(?:{_ANY_UNIT})(?![a-z]))[^\n]{{0,{UNIT_CHARS}}}?{ms_name}"
        return re.compile(pattern, re.I)
    # (words as they stand, any white space between them: a PDF breaks lines anywhere)
    # (and a PDF's space before a dot: "coq-menhirlib .3", a footnote's mark after a command, is what an
    # answer copies as "coq-menhirlib.3")
    # (a long option's en dash only where it starts a word: "client–server" names no --server)
    spellings = [("(?<![\\w-])" if spelling.startswith("\u2013") else "")
                 + re.sub(r"(?<=\w)\\\.(?=\w)", r"[ \\t]?\\.", r"\s+".join(map(re.escape, spelling.split(" "))))
                 for spelling in _spellings(fact)]
    if len(fact) > 2 and fact.endswith("/") and "/" in fact[:-1]:  # a directory, with or without its slash
        spellings.append(re.escape(fact[:-1]) + r"(?![\w.:/-])")
    return re.compile("|".join(spellings))


_SYSCTL = re.compile(r"(?:kernel|net|vm|fs|dev|user|abi|debug|sunrpc|crypto)(?:\.[a-z0-9_*-]+)+")


def _spellings(fact: str) -> list[str]:
    """A fact and its other spellings: a kernel parameter is `net.ipv4.tcp_syncookies` to sysctl
    and /proc/sys/net/ipv4/tcp_syncookies as a file, and a passage may give either."""
    proc = re.match(r"/?proc/sys/(?=.)", fact)
    if proc:
        return [fact, fact[proc.end():].replace("/", ".")]
    if _SYSCTL.fullmatch(fact):
        return [fact, "/proc/sys/" + fact.replace(".", "/")]
    # (a long option as a PDF typesets it, its two dashes one en dash: "–nframes n" is --nframes; not -nframes,
    # which may be another option)
    if re.fullmatch(r"--[a-z][\w-]*[a-z0-9]", fact):
        return [fact, f"–{fact[2:]}"]
    return [fact]


_SHORT_NAME = re.compile(r"(?<![a-z0-9-])[a-z]{1,4}$|(?<!\w)0x$")  # rfc, eth, ipv, sha: "RFC5460" states no port 5460
# (but an option's value run on does: "-f0 do not use fields", "-M32 insert the raw equation")


def _unscored(term: str, text: str) -> str:
    """`term` as `text` spells it: with its underscores as spaces where the text does not hold it as
    it stands and has no underscore at all, as some PDFs' text gives every one ("write term/3",
    "HKEY CURRENT USER"). Prose with underscores elsewhere ("the log file" beside max_log_size)
    names no log_file."""
    if "_" not in term or _fact_pattern(term).search(text):
        return term
    body = text.split("\n", 1)[-1]  # (a passage's label, its first line, keeps the outline's underscores)
    spaced = term.replace("_", " ")
    if "_" not in body:
        return spaced
    # (or only in a C API's entries, whose font lost them where the prose kept its own: "double tol piv
    # (default: 1e-9)" beside "glp_smcp"; or in the running text, after the word for what it is, where the code
    # listings kept theirs: "the macro LTM USE ONLY MR" beside "mp_init(&a)", LibTomMath, round 51)
    return spaced if _typed_entry(spaced).search(body) or re.search(rf"\b{_KIND_BEFORE}\s+{re.escape(spaced)}(?![\w-])", body) \
        else term


# The word for what a name is, before it: a noun after an article (not the verb in "define custom rules", nor "the
# function return value", "a constant time limit", "the symbol table size", whose words are prose).
_KIND_BEFORE = r"(?:the|an?)\s+(?:(?:preprocessor|build|compile-time)\s+)?(?:macro|define)s?"


@functools.lru_cache(maxsize=1024)
def _typed_entry(spaced: str) -> re.Pattern[str]:
    name = re.escape(spaced)
    # (an entry's whole shape: a type word opening the line or sentence, the name, then its default or
    # the declaration's end; not "a short host name" or "the log file (default: stderr)")
    return re.compile(rf"(?:^|[.;:)\n]\s*)(?:int|double|float|char|long|short|unsigned|bool|size_t)\s+\*?{name}"
                      rf"\s*(?:\(default\b|;|\[)", re.M)


def supported(fact: str, text: str) -> bool:
    spaced = _unscored(fact, text)
    if spaced != fact:  # (as whole words: "dynamic module loading" in prose names no dynamic_module_load)
        return _whole(spaced).search(text) is not None
    if _EXTENSION.fullmatch(fact):  # ".png" where the passage says "a PNG image", ".multi" where it says ".multi"
        return re.search(rf"(?<![\w-]){re.escape(fact[1:])}(?![\w-])", text) is not None
    if not re.match(r"\d", fact) or _IPV6.fullmatch(fact) or _HEX.fullmatch(fact):
        return _fact_pattern(fact).search(text) is not None
    text = _IPV6.sub(" ", text)  # an amount is never the digits of an address, of a UUID or hash
    if not (_HEX_RUN.fullmatch(fact) and _is_hex_blob(fact)):  # ("3b4c9995-5c67-…" states no 5), nor of a short name
        text = _without_hex_blobs(text)
    # (a PDF that lost its spaces still states it: "the acceptable values are1024")
    return any(not _SHORT_NAME.search(text[max(0, m.start() - 5) : m.start()]) for m in _fact_pattern(fact).finditer(text))


ANCHOR_CHARS = 150  # how near a fact a question word must be, in the passage, for the fact to be about it
# Words of a question that say what kind of answer it wants, not what it is about.
_ASKING = frozenset("what which when where whom whose does many much long often default value there need "
                    "make used using give given have this that these those like kind sort able".split())


def anchor_terms(question: str) -> set[str]:
    """The question's content words (4+ letters, as 5-letter prefixes, so "deleting" meets
    "deleted"), its acronyms ("MTU"), a Chinese question's versions of three parts ("0.9.0") and,
    for the Chinese nouns it uses, the English words of the glossary (设备: "devic"): one of them
    must be near a fact in the passage that supports it."""
    words = re.findall(r"[a-z][a-z0-9_.-]*[a-z0-9]", _normalised(question))
    words += [part for w in words for part in re.split(r"[-_./]", w) if part != w]  # systemd-journald: journald too
    acronyms = {a.lower() for a in re.findall(r"(?<![A-Za-z])[A-Z]{3,5}(?![A-Za-z])", question)}  # MTU, UDP
    latin = {w[:5] for w in words if len(w) >= 4 and w not in _STOP and w not in _ASKING} | acronyms
    # (and a Chinese question's versions of three parts, where Latin words are few: "从 0.9.0 版起 … User-Agent" is
    # answered right after "from 0.9.0 on")
    versions = set(re.findall(r"(?<![\w.])\d+\.\d+\.\d+(?![\w.]|\.\d)", question)) if re.search(r"[\u4e00-\u9fff]", question) else set()
    return latin | versions | english_anchors(question)


# A plain word a question calls a setting: "the burst option of the limit command", "the tos maxdisp
# option", "the flake flag" (not "the default option", "the same setting").
_PLAIN_SETTING = re.compile(r"\b(?:the|its|a)\s+(?:[a-z][a-z0-9]+\s+)?([a-z][a-z0-9]{2,})\s+(?:option|flag|keyword|setting|parameter"
                            r"|directive|variable|command|subcommand|statement)s?\b", re.ASCII | re.I)
# (the kind of a setting, or what it is about, is no name: "the environment variable TMOUT", "the boolean option")
_NOT_SETTINGS = frozenset("default same other new old first last next previous following given configuration config "
                          "global local main current whole corresponding relevant specific special appropriate right "
                          "wrong correct proper command option setting environment shell boolean string integer numeric "
                          "number text file directory path user system server client kernel network build compile "
                          "compiler runtime program line size limit time timeout name value mode level type".split())


def plain_settings(question: str) -> set[str]:
    """The plain words an English question calls an option, a flag or a command ("the burst option
    of the limit command": burst, limit; "the tos maxdisp option": maxdisp)."""
    found = {m.group(1).lower() for m in _PLAIN_SETTING.finditer(MARKER.sub(" ", question))}
    return {w for w in found if w not in _NOT_SETTINGS and w not in _STOP and w not in _GENERIC}


def _names(term: str, text: str, label: str, plain: bool = False, modifier: bool = False) -> bool:
    """Whether normalised `text` (its `label` first) names a setting or subject of the question: as
    `mentions` does; a compound of plain words also as those words apart in the label ("Shared Memory
    Driver" for shared-memory, "Cycle Counters" for cycle-counter), and as one word ("burnin" for
    burn-in); not "the kernel's max buffers limit" in prose for max-buffers; a `modifier` (a
    compound the question puts before a noun, "a real-to-complex transform") also as its words in
    one sentence ("n real numbers ... n/2+1 complex numbers"); a plain word also inside an option or
    a name of parts ("--verbose", "burst=", "keepalive_timeout")."""
    if mentions(term, text):
        return True
    if re.fullmatch(r"[a-z]+(?:-[a-z]+)+", term):
        if re.search(rf"(?<![\w-]){re.escape(term.replace('-', ''))}(?![\w-])", text):
            return True  # written as one word: "burnin" for burn-in
        apart = r"\s+".join(map(re.escape, term.split("-")))
        if re.search(rf"(?<![\w-]){apart}(?:e?s)?(?![\w-])", label):
            return True
        words = [w for w in term.split("-") if w not in _JOINERS]
        if modifier and any(all(re.search(rf"(?<![\w-]){re.escape(w)}(?:e?s)?(?![\w-])", sentence) for w in words)
                            for sentence in _CLAUSE_END.split(text)):
            return True
    return plain and re.search(rf"(?<![a-z0-9]){re.escape(term)}(?![a-z0-9])", text) is not None


_JOINERS = frozenset("to of the and or in on a an".split())  # (real-to-complex's words are real and complex)
# A compound the question puts before a plain noun describes it ("a real-to-complex transform",
# "cycle-counter support"); one before "option" or "setting", a verb ("does max-buffers default to",
# "max-age mean"), or alone, or after "does"/"is", names a setting.
_MODIFIER = re.compile(r"(?<!\bdoes\s)(?<!\bdo\s)(?<!\bdid\s)(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<![\w.-])"
                       r"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\s+(?!(?:option|setting|statement|directive|parameter"
                       r"|variable|field|flag|command|key|keyword|value|attribute|entry|section|block|clause|macro"
                       r"|function|mode|file|is|are|was|were|do|does|did|has|have|can|may|must|should|will|would"
                       r"|set|skip|and|or|to|of|in|on|at|for|by|with|from|default|mean|use|take|work|enabled|disabled"
                       r"|affect|control|accept|allow|require|need|change|specify|specifie|get|return|apply|limit"
                       r"|cause|make|keep|expect|contain|hold|say|go|run|read|write)(?:s|ed|d|ing)?\b)"
                       r"(?=[a-z]{3,}\b)", re.ASCII)


def _label(passage: Cited) -> str:
    return _normalised(getattr(passage, "label", "") or getattr(passage, "heading", "") or "")


def _file_parts(passage: Cited) -> set[str]:
    """The parts of the file name a passage's label starts with, its extension aside ("extensions-md_in_html.html":
    extensions, md_in_html): a page named after a module is about it."""
    source = (getattr(passage, "label", "") or "").split(" · ", 1)[0].strip().lower()
    stem = re.sub(r"\.[a-z0-9]{1,5}$", "", source.rsplit("/", 1)[-1])
    return set(re.split(r"[-\s]+", stem)) - {""}


def _in_every_name(names: set[str], passages: list[Cited]) -> set[str]:
    """The hyphenated `names` one of whose parts is in the file name of every passage."""
    sources = [_normalised(getattr(p, "label", "").split(" · ")[0]) for p in passages]
    if not sources or not all(sources):
        return set()
    return {name for name in names if any(len(part) >= 3 and all(part in s for s in sources)
                                          for part in re.split(r"[-_]", name))}


def telling(anchors: set[str], passages: list[Cited]) -> set[str]:
    """The anchors that tell passages apart: a term in the file name of every passage (the
    product's name, "drbd" in drbd-users-guide.pdf, which the manual repeats on every page) is
    near every fact, so it is left out, unless nothing else would be left. A term every passage's
    text shares is kept: five passages about hello-interval all say "hello"."""
    names = [_normalised(getattr(p, "label", "").split(" · ")[0]) for p in passages]
    if not names or not all(names):
        return anchors
    kept = {t for t in anchors if not all(t in name for name in names)}
    return kept or anchors


# A comparison an answer states, "between 2 and 5 times faster", "3x smaller": it is no default, though
# the question names a default back-end ("How much faster are the parsers of Menhir's default code
# back-end …"), unless the question asks for a default value ("What is the default pool size?",
# "… by default?"). A factor a setting takes, "4x", or a count, "retries 3 times", is a value.
_DEFAULT_VALUE_ASKED = re.compile(r"\b(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+|its\s+|their\s+)?default\b|\bby\s+default\b"
                                  r"|\bdefaults?\s+(?:to|value|setting)\b|默认值|默认(?:是|为)", re.I)
_RATIO = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s*(?:and|to|or|-|–)\s*(\d+(?:\.\d+)?))?\s*(?:times|x|×)\s+"
                    r"(?:faster|slower|larger|smaller|bigger|longer|shorter|greater|more|less|fewer|higher|lower|as)\b", re.I)
# A sentence that gives a value as the default ("The default of X is 10M.", "默认使用 zlib").
# Also in other words: "when no priority is configured", "if it is not set", "unless told otherwise".
_DEFAULT = re.compile(r"\bdefault(?:s|ed)?\b|默认|缺省|未(?:配置|设置|指定)|没有(?:配置|设置|指定)"
                      r"|\b(?:when|if)\s+(?:no|none)\b[^.,;]{0,40}?\b(?:is|are)\s+(?:configured|set|given|specified)\b"
                      r"|\b(?:when|if)\s+(?:it|they|this|that)\s+(?:is|are)\s+not\s+(?:configured|set|given|specified)\b"
                      r"|\bunless\s+(?:configured|told|set|specified)\b|\bout of the box\b", re.I)
# A question about what holds when something is left out: "given without the reverse zone length",
# "a pd-pool but no pd-length line", "when its manifest.json has no priority field", "if the port is
# omitted", "which length does it assume".
# ("without a single statement changed" sets a scene)
_UNSET = re.compile(r"\bwithout\s+(?:the|a|an|any)\b(?!\s+single\s+\w+\s+(?:changed|modified|altered|touched|edited)\b)"
                    r"|\bbut\s+no\b|\b(?:has|have|had)\s+no\b"
                    r"|\b(?:is|are)\s+(?:omitted|left\s+out|missing"
                    r"|not\s+(?:given|set|specified|configured))\b|\bassumes?\b|\bwithout\s+(?:giving|setting|specifying|configuring)\b"
                    r"|未(?:给出|指定)|省略", re.I)
# A default that sets the scene, not what is asked: "With SDCC's default memory model, how much Flash
# can I use?" asks for an amount under the default model, not for a default ("in the default
# configuration" still asks for one).
_SCENE = re.compile(r"\b(?:with|under|using|in)\s+(?:the\s+|its\s+|[\w.-]+['’]s\s+)?default\s+"
                    r"(?!(?:configuration|config|settings?|setup|install(?:ation)?)\b)[a-z]+", re.I)
# Nor does a default that fails, whose replacement is asked: "Which value … does the manual suggest trying
# when the default preemptive Basic auth causes problems with a server?", "If the default port is already in
# use, which option …" ("when the default port is used" still asks for it).
# Nor does one that asks where the default holds, not what it is: "在哪个平台上 char 类型默认是无符号的？" (libdbi's
# "This is the default for the "char" type on Linux for PowerPC"), "On which platforms is -O2 the default?"
# (not "默认安装在哪个目录中？", which asks for the default directory; nor "In which directory …", "On which port …",
# "在哪个端口上默认监听…", whose place is the default value: only a platform, system or setting the default holds on)
_WHERE = (r"(?:operating\s+)?(?:platform|system|os|architecture|arch|distribution|distro|machine|hardware|processor|cpu"
          r"|compiler|kernel|target|environment|version|release|condition|case|circumstance|situation)s?")
_WHERE_ASKED = re.compile(rf"^\W*(?:on|in|under|for)\s+(?:which|what)\s+(?:[\w-]+\s+)?{_WHERE}\b"
                          r"|在哪(?:个|种|些|一个)\s*(?:[\w-]{1,12}\s*)?(?:平台|系统|架构|发行版|机器|硬件|处理器|编译器|内核|环境|版本|情况|条件|场景)"
                          r"[上中下](?=[^？?]{2})", re.I)
_FAILING_DEFAULT = re.compile(r"\b(?:when|if|whenever|because|in\s+case)\s+(?:the\s+|its\s+)?default\s+(?:[\w-]+\s+){0,4}?"
                              r"(?:causes?|fails?|breaks?|(?:does|do)\s*(?:not|n['’]t)\s+work|conflicts?|clash(?:es)?"
                              r"|(?:is|are)\s+(?:already\s+)?(?:taken|busy|in\s+use|unavailable|not\s+(?:enough|available|supported)"
                              r"|too\s+(?:small|large|big|low|high|short|long|slow)))\b", re.I)
# Nor, to a question for an option's name, does what replaces the default: "Which command-line option makes ne
# load the preferences of a given extension instead of the default ones?" ("… use instead of the default 80?"
# and "Which compression level … rather than the default one?" still ask what holds by default).
_INSTEAD = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+|its\s+)?defaults?\b(?:\s+ones?\b)?"
                      r"(?![\w\s]{0,3}\d)", re.I)
# How a passage says that a value is the default: "the default is", "by default", "if you do not
# explicitly give the compression level L …, it will use level 3", "unless configured otherwise".
_AS_DEFAULT = {"default", "if you do not", "if you don't", "if not ", "if no ", "when no ", "unless", "omitted",
               "not specified", "not given", "not set"}
# ... each as words ("factory-default", not "-cDEFAULT" nor "non-default").
_AS_DEFAULT_SAID = {t: re.compile(rf"(?<![A-Za-z0-9])(?<!non-){re.escape(t)}") for t in sorted(_AS_DEFAULT)}
# A short sentence after a value that names a default of its own ('It must be one of "xt" or "mf". Defaults to "mf".').
_OWN_DEFAULT = re.compile(r"\bdefaults?\s+(?:to|is|value\s+is|:)\s*[\"'`“‘]?[\w.-]", re.I)
# ... or in a clause of what holds when something is missing, right before the value: "If the image
# doesn't support returning the geometry, the cylinders are calculated based on 16 heads".
# ... or in what a missing setting means, right before the value: "no priority means standard priority, which
# is 5", "an empty value means 30".
_NONE_MEANS = re.compile(r"\b(?:no|an?\s+empty|a\s+missing|an?\s+unset)\s+[\w-]+(?:\s+[\w-]+)?\s+means\b"
                         r"(?:[^.;:!?\n]*?(?:\bwhich\s+is|\bis|\bof|=))?\s*$", re.I)  # (not "… means the queue may grow past 1000")
_ABBREVIATED = re.compile(r"\b(?:e\.g|i\.e|etc|cf|vs)\.", re.I)  # ("(e.g. a raw image)" ends no clause)
_IF_MISSING = re.compile(r"\b(?:if|when|where)\s+[^.;:!?\n]{0,60}?\b(?:doesn't|does\s+not|don't|do\s+not|can't|cannot"
                         r"|isn't|is\s+not|aren't|are\s+not|fails?\s+to)\b[^.;:!?\n]*,[^.;:!?\n,]*$", re.I)


# A hyphenated setting name (read-quanta, hello-interval), and such words that name no setting.
# ASCII word characters only: in "bgpd的read-quanta默认值" the name is read-quanta.
_COMPOUND = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])", re.ASCII)
_PLAIN_COMPOUNDS = frozenset("built-in time-out well-known so-called read-only read-write up-to-date "
                             "e-mail off-line on-line per-user per-host command-line run-time compile-time "
                             "real-time high-level low-level third-party open-source".split())
# Compounds of prose joined by "of", "to" or "the" (end-of-file, peer-to-peer): no setting's name, though
# notify-to-soa, client-to-client and beginning-of-line are, so only these.
_PROSE_COMPOUNDS = frozenset("end-of-file end-of-line end-of-input end-to-end peer-to-peer point-to-point one-to-one "
                             "one-to-many many-to-many state-of-the-art out-of-date out-of-band out-of-the-box "
                             "day-to-day man-in-the-middle first-in-first-out easy-to-use hard-to-find".split())
# ... and compounds of a kind that describes rather than names: three-dimensional, platform-specific,
# user-defined (not log-level, jpeg-quality, pre-up, low-rtt or multi-master: settings end and start so too).
_PROSE_PARTS = re.compile(r"(?:two|three|four)-[a-z]+"
                          r"|[a-z]+-(?:dimensional|based|wide|specific|like|friendly|sensitive|insensitive|aware"
                          r"|compatible|free|safe|defined|dependent|independent|oriented|driven|readable)")


def _prose(compound: str) -> bool:
    return compound in _PLAIN_COMPOUNDS or compound in _PROSE_COMPOUNDS or bool(_PROSE_PARTS.fullmatch(compound))


def _keyed(compound: str, text: str) -> bool:
    """Whether `text` sets `compound` out as a setting's key: "real-time: yes", "run-time = 5", "--run-time"."""
    return bool(re.search(rf"(?<![\w-])(?:--?{re.escape(compound)}(?![\w-])|{re.escape(compound)}\s*[:=])", text, re.I))


_AMOUNT = re.compile(r"\d[\d.,:]*(?:\s*[a-z%]+)?")  # a fact that is an amount: "64", "30 second", "10m"

FOLLOW_CHARS = 500  # how far after a setting's name a manual may give its default (its entry's length)
_SAME_SENTENCE = r"[^.;!?。；！？\n]{0,60}?"  # "64 KiB buffer-size", "30 seconds for timeout-interval"


def _name(name: str) -> str:
    spelled = r"\s+".join(map(re.escape, name.split(" ")))  # ("write term/3": a name _unscored)
    return rf"(?<![\w-]){spelled}(?![\w-])"


def follows(fact: str, text: str, names: set[str], heading: str = "") -> bool:
    """Whether the fact is given as the value of one of `names` (settings the question names) in
    `text`: within FOLLOW_CHARS after the name, as a manual's entry gives it, or just before it in
    the same sentence ("a 64 KiB buffer-size"); anywhere when the passage's `heading` is the name.
    So "64" ending write-quanta's entry, a sentence before "read-quanta (1-10)", is not
    read-quanta's default."""
    fact = _unscored(fact, text)
    # (a C API's entry "int piv lim (default: 4)" names piv_lim, which its prose writes as it stands)
    names = {_unscored(n, text) for n in names} | {n.replace("_", " ") for n in names
                                                   if "_" in n and _typed_entry(n.replace("_", " ")).search(text)}
    # A value a reference declares is that parameter's alone: the "0" declared for the entry before
    # (<xsl:param name="doc.publisher.show">0</xsl:param>) is not draft.mode's.
    declared = {m.start(): d.group(1) for m in _fact_pattern(fact).finditer(text)
                if (d := _DECLARED.search(text[max(0, m.start() - 120) : m.start()]))}
    for n in names:  # a parameter this passage declares has the declared value, however it is written
        declaration = re.search(rf"<xsl:(param|variable)\s+name=\"{re.escape(n)}\"(.*?)(?:/>|</xsl:\1>)", text, re.S)
        if declaration:
            return _fact_pattern(fact).search(declaration.group(2)) is not None
    if any(re.search(_name(n), heading) for n in names):
        return True
    for m in _fact_pattern(fact).finditer(text):
        if m.start() in declared:
            continue
        # (the match itself too: a unit word and the default apart, "seconds … startsecs … Default: 1", hold the name)
        before = text[max(0, m.start() - FOLLOW_CHARS) : m.end()]
        if any(re.search(_name(n), before) or re.match(_SAME_SENTENCE + _name(n), text[m.end():]) for n in names):
            return True
    return False


def _in_entry(fact: str, text: str, names: set[str]) -> bool:
    """Whether the fact is given as the default in the entry of one of `names` (options or
    settings) in `text`: in a sentence that says "default", within FOLLOW_CHARS after the name, with
    no other entry begun between them ("Must be a power of 2" gives no default; "--block_size <n>
    … Default is 50" is another option's)."""
    fact = _unscored(fact, text)
    for m in _fact_pattern(fact).finditer(text):
        start = max(0, m.start() - FOLLOW_CHARS)
        named = [e.end() for n in names for e in re.finditer(_name(_unscored(n, text)), text[start:m.start()])]
        if not named:
            continue
        sentence = _CLAUSE_BREAK.split(text[max(0, m.start() - 120) : m.start()])[-1] + m.group(0)
        if _DEFAULT.search(sentence) and not _another_entry(text[start + max(named) : m.start()], names, text):
            return True
    return False


# Where another entry begins: an option or a "name=", "name =" or "name:" head at a line's start;
# "max_connections (integer)" or "stack_size:" of a configuration reference; "The stack_size
# argument"; any other double-dash option named.
_ENTRY_HEAD = re.compile(r"^[ \t]*(?:--?[a-z]|[a-z][\w.-]*\s*[=:])"
                         r"|(?:^|\s)[a-z][\w.]*[_-][\w.-]*\s*(?:\([a-z ]+\)|:)"
                         r"|\bthe\s+[a-z][\w.]*[_-][\w.-]*\s+(?:argument|option|parameter|setting|variable|directive)\b",
                         re.M)
_ANY_OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*|(?<![\w-])-[a-z][\w-]*(?=\s*<|=|\s+[A-Z]+\b)")


def _another_entry(between: str, names: set[str] = frozenset(), text: str = "") -> bool:
    """Whether another setting's entry than one of `names` begins in `between`."""
    return bool(_ENTRY_HEAD.search(between) or set(_ANY_OPTION.findall(between)) - {_unscored(n, text) for n in names})


_CONFIG_FILE = re.compile(r"\.(?:cfg|conf|ini|json|xml|ya?ml|toml|rc|config|properties)$")


_HOLDER = re.compile(r"\s+(?:(?:control\s+|configuration\s+)?(?:parameter|option|setting|variable|member|field|key"
                     r"|flag)s?\s+)?(?:in|of|within|inside|from)\s+(?:the\s+|a\s+|an\s+)?")


def _own_names(sentence: str, values: set[str], settings: set[str]) -> dict[str, set[str]]:
    """Each value of the sentence with the setting the sentence names last before it ("hello-interval
    默认是 10 秒，dead-interval 默认是 40 秒": 10 is hello-interval's); a value that follows no
    setting's name belongs to any of them (an empty set)."""
    # (a configuration file is where the setting is, not a setting: "targetChunkUploadDuration in nextcloud.cfg is 60000")
    spans = sorted((m.start(), m.end(), n) for n in settings if not _CONFIG_FILE.search(n)
                   for m in re.finditer(_name(n), sentence))
    # (nor is the structure that holds it, named right after the setting's own name: "piv_lim in the
    # glp_bfcp parameters is 4"; "the default of read-quanta is 1 and the default of write-quanta is 64" names two)
    found = [(start, n) for i, (start, end, n) in enumerate(spans)
             if not (i and _HOLDER.fullmatch(sentence[spans[i - 1][1] : start]))]
    owners: dict[str, set[str]] = {}
    for value in values:
        at = _fact_pattern(value).search(sentence)
        before = [n for start, n in found if at is not None and start < at.start()]
        owners[value] = {before[-1]} if before else set()
    return owners


def anchored(fact: str, text: str, terms: set[str]) -> bool:
    """Whether the fact occurs in `text` within ANCHOR_CHARS of one of the question's terms: "30
    years" in a table of storage media lifetimes does not answer how long journald keeps logs."""
    if not terms:
        return True
    fact = _unscored(fact, text)
    # (a version is one whole: "2.4.1" is not in "2.4.10")
    patterns = [re.compile(rf"(?<![\d.]){re.escape(t)}(?!\d|\.\d)") for t in terms if re.fullmatch(r"\d+(?:\.\d+)+", t)]
    words = [t for t in terms if not re.fullmatch(r"\d+(?:\.\d+)+", t)]
    return any(any(t in window for t in words) or any(p.search(window) for p in patterns)
               for m in _fact_pattern(fact).finditer(text)
               for window in [text[max(0, m.start() - ANCHOR_CHARS) : m.end() + ANCHOR_CHARS]])


_RANGE_END = re.compile(r"\d[ \t]*[-–][ \t]*$")
_RANGE_START = re.compile(r"^[ \t]*[-–][ \t]*\d")
# Where what follows a value stops being about it (in normalised, lower-case text; "i.e." and "e.g." are no end).
_CLAUSE_END = re.compile(r"[;!?。；！？\n{}]|(?<!\bi\.e)(?<!\be\.g)\.(?=\s|$)")


_SINCE = frozenset("in since from after before until to".split())  # "In 4.1.14, the gbz80 port was renamed"


def _version_names(question: str) -> set[str]:
    """What a version question is about, as a passage names it before a version: its Latin words of
    a capital or a digit (PuTTY, SUPDUP, macOS, Erlang/OTP as erlang and otp), lower-cased."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9+#]*", MARKER.sub(" ", question))
    return {w.lower() for w in words if re.search(r"[A-Z\d]", w)} - _NOT_PRODUCTS - _STOP - _SINCE


# What a version question asks the version of, where it names it: "version of the rubber compilation
# engine", "Which minimum OpenSSH version", "哪个版本的 Boost".
_NAMED = r"([A-Za-z][\w+#/.-]*(?:\s+[A-Z][\w+#/.-]*){0,2})"  # "rubber", "Erlang/OTP", "Macintosh OS X"
# (not "In which SDCC version …", "since which Linux-PAM version": the product's own history)
_HISTORY = r"(?<![Ii]n )(?<![Ff]rom )(?<![Ss]ince )(?<![Uu]ntil )"
_VERSION_OF = re.compile(rf"{_HISTORY}\b(?i:which|what)\s+(?i:versions?)\s+of\s+(?:the\s+)?{_NAMED}"
                         rf"|(?<!which )(?<!what )\b(?i:versions?)\s+of\s+(?:the\s+)?{_NAMED}|{_HISTORY}"
                         rf"\b(?i:which|what)\s+(?:(?:minimum|minimal|oldest|lowest"
                         rf"|earliest|required|latest|newest)\s+)?(?!(?:minimum|minimal|oldest|lowest|earliest|required|latest"
                         rf"|newest)\b){_NAMED}\s+versions?\b|版本的\s*{_NAMED}"
                         # ("What is the minimum Perl version …": a capitalised name)
                         rf"|{_HISTORY}\b(?i:which|what)\s+(?i:is|are)\s+the\s+(?:(?i:minimum|minimal|oldest|lowest|earliest"
                         rf"|required|latest|newest)\s+)?([A-Z][\w+#/.-]*)\s+versions?\b")
_GENERIC_PRODUCTS = frozenset("the this that its it software tool tools program programs package packages product "
                              "application manual documentation system".split())  # "version of the software"
VERSION_OF_CHARS = 200  # how near its version a passage names what the version is of


def version_of(question: str, passages: list[Cited]) -> str:
    """The product a version question asks the version of, lower-cased ("" when it names none, or
    names the manual's own product, which every passage's file name holds: "In which SDCC version …")."""
    m = _VERSION_OF.search(question)
    name = next((g for g in m.groups() if g), "").lower().rstrip(".") if m else ""
    if len(name) < 2 or name.split()[0] in _NOT_PRODUCTS | _STOP | _SINCE | _GENERIC_PRODUCTS \
            or _in_every_name(set(name.split()), passages):
        return ""
    return name


def _names_near(of: str, text: str) -> bool:
    """Whether `text` names `of` ("erlang/otp", "macintosh os x") by any of its words or parts of two
    letters or more (OTP, OS)."""
    parts = {p for p in re.split(r"[\s/-]+", of) if len(p) >= 2 and p not in _STOP}
    return any(re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", text) for p in parts)


# A release named by a plain number: "release 7", "version 3", "v2" (not "version 3.1", a dotted one).
_RELEASE_NUMBER = re.compile(r"\b(?:release|version|v)\s*(\d+)\b(?![.,]\d)", re.I)


def _said_as_release(number: str, text: str, names: set[str] | None) -> bool:
    """Whether `text` (a passage with its label) gives a plain number as a release: "release 7",
    "version 7", "v7" or the product's name right before it ("NTPsec 7"); "up to 7 peers" and a
    section's "7. Client Tool Improvements" do not."""
    before = "|".join(["release", "version", "v", *(re.escape(n) for n in sorted(names or ()))])
    return re.search(rf"\b(?:{before})\s*[:#]?\s*{re.escape(number)}(?![\d.]\d|\.\d)", text) is not None


def _named_release(number: str, text: str, names: set[str]) -> bool:
    """Whether `text` gives a plain number as a release of one of `names` (the question's): a few
    words after the name, as products write their releases ("Debian 8", "Debian GNU/Linux 12", "Java
    SE 8", "GTK+ 3", "Python >= 3", "Windows 10 and 11", "Debian 6.0"), or as "release 8" / "version
    8"; a tag of another image ("almalinux:8") or a count is not one."""
    if _said_as_release(number, text, names):
        return True
    spelled = "|".join(re.escape(n) for n in sorted(names))
    return bool(spelled) and re.search(rf"(?<![\w.-])(?:{spelled})(?![\w-])[^.;:\n]{{0,30}}?(?<![\w.:/-]){re.escape(number)}"
                                      rf"(?:\.0)?(?![\w]|\.\d)", text) is not None


_VERSION_RUN = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)[a-z]*(?:[,;]|\s+(?:works?|is|are|also|and|or|supported|tested))*\s+$")


def said_as_version(number: str, text: str, names: set[str] | None, of: str = "", run: bool = True) -> bool:
    """Whether `text` gives the dotted number as a version: "version", "release", "numbered", "v"
    or one of `names` (the product) within three words before it, or "in", "since", … right before it
    ("PuTTY 0.78", "version 1.2.3", "OTP 21.3", "In 4.1.14, …"), or a version named in a relative
    clause before it ("the latest version of vdirsyncer, which is at the time of this writing
    0.19.0"). A section number ("3.10 Using SUPDUP") is none. With `of` (what the question asks the
    version of), the passage names it near the number, and the number is no version of another
    product the question names ("What is the minimum Perl version needed to build Aspell?": "GNU
    Aspell 0.50" gives none): dblatex's own "version 0.3.11-py3" is no version of rubber."""
    if names is None:
        return True
    for m in _fact_pattern(number).finditer(text):
        # (an API reference's "Availability 0.8.3" is the version of the library it documents, however far its name;
        # a heading of its own, not a product's "InfoScale Availability 7.4.2", nor an uptime's "Availability: 99.95%")
        if _AVAILABILITY.search(text, max(0, m.start() - 40), m.start()) \
                and not re.match(r"\s*(?:%|percent\b)", text[m.end():]):
            return True
        if of and not _names_near(of, text[max(0, m.start() - VERSION_OF_CHARS) : m.end() + VERSION_OF_CHARS]):
            continue
        before = re.findall(r"[a-z0-9+#]+", text[max(0, m.start() - 60) : m.start()])[-3:]
        if of and before and before[-1] in names and not set(before[-2:]) & set(re.split(r"[\s/-]+", of)):
            continue  # another product the question names, right before the number: "… build Aspell?" and "GNU Aspell 0.50"
        # (the next of a run of versions, after one said as a version and a linking word: "Version 4.32.5 works;
        # 4.42.2alpha also works"; not "3.2; see section 4.5.1", "2.3 bundles zlib 1.2.11")
        previous = _VERSION_RUN.search(text[max(0, m.start() - 60) : m.start()]) if run else None
        if previous and said_as_version(previous.group(1), text[max(0, m.start() - 60) : m.start() - len(previous.group(0))
                                                                + len(previous.group(1))], names, run=False):
            return True
        if text[max(0, m.start() - 1) : m.start()] == "v" or any(
                w.startswith(("version", "release")) or w in names for w in before) \
                or before and before[-1] == "numbered" and re.search(
                    r"\b(?:release|version)s?\b", _CLAUSE_BREAK.split(text[max(0, m.start() - 200) : m.start()])[-1]) \
                or before and before[-1] in _SINCE or "版本" in text[max(0, m.start() - 6) : m.start()] \
                or _VERSION_WHICH.search(text[max(0, m.start() - 120) : m.start()]):
            return True
    return False


# The heading of an API reference entry's first version: libdbi's "Availability 0.8.3", GLib's "Since: 2.28" is "since".
_AVAILABILITY = re.compile(r"(?:^|[.;:!?)]\s|\n)\s*availability\s*:?\s*$")
# A version named in a relative clause before its number: "the latest version of vdirsyncer, which is at the
# time of this writing 0.19.0", "the current release, which is now 2.3".
_VERSION_WHICH = re.compile(r"\b(?:version|release)(?:\s+of\s+[\w.+-]+)?,?\s+(?:which|that)\s+is\s+(?:(?:now|currently|presently|still|today"
                            r"|at\s+present|(?:at\s+the\s+time\s+of|as\s+of)\s+(?:this\s+)?writing),?\s+)?(?:at\s+)?$")


def given_as_default(fact: str, text: str, named: str = "") -> bool:
    """Whether `text` gives the fact as a default (anchored to one of _AS_DEFAULT's phrasings)
    somewhere other than as the bound of a range: "read-quanta (1-10)" gives 10 as its largest
    value, not as its default, however near "the default (64)" of the entry before it."""
    fact = _unscored(fact, text)
    word = re.fullmatch(r"[a-z][a-z0-9]*", fact) is not None
    for m in _fact_pattern(fact).finditer(text):
        if word and (re.match(r"[a-z0-9]", text[m.start() - 1 : m.start()]) or re.match(r"(?:e?s)?[a-z0-9]", text[m.end():])
                     and not re.match(r"e?s(?![a-z0-9])", text[m.end():])):
            continue  # a word as itself (or its plural): "/dev/cdrom" gives no cdr as a default
        if _DECLARED.search(text[max(0, m.start() - 120) : m.start()]):
            return True  # a parameter reference's synopsis: <xsl:param name="toc.section.depth">5</xsl:param>
        if _ROW_VALUE.search(text[max(0, m.start() - 80) : m.start()]) \
                and _DEFAULT_COLUMN.search(text[max(0, m.start() - TABLE_CHARS) : m.start()]):
            return True  # a table's Default column: "Variable | Default | Meaning … targetChunkUploadDuration | 60000 |"
        row = _HELP_ROW.search(text[max(0, m.start() - 40) : m.start()])
        if row and _CURRENT_COLUMN.search(text[max(0, m.start() - TABLE_CHARS) : m.start()]) \
                and re.search(rf"(?<![\w-]){re.escape(row.group(1))}(?![\w-])", named) \
                and not re.search(rf"(?<![\w-]){re.escape(row.group(1))}\s*=", text[: m.start()]):
            # a help table's "Current Setting" column, as the program starts: "Temp <number> 0.100000",
            # in the row of the setting the question names, where the passage has not set it before
            return True
        row = (m.group(0)[:1].isdigit() or not fact[:1].isdigit()) \
            and _DEFAULT_LAST_COLUMN.search(text[max(0, m.start() - TABLE_CHARS) : m.start()]) \
            and _PARAMETER_ROW.match(text[max(0, m.start() - PARAMETER_ROW_CHARS) : m.start()])
        if row and _ROW_END.match(text[m.end() :]) \
                and re.search(rf"(?<![\w-]){re.escape(row.group(1))}(?![\w-])", named):
            # a PDF's table of parameters, its header flattened into the text, "Parameter Meaning Default": "size The
            # outline dimensions size x size 20", in the row of the parameter the question names, the row's last value
            return True
        if _RANGE_END.search(text[max(0, m.start() - 12) : m.start()]) or _RANGE_START.match(text[m.end() : m.end() + 12]):
            continue
        typed = _TYPED_SETTING.search(text[max(0, m.start() - TYPED_CHARS) : m.start()])
        if typed and _shipped_setting(text, typed, max(0, m.start() - TYPED_CHARS), named):
            return True  # a documented configuration file's value: "; How many characters …? (Int) password_length = 8"
        if _signature_default(text, m.start(), m.end(), named):
            return True  # a signature's keyword argument the question names: "LDIFWriter(output_file, …, cols=76, …)"
        entry = _BRACKETED.search(text[max(0, m.start() - OPTION_ENTRY_CHARS) : m.start()])
        if entry and re.match(r"[^\[\]\n;]{0,20}\]", text[m.end():]) and any(
                len(name) >= 2 and re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_-])", named)
                for name in entry.groups() if name):
            return True  # a --help list's default, of the option the question names: "-framerate … [30]"
        # Before the value ("Default: 600", "defaults to"), or after it in its own clause ("64 (the
        # default)", "zlib is used by default"): "port 2345; transport ssh { ... }; # Default interval
        # values" in an example configuration gives 2345 as no default.
        # (or in a short sentence right after it: "Port 22. This is the default.")
        clause, *rest = _CLAUSE_END.split(text[m.end() : m.end() + ANCHOR_CHARS], 2)
        # (not one that names its own: "It must be one of "xt", "at" or "mf". Defaults to "mf".")
        after = clause + (f" {rest[0]}" if rest and len(rest[0]) <= 40 and not _OWN_DEFAULT.search(rest[0]) else "")
        # (a phrase as words: "-cDEFAULT,DHCPC", a list of class names, says no default, "factory-default" does;
        # and of a bound advised against, only "default" itself says one: "Do not try with less than 250 Mbytes
        # unless you know why")
        near = text[max(0, m.start() - ANCHOR_CHARS) : m.end()]
        advised = _ADVISED_BOUND.search(text[max(0, m.start() - 80) : m.start()]) is not None
        if any(said.search(near) or said.search(after) for t, said in _AS_DEFAULT_SAID.items() if t == "default" or not advised) \
                or _IF_MISSING.search(_ABBREVIATED.sub("eg", text[max(0, m.start() - ANCHOR_CHARS) : m.start()]).replace("’", "'")) \
                or _NONE_MEANS.search(text[max(0, m.start() - ANCHOR_CHARS) : m.start()]):
            return True
        # (or in a list that a sentence of defaults opens: "… are bound to default values in the file
        # sdcdbsrc.el. The variables are listed below, … • sdcdbsrc-frequency '11059200")
        if _defaults_listed(text[max(0, m.start() - LISTED_CHARS) : m.start()]):
            return True
    return False


# A setting of a configuration file that documents each one, its type in parentheses at its comment's end, its value
# next: the file as the package ships it ("; Permissions for the user's home directory (Int) ; octal 0700 -> decimal
# 448 directory_mode = 448", vmm.cfg, round 52), whose values are the defaults.
_TYPE_NOTE = r"\((?:int|integer|string|str|boolean|bool|float|list|octal)\)"
_TYPED = _TYPE_NOTE + r"(?:\s*;[^;=\n]{0,80})?\s*(?<![\w.-])([a-z_][\w.-]*)\s*="  # the type, a comment line, the name
_TYPED_SETTING = re.compile(_TYPED + r"\s*$")
TYPED_CHARS = 200
# What opens a file's excerpt that sets its own values, not the shipped ones: "To tune …, change the following:", "An
# example of a tuned configuration:".
_CHANGED_SETTINGS = re.compile(r"\b(?:e\.\s?g|for\s+(?:example|instance)|examples?|sample|tun(?:e|ed|ing)|chang(?:e|ed|ing)"
                               r"|edit(?:ed|ing)?|modif(?:y|ied)|override|customi[sz]ed|increase|raise|lower)\b")


def _shipped_setting(text: str, typed: re.Match, at: int, named: str) -> bool:
    """Whether a setting's value in a file that documents each setting's type is the shipped default, of the
    setting the question asks for: the question names it, or no other of the file's settings and says a word of
    its comment ("the default directory_mode" or "the default length of generated passwords" is no 448 of
    directory_mode's), and the excerpt's opening words present it as neither changed nor an example."""
    setting, named = typed.group(1), named.lower()
    if named and not re.search(rf"(?<![\w-]){re.escape(setting)}(?![\w-])", named):
        others = set(re.findall(_TYPED, text)) - {setting}
        comment = re.split(r"=\s*[^\s;]+", text[at : at + typed.start()])[-1]
        if any(re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", named) for s in others) \
                or not (_content_stems(comment) & _content_stems(named)) - {_stem("default")}:
            return False
    first = re.search(_TYPE_NOTE, text)
    return not _CHANGED_SETTINGS.search(text[max(0, first.start() - TYPED_CHARS) : first.start()] if first else "")


# A keyword argument of a call's signature, its value next, the call still open: "LDAPObject.search_s(base,
# scope[, filterstr='" (python-ldap), each parameter before it a bare name or a name with its default (a call
# in an example passes values: "l.search_s('ou=x', ldap.SCOPE_SUBTREE, filterstr='(cn=x)')"). How far back
# the call may open.
_PARAMETER = r"""\s*[\[\]]*\s*\*{0,2}[a-z_][a-z0-9_]*(?:\s*=\s*(?:'[^'\n]*'|"[^"\n]*"|[\w.+-]+))?\s*[\[\]]*\s*"""
_KEYWORD_ARGUMENT = re.compile(rf"""(?<![\w.])([\w.]*?)([a-z_][a-z0-9_]{{2,}})\((?:(?>{_PARAMETER},)*+\s*\[?\s*)?"""
                               r"""([a-z_][a-z0-9_]+)\s*=\s*['"]?$""")
SIGNATURE_CHARS = 300
# What makes a call an example's, not a signature: a prompt, an assignment of its result, or a sentence that says so.
_EXAMPLE_CALL = re.compile(r""">>>|=\s*$|\b(?:e\.\s?g|for\s+(?:example|instance)|example|usage|such\s+as)\b"""
                           r"""|\b(?:in|return|call|calling|invoke|use|using|with|try|run)\s*$|\(\s*$""")
_EXAMPLE_BEFORE = re.compile(r"""(?:>>>|\b(?:e\.\s?g|for\s+(?:example|instance)|examples?)\b)[^\n]*:\s*$""", re.I)


def _signature_default(text: str, start: int, end: int, named: str) -> bool:
    """Whether the value at text[start:end] is a keyword argument's default in a call's signature, the call
    and the argument both named in the question, `named`: "class ldif.LDIFWriter(output_file,
    base64_attrs=None, cols=76, line_sep='\\n')" gives cols' default to "the default of cols in LDIFWriter";
    not to a question that names another call, and not an example call's "cols=120"."""
    before = text[max(0, start - SIGNATURE_CHARS) : start]
    keyword = _KEYWORD_ARGUMENT.search(before)
    if not keyword or not re.match(r"""(?:\.0+)?['"]?\s*[,)\[\]]""", text[end:]):  # (60 is "retry_delay=60.0")
        return False
    _, call, argument = keyword.groups()
    opened = max(0, start - SIGNATURE_CHARS) + keyword.start()
    line = text.rfind("\n", 0, opened) + 1
    # (the call as the question writes it, where it writes one as code: "Serial.read_until()" names no read(); a
    # receiver the passage writes is the question's qualifier: not an example's "l.search_s(…)")
    coded = [c.split(".") for c in re.findall(r"(?<![\w.])[a-z_]\w*(?:\.[a-z_]\w*)+|[a-z_]\w*(?=\()", named)]
    receiver = [r for r in keyword.group(1).split(".") if r]
    as_code = [c for c in coded if c[-1] == call]
    if as_code and not any(len(c) == 1 or not receiver or c[-2] in receiver for c in as_code) \
            or not as_code and re.search(r"[a-z_]\w*\(", named):
        return False
    return all(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", named) for name in (call, argument)) \
        and not _EXAMPLE_CALL.search(text[max(line, opened - 80) : opened]) \
        and not _EXAMPLE_BEFORE.search(text[max(0, line - 200) : line])


# A bound advised against right before a number, in an imperative that opens its sentence: "Do not try with less
# than 250", "Never use more than 4" (not "Clients do not retry more than 3 times").
_ADVISED_BOUND = re.compile(r"(?:^|[.;:!?]\s+)(?:do\s+not|don['’]t|never)\b[^.;:!?]{0,40}?\b(?:(?:less|more|fewer|greater"
                            r"|larger|smaller|lower|higher)\s+than|at\s+(?:least|most)|below|above|over|under)\s*$", re.I)


# An option's entry that ends on its default in brackets, as --help lists give it: "-pdfreloaddelay usec
# Delay before attempting initial pdf reload [750000]", "-maxtile pair … [(1024,768)]": the option,
# then its words (no sentence's end, no other bracket), then "[" and the value. It is that option's
# default alone: "-shiftWaitTime ms … [200]" gives no default of a command timeout.
OPTION_ENTRY_CHARS = 120
_BRACKETED = re.compile(r"(?:^|\s)--?([a-z][\w-]*)(?:,\s*--?([a-z][\w-]*))?\s[^\[\].;\n]{0,100}(?:\n[^\[\].;\n]{0,100})?"
                        r"\[\(?[^\[\]]{0,20}$")


# A table whose second column is the default ("Variable | Default | Meaning", "Option | Default value |
# Description"), and a value in that column: right after a row's first cell, a name ("minChunkSize | ").
_DEFAULT_COLUMN = re.compile(r"(?:^|(?<!\|)\s)[\w.-]+(?:\s[\w.-]+)? \| default(?: value)? \|")  # (its second column)
TABLE_CHARS = 2000  # how far down a table its header reaches
# A program's help table of its settings as they stand at start: "Parameter Options Current Setting"
# over rows of a name, its options ("<number>", "yes/no") and its value.
_CURRENT_COLUMN = re.compile(r"\bparameter\s+options\s+current\s+setting\b")
_HELP_ROW = re.compile(r"(?:^|\s)([a-z][\w-]*)\s+(?:<[\w ]+>(?:\s*,\s*<[\w ]+>)*|[\w-]+(?:/[\w-]+)+)\s*$")
# A PDF's table of a call's parameters, its header flattened into the text ("Parameter Meaning Default"), over rows of
# a name, what it means and its default, each row after the last one's default (a number, None, True, False, a
# quoted word): "… (absolute coordinates) 0 size The outline dimensions size x size 20" (ReportLab, round 55).
_DEFAULT_LAST_COLUMN = re.compile(r"\b(?:parameter|argument|option|attribute|property|name)s?\s+"
                                  r"(?:meaning|description)\s+default\b")
# (no word of a row's meaning is a row's name: "checked if True the checkbox is initially checked False" is checked's
# row, not "the"'s; nor the unit or the word that goes on after a number in it: "at most 72 per inch", "100 points")
_NOT_A_ROW_NAME = (r"(?!(?:the|a|an|and|or|nor|not|if|is|are|it|its|of|to|in|on|at|by|as|be|for|from|with|when|then"
                   r"|than|this|that|per|times|points?|pt|px|mm|cm|inch(?:es)?|bytes?|characters?|lines?|seconds?"
                   r"|pixels?|percent)\b)")
_PARAMETER_ROW = re.compile(rf"(?s:.*)(?:\d|\bnone|\btrue|\bfalse|')\s+{_NOT_A_ROW_NAME}([a-z_]\w*)"
                            r"\s[^\d\n]{0,80}$")  # (the last row)
PARAMETER_ROW_CHARS = 120
# (the next row's name and meaning, or the end: "12 by 12" goes on)
_ROW_END = re.compile(rf"\s*$|\s+{_NOT_A_ROW_NAME}[a-z_]\w*\s+[^\d\s]")
_ROW_VALUE = re.compile(r"(?:^|\s)[a-z_][\w.-]*[ \t]*\|[ \t]*$")
# A parameter declared with its value, as an XSL stylesheet's reference gives its default (the value
# starts the declaration, or is a part of it: "2007-10", "'target.db'").
_DECLARED = re.compile(r"<xsl:(?:param|variable)\s+name=\"([^\"<>]+)\"\s*(?:select=\"'?|>)\s*[\w.:/-]*$")


_DEFAULTS = re.compile(r"\bdefaults?\b(?:\s+(?:values?|settings?))?")
_BULLET = re.compile(r"(?:^|\s)[•*▪◦-]\s")
_LISTED = re.compile(r"\b(?:listed|given|shown)\s+below\b|\bas\s+follows\b|\bthe\s+following\b|[:：]\s*$")


LISTED_CHARS = 1000  # how far up a list of defaults its opening sentence may be
_NEW_LIST = re.compile(r"[:：]\s*[•*▪◦-]\s|\bas\s+follows\b|\bthe\s+following\b|\b(?:listed|given|shown)\s+below\b")


def _defaults_listed(before: str) -> bool:
    """Whether `before` (what precedes a value) ends in a bulleted list that a sentence of defaults
    opens ("The defaults are listed below: • …"): the list's values are those defaults."""
    for said in reversed(list(_DEFAULTS.finditer(before))):
        bullet = _BULLET.search(before, said.end())
        if not bullet:
            continue
        lead, items = before[said.start() : bullet.start()], before[bullet.start():]
        last = items[list(_BULLET.finditer(items))[-1].end():]  # the value stands in the last item itself
        if "\n\n" in items or _NEW_LIST.search(items) or len(last) > 80 or _SENTENCE_END.search(last):
            return False  # (a list that another list's opening ends: "These suit a test machine. We recommend: • workers 16")
        # From the defaults' word to the list: at most two sentences, saying a list follows ("The default
        # values of options are listed below, … between square brackets. The defaults were chosen so that …").
        if len(_SENTENCE_END.findall(lead)) <= 2 and _LISTED.search(lead):
            return True
    return False


_MONTH_DAY = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}"
_STAMP = re.compile(rf"\b(?:last\s+(?:updated|modified|changed)|(?:generated|built|updated|modified)\s+on)\s*:?\s*(?:on\s+)?"
                    rf"(?:{_MONTH_DAY}|\d{{1,2}}\s+[a-z]{{3,9}}\.?\s+\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})"
                    rf"|(?:©|\bcopyright)\s*(?:©|\(c\))?\s*\d{{4}}(?:\s*[-–,]\s*\d{{4}})*"
                    rf"|\(c\)\s*(?:19|20)\d\d(?:\s*[-–,]\s*(?:19|20)\d\d)*(?![\d\s]*(?:bytes?|kb|mb)\b)")
_STAMP_ASKED = re.compile(r"\b(?:updated|generated|modified|copyright|built)\b|©|更新|生成|版权", re.I)
# A manual's edition on its front matter ("This file documents Asymptote, version 2.85.", a title's "For
# version 2.85"), beside its copyright: the manual's own version, which answers no question about a
# feature ("in which release was X added"); only one about the manual ("Which version is this guide
# for?", "这份手册对应哪个版本？"). Release notes ("This document describes version 2.3 …, which adds …")
# carry no copyright line and keep their versions.
_EDITION = re.compile(r"\bthis\s+(?:file|manual|document|guide|book)\s+(?:documents|describes|covers)\b[^.\n]{0,60}?"
                      r"\bversion\s+\d+(?:\.\d+)+|(?:^|\n)[^\n]{0,80}?\bfor\s+version\s+\d+(?:\.\d+)+")
_FRONT_MATTER = re.compile(r"\bcopyright\b|©|\bpermission is granted\b")
_EDITION_ASKED = re.compile(r"\b(?:this|the)\s+(?:manual|guide|document|documentation|book|file)\b[^?]{0,40}"
                            r"\b(?:for|document|describe|cover)s?\b|\b(?:version|edition|release)\s+(?:of\s+)?(?:this|the)\s+"
                            r"(?:manual|guide|document|documentation|book)\b|(?:手册|文档)[^？?]{0,20}版本|版本[^？?]{0,20}(?:手册|文档)",
                            re.I)


# A date in a document's title ("Graphviz FAQ 2009-09-10", the first part of a passage's label): the
# document's own date, which answers no question about what it documents ("In which year was X
# released?"), only one about the document.
_TITLE_DATE = re.compile(rf"\b(?:19|20)\d\d-\d\d-\d\d\b|\b{_MONTH_DAY}")


def _undated(labelled: str, asked: bool) -> str:
    """`labelled` (a passage's label, its first line, then its text) without the date in the
    document's title: the label's first part, after the file name, before the first " > "."""
    first, newline, rest = labelled.partition("\n")
    title = re.match(r"([^·\n]*·\s*)([^>\n]*)", first)
    if asked or not title:
        return labelled
    return title.group(1) + _TITLE_DATE.sub(" ", title.group(2)) + first[title.end():] + newline + rest


def _unstamped(text: str, asked: bool, edition_asked: bool = False) -> str:
    front = bool(_FRONT_MATTER.search(text))
    text = text if asked else _STAMP.sub(" ", text)
    return _EDITION.sub(" ", text) if front and not edition_asked else text


@dataclass
class Grounding:
    text: str  # the answer, ungrounded sentences removed, citations re-pointed
    dropped: list[str]  # the sentences removed, with the facts no passage holds
    repointed: int  # citations moved to the passage that holds the sentence's facts
    # The first sentence, the direct answer, states a fact that no passage holds at all: the model
    # made the answer up, and what follows it is not trusted either (Answerer.finish refuses).
    invented_first: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.dropped or self.repointed)


def ground(text: str, passages: list[Cited], question: str = "", echoes: tuple[str, ...] = (),
           anchors: set[str] | None = None) -> Grounding:
    """Check each sentence's facts against the passages (the question counts as given too: a
    sentence may repeat what was asked). A sentence is kept when one passage holds all its facts
    (its citation moves there if it named another) or the passages it cites hold them between
    them; otherwise it is dropped, with the reason. With `anchors` (the question's terms, see
    `anchor_terms`), a passage holds a fact only where one of them is near it. A sentence that
    repeats one of `echoes` (the prompt's own example) is dropped unless a passage holds its terms."""
    # A page's own stamp ("Last updated on Jul 27, 2025", "generated on March 11, 2023") dates the
    # document, not what it documents: no fact of an answer comes from it unless the question asks.
    stamped, edition = bool(_STAMP_ASKED.search(question)), bool(_EDITION_ASKED.search(question))
    texts = {p.n: _unstamped(_undated(_normalised(f"{getattr(p, 'label', '')}\n{p.text}"), stamped or edition),
                             stamped, edition) for p in passages}
    anchors = telling(anchors, passages) if anchors else anchors
    # The question's identifiers that some passage names: a fact about flush_timer comes from a
    # passage that names flush_timer, not from its neighbour's "timers basic 30 180 120".
    # (a question that asks several things may name one thing for its first part alone)
    single = not question_parts(question)
    # The settings it names, hyphenated ones too (read-quanta, DNS-over-HTTPS), that each passage names.
    terms = specific_terms(question) if single else set()
    # (not the manual's own program, which the question gives as an owner, "coverage.py's debug output": a
    # passage about the debug output is about the question though it never says "coverage.py"; only a
    # product's dotted name whose name the passages' labels carry)
    terms -= {t for t in terms if re.fullmatch(r"[a-z][a-z0-9-]*\.[a-z]{2,3}", t)
              and re.search(rf"(?<![\w.-]){re.escape(t)}['’]s\b", question, re.I)
              and any(re.search(rf"\b{re.escape(t.rsplit('.', 1)[0])}\b", _normalised(getattr(p, "label", ""))) for p in passages)}
    # (a compound of prose names no setting, unless a passage sets it out as a key: "real-time: …", "--run-time")
    settings = terms | ({c for c in _COMPOUND.findall(question.lower()) if not _prose(c) or any(
        _keyed(c, p.text) for p in passages)} - proper_names(question) if single else set())
    # A Chinese question's Latin words ("revproxy") say which passages are about it, not whose value follows;
    # so does a plain word the question calls an option ("the tos maxdisp option": maxdist's value is not it).
    # (which passages are about the question: these names as _names reads them; whose value follows
    # a name: the setting names as they stand)
    plain = plain_settings(question) - settings if single else set()
    named_in = settings | (latin_names(question) if single else set())
    # (or its page's file name does, as a part of it: "extensions-md_in_html.html" is md_in_html's page)
    files = {p.n: _file_parts(p) for p in passages}
    set_by = {p.n: {t for t in named_in if mentions(t, _headed(p)) or t in files[p.n]} for p in passages}
    # A hyphenated name with the product's own name in it (dibbler-relay, where every passage is from
    # dibbler-users-guide.pdf) is the product's, and a passage that says "relay" is about it too.
    products = _in_every_name(named_in - terms, passages)  # (a Latin word of a Chinese question too: "yaws")
    # (a compound as words apart only where some passage names it as it stands: "file access" in prose
    # does not make "file-access", which no passage names, a name that tells passages apart)
    lenient = {t for t in named_in if any(t in named for named in set_by.values())} | plain
    # (a compound the question puts before a noun, unless a passage sets it out as a key, is named by its words too)
    modifiers = {m for m in _MODIFIER.findall(question.lower()) if not any(
        _keyed(m, p.text) or re.search(rf"^[ \t]*{re.escape(m)}\b", p.text, re.M | re.I) for p in passages)}
    named_by = {p.n: {t for t in named_in | plain if (_names(t, _headed(p), _label(p), t in plain, t in modifiers)
                                                      or t in files[p.n]
                                                      if t in lenient
                                                      else t in set_by[p.n])} - products for p in passages}
    # (a chunk of a section that another chunk of it, same label, names it in is about it too: the
    # "Controlling the library" page's list of commands, whose gcry_control is a chunk above)
    sections: dict[str, set[str]] = {}
    for p in passages:
        sections.setdefault(_label(p) or f"#{p.n}", set()).update(named_by[p.n])
    named_by = {p.n: sections[_label(p) or f"#{p.n}"] for p in passages}
    naming = {n for n, named in named_by.items() if named or not any(named_by.values())}
    scene = _FAILING_DEFAULT.sub(" ", _SCENE.sub(" ", question))
    scene = _INSTEAD.sub(" ", scene) if _ASKS_A_NAME.search(question) else scene
    default_asked = bool(_DEFAULT.search(scene) or _UNSET.search(question)) and not _WHERE_ASKED.search(question)
    port_default = default_asked and bool(_PORT_ASKED.search(question)) and not _SERIAL_PORT.search(question)
    asks_default = single and default_asked
    # To "which version", a dotted number is a version where the passage says it as one.
    version_names = _version_names(question) if single and asked_kind(question) == "version" else None
    of = version_of(question, passages) if version_names is not None else ""
    posed, bodies = _normalised(question), {p.n: _unstamped(_normalised(p.text), stamped, edition) for p in passages}  # (without their labels)
    headings = {p.n: _normalised(getattr(p, "label", "") or getattr(p, "heading", "") or "") for p in passages}
    # Given, not stated: what the question says, and the passages' labels (source, pages, heading),
    # which an answer may name as where it read something ("According to the Debian 4.0 notes, ...").
    # (a title's date is the document's, not given: "Graphviz FAQ 2009-09-10" says no release's year)
    given = _normalised("\n".join([question, *(_undated(_normalised(getattr(p, "label", "")), stamped or edition)
                                                for p in passages)]))
    echoed = {_bare(e) for e in echoes}
    text, dropped = _grounded_code(text, texts)
    out, repointed = [], 0
    invented_first, first = False, True
    for segment in segments(text):
        if not segment.sentence:
            out.append(segment.text)
            continue
        leading, first = first, False
        kept, worked = _without_own_clause(segment.text, texts, given, question)
        if worked:
            how = "worked out from the sentence" if _WORKED_OUT.search(segment.text) else "an aside of the model's own"
            dropped.append(f"{worked} ({how}; no passage says it)")
            segment = Segment(kept, True)
        bare = _bare(segment.text)  # (the example whole, or a part of it: "Two approvals [1].")
        if len(bare) >= 8 and any(bare in e for e in echoed) and best_passage(segment.text, texts) is None:
            dropped.append(f"{segment.text.strip()} (the prompt's example; no passage says it)")
            continue
        # The lead-in ("According to the Debian 4.0 notes, ...") must name what some passage or label
        # holds; what the sentence states is checked on its own.
        named = facts(segment.text[: len(segment.text) - len(claim(segment.text))])
        # (a section the passages number the subsections of: "根据第3.3节" where they say "3.3.1 Dependencies")
        invented = sorted(f for f in named if not supported(f, given) and not any(
            supported(f, body) or re.search(rf"(?<![\d.]){re.escape(f)}\.\d", body) for body in texts.values()))
        if invented:
            dropped.append(f"{segment.text.strip()} (not in the passages: {', '.join(invented)})")
            invented_first |= leading
            continue
        stated = {f for f in facts(claim(segment.text)) if not supported(f, given)}
        # (a version's number from a label is a section's: "3.10 Using SUPDUP" gives no version 3.10)
        stated |= {f for f in facts(claim(segment.text)) if re.fullmatch(r"\d+(?:\.\d+)+", f)
                   and not supported(f, posed)} if version_names is not None else set()
        # (and a release's plain number, "NTPsec release 7", which a label's "7. Client Tool Improvements" is not)
        released = {m.group(1) for m in _RELEASE_NUMBER.finditer(MARKER.sub(" ", claim(segment.text)))
                    if not supported(m.group(1), posed)} if version_names is not None else set()
        # (or the plain number after a name of the question, "in Debian 8", which "almalinux:8" is not)
        named_releases = {m.group(1) for n in sorted(version_names or ()) for m in re.finditer(
            rf"(?<![\w.-]){re.escape(n)}\s+(\d+)\b(?![.,]\d)", MARKER.sub(" ", claim(segment.text)), re.I)
            if not supported(m.group(1), posed)} - released
        stated |= released | named_releases
        # A plain word given as the default ("… is matte") is a value too, where some passage holds it.
        chosen = _default_word(claim(segment.text), given, texts) \
            if asks_default or _DEFAULT.search(claim(segment.text)) else set()
        stated |= chosen
        if not stated:
            out.append(segment.text)
            continue
        holders = [n for n, body in texts.items() if all(supported(f, body) for f in stated)]
        cited = [int(x) for m in MARKER.finditer(segment.text) for x in re.findall(r"\d+", m.group(0))]
        loose = holders
        # A value given as the default is one where the passage says so: "c-max-rate 10M" in an
        # example configuration is not c-max-rate's default.
        # So is an amount that answers a question about what holds when nothing is set ("if a
        # pd-class has no pd-length line, which prefix length …"): "pd-length 96" in an example is not it.
        says_default = bool(_DEFAULT.search(claim(segment.text)))
        # (a name, not an amount, after a Chinese question's own condition said back, "如果命令行没有指定 setup
        # 文件，FORM 接下来会…打开 form.set", is what happens then, not a default; "默认" says one, and so does an
        # amount after it, or anything after an English condition: "If no configuration file is specified, …")
        condition_only = not any(not re.fullmatch(r"(?:未|没有)(?:配置|设置|指定)", d.group(0)) or d.group(0) not in question
                                 for d in _DEFAULT.finditer(claim(segment.text)))
        # (an answer's own "the default value is" to a question that asks about no default is the
        # model's word: its value is checked as a plain fact, "searchdata.xml" the file it names)
        given_default = {f for f in stated if says_default and default_asked and (_AMOUNT.fullmatch(f) or not condition_only)
                         or asks_default and _AMOUNT.fullmatch(f)} \
            | chosen
        # (not a comparison: "the parsers of the default code back-end are between 2 and 5 times faster",
        # unless the number is also said apart from it)
        sentence = MARKER.sub(" ", claim(segment.text))
        compared = [n for m in _RATIO.finditer(sentence) for n in m.groups() if n] if not _DEFAULT_VALUE_ASKED.search(question) else []
        given_default -= {n for n in compared if len(re.findall(rf"(?<![\w.]){re.escape(n)}(?![\w.])", sentence)) == compared.count(n)}
        # (the setting an answer names before the amount it gives, "The default value for `pg_ctl_timeout` … is 60
        # seconds", is what has the default, not one: it is checked as a plain fact)
        first_amount = min((m.start() for f in given_default if _AMOUNT.fullmatch(f)
                            for m in [_fact_pattern(_unscored(f, _normalised(segment.text))).search(_normalised(segment.text))]
                            if m), default=-1)
        if first_amount >= 0:
            # (a name of parts, or one the answer writes in capitals before it says "default": `CSTRSZ`, not "BEST" in "By
            # default compression is BEST")
            named = segment.text[: (_DEFAULT.search(segment.text) or re.search("$", segment.text)).start()]
            given_default = {f for f in given_default if _AMOUNT.fullmatch(f) or not (
                re.fullmatch(r"[\w.-]*[_.-][\w.-]*", f) or re.search(rf"(?<![\w-]){re.escape(f.upper())}(?![\w-])", named))
                             or not 0 <= _normalised(segment.text).find(f) < first_amount}
        versions = {f for f in stated if re.fullmatch(r"\d+(?:\.\d+)+", f)} | released if version_names is not None else set()

        def pinned(f: str, body: str) -> bool:  # near a word of the question, or said as a version of what it names
            # ("Mac OS X 10.5 or higher" to "需要 Mac OS X 哪个版本", whose Latin words are too short to anchor)
            return anchored(f, body, anchors or set()) or f in versions - released and said_as_version(f, body, version_names, of)

        # (or given as the default in the entry of a setting the question names, however far from its
        # words: "--sa_freq <n> Suffix array sample rate. … The default value is 8.")
        entered = {f for f in given_default if _AMOUNT.fullmatch(f)} if settings else set()
        about = [n for n in holders if n in naming and all(
            pinned(f, texts[n]) or f in entered and _in_entry(f, texts[n], set_by.get(n, set()) & settings)
            for f in stated)]
        # (a --help list's bracketed default is the option's the question names, not a neighbour's the answer names)
        # (to a question for a default port, a number the passage gives as the port, its one, is the default: "docker run
        # … -p 5000:5000 … This will configure the machine to listen on port 5000", "PORT = 8000 The TCP port to serve …")
        defaults = [n for n in about if all(given_as_default(f, texts[n], posed) or port_default and _plain_port(f, texts[n])
                                            and len(_ports_said(texts[n])) == 1 for f in given_default)]
        # A default value comes after the name of the setting it belongs to.
        values = {f for f in given_default if _AMOUNT.fullmatch(f)} if settings else set()
        owners = _own_names(_normalised(claim(segment.text)), values, settings)

        def given_as(n: int, body: str) -> bool:  # each value given as its own setting's, where the passage names it
            named = set_by.get(n, set())
            return all(follows(f, body, (owners[f] or named) & named, headings.get(n, "")) for f in values
                       if (owners[f] or named) & named)

        def owned(ns: list[int]) -> bool:
            # The setting the sentence gives a value for is named by the passages, where any passage
            # names it: "The default of --tini-libid is 3000" is not from --max-allocs-per-node's "The
            # default value is 3000", in a passage that names only the question's DS390.
            return not any(owners[f] and not any(owners[f] & (set_by.get(n, set()) | named_by.get(n, set())) for n in ns)
                           and any(owners[f] & named for named in set_by.values()) for f in values)

        def as_versions(n_s: list[int]) -> bool:  # each version said as one by these passages together
            body = "\n".join(bodies[n] for n in n_s)
            return all(said_as_version(f, body, version_names, of) for f in versions - released) and all(
                _said_as_release(f, "\n".join(texts[n] for n in n_s), version_names) for f in released) and all(
                _named_release(f, "\n".join(texts[n] for n in n_s), version_names or set()) for f in named_releases)

        holders = [n for n in defaults if given_as(n, texts[n]) and owned([n]) and as_versions([n])]
        if not holders:
            together = [n for n in cited if n in texts and n in naming]
            joined = "\n".join(texts[n] for n in together)
            if cited and all(supported(f, joined) and pinned(f, joined)
                             and (f not in given_default or given_as_default(f, joined, posed)) for f in stated) \
                    and all(given_as(n, texts[n]) for n in together) and owned(together) \
                    and as_versions(together):
                out.append(segment.text)  # the passages it cites hold its facts between them
                continue
            missing = sorted(f for f in stated if not any(supported(f, body) for body in texts.values()))
            unsaid = (versions or named_releases) and not any(as_versions([n]) for n in defaults)
            reason = f"not in the passages: {', '.join(missing)}" if missing else \
                f"no passage says {', '.join(sorted(versions | named_releases))} is a version{f' of {of}' if of else ''}" \
                if defaults and unsaid else \
                f"no passage gives {', '.join(sorted(values))} as the value of {', '.join(sorted(settings))}" \
                if defaults else \
                f"no passage says {', '.join(sorted(stated))} is a default" if about else \
                f"in passage {loose[0]} only where it is not about the question" if loose else \
                f"no passage it cites holds {', '.join(sorted(stated))} together"
            dropped.append(f"{segment.text.strip()} ({reason})")
            invented_first |= leading and bool(missing)
            continue
        if not cited:
            out.append(_place_marker(segment.text, holders[0]))  # unmarked: the passage that holds it
            continue
        if not any(n in holders for n in cited):
            repointed += 1
            out.append(_repoint(segment.text, holders[0]))
            continue
        out.append(segment.text)
    cleaned = re.sub(r"[ \t]+\n", "\n", "".join(out))
    cleaned = re.sub(r"^[ \t]*(?:\d{1,3}[.)]|[-*•+])[ \t]*(?:\n|$)", "", cleaned, flags=re.M)  # an emptied list item
    cleaned = re.sub(r"\n{3,}", "\n\n", cleaned).strip()
    return Grounding(cleaned, dropped, repointed, invented_first)


# States rather than choices: a manual says "on by default" where an answer says "enabled".
_STATES = frozenset("enabled disabled active inactive available unavailable supported unsupported required optional "
                    "allowed denied used unused empty unset none true false yes off automatic manual "
                    "recommended".split())


def _default_word(sentence: str, given: str, texts: dict[int, str]) -> set[str]:
    """The plain word a sentence gives as the default ("The default Laminate Pattern … is matte."):
    one of a manual's named choices, which a passage must give as the default as it must an
    amount. Only a word some passage holds (a paraphrase is for the other checks) and not a state;
    of a sentence whose clauses give several things, the clause that says "default" ("The variable
    is CSTRSZ, and its default size is 16384": CSTRSZ is no default)."""
    clauses = re.split(r",\s*(?:and|but|while)\s+|;\s*", MARKER.sub(" ", sentence))
    said = [c for c in clauses if _DEFAULT.search(c)]
    # (a sentence's full stop is no part of its last word: "… is standard.")
    words = {w.lower().rstrip(".") for w in _VALUE_IS.findall(" ".join(said) if said else " ".join(clauses))}
    asked = set(re.findall(r"[a-z]+", given))
    return {w for w in words if re.fullmatch(r"[a-z]{3,}", w) and w not in asked and w not in _STATES
            and w not in _STOP and w not in _FILLER and w not in _SHORT and w not in _UNIT_WORDS
            and any(supported(w, body) for body in texts.values())}


# A fenced code block, with the sentence that leads into it ("Run this command:").
_FENCED = re.compile(r"(?:[^\n.!?。！？]*[:：][ \t]*\n(?:[ \t]*\n)*)?^[ \t]*```[^\n]*\n(.*?)^[ \t]*```[ \t]*$\n?", re.M | re.S)
_PROMPT = re.compile(r"^\s*(?:\$\s+)?(?:sudo\s+)?")


# A trailing clause in which the model works a figure out from the sentence's own ("… is one third
# of the hold time, which is approximately 80 seconds", "3 minutes, i.e. 180 seconds").
_WORKED_OUT = re.compile(r",\s*(?:which\s+(?:is|means|equals|comes\s+to|works\s+out\s+to)|i\.e\.,?|that\s+is,?)\s+"
                         r"[^,;:.!?。；：！？\[\]]*?(?=\s*(?:\[[\d ,，、]+\]\s*)?[.!?。！？]?\s*$)", re.I)


# A trailing aside on what the sentence has named ("… is qh_DEFAULTbox, which should be set to 1.0 for Geomview"):
# advice or a detail of the model's own, not the answer.
_ASIDE = re.compile(r",\s*which\s+(?:[^,;:!?。；：！？\[\]]|\.(?=\d))*?(?=\s*(?:\[[\d ,，、]+\]\s*)?[.!?。！？]?\s*$)", re.I)
# A question that asks for an amount or a value, which an aside may be the answer to ("What value should …", "how long").
_VALUE_ASKED = re.compile(r"\bvalues?\b|\bhow\s+(?:many|much|long|large|big|small|often|far|high|low)\b", re.I)


def _without_own_clause(sentence: str, texts: dict[int, str], given: str, question: str = "") -> tuple[str, str]:
    """The sentence without a trailing clause of the model's own, and the clause ("" when it keeps it):
    a worked-out clause goes when every figure in it is an amount no passage (nor the question) holds,
    and what is left states an amount a passage does hold; an aside ("…, which should be set to 1.0 for
    Geomview") goes, to a question for a name, when the figures of it that no passage (nor the
    question) holds are amounts, and what is left states a name the question does not give that a
    passage holds: the answer the model found (Qhull, round 51). The sentence's own facts stay checked."""
    def held(f: str) -> bool:
        return any(supported(f, body) for body in texts.values())

    # (an aside only to a question for a name, not for a value or an amount: "What is the default value of
    # qh_DEFAULTbox?" is answered by the aside "which is 1.0", not by the "user.h" before it)
    name_asked = bool(_ASKS_A_NAME.search(question)) and not asked_kind(question) \
        and not _DEFAULT_VALUE_ASKED.search(question) and not _VALUE_ASKED.search(question)
    for pattern, amounts in ((_WORKED_OUT, True), (_ASIDE, False)):
        m = pattern.search(sentence) if amounts or name_asked else None
        if not m:
            continue
        clause, head = m.group(0), sentence[: m.start()]
        figures = facts(clause)
        unheld = [f for f in figures if not supported(f, given) and not held(f)]
        # (an aside's own facts are amounts: a name in it, "which defines qh_BOXBOUND", may be the name asked)
        if not unheld or amounts and len(unheld) < len(figures) \
                or not all(_AMOUNT.fullmatch(f) for f in (figures if amounts else unheld)):
            return sentence, ""
        if not any(held(f) and (_AMOUNT.fullmatch(f) if amounts else not supported(f, given) and not _AMOUNT.fullmatch(f))
                   for f in facts(head)):
            return sentence, ""
        return head + sentence[m.end():], clause.lstrip(", ").strip()
    return sentence, ""


def _grounded_code(text: str, texts: dict[int, str]) -> tuple[str, list[str]]:
    """The answer without the code blocks that hold a command no passage gives (its words in order,
    as `mentions` reads them; a `$ ` prompt and `sudo` aside, comment lines skipped), with the
    sentence that leads into each: a command the model wrote itself is no quotation of the
    documents. A block kept without a marker has its lead-in cite the passage that gives its
    command. Returns the text and what was dropped."""
    dropped: list[str] = []

    def check(block: re.Match[str]) -> str:
        giving: list[int] = []
        for line in block.group(1).splitlines():
            command = _normalised(_PROMPT.sub("", MARKER.sub(" ", line))).strip()
            if not command or command.startswith("#"):
                continue
            given = [n for n, body in texts.items()
                     if mentions(command, body) or _program_options(command, body) or _synopsis_filled(command, body)]
            if not given:
                dropped.append(f"`{line.strip()}` (a command no passage gives)")
                return ""
            giving = giving or given
        whole = block.group(0)
        if not giving or MARKER.search(whole):
            return whole
        # Unmarked: the lead-in cites the passage that gives the command ("… the following command [3]:").
        lead = re.match(r"([^\n]*?)([ \t]*[:：][ \t]*\n)", whole)
        if lead and lead.group(1).strip():
            return f"{lead.group(1)} [{giving[0]}]{lead.group(2)}{whole[lead.end():]}"
        return f"{whole.rstrip()}\n[{giving[0]}]\n"

    return _FENCED.sub(check, text), dropped


# A synopsis's placeholder: "<file>", "[n]", "cycle_number", "bp_number", "filename" (not "[--force]", nor a name
# of parts such as show_urls or kb_indexer).
_SYNOPSIS_SLOT = (r"(?:<[^<>\s]+>|\[(?!-)[^\[\]\s]+\]|[a-z]+_(?:[a-z]+_)*(?:number|name|file|filename|path|dir|id|address"
                  r"|value|size|count)|file(?:name)?|number|value|address|name|path|n)")


def _synopsis_filled(command: str, text: str) -> bool:
    """Whether `command` is a synopsis of `text` with values for its last placeholders: "break c 100"
    from "break c cycle_number" (the command and at least one word of it as given; values, not options,
    in the placeholders' places)."""
    words = command.split()
    for given in range(len(words) - 1, max(1, len(words) - 4), -1):  # (three values at most)
        values = words[given:]
        if any(v.startswith("-") for v in values):
            return False
        said = r"\s+".join(map(re.escape, words[:given]))
        if re.search(rf"(?<![\w-]){said}(?:\s+{_SYNOPSIS_SLOT}){{{len(values)}}}(?![\w-])", text):
            return True
    return False


def _program_options(command: str, text: str) -> bool:
    """Whether `command` is a program and its options ("gplc --fixed-sizes") that one passage names
    each of, however far apart: a page of gplc's options that says "--fixed-sizes do not consult
    environment variables" gives that command."""
    words = command.split()
    return len(words) >= 2 and all(w.startswith("-") and len(w) > 2 for w in words[1:]) \
        and all(_whole(w).search(text) for w in words)


CORROBORATING = 3  # a sentence's facts held by this many passages or fewer: each one supports it


def corroborate(text: str, passages: list[Cited], question: str) -> str:
    """The checked answer with a second citation on each sentence that another passage supports
    as fully as the one it cites ("The array variable is COPROC [2][1]." where the Coprocesses
    section and the list of shell variables both say it). Strict, as a citation is a claim: the
    sentence cites one passage, with its one marker at its end and no code in it; it states a
    name or identifier, not only amounts (another option's "default is 10" holds the same number);
    the other passage holds every fact of it, near a word of the question, and names every name
    of the question the cited passage names (MaxSessions, FIDO, Markdown); and at most
    CORROBORATING passages hold those facts. Run after the answer's checks: a citation added here
    is never evidence for them."""
    given = _normalised(question)
    texts = {p.n: _normalised(f"{getattr(p, 'label', '')}\n{p.text}") for p in passages}
    anchors = telling(anchor_terms(question), passages)
    names = specific_terms(question) | set(question_names(question))
    out = []
    for segment in segments(text):
        markers = list(MARKER.finditer(segment.text))
        body = segment.text.rstrip().rstrip(".!?。！？")
        before = segment.text[max(0, markers[0].start() - 1) : markers[0].start()] if markers else ""
        glued = re.match(r"[A-Za-z0-9_\]]", before)
        if not segment.sentence or len(markers) != 1 or not body.endswith(markers[0].group(0)) or "`" in segment.text \
                or glued:  # ("COPROC[1]", "sys.argv[1]": an index, not a marker)
            out.append(segment.text)
            continue
        numbers = [int(x) for x in re.findall(r"\d+", markers[0].group(0))]
        stated = {f for f in facts(claim(segment.text)) if not supported(f, given)}
        if len(numbers) != 1 or numbers[0] not in texts or not stated or all(_AMOUNT.fullmatch(f) for f in stated):
            out.append(segment.text)
            continue
        first = numbers[0]
        named = {t for t in names if mentions(t, texts[first])}
        holders = [n for n, body_ in texts.items() if all(supported(f, body_) for f in stated)]
        also = [n for n in holders if n != first and all(anchored(f, texts[n], anchors) for f in stated)
                and all(mentions(t, texts[n]) for t in named)]
        if first in holders and also and len(holders) <= CORROBORATING:
            at = markers[0].end()
            out.append(f"{segment.text[:at]}[{also[0]}]{segment.text[at:]}")
        else:
            out.append(segment.text)
    return "".join(out)


def _repoint(sentence: str, n: int) -> str:
    """`sentence` citing passage `n` instead of the ones it names. A marker the sentence's words
    lean on ("根据[4]中的信息，…", "According to [4], …": in its lead-in, or a word right after it)
    takes the new number where it stands; otherwise the markers go and `[n]` ends the sentence."""
    lead = len(sentence) - len(claim(sentence))
    inline = next((m.start() for m in MARKER.finditer(sentence)
                   if m.start() < lead or re.match(r"[^\W\d_]", sentence[m.end():m.end() + 1])), None)
    piece = MARKER.sub(lambda m: f"[{n}]" if m.start() == inline else "", sentence)
    piece = re.sub(r"(?<=\S)[ \t]{2,}(?=\S)", " ", piece)
    piece = re.sub(r"[ \t]+([.!?。！？]*\s*)$", r"\1", piece)
    return piece if inline is not None else _place_marker(piece, n)


def _bare(sentence: str) -> str:
    return re.sub(r"[\W_]+", "", MARKER.sub("", sentence)).lower()


# A sentence that only points at the documents ("... are listed in the table provided in the document").
_POINTER = re.compile(r"\b(?:listed|described|shown|provided|mentioned|given|found|explained|detailed|specified)\s+"
                      r"(?:in|by)\s+the\s+(?:table|document|documentation|passages?|manual|section|context|list)\b"
                      r"|\b(?:refer|see)\s+(?:to\s+)?the\s+(?:table|document|documentation|passages?|manual|section)\b"
                      r"|(?:见|参见|参考)(?:上述|以上|相关)?(?:文档|资料|表格|段落)", re.I)


def says_something(text: str) -> bool:
    """Whether any sentence is left that says more than where to look. What is left of an answer
    whose facts the grounding check removed is often only such a pointer ("The computers that need
    it are listed in the table provided in the document."): alone, it answers nothing."""
    return any(s.sentence and re.search(r"\w", MARKER.sub("", s.text)) and not _POINTER.search(s.text)
               for s in segments(text))


# Three-letter words that carry no value ("ask", "lzo" and "md5" do).
_SHORT = frozenset("the and for are was its not but can has had all any one two use set get per via you our out may how "
                   "who why new old own see yet too his her she him let put ran run got did".split())
_YES_NO = re.compile(r"^\W*(?:yes|no|not|never|only)\b", re.I)
_FILLER = frozenset("should used using uses make makes made expects expect expected certain specific particular "
                    "sure need needs allows allow given like follows following within order ensure based value values "
                    "several various multiple numerous".split())


# A unit with no amount beside it says nothing ("The default value of X is seconds.").
_UNIT_WORDS = frozenset(f"{unit}{plural}" for unit in "second minute hour week month year byte kilobyte megabyte gigabyte".split()
                        for plural in ("", "s")) | {"days", "percent"}
# An amount in words: "two minutes", "ten seconds" (facts() reads digits only).
_WORDED_AMOUNT = re.compile(rf"\b(?:{'|'.join(w for n, w in _NUMBER_WORDS.items() if n > 1)})[ -]"
                            rf"(?:{'|'.join(sorted(_UNIT_WORDS | {'day'}))})\b"
                            r"|\b(?:about|around|roughly|approximately|nearly|almost|just|within|for|after|every"
                            r"|once|takes?|than|under|over)\s+(?:a|an|one)\s+(?:second|minute|hour|day|week|month|year"
                            r"|byte|kilobyte|megabyte|gigabyte)\b", re.I)
# A question for a unit of measure ("In what unit is --tmlim given?"), which a unit word answers (not
# systemd's "Which units start at boot?").
_UNIT_ASKED = re.compile(r"\bin\s+(?:what|which)\s+units?\b|\bunits?\s+of\s+measure\b"
                         r"|\b(?:what|which)\s+units?\b[^?]*\b(?:given|measured|expressed|specified)\b|单位", re.I)


# A one-letter option (-D, -H), whose case is its meaning.
_SHORT_OPTION = re.compile(r"(?<![\w-])-[A-Za-z0-9](?![\w-])")
# An upper-case word (GET, CS6) or a word with a sigil (a YAML tag !file, a format %h): a value.
_VALUE_WORD = re.compile(r"(?<![\w!%@$&-])(?:[A-Z][A-Z0-9]+|[!%@$&][A-Za-z_][\w.-]*)(?![\w-])")


# What an answer says when it has no value to give: "a certain sequence", "some specific port".
_VAGUE = re.compile(r"\b(?:a|an|some)\s+(?:certain|specific|particular)\b", re.I)


# The value an answer gives: the word after "is" that ends a clause ("… is PIPEFN, and …").
_VALUE_IS = re.compile(r"\b(?:is|are)\s+[`\"']?([\w./-]+)[`\"']?(?=\s*(?:\[\d+\]\s*)?(?:[.,;]|\band\b|$))", re.I)
# A condition after a clause, to the end of its sentence: "… is closed when the object is deleted".
_CONDITION_AFTER = re.compile(r"\s+(?:when|whenever|if|once|unless|until|while)\b[^.;\n]*", re.I)
_CONDITION_ASKED = re.compile(r"\bhow\s+long\b|\b(?:what|which)\b[^?]*\b(?:causes?|triggers?|makes?)\b", re.I)
# A question whose answer is a condition: "When exactly is …", "When's …", "…, and when …", "In which case …",
# "Under what conditions …" (read without its opening scene: "When branch coverage is measured, how …"; not
# "What happens when …", whose condition is the question's own).
_WHEN_ASKED = re.compile(r"^\W*when\b|(?:,|\band)\s*when\b|\b(?:in\s+(?:which|what)\s+(?:case|situation)s?|under\s+(?:which|what)\s+"
                         r"(?:conditions?|circumstances?))\b", re.I)
# A question's opening scene, up to the comma before what it asks: "When branch coverage is measured, how …".
_SCENE_FIRST = re.compile(r"^\W*(?:when|if)\b[^,?]*,\s*(?=(?:how|what|which|where|who|why)\b)", re.I)
# A sentence's opening condition, up to its comma: "If the incremental list files are deleted, …".
_CONDITION_FIRST = re.compile(r"(?:^|(?<=[.!?]\s))\s*(?:if|when|whenever|once|after|unless|as\s+long\s+as)\b[^,.;:!?]*,", re.I)
# "the default" before a word of the question: the thing asked about, not a value.
_THE_DEFAULT = re.compile(r"\b(the|its)\s+default\s+(?=([A-Za-z][\w.-]*))", re.I)
_POLAR = re.compile(r"^\W*(?:is|are|was|were|does|do|did|can|could|will|would|should|must|may|has|have)\b", re.I)
_WH = re.compile(r"^\W*(?:which|what|where|when|how|who)\b", re.I)


# A question asking for a keyword of a language or a file format: its answer may be one of the
# question's words written as the language spells it ("NESTED").
_WHICH_KEYWORD = re.compile(r"\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:key\s?words?|reserved\s+words?)\b", re.I)

_TILDE = re.compile(r"~[\w./-]*|[\w.-]+~")  # foo~, ~/.lmod.d
# A value made of symbols alone: "\//", "=>", "<<<" (not a dash, an ellipsis or a sentence's own punctuation).
_SYMBOLS = re.compile(r"(?<![^\s\"'`“‘(\[])(?=[^\s\w]{0,16}[\\/|<>#*^@$%&=+~])[^\s\w\"'`“”‘’()\[\],;:.?!]{2,}"
                      r"(?=[.,;:!?)\]\"'`”’]*(?:\s|$))")
# A question's literal: what it puts in parentheses, quotes or backticks ("UPPERCASE(hello world)").
_LITERAL = re.compile(r"\(([^()\n]{1,80})\)|`([^`\n]{1,80})`|\"([^\"\n]{1,80})\"|“([^”\n]{1,80})”")


def _symbols(text: str) -> list[str]:
    """The values made of symbols alone in `text`: not markdown's marks (a heading's "##", "***", a table's
    "|---|"), nor an arrow or operator between two words ("A -> B" is prose)."""
    found = []
    for m in _SYMBOLS.finditer(text):
        between = re.search(r"\w\s*$", text[: m.start()]) and re.match(r"\s*[\w\"'`“‘(]", text[m.end() :])
        if not re.fullmatch(r"[#*|=-]+|[|:-]+", m.group(0)) and not between:
            found.append(m.group(0))
    return found


# A Chinese question that asks for something (哪, 什么, 多少, 几, 谁, 如何, 怎么, 何) ...
_ZH_WH = re.compile(r"哪|什么|多少|几(?!乎)|谁|如何|怎么|怎样|(?<!任)何")
# ... but not one a yes or no, or one of the things it lists, answers in its own words ("是否支持 …？",
# "需不需要重启？", "rsync 和 scp 哪个支持断点续传？" "rsync 支持断点续传。", "TCP/UDP 中的哪一种").
_ZH_CHOICE = re.compile(r"是否|吗|(?<![什怎这那多])么|吧|能否|可否|与否|(.)[不没]\1|还是|或|和|与|及|跟|对比|、|/|／|，|,|\bvs\b")
_ZH_FILLER = "的了是为在有"  # what an answer adds to the question's words in giving them back


def _restates_chinese(question: str, text: str) -> bool:
    """Whether a Chinese answer to a Chinese question only gives it back: some of the question's
    characters, in its order ("Mikhail Polianski 为 LaTeX2RTF 贡献了部分功能。" to "… 贡献了哪一部分功能？"),
    with no fact, word or character of its own but a few fillers. A value the question names,
    moved ("worker 进程以 nginx 用户运行"), is an answer."""
    if not _ZH_WH.search(question) or _ZH_CHOICE.search(question):
        return False
    plain = MARKER.sub(" ", text)
    given = _normalised(question)
    if any(f not in given for s in segments(plain) if s.sentence for f in facts(s.text)):
        return False  # (as the question writes it: ".multi" is no word "multi" of the question's)
    latin, asked = set(re.findall(r"[A-Za-z][\w.-]*", plain)), set(re.findall(r"[A-Za-z][\w.-]*", question))
    if latin - asked:
        return False  # (as written: "STEALTH" is a value where the question names the program "stealth")
    quoted = set(re.findall(r"「([^」]+)」|“([^”]+)”", question))
    if asked - latin or any("".join(q) not in plain for q in quoted):
        return False  # it leaves out a name or an item the question gives: it chose ("debug info warn 哪个 …")
    said = [c for c in re.sub(r"[\W_]+", "", plain) if c not in _ZH_FILLER]
    left = iter(re.sub(r"[\W_]+", "", question))
    return bool(_HAN.search("".join(said))) and all(c in left for c in said)


def restates(question: str, text: str, cited: Sequence[Cited] = ()) -> bool:
    """Whether an answer only gives the question back (a Chinese one: `_restates_chinese`). An
    English one: no sentence states a fact (a number, identifier or name) the question does not
    give, and every content word it uses is the question's (the answer's "value", and to a
    question about a default "the default" before a word the question uses, count as the
    question's: "H2O uses the default brotli quality level …"), or a unit with no amount, or it
    names only "a certain" thing ("knockd expects a certain port-knocking sequence." to "Which
    sequence does knockd expect?"; "The default value of IPTRAP_DEFAULT_IPSET_OPTIONS is seconds."
    to "What is the default value of IPTRAP_DEFAULT_IPSET_OPTIONS?"), or its own setting's name as
    the value. A yes or no is an answer, and so is a yes/no question affirmed in its own words, or
    one of the choices a question offers."""
    if language(question) == "zh":
        return language(text) == "zh" and _restates_chinese(question, text)
    if _POLAR.match(question) or re.search(r"\bor\b", question, re.I):
        return False  # "Is SSL enabled by default?" "By default, SSL is enabled." (a yes); "lz4 or zstd?" "lz4."
    plain = MARKER.sub(" ", text)
    given = _normalised(question)
    values = set(re.findall(r"\b(?:yes|no|off|true|false|none|auto)\b", plain.lower()))
    if values - set(re.findall(r"[a-z]+", given)):
        return False  # "The default is yes.": a value the question does not give
    said = _normalised(plain)
    if _YES_NO.match(plain) or any(f for s in segments(text) if s.sentence for f in facts(s.text)
                                   if not supported(f, given) or not re.match(r"\d", f) and _whole(f).search(said)
                                   and not any(_whole(f + ending).search(given) for ending in ("", "s", "es"))):
        # (as itself, where the answer says it whole, or its plural: the method `config` is no word of "the
        # configuration file"; "postgre", the piece facts() reads of PostgreSQL, and "Kubernetes Secret" of
        # "Kubernetes Secrets" are the question's)
        return False
    if set(_SHORT_OPTION.findall(plain)) - set(_SHORT_OPTION.findall(question)):
        return False  # "-d was renamed to -D": options differ by case alone, which facts() does not keep
    if set(_TILDE.findall(plain)) - set(_TILDE.findall(question)):
        return False  # "The collection file becomes foo~": a backup name or a home path is a value
    if any(not re.search(rf"(?<![\w-]){n}(?![a-z])", question, re.I) and any(_notation_name(n, c.text) for c in cited)
           for n in _HUMPED.findall(plain) + _ABBREVIABLE.findall(plain)):
        return False  # "… as one word is ALPHAnum": a keyword in command notation is no word of "alphanumeric"
    # (not in a condition said back before a clause of the answer's own words: "If the list files … are deleted,
    # the next backups won't be incremental"; "When none is set, the server uses the 'default' log level" says
    # nothing of its own; and to a "When …?" question the condition is the answer, whatever value follows it:
    # "When the list file is present, the next backup is incremental")
    when = bool(_WHEN_ASKED.search(_SCENE_FIRST.sub(" ", question)))
    after = plain if when else _CONDITION_FIRST.sub(" ", plain)
    own = _content_stems(after) - {_stem(w) for w in re.findall(r"[a-z][a-z0-9_.-]*", given)} - {_stem("default")}
    # (the value is the main clause's, not a condition's after it: "The connection is automatically unbound and closed
    # when the LDAP object is deleted" gives no "deleted")
    values = set() if when and _CONDITION_FIRST.match(plain) else \
        {v.lower() for v in _VALUE_IS.findall((after if own else plain) if when or _CONDITION_ASKED.search(question)
                                               else _CONDITION_AFTER.sub(" ", after if own else plain))}
    listed = re.search(r"^[ \t]*(?:[-*•]|\d{1,3}[.)])[ \t]+\S", plain, re.M)  # a list gives its values below
    if values and not listed and _WH.match(question) and values <= set(re.findall(r"[\w./-]+", given)):
        return True  # "Which file does PIPEFN name by default?" "The default file name … is PIPEFN."
    if _VAGUE.search(plain):
        return True  # "a certain port connection attempt sequence" names no sequence
    if {a.lower() for a in _WORDED_AMOUNT.findall(plain)} - {a.lower() for a in _WORDED_AMOUNT.findall(question)}:
        return False  # "The OS waits two minutes before failing …": an amount, in words ("about a minute" too)
    if counted(question, plain):
        return False  # to "how many fathers …", "at most one father" is the count, in words
    if _UNIT_ASKED.search(question) and {w for w in re.findall(r"[a-z]+", plain.lower()) if w in _UNIT_WORDS} \
            - set(re.findall(r"[a-z]+", given)):
        return False  # "In what unit is --tmlim given?" "In seconds.": the unit is the answer
    if {w.lower() for w in _VALUE_WORD.findall(plain)} - set(re.findall(r"[!%@$&]?[\w.-]+", question.lower())):
        return False  # "… using the GET method", "… is !file": a method, a flag or a tag is a value
    literal = " ".join(next(g for g in m.groups() if g) for m in _LITERAL.finditer(question))
    if {w.lower() for w in _VALUE_WORD.findall(plain) if w.isupper()} & set(re.findall(r"(?<![\w.-])[a-z][a-z0-9]+(?![\w-])", literal)):
        # "UPPERCASE(hello world)(5)" expands to "HELLO world": a word of the question's literal, in capitals, is a
        # value ("TCP connections" for the question's "tcp connections" is not)
        return False
    if set(_symbols(plain)) - set(_symbols(question)):
        return False  # "… line comments … is \//.": a sequence of symbols is a value
    # To "Which keyword makes comments nested?", "NESTED" is the keyword where a passage it cites says
    # so in the question's word: "The keyword NESTED denotes that they can be nested." (not an
    # acronym, "work in TLS mode", nor IGNORE where no passage says what it ignores).
    capitals = {w for w in _ALL_CAPS.findall(plain) if w not in _ALL_CAPS.findall(question)} \
        & {w.upper() for w in re.findall(r"[a-z][a-z0-9_]*", given)}
    if _WHICH_KEYWORD.search(question) and any(re.search(rf"\b{w}\b[^.;\n]*\b{w.lower()}\b|\b{w.lower()}\b[^.;\n]*\b{w}\b", p.text)
                                               for w in capitals for p in cited):
        return False
    # To "which setting …", a name made of the question's words run together ("papertype" for "paper
    # type") names one (to "What is the default paper size?", "the default papersize" gives nothing).
    words = re.findall(r"[a-z0-9]+", given)
    joined = {"".join(words[i : i + k]) for k in (2, 3) for i in range(len(words) - k + 1)}
    if _WHICH_SETTING.search(question) and (set(re.findall(r"[a-z0-9]+", _normalised(plain))) - set(words)) & joined:
        return False
    asked = {_stem(w) for w in re.findall(r"[a-z][a-z0-9_.-]*", given)}
    # To a question about a default, "the default brotli quality level" names what was asked: it gives
    # no default ("It installs the default route" answers "Which route does it add?").
    if _DEFAULT.search(question) or _UNSET.search(question):
        plain = _THE_DEFAULT.sub(lambda m: m.group(1) + " " if _stem(m.group(2).lower()) in asked else m.group(0), plain)
    said = _content_stems(plain)
    # (a name the answer ends on, as a passage it cites writes it, is new though its first letters are
    # a question word's: "MenhirLib" to "… of Menhir's --coq-lib-path switch?"; not "configurable")
    whole = {_ending_off(w) for w in re.findall(r"[a-z][a-z0-9_.-]*", given)}
    if any(_ending_off(v.lower()) not in whole and any(re.search(rf"(?<![\w-]){v}(?![\w-])", p.text) for p in cited)
           for v in _VALUE_IS.findall(plain) if re.fullmatch(r"[A-Za-z]+[a-z][A-Z][A-Za-z]*", v)):
        return False
    return bool(said) and said <= asked


def _content_stems(text: str) -> set[str]:
    """The stems of a text's content words (not stop words, fillers or units)."""
    return {_stem(w) for w in re.findall(r"[a-z][a-z0-9_.-]*", _normalised(text))
            if (len(w) >= 4 or len(w) == 3 and w not in _SHORT) and w not in _STOP and w not in _FILLER
            and w not in _UNIT_WORDS}


def _ending_off(word: str) -> str:
    """A word without a plural or verb ending, whole: "sorting" and "sorts" meet, "menhirlib" and "menhir" do not."""
    return re.sub(r"(?<=\w{3})(?:ing|ed|es|s|e)$", "", word.rstrip("._-"))


# Where an English question starts asking its next thing: ", and which …", "; how …", " and what …".
_NEXT_PART = re.compile(r"(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)(?=(?:(?:with|in|on|at|for|from|to|by|under|after|before|about|roughly|since|until)\s+)?"
                        r"(?:which|what|how|where|when|why|who)\b)", re.I)
# "When varnishd is started with -M, which port …": a clause that sets the scene asks nothing.
_CLAUSE = re.compile(r"^(?:when|where|if|once|after|before|while)\s+(?!(?:is|are|was|were|do|does|did|will|would|can"
                     r"|could|should|must|has|have|had)\b)[^?]*$", re.I)
# A Chinese question's parts end at question marks (or a comma before another question word).
_ZH_PART = re.compile(r"(?<=[？?])\s*|[，,；;]\s*(?=[^，,；;？?]*(?:哪|什么|多少|几|怎么|如何|是否))")
_ZH_ASKS = re.compile(r"哪|什么|多少|几|怎么|如何|是否|吗")
_EN_ASKS = re.compile(r"\b(?:which|what|how|where|when|why|who)\b|\?"  # (or a yes/no question: "Is … on by default, and …")
                      r"|^\s*(?:is|are|does|do|did|can|could|will|would|should|must|has|have|was|were)\b", re.I)


# A Latin word in a Chinese question: the name of what it asks about ("revproxy", "dhfile", "order"),
# written as the manual writes it; upper-case ones are acronyms (TCP, SSL), no setting's name.
_LATIN_NAME = re.compile(r"(?<![\w.-])[a-z][a-z0-9_]{2,}(?![\w.-])", re.ASCII)


# A hyphenated name every part of which is capitalised ("Linux-PAM", "Bacula-FD"): a product's, not a setting's.
_PROPER_COMPOUND = re.compile(r"(?<![\w.-])[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+(?![\w-])")


def proper_names(question: str) -> set[str]:
    """The hyphenated proper names of a question, lower-cased: "Linux-PAM" is the product a
    passage about "the PAM library" is about too, no setting it must name."""
    return {m.lower() for m in _PROPER_COMPOUND.findall(question)}


def latin_names(question: str) -> set[str]:
    """The lower-case Latin words of a Chinese question, which name settings and commands (units,
    common words and URL schemes aside: "kib", "the", "http")."""
    if not _HAN.search(question):
        return set()
    words = set(_LATIN_NAME.findall(question)) - _STOP - {"http", "https", "www"}
    return {w for w in words if not any(p.fullmatch(w) for _, p in _UNIT_OF)}


def question_parts(question: str) -> list[str]:
    """The things a question asks, when it asks more than one: "How many peers …, and which option
    raises it?" is ["How many peers …", "which option raises it?"]; [] for a question that asks
    one thing. Only a part that is a question of its own counts, so "Which TCP and UDP ports …"
    stays whole, and words that ask nothing ("With the OpenSSL back end, which …") go with the
    part after them. The checks below read it: a question that asks several things may be
    answered with amounts of several kinds, and may name a setting for one part alone. (Listing
    the parts in the prompt was measured and left out: on 24 two-part tuning questions it gained
    2 answers and cost 17-39 % of the answer time.)"""
    chinese = language(question) == "zh"
    pieces = _ZH_PART.split(question.strip()) if chinese else _NEXT_PART.split(question.strip())
    asks = _ZH_ASKS if chinese else _EN_ASKS
    parts: list[str] = []
    context = ""  # what comes before a part and asks nothing ("With the OpenSSL back end, which …")
    for piece in (p.strip(" ,;，；") for p in pieces):
        if not piece:
            continue
        if not asks.search(piece) or not chinese and _CLAUSE.match(piece):
            context = f"{context}{piece}{'，' if chinese else ', '}"
            continue
        parts.append(context + piece)
        context = ""
    if context and parts:
        parts[-1] = f"{parts[-1]} {context.rstrip(' ,，')}"
    return parts if len(parts) >= 2 else []


# What kind of amount a question asks for: "how many files" a count, "how long" a time, "how much
# memory" a size, "what percentage" a share; and in a Chinese question the same.
_KINDS = {"second": "time", "minute": "time", "hour": "time", "day": "time", "week": "time", "month": "time",
          "year": "time", "kb": "size", "mb": "size", "gb": "size", "tb": "size", "percent": "percent"}
# Units a size is asked in: "how many KB of RAM", "多少 MB".
_SIZE_UNITS = r"(?:bytes|kilobytes|megabytes|gigabytes|[kmgt]i?bs?)"
# Up to two words before the thing sized ("how much video memory", "how much free disk space"); not
# a verb or "of" ("how much does the disk cache help", "how much of the disk", "how much time does disk checking take").
_SIZE_FILLER = r"(?:(?!(?:does|do|did|is|are|was|were|will|can|of|the|time|data)\b)[\w/-]+ ){0,2}?"
# A throughput asked ("how many MB per second", "每秒多少 MB"): a rate, before its size unit asks for a size.
_THROUGHPUT_ASKED = re.compile(rf"\bhow many {_SIZE_UNITS}\s*(?:per|a|each|/)\s*(?:second|sec|s)(?![\w-])"
                               rf"|每秒(?:钟)?\s*(?:多少|几)\s*{_SIZE_UNITS}(?![a-z])", re.I)
_ASKS = [
    ("rate", _THROUGHPUT_ASKED),
    ("time", re.compile(r"\bhow long (?:does|do|did|will|would|should|must|before|after|until)\b|\bhow often\b"
                        r"|\bhow many (?:seconds|minutes|hours|days|weeks|months|years)\b"
                        r"|多久|多长时间|多少(?:秒|分钟|小时|天|周|个月|年)", re.I)),
    ("size", re.compile(rf"\bhow (?:much|big|large) {_SIZE_FILLER}(?:memory|space|disk|ram|storage|room)\b|\bhow (?:big|large)\b"
                        rf"|\bhow many {_SIZE_UNITS}\b|多大|多少\s*(?:内存|空间|磁盘|字节|{_SIZE_UNITS}(?![a-z]))", re.I)),
    # (a clock's frequency, not "update frequency", which "every 5 minutes" answers)
    ("rate", re.compile(r"\b(?:baud|bit)\s*rate\b|\b(?:clock|sck|cpu|bus|spi|oscillator|crystal)\s+(?:frequency|rate|speed)\b"
                        r"|波特率|时钟频率|时钟速率", re.I)),
    ("percent", re.compile(r"\b(?:what|which) (?:percentage|per ?cent)\b|\bhow many percent\b|百分之|百分比", re.I)),
    ("version", re.compile(r"\b(?:which|what)\s+(?:(?:is|are)\s+the\s+(?:[\w.+/-]+\s+){0,2}?"
                           r"|(?:(?!(?:does|do|did|is|are|was|were)\b)[\w.+/-]+\s+){0,3}?)version\b"
                           r"(?!\s+(?:string|number(?:ing)?\s+scheme))(?![^?]*\b(?:called|named)\s*\?)|\bin\s+which\s+(?:[\w.+/-]+\s+){0,2}release\b"
                           r"|哪个版本|什么版本|哪一版|版本号", re.I)),
    ("count", re.compile(rf"\bhow many (?!(?:seconds|minutes|hours|days|weeks|months|years|percent|{_SIZE_UNITS})\b)"
                         r"|\b(?:what|which) is the (?:(?:maximum|minimum|max|min|largest|smallest"
                         r"|highest|lowest|total|default)\s+)?number of\b(?!\s+the\b)|多少个|几个|多少次|几次|(?:数量|个数)(?:是|有)?多少",
                         re.I)),
]


# A version an answer gives: "1.53", "version 3", "Erlang/OTP 21", "Debian 12" (not "p. 17" of a label).
# (and in Chinese: "版本 18", "版本号为 18", "第 3 版")
_VERSION_GIVEN = re.compile(r"(?<![\w.])\d+(?:\.\d+)+|\b(?:version|release|v)\s*\d+\b|([A-Za-z][\w+#/-]*)\s+\d+\b(?!\.\d)"
                            # (or assigned to a name of versions: "SCHEMA_VERSION = 7", "version: 3")
                            r"|(?<![\w.-])(?:[\w.-]*[_.-])?version\s*[=:]\s*\d+\b(?!\.\d)"
                            r"|版本(?:号)?\s*(?:为|是)?\s*v?\d+|第\s*\d+\s*版", re.I)


def _versions(text: str) -> set[str]:
    return {m.group(0).lower() for m in _VERSION_GIVEN.finditer(MARKER.sub(" ", text))
            if m.group(1) is None or m.group(1).lower() not in _NOT_PRODUCTS | {"p", "pp", "page", "pages", "than", "top"}}


# What a count may be besides digits: "three", "none", "no limit", "unlimited", "any number".
_COUNT = re.compile(r"\b(?:" + "|".join(_NUMBER_WORDS.values()) + r"|none|no|unlimited|any number|dozens?|hundreds|thousands)\b")
# What a "how many" question counts: "how many fathers and mothers" counts fathers (and mothers).
_HOW_MANY = re.compile(r"\bhow\s+many\s+([a-z][a-z-]+)(?:\s+(?:and|or)\s+([a-z][a-z-]+))?", re.I)
_NUMBER_BEFORE = re.compile(r"\b(" + "|".join(_NUMBER_WORDS.values()) + r")\s+(?:[a-z-]+\s+)?([a-z][a-z-]+)", re.I)


def counted(question: str, answer: str) -> bool:
    """Whether the answer gives, in words, a count of what a "how many" question counts: "at most one
    father and one mother" to "how many fathers and mothers can one family record have?" (where
    the question's own "one" hides it from a comparison of words), not "one worker uses threads from
    one shared pool" to "how many threads does one worker use?"."""
    nouns = {w[:5].lower() for m in _HOW_MANY.finditer(question) for w in m.groups() if w}
    # (and the noun after a first word that qualifies it: "To how many output ports …" counts ports, which
    # "at most, one output port" gives; not a phrase of the question's own, "one USB host controller")
    nouns |= {_plural_off(m.group(1)) for m in _HOW_MANY_PAIR.finditer(question)}
    asked = " ".join(question.lower().split())
    return bool(nouns) and any(m.group(2)[:5].lower() in nouns or _plural_off(m.group(2)) in nouns
                               for m in _NUMBER_BEFORE.finditer(MARKER.sub(" ", answer))
                               if " ".join(m.group(0).lower().split()) not in asked)


_HOW_MANY_PAIR = re.compile(r"\bhow\s+many\s+[a-z][a-z-]+\s+(?!(?:does|do|did|is|are|was|were|can|could|will|would|should"
                            r"|may|might|must|has|have|had|of|in|on|at|for|to|per|and|or)\b)([a-z][a-z-]+)", re.I)


def _plural_off(word: str) -> str:
    return re.sub(r"(?<=[a-z]{3})e?s$", "", word.lower())


# A count in words that _COUNT does not read: "once", "twice", "a single retry", "no retries".
_ONCE = re.compile(r"\b(?:once|twice|thrice|single|no\s+(?!(?:more|longer|later|less|fewer)\b)[a-z]+)\b", re.I)
# A time an answer gives ("1 microsecond", "120 ms", "3 秒"), and the words of a rate or a frequency.
_DURATION = re.compile(r"\d[\d,.]*\s*(?:(?:micro|milli|nano)?seconds?|[mµun]?s|秒|毫秒|微秒)(?![a-z])"
                       r"|\b(?:micro|milli|nano)seconds?\b", re.I)
# A question that asks for a size outright ("How large is the heap?", "缓存默认多大？"; not "how large
# a role", "多大程度"), and what says one without a digit: a unit, a multiple, a part, no bound.
_SIZE_ASKED = re.compile(r"^\W*how (?:large|big) (?:is|are|can|could|should|does|do|will|would|may|must)\b"
                         rf"|^\W*how much {_SIZE_FILLER}(?:memory|ram|space|storage)\b"
                         r"|(?<!程度)多大[？?。]?\s*$", re.I)
# A number an answer gives: not the digits of a name ("2D/3D", "Voodoo3"); "32MB", "64k" and "1e-9" are.
_NUMBER_SAID = re.compile(r"(?<![a-z\d])\d+(?:[.,]\d+)*(?:\s*(?:(?:[kmgt]i?)?(?:b|bytes?|bits?)|bpp|[kmgt]|[x×])\b"
                          r"|(?![a-z\d]))", re.I)
_SIZE_SAID = re.compile(r"\b(?:(?:kilo|mega|giga|tera)?bytes?|[kmgt]i?b|pages?|sectors?|blocks?|words?|characters?"
                        r"|lines?|twice|double|triple|half|quarter|third|times|fraction|percent|whole|entire|same"
                        r"|size|as (?:large|big|much) as|no (?:\w+ )?(?:limit|maximum|bound)|unlimited|unbounded"
                        r"|arbitrary|any (?:size|length)|not limited|limited only|disabled|zero|empty|none)\b"
                        r"|字节|页|扇区|块|兆|倍|一半|不限|没有.{0,4}(?:限制|上限)|不受限制|无限制", re.I)
_CHINESE_NUMBER = re.compile(r"[零一二两三四五六七八九十百千万亿]")  # (a number written in words: "三十五 KB")
# A rate an answer gives: "375 kHz", "115200 baud", "10 MB/sec", "每秒 10 MB", "10 MB each second", "1 Mbps".
_RATE = re.compile(r"\d[\d,.]*\s*(?:[kmg]?hz\b|k?bps\b|baud\b|[kmg]?i?b?/s\b|per\s+second\b|每秒)"
                   r"|每秒|/\s*秒|/\s*s(?:ec(?:ond)?)?\b|\b(?:per|a|each|every)[\s-]+sec(?:ond)?\b|\d\s*[kmgt]?i?b(?:it)?ps\b", re.I)


# A question that asks for a thing by its name before any amount ("Besides --cpu, which environment variable
# controls how many worker threads …", "Which nauty.h macro computes how many setwords …", "生成哪几个文件"): its
# amount words describe the thing.
_NAME_ASKED = re.compile(r"\b(?:which|what)\s+(?:[\w.-]+\s+){0,2}?(?:variables?|options?|settings?|parameters?|commands?"
                         r"|files?|flags?|directives?|macros?|functions?|programs?|tools?|keys?|fields?|suffix(?:es)?"
                         r"|extensions?)\b|哪几个|哪些", re.I)


def asked_kind(question: str) -> str:
    """The kind of amount the question asks for ("count", "time", "size", "percent"), or ""
    (also for a question that asks for a thing by name before its amount words)."""
    named = _NAME_ASKED.search(question)
    for kind, pattern in _ASKS:
        m = pattern.search(question)
        if m and not (named and named.start() < m.start()):
            return kind
    return ""


# A question that asks for a number of units ("how many days", "多少秒"), not only for a time or a size.
_UNITS_ASKED = re.compile(rf"\bhow many (?:seconds|minutes|hours|days|weeks|months|years|percent|{_SIZE_UNITS})\b"
                          rf"|多少\s*(?:秒|分钟|小时|天|周|个月|年|字节|{_SIZE_UNITS}(?![a-z]))", re.I)
# A share said in words: "half", "a quarter", "one in ten", "三分之一", "三成".
_SHARE_WORDS = re.compile(r"\b(?:half|halves|quarters?|thirds?|fifths?|tenths?|fraction|proportion|one in \w+|out of)\b"
                          r"|一半|分之|[一二三四五六七八九十]成", re.I)
_KIND_WORDS = {"count": "a count", "time": "a time", "size": "a size", "percent": "a percentage"}


def wrong_kind(question: str, answer: str) -> str:
    """Why an answer gives no amount of the kind the question asks for ("" when it does, or the
    question asks for none): every amount it states is of another kind ("10%" to "how many segment
    files", "5 minutes" to "how much memory": a neighbouring setting's value), or a "how many"
    answer holds no count at all ("2.8.0 ships compatibility code, smaller than 1.4"). A bare
    number may be of any kind."""
    asked = asked_kind(question)
    # A size is no speed: "approximately 3700 kbytes" to "每秒多少 MB" or "How fast is bzip2 -9's compression speed?"
    # (bzip2, round 53); not a baud rate's "16 bytes of FIFO", nor a size beside a time or a comparison.
    plain = MARKER.sub(" ", answer)
    if (asked == "rate" and _THROUGHPUT_ASKED.search(question) or not asked and _SPEED_ASKED.search(question)) \
            and not question_parts(question) and _SIZE_GIVEN.search(plain) and not _RATE.search(plain) \
            and not _TIME_WORD.search(plain):
        return "it gives a size; the question asks for a rate"
    if not asked or question_parts(question):
        return ""  # (a question that asks several things may be answered with amounts of several kinds)
    # (not a dimension, an address or a count of things, "1920x1080", "0x10", "4x 2TB", and not beside a share
    # in words: "half the frame, at 1920x1080")
    if asked == "percent" and not re.search(r"%|\bper\s*cent|百分", plain, re.I) and not _SHARE_WORDS.search(plain) \
            and re.search(r"(?<![\w.])\d+(?:\.\d+)?\s*(?:times|[x×](?!\s*\d)|倍)(?![a-z])", plain, re.I):
        return "it gives a multiple; the question asks for a percentage"  # ("17 times realtime", LAME, round 53)
    if asked == "version":  # "… is specified in the passage. It states: 'Get it here http://www.boost.org/'"
        # (a bare number is one: "32" to "which policy version does glblub need?", secilc, round 52)
        # (not one the question gives: "2" to "which version replaced version 2?")
        bare = re.fullmatch(r"\W*v?(\d+(?:\.\d+)*)\W*", MARKER.sub(" ", answer))
        bare = bare is not None and bare.group(1) not in re.findall(r"\d+(?:\.\d+)*", question)
        return "" if bare or _versions(answer) - _versions(question) else "it gives no version; the question asks for one"
    if asked == "rate":  # "The default baud rate … is 1 microsecond": a time is no rate
        plain = MARKER.sub(" ", answer)
        return "it gives a time; the question asks for a rate" \
            if _DURATION.search(plain) and not _RATE.search(plain) \
            else ""
    given = _normalised(question)
    if asked == "count":  # "… retry attempts … by using 120 ms delay": a time is no count
        plain = MARKER.sub(" ", answer)
        if _DURATION.search(plain) and not re.search(r"\d", _DURATION.sub(" ", plain)) \
                and not set(_COUNT.findall(_normalised(plain))) - set(_COUNT.findall(given)) - {"no", "none"} \
                and not _ONCE.search(plain):
            return "it gives a time; the question asks for a count"
    stated = [f for f in facts(answer) if not supported(f, given)]
    # (a size in words is one, which facts() does not read: "six hundred extra bytes", bzip2, round 53)
    # (only to a size asked: "two padding bytes" answers "how many padding bytes", a count)
    kinds = ["size"] if asked == "size" and _WORDED_SIZE.search(_normalised(MARKER.sub(" ", answer))) else []
    for fact in stated:
        quantity = re.fullmatch(r"[\d.]+ ([a-z]+)", fact)
        if quantity and quantity.group(1) in _KINDS:
            kinds.append(_KINDS[quantity.group(1)])
        elif (re.fullmatch(r"\d+", fact) or asked != "count" and re.fullmatch(r"[\d.:]+", fact)) \
                and _NUMBER_SAID.search(_normalised(MARKER.sub(" ", answer))):
            return ""  # a bare number: it may be the amount asked for (a count has no dot; "2D/3D" has none)
    if kinds and asked not in kinds and not (set(kinds) == {"percent"} and _CHANGE_ASKED.search(question)):
        # (a saving or a change may be a share: "How much disk space did the multicall binary save?" "66% to 87%")
        return f"it gives {_KIND_WORDS[kinds[0]]}; the question asks for {_KIND_WORDS[asked]}"
    counts = set(_COUNT.findall(_normalised(MARKER.sub(" ", answer)))) - set(_COUNT.findall(given))
    if any(re.fullmatch(r"[a-z][/*^][\d.]+|[\d.]+[/*^][a-z]", f) for f in stated):
        return ""  # an amount in terms of the question's variable: "n/2+1 complex numbers" for n real inputs
    if asked == "count" and not kinds and not counts and not counted(question, answer):  # ("one file server" said back is none)
        return "it gives no number; the question asks for a count"
    plain = MARKER.sub(" ", answer)
    # "How large is the C heap?" -> "The heap is located at the end of the program", "How much video
    # memory does the Banshee have?" -> "It has 2D/3D video memory": no size at all.
    # Only to a question that asks for a size outright; a size said by a name (YY_BUF_SIZE bytes), a
    # unit, a multiple ("twice the page size") or no bound ("unlimited") is one.
    if asked == "size" and _SIZE_ASKED.search(question) and not kinds and not counts \
            and not _CHINESE_NUMBER.search(plain) and not _NUMBER_SAID.search(_normalised(plain)) \
            and not _SIZE_SAID.search(plain) and not _ALL_CAPS.search(plain) \
            and not any(m.group(1) or not re.fullmatch(r"[A-Za-z]+\d+", m.group(2)) for m in _IDENTIFIER.finditer(plain)):
        return "it gives no number; the question asks for a size"
    if not kinds and not counts - {"no", "none"} and not _CHINESE_NUMBER.search(plain) \
            and _UNITS_ASKED.search(question):  # "how many days": a number of days
        return f"it gives no number; the question asks for {_KIND_WORDS[asked]}"
    # A size of the other store: "How much RAM …?" "… about 50 GB space in the package directory" (a guide that
    # lists both gives the disk's).
    if asked == "size" and "size" in kinds:
        for store, other in (("memory", "disk space"), ("disk space", "memory")):
            sized = [c for c in _SIZE_CLAUSE.split(plain) if _SIZE_AMOUNT.search(c)]
            if _STORE[store].search(question) and not _STORE[other].search(question) \
                    and sized and all(_STORE[other].search(c) for c in sized) and not _STORE[store].search(plain):
                return f"it gives {other}; the question asks for {store}"
    return ""


# A question for a speed ("How fast …", "the compression speed", "压缩速度"), and what says a time or a comparison.
_SPEED_ASKED = re.compile(r"\bhow\s+fast\b|\b(?:compression|decompression|transfer|throughput|read|write|download|upload"
                          r"|copy|encoding|decoding)\s+(?:speed|rate)\b|(?:压缩|解压|传输|读|写|编码|解码)(?:缩)?速度|吞吐", re.I)
_TIME_WORD = re.compile(r"\b(?:sec(?:ond)?s?|minutes?|hours?|ms|faster|slower|quicker|times|twice)\b|秒|分钟|小时|快|慢|倍", re.I)
# A size an answer gives in digits ("3700 kbytes", "64 KiB", "512 bytes") or in words ("six hundred extra bytes").
_SIZE_GIVEN = re.compile(r"\d\s*(?:[kmgt]i?b(?:ytes?)?|(?:kilo|mega|giga|tera)?bytes?)(?![a-z])", re.I)
_WORDED_SIZE = re.compile(rf"\b(?:{'|'.join(w for n, w in _NUMBER_WORDS.items() if n > 1)})(?:[ -](?:hundred|thousand|million))?"
                          r"\s+(?:[a-z]+\s+)?(?:(?:kilo|mega|giga|tera)?bytes|[kmgt]i?b)\b", re.I)


# A question for how much something changed: saved, reduced, grew, …
_CHANGE_ASKED = re.compile(r"\bhow\s+(?:much|long)\b[^?]*?\b(?:sav(?:e|es|ed)|reduc(?:e|es|ed)|shr[iau]nks?|gain(?:s|ed)?"
                           r"|grow(?:s|n)?|grew|increas(?:e|es|ed)|decreas(?:e|es|ed)|cut(?:s)?)\b|节省|减少|增加", re.I)


# What a size is of: memory, or disk space; a size, and the clauses an answer's sizes stand in ("about 10 GB, and
# at least 1 GB of RAM": the first is no memory's).
_SIZE_AMOUNT = re.compile(r"\d\s*(?:[kmgt]i?b|(?:kilo|mega|giga|tera)bytes?)(?![a-z])", re.I)
_SIZE_CLAUSE = re.compile(r"[,;，；。]|\.(?!\d)|\b(?:and|plus|but|while|whereas|with)\b|以及|和", re.I)
_STORE = {"memory": re.compile(r"\b(?:ram|memory|heap)\b|内存", re.I),
          "disk space": re.compile(r"\b(?:disk|storage|partition|free\s+space|space\s+(?:in|on)\b)|磁盘|硬盘", re.I)}


# "There is no limit to …", "unlimited", "any number of": a claim of no bound, which a passage must make.
_UNBOUNDED = re.compile(r"\bno\s+(?:\w+\s+)?(?:limit|maximum|upper\s+bound|restriction)s?\b|\bunlimited\b|\bnot\s+limited\b"
                        r"|\bany\s+number\s+of\b|\bas\s+many\s+(?:\w+\s+)?as\s+(?:you|needed|necessary|required)\b"
                        r"|\blimitless\b|\barbitrary\s+number\b|没有(?:数量)?(?:上限|限制)|不限|无限", re.I)


def unbounded_unsaid(answer: str, cited: list[Cited]) -> bool:
    """Whether an answer says there is no limit ("There is no limit to the number of such labels")
    where no passage it cites says anything like it: a small model's guess when the passage gives
    a number it did not find ("at most 100 labels")."""
    return bool(_UNBOUNDED.search(MARKER.sub(" ", answer))) and not any(
        _UNBOUNDED.search(_normalised(f"{getattr(p, 'label', '')}\n{p.text}")) for p in cited)


# An amount in words with its unit, as an answer states it: "two seconds", "ten-minute".
# (not a part of one: "twenty-four hours", "two hundred bytes", which it does not read)
_WORDED_QUANTITY = re.compile(rf"(?<![\w-])({'|'.join(w for n, w in _NUMBER_WORDS.items() if 1 < n < 100)})[ -]"
                              rf"({'|'.join(sorted(_UNIT_WORDS | {'day'}))})\b", re.I)


def worded_unsaid(question: str, answer: str, cited: list[Cited]) -> str:
    """An amount an answer states in words ("two seconds"), which facts() does not read, that no
    passage the answer cites holds, in words or digits with its unit ("two seconds", "2 seconds"),
    and the question does not give: the model's guess, as a made-up number is ("" when there is
    none). Measured on 36 tuning sets: one near miss answered so (FORM's pipe timeout), no answerable
    question."""
    number = {w: n for n, w in _NUMBER_WORDS.items()}
    texts = [_normalised(question), *(_normalised(f"{getattr(p, 'label', '')}\n{p.text}") for p in cited)]
    for m in _WORDED_QUANTITY.finditer(MARKER.sub(" ", answer)):
        word, unit = m.group(1).lower(), m.group(2).lower().rstrip("s")
        # (in words, or in digits as the grounding check reads an amount: "2 s", "(default: 2)" under "SECONDS", "50%")
        if not any(re.search(rf"\b{word}[ -]+{unit}", t) or supported(f"{number[word]} {_unit(unit)}", t) for t in texts):
            return m.group(0)
    return ""


# A question for the identifier that does something: "Which msgfmt option writes … as JSON?", "With
# gammu-smsd-monitor, what flag prints …?" (not "What does -x do?": the identifier is given, not
# asked), and the noun phrase that names it ("Which GNU tar option", "Which setting in the YAML
# configuration file", "What CLI flag"), whose words say what it is, not what it does.
_IDENTIFIER_ASKED = re.compile(r"(?:^|[,;]\s*)(?:[Ww]hich|[Ww]hat)\s+(?:[\w\[\]./+-]+\s+){0,3}(?:option|flag|switch|variable"
                               r"|setting|directive|parameter|property|keyword|command)s?\b(?!\s+(?:do|does|did)\b)"
                               r"(?:\s+(?:in|of|for)\s+(?:the\s+|a\s+|an\s+)?(?:[\w./+-]+\s+){0,3}?"
                               r"(?:file|configuration|config|tool|program|command|utility|script|section)\b)?")
# An acronym the question names: a format, an instruction set, a protocol ("JSON", "AVX", "PDF",
# "AVX-512", "IPv6") ...
_ACRONYM = re.compile(r"(?<![\w./-])(?:[A-Z][A-Z0-9]{2,}(?:-\d+)?|[A-Z][A-Za-z]{1,3}v\d)(?![\w/-])")
# ... but not one the question says the identifier works on, through or over, which is where it is
# used, not what it does ("compresses the data sent over SSH", "on ARM processors", "with GCC").
_CONTEXT = re.compile(r"\b(?:on|over|via|under|through|with|from|use|uses|using|within|inside|by)\s+(?:(?:the|a|an|all|its"
                      r"|their|[\w-]+)\s+){0,2}$", re.I)
# Acronyms one manual writes for another's.
_SAME_ACRONYMS = ({"ssl", "tls"}, {"ps", "postscript"}, {"eps", "postscript"})
PURPOSE_CHARS = 300  # how near the identifier an answer gives its passage must name what the question asks it to do


def _acronym_said(acronym: str) -> re.Pattern[str]:
    """Where a passage says an acronym: at a word's start ("--json", "pdf-output", "SMSD" for SMS),
    with or without its hyphen ("avx512", "avx-512"), or as the acronym a manual writes for it (TLS for SSL)."""
    spelled = {acronym.lower(), *(s for same in _SAME_ACRONYMS if acronym.lower() in same for s in same)}
    return re.compile("|".join(rf"(?<![a-z0-9]){re.escape(a).replace('-', '-?')}" for a in sorted(spelled)))


def purpose_unsaid(question: str, answer: str, cited: list[Cited], passages: list[Cited]) -> str:
    """The acronym an English question asks an identifier for ("Which msgfmt option writes a JSON
    catalog?", "Which configure option enables AVX?") that no passage holding an identifier the
    answer gives names within PURPOSE_CHARS of it: "-j" (--java) or "--enable-sse" (SSE) is an
    option for something else, the manual's nearest one, not the answer ("" when one of its
    identifiers has it said beside it, or spells it, "-mavx2"; or the answer gives none its
    passages hold). The passages it cites are read first, then the others that hold the identifier
    ("[-C] [-j] [-l]" in a synopsis, "-j, --json Print output in JSON format" below). Not an
    acronym of the noun phrase that names the identifier ("Which GNU tar option", "What CLI flag")
    or of where it works ("over SSH", "on ARM processors"), nor the product's own name, in most of
    the passages. Measured on the 34 tuning sets before round 32: 5 near misses answered so, no
    answerable question."""
    asked = _IDENTIFIER_ASKED.search(question)
    if not asked:
        return ""
    rest = re.sub(r"\"[^\"]*\"|“[^”]*”|`[^`]*`", lambda m: " " * len(m.group(0)), question[asked.end():])
    acronyms = {a.group(0): _acronym_said(a.group(0)) for a in _ACRONYM.finditer(rest) if not _CONTEXT.search(rest[: a.start()])}
    # (a passage's heading and text; not its file's name, "gri-manual.pdf", which says no PDF)
    bodies = {p.n: _normalised(f"{' · '.join(getattr(p, 'label', '').split(' · ')[1:])}\n{p.text}") for p in passages}
    acronyms = {a: said for a, said in acronyms.items() if sum(bool(said.search(b)) for b in bodies.values()) * 2 <= len(bodies)}
    if not acronyms:
        return ""
    given = {f for f in facts(MARKER.sub(" ", answer)) - facts(question) if re.search(r"[a-z]", f)}
    first = [p.n for p in cited if p.n in bodies]
    order = [bodies[n] for n in first] + [b for n, b in bodies.items() if n not in first]
    unsaid = ""
    for identifier in sorted(given):
        near = [text[max(0, m.start() - PURPOSE_CHARS): m.end() + PURPOSE_CHARS] for text in order
                for m in re.finditer(rf"(?<![\w-]){re.escape(identifier)}(?!\w)", text)]
        if not near:
            continue
        spelled = identifier.replace("-", "")  # ("-mavx2" spells AVX2, "--enable-avx512" AVX-512)
        missing = [a for a, said in acronyms.items() if a.lower().replace("-", "") not in spelled
                   and not any(said.search(w) for w in near)]
        if not missing:
            return ""  # (one identifier of the answer does what was asked: "-J (--json)", then "add -n")
        unsaid = unsaid or missing[0]
    return unsaid


# A claim that something is not so ("does not run garbage collection", "there are no Canon models"),
# and what says anything like it in a passage.
_NEGATED = re.compile(r"\b(?:not|(?<!-)no(?!-)|never|none|cannot|nothing|neither|nor)\b|n't\b|n’t\b", re.I)  # (not "no-store")
_NEGATION_SAID = re.compile(r"\b(?:not|no|never|none|cannot|nothing|neither|nor|without|only|unsupported|lacks?"
                            r"|removed|dropped|disabled?|disables|unavailable|off|false|zero|0)\b|n't\b", re.I)
# Where an answer's clauses part: a sentence's end, a semicolon or colon, ", and", " but ".
_CLAUSES = re.compile(r"[.;:!?](?:\s|$)|,\s*(?:and|but|so|then|while)\s|\s(?:but|so|then|while)\s", re.I)
ABSENCE_CHARS = 150  # how near a passage's negation two of the answer's words from the question must be


def absence_unsaid(question: str, answer: str, cited: list[Cited]) -> bool:
    """Whether an English answer to a question that asks what, which, how or how often only says
    that the thing asked about is not so ("The GNU Prolog compiler does not run garbage collection
    on its global stack." to "How often does GNU Prolog run garbage collection?"), in the question's
    words and with no fact of its own, where no passage it cites says anything negative near two of
    those words: a small model's way out when the passages do not hold the answer. A yes/no question
    may be answered "no", and a question that says "not" itself may be answered with one."""
    plain = MARKER.sub(" ", answer)
    if _POLAR.match(question) or _NEGATED.search(question) or not _NEGATED.search(plain) or _UNBOUNDED.search(plain):
        return False  # ("there is no limit" is unbounded_unsaid's)
    given = _normalised(question)
    if any(not supported(f, given) for f in facts(plain)):
        return False  # "no longer than 60 characters": a value of its own
    if any(len(c.split()) >= 3 and not _NEGATED.search(c) for c in _CLAUSES.split(plain)):
        return False  # "…; its memory is reclaimed on backtracking": it says something of its own too
    asked = {w[:5] for w in set(re.findall(r"[a-z][\w-]{3,}", given)) - _STOP}  # (as stems: "requests" is "request")
    words = {w[:5] for w in re.findall(r"[a-z][\w-]{3,}", _normalised(plain)) if w[:5] in asked and w not in _STOP}
    if len(words) < 2:
        return False
    for p in cited:
        text = _headed(p)  # (the thing may be named by its heading alone: "Server configuration > TLS")
        for m in _NEGATION_SAID.finditer(text):
            near = text[max(0, m.start() - ABSENCE_CHARS) : m.end() + ABSENCE_CHARS]
            if sum(1 for w in words if w in near) >= 2:
                return False
    return True


# A question for a network port ("Which TCP port …", "on which port does it listen", "哪个端口"), not
# for a serial or parallel port's device, nor for a compiler's port to a processor.
_PORT_ASKED = re.compile(r"\b(?:tcp|udp)\s+port\b|\bport\s+number\b|\b(?:which|what)\s+(?:default\s+)?port\b(?!\s+(?:of|to|for)\b)"
                         r"|(?:哪个|哪一个|什么)[^，,。？?]{0,8}端口(?!地址|名)|端口号?(?:是|为)?多少", re.I)
_SERIAL_PORT = re.compile(r"\b(?:serial|parallel|com|usb|printer)\s+port\b|串口|并口", re.I)


def _plain_port(number: str, text: str) -> bool:
    """Whether `text` gives `number` as a port in a plain statement: not an example's ("Example: port 9090 in
    a test setup") nor a configuration snippet's ("remote 127.0.0.1 port 2345; transport ssh {")."""
    for m in re.finditer(rf"(?<![\d.]){re.escape(number)}(?!\d)", text):
        if re.search(r"\bexample|\be\.g\.|\bfor instance\b|\bsuch as\b", text[max(0, m.start() - 40) : m.start()]) \
                or re.match(r"\s*[;{]", text[m.end():]):
            continue
        if _said_as_port(number, text[max(0, m.start() - 60) : m.end() + 20]):
            return True
    return False


def _ports_said(text: str) -> set[str]:
    """The numbers a passage gives as ports."""
    return {n for n in set(re.findall(r"(?<![\d.])\d{2,5}(?![\d])", text)) if _said_as_port(n, text)}


def _said_as_port(number: str, text: str) -> bool:
    """Whether a passage gives `number` as a port: "port 9090", "ports 520 and 521", "Port=3493",
    "localhost:9090", "9090/tcp", "the 6544 port", "端口 853"."""
    n = rf"(?<![\d.]){re.escape(number)}(?!\d)"
    unit = r"(?!\s*(?:baud|bps|bits?|bytes?|[kmg]?hz|ms|milliseconds?|seconds?|minutes?|kb|mb|%))"  # 19200 baud is no port
    return bool(re.search(rf"(?:{_PORT_WORD}|端口)[^.;!?。；\n]{{0,40}}?(?<!-[a-oq-z] ){n}{unit}|(?<=[a-z\]*]):{n}(?!:\d)"
                          # (an entry that names the port, then its default: "Set the port the slave will listen to. The
                          # default value is 8484")
                          rf"|{_PORT_WORD}[^.;!?\n]{{0,60}}[.;]\s+(?:the\s+)?default(?:\s+value)?\s+is\s+{n}{unit}"
                          rf"|\b(?:listen|tcp|udp)\s+(?:[\w.*:-]+[:\s]\s*)?{n}{unit}|(?<![\w-])-p\s*{n}"
                          rf"|{n}\s*(?:/\s*(?:tcp|udp)|(?:tcp\s+|udp\s+)?{_PORT_WORD}|端口)", _normalised(text)))


# "port", "ports", "DIRport", "ListenPort"; not "support", "transport", "report", "import", "export", "portable".
_PORT_WORD = r"(?<!sup)(?<!trans)(?<!re)(?<!im)(?<!ex)(?<!pass)port(?![a-rt-z])"


def port_unsaid(question: str, answer: str, cited: list[Cited]) -> bool:
    """Whether a question for a network port is answered with numbers no passage the answer cites
    gives as a port: "19200", a baud rate beside "-P net:host:port", to "Which TCP port does it
    connect to by default?"; or a question for a port's number with none ("localhost:gpsd" to
    "Which numeric TCP port …"). Another answer that states no number is left to the other checks
    ("the standard HTTPS port")."""
    if not _PORT_ASKED.search(question) or _SERIAL_PORT.search(question):
        return False
    given = _normalised(question)
    # (and a host's port: "localhost:9999"; not a time's minutes, 10:30)
    plain = MARKER.sub(" ", answer)
    if not re.search(r"\d", plain):
        return bool(_PORT_NUMBER_ASKED.search(question)) and not _WHICH_SETTING.search(question)
    # (ASCII word characters: "为8080。" and "8080端口" state 8080)
    numbers = {m.group(0) for m in re.finditer(r"(?:(?<=[a-z\]]:)|(?<![\w.:/-]))\d{2,5}(?![\w.]\w|\d)", plain, re.ASCII)}
    numbers = {n for n in numbers if not re.search(rf"(?<![\d.]){n}(?!\d)", given)}
    if not numbers:
        return False
    return not any(_said_as_port(n, f"{getattr(p, 'label', '')}\n{p.text}") for n in numbers for p in cited)


# A question for an environment variable by its name ("Which environment variable does camlidl read …",
# "哪个环境变量"), and the names an answer may give for one: in capitals ("CPP", "$CAMLIDL_HOME"), of parts
# in lower case ("http_proxy"), or Windows' ("%LocalAppData%").
_VARIABLE_ASKED = re.compile(r"\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:environment|env|shell)\s+variables?\b"
                             r"|(?:哪|什么)(?:个|一个|些)?(?:环境|shell\s*)变量", re.I)
_VARIABLE_GIVEN = re.compile(r"%([A-Za-z_][\w]*)%|(?<![\w$.%/-])\$?\{?([A-Z][A-Z0-9_]+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w-])",
                             re.ASCII)
# (emphasis and acronyms, no variable: "camlidl does NOT read one", "the proxy's URL")
_NO_VARIABLE = frozenset("NOT NO NONE NEVER ONLY ALL ANY AND OR URL URI URLS HTTP HTTPS FTP TCP UDP IP DNS SSL TLS SSH API "
                         "CPU GPU RAM OS ID UTF ASCII JSON XML HTML CSV PDF".split())


def variable_unsaid(question: str, answer: str, cited: list[Cited]) -> str:
    """The environment variable an answer names where no passage it cites names any it gives: "CPP"
    to "Which environment variable does camlidl read to find the C preprocessor?" from passages that
    give only the -cpp option (an option or a path's part is no variable). A name counts in any case
    (HTTPS_PROXY for https_proxy; Windows' %LocalAppData%), and broken where a PDF breaks it ("LIBRARY_
    PATH"). "" when the question asks for no variable, the answer names none the question does not, or
    a cited passage names one of them."""
    if not _VARIABLE_ASKED.search(question):
        return ""
    given = {w.lower() for w in re.findall(r"[A-Za-z0-9_]+", question)}
    named = [n for m in _VARIABLE_GIVEN.finditer(MARKER.sub(" ", answer)) for n in [m.group(1) or m.group(2)]
             if n.lower() not in given and n.upper() not in _NO_VARIABLE | _SHOUTED]
    if not named:
        return ""
    texts = [re.sub(r"_-?\s+(?=[A-Za-z])", "_", f"{getattr(p, 'label', '')}\n{p.text}") for p in cited]
    # (beside Chinese with no space, "设置JAVA_HOME环境变量", a property's, process.env.NODE_ENV, or a pair's,
    # HTTP_PROXY/HTTPS_PROXY; not a path's part, /lib/cpp; and where a PDF lost the underscores, "LD LIBRARY PATH")
    if any(re.search(rf"(?<![A-Za-z0-9_-])(?<!(?-i:[^A-Z0-9_])/)(?<!^/){spelled}(?![A-Za-z0-9_])", t, re.I)
           for n in named for spelled in {re.escape(n), re.escape(n).replace("_", " ")} for t in texts):
        return ""
    return named[0]


# A question for a maximum: "What is the maximum number of columns …", "What is the largest fontsize …",
# "How many rules can a scanner have at most?", "最多可以嵌套多少层" (not "the most commonly used …").
_MAXIMUM_ASKED = re.compile(r"\b(?:what|which)\s+is\s+the\s+(?:maximum|largest|biggest|highest|longest|greatest"
                            r"|most(?!\s+(?:common|commonly|recent|recently|popular|widely|frequent|frequently|likely|important"
                            r"|used|often|useful|efficient|appropriate|suitable|reliable)\b))\b"
                            r"|\bat\s+most\b|\bhow\s+(?:high|deep(?:ly)?|far|large|long|big|many|much)\b[^?]*\bmaximum\b"
                            r"|最多|最大|最长|最高|上限", re.I)
# What gives a number as a bound, in its clause before it: "at most 8192 rules", "(max. 256 bytes)", "up to 6",
# "no deeper than 100", "capped at 256", "as many as 32 types", "≤ 16", "between 1 and 64", "from -20 (…) to 19",
# "limited by GSM_BACKUP_MAX_SMS (100000 …)"; or right after it: "255 is the largest".
_BOUND_SAID = re.compile(r"\b(?:max(?:imum|imal)?|at\s+most|up\s+(?:to|through)|limit(?:s|ed)?|restrict(?:s|ed)?\s+to|largest|biggest|highest"
                         r"|longest|greatest|exceed(?:s|ed|ing)?|upper|caps?|capped|ceiling|truncat\w*"
                         r"|(?<!twice\s)(?<!times\s)(?<!half\s)as\s+(?:many|much|large|long|big|high)\s+as(?=\s*(?:about\s+|~\s*)?$)"
                         r"|(?:no|not)\s+(?:more"
                         r"|larger|longer|greater|higher|deeper|bigger)\s+than|(?:higher|longer|larger|greater|more|bigger|deeper)"
                         r"\s+than|or\s+(?:less|fewer|smaller|lower)|less\s+than\s+or\s+equal|cannot\s+be\s+(?:more|larger"
                         r"|longer|greater|higher)|nest(?:ed|ing)?|between\s+\S+\s+and)\b|≤|<=|最多|最大|最长|最高|上限|不超过|以内", re.I)
# ... or the end of a range: "The type must be 0 to 0xffff", "1-65535", "range from 0 (emergency) to 7".
_RANGE_TO = re.compile(r"(?:(?:\d|0x[0-9a-f]+)\s*(?:to|through|-|–|\.\.)|\bfrom\s[^;\n]{0,80}\bto)\s*$", re.I)
# An interval's upper end, written as a mathematician does: "Valid values of radix lie in the range [2, 64]" (LibTomMath,
# round 51); the number must close it.
# (only a closed end, "]": "[0, 255)" and "[0.0, 1.0)" exclude theirs; and only an interval prose gives as a range, not a
# call's arguments, "range(0, 10)", "resize(80, 24)", a list, "= [1, 5]", or a citation, "described in [12, 13]")
_INTERVAL_TO = re.compile(r"(?:\brange[sd]?(?:\s+over)?|\binterval|∈|\b(?:lies?|be|is|are|integers?|numbers?|values?)\s+(?:with)?in)"
                          r"\s*\[\s*-?(?:\d+(?:\.\d+)?|0x[0-9a-f]+)\s*,\s*$", re.I)
_CLAUSE_BREAK = re.compile(r"[;!?\n]|\.\s")  # (where the words before a number stop being about it)
BOUND_CHARS = 120  # how far before a number (its clause, at most) a passage's words may give it as a bound
BOUND_ENTRY_CHARS = 300  # how far before the clause that gives a default the entry may say it is a limit


def _limit_entry(entry: str) -> bool:
    """Whether `entry` (the text before a default's clause) says "maximum" or "limit" with no other
    setting's entry begun after it."""
    said = [m.end() for m in re.finditer(r"\b(?:max(?:imum)?|limit)\b", entry)]
    return bool(said) and not _another_entry(entry[said[-1]:])


# A number given as a least: "two or more", "at least 2", "a minimum of 3", "两个或以上", "至少 2 个"; and
# the numbers an answer gives (digits, English and Chinese numerals).
_WORDS = "|".join(_NUMBER_WORDS.values())
_LEAST = re.compile(rf"\b(?:\d+|{_WORDS})\s+(?:\w+\s+)?or\s+more\b|\b(?:at\s+least|a\s+minimum\s+of)\s+(?:\d+|{_WORDS})\b"
                    r"|至少(?:为|是|要|有)?\s*[\d一二两三四五六七八九十]+|[\d一二两三四五六七八九十]+\s*个?\s*(?:或以上|或更多)", re.I)
# An English number in words, on its own: not a part of a compound, "two-way", "twenty-four", nor of a larger number,
# "two hundred" (which the bound check leaves alone), nor one of a set the answer names, "the highest of the five
# levels", "both of the two modes".
_WORDED_NUMBER = re.compile(rf"(?<![\w-])(?<!hundred\s)(?<!\bthe\s)(?<!\ball\s)(?<!\bboth\s)(?<!\bthese\s)(?<!\bthose\s)"
                            rf"(?:{'|'.join(w for n, w in _NUMBER_WORDS.items() if 1 < n < 100)})"
                            r"(?![\w-]|\s+(?:hundred|thousand|million|billion|dozen)\b)", re.I)
_ANY_NUMBER = re.compile(rf"(?<![\w.])\d+(?:\.\d+)?(?![\w.]\d)|\b(?:{_WORDS})\b|[一二两三四五六七八九十]+", re.I)
# An English question for a most that asks for an amount ("How many … at most", "the maximum number
# of", "the largest size"; not "the biggest difference", "the most straightforward way").
_AMOUNT_ASKED = re.compile(r"\bhow\s+(?:many|much|long|large|big|high|far)\b|\bat\s+most\b|\b(?:maximum|largest|biggest|highest"
                           r"|greatest|longest|most)\s+(?:\w+\s+)?(?:number|amount|size|length|count|value|limit)s?\b", re.I)
# More ways to say there is no most ("no limitation", "however many you need", "unrestricted").
_NO_MOST = re.compile(r"\blimit\w*|\bhowever\s+many\b|\bunrestrict\w*|\bregardless\b|\bunbounded\b|\bas\s+many\s+as\b", re.I)
# A Chinese question for a most, in the words a translation may lose: "一次最多可以合并多少个", "最大值是多少",
# "上限是多少" (not "最大的区别", "最高效的方法", "如何最大化", "使用最多的命令需要几个参数").
_MOST_ASKED_ZH = re.compile(r"(?:最多(?![的人])|最大(?:值|长度|数量|数目|大小)|最长(?!的)|上限)[^，。？?]{0,12}?(?:多少|几|多大|多长|多久)")
# A setting's name that says it is a limit: BM_BURNING_MAXSIZE, max_connections, client.max-retries, maxlen
# (not the words "maximum", "max" or "limit" alone).
_LIMIT_NAME = re.compile(r"(?<![\w.-])(?=[\w.-]*(?:max|limit))(?![\w.-]*(?:maxim|limitation|delimit))"
                         r"(?!(?:limits|limited|limiting|unlimited|climax|maxed)(?![\w-]))"
                         r"(?:[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+|(?:max|limit)[a-z0-9]+|[a-z]+(?:max|limit)[a-z0-9]*)(?![\w-])")
# (zero, the one amount in words it reads: "An array may have zero or more elements" gives no most; not "zero-copy")
_BOUND_NUMBER = re.compile(r"(?<![\w.])(?:0x[0-9a-f]+|\d+(?:\.\d+)?)(?![\w.]\d)|(?<![\w/-])zero(?![\w-])", re.I)
# Zero as no most of its own: a range's low end ("zero or one"), or what zero does ("zero means unlimited").
_ZERO_NOT_MOST = re.compile(r"\bzero\s+(?:or|to|and|through)\b|\b(?:from|between)\s+zero\b"
                            r"|\bzero\s+(?:\w+\s+)?(?:means|disables?|turns|switches|removes)\b", re.I)


def bound_unsaid(question: str, answer: str, passages: list[Cited], asked: str = "") -> bool:
    """Whether an answer to a question for a maximum gives numbers that no passage gives as a bound:
    "The maximum number of columns that a GLPK problem object may hold is 100", from an example's
    constraint "x1 + x2 + x3 ≤ 100"; "The largest fontsize value that Graphviz accepts is 24", from a
    sample's fontsize=24. One of its numbers (in digits or words, with any unit), said in its clause
    with "at most", "max.", "up to", "limited", "no more than", "≤" or as a range's end ("0 to
    0xffff", "between 1 and 64"), or followed by "at most", "or less" or "is the limit", in any
    passage, is enough. Measured on 24 held-out sets: of 39
    answered questions for a maximum, it withdraws 2 near misses, two wrong answers and no right one.
    `asked`: the question as the user wrote it, when it was answered as its English translation; the
    translation may drop what it says of a default ("默认的上限" came back as "the maximum"), or that it
    asks for a most at all ("最多" lost). An answer whose every number is a least ("Two or more CSV
    tables can be merged at once", csvkit, round 42) gives no most."""
    # (a Chinese question's 最多 may be lost in its translation: "一次最多可以合并多少个" came back
    # as "How many … can be merged at once")
    most_zh = _MOST_ASKED_ZH.search(asked or question) is not None
    if not _MAXIMUM_ASKED.search(question) and not most_zh:
        return False
    plain = _normalised(MARKER.sub(" ", answer))
    least = [m.span() for m in _LEAST.finditer(plain)]
    # (only a least, and a least is no most: "Two or more CSV tables can be merged at once"; not beside
    # a bound or "no limit", nor to a question for no amount, "最大的区别", "the biggest difference",
    # nor a least the question gives, "the easiest way to join 3 or more files")
    given_least = {m.group(0) for m in _LEAST.finditer(_normalised(question))}
    if (least and (most_zh or language(question) == "en" and _AMOUNT_ASKED.search(question) and not _POLAR.match(question))
            and not _BOUND_SAID.search(plain) and not _UNBOUNDED.search(plain) and not _NO_MOST.search(plain)
            and not {plain[a:b] for a, b in least} <= given_least
            and all(any(a <= m.start() and m.end() <= b for a, b in least) for m in _ANY_NUMBER.finditer(plain))):
        return True
    given = {n.lower() for n in _BOUND_NUMBER.findall(_normalised(question))}
    numbers = {n.lower() for n in _BOUND_NUMBER.findall(plain)} - given
    if _UNBOUNDED.search(plain) or _NO_MOST.search(plain) or _ZERO_NOT_MOST.search(plain):
        numbers.discard("zero")  # ("There is no limit; zero turns it off")
    # (an English number in words, "Three sensitivity statements can be declared", from an example's "declares
    # three sensitivity identifiers", secilc, round 52; not "one", which is as often no amount, nor a Chinese one, nor a
    # least's, "two or more")
    worded = {m.group(0).lower() for m in _WORDED_NUMBER.finditer(plain) if not any(a <= m.start() < b for a, b in least)} \
        - set(re.findall(r"[a-z]+", _normalised(question)))
    if _UNBOUNDED.search(plain):
        worded = set()  # ("There is no limit; any number of two-way tunnels")
    if not numbers and not worded:
        return False  # ("五层": a Chinese number in words is left to the other checks)
    # (a label's pages are no number of the text's: "pp. 9-10" bounds nothing at 10)
    texts = [_normalised(f"{_unpaged(getattr(p, 'label', ''))}\n{p.text}") for p in passages]
    defaulted = bool(_DEFAULT.search(question) or _DEFAULT.search(asked) or re.search(r"\bunless\b", question, re.I))
    # (the settings the question names whose names say they are a limit: BM_BURNING_MAXSIZE, max_connections)
    limit_names = set(_LIMIT_NAME.findall(_normalised(f"{question} {asked}")))

    def bound(text: str, start: int, end: int) -> bool:
        before = re.sub(r"\bmax\.", "max", text[max(0, start - BOUND_CHARS) : start])
        clause = _CLAUSE_BREAK.split(before)[-1]
        after = _CLAUSE_BREAK.split(text[end : end + 40])[0]
        # (or, to a question about what holds unless changed, the default of a limit its entry sets
        # out: "… controlling the maximum number of bytes … By the default this is set to 512."; not
        # to "the maximum value accepted", which "Hard limit … The default value is 6" does not give)
        entry = text[max(0, start - len(clause) - BOUND_ENTRY_CHARS) : start - len(clause)]
        return bool(_BOUND_SAID.search(clause) or _RANGE_TO.search(clause) or _INTERVAL_TO.search(clause) and re.match(r"\s*\]", after)
                    or re.match(r"\s*(?:is|are)\s+the\s+(?:max"
                    r"|largest|highest|longest|upper|limit)", after)
                    # ("three replicas at most", "50 characters or less")
                    or re.match(r"\s+(?:[a-z-]+\s+){0,2}?(?:at\s+most|or\s+(?:less|fewer))\b", after)
                    # ("Only 10 sort fields are allowed": THE's SORT)
                    # (nothing between but its noun: not "Only 128, 192 and 256 are accepted", "Only 3 or more")
                    or re.search(r"\bonly\s*$", clause)
                    and re.match(r"\s(?:(?!\b(?:or|and|more|less|fewer)\b)[^.;,\d]){0,30}?\b(?:are|is)\s+(?:allowed|permitted|accepted)\b", after)
                    or defaulted and _DEFAULT.search(clause) and (_limit_entry(entry) or any(
                        re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", clause) for name in limit_names)))
    digits = {w: str(n) for n, w in _NUMBER_WORDS.items()}
    return not any(bound(text, m.start(), m.end()) for n in numbers for text in texts
                   for m in (_fact_pattern("0" if n == "zero" else n).finditer(text) if n == "zero" or re.fullmatch(r"\d+(?:\.\d+)?", n)
                             else re.finditer(rf"(?<![\w.]){re.escape(n)}(?![\w.]\w)", text))) \
        and not any(bound(text, m.start(), m.end()) for w in worded for text in texts
                    for m in [*re.finditer(rf"\b{w}\b", text), *re.finditer(rf"(?<![\d.]){digits[w]}(?![\d]|:\d)", text)])


# A question for a port's number as such: "Which port number …", "Which numeric TCP port …", "端口号是多少"
# (not "How do I change the port number?").
_PORT_NUMBER_ASKED = re.compile(r"\b(?:which|what)\s+(?:is\s+the\s+)?(?:[\w-]+\s+){0,3}?(?:port\s+number|numeric\s+(?:\w+\s+)?port)\b"
                                r"|端口号(?:是|为)?(?:多少|什么)|(?:哪个|什么)端口号", re.I)


# A question for when a release came out: "In what year was GNU m4 2.0 released?", "When was 1.4.5
# published?", "GNU m4 1.4.19 是哪一年发布的？" (not "When was support for TLS 1.0 removed?"); of
# these, the ones that ask for a date or a year as such.
_DATE_ASKED = re.compile(r"\b(?:in\s+)?(?:what|which)\s+year\b|\bwhen\s+(?:was|were|did)\b|\b(?:on\s+)?what\s+(?:is\s+the\s+)?"
                         r"(?:release\s+)?date\b|哪一?年|什么时候|何时|哪天|哪一天|什么日期|日期是", re.I)
_RELEASE_ASKED = re.compile(r"\b(?:released?|published|came\s+out|come\s+out|shipped)\b|发布|推出|发行|面世", re.I)
_DAY_ASKED = re.compile(r"\b(?:what|which)\s+year\b|\bwhat\s+(?:is\s+the\s+)?(?:release\s+)?date\b|哪一?年|哪天|哪一天"
                        r"|什么日期|日期是|\bwhen\s+(?:was|were|did)\b", re.I)
_DOTTED = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w]|\.\d)")
# A question for the first release ("the first version of FORM", "when was it first released") and
# a sentence that says which was the first ("first released in 1989", "began in 1988", "初版").
_FIRST_ASKED = re.compile(r"\b(?:first|initial|original|earliest)\s+(?:public\s+|stable\s+)?(?:version|release)\b"
                          r"|\b(?:first|initially|originally)\s+(?:released|published|came\s+out|appeared|shipped)\b"
                          r"|第一个?版本?|首个版本|最早的?版本|首次发布|最早发布|初版", re.I)
_FIRST_SAID = re.compile(r"\b(?:first|initial(?:ly)?|original(?:ly)?|earliest|began|begun|started|introduced|appeared|since"
                         r"|inception|origins?)\b|第一|首次|首个|最早|初版|最初", re.I)
_YEAR_SAID = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_DATE_SAID = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d"
                        r"|\d+\s*[年月日]", re.I)
# "has not been released yet", "尚未发布": an answer that says there is no such release gives no date.
_UNRELEASED = re.compile(r"\bnot\s+(?:yet\s+)?(?:been\s+)?(?:released|published)|\bunreleased\b|\bno\s+(?:such\s+)?release"
                         r"|尚未|还没有?发布|未发布", re.I)
# Where a sentence ends ("Dec. 10, 2020" and "e.g. 2.3" go on), in a passage whose line breaks are
# a PDF's or a page's layout; a paragraph break ends one too, but a short heading ("Release
# 1.4.19", "## 3.0.0 (2021-09-07)") reads with the paragraph under it.
_SENTENCE_STOP = re.compile(r"[;!?。；！？]|(?<!\b[A-Z][a-z]{2})(?<!\b[A-Za-z])(?<!\be\.g)(?<!\bi\.e)\.\s")


def _sentences(label: str, text: str) -> list[str]:
    paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", f"{label}\n\n{text}" if label else text)]
    out, heading = [], ""
    for paragraph in filter(None, paragraphs):
        paragraph = f"{heading} {paragraph}".strip() if heading else paragraph
        heading = ""
        if len(paragraph) <= 80 and not re.search(r"[.!?。]$", paragraph):
            heading = paragraph
            continue
        out.extend(_SENTENCE_STOP.split(paragraph))
    return out + ([heading] if heading else [])


def release_unsaid(question: str, answer: str, passages: list[Cited]) -> str:
    """Why an answer to a question for the date of a release the question names by its version
    does not give it ("" when it does, or the question is another): no date at all ("FFTW 3.3.10
    was officially released in version 3.3" to "FFTW 3.3.10 是在哪一天正式发布的？"), or a year no
    passage says in a sentence with that version: "1994" for when GNU m4 1.4.19 came out, from
    "until 1994 when he released GNU m4 1.4"; "2016" for GNU m4 2.0, from "as recent as 1.4.18 in
    2016". 2.3 and 2.3.0 are one version; a heading's version reads with the paragraph under it.
    To a question for the first release that names no number, a year no sentence gives as a
    release (or as the first) without a later version beside it: a title page's "version 4.3 …
    January 4, 2023", a talk's "KubeCon 2016"."""
    versions = set(_DOTTED.findall(question))
    if not _DATE_ASKED.search(question) or not _RELEASE_ASKED.search(question):
        return ""
    if not re.search(r"\d", question) and _FIRST_ASKED.search(question):
        # The first release, named by no number: not a year only said with a later version, in no
        # sentence that says which was the first ("FORM version 4.3 Reference manual … January 4,
        # 2023" dates the manual, not FORM's first release; "Seindal released … GNU m4, in 1990",
        # "Version 1.0 was released in 1996" may). A page's stamp ("Copyright (C) 2023") dates nothing.
        years = set(_YEAR_SAID.findall(MARKER.sub(" ", answer)))
        names = _version_names(question)

        def later(sentence: str) -> bool:  # a version after the first said in it ("version 4.3"; not 1.0, 0.9.0, section 1.1)
            return any(not re.fullmatch(r"0(?:\.\d+)+|1(?:\.0)+", v) and said_as_version(v, sentence, names)
                       for v in _DOTTED.findall(sentence))

        sentences = [_STAMP.sub(" ", _normalised(sentence)) for p in passages
                     for sentence in _sentences(getattr(p, "label", ""), p.text)]
        # (and says a release: "KubeCon 2016 (video) Feb. 2016 Zalando Tech blog post" dates a talk)
        if years and not any(any(y in sentence for y in years) and (_FIRST_SAID.search(sentence)
                                                                     or _RELEASE_ASKED.search(sentence) and not later(sentence))
                             for sentence in sentences):
            return "no passage dates the first release"
        return ""
    if len(versions) != 1:
        return ""
    version, plain = versions.pop(), MARKER.sub(" ", answer)
    if _UNRELEASED.search(plain):
        return ""  # (that it is not out is a claim the other checks read)
    if _DAY_ASKED.search(question) and not _DATE_SAID.search(plain):
        return "it gives no date; the question asks for one"
    years = set(_YEAR_SAID.findall(plain)) - set(_YEAR_SAID.findall(question))
    if not years:
        return ""
    while version.count(".") > 1 and version.endswith(".0"):
        version = version[:-2]
    # ("HMMER3.0 was first released in March 2010"; "Version 2.3.0" for 2.3)
    said = re.compile(rf"(?<![\d.]){re.escape(version)}(?:\.0)*(?![\w]|\.\d)")
    for p in passages:
        for sentence in _sentences(getattr(p, "label", ""), p.text):
            if said.search(sentence) and any(y in sentence for y in years):
                return ""
    return f"no passage dates the release of {version}"


# A setting's name in parts: ko-count, c-max-rate, read_quanta, flush_timer.
_PARTED = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w-])")


def _parts(name: str) -> set[str]:
    return set(re.split(r"[-_]", name))


def _inflected(name: str) -> str:
    """A name of parts with its last part's plural or verb "s" off: "auto-loads" and "auto-load" meet."""
    return re.sub(r"(?<=[a-z]{3})s$", "", name)


# A question that asks for a setting's name, anywhere in it ("Besides pkg-config, which environment variable …").
# (or for a constant's or a macro's name: "How large should the buffer be? Please provide the constant name.";
# not "what is the macro X defined as", nor "which macro file")
_ASKS_A_NAME = re.compile(r"\b(?:which|what)\s+(?:[\w.-]+\s+){0,2}?"
                          r"(?:setting|option|parameter|variable|directive|flag|switch)s?\b"
                          r"|\b(?:which|what)\s+(?:(?!(?:is|are|was|were|does|do|did)\b)[\w.-]+\s+){0,2}?"
                          r"(?:constant|macro)s?\b(?!\s+files?\b)"
                          r"|\b(?:constant|macro)(?:'s)?\s+name\b|\bname\s+of\s+the\s+(?:constant|macro)\b"
                          r"|哪(?:个|一个|些)(?:配置)?(?:选项|设置|参数|变量|环境变量|指令|配置项|常量|宏)|常量名|宏名", re.I)


# A question for a function's or a command's name: "Which libbzip2 function collects the data that BZ2_bzRead read
# past …" is answered by another name, BZ2_bzReadGetUnused (bzip2, round 53).
_ASKS_A_CALL = re.compile(r"\b(?:which|what)(?!\s+is\s+the\s+(?:function|method)\s+of\b)\s+(?:[\w.-]+\s+){0,2}?"
                          r"(?:function|method|routine|call|command|subcommand)s?(?![\w-])"
                          r"(?!\s+(?:do|does|did|is|are)\b)|哪(?:个|一个|些)(?:函数|方法|命令|子命令)", re.I)


def sibling(question: str, answer: str, written: str = "") -> str:
    """The setting an answer names instead of the one the question asks about: a name of parts
    that shares a part with the asked one ("usage-count" for "ko-count", "write-quanta" for
    "read-quanta") where no sentence names the asked one. Manuals list such neighbours side by
    side, and a small model gives the neighbour's value. "" when the answer names what was asked.
    `written` is the question as the user wrote it where `question` is the model's translation of
    it: only names the user wrote are asked ones, not the translation's own words ("half-length"
    for 半长, where the manual says "half-width")."""
    asked = set(_PARTED.findall(_normalised(question)))
    if written:
        # The user's parts in order, whatever joins them: "ko_count", "ko——count" (a Chinese input
        # method's underscore), "ko count", full width; the translation's "ko-counts" is their ko-count.
        user = unicodedata.normalize("NFKC", written).lower()

        def wrote(name: str) -> bool:
            parts = r"[^a-z0-9]{0,3}".join(map(re.escape, re.split(r"[-_]", _inflected(name))))
            return re.search(rf"(?<![a-z0-9]){parts}s?(?![a-z0-9])", user) is not None

        asked = {name for name in asked if wrote(name)}
    said = set(_PARTED.findall(_normalised(MARKER.sub(" ", answer))))
    # (the asked name inflected is the asked name: "auto-loads" for the question's "auto-load")
    if not asked or {_inflected(n) for n in asked} & {_inflected(n) for n in said} or _ASKS_A_NAME.search(question) \
            or _ASKS_A_CALL.search(question):
        return ""  # (to "which variable …", another name is the answer: GAMMU_PATH beside python-gammu)
    # A neighbour has as many parts ("AAA-key-01020304", a key file's name, is no neighbour of key-id).
    # (a shorter part only between names written alike: ca-path is ca-file's neighbour, but "ch_running", of a
    # variable CH_RUNNING, is none of the command ch-run, whose "ch" is Charliecloud's)
    return next((name for name in sorted(said) if any(
        {p for p in _parts(name) & _parts(a) if len(p) >= 3 or set(re.findall(r"[-_]", name)) == set(re.findall(r"[-_]", a))}
        and len(_parts(name)) == len(_parts(a)) for a in asked)), "")


# A name in capitals, six letters or more (GLOBSORT, HISTFILE, DESTDIR; an acronym is mostly shorter).
_VARIABLE_NAME = re.compile(r"(?<![\w.:-])[A-Z][A-Z0-9]{5,}(?![\w-])", re.ASCII)
# ... that a question calls a variable or a setting ("the GLOBSORT variable", "the environment variable
# TMOUT", "$HISTFILE", "GLOBSORT 变量"), not "the MAXIMUM number" or "the POSTGRES backend".
_CALLED_VARIABLE = re.compile(r"\$([A-Z][A-Z0-9]{5,})\b|(?:variable|setting|parameter|option|macro)\s+([A-Z][A-Z0-9]{5,})(?![\w-])"
                              r"|(?<![\w.:-])([A-Z][A-Z0-9]{5,})\s*(?:(?:shell|environment|configuration)\s+)?"
                              r"(?:variable|setting|parameter|option|macro|变量|环境变量|参数|选项|宏)", re.ASCII)
_SHOUTED = frozenset("IMPORTANT WARNING CAUTION NOTICE ATTENTION DANGER ALWAYS ANSWER MAXIMUM MINIMUM DEFAULT "
                     "WITHOUT SHOULD CANNOT".split())  # emphasis, no name
# A rate's unit is no identifier: the question's "30 MiB/s" is the manual's "30 MB/s".
_RATE_UNIT = re.compile(r"[kmgtp]?i?(?:b|bit|byte)s?/s(?:ec)?", re.I)


def specific_terms(question: str) -> set[str]:
    """The question's identifiers, options and versions (`max_wal_size`, `-aggressive`, `v14`, `read.csv`, `` `code` ``): what a
    passage must mention for the question to be about it at all. Bare numbers and names are left
    to the answer's grounding check: a question may say "30 days" where a passage says "a month"."""
    plain = MARKER.sub(" ", question)
    terms = {(code or ident).strip().lower().rstrip(".") for code, ident in _IDENTIFIER.findall(plain)} - {""}
    terms |= {"".join(m).lower() for m in _CALLED_VARIABLE.findall(_CODE.sub(" ", plain)) if "".join(m) not in _SHOUTED}
    terms |= {o.lower() for o in _DASH_OPTION.findall(_CODE.sub(" ", plain))}
    return {t for t in terms if not _RATE_UNIT.fullmatch(t)}


# A command's option of one dash and two letters or more, as a question names it: "the -aggressive option
# of opt_expr", "opt_merge 的 -nomux 选项" (not "-f", nor a word's hyphen: "non-interactive").
_DASH_OPTION = re.compile(r"(?<![\w-])-[A-Za-z][A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*(?![\w-])", re.ASCII)



def _headed(passage: Cited) -> str:
    """A passage's text under its label or heading ("4.11.9. User login actions: edit
    /etc/login.defs" names the file its chunks are about, without their text repeating it)."""
    return _normalised(f"{getattr(passage, 'label', '') or getattr(passage, 'heading', '') or ''}\n{passage.text}")


SPAN_CHARS = 60  # how far apart the words of a command the question quotes may be in a passage


def mentions(term: str, text: str) -> bool:
    """Whether normalised `text` mentions a specific term: verbatim and whole (a name of letters and
    digits also as a part of an identifier, "crc24" in gcry_md_crc24_rfc2440), or, for a command of
    several words (`kdb5_util load -hash`), each word in order and within SPAN_CHARS of the one before
    ("kdb5_util load command ... load [-b7|-r13|-r18] [-hash]"), placeholders aside."""
    term = _unscored(term, text)
    # (and a long option as Sphinx typesets it, "–log-level" for "--log-level", fastd's, round 41: one of _spellings')
    if _whole(term).search(text):
        return True
    # (a name of one word, letters and digits, as a part of an identifier: "CRC24" in GCRY_MD_CRC24_RFC2440)
    if re.fullmatch(r"[a-z][a-z0-9]*\d[a-z0-9]*", term) and re.search(rf"(?<![a-z0-9-]){term}(?![a-z0-9-])", text):
        return True
    words = [w for w in term.split() if not _PLACEHOLDER.search(w)]
    if len(words) < 2:
        return False
    gap = rf"[\s\S]{{0,{SPAN_CHARS}}}?"
    return re.search(gap.join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in words), text) is not None


def _whole(term: str) -> re.Pattern[str]:
    """Where a term occurs as itself: udp-max-payload is not in udp-max-payload-ipv6, another setting."""
    left = r"(?<![\w-])" if term[:1].isalnum() else ""
    right = r"(?![\w-])" if term[-1:].isalnum() else ""
    return re.compile(f"{left}(?:{_fact_pattern(term).pattern}){right}", _fact_pattern(term).flags)


def holds(passage: Cited, term: str) -> bool:
    """Whether the passage mentions one of the question's specific terms (as unsupported_terms reads it)."""
    return mentions(term, _headed(passage))


def names_option(passage: Cited, term: str) -> bool:
    """Whether the passage writes an option the question names ("-trace") as the question does: not
    as the tail of a hyphenated word ("stack-trace", "python3-devel") nor of a longer option
    ("--trace"). `holds` reads those as the term too, since a question may name a suffix ("Which
    -devel package …") or a manual may run an option on to a Chinese word."""
    return term.startswith("-") and holds(passage, term) and \
        re.search(rf"(?<![A-Za-z0-9_-]){re.escape(term)}(?![\w-])", _headed(passage)) is not None


# A unit a Chinese question may say in Latin letters ("多少 MB", "多少 MHz"): a manual may spell it out.
_UNIT_NAME = re.compile(r"(?:[kmgtp]i?b|bytes?|[kmgt]?bits?|[kmg]?hz|[mµun]?s|sec|min|[kmgt]?bps|baud|dpi|px|pt|cm|mm|kg"
                        r"|fps|ppm|rpm)", re.I)
# Words a Chinese question may say in English that name nothing ("Hi，…", "请用 English 回答").
_EVERYDAY = frozenset("hi hello ok okay thanks thank please english chinese yes no".split())


# A name an English question uses inside a sentence: a capitalised word or an acronym after a lower-case
# word ("Which TCP port …", "… print the misspelled words as JSON?", "Which Python version …"), not the
# sentence's first word.
_INNER_NAME = re.compile(r"(?<=[a-z0-9,;:] )[A-Z][A-Za-z0-9+-]*[A-Za-z0-9+](?:\s[A-Z][A-Za-z0-9+-]*[A-Za-z0-9+])*")
# Capitalised words an English question may use for what a manual says in plain words ("How much RAM …":
# "memory").
_PLAIN_IN_MANUALS = frozenset("ram cpu gpu pc os".split())


def question_names(question: str) -> list[str]:
    """The names a question uses, lower-cased, units aside: the Latin words of a Chinese question
    ("kittycairo 终端默认的画布尺寸", "读取 JSON 格式的数据"), and the capitalised words and
    acronyms inside an English one ("Which TCP port …", "Who wrote the Markdown filter?"). They name
    things (a program, a format, a protocol, a setting) that documents holding the answer mention.
    Measured on 24 held-out sets (each name looked up in the passages, then in a search of the
    store): no answerable English question of 384 names one its manual lacks ("RAM" and compounds
    such as "Unix-like" aside), 15 of 144 English near misses do."""
    if not _HAN.search(question):
        plain = re.sub(r"\"[^\"]*\"|“[^”]*”|'[^']*'|`[^`]*`", " ", MARKER.sub(" ", question))
        # (a compound's first word: "Unix-like systems", "Enchant-based programs"; not "Wi-Fi", "UTF-8")
        words = [w.split("-")[0] if re.fullmatch(r"[A-Za-z]{3,}(?:-[A-Za-z]+)+", w) else w for w in _INNER_NAME.findall(plain)]
        words = [w for w in words if not {w.lower(), re.sub(r"s$", "", w.lower())} & _PLAIN_IN_MANUALS]  # (CPUs too)
        return list(dict.fromkeys(w.lower() for w in words if not _UNIT_NAME.fullmatch(w) and w.lower() not in _EVERYDAY))
    # (not the parts of a path or an address, "/etc/cockpit/machines.d/", "http://yourserver.com/nextcloud":
    # an example's, which the documents may write otherwise)
    bare = re.sub(r"[^\s，。？、：；]*/[^\s，。？、：；]*", " ", question)
    # (nor what the asker quotes or calls their own: 'set title "Sales Report"', "我的主机名是 myserver")
    bare = re.sub(r"\"[^\"]*\"|“[^”]*”|'[^']*'|‘[^’]*’|「[^」]*」|《[^》]*》|(?:是|叫|叫做|名为|为)\s*[A-Za-z][\w.+-]*", " ", bare)
    words = re.findall(r"(?<![A-Za-z0-9_.-])[A-Za-z][A-Za-z0-9_.+-]*[A-Za-z0-9+]", bare)
    return list(dict.fromkeys(w.lower() for w in words if not _UNIT_NAME.fullmatch(w) and w.lower() not in _EVERYDAY))


def _squeezed(word: str) -> str:
    """A word's letters and digits alone, plural folded: "Wi-Fi", "wifi" and "WiFi" meet, "utf-8" and
    "UTF8", "Ctrl+C" and "ctrl-c", "styles" and "style"."""
    return fold(re.sub(r"[-_+.]", "", word.lower()))


# Everyday short words, which a compound's words apart say in another sense ("To-Do", "AS-Path", "OR-Tools", "A-Law").
_SMALL_WORDS = frozenset("a an as at be by do go if in is it me my no not of on or so to up us we".split())

GLUED_CHARS = 25  # a "word" this long in a passage is words whose spaces the PDF's text lost


def names(passage: Cited, word: str) -> bool:
    """Whether a passage (text or heading) names the thing a name of a question names: as
    `holds` finds it, or as a word, or a part of one ("proxy" in proxy_pass), spelled with or without
    its hyphens and in the singular or the plural."""
    if " " in word:  # (a name of several words, where the passage says one of them: "Visual Studio Code", "VS Code")
        return any(names(passage, part) for part in word.split() if len(part) >= 3)
    if holds(passage, word):
        return True
    text = _headed(passage)
    # (a compound's words apart: "CD-quality" is what "you want CD quality" names, LAME, round 53)
    # (not a compound of everyday words, whose words apart say something else: "to do this" is no To-Do, "as path"
    # no AS-Path; nor a part of another compound: "HDR 10-bit" is no HDR-10)
    parts = re.split(r"-+", word.strip("-"))
    if len(parts) > 1 and not set(parts) & _SMALL_WORDS and re.search(
            r"(?<![a-z0-9])" + r"[\s-]+".join(map(re.escape, parts)) + r"(?!-?[a-z0-9])", text):
        return True
    words = set(re.findall(r"[a-z0-9][a-z0-9_.+-]*", text))
    words |= {part for w in words for part in re.split(r"[-_.+/]", w) if part}
    squeezed = {_squeezed(w) for w in words}
    name = _squeezed(word)
    # (or as the start of a longer name: "Postgres" of "PostgreSQL", "Mac" of "macOS"; or anywhere in a run
    # of words a PDF's text glued together: "currently,anrsakeywith4096bitsisagoodidea" names RSA)
    return name in squeezed or len(name) >= 3 and any(
        w.startswith(name) or len(w) >= GLUED_CHARS and name in w for w in squeezed)


def unsupported_terms(question: str, passages: list[Cited]) -> list[str]:
    """The question's specific terms that no passage (text or heading) contains (a setting from
    another version, a tool the documents never name), and the versions it asks about where the
    passages name that product only with other versions ("Debian 14" asked, only "Debian 12"
    found): the answer cannot be in them."""
    texts = [_headed(p) for p in passages]
    missing = {t for t in specific_terms(question) if not any(mentions(t, body) for body in texts)}
    # (a method the question names by its class, "SyncreplConsumer.syncrepl_search()", where a reference lists it
    # under its class's entry by its own name: both named, the class and "syncrepl_search(base, scope, …)")
    def alone(name: str, body: str) -> bool:  # (a method's name on its own, not a part of another dotted name)
        return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", body) is not None

    # (and an attribute the question names by its module in camel case, "rl_config.trustedSchemes", where a list of
    # the module's variables names it alone: "Useful rl_config variables … • trustedSchemes: a list of allowed …")
    attributes = {m.group(0).lower(): m for m in _ATTRIBUTE_OF.finditer(MARKER.sub(" ", question))}
    def listed(module: str, attribute: str, body: str) -> bool:  # the module named, then the attribute alone
        named = _whole(module).search(body)
        return named is not None and alone(attribute, body[named.end():])

    missing = {t for t in missing if not (
        (method := _METHOD_OF.fullmatch(t)) and all(
            any(alone(name, body) if name == method.group(2) else _whole(name).search(body) for body in texts)
            for name in method.groups())
        or (attribute := attributes.get(t)) and any(
            listed(attribute.group(1).lower(), attribute.group(2).lower(), body) for body in texts))}
    return sorted(missing | set(other_versions(question, texts)))


# A method named by its class (lower-cased): "syncreplconsumer.syncrepl_search", the method's name of parts.
_METHOD_OF = re.compile(r"(?:[a-z_][a-z0-9_]*\.)*([a-z_][a-z0-9_]{3,})\.([a-z][a-z0-9]*_[a-z0-9_]+)")
# An attribute named by its module, in camel case as the question writes it: "rl_config.trustedSchemes".
_ATTRIBUTE_OF = re.compile(r"(?<![\w.])(?:[a-z_][a-z0-9_]*\.)*([a-z_][a-z0-9_]{3,})\."
                           r"([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?![\w.])")


# "Who is the (current) leader of X?", "Who leads X?": the role the question asks a person for.
_WHO_ROLE = re.compile(r"^\W*who\s+(?:(?:is|was|are|were)\s+(?:the\s+)?(?:(?:current|present|new|acting|main|chief|lead)\s+)?"
                       r"(?P<noun>[a-z]{3,})|(?P<verb>[a-z]{3,}?)(?:e?s)\s+(?:the|all|each)\b)", re.I)
_ROLE_SUFFIX = re.compile(r"(?:ership|ers|er|ors|or|ing|ion|ions|ent|ents|s)$")


# "Who wrote / developed / created … X?": an author, whom a passage names as one in these words.
_WHO_MADE = re.compile(r"^\W*(?:(?:what\s+is|what's|give)\s+the\s+(?:(?:full|real)\s+)?name\s+of\s+the\s+"
                       r"(?:person|people|developer|programmer|one)\s+)?who\s+(?:(?:originally|first|initially|actually)\s+)?"
                       r"(?:wrote|authored|developed|created|designed|implemented|started|founded|ported)\b", re.I)
_AUTHORSHIP = ("author", "wrote", "written", "writer", "develop", "creat", "design", "implement", "contribut", "start",
               "found", "origin", "maintain", "ported", "porting")


def asked_role(question: str) -> str:
    """The stem of the role a "who" question asks about ("leader", "leads" → "lead"; "head";
    "coordinator", "coordinates" → "coordinat"; "wrote", "developed" → "author"), or "" for
    other questions."""
    if _WHO_MADE.match(question):
        return "author"
    match = _WHO_ROLE.match(question)
    if not match:
        return ""
    word = (match.group("noun") or match.group("verb")).lower()
    if word in {"the", "you", "can", "should", "will", "does", "did", "has", "have", "may", "must", "responsible"}:
        return "" if word != "responsible" else "responsib"
    stem = _ROLE_SUFFIX.sub("", word)
    return stem if len(stem) >= 4 else word


def role_unsaid(question: str, cited: list[Cited]) -> str:
    """The role a "who" question asks about when no passage the answer cites mentions it: the
    passages name the organisation, never who leads it, and a name taken from them answers
    another question ("" when the role is there, or the question asks no role). A word the
    question itself names its subject with is no role said: "the SerialUPDI programmer
    implementation is based on …" does not say who implemented it."""
    role = asked_role(question)
    if not role:
        return ""
    # (at a word's start: the Epson driver "has been rewritten" says nothing of who wrote another one)
    stems = _AUTHORSHIP if role == "author" else (role,)
    said = re.compile(rf"(?<![a-z])(?:{'|'.join(stems)})[a-z]*")
    made = _WHO_MADE.match(question) or _WHO_ROLE.match(question)
    own = set(re.findall(r"[a-z]+", _normalised(question[made.end():]))) if made else set()
    # (what was made, where the question names it by a capitalised word before a noun or after "to":
    # "Who wrote Aspell's Markdown filter?" is not answered by "Sergey Poznyakoff Wrote the Nroff
    # filter."; the sentence that says who made it, or one of the two before it, names one of them:
    # "The Markdown filter strips markup. … It was written by …", "The Windows port was written by …")
    # (or a product's plain name, all the question names after the verb, which the sentence says was made, next to
    # its verb: "… the person who wrote execline?" is not answered by "… the art of execline substitution, then you
    # can try to do better than these people: Joël Riou wrote the first execlineb quine")
    product = set(re.findall(r"^\s*([a-z][\w.+-]*[a-z0-9+])\s*\??\s*$", question[made.end():])) - _STOP \
        if role == "author" and made else set()
    made_what = {"".join(m).lower() for m in _MADE_THING.findall(question[made.end():])} - _STOP | product \
        if role == "author" and made else set()

    def names_made(w: str, sentences: list[str], i: int) -> bool:
        if w not in product:
            return re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", " ".join(sentences[max(0, i - 2) : i + 1])) is not None
        name = rf"(?<![\w-]){re.escape(w)}(?![\w-])"
        if re.search(rf"{said.pattern}\s+(?:(?:the|an?|first|original|initial|(?:version|release|implementation)\s+of"
                     rf"|of)\s+)*{name}|{name}[^.;:]{{0,30}}?{said.pattern}", sentences[i]):
            return True
        # (an AUTHOR section's "Written by …", "AUTHORS", "Author: …", or "It was written by …", of a passage that
        # names the product: a man page's credits name no program in their own sentence)
        return re.match(rf"\W*(?:(?:it|this\s+(?:program|package|software|tool|library|utility))\s+"
                        rf"(?:was|is|has\s+been)\s+)?(?:\w+ly\s+)?{said.pattern}\s*(?:by\b|:|$)", sentences[i]) is not None \
            and re.search(name, " ".join(sentences)) is not None
    for p in cited:
        # (a page's footer says who holds the copyright and what built the page, not who made what it documents:
        # "© Copyright 2023 – present, Justin Mayer, Alexis Metaireau, and contributors. Created using Sphinx 5.3.0.")
        text = _FOOTER.sub(" ", _normalised(f"{getattr(p, 'label', '')}\n{p.text}"))
        sentences = [t for t in _SENTENCE_END.split(_ABBREVIATED.sub("eg", text)) if t.strip()] if made_what else [text]
        if any(set(said.findall(sentence)) - own and (not made_what or any(names_made(w, sentences, i) for w in made_what))
               for i, sentence in enumerate(sentences)):
            return ""
    return role


# (up to the sentence's end, unless it says who made something: "Portions copyright 2003 John Smith, who wrote the
# Windows port")
_FOOTER = re.compile(r"(?:©|\bcopyright\b)(?:(?!(?<![a-z])(?:author|wrote|written|writer|develop|creat|design|implement|start"
                     r"|found|origin|maintain|port))[^.\n])*(?![^.\n])|\b(?:created|built|generated)\s+(?:using|with)\s+sphinx\b[^.\n]*")


# ("Markdown filter", "Epson driver", "… to Windows"; not "Aspell's")
_MADE_THING = re.compile(r"(?<![\w'’-])([A-Z][\w+-]*)(?=\s+[a-z])|(?<=\bto )([A-Z][\w+-]*)")


_WHO = re.compile(r"^\W*who\b", re.I)
_CAPITALISED = re.compile(r"(?<![\w.-])[A-Z][a-z]+(?:[A-Z][a-z]+)*(?![\w-])")
# (the acronym that did it: "IBM developed …", "… written by IBM." ; not "FAQ 12 explains …", "assigned by DHCP")
_AGENT_ACRONYM = re.compile(r"^\W*([A-Z][A-Z&]{1,}[a-z]?)\s+(?:originally\s+|first\s+|initially\s+)?"
                            r"(?:developed|wrote|created|designed|implemented|started|founded|maintains|maintained"
                            r"|leads|led|authored|released|published|invented|defined)\b"
                            r"|\b(?:developed|written|created|designed|implemented|started|founded|maintained|led"
                            r"|authored|released|published|invented|defined)\s+(?:\w+\s+)?by\s+"
                            r"([A-Z][A-Z&]{1,}[a-z]?)(?=\s*(?:[.,;]|\[\d|$|\s+(?:in|and)\b))")
_NOT_AGENTS = frozenset("FAQ GPL NULL TBD OK API CGI CPU OS NA".split())
_NOT_NAMES = frozenset("the a an it its this that these those there they he she in on at by for to from of "
                       "as when if yes no according based".split())


def names_nobody(question: str, answer: str) -> bool:
    """Whether an answer to a "who" question names no one: no capitalised word of its own ("The
    kpropd daemon was originally written by the primary KDC.", "The lead developer of Knot DNS is
    the developers on knot-dns@labs.nic.cz."). A person, a team or a company has a name."""
    plain = MARKER.sub(" ", answer)
    if not _WHO.match(question) or _DATE_ASKED.search(question) and not re.search(r"\bby\s+(?:the|a|an|its)\s+[a-z]", plain):
        return False  # ("Who started developing MrBayes in which year?", a translation, asks for a year)
    asked = {w.lower() for w in re.findall(r"[A-Za-z]+", question)}
    # (a company by its acronym, where the answer says it did it: "IBM developed …", "… by IBM"; not
    # "by the primary KDC")
    acronyms = [a for m in _AGENT_ACRONYM.finditer(plain) for a in m.groups() if a and a not in _NOT_AGENTS]
    return not any(w.lower() not in asked and w.lower() not in _NOT_NAMES
                   for w in _CAPITALISED.findall(plain) + acronyms)


# The words before a define or a macro that make it a build's ("build tweak define", "feature test macro").
_BUILD_WORD = r"(?:build|tweak|preprocessor|compile-time|compiler|config(?:uration)?|feature(?:-test)?|test|cpp)"
# "Which proxy setting …", "What option …", "哪个配置项 …": a question that asks for a setting's name; and a build's
# "Which build tweak define …", "Which preprocessor macro …" (not "Which files define the …", a verb).
_WHICH_SETTING = re.compile(r"^\W*(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:setting|option|parameter|variable|directive"
                            r"|flag|switch)s?\b|哪(?:个|一个|些)(?:配置)?(?:选项|设置|参数|变量|指令|配置项)"
                            rf"|^\W*(?:which|what)\s+(?:{_BUILD_WORD}\s+){{0,2}}?defines?\b(?!\s+(?:the|an?|its|their|how|what|which"
                            r"|whether|this|that|these|those)\b)"
                            # (a macro only of a build: not "Which keyboard macro", "Which Rust macro" (println!), "Which
                            # LaTeX macro" (\section), "What does the macro … do?", "Which macro package …")
                            rf"|^\W*(?:which|what)\s+(?:{_BUILD_WORD}\s+){{1,2}}?macros?\b(?!\s+(?:package|language|register)s?\b)", re.I)
# A setting that is a level on a scale, which a number names: "which quality setting", "what compression level".
_SCALE_SETTING = re.compile(r"\b(?:quality|compression|complexity|verbosity|debug|priority|effort)\s+(?:setting|level)s?\b",
                            re.I)
_ALL_CAPS = re.compile(r"(?<![\w-])[A-Z][A-Z0-9_]{2,}(?![\w-])")
_HUMPED = re.compile(r"(?<![\w-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+){2,}(?![\w-])")  # OptionSemicolonSeparators
# A keyword in command notation, its least abbreviation in capitals: THE's "[SET] WORD NONBlank|ALPHAnum" (not "URLs").
_ABBREVIABLE = re.compile(r"(?<![\w-])[A-Z]{2,}[a-z]{2,}(?![\w-])")


def _notation_name(name: str, text: str) -> bool:
    """Whether a text sets out a humped or abbreviable name as a name: qualified (Config::OptionSemicolonSeparators),
    beside an alternative's bar or a bracket (NONBlank|ALPHAnum), or beside the word for what it is ("… turned
    off. OptionSemicolonSeparators This option controls …"); not SQLite, OAuth, MBps, OSes or an exception's
    name in prose."""
    kind = r"(?i:option|setting|flag|parameter|directive|keyword|switch)s?\b"
    return re.search(rf"(?:::|[|\[{{]\s*){name}(?![\w-])|(?<![\w-]){name}\s*[|\]}}]"
                     rf"|(?<![\w-]){name}\s+(?:(?i:this|the)\s+)?{kind}|\b{kind}\s+{name}(?![\w-])", text) is not None


_ASSIGNED = re.compile(r"(?<![\w.-])([A-Za-z][\w.-]*)[ \t]*=[ \t]*[^\s=]")  # "instcmds = all", "vtysh_enable=yes"
_LONG_DASH_OPTION = re.compile(r"(?<![\w-])-[A-Za-z][\w-]+")  # an option of one dash and several letters: -bc, -batch
_FLAG = re.compile(r"(?<![\w+-])\+[A-Za-z][\w-]*")  # a flag switched on with "+": VCL's "acl ... +log"
# (one word in single quotes, where no apostrophe can be: "the 'Cfe' setting", not "aptitude's … it's")
_SINGLE_QUOTED = re.compile(r"(?<![A-Za-z0-9_])['‘]([^\s'‘’]{2,40})['’](?![A-Za-z0-9_])")
# A quoted word that is no setting's name: a section, key or button ("the 'Options' section", "press
# 'Enter'"), or a value ("to 'true'").
_QUOTED_NOT_NAME = r"(?:section|chapter|menu|key|button|tab|page|window|dialog|screen|heading|part)s?\b"
_QUOTED_AFTER = re.compile(r"\b(?:press|type|hit|answer|under|see|in|to)\s*$", re.I)


_KINDS_OF_SETTING = r"(?:variable|option|setting|parameter|flag|keyword|directive)"
_CALLED_SETTING = (re.compile(rf"\b{_KINDS_OF_SETTING}\s+([a-z][a-z0-9]{{2,}})\b"),  # (each way: they overlap)
                   re.compile(rf"\b([a-z][a-z0-9]{{2,}})\s+{_KINDS_OF_SETTING}\b"))
# A list of entries a passage opens: "One or more of the following flags may be specified:", "these options:".
_LISTING = r"(?i:\b(?:following|these|one or more of)\b)"
_TYPE_WORDS = frozenset("boolean bool integer int string str float number list array enum yes true false none".split())


def names_no_setting(question: str, answer: str, passages: list[Cited] | None = None) -> bool:
    """Whether an answer to "which setting / option …" (a question that asks one thing) names none:
    no identifier, option, hyphenated name, upper-case name or quoted word of its own ("The proxy setting is read
    from the configuration file reference."), nor a plain word that one of the `passages` lists as an
    entry ("flake", from "One or more of the following flags may be specified: flake Discard …") or
    sets off as a name. A setting has a name."""
    if not _WHICH_SETTING.search(question) or question_parts(question):
        return False
    passages = passages or []
    plain = MARKER.sub(" ", answer)
    if _SCALE_SETTING.search(question) and re.search(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w.-])", plain):
        return False  # a level on a scale is a number: "Which resampler quality setting … for desktop uses?" "3"
    given = _normalised(question)
    words = {w for w in re.findall(r"(?<![\w-])[a-z][a-z0-9]{2,}(?![\w-])", plain)} - _STOP - _GENERIC
    # (a plain word the answer itself calls a variable or an option, which a passage it cites holds:
    # "The configuration variable papertype …")
    called = {w for pattern in _CALLED_SETTING for w in pattern.findall(plain)} - _NOT_SETTINGS - _STOP - _GENERIC - _NOT_NAMES
    # (and the word it gives as the answer, last: "The prset parameter that allows … is ratepr.")
    last = r"\b(?:is|are|called|named)\s+([a-z][a-z0-9]{2,})\s*(?:[.;!?。]|$)"
    given_last = {m.group(1) for m in re.finditer(last, plain)} - _NOT_SETTINGS - _STOP - _GENERIC - _NOT_NAMES
    # (where a passage sets it off as a name too: "variable papertype", "papertype=", "`papertype`";
    # not "sets" in "A configuration variable sets the default paper type"; the last word not by a
    # colon, which may end a label, "Deprecated: the use chroot option")
    if any(not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", given) and _set_off(w, _normalised(p.text), colon)
           for words_, colon in ((called, True), (given_last, False)) for w in words_ for p in passages):
        return False
    if any(re.search(rf"{_LISTING}[^.]{{0,80}}?:\s*{re.escape(w)}[ \t]+[A-Z]"
                     rf"|{_LISTING}[^.]{{0,80}}?:[\s\S]{{0,400}}?[.;]\s+{re.escape(w)}[ \t]+[A-Z]", p.text)
           for w in words - _NOT_NAMES - _TYPE_WORDS
           if not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", given) for p in passages):
        return False
    names = [code or ident for code, ident in _IDENTIFIER.findall(plain)]
    names += _SHORT_OPTION.findall(plain) + _ALL_CAPS.findall(plain) + _ASSIGNED.findall(plain)
    names += [q for q in _QUOTED.findall(plain) if len(q) > 1]
    names += [m.group(1) for m in _SINGLE_QUOTED.finditer(plain)
              if m.group(1).lower() not in _TYPE_WORDS | {"on", "off"}
              and not re.match(rf"\s*{_QUOTED_NOT_NAME}", plain[m.end():], re.I)
              and not _QUOTED_AFTER.search(plain[: m.start()])]
    names += _FLAG.findall(plain) + _PARTED.findall(plain.lower())  # (tcp-reuseport, udp-workers)
    names += _LONG_DASH_OPTION.findall(plain)  # PuTTY's -bc, -batch, -openssh-config
    names += re.findall(r"(?<![\w-])_{1,2}[A-Za-z][A-Za-z0-9_]*", plain)  # (a C name of the implementation's: _GNU_SOURCE, __LINE__)
    # (a name in capitalised humps that a passage sets out as a name: libconfig's C++ OptionSemicolonSeparators;
    # not SQLite or OAuth in a passage's prose; and a keyword in command notation: THE's ALPHAnum, a word of its
    # own though the question says "alphanumeric")
    if any(any(_notation_name(n, p.text) for p in passages)
           and not re.search(rf"(?<![\w-]){n}(?![\w-])", given, re.I)
           for n in _HUMPED.findall(plain) + _ABBREVIABLE.findall(plain)):
        return False
    # (to "Which -m option …", "-m 8CC" where a passage gives that option that value: FASTA, round 42)
    names += [value for option, value in _OPTION_ARGUMENT.findall(plain)
              if any(re.search(rf"(?<![\w-]){re.escape(option)}\s+{re.escape(value)}(?![\w.+-])", p.text) for p in passages)]
    return not any(_normalised(n).strip() not in given for n in names if n.strip())


# The value an option letter takes, with a digit in it: "-m 8CC", "-m 9i", "-E 10" (not "-m option").
_OPTION_ARGUMENT = re.compile(r"(?<![\w-])(-[A-Za-z])\s+([A-Za-z]*\d[\w.+]*)(?![\w-])")


# A question for the name of what does something: "Which option makes libconfig write floating point values in
# scientific notation?", "Which signal makes a running Prover9 job write a checkpoint …?"
_WHICH_DOER = re.compile(r"^\W*(?:which|what)\s+(?:[\w-]+\s+){0,3}?(?:option|argument|flag|switch|signal|parameter|setting"
                         r"|variable|directive|command|keyword|function|macro|field)s?\b", re.I)
# The words that say what kind of name is asked, or how it acts, not what it does; and words that say nothing
# of what it does ("without", "anything", "many").
_DOER_WORDS = frozenset(_stem(w) for w in "option options argument flag switch signal parameter setting settings variable "
                        "directive command command-line keyword function macro field environment line make makes value "
                        "file control controls set sets specify specifies enable enables tell tells cause causes turn "
                        "turns without through already every anything always again many much instead just whether "
                        "don't doesn't even though although some let lets".split())
# The document a question names as where it is said: "the vmm manual", "the Speex documentation".
_THE_MANUAL = re.compile(r"\b(?:in|from|per|according\s+to|do|does|did)\s+the\s+(?:[\w.+-]+\s+){0,2}?"
                         r"(?:manual|documentation|docs|guide|handbook)\b(?:\s+(?:gives?|says?|recommends?|suggests?"
                         r"|mentions?|describes?))?", re.I)
DESCRIPTION_BEFORE, DESCRIPTION_AFTER = 100, 400  # where a passage describes a name: a little before it, more after
DESCRIBED_SHARE = 1 / 3  # of the question's own words, the share a description must say more than


def _description_stems(text: str) -> set[str]:
    """A text's content stems, a hyphenated or underscored name's parts apart ("--human-readable" says "human")."""
    return _content_stems(re.sub(r"(?<=\w)[-_](?=\w)", " ", text)) - _DOER_WORDS


def described_unsaid(question: str, answer: str, passages: list[Cited]) -> str:
    """The name an answer to "Which option / variable / signal … does X?" gives (one the question does not)
    where no passage describes what the question asks: around each place a passage names it (100
    characters before, 400 after, with the passage's label; the whole passage's start where its label
    names it), at most a third of the question's own content words occur (not the kind of name asked,
    nor a capitalised name every passage has, such as the product's). The near miss answered with a real
    option of another purpose: libconfig's CONFIG_OPTION_SEMICOLON_SEPARATORS ("controls whether a
    semicolon is output after each setting") for "Which option makes libconfig write floating point values
    in scientific notation?", Prover9's USR1 ("send search statistics") for a checkpoint signal (round 47).
    Only a question of three such words or more; "" when it holds or does not apply."""
    if not _WHICH_DOER.search(question) or question_parts(question) or not passages:
        return ""
    plain = MARKER.sub(" ", answer)
    asked = _normalised(question)
    names = [code or ident for code, ident in _IDENTIFIER.findall(plain)]
    names += _SHORT_OPTION.findall(plain) + _ALL_CAPS.findall(plain) + _HUMPED.findall(plain) + _LONG_DASH_OPTION.findall(plain)
    # (Qhull's options are letters the answer quotes: 'TRn', round 51; not a quoted word or value, 'default', 'rbox', 'no')
    names += [q for q in _SINGLE_QUOTED.findall(plain) if q.lower() not in _TYPE_WORDS | {"on", "off"}
              and re.fullmatch(r"[A-Z](?:[A-Za-z]{1,2}|[\w-]*[A-Z0-9][\w-]*)", q)]
    names = [n for n in dict.fromkeys(n.strip() for n in names) if n and _normalised(n) not in asked]
    # (a product's name the passages all hold says nothing of what is asked: "Prover9", "Git")
    every = set.intersection(*(_description_stems(f"{getattr(p, 'label', '')} {p.text}") for p in passages))
    capitalised = _description_stems(" ".join(re.findall(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w.+-]*", question.strip())))
    words = _description_stems(_THE_MANUAL.sub(" ", question)) - (every & capitalised if len(passages) > 1 else set())
    if len(words) < 3:
        return ""
    first = None
    for name in names:
        named = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w])")
        for p in passages:
            label = getattr(p, "label", "") or ""
            windows = [p.text[: DESCRIPTION_AFTER * 2]] if named.search(label) else []
            windows += [p.text[max(0, m.start() - DESCRIPTION_BEFORE) : m.start() + DESCRIPTION_AFTER] for m in named.finditer(p.text)]
            for window in windows:
                first = first or name
                if len(words & _description_stems(f"{label} {window}")) > DESCRIBED_SHARE * len(words):
                    return ""
    return first or ""  # (a name no passage holds is the grounding's to judge)


def _set_off(word: str, text: str, colon: bool) -> bool:
    """Whether normalised `text` sets `word` off as a setting's name: "variable papertype", "the
    ratepr parameter", "papertype=" (or "papertype:" with `colon`), "`papertype`"."""
    w = re.escape(word)
    return re.search(rf"\b{_KINDS_OF_SETTING}s?\s+{w}\b|\b{w}\s+{_KINDS_OF_SETTING}\b"
                     rf"|(?<![\w-]){w}\s*{'[=:]' if colon else '='}|`{w}`", text) is not None


# A product and its version in a question: "Debian 14", "PostgreSQL 16.2", "Python v3.12".
_VERSIONED = re.compile(r"\b([A-Z][A-Za-z+#]*[A-Za-z+#])\s+v?(\d+(?:\.\d+)*)\b")


def other_versions(question: str, texts: list[str]) -> list[str]:
    """"Name N" in the question where the (lower-cased) passages follow that name with version
    numbers, within three words of one phrase ("Debian GNU/Linux 12", "Debian release 11"; not across
    punctuation, so "Debian CDs? 14.2" is a section number), but never with N."""
    found = []
    for name, number in _VERSIONED.findall(MARKER.sub(" ", question)):
        near = re.compile(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])(?:[ \t]+[\w/+-]+){{0,3}}?[ \t(]+v?(\d+(?:\.\d+)*)\b"
                          rf"|\bversion\s+v?(\d+(?:\.\d+)*)\s+of\s+(?:the\s+)?{re.escape(name.lower())}(?![\w-])")
        seen = {m.group(1) or m.group(2) for body in texts for m in near.finditer(body)}
        if seen and not any(v == number or v.startswith(number + ".") for v in seen):
            found.append(f"{name.lower()} {number}")
    return found
