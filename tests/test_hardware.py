"""The llama.cpp build matches the CPU: flags from real /proc/cpuinfo lines, the wheel-cache key, the
setup self-check with a child that really dies by a signal."""

from __future__ import annotations

import os
import signal
import sys

import pytest

from kb import hardware, llama_build

_BASE = ("fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht "
         "syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid pni pclmulqdq ssse3 ")
# AMD EPYC 9004 (Zen 4) under KVM: AVX-512 with VNNI, VBMI and BF16, but no (VEX) avx_vnni.
ZEN4 = _BASE + ("fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm "
                "cmp_legacy cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw topoext perfctr_core ssbd ibrs ibpb "
                "stibp vmmcall fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid avx512f avx512dq rdseed adx smap "
                "avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves "
                "avx512_bf16 clzero xsaveerptr rdpru wbnoinvd arat avx512vbmi umip pku ospke avx512_vbmi2 gfni vaes "
                "vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid fsrm flush_l1d")
# Intel Xeon Sapphire Rapids: avx_vnni and AMX too.
SAPPHIRE_RAPIDS = _BASE + ("fma cx16 pdcm pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx "
                           "f16c rdrand hypervisor lahf_lm abm 3dnowprefetch cpuid_fault ssbd ibrs ibpb stibp "
                           "ibrs_enhanced fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid avx512f avx512dq rdseed "
                           "adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec "
                           "xgetbv1 xsaves avx_vnni avx512_bf16 wbnoinvd arat avx512vbmi umip pku ospke waitpkg "
                           "avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg tme avx512_vpopcntdq la57 "
                           "rdpid cldemote movdiri movdir64b fsrm md_clear serialize tsxldtrk amx_bf16 avx512_fp16 "
                           "amx_tile amx_int8 flush_l1d arch_capabilities")
HASWELL = _BASE + ("dtes64 monitor ds_cpl vmx smx est tm2 ssse3 sdbg fma cx16 xtpr pdcm pcid dca sse4_1 sse4_2 "
                   "x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand lahf_lm abm cpuid_fault epb "
                   "invpcid_single pti ssbd ibrs ibpb stibp tpr_shadow vnmi flexpriority ept vpid ept_ad fsgsbase "
                   "tsc_adjust bmi1 avx2 smep bmi2 erms invpcid cqm xsaveopt cqm_llc cqm_occup_llc dtherm ida arat")
# Intel Ivy Bridge: AVX and F16C, no AVX2, FMA or BMI2.
IVY_BRIDGE = _BASE + ("dtes64 monitor ds_cpl vmx est tm2 cx16 xtpr pdcm pcid sse4_1 sse4_2 x2apic popcnt "
                      "tsc_deadline_timer aes xsave avx f16c rdrand lahf_lm cpuid_fault epb pti ssbd ibrs ibpb stibp "
                      "tpr_shadow vnmi flexpriority ept vpid fsgsbase smep erms xsaveopt dtherm ida arat pln pts")
NEOVERSE_N1 = "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs"


def x86(flags: str, model: str = "x86 test CPU", cpus: int = 2) -> hardware.CpuInfo:
    blocks = [f"processor\t: {i}\nmodel name\t: {model}\nphysical id\t: 0\ncore id\t\t: {i}\nflags\t\t: {flags}\n"
              for i in range(cpus)]
    return hardware.parse_cpuinfo("\n".join(blocks), arch="x86_64")


def options(args: list[str]) -> dict[str, str]:
    return dict(a.removeprefix("-D").split("=", 1) for a in args)


def test_zen4_gets_avx512_but_never_avx_vnni():
    cpu = x86(ZEN4, "AMD EPYC 9R14")
    args = options(hardware.cmake_args(cpu))
    assert args["GGML_NATIVE"] == "OFF"
    assert args["GGML_AVX_VNNI"] == "OFF"  # the SIGILL: {vex} vpdpbusd on a CPU without avx_vnni
    for name in ("AVX2", "FMA", "F16C", "BMI2", "AVX512", "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16"):
        assert args[f"GGML_{name}"] == "ON", name
    assert all(args[f"GGML_{n}"] == "OFF" for n in hardware.AMX_OPTIONS)
    on = {n for n, v in hardware.x86_features(cpu).items() if v}
    assert hardware.variant_name(on) == "zen4"


def test_sapphire_rapids_gets_avx_vnni_and_no_amx():
    args = options(hardware.cmake_args(x86(SAPPHIRE_RAPIDS)))
    assert args["GGML_AVX_VNNI"] == "ON" and args["GGML_AVX512_VNNI"] == "ON" and args["GGML_AVX512_BF16"] == "ON"
    assert args["GGML_AMX_TILE"] == args["GGML_AMX_INT8"] == args["GGML_AMX_BF16"] == "OFF"  # crashes in VMs


def test_haswell_gets_avx2_only():
    cpu = x86(HASWELL)
    args = options(hardware.cmake_args(cpu))
    assert args["GGML_AVX2"] == args["GGML_FMA"] == args["GGML_BMI2"] == args["GGML_F16C"] == "ON"
    assert args["GGML_AVX512"] == args["GGML_AVX_VNNI"] == "OFF"
    assert hardware.variant_name({n for n, v in hardware.x86_features(cpu).items() if v}) == "haswell"


def test_a_cpu_without_avx2_gets_no_avx2():
    """ggml turns AVX2, FMA and BMI2 on by default when GGML_NATIVE is off: they must be explicitly off."""
    cpu = x86(IVY_BRIDGE)
    args = options(hardware.cmake_args(cpu))
    assert args["GGML_AVX2"] == args["GGML_FMA"] == args["GGML_BMI2"] == "OFF"
    assert args["GGML_AVX"] == args["GGML_F16C"] == args["GGML_SSE42"] == "ON"
    assert hardware.variant_name({n for n, v in hardware.x86_features(cpu).items() if v}) == "ivybridge"


def test_avx512_needs_every_flag_its_compiler_switches_use():
    partial = ZEN4.replace(" avx512bw", "")  # -mavx512bw would be used
    args = options(hardware.cmake_args(x86(partial)))
    assert args["GGML_AVX512"] == args["GGML_AVX512_VNNI"] == args["GGML_AVX512_VBMI"] == "OFF"


def test_aarch64_gets_no_x86_flags_and_its_own_extensions():
    cpu = hardware.parse_cpuinfo(f"processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: {NEOVERSE_N1}\n"
                                 "CPU implementer\t: 0x41\nCPU part\t: 0xd0c\n", arch="aarch64")
    args = hardware.cmake_args(cpu)
    assert not any("AVX" in a or "SSE" in a for a in args)
    assert "-DGGML_CPU_ARM_ARCH=armv8.2-a+dotprod+fp16" in args
    assert hardware.baseline_args(cpu) == ["-DGGML_NATIVE=OFF"]


def test_this_machines_flags_enable_only_what_it_has():
    cpu = hardware.read_cpu()
    if not cpu.is_x86:
        pytest.skip("x86 only")
    for name, value in options(hardware.cmake_args(cpu)).items():
        feature = name.removeprefix("GGML_")
        if value == "ON":
            assert all(flag in cpu.flags for flag in hardware.X86_OPTIONS[feature]), feature


def test_the_baseline_turns_every_optional_instruction_set_off():
    args = options(hardware.baseline_args(x86(SAPPHIRE_RAPIDS)))
    assert set(args.values()) == {"OFF"}
    assert {f"GGML_{n}" for n in hardware.X86_OPTIONS} <= set(args)


def test_the_wheel_cache_key_covers_flags_cpu_and_version():
    zen4, spr = x86(ZEN4), x86(SAPPHIRE_RAPIDS)
    same_args = ["-DGGML_NATIVE=ON"]  # hand-given flags that depend on the building CPU
    assert hardware.cache_key(same_args, zen4, "0.3.36") != hardware.cache_key(same_args, spr, "0.3.36")
    assert hardware.cache_key(hardware.cmake_args(zen4), zen4, "0.3.36") != hardware.cache_key(
        hardware.cmake_args(zen4) + ["-DGGML_CUDA=on"], zen4, "0.3.36")
    assert hardware.cache_key(same_args, zen4, "0.3.36") != hardware.cache_key(same_args, zen4, "0.3.37")
    # Flags that do not matter to ggml (a new kernel mitigation) leave the key alone.
    assert hardware.cache_key(same_args, zen4, "0.3.36") == hardware.cache_key(same_args, x86(ZEN4 + " new_flag"), "0.3.36")


def test_a_build_with_features_the_cpu_lacks_is_named():
    info = "CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | " \
           "AVX512 = 1 | AVX512_VNNI = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 |"
    features = hardware.compiled_features(info)
    assert "AVX_VNNI" in features and "LLAMAFILE" not in features
    assert hardware.missing_on(x86(ZEN4), features) == ["AVX_VNNI"]
    assert hardware.missing_on(x86(SAPPHIRE_RAPIDS), features) == []
    assert hardware.missing_on(x86(HASWELL), features) == ["AVX512", "AVX512_VNNI", "AVX_VNNI"]


def test_physical_cores_count_hyperthreads_once():
    blocks = [f"processor\t: {i}\nphysical id\t: 0\ncore id\t\t: {i // 2}\nflags\t\t: {HASWELL}\n" for i in range(4)]
    cpu = hardware.parse_cpuinfo("\n".join(blocks), arch="x86_64")
    assert (cpu.logical, cpu.physical) == (4, 2)
    assert hardware.thread_plan(0, cpu)[0] <= 2
    assert hardware.thread_plan(3, cpu) == (3, "[llm] n_threads")


# -- the setup self-check -----------------------------------------------------------------------------------

CRASHING_CHILD = """
import os, signal, sys
if not os.path.exists(sys.argv[1]):
    os.kill(os.getpid(), signal.SIGILL)
print("generated")
"""


def test_setup_reports_a_child_killed_by_sigill_and_takes_the_fallback(tmp_path, capsys):
    rebuilt = tmp_path / "portable-build-installed"
    command = [sys.executable, "-c", CRASHING_CHILD, str(rebuilt)]
    marks: list[str] = []
    result = llama_build.self_check(lambda: hardware.probe(command), fallback=lambda: rebuilt.touch(),
                                    mark_crashed=marks.append)
    assert result.ok and "generated" in result.output
    err = capsys.readouterr().err
    assert "does not run on this CPU" in err and "SIGILL" in err and "illegal instruction" in err
    assert "portable" in err
    assert marks and "SIGILL" in marks[0]


def test_setup_stops_with_a_sentence_when_the_fallback_crashes_too(tmp_path):
    command = [sys.executable, "-c", CRASHING_CHILD, str(tmp_path / "never")]
    with pytest.raises(SystemExit) as stopped:
        llama_build.self_check(lambda: hardware.probe(command), fallback=lambda: None)
    assert "portable llama.cpp build does not run here either" in str(stopped.value)
    assert "SIGILL" in str(stopped.value)


def test_setup_does_not_rebuild_when_the_child_fails_without_a_signal():
    rebuilt = []
    with pytest.raises(SystemExit) as stopped:
        llama_build.self_check(lambda: hardware.probe([sys.executable, "-c", "raise SystemExit(3)"]),
                               fallback=lambda: rebuilt.append(1))
    assert "exited with status 3" in str(stopped.value) and not rebuilt


def test_a_crashed_build_is_remembered_and_the_portable_one_chosen(tmp_path, monkeypatch):
    monkeypatch.setattr(llama_build, "CACHE", tmp_path)
    cpu = x86(ZEN4)
    assert llama_build.choose([], cpu) == hardware.cmake_args(cpu)
    folder = llama_build.wheel_folder(hardware.cmake_args(cpu), cpu)
    folder.mkdir(parents=True)
    (folder / llama_build.CRASHED).write_text("SIGILL")
    assert llama_build.choose(["-DGGML_CUDA=on"], cpu) == hardware.cmake_args(cpu) + ["-DGGML_CUDA=on"]
    assert llama_build.choose([], cpu) == hardware.baseline_args(cpu)


def test_a_first_build_prints_only_the_wheel_path_on_stdout(tmp_path, monkeypatch, capfd):
    """`WHEEL=$(python -m kb.llama_build wheel)` in the Makefile: pip's progress must not land in
    the captured path (it did on a machine with no cached wheel, and setup failed)."""
    monkeypatch.setattr(llama_build, "CACHE", tmp_path)
    stand_in_pip = [sys.executable, "-c", (
        "import sys, pathlib; print('Building wheel for llama-cpp-python ... done'); "
        f"pathlib.Path(sys.argv[sys.argv.index('-w') + 1], 'llama_cpp_python-{llama_build.VERSION}-py3-none-linux_x86_64.whl').write_bytes(b'')"
    )]
    cpu = x86(ZEN4)
    wheel = llama_build.build(hardware.cmake_args(cpu), cpu, stand_in_pip)
    out, err = capfd.readouterr()
    assert wheel.is_file() and wheel.parent.parent == tmp_path
    assert "Building wheel" not in out and "Building wheel" in err


@pytest.mark.slow
def test_the_installed_build_runs_a_tiny_generation_in_a_child():
    from tests.conftest import installed_model

    result = hardware.probe(hardware.generation_probe(sys.executable, installed_model("smollm2-135m")))
    assert result.ok, result.message + result.output
    assert "probe ok" in result.output


def test_describe_exit_names_the_signal():
    assert "SIGILL" in hardware.describe_exit(-signal.SIGILL)
    assert hardware.describe_exit(2) == "exited with status 2"
    assert os.name == "posix"


def test_decode_speed_counts_the_step_that_produced_the_end_of_turn_token():
    """A 10-token answer that ended by itself took 10 evaluations after its first token, not 9: counting 9
    made a short answer look ~10 % slower than bare llama.cpp, which counts its final chunk."""
    from kb.models.chat import GenerationStats

    stats = GenerationStats(completion_tokens=10, ttft_ms=100.0, generation_ms=1100.0, stopped=True)
    assert stats.decode_steps == 10 and stats.tokens_per_s == 10.0
    stats.stopped = False  # cut at max_tokens: the last token needed no further evaluation
    assert stats.decode_steps == 9 and stats.tokens_per_s == 9.0
    assert GenerationStats(completion_tokens=1, ttft_ms=5.0, generation_ms=5.0).tokens_per_s is None
