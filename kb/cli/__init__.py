"""The `kb` command line: a thin client of `KnowledgeBase`.

Answers go to stdout, progress and diagnostics to stderr. `--json` prints exactly one JSON object.
Exit codes: 0 success, 1 failure (for ingest: some files failed, the rest went in), 2 misuse.

`main` (the `kb` group, the entry point `kb.cli:main`) and the commands over the documents are in
commands.py; `tag` and `tags` in tags.py; the `model` group in models.py, the `eval` group in
evaluation.py; what they share in common.py.
"""

from kb.cli.commands import main

__all__ = ["main"]
