"""Prompt templates: Jinja2 files in `kb/answer/prompts/`, never strings in code.

- `chatml.j2`: Qwen's ChatML conversation (byte-identical to the template embedded in Qwen GGUFs).
- `system.{en,zh}.j2`: the rules (a fixed prefix whose KV cache is reused across requests).
- `user.{en,zh}.j2`: the numbered passages `[n] source · page · heading`, then the question (small
  models follow the rules far better with the passages right before the question).
- `condense.{en,zh}.j2`: turns a follow-up and its history into a standalone question.
- `translate.j2`: a Chinese question in English, for searching English documents.
- `verify.j2`: after an answer, asks the same model whether the passages state it (yes/no; English
  for both languages: the verdict is one word).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from kb.records import CJK_IDEOGRAPHS

TEMPLATES = Path(__file__).parent / "prompts"
_CJK = re.compile(f"[{CJK_IDEOGRAPHS}]")


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=False,  # plain text prompts, not HTML
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=False,
    )


def language(text: str) -> str:
    """"zh" when the text is mostly Chinese (by CJK characters against Latin letters), else "en"."""
    cjk = len(_CJK.findall(text))
    latin_words = len(re.findall(r"[A-Za-z]+", text))
    return "zh" if cjk and cjk >= latin_words else "en"


def render_chatml(messages: list[dict[str, str]], add_generation_prompt: bool = True) -> str:
    return _environment().get_template("chatml.j2").render(messages=messages, add_generation_prompt=add_generation_prompt)


# The cited sentence the system prompt shows as an example. Small models sometimes answer with it
# verbatim; the grounding check drops it then unless a passage really says it.
CITATION_EXAMPLE = {"en": "Deploys need two approvals [2].", "zh": "部署需要两位同事批准 [2]。"}


def render_system(lang: str, refusal: str) -> str:
    """The rules: identical for every question in a language (their KV cache is reused)."""
    return _environment().get_template(f"system.{lang}.j2").render(refusal=refusal, example=CITATION_EXAMPLE[lang]).strip()


def render_question(lang: str, passages: list[dict[str, Any]], question: str) -> str:
    """The user turn: the numbered passages and the question."""
    return _environment().get_template(f"user.{lang}.j2").render(passages=passages, question=question).strip()


# Where an English question starts asking its next thing: ", and which …", "; how …", " and what …".
_NEXT_PART = re.compile(r"(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)(?=(?:which|what|how|where|when|why|who)\b)", re.I)
# A Chinese question's parts end at question marks (or a comma before another question word).
_ZH_PART = re.compile(r"(?<=[？?])\s*|[，,；;]\s*(?=[^，,；;？?]*(?:哪|什么|多少|几|怎么|如何|是否))")
_ZH_ASKS = re.compile(r"哪|什么|多少|几|怎么|如何|是否|吗")
_EN_ASKS = re.compile(r"\b(?:which|what|how|where|when|why|who)\b|\?", re.I)


def question_parts(question: str) -> list[str]:
    """The things a question asks, when it asks more than one: "How many peers …, and which option
    raises it?" is ["How many peers …", "which option raises it?"]; [] for a question that asks
    one thing. Only a part that is a question of its own counts, so "Which TCP and UDP ports …"
    stays whole, and words that ask nothing ("With the OpenSSL back end, which …") go with the
    part after them. The grounding checks read it: a question that asks several things may be
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
        if not asks.search(piece):
            context = f"{context}{piece}{'，' if chinese else ', '}"
            continue
        parts.append(context + piece)
        context = ""
    if context and parts:
        parts[-1] = f"{parts[-1]} {context.rstrip(' ,，')}"
    return parts if len(parts) >= 2 else []


def render_condense(lang: str, history: list[dict[str, str]], question: str) -> str:
    return _environment().get_template(f"condense.{lang}.j2").render(history=history, question=question).strip()


def render_translate(question: str) -> str:
    return _environment().get_template("translate.j2").render(question=question).strip()


def render_verify() -> str:
    return _environment().get_template("verify.j2").render().strip()
