"""SanQi rules: one test or more for each ruling, every pattern kind and orientation, notation, perft."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ppprint.check import check_playout
from ppprint.engine.base import TERMINAL, perft
from ppprint.games.sanqi.engine import (
    GAME,
    LINE_LENGTH,
    SHANG,
    XIA,
    ZHONG,
    End,
    Fact,
    Place,
    Replace,
    SanQi,
    SanQiState,
    _tables,
)
from ppprint.games.sanqi.view import VIEW
from ppprint.errors import DataError, IllegalMoveError, InvalidMoveError, PositionError
from ppprint.geometry.hex import LINE_DIRECTIONS, HexField, triangle
from ppprint.model.table import Piece
from ppprint.render.draw import Pen, bounds
from ppprint.render.figure import figure_bytes
from ppprint.render.pieces import draw_piece

FIELD5 = HexField(5)
RING_E5 = ["f5", "f6", "e6", "d5", "d4", "e4"]
"""The six neighbours of the centre e5 of the side-5 field (E, NE, NW, W, SW, SE)."""

FULL_NO_MOVE = "4 SZZS/XSZZS/XXSZZS/ZXSSZZS/ZXSZZS/SXZZX/SXZX"
"""A full side-4 field with no pattern on which no piece can be replaced."""
FULL_ONLY_C3 = "4 ZXXZ/ZZXZZ/ZZSSZZ/XZZSSZX/XZXSSX/SSZSX/SZZX"
"""A full side-4 field with no pattern on which only the piece on c3 (a Xia) can be replaced."""


def position(side: int = 5, to_move: str = "first", last: str | None = None, **pieces: list[str]) -> SanQiState:
    type_names = {"S": "shang", "Z": "zhong", "X": "xia"}
    data: dict = {"size": side, "to_move": to_move, "pieces": {type_names[k]: v for k, v in pieces.items()}}
    if last:
        data["last"] = last
    return GAME.position_from_data(data)


def play(state: SanQiState, *moves: str) -> SanQiState:
    for text in moves:
        state.apply(GAME.parse_move(state, text))
    return state


def reason(state: SanQiState, text: str) -> str:
    return state.explain(GAME.parse_move(state, text)).reason


def names(cells) -> list[str]:
    return [FIELD5.name(c) for c in cells]


# -- the field ------------------------------------------------------------------------------------
def test_default_field_has_side_ten_and_271_cells_and_first_moves() -> None:
    state = GAME.initial_state()
    assert state.side == 10 and len(state.board) == 271
    assert state.current_player == 0 and state.position_text().endswith(" first -")
    assert len(state.legal_moves()) == 271 * 3


def test_fields_below_side_four_or_above_thirty_are_refused_and_the_sides_between_work() -> None:
    for side in (3, 31, 3000):
        with pytest.raises(ValueError):
            SanQi(side)
    for side in (4, 13, 14, 30):
        state = SanQi(side).initial_state()
        assert len(state.board) == 3 * side * (side - 1) + 1
        assert GAME.parse_position(state.position_text()) == state


# -- placement --------------------------------------------------------------------------------------
def test_any_type_may_be_placed_on_any_vacant_cell_by_either_player() -> None:
    state = position(S=["e5"], to_move="second")
    for text in ("S@f5", "Z@f5", "X@f5", "S@a1"):
        assert state.explain(GAME.parse_move(state, text)).legal
    assert reason(state, "Z@e5") == "occupied"
    assert reason(state, "S@e5") == "occupied"


def test_a_cell_off_the_field_is_refused() -> None:
    state = position()
    assert reason(state, "S@i1") == "off-field"  # a name, but not on the side-5 field
    assert reason(state, "e99=S") == "off-field"
    with pytest.raises(IllegalMoveError) as caught:
        play(state, "S@i1")
    assert caught.value.reason == "off-field"


# -- replacement ------------------------------------------------------------------------------------
def test_replacement_needs_a_piece_and_another_type() -> None:
    state = position(Z=["e5"], S=["f5", "f6"])
    assert reason(state, "d4=S") == "vacant"
    assert reason(state, "e5=Z") == "same-type"
    assert state.explain(GAME.parse_move(state, "e5=S")).legal


@pytest.mark.parametrize(
    ("attackers", "defenders", "legal"),
    [(2, 0, True), (1, 0, False), (2, 1, False), (3, 1, True), (3, 2, False), (4, 2, True), (6, 0, True)],
)
def test_replacement_needs_two_more_of_the_replacing_type_among_the_neighbours(
    attackers: int, defenders: int, legal: bool
) -> None:
    ring = RING_E5
    state = position(Z=["e5", *ring[attackers : attackers + defenders]], S=ring[:attackers])
    verdict = state.explain(GAME.parse_move(state, "e5=S"))
    assert verdict.legal is legal
    assert verdict.legal or verdict.reason == "no-majority"
    assert (Replace("e5", SHANG) in state.legal_moves()) is legal


def test_a_third_type_neither_helps_nor_hinders_the_majority() -> None:
    state = position(Z=["e5"], S=["f5", "f6"], X=["e6", "d5", "d4", "e4"])
    assert state.explain(GAME.parse_move(state, "e5=S")).legal
    assert state.explain(GAME.parse_move(state, "e5=X")).legal  # 4 X against 0 Z
    assert state.facts()["replacements"]["e5"] == ["S", "X"]


def test_an_edge_cell_counts_only_the_neighbours_it_has() -> None:
    state = position(Z=["a1"], S=["b1", "b2"])  # a1 is a corner: neighbours b1, b2, a2
    assert state.explain(GAME.parse_move(state, "a1=S")).legal
    state = position(Z=["a1", "a2"], S=["b1", "b2"])
    assert reason(state, "a1=S") == "no-majority"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from("-SZX"), min_size=6, max_size=6),
    st.sampled_from("SZX"),
    st.sampled_from("SZX"),
)
def test_majority_rule_matches_the_seven_cell_view(around: list[str], target: str, replacing: str) -> None:
    pieces: dict[str, list[str]] = {"S": [], "Z": [], "X": []}
    pieces[target].append("e5")
    for cell, letter in zip(RING_E5, around):
        if letter != "-":
            pieces[letter].append(cell)
    state = position(**pieces)
    verdict = state.explain(GAME.parse_move(state, f"e5={replacing}"))
    if replacing == target:
        assert verdict.reason == "same-type"
        return
    seven = around + [target]  # the attacked cell and its six neighbours
    assert verdict.legal == (seven.count(replacing) > seven.count(target))
    assert verdict.legal == (around.count(replacing) >= around.count(target) + 2)


# -- protection ------------------------------------------------------------------------------------
def test_the_opponents_last_piece_is_protected_for_one_turn_and_ones_own_is_not() -> None:
    state = position(S=["f5", "f6"])
    play(state, "Z@e5")  # First
    assert reason(state, "e5=S") == "protected"  # Second may not replace First's last piece
    assert state.facts()["protected"] == "e5"
    play(state, "X@a1")  # Second plays elsewhere
    assert state.explain(GAME.parse_move(state, "e5=S")).legal  # First may replace his own last piece
    play(state, "Z@b1")  # First plays elsewhere instead
    assert state.explain(GAME.parse_move(state, "e5=S")).legal  # the protection has lapsed
    play(state, "e5=S")  # Second replaces it
    assert reason(state, "e5=Z") == "protected"  # and now First may not replace it straight back


def test_a_replaced_piece_is_protected_like_a_placed_one() -> None:
    state = position(Z=["e5"], S=["f5", "f6"], X=["a1", "b1"], to_move="second")
    play(state, "e5=S")
    assert state.facts()["protected"] == "e5"


# -- patterns -------------------------------------------------------------------------------------
@pytest.mark.parametrize("completing", range(6))
@pytest.mark.parametrize("centre", [None, "S", "Z"])
def test_a_circle_wins_for_first_whatever_holds_its_centre(completing: int, centre: str | None) -> None:
    pieces: dict[str, list[str]] = {"S": [c for k, c in enumerate(RING_E5) if k != completing], "Z": []}
    if centre:
        pieces[centre].append("e5")
    state = play(position(**pieces), f"S@{RING_E5[completing]}")
    facts = state.facts()
    assert state.current_player == TERMINAL and state.returns() == (1.0, -1.0)
    assert facts["winner"] == "first" and facts["pattern"] == "circle"
    assert facts["pattern_cells"] == sorted(RING_E5)
    assert state.legal_moves() == []
    assert reason(state, "S@a1") == "game-over"


def test_a_circle_made_by_second_does_not_win_for_second_but_counts_for_first_next() -> None:
    state = position(X=RING_E5[:5], to_move="second")
    play(state, f"X@{RING_E5[5]}")
    assert state.facts()["winner"] is None and state.current_player == 0
    assert state.facts()["patterns"] == [{"kind": "circle", "cells": sorted(RING_E5)}]
    play(state, "S@a1")  # First moves anywhere: the circle stands at the end of his turn
    assert state.facts()["winner"] == "first" and state.facts()["pattern_cells"] == sorted(RING_E5)


def test_breaking_a_circle_by_replacement_removes_it() -> None:
    # Second's circle of Xia around e5; f5 sees X on f6 and e4 and S on g5, g6, f4, e5.
    state = position(X=RING_E5, S=["e5", "f4", "g5", "g6"])
    assert state.facts()["winner"] is None  # a circle does not win for Second, who moved last
    play(state, "f5=S")  # First breaks it instead of keeping it
    assert state.facts()["patterns"] == [] and state.facts()["winner"] is None


@pytest.mark.parametrize("axis", range(3))
@pytest.mark.parametrize("completing", [0, 2, 5])
def test_a_line_of_six_wins_for_second_along_every_axis(axis: int, completing: int) -> None:
    line = names(FIELD5.line((0, 0), LINE_DIRECTIONS[axis]))[:LINE_LENGTH]
    state = position(Z=[c for k, c in enumerate(line) if k != completing], to_move="second")
    play(state, f"Z@{line[completing]}")
    facts = state.facts()
    assert facts["winner"] == "second" and facts["pattern"] == "line"
    assert facts["pattern_cells"] == sorted(line) and state.returns() == (-1.0, 1.0)


@pytest.mark.parametrize("axis", range(3))
def test_a_line_longer_than_six_counts_whole(axis: int) -> None:
    line = names(FIELD5.line((0, 0), LINE_DIRECTIONS[axis]))[:7]
    state = play(position(X=line[:3] + line[4:], to_move="second"), f"X@{line[3]}")
    assert state.facts()["pattern"] == "line" and state.facts()["pattern_cells"] == sorted(line)


def test_five_in_a_row_is_no_line_and_a_gap_breaks_a_line() -> None:
    line = names(FIELD5.line((0, 0), LINE_DIRECTIONS[0]))
    state = play(position(S=line[:4], to_move="second"), f"S@{line[4]}")
    assert state.facts()["winner"] is None
    state = play(position(S=line[:3] + line[4:7], to_move="second"), f"Z@{line[3]}")
    assert state.facts()["winner"] is None and state.facts()["patterns"] == []


def test_a_line_made_by_first_does_not_win_for_first_but_counts_for_second_next() -> None:
    line = names(FIELD5.line((0, 0), LINE_DIRECTIONS[1]))[:6]
    state = play(position(S=line[:5]), f"S@{line[5]}")
    assert state.facts()["winner"] is None
    assert state.facts()["threats"]["second"] != []
    play(state, "Z@e1")
    assert state.facts()["winner"] == "second" and state.facts()["pattern_cells"] == sorted(line)


def test_replacing_a_middle_piece_splits_a_long_line_into_parts_that_still_count() -> None:
    line = names(FIELD5.line((0, 0), LINE_DIRECTIONS[0]))  # a5 .. i5
    state = position(S=line, to_move="second")  # a line of nine, made by First
    assert state.facts()["winner"] is None  # it was First's line: no win for First
    state._set_cell(state.tables.index["e5"], 2)  # a Zhong in the middle: 4 + 4, no line left
    assert state.facts()["patterns"] == []
    state._set_cell(state.tables.index["c5"], 2)  # a5 b5 | d5 | f5 g5 h5 i5: still none
    state._set_cell(state.tables.index["e5"], 1)  # d5..i5 is a line of six again
    assert [p["cells"] for p in state.facts()["patterns"]] == [sorted(line[3:])]


@pytest.mark.parametrize("pointing_up", [True, False])
@pytest.mark.parametrize("mover", ["first", "second"])
@pytest.mark.parametrize("completing", range(6))
def test_a_triangle_wins_for_either_player_in_both_orientations(
    pointing_up: bool, mover: str, completing: int
) -> None:
    cells = names(triangle((0, 0), pointing_up))
    state = position(X=[c for k, c in enumerate(cells) if k != completing], to_move=mover)
    play(state, f"X@{cells[completing]}")
    facts = state.facts()
    assert facts["winner"] == mover and facts["pattern"] == "triangle"
    assert facts["pattern_cells"] == sorted(cells)


def test_the_two_triangle_orientations_on_the_side_five_field() -> None:
    assert sorted(names(triangle((0, 0), True))) == ["e5", "f5", "f6", "g5", "g6", "g7"]
    assert sorted(names(triangle((0, 0), False))) == ["e3", "e4", "e5", "f4", "f5", "g5"]


def test_a_triangle_completed_by_replacement_wins() -> None:
    cells = ["e5", "f5", "g5", "f6", "g6", "g7"]
    state = position(S=cells[:5], Z=["g7"])  # g7 sees two S (f6, g6) and no Z
    move = GAME.parse_move(state, "g7=S")
    assert state.explain(move).legal
    state.apply(move)
    assert state.facts()["winner"] == "first" and state.facts()["pattern"] == "triangle"


def test_mixed_types_make_no_pattern() -> None:
    state = position(S=RING_E5[:3], Z=RING_E5[3:5])
    play(state, f"S@{RING_E5[5]}")
    assert state.facts()["patterns"] == [] and not state.is_over()


# -- the drawn end ----------------------------------------------------------------------------------
def test_a_player_with_no_legal_move_ends_the_game_drawn() -> None:
    full = GAME.parse_position(f"{FULL_NO_MOVE} first -")
    assert full.facts()["patterns"] == [] and full.current_player == TERMINAL
    letter = full.position_text().split()[1][0]  # the piece on d7, the first cell of the top row
    state = GAME.parse_position(f"4 {FULL_NO_MOVE.split()[1].replace(letter, '1', 1)} first -")
    assert state.current_player == 0
    play(state, f"{letter}@d7")  # First fills the field; Second cannot move
    assert state.is_over() and state.returns() == (0.0, 0.0)
    assert state.facts()["drawn"] is True and state.facts()["winner"] is None and state.legal_moves() == []


def test_the_protected_piece_can_be_the_only_replaceable_one_and_then_the_game_is_drawn() -> None:
    free = GAME.parse_position(f"{FULL_ONLY_C3} second a1")
    assert [GAME.format_move(free, m) for m in free.legal_moves()] == ["c3=S", "c3=Z"]
    board = FULL_ONLY_C3.split()[1].split("/")
    board[4] = board[4][:2] + "1" + board[4][3:]  # row 3 from the bottom: a3 b3 c3 ...: vacate c3
    state = GAME.parse_position(f"4 {'/'.join(board)} first -")
    play(state, "X@c3")  # First fills c3; it is protected, and nothing else can be replaced
    assert state.facts()["drawn"] is True


# -- notation ----------------------------------------------------------------------------------------
def test_move_notation_round_trips_and_reads_the_characters() -> None:
    state = position(Z=["e5"], S=["f5", "f6", "a1"], X=["i9"])
    for move in state.legal_moves():
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move
    texts = [GAME.format_move(state, m) for m in state.legal_moves()]
    assert texts == sorted(texts) and "e5=S" in texts and "S@b1" in texts
    assert GAME.parse_move(state, "上@e5") == Place(SHANG, "e5")
    assert GAME.parse_move(state, "e5=下") == Replace("e5", XIA)
    assert GAME.parse_move(state, "中@e5") == Place(ZHONG, "e5")
    for bad in ("S@", "e5=Q", "pass", "s@e5", "S-e5", "e5", ""):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, bad)


def test_moves_are_values_with_a_context_free_text() -> None:
    assert Place(SHANG, "e5").text() == "S@e5" and Replace("e5", ZHONG).text() == "e5=Z"
    assert Place.from_text("下@a1") == Place(XIA, "a1") and Replace.from_text("a1=S") == Replace("a1", SHANG)
    assert Place(SHANG, "e5") != Replace("e5", SHANG)  # a placement never equals a replacement
    assert len({Place(SHANG, "e5"), Replace("e5", SHANG)}) == 2
    with pytest.raises(InvalidMoveError):
        Place.from_text("e5=S")
    with pytest.raises(InvalidMoveError):
        Replace.from_text("S@e5")


def test_position_notation_examples() -> None:
    assert SanQi(4).initial_state().position_text() == "4 4/5/6/7/6/5/4 first -"
    state = position(side=4, S=["a1", "d4"], Z=["g7"], X=["b1"], to_move="second", last="d4")
    assert state.position_text() == "4 3Z/5/6/3S3/6/5/SX2 second d4"
    assert GAME.parse_position(state.position_text()) == state


@pytest.mark.parametrize(
    "text",
    [
        "3 3/4/5/4/3 first -",
        "4 4/5/6/7/6/5 first -",
        "4 4/5/6/8/6/5/4 first -",
        "4 4/5/6/7/6/5/3Q first -",
        "4 4/5/6/7/6/5/4 third -",
        "4 4/5/6/7/6/5/4 first d4",
        "4 4/5/6/7/6/5/4 first",
        "4 4/5/6/7/6/5/99999999999999999999 first -",
        "4 4/5/6/7/6/5/4 first z99",
        "4 4//5/6/7/6/5 first -",
        "4 4/5/6/7/6/5/4 first - -",
        "²4 4/5/6/7/6/5/4 first -",
    ],
)
def test_bad_position_texts_are_refused(text: str) -> None:
    with pytest.raises(PositionError):
        GAME.parse_position(text)


@pytest.mark.parametrize("side", ["31", "3000", "100000", "9" * 5000, "3", "0"])
def test_absurd_sides_are_refused_before_any_field_is_built(side: str) -> None:
    with pytest.raises(PositionError):
        GAME.parse_position(f"{side} 4/5/6/7/6/5/4 first -")
    if len(side) < 10:
        with pytest.raises(PositionError) as caught:
            GAME.position_from_data({"size": int(side)})
        assert caught.value.loc == ("size",)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789SZXQ上/- \n=@abcdefgfirstsecond", max_size=60))
def test_garbage_position_text_only_ever_raises_a_position_error(text: str) -> None:
    try:
        GAME.parse_position(text)
    except PositionError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.integers(4, 5), st.data())
def test_mangled_position_texts_only_ever_raise_a_position_error(side: int, data: st.DataObject) -> None:
    text = SanQi(side).initial_state().position_text()
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        k = rng.randrange(len(chars))
        chars[k] = rng.choice("0123456789SZXQ/ -ab")
    try:
        GAME.parse_position("".join(chars))
    except PositionError:
        pass


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 6), st.integers(0, 2**32 - 1), st.sampled_from(["first", "second"]))
def test_position_text_round_trips(side: int, seed: int, to_move: str) -> None:
    rng = random.Random(seed)
    t = _tables(side)
    board = "".join(rng.choice("...SZX") for _ in t.names)
    occupied = [n for n, c in zip(t.names, board) if c != "."]
    last = rng.choice(occupied) if occupied and rng.random() < 0.7 else None
    pieces = {k: [n for n, c in zip(t.names, board) if c == letter] for k, letter in (("S", "S"), ("Z", "Z"), ("X", "X"))}
    state = position(side, to_move, last, **pieces)
    again = GAME.parse_position(state.position_text())
    assert again == state and again.position_text() == state.position_text()
    assert again.facts() == state.facts()


def test_position_from_data_reports_the_key_at_fault() -> None:
    cases = [
        ({"size": 3}, ("size",)),
        ({"size": 31}, ("size",)),
        ({"size": True}, ("size",)),
        ({"to_move": "red"}, ("to_move",)),
        ({"colour": 1}, ("colour",)),
        ({"pieces": {"shang": ["e5", "z9"]}}, ("pieces", "shang", 1)),
        ({"pieces": {"shang": ["e5"], "zhong": ["e5"]}}, ("pieces", "zhong", 0)),
        ({"pieces": {"red": ["e5"]}}, ("pieces", "red")),
        ({"pieces": {"xia": "e5"}}, ("pieces", "xia")),
        ({"last": "e5"}, ("last",)),
        ({"pieces": {"shang": ["e5"], "Shang": ["f5"]}}, ("pieces", "Shang")),
    ]
    for data, loc in cases:
        with pytest.raises(DataError) as caught:
            SanQi(5).position_from_data(data)
        assert caught.value.loc == loc, data
    with pytest.raises(DataError):
        GAME.position_from_data([1, 2])
    capitalised = SanQi(5).position_from_data({"pieces": {"Shang": ["e5"], "XIA": ["f5"]}})
    assert capitalised == SanQi(5).position_from_data({"pieces": {"shang": ["e5"], "xia": ["f5"]}})  # as before


def test_setup_problem() -> None:
    assert GAME.setup_problem(GAME.initial_state()) is None
    assert GAME.setup_problem(SanQi(4).initial_state()) is None
    assert "pieces" in GAME.setup_problem(position(S=["e5"]))
    assert "First" in GAME.setup_problem(position(to_move="second"))


# -- facts and reasons -------------------------------------------------------------------------------
def test_every_reason_code_is_reachable() -> None:
    seen = set()
    state = position(Z=["e5"], S=["f5", "a1"], to_move="second", last="a1")
    for text in ("S@i1", "S@e5", "d4=S", "e5=Z", "a1=Z", "e5=S"):
        seen.add(reason(state, text))
    done = play(position(X=RING_E5[:5]), f"X@{RING_E5[5]}")
    seen.add(reason(done, "S@a1"))
    assert seen == set(GAME.Reason.codes())


def test_facts_are_named_in_the_game_and_threats_find_the_open_ends() -> None:
    line = names(FIELD5.line((0, 0), LINE_DIRECTIONS[0]))  # a5 .. i5
    state = position(Z=line[1:6])  # b5..f5: five in a row, First to move
    facts = state.facts()
    assert set(facts) == set(GAME.Fact.codes())
    assert facts["threats"]["second"] == ["Z@a5", "Z@g5"]
    assert facts["threats"]["first"] == []
    assert facts["to_move"] == "first" and facts["protected"] is None


# -- the engine's incremental bookkeeping against a full recount ---------------------------------------
def brute_force(state: SanQiState) -> tuple[set, list[int], int, int]:
    t, board = state.tables, state.board
    found = set()
    for around in t.neighbours:
        if len(around) == 6 and board[around[0]] and all(board[j] == board[around[0]] for j in around):
            found.add(("circle", frozenset(around)))
    for cells in t.triangles:
        if board[cells[0]] and all(board[j] == board[cells[0]] for j in cells):
            found.add(("triangle", frozenset(cells)))
    for axis in range(3):
        for i in range(len(board)):
            if board[i] and (t.steps[axis + 3][i] < 0 or board[t.steps[axis + 3][i]] != board[i]):
                run, j = [i], t.steps[axis][i]
                while j >= 0 and board[j] == board[i]:
                    run.append(j)
                    j = t.steps[axis][j]
                if len(run) >= LINE_LENGTH:
                    found.add(("line", frozenset(run)))
    counts = [0] * (4 * len(board))
    for i, around in enumerate(t.neighbours):
        for j in around:
            counts[4 * i + board[j]] += 1
    replaceable = sum(
        1 for i in range(len(board)) if board[i] and max(counts[4 * i + k] for k in (1, 2, 3)) >= counts[4 * i + board[i]] + 2
    )
    return found, [c for k, c in enumerate(counts) if k % 4], replaceable, board.count(0)


def incremental(state: SanQiState) -> tuple[set, list[int], int, int]:
    index = state.tables.index
    found = {(kind, frozenset(index[n] for n in cells)) for kind, cells in state.pattern_list()}
    counts = [state._neighbours_holding(i, kind) for i in range(len(state.board)) for kind in (1, 2, 3)]
    return found, counts, state.replaceable_count, state.vacant


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 36), st.sampled_from([0, 1, 1, 1, 2, 3])), max_size=120))
def test_patterns_counts_and_replaceability_stay_equal_to_a_full_recount(changes: list[tuple[int, int]]) -> None:
    state = SanQi(4).initial_state()
    for cell, kind in changes:
        if state.board[cell] != kind:
            state._set_cell(cell, kind)
    assert incremental(state) == brute_force(state)
    for cell in range(37):
        if state.board[cell]:
            state._set_cell(cell, 0)
    assert incremental(state) == (set(), [0] * 111, 0, 37)


def test_random_games_keep_the_bookkeeping_through_moves_and_undo() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = SanQi(5).initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
            assert incremental(state) == brute_force(state)
        while state.history:
            state.undo()
            assert incremental(state) == brute_force(state)
        assert state == SanQi(5).initial_state()


# -- perft ---------------------------------------------------------------------------------------------
def test_perft_side_four() -> None:
    state = SanQi(4).initial_state()
    # Depth 1 by hand: 37 vacant cells x 3 types = 111 placements, nothing to replace.
    assert perft(state, 1) == 111
    # Depth 2: after any placement 36 vacant cells x 3 = 108, and the one piece is protected: 111 x 108.
    assert perft(state, 2) == 111 * 108 == 11988


def test_perft_side_ten() -> None:
    state = GAME.initial_state()
    # Depth 1 by hand: 271 cells x 3 types = 813; depth 2: 270 vacant x 3 = 810 after each.
    assert perft(state, 1) == 813
    assert perft(state, 2) == 813 * 810 == 658530


def test_perft_side_four_with_a_replacement() -> None:
    # Z on d4 with S on its neighbours e4 and e5 (which touch each other). By hand:
    # 34 vacant x 3 = 102 placements; d4=S (2 S against 0 Z) is the only replacement
    # (d4=X has 0 X; e4 and e5 each see 1 S and 1 Z): 103.
    state = position(side=4, Z=["d4"], S=["e4", "e5"])
    assert perft(state, 1) == 103
    assert perft(position(side=4, Z=["d4"], S=["e4", "e5"], to_move="second", last="d4"), 1) == 102
    assert perft(state, 2) == 10298  # the count a separate apply/undo perft agreed on


def test_invariants_on_small_and_large_fields() -> None:
    check_playout(SanQi(4), seed=7)
    check_playout(SanQi(30), seed=7, max_plies=30, check_every=10)


# -- the table and the drawings ------------------------------------------------------------------------
def test_table_has_a_cell_piece_and_a_polygon_for_every_cell_and_the_pieces() -> None:
    state = position(side=4, S=["a1", "d4"], Z=["g7"], X=["b1"])
    table = VIEW.table(state, VIEW.options({}))
    assert len(table.cells) == 37 and all(len(p) == 6 for p in table.cells.values())
    assert sum(p.kind == "hexcell" for p in table.pieces) == 37
    assert sorted(p.label for p in table.pieces if p.kind == "sanqi") == ["S", "S", "X", "Z"]
    min_x, min_y, max_x, max_y = table.bounds
    corners = [c for polygon in table.cells.values() for c in polygon]
    assert all(min_x <= x <= max_x and min_y <= y <= max_y for x, y in corners)
    d4 = next(p for p in table.pieces if p.kind == "sanqi" and table.centre("d4") == pytest.approx((p.x, p.y)))
    assert d4.label == "S" and d4.side == "face"
    assert table.coordinates and {label.text for label in table.coordinates} >= {"1", "7", "a", "g"}
    plain = VIEW.table(state, VIEW.options({"characters": False, "coordinates": False, "cell_size": 0.5}))
    assert all(p.side == "back" for p in plain.pieces if p.kind == "sanqi") and not plain.coordinates
    assert len(VIEW.table(SanQi(30).initial_state()).cells) == 2611


def test_the_three_pieces_have_different_shapes_and_their_characters_are_outlines() -> None:
    shapes = {}
    for letter in "SZX":
        pen = Pen()
        draw_piece(pen, Piece("sanqi", 0, 0, label=letter, length=0.8), (50.0, 50.0))
        drawing = pen.drawing(100, 100)
        body = [box for role, box in bounds(drawing.items) if role == ""]
        characters = [box for role, box in bounds(drawing.items, role="value")]
        shapes[letter] = (len(body), len(characters))
        (x0, y0, x1, y1), = body
        shapes[letter + "-tall-above"] = round(50 - y0) > round(y1 - 50)  # a triangle pointing up reaches higher
        back = Pen()
        draw_piece(back, Piece("sanqi", 0, 0, label=letter, side="back", length=0.8), (50.0, 50.0))
        assert not bounds(back.items, role="value")
        assert b"<text" not in figure_bytes(drawing, "svg")
    assert shapes == {"S": (1, 1), "Z": (1, 1), "X": (1, 1), "S-tall-above": True, "Z-tall-above": False, "X-tall-above": False}


# -- the typed contract: one fact at a time, outcomes, view options ------------------------------------
def test_a_fact_is_computed_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(Z=["e5", "f5"])

    def refuse(*args: object) -> object:
        raise AssertionError("a fact not asked for was computed")

    for expensive in ("winning_moves", "potential", "replacements", "majorities", "pattern_list"):
        monkeypatch.setattr(SanQiState, expensive, refuse)
    assert state.fact(Fact.SIZE) == 5 and state.fact(Fact.TO_MOVE) == "first"
    assert state.fact(Fact.WINNER) is None and state.fact(Fact.DRAWN) is False
    assert state.fact(Fact.PROTECTED) is None
    with pytest.raises(AssertionError):
        state.fact(Fact.THREATS)


def test_facts_are_plain_data() -> None:
    state = play(position(S=RING_E5[:5]), f"S@{RING_E5[5]}")
    facts = state.facts()
    assert type(facts["pattern"]) is str and type(facts["winner"]) is str
    assert all(type(p["kind"]) is str for p in facts["patterns"])
    assert all(type(k) is str for k in facts["potential"])


def test_outcomes_name_their_end() -> None:
    won = play(position(S=RING_E5[:5]), f"S@{RING_E5[5]}").outcome()
    assert won is not None and won.end == End.PATTERN and won.returns == (1.0, -1.0) and won.winners == (0,)
    drawn = GAME.parse_position(f"{FULL_NO_MOVE} first -").outcome()
    assert drawn is not None and drawn.end == End.NO_LEGAL_MOVE and drawn.draw
    assert GAME.initial_state().outcome() is None


@pytest.mark.parametrize(
    ("view", "loc"),
    [
        ({"cell_size": 0}, ("cell_size",)),
        ({"cell_size": -1}, ("cell_size",)),
        ({"cell_size": "big"}, ("cell_size",)),
        ({"cell_size": 1e9}, ("cell_size",)),
        ({"characters": "yes"}, ("characters",)),
        ({"window": {"centre": "j10"}}, ("window", "radius")),
        ({"window": {"centre": "j10", "radius": 0}}, ("window", "radius")),
        ({"window": {"centre": "j10", "radius": 2, "shape": "round"}}, ("window", "shape")),
        ({"colour": "red"}, ("colour",)),
    ],
)
def test_bad_view_options_name_the_key(view: dict, loc: tuple) -> None:
    with pytest.raises(DataError) as caught:
        VIEW.options(view)
    assert caught.value.loc == loc


def test_a_window_centre_off_the_field_is_refused() -> None:
    with pytest.raises(DataError) as caught:
        VIEW.table(SanQi(4).initial_state(), VIEW.options({"window": {"centre": "j10", "radius": 1}}))
    assert caught.value.loc == ("window", "centre") and "j10" in caught.value.message
    assert VIEW.options({"cell_size": 1}).cell_size == 1.0  # a whole number of inches is a size too
