"""Settings: one typed object from settings.toml plus KB_* overrides; every mistake named."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from kb.errors import SettingsError
from kb.settings import SECTIONS, Settings, load_settings

ROOT = Path(__file__).resolve().parent.parent


def test_shipped_file_equals_the_defaults():
    shipped = load_settings(ROOT / "settings.toml", environ={})
    defaults = load_settings(environ={})
    assert msgspec.structs.replace(shipped, source=None) == msgspec.structs.replace(
        defaults,
        store=msgspec.structs.replace(defaults.store, path=str(ROOT / ".kb/store")),
        llm=msgspec.structs.replace(defaults.llm, models_dir=str(ROOT / ".kb/models")),
        server=msgspec.structs.replace(defaults.server, uploads_dir=str(ROOT / ".kb/uploads")),
    )
    # The shipped models are registered once, in code; the file adds none of its own.
    assert shipped.models == defaults.models and set(defaults.models) == {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "smollm2-135m"}


def test_every_key_is_documented_with_a_comment():
    lines = (ROOT / "settings.toml").read_text().splitlines()
    section = None
    documented: set[str] = set()
    for i, line in enumerate(lines):
        if match := re.match(r"^\[([^\]]+)\]$", line):
            section = match.group(1)
        elif (section or "").startswith("models.") and re.match(r"^(\w+) = ", line):
            continue  # registry entries: their fields are documented once, above the first one
        elif match := re.match(r"^(\w+) = ", line):
            assert lines[i - 1].startswith("#"), f"{section}.{match.group(1)} has no comment above it"
            documented.add(f"{section}.{match.group(1)}")
    expected = {f"{name}.{key}" for name, struct in SECTIONS.items() for key in struct.__struct_fields__}
    assert documented == expected


def test_env_overrides_with_types(tmp_path):
    settings = load_settings(
        environ={
            "KB_STORE__PATH": "/data/kb",
            "KB_INGEST__CHUNK_SIZE": "180",
            "KB_INGEST__EXCLUDE": '["*.tmp"]',
            "KB_STORE__COLLECTION": "team-docs",
            "KB_EMBEDDING__QUERY_PREFIX": "query: ",
        }
    )
    assert settings.store.path == "/data/kb"
    assert settings.ingest.chunk_size == 180
    assert settings.ingest.exclude == ["*.tmp"]
    assert settings.store.collection == "team-docs"
    assert settings.embedding.query_prefix == "query: "
    assert load_settings(environ={"KB_STORE__COLLECTION": "2024", "KB_STORE__MODE": "http"}).store.collection == "2024"


def test_a_bad_environment_value_names_the_variable():
    with pytest.raises(SettingsError, match=r"ingest.chunk_size: Expected `int`, got `str` \(set by KB_INGEST__CHUNK_SIZE\)"):
        load_settings(environ={"KB_INGEST__CHUNK_SIZE": "lots"})


def test_relative_store_path_is_resolved_against_the_settings_file(tmp_path):
    file = tmp_path / "conf" / "kb.toml"
    file.parent.mkdir()
    file.write_text('[store]\npath = "data"\n')
    assert load_settings(file, environ={}).store.path == str(tmp_path / "conf" / "data")
    assert load_settings(environ={"KB_SETTINGS": str(file)}).source == str(file)


@pytest.mark.parametrize(
    ("content", "env", "message"),
    [
        ("[store]\npth = 'x'\n", {}, "unknown setting store.pth"),
        ("[stor]\npath = 'x'\n", {}, "unknown setting stor"),
        ("[ingest]\nchunk_size = 'big'\n", {}, "ingest.chunk_size: Expected `int`"),
        ("[ingest]\nchunk_size = 4\n", {}, "ingest.chunk_size: Expected `int` >= 16"),
        ("[store]\nmode = 'cloud'\n", {}, "store.mode"),
        ("[store]\ncollection = 'a b'\n", {}, "store.collection"),
        ("[ingest]\nchunk_size = 100\nchunk_overlap = 100\n", {}, "chunk_overlap (100) must be smaller"),
        ("", {"KB_INGEST__CHUNK_SIZE": "lots"}, "ingest.chunk_size"),
        ("", {"KB_STORE__PTH": "x"}, "KB_STORE__PTH: unknown setting store.pth"),
        ("", {"KB_NOPE__X": "x"}, "KB_NOPE__X: unknown settings section 'nope'"),
        ("[store\n", {}, "not valid TOML"),
    ],
)
def test_mistakes_are_named(tmp_path, content, env, message):
    file = tmp_path / "settings.toml"
    file.write_text(content)
    with pytest.raises(SettingsError) as caught:
        load_settings(file, environ=env)
    assert message in str(caught.value)


def test_missing_file_is_an_error(tmp_path):
    with pytest.raises(SettingsError, match="does not exist"):
        load_settings(tmp_path / "nope.toml", environ={})


def test_settings_is_one_typed_object():
    settings = load_settings(environ={})
    assert isinstance(settings, Settings)
    assert settings.with_overrides(store={"collection": "other"}).store.collection == "other"
    assert settings.store.collection == "documents"
