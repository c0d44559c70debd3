"""Verification: right claims pass, and every flipped or wrong claim stops verify and build."""

from __future__ import annotations

from pathlib import Path

import pytest

from ppprint.errors import ClaimFailure
from ppprint.registry import get_game
from ppprint.verify import fact_matches, verify_game
from tests.conftest import assert_flip_caught, edit, game_in, run_cli


def test_shipped_expansion_figures_are_all_right():
    report = verify_game(get_game("expansion"))
    assert report.failures == []
    assert report.diagrams >= 17 and report.claims >= 40


# Each flip turns one true claim of a shipped figure into a false one.
FLIPS = [
    ("movement", "legal: [b2-b3, c1-d1, a3-a4]", "legal: [b2-b3, c1-d1, a2-a4]", "first-move-jump", "the first move of the game must be a walk"),
    ("movement", "c3-c5: jump-over-empty", "c3-c4: jump-over-empty", "is legal", "a jump must pass over an occupied cell"),
    ("movement", "c3-b2: diagonal-walk", "c3-b2: friendly-destination", "not friendly-destination", "never diagonally"),
    ("combat", "expect: {removed: [second 2], minions: {c4: first 4, c3: null}}", "expect: {removed: [first 4], minions: {c4: first 4, c3: null}}", "removed is", "Combat"),
    ("combat", "minions: {c4: second 4, c3: null}}", "minions: {c4: first 2, c3: null}}", "minions is", "Movement and combat"),
    ("capturing", "expect: {captured: {c3: first}, tile_counts: {first: 2, second: 1}}", "expect: {captured: {c3: first}, tile_counts: {first: 1, second: 1}}", "tile_counts is", "Capturing tiles"),
    ("capturing", "expect: {tiles: {c3: null}}", "expect: {tiles: {c3: first}}", "tiles is", "Capturing tiles"),
    ("ending", "winner: first, tiebreak: centre-tile", "winner: second, tiebreak: centre-tile", "winner is first, not second", "Winning"),
    ("ending", "end: five-tiles", "end: threefold-repetition", "end is five-tiles", "End of the game"),
    ("setup", "e5: second}", "e5: first}", "tiles is", "Capturing tiles"),
]


@pytest.mark.parametrize(("figure", "old", "new", "problem", "rule"), FLIPS)
def test_a_flipped_claim_is_caught(games_copy: Path, figure, old, new, problem, rule):
    assert_flip_caught(games_copy, "expansion", figure, old, new, problem, rule)


def test_setup_claim_on_a_position_that_is_not_the_setup(games_copy: Path):
    path = games_copy / "expansion" / "figures" / "setup.yaml"
    edit(path, "position: setup", "position: {minions: {first: {a1: 1, b1: 2}, second: {f6: 3, e6: 4}}}")
    report = verify_game(game_in(games_copy, "expansion"))
    assert [f.claim for f in report.failures][:1] == ["setup"]
    assert report.failures[0].rule == "Setup"


def test_cli_verify_and_build_stop_on_a_wrong_claim(games_copy: Path, tmp_path: Path):
    edit(games_copy / "expansion" / "figures" / "movement.yaml", "c3-c5: jump-over-empty", "c3-c4: jump-over-empty")
    verify = run_cli("verify", cwd=tmp_path, games=games_copy)
    assert verify.returncode == 1
    assert "movement.yaml:" in verify.stdout and "figure 'movement, panel 4'" in verify.stdout
    assert "a jump must pass over an occupied cell" in verify.stdout
    assert "1 wrong" in verify.stdout
    build = run_cli("build", "expansion", "--out", "out", cwd=tmp_path, games=games_copy)
    assert build.returncode == 1
    assert "movement.yaml" in build.stderr and "Traceback" not in build.stderr
    assert not (tmp_path / "out").exists()


def test_cli_verify_passes_on_the_shipped_games(tmp_path: Path):
    result = run_cli("verify", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 wrong" in result.stdout


@pytest.mark.parametrize(
    ("expected", "actual", "matches"),
    [
        ({"c4": "first 4"}, {"c4": "first 4", "a1": "first 0"}, True),
        ({"c4": None}, {"a1": "first 0"}, True),
        ({"c4": None}, {"c4": "first 4"}, False),
        (["second 2", "first 3"], ["first 3", "second 2"], True),
        (["second 2"], ["second 2", "first 3"], False),
        (True, True, True),
        (True, 1, False),
        (5, 5, True),
        ("first", None, False),
    ],
)
def test_fact_matching(expected, actual, matches):
    assert fact_matches(expected, actual) is matches


def _planted(tmp_path: Path, game_id: str, old: str, new: str) -> list[ClaimFailure]:
    """Verify a scaffolded game ``game_id`` whose engine has ``old`` replaced by ``new``: a planted fault
    (each test its own id: a game's modules are imported under its id)."""
    from ppprint.scaffold import create_game

    (tmp_path / "games").mkdir()
    folder = create_game(tmp_path / "games", game_id)
    edit(folder / "engine.py", old, new)
    return verify_game(game_in(tmp_path / "games", game_id)).failures


def test_a_legal_move_the_generator_leaves_out_is_caught(tmp_path: Path) -> None:
    """explain() says c3-b4 (the grid move (2, 2) -> (1, 3)) is legal, but legal_moves() drops it: the figure's legal claim fails, naming the generator."""
    failures = _planted(tmp_path, "dropped", "return [] if self.outcome() else self._moves()", "return [] if self.outcome() else [m for m in self._moves() if m != GridMove((2, 2), (1, 3))]")
    assert [(f.path.name, f.rule) for f in failures] == [("moves.yaml", "The move generator")]
    assert "c3-b4 is legal by explain, but the move generator (legal_moves) leaves it out" in failures[0].problem


def test_an_illegal_move_the_generator_lists_is_caught(tmp_path: Path) -> None:
    """legal_moves() lists c3-c4, which explain() calls blocked: the figure's illegal claim fails, naming the generator."""
    failures = _planted(tmp_path, "added", "return [] if self.outcome() else self._moves()", "return [] if self.outcome() else [*self._moves(), *([GridMove((2, 2), (2, 3))] if self.owner((2, 2)) == self.to_move == 0 else [])]")
    assert [(f.path.name, f.rule) for f in failures] == [("moves.yaml", "The move generator")]
    assert "c3-c4 is illegal by explain" in failures[0].problem and "lists it" in failures[0].problem
