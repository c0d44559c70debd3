"""The engine contract every game must keep (after OpenSpiel's generic tests), as functions.

``check_playout`` plays one seeded random game and checks, at every step:
legal moves exist exactly when the game is not over; every legal move applies,
is judged legal by ``explain`` and has a text that parses back to it; a move of
an earlier position that is illegal now is refused with a declared reason code;
serialise then deserialise gives an equal state; a clone stays equal after the
same move; undo restores the state; every fact is declared and computed alone
as in the full set; at the end, the outcome names a declared end and its
returns are in range.

``garbage_positions`` and ``check_position_text`` hold the text notation to
one kind of error: :class:`PositionError`, never a crash.
"""

from __future__ import annotations

import random
from typing import Any

from ppprint.engine.base import CHANCE, TERMINAL, Game, State
from ppprint.errors import IllegalMoveError, InvalidMoveError, PositionError


def check_playout(game: Game[Any, Any, Any], seed: int, max_plies: int = 400, check_every: int = 1) -> int:
    """Play one random game from the setup, checking invariants; return the plies played.

    The game is played first, keeping every position and every move legal
    anywhere in it; then each position is checked against that pool, so a move
    the rules allow only later (a jump, a capture) is put to the early positions.
    """
    rng = random.Random(seed)
    state = game.initial_state(rng)
    played: list[tuple[State[Any], Any]] = []
    pool: set[tuple[type, Any]] = set()
    while len(played) < max_plies and not state.is_over():
        moves = state.legal_moves()
        assert moves, f"no legal move but the game is not over: {state.position_text()}"
        assert len(set(moves)) == len(moves), "legal moves repeat"
        pool.update((type(m), m) for m in moves)
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert sorted(map(repr, (m for m, _ in outcomes))) == sorted(map(repr, moves))
            move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            assert 0 <= state.current_player < len(game.players)
            move = rng.choice(moves)
        played.append((state.clone(), move))
        state.apply(move)
    if state.is_over():
        assert state.legal_moves() == [], "a finished game has legal moves"
        assert state.current_player == TERMINAL
        outcome = state.outcome()
        assert outcome is not None and isinstance(outcome.end, game.End), outcome
        assert len(outcome.returns) == len(game.players)
        assert all(-1.0 <= r <= 1.0 for r in outcome.returns)
        assert state.returns() == outcome.returns
        check_facts(game, state)
    check_moves_are_distinct(pool)
    candidates = sorted({move for _, move in pool}, key=repr)
    for ply, (position, move) in enumerate(played):
        if ply % check_every == 0:
            check_state(game, position, move, rng.sample(candidates, min(12, len(candidates))))
    return len(played)


def check_moves_are_distinct(moves: set[tuple[type, Any]]) -> None:
    """Moves of different kinds never compare equal (two NamedTuples of one length would)."""
    first_of: dict[Any, Any] = {}
    for kind, move in sorted(moves, key=repr):
        other = first_of.setdefault(move, move)
        assert type(other) is kind, f"{other!r} and {move!r} are different moves that compare equal"


def check_state(game: Game[Any, Any, Any], state: State[Any], move: Any, candidates: list[Any]) -> None:
    """One position's invariants, with ``move`` about to be played; ``candidates`` are moves of the same game
    that ``explain`` must judge exactly as ``legal_moves`` lists them (an illegal one with a declared reason)."""
    legal = state.legal_moves()
    assert all(state.explain(m).legal for m in legal), "explain refuses a listed legal move"
    text = game.format_move(state, move)
    assert game.parse_move(state, text) == move, f"move notation does not round-trip: {text}"
    assert move.text(), "a move has a text form"
    for other in candidates:
        if other in legal or state.current_player == CHANCE:
            continue
        verdict = state.explain(other)
        assert not verdict.legal, f"{game.format_move(state, other)} is judged legal but is not among the legal moves"
        assert isinstance(verdict.reason, game.Reason), (other, verdict)
        try:
            state.apply(other)
        except IllegalMoveError as exc:
            assert exc.reason == verdict.reason.value and exc.rule == verdict.reason.rule
        else:
            raise AssertionError(f"{other} was applied though it is illegal")
    check_facts(game, state)
    before = state.clone()
    assert before == state
    assert game.deserialise(state.serialise()) == state, "serialise/deserialise differ"
    assert game.parse_position(state.position_text()).position_text() == state.position_text()
    clone = state.clone()
    state.apply(move)
    clone.apply(move)
    assert clone == state, "a clone differs after the same move"
    state.undo()
    assert state == before, "undo did not restore the state"


def check_facts(game: Game[Any, Any, Any], state: State[Any]) -> None:
    """Every declared fact is computed (as plain data) and its own value alone and among all."""
    facts = state.facts()
    assert set(facts) == {fact.value for fact in game.Fact}, "facts() returns exactly the declared facts"
    for fact in game.Fact:
        assert state.fact(fact) == facts[fact.value], f"fact {fact.value} computed alone differs"


def garbage_positions(game: Game[Any, Any, Any], seed: int = 0) -> list[str]:
    """Texts that are probably not positions: fixed garbage and mutations of real positions."""
    rng = random.Random(seed)
    texts = ["", " ", "x", "setup", "/" * 40, "1 2 3 4 5 6 7 8", "= = =", "a=1 a=1", "\x00", "-1", "999999999999"]
    state = game.initial_state(random.Random(seed))
    real = state.position_text()
    tokens = real.split()
    texts += [real[: len(real) // 2], real + " extra", " ".join(tokens + tokens[:1]), real.replace("/", "//", 1)]
    texts += [" ".join(tokens[:i] + tokens[i + 1 :]) for i in range(len(tokens))]
    for i in range(len(tokens)):
        for junk in ("x", "0", "99", "-", "=", "a=", "=1", "é"):
            texts.append(" ".join(tokens[:i] + [junk] + tokens[i + 1 :]))
    for _ in range(12):
        chars = list(real)
        if chars:
            chars[rng.randrange(len(chars))] = rng.choice("0123456789/=:-xA ")
        texts.append("".join(chars))
    return texts


def check_position_text(game: Game[Any, Any, Any], text: str) -> None:
    """A text is a position, or :meth:`Game.parse_position` says why with a :class:`PositionError`."""
    try:
        state = game.parse_position(text)
    except PositionError as exc:
        assert str(exc), "a position error says what is wrong"
        return
    assert game.parse_position(state.position_text()).position_text() == state.position_text()


def check_move_text(game: Game[Any, Any, Any], text: str) -> None:
    """A text is a move of the setup, or :meth:`Game.parse_move` says why (never another exception)."""
    state = game.initial_state()
    try:
        move = game.parse_move(state, text)
    except (InvalidMoveError, ValueError) as exc:
        assert str(exc)
        return
    state.explain(move)
