"""Text decoding and normalisation shared by every loader."""

from __future__ import annotations

import codecs
import re
import unicodedata

import charset_normalizer

from kb.records import CJK_IDEOGRAPHS, KANA

# When the detector finds several equally plausible encodings, take the most common one first
# (Western Windows text beats Central European, GB18030 covers GBK and GB2312).
_PREFERRED = ["utf_8", "gb18030", "cp1252", "latin_1", "big5", "shift_jis", "euc_kr", "cp1251"]
_BOMS = [
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
]

_CJK = "\u2e80-\u2fff\u3000-\u303f" + KANA + CJK_IDEOGRAPHS + "\uff00-\uffef"  # with radicals, punctuation, full-width forms
_HYPHEN_BREAK = re.compile(r"([A-Za-z\u00c0-\u024f])-[ \t]*\n[ \t]*([a-z\u00df-\u024f])")
_CJK_LINE_BREAK = re.compile(rf"([{_CJK}])[ \t]*\n[ \t]*([{_CJK}])")
_SPACES = re.compile(r"[ \t\f\v\u00a0\u2000-\u200a\u202f\u205f]+")
_SPACE_AROUND_NEWLINE = re.compile(r" *\n *")
_MANY_NEWLINES = re.compile(r"\n{3,}")
# An identifier a PDF broke after one of its underscores: TeX breaks a long CONFIG_ERR_FILE_IO in
# running text as "CONFIG_ERR_\nFILE_IO", which unwrapped would read as two words that no search
# for, and no answer naming, CONFIG_ERR_FILE_IO matches.
# Only where what follows is an identifier's part itself ("FILE_IO", "lookup_int", "IO"): "class_\ninstead" and
# "LC_\noverride" are words apart.
_UNDERSCORE_BREAK = re.compile(r"(?<=[A-Za-z0-9]_)[ \t]*\n[ \t]*(?=[A-Za-z0-9]+_\w|[A-Z0-9]+(?![\w-]))")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f\ufffe\uffff]")
# Latin typographic ligatures (U+FB00-FB06), which pypdf gives as they are in LaTeX-made PDFs:
# "conﬁguration" matches no query for "configuration", lexically or in the embedding's word pieces.
# Only these: NFKC would also turn CJK full-width punctuation into ASCII.
_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
                            "\ufb05": "st", "\ufb06": "st"})


class UndecodableText(ValueError):
    """Bytes that are no known text encoding."""


def decode(data: bytes) -> tuple[str, str]:
    """Decode file bytes to text; returns (text, encoding). BOMs win, then UTF-8, then detection."""
    failed: UnicodeDecodeError | None = None
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding), encoding
            except UnicodeDecodeError as exc:  # a BOM, then bytes that are not that encoding
                failed = failed or exc  # FF FE 00 00 is UTF-32's mark, or UTF-16's and a NUL: try both
    if failed is not None:
        raise UndecodableText(
            f"the file starts with a {failed.encoding.upper()} byte-order mark but is not valid "
            f"{failed.encoding.upper()} (at byte {failed.start}): save it again as UTF-8"
        )
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    results = list(charset_normalizer.from_bytes(data))
    if not results:
        raise UndecodableText("the text encoding cannot be determined; save the file as UTF-8")
    best_chaos = min(r.chaos for r in results)
    plausible = [r for r in results if r.chaos <= best_chaos + 0.01]
    plausible.sort(key=lambda r: _PREFERRED.index(r.encoding) if r.encoding in _PREFERRED else len(_PREFERRED))
    choice = plausible[0]
    if choice.encoding not in _PREFERRED:
        # DOS and Mac code pages (cp437, cp852, mac_*) win on short texts by accident; Windows
        # text is far more common: take cp1252 when it reads the bytes.
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            pass
    if choice.chaos > 0.3:
        raise UndecodableText(
            f"the text encoding cannot be determined (best guess {choice.encoding} reads as garbage); "
            "save the file as UTF-8"
        )
    return str(choice), choice.encoding


def normalize(text: str) -> str:
    """NFC; Latin ligatures (ﬁ, ﬂ, ﬀ, ...) spelled out; words hyphenated across line ends joined;
    line breaks inside CJK text removed; whitespace collapsed; paragraph breaks (blank lines) kept.
    CJK text is otherwise untouched."""
    text = unicodedata.normalize("NFC", text).translate(_LIGATURES)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub("", text)
    text = _HYPHEN_BREAK.sub(r"\1\2", text)
    text = _SPACES.sub(" ", text)
    text = _SPACE_AROUND_NEWLINE.sub("\n", text)
    text = _CJK_LINE_BREAK.sub(r"\1\2", text)
    text = _MANY_NEWLINES.sub("\n\n", text)
    return text.strip()


def unwrap_lines(text: str) -> str:
    """Join the hard-wrapped lines of a paragraph (PDF text) into one line, an identifier broken
    after an underscore into one word; keep blank lines."""
    paragraphs = _UNDERSCORE_BREAK.sub("", text).split("\n\n")
    return "\n\n".join(re.sub(r"(?<![\n])\n(?![\n])", " ", p) for p in paragraphs)
