"""kb: a local retrieval-augmented knowledge base for teams."""

__version__ = "0.1.0"
