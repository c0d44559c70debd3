"""``ppprint check GAME``: the engine contract (after OpenSpiel's generic tests), run on a rules engine.

The figures of a book hold an engine to the positions they show; these checks hold it
to the contract of :mod:`ppprint.engine.base` everywhere seeded random play goes.
:func:`check_engine` runs them all, bounded by a number of playouts, a ply cap and a
time limit; the project's own tests call the same functions on every bundled game.

Each check raises a :class:`ContractFailure` at the first broken invariant, naming the
invariant (an :class:`Invariant`, with the contract's words), the position (in the
game's notation), the move and, in a playout, its seed and ply; an exception raised
by the game's own code is left to propagate (the command line names its file and line).

What :func:`check_playout` holds at every position of a seeded random game: legal moves
exist exactly when the game is not over and never repeat; every legal move is judged
legal by ``explain`` and its notation reads back to it; a sample of unlisted moves
(moves listed anywhere else in the game, and near misses: a listed move with one field
changed to a value another move has there) is judged illegal with a declared reason,
where the verdict's ``at`` names a cell of the position (when the game's view gives its cells),
and refused by ``apply`` with that reason; serialise/deserialise and the position text
read back equal; a clone stays equal after the same move; undo restores; every fact is
declared and computed alone as in the full set; chance probabilities sum to 1; at the end
the outcome names a declared end and the returns are in [-1, 1]. :func:`check_perft` counts
move sequences from the setup through ``legal_moves`` and through ``explain`` (over a pool
of candidate moves) and holds the two equal, where that is cheap.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Container, Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ppprint.engine.base import CHANCE, TERMINAL, Game, RuleCode, State, cells_at
from ppprint.errors import ContractError, IllegalMoveError, InvalidMoveError, PositionError, shorten

PLAYOUTS = 20
"""Seeded random games :func:`check_engine` plays by default."""
MAX_PLIES = 400
"""A playout stops after this many plies (a game that goes on is checked as far as it went)."""
SECONDS = 60.0
"""The time limit of :func:`check_engine` by default: no playout starts after it."""
SAMPLE = 12
"""Unlisted moves of the game judged at each position."""
NEAR = 6
"""Near misses (a listed move with one field changed) judged at each position, at the least."""
NEAR_BUDGET = 4000
"""Near misses judged in a playout, at the most, shared among its positions (unless :data:`NEAR` each is more)."""
PERFT_BUDGET = 20_000
"""The most ``explain`` calls the perft comparison may make: it goes as deep as that allows (at most :data:`PERFT_DEPTH`)."""
PERFT_DEPTH = 3
BEFORE_PRINTING = (2, 30, 0.25)
"""The short check :func:`check_before_printing` runs: playouts (seeds 0, 1), plies each, and a time limit in
seconds (a bundled game takes 0.04 to 0.15 CPU seconds; a game with hundreds of moves a position reaches the limit)."""
MAX_POSITION = 1000
"""Characters of a position text a failure quotes whole (a longer one keeps its start and end)."""

Cells = Callable[[State[Any]], Container[str]]
"""The names of a position's cells (from the game's view), which an illegal verdict's ``at`` must name."""


class Invariant(RuleCode):
    """An invariant of the engine contract, with its words."""

    MOVES_EXIST = "moves-exist", "The engine contract: legal moves exist exactly when the game is not over"
    MOVES_DISTINCT = "moves-distinct", "The engine contract: legal moves never repeat, and moves of different kinds never compare equal"
    PLAYER = "player", "The engine contract: the player to move is a player's index, chance, or terminal once the game is over"
    CHANCE = "chance", "The engine contract: chance outcomes are the legal moves and their probabilities sum to 1"
    LISTED_LEGAL = "listed-legal", "The engine contract: explain judges every listed move legal"
    UNLISTED_ILLEGAL = "unlisted-illegal", "The engine contract: explain judges a move that is not listed illegal, with a declared reason code"
    AT = "at", "The engine contract: an illegal verdict's at names a cell of the position, or two cells 'a-b' for the boundary between them"
    APPLY_REFUSES = "apply-refuses", "The engine contract: apply refuses an illegal move with the reason explain gives"
    MOVE_NOTATION = "move-notation", "The engine contract: a move's notation reads back to the move"
    SERIALISE = "serialise", "The engine contract: a state serialised and read back is equal"
    POSITION_TEXT = "position-text", "The engine contract: a position text read back gives the same text"
    CLONE = "clone", "The engine contract: a clone is equal, and stays equal after the same move"
    UNDO = "undo", "The engine contract: undo restores the state"
    FACTS = "facts", "The engine contract: every declared fact is computed, alone as among all"
    OUTCOME = "outcome", "The engine contract: a finished game has an outcome with a declared end and returns in [-1, 1]"
    PERFT = "perft", "The engine contract: perft through legal_moves equals perft through explain"
    CODES = "codes", "The engine contract: every reason, fact and end code is declared once and cites a rule ('Section: words')"
    NOTATION = "notation", "The engine contract: bad position text is a PositionError, bad move text an InvalidMoveError"


class ContractFailure(ContractError):
    """A broken invariant of the engine contract: which one, where (seed, ply, position, move) and what is wrong."""

    def __init__(self, invariant: Invariant, problem: str, position: str = "", move: str = "", seed: int | None = None, ply: int | None = None):
        self.invariant = invariant
        self.problem = problem
        self.position = position
        self.move = move
        self.seed = seed
        self.ply = ply
        super().__init__(self.one_line())

    def located(self, seed: int | None, ply: int | None) -> ContractFailure:
        """This failure with the seed and ply of its playout (where not set already)."""
        self.seed = self.seed if self.seed is not None else seed
        self.ply = self.ply if self.ply is not None else ply
        self.args = (self.one_line(),)
        return self

    def one_line(self) -> str:
        where = []
        if self.seed is not None:
            where.append(f"seed {self.seed}")
        if self.ply is not None:
            where.append(f"ply {self.ply}")
        if self.position:
            where.append(f"position '{_quoted(self.position)}'")
        if self.move:
            where.append(f"move {shorten(self.move)}")
        return (", ".join(where) + ": " if where else "") + shorten(f"{self.invariant.value}: {self.problem} [rule: {self.invariant.rule}]")


def _quoted(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_POSITION else text[: MAX_POSITION // 2] + " \u2026 " + text[-MAX_POSITION // 2 :]


def _move_text(game: Game[Any, Any, Any], state: State[Any], move: Any) -> str:
    """A move in notation for a message (its ``repr`` if even that fails: the move may be the fault)."""
    try:
        return game.format_move(state, move)
    except Exception:  # noqa: BLE001 - only a message is at stake
        return repr(move)


def _fail(invariant: Invariant, problem: str, state: State[Any] | None = None, move: Any = None) -> ContractFailure:
    position = state.position_text() if state is not None else ""
    text = _move_text(state.game, state, move) if state is not None and move is not None else ("" if move is None else repr(move))
    return ContractFailure(invariant, problem, position, text)


# -- one position ---------------------------------------------------------------------------------


def check_facts(game: Game[Any, Any, Any], state: State[Any]) -> None:
    """Every declared fact is computed, and its value alone is its value among all."""
    facts = state.facts()
    if set(facts) != {fact.value for fact in game.Fact}:
        raise _fail(Invariant.FACTS, f"facts() gives {sorted(facts)}, the game declares {game.Fact.codes()}", state)
    for fact in game.Fact:
        if state.fact(fact) != facts[fact.value]:
            raise _fail(Invariant.FACTS, f"fact {fact.value} computed alone is {state.fact(fact)!r}, among all {facts[fact.value]!r}", state)


def check_unlisted(game: Game[Any, Any, Any], state: State[Any], moves: Iterable[Any], legal: Iterable[Any], cells: Cells | None = None) -> int:
    """Each of ``moves`` not among the ``legal`` ones is judged illegal with a declared reason, where its
    ``at`` names one or two of the position's ``cells`` (when given), and refused by ``apply`` with that
    reason; return how many were judged."""
    listed = set(legal)
    judged = 0
    names: Container[str] | None = None
    for other in moves:
        if other in listed:
            continue
        judged += 1
        verdict = state.explain(other)
        if verdict.legal:
            raise _fail(Invariant.UNLISTED_ILLEGAL, "explain judges it legal, but legal_moves does not list it", state, other)
        if not isinstance(verdict.reason, game.Reason):
            raise _fail(Invariant.UNLISTED_ILLEGAL, f"the reason {verdict.reason!r} is not one of the game's reason codes", state, other)
        if verdict.at and cells is not None:
            names = cells(state) if names is None else names
            if not cells_at(verdict.at, names):
                raise _fail(Invariant.AT, f"explain says it fails at {verdict.at!r}, which names no cell of the position (nor two cells 'a-b')", state, other)
        try:
            state.apply(other)
        except IllegalMoveError as exc:
            if exc.reason != verdict.reason.value or exc.rule != verdict.reason.rule:
                raise _fail(Invariant.APPLY_REFUSES, f"apply refuses it with {exc.reason}, explain with {verdict.reason.value}", state, other) from None
        else:
            state.undo()
            raise _fail(Invariant.APPLY_REFUSES, "apply played it though explain judges it illegal", state, other)
    return judged


def check_state(game: Game[Any, Any, Any], state: State[Any], move: Any, candidates: list[Any], cells: Cells | None = None) -> int:
    """One position's invariants, with ``move`` (a legal move) about to be played; ``candidates`` are moves of
    the same game that ``explain`` must judge exactly as ``legal_moves`` lists them (see :func:`check_unlisted`
    for ``cells``). Return the moves judged."""
    legal = state.legal_moves()
    for listed in legal:
        verdict = state.explain(listed)
        if not verdict.legal:
            raise _fail(Invariant.LISTED_LEGAL, f"legal_moves lists it, but explain says {verdict}", state, listed)
    text = game.format_move(state, move)
    try:
        back = game.parse_move(state, text)
    except (InvalidMoveError, ValueError) as exc:
        raise _fail(Invariant.MOVE_NOTATION, f"its notation '{text}' does not read back: {exc}", state, move) from None
    if back != move:
        raise _fail(Invariant.MOVE_NOTATION, f"its notation '{text}' reads back as {back!r}, not {move!r}", state, move)
    if not move.text():
        raise _fail(Invariant.MOVE_NOTATION, "Move.text() is empty", state, move)
    judged = len(legal)
    if state.current_player != CHANCE:
        judged += check_unlisted(game, state, candidates, legal, cells)
    check_facts(game, state)
    before = state.clone()
    if before != state:
        raise _fail(Invariant.CLONE, "a clone differs from its state", state)
    if game.deserialise(state.serialise()) != state:
        raise _fail(Invariant.SERIALISE, f"'{state.serialise()}' reads back as another state", state)
    position = state.position_text()
    if game.parse_position(position).position_text() != position:
        raise _fail(Invariant.POSITION_TEXT, f"reads back as '{game.parse_position(position).position_text()}'", state)
    clone = state.clone()
    state.apply(move)
    clone.apply(move)
    if clone != state:
        state.undo()
        raise _fail(Invariant.CLONE, "a clone differs from its state after the same move", before, move)
    state.undo()
    if state != before:
        raise _fail(Invariant.UNDO, f"after the move and undo the position is '{state.position_text()}'", before, move)
    return judged


def check_end(game: Game[Any, Any, Any], state: State[Any]) -> None:
    """A finished game: no legal move, the terminal player, an outcome with a declared end and returns in range."""
    if state.legal_moves():
        raise _fail(Invariant.MOVES_EXIST, "the game is over but legal_moves lists moves", state)
    if state.current_player != TERMINAL:
        raise _fail(Invariant.PLAYER, f"the game is over but the player to move is {state.current_player}", state)
    outcome = state.outcome()
    if outcome is None or not isinstance(outcome.end, game.End):
        raise _fail(Invariant.OUTCOME, f"the outcome {outcome!r} names no declared end", state)
    if len(outcome.returns) != len(game.players) or not all(-1.0 <= r <= 1.0 for r in outcome.returns):
        raise _fail(Invariant.OUTCOME, f"returns {outcome.returns} are not one in [-1, 1] for each of {len(game.players)} players", state)
    if state.returns() != outcome.returns:
        raise _fail(Invariant.OUTCOME, f"returns() {state.returns()} differ from the outcome's {outcome.returns}", state)
    check_facts(game, state)


def check_moves_are_distinct(moves: Iterable[tuple[type, Any]]) -> None:
    """Moves of different kinds never compare equal (two NamedTuples of one length would)."""
    first_of: dict[Any, Any] = {}
    for kind, move in sorted(moves, key=repr):
        other = first_of.setdefault(move, move)
        if type(other) is not kind:
            raise ContractFailure(Invariant.MOVES_DISTINCT, f"{other!r} and {move!r} are different moves that compare equal")


# -- candidates -----------------------------------------------------------------------------------


def _fields(move: Any) -> tuple[str, ...]:
    """The fields of a move one can change one at a time: a NamedTuple's or a dataclass's."""
    if isinstance(move, tuple) and hasattr(move, "_fields"):
        return tuple(move._fields)
    if dataclasses.is_dataclass(move):
        return tuple(f.name for f in dataclasses.fields(move) if f.init)
    return ()


def _replaced(move: Any, name: str, value: Any) -> Any:
    if isinstance(move, tuple):
        return move._replace(**{name: value})  # type: ignore[attr-defined]
    return dataclasses.replace(move, **{name: value})


class Pool:
    """The moves of a game seen so far, the values each field of each kind of move took, and the whole
    numbers one past them (a generator that stops one short, at 'take three', never lists that value)."""

    def __init__(self) -> None:
        self.kinds: set[tuple[type, Any]] = set()
        self.values: dict[tuple[type, str], dict[Hashable, None]] = {}
        self.beyond: dict[tuple[type, str], dict[int, None]] = {}

    def add(self, moves: Iterable[Any]) -> None:
        for move in moves:
            entry = (type(move), move)
            if entry in self.kinds:
                continue
            self.kinds.add(entry)
            for name in _fields(move):
                value = getattr(move, name)
                try:
                    self.values.setdefault((type(move), name), {})[value] = None
                except TypeError:  # an unhashable field: not one to vary
                    continue
                if isinstance(value, int) and not isinstance(value, bool):
                    self.beyond.setdefault((type(move), name), {}).update(dict.fromkeys((value - 1, value + 1)))

    def moves(self) -> list[Any]:
        """Every move seen, once, in a fixed order."""
        return sorted({move for _, move in self.kinds}, key=repr)

    def near_misses(self, legal: list[Any], rng: random.Random, count: int, written: Callable[[Any], bool]) -> list[Any]:
        """Up to ``count`` moves that differ from a listed move in one field (a value another move has there,
        or a whole number one past such a value, where ``written(move)``: its notation reads back to it) and
        are not listed: where a move generator or ``explain`` is most likely wrong. All of them when they
        are no more than ``count``, else a random sample."""
        listed = set(legal)
        choices = [(move, name, values) for move in legal for name in _fields(move) if (values := self._varied(type(move), name))]
        found: dict[Any, None] = {}
        if sum(len(values) for _, _, values in choices) <= count:
            tries: Iterable[tuple[Any, str, Any]] = ((move, name, value) for move, name, values in choices for value in values)
        else:
            weights = [len(values) for _, _, values in choices]
            picked = rng.choices(choices, weights=weights, k=2 * count)
            tries = ((move, name, rng.choice(list(values))) for move, name, values in picked)
        for move, name, value in tries:
            if len(found) >= count:
                break
            try:
                other = _replaced(move, name, value)
            except (TypeError, ValueError):
                continue
            if other not in listed and (value in self.values[type(move), name] or written(other)):
                found[other] = None
        return list(found)

    def _varied(self, kind: type, name: str) -> dict[Hashable, None]:
        """The values the field ``name`` of moves of ``kind`` is set to in near misses."""
        seen = self.values.get((kind, name), {})
        beyond = self.beyond.get((kind, name))
        return seen if not beyond else seen | {value: None for value in beyond if value not in seen}


def _written(game: Game[Any, Any, Any], state: State[Any], move: Any) -> bool:
    """Whether ``move`` is one the game's notation writes: its text reads back to it (a move made up of a
    value out of its range, such as square -1, is not a move a player could name)."""
    try:
        return bool(game.parse_move(state, game.format_move(state, move)) == move)
    except Exception:  # noqa: BLE001 -- a made-up move the game's code cannot even write is not one of its moves
        return False


# -- a playout ------------------------------------------------------------------------------------


def check_playout(
    game: Game[Any, Any, Any],
    seed: int,
    max_plies: int = MAX_PLIES,
    check_every: int = 1,
    pool: Pool | None = None,
    sample: int = SAMPLE,
    near: int = NEAR,
    near_budget: int = NEAR_BUDGET,
    deadline: float | None = None,
    cells: Cells | None = None,
) -> PlayoutReport:
    """Play one random game from the setup with the seed ``seed`` and check the invariants at every
    ``check_every``-th position (and at the end); a :class:`ContractFailure` names the seed and the ply.
    Each position judges ``sample`` moves of the pool and its share of ``near_budget`` near misses (``near`` at the least).

    The game is played first, keeping every position and every move legal anywhere in it (in ``pool``,
    which may hold moves of earlier playouts); then each position is checked against that pool, so a
    move the rules allow only later (a jump, a capture) is put to the early positions. No position is
    checked after ``deadline`` (a :func:`time.monotonic` time); ``cells`` gives a position's cells (see :func:`check_unlisted`).
    """
    rng = random.Random(seed)
    pool = pool if pool is not None else Pool()
    ply = 0
    refused: ContractFailure | None = None
    try:
        state = game.initial_state(rng)
        played: list[tuple[State[Any], Any, list[Any]]] = []
        own = Pool()
        while len(played) < max_plies and not state.is_over():
            ply = len(played)
            moves = state.legal_moves()
            if not moves:
                raise _fail(Invariant.MOVES_EXIST, "the game is not over but legal_moves lists none", state)
            if len(set(moves)) != len(moves):
                twice = next(m for i, m in enumerate(moves) if m in moves[:i])
                raise _fail(Invariant.MOVES_DISTINCT, "legal_moves lists it twice", state, twice)
            own.add(moves)
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                total = sum(p for _, p in outcomes)
                if abs(total - 1.0) >= 1e-9:
                    raise _fail(Invariant.CHANCE, f"the chance probabilities sum to {total}", state)
                if sorted(map(repr, (m for m, _ in outcomes))) != sorted(map(repr, moves)):
                    raise _fail(Invariant.CHANCE, "the chance outcomes are not the legal moves", state)
                move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                if not 0 <= state.current_player < len(game.players):
                    raise _fail(Invariant.PLAYER, f"the player to move is {state.current_player}, with {len(game.players)} players", state)
                move = rng.choice(moves)
                verdict = state.explain(move)
                if not verdict.legal:  # reported after the positions before it are checked (one may fail first)
                    refused = _fail(Invariant.LISTED_LEGAL, f"legal_moves lists it, but explain says {verdict}", state, move)
                    break
            played.append((state.clone(), move, moves))
            state.push(move)
        if refused is None and state.is_over():
            ply = len(played)
            check_end(game, state)
        check_moves_are_distinct(own.kinds)
        pool.add(own.moves())
        candidates = pool.moves()
        judged = checked = 0
        near = max(near, near_budget // max(1, len(played) // check_every))
        for ply, (position, move, moves) in enumerate(played):
            if deadline is not None and time.monotonic() > deadline:
                break
            if ply % check_every == 0:
                others = rng.sample(candidates, min(sample, len(candidates)))
                if position.current_player != CHANCE:
                    others += pool.near_misses(moves, rng, near, partial(_written, game, position))
                judged += check_state(game, position, move, others, cells)
                checked += 1
        if refused is not None:
            ply = len(played)
            raise refused
    except ContractFailure as failure:
        raise failure.located(seed, ply) from None
    return PlayoutReport(len(played), checked, judged, state.is_over())


@dataclass(frozen=True)
class PlayoutReport:
    """What a playout did: plies played, positions checked, moves judged, and whether the game ended."""

    plies: int
    positions: int
    judged: int
    ended: bool


# -- perft ----------------------------------------------------------------------------------------


def check_perft(game: Game[Any, Any, Any], state: State[Any], depth: int, candidates: list[Any], pool: Pool | None = None, near: int = NEAR, seed: int = 0) -> int:
    """Perft ``depth`` from ``state`` through ``legal_moves``, and through ``explain`` over ``candidates``
    (with the listed moves and their near misses): at every position the moves ``explain`` judges legal must
    be the listed ones, so the two counts agree; return the count."""
    rng = random.Random(seed)

    def walk(state: State[Any], depth: int, ply: int) -> int:
        if depth == 0:
            return 1
        legal = state.legal_moves()
        if state.current_player != CHANCE:
            listed = set(legal)
            try:
                for move in legal:
                    if not state.explain(move).legal:
                        raise _fail(Invariant.PERFT, f"legal_moves lists it, but explain says {state.explain(move)}: the counts differ", state, move)
                extra = pool.near_misses(legal, rng, near, partial(_written, game, state)) if pool is not None else []
                for move in [*candidates, *extra]:
                    if move not in listed and state.explain(move).legal:
                        raise _fail(Invariant.PERFT, "explain judges it legal, but legal_moves does not list it: the counts differ", state, move)
            except ContractFailure as failure:
                raise failure.located(None, ply) from None
        if depth == 1:
            return len(legal)
        total = 0
        for move in legal:
            state.push(move)
            total += walk(state, depth - 1, ply + 1)
            state.undo()
        return total

    return walk(state, depth, 0)


def perft_depth(state: State[Any], candidates: int, budget: int = PERFT_BUDGET, most: int = PERFT_DEPTH) -> int:
    """The deepest perft (at most ``most``) whose comparison through ``explain`` stays within ``budget`` calls:
    each position above the last ply judges every candidate. 0 when not even the setup's moves fit."""
    frontier: list[State[Any]] = [state]
    positions = 0
    depth = 0
    while depth < most and frontier:
        positions += len(frontier)
        if positions * max(candidates, 1) > budget:
            break
        depth += 1
        if depth == most:
            break
        following = []
        for node in frontier:
            for move in node.legal_moves():
                child = node.clone()
                child.push(move)
                following.append(child)
                if (positions + len(following)) * max(candidates, 1) > budget:
                    return depth
        frontier = following
    return depth


# -- codes and notation ---------------------------------------------------------------------------


def check_codes(game: Game[Any, Any, Any]) -> None:
    """The game's reason codes, facts and ends: each kind declares a member, each member once, each citing a rule;
    ``fact_values``, where the game sets it, gives a function for every fact and no other."""
    for codes in (game.Reason, game.Fact, game.End):
        if not list(codes):
            raise ContractFailure(Invariant.CODES, f"{codes.__name__} declares no member")
        for member in codes:
            if not (isinstance(member.rule, str) and ": " in member.rule):
                raise ContractFailure(Invariant.CODES, f"{codes.__name__}.{member.name} cites {member.rule!r}, not a rule written 'Section: words'")
        if len({member.value for member in codes}) != len(codes):
            raise ContractFailure(Invariant.CODES, f"{codes.__name__} declares a code twice")
    values = getattr(game, "fact_values", None)
    if values is not None:
        missing = [member.name for member in game.Fact if member not in values]
        if missing or len(values) != len(game.Fact):
            words = f"has no function for {', '.join(missing)}" if missing else "names a fact Fact does not declare"
            raise ContractFailure(Invariant.CODES, f"fact_values {words}")


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


GARBAGE_MOVES = ("", "??", "a1-", "-a1", "zz99-a1", "\x00", "a" * 300)


def check_position_text(game: Game[Any, Any, Any], text: str) -> None:
    """A text is a position that reads back to itself, or :meth:`Game.parse_position` says why with a
    :class:`PositionError` (another exception is the game's own error, and propagates)."""
    try:
        state = game.parse_position(text)
    except PositionError as exc:
        if not str(exc):
            raise ContractFailure(Invariant.NOTATION, "a PositionError says nothing", text) from None
        return
    if game.parse_position(state.position_text()).position_text() != state.position_text():
        raise _fail(Invariant.POSITION_TEXT, f"read from '{text}', the position text does not read back", state)


def check_move_text(game: Game[Any, Any, Any], text: str) -> None:
    """A text is a move of the setup, which ``explain`` judges, or :meth:`Game.parse_move` says why."""
    state = game.initial_state()
    try:
        move = game.parse_move(state, text)
    except (InvalidMoveError, ValueError) as exc:
        if not str(exc):
            raise ContractFailure(Invariant.NOTATION, f"the error reading move text {text!r} says nothing", state.position_text()) from None
        return
    state.explain(move)


def check_notation(game: Game[Any, Any, Any]) -> int:
    """Garbage position and move texts are refused with their own errors; return how many were tried."""
    texts = garbage_positions(game)
    for text in texts:
        check_position_text(game, text)
    for text in GARBAGE_MOVES:
        check_move_text(game, text)
    return len(texts) + len(GARBAGE_MOVES)


# -- the whole engine -----------------------------------------------------------------------------


@dataclass
class EngineReport:
    """What :func:`check_engine` checked."""

    playouts: int = 0
    ended: int = 0
    plies: int = 0
    positions: int = 0
    judged: int = 0
    perft_depth: int = 0
    perft: int = 0
    codes: int = 0
    texts: int = 0
    timed_out: bool = False

    def summary(self, first_seed: int) -> str:
        seeds = f"seed {first_seed}" if self.playouts == 1 else f"seeds {first_seed}-{first_seed + self.playouts - 1}"
        perft = f"perft {self.perft_depth} from the setup: {self.perft} through legal_moves and through explain" if self.perft_depth else "no perft through explain (too many candidates)"
        line = (
            f"{self.playouts} playout(s) ({seeds}; {self.ended} ended), {self.positions} positions checked,"
            f" {self.judged} moves judged; {perft}; {self.codes} codes cite rules; {self.texts} bad texts refused"
        )
        return line + ("; stopped at the time limit" if self.timed_out else "")


def check_engine(
    game: Game[Any, Any, Any],
    playouts: int = PLAYOUTS,
    seed: int = 0,
    max_plies: int = MAX_PLIES,
    seconds: float = SECONDS,
    progress: Callable[[int, int], None] | None = None,
    cells: Cells | None = None,
) -> EngineReport:
    """Every check of the engine contract on ``game``: its codes and notation, ``playouts`` seeded random
    games (seeds ``seed``, ``seed + 1``...; at most ``max_plies`` plies each; none started after ``seconds``),
    then perft from the setup through ``legal_moves`` against ``explain``. Raise :class:`ContractFailure` at the
    first broken invariant; ``progress(done, playouts)`` is called after each playout. With ``cells`` (the names
    of a position's cells), an illegal verdict's ``at`` must name one or two of them."""
    deadline = time.monotonic() + seconds
    report = EngineReport()
    check_codes(game)
    report.codes = sum(len(codes) for codes in (game.Reason, game.Fact, game.End))
    report.texts = check_notation(game)
    pool = Pool()
    for number in range(playouts):
        if number and time.monotonic() > deadline:
            report.timed_out = True
            break
        played = check_playout(game, seed + number, max_plies, pool=pool, deadline=deadline, cells=cells)
        report.playouts += 1
        report.ended += played.ended
        report.plies += played.plies
        report.positions += played.positions
        report.judged += played.judged
        if progress is not None:
            progress(number + 1, playouts)
    start = game.initial_state(random.Random(seed))
    candidates = pool.moves()
    report.perft_depth = perft_depth(start, len(candidates) + NEAR)
    if report.perft_depth:
        try:
            report.perft = check_perft(game, start, report.perft_depth, candidates, pool, seed=seed)
        except ContractFailure as failure:
            raise failure.located(seed, None) from None
    return report


def check_before_printing(game: Game[Any, Any, Any], game_id: str, cells: Cells | None = None) -> EngineReport:
    """The short form of :func:`check_engine` that ``build`` and ``serve`` run on a game's engine before
    printing its book (:data:`BEFORE_PRINTING`); a :class:`ContractFailure` names the game ``game_id``."""
    playouts, max_plies, seconds = BEFORE_PRINTING
    try:
        return check_engine(game, playouts, 0, max_plies, seconds, cells=cells)
    except ContractFailure as failure:
        failure.game = game_id
        raise
