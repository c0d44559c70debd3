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
    """Write ``OUT/<game>-<paper>.pdf`` for each game; nothing is written if any claim is wrong."""
    checked = verify_all(game_ids)
    written = []
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task("building rulebooks", total=len(checked))
        for data, report in checked:
            bar.update(task, description=f"building {data.id} ({paper})")
            pdf = build_rulebook(data, report, paper)
            target = inside(out, f"{data.id}-{paper}.pdf")
            write_atomic(target, pdf)
            written.append(target)
            bar.advance(task)
    return written
