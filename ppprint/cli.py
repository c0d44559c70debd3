"""The command line: a thin typer layer over the library's functions.

Exit status: 0 success, 1 a diagram's claim is wrong, 2 bad input (a data file
or an argument), always with a one-line message and no traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from ppprint.errors import ClaimError, InputError, PpprintError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Turn game data into checked diagrams, rulebooks and print-and-play sheets.",
    pretty_exceptions_enable=False,
)


class Paper(str, Enum):
    letter = "letter"
    a4 = "a4"


class BookFormat(str, Enum):
    standard = "standard"
    booklet = "booklet"


class FigureFormat(str, Enum):
    svg = "svg"
    png = "png"
    pdf = "pdf"


GamesOption = Annotated[
    Optional[Path],
    typer.Option("--games", help="Folder of game data (default: the games/ folder of this checkout).", file_okay=False),
]


@app.callback()
def main_options(games: GamesOption = None) -> None:
    """ppprint: games as data, rules checked, books printed."""
    if games is not None:
        import os

        os.environ["PPPRINT_GAMES"] = str(games)


def _fail(message: str, status: int) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(status)


def _run(action: Callable[[], Any]) -> Any:
    """Run a command body, turning ppprint's errors into one line and an exit status."""
    try:
        return action()
    except ClaimError as exc:
        for failure in exc.failures:
            typer.echo(f"wrong claim: {failure.one_line()}", err=True)
        typer.echo(f"{len(exc.failures)} wrong claim(s); nothing was written", err=True)
        raise typer.Exit(1) from None
    except InputError as exc:
        _fail(exc.one_line(), 2)
    except PpprintError as exc:
        _fail(str(exc), 2)


@app.command("list")
def list_games() -> None:
    """List the games and their figures."""
    from ppprint.model.game import available_games, load_game

    def body() -> None:
        for game_id in available_games():
            data = load_game(game_id)
            typer.echo(f"{game_id}: {data.meta.title} ({len(data.figures)} figures)")
            for figure in data.figures.values():
                typer.echo(f"  {figure.id}: {len(figure.panels)} panel(s), {figure.claim_count()} claim(s)")

    _run(body)


@app.command()
def verify(games: Annotated[Optional[list[str]], typer.Argument(help="Games to check (default: all).")] = None) -> None:
    """Check every claim of every diagram against the rules engines."""
    from ppprint.model.game import available_games, load_game
    from ppprint.verify import verify_game

    def body() -> None:
        ids = games or available_games()
        diagrams = claims = 0
        failures = []
        for game_id in ids:
            report = verify_game(load_game(game_id))
            diagrams, claims = diagrams + report.diagrams, claims + report.claims
            failures.extend(report.failures)
        for failure in failures:
            typer.echo(f"wrong claim: {failure.one_line()}")
        typer.echo(f"{len(ids)} game(s), {diagrams} diagrams, {claims} claims checked, {len(failures)} wrong")
        if failures:
            raise typer.Exit(1)

    _run(body)


@app.command()
def build(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to build.")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Build every game, and the catalogue OUT/catalogue-<paper>.pdf.")] = False,
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    out: Annotated[Path, typer.Option(help="Output folder.", file_okay=False)] = Path("output"),
    book_format: Annotated[
        BookFormat,
        typer.Option("--format", help="standard: full-size pages; booklet: half-size pages imposed two to a sheet, to fold (OUT/<game>-<paper>-booklet.pdf)."),
    ] = BookFormat.standard,
    figures: Annotated[bool, typer.Option("--figures", help="Also write every figure to OUT/<game>-figures/<figure>.svg and .png.")] = False,
    dpi: Annotated[float, typer.Option(help="Resolution of the PNG figures of --figures.", min=10, max=1200)] = 150.0,
) -> None:
    """Verify, then write rulebook PDFs to OUT/<game>-<paper>.pdf."""
    from ppprint.book.build import build_games
    from ppprint.model.game import available_games

    def body() -> None:
        if all_games == bool(games):
            raise InputError("name one or more games, or give --all (not both)")
        ids = available_games() if all_games else list(games or [])
        written = build_games(ids, paper.value, out, progress=sys.stderr.isatty(), book_format=book_format.value, figures=figures, dpi=dpi, catalogue=all_games)
        for path in written:
            if path.suffix == ".pdf":
                typer.echo(f"wrote {path}")
        if figures:
            typer.echo(f"wrote {sum(p.suffix == '.svg' for p in written)} figures as SVG and PNG ({dpi:g} dpi)")

    _run(body)


@app.command()
def render(
    game: Annotated[str, typer.Argument(help="The game.")],
    figure: Annotated[str, typer.Argument(help="The figure id (see 'ppprint list').")],
    format: Annotated[FigureFormat, typer.Option("--format", help="svg, png or pdf.")] = FigureFormat.svg,
    out: Annotated[Optional[Path], typer.Option(help="Output file (default: output/<game>-<figure>.<format>).", dir_okay=False)] = None,
    dpi: Annotated[float, typer.Option(help="Resolution of PNG output.", min=10, max=1200)] = 150.0,
) -> None:
    """Write one checked figure as SVG, PNG or PDF."""
    from ppprint.engine import get_engine
    from ppprint.model.game import load_game
    from ppprint.output import write_atomic
    from ppprint.render.figure import figure_bytes, render_svg
    from ppprint.verify import check_figure

    def body() -> None:
        data = load_game(game)
        if figure not in data.figures:
            raise InputError(f"unknown figure '{figure}' of {game} (figures: {', '.join(data.figures)})")
        engine = get_engine(game)
        checked, failures = check_figure(engine, data.figures[figure])
        if failures:
            raise ClaimError(failures)
        target = out or Path("output") / f"{game}-{figure}.{format.value}"
        write_atomic(target, figure_bytes(render_svg(engine, checked), format.value, dpi))
        typer.echo(f"wrote {target}")

    _run(body)


@app.command()
def moves(
    game: Annotated[str, typer.Argument(help="The game.")],
    position: Annotated[Optional[str], typer.Option(help="A position in the game's notation, or a file holding one (default: the setup).")] = None,
    explain: Annotated[Optional[str], typer.Option(help="Judge this move instead of listing all.")] = None,
) -> None:
    """List the legal moves of a position, or explain why one move is (il)legal."""
    from ppprint.notation import read_position

    def body() -> None:
        engine, state = read_position(game, position)
        if explain is not None:
            try:
                move = engine.parse_move(state, explain)
            except ValueError as exc:
                raise InputError(f"--explain: {exc}") from None
            typer.echo(str(state.explain(move)))
            return
        for text in sorted(engine.format_move(state, m) for m in state.legal_moves()):
            typer.echo(text)

    _run(body)


@app.command()
def perft(
    game: Annotated[str, typer.Argument(help="The game.")],
    depth: Annotated[int, typer.Argument(help="Depth in plies.", min=0, max=12)],
    position: Annotated[Optional[str], typer.Option(help="Start position (default: the setup).")] = None,
    divide: Annotated[bool, typer.Option("--divide", help="Count per first move.")] = False,
) -> None:
    """Count the move sequences of DEPTH plies from a position."""
    from ppprint.engine import base
    from ppprint.notation import read_position

    def body() -> None:
        _, state = read_position(game, position)
        if divide:
            counts = base.divide(state, depth)
            for move, count in sorted(counts.items()):
                typer.echo(f"{move}: {count}")
            typer.echo(f"total: {sum(counts.values())}")
        else:
            typer.echo(str(base.perft(state, depth)))

    _run(body)


@app.command()
def pnp(
    name: Annotated[str, typer.Argument(help="A game, or 'piecepack' for the piecepack kit.")],
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    double_sided: Annotated[bool, typer.Option("--double-sided", help="Backs on the reverse, aligned for a long-edge flip.")] = False,
    bleed: Annotated[bool, typer.Option("--bleed", help="Extend backgrounds past the cut lines.")] = False,
    size: Annotated[Optional[int], typer.Option(help="Board size, for games whose board varies (SanQi: the field's side).", min=1, max=60)] = None,
    out: Annotated[Path, typer.Option(help="Output folder.", file_okay=False)] = Path("output"),
) -> None:
    """Write print-and-play sheets to OUT/<name>-pnp-<paper>.pdf."""
    from ppprint.book.pnp import PnpOptions, build_pnp
    from ppprint.output import inside, write_atomic

    def body() -> None:
        pdf = build_pnp(name, PnpOptions(paper.value, double_sided, bleed, size))
        target = inside(out, f"{name}-pnp-{paper.value}{'-duplex' if double_sided else ''}.pdf")
        write_atomic(target, pdf)
        typer.echo(f"wrote {target}")

    _run(body)


maze_app = typer.Typer(no_args_is_help=True, help="Piecepackman mazes: check a level file, or generate one to a stick budget.")
app.add_typer(maze_app, name="maze")


@maze_app.command("check")
def maze_check(file: Annotated[Path, typer.Argument(help="A level file (YAML).", dir_okay=False)]) -> None:
    """Check a level: errors (exit 2) break the rules; warnings bend the Daedalus guidelines (exit 0)."""
    from ppprint.maze import check_level

    def body() -> None:
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

    _run(body)


@maze_app.command("generate")
def maze_generate(
    three: Annotated[int, typer.Option("--three", help="Number of 3-sticks.", min=0)],
    ace: Annotated[int, typer.Option("--ace", help="Number of A-sticks.", min=0)],
    seed: Annotated[int, typer.Option(help="Random seed; the same seed gives the same level.")] = 0,
    out: Annotated[Optional[Path], typer.Option(help="Write the level file here (default: print it).", dir_okay=False)] = None,
) -> None:
    """Generate a level that uses exactly the budget and follows the Daedalus guidelines."""
    from ppprint.maze import BudgetError, generate_level, level_to_yaml
    from ppprint.output import write_atomic

    def body() -> None:
        try:
            text = level_to_yaml(generate_level(three, ace, seed))
        except BudgetError as exc:
            raise InputError(str(exc)) from None
        if out is None:
            typer.echo(text, nl=False)
        else:
            write_atomic(out, text.encode("utf-8"))
            typer.echo(f"wrote {out}", err=True)

    _run(body)


def main() -> None:
    """Entry point of the ``ppprint`` command."""
    app()
