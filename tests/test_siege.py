"""Rule tests for Siege by Number: board, turns, dice, moves, attacks, battles, win, notation, table."""

from __future__ import annotations

import hashlib
import random
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ppprint.engine.base import CHANCE, TERMINAL, perft, random_playout, sample_chance
from ppprint.games.siege.engine import (
    ATTACKER,
    COMMANDER,
    DEFENDER,
    DRAW,
    GAME,
    Attack,
    DieMove,
    EndTurn,
    Fact,
    Reinforce,
    Roll,
    Siege,
    SiegeState,
    battle,
    board_layout,
    game_for,
    move_from_text,
)
from ppprint.games.siege.view import VIEW
from ppprint.geometry.square import ORTHOGONAL, cell_name
from ppprint.errors import DataError, IllegalMoveError, InputError, InvalidMoveError, PositionError
from ppprint.geometry.tiles import Tile, TileLayout

# -- helpers ------------------------------------------------------------------------------------


def position(**data: Any) -> SiegeState:
    return GAME.position_from_data(data)


def play(state: SiegeState, *moves: str) -> SiegeState:
    for text in moves:
        state.apply(state.game.parse_move(state, text))
    return state


def reason(state: SiegeState, text: str) -> str:
    verdict = state.explain(state.game.parse_move(state, text))
    return "legal" if verdict.legal else verdict.reason


# A move-phase position for Suns (rolled 2, 3, 5):
#   rank 6  c6 .  d6 .  e6 .  f6 m2
#   rank 5  c5 m1 d5 .  e5 s0 f5 .
#   rank 4  c4 .  d4 .  e4 m5 f4 .
#   rank 3  c3 s4 d3 s2 e3 sP f3 .
BATTLEFIELD = {
    "turn": "suns",
    "roll": [2, 3, 5],
    "pieces": {
        "suns": {"c3": 4, "d3": 2, "e3": COMMANDER, "e5": 0},
        "moons": {"c5": 1, "e4": 5, "f6": 2},
    },
}


def battlefield() -> SiegeState:
    return GAME.position_from_data(BATTLEFIELD)


# -- the board ----------------------------------------------------------------------------------


def test_board_tiles_follow_the_ruling_pinwheel() -> None:
    layout = board_layout(("suns", "moons", "crowns", "arms"))
    tiles = {tile.name: tile for tile in layout.tiles}
    # The ruling's lower-left arm and Ace; the others turned 90/180/270 degrees about (2, 2).
    assert (tiles["arm-suns"].x, tiles["arm-suns"].y) == (-2, -1)
    assert (tiles["home-suns"].x, tiles["home-suns"].y, tiles["home-suns"].cells_per_side) == (-4, -2, 1)
    assert (tiles["arm-arms"].x, tiles["arm-arms"].y) == (3, -2)
    assert (tiles["arm-crowns"].x, tiles["arm-crowns"].y) == (4, 3)
    assert (tiles["arm-moons"].x, tiles["arm-moons"].y) == (-1, 4)
    assert (tiles["home-crowns"].x, tiles["home-crowns"].y) == (6, 4)


@pytest.mark.parametrize(
    ("players", "squares", "suits"),
    [(4, 36, ("suns", "moons", "crowns", "arms")), (3, 31, ("suns", "moons", "crowns")), (2, 26, ("suns", "crowns"))],
)
def test_boards_for_each_player_count(players: int, squares: int, suits: tuple[str, ...]) -> None:
    # 16 squares of the 2x2-tile square + 4 per arm + 1 per Ace.
    game = Siege(players)
    assert game.players == suits
    assert len(game.board.cells) == squares == 16 + 5 * players
    names = {tile.name for tile in game.board.layout.tiles}
    for suit in ("suns", "moons", "crowns", "arms"):
        assert (f"arm-{suit}" in names) == (suit in suits) == (f"home-{suit}" in names)
    assert game.initial_state().facts()["squares"] == squares


def test_each_home_base_touches_exactly_one_square() -> None:
    board = GAME.board
    touching = {
        name: sorted(board.names[j] for j in board.adjacent[i]) for i, name in enumerate(board.names) if "home" in name
    }
    assert touching == {"home-suns": ["a2"], "home-moons": ["b8"], "home-crowns": ["h7"], "home-arms": ["g1"]}


def test_arms_join_the_square_by_half_an_edge() -> None:
    board = GAME.board
    # The Suns arm (a2 b2 a3 b3) meets the square only at b3-c3.
    arm = {"a2", "b2", "a3", "b3"}
    links = {
        (name, board.names[j])
        for i, name in enumerate(board.names)
        if name in arm
        for j in board.adjacent[i]
        if board.names[j] not in arm
    }
    assert links == {("b3", "c3"), ("a2", "home-suns")}


def test_tile_rotation_and_single_square_neighbours() -> None:
    assert Tile(-2, -1).rotated(1, (2.0, 2.0)) == Tile(3, -2)
    assert Tile(-2, -1).rotated(4, (2.0, 2.0)) == Tile(-2, -1)
    with pytest.raises(ValueError):
        Tile(0, 0).rotated(1, (0.5, 0.0))
    layout = TileLayout((Tile(0, 0), Tile(-2, -1, cells_per_side=1)))
    assert layout.outline((-2, -1)) == (-2, -1, 0, 1)
    assert layout.neighbours((-2, -1), (1, 0)) == [(0, 0)]
    assert layout.neighbours((0, 0), (-1, 0)) == [(-2, -1)]
    assert layout.neighbours((0, 1), (-1, 0)) == []
    assert layout.cell_at((-1, 0)) == (-2, -1)


# -- battles ------------------------------------------------------------------------------------


def test_army_battles_match_the_source_table() -> None:
    # Defeats column of the source's table, per coin value (0 null, 1 ace).
    defeats = {0: {5}, 1: {0}, 2: {0, 1}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}, 5: {1, 2, 3, 4}}
    for attacker in range(6):
        for defender in range(6):
            expected = DRAW if attacker == defender else ATTACKER if defender in defeats[attacker] else DEFENDER
            assert battle(attacker, defender) == expected, (attacker, defender)


def test_null_beats_five_either_way_round() -> None:
    assert battle(0, 5) == ATTACKER
    assert battle(5, 0) == DEFENDER


def test_army_against_commander() -> None:
    assert [battle(v, COMMANDER) for v in range(6)] == [ATTACKER, ATTACKER] + [DEFENDER] * 4
    with pytest.raises(ValueError):
        battle(COMMANDER, 3)
    with pytest.raises(ValueError):
        battle(6, 3)


# -- setup, reinforcement, dice ----------------------------------------------------------------------


def test_initial_state_shuffles_stacks_and_starts_with_reinforcement() -> None:
    states = [GAME.initial_state(random.Random(seed)) for seed in range(8)]
    assert len({tuple(map(tuple, s.stacks)) for s in states}) > 1
    assert len({s.to_move for s in states}) > 1
    for state in states:
        assert GAME.setup_problem(state) is None
        assert state.legal_moves() == [Reinforce()]
        assert all(sorted(stack) == list(range(6)) for stack in state.stacks)
    assert GAME.initial_state().to_move == 0


def test_reinforcement_takes_the_top_army_then_the_dice_count() -> None:
    state = position(stacks={"suns": [3, 0, 1, 2, 4, 5]})
    assert state.facts()["phase"] == "reinforce" and state.facts()["reinforcement"] == "army"
    play(state, "reinforce")
    assert state.facts()["pieces_on_board"]["suns"] == 1
    assert state.position_text().split()[5:7] == ["suns=3@home-suns", "suns-stack=01245"]
    assert state.current_player == CHANCE
    assert state.facts()["dice_to_roll"] == 1
    assert len(state.chance_outcomes()) == 6


def test_commander_reinforces_once_all_armies_are_out() -> None:
    armies = {"c3": 0, "d3": 1, "e3": 2, "f3": 3, "c4": 4, "d4": 5}
    state = position(pieces={"suns": armies})
    assert state.facts()["reinforcement"] == COMMANDER
    play(state, "reinforce")
    assert "P@home-suns" in state.position_text()
    assert state.facts()["dice_to_roll"] == 4  # seven pieces, at most four dice
    assert len(state.chance_outcomes()) == 126
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-12


def test_nothing_to_reinforce_when_everything_is_out_or_home_is_taken() -> None:
    everything = {"c3": 0, "d3": 1, "e3": 2, "f3": 3, "c4": 4, "d4": 5, "e4": COMMANDER}
    state = position(pieces={"suns": everything})
    assert state.facts()["phase"] == "roll"
    assert reason(state, "reinforce") == "no-reinforcement"
    blocked = position(pieces={"moons": {"home-suns": 3}})
    assert blocked.facts()["phase"] == "move" and blocked.legal_moves() == [EndTurn()]  # no piece: no dice


def test_turn_start_reinforces_after_end() -> None:
    state = position(turn="suns", roll=[1], pieces={"suns": {"home-suns": 3}}, stacks={"moons": [4, 0, 1, 2, 3, 5]})
    play(state, "end")
    assert state.facts()["turn"] == "moons" and state.facts()["phase"] == "reinforce"
    play(state, "reinforce")
    assert "moons=4@home-moons" in state.position_text()


def test_turn_order_is_clockwise() -> None:
    order = []
    state = GAME.initial_state()
    for _ in range(5):
        order.append(state.facts()["turn"])
        if state.facts()["phase"] == "reinforce":
            play(state, "reinforce")
        play(state, "roll:0", "end")
    assert order == ["suns", "moons", "crowns", "arms", "suns"]
    two = game_for(("crowns", "suns")).initial_state()
    play(two, "reinforce", "roll:0", "end")
    assert two.facts()["turn"] == "crowns"


@pytest.mark.parametrize(("count", "dice"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (7, 4)])
def test_dice_count_is_one_per_piece_up_to_four(count: int, dice: int) -> None:
    squares = ["c3", "d3", "e3", "f3", "c4", "d4", "e4"][:count]
    values: list[Any] = [0, 1, 2, 3, 4, 5, COMMANDER]
    state = position(pieces={"suns": dict(zip(squares, values))})
    assert state.facts()["dice_to_roll"] == dice


# -- moves --------------------------------------------------------------------------------------


MOVE_CASES = [
        ((), "d2:c3-c4", "legal"),
        ((), "d2:c3-c3", "legal"),  # a piece may move 0 squares
        ((), "d0:c3-c3", "die-not-rolled"),
        ((), "d3:e3-b3", "legal"),  # Commander walks over its own Armies d3 and c3
        ((), "d5:e3-a3", "legal"),
        ((), "d2:c3-d4", "legal"),  # a turn: c3-c4-d4
        ((), "d3:c3-d5", "legal"),  # two turns: c3-c4-d4-d5
        ((), "d5:c3-c6", "legal"),  # round the moons Army on c5: c3-c4-d4-d5-d6-c6, five steps
        ((), "d3:c3-c6", "blocked"),  # the one path of three steps crosses the moons Army on c5
        ((), "d5:c3-c7", "blocked"),  # four steps through c5; the way round takes six
        ((), "d3:c3-c7", "too-far"),  # four steps at least
        ((), "d5:c3-b8", "too-far"),  # six steps at least (c3-c7, b7, b8)
        ((), "d2:c3-c5", "occupied"),
        ((), "d2:e3-d3", "occupied"),  # a Commander must stop on an empty square
        ((), "d3:e3-e6", "pass-enemy"),  # moons Army on e4; the detours take five steps
        ((), "d5:e3-e6", "legal"),  # e3-d3-d4-d5-e5-e6, over its own Armies on d3 and e5
        ((), "d2:e3-d4", "legal"),  # e3-d3-d4: over its own Army, then a turn
        ((), "d5:e3-home-arms", "legal"),  # e3-f3-f2-f1-g1-home-arms (or by g2)
        ((), "d3:d3-b3", "blocked"),  # an Army cannot pass its own Army
        ((), "d4:c3-c4", "die-not-rolled"),
        (("d2:c3-c4",), "d2:e5-e6", "die-used"),
        (("d2:c3-c4",), "d3:c4-c3", "piece-moved"),
        ((), "d2:d5-d6", "no-piece"),
        ((), "d2:c5-c6", "not-own-piece"),
        (("d2:c3-c4",), "c4xc5", "legal"),
        (("d5:e5-e5",), "e5xe4", "legal"),
        (("d5:e5-e5",), "e5xf6", "attack-diagonal"),
        (("d2:e3-e3",), "e3xe4", "commander-attack"),
        (("d2:c3-c4",), "e5xe4", "not-just-moved"),
        ((), "e5xe4", "not-just-moved"),
        (("d2:c3-c4", "c4xc5"), "c4xc5", "already-attacked"),
        (("d3:d3-d3",), "d3xc3", "friendly-attack"),
        (("d2:c3-c4",), "c4xe4", "not-adjacent"),
        (("d2:c3-c4",), "c4xd4", "no-target"),
        (("d2:c3-c4",), "d2:e5-e6", "die-used"),
        ((), "roll:135", "roll-not-now"),
        ((), "reinforce", "no-reinforcement"),
        ((), "end", "legal"),
]


@pytest.mark.parametrize(("moves", "last", "expected"), MOVE_CASES)
def test_move_and_attack_reasons(moves: tuple[str, ...], last: str, expected: str) -> None:
    state = play(battlefield(), *moves)
    assert reason(state, last) == expected
    if expected != "legal":
        with pytest.raises(IllegalMoveError) as error:
            state.apply(state.game.parse_move(state, last))
        assert error.value.reason == expected
    else:
        assert state.game.parse_move(state, last) in state.legal_moves()


def test_legal_moves_agree_with_explain() -> None:
    state = battlefield()
    legal = set(state.legal_moves())
    names = state.board.names
    for die in range(6):
        for origin in names:
            for target in names:
                move = DieMove(die, origin, target)
                assert state.explain(move).legal == (move in legal)
            for target in names:
                attack = Attack(origin, target)
                assert state.explain(attack).legal == (attack in legal)


def test_judge_piece_move_ignores_the_dice_rolled() -> None:
    state = battlefield()
    assert state.judge_piece_move("c3", "c4", 1).legal
    assert state.judge_piece_move("d3", "d6", 4).legal  # no 4 was rolled; the move itself is fine
    assert state.judge_piece_move("c5", "c6", 1).legal  # a moons piece, judged by movement alone
    assert state.judge_piece_move("c3", "d4", 5).legal  # turning: c3-c4-d4
    assert state.judge_piece_move("c3", "c8", 4).reason == "too-far"
    with pytest.raises(ValueError):
        state.judge_piece_move("c3", "z9", 1)


def test_moves_run_through_home_bases_by_their_one_edge() -> None:
    state = position(roll=[5], pieces={"suns": {"home-suns": 2}})
    targets = sorted(state.game.format_move(state, m) for m in state.legal_moves())
    # home-suns touches a2 only; from a2 the Suns arm (a2 b2 a3 b3) leads to c3 and on.
    assert targets == [f"d5:home-suns-{t}" for t in ("a2", "a3", "b2", "b3", "c3", "c4", "d3", "home-suns")] + ["end"]
    back = position(roll=[2], pieces={"suns": {"b2": 2}})
    assert reason(back, "d2:b2-home-suns") == "legal"
    assert reason(back, "d2:b2-a3") == "legal"  # b2-a2-a3 or b2-b3-a3
    assert reason(position(roll=[2], pieces={"suns": {"a3": 2}}), "d2:a3-home-suns") == "legal"
    assert reason(position(roll=[1], pieces={"suns": {"a3": 2}}), "d1:a3-home-suns") == "too-far"


def _targets(state: SiegeState, origin: str, die: int) -> set[str]:
    """The squares the piece on ``origin`` may move to with a die of ``die``, by the engine's legal moves."""
    return {m.target for m in state.legal_moves() if isinstance(m, DieMove) and m.origin == origin and m.die == die}


def test_a_piece_may_turn_between_steps() -> None:
    # A lone Army on d4 reaches every square within two steps, corners included.
    state = position(roll=[2], pieces={"suns": {"d4": 3}})
    assert _targets(state, "d4", 2) == {"d4", "d5", "e4", "d3", "c4", "d6", "e5", "f4", "e3", "c3", "c5"}
    for corner in ("e5", "c5", "c3", "e3"):
        assert reason(state, f"d2:d4-{corner}") == "legal"
    # It may turn more than once: e3 to c5 round the Moons Army on d4 takes d3-c3-c4-c5 or
    # e4-e5-d5-c5 ... four steps, not the two or three a straight run would need.
    around = position(roll=[3, 4], pieces={"suns": {"d3": 3}, "moons": {"d4": 2}})
    assert reason(around, "d3:d3-d5") == "blocked"  # every three-step path crosses d4
    assert reason(around, "d4:d3-d5") == "legal"  # d3-c3-c4-c5-d5 or d3-e3-e4-e5-d5


def test_a_move_blocked_on_every_path_names_what_blocks_it() -> None:
    # d4 to e5 in two steps goes by d5 or by e4; both hold a piece.
    state = position(roll=[2, 4], pieces={"suns": {"d4": 3}, "moons": {"e4": 2, "d5": 4}})
    verdict = state.explain(DieMove(2, "d4", "e5"))
    assert verdict.reason == "blocked" and verdict.words is not None
    assert "every path of at most 2 steps from d4 to e5" in verdict.words and "(on d5, e4)" in verdict.words
    # It fails at the first of them on the path a figure draws (d4-d5-e5: north first).
    assert state.game.move_cells(state, DieMove(2, "d4", "e5")) == ["d4", "d5", "e5"] and verdict.at == "d5"
    assert "never steps onto or through another piece" in verdict.reason.rule
    # The shortest way round (d3-e3-f3-f4-f5-e5 or c4-c5-c6-d6-e6-e5) takes six steps.
    assert reason(state, "d4:d4-e5") == "blocked"
    # One free square opens a path.
    assert reason(position(roll=[2], pieces={"suns": {"d4": 3}, "moons": {"e4": 2}}), "d2:d4-e5") == "legal"
    # An own piece blocks an Army as much as an enemy.
    own = position(roll=[2], pieces={"suns": {"d4": 3, "e4": 2, "d5": 4}})
    assert reason(own, "d2:d4-e5") == "blocked"


def test_a_commander_passes_its_own_armies_on_any_path() -> None:
    # The Commander on d4: its own Armies on e4 and d5, an enemy on d3 and c4.
    state = position(roll=[2, 3], pieces={"suns": {"d4": COMMANDER, "e4": 2, "d5": 4}, "moons": {"d3": 1, "c4": 5}})
    assert reason(state, "d2:d4-e5") == "legal"  # over e4 or d5
    assert reason(state, "d2:d4-e3") == "legal"  # over e4, then a turn
    assert reason(state, "d3:d4-f5") == "legal"  # over its own Armies, with turns
    assert reason(state, "d2:d4-e4") == "occupied"  # it never stops on its own Army
    # Every path to c3 within three steps starts through an enemy (d3 or c4).
    verdict = state.explain(DieMove(3, "d4", "c3"))
    assert verdict.reason == "pass-enemy" and verdict.words is not None and "(on c4, d3)" in verdict.words
    assert verdict.at == state.game.move_cells(state, DieMove(3, "d4", "c3"))[1] and verdict.at in ("c4", "d3")
    # An Army does not pass its own Armies: the same moves of an Army are blocked.
    army = position(roll=[2, 3], pieces={"suns": {"d4": 3, "e4": 2, "d5": 4}, "moons": {"d3": 1, "c4": 5}})
    assert reason(army, "d2:d4-e5") == "blocked"
    assert _targets(army, "d4", 3) == {"d4"}


def test_a_piece_moves_at_most_its_die_in_steps() -> None:
    # From home-suns: a2 is 1 step away, b2 and a3 2, b3 3, c3 4, c4 and d3 5.
    state = position(roll=[0, 1, 3, 5], pieces={"suns": {"home-suns": 2, "f6": 4, "e6": 1, "d6": 3}})
    assert _targets(state, "home-suns", 0) == {"home-suns"}
    assert _targets(state, "home-suns", 1) == {"home-suns", "a2"}
    assert _targets(state, "home-suns", 3) == {"home-suns", "a2", "b2", "a3", "b3"}
    assert _targets(state, "home-suns", 5) == {"home-suns", "a2", "b2", "a3", "b3", "c3", "c4", "d3"}
    assert reason(state, "d5:home-suns-d3") == "legal"  # exactly five steps
    for six_steps in ("d4", "c5", "e3"):
        assert reason(state, f"d5:home-suns-{six_steps}") == "too-far"
    verdict = state.explain(DieMove(5, "home-suns", "c5"))
    assert verdict.words is not None and "takes at least 6 steps, the die shows 5" in verdict.words
    assert reason(state, "d0:f6-g6") == "too-far"  # a null moves nothing
    assert reason(state, "d1:f6-g6") == "legal"


def test_any_piece_may_enter_an_empty_enemy_home_base() -> None:
    state = position(roll=[3], pieces={"suns": {"h7": 4, "home-suns": COMMANDER}})
    play(state, "d3:h7-home-crowns")
    assert not state.is_over()


# -- battles on the board -------------------------------------------------------------------------


def test_winning_attack_sends_the_loser_to_the_bottom_and_stays_put() -> None:
    state = play(battlefield(), "d2:c3-c4", "c4xc5")
    text = state.position_text()
    assert "4@c4" in text and "moons=2@f6,5@e4" in text
    assert state.facts()["stacks"]["moons"][-1] == 1  # bottom of the stack
    assert state.facts()["pieces_on_board"]["moons"] == 2


def test_null_attacker_beats_five() -> None:
    state = play(battlefield(), "d5:e5-e5", "e5xe4")
    assert "e4" not in state.position_text().split("moons=")[1].split()[0]
    assert "0@e5" in state.position_text()


def test_losing_attacker_leaves_and_draw_keeps_both() -> None:
    lose = play(position(roll=[1], pieces={"suns": {"c3": 2}, "moons": {"c5": 5}}), "d1:c3-c4", "c4xc5")
    assert lose.facts()["pieces_on_board"] == {"suns": 0, "moons": 1, "crowns": 0, "arms": 0}
    assert lose.facts()["stacks"]["suns"][-1] == 2
    assert lose.legal_moves() == [EndTurn()]
    draw = play(position(roll=[1], pieces={"suns": {"c3": 3}, "moons": {"c5": 3}}), "d1:c3-c4", "c4xc5")
    assert draw.facts()["pieces_on_board"]["moons"] == 1 and "3@c4" in draw.position_text()


def test_army_against_commander_on_the_board() -> None:
    win = play(position(roll=[1], pieces={"suns": {"c3": 1}, "moons": {"c5": COMMANDER}}), "d1:c3-c4", "c4xc5")
    assert win.facts()["commanders_off_board"] == ["suns", "moons", "crowns", "arms"]
    assert "c5" not in win.position_text()
    lose = play(position(roll=[1], pieces={"suns": {"c3": 2}, "moons": {"c5": COMMANDER}}), "d1:c3-c4", "c4xc5")
    assert "P@c5" in lose.position_text() and lose.facts()["stacks"]["suns"][-1] == 2


# -- phases and the win ----------------------------------------------------------------------------


PHASE_CASES = [
        ({}, "roll:3", "reinforce-first"),
        ({}, "end", "reinforce-first"),
        ({"pieces": {"suns": {"home-suns": 1}}}, "end", "roll-first"),
        ({"pieces": {"suns": {"home-suns": 1}}}, "d1:home-suns-a2", "roll-first"),
        ({"pieces": {"suns": {"home-suns": 1}}}, "roll:3", "legal"),
        ({"pieces": {"suns": {"home-suns": 1}}}, "roll:34", "wrong-dice-count"),
        ({"pieces": {"suns": {"home-suns": 1, "c4": 2}}}, "roll:43", "bad-roll"),
]


@pytest.mark.parametrize(("data", "move", "expected"), PHASE_CASES)
def test_phase_reasons(data: dict[str, Any], move: str, expected: str) -> None:
    assert reason(position(**data), move) == expected


def test_unknown_move_shapes() -> None:
    state = battlefield()
    for move in [("fly",), ("move", 2, 0), ("attack", 0, 999), "end", Attack("c3", "z9"), DieMove(2, "z9", "c3")]:
        assert state.explain(move).reason == "unknown-move"  # type: ignore[arg-type]
    two = position(players=["suns", "crowns"], roll=[2], pieces={"suns": {"c3": 1}})
    assert two.explain(DieMove(2, "c3", "home-moons")).reason == "unknown-move"
    for text in ["d6:c3-c4", "c3-c4", "d2:c3-z9", "roll:"]:
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, text)
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(two, "d2:c3-home-moons")


def test_commander_entering_another_home_base_wins() -> None:
    state = position(roll=[2, 4], pieces={"suns": {"g7": COMMANDER, "c3": 1}})
    play(state, "d2:g7-home-crowns")
    assert state.is_over() and state.current_player == TERMINAL
    assert state.returns() == (1.0, -1.0, -1.0, -1.0)
    assert state.facts()["winner"] == "suns"
    assert state.legal_moves() == []
    assert reason(state, "end") == "game-over"
    state.undo()
    assert not state.is_over() and state.returns() == (0.0,) * 4


def test_commander_on_own_home_base_does_not_win() -> None:
    state = position(roll=[2], pieces={"suns": {"b2": COMMANDER}})
    play(state, "d2:b2-home-suns")
    assert not state.is_over()


# -- whole rolls and perft -------------------------------------------------------------------------
#
# The perft counts below were recomputed for the ruling that a piece may turn between steps.
# Each is checked two ways: by hand where it is small (the comments), and by
# _brute_perft, a move counter written apart from the engine's search. It takes its
# neighbours straight from the tile geometry (TileLayout.neighbours, not the engine's
# Board), its pieces from the position's text, and tries every walk of up to the die's
# steps one step at a time (no distances, masks or shortest paths); at every node it
# also compares its moves with the engine's legal moves.


def _geometry(suits: tuple[str, ...]) -> dict[str, list[str]]:
    """Each square's edge-sharing squares, by name, from the tiles alone."""
    layout = board_layout(suits)
    homes = {(tile.x, tile.y): tile.name for tile in layout.tiles if tile.name.startswith("home-")}

    def name(cell: tuple[int, int]) -> str:
        return homes.get(cell) or cell_name((cell[0] + 2, cell[1] + 2))

    return {name(cell): [name(n) for d in ORTHOGONAL for n in layout.neighbours(cell, d)] for cell in layout.cells()}


def _walk_ends(neighbours: dict[str, list[str]], pieces: dict[str, tuple[str, str]], start: str, die: int) -> set[str]:
    """Where every walk of at most ``die`` steps from ``start`` may stop: an Army steps only
    onto empty squares; a Commander also over (not onto) its own Armies; the start counts
    as empty once left, and staying put is a move."""
    suit, kind = pieces[start]
    ends = {start}

    def walk(square: str, left: int) -> None:
        for step in neighbours[square]:
            other = pieces.get(step) if step != start else None
            if other is None:
                ends.add(step)
            elif not (kind == "P" and other[0] == suit and other[1] != "P"):
                continue
            if left > 1:
                walk(step, left - 1)

    if die:
        walk(start, die)
    return ends


def _brute_moves(state: SiegeState, neighbours: dict[str, list[str]]) -> list[str]:
    """Every legal move of a position, as text, read from its position text."""
    fields: dict[str, Any] = dict(state.game.position_fields(state.position_text()))
    phase, me = fields["phase"], fields["turn"]
    if phase == "over":
        return []
    if phase == "reinforce":
        return ["reinforce"]
    if phase == "roll":
        count = min(4, len(fields["pieces"][me]))
        return ["roll:" + "".join(map(str, faces)) for faces in combinations_with_replacement(range(6), count)]
    pieces = {
        square: (suit, "P" if value == COMMANDER else str(value))
        for suit in fields["players"]
        for square, value in fields["pieces"][suit].items()
    }
    found = ["end"]
    last = fields["last"]
    if last and not fields["attacked"] and pieces[last][1] != "P":
        found += [f"{last}x{n}" for n in neighbours[last] if n in pieces and pieces[n][0] != me]
    for die in sorted(set(fields["dice"])):
        for square, (suit, _) in pieces.items():
            if suit == me and square not in fields["moved"]:
                found += [f"d{die}:{square}-{end}" for end in _walk_ends(neighbours, pieces, square, die)]
    return found


def _brute_perft(state: SiegeState, depth: int) -> int:
    neighbours = _geometry(state.board.suits)

    def count(node: SiegeState, depth: int) -> int:
        moves = _brute_moves(node, neighbours)
        assert sorted(moves) == sorted(m.text() for m in node.legal_moves()), node.position_text()
        if depth == 1:
            return len(moves)
        total = 0
        for text in moves:
            child = node.clone()
            child.apply(child.game.parse_move(child, text))
            total += count(child, depth - 1)
        return total

    return count(state, depth)


def test_brute_force_counts_a_position_by_hand() -> None:
    # The checker itself, on a position small enough to count by hand: one Suns Army on
    # d4, the Moons Armies on e4 and d5, dice 1 and 2: with the 1 stay, c4 or d3; with
    # the 2 also c4's and d3's free neighbours c5, c3, e3; so 3 + 6 + end = 10.
    state = position(roll=[1, 2], pieces={"suns": {"d4": 3}, "moons": {"e4": 2, "d5": 4}})
    assert sorted(_brute_moves(state, _geometry(state.board.suits))) == sorted(
        ["end", "d1:d4-d4", "d1:d4-c4", "d1:d4-d3", "d2:d4-d4", "d2:d4-c4", "d2:d4-d3", "d2:d4-c3", "d2:d4-c5", "d2:d4-e3"]
    )
    # A Commander passes its own Army (c4) but never stops on it, nor passes the enemy (e4).
    commander = position(roll=[2], pieces={"suns": {"d4": COMMANDER, "c4": 3}, "moons": {"e4": 2, "d5": 4}})
    moves = _brute_moves(commander, _geometry(commander.board.suits))
    assert sorted(m for m in moves if m.startswith("d2:d4-")) == sorted(["d2:d4-d4", "d2:d4-d3", "d2:d4-c3", "d2:d4-c5", "d2:d4-e3"])


def test_perft_from_a_lone_army_on_its_home_base() -> None:
    state = position(pieces={"suns": {"home-suns": 3}}, players=["suns", "crowns"])
    # One die: 6 faces. From home-suns every path starts at a2, then turns freely in the
    # Suns arm: a2 (1 step), b2 and a3 (2), b3 (3), c3 (4), c4 and d3 (5).
    # Each face: stay, the squares in reach, end: 0 -> 2, 1 -> 3, 2 -> 5, 3 -> 6, 4 -> 7, 5 -> 9.
    assert perft(state, 1) == _brute_perft(state, 1) == 6
    assert perft(state, 2) == _brute_perft(state, 2) == 2 + 3 + 5 + 6 + 7 + 9


def test_perft_of_the_battlefield() -> None:
    # Dice 2, 3, 5 (three distinct values) for each unmoved piece, plus end; no attack yet.
    # Squares first reached at each step (by any path the piece may take):
    # c3 Army: 1 c4 b3; 2 d4 b2 a3; 3 d5 a2; 4 d6 home-suns; 5 e6 c6
    #   -> with 2: 6 (stay + 5), with 3: 8, with 5: 12 = 26.
    # d3 Army: 1 d4; 2 d5 c4; 3 d6; 4 e6 c6; 5 c7 -> 4 + 5 + 8 = 17.
    # e3 Commander (over its Armies d3, c3, e5, never onto them; e4 is an enemy):
    #   1 f3; 2 f4 f2 d4; 3 f5 g2 f1 d5 c4 b3; 4 g1 d6 b2 a3; 5 e6 home-arms c6 a2
    #   -> 5 + 11 + 19 = 35.
    # e5 Army: 1 e6 f5 d5; 2 d6 f4 d4; 3 c6 f3 c4; 4 c7 f2; 5 c8 b7 g2 f1 -> 7 + 10 + 16 = 33.
    # 26 + 17 + 35 + 33 + end = 112.
    assert perft(battlefield(), 1) == _brute_perft(battlefield(), 1) == 112
    # Deeper counts: computed by this engine and, independently, by _brute_perft.
    assert perft(battlefield(), 2) == _brute_perft(battlefield(), 2) == 5821
    assert perft(battlefield(), 3) == _brute_perft(battlefield(), 3) == 103935


def test_perft_from_the_two_player_setup() -> None:
    # By hand: Suns reinforce (1), roll one die (6), then move the new Army as counted
    # above or end (32). After a die move only "end" is left, after "end" Crowns reinforce
    # (32). Then Crowns reinforce after the 26 die moves, or roll after the 6 ends
    # (26 + 6 * 6 = 62); then Crowns roll after those 26 (26 * 6 = 156) or move after
    # those 36 (6 * 32 = 192): 348. Depth 7 by this engine and _brute_perft.
    state = Siege(2).initial_state()
    expected = {1: 1, 2: 6, 3: 32, 4: 32, 5: 62, 6: 348, 7: 1204}
    for depth, nodes in expected.items():
        assert perft(state, depth) == _brute_perft(state, depth) == nodes, depth


def test_die_moves_match_every_walk_along_random_games() -> None:
    for players in (2, 3, 4):
        game = Siege(players)
        neighbours = _geometry(game.players)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.initial_state(rng)
            for _ in range(250):
                if state.is_over():
                    break
                moves = state.legal_moves()
                if state.current_player != CHANCE:
                    assert sorted(m.text() for m in moves) == sorted(_brute_moves(state, neighbours)), state.position_text()
                random_playout(state, rng, 1)
                _check_occupied(state)
            while state.history:
                state.undo()
                _check_occupied(state)


def _playout_fingerprint(game: Siege, seeds: range, cap: int = 400) -> str:
    """A digest of seeded random playouts drawn as :func:`random_playout` draws them: the legal
    moves in order (as text) at every ply, the chance outcomes with their odds, each final position."""
    digest = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state(rng)
        for _ in range(cap):
            if state.current_player == TERMINAL:
                break
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                digest.update(repr([(m.text(), odds) for m, odds in outcomes]).encode())
                state.push(sample_chance(outcomes, rng))
            else:
                moves = state.legal_moves()
                digest.update(" ".join(m.text() for m in moves).encode())
                state.push(rng.choice(moves))
        digest.update(state.position_text().encode())
    return digest.hexdigest()


# Recorded from the engine before its move generator was made faster (commit 9e4bf01): the
# rules, the order of the legal moves and so every seeded game must stay exactly as they were.
PLAYOUT_FINGERPRINTS = {
    2: "53c2754cc495c6214ae75ae0906b48bd003bae44d7622e334125e18627818ca5",
    3: "2d44ca448ffbbcac46cde9f155d42d3929152f893cc2a22cd9b606cffb4c9c0e",
    4: "07fd899e2c1828393dbdd15e70861d67d0359189e3a56c9a12dea313d4e09fa1",
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_random_games_are_unchanged(players: int) -> None:
    assert _playout_fingerprint(Siege(players), range(20)) == PLAYOUT_FINGERPRINTS[players]


def _check_occupied(state: SiegeState) -> None:
    """The move generator's mask of occupied squares agrees with the squares themselves."""
    board = state.board
    assert state.occupied == sum(board.bits[i] for i, code in enumerate(state.squares) if code)


def test_roll_plays_lists_each_distinct_result_once() -> None:
    state = position(pieces={"suns": {"home-suns": 3}}, players=["suns", "crowns"])
    plays = state.roll_plays([2])
    # The Army ends on home-suns, a2, a3 or b2.
    assert [" ".join(state.game.format_move(s, m) for s, m in _replay(state, p)) for p in plays] == [
        "roll:2 end",
        "roll:2 d2:home-suns-a2 end",
        "roll:2 d2:home-suns-a3 end",
        "roll:2 d2:home-suns-b2 end",
    ]
    with pytest.raises(ValueError):
        state.roll_plays()


def test_roll_plays_with_two_pieces_counts_orders_that_block() -> None:
    state = position(roll=[1, 2], pieces={"suns": {"a2": 1, "b2": 2}}, players=["suns", "crowns"])
    plays = state.roll_plays()
    finals = {_final_text(state, play) for play in plays}
    # By hand, the Army on a2 (A) and on b2 (B), on the Suns arm (a2 b2 a3 b3, home-suns
    # west of a2, c3 east of b3). Nobody moves: 1. Only A: a3, home, b3 (with the 2, by
    # a3): 3. Only B: b3, a3, c3: 3. Both: A first with the 1 to a3 (B then a2, b3, home,
    # c3) or home (B then a2, b3, a3, c3); A first with the 2 to b3 (B then a2); B first
    # with the 1 to b3 (A then b2); B first with the 2 to a3 or c3 (A then b2): 12 new
    # pairs. 1 + 3 + 3 + 12 = 19.
    assert len(plays) == len(finals) == 19
    assert finals == {_final_text(state, moves) for moves in _all_turns(state)}


def _replay(state: SiegeState, moves: tuple[Any, ...]):  # type: ignore[no-untyped-def]
    work = state.clone()
    for move in moves:
        yield work, move
        work.apply(move)


def _final_text(state: SiegeState, moves: tuple[Any, ...]) -> str:
    work = state.clone()
    for move in moves:
        work.apply(move)
    return work.position_text()


def _all_turns(state: SiegeState) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = []

    def walk(work: SiegeState, path: tuple[Any, ...]) -> None:
        for move in work.legal_moves():
            nxt = work.clone()
            nxt.apply(move)
            if isinstance(move, EndTurn):
                found.append(path + (move,))
            else:
                walk(nxt, path + (move,))

    walk(state.clone(), ())
    return found


# -- notation and data -------------------------------------------------------------------------------


def test_each_kind_of_move_reads_its_own_text() -> None:
    moves = [Reinforce(), Roll((0, 1, 3, 5)), DieMove(3, "c3", "c6"), DieMove(5, "home-suns", "a2"), Attack("c6", "c7"), EndTurn()]
    assert [m.text() for m in moves] == ["reinforce", "roll:0135", "d3:c3-c6", "d5:home-suns-a2", "c6xc7", "end"]
    for move in moves:
        assert type(move).from_text(move.text()) == move
        assert move_from_text(move.text()) == move
        others = [kind for kind in (Reinforce, Roll, DieMove, Attack, EndTurn) if kind is not type(move)]
        for kind in others:
            with pytest.raises(InvalidMoveError):
                kind.from_text(move.text())
    assert len(set(moves + [Reinforce(), EndTurn()])) == len(moves)  # no two kinds of move are equal
    for text in ["roll:6", "d6:c3-c4", "d2:c3-z9", "z9xc3", "c3-c4", "ends"]:
        with pytest.raises(InvalidMoveError):
            move_from_text(text)


def test_position_text_round_trips_mid_turn() -> None:
    state = play(battlefield(), "d2:c3-c4", "c4xc5")
    text = state.position_text()
    again = GAME.parse_position(text)
    assert again == state and again.position_text() == text
    assert "roll=235 dice=35" in text and "moved=c4 last=c4 attacked=yes" in text
    two = game_for(("suns", "crowns")).initial_state(random.Random(3))
    assert GAME.parse_position(two.position_text()).game.players == ("suns", "crowns")


@pytest.mark.parametrize(
    "text",
    [
        "players=suns,crowns turn=moons phase=roll roll=- dice=- suns=- suns-stack=012345 crowns=- crowns-stack=012345 moved=- last=- attacked=no",
        "players=suns,crowns turn=suns phase=roll roll=- dice=- suns=- suns-stack=012345 crowns=- crowns-stack=012345 moved=- last=- attacked=no",
        "players=suns,crowns turn=suns phase=reinforce roll=- dice=- suns=3@c3 suns-stack=012345 crowns=- crowns-stack=012345 moved=- last=- attacked=no",
        "players=suns,crowns turn=suns phase=reinforce roll=- dice=- suns=- suns-stack=01234 crowns=- crowns-stack=012345 moved=- last=- attacked=no",
        "players=suns turn=suns",
    ],
)
def test_bad_position_texts(text: str) -> None:
    with pytest.raises(PositionError):
        GAME.parse_position(text)


@pytest.mark.parametrize(
    ("data", "loc"),
    [
        ({"pieces": {"suns": {"z9": 3}}}, ("pieces", "suns", "z9")),
        ({"pieces": {"suns": {"c3": 7}}}, ("pieces", "suns", "c3")),
        ({"pieces": {"suns": {"c3": 3, "c4": 3}}}, ("pieces", "suns")),
        ({"pieces": {"suns": {"home-arms": 3}}, "players": ["suns", "crowns"]}, ("pieces", "suns", "home-arms")),
        ({"pieces": {"moons": {"c3": 3}}, "players": ["suns", "crowns"]}, ("pieces", "moons")),
        ({"stacks": {"suns": [1, 1]}}, ("stacks", "suns")),
        ({"colour": "red"}, ("colour",)),
        ({"turn": "red"}, ("turn",)),
        ({"roll": [6]}, ("roll", 0)),
        ({"roll": [2], "dice": [3], "pieces": {"suns": {"c3": 1}}}, ("dice",)),
        ({"roll": [2], "moved": ["c4"], "pieces": {"suns": {"c3": 1}}}, ("moved", 0)),
        ({"phase": "dance"}, ("phase",)),
        ({"players": ["suns"]}, ("players",)),
    ],
)
def test_position_data_errors_name_the_key(data: dict[str, Any], loc: tuple[object, ...]) -> None:
    # loc is the key path inside the position, so the figure loader finds the key's own line.
    with pytest.raises(DataError) as error:
        GAME.position_from_data(data)
    assert error.value.loc == loc
    assert isinstance(error.value, PositionError)


def test_hidden_armies_take_free_values() -> None:
    state = position(pieces={"suns": {"c3": "army", "c4": 0, "c5": "army"}}, stacks={"suns": [5, 2, 4]})
    assert "suns=0@c4,1@c3,3@c5" in state.position_text() and "suns-stack=524" in state.position_text()


_MID_TURN = (
    "players=suns,crowns turn=suns phase=move roll=235 dice=35 suns=4@c4,P@e3 suns-stack=50123 "
    "crowns=2@f6 crowns-stack=01345 moved=c4 last=c4 attacked=yes"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_MID_TURN.replace("dice=35", "dice=35 dice=3"), "the field 'dice' is given twice"),
        (_MID_TURN.replace("attacked=yes", "attacked=yes colour=red"), "unknown field 'colour'"),
        (_MID_TURN.replace("last=c4", "last="), "the field 'last' has no value (write '-' for nothing)"),
        (_MID_TURN.replace("last=c4", "last"), "'last' is not a key=value field"),
        (_MID_TURN.replace("roll=235", "roll=" + "2" * 5000), "roll"),
        (_MID_TURN.replace("suns-stack=50123", "suns-stack=" + "9" * 5000), "stacks.suns"),
        (_MID_TURN.replace("suns=4@c4,P@e3", "suns=" + "9" * 5000 + "@c4"), "bad piece"),
        (_MID_TURN.replace("suns=4@c4,P@e3", "suns=4@c4,4@c4"), "two pieces on c4"),
        (_MID_TURN.replace("suns=4@c4,P@e3", "suns=4@c4,P@z9"), "unknown square 'z9'"),
        (_MID_TURN.replace("suns=4@c4,P@e3", "suns=4@c4,P@"), "bad piece"),
        (_MID_TURN.replace("suns=4@c4,P@e3", "suns=²@c4"), "bad piece"),
        (_MID_TURN.replace("roll=235", "roll=2x5"), "roll= takes digits"),
        (_MID_TURN.replace("phase=move", "phase=dance"), "phase"),
        (_MID_TURN.replace("players=suns,crowns", "players=suns,red"), "players"),
        ("players=" + ",".join(["suns"] * 300), "players= names suns twice"),
        (_MID_TURN.replace(" moved=c4", ""), "missing: moved"),
        (_MID_TURN.replace("turn=suns phase=move", "phase=move turn=suns"), "the fields go in this order"),
        ("", "starts with players="),
    ],
)
def test_garbage_position_text_is_a_position_error(text: str, message: str) -> None:
    with pytest.raises(PositionError) as error:
        GAME.parse_position(text)
    assert message in str(error.value)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(_MID_TURN)), st.integers(0, 8), st.text(alphabet="=,@- 0123456789Pabcdefghx", max_size=6)),
        max_size=4,
    )
)
def test_mangled_position_text_only_raises_position_error(edits: list[tuple[int, int, str]]) -> None:
    text = _MID_TURN
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    try:
        state = GAME.parse_position(text)
    except PositionError:
        return
    assert GAME.parse_position(state.position_text()) == state


def test_position_text_gives_the_data_a_figure_gives() -> None:
    data = {
        "players": ["suns", "crowns"],
        "turn": "suns",
        "phase": "move",
        "roll": [2, 3, 5],
        "dice": [3, 5],
        "pieces": {"suns": {"c4": 4, "e3": "commander"}, "crowns": {"f6": 2}},
        "stacks": {"suns": [5, 0, 1, 2, 3], "crowns": [0, 1, 3, 4, 5]},
        "moved": ["c4"],
        "last": "c4",
        "attacked": True,
    }
    fields = GAME.position_fields(_MID_TURN)
    assert GAME.Position.model_validate(fields) == GAME.Position.model_validate(data)
    assert GAME.parse_position(_MID_TURN) == GAME.position_from_data(data)
    assert GAME.position_from_data(data).position_text() == _MID_TURN


@pytest.mark.parametrize(
    ("old", "new", "message", "key_line"),
    [
        ("      moved: [f4, c4]", "      moved: [f4, z9]", "unknown square 'z9'", "      moved: [f4, z9]"),
        ("      last: c4\n      pieces: {suns: {c4: 3,", "      last: d3\n      pieces: {suns: {c4: 3,", "not d3", "      last: d3"),
        ("      dice: [4]\n", "      dice: [4]\n      colour: red\n", "unknown key 'colour'", "      colour: red"),
        ("      roll: [2, 3, 4]", "      roll: [2, 3, 7]", "less than or equal to 5", "      roll: [2, 3, 7]"),
        ("{c4: 3, f4: 4, d3: commander}", "{c4: 3, f4: 4, d3: commander, e4: 4}", "two Armies of one value", "      pieces:"),
    ],
)
def test_a_bad_figure_position_names_the_line_of_its_key(games_copy: Path, old: str, new: str, message: str, key_line: str) -> None:
    from ppprint.verify import verify_game
    from tests.conftest import edit, game_in

    path = games_copy / "siege" / "figures" / "attacks.yaml"
    edit(path, old, new)
    with pytest.raises(InputError) as error:
        verify_game(game_in(games_copy, "siege"))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert error.value.path == path and message in error.value.message
    assert error.value.line is not None and lines[error.value.line - 1].startswith(key_line)


# -- the piece table ---------------------------------------------------------------------------------


def test_table_of_the_setup() -> None:
    state = GAME.initial_state(random.Random(2))
    table = VIEW.table(state)
    kinds = [(p.kind, p.side) for p in table.pieces]
    assert kinds.count(("tile", "back")) == 8 and kinds.count(("tile", "face")) == 4
    assert kinds.count(("coin", "back")) == 24 and kinds.count(("pawn", "face")) == 4
    assert set(table.cells) == set(GAME.board.names)
    assert table.cells["home-suns"] == ((-2.0, 0.0), (0.0, 0.0), (0.0, 2.0), (-2.0, 2.0))
    assert table.cells["a2"] == ((0.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0))
    aces = sorted(p.suit or "" for p in table.pieces if p.kind == "tile" and p.side == "face")
    assert aces == ["arms", "crowns", "moons", "suns"] and all(
        p.rank == 1 for p in table.pieces if p.kind == "tile" and p.side == "face"
    )
    x0, y0, x1, y1 = table.bounds
    assert all(x0 <= p.x <= x1 and y0 <= p.y <= y1 for p in table.pieces)
    assert {label.text for label in table.coordinates} == set("abcdefgh12345678")


def test_table_shows_pieces_dice_and_reveals_on_request() -> None:
    state = battlefield()
    hidden = VIEW.table(state, VIEW.options({"off_board": False}))
    coins = [p for p in hidden.pieces if p.kind == "coin"]
    assert len(coins) == 6 and all(p.side == "back" for p in coins)
    assert [p.rank for p in hidden.pieces if p.kind == "die"] == [2, 3, 5]
    assert [(p.x, p.y) for p in hidden.pieces if p.kind == "pawn"] == [hidden.centre("e3")]
    shown = VIEW.table(state, VIEW.options({"reveal": ["moons", "c3"], "dice": False, "off_board": False}))
    faces = sorted((p.suit, p.rank) for p in shown.pieces if p.kind == "coin" and p.side == "face")
    assert faces == [("moons", 1), ("moons", 2), ("moons", 5), ("suns", 4)]
    assert not [p for p in shown.pieces if p.kind == "die"]


def test_view_options_are_checked() -> None:
    assert VIEW.options({"reveal": True}).reveal is True
    assert VIEW.options({"reveal": ["moons", "c3", "home-suns"]}).reveal == ["moons", "c3", "home-suns"]
    for bad, loc in [({"reveal": ["red"]}, ("reveal",)), ({"reveal": "yes"}, ("reveal",)), ({"stacks": False}, ("stacks",)), ({"dice": 1}, ("dice",))]:
        with pytest.raises(DataError) as error:
            VIEW.options(bad)
        assert error.value.loc == loc


def test_two_player_table_drops_unused_tiles() -> None:
    game = Siege(2)
    table = VIEW.table(game.initial_state())
    assert sum(p.kind == "tile" for p in table.pieces) == 4 + 2 + 2
    assert "home-moons" not in table.cells and "b8" not in table.cells and len(table.cells) == 26


def test_move_cells_follow_a_path_the_piece_may_take() -> None:
    state = battlefield()

    def cells(text: str) -> list[str]:
        return GAME.move_cells(state, GAME.parse_move(state, text))

    assert cells("d5:e3-a3") == ["e3", "d3", "c3", "b3", "a3"]  # the Commander over its own Armies
    assert cells("d2:c3-c3") == ["c3"]
    assert cells("d2:c3-d4") == ["c3", "c4", "d4"]  # d3 holds a Suns Army: the Army turns at c4
    assert cells("d5:c3-c6") == ["c3", "c4", "d4", "d5", "d6", "c6"]  # round the Moons Army on c5
    # Of the five-step paths e3-d3-d4-d5-d6-e6 (2 turns), e3-d3-d4-d5-e5-e6 and
    # e3-f3-f4-f5-e5-e6 (3 turns each), the one with fewest turns is drawn.
    assert cells("d5:e3-e6") == ["e3", "d3", "d4", "d5", "d6", "e6"]
    # An illegal move is drawn along its shortest path on an empty board, through what blocks it.
    assert cells("d3:c3-c6") == ["c3", "c4", "c5", "c6"]
    assert cells("d3:e3-e6") == ["e3", "e4", "e5", "e6"]


def test_every_reason_code_has_a_test() -> None:
    tested = {case[-1] for case in MOVE_CASES + PHASE_CASES}
    tested |= {"no-reinforcement", "unknown-move", "game-over"}  # in their own tests above
    assert tested - {"legal"} == set(Siege.Reason.codes())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 120), players=st.sampled_from([2, 3, 4]))
def test_explain_agrees_with_legal_moves_anywhere(seed: int, plies: int, players: int) -> None:
    game = Siege(players)
    rng = random.Random(seed)
    state = game.initial_state(rng)
    random_playout(state, rng, plies)
    legal = set(state.legal_moves())
    squares = state.board.names
    candidates: list[Any] = [DieMove(d, a, b) for d in range(6) for a in squares for b in squares]
    candidates += [Attack(a, b) for a in squares for b in squares] + [EndTurn(), Reinforce()]
    for move in candidates:
        assert state.explain(move).legal == (move in legal), (state.position_text(), move)
    for move in legal:
        if isinstance(move, DieMove):
            assert state.judge_piece_move(move.origin, move.target, move.die).legal


# -- where pieces stand: the board fact -------------------------------------------------------------


def test_the_board_fact_names_what_stands_on_each_square() -> None:
    state = GAME.position_from_data({"players": ["suns", "crowns"], "pieces": {"suns": {"c3": 4, "d3": "commander"}, "crowns": {"c5": 2}}})
    board = state.fact(Fact.BOARD)
    assert isinstance(board, dict) and board["c3"] == "suns 4" and board["d3"] == "suns commander" and board["c5"] == "crowns 2"
    assert "c4" not in board


def test_a_winner_moving_into_the_losers_square_fails_the_attack_figures_board_claims(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted fault: the winner of an attack moves into the loser's square. Every attack panel's ``board``
    claim (the winner stays where it attacked from) catches it, naming the figure file, the claim's line and
    the claim."""
    from ppprint.games.siege import engine as siege
    from ppprint.registry import get_game
    from ppprint.verify import verify_game

    right = siege.SiegeState._do

    def winner_moves_in(self: siege.SiegeState, move: Any) -> None:
        if type(move) is siege.Attack:
            index = self.board.index
            origin, target = index[move.origin], index[move.target]
            attacker = self.squares[origin]
            right(self, move)
            if self.squares[origin] == attacker and not self.squares[target]:  # the attacker won: it moves in
                self._put(origin, 0)
                self._put(target, attacker)
        else:
            right(self, move)

    monkeypatch.setattr(siege.SiegeState, "_do", winner_moves_in)
    report = verify_game(get_game("siege"))
    path = next(f.path for f in report.failures)
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [(f.path.name, f.line, f.figure, f.claim, f.problem) for f in report.failures]
    assert {(name, figure) for name, _, figure, _, _ in found} == {
        ("attacks.yaml", "attacks, panel 1"), ("attacks.yaml", "attacks, panel 3"), ("attacks.yaml", "attacks, panel 4")
    }, found
    for _name, line, _, claim, problem in found:
        assert line is not None and lines[line - 1].strip().startswith("- after: [") and "c4xc5" in lines[line - 1]
        assert claim.startswith("after ") and "c4xc5" in claim and problem.startswith("board is {")
