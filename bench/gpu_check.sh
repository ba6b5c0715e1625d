#!/usr/bin/env bash
# GPU check for a CUDA machine: build llama-cpp-python with CUDA, install kb, and report offloaded
# layers, tokens/s and time to first token (bench/generate.py) on the shipped Qwen model.
#
#   bash bench/gpu_check.sh [MODEL]          # default qwen2.5-coder-1.5b
#
# Needs: Python 3.11, nvcc (CUDA toolkit) and a driver. Uses its own venv (.venv-gpu); the CUDA wheel
# gets its own cache folder (the key covers the flags), so the CPU setup is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL="${1:-qwen2.5-coder-1.5b}"
PY="${PYTHON:-python3.11}"
VENV=.venv-gpu

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
test -x "$VENV/bin/python" || "$PY" -m venv "$VENV"
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet torch==2.13.0
# This CPU's ggml flags plus CUDA: a wheel cache folder of its own (kb/llama_build.py).
WHEEL=$("$VENV/bin/python" -m kb.llama_build wheel -DGGML_CUDA=on)
"$VENV/bin/pip" install --quiet --force-reinstall --no-deps "$WHEEL"
"$VENV/bin/pip" install --quiet --find-links "$(dirname "$WHEEL")" -e .
"$VENV/bin/kb" model install smollm2-135m
"$VENV/bin/python" -m kb.llama_build check "$("$VENV/bin/kb" model path smollm2-135m)" -DGGML_CUDA=on
"$VENV/bin/kb" model install "$MODEL"
KB_LLM__MODEL="$MODEL" "$VENV/bin/kb" doctor || true
"$VENV/bin/python" bench/generate.py --model "$MODEL" --n-gpu-layers -1 --repeats 3 --max-tokens 256
