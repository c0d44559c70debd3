"""``ppprint check GAME``: the engine contract run on a game's folder.

Faults planted in a scaffolded engine are caught, naming the seed, the ply, the position and the move;
every bundled game passes with a small budget; an exception in the game's own code is still the game's
error (its file and line, exit 2).
"""

from __future__ import annotations

import re
import signal
from typing import Any
from pathlib import Path

import pytest

import ppprint.registry
import ppprint.verify
from ppprint.cli import run
from ppprint.scaffold import create_game
from ppprint.engine.base import State
from ppprint.registry import Registry, registry
from tests.conftest import edit

GENERATOR = "return [] if self.outcome() else self._moves()"
EXPLAIN = 'return illegal(Reason.GAME_OVER, "the game has ended") if self.outcome() else self._judge(move)'
FAILURE = re.compile(r"broken contract: (?P<game>[\w-]+): seed (?P<seed>\d+), ply (?P<ply>\d+), position '(?P<position>[^']*)', move (?P<move>\S+): (?P<invariant>[\w-]+): ")


@pytest.fixture(autouse=True)
def _keep_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run`` configures the run's games (``--games``): put the suite's back afterwards."""
    monkeypatch.setattr(ppprint.registry, "_current", ppprint.registry._current)


def check(capsys: pytest.CaptureFixture[str], *args: str, games: Path | None = None) -> tuple[int, str, str]:
    """``ppprint check ARGS`` in this process: the exit status, stdout and stderr."""
    prefix = ["--no-bundled", "--games", str(games)] if games is not None else []
    status = run([*prefix, "check", *args])
    out, err = capsys.readouterr()
    return status, out, err


def planted(tmp_path: Path, game_id: str, old: str, new: str) -> Path:
    """A games folder holding the scaffolded game ``game_id`` with ``old`` replaced by ``new`` in its engine
    (each test its own id: a game's modules are imported under its id)."""
    games = tmp_path / "games"
    games.mkdir()
    edit(create_game(games, game_id) / "engine.py", old, new)
    return games


def caught(capsys: pytest.CaptureFixture[str], games: Path, game_id: str, *args: str) -> re.Match[str]:
    status, out, err = check(capsys, game_id, *args, games=games)
    assert status == 1 and out == "", (status, out, err)
    assert len(err.splitlines()) == 1, err
    found = FAILURE.match(err)
    assert found is not None and found["game"] == game_id, err
    return found


def position_and_move(games: Path, found: re.Match[str]) -> tuple[State[Any], Any]:
    """The position and the move a failure names, read back with the game's own notation."""
    engine = Registry(folders=[games], bundled=False).get(found["game"]).require_engine()
    state = engine.parse_position(found["position"])
    return state, engine.parse_move(state, found["move"])


@pytest.mark.parametrize("seed", [0, 5, 1000])
def test_a_legal_move_the_generator_drops_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    """legal_moves() never lists c3-b4 (the grid move (2, 2) -> (1, 3)), which explain() judges legal: a near miss of a listed move finds it."""
    games = planted(tmp_path, "check-dropped", GENERATOR, "return [] if self.outcome() else [m for m in self._moves() if m != GridMove((2, 2), (1, 3))]")
    found = caught(capsys, games, "check-dropped", "--seed", str(seed))
    assert found["move"] == "c3-b4" and found["invariant"] in ("unlisted-illegal", "perft")
    assert "explain judges it legal, but legal_moves does not list it" in found.string
    assert int(found["seed"]) >= seed
    state, move = position_and_move(games, found)
    assert state.explain(move).legal and move not in state.legal_moves()


def test_an_illegal_move_the_generator_adds_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """legal_moves() lists c1-c3, two cells forward, at the setup: explain() refuses it, and the check says where."""
    games = planted(tmp_path, "check-added", GENERATOR, "return [] if self.outcome() else [*self._moves(), *([GridMove((2, 0), (2, 2))] if self.owner((2, 0)) == self.to_move == 0 else [])]")
    found = caught(capsys, games, "check-added")
    assert (found["seed"], found["ply"], found["move"], found["invariant"]) == ("0", "0", "c1-c3", "listed-legal")
    assert "explain says illegal: not-forward" in found.string


def test_explain_wrong_on_one_move_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """explain() calls c3-b4 blocked, which legal_moves() lists where a coin stands on c3: the check names that position."""
    games = planted(tmp_path, "check-misjudged", EXPLAIN, f'return illegal(Reason.BLOCKED, "planted") if move == GridMove((2, 2), (1, 3)) else {EXPLAIN.removeprefix("return ")}')
    found = caught(capsys, games, "check-misjudged")
    assert (found["move"], found["invariant"]) == ("c3-b4", "listed-legal") and "explain says illegal: blocked planted" in found.string
    state, move = position_and_move(games, found)
    assert move in state.legal_moves() and not state.explain(move).legal


NOT_FORWARD_AT = 'at=target if move.target in self.game.grid else ""'


@pytest.mark.parametrize("at", ['"z9"', 'f"{start}-z9"'], ids=["no-cell", "one-of-two"])
def test_a_verdict_at_no_cell_of_the_board_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str], at: str) -> None:
    """explain() says a step that is not forward fails at z9 (or between its start and z9), off the board the
    game's view draws: the check names the move and what it names."""
    games = planted(tmp_path, "check-at", NOT_FORWARD_AT, f"at={at}")
    found = caught(capsys, games, "check-at")
    assert found["invariant"] == "at" and "which names no cell of the position" in found.string, found.string
    state, move = position_and_move(games, found)
    verdict = state.explain(move)
    assert verdict.reason is not None and verdict.reason.value == "not-forward" and verdict.at.endswith("z9")
    assert f"fails at '{verdict.at}'" in found.string


def test_an_exception_in_the_game_code_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = planted(tmp_path, "check-raises", GENERATOR, "return [] if self.outcome() else self._moves()[:1] + [][1:] if len(self.history) < 3 else 1 / 0")
    status, out, err = check(capsys, "check-raises", games=games)
    assert status == 2 and re.search(r"check-raises/engine\.py:\d+: the game's own code raised ZeroDivisionError", err), err


def test_every_bundled_game_keeps_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    for game_id in registry().ids():
        status, out, err = check(capsys, game_id, "--playouts", "1", "--max-plies", "40")
        assert status == 0 and err == "", (game_id, err)
        assert out.startswith(f"{game_id}: the engine keeps the contract: 1 playout(s) (seed 0;"), out


# -- the short check before printing: build and serve (issue 25) -----------------------------------

DROPS_A1_A2 = "return [] if self.outcome() else [m for m in self._moves() if m != GridMove((0, 0), (0, 1))]"
"""legal_moves() never lists a1-a2, which explain() judges legal at the setup; no figure of the scaffolded game claims it."""


def build(capsys: pytest.CaptureFixture[str], games: Path, *args: str) -> tuple[int, str, str]:
    """``ppprint build ARGS`` in this process: the exit status, stdout and stderr."""
    status = run(["--no-bundled", "--games", str(games), "build", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_build_stops_on_a_broken_contract_the_figures_miss_and_builds_without_the_check(tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    """The planted engine's figures all verify, so only the short contract check finds the dropped move: exit 1,
    check's one line, nothing written; ``--no-check`` builds it (on one process, and beside another game on two)."""
    games = planted(tmp_path, f"build-dropped-{jobs}", GENERATOR, DROPS_A1_A2)
    create_game(games, f"build-fine-{jobs}")
    ids = [f"build-dropped-{jobs}", f"build-fine-{jobs}"]
    status, out, err = build(capsys, games, *ids, "--out", str(tmp_path / "out"), "--jobs", jobs)
    assert status == 1 and out == "", (status, out, err)
    found = FAILURE.match(err)
    assert len(err.splitlines()) == 1 and found is not None, err
    assert (found["game"], found["move"], found["invariant"]) == (ids[0], "a1-a2", "unlisted-illegal")
    assert not (tmp_path / "out").exists()
    status, out, err = build(capsys, games, *ids, "--out", str(tmp_path / "out"), "--jobs", jobs, "--no-check")
    assert status == 0 and sorted(p.name for p in (tmp_path / "out").glob("*.pdf")) == [f"{i}-letter.pdf" for i in sorted(ids)], err


def test_a_passed_check_is_kept_in_the_build_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game and ppprint: no second check; a changed engine is checked again; ``--no-cache`` always checks."""
    import ppprint.build.cache
    from ppprint.build.jobs import build_games

    games = tmp_path / "games"
    games.mkdir()
    engine = create_game(games, "build-cached") / "engine.py"
    ppprint.registry.configure([games], bundled=False)
    checked: list[str] = []
    real = ppprint.build.cache.check_before_printing
    monkeypatch.setattr(ppprint.build.cache, "check_before_printing", lambda game, game_id, cells: checked.append(game_id) or real(game, game_id, cells))
    for _ in range(2):
        build_games(["build-cached"], "letter", tmp_path / "out", jobs=1)
    assert checked == ["build-cached"]
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    build_games(["build-cached"], "letter", tmp_path / "out", jobs=1)
    build_games(["build-cached"], "letter", tmp_path / "out", jobs=1, cache=False)
    build_games(["build-cached"], "letter", tmp_path / "out", jobs=1, check=False)
    assert checked == ["build-cached"] * 3


def test_serve_shows_a_broken_contract_as_the_previews_error(tmp_path: Path) -> None:
    from ppprint.build.serve import LiveBook

    games = planted(tmp_path, "serve-dropped", GENERATOR, DROPS_A1_A2)
    ppprint.registry.configure([games], bundled=False)
    snapshot = LiveBook("serve-dropped", out=tmp_path / "out").rebuild()
    assert not snapshot.ok and len(snapshot.problems) == 1
    assert snapshot.problems[0].message.startswith("broken contract: serve-dropped: seed 0, ply 0, position '"), snapshot.problems
    assert "a1-a2: unlisted-illegal" in snapshot.page.decode("utf-8")
    assert LiveBook("serve-dropped", out=tmp_path / "out", check=False).rebuild().ok


# -- an engine that never finishes checking a figure (issue 26) -----------------------------------


def test_an_engine_that_runs_past_the_limit_on_a_figure_is_stopped_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``explain`` loops for ever on the move a figure claims: the build stops after the limit with one line naming
    the figure and the engine's line, exit 2, nothing written (before, it hung for ever)."""
    monkeypatch.setattr(ppprint.verify, "FIGURE_SECONDS", 0.5)
    games = planted(
        tmp_path,
        "build-forever",
        "    def explain(self, move: GridMove) -> Verdict:\n",
        "    def explain(self, move: GridMove) -> Verdict:\n        while move.text() == \"c3-b4\":\n            pass\n",
    )
    signal.alarm(30)
    try:
        status, out, err = build(capsys, games, "build-forever", "--out", str(tmp_path / "out"), "--no-check", "--no-cache")
    finally:
        signal.alarm(0)
    assert status == 2 and len(err.splitlines()) == 1, (status, err)
    assert re.search(r"build-forever/figures/moves\.yaml:1: figure 'moves': the game's engine was still checking it after 0\.5 s, the limit per figure \(stopped in engine\.py:\d+\)", err), err
    assert not (tmp_path / "out").exists()
