"""``ppprint report``: a game's simulated play written out as its designer's report and raw results.

:mod:`ppprint.play` plays and measures, and writes the report as a book
(:func:`~ppprint.play.book.report_book`); here it is printed by the same printers as every
rulebook (:func:`~ppprint.build.formats.print_book`) and written with the raw results.
"""

from __future__ import annotations

from pathlib import Path

from ppprint.build.formats import print_book
from ppprint.document.book import Book, check_meta_settable
from ppprint.output import inside, write_atomic
from ppprint.play.book import report_book
from ppprint.play.report import Plan, play_report, results_csv, results_json
from ppprint.registry import get_game

REPORT_FORMATS = {"pdf": "standard", "html": "html"}
"""``--format`` of ``ppprint report``: the book format each prints the report in."""


def print_report(book: Book, report_format: str = "pdf") -> bytes:
    """The report's file in ``report_format`` (``pdf`` or ``html``)."""
    return print_book(book, REPORT_FORMATS[report_format])[1]


def write_report(
    plan: Plan, out: Path, workers: int = 1, cluster: str | None = None, progress: bool = False, paper: str = "letter", report_format: str = "pdf"
) -> list[Path]:
    """Play the plan and write ``OUT/<game>-report.pdf`` (or ``.html``), ``-results.csv`` and ``-results.json`` (atomically);
    a character of ``game.yaml`` the fonts cannot set is refused before any game is played."""
    check_meta_settable(get_game(plan.game).data)
    summary, records = play_report(plan, workers=workers, cluster=cluster, progress=progress)
    book = report_book(summary, paper, get_game(plan.game).data.meta)
    files = [
        (inside(out, f"{plan.game}-report.{report_format}"), print_report(book, report_format)),
        (inside(out, f"{plan.game}-results.csv"), results_csv(records)),
        (inside(out, f"{plan.game}-results.json"), results_json(summary, records)),
    ]
    for target, content in files:
        write_atomic(target, content)
    return [target for target, _ in files]
