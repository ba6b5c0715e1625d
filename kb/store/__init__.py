"""The store layer: where chunks and the document registry live. `chroma` holds the vector store
(Chroma collections for the chunks and the registry, the crash-safe write protocol, the write lock)
and `lexical` the BM25 index beside it (SQLite FTS5, kb's own English and Chinese tokenizer). It may
import only the bottom layer (`kb.settings`, `kb.errors`, `kb.records`): it knows nothing of models,
ingest, retrieval or answers. Nothing is re-exported; import from the module
(`from kb.store.chroma import Store`).
"""
