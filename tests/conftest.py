"""Shared fixtures: a scratch copy of the games to break, and a real run of the CLI."""

from __future__ import annotations

import importlib
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from ppprint.registry import Plugin, Registry
from tests.cli_run import run_cli as run_cli  # shared with bench/ (tests.cli_run); imported from here by the tests

os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="ppprint-tests-"))
"""The build cache's signing key (ppprint.build.cache.signing_key) is made for the test session, not the user."""

BUNDLED_GAMES = Path(importlib.import_module("ppprint.games").__path__[0])
"""The folder of the bundled games (the project's games/)."""


def game_in(folder: Path, game_id: str) -> Plugin:
    """The game ``game_id`` of a games folder (a copy to break), without the bundled games."""
    return Registry(folders=[folder], bundled=False).get(game_id)


@pytest.fixture
def games_copy(tmp_path: Path) -> Path:
    """A copy of the shipped games folder that a test may edit."""
    target = tmp_path / "games"
    shutil.copytree(BUNDLED_GAMES, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace one exact piece of text in a file (the test fails if it is not there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def assert_flip_caught(games: Path, game_id: str, figure: str, old: str, new: str, problem: str, rule: str) -> None:
    """Flip one claim of a figure in a games copy; verification must report exactly that claim.

    The failure must name the figure, its file and line, say what is wrong
    (``problem``) and cite the rule (``rule``).
    """
    from ppprint.verify import verify_game

    path = games / game_id / "figures" / f"{figure}.yaml"
    edit(path, old, new)
    report = verify_game(game_in(games, game_id))
    assert len(report.failures) == 1, [f.one_line() for f in report.failures]
    failure = report.failures[0]
    assert failure.figure.startswith(figure) and failure.path == path
    assert problem in failure.problem
    assert rule in failure.rule
    line = failure.one_line()
    assert f"{figure}.yaml:{failure.line}" in line and rule in line


def assert_game_verifies(game_id: str, figures: set[str], min_diagrams: int, min_claims: int) -> None:
    """The shipped game has exactly ``figures`` and every claim in them holds."""
    from ppprint.registry import get_game
    from ppprint.verify import verify_game

    game = get_game(game_id)
    assert set(game.data.figures) == figures
    report = verify_game(game)
    assert report.failures == [], [f.one_line() for f in report.failures]
    assert report.diagrams >= min_diagrams and report.claims >= min_claims
