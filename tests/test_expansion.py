"""Expansion's rules, one test (or more) per ruling, every reason code and every end condition."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ppprint.engine.base import TERMINAL, divide, perft
from ppprint.games.expansion.engine import GAME, combat
from ppprint.errors import DataError, IllegalMoveError


def position(minions, to_move="first", captured=None, first_move=False):
    data = {"minions": minions, "to_move": to_move, "first_move": first_move}
    if captured:
        data["captured"] = captured
    return GAME.position_from_data(data)


def moves_of(state):
    return sorted(GAME.format_move(state, m) for m in state.legal_moves())


def play(state, *texts):
    for text in texts:
        state.apply(GAME.parse_move(state, text))
    return state


def reason(state, text):
    return state.explain(GAME.parse_move(state, text)).reason


# -- setup -------------------------------------------------------------------------------


def test_setup_triangles_and_home_tiles():
    state = GAME.initial_state()
    facts = state.facts()
    assert sorted(c for c, m in facts["minions"].items() if m.startswith("first")) == ["a1", "a2", "a3", "b1", "b2", "c1"]
    assert sorted(c for c, m in facts["minions"].items() if m.startswith("second")) == ["d6", "e5", "e6", "f4", "f5", "f6"]
    assert facts["tiles"] == {"a1": "first", "e5": "second"}
    assert facts["to_move"] == "first"
    assert GAME.setup_problem(state) is None


def test_setup_problem_names_what_differs():
    state = play(GAME.initial_state(), "b2-b3")
    assert "b2" in GAME.setup_problem(state) or "b3" in GAME.setup_problem(state)


def test_random_setup_keeps_one_coin_of_each_value():
    state = GAME.initial_state(random.Random(3))
    assert state.facts()["coin_values"] == {p: ["blank", "ace", "2", "3", "4", "5"] for p in ("first", "second")}
    assert GAME.setup_problem(state) is None


# -- movement ----------------------------------------------------------------------------


def test_first_move_must_be_a_walk():
    state = GAME.initial_state()
    assert moves_of(state) == ["a3-a4", "a3-b3", "b2-b3", "b2-c2", "c1-c2", "c1-d1"]
    assert reason(state, "a2-a4") == "first-move-jump"


def test_second_player_may_jump_on_their_first_turn():
    state = play(GAME.initial_state(), "b2-b3")
    assert "f6-d4" in moves_of(state)  # diagonal jump over e5


def test_walks_are_orthogonal_and_may_attack():
    state = position({"first": {"c3": 3}, "second": {"d3": 2, "f6": 1, "e6": 4}})
    assert {"c3-c4", "c3-c2", "c3-b3", "c3xd3"} <= set(moves_of(state))
    assert reason(state, "c3-d4") == "diagonal-walk"


def test_jumps_go_two_cells_over_any_minion_in_eight_directions():
    minions = {"first": {"c3": 3, "d4": 2, "b3": 1}, "second": {"c4": 5, "d3": 4, "b2": 0}}
    state = position(minions)
    targets = {m for m in moves_of(state) if m.startswith("c3")}
    # over d4 (own) to e5, over b3 (own) to a3, over c4 (enemy) to c5, over d3 to e3, over b2 to a1
    assert {"c3-e5", "c3-a3", "c3-c5", "c3-e3", "c3-a1"} <= targets
    assert reason(state, "c3-a5") == "jump-over-empty"
    assert reason(state, "c3-e1") == "jump-over-empty"


@pytest.mark.parametrize(
    ("move", "code", "at"),
    [
        ("c3-c5", "jump-over-empty", "c4"),
        ("c3-b2", "diagonal-walk", "b2"),
        ("c3-c2", "friendly-destination", "c2"),
        ("c3-e5", "friendly-destination", "e5"),
        ("c3-f3", "not-a-walk-or-jump", "f3"),
        ("c3-d5", "not-a-walk-or-jump", "d5"),
        ("a6-a5", "no-minion", "a6"),
        ("d3-d2", "not-your-minion", "d3"),
    ],
)
def test_every_way_a_move_is_illegal(move, code, at):
    """Each with the cell where its rule fails: the jumped cell, the landing, or the start when the minion is wrong."""
    state = position({"first": {"c3": 3, "c2": 5, "e5": 1, "d4": 2}, "second": {"d3": 2, "f6": 3, "e6": 4}})
    assert reason(state, move) == code
    assert state.explain(GAME.parse_move(state, move)).at == at
    assert GAME.Reason.lookup(code) is not None
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(GAME.parse_move(state, move))
    assert caught.value.reason == code


def test_no_move_after_the_game_ends():
    state = position({"first": {"a1": 3}, "second": {"f6": 2}})
    assert state.is_over() and state.current_player == TERMINAL
    assert reason(state, "a1-a2") == "game-over"
    assert state.legal_moves() == []


# -- combat ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "removed"),
    [
        (4, 2, (False, True)),
        (2, 4, (True, False)),
        (3, 3, (True, True)),
        (0, 0, (True, True)),
        (1, 5, (True, True)),
        (5, 1, (True, True)),
        (1, 0, (True, True)),
        (2, 0, (False, True)),
        (0, 2, (True, False)),
    ],
)
def test_combat_table(attacker, defender, removed):
    assert combat(attacker, defender) == removed


def test_surviving_attacker_takes_the_cell_and_defender_stays():
    won = play(position({"first": {"c3": 4, "a1": 0, "b1": 1}, "second": {"c4": 2, "f6": 3, "e6": 5}}), "c3xc4")
    assert won.facts()["minions"].get("c4") == "first 4" and "c3" not in won.facts()["minions"]
    assert won.facts()["removed"] == ["second 2"]
    lost = play(position({"first": {"c3": 2, "a1": 0, "b1": 1}, "second": {"c4": 4, "f6": 3, "e6": 5}}), "c3xc4")
    assert lost.facts()["minions"].get("c4") == "second 4" and "c3" not in lost.facts()["minions"]
    assert lost.facts()["removed"] == ["first 2"]


def test_ace_removes_both():
    state = play(position({"first": {"c3": 1, "a1": 0, "b1": 4}, "second": {"c4": 5, "f6": 3, "e6": 2}}), "c3xc4")
    assert state.facts()["removed"] == ["first ace", "second 5"]
    assert "c4" not in state.facts()["minions"]


# -- tile capture ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("minions", "captured"),
    [
        ({"first": {"c3": 2, "b4": 3}, "second": {"f6": 4, "e6": 5}}, True),  # 2:0
        ({"first": {"c3": 2, "d3": 4, "b4": 3}, "second": {"d4": 5, "f6": 4, "e6": 1}}, True),  # 3:1
        ({"first": {"b4": 3, "a1": 2}, "second": {"f6": 4, "e6": 5}}, False),  # 1:0
        ({"first": {"c3": 2, "b4": 3}, "second": {"d4": 5, "f6": 4, "e6": 1}}, False),  # 2:1
    ],
)
def test_capture_needs_a_lead_of_two(minions, captured):
    state = play(position(minions), "b4-c4")
    assert (state.facts()["tiles"].get("c3") == "first") is captured


def test_capture_is_checked_for_both_players_on_every_tile():
    # First walks away from c3's tile, leaving second 2:0 there; second captures on first's move.
    state = play(position({"first": {"c4": 3, "a1": 1, "b1": 2}, "second": {"c3": 2, "d3": 4, "f6": 5}}), "c4-b4")
    assert state.facts()["captured"] == {"c3": "second"}


def test_captured_tiles_are_kept_for_good():
    state = position({"first": {"b4": 3, "a1": 1}, "second": {"c3": 4, "d3": 2, "f6": 5, "e6": 0}}, captured={"c3": "first"})
    play(state, "a1-a2", "f6-f5")
    assert state.facts()["tiles"]["c3"] == "first"


# -- the end -----------------------------------------------------------------------------


def test_end_on_five_tiles():
    state = position({"first": {"c3": 2, "b4": 3}, "second": {"f6": 1, "e6": 4}}, captured={"c1": "first", "a3": "first", "e1": "first"})
    play(state, "b4-c4")
    facts = state.facts()
    assert (facts["over"], facts["end"], facts["winner"], facts["tiebreak"]) == (True, "five-tiles", "first", "most-tiles")
    assert state.returns() == (1.0, -1.0)


def test_end_when_neither_player_has_two_minions():
    state = position({"first": {"a6": 3}, "second": {"b6": 3, "f2": 2}}, captured={"c1": "first", "a3": "first", "c3": "first", "e3": "second", "c5": "second", "e1": "second"})
    play(state, "a6xb6")
    facts = state.facts()
    assert facts["end"] == "no-capture-possible"
    assert (facts["winner"], facts["tiebreak"]) == ("first", "centre-tile")


def test_second_player_wins_equal_tiles_without_the_centre():
    state = position({"first": {"a6": 3}, "second": {"b6": 3, "f2": 2}}, captured={"c1": "first", "a3": "first", "e3": "second", "c5": "second"})
    play(state, "a6xb6")
    facts = state.facts()
    assert facts["tile_counts"] == {"first": 3, "second": 3}
    assert (facts["winner"], facts["tiebreak"]) == ("second", "second-player")
    assert state.returns() == (-1.0, 1.0)


def test_threefold_repetition():
    state = position({"first": {"a1": 3, "b1": 2}, "second": {"f6": 1, "e6": 4}})
    shuffle = ("b1-c1", "e6-d6", "c1-b1", "d6-e6")
    play(state, *shuffle)  # the start position has now occurred twice
    assert not state.is_over()
    play(state, *shuffle[:3])
    assert not state.is_over()
    play(state, shuffle[3])  # third time
    assert state.facts()["end"] == "threefold-repetition"
    state.undo()
    assert not state.is_over()


def test_repetition_counts_the_player_to_move():
    # The same minions with the other player to move is another position.
    state = position({"first": {"a1": 3, "b1": 2}, "second": {"f6": 1, "e6": 4}})
    play(state, "b1-c1", "e6-d6", "c1-b1", "d6-e6", "b1-c1", "e6-d6", "c1-b1")
    assert not state.is_over()


def test_end_when_the_player_to_move_has_no_move():
    # First takes second's last minion while keeping two of its own, with tiles left to capture:
    # no other end condition holds, but second has nothing to move.
    state = position({"first": {"c3": 4, "a1": 0}, "second": {"c4": 2}})
    assert not state.is_over()
    play(state, "c3xc4")
    facts = state.facts()
    assert facts["end"] == "no-legal-move"
    # One tile each and nobody holds the centre: the second player wins the tie.
    assert facts["tile_counts"] == {"first": 1, "second": 1}
    assert (facts["winner"], facts["tiebreak"]) == ("second", "second-player")


def test_a_parsed_position_that_is_already_over_says_so():
    state = GAME.parse_position("6/6/6/6/M2M34/M0M1M23 2 1-------2 -")
    assert state.facts()["end"] == "no-legal-move"
    assert GAME.parse_position("6/6/6/6/6/M0m14 1 1-------2 -").facts()["end"] == "no-capture-possible"


# -- perft -------------------------------------------------------------------------------


def test_perft_from_the_setup():
    state = GAME.initial_state()
    # Depth 1, by hand: the first move is a walk. a1, b1 and a2 are boxed in by their own side;
    # c1 walks to c2 or d1, b2 to b3 or c2, a3 to a4 or b3: 6 moves.
    assert perft(state, 1) == 6
    # Depth 2, by hand: none of those walks reaches the second player's corner, so each is answered
    # by the same 11 moves: 6 walks (d6-c6, d6-d5, e5-d5, e5-e4, f4-f3, f4-e4) and 5 jumps
    # (f6-d4 over e5, e6-c6 over d6, e6-e4 over e5, f5-d5 over e5, f5-f3 over f4): 6 x 11 = 66.
    assert perft(state, 2) == 66
    assert perft(state, 3) == 880
    assert divide(state, 2) == {m: 11 for m in ("a3-a4", "a3-b3", "b2-b3", "b2-c2", "c1-c2", "c1-d1")}
    assert sum(divide(state, 3).values()) == 880


# -- notation ----------------------------------------------------------------------------


def test_position_text_of_the_setup():
    assert GAME.initial_state().position_text() == "3m2m1m0/4m4m3/5m5/M55/M3M44/M0M1M23 1 1-------2 first-move"


@pytest.mark.parametrize(
    "text",
    ["", "6/6/6/6/6 1 1-------2 -", "7/6/6/6/6/6 1 1-------2 -", "6/6/6/6/6/X6 1 1-------2 -", "6/6/6/6/6/6 3 1-------2 -", "6/6/6/6/6/6 1 1--------2 -", "6/6/6/6/6/6 1 1-------2 maybe"],
)
def test_bad_position_text_is_refused(text):
    with pytest.raises(ValueError):
        GAME.parse_position(text)


@pytest.mark.parametrize("text", ["b2", "b2-", "b2-b9", "z1-a1", "b2 b3", "b2:b3"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(ValueError):
        GAME.parse_move(GAME.initial_state(), text)


def test_attack_written_with_x_either_sign_read():
    state = position({"first": {"c3": 3, "a1": 1}, "second": {"d3": 2, "f6": 1}})
    move = GAME.parse_move(state, "c3-d3")
    assert GAME.parse_move(state, "c3xd3") == move
    assert GAME.format_move(state, move) == "c3xd3"


@pytest.mark.parametrize(
    ("data", "loc"),
    [
        ({"minions": {"first": {"z9": 1}}}, ("minions", "first", "z9")),
        ({"minions": {"first": {"a1": 7}}}, ("minions", "first", "a1")),
        ({"minions": {"third": {"a1": 1}}}, ("minions", "third")),
        ({"minions": {"first": {"a1": 1}, "second": {"a1": 2}}}, ("minions", "second", "a1")),
        ({"captured": {"b2": "first"}}, ("captured", "b2")),
        ({"to_move": "nobody"}, ("to_move",)),
        ({"colour": "red"}, ("colour",)),
    ],
)
def test_bad_position_data_names_the_key(data, loc):
    with pytest.raises(DataError) as caught:
        GAME.position_from_data(data)
    assert caught.value.loc == loc


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=60))
def test_position_text_round_trips_after_random_moves(seed, plies):
    rng = random.Random(seed)
    state = GAME.initial_state(rng)
    for _ in range(plies):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    again = GAME.parse_position(state.position_text())
    assert again.position_text() == state.position_text()
    assert moves_of(again) == moves_of(state) or state.facts()["end"] == "threefold-repetition"


# -- the book: markers, the agreed stalemate, the setup notation -------------------------------------


def markers_of(state):
    from ppprint.games.expansion.view import VIEW

    table = VIEW.table(state, VIEW.options({}))
    tiles = [p for p in table.pieces if p.kind == "tile"]
    home = [p for p in tiles if 0 <= p.x <= 6 and 0 <= p.y <= 6 and p.side == "face"]
    outside = [p for p in tiles if not (0 <= p.x <= 6 and 0 <= p.y <= 6)]
    return home, outside


def test_captured_tiles_are_marked_by_distinct_real_tiles_of_the_capturers_suit():
    # Ruling: a spare tile of the capturer's suit beside a captured edge tile. A suit has one tile of each
    # value and its ace is the home tile, so the markers are its 2, 3, 4, 5 and null, never the ace again.
    captured = {"c1": "first", "e1": "first", "a3": "first", "a5": "first", "e3": "second", "c5": "second"}
    state = position({"first": {"b2": 2, "a2": 3}, "second": {"f6": 4, "e6": 5}}, captured=captured)
    home, outside = markers_of(state)
    assert sorted((p.suit, p.rank) for p in home) == [("moons", 1), ("suns", 1)]
    suns = [p.rank for p in outside if p.suit == "suns"]
    moons = [p.rank for p in outside if p.suit == "moons"]
    assert sorted(suns) == [2, 3, 4, 5] and sorted(moons) == [2, 3]
    for player_markers in (suns, moons):
        assert len(set(player_markers)) == len(player_markers) and 1 not in player_markers
    # Five captured edge tiles use the null as well.
    captured = {"c1": "first", "e1": "first", "a3": "first", "e3": "first", "a5": "first"}
    _, outside = markers_of(position({"first": {"b2": 2, "a2": 3}, "second": {"f6": 4, "e6": 5}}, captured=captured))
    assert sorted(p.rank for p in outside) == [0, 2, 3, 4, 5]


def test_the_book_states_the_agreed_stalemate():
    from ppprint.registry import get_game

    folder = get_game("expansion").data.folder
    rules = (folder / "rules.md").read_text(encoding="utf-8")
    clarifications = (folder / "clarifications.md").read_text(encoding="utf-8")
    assert "agreed stalemate" in rules and "agree" in clarifications.lower()


def test_the_setup_position_in_the_docstring_and_docs_parses_to_the_setup():
    # The notation writes ranks 6 down to 1; a setup text written bottom-up would not be the setup.
    import re
    from pathlib import Path

    from ppprint.games.expansion import engine

    setup = GAME.initial_state().position_text()
    texts = re.findall(r"[0-9Mm/]+ 1 1-------2 first-move", engine.__doc__ or "")
    notation = Path(__file__).parent.parent / "docs" / "notation.md"
    if notation.is_file():
        texts += re.findall(r"`([0-9Mm/]+ 1 1-------2 first-move)`", notation.read_text(encoding="utf-8"))
    assert texts
    for text in texts:
        assert GAME.parse_position(text).position_text() == setup, text
