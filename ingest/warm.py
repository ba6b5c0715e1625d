"""Imported by the parse pool's forkserver when a run needs unstructured: it loads the parsers once,
so every worker forked from it (a replacement for a killed one included) starts warm."""

from ingest.worker import warm, without_torch

without_torch()  # before anything imports spaCy
warm()
