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


def render_condense(lang: str, history: list[dict[str, str]], question: str) -> str:
    return _environment().get_template(f"condense.{lang}.j2").render(history=history, question=question).strip()


def render_translate(question: str) -> str:
    return _environment().get_template("translate.j2").render(question=question).strip()


def render_verify() -> str:
    return _environment().get_template("verify.j2").render().strip()
