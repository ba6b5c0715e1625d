"""Chat-model backends behind one interface: llama-cpp-python in this process, or an
OpenAI-compatible server (llama.cpp server, vLLM) when kb outgrows one process.

Both take the same messages and sampling and stream text pieces. The in-process model is loaded
once and serialized by a lock: a llama context is not thread-safe.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from kb.errors import InvalidInput, ModelUnavailable
from kb.hardware import thread_plan
from kb.models.control import GENERIC_PATTERN, control_pattern, neutralise_messages, vocabulary_controls
from kb.settings import LLMSettings

log = logging.getLogger(__name__)

Message = dict[str, str]  # {"role": "system" | "user" | "assistant", "content": ...}


@dataclass(frozen=True)
class Sampling:
    """Sampling for one request: the settings' defaults with the request's own temperature and max_tokens."""

    temperature: float
    top_k: int
    top_p: float
    repeat_penalty: float
    max_tokens: int
    seed: int

    @classmethod
    def from_settings(cls, settings: LLMSettings, temperature: float | None = None, max_tokens: int | None = None) -> Sampling:
        """The settings' sampling with a request's temperature and max_tokens, each checked against its
        bound ([llm] temperature_max, max_tokens_limit): out of bounds is an error naming the bound."""
        if temperature is not None and (isinstance(temperature, bool) or not isinstance(temperature, (int, float))):
            raise InvalidInput("temperature: must be a number")
        if temperature is not None and not 0 <= temperature <= settings.temperature_max:
            raise InvalidInput(f"temperature: {temperature} is outside 0 to {settings.temperature_max} ([llm] temperature_max)")
        if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1):
            raise InvalidInput("max_tokens: must be a positive integer")
        if max_tokens is not None and max_tokens > settings.max_tokens_limit:
            raise InvalidInput(f"max_tokens: {max_tokens} is above {settings.max_tokens_limit} ([llm] max_tokens_limit)")
        return cls(
            temperature=float(settings.temperature if temperature is None else temperature),
            top_k=settings.top_k,
            top_p=settings.top_p,
            repeat_penalty=settings.repeat_penalty,
            max_tokens=min(settings.max_tokens, settings.max_tokens_limit) if max_tokens is None else max_tokens,
            seed=settings.seed,
        )

    @classmethod
    def greedy(cls, settings: LLMSettings, max_tokens: int) -> Sampling:
        """A short greedy generation kb makes for itself (rewriting a follow-up, translating a
        question, the second pass's verdict): its length is kb's own, so a request's bound
        ([llm] max_tokens_limit) does not apply; a deployment that allows answers of 8 tokens
        still translates a question."""
        return replace(cls.from_settings(settings, temperature=0.0), max_tokens=max_tokens)


@dataclass
class GenerationStats:
    """Filled in while a generation streams."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    ttft_ms: float | None = None
    generation_ms: float = 0.0
    cancelled: bool = False
    stopped: bool = False  # the model ended the answer itself (end-of-turn token or a stop string)
    pieces: list[str] = field(default_factory=list)

    def record(self, piece: str, started: float) -> str:
        """Count a streamed piece (the first one sets the time to first token) and return it."""
        if self.ttft_ms is None:
            self.ttft_ms = (time.perf_counter() - started) * 1000
        self.completion_tokens += 1
        self.pieces.append(piece)
        return piece

    def should_stop(self, cancel: threading.Event | None) -> bool:
        if cancel is not None and cancel.is_set():
            self.cancelled = True
        return self.cancelled

    @property
    def decode_steps(self) -> int:
        """Model evaluations after the first token: one per later token, plus the one that produced
        the end-of-turn token when the model stopped by itself (that token is never shown)."""
        return max(0, self.completion_tokens - 1) + (1 if self.stopped else 0)

    @property
    def tokens_per_s(self) -> float | None:
        decode_ms = self.generation_ms - (self.ttft_ms or 0.0)
        if self.decode_steps < 1 or decode_ms <= 0:
            return None
        return round(self.decode_steps / (decode_ms / 1000), 2)


class ChatModel(Protocol):
    name: str
    n_ctx: int

    def count_tokens(self, texts: list[str]) -> list[int]: ...

    def prompt_tokens(self, messages: list[Message]) -> int: ...

    def stream(
        self, messages: list[Message], sampling: Sampling, stats: GenerationStats, cancel: threading.Event | None = None
    ) -> Iterator[str]: ...

    def continuation_probability(self, messages: list[Message], text: str, max_tokens: int = 4) -> float | None: ...

    def close(self) -> None: ...


STOP = ["<|im_end|>", "<|endoftext|>", "<|im_start|>"]


class LlamaCppModel:
    """A GGUF in this process through llama-cpp-python."""

    def __init__(self, name: str, path: Path, settings: LLMSettings, context_length: int, render=None):
        try:
            import llama_cpp
        except ImportError as exc:
            raise ModelUnavailable("llama-cpp-python is not installed: run `make setup` (or pip install llama-cpp-python)") from exc
        self.name = name
        self.settings = settings
        self.gpu = bool(llama_cpp.llama_supports_gpu_offload())
        layers = settings.n_gpu_layers if self.gpu else 0
        self.n_ctx = min(settings.n_ctx or context_length, context_length)
        threads, why = thread_plan(settings.n_threads)
        started = time.perf_counter()
        try:
            self.llm = llama_cpp.Llama(
                model_path=str(path),
                n_ctx=self.n_ctx,
                n_gpu_layers=layers,
                n_threads=threads,
                n_batch=min(settings.n_batch, self.n_ctx),
                flash_attn=settings.flash_attn,
                use_mmap=settings.use_mmap,
                seed=settings.seed,
                chat_format=None if settings.chat_format == "gguf" else "chatml",
                verbose=False,
            )
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelUnavailable(f"cannot load model {name!r} from {path}: {exc}") from exc
        n_layer = int(llama_cpp.llama_model_n_layer(self.llm.model)) if hasattr(llama_cpp, "llama_model_n_layer") else 0
        self.offloaded = 0 if not self.gpu else (n_layer + 1 if layers < 0 else min(layers, n_layer + 1))
        if self.gpu:
            log.info("model %s: %d of %d layers (+ output) offloaded to the GPU", name, self.offloaded, n_layer)
        elif settings.n_gpu_layers != 0:
            log.warning("model %s runs on the CPU: this llama-cpp-python build has no GPU backend "
                        "(rebuild it for a GPU: rm .venv/.installed && make setup LLAMA_CMAKE_ARGS=\"-DGGML_CUDA=on\"; "
                        "`kb doctor` shows what is compiled in)", name)
        log.info("model %s loaded in %.1f s (n_ctx %d, %d threads: %s)", name, time.perf_counter() - started, self.n_ctx,
                 threads, why)
        self.threads = threads
        self.template = self.llm.metadata.get("tokenizer.chat_template", "")
        self.controls = control_pattern(vocabulary_controls(self.llm))  # kb/models/control.py
        self._render = render
        self._lock = threading.Lock()

    def tokenize(self, text: str) -> list[int]:
        return self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(self.tokenize(t)) for t in texts]

    def render(self, messages: list[Message]) -> str:
        """The prompt text the model sees (the project's ChatML, or the GGUF's own template). No
        message can add control tokens: only the template's own become them."""
        messages = neutralise_messages(messages, self.controls)
        if self.settings.chat_format == "gguf":
            return render_gguf_template(self.template, messages, self.llm)
        return self._render(messages)

    def prompt_tokens(self, messages: list[Message]) -> int:
        return len(self.tokenize(self.render(messages)))

    def stream(
        self, messages: list[Message], sampling: Sampling, stats: GenerationStats, cancel: threading.Event | None = None
    ) -> Iterator[str]:
        with self._lock:
            if stats.should_stop(cancel):  # the client left while waiting for the model
                return
            started = time.perf_counter()
            prompt = self.render(messages)
            stats.prompt_tokens = len(self.tokenize(prompt))
            if stats.prompt_tokens + sampling.max_tokens > self.n_ctx:
                sampling = _replace(sampling, max_tokens=max(1, self.n_ctx - stats.prompt_tokens))
            common = dict(
                max_tokens=sampling.max_tokens, temperature=sampling.temperature, top_k=sampling.top_k,
                top_p=sampling.top_p, repeat_penalty=sampling.repeat_penalty, seed=sampling.seed, stream=True,
            )
            if self.settings.chat_format == "gguf":
                chunks = self.llm.create_chat_completion(messages=neutralise_messages(messages, self.controls), **common)
            else:
                chunks = self.llm.create_completion(prompt=prompt, stop=STOP, **common)
            try:
                for chunk in chunks:
                    choice = chunk["choices"][0]
                    text = choice.get("text") if "text" in choice else (choice.get("delta") or {}).get("content")
                    if text:
                        yield stats.record(text, started)
                    if choice.get("finish_reason") == "stop":
                        stats.stopped = True
                    if stats.should_stop(cancel):
                        break
            finally:
                chunks.close()
                stats.generation_ms = (time.perf_counter() - started) * 1000

    def continuation_probability(self, messages: list[Message], text: str, max_tokens: int = 4) -> float | None:
        """P(the reply starts with `text`'s first `max_tokens` tokens), by teacher forcing at
        temperature 1. The prompt is evaluated once: its KV cache is kept, so the answer that follows
        only replays one token, and this costs `max_tokens` decode steps."""
        import numpy as np
        import llama_cpp

        if self.settings.chat_format == "gguf":
            return None  # the GGUF's own template is applied by create_chat_completion: no prompt text to extend
        with self._lock:
            llm = self.llm
            prompt = llm.tokenize(self.render(messages).encode("utf-8"), special=True)
            forced = self.tokenize(text)[:max_tokens]
            if not forced or len(prompt) + len(forced) >= self.n_ctx:
                return None
            cached = 0
            for a, b in zip(llm._input_ids.tolist(), prompt):
                if a != b:
                    break
                cached += 1
            cached = min(cached, len(prompt) - 1)  # at least one token evaluated, so the logits are fresh
            llm.n_tokens = cached
            llm.eval(prompt[cached:])
            logprob = 0.0
            for i, token in enumerate(forced):
                logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llm._ctx.ctx, -1), shape=(llm.n_vocab(),))
                top = float(logits.max())
                logprob += float(logits[token]) - top - float(np.log(np.exp(logits - top).sum()))
                if i + 1 < len(forced):
                    llm.eval([token])
            return float(np.exp(logprob))

    def close(self) -> None:
        llm = getattr(self, "llm", None)
        if llm is not None:
            llm.close()


def render_gguf_template(template: str, messages: list[Message], llm: Any = None) -> str:
    """Render a GGUF's embedded chat template (Jinja2) as llama-cpp-python does."""
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    eos = bos = ""
    if llm is not None:
        vocab = llm._model
        eos = llm.detokenize([vocab.token_eos()]).decode("utf-8", "ignore") if vocab.token_eos() >= 0 else ""
        bos = llm.detokenize([vocab.token_bos()]).decode("utf-8", "ignore") if vocab.token_bos() >= 0 else ""
    formatter = Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos)
    return formatter(messages=messages).prompt


def _replace(sampling: Sampling, **changes: Any) -> Sampling:
    from dataclasses import replace

    return replace(sampling, **changes)


class OpenAIModel:
    """An OpenAI-compatible chat server (`python -m llama_cpp.server`, llama.cpp's `llama-server`, vLLM).

    Tokens are counted with a local tokenizer when one is given, else estimated conservatively
    (one token per 3 UTF-8 bytes, which over-counts English and Chinese alike)."""

    def __init__(self, settings: LLMSettings, tokenizer: Any = None):
        import httpx

        self.settings = settings
        self.name = settings.api_model or settings.model
        self.n_ctx = settings.n_ctx or 4096
        self._tokenizer = tokenizer
        headers = {"Authorization": f"Bearer {settings.api_key}"} if settings.api_key else {}
        self._client = httpx.Client(base_url=settings.base_url.rstrip("/"), headers=headers, timeout=settings.timeout_s)

    def count_tokens(self, texts: list[str]) -> list[int]:
        if self._tokenizer is not None:
            return self._tokenizer.count_tokens(texts)
        return [len(t.encode("utf-8")) // 3 + 1 for t in texts]

    def prompt_tokens(self, messages: list[Message]) -> int:
        return sum(self.count_tokens([m["content"] for m in messages])) + 5 * len(messages) + 3

    def stream(
        self, messages: list[Message], sampling: Sampling, stats: GenerationStats, cancel: threading.Event | None = None
    ) -> Iterator[str]:
        import httpx

        body = {  # the server's vocabulary is unknown here: the generic control shapes are neutralised
            "model": self.name, "messages": neutralise_messages(messages, GENERIC_PATTERN), "stream": True, "max_tokens": sampling.max_tokens,
            "temperature": sampling.temperature, "top_p": sampling.top_p, "seed": sampling.seed, "stop": STOP,
            # llama.cpp's servers and vLLM read these too:
            "top_k": sampling.top_k, "repeat_penalty": sampling.repeat_penalty,
        }
        started = time.perf_counter()
        stats.prompt_tokens = self.prompt_tokens(messages)
        try:
            with self._client.stream("POST", "/chat/completions", json=body) as response:
                if response.status_code != 200:
                    response.read()
                    raise ModelUnavailable(
                        f"model server {self.settings.base_url} answered {response.status_code}: {response.text[:300]}"
                    )
                for line in response.iter_lines():
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        break
                    chunk = json.loads(data)
                    usage = chunk.get("usage") or {}
                    if usage.get("prompt_tokens"):
                        stats.prompt_tokens = usage["prompt_tokens"]
                    choices = chunk.get("choices") or []
                    text = (choices[0].get("delta") or {}).get("content") if choices else None
                    if text:
                        yield stats.record(text, started)
                    if choices and choices[0].get("finish_reason") == "stop":
                        stats.stopped = True
                    if stats.should_stop(cancel):
                        break
        except httpx.HTTPError as exc:
            raise ModelUnavailable(
                f"cannot reach the model server at {self.settings.base_url} ({exc}): is it running? "
                "See [llm] base_url in the settings."
            ) from exc
        finally:
            stats.generation_ms = (time.perf_counter() - started) * 1000

    def continuation_probability(self, messages: list[Message], text: str, max_tokens: int = 4) -> float | None:
        return None  # chat servers give log-probabilities of what they sample, not of a given reply

    def close(self) -> None:
        self._client.close()
