"""The engine contract, run on every engine: bundled games and a game written by ``ppprint new``.

The checks are ppprint's own (:mod:`ppprint.check`, what ``ppprint check GAME`` runs):
random playouts keep the invariants; reason codes, facts and ends are declared
with the rules they cite; garbage position text only ever gives a PositionError.
Here besides: bad position data and bad view options in a figure file stop the
load with the file and the line of the key at fault.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ppprint.check import check_codes, check_notation, check_playout
from ppprint.engine.base import Game
from ppprint.errors import InputError
from ppprint.registry import Registry
from tests.contract import contract_game, contract_ids

SEEDS = range(6)
IDS = contract_ids()


def engine(game_id: str) -> Game:
    return contract_game(game_id).require_engine()


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_invariants(game_id: str, seed: int) -> None:
    """The check as ``ppprint check`` runs it: an illegal verdict's ``at`` names cells of the board drawn."""
    game = contract_game(game_id)
    check_playout(game.require_engine(), seed, cells=game.cells)


@pytest.mark.parametrize("game_id", IDS)
def test_codes_are_declared_with_their_rules(game_id: str) -> None:
    check_codes(engine(game_id))


@pytest.mark.parametrize("game_id", IDS)
def test_garbage_position_text_is_a_position_error(game_id: str) -> None:
    check_notation(engine(game_id))


def _copy(game_id: str, tmp_path: Path) -> Path:
    folder = contract_game(game_id).folder
    target = tmp_path / game_id
    shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _write_figure(game_id: str, tmp_path: Path, body: str) -> tuple[Registry, Path]:
    folder = _copy(game_id, tmp_path)
    path = folder / "figures" / "zz-broken.yaml"
    path.write_text("caption: A broken figure.\n" + body, encoding="utf-8")
    return Registry(folders=[tmp_path], bundled=False), path


def _load_error(registry: Registry, game_id: str) -> InputError:
    from ppprint.verify import verify_game

    with pytest.raises(InputError) as caught:
        verify_game(registry.get(game_id))
    return caught.value


@pytest.mark.parametrize("game_id", IDS)
def test_bad_position_data_names_the_key_and_its_line(game_id: str, tmp_path: Path) -> None:
    first_field = next(iter(engine(game_id).Position.model_fields))
    registry, path = _write_figure(game_id, tmp_path, f"position:\n  {first_field}: [[[]]]\n")
    error = _load_error(registry, game_id)
    assert error.path == path and error.line == 3 and first_field in error.message, error.one_line()
    registry, path = _write_figure(game_id, tmp_path / "again", "position:\n  nonsense: 1\n")
    error = _load_error(registry, game_id)
    assert error.path == path and error.line == 3 and "unknown key 'nonsense'" in error.message, error.one_line()


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize(("view", "problem"), [("nonsense: 1", "unknown key 'nonsense'"), ("coordinates: 3", "coordinates")])
def test_bad_view_options_name_the_key_and_its_line(game_id: str, tmp_path: Path, view: str, problem: str) -> None:
    registry, path = _write_figure(game_id, tmp_path, f"position: setup\nview:\n  {view}\nclaims:\n  - setup: true\n")
    error = _load_error(registry, game_id)
    assert error.path == path and error.line == 4 and problem in error.message, error.one_line()


COUNTER = '''

from dataclasses import dataclass

from ppprint.engine.grid import GridPosition


class CountedPosition(GridPosition):
    plies: int = 0


@dataclass(eq=False)
class CountedState(ScaffoldCounterState):
    plies: int = 0

    def _do(self, move: GridMove) -> None:
        super()._do(move)
        self.plies += 1

    def _undo(self, move: GridMove) -> None:
        super()._undo(move)
        self.plies -= 1


class Counted(ScaffoldCounter):
    Position, state_class = CountedPosition, CountedState


GAME = Counted()
'''
"""A counter added to the scaffolded grid game: the whole of what a game writes for one more field."""


def test_scaffold_grid_game_extends_with_a_counter(tmp_path: Path) -> None:
    from ppprint.check import check_engine
    from ppprint.errors import PositionError
    from ppprint.scaffold import create_game

    folder = create_game(tmp_path, "scaffold-counter")
    with (folder / "engine.py").open("a", encoding="utf-8") as out:
        out.write(COUNTER)
    game = Registry(folders=[tmp_path]).get("scaffold-counter").require_engine()
    check_engine(game, playouts=2, seconds=30)
    state = game.initial_state()
    assert state.start_text.endswith(" 1 plies=0") and game.setup_problem(state) is None
    for _ in range(3):
        state.push(state.legal_moves()[0])
    text = state.position_text()
    assert text.endswith(" 2 plies=3"), text
    again = game.parse_position(text)
    assert again.plies == 3 and again == state and again.position_text() == text
    assert game.deserialise(state.serialise()) == state and state.clone().plies == 3
    assert game.position_from_data({"pieces": {"first": ["a1"]}, "plies": 5}).plies == 5
    assert game.setup_problem(game.parse_position(state.start_text.replace("plies=0", "plies=1"))) == "plies starts at 0"
    for bad, words in [(" 1 plies=x", "the field 'plies'"), (" 1", "missing: plies"), (" 1 moves=1", "unknown field .moves."), (" 1 plies=1 plies=2", "given twice")]:
        with pytest.raises(PositionError, match=words):
            game.parse_position(state.start_text.split(" ")[0] + bad)
