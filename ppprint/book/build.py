"""Building books for several games: verify everything first, then write each file atomically."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.progress import Progress

from ppprint.book.booklet import impose
from ppprint.book.catalogue import build_catalogue
from ppprint.book.rulebook import Appendix, build_rulebook, rulebook_metadata
from ppprint.errors import ClaimError, UncheckedError
from ppprint.registry import Plugin, get_game
from ppprint.output import inside, write_atomic
from ppprint.render.figure import figure_bytes, render_figure
from ppprint.verify import VerifyReport, verify_game

BOOK_FORMATS = ("standard", "booklet")


@dataclass(frozen=True)
class Build:
    """What a build wrote, and how many of its diagrams nothing checked."""

    written: list[Path]
    unchecked: int


def verify_all(game_ids: list[str], strict: bool = False) -> list[tuple[Plugin, VerifyReport]]:
    """Load and verify every game; raise :class:`ClaimError` with all wrong claims
    (and, when ``strict``, :class:`UncheckedError` if a diagram makes no claim)."""
    checked = []
    failures = []
    for game_id in game_ids:
        game = get_game(game_id)
        report = verify_game(game)
        failures.extend(report.failures)
        checked.append((game, report))
    if failures:
        raise ClaimError(failures)
    unchecked = sum(report.unchecked for _, report in checked)
    if strict and unchecked:
        raise UncheckedError(f"{unchecked} diagram(s) make no claim, so nothing checks them (--strict); nothing was written")
    return checked


def book_pdf(game: Plugin, report: VerifyReport, paper: str, book_format: str = "standard", appendix: Appendix | None = None) -> tuple[str, bytes]:
    """The file name and PDF of one game's book in ``book_format`` (``standard`` or ``booklet``), ending with ``appendix``."""
    if book_format == "booklet":
        half = build_rulebook(game, report, paper, half=True, appendix=appendix)
        return f"{game.id}-{paper}-booklet.pdf", impose(half, paper, rulebook_metadata(game.data.meta, "rules (booklet)"))
    return f"{game.id}-{paper}.pdf", build_rulebook(game, report, paper, appendix=appendix)


def figure_files(game: Plugin, report: VerifyReport, dpi: float = 150.0) -> list[tuple[str, bytes]]:
    """Every checked figure of a game as ``<game>-figures/<figure>.svg`` and ``.png`` (at ``dpi``)."""
    view = game.require_view()
    files = []
    for figure_id, checked in report.figures.items():
        drawing = render_figure(view, checked)
        files.append((f"{game.id}-figures/{figure_id}.svg", figure_bytes(drawing, "svg")))
        files.append((f"{game.id}-figures/{figure_id}.png", figure_bytes(drawing, "png", dpi)))
    return files


def build_games(
    game_ids: list[str],
    paper: str,
    out: Path,
    progress: bool = False,
    book_format: str = "standard",
    figures: bool = False,
    dpi: float = 150.0,
    catalogue: bool = False,
    strict: bool = False,
    designers_notes: bool = False,
) -> Build:
    """Write each game's book: ``OUT/<game>-<paper>.pdf``, or ``OUT/<game>-<paper>-booklet.pdf``.

    ``figures`` also writes every checked figure as SVG and PNG (see :func:`figure_files`);
    ``catalogue`` also writes ``OUT/catalogue-<paper>.pdf`` listing the games; ``designers_notes`` ends each
    book with Designer's notes from simulated play (:func:`ppprint.play.report.notes_appendix`).

    Every game is verified and every file made before the first one is
    written, so a wrong claim or bad data anywhere leaves the output folder as it was.
    """
    checked = verify_all(game_ids, strict)
    files: list[tuple[Path, bytes]] = []
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task("building rulebooks", total=len(checked))
        for game, report in checked:
            bar.update(task, description=f"building {game.id} ({paper}, {book_format})")
            name, pdf = book_pdf(game, report, paper, book_format, _notes(game.id) if designers_notes else None)
            files.append((inside(out, name), pdf))
            if figures:
                files += [(inside(out, name), content) for name, content in figure_files(game, report, dpi)]
            bar.advance(task)
        if catalogue:
            bar.update(task, description=f"building the catalogue ({paper})")
            files.append((inside(out, f"catalogue-{paper}.pdf"), build_catalogue([game for game, _ in checked], paper)))
    for target, content in files:
        write_atomic(target, content)
    return Build([target for target, _ in files], sum(report.unchecked for _, report in checked))


def _notes(game_id: str) -> Appendix:
    from ppprint.play.report import notes_appendix

    return notes_appendix(game_id)
