"""Control sequences in untrusted text: documents, file names, questions and history must never
become a chat template's control tokens.

A prompt is tokenized with special tokens enabled (the template's own `<|im_start|>` and
`<|im_end|>` must become control tokens), so the same characters inside a passage would too: a
document could close the user turn and write its own system turn. Every message's content is
therefore neutralised before the template is applied: each control sequence gets a WORD JOINER
(U+2060, invisible) after its first character, so it tokenizes as plain text and still reads the
same to a person.

What counts as a control sequence: for a GGUF in this process, every token its vocabulary marks
CONTROL or USER_DEFINED (llama.cpp matches user-defined tokens even with special tokens off), plus
the generic shapes below; for a model behind an OpenAI-compatible server, whose vocabulary kb
cannot see, the generic shapes alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

JOINER = "\u2060"

# The shapes chat templates use: ChatML and Llama 3 (`<|im_start|>`, `<|eot_id|>`), DeepSeek's
# full-width bars, bare tags some templates add (`</s>`, `<think>`, `<tool_call>`, Gemma's turns),
# and Mistral's `[INST]`.
GENERIC = (
    r"<\|[^\s|<>]{1,64}\|>",
    r"<｜[^\s｜<>]{1,64}｜>",
    r"</?(?:s|think|tool_call|tool_response|start_of_turn|end_of_turn|bos|eos|pad|unk)>",
    r"\[/?(?:INST|SYS|AVAILABLE_TOOLS|TOOL_RESULTS)\]",
    r"<</?SYS>>",
)


_MARKUP = re.compile(r"[<>\[\]|｜]")  # tokens without these are words or whitespace runs (Gemma's), not markup


def control_pattern(tokens: Iterable[str] = ()) -> re.Pattern[str]:
    """One pattern for the generic shapes and these exact token texts (longest first)."""
    exact = sorted({t for t in tokens if len(t) > 1 and _MARKUP.search(t)}, key=len, reverse=True)
    return re.compile("|".join([*map(re.escape, exact), *GENERIC]))


GENERIC_PATTERN = control_pattern()


def neutralise(text: str, pattern: re.Pattern[str] = GENERIC_PATTERN) -> str:
    """`text` with every control sequence broken by a word joiner. Repeated until none is left, so
    pieces that meet once a sequence is broken cannot form a new one."""
    for _ in range(8):
        if not pattern.search(text):
            return text
        text = pattern.sub(lambda m: m[0][0] + JOINER + m[0][1:], text)
    return pattern.sub(lambda m: m[0].replace("<", "‹").replace("[", "［"), text)


def neutralise_messages(messages: list[dict[str, str]], pattern: re.Pattern[str] = GENERIC_PATTERN) -> list[dict[str, str]]:
    return [{**m, "content": neutralise(m["content"], pattern)} for m in messages]


def vocabulary_controls(llm) -> list[str]:
    """The texts of a loaded llama.cpp model's CONTROL and USER_DEFINED tokens."""
    import llama_cpp

    vocab = llama_cpp.llama_model_get_vocab(llm.model)
    wanted = llama_cpp.LLAMA_TOKEN_ATTR_CONTROL | llama_cpp.LLAMA_TOKEN_ATTR_USER_DEFINED
    texts = []
    for token in range(llama_cpp.llama_vocab_n_tokens(vocab)):
        if llama_cpp.llama_vocab_get_attr(vocab, token) & wanted:
            texts.append(llama_cpp.llama_vocab_get_text(vocab, token).decode("utf-8", "replace"))
    return texts
