"""`make setup`'s llama-cpp-python step: a wheel built for this CPU, cached, and proved to run here.

    python -m kb.llama_build wheel [EXTRA_CMAKE_ARGS...]        # build (or find) the wheel; print its path
    python -m kb.llama_build check MODEL.gguf [EXTRA_ARGS...]   # a tiny generation in a child process;
                                                                # on a crash, rebuild portably, retry

The flags are this CPU's (`kb.hardware.cmake_args`) followed by any extra ones (`-DGGML_CUDA=on`);
the portable fallback keeps the extra ones (a CUDA build stays a CUDA build).

llama-cpp-python ships only as source (about 6 minutes to compile on 2 cores), so each build lands in
`~/.cache/kb-wheels/<key>/`, where the key covers the llama-cpp-python version, the CMake flags and
this CPU's relevant features (`kb.hardware.cache_key`): a wheel is never reused on a CPU it was not
built for. A wheel whose tiny generation crashed is marked (`CRASHED` in its folder) and skipped next
time. Standard library only: this runs before kb's dependencies are installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from kb import hardware

VERSION = "0.3.36"
CACHE = Path(os.environ.get("KB_WHEEL_CACHE", Path.home() / ".cache" / "kb-wheels"))
CRASHED = "CRASHED"


def say(message: str) -> None:
    print(f"kb setup: {message}", file=sys.stderr, flush=True)


def wheel_folder(args: list[str], cpu: hardware.CpuInfo) -> Path:
    return CACHE / hardware.cache_key(args, cpu, VERSION)


def find_wheel(folder: Path) -> Path | None:
    wheels = sorted(folder.glob(f"llama_cpp_python-{VERSION}-*.whl"))
    return wheels[-1] if wheels else None


def build(args: list[str], cpu: hardware.CpuInfo, pip: list[str]) -> Path:
    """The cached wheel for these flags on this CPU, compiled first if there is none."""
    folder = wheel_folder(args, cpu)
    wheel = find_wheel(folder)
    if wheel is not None:
        return wheel
    folder.mkdir(parents=True, exist_ok=True)
    say(f"compiling llama-cpp-python {VERSION} (about 6 minutes on 2 cores) with: {' '.join(args)}")
    env = {**os.environ, "CMAKE_ARGS": " ".join(args)}
    # pip's own output goes to stderr: stdout carries only the wheel's path (`WHEEL=$(...)` in the Makefile).
    subprocess.run([*pip, "wheel", "--no-cache-dir", "--no-deps", "-w", str(folder), f"llama-cpp-python=={VERSION}"],
                   check=True, env=env, stdout=sys.stderr)
    (folder / "cmake-args.txt").write_text(" ".join(args) + "\n")
    wheel = find_wheel(folder)
    if wheel is None:
        raise SystemExit(f"kb setup: pip built no llama-cpp-python wheel into {folder}")
    return wheel


def choose(extra: list[str], cpu: hardware.CpuInfo, *, quiet: bool = False) -> list[str]:
    """The flags to build with: this CPU's, then the extra ones; the portable baseline (with the
    extra ones) instead when a build with them already crashed here."""
    args = hardware.cmake_args(cpu) + extra
    if (wheel_folder(args, cpu) / CRASHED).exists():
        if not quiet:
            say(f"a build with these flags crashed on this machine before; using the portable build "
                f"(see {wheel_folder(args, cpu) / CRASHED})")
        return hardware.baseline_args(cpu) + extra
    return args


def self_check(run_probe: Callable[[], hardware.ProbeResult], fallback: Callable[[], None],
               mark_crashed: Callable[[str], None] = lambda message: None) -> hardware.ProbeResult:
    """Prove the installed build runs: a tiny generation in a child. If the child dies by a signal,
    say so in one sentence, take the portable fallback (rebuild, reinstall) and try once more.
    Raises SystemExit with a plain sentence when it still does not run."""
    result = run_probe()
    if result.ok:
        say("llama.cpp self-check passed (a tiny generation ran in a child process)")
        return result
    if result.returncode >= 0:  # not a crash: a broken install or a missing model, not the CPU
        raise SystemExit(f"kb setup: the llama.cpp self-check failed: the child {result.message}.\n{result.output[-2000:]}")
    sentence = (f"The llama.cpp build does not run on this CPU: its self-check {result.message}; "
                "rebuilding with the portable baseline flags and trying once more.")
    say(sentence)
    mark_crashed(sentence)
    fallback()
    again = run_probe()
    if again.ok:
        say("llama.cpp self-check passed with the portable build")
        return again
    raise SystemExit(f"kb setup: the portable llama.cpp build does not run here either: its self-check "
                     f"{again.message}. Please report this with the output of `kb doctor`.\n{again.output[-2000:]}")


def _pip() -> list[str]:
    return [sys.executable, "-m", "pip"]


def main(argv: list[str]) -> int:
    cpu = hardware.read_cpu()
    if not argv or argv[0] not in ("wheel", "check"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "wheel":
        print(build(choose(" ".join(argv[1:]).split(), cpu), cpu, _pip()))
        return 0
    model = argv[1] if len(argv) > 1 else ""
    if not model or not Path(model).is_file():
        raise SystemExit(f"kb setup: no model file for the llama.cpp self-check: {model!r}")
    extra = " ".join(argv[2:]).split()
    installed = choose(extra, cpu, quiet=True)

    def mark_crashed(message: str) -> None:
        folder = wheel_folder(installed, cpu)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / CRASHED).write_text(message + "\n")

    def fallback() -> None:
        wheel = build(hardware.baseline_args(cpu) + extra, cpu, _pip())
        subprocess.run([*_pip(), "install", "--quiet", "--force-reinstall", "--no-deps", str(wheel)], check=True)

    self_check(lambda: hardware.probe(hardware.generation_probe(sys.executable, model)), fallback, mark_crashed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
