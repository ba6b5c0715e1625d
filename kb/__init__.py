"""kb: a local retrieval-augmented knowledge base for teams.

The package is a stack of layers, each importing only the ones below it (tests/test_layers.py checks
it): at the bottom `settings`, `errors`, `records` (and `hardware`, stdlib only); above them `store/`,
`models/` and the top-level `ingest` package; then `retrieval`, then `answer/`; `service.KnowledgeBase`
is the one facade over all of them; `api/` and `cli` sit on top. This module holds only the version.
"""

__version__ = "0.1.0"
