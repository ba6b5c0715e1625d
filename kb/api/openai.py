"""The OpenAI-compatible API: `/v1/models` and `/v1/chat/completions`, answered through the same
`Generation` as `/api/ask` (kb/api/answering.py) and shaped as OpenAI's objects and chunks."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from litestar import Controller, Request, Response, get, post
from litestar.response.sse import ServerSentEventMessage

from kb.answer.citations import source_label
from kb.answer.records import Answer, Event
from kb.api.answering import Generation, sse
from kb.api.errors import problems
from kb.api.schemas import (
    AssistantMessage,
    ChatCompletion,
    ChatCompletionChunk,
    ChatCompletionRequest,
    ChatMessage,
    Choice,
    ChunkChoice,
    Citation,
    Delta,
    KbVerdict,
    ModelCard,
    ModelList,
    Usage,
    filters_of,
    from_dict,
)
from kb.errors import InvalidInput

if TYPE_CHECKING:
    from kb.api.app import Service


def _openai_question(data: ChatCompletionRequest) -> tuple[str, list[dict[str, str]]]:
    def text(message: ChatMessage) -> str:
        if isinstance(message.content, list):
            return "".join(part.text for part in message.content)
        return message.content or ""

    turns = [{"role": m.role, "content": text(m)} for m in data.messages if m.role in ("user", "assistant")]
    while turns and turns[-1]["role"] != "user":  # what follows the last question (e.g. a prefill) is not read
        turns.pop()
    if not turns or not turns[-1]["content"].strip():
        raise InvalidInput("messages: the last user message (the question) must be non-empty")
    return turns[-1]["content"], turns[:-1]


def _sources_block(answer: Answer) -> str:
    if answer.refused or not answer.citations:
        return ""
    lines = [f"[{c.n}] {source_label(c.source, c.page, c.page_end, c.heading)}" for c in answer.citations]
    return "\n\nSources:\n" + "\n".join(lines)


def _usage(answer: Answer) -> Usage:
    return Usage(prompt_tokens=answer.usage.get("prompt_tokens", 0),
                 completion_tokens=answer.usage.get("completion_tokens", 0), total_tokens=sum(answer.usage.values()))


def _sources(answer: Answer) -> list[Citation]:
    return [from_dict(c.to_dict(), Citation) for c in answer.citations]


def _error_chunk(problem: dict[str, Any]) -> ServerSentEventMessage:
    """OpenAI's in-stream error, `{"error": {"message", "type", ...}}`: the problem details object
    with OpenAI's `message` (what OpenAI's clients raise with) beside `detail`."""
    problem.pop("error", None)
    return sse({"error": {"message": problem["detail"], **problem}})


class OpenAIController(Controller):
    path = "/v1"
    tags = ["openai"]

    @get("/models", operation_id="openai_models", summary="OpenAI: list models")
    async def models(self, service: Service) -> ModelList:
        card = ModelCard(id=service.kb.model_name, object="model", created=0, owned_by="kb")
        return ModelList(object="list", data=[card])

    @post("/chat/completions", operation_id="chat_completions", status_code=200,
          summary="OpenAI: chat completion grounded in the documents",
          response_description="OpenAI's chat completion; with `stream: true`, server-sent `data:` chunks and "
                               "`data: [DONE]`",
          responses=problems(400, 413, 503))
    async def chat_completions(
        self, request: Request, service: Service, data: ChatCompletionRequest
    ) -> Response[ChatCompletion]:
        """The last user message is the question, earlier turns the history; the answer is grounded in
        the knowledge base. Sources come in the extra `sources` field and, by setting, as a trailing
        "Sources:" block. `stream: true` sends OpenAI's chunks and `data: [DONE]`; an error once the
        stream is open is one `{"error": {...}}` chunk, then `[DONE]`."""
        question, history = _openai_question(data)
        options = {"history": history, "temperature": data.temperature,
                   "max_tokens": data.max_completion_tokens or data.max_tokens, "filters": filters_of(data.filters)}
        generation = Generation(service, question, options)
        completion_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
        created = int(time.time())
        model = service.kb.model_name
        block = service.settings.server.sources_block

        if not data.stream:
            answer = await generation.answer(request)
            content = answer.answer + (_sources_block(answer) if block else "")
            return Response(ChatCompletion(
                id=completion_id, object="chat.completion", created=created, model=model,
                choices=[Choice(index=0, message=AssistantMessage(role="assistant", content=content),
                                finish_reason="stop" if not answer.cancelled else "length")],
                usage=_usage(answer), sources=_sources(answer),
                kb=KbVerdict(refused=answer.refused, grounded=answer.grounded),
            ))

        def chunk(delta: Delta, finish: str | None = None, **more: Any) -> ServerSentEventMessage:
            choices = [ChunkChoice(index=0, delta=delta, finish_reason=finish)]
            return sse(ChatCompletionChunk(id=completion_id, object="chat.completion.chunk", created=created,
                                           model=model, choices=choices, **more))

        def render(item: Event) -> Iterable[ServerSentEventMessage]:
            if item.kind == "token":
                yield chunk(Delta(content=item.data))
            elif item.kind == "done":
                answer = item.data
                if block and (tail := _sources_block(answer)):
                    yield chunk(Delta(content=tail))
                yield chunk(Delta(), "stop", usage=_usage(answer), sources=_sources(answer),
                            kb=KbVerdict(refused=answer.refused, grounded=answer.grounded))

        return generation.stream(render, error=_error_chunk,
                                 first=[chunk(Delta(role="assistant", content=""))], last=[sse("[DONE]")])
