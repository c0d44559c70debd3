# SPDX-License-Identifier: MIT
"""Piecepackman's own commands: ``ppprint piecepackman maze check FILE`` and ``... maze generate``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ppprint.api import InputError, write_atomic

from .maze import BudgetError, check_level, generate_level, level_to_yaml

app = typer.Typer(no_args_is_help=True, help="Piecepackman's own commands.")
maze = typer.Typer(no_args_is_help=True, help="Mazes: check a level file, or generate one to a stick budget.")
app.add_typer(maze, name="maze")


@maze.command("check")
def maze_check(file: Annotated[Path, typer.Argument(help="A level file (YAML).", dir_okay=False)]) -> None:
    """Check a level: errors (exit 2) break the rules; warnings bend the Daedalus guidelines (exit 0)."""
    if not file.is_file():
        raise InputError(f"no such level file: {file}")
    report = check_level(file)
    for finding in report.errors:
        typer.echo(f"error: {file}: {finding.one_line()}")
    for finding in report.warnings:
        typer.echo(f"warning: {file}: {finding.one_line()}")
    typer.echo(f"{report.level.id}: {len(report.errors)} error(s), {len(report.warnings)} warning(s)")
    if report.errors:
        raise typer.Exit(2)


@maze.command("generate")
def maze_generate(
    three: Annotated[int, typer.Option("--three", help="Number of 3-sticks.", min=0)],
    ace: Annotated[int, typer.Option("--ace", help="Number of A-sticks.", min=0)],
    seed: Annotated[int, typer.Option(help="Random seed; the same seed gives the same level.")] = 0,
    out: Annotated[Optional[Path], typer.Option(help="Write the level file here (default: print it).", dir_okay=False)] = None,
) -> None:
    """Generate a level that uses exactly the budget and follows the Daedalus guidelines."""
    try:
        text = level_to_yaml(generate_level(three, ace, seed))
    except BudgetError as exc:
        raise InputError(str(exc)) from None
    if out is None:
        typer.echo(text, nl=False)
    else:
        write_atomic(out, text.encode("utf-8"))
        typer.echo(f"wrote {out}", err=True)
