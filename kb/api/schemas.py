"""Request bodies: msgspec Structs, validated by Litestar and documented in the OpenAPI schema."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from kb.answer.generation import MAX_QUESTION_CHARS

Query = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_QUESTION_CHARS, examples=["How do I roll back a bad deploy?"])]
TopK = Annotated[int, msgspec.Meta(ge=1, le=100, examples=[5])]


class SearchFilters(msgspec.Struct, forbid_unknown_fields=True):
    source: Annotated[str, msgspec.Meta(description="Source path prefix or glob", examples=["handbook/"])] = ""
    doc_ids: list[str] = msgspec.field(default_factory=list)


class SearchRequest(msgspec.Struct, forbid_unknown_fields=True):
    query: Query
    top_k: TopK | None = None
    mode: Literal["dense", "lexical", "hybrid"] | None = None
    filters: SearchFilters | None = None


class Turn(msgspec.Struct, forbid_unknown_fields=True):
    role: Literal["user", "assistant"]
    content: Annotated[str, msgspec.Meta(max_length=MAX_QUESTION_CHARS * 4)]


class AskRequest(msgspec.Struct, forbid_unknown_fields=True):
    question: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_QUESTION_CHARS, examples=["出差住宿标准是多少？"])]
    history: Annotated[list[Turn], msgspec.Meta(max_length=50)] = msgspec.field(default_factory=list)
    top_k: TopK | None = None
    temperature: Annotated[float, msgspec.Meta(ge=0, le=2, examples=[0.2])] | None = None
    max_tokens: Annotated[int, msgspec.Meta(ge=1, le=8192)] | None = None
    stream: bool = False


class ChatMessage(msgspec.Struct):
    role: str
    content: str | list[dict[str, Any]] | None = None


class ChatCompletionRequest(msgspec.Struct):
    """OpenAI's chat completion request; kb reads messages, stream, temperature and max_tokens."""

    messages: Annotated[list[ChatMessage], msgspec.Meta(min_length=1, max_length=100)]
    model: str = ""
    stream: bool = False
    temperature: float | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None


class SessionRequest(msgspec.Struct, forbid_unknown_fields=True):
    key: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
