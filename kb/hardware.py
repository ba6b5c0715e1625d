"""What this machine can do for llama.cpp: its CPU's features, the ggml build that matches them, the
threads to use, and whether a llama.cpp build really runs here.

Standard library only: `make setup` uses it (through `kb.llama_build`) before kb's dependencies
are installed.

A build must match the CPU, never merely resemble it: each ggml instruction-set option is turned on
only when the CPU reports that exact feature (AVX-512 is not AVX-VNNI: AMD Zen 4 has avx512_vnni but
no avx_vnni, and a wheel built with GGML_AVX_VNNI dies there with SIGILL). AMX stays off: ggml's AMX
kernels crash inside VMs that do not enable AMX tiles, even where the CPU lists the flags.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

# ggml option -> the /proc/cpuinfo flags the compiler switches it adds need (all of them).
X86_OPTIONS: dict[str, tuple[str, ...]] = {
    "SSE42": ("sse4_2",),
    "AVX": ("avx",),
    "F16C": ("f16c",),
    "FMA": ("fma",),
    "AVX2": ("avx2",),
    "BMI2": ("bmi2",),
    "AVX_VNNI": ("avx_vnni",),
    # -mavx512f -mavx512cd -mavx512vl -mavx512dq -mavx512bw
    "AVX512": ("avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"),
    "AVX512_VBMI": ("avx512vbmi",),
    "AVX512_VNNI": ("avx512_vnni",),
    "AVX512_BF16": ("avx512_bf16",),
}
AMX_OPTIONS = ("AMX_TILE", "AMX_INT8", "AMX_BF16")  # always off (see the module docstring)
_NEEDS_AVX512 = ("AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16")

# ggml's own CPU variants (GGML_CPU_ALL_VARIANTS), to name what a build is: the best one whose
# features the build has. Names and feature sets as in ggml/src/CMakeLists.txt.
X86_VARIANTS: list[tuple[str, frozenset[str]]] = [
    ("x64", frozenset()),
    ("sse42", frozenset({"SSE42"})),
    ("sandybridge", frozenset({"SSE42", "AVX"})),
    ("ivybridge", frozenset({"SSE42", "AVX", "F16C"})),
    ("piledriver", frozenset({"SSE42", "AVX", "F16C", "FMA"})),
    ("haswell", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2"})),
    ("alderlake", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX_VNNI"})),
    ("skylakex", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512"})),
    ("cannonlake", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512", "AVX512_VBMI"})),
    ("cascadelake", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512", "AVX512_VNNI"})),
    ("icelake", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512", "AVX512_VBMI", "AVX512_VNNI"})),
    ("cooperlake", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512", "AVX512_VNNI", "AVX512_BF16"})),
    ("zen4", frozenset({"SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512", "AVX512_VBMI", "AVX512_VNNI",
                        "AVX512_BF16"})),
]

# aarch64 /proc/cpuinfo "Features" -> the -march extension it allows.
ARM_EXTENSIONS = {"asimddp": "dotprod", "fphp": "fp16", "i8mm": "i8mm"}


@dataclass(frozen=True)
class CpuInfo:
    arch: str  # platform.machine(): x86_64, aarch64, ...
    model: str
    flags: frozenset[str] = field(default_factory=frozenset)
    logical: int = 1
    physical: int = 1

    @property
    def is_x86(self) -> bool:
        return self.arch.lower() in ("x86_64", "amd64", "i686", "i386")

    @property
    def is_arm(self) -> bool:
        return self.arch.lower() in ("aarch64", "arm64")


def parse_cpuinfo(text: str, arch: str | None = None, logical: int | None = None) -> CpuInfo:
    """A CpuInfo from the text of /proc/cpuinfo (x86 `flags`, aarch64 `Features`)."""
    arch = arch or platform.machine()
    model, flags, cores, processors = "", "", set(), 0
    block: dict[str, str] = {}
    for line in text.splitlines() + [""]:
        if not line.strip():
            if "core id" in block:
                cores.add((block.get("physical id"), block["core id"]))
            block = {}
            continue
        key, _, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        block[key] = value
        if key == "processor":
            processors += 1
        elif key in ("model name", "hardware", "cpu model") and not model:
            model = value
        elif key in ("flags", "features") and not flags:
            flags = value
    if not model:
        part = block.get("cpu part") or ""
        model = f"{arch} CPU{' part ' + part if part else ''}"
    logical = logical or processors or os.cpu_count() or 1
    physical = max(1, min(len(cores), logical)) if cores else logical
    return CpuInfo(arch=arch, model=model, flags=frozenset(flags.split()), logical=logical, physical=physical)


def read_cpu() -> CpuInfo:
    """This machine's CPU (falls back to platform facts where /proc/cpuinfo does not exist)."""
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        text = ""
    cpu = parse_cpuinfo(text, logical=_usable_cpus())
    if not text:
        cpu = CpuInfo(arch=cpu.arch, model=platform.processor() or cpu.arch, logical=cpu.logical, physical=cpu.logical)
    return cpu


def _usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def x86_features(cpu: CpuInfo) -> dict[str, bool]:
    """Each ggml x86 option: on exactly when the CPU reports every flag its compiler switches need."""
    on = {name: all(flag in cpu.flags for flag in needs) for name, needs in X86_OPTIONS.items()}
    for name in _NEEDS_AVX512:
        on[name] = on[name] and on["AVX512"]
    return on


def cmake_args(cpu: CpuInfo) -> list[str]:
    """The ggml CMake flags for a build that uses what this CPU has, and nothing it lacks."""
    args = ["-DGGML_NATIVE=OFF"]
    if cpu.is_x86:
        args += [f"-DGGML_{name}={'ON' if on else 'OFF'}" for name, on in x86_features(cpu).items()]
        args += [f"-DGGML_{name}=OFF" for name in AMX_OPTIONS]
    elif cpu.is_arm:
        extensions = [ext for flag, ext in ARM_EXTENSIONS.items() if flag in cpu.flags]
        if extensions:
            args.append("-DGGML_CPU_ARM_ARCH=armv8.2-a+" + "+".join(extensions))
    return args


def baseline_args(cpu: CpuInfo) -> list[str]:
    """The portable fallback: no optional instruction set at all (x86-64's SSE2; plain armv8-a)."""
    args = ["-DGGML_NATIVE=OFF"]
    if cpu.is_x86:
        args += [f"-DGGML_{name}=OFF" for name in list(X86_OPTIONS) + list(AMX_OPTIONS)]
    return args


def cache_key(args: list[str], cpu: CpuInfo, version: str) -> str:
    """The wheel-cache folder name: everything that decides the build. The CPU's own relevant
    features are part of it too, so a wheel built with hand-given flags (say -DGGML_NATIVE=ON) on one
    CPU is never picked up on a CPU it cannot run on."""
    relevant = sorted(f for f in cpu.flags if f in _RELEVANT_FLAGS) if cpu.is_x86 or cpu.is_arm else []
    blob = json.dumps({"llama_cpp_python": version, "args": args, "arch": cpu.arch, "cpu": relevant}, sort_keys=True)
    return f"{cpu.arch}-{hashlib.sha256(blob.encode()).hexdigest()[:12]}"


_RELEVANT_FLAGS = frozenset(f for needs in X86_OPTIONS.values() for f in needs) | {"amx_tile", "amx_int8", "amx_bf16"} \
    | frozenset(ARM_EXTENSIONS) | {"sve", "sve2", "asimd"}


# -- what an installed build was compiled with ---------------------------------------------------------

# Names llama_print_system_info() shares with the ggml options (the rest, SSE3, LLAMAFILE, ..., are not ours).
_SYSTEM_INFO_NAMES = frozenset(X86_OPTIONS) | {"AMX_INT8"}


def compiled_features(system_info: str) -> set[str]:
    """The instruction sets a llama.cpp build uses, from `llama_print_system_info()`
    (e.g. "CPU : SSE3 = 1 | AVX = 1 | AVX2 = 1 | ... | AVX512 = 0 | ...")."""
    found = set()
    for name, value in re.findall(r"([A-Z0-9_]+) = (\d+)", system_info):
        if value != "0" and name in _SYSTEM_INFO_NAMES:
            found.add(name)
    if "AVX" in found:  # not listed by llama.cpp; every ggml build with AVX has SSE 4.2 too
        found.add("SSE42")
    return found


def variant_name(features: set[str] | frozenset[str]) -> str:
    """The ggml CPU variant a feature set amounts to (the richest whose features it has)."""
    best = "x64"
    for name, needs in X86_VARIANTS:
        if needs <= features:
            best = name
    return best


def missing_on(cpu: CpuInfo, features: set[str]) -> list[str]:
    """Compiled-in x86 features this CPU lacks: a build with any of them dies here (SIGILL)."""
    if not cpu.is_x86:
        return []
    have = x86_features(cpu)
    return sorted(f for f in features if f in have and not have[f])


def thread_plan(setting: int, cpu: CpuInfo | None = None) -> tuple[int, str]:
    """The threads llama.cpp gets and why: the setting when given, else one per physical core that
    this process may run on (a hyperthread adds nothing to decode, which is memory-bound)."""
    if setting > 0:
        return setting, "[llm] n_threads"
    cpu = cpu or read_cpu()
    usable = _usable_cpus()
    threads = max(1, min(cpu.physical, usable))
    return threads, f"{cpu.physical} physical core(s), {usable} usable by this process"


# -- does a build run here? ------------------------------------------------------------------------------

PROBE_SCRIPT = r"""
import sys
import llama_cpp
llm = llama_cpp.Llama(model_path=sys.argv[1], n_ctx=256, n_threads=1, n_gpu_layers=0, verbose=False)
out = llm.create_completion("The capital of France is", max_tokens=4, temperature=0.0)
print("probe ok:", repr(out["choices"][0]["text"]))
"""


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    returncode: int
    message: str
    output: str = ""


def describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        meaning = {"SIGILL": "an illegal instruction: the build uses CPU instructions this machine does not have",
                   "SIGSEGV": "a segmentation fault", "SIGBUS": "a bus error", "SIGKILL": "killed (out of memory?)",
                   "SIGABRT": "an abort"}.get(name, "a signal")
        return f"died by {name} ({meaning})"
    return f"exited with status {returncode}"


def probe(command: list[str], timeout: float = 300.0) -> ProbeResult:
    """Run `command` in a child process: a crash there (SIGILL from a wrong build) is a result here."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ProbeResult(False, 124, f"did not finish in {timeout:.0f} s")
    output = (done.stdout + done.stderr).strip()
    if done.returncode == 0:
        return ProbeResult(True, 0, "ran", output)
    return ProbeResult(False, done.returncode, describe_exit(done.returncode), output)


def generation_probe(python: str, model_path: str | Path) -> list[str]:
    """The child command for a tiny generation with llama-cpp-python under `python`."""
    return [python, "-c", PROBE_SCRIPT, str(model_path)]
