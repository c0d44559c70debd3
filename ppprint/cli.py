"""The command line: a thin typer layer over the library's functions.

Exit status: 0 success, 1 a diagram's claim is wrong, 2 bad input (a data file,
an argument, an output folder, an error raised by a game's own code, even SystemExit: its file and line),
128 + N when signal N (SIGINT, SIGTERM) stops it, 70 an internal error of ppprint's own;
always with a one-line message and no traceback (see :func:`run`).

Besides the commands here, ``ppprint pnp NAME`` has one sub-command per game
with print-and-play sheets (with the game's own options), and a game whose
folder has ``commands.py`` adds its commands as ``ppprint GAME ...`` (imported
only when they run: ``ppprint --help`` lists them from the folders).

``-q`` leaves only errors and the commands' own results (moves, counts, lists); ``-v`` adds
timings and what the build cache saved. ``ppprint.toml`` (:mod:`ppprint.config`) sets the
defaults of ``--paper``, ``--out`` and ``--format``; an option given overrides them.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import os
import signal
import sys
import time
import traceback
from collections.abc import Sequence
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from ppprint import __version__
from ppprint.errors import GAME_EXITS, ClaimError, ContractError, InputError, Interrupted, PpprintError, UncheckedError, closest, frame_in, shorten
from ppprint.registry import CONFIG_FILE, configure, get_game, registry


def _click_exceptions() -> Any:
    """The module of the click exceptions typer raises: ppprint's one import of a private module.

    Typer 0.22 and later carry their own copy of click (``typer._click``, not the ``click`` package) and
    raise its classes; of them they export only ``BadParameter`` (and their own ``Abort`` and ``Exit``),
    not ``UsageError``, ``ClickException`` or ``NoArgsIsHelpError``, which :func:`run` catches and
    ``resolve_command`` raises. Earlier typer raises click's own, public in ``click.exceptions``.
    The CLI tests check that the public ``typer.BadParameter`` is a ``UsageError`` from here.
    """
    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:
        return importlib.import_module("click.exceptions")


_CLICK = _click_exceptions()
UsageError: type[Exception] = _CLICK.UsageError
ClickException: type[Exception] = _CLICK.ClickException
Abort: type[BaseException] = typer.Abort
NoArgsIsHelpError: type[Exception] = getattr(_CLICK, "NoArgsIsHelpError", UsageError)
"""``ppprint`` (or ``ppprint pnp``) alone: the help is printed, then this is raised (exit status 2)."""


def _type_label(param: Any, ctx: Any) -> str | None:
    """A parameter's type as help shows it: nothing for a flag, and a repeatable option's values followed by
    "...", as click and most tools show them (typer 0.29's own labels are ``<bool>`` and ``<list[a|b]>``)."""
    if getattr(param, "is_flag", False):
        return None
    label = str(type(param).display_type(param, ctx))
    if not (label.startswith("<list[") and label.endswith("]>")):
        return label
    return f"<{label[6:-2]}>" + ("" if isinstance(param, TyperArgument) else "...")  # an argument's name says "..." already


def _plain_labels(command: Any) -> Any:
    """``command`` (and a group's sub-commands), its help labelling each parameter's type by :func:`_type_label`
    (typer 0.29 and later label types in help; the help option itself is made when help is asked for) and
    its paragraphs wrapped to the terminal."""
    if getattr(command, "plain_labels", False):
        return command
    made = command.get_params

    def get_params(ctx: Any) -> list[Any]:
        params: list[Any] = made(ctx)
        for param in params:
            if hasattr(type(param), "display_type"):
                param.display_type_rich = partial(_type_label, param)
        return params

    command.get_params, command.plain_labels = get_params, True
    if command.help:  # rich keeps a docstring's line breaks: one line per paragraph, wrapped to the terminal
        command.help = "\n\n".join(" ".join(paragraph.split()) for paragraph in inspect.cleandoc(command.help).split("\n\n"))
    for sub in getattr(command, "commands", {}).values():
        _plain_labels(sub)
    return command


class _Commands(TyperGroup):
    """ppprint's own commands, ``pnp`` with a sub-command per printable name, and each game's own commands
    (listed as :class:`_GameCommands`, loaded when run)."""

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        names = [*super().list_commands(ctx), "pnp"]
        try:
            return names + [game_id for game_id in _game_command_ids(ctx) if game_id not in names]
        except PpprintError:
            return names

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Any:  # type: ignore[override]
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return _plain_labels(command)
        if cmd_name == "pnp":
            return _plain_labels(_named(typer.main.get_command(pnp_app), "pnp"))
        return _GameCommands(cmd_name) if cmd_name in _game_command_ids(ctx) else None

    def resolve_command(self, ctx: typer.Context, args: list[str]) -> Any:  # type: ignore[override]
        """The command ``args`` names (a game's own commands loaded); for a name that is none, the closest that is."""
        try:
            name, command, rest = super().resolve_command(ctx, args)
        except UsageError as exc:
            close = closest(args[0], self.list_commands(ctx)) if args else None
            if close is None or "Did you mean" in str(exc) or args[0].startswith("-"):
                raise
            raise UsageError(f"No such command '{args[0]}'. Did you mean '{close}'?", ctx) from None
        return name, _plain_labels(command.load()) if isinstance(command, _GameCommands) else command, rest

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        """Run the command; a :data:`GAME_EXITS` exception a game's own code raised is the game's error
        (typer would turn a KeyboardInterrupt into a silent exit 130, and a SystemExit would end ppprint)."""
        start = time.perf_counter()
        try:
            result = super().invoke(ctx)
        except GAME_EXITS as exc:
            raise game_error(exc) or exc
        _detail(f"{ctx.invoked_subcommand}: done in {time.perf_counter() - start:.2f} s")
        return result


class _GameCommands(TyperCommand):
    """A game's own commands as ``ppprint --help`` lists them, without importing the game's commands.py."""

    def __init__(self, game_id: str):
        super().__init__(game_id, help=f"The game's own commands (see 'ppprint {game_id} -h').")

    def load(self) -> Any:
        """The commands of the game's ``app`` (its commands.py imported)."""
        assert self.name is not None
        plugin = get_game(self.name)
        game_app = plugin.hook("commands", "app")
        if game_app is None:
            raise InputError(f"commands.py of game '{self.name}' defines no app", plugin.module_path("commands"))
        return _named(typer.main.get_command(game_app), self.name)


def _game_command_ids(ctx: typer.Context) -> list[str]:
    """The games whose folder has commands.py (found, not imported)."""
    _configure(ctx)
    return [game_id for game_id, where in registry().found().items() if (where.folder / "commands.py").is_file()]


def _named(command: Any, name: str) -> Any:
    command.name = name
    return command


CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}
"""Every command, sub-command and game command (contexts inherit them) takes -h as well as --help."""

app = typer.Typer(
    cls=_Commands,
    context_settings=CONTEXT_SETTINGS,
    no_args_is_help=True,
    help="Turn game data into checked diagrams, rulebooks and print-and-play sheets.",
    pretty_exceptions_enable=False,
)


class Paper(str, Enum):
    letter = "letter"
    a4 = "a4"


class PnpPaper(str, Enum):
    """The papers of print-and-play sheets (:data:`ppprint.book.sheets.PNP_PAPERS`)."""

    letter = "letter"
    a4 = "a4"
    a5 = "a5"
    four_by_six = "4x6"


class BookFormat(str, Enum):
    """The formats of :data:`ppprint.build.formats.FORMATS` (a test holds them equal; the registry is not loaded for --help)."""

    standard = "standard"
    booklet = "booklet"
    html = "html"
    epub = "epub"


class ReportFormat(str, Enum):
    """The formats of :data:`ppprint.build.report.REPORT_FORMATS` (a test holds them equal)."""

    pdf = "pdf"
    html = "html"


class FigureFormat(str, Enum):
    svg = "svg"
    png = "png"
    pdf = "pdf"


def _configure(ctx: typer.Context) -> None:
    """Set the run's games from the top-level options (once, before any command looks a game up)."""
    root = ctx.find_root()
    if root.meta.get("ppprint.configured"):
        return
    root.meta["ppprint.configured"] = True
    configure(root.params.get("games") or [], bundled=not root.params.get("no_bundled", False))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ppprint {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    games: Annotated[
        Optional[list[Path]],
        typer.Option(
            "--games", help="A game folder, or a folder of game folders, to use besides the bundled games (repeatable).", file_okay=False, is_eager=True
        ),
    ] = None,
    no_bundled: Annotated[
        bool, typer.Option("--no-bundled", help="Leave out the bundled and installed games: use only --games folders.", is_eager=True)
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only errors and the command's results: no files written, notes, warnings or progress.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also print how long the command took and what the build cache saved.")] = False,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.", callback=_version, is_eager=True)] = False,
) -> None:
    """ppprint: games as data, rules checked, books printed."""
    global _verbosity
    if quiet and verbose:
        raise InputError("give --quiet or --verbose, not both")
    _verbosity = -1 if quiet else 1 if verbose else 0
    _configure(ctx)
    ctx.default_map = _config_defaults()


_verbosity = 0
"""-1 with --quiet, 1 with --verbose, else 0 (set by :func:`main_options`)."""


def _say(line: str, err: bool = False) -> None:
    """Print a line about the work (a file written, a note, a warning), unless --quiet."""
    if _verbosity >= 0:
        typer.echo(line, err=err)


def _detail(line: str) -> None:
    """Print a line of --verbose, on stderr."""
    if _verbosity > 0:
        typer.echo(line, err=True)


def _progress() -> bool:
    """Whether to show progress bars: on a terminal, unless --quiet."""
    return _verbosity >= 0 and sys.stderr.isatty()


def _config_defaults() -> dict[str, Any] | None:
    """The options' defaults from ``[build]`` of ppprint.toml in the working folder, as click's ``default_map``."""
    path = Path.cwd() / CONFIG_FILE
    if not path.is_file():
        return None
    from ppprint.config import read_settings

    build = read_settings(path).build
    written = {"paper": build.paper, "out": build.out}
    return {"build": {**written, "book_formats": build.formats}, "serve": written, "watch": written, "report": written, "pnp": written}


@app.command("list")
def list_games() -> None:
    """List the games and their figures."""
    for game in registry().plugins():
        data = game.data
        engine = "" if game.module_path("engine").is_file() else ", no engine"
        typer.echo(f"{game.id}: {data.meta.title} ({len(data.figures)} figures{engine})")
        for figure in data.figures.values():
            typer.echo(f"  {figure.id}: {len(figure.panels)} panel(s), {figure.claim_count()} claim(s)")


NoCheckOption = Annotated[
    bool,
    typer.Option(
        "--no-check",
        help="Skip the short engine contract check run on each game's engine before printing (two seeded playouts of 30 plies and"
        " perft, about a tenth of a CPU second a game, kept in the cache; see 'ppprint check'); a broken contract stops the build (exit 1).",
    ),
]
StrictOption = Annotated[
    bool, typer.Option("--strict", help="Fail when a diagram makes no claim, so nothing checks it (exit 1), or a figure file is never placed by the rules text (exit 2).")
]


@app.command()
def verify(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to check (default: all).")] = None,
    strict: StrictOption = False,
) -> None:
    """Check every claim of every diagram against the rules engines."""
    from ppprint.build.jobs import unplaced_warnings
    from ppprint.verify import verify_game

    ids = games or _all_games()
    diagrams = claims = unchecked = 0
    failures = []
    for game_id in ids:
        report = verify_game(get_game(game_id))
        diagrams, claims, unchecked = diagrams + report.diagrams, claims + report.claims, unchecked + report.unchecked
        failures.extend(report.failures)
    for failure in failures:
        typer.echo(f"wrong claim: {failure.one_line()}")
    summary = f"{len(ids)} game(s), {diagrams} diagrams, {claims} claims checked, {len(failures)} wrong"
    _say(summary + (f", {unchecked} diagram(s) unchecked (no claim)" if unchecked else ""))
    unplaced = unplaced_warnings([get_game(game_id) for game_id in ids])
    for _, line in unplaced:
        if strict:
            typer.echo(f"error: {line}", err=True)
        else:
            _say(f"warning: {line}", err=True)
    if failures or (strict and unchecked):
        raise typer.Exit(1)
    if strict and unplaced:
        raise typer.Exit(2)


def _all_games() -> list[str]:
    ids = registry().ids()
    if not ids:
        raise InputError("no games found (give a folder with --games DIR)")
    return ids


@app.command()
def build(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to build.")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Build every game, and the catalogue OUT/catalogue-<paper>.pdf.")] = False,
    paper: Annotated[Paper, typer.Option(help="Paper size (ppprint.toml's build.paper sets the default).")] = Paper.letter,
    out: Annotated[Path, typer.Option(help="Output folder (ppprint.toml's build.out sets the default).", file_okay=False)] = Path("output"),
    book_formats: Annotated[
        list[BookFormat],
        typer.Option(
            "--format",
            help="standard: full-size pages; booklet: half-size pages imposed two to a sheet, to fold (OUT/<game>-<paper>-booklet.pdf);"
            " html: one self-contained web page (OUT/<game>.html, figures as drawn for PAPER); epub: an EPUB 3 (OUT/<game>.epub)."
            " Repeatable: a book in each format, all written as one set or none (ppprint.toml's build.formats sets the default).",
        ),
    ] = [BookFormat.standard],  # noqa: B006 - typer reads the default, nothing changes it
    figures: Annotated[bool, typer.Option("--figures", help="Also write every figure to OUT/<game>-figures/<figure>.svg and .png.")] = False,
    dpi: Annotated[float, typer.Option(help="Resolution of the PNG figures of --figures.", min=10, max=1200)] = 150.0,
    strict: StrictOption = False,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", help="Processes building games side by side (default: every core; 1: one process).", min=1)
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Check and draw every figure afresh, and leave OUT/.ppprint-cache alone.")] = False,
    designers_notes: Annotated[bool, typer.Option("--report", help="End each book with Designer's notes: headline figures and charts of simulated play (see 'ppprint report').")] = False,
    no_check: NoCheckOption = False,
) -> None:
    """Verify, then write rulebook PDFs to OUT/<game>-<paper>.pdf.

    Without a game, inside a game folder, builds that game. Figures are checked and
    drawn once per content: the cache OUT/.ppprint-cache keeps them between builds.
    """
    from ppprint.build.formats import FORMATS
    from ppprint.build.jobs import build_games

    # One build, one process: what is loaded by now lives to the end, so the collector need not walk it
    # again at every pass (about a tenth of a cold build's CPU; forked workers inherit this).
    gc.freeze()
    if all_games and games:
        raise InputError("name one or more games, or give --all (not both)")
    ids = _all_games() if all_games else list(games or _current_game())
    formats = [book_format.value for book_format in book_formats]
    built = build_games(
        ids, paper.value, out, progress=_progress(), book_formats=formats, figures=figures, dpi=dpi,
        # The catalogue is a PDF: it comes with a build that prints PDFs.
        catalogue=all_games and any(FORMATS[name].file.endswith(".pdf") for name in formats),
        strict=strict, jobs=jobs, cache=not no_cache, designers_notes=designers_notes, check=not no_check,
    )
    for path in built.written:
        if path.suffix in (".pdf", ".html", ".epub"):
            _say(f"wrote {path}")
    if built.unchecked:
        _say(f"note: {built.unchecked} diagram(s) make no claim, so nothing checked them (--strict refuses them)")
    for warning in built.warnings:
        _say(f"warning: {warning} (--strict refuses it)", err=True)
    if figures:
        _say(f"wrote {sum(p.suffix == '.svg' for p in built.written)} figures as SVG and PNG ({dpi:g} dpi)")
    _detail(f"{built.reused} figure(s) checked and drawn by an earlier build, taken from {out / '.ppprint-cache'}")


def serve(
    game: Annotated[Optional[str], typer.Argument(help="The game (default: the game whose folder this is).")] = None,
    port: Annotated[int, typer.Option(help="The port on 127.0.0.1 (0: any free port).", min=0, max=65535)] = 8000,
    paper: Annotated[Paper, typer.Option(help="Figures are drawn as they print on this paper (ppprint.toml's build.paper sets the default).")] = Paper.letter,
    out: Annotated[
        Path,
        typer.Option(
            help="Output folder: OUT/<game>.html (and the PDF with --pdf) after every good build, and the cache (ppprint.toml's build.out sets the default).",
            file_okay=False,
        ),
    ] = Path("output"),
    pdf: Annotated[bool, typer.Option("--pdf", help="Also rewrite the PDF, OUT/<game>-<paper>.pdf, after every good build.")] = False,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Check and draw every figure afresh on every build; leave OUT/.ppprint-cache alone.")] = False,
    no_check: NoCheckOption = False,
) -> None:
    """Serve the HTML book on localhost and rebuild it on every change in the game's folder; the page reloads itself.

    A wrong claim or bad data shows as a panel at the top of the page, naming the file and line, above the last
    book that built. Stop with Ctrl-C.
    """
    from ppprint.build.serve import LiveBook, serve as serve_book

    game_id = game or _current_game()[0]
    serve_book(LiveBook(game_id, paper.value, out, pdf=pdf, cache=not no_cache, check=not no_check), port, report=_serve_line)


def _serve_line(line: str) -> None:
    """A line of ``serve``: an error always, the rest unless --quiet."""
    if line.startswith("error"):
        typer.echo(line, err=True)
    else:
        _say(line)


app.command("serve")(serve)
app.command("watch", help="The same as 'serve': serve the HTML book and rebuild it on every change.")(serve)


def _current_game() -> list[str]:
    """The game whose folder is the working folder, for commands run inside it."""
    here = Path.cwd().resolve()
    for game_id, where in registry().found().items():
        if where.folder.resolve() == here:
            return [game_id]
    raise InputError("name one or more games, or give --all (or run this inside a game folder)")


@app.command()
def render(
    game: Annotated[str, typer.Argument(help="The game.")],
    figure: Annotated[str, typer.Argument(help="The figure id (see 'ppprint list').")],
    format: Annotated[FigureFormat, typer.Option("--format", help="svg, png or pdf.")] = FigureFormat.svg,
    out: Annotated[Optional[Path], typer.Option(help="Output file (default: output/<game>-<figure>.<format>).", dir_okay=False)] = None,
    dpi: Annotated[float, typer.Option(help="Resolution of PNG output.", min=10, max=1200)] = 150.0,
) -> None:
    """Write one checked figure as SVG, PNG or PDF."""
    from ppprint.document.book import figure_metadata
    from ppprint.output import write_atomic
    from ppprint.render.figure import figure_bytes, render_figure
    from ppprint.verify import check_figure

    plugin = get_game(game)
    data = plugin.data
    if figure not in data.figures:
        raise InputError(f"unknown figure '{figure}' of {game} (figures: {', '.join(data.figures)})")
    checked, failures = check_figure(plugin.require_engine(), data.figures[figure])
    if failures:
        raise ClaimError(failures)
    target = out or Path("output") / f"{game}-{figure}.{format.value}"
    drawing = render_figure(plugin.require_view(), checked)
    write_atomic(target, figure_bytes(drawing, format.value, dpi, figure_metadata(data.meta, drawing.title)))
    _say(f"wrote {target}")


@app.command()
def moves(
    game: Annotated[str, typer.Argument(help="The game.")],
    position: Annotated[Optional[str], typer.Option(help="A position in the game's notation, or a file holding one (default: the setup).")] = None,
    explain: Annotated[Optional[str], typer.Option(help="Judge this move instead of listing all.")] = None,
) -> None:
    """List the legal moves of a position, or explain why one move is (il)legal."""
    from ppprint.notation import read_position

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


PERFT_DEPTH = 6
"""The deepest ``perft`` counts without ``--no-limit``."""


@app.command()
def perft(
    game: Annotated[str, typer.Argument(help="The game.")],
    depth: Annotated[int, typer.Argument(help=f"Depth in plies (at most {PERFT_DEPTH} without --no-limit).", min=0, max=12)],
    position: Annotated[Optional[str], typer.Option(help="Start position (default: the setup).")] = None,
    divide: Annotated[bool, typer.Option("--divide", help="Count per first move.")] = False,
    no_limit: Annotated[bool, typer.Option("--no-limit", help=f"Count deeper than {PERFT_DEPTH} plies (up to 12): that may take days.")] = False,
) -> None:
    """Count the move sequences of DEPTH plies from a position.

    On a terminal, the count shows its progress (first moves done); Ctrl-C stops it.
    """
    if depth > PERFT_DEPTH and not no_limit:
        raise InputError(f"DEPTH {depth}: perft counts at most {PERFT_DEPTH} plies (each ply multiplies the time, and a deep count may never end); give --no-limit to go deeper")
    from rich.progress import Progress

    from ppprint.engine import base
    from ppprint.notation import read_position

    _, state = read_position(game, position)
    if depth == 0:
        counts = {}
        total = 1
    else:
        with Progress(disable=not _progress(), transient=True) as bar:
            task = bar.add_task(f"perft {game} {depth}: first moves", total=None)
            counts = base.divide(state, depth, lambda done, moves: bar.update(task, completed=done, total=moves))
        total = sum(counts.values())
    if divide:
        for move, count in sorted(counts.items()):
            typer.echo(f"{move}: {count}")
        typer.echo(f"total: {total}")
    else:
        typer.echo(str(total))


@app.command()
def check(
    game: Annotated[Optional[str], typer.Argument(help="The game (default: the game whose folder this is).")] = None,
    playouts: Annotated[int, typer.Option(help="Seeded random games to play and check, position by position.", min=1, max=100_000)] = 20,
    seed: Annotated[int, typer.Option(help="The first playout's seed (the next ones count up from it): the same seed, the same check.", min=0)] = 0,
    max_plies: Annotated[int, typer.Option("--max-plies", help="Plies a playout plays at the most.", min=1, max=1_000_000)] = 400,
    seconds: Annotated[float, typer.Option(help="Time limit: no playout starts after it.", min=0)] = 60.0,
) -> None:
    """Hold the game's rules engine to the engine contract, by seeded random play.

    At every position: legal moves exist exactly when the game is not over, each is judged legal by
    explain and unlisted ones illegal with a declared reason (and at a cell of the board the game's
    view draws, where the verdict says where), apply/undo, clone, serialise and the
    position text read back equal, facts are computed; then perft from the setup through legal_moves
    against explain. The first broken invariant is one line (seed, ply, position, move), exit 1.
    """
    from rich.progress import Progress

    from ppprint.check import ContractFailure, check_engine

    game_id = game or _current_game()[0]
    plugin = get_game(game_id)
    engine = plugin.require_engine()
    try:
        with Progress(disable=not _progress(), transient=True) as bar:
            task = bar.add_task(f"check {game_id}: playouts", total=playouts)
            report = check_engine(engine, playouts, seed, max_plies, seconds, lambda done, _: bar.update(task, completed=done), plugin.cells)
    except ContractFailure as failure:
        failure.game = game_id
        raise
    _say(f"{game_id}: the engine keeps the contract: {report.summary(seed)}")


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="The new game's id, also its folder's name: lower-case words joined by '-' (my-game).")],
    folder: Annotated[Path, typer.Option("--in", help="Where to write the game's folder.", file_okay=False)] = Path("."),
    engine: Annotated[bool, typer.Option("--engine/--no-engine", help="Write a rules engine (engine.py, view.py), or only data.")] = True,
) -> None:
    """Write a new game folder to start from: metadata, rules, figures with claims and a small rules engine."""
    from ppprint.scaffold import create_game

    target = create_game(folder, game, engine)
    _say(f"wrote {target}/ -- build its rulebook with: ppprint build {game}" + (f" (from {folder})" if folder != Path(".") else ""))


@app.command()
def report(
    game: Annotated[str, typer.Argument(help="The game.")],
    games_played: Annotated[int, typer.Option("--games-played", help="Games for each pairing of agents (and each variant).", min=1, max=1_000_000)] = 100,
    agents: Annotated[
        str, typer.Option(help="Agents, comma-separated: random, greedy, mcts:N (N simulations per move), or the game's own; the first is the baseline (default: the game's, else random,greedy).")
    ] = "",
    seed: Annotated[int, typer.Option(help="The seed every game's seed is derived from: the same seed, the same report.", min=0)] = 0,
    workers: Annotated[Optional[int], typer.Option(help="Local worker processes (default: one per core).", min=1)] = None,
    cluster: Annotated[Optional[str], typer.Option(help="A Dask scheduler's address (tcp://host:8786) to play the games on instead (pip install 'ppprint[cluster]').")] = None,
    out: Annotated[Path, typer.Option(help="Output folder (ppprint.toml's build.out sets the default).", file_okay=False)] = Path("output"),
    paper: Annotated[
        Paper, typer.Option(help="Paper size of the report (the web page's charts are drawn for it; ppprint.toml's build.paper sets the default).")
    ] = Paper.letter,
    report_format: Annotated[
        ReportFormat, typer.Option("--format", help="pdf: OUT/<game>-report.pdf; html: one self-contained web page, OUT/<game>-report.html.")
    ] = ReportFormat.pdf,
) -> None:
    """Play many games with computer agents and write a designer's report.

    Writes OUT/<game>-report.pdf or .html (game length, results by seat, branching, skill signal, variants)
    and the raw results OUT/<game>-results.csv and OUT/<game>-results.json.
    """
    from ppprint.build.report import write_report
    from ppprint.play.report import Plan, parse_agents
    from ppprint.play.runner import local_workers

    if workers is not None and cluster is not None:
        raise InputError("give --workers or --cluster, not both")
    plan = Plan(game, games_played, parse_agents(agents), seed)
    written = write_report(
        plan, out, workers=workers or local_workers(), cluster=cluster, progress=_progress(), paper=paper.value, report_format=report_format.value
    )
    for path in written:
        _say(f"wrote {path}")


class _PnpCommands(TyperGroup):
    """``ppprint pnp NAME``: one sub-command per game with print-and-play sheets, plus the piecepack kit."""

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        from ppprint.book.pnp import pnp_names

        _configure(ctx)
        return list(pnp_names())

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Any:  # type: ignore[override]
        from ppprint.book.pnp import KIT, not_printable, pnp_names

        _configure(ctx)
        if cmd_name not in pnp_names():
            raise not_printable(cmd_name)
        title = "the piecepack kit" if cmd_name == KIT else get_game(cmd_name).data.meta.title
        one = typer.Typer(add_completion=False)
        one.command(cmd_name, help=f"Print-and-play sheets of {title}.")(_pnp_writer(cmd_name))
        return _plain_labels(typer.main.get_command(one))


pnp_app = typer.Typer(cls=_PnpCommands, add_completion=False, no_args_is_help=True)


@pnp_app.callback()
def pnp_options(ctx: typer.Context) -> None:
    """Write print-and-play sheets of a game, or of the piecepack kit, to OUT/<name>-pnp-<paper>[-duplex].pdf."""
    if ctx.default_map and ctx.invoked_subcommand:  # ppprint.toml's defaults, for the one command of the chosen name
        ctx.default_map = {ctx.invoked_subcommand: ctx.default_map}


def _pnp_writer(name: str) -> Any:
    """The ``ppprint pnp NAME`` command: paper, sides, bleed and output, plus the options the game declares."""
    from ppprint.book.pnp import options_model

    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [
        inspect.Parameter(
            "paper", keyword, default=PnpPaper.letter, annotation=Annotated[PnpPaper, typer.Option(help="Paper size (4x6: inches, photo paper; ppprint.toml's build.paper sets the default).")]
        ),
        inspect.Parameter("double_sided", keyword, default=False, annotation=Annotated[bool, typer.Option("--double-sided", help="Backs on the reverse, aligned for a long-edge flip.")]),
        inspect.Parameter("bleed", keyword, default=False, annotation=Annotated[bool, typer.Option("--bleed", help="Extend backgrounds past the cut lines.")]),
        inspect.Parameter(
            "out", keyword, default=Path("output"), annotation=Annotated[Path, typer.Option(help="Output folder (ppprint.toml's build.out sets the default).", file_okay=False)]
        ),
    ]
    own = options_model(name).model_fields
    for field_name, info in own.items():
        kind = info.annotation if info.annotation in (int, float, str, bool) else str
        option = typer.Option("--" + field_name.replace("_", "-"), help=f"{info.description or field_name} (default: {info.default})")
        parameters.append(inspect.Parameter(field_name, keyword, default=None, annotation=Annotated[Optional[kind], option]))

    def write(**values: Any) -> None:
        from ppprint.book.pnp import PnpOptions, build_pnp, game_options
        from ppprint.output import inside, write_atomic

        paper, double_sided, bleed, out = values.pop("paper"), values.pop("double_sided"), values.pop("bleed"), values.pop("out")
        chosen = {key: value for key, value in values.items() if value is not None}
        options = PnpOptions(paper.value, double_sided, bleed, game_options(name, chosen))
        pdf = build_pnp(name, options)
        target = inside(out, f"{name}-pnp-{paper.value}{'-duplex' if double_sided else ''}.pdf")
        write_atomic(target, pdf)
        _say(f"wrote {target}")

    write.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return write


EXIT_CLAIM = 1
"""A diagram's claim is wrong (or, with --strict, a diagram makes none)."""
EXIT_INPUT = 2
"""Bad input: a data file, an argument, an output folder that cannot be written."""
EXIT_INTERNAL = 70
"""An error ppprint did not expect: a bug (sysexits' EX_SOFTWARE)."""
TRACEBACK_VARIABLE = "PPPRINT_TRACEBACK"
"""Set to 1 to see the traceback of an internal error (never shown otherwise)."""


def run(args: Sequence[str] | None = None) -> int:
    """Run the command line on ``args`` (default: ``sys.argv[1:]``) and return its exit status.

    Every way a command can fail ends here as one line on stderr (one per wrong claim):
    exit 1 for wrong claims, 2 for bad input, a usage error (with a hint to ``--help``) or an
    exception raised in a game's own code (named by its file and line: :func:`game_code_line`),
    128 + N for signal N (SIGINT, SIGTERM: temporary files are removed first, and a build
    says whether it wrote its files or left the old ones), 70 for an internal error.
    Never a traceback (unless $PPPRINT_TRACEBACK is 1).
    """
    from ppprint.output import interrupted_by, interruptible

    if os.environ.get("NO_COLOR"):
        _no_styles()
    command = _plain_labels(typer.main.get_command(app))
    try:
        with interruptible():
            result = command.main(args=list(args) if args is not None else None, prog_name="ppprint", standalone_mode=False)
        return result if isinstance(result, int) and not isinstance(result, bool) else 0
    except ClaimError as exc:
        for failure in exc.failures:
            _error(f"wrong claim: {failure.one_line()}")
        _error(f"{len(exc.failures)} wrong claim(s); nothing was written")
        return EXIT_CLAIM
    except UncheckedError as exc:
        _error(f"error: {shorten(str(exc))}")
        return EXIT_CLAIM
    except ContractError as exc:
        _error(exc.report_line())
        return EXIT_CLAIM
    except InputError as exc:
        _error(f"error: {exc.one_line()}")
        return EXIT_INPUT
    except PpprintError as exc:
        _error(f"error: {shorten(str(exc))}")
        return EXIT_INPUT
    except UsageError as exc:
        context: Any = getattr(exc, "ctx", None)
        if isinstance(exc, NoArgsIsHelpError) and NoArgsIsHelpError is not UsageError:
            return EXIT_INPUT  # the help is printed already
        command_path = context.command_path if context is not None else "ppprint"
        _error(f"error: {shorten(getattr(exc, 'format_message')())} (see '{command_path} --help')")
        return EXIT_INPUT
    except ClickException as exc:
        _error(f"error: {shorten(getattr(exc, 'format_message')())}")
        return int(getattr(exc, "exit_code", EXIT_INPUT))
    except Abort:
        _error("error: aborted (end of input)")
        return EXIT_CLAIM
    except Interrupted as exc:
        name = signal.Signals(exc.signum).name
        _error(f"error: interrupted by {name}" + (f"; {exc.outcome}" if exc.outcome else ""))
        return 128 + exc.signum
    except KeyboardInterrupt:
        _error("error: interrupted by SIGINT")
        return 128 + signal.SIGINT
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        _error(f"error: {shorten(where + (exc.strerror or str(exc)))}")
        return EXIT_INPUT
    except (Exception, GeneratorExit) as exc:  # noqa: BLE001 - the last resort: one line, never a traceback
        signum = interrupted_by()
        if signum is not None:  # a library turned the interruption into its own error
            _error(f"error: interrupted by {signal.Signals(signum).name}")
            return 128 + signum
        if os.environ.get(TRACEBACK_VARIABLE) == "1":
            traceback.print_exc()
        in_game = game_error(exc)
        if in_game is not None:
            _error(f"error: {in_game.one_line()}")
            return EXIT_INPUT
        what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        _error(f"internal error: {shorten(what)} (a bug: please report it; {TRACEBACK_VARIABLE}=1 shows the traceback)")
        return EXIT_INTERNAL


def _no_styles() -> None:
    """Help without any terminal escapes, for $NO_COLOR (rich alone would keep bold and dim)."""
    from typer import rich_utils

    rich_utils.COLOR_SYSTEM = None


def game_code_line(exc: BaseException) -> tuple[Path, int] | None:
    """The file and line of a game's own code (any module of a game folder) where ``exc`` was raised:
    the innermost frame inside a game folder, in this process or (from its traceback text) in a worker."""
    try:
        folders = [game.folder.resolve() for game in registry().found().values()]
    except PpprintError:
        return None
    return frame_in(exc, folders)


def game_error(exc: BaseException) -> InputError | None:
    """``exc`` as the error of the game whose own code raised it (its file and line), or None."""
    in_game = game_code_line(exc)
    if in_game is None:
        return None
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return InputError(f"the game's own code raised {what}", in_game[0], in_game[1])


def _error(line: str) -> None:
    typer.echo(line, err=True)


def main() -> None:
    """Entry point of the ``ppprint`` command (see :func:`run`)."""
    sys.exit(run())
