# One command to set up and run kb, one to set up and test it. Everything lands in .venv/.
#   make run    install, ingest the sample corpus, search it
#   make test   install, run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
QUERY  ?= How do I roll back a bad deploy?

.PHONY: setup run test test-fast bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "kb needs Python 3.11 (set PYTHON=...)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# The CPU build of torch first: an unpinned torch would pull a multi-GB CUDA build.
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: setup
	$(BIN)/kb ingest corpora/sample
	$(BIN)/kb search "$(QUERY)" --top-k 3

# Real-world PDFs (encrypted, damaged, CJK) from pypdf's source distribution, for the bad-input tests.
PDF_SAMPLES := tests/.cache/pypdf-7.1.0.tar.gz
$(PDF_SAMPLES):
	$(BIN)/pip download --quiet --no-binary :all: --no-deps pypdf==7.1.0 -d tests/.cache

test: setup $(PDF_SAMPLES)
	$(BIN)/python -m pytest

test-fast: setup
	$(BIN)/python -m pytest -m "not slow"

bench: setup
	$(BIN)/python bench/ingest.py

clean:
	rm -rf $(VENV) .kb .pytest_cache
