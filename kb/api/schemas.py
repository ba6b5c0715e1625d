"""Request and response bodies: msgspec Structs, validated by Litestar and documented in the OpenAPI
schema (`/schema`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

import msgspec

# The filter and tag bodies live in kb/api/filtering.py; named here, they are part of this vocabulary.
from kb.api.filtering import SearchFilters, TagChange, TagCount, TagList, filters_of  # noqa: F401
from kb.settings import (
    HISTORY_MAX_MESSAGES,
    HISTORY_MESSAGE_MAX_CHARS,
    QUESTION_MAX_CHARS,
    TEMPERATURE_BOUND,
    TOP_K_MAX,
)

# Every bound kb enforces is stated here, so the OpenAPI document promises exactly what is accepted.
# NON_BLANK: at least one character that is not white space (a blank question is refused). The
# characters are spelled out, those of Python's str.isspace(): `\S` means other sets in other
# regex engines (JavaScript's and the fuzzers' leave out \x1c-\x1f, which str.strip() removes).
NON_BLANK = r"[^\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
Query = Annotated[str, msgspec.Meta(min_length=1, max_length=QUESTION_MAX_CHARS, pattern=NON_BLANK,
                                    examples=["How do I roll back a bad deploy?"])]
S = TypeVar("S", bound=msgspec.Struct)
TopK = Annotated[int, msgspec.Meta(ge=1, le=TOP_K_MAX, examples=[5])]
# A deployment's own bounds ([llm] temperature_max, max_tokens_limit; GET /api/stats "limits") are
# checked when the answer starts (a value above them is a 400 naming the bound); the app writes them
# into its OpenAPI document (kb/api/app.py), over the static bounds here.
Temperature = Annotated[float, msgspec.Meta(ge=0, le=TEMPERATURE_BOUND, examples=[0.2],
                                            description="0 to [llm] temperature_max (GET /api/stats: limits)")]
MaxTokens = Annotated[int, msgspec.Meta(ge=1, description="at most [llm] max_tokens_limit (GET /api/stats: limits)")]
class SearchRequest(msgspec.Struct, forbid_unknown_fields=True):
    query: Query
    top_k: TopK | None = None
    mode: Literal["dense", "lexical", "hybrid"] | None = None
    filters: SearchFilters | None = None


class Turn(msgspec.Struct, forbid_unknown_fields=True):
    role: Literal["user", "assistant"]
    content: Annotated[str, msgspec.Meta(max_length=HISTORY_MESSAGE_MAX_CHARS)]


class AskRequest(msgspec.Struct, forbid_unknown_fields=True):
    # Not blank: refused by the answer path with its own message; the schema states it (kb/api/app.py).
    question: Annotated[str, msgspec.Meta(min_length=1, max_length=QUESTION_MAX_CHARS, examples=["出差住宿标准是多少？"])]
    history: Annotated[list[Turn], msgspec.Meta(max_length=HISTORY_MAX_MESSAGES)] = msgspec.field(default_factory=list)
    top_k: TopK | None = None
    temperature: Temperature | None = None
    max_tokens: MaxTokens | None = None
    stream: bool = False
    filters: SearchFilters | None = None


class ContentPart(msgspec.Struct):
    """One part of a message's content in OpenAI's list form; kb reads the text parts."""

    type: str = "text"
    text: Annotated[str, msgspec.Meta(max_length=HISTORY_MESSAGE_MAX_CHARS)] = ""


class ChatMessage(msgspec.Struct):
    """The question is the last `user` message (non-blank, at most QUESTION_MAX_CHARS characters);
    `user` and `assistant` messages before it are the history; other roles are ignored."""

    role: str
    content: Annotated[str, msgspec.Meta(max_length=HISTORY_MESSAGE_MAX_CHARS)] | list[ContentPart] | None = None


class ChatCompletionRequest(msgspec.Struct):
    """OpenAI's chat completion request; kb reads messages, stream, temperature and max_tokens."""

    messages: Annotated[list[ChatMessage], msgspec.Meta(min_length=1, max_length=HISTORY_MAX_MESSAGES)]
    model: str = ""
    stream: bool = False
    temperature: Temperature | None = None
    max_tokens: MaxTokens | None = None
    max_completion_tokens: MaxTokens | None = None
    filters: Annotated[SearchFilters | None, msgspec.Meta(
        description="kb's own: the documents the answer may use (OpenAI clients: extra_body)")] = None


class SessionRequest(msgspec.Struct, forbid_unknown_fields=True):
    key: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


# -- response bodies ------------------------------------------------------------------------------
# Built from the dicts kb's lower modules make (`to_dict()`), so every JSON field name and value is
# the one the CLI's --json, the web page and scripts already read. `from_dict` ignores keys a Struct
# does not declare (e.g. a hit's `explain`) and fails loudly on a missing one.


def from_dict(data: Any, kind: type[S]) -> S:
    return msgspec.convert(data, kind)


class SearchHit(msgspec.Struct):
    doc_id: str
    chunk_id: str
    source: str
    page: int | None
    heading: str
    score: float
    text: str
    page_end: int | None
    title: str
    chunk_index: int
    # Set when the passage's text was read by OCR from a scanned page or an image: the recognition's
    # mean confidence (0-1); null for text from the file's own text.
    ocr_confidence: float | None


class SearchResults(msgspec.Struct):
    hits: list[SearchHit]


class Citation(msgspec.Struct):
    n: int
    doc_id: str
    chunk_id: str
    source: str
    page: int | None
    heading: str
    snippet: str
    ocr_confidence: float | None  # the passage was read by OCR, with this mean confidence (0-1); null: not OCR
    page_end: int | None = None  # the passage's last page: a passage of pp. 158-160 has page 158, page_end 160


class AnswerResult(msgspec.Struct):
    """The answer object of `kb ask --json`, `POST /api/ask` and the stream's `done` event."""

    answer: str
    refused: bool
    grounded: bool
    citations: list[Citation]
    attribution: str
    dropped: list[str]
    refused_by: str
    verified: bool | None
    doubt: float | None
    retried: str  # "english" or "second_look" when the answer came from asking again after a refusal; "" otherwise
    model: str
    question: str
    standalone_question: str
    search_question: str
    language: str
    usage: dict[str, int]
    timings: dict[str, float | None]
    cancelled: bool


class SourcePassage(Citation):
    """One numbered passage of the stream's `sources` event: its citation, and what the page shows."""

    page_end: int | None
    text: str
    label: str


class TokenDelta(msgspec.Struct):
    """The stream's `token` event."""

    text: str


class DocumentInfo(msgspec.Struct):
    doc_id: str
    source: str
    sha256: str
    size: int
    mtime: float
    chunks: int
    title: str
    kind: str
    ingested_at: str
    folder: Annotated[str, msgspec.Meta(description="Its folder, relative to the ingested folder")]
    modified: Annotated[str, msgspec.Meta(description="The file's modification time, ISO 8601 UTC")]
    tags: list[str]


class DocumentList(msgspec.Struct):
    total: int
    offset: int
    limit: int
    documents: list[DocumentInfo]


class DeletedDocument(msgspec.Struct):
    deleted: DocumentInfo
    chunks_removed: int


class JobProgress(msgspec.Struct):
    files_done: int
    files_total: int
    chunks_embedded: int


class JobFile(msgspec.Struct):
    name: str
    size: int
    status: Annotated[str, msgspec.Meta(description="queued | added | updated | unchanged | failed")]
    chunks: int
    error: str


class JobInfo(msgspec.Struct):
    id: str
    status: Annotated[str, msgspec.Meta(description="queued | running | done | failed")]
    created: float
    finished: float | None
    progress: JobProgress
    files: list[JobFile]
    error: str | None
    tags: list[str]


class Health(msgspec.Struct, omit_defaults=True):
    """`documents` and `chunks` are there when the store answered; when something is wrong `status`
    is "degraded" (status code 503), and a caller with a key also gets `store_error` or `model_error`."""

    status: Literal["ok", "degraded"]
    version: str
    model: str
    model_loaded: bool
    store_reachable: bool
    documents: int | None = None
    chunks: int | None = None
    store_error: str | None = None
    model_error: str | None = None


class Limits(msgspec.Struct):
    """Every bound a request meets, and the defaults it gets."""

    top_k_max: int
    temperature_max: float
    temperature: float
    top_k: int
    max_tokens: int
    max_tokens_limit: int
    question_max_chars: int
    history_max_messages: int
    history_message_max_chars: int
    max_body_kb: int
    max_upload_mb: float
    max_files: int
    filter_tags_max: int
    filter_kinds_max: int
    filter_doc_ids_max: int
    filter_source_max_chars: int
    tag_max_chars: int
    tags_per_document_max: int


class Stats(msgspec.Struct):
    collection: str
    documents: int
    chunks: int
    embedding_model: str
    store_mode: str
    store_bytes: int | None
    chat_model: str
    model_loaded: bool
    generation_queue_depth: int
    limits: Limits
    model_error: Annotated[str | None, msgspec.Meta(description="why the chat model could not be loaded")] = None


class SessionStatus(msgspec.Struct):
    keys_required: bool
    authenticated: bool


class SessionCreated(msgspec.Struct):
    authenticated: bool


# -- OpenAI's objects -------------------------------------------------------------------------------


class ModelCard(msgspec.Struct):
    id: str
    object: str
    created: int
    owned_by: str


class ModelList(msgspec.Struct):
    object: str
    data: list[ModelCard]


class AssistantMessage(msgspec.Struct):
    role: str
    content: str


class Choice(msgspec.Struct):
    index: int
    message: AssistantMessage
    finish_reason: str


class Usage(msgspec.Struct):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class KbVerdict(msgspec.Struct):
    refused: bool
    grounded: bool


class ChatCompletion(msgspec.Struct):
    """OpenAI's chat completion, with kb's extra `sources` and `kb` fields."""

    id: str
    object: str
    created: int
    model: str
    choices: list[Choice]
    usage: Usage
    sources: list[Citation]
    kb: KbVerdict


class Delta(msgspec.Struct, omit_defaults=True):
    role: str | None = None
    content: str | None = None


class ChunkChoice(msgspec.Struct):
    index: int
    delta: Delta
    finish_reason: str | None


class ChatCompletionChunk(msgspec.Struct, omit_defaults=True):
    """One `data:` event of a streamed completion; the last one carries usage, sources and kb."""

    id: str
    object: str
    created: int
    model: str
    choices: list[ChunkChoice]
    usage: Usage | None = None
    sources: list[Citation] | None = None
    kb: KbVerdict | None = None


# -- errors -----------------------------------------------------------------------------------------


class ErrorField(msgspec.Struct):
    type: str
    message: str


class FieldProblem(msgspec.Struct, omit_defaults=True):
    message: str
    key: str | None = None
    source: str | None = None


class Problem(msgspec.Struct, omit_defaults=True):
    """An error, as RFC 9457 problem details (`application/problem+json`). `type` is one of kb's
    error types (see kb/api/errors.py); `error` repeats type and detail in the body kb sent before."""

    status: int
    type: str
    title: str
    detail: str
    error: ErrorField
    request_id: str | None = None
    errors: list[FieldProblem] | None = None
