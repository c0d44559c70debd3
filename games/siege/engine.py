"""Siege by Number (Matt Worden, 2003): the pinwheel board, dice turns and battles, 2 to 4 players.

The board (see RULINGS.md) is built from tiles in the rulings' cell coordinates:
the 2x2-tile square covers x 0..3, y 0..3, each arm tile and each Ace tile (a
Home Base, one square) is a tile turned about the square's centre (2, 2).

Seats and turn order. Each colour owns one arm and one Home Base; seen on the
drawn board (north up) Suns sit west, Moons north, Crowns east, Arms south, so
play passes Suns -> Moons -> Crowns -> Arms, which is clockwise. Player index i
is the i-th colour in play, in that order.

Square names. The board's squares fit in an 8x8 frame: files a..h left to right,
ranks 1..8 bottom to top (a1 is the rulings' cell (-2, -2)); the central square
is c3..f6. A Home Base is one square named ``home-<colour>``, e.g. ``home-suns``
(west of a2).

Move notation (one engine move per token):
  ``reinforce``      put the top Army (or the Commander) on one's empty Home Base
  ``roll:0135``      chance: the dice rolled, faces in ascending order (0 null, 1 ace)
  ``d3:c3-c6``       use a die of 3 to move the piece on c3 to c6 (``d2:c3-c3``: stay)
  ``c6xc7``          the piece just moved attacks the enemy on c7
  ``end``            end the turn (unused dice are forfeited)

Position notation (one line of space-separated ``key=value`` tokens, in this order):
  ``players=suns,moons,crowns,arms turn=suns phase=move roll=135 dice=35
  suns=3@c3,P@home-suns suns-stack=5024 moons=- moons-stack=012345 ...
  moved=c3 last=c3 attacked=no``
  ``phase`` is reinforce, roll, move or over; ``roll`` the dice rolled this turn and
  ``dice`` those not yet used (``-`` for none); ``<colour>`` lists the colour's pieces
  on the board (Army value 0-5 or ``P`` for the Commander, ``@`` square);
  ``<colour>-stack`` the Army values off the board, top first; a Commander not on the
  board is beside its Home Base. ``moved`` the squares of pieces moved this turn,
  ``last`` the piece moved last (``-``), ``attacked`` whether it has attacked.

A figure's ``position:`` mapping (YAML) reads::

  players: [suns, crowns]           # optional, default the game's colours
  turn: suns                        # optional, default the first colour
  phase: move                       # optional: move if a roll is given, else reinforce
                                    #   when due, else roll
  roll: [1, 3, 5]                   # dice rolled this turn
  dice: [3, 5]                      # optional, default the whole roll
  pieces:
    suns: {c3: 3, home-suns: commander, d4: army}   # army = value hidden, any free one
  stacks: {suns: [5, 0]}            # optional, top first; default the free values ascending
  moved: [c3]                       # optional
  last: c3                          # optional
  attacked: false                   # optional
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, Literal

from ppprint.engine.base import CHANCE, LEGAL, TERMINAL, Game, Move, State, Verdict
from ppprint.errors import DataError
from ppprint.geometry.square import ORTHOGONAL, Cell, cell_name
from ppprint.geometry.tiles import Tile, TileLayout
from ppprint.model.table import (
    COIN_DIAMETER,
    PAWN_HEIGHT,
    SUITS,
    Label,
    Piece,
    Point,
    Table,
)

# -- rules constants -----------------------------------------------------------------------

ARMY_VALUES = range(6)
"""Army coin values: 0 null, 1 ace, 2..5."""

COMMANDER = "commander"
"""Stands for a Commander in :func:`battle`."""

MAX_DICE = 4
"""A player never rolls more dice than this."""

ATTACKER = "attacker"
DEFENDER = "defender"
DRAW = "draw"
Outcome = Literal["attacker", "defender", "draw"]

SEAT_TURNS = {"suns": 0, "moons": 3, "crowns": 2, "arms": 1}
"""Ruling: quarter turns (counter-clockwise) of each colour's arm and Home Base from the
rulings' lower-left ones, so Suns sit west, Moons north, Crowns east, Arms south and
play in SUITS order goes clockwise round the drawn board."""

SQUARE_CENTRE = (2.0, 2.0)
"""The centre of the 2x2-tile square, in cell units: every arm and Ace turns about it."""

LOWER_LEFT_ARM = Tile(-2, -1, name="arm")
LOWER_LEFT_ACE = Tile(-4, -2, cells_per_side=1, name="home")

NAME_ORIGIN = (-2, -2)
"""The rulings' cell named a1: square names are algebraic from here."""

END_MOVE = ("end",)
"""Ruling: after the roll a player may end the turn at any point; dice not yet used are
forfeited, exactly as if their pieces moved 0 squares and did not attack."""

_KIND_COMMANDER = 6
_PIECES_PER_PLAYER = 7
_PHASES = ("reinforce", "roll", "move", "over")
REINFORCE, ROLL, MOVE, OVER = range(4)


def default_suits(players: int) -> tuple[str, ...]:
    """Ruling: the colours in play when only a count of players is given.

    Four players use all colours; three leave out Arms; two play Suns against
    Crowns, the opposite seats, so neither starts nearer the other.
    """
    if players == 4:
        return SUITS
    if players == 3:
        return ("suns", "moons", "crowns")
    if players == 2:
        return ("suns", "crowns")
    raise ValueError(f"Siege by Number is for 2 to 4 players, not {players}")


def choose_first_player(rng: random.Random | None, players: int) -> int:
    """Ruling: the starting roll-off (re-rolled on ties) picks every player alike, so
    a seeded setup picks the first player uniformly; without a generator the first
    colour starts."""
    return rng.randrange(players) if rng is not None else 0


def dice_to_roll(pieces_on_board: int) -> int:
    """Ruling: one die per own piece on the board, at most four; with no piece on the
    board a player rolls nothing, and the turn can only end."""
    return min(MAX_DICE, pieces_on_board)


def battle(attacker: int | str, defender: int | str) -> Outcome:
    """Who wins when an Army of value ``attacker`` attacks ``defender`` (an Army value or
    :data:`COMMANDER`): :data:`ATTACKER`, :data:`DEFENDER` or :data:`DRAW`."""
    if attacker == COMMANDER:
        raise ValueError("a Commander never attacks")
    if attacker not in ARMY_VALUES or (defender != COMMANDER and defender not in ARMY_VALUES):
        raise ValueError(f"not an Army value or Commander: {attacker!r} vs {defender!r}")
    code = _battle_code(int(attacker), _KIND_COMMANDER if defender == COMMANDER else int(defender))
    return (DRAW, ATTACKER, DEFENDER)[code]


def value_name(value: int) -> str:
    """An Army value as the rules name it: null, ace, 2..5."""
    return ("null", "ace")[value] if value < 2 else str(value)


def army_battle_table() -> str:
    """A Markdown table of every Army against Army battle, computed with :func:`battle`:
    for each attacking value, the defending values it beats, loses to and draws with."""
    rows = ["| Attacking Army | beats | loses to | draws with |", "| --- | --- | --- | --- |"]
    for attacker in ARMY_VALUES:
        groups: dict[str, list[str]] = {ATTACKER: [], DEFENDER: [], DRAW: []}
        for defender in ARMY_VALUES:
            groups[battle(attacker, defender)].append(value_name(defender))
        cells = [", ".join(groups[outcome]) or "--" for outcome in (ATTACKER, DEFENDER, DRAW)]
        rows.append(f"| **{value_name(attacker)}** | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def commander_battle_table() -> str:
    """A Markdown table of an Army attacking a Commander, computed with :func:`battle`."""
    results = {ATTACKER: ("Army", "the Commander"), DEFENDER: ("Commander", "the Army"), DRAW: ("nobody", "nobody")}
    rows = ["| Attacking Army | winner | leaves the board |", "| --- | --- | --- |"]
    for value in ARMY_VALUES:
        winner, loser = results[battle(value, COMMANDER)]
        rows.append(f"| **{value_name(value)}** | {winner} | {loser} |")
    return "\n".join(rows)


def _battle_code(attacker: int, defender: int) -> int:
    """0 draw, 1 attacker wins, 2 defender wins; ``defender`` 6 is a Commander."""
    if defender == _KIND_COMMANDER:
        return 1 if attacker <= 1 else 2
    if attacker == defender:
        return 0
    if {attacker, defender} == {0, 5}:
        return 1 if attacker == 0 else 2
    return 1 if attacker > defender else 2


# -- the board -------------------------------------------------------------------------------


def board_layout(suits: Sequence[str]) -> TileLayout:
    """The tiles of the board for the colours in play: the square, then each colour's arm and Ace."""
    tiles = [Tile(x, y, name="square") for y in (0, 2) for x in (0, 2)]
    for suit in suits:
        turns = SEAT_TURNS[suit]
        arm = LOWER_LEFT_ARM.rotated(turns, SQUARE_CENTRE)
        ace = LOWER_LEFT_ACE.rotated(turns, SQUARE_CENTRE)
        tiles += [Tile(arm.x, arm.y, name=f"arm-{suit}"), Tile(ace.x, ace.y, cells_per_side=1, name=f"home-{suit}")]
    return TileLayout(tuple(tiles))


def square_name(cell: Cell) -> str:
    """The algebraic name of a board cell in the rulings' coordinates (Home Bases have their own)."""
    return cell_name((cell[0] - NAME_ORIGIN[0], cell[1] - NAME_ORIGIN[1]))


def straight_line(layout: TileLayout, cell: Cell, direction: tuple[int, int]) -> list[Cell]:
    """Ruling: a piece moves along one straight line of squares in one compass direction
    (it does not turn during a move); the line runs from square to edge-sharing square,
    so it enters and leaves a Home Base through the one square its Ace touches."""
    line: list[Cell] = []
    while True:
        after = layout.neighbours(cell, direction)
        if not after:
            return line
        if len(after) > 1:
            raise ValueError(f"a straight line from {cell} forks: {after}")
        cell = after[0]
        line.append(cell)


@dataclass(frozen=True)
class Board:
    """The squares of one board, numbered, with the lines and contacts the rules use."""

    suits: tuple[str, ...]
    layout: TileLayout
    cells: tuple[Cell, ...]
    names: tuple[str, ...]
    index: Mapping[str, int]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    adjacent: tuple[frozenset[int], ...]
    corner: tuple[frozenset[int], ...]
    home: tuple[int, ...]
    home_owner: tuple[int, ...]

    @classmethod
    def build(cls, suits: tuple[str, ...]) -> Board:
        layout = board_layout(suits)
        homes = {
            (tile.x, tile.y): tile.name.removeprefix("home-")
            for tile in layout.tiles
            if tile.name.startswith("home-")
        }
        cells = tuple(sorted(layout.cells(), key=lambda c: (c in homes, c[1], c[0])))
        names = tuple(f"home-{homes[c]}" if c in homes else square_name(c) for c in cells)
        at = {cell: i for i, cell in enumerate(cells)}
        rays = tuple(
            tuple(tuple(at[c] for c in straight_line(layout, cell, d)) for d in ORTHOGONAL) for cell in cells
        )
        outlines = [layout.outline(cell) for cell in cells]
        adjacent = tuple(frozenset(ray[0] for ray in rays[i] if ray) for i in range(len(cells)))
        corner = tuple(
            frozenset(j for j, other in enumerate(outlines) if _touch_at_corner(outlines[i], other))
            for i in range(len(cells))
        )
        home = tuple(at[next(c for c, s in homes.items() if s == suit)] for suit in suits)
        home_owner = tuple(home.index(i) if i in home else -1 for i in range(len(cells)))
        return cls(
            suits, layout, cells, names, {n: i for i, n in enumerate(names)}, rays, adjacent, corner, home, home_owner
        )

    def square(self, name: str) -> int:
        """The index of a named square; ``ValueError`` if the board has none of that name."""
        try:
            return self.index[name]
        except KeyError:
            raise ValueError(f"no square '{name}' on the {len(self.suits)}-player board") from None


def _touch_at_corner(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return (a[2] == b[0] or b[2] == a[0]) and (a[3] == b[1] or b[3] == a[1])


def _roll_odds(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    outcomes = []
    for faces in combinations_with_replacement(ARMY_VALUES, count):
        ways = math.factorial(count)
        for repeat in Counter(faces).values():
            ways //= math.factorial(repeat)
        outcomes.append((faces, ways / 6**count))
    return tuple(outcomes)


_ROLL_ODDS = {count: _roll_odds(count) for count in range(1, MAX_DICE + 1)}


def _code(player: int, kind: int) -> int:
    return player * _PIECES_PER_PLAYER + kind + 1


def _owner(code: int) -> int:
    return (code - 1) // _PIECES_PER_PLAYER


def _kind(code: int) -> int:
    return (code - 1) % _PIECES_PER_PLAYER


def _kind_text(kind: int) -> str:
    return "P" if kind == _KIND_COMMANDER else str(kind)


def _digits(values: Sequence[int]) -> str:
    return "".join(map(str, values)) or "-"


# -- the state -------------------------------------------------------------------------------


class SiegeState(State):
    """A position: pieces on the squares, each player's Army stack, and the turn so far."""

    game: Siege

    def __init__(self, game: Siege, start_text: str | None = None):
        super().__init__(game, "")
        board = game.board
        players = len(board.suits)
        self.squares: list[int] = [0] * len(board.cells)
        self.where: list[int] = [-1] * (players * _PIECES_PER_PLAYER + 1)
        self.stacks: list[list[int]] = [[] for _ in range(players)]
        """Army values off the board, bottom first (the top is the last item)."""
        self.to_move = 0
        self.phase = REINFORCE
        self.roll: tuple[int, ...] = ()
        self.dice: tuple[int, ...] = ()
        self.moved: frozenset[int] = frozenset()
        self.last = 0
        self.attacked = False
        self._log: list[tuple[Any, ...]] = []
        if start_text is not None:
            self.start_text = start_text

    # -- reading the position -------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == ROLL:
            return CHANCE
        return self.to_move

    @property
    def winner(self) -> int | None:
        """The index of the player whose Commander stands on another's Home Base, if any."""
        for player in range(len(self.stacks)):
            square = self.where[_code(player, _KIND_COMMANDER)]
            if square >= 0 and self.board.home_owner[square] not in (-1, player):
                return player
        return None

    def pieces_on_board(self, player: int) -> int:
        """How many of a player's pieces are on the board."""
        base = player * _PIECES_PER_PLAYER + 1
        return sum(1 for code in range(base, base + _PIECES_PER_PLAYER) if self.where[code] >= 0)

    def reinforcement(self, player: int) -> str | None:
        """What a player's Home Base would receive now: ``"army"``, ``"commander"`` or ``None``."""
        if self.squares[self.board.home[player]]:
            return None
        if self.stacks[player]:
            return "army"
        if self.where[_code(player, _KIND_COMMANDER)] < 0:
            return COMMANDER
        return None

    # -- moves ------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.phase == OVER:
            return []
        if self.phase == REINFORCE:
            return [("reinforce",)]
        if self.phase == ROLL:
            return [("roll", faces) for faces, _ in _ROLL_ODDS[self._dice_count()]]
        moves: list[Move] = []
        player, board, squares = self.to_move, self.board, self.squares
        last = self.last
        if last and not self.attacked and _kind(last) != _KIND_COMMANDER:
            origin = self.where[last]
            for target in board.adjacent[origin]:
                occupant = squares[target]
                if occupant and _owner(occupant) != player:
                    moves.append(("attack", origin, target))
        for die in sorted(set(self.dice)):
            for kind in range(_PIECES_PER_PLAYER):
                code = _code(player, kind)
                origin = self.where[code]
                if origin < 0 or code in self.moved:
                    continue
                passes_own = kind == _KIND_COMMANDER
                targets = {origin}
                for ray in board.rays[origin]:
                    for square in ray[:die]:
                        occupant = squares[square]
                        if not occupant:
                            targets.add(square)
                        elif not (passes_own and _owner(occupant) == player):
                            break
                moves.extend(("move", die, origin, target) for target in targets)
        moves.append(END_MOVE)
        return sorted(moves, key=self._notation)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase != ROLL:
            return []
        return [(("roll", faces), odds) for faces, odds in _ROLL_ODDS[self._dice_count()]]

    def _dice_count(self) -> int:
        return dice_to_roll(self.pieces_on_board(self.to_move))

    def explain(self, move: Move) -> Verdict:
        if not isinstance(move, tuple) or not move or move[0] not in _MOVE_SHAPES or len(move) != _MOVE_SHAPES[move[0]]:
            return _illegal("unknown-move")
        tag = move[0]
        if self.phase == OVER:
            return _illegal("game-over")
        if tag == "reinforce":
            return LEGAL if self.phase == REINFORCE else _illegal("no-reinforcement")
        if self.phase == REINFORCE:
            return _illegal("reinforce-first")
        if tag == "roll":
            if self.phase != ROLL:
                return _illegal("roll-not-now")
            faces = move[1]
            if not isinstance(faces, tuple) or any(f not in ARMY_VALUES for f in faces) or list(faces) != sorted(faces):
                return _illegal("bad-roll")
            return LEGAL if len(faces) == self._dice_count() else _illegal("wrong-dice-count")
        if self.phase == ROLL:
            return _illegal("roll-first")
        if tag == "end":
            return LEGAL
        if not all(isinstance(s, int) and 0 <= s < len(self.squares) for s in move[-2:]):
            return _illegal("unknown-move")
        if tag == "move":
            return self._explain_move(move[1], move[2], move[3])
        return self._explain_attack(move[1], move[2])

    def _explain_move(self, die: int, origin: int, target: int) -> Verdict:
        if die not in self.dice:
            return _illegal("die-used" if die in self.roll else "die-not-rolled")
        code = self.squares[origin]
        if not code:
            return _illegal("no-piece")
        if _owner(code) != self.to_move:
            return _illegal("not-own-piece")
        if code in self.moved:
            return _illegal("piece-moved")
        return self._judge(origin, target, die)

    def _judge(self, origin: int, target: int, die: int) -> Verdict:
        code = self.squares[origin]
        if not code:
            return _illegal("no-piece")
        if origin == target:
            return LEGAL
        for ray in self.board.rays[origin]:
            if target in ray:
                distance = ray.index(target) + 1
                break
        else:
            return _illegal("diagonal")
        if distance > die:
            return _illegal("too-far")
        player, commander = _owner(code), _kind(code) == _KIND_COMMANDER
        for square in ray[: distance - 1]:
            occupant = self.squares[square]
            if occupant and not (commander and _owner(occupant) == player):
                return _illegal("pass-enemy" if commander else "blocked")
        if self.squares[target]:
            return _illegal("occupied")
        return LEGAL

    def _explain_attack(self, origin: int, target: int) -> Verdict:
        code = self.squares[origin]
        if not code:
            return _illegal("no-piece")
        if _owner(code) != self.to_move:
            return _illegal("not-own-piece")
        if _kind(code) == _KIND_COMMANDER:
            return _illegal("commander-attack")
        if code != self.last:
            return _illegal("not-just-moved")
        if self.attacked:
            return _illegal("already-attacked")
        defender = self.squares[target]
        if not defender:
            return _illegal("no-target")
        if _owner(defender) == self.to_move:
            return _illegal("friendly-attack")
        if target in self.board.corner[origin]:
            return _illegal("attack-diagonal")
        if target not in self.board.adjacent[origin]:
            return _illegal("not-adjacent")
        return LEGAL

    def judge_piece_move(self, origin: str, target: str, die: int) -> Verdict:
        """Whether the piece on ``origin`` may move to ``target`` with a die of ``die``,
        by the movement rules alone (whose turn it is and which dice are left aside)."""
        if die not in ARMY_VALUES:
            raise ValueError(f"a die shows 0 to 5, not {die}")
        return self._judge(self.board.square(origin), self.board.square(target), die)

    def roll_plays(self, faces: Sequence[int] | None = None) -> list[tuple[Move, ...]]:
        """The legal ways to play a roll: for each distinct position at the end of the turn,
        a shortest move sequence reaching it (the first in notation order), ``end`` included;
        sorted by length, then notation.

        From a position waiting for the roll, ``faces`` is the roll and the sequences
        start with it; from the middle of a turn, they play the dice still unused.
        """
        work = self.clone()
        prefix: list[Move] = []
        if work.phase == ROLL:
            if faces is None:
                raise ValueError("the roll is not known yet: give the faces")
            roll = ("roll", tuple(sorted(faces)))
            work.apply(roll)
            prefix.append(roll)
        elif faces is not None:
            raise ValueError("the dice have been rolled already")
        if work.phase != MOVE:
            raise ValueError(f"no roll to play in phase '{_PHASES[work.phase]}'")
        plays: dict[Hashable, tuple[Move, ...]] = {}
        seen: set[Hashable] = set()

        def search(path: list[Move]) -> None:
            for move in work.legal_moves():
                work._do(move)
                path.append(move)
                if move == END_MOVE or work.phase == OVER:
                    final = work.key()
                    if final not in plays or len(path) < len(plays[final]):
                        plays[final] = tuple(path)
                else:
                    state_key = work.key()
                    if state_key not in seen:
                        seen.add(state_key)
                        search(path)
                path.pop()
                work._undo(move)

        search(prefix)
        return sorted(plays.values(), key=lambda play: (len(play), [work._notation(m) for m in play]))

    # -- playing and taking back ------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return (self.to_move, self.phase, self.roll, self.dice, self.moved, self.last, self.attacked)

    def _put(self, square: int, code: int) -> None:
        old = self.squares[square]
        if old:
            self.where[old] = -1
        self.squares[square] = code
        if code:
            self.where[code] = square

    def _do(self, move: Move) -> None:
        # Each log entry: (turn snapshot, (square, code before) changes, stack change) where
        # the stack change is (player, value popped from the top) or (player, None) for an
        # Army put at the bottom.
        tag = move[0]
        snapshot = self._snapshot()
        player = self.to_move
        if tag == "reinforce":
            home = self.board.home[player]
            stack = self.stacks[player]
            if stack:
                value = stack.pop()
                self._put(home, _code(player, value))
                self._log.append((snapshot, ((home, 0),), (player, value)))
            else:
                self._put(home, _code(player, _KIND_COMMANDER))
                self._log.append((snapshot, ((home, 0),), None))
            self._start_roll()
        elif tag == "roll":
            self.roll = self.dice = move[1]
            self.phase = MOVE
            self._log.append((snapshot, (), None))
        elif tag == "move":
            die, origin, target = move[1], move[2], move[3]
            code = self.squares[origin]
            dice = list(self.dice)
            dice.remove(die)
            self.dice = tuple(dice)
            self.moved = self.moved | {code}
            self.last, self.attacked = code, False
            self._put(origin, 0)
            self._put(target, code)
            self._log.append((snapshot, ((origin, code), (target, 0)), None))
            if _kind(code) == _KIND_COMMANDER and self.board.home_owner[target] not in (-1, player):
                self.phase = OVER
        elif tag == "attack":
            origin, target = move[1], move[2]
            attacker, defender = self.squares[origin], self.squares[target]
            outcome = _battle_code(_kind(attacker), _kind(defender))
            self.attacked = True
            loser_square = (None, target, origin)[outcome]
            stacked = None
            if loser_square is not None:
                loser = self.squares[loser_square]
                if _kind(loser) != _KIND_COMMANDER:
                    stacked = (_owner(loser), None)
                    self.stacks[_owner(loser)].insert(0, _kind(loser))
                if loser == attacker:
                    self.moved = self.moved - {attacker}
                    self.last = 0
                self._put(loser_square, 0)
                self._log.append((snapshot, ((loser_square, loser),), stacked))
            else:
                self._log.append((snapshot, (), None))
        else:  # end
            self.to_move = (player + 1) % len(self.stacks)
            self.roll = self.dice = ()
            self.moved, self.last, self.attacked = frozenset(), 0, False
            self._log.append((snapshot, (), None))
            self._start_turn()

    def _start_turn(self) -> None:
        if self.reinforcement(self.to_move) is not None:
            self.phase = REINFORCE
        else:
            self._start_roll()

    def _start_roll(self) -> None:
        self.phase = ROLL if self._dice_count() else MOVE

    def _undo(self, move: Move) -> None:
        snapshot, changes, stacked = self._log.pop()
        (self.to_move, self.phase, self.roll, self.dice, self.moved, self.last, self.attacked) = snapshot
        for square, code in reversed(changes):
            self._put(square, code)
        if stacked is not None:
            player, value = stacked
            if value is None:
                self.stacks[player].pop(0)
            else:
                self.stacks[player].append(value)

    def clone(self) -> SiegeState:
        copy = SiegeState(self.game, self.start_text)
        copy.squares = self.squares[:]
        copy.where = self.where[:]
        copy.stacks = [stack[:] for stack in self.stacks]
        (copy.to_move, copy.phase, copy.roll, copy.dice, copy.moved, copy.last, copy.attacked) = self._snapshot()
        copy.history = self.history[:]
        copy._log = self._log[:]
        return copy

    # -- results and texts ------------------------------------------------------------------
    def returns(self) -> tuple[float, ...]:
        winner = self.winner if self.phase == OVER else None
        if winner is None:
            return (0.0,) * len(self.stacks)
        return tuple(1.0 if p == winner else -1.0 for p in range(len(self.stacks)))

    def key(self) -> Hashable:
        return (
            self.board.suits,
            tuple(self.squares),
            tuple(map(tuple, self.stacks)),
            self._snapshot(),
        )

    def _notation(self, move: Move) -> str:
        tag, names = move[0], self.board.names
        if tag == "move":
            return f"d{move[1]}:{names[move[2]]}-{names[move[3]]}"
        if tag == "attack":
            return f"{names[move[1]]}x{names[move[2]]}"
        if tag == "roll":
            return "roll:" + "".join(map(str, move[1]))
        return str(tag)

    def position_text(self) -> str:
        names, suits = self.board.names, self.board.suits
        tokens = [
            "players=" + ",".join(suits),
            f"turn={suits[self.to_move]}",
            f"phase={_PHASES[self.phase]}",
            f"roll={_digits(self.roll)}",
            f"dice={_digits(self.dice)}",
        ]
        for player, suit in enumerate(suits):
            on_board = [
                f"{_kind_text(kind)}@{names[self.where[_code(player, kind)]]}"
                for kind in range(_PIECES_PER_PLAYER)
                if self.where[_code(player, kind)] >= 0
            ]
            tokens.append(f"{suit}={','.join(on_board) or '-'}")
            tokens.append(f"{suit}-stack={_digits(self.stacks[player][::-1])}")
        moved = sorted(names[self.where[code]] for code in self.moved)
        tokens.append(f"moved={','.join(moved) or '-'}")
        tokens.append(f"last={names[self.where[self.last]] if self.last else '-'}")
        tokens.append(f"attacked={'yes' if self.attacked else 'no'}")
        return " ".join(tokens)

    def facts(self) -> dict[str, Any]:
        suits = self.board.suits
        winner = self.winner if self.phase == OVER else None
        return {
            "turn": suits[self.to_move],
            "phase": _PHASES[self.phase],
            "dice_to_roll": self._dice_count(),
            "dice": list(self.dice),
            "reinforcement": self.reinforcement(self.to_move) if self.phase == REINFORCE else None,
            "winner": suits[winner] if winner is not None else None,
            "pieces_on_board": {suit: self.pieces_on_board(p) for p, suit in enumerate(suits)},
            "stacks": {suit: self.stacks[p][::-1] for p, suit in enumerate(suits)},
            "commanders_off_board": [
                suit for p, suit in enumerate(suits) if self.where[_code(p, _KIND_COMMANDER)] < 0
            ],
            "squares": len(self.squares),
            "home_bases": list(suits),
        }


_MOVE_SHAPES = {"reinforce": 1, "roll": 2, "move": 4, "attack": 3, "end": 1}


def _illegal(reason: str) -> Verdict:
    return Verdict(False, reason, Siege.reasons[reason])


# -- building positions ------------------------------------------------------------------------


class _PositionError(ValueError):
    """A position that breaks the rules; ``loc`` is the key path (in figure data) at fault."""

    def __init__(self, message: str, loc: tuple[object, ...] = ()):
        super().__init__(message)
        self.loc = loc


@dataclass
class _Draft:
    """A position as read from text or data, before it is checked and assembled."""

    suits: tuple[str, ...]
    turn: int = 0
    phase: str | None = None
    roll: tuple[int, ...] = ()
    dice: tuple[int, ...] | None = None
    pieces: dict[int, dict[str, int | None]] | None = None
    """player -> square name -> Army value, :data:`_KIND_COMMANDER`, or ``None`` (hidden Army)."""
    stacks: dict[int, list[int]] | None = None
    """player -> Army values off the board, top first."""
    moved: tuple[str, ...] = ()
    last: str | None = None
    attacked: bool = False


def _assemble(draft: _Draft) -> SiegeState:
    game = game_for(draft.suits)
    board = game.board
    state = SiegeState(game)
    state.to_move = draft.turn
    pieces = draft.pieces or {}
    stacks = draft.stacks or {}
    for player, suit in enumerate(draft.suits):
        placed = pieces.get(player, {})
        known = [v for v in placed.values() if v is not None and v != _KIND_COMMANDER]
        if len(set(known)) != len(known):
            raise _PositionError(f"{suit} has two Armies of one value on the board", ("pieces", suit))
        if list(placed.values()).count(_KIND_COMMANDER) > 1:
            raise _PositionError(f"{suit} has one Commander only", ("pieces", suit))
        hidden = sum(1 for v in placed.values() if v is None)
        if player in stacks:
            stack = stacks[player]
            if len(set(stack)) != len(stack) or any(v not in ARMY_VALUES for v in stack):
                raise _PositionError(f"{suit}'s stack must hold distinct values 0-5", ("stacks", suit))
            if set(stack) & set(known):
                raise _PositionError(f"{suit}'s stack holds an Army that is on the board", ("stacks", suit))
            free = sorted(set(ARMY_VALUES) - set(known) - set(stack))
            if len(free) != hidden:
                raise _PositionError(
                    f"{suit}'s Armies on the board and in the stack must be the six coins 0-5 once each",
                    ("stacks", suit),
                )
        else:
            free = sorted(set(ARMY_VALUES) - set(known))
            stack = None
            if hidden > len(free):
                raise _PositionError(f"{suit} has six Armies only", ("pieces", suit))
        for name, value in placed.items():
            try:
                square = board.square(name)
            except ValueError as error:
                raise _PositionError(str(error), ("pieces", suit, name)) from None
            if state.squares[square]:
                raise _PositionError(f"two pieces on {name}", ("pieces", suit, name))
            kind = free.pop(0) if value is None else value
            state._put(square, _code(player, kind))
        if stack is None:
            stack = free
        state.stacks[player] = list(reversed(stack))
    phase = draft.phase
    if phase is None:
        if draft.roll:
            phase = "move"
        elif state.winner is not None:
            phase = "over"
        elif state.reinforcement(state.to_move) is not None:
            phase = "reinforce"
        else:
            phase = "roll" if state._dice_count() else "move"
    if phase not in _PHASES:
        raise _PositionError(f"unknown phase '{phase}' (expected one of {', '.join(_PHASES)})", ("phase",))
    state.phase = _PHASES.index(phase)
    _check_phase(state, draft)
    return state


def _check_phase(state: SiegeState, draft: _Draft) -> None:
    """Fill in and check the turn bookkeeping against the phase."""
    suit = state.board.suits[state.to_move]
    due = state.reinforcement(state.to_move) is not None
    if (state.winner is not None) != (state.phase == OVER):
        raise _PositionError("the game is over exactly when a Commander stands on another player's Home Base", ("phase",))
    if state.phase == REINFORCE and not due:
        raise _PositionError(f"{suit} has no reinforcement due (Home Base occupied or nothing off the board)", ("phase",))
    if state.phase == ROLL:
        if due:
            raise _PositionError(f"{suit} must reinforce before rolling", ("phase",))
        if not state._dice_count():
            raise _PositionError(f"{suit} has no piece on the board, so rolls no dice", ("phase",))
    if state.phase != MOVE:
        if draft.roll or draft.dice or draft.moved or draft.last or draft.attacked:
            raise _PositionError("dice, moved pieces and attacks belong to the move phase", ("phase",))
        return
    if len(draft.roll) > MAX_DICE or any(f not in ARMY_VALUES for f in draft.roll):
        raise _PositionError("a roll is at most four dice showing 0-5", ("roll",))
    state.roll = tuple(sorted(draft.roll))
    dice = state.roll if draft.dice is None else tuple(sorted(draft.dice))
    if Counter(dice) - Counter(state.roll):
        raise _PositionError("the unused dice must be part of the roll", ("dice",))
    state.dice = dice
    moved = set()
    for index, name in enumerate(draft.moved):
        code = state.squares[state.board.square(name)] if name in state.board.index else 0
        if not code or _owner(code) != state.to_move:
            raise _PositionError(f"no {suit} piece on {name}", ("moved", index))
        moved.add(code)
    if len(moved) > len(state.roll) - len(state.dice):
        raise _PositionError("more pieces moved than dice used", ("moved",))
    state.moved = frozenset(moved)
    if draft.last is not None:
        code = state.squares[state.board.index[draft.last]] if draft.last in state.board.index else 0
        if code not in moved:
            raise _PositionError(f"the last piece moved must be one of the moved pieces, not {draft.last}", ("last",))
        state.last = code
    elif draft.attacked and not state.roll:
        raise _PositionError("no piece has moved, so none has attacked", ("attacked",))
    state.attacked = draft.attacked


# -- the game ----------------------------------------------------------------------------------


class Siege(Game):
    """Siege by Number for 2, 3 or 4 players; ``Siege(players=2)`` or ``Siege(("suns", "moons"))``."""

    id = "siege"
    title = "Siege by Number"
    reasons = {
        "unknown-move": "Turns: a move is a reinforcement, a roll, a die move, an attack or the end of the turn",
        "game-over": "Objective: the game ends when a Commander enters another player's Home Base",
        "no-reinforcement": "Reinforcement: only at the start of a turn, into an empty Home Base, with a piece left off the board",
        "reinforce-first": "Reinforcement: an empty Home Base is filled before the dice are rolled",
        "roll-not-now": "Roll Dice: the dice are rolled once a turn, after reinforcement",
        "roll-first": "Roll Dice: the dice are rolled before any piece moves",
        "bad-roll": "Roll Dice: each die shows null (0), ace (1) or 2-5, listed in order",
        "wrong-dice-count": "Roll Dice: one die per own piece on the board, at most four",
        "die-not-rolled": "Move: each move uses one of the dice rolled this turn",
        "die-used": "Move: each die is used once",
        "no-piece": "Move: there is no piece on that square",
        "not-own-piece": "Move: a player moves and attacks only with their own pieces",
        "piece-moved": "Move: a piece moves once per turn",
        "diagonal": "Move: a piece moves in a straight line along one of the four compass directions, never diagonally",
        "too-far": "Move: a piece moves at most as many squares as its die shows (null 0, ace 1)",
        "blocked": "Move: an Army never jumps or walks over another piece",
        "pass-enemy": "Move: a Commander may walk over its own Armies only, never over an enemy piece",
        "occupied": "Move: a piece ends its move on an empty square or an empty Home Base",
        "commander-attack": "Attack: Commanders never attack",
        "not-just-moved": "Attack: only the piece just moved may attack",
        "already-attacked": "Attack: a piece attacks at most once per move",
        "no-target": "Attack: an attack needs an enemy piece on the target square",
        "friendly-attack": "Attack: only an opponent's piece can be attacked",
        "attack-diagonal": "Attack: attacks go in the four compass directions, never diagonally",
        "not-adjacent": "Attack: the enemy piece must be next to the attacker",
    }
    facts = {
        "turn": "Turns: play passes clockwise",
        "phase": "Turns: reinforcement, roll, then moves and attacks",
        "dice_to_roll": "Roll Dice: one die per own piece on the board, at most four",
        "dice": "Move: each die moves one piece once",
        "reinforcement": "Reinforcement: the top Army, or the Commander once all Armies are out, or nothing",
        "winner": "Objective: a Commander on another player's Home Base wins",
        "pieces_on_board": "Players' pieces: six Armies and a Commander each",
        "stacks": "Resolving battles: a losing Army goes to the bottom of its stack",
        "commanders_off_board": "Resolving battles: a losing Commander waits beside its Home Base",
        "squares": "Gameboard: every quarter-tile square, and each Ace tile as one square",
        "home_bases": "Gameboard: with fewer than four players, the unused colours' Ace and arm tiles are removed",
    }

    def __init__(self, players: int | Sequence[str] = 4):
        suits = default_suits(players) if isinstance(players, int) else tuple(players)
        if not 2 <= len(suits) <= 4 or len(set(suits)) != len(suits) or not set(suits) <= set(SUITS):
            raise ValueError(f"choose 2 to 4 different colours of {', '.join(SUITS)}, not {suits}")
        self.players = tuple(s for s in SUITS if s in suits)
        self.board = Board.build(self.players)

    def initial_state(self, rng: random.Random | None = None) -> SiegeState:
        """Every piece off the board, Army stacks shuffled by ``rng`` (in order 0..5 top down
        without one), the starting player chosen by :func:`choose_first_player`."""
        state = SiegeState(self)
        for player in range(len(self.players)):
            stack = list(ARMY_VALUES)
            if rng is not None:
                rng.shuffle(stack)
            state.stacks[player] = stack[::-1]
        state.to_move = choose_first_player(rng, len(self.players))
        state.phase = REINFORCE
        state.start_text = state.position_text()
        return state

    # -- positions ----------------------------------------------------------------------
    def parse_position(self, text: str) -> SiegeState:
        tokens = dict(token.partition("=")[::2] for token in text.split())
        if "players" not in tokens:
            raise ValueError("a Siege by Number position starts with players=...")
        suits = tuple(tokens["players"].split(","))
        expected = ["players", "turn", "phase", "roll", "dice"]
        for suit in suits:
            expected += [suit, f"{suit}-stack"]
        expected += ["moved", "last", "attacked"]
        if list(tokens) != expected:
            raise ValueError(f"position tokens must be {' '.join(k + '=' for k in expected)}")
        if set(suits) - set(SUITS):
            raise ValueError(f"unknown colour in players={tokens['players']}")
        if tokens["turn"] not in suits:
            raise ValueError(f"turn={tokens['turn']} is not a player")
        pieces: dict[int, dict[str, int | None]] = {}
        stacks: dict[int, list[int]] = {}
        for player, suit in enumerate(suits):
            pieces[player] = {}
            for item in _items(tokens[suit]):
                kind, at, name = item.partition("@")
                if not at or not (kind == "P" or (kind.isdigit() and int(kind) in ARMY_VALUES)):
                    raise ValueError(f"bad piece '{item}' (expected e.g. 3@c4 or P@home-{suit})")
                pieces[player][name] = _KIND_COMMANDER if kind == "P" else int(kind)
            stacks[player] = _parse_digits(tokens[f"{suit}-stack"])
        if tokens["attacked"] not in ("yes", "no"):
            raise ValueError("attacked= must be yes or no")
        draft = _Draft(
            suits=suits,
            turn=suits.index(tokens["turn"]),
            phase=tokens["phase"],
            roll=tuple(_parse_digits(tokens["roll"])),
            dice=tuple(_parse_digits(tokens["dice"])),
            pieces=pieces,
            stacks=stacks,
            moved=tuple(_items(tokens["moved"])),
            last=None if tokens["last"] == "-" else tokens["last"],
            attacked=tokens["attacked"] == "yes",
        )
        try:
            state = _assemble(draft)
        except _PositionError as error:
            raise ValueError(str(error)) from None
        state.start_text = state.position_text()
        return state

    def position_from_data(self, data: Any) -> SiegeState:
        loc: tuple[object, ...] = ("position",)
        if not isinstance(data, Mapping):
            raise DataError("a position is a mapping (players, turn, phase, roll, dice, pieces, stacks, ...)", loc)
        known = {"players", "turn", "phase", "roll", "dice", "pieces", "stacks", "moved", "last", "attacked"}
        for key in data:
            if key not in known:
                raise DataError(f"unknown key '{key}' (expected one of {', '.join(sorted(known))})", loc + (key,))
        suits = self.players
        if "players" in data:
            if not isinstance(data["players"], list) or not all(isinstance(s, str) for s in data["players"]):
                raise DataError("players is a list of colours", loc + ("players",))
            try:
                suits = game_for(tuple(data["players"])).players
            except ValueError as error:
                raise DataError(str(error), loc + ("players",)) from None
        draft = _Draft(suits=suits)
        if "turn" in data:
            if data["turn"] not in suits:
                raise DataError(f"turn must be one of {', '.join(suits)}", loc + ("turn",))
            draft.turn = suits.index(data["turn"])
        if "phase" in data:
            draft.phase = str(data["phase"])
        for key in ("roll", "dice"):
            if key in data:
                draft_value = _data_values(data[key], loc + (key,))
                setattr(draft, key, tuple(draft_value))
        draft.pieces = {}
        pieces = data.get("pieces", {})
        if not isinstance(pieces, Mapping):
            raise DataError("pieces maps each colour to {square: value}", loc + ("pieces",))
        for suit, placed in pieces.items():
            if suit not in suits:
                raise DataError(f"'{suit}' is not playing (players: {', '.join(suits)})", loc + ("pieces", suit))
            if not isinstance(placed, Mapping):
                raise DataError("a colour's pieces map squares to values", loc + ("pieces", suit))
            draft.pieces[suits.index(suit)] = {
                str(name): _data_piece(value, loc + ("pieces", suit, name)) for name, value in placed.items()
            }
        stacks = data.get("stacks", {})
        if not isinstance(stacks, Mapping):
            raise DataError("stacks maps each colour to its values, top first", loc + ("stacks",))
        draft.stacks = {}
        for suit, values in stacks.items():
            if suit not in suits:
                raise DataError(f"'{suit}' is not playing", loc + ("stacks", suit))
            draft.stacks[suits.index(suit)] = _data_values(values, loc + ("stacks", suit))
        moved = data.get("moved", [])
        if not isinstance(moved, list):
            raise DataError("moved is a list of squares", loc + ("moved",))
        draft.moved = tuple(str(m) for m in moved)
        if "last" in data:
            draft.last = str(data["last"])
        attacked = data.get("attacked", False)
        if not isinstance(attacked, bool):
            raise DataError("attacked is true or false", loc + ("attacked",))
        draft.attacked = attacked
        try:
            state = _assemble(draft)
        except _PositionError as error:
            raise DataError(str(error), loc + error.loc) from None
        except ValueError as error:
            raise DataError(str(error), loc) from None
        state.start_text = state.position_text()
        return state

    def setup_problem(self, state: State) -> str | None:
        if not isinstance(state, SiegeState):
            return "not a Siege by Number position"
        on_board = [state.board.names[s] for s, code in enumerate(state.squares) if code]
        if on_board:
            return f"pieces on the board at the start: {', '.join(on_board)}"
        if any(sorted(stack) != list(ARMY_VALUES) for stack in state.stacks):
            return "each stack must hold all six Armies"
        if state.phase != REINFORCE:
            return "the first player starts by reinforcing"
        return None

    # -- moves --------------------------------------------------------------------------
    def parse_move(self, state: State, text: str) -> Move:
        assert isinstance(state, SiegeState)
        text = text.strip()
        if text in ("reinforce", "end"):
            return (text,)
        board = state.board
        if match := _ROLL_RE.fullmatch(text):
            return ("roll", tuple(int(c) for c in match.group(1)))
        if match := _MOVE_RE.fullmatch(text):
            return ("move", int(match.group(1)), board.square(match.group(2)), board.square(match.group(3)))
        if match := _ATTACK_RE.fullmatch(text):
            return ("attack", board.square(match.group(1)), board.square(match.group(2)))
        raise ValueError(f"not a Siege by Number move: '{text}' (e.g. reinforce, roll:135, d3:c3-c6, c6xc7, end)")

    def format_move(self, state: State, move: Move) -> str:
        assert isinstance(state, SiegeState)
        return state._notation(move)

    def move_cells(self, state: State, move: Move) -> list[str]:
        assert isinstance(state, SiegeState)
        names = state.board.names
        tag = move[0]
        if tag == "reinforce":
            return [names[state.board.home[state.to_move]]]
        if tag == "attack":
            return [names[move[1]], names[move[2]]]
        if tag != "move" or move[2] == move[3]:
            return [names[move[2]]] if tag == "move" else []
        for ray in state.board.rays[move[2]]:
            if move[3] in ray:
                return [names[move[2]]] + [names[s] for s in ray[: ray.index(move[3]) + 1]]
        return [names[move[2]], names[move[3]]]

    # -- the table ----------------------------------------------------------------------
    def table(self, state: State, view: Mapping[str, Any]) -> Table:
        """Tiles, coins, pawns and dice in inches (a1's lower-left corner at the origin).

        ``view`` keys: ``reveal`` -- True, or a list of colours and square names, whose
        Armies lie face up (default none); ``dice`` -- draw the unused dice in front of the
        player to move (default True); ``off_board`` -- draw the stacks and Commanders
        beside the Home Bases (default True).
        """
        assert isinstance(state, SiegeState)
        return _draw_table(state, view)


def _items(text: str) -> list[str]:
    return [] if text == "-" else text.split(",")


def _parse_digits(text: str) -> list[int]:
    if text == "-":
        return []
    if not text.isdigit() or any(int(c) not in ARMY_VALUES for c in text):
        raise ValueError(f"expected digits 0-5 or '-', not '{text}'")
    return [int(c) for c in text]


_VALUE_WORDS = {"null": 0, "ace": 1}


def _data_value(value: Any, loc: tuple[object, ...]) -> int:
    value = _VALUE_WORDS.get(value, value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in ARMY_VALUES:
        raise DataError(f"a value is 0-5, null or ace, not {value!r}", loc)
    return value


def _data_values(values: Any, loc: tuple[object, ...]) -> list[int]:
    if not isinstance(values, list):
        raise DataError("expected a list of values 0-5", loc)
    return [_data_value(v, loc + (i,)) for i, v in enumerate(values)]


def _data_piece(value: Any, loc: tuple[object, ...]) -> int | None:
    if value == COMMANDER:
        return _KIND_COMMANDER
    if value == "army":
        return None
    return _data_value(value, loc)


_NAME = r"(home-[a-z]+|[a-z][0-9]+)"
_ROLL_RE = re.compile(r"roll:([0-5]{1,4})")
_MOVE_RE = re.compile(rf"d([0-5]):{_NAME}-{_NAME}")
_ATTACK_RE = re.compile(rf"{_NAME}x{_NAME}")


# -- drawing the table -------------------------------------------------------------------------

_STACK_AT = (-3.4, -3.0)
_PAWN_AT = (-2.0, -3.0)
_DICE_AT = (-1.1, -3.0)
"""Where, in the rulings' cell units, the lower-left seat keeps its stack, its Commander
when off the board, and the dice of its turn; other seats turn these about the centre."""
_DIE_SPACING = 0.7
_EXTENT_MARGIN = 0.25
"""Inches of empty table kept round the outermost tile, piece or label."""
_STACK_RISE = 0.06
"""Each coin of an off-board stack is drawn this many inches above the one beneath."""


def _seat_point(point: Point, turns: int) -> Point:
    x, y = point[0] - SQUARE_CENTRE[0], point[1] - SQUARE_CENTRE[1]
    for _ in range(turns):
        x, y = -y, x
    return x + SQUARE_CENTRE[0] - NAME_ORIGIN[0], y + SQUARE_CENTRE[1] - NAME_ORIGIN[1]


def _inches(outline: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    dx, dy = -NAME_ORIGIN[0], -NAME_ORIGIN[1]
    return outline[0] + dx, outline[1] + dy, outline[2] + dx, outline[3] + dy


def _revealed(view: Mapping[str, Any]) -> set[str] | bool:
    reveal = view.get("reveal", False)
    if isinstance(reveal, bool):
        return reveal
    if not isinstance(reveal, list):
        raise ValueError("view 'reveal' is true, false or a list of colours and squares")
    return {str(r) for r in reveal}


def _draw_table(state: SiegeState, view: Mapping[str, Any]) -> Table:
    board = state.board
    reveal = _revealed(view)

    def face_up(suit: str, square: str | None) -> bool:
        return reveal is True or (isinstance(reveal, set) and (suit in reveal or square in reveal))

    table = Table()
    for cell, name in zip(board.cells, board.names):
        x0, y0, x1, y1 = _inches(board.layout.outline(cell))
        table.cells[name] = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    for tile in board.layout.tiles:
        x0, y0, x1, y1 = _inches((tile.x, tile.y, tile.x + tile.size, tile.y + tile.size))
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        if tile.cells_per_side == 1:
            suit = tile.name.removeprefix("home-")
            table.pieces.append(
                Piece("tile", *centre, suit=suit, rank=1, side="face", angle=90.0 * SEAT_TURNS[suit])
            )
        else:
            table.pieces.append(Piece("tile", *centre, side="back"))
    for square, code in enumerate(state.squares):
        if not code:
            continue
        player, kind = _owner(code), _kind(code)
        suit, name = board.suits[player], board.names[square]
        at = table.centre(name)
        if kind == _KIND_COMMANDER:
            table.pieces.append(Piece("pawn", *at, suit=suit, owner=player))
        else:
            side = "face" if face_up(suit, name) else "back"
            table.pieces.append(Piece("coin", *at, suit=suit, rank=kind, side=side, owner=player))
    if view.get("off_board", True):
        for player, suit in enumerate(board.suits):
            turns = SEAT_TURNS[suit]
            x, y = _seat_point(_STACK_AT, turns)
            side = "face" if face_up(suit, None) else "back"
            for height, value in enumerate(state.stacks[player]):
                table.pieces.append(
                    Piece("coin", x, y + height * _STACK_RISE, suit=suit, rank=value, side=side, owner=player)
                )
            if state.where[_code(player, _KIND_COMMANDER)] < 0:
                table.pieces.append(Piece("pawn", *_seat_point(_PAWN_AT, turns), suit=suit, owner=player))
    if view.get("dice", True) and state.dice:
        turns = SEAT_TURNS[board.suits[state.to_move]]
        for index, face in enumerate(state.dice):
            at = _seat_point((_DICE_AT[0] + index * _DIE_SPACING, _DICE_AT[1]), turns)
            table.pieces.append(Piece("die", *at, suit=SUITS[index], rank=face, angle=90.0 * turns))
    table.coordinates = list(_coordinate_labels(board))
    table.bounds = _extent(table)
    return table


def _extent(table: Table) -> tuple[float, float, float, float]:
    """The smallest rectangle holding every tile, piece and label, with a margin: a
    two-player board or a view without the stacks is drawn no larger than it needs."""
    xs: list[float] = []
    ys: list[float] = []
    for corners in table.cells.values():
        xs += [x for x, _ in corners]
        ys += [y for _, y in corners]
    for piece in table.pieces:
        reach = PAWN_HEIGHT / 2 if piece.kind == "pawn" else COIN_DIAMETER / 2
        xs += [piece.x - reach, piece.x + reach]
        ys += [piece.y - reach, piece.y + reach]
    for label in table.coordinates:
        xs.append(label.at[0])
        ys.append(label.at[1])
    margin = _EXTENT_MARGIN
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def _coordinate_labels(board: Board) -> Iterator[Label]:
    """File letters below and above the 8x8 frame, rank numbers left and right of it,
    wherever no tile lies under the label."""
    tiles = [_inches((t.x, t.y, t.x + t.size, t.y + t.size)) for t in board.layout.tiles]

    def free(point: Point) -> bool:
        return not any(x0 < point[0] < x1 and y0 < point[1] < y1 for x0, y0, x1, y1 in tiles)

    margin = COIN_DIAMETER / 3
    for index in range(8):
        letter, number = chr(ord("a") + index), str(index + 1)
        for point in ((index + 0.5, -margin), (index + 0.5, 8 + margin)):
            if free(point):
                yield Label(point, letter)
        for point in ((-margin, index + 0.5), (8 + margin, index + 0.5)):
            if free(point):
                yield Label(point, number)


def game_for(suits: Sequence[str]) -> Siege:
    """The game for a set of colours (one instance per set, whatever the order given)."""
    return _game_for(tuple(sorted(suits, key=lambda s: SUITS.index(s) if s in SUITS else len(SUITS))))


@cache
def _game_for(suits: tuple[str, ...]) -> Siege:
    return Siege(suits)


GAME = game_for(SUITS)
