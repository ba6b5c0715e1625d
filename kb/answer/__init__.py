"""The answer layer: grounded answers from retrieved passages. `context` packs the hits into the
passages a prompt numbers, within its token budget; `prompting` renders the Jinja2 templates in
`prompts/` and tells the question's language; `citations` parses, places and checks the `[n]`
markers; `generation` runs one answer end to end (condense, retrieve, refuse or prompt, stream, cite,
ground) as a stream of events. It may import the layers below it: `kb.retrieval`, the models
layer (`kb.models.chat`) and the bottom layer (`kb.settings`, `kb.errors`, `kb.records`); never
`kb.service`, `kb.api` or `kb.cli`, which call it. Nothing is re-exported; import from the module.
"""
