#!/usr/bin/env bash
# GPU check for a CUDA machine: build llama-cpp-python with CUDA, install kb, and report offloaded
# layers, tokens/s and time to first token (bench/generate.py) on the shipped Qwen model.
#
#   bash bench/gpu_check.sh [MODEL]          # default qwen2.5-coder-1.5b
#
# Needs: Python 3.11, nvcc (CUDA toolkit) and a driver. Uses its own venv (.venv-gpu) and wheel
# cache, so the CPU setup is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL="${1:-qwen2.5-coder-1.5b}"
PY="${PYTHON:-python3.11}"
VENV=.venv-gpu
WHEELS="${HOME}/.cache/kb-wheels/cuda"

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
test -x "$VENV/bin/python" || "$PY" -m venv "$VENV"
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet torch==2.13.0
if ! ls "$WHEELS"/llama_cpp_python-0.3.36-*.whl >/dev/null 2>&1; then
  echo "building llama-cpp-python with CUDA (several minutes)..."
  CMAKE_ARGS="-DGGML_CUDA=on -DGGML_NATIVE=OFF" "$VENV/bin/pip" wheel --no-cache-dir --no-deps -w "$WHEELS" llama-cpp-python==0.3.36
fi
"$VENV/bin/pip" install --quiet --find-links "$WHEELS" -e .
"$VENV/bin/python" -c "import llama_cpp; print('GPU offload supported:', bool(llama_cpp.llama_supports_gpu_offload()))"
"$VENV/bin/kb" model install "$MODEL"
"$VENV/bin/python" bench/generate.py --model "$MODEL" --n-gpu-layers -1 --repeats 3 --max-tokens 256
