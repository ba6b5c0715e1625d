"""`kb model`: list, install, verify and locate the chat models of the registry."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from kb.cli.common import interruptible, json_out
from kb.settings import load_settings


@click.group()
def model() -> None:
    """List, install and verify the chat models of the registry ([models.NAME] in the settings)."""


def _model_manager(ctx: click.Context):
    from kb.models.registry import ModelManager

    return ModelManager(load_settings(ctx.obj["settings_path"]))


def _model_action(ctx: click.Context, name: str, as_json: bool, action: Callable, done: str) -> None:
    """Run a model action with a bytes progress bar on a terminal; print the model or one line."""
    from kb.console import ByteProgress

    manager = _model_manager(ctx)
    with ByteProgress(enabled=not as_json and sys.stderr.isatty()) as progress:
        path = action(manager, progress)
    if as_json:
        json_out(manager.status(name).to_dict())
    else:
        click.echo(f"{name}: " + done.format(path=path, sha256=manager.spec(name).sha256))


@model.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print the registry as JSON.")
@click.pass_context
def model_list(ctx: click.Context, as_json: bool) -> None:
    """The registered models, whether installed and verified; * marks [llm] model."""
    manager = _model_manager(ctx)
    rows = manager.list()
    if as_json:
        json_out({"default": manager.settings.llm.model, "models": [r.to_dict() for r in rows]})
        return
    for row in rows:
        mark = "*" if row.name == manager.settings.llm.model else " "
        state = "verified" if row.verified else "installed" if row.installed else "not installed"
        size = f"{(row.spec.size or 0) / 1e6:,.0f} MB" if row.spec.size else ""
        click.echo(f"{mark} {row.name:<22} {row.spec.source:<5} {row.spec.quantization:<7} {size:>9}  {state}")


@model.command(name="install")
@click.argument("name")
@click.option("--force", is_flag=True, help="Install again even when a verified file is there.")
@click.option("--json", "as_json", is_flag=True, help="Print the installed model as JSON.")
@click.pass_context
@interruptible
def model_install(ctx: click.Context, name: str, force: bool, as_json: bool) -> None:
    """Fetch or assemble model NAME into the models folder and verify its sha256.

    \b
    Examples:
      kb model install qwen2.5-coder-0.5b
      kb model install qwen2.5-coder-1.5b --force
    """
    _model_action(ctx, name, as_json, lambda m, p: m.install(name, p, force=force), "installed and verified at {path}")


@model.command(name="verify")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def model_verify(ctx: click.Context, name: str, as_json: bool) -> None:
    """Hash model NAME's file again and compare it with the registry (exit 1 when it differs)."""
    _model_action(ctx, name, as_json, lambda m, p: m.verify(name, p, force=True), "{path} matches sha256 {sha256}")


@model.command(name="info")
@click.argument("name")
@click.pass_context
def model_info(ctx: click.Context, name: str) -> None:
    """Everything the registry knows about model NAME, as JSON."""
    json_out(_model_manager(ctx).status(name).to_dict())


@model.command(name="path")
@click.argument("name")
@click.pass_context
def model_path(ctx: click.Context, name: str) -> None:
    """The file model NAME is (or will be) installed at, for scripts."""
    click.echo(str(_model_manager(ctx).path(name)))
