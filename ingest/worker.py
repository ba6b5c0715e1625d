"""The child side of the parse pool (ingest.parsing): one process that opens files with the loaders
under an address-space limit and streams their sections back through a pipe.

Protocol, one file at a time: the parent sends `(path, display, kind, is_text, ocr)` (or None to stop;
`ocr` is the file's `OcrOptions`: the OCR models load in the worker at the first page that needs them);
the worker answers `("title", str)`, then `("section", Section)` per section (each page OCR reads is
announced first with `("ocr", page)`: its time has its own limit), then `("end",)`, or
`("error", reason)` at any point. On MemoryError it answers `("memory",)` and exits, so the parent
replaces it with a fresh process.
"""

from __future__ import annotations

import logging
import os
import resource
import sys
from multiprocessing.connection import Connection
from pathlib import Path

from ingest.detect import FileKind
from ingest.loaders import load
from ingest.text import decode
from kb.errors import DocumentError

log = logging.getLogger(__name__)

MEMORY_EXIT = 75  # the worker's exit status after a MemoryError, when even the reply failed


def serve(conn: Connection, memory_bytes: int) -> None:
    """Parse the files the parent sends until it sends None or goes away. The address space may
    grow by `memory_bytes` over what the loaded parsers already take."""
    os.setsid()  # its own process group: a kill takes the converters it started (pandoc) with it
    without_torch()
    if memory_bytes:
        limit = _address_space() + memory_bytes
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        _loop(conn)
    except MemoryError:
        _reply_and_exit(conn)


def _address_space() -> int:
    """This process's virtual memory size in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _loop(conn: Connection) -> None:
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        path, display, kind, is_text, ocr = job
        try:
            parsed = load(Path(path), display, FileKind(kind, is_text), ocr, lambda page: conn.send(("ocr", page)))
            conn.send(("title", parsed.title))
            for section in parsed.sections:
                conn.send(("section", section))
            conn.send(("end",))
        except MemoryError:
            _reply_and_exit(conn)
        except DocumentError as exc:
            conn.send(("error", exc.reason))
        except OSError as exc:
            from ingest.scan import os_reason

            conn.send(("error", os_reason(exc)))
        except Exception as exc:  # a parser bug on one file must not stop the others
            log.exception("%s: unexpected error while parsing", display)
            conn.send(("error", f"unexpected error while parsing: {type(exc).__name__}: {exc}"))


def _reply_and_exit(conn: Connection) -> None:
    """After a MemoryError the process may be in a poor state: say so if it can, then leave."""
    try:
        conn.send(("memory",))
    except BaseException:  # noqa: BLE001, S110 - the exit status says it instead
        pass
    os._exit(MEMORY_EXIT)


def without_torch() -> None:
    """Make torch unimportable in this process (a parse worker or its forkserver). spaCy's thinc
    imports torch when it is installed, only to offer it as a backend; unstructured's partitioners
    never use it. That import is 2-3 s of every ingest's start and ~300 MB of every worker."""
    sys.modules.setdefault("torch", None)  # a None entry makes `import torch` raise ImportError


def warm() -> None:
    """Import the parsers and run each heavy one once (unstructured loads spaCy's model on its first
    call), so processes forked after this start warm. Never raises: a missing parser is reported
    per file, when a file needs it."""
    try:
        decode(b"warm")
        import pypdf  # noqa: F401

        from ingest.loaders import _partition_modules, prepare_unstructured

        prepare_unstructured()
        _partition_modules()
        from unstructured.partition.md import partition_md

        partition_md(text="# Warm\n\nA short paragraph of text, so the sentence tools load.")
    except BaseException as exc:  # noqa: BLE001 - the forkserver must come up whatever happens here
        log.debug("warming the parsers failed: %s", exc)
