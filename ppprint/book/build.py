"""Building books for several games: verify everything first, then write each PDF atomically."""

from __future__ import annotations

from pathlib import Path

from rich.progress import Progress

from ppprint.book.rulebook import build_rulebook
from ppprint.errors import ClaimError
from ppprint.model.game import GameData, load_game
from ppprint.output import inside, write_atomic
from ppprint.verify import VerifyReport, verify_game


def verify_all(game_ids: list[str]) -> list[tuple[GameData, VerifyReport]]:
    """Load and verify every game; raise :class:`ClaimError` with all wrong claims."""
    checked = []
    failures = []
    for game_id in game_ids:
        data = load_game(game_id)
        report = verify_game(data)
        failures.extend(report.failures)
        checked.append((data, report))
    if failures:
        raise ClaimError(failures)
    return checked


def build_games(game_ids: list[str], paper: str, out: Path, progress: bool = False) -> list[Path]:
    """Write ``OUT/<game>-<paper>.pdf`` for each game.

    Every game is verified and every book typeset before the first file is
    written, so a wrong claim or bad data anywhere leaves the output folder as it was.
    """
    checked = verify_all(game_ids)
    books: list[tuple[Path, bytes]] = []
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task("building rulebooks", total=len(checked))
        for data, report in checked:
            bar.update(task, description=f"building {data.id} ({paper})")
            books.append((inside(out, f"{data.id}-{paper}.pdf"), build_rulebook(data, report, paper)))
            bar.advance(task)
    for target, pdf in books:
        write_atomic(target, pdf)
    return [target for target, _ in books]
