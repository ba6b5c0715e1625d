"""Ingest: loaders (files → sections), chunking (sections → pieces), the pipeline (→ the store)."""
