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


class EmbeddingSettings(_Section):
    """The sentence-transformers model that embeds passages and queries."""

    model: str = "all-MiniLM-L6-v2"
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
    include: list[str] = msgspec.field(default_factory=lambda: ["**/*"])
    exclude: list[str] = msgspec.field(
        default_factory=lambda: [".*", "**/.*", "**/.*/**", "**/node_modules/**", "**/__pycache__/**"]
    )


class RetrievalSettings(_Section):
    """How passages are found: dense + lexical, fused, optionally reranked, diversified."""

    mode: Literal["dense", "lexical", "hybrid"] = "hybrid"
    top_k: Annotated[int, msgspec.Meta(ge=1, le=100)] = 5
    candidates: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 40
    rrf_k: Annotated[int, msgspec.Meta(ge=1)] = 60
    dense_weight: Annotated[float, msgspec.Meta(ge=0)] = 1.0
    lexical_weight: Annotated[float, msgspec.Meta(ge=0)] = 1.0
    per_document: NonNegativeInt = 3
    reranker: str = ""
    rerank_candidates: Annotated[int, msgspec.Meta(ge=1, le=200)] = 20
    min_relevance: float = 0.3
    neighbours: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0


class Settings(_Section):
    """All of kb's settings. Sections mirror `settings.toml`."""

    store: StoreSettings = msgspec.field(default_factory=StoreSettings)
    embedding: EmbeddingSettings = msgspec.field(default_factory=EmbeddingSettings)
    ingest: IngestSettings = msgspec.field(default_factory=IngestSettings)
    retrieval: RetrievalSettings = msgspec.field(default_factory=RetrievalSettings)
    # The file these settings came from (None: built-in defaults). Not a key of the file.
    source: str | None = None

    def with_overrides(self, **sections: dict[str, Any]) -> Settings:
        """Return a copy with some keys changed, e.g. `with_overrides(store={"collection": "x"})`."""
        data = msgspec.to_builtins(self)
        for name, values in sections.items():
            data[name].update(values)
        return _convert(data, where="override")


SECTIONS = {
    "store": StoreSettings,
    "embedding": EmbeddingSettings,
    "ingest": IngestSettings,
    "retrieval": RetrievalSettings,
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
    from_env = {}
    for section, key, raw in _env_overrides(environ):
        data.setdefault(section, {})[key] = _parse_env_value(section, key, raw)
        from_env[f"{section}.{key}"] = f"{ENV_PREFIX}{section.upper()}__{key.upper()}"
    try:
        settings = _convert(data, where=str(chosen or "settings"))
    except SettingsError as exc:
        named = next((var for key, var in from_env.items() if key in str(exc)), None)
        raise SettingsError(f"{exc} (set by {named})" if named else str(exc)) from exc
    store_path = Path(settings.store.path).expanduser()
    if not store_path.is_absolute():
        store_path = base / store_path
    return settings.with_overrides(store={"path": str(store_path)})


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
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw  # msgspec reports the type error with the key's name


def _convert(data: dict[str, Any], where: str) -> Settings:
    try:
        settings = msgspec.convert(data, Settings)
    except msgspec.ValidationError as exc:
        raise SettingsError(f"{where}: {_readable(str(exc))}") from exc
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
