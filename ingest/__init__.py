"""The ingest layer: files in, chunks in the store. `detect` tells a file's type by its extension and
content, `loaders` turn files into `Section`s (`ocr` reads scanned pages and images, `images` renders them), `text` decodes and normalises, `chunking` cuts sections
into pieces sized in the embedding model's tokens, `scan` finds the files and diffs them against the
registry, `pipeline` runs the scan and the diff, then parses, embeds and commits per file. At run time it imports only the bottom layer (`kb.settings`, `kb.errors`, `kb.records`):
`kb.service`, the one module that drives it, hands it the store and the embedder, which it names for
type hints only. Nothing is re-exported.
"""
