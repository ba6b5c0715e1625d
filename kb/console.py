"""Terminal rendering for the CLI: the ingest progress bar and summary tables (rich, on stderr/stdout)."""

from __future__ import annotations

import logging
import re
import sys
from datetime import datetime
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from kb.records import Document, IngestReport
from kb.records import Progress as IngestProgress


# Libraries whose own logging repeats what kb reports itself (per-file problems, HTTP calls).
NOISY_LOGGERS = ("chromadb", "httpx", "sentence_transformers", "unstructured", "pypdf", "uvicorn.access")


# C0 and C1 control characters, DEL, and the Unicode line and paragraph separators: what could end
# a log line early or move a terminal's cursor.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


class LogFormatter(logging.Formatter):
    """Every record on one line: control characters in the message (a request path, a file name, a
    question a client sent) are written escaped, so no value can forge a log line. A traceback,
    appended after the message, keeps its lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return _CONTROL.sub(_escape, super().formatMessage(record))


def log_formatter(server: bool = False) -> LogFormatter:
    """The server's lines carry time and request id; the commands' level and logger."""
    return LogFormatter("%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s" if server
                        else "%(levelname)s %(name)s: %(message)s")


def configure_logging(verbose: int, *, server: bool = False, filters: tuple[logging.Filter, ...] = ()) -> None:
    """Logging, set up once at the edge (the CLI's entry point), for every command: on stderr, level
    by -v (commands: warnings, -v info, -vv debug; the server: info), noisy libraries quiet below -vv.
    The server's lines carry time and request id (`filters` set `record.request_id`). A process whose
    logging is already set up (kb embedded in another program, or a test runner) keeps its own."""
    for noisy in NOISY_LOGGERS:
        logging.getLogger(noisy).setLevel(logging.DEBUG if verbose >= 2 else logging.WARNING if server else logging.ERROR)
    root = logging.getLogger()
    if root.handlers:
        return
    level = logging.DEBUG if verbose >= 2 else logging.INFO if verbose == 1 or server else logging.WARNING
    handler = logging.StreamHandler(sys.stderr)
    for log_filter in filters:
        handler.addFilter(log_filter)
    handler.setFormatter(log_formatter(server))
    root.addHandler(handler)
    root.setLevel(level)


class TerminalProgress(IngestProgress):
    """Files (with ETA) and chunks, drawn on stderr while an ingest runs."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[note]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
            disable=not enabled,
        )
        self._files = self._bar.add_task("files ", total=None, note="")
        self._chunks = 0
        self._ocr_pages = 0

    def __enter__(self) -> TerminalProgress:
        self._bar.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._bar.__exit__(kind, exc, tb)

    def planned(self, files: int, bytes_total: int) -> None:
        self._bar.update(self._files, total=files)

    def file_done(self, source: str, status: str, chunks: int) -> None:
        self._bar.update(self._files, advance=1, note=f"{self._counts()} · {source[-40:]}")

    def chunks_embedded(self, count: int) -> None:
        self._chunks += count
        self._bar.update(self._files, note=self._counts())

    def pages_ocred(self, count: int) -> None:
        self._ocr_pages += count
        self._bar.update(self._files, note=self._counts())

    def _counts(self) -> str:
        return f"{self._chunks} chunks" + (f" · {self._ocr_pages} pages OCR'd" if self._ocr_pages else "")


class ByteProgress:
    """A bytes bar for downloads, assembly and hashing: `progress(what, done, total)`."""

    def __init__(self, enabled: bool):
        from rich.progress import DownloadColumn, TransferSpeedColumn

        self._bar = Progress(
            TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True, disable=not enabled,
        )
        self._tasks: dict[str, int] = {}

    def __enter__(self) -> ByteProgress:
        self._bar.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._bar.__exit__(kind, exc, tb)

    def __call__(self, what: str, done: int, total: int | None) -> None:
        if what not in self._tasks:
            self._tasks[what] = self._bar.add_task(what, total=total)
        self._bar.update(self._tasks[what], completed=done, total=total)


def print_report(report: IngestReport, title: str = "Ingest", prune: bool = False) -> None:
    """An ingest's (or a sync pass's) counts, then each failed, skipped, pending and missing file.
    `prune`: the run removes missing documents (a sync), so a dry run says they would go."""
    console = Console()
    title = f"{title} (dry run: nothing changed)" if report.dry_run else f"{title} finished in {report.seconds:.1f} s"
    table = Table(title=title, show_header=False, title_justify="left", min_width=len(title))
    table.add_column(style="bold")
    table.add_column(justify="right")
    verb = "would be " if report.dry_run else ""
    table.add_row("files seen", str(report.files_seen))
    table.add_row(f"{verb}added", str(report.files_added))
    table.add_row(f"{verb}updated", str(report.files_updated))
    table.add_row("unchanged", str(report.files_unchanged))
    removed = len(report.files_missing) if report.dry_run and prune else report.files_removed
    table.add_row(f"{verb}removed", str(removed))
    table.add_row("failed", f"[red]{len(report.files_failed)}[/red]" if report.files_failed else "0")
    table.add_row("skipped (unsupported)", str(len(report.files_skipped)))
    if not report.dry_run:
        table.add_row("chunks added", str(report.chunks_added))
        table.add_row("chunks removed", str(report.chunks_removed))
    console.print(table)
    err = Console(stderr=True)
    for failure in report.files_failed:
        err.print(f"[red]failed[/red] {failure['path']}: {failure['error']}", highlight=False)
    for skipped in report.files_skipped:
        err.print(f"[yellow]skipped[/yellow] {skipped['path']}: {skipped['reason']}", highlight=False)
    for pending in report.files_pending:
        err.print(f"[yellow]pending[/yellow] {pending}: written in the last seconds; the next pass takes it", highlight=False)
    if report.files_missing:
        action = ("would be removed" if prune else "would be kept") if report.dry_run else "kept; run with --prune to remove them"
        err.print(f"{len(report.files_missing)} document(s) gone from the folder ({action}):", highlight=False)
        for source in report.files_missing:
            err.print(f"  {source}", highlight=False)
    if report.repaired:
        err.print(f"repaired {len(report.repaired)} document(s) left unfinished by an interrupted ingest", highlight=False)


def print_documents(docs: list[Document]) -> None:
    console = Console()
    if not docs:
        console.print("No documents yet: add some with `kb ingest PATH`.")
        return
    table = Table(title=f"{len(docs)} documents", title_justify="left")
    columns = [("source", "left"), ("kind", "left"), ("tags", "left"), ("chunks", "right"), ("size", "right"),
               ("modified", "left"), ("ingested", "left"), ("doc_id", "left")]
    for column, justify in columns:
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for doc in docs:
        when = datetime.fromisoformat(doc.ingested_at).strftime("%Y-%m-%d") if doc.ingested_at else ""
        table.add_row(doc.source, doc.kind, ", ".join(doc.tags), str(doc.chunks), _size(doc.size), doc.modified[:10],
                      when, doc.doc_id, markup=False)
    console.print(table)


def _size(size: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return str(size)


def print_doctor(report) -> None:
    """`kb doctor`: one line per check (ok / warning / error), then what to do for each problem."""
    from rich.markup import escape

    console = Console(soft_wrap=True)
    style = {"ok": "green", "warning": "yellow", "error": "bold red"}
    width = max(len(c.name) for c in report.checks)
    for check in report.checks:
        console.print(f"[{style[check.status]}]{check.status:<7}[/] {check.name:<{width}}  {escape(check.detail)}", highlight=False)
        if check.fix and check.status != "ok":
            console.print(f"{'':<7} {'':<{width}}  [dim]→ {escape(check.fix)}[/]", highlight=False)
    errors = sum(c.status == "error" for c in report.checks)
    warnings = sum(c.status == "warning" for c in report.checks)
    console.print("nothing is wrong" if not errors and not warnings else f"{errors} error(s), {warnings} warning(s)")
