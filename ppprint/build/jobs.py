"""Building books for several games: verify everything first, then write each file atomically.

Each game is verified and its book made by one :class:`GameBuild`, through the
build cache (:mod:`ppprint.build.cache`). Several games are built on a pool of
processes, one game a task; every file comes back to this process, which writes
them all only when every game verified and built -- exactly what a build in one
process writes, byte for byte.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ppprint.book.catalogue import build_catalogue
from ppprint.build.cache import GameFigures, Store, cache_folder
from ppprint.build.formats import Printing, print_book
from ppprint.document.book import Book, figure_metadata, rulebook
from ppprint.errors import ClaimError, ClaimFailure, InputError, Interrupted, PpprintError, UncheckedError
from ppprint.model.game import unplaced_figures
from ppprint.registry import Plugin, configure, get_game, registry
from ppprint.output import ALL_WRITTEN, end_with_parent, write_set
from ppprint.render.draw import Drawing
from ppprint.render.figure import figure_bytes, render_figure
from ppprint.render.fonts import register_fonts
from ppprint.verify import VerifyReport

T = TypeVar("T")


@dataclass(frozen=True)
class Build:
    """What a build wrote, and how many of its diagrams nothing checked."""

    written: list[Path]
    unchecked: int
    reused: int = 0
    """Figures whose verification came from the cache (so they were not checked again)."""
    warnings: list[str] = field(default_factory=list)
    """Lines to print: figure files the rules text never places."""


def unplaced_warnings(games: list[Plugin]) -> list[tuple[Path, str]]:
    """A warning for each figure file that a game's rules text never places (see
    :func:`~ppprint.model.game.unplaced_figures`): the file, and the line to print."""
    warnings = []
    for game in games:
        for path in unplaced_figures(game.data):
            how = f'{{{{ figure("{path.stem}") }}}}' if path.suffix == ".yaml" else f"![caption]({path.relative_to(game.data.folder).as_posix()})"
            warnings.append((path, f"{path}: the rules text never places this figure (add {how} to {game.data.rules_path.name}, or remove the file)"))
    return warnings


def _check_strict(strict: bool, unchecked: int, games: list[Plugin]) -> None:
    """With ``strict``, refuse diagrams that make no claim and figure files the rules text never places."""
    if not strict:
        return
    if unchecked:
        raise UncheckedError(f"{unchecked} diagram(s) make no claim, so nothing checks them (--strict); nothing was written")
    unplaced = unplaced_warnings(games)
    if unplaced:
        path, _ = unplaced[0]
        more = f" (and {len(unplaced) - 1} more)" if len(unplaced) > 1 else ""
        raise InputError(f"the rules text never places this figure{more} (--strict); nothing was written", path)


def figure_files(game: Plugin, report: VerifyReport, dpi: float = 150.0, draw: Callable[[str], Drawing] | None = None) -> list[tuple[str, bytes]]:
    """Every figure of a game as ``<game>-figures/<figure>.svg`` and ``.png`` (at ``dpi``), each with the game's
    credit and licence.

    ``draw`` draws a figure by id (by default, from the checked figures of ``report``).
    """
    if draw is None:
        view = game.require_view()
        draw = lambda figure_id: render_figure(view, report.figures[figure_id])  # noqa: E731
    files = []
    for figure_id in game.data.figures:
        drawing = draw(figure_id)
        metadata = figure_metadata(game.data.meta, drawing.title)
        files.append((f"{game.id}-figures/{figure_id}.svg", figure_bytes(drawing, "svg", metadata=metadata)))
        files.append((f"{game.id}-figures/{figure_id}.png", figure_bytes(drawing, "png", dpi, metadata)))
    return files


@dataclass(frozen=True)
class BuildOptions:
    """What every game of one build is built with."""

    paper: str
    book_formats: tuple[str, ...] = ("standard",)
    """The formats each game's book is printed in (names of :data:`~ppprint.build.formats.FORMATS`)."""
    figures: bool = False
    dpi: float = 150.0
    strict: bool = False
    out: Path | None = None
    """The output folder (left out of every game digest); with ``cache``, the cache is ``OUT/.ppprint-cache``."""
    cache: bool = True
    notes: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Designer's notes to end books with: each game's summary of simulated play (:func:`ppprint.play.report.notes_summary`)."""
    check: bool = True
    """Hold each game's engine to the short contract check (:func:`ppprint.check.check_before_printing`) once its claims hold."""


class GameBuild:
    """One game of a build: verified (:meth:`verify`), then its files made (:meth:`files`), drawing through the cache."""

    def __init__(self, game_id: str, options: BuildOptions):
        self.options = options
        # A game of its own, not the registry's: its data is read now, as its cache keys are.
        self.game = Plugin(get_game(game_id).where)
        folder = cache_folder(options.out) if options.cache and options.out is not None else None
        self.store = Store(folder)
        self.figures = GameFigures(self.game, self.store, options.out)
        self.report = VerifyReport(game_id)

    def verify(self) -> VerifyReport:
        """Check the game's claims and then (with ``check``, when they hold) its engine's contract, which raises
        a :class:`~ppprint.check.ContractFailure`."""
        self.report = self.figures.verify()
        if self.options.check and not self.report.failures:
            self.figures.check_contract()
        return self.report

    def book(self) -> Book:
        """The game's book on the build's paper, its figures drawn through the cache, ended by its
        Designer's notes when the build has them (``--report``)."""
        book = rulebook(self.game, self.report, self.options.paper, self.figures.drawing)
        summary = self.options.notes.get(self.game.id)
        if summary is None:
            return book
        from ppprint.play.book import notes_book

        return book.with_appendix(notes_book(summary, self.options.paper))

    def files(self) -> list[tuple[str, bytes]]:
        """The game's book in each format and (with ``figures``) its figure files, by name inside the output folder."""
        options = self.options
        printing = Printing(layouts=self.figures, keys=self.figures.keys)
        book = self.book()
        files = [print_book(book, name, printing) for name in options.book_formats]
        if options.figures:
            files += figure_files(self.game, self.report, options.dpi, self.figures.drawing)
        self.figures.drawn.clear()  # the next game's book needs the memory more
        return files


@dataclass
class _Raised:
    """An error raised in a worker, carried back whole (its type, arguments and attributes)."""

    kind: type[PpprintError]
    args: tuple[Any, ...]
    attributes: dict[str, Any]

    @classmethod
    def of(cls, error: PpprintError) -> _Raised:
        return cls(type(error), error.args, dict(vars(error)))

    def error(self) -> PpprintError:
        error = self.kind.__new__(self.kind)
        error.args = self.args
        vars(error).update(self.attributes)
        return error


@dataclass
class _GameOutcome:
    """What a worker sends back for one game."""

    verify_error: _Raised | None = None
    failures: list[ClaimFailure] = field(default_factory=list)
    unchecked: int = 0
    reused: int = 0
    build_error: _Raised | None = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    cache: dict[str, bytes] = field(default_factory=dict)


def _build_game(game_id: str, options: BuildOptions) -> _GameOutcome:
    """Verify one game and, if every claim holds, make its files (in a worker process)."""
    outcome = _GameOutcome()
    try:
        build = GameBuild(game_id, options)
        report = build.verify()
    except PpprintError as exc:
        outcome.verify_error = _Raised.of(exc)
        return outcome
    outcome.failures, outcome.unchecked, outcome.reused = report.failures, report.unchecked, build.figures.reused
    if outcome.failures or (options.strict and outcome.unchecked):
        return outcome
    try:
        outcome.files = build.files()
    except PpprintError as exc:
        outcome.build_error = _Raised.of(exc)
        return outcome
    outcome.cache = build.store.new
    return outcome


def _build_catalogue(game_ids: list[str], paper: str) -> bytes | _Raised:
    try:
        return build_catalogue([get_game(game_id) for game_id in game_ids], paper)
    except PpprintError as exc:
        return _Raised.of(exc)


def _start_worker(folders: list[Path], bundled: bool, parent: int) -> None:
    """A worker started afresh (not forked) finds the games of the build's registry; every worker ends
    with the build (:func:`~ppprint.output.end_with_parent`).

    Ctrl-C reaches every process of the terminal's group: workers leave it to the parent,
    which stops them; SIGTERM ends a worker at once (forked workers inherit the parent's handlers).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent(parent)
    if registry().folders != folders or registry().bundled != bundled:
        os.environ.pop("PPPRINT_GAMES", None)  # already among ``folders``
        configure(folders, bundled)


def default_jobs() -> int:
    """Every core this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def build_games(
    game_ids: list[str],
    paper: str,
    out: Path,
    progress: bool = False,
    book_formats: Sequence[str] = ("standard",),
    figures: bool = False,
    dpi: float = 150.0,
    catalogue: bool = False,
    strict: bool = False,
    jobs: int | None = None,
    cache: bool = True,
    designers_notes: bool = False,
    check: bool = True,
) -> Build:
    """Write each game's book in each of ``book_formats`` (:data:`~ppprint.build.formats.FORMATS`): for
    example ``OUT/<game>-<paper>.pdf`` and ``OUT/<game>-<paper>-booklet.pdf``. A game is verified, and its
    :class:`~ppprint.document.book.Book` made, once for all the formats.

    ``figures`` also writes every checked figure as SVG and PNG (see :func:`figure_files`);
    ``catalogue`` also writes ``OUT/catalogue-<paper>.pdf`` listing the games.
    ``jobs`` processes build the games side by side (default: every core; 1 builds
    in this process); ``cache`` keeps ``OUT/.ppprint-cache`` (see :mod:`ppprint.build.cache`).
    ``designers_notes`` ends each book, in any format, with Designer's notes from simulated play
    (:func:`ppprint.play.book.notes_book`), played first on ``jobs`` processes (:func:`ppprint.play.report.notes_summary`).
    ``check`` holds each game's engine to a short contract check before printing (:meth:`GameBuild.verify`).

    Every game is verified and every file made before the first one is
    written, so a wrong claim or bad data anywhere leaves the output folder as it was;
    the files are then written as one set (:func:`~ppprint.output.write_set`): all of
    them, or (on a full disk, an unwritable folder, an interruption) none.
    """
    jobs = default_jobs() if jobs is None else max(1, jobs)
    notes = _notes(game_ids, jobs) if designers_notes else {}
    options = BuildOptions(paper, tuple(dict.fromkeys(book_formats)), figures, dpi, strict, out, cache, notes, check)
    tasks = len(game_ids) + int(catalogue)
    if jobs == 1 or tasks <= 1:
        files, cache_entries, unchecked, reused = _build_here(game_ids, options, catalogue, progress)
    else:
        files, cache_entries, unchecked, reused = _build_on_pool(game_ids, options, catalogue, progress, min(jobs, tasks))
    written = write_set(out, files)
    if cache:
        try:
            Store(cache_folder(out)).write(cache_entries)
        except Interrupted as exc:
            exc.outcome = ALL_WRITTEN
            raise
    warnings = [line for _, line in unplaced_warnings([get_game(game_id) for game_id in game_ids])]
    return Build(written, unchecked, reused, warnings)


_Files = list[tuple[str, bytes]]


def _notes(game_ids: list[str], jobs: int) -> dict[str, dict[str, Any]]:
    """Each game's Designer's notes, played here on ``jobs`` processes (the same games on any number)."""
    from ppprint.play.report import notes_summary

    return {game_id: notes_summary(game_id, workers=jobs) for game_id in game_ids}


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once (an interruption or an error): cancel what has not started, end the workers."""
    # The standard library's executor names its workers nowhere public before Python 3.14 (terminate_workers());
    # it keeps them by process id in _processes (empty, or None, once it has shut down).
    workers: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers.values():
        if process.is_alive():
            process.terminate()
    for process in workers.values():
        process.join(5)


def _build_here(game_ids: list[str], options: BuildOptions, catalogue: bool, progress: bool) -> tuple[_Files, dict[str, bytes], int, int]:
    """Build in this process: verify every game, then make each game's files."""
    builds = []
    failures = []
    for game_id in game_ids:
        build = GameBuild(game_id, options)
        failures += build.verify().failures
        builds.append(build)
    if failures:
        raise ClaimError(failures)
    unchecked = sum(build.report.unchecked for build in builds)
    _check_strict(options.strict, unchecked, [build.game for build in builds])
    files: _Files = []
    cache_entries: dict[str, bytes] = {}
    with _progress_bar(progress) as bar:
        task = bar.add_task("building rulebooks", total=len(builds))
        for build in builds:
            bar.update(task, description=f"building {build.game.id} ({options.paper}, {', '.join(options.book_formats)})")
            files += build.files()
            cache_entries |= build.store.new
            bar.advance(task)
        if catalogue:
            bar.update(task, description=f"building the catalogue ({options.paper})")
            reports = {build.game.id: build.report for build in builds}
            files.append((f"catalogue-{options.paper}.pdf", build_catalogue([build.game for build in builds], options.paper, reports)))
    return files, cache_entries, unchecked, sum(build.figures.reused for build in builds)


class _NoBar:
    """A progress bar that shows nothing (a build that is not on a terminal loads no rich)."""

    def add_task(self, description: str, total: float | None = None) -> int:
        return 0

    def update(self, task: int, description: str) -> None:
        pass

    def advance(self, task: int) -> None:
        pass


@contextmanager
def _progress_bar(show: bool) -> Iterator[Any]:
    """rich's progress bar when ``show``, else :class:`_NoBar`."""
    if not show:
        yield _NoBar()
        return
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        yield bar


def _build_on_pool(
    game_ids: list[str], options: BuildOptions, catalogue: bool, progress: bool, workers: int
) -> tuple[_Files, dict[str, bytes], int, int]:
    """Build on ``workers`` processes, one game a task; raise what a build in one process would raise first."""
    # Forked workers start with this process's modules, games and fonts (registered once, here);
    # elsewhere they start afresh.
    fork = sys.platform == "linux"
    context = multiprocessing.get_context("fork" if fork else "spawn")
    if fork:
        register_fonts()
    start = (list(registry().folders), registry().bundled, os.getpid())
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=start)
    try:
        # Every task is submitted before the progress bar starts its thread: workers fork before any thread runs.
        games = [pool.submit(_build_game, game_id, options) for game_id in game_ids]
        book = pool.submit(_build_catalogue, game_ids, options.paper) if catalogue else None
        with _progress_bar(progress) as bar:
            task = bar.add_task(f"building {len(game_ids)} games on {workers} processes", total=len(games) + int(book is not None))
            every: list[Future[Any]] = [*games, *([book] if book is not None else [])]
            for future in every:
                future.add_done_callback(lambda _: bar.advance(task))
            outcomes = [future.result() for future in games]
            catalogue_pdf = book.result() if book is not None else None
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    for outcome in outcomes:
        if outcome.verify_error is not None:
            raise outcome.verify_error.error()
    failures = [failure for outcome in outcomes for failure in outcome.failures]
    if failures:
        raise ClaimError(failures)
    unchecked = sum(outcome.unchecked for outcome in outcomes)
    _check_strict(options.strict, unchecked, [get_game(game_id) for game_id in game_ids])
    files: _Files = []
    cache_entries: dict[str, bytes] = {}
    for outcome in outcomes:
        if outcome.build_error is not None:
            raise outcome.build_error.error()
        files += outcome.files
        cache_entries |= outcome.cache
    if isinstance(catalogue_pdf, _Raised):
        raise catalogue_pdf.error()
    if catalogue_pdf is not None:
        files.append((f"catalogue-{options.paper}.pdf", catalogue_pdf))
    return files, cache_entries, unchecked, sum(outcome.reused for outcome in outcomes)
