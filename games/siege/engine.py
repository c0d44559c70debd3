# SPDX-License-Identifier: MIT
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

Moving (ruling). A piece moves up to its die's value in orthogonal steps and may turn
between steps. An Army never steps onto or through a square holding another piece; a
Commander may pass over its own Armies, never over an enemy piece. Either stops on an
empty square or an empty Home Base. A move names only its die, start and end square: it
is legal when some path of at most the die's steps obeys these limits (``d3:c3-d5``
may go c3-c4-c5-d5 or c3-d3-d4-d5). A Home Base touches one square, so no path passes
through one.

Moves are values of five types (:data:`SiegeMove`), one engine move per token of
the notation:
  ``reinforce``      :class:`Reinforce`: put the top Army (or the Commander) on one's
                     empty Home Base
  ``roll:0135``      :class:`Roll`, chance: the dice rolled, faces in ascending order
                     (0 null, 1 ace)
  ``d3:c3-c6``       :class:`DieMove`: use a die of 3 to move the piece on c3 to c6
                     (``d2:c3-c3``: stay)
  ``c6xc7``          :class:`Attack`: the piece just moved attacks the enemy on c7
  ``end``            :class:`EndTurn`: end the turn (unused dice are forfeited)

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
  A key given twice, an unknown key or a key without a value is a :class:`PositionError`.

A figure's ``position:`` mapping (YAML) is :class:`SiegePosition`; the text notation
is read into the same data (:meth:`Siege.position_fields`) and checked by it::

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
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, reduce
from heapq import heappop, heappush
from itertools import combinations_with_replacement, compress
from operator import or_
from typing import Annotated, Final, Literal, NamedTuple, TypeAlias

from pydantic import BeforeValidator, Field, PlainValidator

from ppprint.api import (
    CHANCE,
    Cell,
    EndReason,
    FactName,
    Game,
    InvalidMoveError,
    LEGAL,
    ORTHOGONAL,
    Outcome,
    PositionError,
    PositionModel,
    ReasonCode,
    State,
    TERMINAL,
    Tile,
    TileLayout,
    Verdict,
    cell_name,
    expect_fields,
    fields_text,
    illegal,
    split_fields,
)

# -- rules constants -----------------------------------------------------------------------

Colour = Literal["suns", "moons", "crowns", "arms"]
"""A colour (piecepack suit) a player may take, as data names it."""

COLOURS: Final[tuple[Colour, ...]] = ("suns", "moons", "crowns", "arms")
"""The colours in the piecepack's suit order, which is also the order of play."""

ARMY_VALUES = range(6)
"""Army coin values: 0 null, 1 ace, 2..5."""

COMMANDER: Final = "commander"
"""Stands for a Commander in :func:`battle` and in position data."""

MAX_DICE = 4
"""A player never rolls more dice than this."""

MAX_DIE = 5
"""The highest face of a die."""

KNOWN_LIMIT = 2048
"""How many target masks the move generator remembers per square and die."""

CLOSURE_LIMIT = 1 << 16
"""How many masks' neighbourhoods the move generator remembers per board."""


class BattleResult(StrEnum):
    """Who wins a battle (:func:`battle`)."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    DRAW = "draw"


ATTACKER: Final = BattleResult.ATTACKER
DEFENDER: Final = BattleResult.DEFENDER
DRAW: Final = BattleResult.DRAW


class Phase(StrEnum):
    """The part of a turn a position is in."""

    REINFORCE = "reinforce"
    """The player to move must put a piece on their empty Home Base."""
    ROLL = "roll"
    """The dice are to be rolled (a chance node)."""
    MOVE = "move"
    """The player moves and attacks with the dice rolled, or ends the turn."""
    OVER = "over"
    """A Commander stands on another player's Home Base."""


_REINFORCE, _ROLL, _MOVE, _OVER = Phase.REINFORCE, Phase.ROLL, Phase.MOVE, Phase.OVER
"""The phases as plain names, for the hot paths (looking up an Enum member costs more than the test)."""


class Reinforcement(StrEnum):
    """What enters an empty Home Base at the start of a turn."""

    ARMY = "army"
    COMMANDER = "commander"


SEAT_TURNS = {"suns": 0, "moons": 3, "crowns": 2, "arms": 1}
"""Ruling: quarter turns (counter-clockwise) of each colour's arm and Home Base from the
rulings' lower-left ones, so Suns sit west, Moons north, Crowns east, Arms south and
play in COLOURS order goes clockwise round the drawn board."""

SQUARE_CENTRE = (2.0, 2.0)
"""The centre of the 2x2-tile square, in cell units: every arm and Ace turns about it."""

LOWER_LEFT_ARM = Tile(-2, -1, name="arm")
LOWER_LEFT_ACE = Tile(-4, -2, cells_per_side=1, name="home")

NAME_ORIGIN = (-2, -2)
"""The rulings' cell named a1: square names are algebraic from here."""

COMMANDER_KIND = 6
"""The kind of a Commander in :class:`Placed` and the piece codes (Armies are 0-5)."""
_PIECES_PER_PLAYER = 7


def default_suits(players: int) -> tuple[Colour, ...]:
    """Ruling: the colours in play when only a count of players is given.

    Four players use all colours; three leave out Arms; two play Suns against
    Crowns, the opposite seats, so neither starts nearer the other.
    """
    if players == 4:
        return COLOURS
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


def battle(attacker: int | str, defender: int | str) -> BattleResult:
    """Who wins when an Army of value ``attacker`` attacks ``defender`` (an Army value or
    :data:`COMMANDER`): :data:`ATTACKER`, :data:`DEFENDER` or :data:`DRAW`."""
    if attacker == COMMANDER:
        raise ValueError("a Commander never attacks")
    if attacker not in ARMY_VALUES or (defender != COMMANDER and defender not in ARMY_VALUES):
        raise ValueError(f"not an Army value or Commander: {attacker!r} vs {defender!r}")
    code = _battle_code(int(attacker), COMMANDER_KIND if defender == COMMANDER else int(defender))
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
    if defender == COMMANDER_KIND:
        return 1 if attacker <= 1 else 2
    if attacker == defender:
        return 0
    if {attacker, defender} == {0, 5}:
        return 1 if attacker == 0 else 2
    return 1 if attacker > defender else 2


# -- moves ---------------------------------------------------------------------------------------

_NAME = r"(home-[a-z]+|[a-z][0-9]+)"
_ROLL_RE = re.compile(r"roll:([0-5]{1,4})")
_MOVE_RE = re.compile(rf"d([0-5]):{_NAME}-{_NAME}")
_ATTACK_RE = re.compile(rf"{_NAME}x{_NAME}")
_MOVE_EXAMPLES = "e.g. reinforce, roll:135, d3:c3-c6, c6xc7, end"


def _known_square(name: str, text: str) -> str:
    if name not in SQUARE_NAMES:
        raise InvalidMoveError(f"'{text}': no square '{name}' (squares a1..h8 of the board, home-<colour>)")
    return name


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Put the top Army of one's stack (or the Commander, once the stack is empty) on one's empty Home Base."""

    def text(self) -> str:
        """``reinforce``."""
        return "reinforce"

    @classmethod
    def from_text(cls, text: str) -> Reinforce:
        """The move ``reinforce``."""
        if text.strip() != "reinforce":
            raise InvalidMoveError(f"'{text}' is not 'reinforce'")
        return cls()


class Roll(NamedTuple):
    """A chance outcome: the faces the dice show, in ascending order (0 null, 1 ace)."""

    faces: tuple[int, ...]

    def text(self) -> str:
        """The roll as ``roll:0135``."""
        return "roll:" + "".join(map(str, self.faces))

    @classmethod
    def from_text(cls, text: str) -> Roll:
        """A roll from ``roll:0135`` (the faces as written; a roll out of order is judged ``bad-roll``)."""
        match = _ROLL_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a roll (write it like roll:135: one to four faces 0-5)")
        return cls(tuple(int(c) for c in match.group(1)))


class DieMove(NamedTuple):
    """Use a die of ``die`` to move the piece on the square ``origin`` to ``target`` (the same square: stay)."""

    die: int
    origin: str
    target: str

    def text(self) -> str:
        """The move as ``d3:c3-c6``."""
        return f"d{self.die}:{self.origin}-{self.target}"

    @classmethod
    def from_text(cls, text: str) -> DieMove:
        """A die move from ``d3:c3-c6``."""
        match = _MOVE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a die move (write it like d3:c3-c6, a die 0-5)")
        return cls(int(match.group(1)), _known_square(match.group(2), text), _known_square(match.group(3), text))


class Attack(NamedTuple):
    """The piece just moved, on ``origin``, attacks the enemy piece on ``target``."""

    origin: str
    target: str

    def text(self) -> str:
        """The attack as ``c6xc7``."""
        return f"{self.origin}x{self.target}"

    @classmethod
    def from_text(cls, text: str) -> Attack:
        """An attack from ``c6xc7``."""
        match = _ATTACK_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not an attack (write it like c6xc7)")
        return cls(_known_square(match.group(1), text), _known_square(match.group(2), text))


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn; dice not yet used are forfeited."""

    def text(self) -> str:
        """``end``."""
        return "end"

    @classmethod
    def from_text(cls, text: str) -> EndTurn:
        """The move ``end``."""
        if text.strip() != "end":
            raise InvalidMoveError(f"'{text}' is not 'end'")
        return cls()


SiegeMove: TypeAlias = Reinforce | Roll | DieMove | Attack | EndTurn
"""A move of Siege by Number: one of the five kinds."""

REINFORCE_MOVE: Final = Reinforce()
END_MOVE: Final = EndTurn()
"""Ruling: after the roll a player may end the turn at any point; dice not yet used are
forfeited, exactly as if their pieces moved 0 squares and did not attack."""

_MOVE_KINDS: Final = (Reinforce, Roll, DieMove, Attack, EndTurn)


def move_from_text(text: str) -> SiegeMove:
    """A move from its notation, whatever its kind; :class:`InvalidMoveError` if it is none."""
    text = text.strip()
    if text == "reinforce":
        return REINFORCE_MOVE
    if text == "end":
        return END_MOVE
    if text.startswith("roll:"):
        return Roll.from_text(text)
    if _MOVE_RE.fullmatch(text):
        return DieMove.from_text(text)
    if _ATTACK_RE.fullmatch(text):
        return Attack.from_text(text)
    raise InvalidMoveError(f"not a Siege by Number move: '{text}' ({_MOVE_EXAMPLES})")


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


def _spots(layout: TileLayout, cells: Sequence[Cell], homes: Mapping[Cell, str]) -> list[tuple[int, int]]:
    """Each square's spot on a plain grid of unit squares: a cell keeps its coordinates and
    a Home Base takes the unit just beyond the one square it touches, so that two squares
    share an edge exactly when their spots are next to each other (checked)."""
    spot: dict[Cell, tuple[int, int]] = {cell: cell for cell in cells if cell not in homes}
    for home in homes:
        (touching, direction), = [
            (cell, d) for cell in spot for d in ORTHOGONAL if layout.neighbours(cell, d) == [home]
        ]
        spot[home] = (touching[0] + direction[0], touching[1] + direction[1])
    if len(set(spot.values())) != len(spot):
        raise ValueError("two squares share a spot")
    for cell in cells:
        sharing = {n for d in ORTHOGONAL for n in layout.neighbours(cell, d)}
        beside = {other for other in cells if abs(spot[other][0] - spot[cell][0]) + abs(spot[other][1] - spot[cell][1]) == 1}
        if sharing != beside:
            raise ValueError(f"the spot of {cell} does not give its neighbours")
    return [spot[cell] for cell in cells]


def _distances(neighbours: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """All-pairs fewest orthogonal steps over an empty board (breadth-first from each square)."""
    rows = []
    for origin in range(len(neighbours)):
        far = [-1] * len(neighbours)
        far[origin] = 0
        frontier = [origin]
        while frontier:
            following = []
            for square in frontier:
                for other in neighbours[square]:
                    if far[other] < 0:
                        far[other] = far[square] + 1
                        following.append(other)
            frontier = following
        rows.append(tuple(far))
    return tuple(rows)


_BINARY: Final = bytes.maketrans(b"01", b"\0\1")


def _bit_flags(mask: int) -> bytes:
    """One byte per bit of ``mask``, lowest first: 1 where the bit is set, else 0 (for
    ``itertools.compress``, which picks a mask's squares from a tuple in bit order)."""
    return bin(mask)[:1:-1].encode().translate(_BINARY)


class Closure(dict[int, int]):
    """A mask of squares -> the mask of those squares and the squares next to them, each
    computed when first asked for (then one lookup: the move generator's step); emptied
    when it holds :data:`CLOSURE_LIMIT` masks."""

    def __init__(self, near: Sequence[int]):
        super().__init__()
        self.near = near
        """The mask of the squares next to each square, in bit order."""

    def __missing__(self, mask: int) -> int:
        closed = reduce(or_, compress(self.near, _bit_flags(mask)), mask)
        if len(self) >= CLOSURE_LIMIT:
            self.clear()
        self[mask] = closed
        return closed


@dataclass(frozen=True)
class Board:
    """The squares of one board, numbered, with the contacts, distances and move tables the rules use."""

    suits: tuple[str, ...]
    layout: TileLayout
    cells: tuple[Cell, ...]
    names: tuple[str, ...]
    index: Mapping[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    """``neighbours[i]``: the squares sharing an edge with square ``i``, north, east, south,
    west (a Home Base has one)."""
    adjacent: tuple[frozenset[int], ...]
    corner: tuple[frozenset[int], ...]
    home: tuple[int, ...]
    home_owner: tuple[int, ...]
    spots: tuple[tuple[int, int], ...]
    """Each square on a plain grid of unit squares (see :func:`_spots`): a step between two
    squares is a step between their spots, which gives its compass direction."""
    distance: tuple[tuple[int, ...], ...]
    """``distance[i][j]``: the fewest orthogonal steps from square ``i`` to ``j`` on an empty board."""
    bits: tuple[int, ...]
    """Each square's bit in the move generator's masks: squares are ranked by spot, row by
    row from the bottom and left to right in a row, so a mask's bits run in that order."""
    full: int
    """The mask of every square."""
    near: tuple[int, ...]
    """``near[i]``: the mask of the squares sharing an edge with square ``i``."""
    die_moves: tuple[tuple[tuple[DieMove, ...], ...], ...]
    """``die_moves[die][origin][k]``: the move with a die of ``die`` from ``origin`` to the
    square of bit ``k`` (only squares at most ``die`` steps away on an empty board can be
    legal; ``origin`` itself is staying put)."""
    stays: tuple[DieMove, ...]
    """``stays[origin]``: the move of a die of 0 from ``origin`` (staying put)."""
    strikes: tuple[Mapping[int, Attack], ...]
    """``strikes[origin][target]``: the attack between edge-sharing squares."""
    known: tuple[tuple[dict[int, tuple[DieMove, ...]], ...], ...] = field(init=False, compare=False, repr=False)
    """The move generator's cache: ``known[origin][die][targets]`` is the moves of
    ``die`` from ``origin`` to the squares of the mask ``targets`` (each mapping holds at
    most :data:`KNOWN_LIMIT` masks and is emptied when full)."""
    closed: Closure = field(init=False, compare=False, repr=False)
    """The move generator's other cache: ``closed[mask]`` is the squares of ``mask`` and
    those next to them."""

    def __post_init__(self) -> None:
        known: tuple[tuple[dict[int, tuple[DieMove, ...]], ...], ...] = tuple(
            tuple({} for _ in ARMY_VALUES) for _ in self.cells
        )
        object.__setattr__(self, "known", known)
        object.__setattr__(self, "closed", Closure([near for _, near in sorted(zip(self.bits, self.near))]))

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
        neighbours = tuple(
            tuple(at[n] for d in ORTHOGONAL for n in layout.neighbours(cell, d)) for cell in cells
        )
        outlines = [layout.outline(cell) for cell in cells]
        adjacent = tuple(frozenset(row) for row in neighbours)
        corner = tuple(
            frozenset(j for j, other in enumerate(outlines) if _touch_at_corner(outlines[i], other))
            for i in range(len(cells))
        )
        home = tuple(at[next(c for c, s in homes.items() if s == suit)] for suit in suits)
        home_owner = tuple(home.index(i) if i in home else -1 for i in range(len(cells)))
        spots = tuple(_spots(layout, cells, homes))
        distance = _distances(neighbours)
        rank = sorted(range(len(cells)), key=lambda i: (spots[i][1], spots[i][0]))
        bits = tuple(1 << rank.index(i) for i in range(len(cells)))
        near = tuple(sum(bits[j] for j in row) for row in neighbours)
        die_moves = tuple(
            tuple(tuple(DieMove(die, names[i], names[j]) for j in rank) for i in range(len(cells))) for die in ARMY_VALUES
        )
        stays = tuple(die_moves[0][i][rank.index(i)] for i in range(len(cells)))
        strikes = tuple({j: Attack(names[i], names[j]) for j in neighbours[i]} for i in range(len(cells)))
        return cls(
            suits,
            layout,
            cells,
            names,
            {n: i for i, n in enumerate(names)},
            neighbours,
            adjacent,
            corner,
            home,
            home_owner,
            spots,
            distance,
            bits,
            sum(bits),
            near,
            die_moves,
            stays,
            strikes,
        )

    def square(self, name: str) -> int:
        """The index of a named square; ``ValueError`` if the board has none of that name."""
        try:
            return self.index[name]
        except KeyError:
            raise ValueError(f"no square '{name}' on the {len(self.suits)}-player board") from None

    def path(self, origin: int, target: int, passable: Callable[[int], bool] | None = None) -> list[int] | None:
        """A path of orthogonal steps from ``origin`` to ``target`` (both included) that steps
        only onto squares ``passable`` allows (any square when ``None``; ``target`` must be
        allowed too): of the fewest steps, and of those the fewest turns, the first in
        compass order (north, east, south, west) when several tie; ``None`` if none exists.

        Explaining a move and drawing it use this search; the move generator counts the same
        steps with masks (:meth:`SiegeState.legal_moves`)."""
        if origin == target:
            return [origin]
        spots, neighbours = self.spots, self.neighbours
        best: dict[tuple[int, int], tuple[int, int]] = {(origin, -1): (0, 0)}
        came: dict[tuple[int, int], tuple[int, int]] = {}
        queue: list[tuple[int, int, int, int, int]] = [(0, 0, 0, origin, -1)]
        order = 0
        while queue:
            steps, turns, _, square, heading = heappop(queue)
            if best.get((square, heading)) != (steps, turns):
                continue
            if square == target:
                path = [square]
                node = (square, heading)
                while node in came:
                    node = came[node]
                    path.append(node[0])
                return path[::-1]
            x, y = spots[square]
            for other in neighbours[square]:
                if passable is not None and not passable(other):
                    continue
                way = ORTHOGONAL.index((spots[other][0] - x, spots[other][1] - y))
                cost = (steps + 1, turns + (heading not in (-1, way)))
                if cost < best.get((other, way), (1 << 30, 0)):
                    best[(other, way)] = cost
                    came[(other, way)] = (square, heading)
                    order += 1
                    heappush(queue, (cost[0], cost[1], order, other, way))
        return None


def _touch_at_corner(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return (a[2] == b[0] or b[2] == a[0]) and (a[3] == b[1] or b[3] == a[1])


@cache
def board_for(suits: tuple[str, ...]) -> Board:
    """The board of a set of colours in play (in :data:`COLOURS` order), built once and
    shared by every game of those colours, with its move generator's cache."""
    return Board.build(suits)


SQUARE_NAMES: Final = frozenset(board_for(COLOURS).names)
"""Every square name of the four-player board (a smaller board has some of them)."""


# -- reasons, facts, ends ----------------------------------------------------------------------------


class Reason(ReasonCode):
    """Why a move of Siege by Number is illegal."""

    UNKNOWN_MOVE = "unknown-move", "Turns: a move is a reinforcement, a roll, a die move, an attack or the end of the turn"
    GAME_OVER = "game-over", "Objective: the game ends when a Commander enters another player's Home Base"
    NO_REINFORCEMENT = "no-reinforcement", "Reinforcement: only at the start of a turn, into an empty Home Base, with a piece left off the board"
    REINFORCE_FIRST = "reinforce-first", "Reinforcement: an empty Home Base is filled before the dice are rolled"
    ROLL_NOT_NOW = "roll-not-now", "Roll Dice: the dice are rolled once a turn, after reinforcement"
    ROLL_FIRST = "roll-first", "Roll Dice: the dice are rolled before any piece moves"
    BAD_ROLL = "bad-roll", "Roll Dice: each die shows null (0), ace (1) or 2-5, listed in order"
    WRONG_DICE_COUNT = "wrong-dice-count", "Roll Dice: one die per own piece on the board, at most four"
    DIE_NOT_ROLLED = "die-not-rolled", "Move: each move uses one of the dice rolled this turn"
    DIE_USED = "die-used", "Move: each die is used once"
    NO_PIECE = "no-piece", "Move: there is no piece on that square"
    NOT_OWN_PIECE = "not-own-piece", "Move: a player moves and attacks only with their own pieces"
    PIECE_MOVED = "piece-moved", "Move: a piece moves once per turn"
    TOO_FAR = "too-far", "Move: a piece moves at most as many orthogonal steps as its die shows (null 0, ace 1)"
    BLOCKED = "blocked", "Move: an Army never steps onto or through another piece, so it needs a path within its die clear of every piece"
    PASS_ENEMY = "pass-enemy", "Move: a Commander may pass over its own Armies but never over an enemy piece, so it needs a path within its die clear of enemies"
    OCCUPIED = "occupied", "Move: a piece ends its move on an empty square or an empty Home Base"
    COMMANDER_ATTACK = "commander-attack", "Attack: Commanders never attack"
    NOT_JUST_MOVED = "not-just-moved", "Attack: only the piece just moved may attack"
    ALREADY_ATTACKED = "already-attacked", "Attack: a piece attacks at most once per move"
    NO_TARGET = "no-target", "Attack: an attack needs an enemy piece on the target square"
    FRIENDLY_ATTACK = "friendly-attack", "Attack: only an opponent's piece can be attacked"
    ATTACK_DIAGONAL = "attack-diagonal", "Attack: attacks go in the four compass directions, never diagonally"
    NOT_ADJACENT = "not-adjacent", "Attack: the enemy piece must be next to the attacker"


class Fact(FactName):
    """What a diagram of Siege by Number may claim."""

    TURN = "turn", "Turns: play passes clockwise"
    PHASE = "phase", "Turns: reinforcement, roll, then moves and attacks"
    DICE_TO_ROLL = "dice_to_roll", "Roll Dice: one die per own piece on the board, at most four"
    DICE = "dice", "Move: each die moves one piece once"
    REINFORCEMENT = "reinforcement", "Reinforcement: the top Army, or the Commander once all Armies are out, or nothing"
    WINNER = "winner", "Objective: a Commander on another player's Home Base wins"
    PIECES_ON_BOARD = "pieces_on_board", "Players' pieces: six Armies and a Commander each"
    STACKS = "stacks", "Resolving battles: a losing Army goes to the bottom of its stack"
    COMMANDERS_OFF_BOARD = "commanders_off_board", "Resolving battles: a losing Commander waits beside its Home Base"
    SQUARES = "squares", "Gameboard: every quarter-tile square, and each Ace tile as one square"
    HOME_BASES = "home_bases", "Gameboard: with fewer than four players, the unused colours' Ace and arm tiles are removed"
    BOARD = "board", "Gameboard: what stands on each occupied square (a colour's Army by its value, or its Commander)"


class End(EndReason):
    """How a game of Siege by Number ends."""

    HOME_BASE_TAKEN = "home-base-taken", "Objective: a Commander on another player's Home Base wins"


# -- the state -------------------------------------------------------------------------------


def _roll_odds(count: int) -> tuple[tuple[Roll, float], ...]:
    outcomes = []
    for faces in combinations_with_replacement(ARMY_VALUES, count):
        ways = math.factorial(count)
        for repeat in Counter(faces).values():
            ways //= math.factorial(repeat)
        outcomes.append((Roll(faces), ways / 6**count))
    return tuple(outcomes)


_ROLL_ODDS = {count: _roll_odds(count) for count in range(1, MAX_DICE + 1)}
_ROLLS = {count: [roll for roll, _ in odds] for count, odds in _ROLL_ODDS.items()}
_DISTINCT = {
    faces: tuple(sorted(set(faces)))
    for count in range(MAX_DICE + 1)
    for faces in combinations_with_replacement(ARMY_VALUES, count)
}
"""The distinct faces of every sorted tuple of dice, ascending."""
_WITHOUT = {faces: {face: faces[: faces.index(face)] + faces[faces.index(face) + 1 :] for face in set(faces)} for faces in _DISTINCT}
"""Every sorted tuple of dice without one of its faces: ``_WITHOUT[faces][face]``."""


def _code(player: int, kind: int) -> int:
    return player * _PIECES_PER_PLAYER + kind + 1


def _owner(code: int) -> int:
    return (code - 1) // _PIECES_PER_PLAYER


def _kind(code: int) -> int:
    return (code - 1) % _PIECES_PER_PLAYER


def _kind_text(kind: int) -> str:
    return "P" if kind == COMMANDER_KIND else str(kind)


def _digits(values: Sequence[int]) -> str:
    return "".join(map(str, values)) or "-"


class Placed(NamedTuple):
    """A piece on the board: its square, its owner's index and its kind (Army value 0-5 or :data:`COMMANDER_KIND`)."""

    square: str
    player: int
    kind: int


_Snapshot: TypeAlias = tuple[int, Phase, tuple[int, ...], tuple[int, ...], frozenset[int], int, bool]
_LogEntry: TypeAlias = tuple[_Snapshot, tuple[tuple[int, int], ...], "tuple[int, int | None] | None"]


class SiegeState(State[SiegeMove]):
    """A position: pieces on the squares, each player's Army stack, and the turn so far."""

    game: Siege
    history: list[SiegeMove]
    board: Board
    """The game's board."""
    to_move: int
    phase: Phase
    roll: tuple[int, ...]
    """The dice rolled this turn, in ascending order."""
    dice: tuple[int, ...]
    """The dice not yet used this turn."""
    moved: frozenset[int]
    """The codes of the pieces moved this turn."""
    last: int
    """The code of the piece moved last (0: none)."""
    attacked: bool
    """Whether the piece moved last has attacked."""

    def __init__(self, game: Siege, start_text: str = ""):
        self.game = game
        self.start_text = start_text
        self.history = []
        board = self.board = game.board
        players = len(board.suits)
        self.squares: list[int] = [0] * len(board.cells)
        """The piece code on each square (0 empty)."""
        self.where: list[int] = [-1] * (players * _PIECES_PER_PLAYER + 1)
        """The square of each piece code (-1 off the board)."""
        self.stacks: list[list[int]] = [[] for _ in range(players)]
        """Army values off the board, bottom first (the top is the last item)."""
        self.to_move = 0
        self.phase = Phase.REINFORCE
        self.roll = ()
        self.dice = ()
        self.moved = frozenset()
        self.last = 0
        self.attacked = False
        self.occupied = 0
        """The mask of the squares holding a piece (bits as :attr:`Board.bits`)."""
        self._log: list[_LogEntry] = []

    # -- reading the position -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase is _MOVE or phase is _REINFORCE:
            return self.to_move
        return CHANCE if phase is _ROLL else TERMINAL

    @property
    def winner(self) -> int | None:
        """The index of the player whose Commander stands on another's Home Base, if any."""
        for player in range(len(self.stacks)):
            square = self.where[_code(player, COMMANDER_KIND)]
            if square >= 0 and self.board.home_owner[square] not in (-1, player):
                return player
        return None

    def pieces_on_board(self, player: int) -> int:
        """How many of a player's pieces are on the board."""
        base = player * _PIECES_PER_PLAYER + 1
        return _PIECES_PER_PLAYER - self.where[base : base + _PIECES_PER_PLAYER].count(-1)

    def placed(self) -> list[Placed]:
        """Every piece on the board, in square order."""
        names = self.board.names
        return [Placed(names[s], _owner(code), _kind(code)) for s, code in enumerate(self.squares) if code]

    def commander_square(self, player: int) -> int:
        """The square of a player's Commander (-1: off the board)."""
        return self.where[_code(player, COMMANDER_KIND)]

    @staticmethod
    def owner(code: int) -> int:
        """The player a piece code belongs to."""
        return _owner(code)

    def army_squares(self, player: int) -> list[int]:
        """The squares of a player's Armies on the board."""
        base = player * _PIECES_PER_PLAYER + 1
        return [square for square in self.where[base : base + COMMANDER_KIND] if square >= 0]

    def commander_off_board(self, player: int) -> bool:
        """Whether a player's Commander waits beside its Home Base."""
        return self.where[_code(player, COMMANDER_KIND)] < 0

    def reinforcement(self, player: int) -> Reinforcement | None:
        """What a player's Home Base would receive now: an Army, the Commander or nothing."""
        if self.squares[self.board.home[player]]:
            return None
        if self.stacks[player]:
            return Reinforcement.ARMY
        if self.where[_code(player, COMMANDER_KIND)] < 0:
            return Reinforcement.COMMANDER
        return None

    # -- moves ------------------------------------------------------------------------------
    def legal_moves(self) -> list[SiegeMove]:
        """The legal moves in a fixed order: ``end``, then the attacks of the piece just
        moved, then each unmoved own piece's moves, die by die (ascending), target squares
        row by row (the order of :attr:`Board.bits`). (``ppprint moves`` sorts them by notation.)"""
        phase = self.phase
        if phase is not _MOVE:
            if phase is _REINFORCE:
                return [REINFORCE_MOVE]
            return list(_ROLLS[self._dice_count()]) if phase is _ROLL else []
        found: list[SiegeMove] = [END_MOVE, *self.attacks()]
        if self.dice:
            self._die_moves(found)
        return found

    def attacks(self) -> list[SiegeMove]:
        """The attacks of the Army just moved, if it has not attacked yet (none in another phase)."""
        # Hot: piece codes are inlined (owner (code - 1) // 7, kind (code - 1) % 7).
        last, squares, player = self.last, self.squares, self.to_move
        if self.phase is not _MOVE or not last or self.attacked or (last - 1) % _PIECES_PER_PLAYER == COMMANDER_KIND:
            return []
        return [
            strike
            for target, strike in self.board.strikes[self.where[last]].items()
            if squares[target] and (squares[target] - 1) // _PIECES_PER_PLAYER != player
        ]

    def _die_moves(self, found: list[SiegeMove]) -> None:
        """Add every legal die move to ``found``, by masks: from a piece's square, each step
        adds the squares next to those reached that it may step onto (an Army: empty
        squares; a Commander: empty squares and its own Armies), so after ``k`` steps the
        mask holds every square some path of at most ``k`` steps reaches; its empty squares
        (and the start) are the targets of a die of ``k``. The board remembers both: a step is
        one lookup in :attr:`Board.closed`, a die's moves to a mask of targets one in
        :attr:`Board.known`."""
        board, where, moved = self.board, self.where, self.moved
        bits, closed, known = board.bits, board.closed, board.known
        empty = board.full & ~self.occupied
        base = self.to_move * _PIECES_PER_PLAYER + 1
        commander = base + COMMANDER_KIND
        dice = _DISTINCT[self.dice]
        stay = dice[0] == 0
        if stay:
            dice = dice[1:]
        near, stays = board.near, board.stays
        for code, origin in enumerate(where[base : commander + 1], base):
            if origin < 0 or code in moved:
                continue
            if stay:
                found.append(stays[origin])
            if not dice:
                continue
            start = bits[origin]
            passable = ends = empty | start
            if code == commander:
                for army in range(base, commander):
                    if where[army] >= 0:
                        passable |= bits[where[army]]
            reach = start | near[origin] & passable
            steps = 1 if reach != start else MAX_DIE
            tables = known[origin]
            for die in dice:
                while steps < die:
                    steps += 1
                    grown = closed[reach] & passable
                    if grown == reach:
                        steps = MAX_DIE
                        break
                    reach = grown
                targets = reach & ends
                table = tables[die]
                moves = table.get(targets)
                if moves is None:
                    if len(table) >= KNOWN_LIMIT:
                        table.clear()
                    moves = table[targets] = tuple(compress(board.die_moves[die][origin], _bit_flags(targets)))
                found += moves

    def chance_outcomes(self) -> list[tuple[SiegeMove, float]]:
        if self.phase is not _ROLL:
            return []
        return list(_ROLL_ODDS[self._dice_count()])

    def _dice_count(self) -> int:
        return dice_to_roll(self.pieces_on_board(self.to_move))

    def explain(self, move: SiegeMove) -> Verdict:
        kind = type(move)
        if kind not in _MOVE_KINDS:
            return illegal(Reason.UNKNOWN_MOVE, f"{move!r} is not a move ({_MOVE_EXAMPLES})")
        if self.phase is Phase.OVER:
            return illegal(Reason.GAME_OVER, "the game has ended")
        suit = self.board.suits[self.to_move]
        if isinstance(move, Reinforce):
            if self.phase is Phase.REINFORCE:
                return LEGAL
            return illegal(Reason.NO_REINFORCEMENT, f"{suit} have nothing to reinforce now")
        if self.phase is Phase.REINFORCE:
            return illegal(Reason.REINFORCE_FIRST, f"{suit} must reinforce their empty Home Base first")
        if isinstance(move, Roll):
            if self.phase is not Phase.ROLL:
                return illegal(Reason.ROLL_NOT_NOW, "the dice have been rolled this turn")
            faces = move.faces
            if not isinstance(faces, tuple) or any(f not in ARMY_VALUES for f in faces) or list(faces) != sorted(faces):
                return illegal(Reason.BAD_ROLL, f"{faces!r} is not a roll of faces 0-5 in ascending order")
            count = self._dice_count()
            if len(faces) != count:
                return illegal(Reason.WRONG_DICE_COUNT, f"{suit} roll {count} dice, not {len(faces)}")
            return LEGAL
        if self.phase is Phase.ROLL:
            return illegal(Reason.ROLL_FIRST, "the dice have not been rolled yet")
        if isinstance(move, EndTurn):
            return LEGAL
        index = self.board.index
        origin, target = index.get(move.origin, -1), index.get(move.target, -1)
        if origin < 0 or target < 0:
            missing = move.origin if origin < 0 else move.target
            return illegal(Reason.UNKNOWN_MOVE, f"no square '{missing}' on the {len(self.board.suits)}-player board")
        if isinstance(move, DieMove):
            return self._explain_move(move.die, origin, target)
        return self._explain_attack(origin, target)

    def _explain_move(self, die: int, origin: int, target: int) -> Verdict:
        if die not in self.dice:
            if die in self.roll:
                return illegal(Reason.DIE_USED, f"the die of {die} has been used")
            return illegal(Reason.DIE_NOT_ROLLED, f"no die of {die} was rolled this turn")
        code = self.squares[origin]
        name = self.board.names[origin]
        if not code:
            return illegal(Reason.NO_PIECE, f"{name} is empty", at=name)
        if _owner(code) != self.to_move:
            return illegal(Reason.NOT_OWN_PIECE, f"the piece on {name} belongs to {self.board.suits[_owner(code)]}", at=name)
        if code in self.moved:
            return illegal(Reason.PIECE_MOVED, f"the piece on {name} has moved this turn", at=name)
        return self._judge(origin, target, die)

    def _judge(self, origin: int, target: int, die: int) -> Verdict:
        code = self.squares[origin]
        board = self.board
        names = board.names
        if not code:
            return illegal(Reason.NO_PIECE, f"{names[origin]} is empty", at=names[origin])
        if origin == target:
            return LEGAL
        steps = board.distance[origin][target]
        if steps > die:
            return illegal(Reason.TOO_FAR, f"{names[origin]} to {names[target]} takes at least {steps} steps, the die shows {die}", at=names[target])
        if self.squares[target]:
            return illegal(Reason.OCCUPIED, f"a piece stands on {names[target]}", at=names[target])
        passable = self._passable(code)
        path = board.path(origin, target, passable)
        if path is not None and len(path) - 1 <= die:
            return LEGAL
        distance = board.distance
        in_the_way = ", ".join(
            sorted(
                names[square]
                for square, occupant in enumerate(self.squares)
                if occupant and square != origin and not passable(square) and distance[origin][square] + distance[square][target] <= die
            )
        )
        ways = f"every path of at most {die} steps from {names[origin]} to {names[target]}"
        # The first square in the way on the path a figure draws (the shortest on an empty board, see move_cells).
        at = next((names[square] for square in (board.path(origin, target) or ())[1:] if not passable(square)), "")
        if _kind(code) == COMMANDER_KIND:
            return illegal(Reason.PASS_ENEMY, f"{ways} crosses an enemy piece (on {in_the_way})", at=at)
        return illegal(Reason.BLOCKED, f"{ways} crosses a piece (on {in_the_way})", at=at)

    def _passable(self, code: int) -> Callable[[int], bool]:
        """Which squares the piece ``code`` may step onto during its move: empty squares, and
        for a Commander its own Armies' squares too."""
        squares = self.squares
        if _kind(code) != COMMANDER_KIND:
            return lambda square: not squares[square]
        player = _owner(code)
        return lambda square: not squares[square] or (_owner(squares[square]) == player and _kind(squares[square]) != COMMANDER_KIND)

    def _explain_attack(self, origin: int, target: int) -> Verdict:
        code = self.squares[origin]
        names = self.board.names
        if not code:
            return illegal(Reason.NO_PIECE, f"{names[origin]} is empty", at=names[origin])
        if _owner(code) != self.to_move:
            return illegal(Reason.NOT_OWN_PIECE, f"the piece on {names[origin]} belongs to {self.board.suits[_owner(code)]}", at=names[origin])
        if _kind(code) == COMMANDER_KIND:
            return illegal(Reason.COMMANDER_ATTACK, f"the piece on {names[origin]} is a Commander", at=names[origin])
        if code != self.last:
            return illegal(Reason.NOT_JUST_MOVED, f"the piece on {names[origin]} is not the piece just moved", at=names[origin])
        if self.attacked:
            return illegal(Reason.ALREADY_ATTACKED, f"the piece on {names[origin]} has attacked since it moved", at=names[origin])
        defender = self.squares[target]
        if not defender:
            return illegal(Reason.NO_TARGET, f"{names[target]} is empty", at=names[target])
        if _owner(defender) == self.to_move:
            return illegal(Reason.FRIENDLY_ATTACK, f"the piece on {names[target]} is one's own", at=names[target])
        if target in self.board.corner[origin]:
            return illegal(Reason.ATTACK_DIAGONAL, f"{names[target]} is diagonal to {names[origin]}", at=names[target])
        if target not in self.board.adjacent[origin]:
            return illegal(Reason.NOT_ADJACENT, f"{names[target]} is not next to {names[origin]}", at=names[target])
        return LEGAL

    def judge_piece_move(self, origin: str, target: str, die: int) -> Verdict:
        """Whether the piece on ``origin`` may move to ``target`` with a die of ``die``,
        by the movement rules alone (whose turn it is and which dice are left aside)."""
        if die not in ARMY_VALUES:
            raise ValueError(f"a die shows 0 to 5, not {die}")
        return self._judge(self.board.square(origin), self.board.square(target), die)

    def roll_plays(self, faces: Sequence[int] | None = None) -> list[tuple[SiegeMove, ...]]:
        """The legal ways to play a roll: for each distinct position at the end of the turn,
        a shortest move sequence reaching it (the first in notation order), ``end`` included;
        sorted by length, then notation.

        From a position waiting for the roll, ``faces`` is the roll and the sequences
        start with it; from the middle of a turn, they play the dice still unused.
        """
        work = self.clone()
        prefix: list[SiegeMove] = []
        if work.phase is Phase.ROLL:
            if faces is None:
                raise ValueError("the roll is not known yet: give the faces")
            roll = Roll(tuple(sorted(faces)))
            work.apply(roll)
            prefix.append(roll)
        elif faces is not None:
            raise ValueError("the dice have been rolled already")
        if work.phase is not Phase.MOVE:
            raise ValueError(f"no roll to play in phase '{work.phase.value}'")
        plays: dict[Hashable, tuple[SiegeMove, ...]] = {}
        seen: set[Hashable] = set()

        def search(path: list[SiegeMove]) -> None:
            for move in sorted(work.legal_moves(), key=lambda move: move.text()):
                work._do(move)
                path.append(move)
                if isinstance(move, EndTurn) or work.phase is Phase.OVER:
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
        return sorted(plays.values(), key=lambda play: (len(play), [m.text() for m in play]))

    # -- playing and taking back ------------------------------------------------------------
    def _snapshot(self) -> _Snapshot:
        return (self.to_move, self.phase, self.roll, self.dice, self.moved, self.last, self.attacked)

    def _put(self, square: int, code: int) -> None:
        old = self.squares[square]
        if old:
            self.where[old] = -1
        self.squares[square] = code
        if code:
            self.where[code] = square
            self.occupied |= self.board.bits[square]
        else:
            self.occupied &= ~self.board.bits[square]

    def _do(self, move: SiegeMove) -> None:
        # Each log entry: (turn snapshot, (square, code before) changes, stack change) where
        # the stack change is (player, value popped from the top) or (player, None) for an
        # Army put at the bottom.
        snapshot = (self.to_move, self.phase, self.roll, self.dice, self.moved, self.last, self.attacked)
        player = self.to_move
        if type(move) is DieMove:
            board = self.board
            index = board.index
            origin, target = index[move.origin], index[move.target]
            squares, where = self.squares, self.where
            code = squares[origin]
            self.dice = _WITHOUT[self.dice][move.die]
            self.moved = self.moved | {code}
            self.last, self.attacked = code, False
            if origin != target:
                squares[origin] = 0
                squares[target] = code
                where[code] = target
                self.occupied ^= board.bits[origin] | board.bits[target]
            self._log.append((snapshot, ((origin, code), (target, 0)), None))
            if (code - 1) % _PIECES_PER_PLAYER == COMMANDER_KIND and board.home_owner[target] not in (-1, player):
                self.phase = _OVER
        elif type(move) is EndTurn:
            self.to_move = (player + 1) % len(self.stacks)
            self.roll = self.dice = ()
            self.moved, self.last, self.attacked = frozenset(), 0, False
            self._log.append((snapshot, (), None))
            self._start_turn()
        elif type(move) is Roll:
            self.roll = self.dice = move.faces
            self.phase = _MOVE
            self._log.append((snapshot, (), None))
        elif type(move) is Attack:
            index = self.board.index
            origin, target = index[move.origin], index[move.target]
            attacker, defender = self.squares[origin], self.squares[target]
            outcome = _battle_code(_kind(attacker), _kind(defender))
            self.attacked = True
            loser_square = (None, target, origin)[outcome]
            stacked: tuple[int, int | None] | None = None
            if loser_square is not None:
                loser = self.squares[loser_square]
                if _kind(loser) != COMMANDER_KIND:
                    stacked = (_owner(loser), None)
                    self.stacks[_owner(loser)].insert(0, _kind(loser))
                if loser == attacker:
                    self.moved = self.moved - {attacker}
                    self.last = 0
                self._put(loser_square, 0)
                self._log.append((snapshot, ((loser_square, loser),), stacked))
            else:
                self._log.append((snapshot, (), None))
        else:  # reinforce
            home = self.board.home[player]
            stack = self.stacks[player]
            if stack:
                value = stack.pop()
                self._put(home, _code(player, value))
                self._log.append((snapshot, ((home, 0),), (player, value)))
            else:
                self._put(home, _code(player, COMMANDER_KIND))
                self._log.append((snapshot, ((home, 0),), None))
            self._start_roll()

    def _start_turn(self) -> None:
        if self.reinforcement(self.to_move) is not None:
            self.phase = _REINFORCE
        else:
            self._start_roll()

    def _start_roll(self) -> None:
        self.phase = _ROLL if self._dice_count() else _MOVE

    def _undo(self, move: SiegeMove) -> None:
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
        copy.occupied = self.occupied
        copy.stacks = [stack[:] for stack in self.stacks]
        (copy.to_move, copy.phase, copy.roll, copy.dice, copy.moved, copy.last, copy.attacked) = self._snapshot()
        copy.history = self.history[:]
        copy._log = self._log[:]
        return copy

    # -- results and texts ------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.OVER:
            return None
        winner = self.winner
        if winner is None:
            return None
        return Outcome(End.HOME_BASE_TAKEN, tuple(1.0 if p == winner else -1.0 for p in range(len(self.stacks))))

    def key(self) -> Hashable:
        return (
            self.board.suits,
            tuple(self.squares),
            tuple(map(tuple, self.stacks)),
            self._snapshot(),
        )

    def position_text(self) -> str:
        names, suits = self.board.names, self.board.suits
        tokens = {
            "players": ",".join(suits),
            "turn": suits[self.to_move],
            "phase": self.phase.value,
            "roll": _digits(self.roll),
            "dice": _digits(self.dice),
        }
        for player, suit in enumerate(suits):
            on_board = [
                f"{_kind_text(kind)}@{names[self.where[_code(player, kind)]]}"
                for kind in range(_PIECES_PER_PLAYER)
                if self.where[_code(player, kind)] >= 0
            ]
            tokens[suit] = ",".join(on_board) or "-"
            tokens[f"{suit}-stack"] = _digits(self.stacks[player][::-1])
        tokens["moved"] = ",".join(sorted(names[self.where[code]] for code in self.moved)) or "-"
        tokens["last"] = names[self.where[self.last]] if self.last else "-"
        tokens["attacked"] = "yes" if self.attacked else "no"
        return fields_text(tokens)


def _reinforcement_fact(state: SiegeState) -> str | None:
    due = state.reinforcement(state.to_move) if state.phase is Phase.REINFORCE else None
    return due.value if due is not None else None


def _board_fact(state: SiegeState) -> dict[str, str]:
    """Each occupied square's piece, as ``suns 4`` or ``crowns commander``."""
    suits = state.board.suits
    return {p.square: f"{suits[p.player]} {'commander' if p.kind == COMMANDER_KIND else p.kind}" for p in state.placed()}


def _winner_fact(state: SiegeState) -> str | None:
    winner = state.winner if state.phase is Phase.OVER else None
    return state.board.suits[winner] if winner is not None else None


_FACTS: dict[Fact, Callable[[SiegeState], object]] = {
    Fact.TURN: lambda s: s.board.suits[s.to_move],
    Fact.PHASE: lambda s: s.phase.value,
    Fact.DICE_TO_ROLL: lambda s: s._dice_count(),
    Fact.DICE: lambda s: list(s.dice),
    Fact.REINFORCEMENT: _reinforcement_fact,
    Fact.WINNER: _winner_fact,
    Fact.PIECES_ON_BOARD: lambda s: {suit: s.pieces_on_board(p) for p, suit in enumerate(s.board.suits)},
    Fact.STACKS: lambda s: {suit: s.stacks[p][::-1] for p, suit in enumerate(s.board.suits)},
    Fact.COMMANDERS_OFF_BOARD: lambda s: [suit for p, suit in enumerate(s.board.suits) if s.commander_off_board(p)],
    Fact.SQUARES: lambda s: len(s.squares),
    Fact.HOME_BASES: lambda s: list(s.board.suits),
    Fact.BOARD: _board_fact,
}


# -- positions -------------------------------------------------------------------------------------

_VALUE_WORDS = {"null": 0, "ace": 1}


def _value_word(value: object) -> object:
    """An Army value as data may write it: 0-5, null or ace."""
    return _VALUE_WORDS.get(value, value) if isinstance(value, str) else value


def _check_square(value: object) -> str:
    if not isinstance(value, str) or value not in SQUARE_NAMES:
        raise ValueError(f"unknown square {value!r} (squares a1..h8 of the board, home-<colour>)")
    return value


def _piece_value(value: object) -> int | str:
    """A piece as data writes it: an Army value (0-5, null, ace), ``army`` (value hidden) or ``commander``."""
    value = _value_word(value)
    if value in (COMMANDER, "army"):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in ARMY_VALUES:
        return value
    raise ValueError(f"a piece is an Army value 0-5 (null, ace), army (value hidden) or commander, not {value!r}")


ArmyValue = Annotated[int, BeforeValidator(_value_word), Field(ge=0, le=5)]
SquareName = Annotated[str, BeforeValidator(_check_square)]
PieceValue = Annotated[int | str, PlainValidator(_piece_value)]
PhaseName = Literal["reinforce", "roll", "move", "over"]


class SiegePosition(PositionModel):
    """A position of Siege by Number, as a figure's ``position:`` writes it (see the module's docstring).

    ``players`` the colours in play (default the game's); ``turn`` the colour to move
    (default the first); ``phase`` (default: move if a roll is given, else reinforce
    when due, else roll); ``roll`` the dice rolled this turn, ``dice`` those not yet used
    (default the whole roll); ``pieces`` each colour's pieces on the board, square ->
    Army value, ``army`` (value hidden: a free one) or ``commander``; ``stacks`` each
    colour's Armies off the board, top first (default the free values ascending);
    ``moved`` the squares of the pieces moved this turn, ``last`` the one moved last,
    ``attacked`` whether it has attacked.
    """

    players: Annotated[list[Colour], Field(min_length=2, max_length=4)] | None = None
    turn: Colour | None = None
    phase: PhaseName | None = None
    roll: Annotated[list[ArmyValue], Field(max_length=MAX_DICE)] = []
    dice: Annotated[list[ArmyValue], Field(max_length=MAX_DICE)] | None = None
    pieces: dict[Colour, Annotated[dict[SquareName, PieceValue], Field(max_length=_PIECES_PER_PLAYER)]] = {}
    stacks: dict[Colour, Annotated[list[ArmyValue], Field(max_length=len(ARMY_VALUES))]] = {}
    moved: Annotated[list[SquareName], Field(max_length=MAX_DICE)] = []
    last: SquareName | None = None
    attacked: bool = False


_PIECE_RE = re.compile(r"([0-9]|P)@(.+)")


def _text_digits(key: str, text: str) -> list[int]:
    """``-`` or a run of digits (the model bounds them); anything else is a :class:`PositionError`."""
    if text == "-":
        return []
    if any(c not in "0123456789" for c in text):
        raise PositionError(f"{key}= takes digits 0-5 or '-', not '{text}'")
    return [int(c) for c in text]


def _text_items(text: str) -> list[str]:
    return [] if text == "-" else text.split(",")


def _text_pieces(suit: str, text: str) -> dict[str, object]:
    pieces: dict[str, object] = {}
    for item in _text_items(text):
        match = _PIECE_RE.fullmatch(item)
        if not match:
            raise PositionError(f"{suit}=: bad piece '{item}' (expected e.g. 3@c4 or P@home-{suit})")
        kind, name = match.groups()
        if name in pieces:
            raise PositionError(f"{suit}=: two pieces on {name}")
        pieces[name] = COMMANDER if kind == "P" else int(kind)
    return pieces


def _phase_for(state: SiegeState, position: SiegePosition) -> Phase:
    """The phase given, or the one the position implies."""
    if position.phase is not None:
        return Phase(position.phase)
    if position.roll:
        return Phase.MOVE
    if state.winner is not None:
        return Phase.OVER
    if state.reinforcement(state.to_move) is not None:
        return Phase.REINFORCE
    return Phase.ROLL if state._dice_count() else Phase.MOVE


def _kind_of(value: int | str) -> int | None:
    """The piece kind of a piece as data gives it; ``None`` for an Army of hidden value."""
    if value == COMMANDER:
        return COMMANDER_KIND
    return None if value == "army" else int(value)


def _place_pieces(state: SiegeState, position: SiegePosition) -> None:
    """Put each colour's pieces on the board and make its stack, checking the Armies add up."""
    suits, board = state.board.suits, state.board
    pieces: dict[str, dict[str, int | None]] = {}
    for colour, given in position.pieces.items():
        if colour not in suits:
            raise PositionError(f"'{colour}' is not playing (players: {', '.join(suits)})", ("pieces", colour))
        pieces[colour] = {name: _kind_of(value) for name, value in given.items()}
    stacks: dict[str, list[int]] = {}
    for colour, values in position.stacks.items():
        if colour not in suits:
            raise PositionError(f"'{colour}' is not playing (players: {', '.join(suits)})", ("stacks", colour))
        stacks[colour] = list(values)
    for player, suit in enumerate(suits):
        placed = pieces.get(suit, {})
        known = [v for v in placed.values() if v is not None and v != COMMANDER_KIND]
        if len(set(known)) != len(known):
            raise PositionError(f"{suit} has two Armies of one value on the board", ("pieces", suit))
        if list(placed.values()).count(COMMANDER_KIND) > 1:
            raise PositionError(f"{suit} has one Commander only", ("pieces", suit))
        hidden = sum(1 for v in placed.values() if v is None)
        stack: list[int] | None
        if suit in stacks:
            stack = stacks[suit]
            if len(set(stack)) != len(stack):
                raise PositionError(f"{suit}'s stack must hold distinct values 0-5", ("stacks", suit))
            if set(stack) & set(known):
                raise PositionError(f"{suit}'s stack holds an Army that is on the board", ("stacks", suit))
            free = sorted(set(ARMY_VALUES) - set(known) - set(stack))
            if len(free) != hidden:
                raise PositionError(
                    f"{suit}'s Armies on the board and in the stack must be the six coins 0-5 once each",
                    ("stacks", suit),
                )
        else:
            free = sorted(set(ARMY_VALUES) - set(known))
            stack = None
            if hidden > len(free):
                raise PositionError(f"{suit} has six Armies only", ("pieces", suit))
        for name, value in placed.items():
            try:
                square = board.square(name)
            except ValueError as error:
                raise PositionError(str(error), ("pieces", suit, name)) from None
            if state.squares[square]:
                raise PositionError(f"two pieces on {name}", ("pieces", suit, name))
            kind = free.pop(0) if value is None else value
            state._put(square, _code(player, kind))
        state.stacks[player] = list(reversed(free if stack is None else stack))


def _check_phase(state: SiegeState, position: SiegePosition) -> None:
    """Fill in and check the turn bookkeeping against the phase."""
    suit = state.board.suits[state.to_move]
    due = state.reinforcement(state.to_move) is not None
    if (state.winner is not None) != (state.phase is Phase.OVER):
        raise PositionError("the game is over exactly when a Commander stands on another player's Home Base", ("phase",))
    if state.phase is Phase.REINFORCE and not due:
        raise PositionError(f"{suit} has no reinforcement due (Home Base occupied or nothing off the board)", ("phase",))
    if state.phase is Phase.ROLL:
        if due:
            raise PositionError(f"{suit} must reinforce before rolling", ("phase",))
        if not state._dice_count():
            raise PositionError(f"{suit} has no piece on the board, so rolls no dice", ("phase",))
    if state.phase is not Phase.MOVE:
        if position.roll or position.dice or position.moved or position.last or position.attacked:
            raise PositionError("dice, moved pieces and attacks belong to the move phase", ("phase",))
        return
    state.roll = tuple(sorted(position.roll))
    dice = state.roll if position.dice is None else tuple(sorted(position.dice))
    if Counter(dice) - Counter(state.roll):
        raise PositionError("the unused dice must be part of the roll", ("dice",))
    state.dice = dice
    board = state.board
    moved = set()
    for index, name in enumerate(position.moved):
        code = state.squares[board.index[name]] if name in board.index else 0
        if not code or _owner(code) != state.to_move:
            raise PositionError(f"no {suit} piece on {name}", ("moved", index))
        moved.add(code)
    if len(moved) > len(state.roll) - len(state.dice):
        raise PositionError("more pieces moved than dice used", ("moved",))
    state.moved = frozenset(moved)
    if position.last is not None:
        code = state.squares[board.index[position.last]] if position.last in board.index else 0
        if code not in moved:
            raise PositionError(f"the last piece moved must be one of the moved pieces, not {position.last}", ("last",))
        state.last = code
    elif position.attacked and not state.roll:
        raise PositionError("no piece has moved, so none has attacked", ("attacked",))
    state.attacked = position.attacked


# -- the game ----------------------------------------------------------------------------------


class Siege(Game[SiegeState, SiegeMove, SiegePosition]):
    """Siege by Number for 2, 3 or 4 players; ``Siege(players=2)`` or ``Siege(("suns", "moons"))``."""

    id = "siege"
    title = "Siege by Number"
    Reason = Reason
    Fact = Fact
    fact_values = _FACTS
    End = End
    Position = SiegePosition

    def __init__(self, players: int | Sequence[str] = 4):
        suits = default_suits(players) if isinstance(players, int) else tuple(players)
        if not 2 <= len(suits) <= 4 or len(set(suits)) != len(suits) or not set(suits) <= set(COLOURS):
            raise ValueError(f"choose 2 to 4 different colours of {', '.join(COLOURS)}, not {suits}")
        self.players = tuple(s for s in COLOURS if s in suits)
        self.board = board_for(self.players)

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
        state.phase = Phase.REINFORCE
        state.start_text = state.position_text()
        return state

    # -- positions ----------------------------------------------------------------------
    def position_fields(self, text: str) -> dict[str, object]:
        """The data of a position in the one-line notation (see the module's docstring)."""
        tokens = split_fields(text, empty_hint="write '-' for nothing")
        if "players" not in tokens:
            raise PositionError("a Siege by Number position starts with players=...")
        suits = tokens["players"].split(",")
        for suit in suits:
            if suits.count(suit) > 1:
                raise PositionError(f"players= names {suit} twice")
        expected = ["players", "turn", "phase", "roll", "dice"]
        for suit in suits:
            expected += [suit, f"{suit}-stack"]
        expected += ["moved", "last", "attacked"]
        expect_fields(tokens, expected, ordered=True)
        if tokens["attacked"] not in ("yes", "no"):
            raise PositionError("attacked= must be yes or no")
        return {
            "players": suits,
            "turn": tokens["turn"],
            "phase": tokens["phase"],
            "roll": _text_digits("roll", tokens["roll"]),
            "dice": _text_digits("dice", tokens["dice"]),
            "pieces": {suit: _text_pieces(suit, tokens[suit]) for suit in suits},
            "stacks": {suit: _text_digits(f"{suit}-stack", tokens[f"{suit}-stack"]) for suit in suits},
            "moved": _text_items(tokens["moved"]),
            "last": None if tokens["last"] == "-" else tokens["last"],
            "attacked": tokens["attacked"] == "yes",
        }

    def state_from(self, position: SiegePosition) -> SiegeState:
        game = self
        if position.players is not None:
            try:
                game = game_for(position.players)
            except ValueError as error:
                raise PositionError(str(error), ("players",)) from None
        suits = game.players
        state = SiegeState(game)
        if position.turn is not None:
            if position.turn not in suits:
                raise PositionError(f"turn must be one of {', '.join(suits)}", ("turn",))
            state.to_move = suits.index(position.turn)
        _place_pieces(state, position)
        state.phase = _phase_for(state, position)
        _check_phase(state, position)
        state.start_text = state.position_text()
        return state

    def setup_problem(self, state: SiegeState) -> str | None:
        on_board = [state.board.names[s] for s, code in enumerate(state.squares) if code]
        if on_board:
            return f"pieces on the board at the start: {', '.join(on_board)}"
        if any(sorted(stack) != list(ARMY_VALUES) for stack in state.stacks):
            return "each stack must hold all six Armies"
        if state.phase is not Phase.REINFORCE:
            return "the first player starts by reinforcing"
        return None

    # -- moves --------------------------------------------------------------------------
    def parse_move(self, state: SiegeState, text: str) -> SiegeMove:
        """A move from notation; its squares must be on this board."""
        move = move_from_text(text)
        if isinstance(move, (DieMove, Attack)):
            for name in (move.origin, move.target):
                if name not in state.board.index:
                    raise InvalidMoveError(f"'{text.strip()}': no square '{name}' on the {len(state.board.suits)}-player board")
        return move

    def move_cells(self, state: SiegeState, move: SiegeMove) -> list[str]:
        """The squares a move passes through: a legal die move's path of fewest steps (then
        fewest turns, see :meth:`Board.path`) that its piece may take, an illegal one's
        shortest path on an empty board; an attack's two squares; a reinforcement's Home Base."""
        board = state.board
        names = board.names
        if isinstance(move, Reinforce):
            return [names[board.home[state.to_move]]]
        if isinstance(move, Attack):
            return [move.origin, move.target]
        if not isinstance(move, DieMove):
            return []
        origin, target = board.square(move.origin), board.square(move.target)
        code = state.squares[origin]
        path = None
        if code and not state.squares[target]:
            path = board.path(origin, target, state._passable(code))
            if path is not None and len(path) - 1 > move.die:
                path = None
        if path is None:
            path = board.path(origin, target)
        return [names[square] for square in path or (origin, target)]


def game_for(suits: Sequence[str]) -> Siege:
    """The game for a set of colours (one instance per set, whatever the order given)."""
    order: Sequence[str] = COLOURS
    return _game_for(tuple(sorted(suits, key=lambda s: order.index(s) if s in order else len(order))))


@cache
def _game_for(suits: tuple[str, ...]) -> Siege:
    return Siege(suits)


GAME = game_for(COLOURS)
