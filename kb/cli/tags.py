"""`kb tag` and `kb tags`: set and list the tags search filters match (`kb search --tag`)."""

from __future__ import annotations

import click

from kb.cli.common import collection_option, json_out, knowledge_base


@click.command()
@click.argument("ref", metavar="SOURCE_OR_DOC_ID")
@click.argument("tags", nargs=-1, metavar="[TAG]...")
@collection_option
@click.option("--remove", "-r", "removed", multiple=True, metavar="TAG", help="Remove this tag (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the document as JSON.")
@click.pass_context
def tag(ctx: click.Context, ref: str, tags: tuple[str, ...], collection: str | None, removed: tuple[str, ...],
        as_json: bool) -> None:
    """Add TAGs to a document (by source, doc_id or file path), or remove them with --remove; with
    neither, show its tags.

    Only metadata is written: nothing is embedded again. Tags are case-folded. A tag set or removed
    here outlives new versions of the file and wins over its front matter and folders.

    \b
    Examples:
      kb tag handbook/expenses.md finance policy
      kb tag handbook/expenses.md --remove policy
      kb search "hotel allowance" --tag finance
    """
    with knowledge_base(ctx, collection) as kb:
        doc = kb.tag(ref, add=tags, remove=removed) if tags or removed else kb.find_document(ref)
    if as_json:
        json_out(doc.info())
    else:
        click.echo(f"{doc.source}: {', '.join(doc.tags) or '(no tags)'}")


@click.command("tags")
@collection_option
@click.option("--json", "as_json", is_flag=True, help='Print {"tags": [{"tag", "documents"}]} as JSON.')
@click.pass_context
def tags_command(ctx: click.Context, collection: str | None, as_json: bool) -> None:
    """List every tag and how many documents carry it, most used first."""
    with knowledge_base(ctx, collection) as kb:
        counts = kb.tags()
    if as_json:
        json_out({"tags": [{"tag": t, "documents": n} for t, n in counts.items()]})
        return
    if not counts:
        click.echo("No tags yet: see `kb tag --help`.", err=True)
    for name, count in counts.items():
        click.echo(f"{count:>6}  {name}")
