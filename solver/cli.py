"""The `schinderhannes` command line: parses, calls the library, prints.

Subcommands are imported only when used, so `--help` and `board` stay fast
(OR-Tools alone costs half a second to import).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from solver.core.errors import BadInput, NoSuchPuzzle

# name -> "module:attribute" of a click command or group
COMMANDS = {
    "board": "solver.commands.board:board",
    "cards": "solver.commands.cards:cards",
    "deck": "solver.commands.deck:deck",
    "describe": "solver.commands.puzzle:describe",
    "puzzles": "solver.commands.puzzle:puzzles",
    "print": "solver.commands.print:print_sheets",
    "count": "solver.commands.count:count",
    "odds": "solver.commands.odds:odds",
    "solve": "solver.commands.solve:solve",
    "hint": "solver.commands.hint:hint",
    "generate": "solver.commands.generate:generate",
    "game": "solver.commands.game:game",
    "check": "solver.commands.game:check",
    "play": "solver.commands.game:play",
    "undo": "solver.commands.game:undo",
    "redo": "solver.commands.game:redo",
    "hand": "solver.commands.game:hand",
    "stop": "solver.commands.game:stop",
    "drawpile": "solver.commands.game:drawpile",
    "serve": "solver.commands.serve:serve",
    "simulate": "solver.commands.simulate:simulate",
    "schadenfreude": "solver.commands.schadenfreude:schadenfreude",
    "scandaroon": "solver.commands.scandaroon:scandaroon",
}


class LazyGroup(click.Group):
    """A group whose subcommands live in other modules and are imported on demand."""

    def __init__(self, *args, lazy: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module_name, attribute = self.lazy[name].split(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as missing:
                if not missing.name or not module_name.startswith(missing.name):
                    raise
                return None
            return getattr(module, attribute)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="schinderhannes")
def root() -> None:
    """Schinderhannes: solve, check and generate puzzles of the deduction game.

    Also rule engines for the card games Schadenfreude and Scandaroon.
    """


EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports a command ended by SIGINT
EXIT_INTERNAL_ERROR = 3  # a bug in this program: not bad input (2), not a negative answer (1)


def main() -> None:
    """Entry point: bad input becomes one line on stderr and exit code 2; Ctrl-C exit code 130;
    a bug one line naming the file its traceback was written to, and exit code 3."""
    try:
        result = root.main(standalone_mode=False)
    except NoSuchPuzzle as error:
        click.echo(f"error: {error}; `schinderhannes puzzles` lists them", err=True)
        sys.exit(2)
    except BadInput as error:
        click.echo(f"error: {_worded(error)}", err=True)
        sys.exit(2)
    except (KeyboardInterrupt, click.exceptions.Abort):
        _interrupted()
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except BrokenPipeError:
        sys.exit(1)  # the reader went away (e.g. `| head`): nothing left to say
    except OSError as error:  # a path given on the command line that cannot be written or read
        if error.errno is None and error.filename is None:
            _internal_error(error)
        where = f"{error.filename}: " if error.filename else ""
        message = " ".join(str(error.strerror or error).split())
        click.echo(f"error: {where}{message}; check the path and that its folder exists", err=True)
        sys.exit(2)
    except Exception as error:
        _internal_error(error)
    sys.exit(result if isinstance(result, int) else 0)


def _interrupted() -> None:
    """Ctrl-C: what was finished is kept (every file is written whole or not at all)."""
    from solver.core import workers

    try:
        click.echo("interrupted", err=True)
    finally:
        if workers.native_threads_interrupted:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(EXIT_INTERRUPTED)
        sys.exit(EXIT_INTERRUPTED)


def _internal_error(error: BaseException) -> None:
    """A bug: one line saying so, the traceback in a file to attach to a report, exit code 3."""
    import tempfile
    import traceback

    from solver.core.errors import one_line

    report = "".join(traceback.format_exception(error))
    where = "stderr"
    try:
        handle, path = tempfile.mkstemp(prefix="schinderhannes-error-", suffix=".txt")
        with open(handle, "w", encoding="utf-8") as out:
            out.write(f"schinderhannes {' '.join(sys.argv[1:])}\n\n{report}")
        where = path
    except OSError:
        sys.stderr.write(report)
    summary = one_line(f"{type(error).__name__}: {error}")[:200]
    click.echo(f"internal error ({summary}); please report it with the traceback written to {where}", err=True)
    sys.exit(EXIT_INTERNAL_ERROR)


if __name__ == "__main__":
    main()


def _worded(error: BadInput) -> BadInput:
    """A library error in the words of the command line: what to type to fix it."""
    from solver.table.errors import NoStateFile

    if isinstance(error, NoStateFile):
        return BadInput(f"{error.message}; start one with `schinderhannes game new`", error.file, error.line)
    return error
