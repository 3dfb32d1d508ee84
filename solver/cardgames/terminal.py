"""What the card games' terminal loops share: lines wrapped for an 80-column terminal."""

from __future__ import annotations

import textwrap

WIDTH = 80  # the play screens are laid out for an 80x24 terminal
NO_BREAK = "\u00a0"  # joins the words of one name ('10 Jester') so that no line ends between them


def keep_together(name: str) -> str:
    """`name` with its spaces made unbreakable for `wrap`, which prints them as spaces."""
    return name.replace(" ", NO_BREAK)


def wrap(text: str, indent: str = "    ") -> list[str]:
    """One line of `text` in lines of at most WIDTH - 1 columns (the last column would
    move the cursor to the next line), broken between words only; continuation lines
    start with `indent`. A word longer than a line stays whole."""
    lines = textwrap.wrap(text, WIDTH - 1, subsequent_indent=indent, break_long_words=False,
                          break_on_hyphens=False) or [""]
    return [line.replace(NO_BREAK, " ") for line in lines]


def wrap_all(text: str, indent: str = "    ") -> str:
    """Every line of `text` wrapped as `wrap` does; a line's leading spaces are kept."""
    return "\n".join(wrapped for line in text.split("\n") for wrapped in wrap(line, indent))


def read_line(prompt: str) -> str:
    """A line typed after `prompt`. The end of the input (Ctrl-D) ends the prompt's line
    and raises EOFError, which the play loops take as 'quit'; Ctrl-C stays an interrupt."""
    try:
        return input(f"{prompt} ")
    except EOFError:
        print()
        raise
