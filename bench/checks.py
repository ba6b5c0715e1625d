#!/usr/bin/env python
"""What each of kb's answer checks catches and what it costs, on recorded replies.

    .venv/bin/python bench/checks.py                    # every corpus bench/trust.py has recorded answers for
    .venv/bin/python bench/checks.py --corpus heldout-debian-nut --show   # one corpus, each decision listed
    .venv/bin/python bench/checks.py --json

The checks after the model (kb/answer/citations.py, Answerer.finish) were added one round at a time, each for failures seen then. This replays the replies
bench/trust.py recorded (`--regrade`'s replay) once with every check on, and once more with each
check switched off alone, and counts, for that check, the questions whose outcome it alone decides:

- caught: an unanswerable question refused with the check, answered without it (a near miss it stops);
- cost right: an answerable question refused with the check whose answer without it has every
  answer keyword (a right answer it throws away);
- cost other: an answerable question refused with the check whose answer without it misses a
  keyword (a false refusal all the same, though of an answer that was not right);
- trimmed: an answerable question answered either way whose keywords the check's dropped
  sentences take away (or, negative, give back).

A check earns its place when it catches more than it costs. Only what the recorded replies can
show: a question refused before the model was called (relevance, the term check, the doubt gate)
has no reply to replay, and the term check itself is not replayed (it read search hits the record
does not keep). Switching a check off is done here by replacing the function that makes it (a
benchmark's probe, never kb's behaviour); every check stays on in kb itself.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import trust  # noqa: E402
from kb.answer import citations, generation  # noqa: E402
from kb.settings import load_settings  # noqa: E402


def _caller_is(name: str) -> bool:
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_name.startswith("<"):  # a comprehension inside the caller
        frame = frame.f_back
    return frame is not None and frame.f_code.co_name == name


def _outside(name: str, real: Callable[..., Any], off: Any) -> Callable[..., Any]:
    """`real`, except when called from function `name`, where it gives `off`."""
    def probe(*args: Any, **kwargs: Any) -> Any:
        return off if _caller_is(name) else real(*args, **kwargs)
    return probe


# Each check: the (module, attribute, replacement) that switches it off (a check's replacement takes any
# arguments: the answerer passes some checks more over time).
NEVER = re.compile(r"(?!)")
CHECKS: dict[str, list[tuple[Any, str, Any]]] = {
    "facts (each fact in some passage)": [(citations, "supported", _outside("ground", citations.supported, True))],
    "anchor (a fact near one of the question's words)": [(citations, "telling", lambda anchors, passages: set())],
    "naming (a fact from a passage naming the asked setting)": [
        (citations, "specific_terms", _outside("ground", citations.specific_terms, set()))],
    "default (a default where the passage says default)": [(citations, "_DEFAULT", NEVER), (citations, "_UNSET", NEVER)],
    "owner (a default given as its own setting's)": [(citations, "follows", lambda *a, **k: True)],
    "invented lead (the first sentence made up)": [],  # set below: needs Grounding's field forced off
    "emptied (only a pointer left)": [(generation, "says_something", lambda text: True)],
    "role (who: the role unsaid)": [(generation, "role_unsaid", lambda *_, **__: "")],
    "nobody (who: no name)": [(generation, "names_nobody", lambda *_, **__: False)],
    "no setting (which setting: none named)": [(generation, "names_no_setting", lambda *_, **__: False)],
    "described (which option: no passage says it does what was asked)": [(generation, "described_unsaid", lambda *_, **__: "")],
    "restates (the question given back)": [(generation, "restates", lambda *_, **__: False)],
    "sibling (a neighbour setting)": [(generation, "sibling", lambda *_, **__: "")],
    "wrong kind (an amount of another kind)": [(generation, "wrong_kind", lambda *_, **__: "")],
    "port (a number its passage gives as a port)": [(generation, "port_unsaid", lambda *_, **__: False)],
    "variable (an environment variable no cited passage names)": [(generation, "variable_unsaid", lambda *_, **__: "")],
    "no limit (a claim of no bound unsaid)": [(generation, "unbounded_unsaid", lambda *_, **__: False)],
    "bound (a maximum no passage gives as a bound)": [(generation, "bound_unsaid", lambda *_, **__: False)],
    "absence (\"it is not so\" unsaid)": [(generation, "absence_unsaid", lambda *_, **__: False)],
    "release (a version or first release unsaid)": [(generation, "release_unsaid", lambda *_, **__: "")],
    "worded (an amount in words unsaid)": [(generation, "worded_unsaid", lambda *_, **__: "")],
    "purpose (an acronym's identifier unsaid)": [(generation, "purpose_unsaid", lambda *_, **__: "")],
}


def _never_invented(real: Callable[..., Any]) -> Callable[..., Any]:
    def probe(*args: Any, **kwargs: Any) -> Any:
        checked = real(*args, **kwargs)
        checked.invented_first = False
        return checked
    return probe


CHECKS["invented lead (the first sentence made up)"] = [(generation, "ground", _never_invented(citations.ground))]


@contextlib.contextmanager
def switched_off(patches: list[tuple[Any, str, Any]]) -> Iterator[None]:
    saved = [(module, name, getattr(module, name)) for module, name, _ in patches]
    try:
        for module, name, value in patches:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def measure(corpus: trust.Corpus, settings: Any) -> dict[str, Any]:
    questions, _, on, _ = trust.replay(corpus, settings)
    rows: dict[str, Any] = {}
    for check, patches in CHECKS.items():
        with switched_off(patches):
            _, _, off, _ = trust.replay(corpus, settings)
        tally = {"caught": [], "cost_right": [], "cost_other": [], "trimmed": 0, "trimmed_ids": []}
        for q in questions:
            a, b = on[q.id], off[q.id]
            if a["refused"] and not b["refused"]:
                if not q.answerable:
                    tally["caught"].append(q.id)
                elif b["keyword_hit"]:
                    tally["cost_right"].append(q.id)
                else:
                    tally["cost_other"].append(q.id)
            elif q.answerable and not a["refused"] and not b["refused"] and a["keyword_hit"] != b["keyword_hit"]:
                tally["trimmed"] += 1 if b["keyword_hit"] else -1
                tally["trimmed_ids"].append(q.id)
        rows[check] = tally
    return {"corpus": corpus.name, "checks": rows}


def recorded(corpus: trust.Corpus) -> bool:
    path = trust.CACHE / f"{corpus.name}.json"
    return path.exists() and bool(json.loads(path.read_text(encoding="utf-8")).get("per_question_answers"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", action="append", metavar="NAME", help="a corpus (repeatable; default: every one recorded)")
    parser.add_argument("--show", action="store_true", help="list the questions each check decides")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args()
    settings = load_settings()
    chosen = [c for c in trust.known_corpora() if (not args.corpus or c.name in args.corpus) and recorded(c)]
    if not chosen:
        sys.exit("no recorded answers: run bench/trust.py first")
    results = [measure(c, settings) for c in chosen]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    total: dict[str, dict[str, int]] = {}
    for result in results:
        for check, tally in result["checks"].items():
            sums = total.setdefault(check, {"caught": 0, "cost_right": 0, "cost_other": 0, "trimmed": 0})
            for key in ("caught", "cost_right", "cost_other"):
                sums[key] += len(tally[key])
            sums["trimmed"] += tally["trimmed"]
            if args.show and any(tally[k] for k in ("caught", "cost_right", "cost_other", "trimmed_ids")):
                print(f"{result['corpus']:32} {check[:40]:40} caught {tally['caught']} "
                      f"cost right {tally['cost_right']} cost other {tally['cost_other']} trimmed {tally['trimmed_ids']}")
    print(f"\nover {len(results)} corpora: {', '.join(r['corpus'] for r in results)}\n")
    print("| check | caught (near misses) | cost: right answers | cost: other answers | keywords trimmed |")
    print("|---|---|---|---|---|")
    for check, s in total.items():
        print(f"| {check} | {s['caught']} | {s['cost_right']} | {s['cost_other']} | {s['trimmed']} |")


if __name__ == "__main__":
    main()
