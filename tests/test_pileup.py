"""Rule tests for the Pile Up engine: every ruling, every reason code, perft, notation, table, drawing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ppprint.engine.base import TERMINAL, divide, perft, random_playout
from ppprint.games.pileup.engine import (
    GAME,
    PLACEMENTS,
    SHIFTS,
    SQUARES,
    BoardMove,
    End,
    Fact,
    PileUpState,
    Placement,
    Reason,
    move_from_text,
)
from ppprint.games.pileup.view import VIEW
from ppprint.errors import DataError, IllegalMoveError, InvalidMoveError, PositionError
from ppprint.render.draw import bounds
from ppprint.render.figure import table_drawing


def pos(text: str) -> PileUpState:
    return GAME.parse_position(text)


def verdict(text: str, move: str) -> str:
    """The reason code a move gets in a position ("" when legal)."""
    state = pos(text)
    reason = state.explain(GAME.parse_move(state, move)).reason
    return "" if reason is None else reason.value


def legal(text: str) -> list[str]:
    state = pos(text)
    return [GAME.format_move(state, m) for m in state.legal_moves()]


def every_move() -> list:
    """Every placement and board move the notation can write."""
    return [m for row in PLACEMENTS[1:] for m in row] + [
        SHIFTS[o][t] for o in range(SQUARES) for t in range(SQUARES) if o != t
    ]


# -- setup and placement ---------------------------------------------------------------------
def test_setup_is_empty_board_black_first() -> None:
    state = GAME.initial_state()
    assert GAME.setup_problem(state) is None
    assert state.current_player == 0
    assert state.facts()["reserve"] == {"black": list(range(1, 11)), "white": list(range(1, 11))}
    assert GAME.setup_problem(pos("white")) == "black moves first"
    assert "d4" in GAME.setup_problem(pos("black d4=B1"))


def test_placement_from_reserve_on_empty_square() -> None:
    state = GAME.initial_state()
    state.apply(GAME.parse_move(state, "7@d4"))
    assert state.position_text() == "white d4=B7"
    assert 7 not in state.facts()["reserve"]["black"]
    assert verdict("black d4=B7 e5=W1", "7@a1") == "not-in-reserve"
    assert verdict("white d4=B7", "7@a1") == ""  # white's 7 is still off the board
    assert verdict("white d4=B7", "3@d4") == "placement-occupied"


# -- movement and jumps ----------------------------------------------------------------------
def test_plain_move_crosses_empty_squares_in_eight_directions() -> None:
    moves = [m for m in legal("black d4=B5 a8=W1,B2 h8=W3,B4") if not m[0].isdigit()]
    # 27 queen moves from d4 on an empty board, less h8: a stack of black's is never a landing.
    assert len(moves) == 26
    assert verdict("black d4=B5 a8=W1,B2 h8=W3,B4", "d4-h8") == "landing-friendly"
    assert verdict("black d4=B5 a8=W1,B2", "d4-e6") == "not-a-line"
    assert verdict("black d4=B5 a8=W1,B2", "d4-d4") == "not-a-line"


def test_move_errors_on_the_origin() -> None:
    assert verdict("black d4=B5", "c3-c4") == "no-piece"
    assert verdict("black d4=W5 a1=B1", "d4-d5") == "enemy-piece"
    assert verdict("black d4=W5,B6 a1=B1", "d4-d5") == "stack-moves"
    assert verdict("black d4=B5,W6 a1=B1", "d4-d5") == "stack-moves"


def test_jump_over_a_run_of_lower_pieces_lands_right_after_it() -> None:
    # d1 B9 north: d2 W3, d3 B1, d4 a 2-stack of 4 and 2, then d5 empty.
    text = "black d1=B9 d2=W3 d3=B1 d4=W4,B2 a8=W9,B10"
    moves = legal(text)
    assert "d1xd2" in moves  # forced: the only capture (d4 is black-topped)
    state = pos(text.replace("d2=W3", "d2=B3"))
    assert state.explain(GAME.parse_move(state, "d1-d5")).legal
    assert verdict(text.replace("d2=W3", "d2=B3"), "d1-d6") == "landing-past-run"
    assert verdict(text.replace("d2=W3", "d2=B3"), "d1-d8") == "landing-past-run"


def test_jumping_needs_every_piece_lower() -> None:
    assert verdict("black d1=B5 d2=W5,B7 a8=W9,B10", "d1-d4") == "jump-not-lower"  # higher
    assert verdict("black d1=B5 d2=B4 d3=W6 a8=W9,B10", "d1xd3") == ""  # capture after a jump, of a higher piece
    assert verdict("black d1=B5 d2=W5 a8=W9,B10", "d1-d3") == "jump-not-lower"  # equal
    # a stack whose top is lower but whose bottom is not
    assert verdict("black d1=B5 d2=W8,B1 a8=W9,B10", "d1-d3") == "jump-not-lower"


def test_closed_stack_can_be_jumped_never_landed_on() -> None:
    text = "black d1=B9 d2=W3,B4,W1 a8=W9,B10"
    assert verdict(text, "d1-d3") == ""
    assert verdict(text, "d1xd2") == "landing-closed-stack"
    assert "d1xd2" not in legal(text)


def test_landing_on_friendly_piece_or_friendly_topped_stack() -> None:
    assert verdict("black d1=B2 d3=B9 a8=W9,B10", "d1xd3") == "landing-friendly"
    assert verdict("black d1=B2 d3=W9,B8 a8=W1,B10", "d1xd3") == "landing-friendly"


# -- captures --------------------------------------------------------------------------------
def test_capture_has_no_value_comparison_and_builds_a_stack() -> None:
    state = pos("black d1=B1 d5=W10 a8=W9,B10")
    assert [GAME.format_move(state, m) for m in state.legal_moves()] == ["d1xd5"]
    state.apply(GAME.parse_move(state, "d1xd5"))
    assert state.facts()["stacks"]["d5"] == ["W10", "B1"]
    assert state.facts()["controller"]["d5"] == "black"


def test_capture_before_within_and_after_a_jumped_run() -> None:
    # a1 B8 north-east: b2 W3 (capture before the run), c3 B2, d4 W5 (within), e5 W9 (after: too high to jump).
    text = "black a1=B8 b2=W3 c3=B2 d4=W5 e5=W9 h8=W1,B4,W6"
    assert pos(text).facts()["captures"] == ["a1xb2", "a1xd4", "a1xe5", "c3xb2", "c3xd4"]
    assert verdict(text, "a1-f6") == "jump-not-lower"


def test_capture_of_enemy_topped_two_stack_closes_it_and_changes_control() -> None:
    state = pos("black a1=B3 a5=B9,W7 h8=W1,B2")
    assert state.facts()["controller"]["a5"] == "white"
    state.apply(GAME.parse_move(state, "a1xa5"))
    facts = state.facts()
    assert facts["stacks"]["a5"] == ["B9", "W7", "B3"]
    assert facts["controller"]["a5"] == "black"
    assert facts["closed"] == ["a5"]


def test_forced_capture_forbids_quiet_moves_and_placements() -> None:
    text = "black a1=B2 a8=W7 h1=W1,B5"
    assert legal(text) == ["a1xa8"]
    assert verdict(text, "a1-a2") == "forced-capture"
    assert verdict(text, "3@d4") == "forced-capture"
    assert pos(text).facts()["captures_available"] is True
    assert pos("black a1=B2 b8=W7 h1=W1,B5").facts()["captures_available"] is False


# -- the end ---------------------------------------------------------------------------------
def test_game_ends_when_a_player_has_at_most_one_free_piece_counting_reserve() -> None:
    stacked = "W1,B1 W2,B2 W3,B3 W4,B4 W5,B5 W6,B6 W7,B7 W8,B8".split()
    squares = "a1 c1 e1 g1 a3 c3 e3 g3".split()
    board = " ".join(f"{s}={p}" for s, p in zip(squares, stacked))
    # Pieces 9 and 10 of each player are off the board: two free pieces each, not over.
    state = pos(f"white {board}")
    assert state.free == [2, 2] and not state.is_over()
    state = pos(f"white {board} h8=B9,W9")
    assert state.facts()["free_pieces"] == {"black": 1, "white": 1}
    assert state.is_over() and state.legal_moves() == [] and state.current_player == TERMINAL
    assert state.facts()["end"] == "free-pieces"
    assert verdict(f"white {board} h8=B9,W9", "10@h1") == "game-over"


def test_no_legal_turn_end_with_free_pieces_left() -> None:
    # White's singles W1 on a1 and W2 on h8 are each walled in by white-topped 2-stacks (no
    # landing on a friendly top) holding pieces of 3 or more (no jump); every other white piece
    # is in those stacks, so white has no placement either. Black has 6 pieces off the board
    # and white 2 free pieces, so only the no-legal-turn condition ends the game.
    board = "a1=W1 a2=B3,W3 b2=B4,W4 b1=W9,W5 h8=W2 h7=B5,W6 g7=B6,W7 g8=W10,W8"
    state = pos(f"white {board}")
    assert state.free == [6, 2]
    assert state.legal_moves() == []
    assert state.facts()["end"] == "no-legal-turn"
    assert state.is_over()


def test_scores_count_every_piece_in_stacks_controlled_and_equal_scores_draw() -> None:
    # Free-pieces end: white's only free piece is W10, off the board. Black controls a1 (2+3),
    # c1 (4+9+1), g1, a3, c3, e3, g3; white controls e1 (2+1) and h8 (10+9).
    base = "a1=W2,B3 c1=W4,B9,B1 e1=B2,W1 g1=W3,B4 a3=W5,B5 c3=W6,B6 e3=W7,B7 g3=W8,B8"
    state = pos(f"white {base} h8=B10,W9")
    facts = state.facts()
    assert facts["over"] and facts["free_pieces"]["white"] == 1
    black = 5 + 14 + 7 + 10 + 12 + 14 + 16
    white = 3 + 19
    assert facts["scores"] == {"black": black, "white": white}
    assert facts["winner"] == "black" and state.returns() == (1.0, -1.0)
    even = pos("black a1=W1,B2 c1=B1,W2 e1=W3,B4 g1=B3,W4 a3=W5,B6 c3=B5,W6 e3=W7,B8 g3=B7,W8 h8=W9,B10 h1=B9,W10")
    assert even.is_over()
    assert even.facts()["scores"] == {"black": 55, "white": 55}
    assert even.facts()["winner"] == "draw" and even.returns() == (0.0, 0.0)


# -- notation ----------------------------------------------------------------------------------
def test_move_notation_round_trips_and_writes_x_for_landing_on_a_piece() -> None:
    state = pos("black a1=B8 b2=W3 c3=B2 d4=W5 h8=W1,B4,W6")
    for move in every_move():
        text = GAME.format_move(state, move)
        assert GAME.parse_move(state, text) == move
    assert GAME.format_move(state, GAME.parse_move(state, "a1-b2")) == "a1xb2"
    assert GAME.format_move(state, GAME.parse_move(state, "10@e4")) == "10@e4"
    for bad in ("11@a1", "0@a1", "a9-a1", "a1a2", "B7@a1", ""):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, bad)


def test_position_text_round_trips_and_rejects_bad_text() -> None:
    text = "white d4=B7 e5=W2,B9 f6=B3,W4,B1"
    assert pos(text).position_text() == text
    assert pos("black").position_text() == "black"
    for bad in ("", "red", "black d4=B7 e5=B7", "black d4=B11", "black d4", "black i9=B1", "black d4=B1 d4=W2"):
        with pytest.raises(PositionError):
            pos(bad)


def test_position_from_data_and_its_errors() -> None:
    state = GAME.position_from_data({"board": {"d4": "B7", "e5": ["W2", "B9"]}, "to_move": "white"})
    assert state.position_text() == "white d4=B7 e5=W2,B9"
    assert GAME.position_from_data("setup") == GAME.initial_state()
    cases = [
        ({"board": {"z9": "B1"}}, ("board", "z9")),
        ({"board": {"d4": ["W2", "X9"]}}, ("board", "d4", 1)),
        ({"board": {"d4": "B1", "e4": "B1"}}, ("board", "e4")),
        ({"board": {"d4": []}}, ("board", "d4")),
        ({"to_move": "red"}, ("to_move",)),
        ({"pieces": {}}, ("pieces",)),
        ({"board": ["d4"]}, ("board",)),
    ]
    for data, loc in cases:
        with pytest.raises(DataError) as caught:
            GAME.position_from_data(data)
        assert caught.value.loc == loc
    with pytest.raises(DataError):
        GAME.position_from_data(3)


def test_every_reason_code_is_reachable() -> None:
    seen = {
        verdict("black d4=B7 e5=W1", "7@a1"),
        verdict("white d4=B7", "3@d4"),
        verdict("black a1=B2 a8=W7", "3@d4"),
        verdict("black d4=B5", "c3-c4"),
        verdict("black d4=W5 a1=B1", "d4-d5"),
        verdict("black d4=W5,B6 a1=B1", "d4-d5"),
        verdict("black d4=B5", "d4-e6"),
        verdict("black d1=B5 d2=W5", "d1-d3"),
        verdict("black d1=B5 d2=B4", "d1-d4"),
        verdict("black d1=B2 d3=B9", "d1xd3"),
        verdict("black d1=B9 d2=W3,B4,W1", "d1xd2"),
        verdict("white a1=W1,B1 c1=W2,B2 e1=W3,B3 g1=W4,B4 a3=W5,B5 c3=W6,B6 e3=W7,B7 g3=W8,B8 h8=B9,W9", "10@a8"),
    }
    assert seen == set(GAME.Reason.codes())



def test_placements_and_board_moves_are_distinct_values_with_their_own_text() -> None:
    place, shift = Placement(3, 5), BoardMove(3, 5)
    assert place != shift and shift != place and not place == shift and not shift == place
    assert len({place, shift}) == 2 and len({shift, place}) == 2 and hash(place) == hash(shift) == hash((3, 5))
    assert place == PLACEMENTS[3][5] and shift == SHIFTS[3][5]
    assert place.text() == "3@f1" and shift.text() == "d1-f1"
    assert Placement.from_text("3@f1") is PLACEMENTS[3][5]
    assert BoardMove.from_text("d1xf1") is SHIFTS[3][5] and move_from_text(" d1-f1 ") is SHIFTS[3][5]
    for kind, bad in ((Placement, "d1-f1"), (BoardMove, "3@f1"), (Placement, "11@a1"), (BoardMove, "d1-i1")):
        with pytest.raises(InvalidMoveError):
            kind.from_text(bad)
    # The context-free text always writes '-'; the game writes 'x' onto an occupied square.
    state = pos("black d1=B8 f1=W3")
    assert GAME.format_move(state, shift) == "d1xf1" and shift.text() == "d1-f1"


def test_reason_fact_and_end_codes_are_enums_citing_rules() -> None:
    assert GAME.Reason is Reason and GAME.Fact is Fact and GAME.End is End
    assert len(Reason) == 12 and Reason.lookup("landing-past-run") is Reason.LANDING_PAST_RUN
    assert End.codes() == ["free-pieces", "no-legal-turn"]
    assert Fact.codes() == sorted(
        "pieces stacks controller closed reserve free_pieces scores to_move captures_available captures"
        " legal_moves over end winner".split()
    )
    state = pos("black a1=B2 a8=W7 h1=W1,B5")
    assert state.fact(Fact.CAPTURES) == ["a1xa8"] and state.fact(Fact.SCORES) == {"black": 6, "white": 0}
    assert state.facts() == {fact.value: state.fact(fact) for fact in Fact}
    assert state.outcome() is None and state.returns() == (0.0, 0.0)


def test_game_over_is_cached_but_follows_every_move_and_undo() -> None:
    rng = random.Random(11)
    for _ in range(5):
        state = GAME.initial_state()
        while True:
            fresh = pos(state.position_text())
            assert state.current_player == fresh.current_player and state.outcome() == fresh.outcome()
            if state.is_over():
                break
            moves = state.legal_moves()
            probe = rng.choice(moves)
            state.push(probe)
            assert state.current_player == pos(state.position_text()).current_player
            state.undo()
            assert state.current_player == fresh.current_player and state.legal_moves() == moves
            state.push(rng.choice(moves))
        assert state.outcome() is not None and state.outcome().end in (End.FREE_PIECES, End.NO_LEGAL_TURN)


_TOKENS = st.sampled_from(
    ["black", "white", "red", "d4=B7", "d4=", "=B1", "e5=W2,B9", "d4=B7,B7", "a1=W10", "h8=B1,W1,B2", "x",
     "i9=B1", "d4=b7", ",", "=", "B7", "a1=B11", "a1=W0", "c3=W1,,B2", "d4==B1", "a10=B1", "\t", "D4=B1"]
)


@settings(max_examples=300, deadline=None)
@given(text=st.lists(_TOKENS, max_size=7).map(" ".join) | st.text(max_size=40))
def test_garbage_position_text_only_ever_raises_position_error(text: str) -> None:
    try:
        state = pos(text)
    except PositionError:
        return
    assert pos(state.position_text()).position_text() == state.position_text()

# -- perft -----------------------------------------------------------------------------------
def _queen_squares(file: int, rank: int) -> int:
    """Squares a queen reaches from (file, rank) on an empty 8x8 board (hand formula, not the engine)."""
    count = 0
    for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)):
        x, y = file + df, rank + dr
        while 0 <= x < 8 and 0 <= y < 8:
            count, x, y = count + 1, x + df, y + dr
    return count


def test_perft_from_the_empty_board() -> None:
    state = GAME.initial_state()
    # Depth 1: 64 empty squares x 10 values = 640 placements. Depth 2: 63 x 10 = 630 replies each.
    assert perft(state, 1) == 640
    assert perft(state, 2) == 640 * 630
    # Depth 3 by hand: black's piece on s1, white's on s2. If s2 lies on one of s1's eight lines
    # the capture is forced and is black's only turn (1); otherwise black has 62 x 9 = 558
    # placements plus Q(s1) queen moves. Values never matter at this depth.
    by_hand = 100 * sum(
        q + (63 - q) * (558 + q) for q in (_queen_squares(f, r) for f in range(8) for r in range(8))
    )
    assert by_hand == 149_724_800
    # The engine, using the board's 8 symmetries: first placements on the 10 canonical squares
    # (weight = orbit size), every white reply, every black turn; the first value is 1 (x10).
    canonical = {"a1": 4, "b1": 8, "c1": 8, "d1": 8, "b2": 4, "c2": 8, "d2": 8, "c3": 4, "d3": 8, "d4": 4}
    total = 0
    for square, weight in canonical.items():
        start = GAME.initial_state()
        start.apply(GAME.parse_move(start, f"1@{square}"))
        total += weight * 10 * perft(start, 2)
    assert total == by_hand
    other_value = GAME.initial_state()
    other_value.apply(GAME.parse_move(other_value, "7@c2"))
    first_value = GAME.initial_state()
    first_value.apply(GAME.parse_move(first_value, "1@c2"))
    assert perft(other_value, 2) == perft(first_value, 2)


MIDGAME = "black a1=B8 h1=W2,B9 b2=W3 c3=B2 d4=W5 a8=B1,W7 h8=W1,B4,W6"


def test_perft_from_a_midgame_position() -> None:
    state = pos(MIDGAME)
    # Depth 1 by hand: captures are forced. B8 on a1: north to the white-topped 2-stack a8;
    # north-east b2 W3 (before the run), jump W3, B2, onto d4 W5 (within the run); east stops
    # at h1 (black-topped). B2 on c3: b2 and d4 (no value comparison). 5 captures.
    assert divide(state, 1) == {"a1xa8": 1, "a1xb2": 1, "a1xd4": 1, "c3xb2": 1, "c3xd4": 1}
    assert [perft(state, d) for d in (1, 2, 3)] == [5, 10, 2404]


def _legal_by_explain(state: PileUpState) -> set:
    return {m for m in every_move() if state.explain(m).legal}


def test_perft_agrees_with_brute_force_through_explain() -> None:
    state = pos(MIDGAME)
    count = 0
    for move in sorted(_legal_by_explain(state), key=str):
        state.apply(move)
        count += len(_legal_by_explain(state))
        state.undo()
    assert count == perft(state, 2)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 40))
def test_explain_agrees_with_legal_moves(seed: int, plies: int) -> None:
    state = GAME.initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    assert _legal_by_explain(state) == set(state.legal_moves())
    moves = state.legal_moves()
    captures = [m for m in moves if isinstance(m, BoardMove) and state.peak[m.target]]
    assert state.captures() == captures and state.captures_available() is bool(captures)
    assert not captures or captures == moves  # forced: when there is a capture, every legal turn is one
    assert [GAME.format_move(state, m) for m in moves] == sorted(GAME.format_move(state, m) for m in moves)


def test_random_games_end_with_consistent_counts() -> None:
    rng = random.Random(7)
    for _ in range(20):
        state = GAME.initial_state()
        random_playout(state, rng)
        assert state.is_over()
        fresh = pos(state.position_text())
        assert fresh.free == state.free and fresh.reserve == state.reserve
        assert sum(state.scores()) == sum(abs(c) for s in state.stacks if len(s) > 1 for c in s)


# -- table and drawing -------------------------------------------------------------------------
def test_table_has_board_cells_pieces_and_optional_reserve() -> None:
    state = pos("white a1=B10 d4=B2,W7 f6=B3,W4,B1")
    table = VIEW.table(state, VIEW.options({}))
    assert len(table.cells) == 64 and table.centre("a1") == (0.5, 0.5)
    kinds = [p.kind for p in table.pieces]
    assert kinds.count("pileup-square") == 64
    stacks = {p.stack: p.owner for p in table.pieces if p.kind == "pileup-stack"}
    assert stacks == {(2, -7): 1, (3, -4, 1): 0}
    assert [p for p in table.pieces if p.kind == "pileup-piece"][0].rank == 10
    with_reserve = VIEW.table(state, VIEW.options({"reserve": True}))
    reserve = [p for p in with_reserve.pieces if p.kind == "pileup-piece" and not (0 < p.y < 8)]
    assert len(reserve) == 6 + 8
    assert with_reserve.bounds[1] < table.bounds[1] and with_reserve.bounds[3] > table.bounds[3]
    assert all(with_reserve.bounds[1] < p.y < with_reserve.bounds[3] for p in reserve)



def test_reserve_rows_and_slots_are_named_areas_and_view_options_are_checked() -> None:
    state = pos("white a1=B10 d4=B2,W7")
    table = VIEW.table(state, VIEW.options({"reserve": True}))
    reserve = [p for p in table.pieces if p.kind == "pileup-piece" and not (0 < p.y < 8)]
    assert len(reserve) == 8 + 9
    for piece in reserve:
        player = "black" if piece.owner == 0 else "white"
        assert table.centre(f"{player}-reserve-{piece.rank}") == pytest.approx((piece.x, piece.y))
        assert (piece.y < -0.5) if player == "black" else (piece.y > 8)
    assert {"black-reserve", "white-reserve", "black-reserve-10", "white-reserve-1"} <= set(table.cells)
    assert "black-reserve" not in VIEW.table(state, VIEW.options({})).cells
    for bad in ({"reserve": "yes"}, {"reserves": True}):
        with pytest.raises(DataError):
            VIEW.options(bad)

def test_drawers_write_every_value_in_view() -> None:
    state = pos("white a1=B10 d4=B2,W7 f6=B3,W4,B1")
    drawing = table_drawing(VIEW.table(state, VIEW.options({"reserve": True})))
    values = [box for role, box in bounds(drawing.items, role="value")]
    assert len(values) == 1 + 2 + 3 + 14  # every value in view is written


def test_illegal_apply_raises_with_reason() -> None:
    state = pos("black a1=B2 a8=W7")
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(GAME.parse_move(state, "a1-a2"))
    assert caught.value.reason == "forced-capture"
