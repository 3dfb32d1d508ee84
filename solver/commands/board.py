"""`schinderhannes board`: list the districts and paths, or draw the board."""

from __future__ import annotations

import click

from solver.commands.options import board_option, echo_json, json_option, load_board_warned, refuse_overwrite


@click.command()
@board_option
@click.option("--svg", "picture", type=click.Path(dir_okay=False),
              help="Draw the board to this file (SVG; .png and .pdf work too).")
@click.option("--force", is_flag=True, help="Replace the --svg file if it exists.")
@json_option
def board(board_file: str | None, picture: str | None, force: bool, as_json: bool) -> None:
    """List the board's districts and paths, or draw it with --svg FILE."""
    from solver.core import names

    if picture:
        refuse_overwrite(picture, force)
    the_board = load_board_warned(board_file)
    if picture:
        from solver.core.drawing import draw_board

        draw_board(the_board, picture)
        if not as_json:
            click.echo(f"wrote {picture}")
    paths = [
        {"between": [a, b], "bridge": data["bridge"], "provenance": data["provenance"]}
        for a, b, data in the_board.graph.edges(data=True)
    ]
    if as_json:
        echo_json({"districts": {code: list(members) for code, members in _districts(the_board).items()},
                   "paths": paths, "warnings": the_board.warnings})
        return
    if picture:
        return
    for code, members in _districts(the_board).items():
        click.echo(f"{code} ({names.DISTRICT_NAMES[code]}): {', '.join(members)}")
    click.echo("")
    click.echo(f"{len(paths)} paths ({sum(p['bridge'] for p in paths)} bridges):")
    for path in paths:
        a, b = path["between"]
        kind = "bridge" if path["bridge"] else "path  "
        click.echo(f"  {kind} {a} – {b}  [{path['provenance']}]")


def _districts(the_board) -> dict[str, list[str]]:
    from solver.core import names

    found: dict[str, list[str]] = {code: [] for code in names.DISTRICTS}
    for node, district in the_board.graph.nodes(data="district"):
        found[district].append(node)
    return found
