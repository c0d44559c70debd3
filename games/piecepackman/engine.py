# SPDX-License-Identifier: MIT
"""Piecepackman (Dan Burkey): an autonomous Piecepackman against four ghosts in a matchstick maze.

Players. The engine's players are the four ghosts, in suit order (``suns``,
``moons``, ``crowns``, ``arms``); one to four people share them out as the
rules say, and every ghost gets the same result (the game is cooperative:
+1 when the ghosts win, -1 when Piecepackman does). Piecepackman is not a
player: his dice are CHANCE nodes and his whole move follows from the roll.

The three-player game: ``PiecepackmanGame(ghosts=("suns", "moons", "crowns"))``
takes the missing ghost and its die out of play (``GAME`` is the four-ghost
game). Its players are the ghosts in play, Piecepackman rolls their three dice,
and cubes of the missing colour are wild: a ghost collects them as its own
colour, Piecepackman's objective search treats them as the rolled suit, and one
he eats counts as his objective suit (:func:`wild_cube_suit`). The position
text writes the missing ghost as ``-`` in ``ghosts``, so it names the game.

A turn (:class:`Phase`): ``ppm`` (chance: his four dice, reduced to the highest
value and the suits showing it; his autonomous move is played with it), then,
if he ate a power coin, ``bonus`` (chance: the bonus roll of Ghost Hunger) and
``flip`` (chance: the coin's hidden value, one per coin eaten), then ``order``
(the ghosts agree on their order of movement; the first ghost to move in suit
order records the choice), then for each ghost ``ghost-roll`` (chance: its die)
and ``ghost-move`` (the ghost's walk).

Moves (one type each, :data:`Move` is their union; one token of notation each):
  ``ppm5=suns+crowns``  :class:`Roll`, Piecepackman's roll: highest value 5 (null 1, ace 6), shown by
                        suns and crowns (also read: ``ppm:suns=5,moons=3,crowns=5,arms=n``, the four dice)
  ``flip3``             :class:`Flip`, the power coin just eaten shows 3 (1 = ace)
  ``order=moons+suns``  :class:`Order`, the ghosts' order of movement this turn
  ``die2``              :class:`Die`, the moving ghost's die (0 = null, 1 = ace)
  ``suns:e5-d5-c5``     :class:`Walk`, the suns ghost walks through d5 to c5 (a portal step joins b5 and
                        i5 directly); the start may be left out when reading (``suns:d5-c5``)
  ``suns:stay``         :class:`Stay`, a ghost that rolled 0 (or cannot move at all) stays

Position notation (one line of ``key=value`` tokens, each key once)::

  level=roundabout ppm=f4w lives=3 stash=0.0.0.0 obj=- hunger=0 coins=j1.j10.a10.a1
  ghosts=f5.e6.f6.e5 gstash=0.0.0.0 immune=- lost=- cubes=b2s.c3m... total=24 phase=ppm

``level`` is a level's id (a shipped level file of the game, or a level a figure
gave inline); ``ppm`` is his cell and facing (n/e/s/w); ``lives`` his extra
lives; ``stash``, ``coins``, ``ghosts`` and ``gstash`` list the four suits in
suit order (``-`` for a coin eaten or a ghost out of play); ``obj`` is the kept
objective suit (``suns!`` when it is the power coin of a high ace); ``hunger``
the Ghost Hunger turns left counting this one (``1!`` while the first coin's
bonus roll and flip are pending); ``immune`` and ``lost`` (a lost turn) are
suits joined by ``+``; ``cubes`` are cells with a suit letter (s m c a);
``total`` is the number of energy cubes in the game; ``phase`` is ``ppm``,
``bonus:SUITS``, ``flip:SUITS`` (coins to flip), ``order:SUITS`` (ghosts to
move), ``ghost-roll:SUITS``, ``ghost-move:SUITS/ROLL`` or ``over:WINNER``.

The figure data format (``position:`` in a figure's YAML) is
:class:`PiecepackmanPosition`; the text notation is read into the same model.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from itertools import permutations
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from ppprint.api import (
    CHANCE,
    Cell,
    DataError,
    EndReason,
    FactName,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LEGAL,
    Outcome,
    PositionError,
    PositionModel,
    ReasonCode,
    SUITS,
    State,
    TERMINAL,
    Verdict,
    WallMaze,
    cell_name,
    fields_text,
    illegal,
    parse_cell_name,
    read_fields,
)

from .maze.board import board_maze, is_portal_step
from .maze.level import (
    LEVEL_ID,
    Level,
    cube_squares,
    get_level,
    level_from_data,
    register_level,
    scatter_cubes,
)
from .maze.paths import Distances, PathSet, allowed_paths, cost_map, routes_in
from .maze.paths import routes as fast_routes

SUIT_LETTERS = "smca"
FACING_LETTERS = "nesw"
FACING_WORDS = ("north", "east", "south", "west")
WEST = 3
START_FACING = WEST
"""Ruling: Piecepackman starts a level (and every new life) facing west, towards file a."""
EXTRA_LIVES = 3
"""He starts with one life on the board and three extra lives."""
PPM_DIE_VALUES = (1, 2, 3, 4, 5, 6)
"""Piecepackman's die values: null 1, 2-5 face value, ace 6."""
GHOST_DIE_VALUES = (0, 1, 2, 3, 4, 5)
"""A ghost's die values: null 0, ace 1, 2-5 face value."""
POWER_COIN_VALUES: dict[int, tuple[int, ...]] = {0: (1, 3, 4, 5), 1: (1, 2, 3, 5), 2: (1, 2, 4, 5), 3: (2, 3, 4, 5)}
"""The hidden value of each suit's power coin: its coins less the null and the objective marker
(ace of arms, 2 of suns, 3 of crowns, 4 of moons), drawn at random."""
DEFAULT_LEVEL = "roundabout"
SECOND_COIN_ENDS_IMMUNITY = True
"""Ruling: a power coin eaten during Ghost Hunger takes away every Immune ghost's immunity.

The source says so in its Special Rules for Ghost Hunger (the paragraph on consuming another Power
Coin while Ghost Hungry); the opposite line, that Immune ghosts keep their immunity until Ghost Hunger
ends, stands in the list of exceptions for the Piecepackman vs. Ghosts mode, so the cooperative game
with an autonomous Piecepackman follows the rules section. RULINGS.md is silent on it.
"""
MAX_COUNT = 99
"""The largest count a position may give (lives, hunger turns, cubes in a stash): more is not a position."""
MAX_TOTAL = 999
"""The largest number of energy cubes a position may say are in the game."""

_MAZE_ORDER: tuple[Cell, ...] = board_maze(()).order
"""Every level's maze indexes the same board cells the same way: cell index -> cell."""
_MAZE_INDEX: dict[Cell, int] = {cell: i for i, cell in enumerate(_MAZE_ORDER)}


_SQUARE_NAMES: tuple[str, ...] = tuple(cell_name(cell) for cell in _MAZE_ORDER)


def _square(index: int) -> str:
    """The name of the square with a cell index."""
    return _SQUARE_NAMES[index]


def _suits_text(suits: tuple[int, ...]) -> str:
    return "+".join(SUITS[s] for s in suits) or "-"


def _suit_list(text: str) -> tuple[int, ...]:
    """Suits joined by ``+`` (``-`` for none); ``ValueError`` names a word that is not a suit."""
    if text == "-":
        return ()
    suits = []
    for word in text.split("+"):
        if word not in SUITS:
            raise ValueError(f"'{word}' is not a suit ({', '.join(SUITS)})")
        suits.append(SUITS.index(word))
    return tuple(suits)


def _board_index(name: str) -> int:
    """The cell index of a board square's name; ``ValueError`` if it is not one."""
    cell = parse_cell_name(name)
    if cell is None or cell not in _MAZE_INDEX:
        raise ValueError(f"'{name}' is not a square of the board")
    return _MAZE_INDEX[cell]


# -- moves ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll:
    """Piecepackman's roll (and the bonus roll of Ghost Hunger): the highest value, the suits showing it."""

    value: int
    suits: tuple[int, ...]

    def text(self) -> str:
        """``ppm5=suns+crowns``."""
        return f"ppm{self.value}=" + "+".join(SUITS[s] for s in self.suits)

    @classmethod
    def from_text(cls, text: str) -> Roll:
        """A roll from ``ppm5=suns+crowns``."""
        match = _ROLL_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a roll of Piecepackman (write it like ppm5=suns+crowns)")
        try:
            return cls(int(match.group(1)), _suit_list(match.group(2)))
        except ValueError as exc:
            raise InvalidMoveError(f"'{text}': {exc}") from None


@dataclass(frozen=True, slots=True)
class Flip:
    """The hidden value of the power coin just eaten (1 = ace)."""

    value: int

    def text(self) -> str:
        """``flip3``."""
        return f"flip{self.value}"

    @classmethod
    def from_text(cls, text: str) -> Flip:
        """A flip from ``flip3``."""
        match = _FLIP_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a flip (write it like flip3)")
        return cls(int(match.group(1)))


@dataclass(frozen=True, slots=True)
class Order:
    """The ghosts' agreed order of movement this turn (suit indexes)."""

    suits: tuple[int, ...]

    def text(self) -> str:
        """``order=moons+suns``."""
        return "order=" + "+".join(SUITS[s] for s in self.suits)

    @classmethod
    def from_text(cls, text: str) -> Order:
        """An order from ``order=moons+suns``."""
        text = text.strip()
        if not text.startswith("order="):
            raise InvalidMoveError(f"'{text}' is not an order of movement (write it like order=moons+suns)")
        try:
            return cls(_suit_list(text[len("order="):]))
        except ValueError as exc:
            raise InvalidMoveError(f"'{text}': {exc}") from None


@dataclass(frozen=True, slots=True)
class Die:
    """The moving ghost's die (0 = null, 1 = ace)."""

    value: int

    def text(self) -> str:
        """``die2``."""
        return f"die{self.value}"

    @classmethod
    def from_text(cls, text: str) -> Die:
        """A ghost's die from ``die2``."""
        match = _DIE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a ghost's die (write it like die2)")
        return cls(int(match.group(1)))


class Walk(NamedTuple):
    """A ghost's walk: the ghost (suit index) and the cells (indexes) it passes, its start first (a named tuple, made
    afresh for every list of legal moves: :data:`_new_walk` makes one in a third of a dataclass's time)."""

    ghost: int
    cells: tuple[int, ...]

    def text(self) -> str:
        """``suns:e5-d5-c5``."""
        names = _SQUARE_NAMES
        return f"{SUITS[self.ghost]}:" + "-".join([names[c] for c in self.cells])

    @classmethod
    def from_text(cls, text: str) -> Walk:
        """A walk from ``suns:e5-d5-c5`` (the first cell is the ghost's start)."""
        ghost, cells = _ghost_move_parts(text)
        if cells == "stay":
            raise InvalidMoveError(f"'{text}' is a ghost staying put, not a walk")
        try:
            return cls(SUITS.index(ghost), tuple(_board_index(name) for name in cells.split("-")))
        except ValueError as exc:
            raise InvalidMoveError(f"'{text}': {exc}") from None


@dataclass(frozen=True, slots=True)
class Stay:
    """A ghost that stays where it is (a roll of 0, or no walk of its whole roll)."""

    ghost: int

    def text(self) -> str:
        """``suns:stay``."""
        return f"{SUITS[self.ghost]}:stay"

    @classmethod
    def from_text(cls, text: str) -> Stay:
        """A stay from ``suns:stay``."""
        ghost, cells = _ghost_move_parts(text)
        if cells != "stay":
            raise InvalidMoveError(f"'{text}' is not a ghost staying put (write it like suns:stay)")
        return cls(SUITS.index(ghost))


_new_walk = tuple.__new__
"""``_new_walk(Walk, (ghost, cells))`` is ``Walk(ghost, cells)`` without the call of its generated ``__new__``."""

Move = Roll | Flip | Order | Die | Walk | Stay
"""A move of Piecepackman: a chance outcome (roll, flip, die) or a ghosts' choice (order, walk, stay)."""

MOVE_TYPES = (Roll, Flip, Order, Die, Walk, Stay)

_ROLL_RE = re.compile(r"ppm([0-9])=([a-z+]*)")
_FLIP_RE = re.compile(r"flip([0-9])")
_DIE_RE = re.compile(r"die([0-9])")
_GHOST_MOVE_RE = re.compile(r"(suns|moons|crowns|arms):(\S+)")


def _ghost_move_parts(text: str) -> tuple[str, str]:
    match = _GHOST_MOVE_RE.fullmatch(text.strip())
    if not match:
        raise InvalidMoveError(f"'{text}' is not a ghost's move (write it like suns:e5-d5-c5 or suns:stay)")
    return match.group(1), match.group(2)


def move_from_text(text: str) -> Move:
    """Any move from its context-free notation (see the module docstring)."""
    text = text.strip()
    if text.startswith("ppm"):
        return Roll.from_text(text)
    if text.startswith("flip"):
        return Flip.from_text(text)
    if text.startswith("order"):
        return Order.from_text(text)
    if text.startswith("die"):
        return Die.from_text(text)
    if text.endswith(":stay"):
        return Stay.from_text(text)
    if ":" in text:
        return Walk.from_text(text)
    raise InvalidMoveError(f"not a Piecepackman move: '{text}'")


# -- phases, reasons, facts, ends ------------------------------------------------------------------------


class Phase(Enum):
    """The steps of a turn (their values are the position text's words)."""

    PPM = "ppm"
    BONUS = "bonus"
    FLIP = "flip"
    ORDER = "order"
    GHOST_ROLL = "ghost-roll"
    GHOST_MOVE = "ghost-move"
    OVER = "over"


_PPM, _BONUS, _FLIP, _ORDER, _GHOST_ROLL, _GHOST_MOVE, _OVER = Phase
"""The phases as module constants: an enum member looked up on its class costs ten times more in hot loops."""


class Winner(Enum):
    """Who won a level."""

    GHOSTS = "ghosts"
    PIECEPACKMAN = "piecepackman"


_GHOSTS_WON, _PIECEPACKMAN_WON = Winner


class Reason(ReasonCode):
    """Why a move of Piecepackman is illegal."""

    NOT_A_MOVE = "not-a-move", "Notation: not a Piecepackman move"
    GAME_OVER = "game-over", "Ending the Game: the level is over"
    WRONG_PHASE = "wrong-phase", "Turn Phases: Piecepackman moves, ghosts agree an order, then each ghost rolls and moves"
    BAD_ROLL = "bad-roll", "Dice: Piecepackman counts null 1 and ace 6; a ghost counts null 0 and ace 1"
    BAD_ORDER = "bad-order", "Negotiating Movement Order: every ghost that moves this turn, once each"
    NOT_YOUR_TURN = "not-your-turn", "Ghost Movement: ghosts move in the agreed order"
    MUST_MOVE = "must-move", "Ghost Movement: a ghost must use its full roll"
    NOT_WHOLE_ROLL = "not-whole-roll", "Ghost Movement: a ghost must use its full roll (a portal or Piecepackman's square ends it early)"
    SAME_SQUARE = "same-square", "Ghost Movement: a ghost may backtrack but must end on a different square"
    WALL = "wall", "Maze: nothing moves through a wall"
    NOT_A_STEP = "not-a-step", "Ghost Movement: one orthogonal step at a time (a portal joins the two ends of its row)"
    CROSSES_GHOST = "crosses-ghost", "Ghost Movement: ghosts cannot pass through or share a square with another ghost"
    ENTERS_GHOST_HOUSE = "enters-ghost-house", "Ghost House: once out, a ghost re-enters only when sent back after being eaten"
    AFTER_PORTAL = "after-portal", "Portals: a ghost's move ends when it uses a portal"
    AFTER_PIECEPACKMAN = "after-piecepackman", "Attacking / Getting Eaten: a ghost entering Piecepackman's square attacks or is eaten there"


class Fact(FactName):
    """What a diagram of Piecepackman may claim."""

    PHASE = "phase", "Turn Phases: which phase of the turn comes next"
    LIVES = "lives", "Ending the Game: one life on the board and three extra lives"
    HUNGER = "hunger", "Special Rules for Ghost Hunger: turns of hunger left"
    OBJECTIVE = "objective", "Moving Piecepackman: the objective he keeps, cube or power coin, and where (a high ace aims at the power coin)"
    PIECEPACKMAN_CUBES = "piecepackman_cubes", "Moving Piecepackman: he eats every cube he enters"
    GHOST_CUBES = "ghost_cubes", "Collecting Energy Cubes: how many cubes each ghost has collected"
    CUBES_LEFT = "cubes_left", "Ending the Game: the level ends when the board is clear"
    DANGEROUS = "dangerous", "Glossary: Dangerous"
    IMMUNE = "immune", "Glossary: Immune"
    WINNER = "winner", "Ending the Game: who won, Piecepackman or the ghosts"
    PIECEPACKMAN = "piecepackman", "Moving Piecepackman: his square and the way he faces"
    GHOSTS = "ghosts", "Ghost Movement: the ghosts' squares"
    POWER_COINS = "power_coins", "Setup: the power coins still on the board"
    ITEM_COSTS = "item_costs", "Moving Piecepackman: a step or a quarter turn costs one point (turns are free in Ghost Hunger)"
    PATH_COSTS = "path_costs", "Moving Piecepackman: he heads for the nearest cube or power coin of the rolled suit"


class End(EndReason):
    """How a level of Piecepackman ends."""

    BOARD_CLEAR = "board-clear", "Ending the Game: the last power coin and energy cube left the board (the ghosts win with more than half the cubes)"
    NO_LIVES = "no-lives", "Ending the Game: a Dangerous ghost caught Piecepackman with no extra life left (the ghosts win)"


# -- position data ---------------------------------------------------------------------------------------


def _check_square(text: str) -> str:
    _board_index(text)
    return text


def _at(value: object) -> object:
    """A square given alone stands for ``{at: SQUARE}``."""
    return {"at": value} if isinstance(value, str) else value


def _eaten(value: object) -> object:
    """``-`` (as the text writes it) is a power coin eaten, like ``null``."""
    return None if value == "-" else value


SuitName = Literal["suns", "moons", "crowns", "arms"]
Square = Annotated[str, AfterValidator(_check_square)]
"""The name of a square of the board (a1 to j10 less the portals a5, a6, j5, j6)."""
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
FacingName = Literal["north", "east", "south", "west", "n", "e", "s", "w"]
ObjectiveName = Literal["suns", "moons", "crowns", "arms", "suns!", "moons!", "crowns!", "arms!"]


def _check_level(level: object) -> object:
    if isinstance(level, str):
        if not LEVEL_ID.fullmatch(level):
            raise ValueError(f"'{level}' is not a level id (letters, digits, '-' and '_': a level is named by its id, never by a path)")
    elif not isinstance(level, dict):
        raise ValueError("a level's id, or a level given inline (a mapping with the keys of a level file)")
    return level


LevelField = Annotated[str | dict[str, Any], BeforeValidator(_check_level)]
"""A level's id, or a level given inline (the keys of a level file)."""


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class PiecepackmanData(_Part):
    """Piecepackman in a position (a square alone means ``{at: SQUARE}``)."""

    at: Square | None = None
    """His square (default: the level's start)."""
    facing: FacingName = "west"
    lives: Count = EXTRA_LIVES
    """Extra lives, besides the one on the board."""
    cubes: dict[SuitName, Count] = {}
    """His stash of energy cubes by suit."""
    objective: ObjectiveName | None = None
    """The objective suit he kept (``suns!``: the power coin of a high ace)."""
    hunger: Count = 0
    """Turns of Ghost Hunger left, counting this one."""
    hunger_starting: bool = False
    """The first power coin's bonus roll and flip are still to come (the text's ``hunger=1!``)."""


class GhostData(_Part):
    """A ghost in a position (a square alone means ``{at: SQUARE}``)."""

    at: Square | None = None
    """Its square (default: its start in the Ghost House)."""
    cubes: Count = 0
    immune: bool = False
    lost_turn: bool = False


class ToMove(_Part):
    """A ghost about to walk: ``{ghost, roll, then}`` (the ghosts to move after it, in order)."""

    ghost: SuitName
    roll: Annotated[int, Field(ge=0, le=5)] = 0
    then: list[SuitName] = []


class PhaseData(_Part):
    """The step of the turn (:class:`Phase`), with what it waits for."""

    name: Literal["ppm", "bonus", "flip", "order", "ghost-roll", "ghost-move", "over"] = "ppm"
    suits: list[SuitName] = []
    """The power coins to flip (bonus, flip) or the ghosts still to move, in order (order, ghost-roll, ghost-move)."""
    roll: Annotated[int, Field(ge=0, le=5)] = 0
    """The moving ghost's roll (ghost-move)."""
    winner: Literal["ghosts", "piecepackman"] | None = None
    """Who won (over)."""


class PiecepackmanPosition(PositionModel):
    """A position of Piecepackman, as a figure's ``position:`` writes it::

        level: roundabout            # a level's id, or a level given inline (the level file's keys)
        seed: 7                      # scatters the energy cubes when cubes is absent
        piecepackman: {at: e1, facing: west, lives: 3, cubes: {suns: 1}, objective: crowns, hunger: 0}
        ghosts: {suns: d5, moons: {at: d1, cubes: 1, immune: false, lost_turn: false}}
        power_coins: {crowns: null}  # a square, or null for a coin eaten (default: the level's)
        cubes: {crowns: [b1]}        # the energy cubes on the board by suit
        total: 24                    # energy cubes in the game (default: on the board and in stashes)
        to_move: {ghost: suns, roll: 2, then: [moons]}   # default: Piecepackman's roll

    The text notation gives every field (``ghosts_in_play`` from the ghosts written ``-``,
    ``phase`` for any step of a turn).
    """

    level: LevelField = DEFAULT_LEVEL
    seed: Annotated[int, Field(ge=0, le=(1 << 63) - 1)] = 0
    piecepackman: Annotated[PiecepackmanData, BeforeValidator(_at)] = PiecepackmanData()
    ghosts: dict[SuitName, Annotated[GhostData, BeforeValidator(_at)]] = {}
    ghosts_in_play: list[SuitName] | None = None
    """The ghosts in play (default: the game's): three of them in the three-player game."""
    power_coins: dict[SuitName, Annotated[Square | None, BeforeValidator(_eaten)]] = {}
    cubes: dict[SuitName, list[Square]] | None = None
    total: Annotated[int, Field(ge=0, le=MAX_TOTAL)] | None = None
    to_move: ToMove | None = None
    phase: PhaseData | None = None


# -- the engine ----------------------------------------------------------------------------------------


def roll_outcomes(dice: tuple[int, ...] = (0, 1, 2, 3)) -> list[tuple[Roll, float]]:
    """Piecepackman's dice (the suits in play) reduced to (highest value, suits showing it), with probabilities."""
    outcomes = []
    count = len(dice)
    for value in PPM_DIE_VALUES:
        below = (value - 1) / 6
        for size in range(1, count + 1):
            p = (1 / 6) ** size * below ** (count - size)
            if p == 0:
                continue
            for mask in range(1 << count):
                suits = tuple(s for i, s in enumerate(dice) if mask >> i & 1)
                if len(suits) == size:
                    outcomes.append((Roll(value, suits), p))
    return outcomes


ROLL_OUTCOMES = roll_outcomes()
FLIP_OUTCOMES: dict[int, list[tuple[Move, float]]] = {
    suit: [(Flip(v), 1 / len(values)) for v in values] for suit, values in POWER_COIN_VALUES.items()
}
DIE_OUTCOMES: list[tuple[Move, float]] = [(Die(v), 1 / 6) for v in GHOST_DIE_VALUES]
FLIP_MOVES: dict[int, list[Move]] = {suit: sorted((m for m, _ in o), key=lambda m: m.text()) for suit, o in FLIP_OUTCOMES.items()}
DIE_MOVES: list[Move] = sorted((m for m, _ in DIE_OUTCOMES), key=lambda m: m.text())
"""The chance outcomes as legal moves, in notation order (sorted once)."""


def wild_cube_suit(suit: int, wild: int, objective: int) -> int:
    """Ruling: in the three-ghost game a cube of the missing ghost's colour is wild; Piecepackman counts
    one he eats as the suit of his objective, and keeps it under the wild colour (counting for no ghost)
    when he has no objective suit, as in Ghost Hunger without a kept objective.

    The suit a cube of ``suit`` counts as in Piecepackman's stash.
    """
    if suit == wild and objective >= 0:
        return objective
    return suit


class Route(NamedTuple):
    """The path the engine walks: search weight, the states (``4 * cell + facing``), and the tied end cells."""

    weight: int
    path: tuple[int, ...]
    ends: tuple[int, ...]


WalkNode = tuple[tuple[int, ...], int, int, int]
"""A walk of a walk tree, squares as the tree's bits: its cells (its start first), the squares it enters, those
it passes before its last, and its last square when it may end only there (for Piecepackman) or 0 when it may end
anywhere (its whole roll, or a portal step)."""


@dataclass(frozen=True, slots=True)
class WalkTree:
    """Every walk of a roll from a square the maze allows (:func:`_walk_tree`), read as each ghost's moves."""

    nodes: tuple[WalkNode, ...]
    """Depth first in notation order."""
    bits: dict[int, int]
    """The bit of each square the walks enter."""
    listed: dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]
    """Per bit of Piecepackman's square (0 off the tree): the walks he allows, as the squares each enters and
    its cells (listed on first use)."""

    def walks(self, ghost: int, others: int, ppm: int) -> list[Walk]:
        """The ghost's walks that pass no other ghost (bits ``others``) and end on Piecepackman's square (bit
        ``ppm``; 0 off the tree) or use the whole roll, never passing his square.

        The moves are made afresh each time: kept, they would be tens of thousands of objects for the garbage
        collector to look through again and again."""
        listed = self.listed.get(ppm)
        if listed is None:
            allowed = [node for node in self.nodes if (not node[3] or node[3] == ppm) and not node[2] & ppm]
            listed = self.listed[ppm] = tuple([node[1] for node in allowed]), tuple([node[0] for node in allowed])
        if not others:
            return [_new_walk(Walk, (ghost, cells)) for cells in listed[1]]
        return [_new_walk(Walk, (ghost, cells)) for seen, cells in zip(*listed) if not seen & others]


_WALK_TREES: dict[tuple[int, frozenset[int], int, int], WalkTree] = {}
WALK_TREE_CACHE_SIZE = 20_000


def _walk_tree(maze: WallMaze, house: frozenset[int], start: int, roll: int) -> WalkTree:
    """Every walk of up to ``roll`` steps the maze lets a ghost make from ``start`` (other ghosts and Piecepackman
    aside), depth first in notation order, with the squares it enters and where it may end (its whole roll, not
    back on its start; or a portal step, which ends it; or Piecepackman's square).

    :meth:`PiecepackmanState._walk_moves` reads it: a walk through another ghost's square is left out, and so is
    a walk that passes Piecepackman's square.
    """
    key = (id(maze), house, start, roll)
    tree = _WALK_TREES.get(key)
    if tree is not None:
        return tree
    steps = _named_steps(maze)
    outward = _OUTWARD.get((id(maze), house))
    if outward is None:
        outward = _OUTWARD[id(maze), house] = tuple(tuple(step for step in out if step[0] not in house) for out in steps)
    nodes: list[WalkNode] = []
    bits: dict[int, int] = {}

    def extend(cell: int, walk: tuple[int, ...], seen: int, left: int) -> None:
        for nxt, portal in (steps if cell in house else outward)[cell]:
            path = walk + (nxt,)
            bit = bits.get(nxt)
            if bit is None:
                bit = bits[nxt] = 1 << len(bits)
            if portal:
                nodes.append((path, seen | bit, seen, 0))
            elif left == 1:
                nodes.append((path, seen | bit, seen, 0 if nxt != start else bit))
            else:
                nodes.append((path, seen | bit, seen, bit))
                extend(nxt, path, seen | bit, left - 1)

    extend(start, (start,), 0, roll)
    if len(_WALK_TREES) >= WALK_TREE_CACHE_SIZE:
        _WALK_TREES.clear()
    tree = _WALK_TREES[key] = WalkTree(tuple(nodes), bits, {})
    _MAZES[id(maze)] = maze
    return tree


_OUTWARD: dict[tuple[int, frozenset[int]], tuple[tuple[tuple[int, bool], ...], ...]] = {}
"""Per maze (by id; :data:`_MAZES` keeps it alive) and Ghost House: :func:`_named_steps` that do not enter it."""
_ORDERS: dict[tuple[int, ...], list[Order]] = {}
"""The orders of movement of each set of ghosts to move, in notation order (sorted once)."""
_STEPS: dict[int, tuple[tuple[tuple[int, bool], ...], ...]] = {}
"""Per maze (by id; :data:`_MAZES` keeps it alive): :func:`_named_steps`."""


def _named_steps(maze: WallMaze) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """For each cell, the steps out of it as ``(cell reached, through a portal)``, in the order of the names
    of the cells reached (so walks found depth first come in notation order)."""
    steps = _STEPS.get(id(maze))
    if steps is None:
        table, order = maze.step_table, maze.order
        steps = tuple(
            tuple(
                sorted(
                    ((table[4 * cell + d], is_portal_step(order[cell], order[table[4 * cell + d]])) for d in range(4) if table[4 * cell + d] >= 0),
                    key=lambda step: cell_name(order[step[0]]),
                )
            )
            for cell in range(len(order))
        )
        _STEPS[id(maze)] = steps
        _MAZES[id(maze)] = maze
    return steps


DISTANCES_CACHE_SIZE = 8_192
_DISTANCES: dict[tuple[object, ...], Distances] = {}
"""The searches from his square and facing when only the Ghost House blocks him (a few KiB each)."""
_MAZES: dict[int, WallMaze] = {}
"""Mazes whose ids key the caches above, kept alive so an id is never reused."""


@dataclass(frozen=True)
class Plan:
    """What Piecepackman aims at for a roll: the objective suit (-1 when none), coin only, and the allowed paths."""

    suit: int
    coin_only: bool
    paths: PathSet | None


Snapshot = tuple[Any, ...]
"""Everything :meth:`PiecepackmanState._do` may change, for undo (for a ghost's die or the order of movement,
the phase and the roll or the ghosts to move)."""


class PiecepackmanState(State[Move]):
    """A position: the level, Piecepackman, ghosts, cubes, coins, and whose turn it is.

    Cells are the maze's cell indexes and suits their indexes in :data:`SUITS`; -1 means none.
    """

    game: PiecepackmanGame
    level: Level
    maze: WallMaze
    ppm: int
    """Piecepackman's cell."""
    facing: int
    """His facing: 0 north, 1 east, 2 south, 3 west."""
    lives: int
    pstash: list[int]
    """His energy cubes by suit."""
    objective: int
    """The objective suit he kept, or -1."""
    coin_only: bool
    """His objective is its power coin only (a high ace)."""
    hunger: int
    starting: bool
    """The first power coin's bonus roll and flip are pending (they decide how long Ghost Hunger lasts)."""
    coins: list[int]
    """Each power coin's cell, -1 once eaten."""
    cubes: dict[int, int]
    """Energy cubes on the board: cell -> suit."""
    gpos: list[int]
    """Each ghost's cell, -1 for a ghost out of play."""
    gstash: list[int]
    immune: list[bool]
    lost: list[bool]
    """Ghosts that lose their next turn (eaten)."""
    total: int
    phase: Phase
    pending: tuple[int, ...]
    """Power coins to flip (bonus, flip) or ghosts still to move (order, ghost-roll, ghost-move)."""
    roll: int
    """The moving ghost's roll."""
    bonus: bool
    winner: Winner | None
    trail: list[int]
    """The cells Piecepackman entered on his last roll, his start first (for drawing it)."""

    def __init__(self, game: PiecepackmanGame, level: Level, cubes: dict[int, int], start_text: str = ""):
        self.game = game
        self.start_text = start_text
        self.history: list[Move] = []
        self.level = level
        self.maze = level.maze
        index = self.maze.index
        self.house = frozenset(index[c] for c in level.ghost_house)
        self.ghost_home = tuple(index[c] for c in level.ghost_starts)
        self.ghost_starts = tuple(c if g in game.ghost_suits else -1 for g, c in enumerate(self.ghost_home))
        """Each ghost's square at the start and after an attack; -1 for a ghost out of play."""
        self.wild = game.wild
        self.ppm_home = index[level.piecepackman_start]
        self.ppm = self.ppm_home
        self.facing = START_FACING
        self.lives = EXTRA_LIVES
        self.pstash = [0, 0, 0, 0]
        self.objective = -1
        self.coin_only = False
        self.hunger = 0
        self.starting = False
        self.coins = [index[c] for c in level.power_coins]
        self.cubes = dict(cubes)
        self.gpos = list(self.ghost_starts)
        self.gstash = [0, 0, 0, 0]
        self.immune = [False] * 4
        self.lost = [False] * 4
        self.total = len(cubes)
        self.phase = _PPM
        self.pending = ()
        self.roll = 0
        self.bonus = False
        self.winner = None
        self.trail = []
        self._stack: list[Snapshot] = []
        if not start_text:
            self.start_text = self.position_text()

    # -- snapshot, undo, clone ---------------------------------------------------------------
    def _snapshot(self) -> Snapshot:
        return (
            self.ppm, self.facing, self.lives, tuple(self.pstash), self.objective, self.coin_only,
            self.hunger, self.starting, tuple(self.coins), tuple(sorted(self.cubes.items())),
            tuple(self.gpos), tuple(self.gstash), tuple(self.immune), tuple(self.lost), self.total,
            self.phase, self.pending, self.roll, self.bonus, self.winner,
        )

    def _saved(self) -> Snapshot:
        """What undo restores: :meth:`_snapshot` with the cubes as a dict copy (no sort)."""
        return (
            self.ppm, self.facing, self.lives, tuple(self.pstash), self.objective, self.coin_only,
            self.hunger, self.starting, tuple(self.coins), self.cubes.copy(),
            tuple(self.gpos), tuple(self.gstash), tuple(self.immune), tuple(self.lost), self.total,
            self.phase, self.pending, self.roll, self.bonus, self.winner,
        )

    def _restore(self, snap: Snapshot) -> None:
        (self.ppm, self.facing, self.lives, pstash, self.objective, self.coin_only, self.hunger,
         self.starting, coins, cubes, gpos, gstash, immune, lost, self.total, self.phase,
         self.pending, self.roll, self.bonus, self.winner) = snap
        self.pstash, self.coins, self.cubes = list(pstash), list(coins), dict(cubes)
        self.gpos, self.gstash, self.immune, self.lost = list(gpos), list(gstash), list(immune), list(lost)

    def key(self) -> tuple[Any, ...]:
        return (self.level.id, *self._snapshot())

    def clone(self) -> PiecepackmanState:
        other = PiecepackmanState(self.game, self.level, self.cubes, self.start_text)
        other._restore(self._snapshot())
        other.history = list(self.history)
        other._stack = list(self._stack)
        return other

    # -- who moves ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase is _OVER:
            return TERMINAL
        if phase is _ORDER or phase is _GHOST_MOVE:
            return self.game.seat[self.pending[0]]
        return CHANCE

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        phase = self.phase
        if phase is _PPM or phase is _BONUS:
            return list(self.game.roll_outcomes)
        if phase is _FLIP:
            return list(FLIP_OUTCOMES[self.pending[0]])
        if phase is _GHOST_ROLL:
            return list(DIE_OUTCOMES)
        return []

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase is _OVER:
            return []
        if phase is _ORDER:
            orders = _ORDERS.get(self.pending)
            if orders is None:
                orders = _ORDERS[self.pending] = sorted((Order(p) for p in permutations(self.pending)), key=_move_text)
            return list(orders)
        if phase is _GHOST_MOVE:
            ghost = self.pending[0]
            if self.roll == 0:
                return [Stay(ghost)]
            moves: list[Move] = []
            moves += self._walk_moves(ghost, self.roll)
            return moves or [Stay(ghost)]
        if phase is _PPM or phase is _BONUS:
            return list(self.game.sorted_rolls)
        if phase is _FLIP:
            return list(FLIP_MOVES[self.pending[0]])
        return list(DIE_MOVES)

    # -- rules helpers ------------------------------------------------------------------------
    def vulnerable(self, ghost: int) -> bool:
        """Whether Piecepackman may eat this ghost now (the rest are Dangerous)."""
        if self.hunger > 0:
            return not self.immune[ghost]
        return self.gstash[ghost] <= self.pstash[ghost]

    def ghost_at(self, cell: int) -> int:
        """The ghost on a cell, or -1."""
        for ghost, pos in enumerate(self.gpos):
            if pos == cell:
                return ghost
        return -1

    def ghost_walks(self, ghost: int, roll: int) -> list[tuple[int, ...]]:
        """Every legal walk of a ghost for a roll (cells entered), empty for a roll of 0 or a boxed ghost.

        The walks come in notation order: no walk is the start of another, and each step tries the
        squares in the order of their names (:func:`_named_steps`).
        """
        return [walk[1:] for walk in self._walks(ghost, roll)]

    def _walks(self, ghost: int, roll: int) -> list[tuple[int, ...]]:
        """:meth:`ghost_walks` with the ghost's square first (the cells of a :class:`Walk`)."""
        if roll == 0:
            return []
        return [walk.cells for walk in self._walk_moves(ghost, roll)]

    def _walk_moves(self, ghost: int, roll: int) -> list[Walk]:
        """The ghost's walks for a roll of 1 to 5 as moves, in notation order.

        Hot: the walks the maze allows from the ghost's square are listed once (:func:`_walk_tree`);
        here the other ghosts cut them and Piecepackman's square ends them.
        """
        tree = _walk_tree(self.maze, self.house, self.gpos[ghost], roll)
        bits = tree.bits
        others = 0
        for g, p in enumerate(self.gpos):
            if g != ghost and p in bits:
                others |= bits[p]
        return tree.walks(ghost, others, bits.get(self.ppm, 0))

    def judge_ghost_move(self, ghost: int, walk: tuple[int, ...], roll: int) -> Verdict:
        """Ruling: a ghost that cannot walk its whole roll anywhere stays where it is.

        Judge a ghost's walk (cell indexes entered) for a roll, whatever the phase.
        """
        table = self.maze.step_table
        order = self.maze.order
        cell = self.gpos[ghost]
        if not walk:
            if roll == 0 or not self.ghost_walks(ghost, roll):
                return LEGAL
            return illegal(Reason.MUST_MOVE, f"the {SUITS[ghost]} ghost can walk its roll of {roll}", at=_square(cell))
        portal_end = False
        for i, nxt in enumerate(walk):
            here, there = order[cell], order[nxt]
            if nxt not in (table[4 * cell + d] for d in range(4)):
                adjacent = abs(here[0] - there[0]) + abs(here[1] - there[1]) == 1
                step = f"{cell_name(here)}-{cell_name(there)}"
                return illegal(Reason.WALL, step, at=step) if adjacent else illegal(Reason.NOT_A_STEP, step, at=cell_name(there))
            if self.ghost_at(nxt) not in (-1, ghost):
                return illegal(Reason.CROSSES_GHOST, cell_name(there), at=cell_name(there))
            if nxt in self.house and cell not in self.house:
                return illegal(Reason.ENTERS_GHOST_HOUSE, cell_name(there), at=cell_name(there))
            last = i == len(walk) - 1
            portal_end = is_portal_step(here, there)
            if portal_end and not last:
                return illegal(Reason.AFTER_PORTAL, cell_name(there), at=cell_name(there))
            if nxt == self.ppm and not last:
                return illegal(Reason.AFTER_PIECEPACKMAN, cell_name(there), at=cell_name(there))
            cell = nxt
        ended_early = walk[-1] == self.ppm or portal_end
        if len(walk) > roll or (len(walk) < roll and not ended_early):
            return illegal(Reason.NOT_WHOLE_ROLL, f"{len(walk)} steps for a roll of {roll}", at=_square(walk[-1]))
        if walk[-1] == self.gpos[ghost]:
            return illegal(Reason.SAME_SQUARE, f"the walk ends on {_square(walk[-1])}, where it began", at=_square(walk[-1]))
        return LEGAL

    def explain(self, move: Move) -> Verdict:
        if not isinstance(move, MOVE_TYPES):
            return illegal(Reason.NOT_A_MOVE, f"{move!r} is not a move of Piecepackman")
        phase = self.phase
        if phase is _OVER:
            return illegal(Reason.GAME_OVER, f"the level is over: the {self.winner.value if self.winner else 'nobody'} won")
        if phase is _ORDER:
            if not isinstance(move, Order):
                return illegal(Reason.WRONG_PHASE, f"the ghosts agree their order of movement now, not {move.text()}")
            if sorted(move.suits) != sorted(self.pending) or len(move.suits) != len(self.pending):
                return illegal(Reason.BAD_ORDER, f"{_suits_text(move.suits)} for the ghosts {_suits_text(self.pending)}")
            return LEGAL
        if phase is _GHOST_MOVE:
            if not isinstance(move, (Walk, Stay)):
                return illegal(Reason.WRONG_PHASE, f"the {SUITS[self.pending[0]]} ghost moves now, not {move.text()}")
            if move.ghost != self.pending[0]:
                moved = self.gpos[move.ghost]
                return illegal(Reason.NOT_YOUR_TURN, f"the {SUITS[self.pending[0]]} ghost moves now", at=_square(moved) if moved >= 0 else "")
            if isinstance(move, Stay) or not move.cells:
                return self.judge_ghost_move(move.ghost, (), self.roll)
            start = self.gpos[move.ghost]
            if move.cells[0] != start:
                return illegal(Reason.NOT_A_STEP, f"the {SUITS[move.ghost]} ghost is on {_square(start)}, not {_square(move.cells[0])}", at=_square(move.cells[0]))
            return self.judge_ghost_move(move.ghost, move.cells[1:], self.roll)
        if phase is _PPM or phase is _BONUS:
            legal = isinstance(move, Roll) and move in self.game.roll_moves
        elif phase is _FLIP:
            legal = isinstance(move, Flip) and move.value in POWER_COIN_VALUES[self.pending[0]]
        else:
            legal = isinstance(move, Die) and move.value in GHOST_DIE_VALUES
        if legal:
            return LEGAL
        if isinstance(move, (Order, Walk, Stay)):
            return illegal(Reason.WRONG_PHASE, f"{move.text()} in the {phase.value} phase: a die is rolled now")
        return illegal(Reason.BAD_ROLL, f"{move.text()} in the {phase.value} phase")

    # -- Piecepackman -------------------------------------------------------------------------
    def _items(self, suit: int, coin_only: bool) -> set[int]:
        """Cells of the objective items of a suit (its power coin only, for a high ace)."""
        coin = self.coins[suit]
        if coin_only and coin >= 0:
            return {coin}
        items = {c for c, s in self.cubes.items() if s == suit or s == self.wild}
        if coin >= 0:
            items.add(coin)
        return items

    def _any_items(self) -> set[int]:
        return set(self.cubes) | {c for c in self.coins if c >= 0}

    def _blocked(self) -> frozenset[int]:
        """Cells he will not enter: the Ghost House and Dangerous ghosts (the Ghost House itself when no ghost
        out of it is Dangerous)."""
        if self.hunger > 0:
            dangerous = {p for g, p in enumerate(self.gpos) if p >= 0 and self.immune[g]}
        else:
            pstash, gstash = self.pstash, self.gstash
            dangerous = {p for g, p in enumerate(self.gpos) if p >= 0 and gstash[g] > pstash[g]}
        house = self.house
        return house if dangerous <= house else house | dangerous

    def _route(self, targets: set[int], free_turns: bool) -> Route | None:
        """Ruling: of the tied allowed paths the engine walks the first in state order; the rules allow any.

        The route to the nearest target.
        """
        return self._routes([targets], free_turns)[0]

    def _routes(self, target_sets: list[set[int]], free_turns: bool, first: bool = False) -> list[Route | None]:
        """:meth:`_route` to each set of targets (``None`` for an empty one), from one search; with ``first``, only
        the first set in order that can be reached gets its route (the sets before it get ``None``, as after it).

        Every route from here is read from the kept search with only the Ghost House blocked (run on as far as the
        routes need); Dangerous ghosts on a tight path to a route call for a search of its own. (Routes are not
        kept: the same square, facing and targets come back for fewer than one read in ten.)"""
        blocked = self._blocked()
        house = self.house
        avoid = frozenset() if blocked is house else blocked - house
        found = routes_in(self._distances(free_turns), target_sets, first, avoid)
        if found is None:
            found = fast_routes(self.maze, self.ppm, self.facing, target_sets, blocked, free_turns, first)
        return [None if result is None else Route(result[0], tuple(result[1]), tuple(sorted({s >> 2 for s in result[2]}))) for result in found]

    def _distances(self, free_turns: bool) -> Distances:
        """The search from his square and facing with only the Ghost House blocking him, kept for the next time he
        stands here so."""
        where = (id(self.maze), self.ppm, self.facing, free_turns, self.house)
        found = _DISTANCES.get(where)
        if found is None:
            if len(_DISTANCES) >= DISTANCES_CACHE_SIZE:
                _DISTANCES.clear()
            found = _DISTANCES[where] = Distances(self.maze, self.ppm, self.facing, self.house, free_turns)
            _MAZES[id(self.maze)] = self.maze
        return found

    def _aim(self, suit: int, coin_only: bool) -> tuple[int, bool, Route] | None:
        """The route to the nearest item of a suit he can reach: its power coin only for a high ace (while the
        coin is on the board and he can reach it), else any of its cubes and its coin; ``None`` when every item
        of the suit is gone or cut off (by Dangerous ghosts or the Ghost House)."""
        if coin_only:
            route = self._route(self._items(suit, True), False)
            if route is not None:
                return suit, True, route
        route = self._route(self._items(suit, False), False)
        return None if route is None else (suit, False, route)

    def _fallback(self, rolled: int) -> tuple[int, bool, Route] | None:
        """Ruling: with nothing of the rolled suit left or in reach he heads for the nearest cube or power coin
        of any suit he can reach, which becomes his objective suit (of tied items, the first suit in suit order;
        a wild cube stands for the ``rolled`` suit); ``None`` when nothing at all is in reach."""
        route = self._route(self._any_items(), False)
        if route is None:
            return None
        suit_of = {c: s for c, s in self.cubes.items()} | {c: s for s, c in enumerate(self.coins) if c >= 0}
        suits = [rolled if suit_of[c] == self.wild and rolled >= 0 else suit_of[c] for c in route.ends]
        return min(suits), False, route

    def _choose(self, value: int, suits: tuple[int, ...]) -> tuple[int, bool, Route | None]:
        """Ruling: his objective is the nearest (by cost) cube or power coin of the rolled suit, the power coin
        alone for a high ace while it is on the board; between tied dice the cheaper objective, then the first
        suit in suit order; a kept objective is its suit (and a high ace's coin), so each turn he heads for the
        nearest item of that suit. With every item of those suits gone or cut off he heads for the nearest item
        of any suit he can reach (:meth:`_fallback`); with nothing in reach he stays.

        The objective for a roll when not hungry: suit, coin only, and the route to it.
        """
        if self.objective >= 0:
            candidates = [(self.objective, self.coin_only)]
        else:
            candidates = [(s, value == 6 and self.coins[s] >= 0) for s in suits]
        # Every candidate's routes from one search: a high ace's coin alone, then every item of its suit.
        target_sets: list[set[int]] = []
        for suit, coin_only in candidates:
            if coin_only:
                target_sets.append(self._items(suit, True))
            target_sets.append(self._items(suit, False))
        found = iter(self._routes(target_sets, False))
        best: tuple[int, bool, Route] | None = None
        for suit, coin_only in candidates:
            aim: tuple[int, bool, Route] | None = None
            if coin_only:
                coin_route = next(found)
                if coin_route is not None:
                    aim = suit, True, coin_route
            route = next(found)
            if aim is None and route is not None:
                aim = suit, False, route
            if aim is not None and (best is None or (aim[2].weight, aim[0]) < (best[2].weight, best[0])):
                best = aim
        if best is None:
            best = self._fallback(candidates[0][0] if candidates else -1)
        if best is None:
            return -1, False, None
        return best

    def objective_text(self) -> str | None:
        """What his kept objective is and where: ``crowns power coin on a10 (high ace)`` for a high ace's coin,
        else the nearest item(s) of the suit by his cost, ``crowns cube on b1`` (ties joined by ``or``), or
        ``crowns, out of reach``; ``None`` without an objective."""
        if self.objective < 0:
            return None
        suit = SUITS[self.objective]
        coin = self.coins[self.objective]
        if self.coin_only and coin >= 0:
            return f"{suit} power coin on {_square(coin)} (high ace)"
        route = self._route(self._items(self.objective, False), False)
        if route is None:
            return f"{suit}, out of reach"
        items = [("power coin" if cell == coin else "cube", _square(cell)) for cell in route.ends]
        return suit + " " + " or ".join(f"{kind} on {cell}" for kind, cell in sorted(items, key=lambda i: (i[1][0], int(i[1][1:]))))

    def plan(self, value: int, suits: tuple[int, ...]) -> Plan:
        """The objective and allowed paths of the first leg of Piecepackman's move for a roll."""
        free_turns = self.hunger > 0
        if free_turns:
            suit, coin_only, route = -1, False, self._route(self._hunger_targets(), True)
        else:
            suit, coin_only, route = self._choose(value, suits)
        if route is None:
            return Plan(suit, coin_only, None)
        order = self.maze.order
        blocked = [order[c] for c in self._blocked()]
        ends = [order[c] for c in route.ends]
        return Plan(suit, coin_only, allowed_paths(self.maze, order[self.ppm], self.facing, ends, blocked, free_turns))

    def _hunger_targets(self) -> set[int]:
        """Cells of the ghosts he may chase while hungry: not Immune, out of the Ghost House."""
        return {p for g, p in enumerate(self.gpos) if p >= 0 and not self.immune[g] and p not in self.house}

    def _enter(self, cell: int) -> None:
        """Ruling: he eats any power coin he enters, objective or not, as he eats every cube.

        Piecepackman arrives on a cell: cubes, power coins and Vulnerable ghosts there are eaten.
        """
        self.ppm = cell
        suit = self.cubes.pop(cell, -1)
        if suit >= 0:
            self.pstash[wild_cube_suit(suit, self.wild, self.objective)] += 1
        if cell in self.coins:
            for coin_suit, coin in enumerate(self.coins):
                if coin == cell:
                    self.coins[coin_suit] = -1
                    if self.hunger == 0:
                        self.hunger, self.starting, self.bonus = 1, True, True
                    elif SECOND_COIN_ENDS_IMMUNITY:
                        self.immune = [False] * 4
                    self.pending = self.pending + (coin_suit,)
        if cell in self.gpos:
            ghost = self.ghost_at(cell)
            if self.vulnerable(ghost):
                self._eat_ghost(ghost)
        if not self.cubes:
            self._check_cleared()

    def _eat_ghost(self, ghost: int) -> None:
        self.pstash[ghost] += self.gstash[ghost]
        self.gstash[ghost] = 0
        self.lost[ghost] = True
        if self.hunger > 0:
            self.immune[ghost] = True
        self._send_home(ghost)

    def _send_home(self, ghost: int) -> None:
        """Ruling: an eaten ghost goes to its start square, or the first free Ghost House square."""
        home = self.ghost_home[ghost]
        if self.ghost_at(home) not in (-1, ghost):
            home = min(c for c in self.house if self.ghost_at(c) == -1)
        self.gpos[ghost] = home

    def _check_cleared(self) -> None:
        if self.phase is not _OVER and not self.cubes and all(c < 0 for c in self.coins):
            self.phase = _OVER
            self.winner = _GHOSTS_WON if 2 * sum(self.gstash) > self.total else _PIECEPACKMAN_WON

    def _walk(self, route: Route, points: int, free_turns: bool) -> tuple[int, bool]:
        """Walk a route with the points there are; return the points left and whether he arrived."""
        path = route.path
        for a, b in zip(path, path[1:]):
            turn = a >> 2 == b >> 2
            cost = 0 if (turn and free_turns) else 1
            if cost > points:
                return points, False
            points -= cost
            self.facing = b & 3
            if not turn:
                self._enter(b >> 2)
                self.trail.append(b >> 2)
                if self.phase is _OVER:
                    return 0, False
        return points, True

    def _move_normal(self, value: int, suits: tuple[int, ...]) -> None:
        plan_suit, coin_only, route = self._choose(value, suits)
        if route is None:
            return
        points = value
        self.objective, self.coin_only = plan_suit, coin_only
        first_reached = False
        while points > 0 and self.phase is not _OVER:
            if first_reached:
                aim = self._aim(plan_suit, False) or self._fallback(plan_suit)
                if aim is None:
                    break
                plan_suit, _, route = aim
                self.objective, self.coin_only = plan_suit, False
            if route is None:
                break
            points, arrived = self._walk(route, points, False)
            if not arrived:
                break
            first_reached = True
            coin_only = False
        if first_reached or self.phase is _OVER:
            self.objective, self.coin_only = -1, False
        else:
            self.objective, self.coin_only = plan_suit, coin_only

    def _move_hungry(self, value: int) -> None:
        """Ruling: with no Vulnerable ghost he can reach, he heads for the nearest power coin, else cube;
        with none of those reachable either, he heads for :meth:`trap_centre` if he is trapped, else stays.
        """
        points = value
        while points > 0 and self.phase is not _OVER:
            found = self._routes([self._hunger_targets(), {c for c in self.coins if c >= 0}, set(self.cubes)], True, first=True)
            route = next((r for r in found if r is not None), None)
            if route is None:
                centre = self.trap_centre()
                if centre >= 0 and centre != self.ppm:
                    to_centre = self._route({centre}, True)
                    if to_centre is not None:
                        self._walk(to_centre, points, True)
                break
            left, arrived = self._walk(route, points, True)
            if not arrived or left == points:  # a walk that spends nothing changes nothing: it would repeat for ever
                break
            points = left

    def trap_centre(self) -> int:
        """Ruling: he is trapped in a corridor by two Immune ghosts when (1) no ghost he may chase, power
        coin or cube can be reached without entering an Immune ghost's square (or the Ghost House), (2) the
        squares he can reach form one corridor, a chain of squares each joined to at most two others of it,
        and (3) an Immune ghost stands on the square one step beyond each end of the chain (two different
        ghosts; a portal step counts as a step). He then heads for the middle square of the chain and stops
        there; when the chain has an even number of squares the two middle squares tie and he heads for the
        one nearer to him.

        The square he heads for while trapped (his own when already there), or -1 when he is not trapped.
        """
        if self.hunger == 0:
            return -1
        table = self.maze.step_table
        reach = self.maze.reachable_indexes(self.ppm, self._blocked())
        if reach & (self._hunger_targets() | self._any_items()):
            return -1
        links = {c: {table[4 * c + d] for d in range(4)} & reach - {c} for c in reach}
        if any(len(n) > 2 for n in links.values()):
            return -1
        immune_cells = {p for g, p in enumerate(self.gpos) if self.immune[g]}
        ends = sorted(c for c in reach if len(links[c]) <= 1)
        if len(ends) == 1:
            ends *= 2
        if len(ends) != 2:
            return -1
        guards = [{table[4 * c + d] for d in range(4)} & immune_cells for c in ends]
        if not any(a != b for a in guards[0] for b in guards[1]):
            return -1
        chain = [ends[0]]
        while len(chain) < len(reach):
            chain.append(min(links[chain[-1]] - set(chain)))
        here = chain.index(self.ppm)
        candidates = {(len(chain) - 1) // 2, len(chain) // 2}
        return chain[min(candidates, key=lambda i: abs(i - here))]

    # -- playing moves ------------------------------------------------------------------------
    def _do(self, move: Move) -> None:
        if isinstance(move, Die):
            self._stack.append((self.phase, self.roll))
            self.roll = move.value
            self.phase = _GHOST_MOVE
            return
        if isinstance(move, Order):
            self._stack.append((self.phase, self.pending))
            self.pending = tuple(move.suits)
            self.phase = _GHOST_ROLL
            return
        self._stack.append(self._saved())
        if isinstance(move, Roll):
            self.trail = [self.ppm]
            if self.phase is _BONUS:
                self.bonus = False
                self._move_hungry(move.value)
            elif self.hunger > 0:
                self._move_hungry(move.value)
            else:
                self._move_normal(move.value, move.suits)
            self._after_piecepackman()
        elif isinstance(move, Flip):
            self._flip(move.value)
        elif isinstance(move, Walk):
            self._ghost_walk(move.ghost, move.cells[1:])
        else:
            self._ghost_walk(move.ghost, ())

    def _after_piecepackman(self) -> None:
        if self.phase is _OVER:
            return
        if self.bonus:
            self.phase = _BONUS
        elif self.pending:
            self.phase = _FLIP
        else:
            self._start_ghost_phase()

    def _flip(self, value: int) -> None:
        if self.starting:
            self.starting = False
            if value == 1:
                self.hunger = 0
                self.immune = [False] * 4
                self.lives += 1
            else:
                self.hunger = value + 1
        elif value == 1:
            self.lives += 1
        else:
            self.hunger += value
        self.pending = self.pending[1:]
        if not self.pending:
            self._start_ghost_phase()

    def _start_ghost_phase(self) -> None:
        movers = tuple(g for g in self.game.ghost_suits if not self.lost[g])
        self.lost = [False] * 4
        self.pending = movers
        if len(movers) > 1:
            self.phase = _ORDER
        elif movers:
            self.phase = _GHOST_ROLL
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.hunger > 0:
            self.hunger -= 1
            if self.hunger == 0:
                self.immune = [False] * 4
        self.pending = ()
        self.roll = 0
        self.phase = _PPM

    def _ghost_walk(self, ghost: int, walk: tuple[int, ...]) -> None:
        for cell in walk:
            self.gpos[ghost] = cell
            if cell in self.cubes and self.cubes[cell] in (ghost, self.wild):
                del self.cubes[cell]
                self.gstash[ghost] += 1
                self._check_cleared()
            if cell == self.ppm:
                if self.vulnerable(ghost):
                    self._eat_ghost(ghost)
                else:
                    self._attack(ghost)
                    return
        if self.phase is _OVER:
            return
        self.pending = self.pending[1:]
        if self.pending:
            self.phase = _GHOST_ROLL
        else:
            self._end_turn()

    def _attack(self, ghost: int) -> None:
        """A Dangerous ghost attacks: it takes back its cubes, everyone goes home, a life is lost."""
        self.gstash[ghost] += self.pstash[ghost]
        self.pstash[ghost] = 0
        self.gpos = list(self.ghost_starts)
        self.objective, self.coin_only = -1, False
        self.hunger, self.starting, self.bonus = 0, False, False
        self.immune = [False] * 4
        self.lost = [False] * 4
        if self.lives == 0:
            self.phase = _OVER
            self.winner = _GHOSTS_WON
            return
        self.lives -= 1
        self.ppm, self.facing = self.ppm_home, START_FACING
        self.pending = ()
        self._end_turn()

    def _undo(self, move: Move) -> None:
        saved = self._stack.pop()
        if isinstance(move, Die):
            self.phase, self.roll = saved
        elif isinstance(move, Order):
            self.phase, self.pending = saved
        else:
            self._restore(saved)

    # -- results and facts --------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase is not _OVER:
            return None
        cleared = not self.cubes and all(c < 0 for c in self.coins)
        result = 1.0 if self.winner is _GHOSTS_WON else -1.0
        return Outcome(End.BOARD_CLEAR if cleared else End.NO_LIVES, (result,) * len(self.game.players))

    def item_costs(self) -> dict[int, int]:
        """The cost in points of reaching each cube and power coin (cell index -> cost), as he would walk it:
        from his square and facing, around the Ghost House and Dangerous ghosts, turns free while hungry.
        Unreachable items are left out."""
        costs = cost_map(self.maze, self.ppm, self.facing, self._blocked(), self.hunger > 0)
        return {c: costs[c] for c in self._any_items() if c in costs}

    def path_costs(self) -> dict[str, int | None]:
        """The cost of the nearest cube or power coin of each suit (``None``: none he can reach)."""
        suit_of = dict(self.cubes) | {c: s for s, c in enumerate(self.coins) if c >= 0}
        path_costs: dict[str, int | None] = {suit: None for suit in SUITS}
        for cell, cost in self.item_costs().items():
            suit = SUITS[suit_of[cell]]
            known = path_costs[suit]
            if known is None or cost < known:
                path_costs[suit] = cost
        return path_costs

    # -- notation -----------------------------------------------------------------------------
    def position_text(self) -> str:
        order = self.maze.order

        def name(i: int) -> str:
            return cell_name(order[i]) if i >= 0 else "-"

        obj = "-" if self.objective < 0 else SUITS[self.objective] + ("!" if self.coin_only else "")
        cubes = ".".join(name(c) + SUIT_LETTERS[s] for c, s in sorted(self.cubes.items())) or "-"
        phase = self.phase
        if phase is _BONUS or phase is _FLIP or phase is _ORDER or phase is _GHOST_ROLL:
            phase_text = f"{phase.value}:{_suits_text(self.pending)}"
        elif phase is _GHOST_MOVE:
            phase_text = f"{phase.value}:{_suits_text(self.pending)}/{self.roll}"
        elif phase is _OVER:
            phase_text = f"{phase.value}:{self.winner.value if self.winner else ''}"
        else:
            phase_text = phase.value
        return fields_text({
            "level": self.level.id,
            "ppm": f"{name(self.ppm)}{FACING_LETTERS[self.facing]}",
            "lives": self.lives,
            "stash": ".".join(map(str, self.pstash)),
            "obj": obj,
            "hunger": f"{self.hunger}{'!' if self.starting else ''}",
            "coins": ".".join(name(c) for c in self.coins),
            "ghosts": ".".join(name(c) for c in self.gpos),
            "gstash": ".".join(map(str, self.gstash)),
            "immune": _suits_text(tuple(g for g in range(4) if self.immune[g])),
            "lost": _suits_text(tuple(g for g in range(4) if self.lost[g])),
            "cubes": cubes,
            "total": self.total,
            "phase": phase_text,
        })


def _move_text(move: Move) -> str:
    return move.text()


_FACTS: dict[Fact, Callable[[PiecepackmanState], object]] = {
    Fact.PIECEPACKMAN: lambda s: f"{_square(s.ppm)} {FACING_WORDS[s.facing]}",
    Fact.GHOSTS: lambda s: {SUITS[g]: _square(c) for g, c in enumerate(s.gpos) if c >= 0},
    Fact.POWER_COINS: lambda s: {SUITS[g]: _square(c) if c >= 0 else None for g, c in enumerate(s.coins)},
    Fact.ITEM_COSTS: lambda s: {_square(c): cost for c, cost in s.item_costs().items()},
    Fact.PATH_COSTS: lambda s: s.path_costs(),
    Fact.PHASE: lambda s: s.phase.value,
    Fact.LIVES: lambda s: s.lives,
    Fact.HUNGER: lambda s: s.hunger,
    Fact.OBJECTIVE: lambda s: s.objective_text(),
    Fact.PIECEPACKMAN_CUBES: lambda s: dict(zip(SUITS, s.pstash)),
    Fact.GHOST_CUBES: lambda s: dict(zip(SUITS, s.gstash)),
    Fact.CUBES_LEFT: lambda s: len(s.cubes),
    Fact.DANGEROUS: lambda s: [SUITS[g] for g in s.game.ghost_suits if not s.vulnerable(g)],
    Fact.IMMUNE: lambda s: [SUITS[g] for g in range(4) if s.immune[g]],
    Fact.WINNER: lambda s: s.winner.value if s.winner is not None else None,
}


POSITION_KEYS = ("level", "ppm", "lives", "stash", "obj", "hunger", "coins", "ghosts", "gstash",
                 "immune", "lost", "cubes", "total", "phase")
"""The keys of the position text, in the order it writes them."""

_NUMBER_RE = re.compile(r"[0-9]{1,9}")
_PPM_RE = re.compile(r"([a-z][0-9]{1,2})([nesw])")
_CUBE_RE = re.compile(r"([a-z][0-9]{1,2})([smca])")
_PHASE_RE = re.compile(r"(bonus|flip|order|ghost-roll):([a-z+-]+)|ghost-move:([a-z+-]+)/([0-9])|over:(ghosts|piecepackman)|ppm")
_VARIANTS: dict[tuple[int, ...], PiecepackmanGame] = {}


def _number(text: str, key: str) -> int:
    if not _NUMBER_RE.fullmatch(text):
        raise PositionError(f"{key}: a whole number (at most nine digits), not '{text}'", (key,))
    return int(text)


def _four(text: str, key: str) -> list[str]:
    parts = text.split(".")
    if len(parts) != 4:
        raise PositionError(f"{key}: four values joined by '.', one per suit, not '{text}'", (key,))
    return parts


def _suits_of(text: str, key: str) -> list[str]:
    try:
        return [SUITS[s] for s in _suit_list(text)]
    except ValueError as exc:
        raise PositionError(f"{key}: {exc}", (key,)) from None


class PiecepackmanGame(Game[PiecepackmanState, Move, PiecepackmanPosition]):
    """The rules of Piecepackman with an autonomous Piecepackman."""

    ghost_suits: tuple[int, ...]
    seat: dict[int, int]
    wild: int
    roll_outcomes: list[tuple[Move, float]]
    roll_moves: frozenset[Move]
    sorted_rolls: list[Move]

    id = "piecepackman"
    title = "Piecepackman"
    Reason = Reason
    Fact = Fact
    fact_values = _FACTS
    End = End
    Position = PiecepackmanPosition

    def __init__(self, ghosts: tuple[str, ...] = SUITS):
        """The game with these ghosts in play: all four, or three (the three-player game)."""
        if len(set(ghosts)) != len(ghosts) or len(ghosts) not in (3, 4) or any(g not in SUITS for g in ghosts):
            raise ValueError(f"ghosts: three or four different suits of {', '.join(SUITS)}, not {ghosts!r}")
        self.ghost_suits = tuple(sorted(SUITS.index(g) for g in ghosts))
        """The suits (indexes) of the ghosts in play; each is also a die Piecepackman rolls."""
        self.players = tuple(SUITS[g] for g in self.ghost_suits)
        self.seat = {g: i for i, g in enumerate(self.ghost_suits)}
        """Ghost suit -> player index."""
        missing = [g for g in range(4) if g not in self.ghost_suits]
        self.wild = missing[0] if missing else -1
        """The suit of wild energy cubes (the ghost out of play), or -1."""
        self.roll_outcomes = list(roll_outcomes(self.ghost_suits))
        self.roll_moves = frozenset(m for m, _ in self.roll_outcomes)
        self.sorted_rolls = sorted(self.roll_moves, key=_move_text)
        """Piecepackman's rolls in notation order: the legal moves of his (and the bonus) roll."""

    def with_ghosts(self, ghost_suits: tuple[int, ...]) -> PiecepackmanGame:
        """This game if it has these ghosts in play, else the game that has."""
        if ghost_suits == self.ghost_suits:
            return self
        if ghost_suits not in _VARIANTS:
            _VARIANTS[ghost_suits] = PiecepackmanGame(tuple(SUITS[g] for g in ghost_suits))
        return _VARIANTS[ghost_suits]

    def initial_state(self, rng: random.Random | None = None, level_id: str = DEFAULT_LEVEL) -> PiecepackmanState:
        """The start of a level with its energy cubes scattered by ``rng`` (seed 0 without one)."""
        level = get_level(level_id)
        seed = rng.randrange(1 << 30) if rng is not None else 0
        return self.start_of(level, seed)

    def start_of(self, level: Level, seed: int) -> PiecepackmanState:
        """The start of a level with the cube scatter of ``seed``."""
        index = level.maze.index
        cubes = {index[c]: s for c, s in scatter_cubes(level, seed).items()}
        return PiecepackmanState(self, level, cubes)

    # -- positions ----------------------------------------------------------------------------
    def position_fields(self, text: str) -> dict[str, object]:
        """The data of a position in the one-line notation (see the module's docstring)."""
        fields = read_fields(text, POSITION_KEYS)
        ppm = _PPM_RE.fullmatch(fields["ppm"])
        if not ppm:
            raise PositionError(f"ppm: his square and facing (n, e, s or w), like f4w, not '{fields['ppm']}'", ("ppm",))
        hunger = fields["hunger"]
        starting = hunger.endswith("!")
        obj = fields["obj"]
        ghosts = _four(fields["ghosts"], "ghosts")
        gstash = _four(fields["gstash"], "gstash")
        immune = _suits_of(fields["immune"], "immune")
        lost = _suits_of(fields["lost"], "lost")
        ghost_data: dict[str, dict[str, object]] = {}
        for g, suit in enumerate(SUITS):
            data: dict[str, object] = {}
            if ghosts[g] != "-":
                data["at"] = ghosts[g]
            cubes = _number(gstash[g], "gstash")
            if cubes:
                data["cubes"] = cubes
            if suit in immune:
                data["immune"] = True
            if suit in lost:
                data["lost_turn"] = True
            if data:
                ghost_data[suit] = data
        cubes_by_suit: dict[str, list[str]] = {}
        if fields["cubes"] != "-":
            for item in fields["cubes"].split("."):
                cube = _CUBE_RE.fullmatch(item)
                if not cube:
                    raise PositionError(f"cubes: a square and a suit letter (s, m, c, a), like b2s, not '{item}'", ("cubes",))
                cubes_by_suit.setdefault(SUITS[SUIT_LETTERS.index(cube.group(2))], []).append(cube.group(1))
        return {
            "level": fields["level"],
            "piecepackman": {
                "at": ppm.group(1),
                "facing": ppm.group(2),
                "lives": _number(fields["lives"], "lives"),
                "cubes": dict(zip(SUITS, (_number(n, "stash") for n in _four(fields["stash"], "stash")))),
                "objective": None if obj == "-" else obj,
                "hunger": _number(hunger[:-1] if starting else hunger, "hunger"),
                "hunger_starting": starting,
            },
            "ghosts": ghost_data,
            "ghosts_in_play": [suit for g, suit in enumerate(SUITS) if ghosts[g] != "-"],
            "power_coins": {suit: None if at == "-" else at for suit, at in zip(SUITS, _four(fields["coins"], "coins"))},
            "cubes": cubes_by_suit,
            "total": _number(fields["total"], "total"),
            "phase": self._phase_fields(fields["phase"]),
        }

    @staticmethod
    def _phase_fields(text: str) -> dict[str, object]:
        match = _PHASE_RE.fullmatch(text)
        if not match:
            raise PositionError(
                "phase: ppm, bonus:SUITS, flip:SUITS, order:SUITS, ghost-roll:SUITS, ghost-move:SUITS/ROLL"
                f" or over:WINNER, not '{text}'", ("phase",)
            )
        if match.group(1):
            return {"name": match.group(1), "suits": _suits_of(match.group(2), "phase")}
        if match.group(3):
            return {"name": "ghost-move", "suits": _suits_of(match.group(3), "phase"), "roll": int(match.group(4))}
        if match.group(5):
            return {"name": "over", "winner": match.group(5)}
        return {"name": "ppm"}

    def state_from(self, position: PiecepackmanPosition) -> PiecepackmanState:
        level = self._level(position.level)
        in_play = self.ghost_suits
        if position.ghosts_in_play is not None:
            in_play = tuple(sorted(SUITS.index(s) for s in position.ghosts_in_play))
            if len(set(in_play)) != len(in_play) or len(in_play) not in (3, 4):
                raise PositionError("three or four different ghosts are in play", ("ghosts_in_play",))
        game = self.with_ghosts(in_play)
        index = level.maze.index
        if position.cubes is not None:
            cubes: dict[int, int] = {}
            for suit, cells in position.cubes.items():
                for i, name in enumerate(cells):
                    cell = _board_index(name)
                    if cell in cubes:
                        raise PositionError(f"two energy cubes on {name}", ("cubes", suit, i))
                    cubes[cell] = SUITS.index(suit)
        else:
            try:
                cubes = {index[c]: s for c, s in scatter_cubes(level, position.seed).items()}
            except ValueError as exc:
                raise PositionError(f"the energy cubes: {exc}", ("level",)) from None
        state = PiecepackmanState(game, level, cubes, start_text="-")
        ppm = position.piecepackman
        if ppm.at is not None:
            state.ppm = _board_index(ppm.at)
        state.facing = FACING_LETTERS.index(ppm.facing[0])
        state.lives = ppm.lives
        for suit, count in ppm.cubes.items():
            state.pstash[SUITS.index(suit)] = count
        if ppm.objective is not None:
            state.objective, state.coin_only = SUITS.index(ppm.objective.rstrip("!")), ppm.objective.endswith("!")
        state.hunger, state.starting = ppm.hunger, ppm.hunger_starting
        for suit, at in position.power_coins.items():
            state.coins[SUITS.index(suit)] = -1 if at is None else _board_index(at)
        for suit, ghost in position.ghosts.items():
            g = SUITS.index(suit)
            if g not in game.ghost_suits:
                raise PositionError(f"the {suit} ghost is out of play", ("ghosts", suit))
            if ghost.at is not None:
                state.gpos[g] = _board_index(ghost.at)
            state.gstash[g] = ghost.cubes
            state.immune[g] = ghost.immune
            state.lost[g] = ghost.lost_turn
        if len({p for p in state.gpos if p >= 0}) != len(game.ghost_suits):
            raise PositionError("two ghosts share a square", ("ghosts",))
        if state.hunger and state.ppm in state._hunger_targets():  # he eats a Vulnerable ghost the moment they meet
            raise PositionError(f"a Vulnerable ghost stands on Piecepackman's square {_SQUARE_NAMES[state.ppm]}: it would have been eaten", ("ghosts",))
        state.total = len(cubes) + sum(state.pstash) + sum(state.gstash) if position.total is None else position.total
        self._set_phase(state, position)
        state.start_text = state.position_text()
        return state

    @staticmethod
    def _level(level: str | dict[str, Any]) -> Level:
        """A level by id (a shipped level, or one a figure gave inline), or given inline (then known by its id)."""
        if isinstance(level, str):
            try:
                return get_level(level)
            except KeyError:
                raise PositionError(f"unknown level '{level}'", ("level",)) from None
        try:
            inline = level_from_data(level)
        except DataError as exc:
            raise PositionError(f"level: {exc.message}", ("level", *exc.loc)) from None
        if not LEVEL_ID.fullmatch(inline.id):
            raise PositionError(f"'{inline.id}' is not a level id (letters, digits, '-' and '_')", ("level", "id"))
        try:
            known: Level | None = get_level(inline.id)
        except KeyError:
            known = None
        if known is not None and known != inline:
            raise PositionError(f"another level is already called '{inline.id}': give this one its own id", ("level", "id"))
        register_level(inline)
        return inline

    @staticmethod
    def _set_phase(state: PiecepackmanState, position: PiecepackmanPosition) -> None:
        """The step of the turn a position gives (``to_move`` or ``phase``; default: Piecepackman's roll)."""
        in_play = state.game.ghost_suits
        if position.to_move is not None:
            if position.phase is not None:
                raise PositionError("give either to_move or phase", ("to_move",))
            movers = tuple(SUITS.index(s) for s in (position.to_move.ghost, *position.to_move.then))
            if any(g not in in_play for g in movers) or len(set(movers)) != len(movers):
                raise PositionError("to_move: the ghosts to move are ghosts in play, each once", ("to_move",))
            state.phase, state.pending, state.roll = _GHOST_MOVE, movers, position.to_move.roll
            return
        if position.phase is None:
            return
        data = position.phase
        phase = Phase(data.name)
        suits = tuple(SUITS.index(s) for s in data.suits)
        if len(set(suits)) != len(suits):
            raise PositionError("phase: a suit is listed twice", ("phase", "suits"))
        if phase in (_ORDER, _GHOST_ROLL, _GHOST_MOVE):
            if not suits or any(g not in in_play for g in suits):
                raise PositionError(f"phase {phase.value}: the ghosts still to move, ghosts in play", ("phase", "suits"))
        elif phase is _FLIP:
            if not suits:
                raise PositionError("phase flip: the power coins to flip", ("phase", "suits"))
        elif suits and phase is not _BONUS:
            raise PositionError(f"phase {phase.value} waits for no suits", ("phase", "suits"))
        if data.roll and phase is not _GHOST_MOVE:
            raise PositionError("phase: only a ghost about to move has a roll", ("phase", "roll"))
        if (data.winner is None) != (phase is not _OVER):
            raise PositionError("phase: a level that is over has a winner (and only then)", ("phase", "winner"))
        state.phase, state.pending, state.roll = phase, suits, data.roll
        state.bonus = phase is _BONUS
        state.winner = Winner(data.winner) if data.winner is not None else None

    # -- moves --------------------------------------------------------------------------------
    def parse_move(self, state: PiecepackmanState, text: str) -> Move:
        """A move from notation; a ghost's walk may leave out its start, and a roll may give all the dice."""
        text = text.strip()
        if text.startswith("ppm:"):
            return self._dice(state, text)
        move = move_from_text(text)
        if isinstance(move, Walk):
            start = state.gpos[move.ghost]
            if move.cells[0] != start:
                return Walk(move.ghost, (start, *move.cells)) if start >= 0 else move
            if len(move.cells) == 1:
                return Stay(move.ghost)
        return move

    @staticmethod
    def _dice(state: PiecepackmanState, text: str) -> Roll:
        """``ppm:suns=5,moons=3,crowns=5,arms=n``: Piecepackman's dice (those in play), reduced to a roll."""
        faces = {"n": 1, "0": 1, "a": 6, "A": 6, "1": 6, "2": 2, "3": 3, "4": 4, "5": 5}
        values: dict[int, int] = {}
        for part in text[len("ppm:"):].split(","):
            suit, sep, face = part.partition("=")
            if not sep or suit not in SUITS or face not in faces or SUITS.index(suit) in values:
                raise InvalidMoveError(f"'{text}': write each die as SUIT=VALUE (n, 2-5, a), like ppm:suns=5,moons=n,...")
            values[SUITS.index(suit)] = faces[face]
        dice = state.game.ghost_suits
        if tuple(sorted(values)) != dice:
            raise InvalidMoveError(f"'{text}': Piecepackman rolls the dice of {_suits_text(dice)}")
        top = max(values.values())
        return Roll(top, tuple(s for s in dice if values[s] == top))

    def move_cells(self, state: PiecepackmanState, move: Move) -> list[str]:
        if isinstance(move, Walk):
            return [_square(c) for c in move.cells]
        if isinstance(move, Stay):
            return [_square(state.gpos[move.ghost])] if state.gpos[move.ghost] >= 0 else []
        if isinstance(move, Roll):
            after = state.clone()
            try:
                after.apply(move)
            except IllegalMoveError:
                return []
            return [_square(c) for c in after.trail]
        return []

    def setup_problem(self, state: PiecepackmanState) -> str | None:
        fresh = PiecepackmanState(self, state.level, state.cubes)
        if fresh.key() != state.key():
            return "pieces, stashes or phase differ from the level's start"
        allowed = {state.maze.index[c] for c in cube_squares(state.level)}
        if any(c not in allowed for c in state.cubes):
            return "an energy cube lies in the Ghost House, on a power coin, on Piecepackman's start or out of reach"
        per_suit = [sum(1 for s in state.cubes.values() if s == suit) for suit in range(4)]
        if per_suit != [6, 6, 6, 6]:
            return f"expected six energy cubes of each suit, not {per_suit}"
        return None


GAME = PiecepackmanGame()
