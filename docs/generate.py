"""Writes docs/cli.md from the CLI's own --help texts, so the reference never drifts from the code.

    .venv/bin/python docs/generate.py          # rewrite docs/cli.md
    .venv/bin/python docs/generate.py --check  # exit 1 when docs/cli.md is out of date (a test runs this)
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CLI_MD = ROOT / "docs" / "cli.md"
WIDTH = 100


def _commands(chain: list[tuple[str, click.Command]]):
    """Every command as its chain from the root: [("kb", main), ("eval", eval), ("answers", ...)]."""
    yield chain
    command = chain[-1][1]
    if isinstance(command, click.Group):
        for name in command.list_commands(click.Context(command)):
            yield from _commands([*chain, (name, command.get_command(click.Context(command), name))])


def cli_markdown() -> str:
    from kb.cli import main

    lines = ["# `kb` command reference", "",
             "Generated from `kb --help` by `docs/generate.py`; a test fails when it is out of date.", ""]
    for chain in _commands([("kb", main)]):
        context = None
        for name, command in chain:
            settings = {**command.context_settings, "max_content_width": WIDTH, "terminal_width": WIDTH}
            context = click.Context(command, info_name=name, parent=context, **settings)
        path = [name for name, _ in chain]
        lines += [f"{'#' * min(len(path) + 1, 4)} `{' '.join(path)}`", "", "```text", context.get_help(), "```", ""]
    return "\n".join(lines)


def main() -> int:
    text = cli_markdown()
    if "--check" in sys.argv[1:]:
        if not CLI_MD.is_file() or CLI_MD.read_text(encoding="utf-8") != text:
            print(f"{CLI_MD.relative_to(ROOT)} is out of date: run .venv/bin/python docs/generate.py", file=sys.stderr)
            return 1
        return 0
    CLI_MD.write_text(text, encoding="utf-8")
    print(f"wrote {CLI_MD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
