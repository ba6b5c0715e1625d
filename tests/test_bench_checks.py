"""bench/checks.py switches each answer check off alone to count what it stops and what it costs:
it must know every check Answerer.finish makes, or a new check goes uncounted (three did)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What finish calls from kb.answer.citations that checks nothing: it marks, parses or adds citations.
NOT_CHECKS = {"anchor_terms", "attribute", "corroborate", "parse_citations"}


def _checks_finish_makes() -> set[str]:
    tree = ast.parse((ROOT / "kb/answer/generation.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and (node.module or "").endswith("citations") for alias in node.names}
    finish = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "finish")
    called = {node.func.id for node in ast.walk(finish) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    return (called & imported) - NOT_CHECKS


def test_bench_checks_switches_off_every_check_the_answerer_makes():
    checks = _checks_finish_makes()
    assert {"ground", "restates", "purpose_unsaid", "worded_unsaid", "release_unsaid"} <= checks
    probes = (ROOT / "bench/checks.py").read_text(encoding="utf-8")
    missing = sorted(name for name in checks if f'"{name}"' not in probes)
    assert not missing, f"bench/checks.py has no probe for {missing}"
