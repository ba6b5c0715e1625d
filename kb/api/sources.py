"""`/api/sources`: the folders `kb serve` keeps in sync (`[[sources]]`, kb/sync.py), how each is
doing (last pass, files pending, failures with reasons), and a pass on request."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from litestar import Controller, get, post

from kb.api.schemas import from_dict
from kb.errors import NotFound

if TYPE_CHECKING:
    from kb.api.app import Service


class FileFailure(msgspec.Struct):
    path: str
    error: str


class SourceState(msgspec.Struct):
    path: str
    collection: str
    watch: bool
    watching: bool  # file-system events arrive (false: a folder not there yet; rescans go on)
    rescan_s: float
    prune: bool
    state: str  # starting | syncing | idle | waiting (for the write lock) | error
    last_sync: str | None  # when the last pass finished (UTC)
    last_seconds: float
    passes: int
    last_report: dict[str, Any] | None  # the last pass's counts, as `kb ingest --json` prints them
    pending: list[str]  # changed files not ingested yet (being written, or waiting for the next pass)
    pending_count: int
    failures: list[FileFailure]
    error: str  # why the last pass could not run at all


class Sources(msgspec.Struct):
    sources: list[SourceState]


class SourcesController(Controller):
    path = "/api/sources"
    tags = ["sources"]

    @get("/", operation_id="list_sources", sync_to_thread=False, summary="Folders kept in sync")
    def list_sources(self, service: Service) -> Sources:
        """Every `[[sources]]` folder of the settings and how its sync is doing."""
        return from_dict({"sources": service.syncer.status() if service.syncer else []}, Sources)

    @post("/sync", operation_id="sync_sources", status_code=202, sync_to_thread=False, summary="Sync now")
    def sync(self, service: Service, path: str | None = None) -> Sources:
        """Run a pass of every source now (or of the one whose `path` is given), without waiting for
        its next event or rescan. Returns at once; `GET /api/sources` shows the pass."""
        chosen = service.syncer.request(path) if service.syncer else []
        if path is not None and not chosen:
            raise NotFound(f"no source with path {path!r} in the settings' [[sources]]")
        return from_dict({"sources": chosen}, Sources)
