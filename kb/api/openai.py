"""The OpenAI-compatible API: `/v1/models` and `/v1/chat/completions`, answered by the same event
stream as `/api/ask` (kb/api/answering.py) and shaped as OpenAI's objects and chunks."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

from litestar import Request, Response, get, post
from litestar.response import Stream

from kb.answer.generation import Answer
from kb.api.answering import answer_events, collect, event_stream
from kb.api.errors import error_body, snake
from kb.api.schemas import ChatCompletionRequest, ChatMessage
from kb.api.state import service_of
from kb.errors import InvalidInput, KBError


@get("/v1/models", summary="OpenAI: list models")
async def openai_models(request: Request) -> dict[str, Any]:
    name = service_of(request).kb.model_name
    return {"object": "list", "data": [{"id": name, "object": "model", "created": 0, "owned_by": "kb"}]}


def _openai_question(data: ChatCompletionRequest) -> tuple[str, list[dict[str, str]]]:
    def text(message: ChatMessage) -> str:
        if isinstance(message.content, list):
            return "".join(part.get("text", "") for part in message.content if isinstance(part, dict))
        return message.content or ""

    turns = [{"role": m.role, "content": text(m)} for m in data.messages if m.role in ("user", "assistant")]
    if not turns or turns[-1]["role"] != "user" or not turns[-1]["content"].strip():
        raise InvalidInput("messages: the last message must be a non-empty user message (the question)")
    return turns[-1]["content"], turns[:-1]


def _sources_block(answer: Answer) -> str:
    if answer.refused or not answer.citations:
        return ""
    lines = [f"[{c.n}] {c.source}" + (f", p. {c.page}" if c.page else "") + (f" · {c.heading}" if c.heading else "")
             for c in answer.citations]
    return "\n\nSources:\n" + "\n".join(lines)


@post("/v1/chat/completions", status_code=200, summary="OpenAI: chat completion grounded in the documents")
async def chat_completions(request: Request, data: ChatCompletionRequest) -> Response | Stream:
    """The last user message is the question, earlier turns the history; the answer is grounded in
    the knowledge base. Sources come in the extra `sources` field and, by setting, as a trailing
    "Sources:" block. `stream: true` sends OpenAI's chunks and `data: [DONE]`."""
    service = service_of(request)
    question, history = _openai_question(data)
    options = {"history": history, "temperature": data.temperature,
               "max_tokens": data.max_completion_tokens or data.max_tokens}
    ticket = service.queue.reserve()
    cancel = threading.Event()
    completion_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
    created = int(time.time())
    model = service.kb.model_name
    block = service.settings.server.sources_block

    def extra(answer: Answer) -> dict[str, Any]:
        return {"sources": [c.to_dict() for c in answer.citations], "kb": {"refused": answer.refused, "grounded": answer.grounded}}

    if not data.stream:
        try:
            answer = await collect(request, answer_events(service, ticket, question, options, cancel), cancel)
        finally:
            ticket.cancel()
        content = answer.answer + (_sources_block(answer) if block else "")
        usage = {**answer.usage, "total_tokens": sum(answer.usage.values())}
        return Response({
            "id": completion_id, "object": "chat.completion", "created": created, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop" if not answer.cancelled else "length"}],
            "usage": usage, **extra(answer),
        })

    def chunk(delta: dict[str, Any], finish: str | None = None, **more: Any) -> str:
        body = {"id": completion_id, "object": "chat.completion.chunk", "created": created, "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **more}
        return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"

    async def stream() -> AsyncIterator[str]:
        try:
            yield chunk({"role": "assistant", "content": ""})
            async for event in answer_events(service, ticket, question, options, cancel):
                if event.kind == "token":
                    yield chunk({"content": event.data})
                elif event.kind == "done":
                    answer = event.data
                    if block and (tail := _sources_block(answer)):
                        yield chunk({"content": tail})
                    usage = {**answer.usage, "total_tokens": sum(answer.usage.values())}
                    yield chunk({}, "stop", usage=usage, **extra(answer))
        except KBError as exc:
            yield f"data: {json.dumps(error_body(snake(type(exc).__name__), str(exc)), ensure_ascii=False)}\n\n"
        finally:
            ticket.cancel()
        yield "data: [DONE]\n\n"

    return event_stream(stream(), ticket)
