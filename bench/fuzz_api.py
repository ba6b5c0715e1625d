"""Fuzz kb's HTTP API with schemathesis: requests generated from kb's own OpenAPI document, valid
(positive) and invalid (negative), against a real server (a one-document store on the hash
embedder, SmolLM2-135M answering, generations capped at a few tokens), with API keys off and on.

A failure is a 5xx, an error response that is not kb's problem details shape, or a request the
schema allows that a JSON route refuses (`STRICT`). `tests/test_fuzz_api.py` runs this briefly;
this script runs it for longer and prints cases, failures and per-operation counts:

    PYTHONPATH=. .venv/bin/python bench/fuzz_api.py --seconds 300 [--keys both|off|on] [--json out.json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, bench/ comes first on sys.path, and bench/ingest.py would hide the ingest package.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() not in (ROOT, ROOT / "bench")]

# JSON-body operations whose schema must promise exactly what they accept: a positive case of one of
# them must get a 2xx. (A wrong key is a credential, not a shape: create_session may say 401.)
STRICT = {"search", "ask", "create_session", "chat_completions"}
CREDENTIAL_STATUSES = {"create_session": {401}}
PROBLEM_FIELDS = {"status", "type", "title", "detail", "request_id", "errors", "error"}
FUZZ_SETTINGS = {  # the fuzzed app: generations of a few tokens, a tiny context
    "KB_RETRIEVAL__MIN_RELEVANCE": "-1", "KB_LLM__MAX_TOKENS": "4", "KB_LLM__MAX_TOKENS_LIMIT": "8",
    "KB_LLM__N_CTX": "1024", "KB_SERVER__QUEUE_SIZE": "4",
    # Condensing a follow-up asks the model for 96 tokens, which [llm] max_tokens_limit (8 here) refuses
    # (a 400 for the client's request): off here, so the cap can stay small (see the notes).
    "KB_LLM__CONDENSE_HISTORY": "false",
}
GENERATING = {"ask", "chat_completions"}  # each case runs the model


@dataclass
class Report:
    """What a fuzz run did: cases and statuses per operation, and the failures (at most 50 kept)."""

    cases: Counter[str] = field(default_factory=Counter)
    statuses: dict[str, Counter[int]] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)
    failure_count: int = 0
    seconds: float = 0.0
    operation_seconds: Counter[str] = field(default_factory=Counter)

    def add(self, label: str, status: int, problem: str | None, case: Any) -> None:
        self.cases[label] += 1
        self.statuses.setdefault(label, Counter())[status] += 1
        if problem:
            self.failure_count += 1
            if len(self.failures) < 50:
                self.failures.append({"operation": label, "status": status, "problem": problem,
                                      "request": _describe(case)})

    def to_dict(self) -> dict[str, Any]:
        return {"cases": sum(self.cases.values()), "failures": self.failure_count, "seconds": round(self.seconds, 1),
                "per_operation": {k: {"cases": n, "seconds": round(self.operation_seconds[k], 1),
                                      "statuses": dict(sorted(self.statuses[k].items()))}
                                  for k, n in sorted(self.cases.items())},
                "failure_examples": self.failures}


def _describe(case: Any) -> str:
    body = getattr(case, "body", None)
    text = body if isinstance(body, str) else json.dumps(body, default=repr, ensure_ascii=False)
    return f"{case.method} {case.formatted_path} {(text or '')[:300]}"


def _header(response: Any, name: str) -> str:
    value = response.headers.get(name, "")  # schemathesis: a list of values; httpx: a string
    return (value[0] if value else "") if isinstance(value, list) else value


def problem_shape(response: Any) -> str | None:
    """Why an error response is not kb's problem details (None when it is)."""
    from kb.api.errors import TYPES

    if not (content_type := _header(response, "content-type")).startswith("application/problem+json"):
        return f"content type {content_type!r}, not application/problem+json"
    try:
        body = response.json()
    except ValueError:
        return "not JSON"
    if not isinstance(body, dict) or not set(body) <= PROBLEM_FIELDS or not {"status", "type", "title", "detail", "error"} <= set(body):
        return f"fields {sorted(body) if isinstance(body, dict) else type(body).__name__}"
    if body["status"] != response.status_code or body["type"] not in TYPES:
        return f"status {body['status']} / type {body['type']!r} for a {response.status_code}"
    if TYPES[body["type"]][0] != response.status_code and body["type"] != "invalid_input":
        return f"type {body['type']!r} is not a {response.status_code}"
    if body["error"] != {"type": body["type"], "message": body["detail"]}:
        return "error is not {type, message}"
    return None


def check(operation_id: str, mode: str, response: Any) -> str | None:
    """The failure a response is, if any."""
    status = response.status_code
    if status >= 500:
        return f"server error {status}: {response.text[:200]}"
    if status >= 400:
        if shape := problem_shape(response):
            return f"not problem details: {shape}"
        if mode == "positive" and operation_id in STRICT and status not in CREDENTIAL_STATUSES.get(operation_id, ()):
            return f"a request the schema allows was refused: {response.json().get('detail', '')[:200]}"
    return None


def fuzz(url: str, headers: dict[str, str] | None = None, *, max_examples: int = 10, generating_examples: int | None = None,
         seconds: float | None = None, seed: int = 0, report: Report | None = None) -> Report:
    """Every operation of the server's OpenAPI document, positive then negative, `max_examples`
    cases each (`generating_examples` for those that run the model), until `seconds` are spent
    when given; `headers` go with every request."""
    import schemathesis
    from schemathesis import GenerationMode

    report = report or Report()
    started = time.perf_counter()
    schema = schemathesis.openapi.from_url(f"{url}/schema/openapi.json", headers=headers or {})
    operations = [result.ok() for result in schema.get_all_operations()]
    share = None if seconds is None else seconds / (2 * len(operations))  # each operation and mode its share of the time
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        for operation in operations:
            if seconds is not None and time.perf_counter() - started > seconds:
                break
            until = None if share is None else time.perf_counter() + share
            operation_id = operation.definition.raw.get("operationId", "")
            label = f"{operation.method.upper()} {operation.path} ({mode.value})"

            examples = generating_examples if operation_id in GENERATING and generating_examples else max_examples
            begun = time.perf_counter()
            _fuzz_operation(operation, mode, url, headers or {}, examples, until, seed, report)
            report.operation_seconds[label] += time.perf_counter() - begun
    report.seconds += time.perf_counter() - started
    return report


def _fuzz_operation(operation: Any, mode: Any, url: str, headers: dict[str, str], examples: int,
                    until: float | None, seed: int, report: Report) -> None:
    """`examples` generated cases of one operation in one mode (none after `until`)."""
    import hypothesis
    import hypothesis.errors
    from hypothesis import HealthCheck, Phase

    operation_id = operation.definition.raw.get("operationId", "")
    label = f"{operation.method.upper()} {operation.path} ({mode.value})"

    @hypothesis.settings(max_examples=examples, deadline=None, database=None, derandomize=False,
                         phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
                         print_blob=False)
    @hypothesis.seed(seed)
    @hypothesis.given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        if until is not None and time.perf_counter() > until:
            return
        try:
            response = case.call(base_url=url, headers=headers, timeout=60)
        except Exception as exc:  # noqa: BLE001 (the server hung up or timed out: a failure too)
            report.add(label, 0, f"no response: {type(exc).__name__}: {exc}", case)
            return
        report.add(label, response.status_code, check(operation_id, mode.value, response), case)

    try:
        run()
    except hypothesis.errors.Unsatisfiable:  # no parameter to get wrong: no negative case
        pass
@contextlib.contextmanager
def fuzz_server(folder: Path, embedder: Any, model: Any, keys: bool, **environ: str) -> Iterator[Any]:
    """The fuzzed server: a one-document store, `model` answering, keys k1 when `keys`."""
    from kb.api import create_app
    from kb.service import KnowledgeBase
    from kb.settings import load_settings
    from tests.support import RunningServer

    docs = folder / "docs"
    docs.mkdir(parents=True)
    (docs / "policy.md").write_text("# Travel\n\nHotel costs are refunded up to 150 euros a night.\n")
    settings = load_settings(environ={
        "KB_STORE__PATH": str(folder / "store"), "KB_SERVER__UPLOADS_DIR": str(folder / "uploads"),
        "KB_SERVER__API_KEYS": "k1" if keys else "", **FUZZ_SETTINGS, **environ,
    })
    kb = KnowledgeBase(settings, embedder=embedder, chat_model=model)
    kb.ingest([docs])
    try:
        with RunningServer(create_app(settings, kb)) as running:
            running.headers = {"Authorization": "Bearer k1"} if keys else {}
            yield running
    finally:
        kb.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300, help="time to fuzz, split over the servers")
    parser.add_argument("--keys", choices=("both", "off", "on"), default="both")
    parser.add_argument("--max-examples", type=int, default=200, help="cases per operation and mode, at most")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()

    from kb.answer.prompting import render_chatml
    from kb.models.chat import LlamaCppModel
    from tests.conftest import installed_model, llm_settings
    from tests.support import HashEmbedder

    model = LlamaCppModel("smollm2-135m", installed_model("smollm2-135m"), llm_settings(n_ctx=1024).llm, 8192,
                          render=render_chatml)
    runs = {"off": [False], "on": [True], "both": [False, True]}[args.keys]
    reports = {}
    with tempfile.TemporaryDirectory() as tmp:
        for keys in runs:
            name = "keys on" if keys else "keys off"
            with fuzz_server(Path(tmp) / name.replace(" ", "-"), HashEmbedder(), model, keys) as server:
                report = Report()
                deadline = args.seconds / len(runs)
                round_ = 0
                while report.seconds < deadline:  # rounds of every operation, new seeds, until the time is spent
                    fuzz(server.url, server.headers, max_examples=args.max_examples,
                         seconds=deadline - report.seconds, seed=args.seed + round_, report=report)
                    round_ += 1
                reports[name] = report.to_dict()
            summary = reports[name]
            print(f"{name}: {summary['cases']} cases in {summary['seconds']} s, {summary['failures']} failures")
            for label, figures in summary["per_operation"].items():
                print(f"  {label:50} {figures['cases']:6} cases {figures['seconds']:6} s  {figures['statuses']}")
            for failure in summary["failure_examples"][:10]:
                print(f"  FAILURE {failure['operation']}: {failure['status']} {failure['problem']}\n    {failure['request']}")
    model.close()
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2, ensure_ascii=False))
    sys.exit(1 if any(r["failures"] for r in reports.values()) else 0)


if __name__ == "__main__":
    main()
