"""--help works at every level of the command tree."""

import click
import pytest

from solver import cli


def _commands(group: click.Group, ctx: click.Context, prefix: tuple[str, ...] = ()):
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None:
            continue
        yield (*prefix, name)
        if isinstance(command, click.Group):
            yield from _commands(command, click.Context(command), (*prefix, name))


ALL_COMMANDS = list(_commands(cli.root, click.Context(cli.root)))


def test_root_help(run):
    result = run("--help")
    assert result.exit_code == 0 and "solve" in result.output


@pytest.mark.parametrize("path", ALL_COMMANDS, ids=" ".join)
def test_help_at_every_level(run, path):
    result = run(*path, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_board_lists_districts_and_paths(run):
    result = run("board")
    assert "NW (north-west): Griebelschied, Hahnmühle, Kirn, Herrstein" in result.output
    assert "bridge Boos – Oberhausen  [printed]" in result.output or "Oberhausen – Boos" in result.output


def test_board_svg_is_written(run, tmp_path):
    picture = tmp_path / "board.svg"
    result = run("board", "--svg", str(picture))
    assert result.exit_code == 0
    text = picture.read_text(encoding="utf-8")
    assert text.startswith("<?xml") and "Meisenheim" in text


def test_an_output_path_in_a_missing_folder_is_one_line_and_exit_2(run, tmp_path):
    """Any command writing to a path the user gave: the OS error becomes one line, no traceback."""
    missing = tmp_path / "no-such-folder"
    for args in (["board", "--svg", missing / "b.svg"], ["generate", "-o", missing / "p.yaml"],
                 ["game", "new", missing / "g.yaml", "--players", "A", "B"]):
        code, out, err = run(*args)
        assert code == 2 and out == "", args
        assert err.startswith("error: ") and str(missing) in err and len(err.splitlines()) == 1, err


def test_board_svg_and_generate_refuse_to_replace_a_file_without_force(run, tmp_path):
    picture, puzzle = tmp_path / "board.svg", tmp_path / "p.yaml"
    for path in (picture, puzzle):
        path.write_text("mine\n", encoding="utf-8")
    for args, path in ((["board", "--svg", str(picture)], picture),
                       (["generate", "--difficulty", "easy", "-o", str(puzzle)], puzzle)):
        code, _, err = run(*args)
        assert code == 2 and "give --force" in err and len(err.splitlines()) == 1, err
        assert path.read_text(encoding="utf-8") == "mine\n"
    assert run("board", "--svg", str(picture), "--force").exit_code == 0
    assert picture.read_text(encoding="utf-8").startswith("<?xml")


def test_generate_count_refuses_a_folder_that_holds_one_of_its_puzzles(run, tmp_path):
    (tmp_path / "easy-2.yaml").write_text("mine\n", encoding="utf-8")
    code, _, err = run("generate", "--difficulty", "easy", "--count", "3", "-o", str(tmp_path))
    assert code == 2 and "easy-2.yaml exists; give --force" in err
    assert (tmp_path / "easy-2.yaml").read_text(encoding="utf-8") == "mine\n"


def test_a_card_without_text_names_the_deck_option(run, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("cards:\n  - {number: 5, type: A}\n", encoding="utf-8")
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text("cards: [5]\n", encoding="utf-8")
    code, out, err = run("solve", puzzle, "--deck", deck)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.rstrip().endswith("Write it out under `clues:` instead (e.g. {type: delict, delict: ..., "
                                 "locations: [...]}), or pass your own deck with --deck FILE")
