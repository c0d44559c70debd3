# SPDX-License-Identifier: MIT
"""SanQi: two players share three types of pieces on a hexagonal field and race to a pattern.

Rules as ppprint reads them (sources/sanqi.txt and the SanQi rulings): a field of
side n (10 by default, 4 to 30 here). A turn is a *placement* of any type on a
vacant cell or a *replacement* of a piece by another type, legal when that type
outnumbers the replaced type by at least two among the piece's neighbours; the
piece the opponent played on their last turn cannot be replaced. No passing. At
the end of a turn the mover wins with one of their patterns: First with a
circle (the six neighbours of one cell, one type) or a triangle (six cells of
one type forming a triangle of side three, either way up); Second with a line
(six or more of one type in a straight row) or a triangle. A player with no
legal move ends the game drawn. The pieces belong to nobody.

Types and letters: ``S`` Shang 上 (red), ``Z`` Zhong 中 (yellow), ``X`` Xia 下 (blue).
Cells are named as by :class:`~ppprint.api.HexField` (``a1`` is the bottom-left
corner, letters grow left to right along each row, numbers bottom to top).

Move notation (after PPN's drop ``S@a3``), read by :class:`Place` and :class:`Replace`:
    ``S@e5``  place a Shang on the vacant cell e5;
    ``e5=Z``  replace the piece on e5 by a Zhong.
The characters 上 中 下 are read as S, Z, X too.

Position notation (one line, four fields separated by spaces)::

    <side> <rows> <to move> <protected cell>

``<rows>`` lists the rows from the top one (rank 2n-1) down to rank 1, joined by
``/``; a row lists its cells left to right, a letter for a piece and a number
for a run of vacant cells. ``<to move>`` is ``first`` or ``second``;
``<protected cell>`` is the cell the opponent played last turn, or ``-``.
The empty field of side 4 is ``4 4/5/6/7/6/5/4 first -``.

The figure data format (``position:`` in a figure's YAML) is
:class:`SanQiPosition`; the text notation is read into the same model.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from bisect import bisect_left, insort
from functools import cache
from typing import Annotated, Literal, NamedTuple

from pydantic import BeforeValidator, Field

from ppprint.api import (
    EndReason,
    FactName,
    Game,
    HEX_DIRECTIONS as DIRECTIONS,
    HexField,
    InvalidMoveError,
    LEGAL,
    Outcome,
    PositionError,
    PositionModel,
    ReasonCode,
    State,
    TERMINAL,
    Verdict,
    hex_step as step,
    illegal,
    validated,
)

EMPTY = 0


class PieceType(IntEnum):
    """The three types of piece; the value is what a cell of the board holds (0 is vacant)."""

    SHANG = 1
    ZHONG = 2
    XIA = 3

    @property
    def letter(self) -> str:
        """The type's letter in notation: S, Z or X."""
        return LETTERS[self]


SHANG, ZHONG, XIA = PieceType.SHANG, PieceType.ZHONG, PieceType.XIA
TYPES = (SHANG, ZHONG, XIA)
LETTERS = {SHANG: "S", ZHONG: "Z", XIA: "X"}
TYPE_OF_LETTER = {"S": SHANG, "Z": ZHONG, "X": XIA, "上": SHANG, "中": ZHONG, "下": XIA}
TYPE_NAMES = {SHANG: "shang", ZHONG: "zhong", XIA: "xia"}
TYPE_OF_NAME = {name: kind for kind, name in TYPE_NAMES.items()}
COLOURS = {SHANG: "red", ZHONG: "yellow", XIA: "blue"}
_LETTER = ("", "S", "Z", "X")
"""The letter of each board value (index 0: vacant), for the hot paths."""
_TITLE = ("", "Shang", "Zhong", "Xia")
_TYPES_BY_LETTER = (SHANG, XIA, ZHONG)
"""Types in the order of their letters (S < X < Z), so moves come out sorted by notation."""
_SHIFT = (11, 2, 5, 8)
"""Where each type's count sits in a cell's neighbourhood code (see :attr:`SanQiState.codes`); vacant
reads past the code, as 0."""
_UNIT = (0, 1 << 2, 1 << 5, 1 << 8)
"""One neighbour of each type in a neighbourhood code (or three bits of a triangle's code, shifted by 2)."""
_MAJORITIES = tuple(
    (shang >= need) | (xia >= need) << 1 | (zhong >= need) << 2
    for xia in range(8)
    for zhong in range(8)
    for shang in range(8)
    for need in (7, shang + 2, zhong + 2, xia + 2)
)
"""Each neighbourhood code's majorities: the types (bit 0 Shang, 1 Xia, 2 Zhong) that outnumber the cell's
piece by two among its neighbours (none on a vacant cell). The loops run over the code's fields from its
highest bits down, so the n-th entry is code n's."""

FIRST, SECOND = 0, 1
PLAYERS = ("first", "second")
ONGOING, DRAWN = -1, 2

MIN_SIDE = 4
MAX_SIDE = 30
"""The largest field: positions and the print-and-play sheets stop here (a field of
side n has 3n(n-1)+1 cells, and the engine's tables grow with the square of that)."""
DEFAULT_SIDE = 10
LINE_LENGTH = 6


class Pattern(StrEnum):
    """The winning patterns."""

    CIRCLE = "circle"
    LINE = "line"
    TRIANGLE = "triangle"


CIRCLE, LINE, TRIANGLE = Pattern.CIRCLE, Pattern.LINE, Pattern.TRIANGLE


def winning_kinds(player: int) -> tuple[Pattern, ...]:
    """Ruling: First wins with a circle or a triangle, Second with a line or a triangle.

    A pattern counts wherever it stands at the end of the mover's turn, even one
    the opponent's move made (the text says the mover wins "if there is" one);
    only the mover's patterns are looked at.
    """
    return (CIRCLE, TRIANGLE) if player == FIRST else (LINE, TRIANGLE)


_CELL = r"[a-z]+[1-9][0-9]*"
_TYPE = r"[SZX上中下]"
_PLACE_RE = re.compile(rf"({_TYPE})@({_CELL})")
_REPLACE_RE = re.compile(rf"({_CELL})=({_TYPE})")
_ROW_TOKEN_RE = re.compile(r"[1-9][0-9]{0,3}|[SZX]")
_SIDE_RE = re.compile(r"[0-9]{1,6}")


class Place(NamedTuple):
    """A placement: a piece of type ``kind`` on the vacant cell ``cell`` (``S@e5``)."""

    kind: PieceType
    cell: str

    def text(self) -> str:
        """The move as ``S@e5``."""
        return f"{LETTERS[self.kind]}@{self.cell}"

    @classmethod
    def from_text(cls, text: str) -> Place:
        """A placement from ``S@e5`` (or ``上@e5``)."""
        match = _PLACE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a placement (write it like S@e5)")
        return cls(TYPE_OF_LETTER[match.group(1)], match.group(2))


class Replace(NamedTuple):
    """A replacement: the piece on ``cell`` becomes one of type ``kind`` (``e5=Z``)."""

    cell: str
    kind: PieceType

    def text(self) -> str:
        """The move as ``e5=Z``."""
        return f"{self.cell}={LETTERS[self.kind]}"

    @classmethod
    def from_text(cls, text: str) -> Replace:
        """A replacement from ``e5=Z`` (or ``e5=中``)."""
        match = _REPLACE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a replacement (write it like e5=Z)")
        return cls(match.group(1), TYPE_OF_LETTER[match.group(2)])


Move = Place | Replace
"""A SanQi move. The fields of the two types come in notation order, so a placement
never equals a replacement of the same cell and type."""


def move_from_text(text: str) -> Move:
    """A placement (``S@e5``) or a replacement (``e5=Z``); :class:`InvalidMoveError` for anything else."""
    stripped = text.strip()
    if _PLACE_RE.fullmatch(stripped):
        return Place.from_text(stripped)
    if _REPLACE_RE.fullmatch(stripped):
        return Replace.from_text(stripped)
    raise InvalidMoveError(f"a SanQi move is a placement such as 'S@e5' or a replacement such as 'e5=Z', not '{text}'")


class Reason(ReasonCode):
    """Why a move of SanQi is illegal."""

    GAME_OVER = "game-over", "Goal: the game has ended"
    OFF_FIELD = "off-field", "Playing field: pieces go on the cells of the field"
    OCCUPIED = "occupied", "Placement: a piece is placed on a vacant cell"
    VACANT = "vacant", "Replacement: only a piece on the field can be replaced"
    SAME_TYPE = "same-type", "Replacement: a piece is replaced by one of another type"
    PROTECTED = "protected", "Replacement: the piece the opponent played last turn cannot be replaced yet"
    NO_MAJORITY = "no-majority", "Replacement: the replacing type needs two more neighbours than the replaced type"


class Fact(FactName):
    """What a diagram of SanQi may claim."""

    SIZE = "size", "Playing field: a field of side n"
    TO_MOVE = "to_move", "Types of moves: players alternate, no passing"
    WINNER = "winner", "Goal: the mover wins with their pattern at the end of their turn"
    DRAWN = "drawn", "Ruling: a player with no legal move ends the game drawn"
    PATTERN = "pattern", "Goal: circle (First), line (Second) or triangle (either)"
    PATTERN_CELLS = "pattern_cells", "Goal: the six or more cells of the winning pattern"
    PATTERNS = "patterns", "Goal: circles, lines of six or more and triangles of side three"
    PROTECTED = "protected", "Replacement: the opponent's last piece cannot be replaced this turn"
    REPLACEMENTS = "replacements", "Replacement: two more neighbours of the replacing type than of the replaced type"
    THREATS = "threats", "Goal: the moves that would complete a player's pattern"
    MAJORITIES = "majorities", "Replacement: pieces outnumbered by two among their neighbours (protection aside)"
    POTENTIAL = "potential", "Goal: circles, lines and triangles still open, holding two or more pieces of one type"


class End(EndReason):
    """How a game of SanQi ends."""

    PATTERN = "pattern", "Goal: the mover wins with their pattern at the end of their turn"
    NO_LEGAL_MOVE = "no-legal-move", "Ruling: a player with no legal move ends the game drawn"


def _pieces_data(value: object) -> object:
    """``pieces`` as data may write it: no pieces may be ``null``, type names in any case."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        lowered = {key.lower() if isinstance(key, str) else key: cells for key, cells in value.items()}
        return lowered if len(lowered) == len(value) else value  # two spellings of one type: refuse, never merge
    return value


PlayerName = Literal["first", "second"]
TypeName = Literal["shang", "zhong", "xia"]


class SanQiPosition(PositionModel):
    """A position of SanQi, as a figure's ``position:`` writes it::

        size: 10            # optional, the game's side by default; 4 to 30
        to_move: second     # optional, first by default
        last: e5            # optional: the piece the opponent just played (protected)
        pieces: {shang: [e5, f5], zhong: [d4], xia: []}

    ``size`` is bounded by :data:`MAX_SIDE` (30), the bound of the print-and-play
    sheets too: larger fields would only cost memory (a side of a few thousand
    does not fit in it). A side below :data:`MIN_SIDE` (4) is refused too. The
    text notation (see the module's docstring) is read into this model.
    """

    size: int | None = Field(None, ge=MIN_SIDE, le=MAX_SIDE)
    to_move: PlayerName = "first"
    last: str | None = None
    pieces: Annotated[dict[TypeName, list[str]], BeforeValidator(_pieces_data)] = {}


@dataclass(frozen=True)
class _Tables:
    """Index tables of one field size: the engine works on cell indexes, never on names."""

    field: HexField
    names: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[int, ...], ...]
    """``steps[d][i]``: the neighbour of cell i in direction d (hex.DIRECTIONS), or -1."""
    circles_through: tuple[tuple[int, ...], ...]
    """The centres whose six-cell circle contains cell i."""
    triangles: tuple[tuple[int, ...], ...]
    triangles_through: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    """Cell indexes row by row from the top, left to right (position notation)."""
    place_order: tuple[int, ...]
    replace_order: tuple[int, ...]
    place_moves: tuple[tuple[Place, ...], ...]
    """``place_moves[type][i]``: the placement of that type on cell i (index 0 unused)."""
    replace_moves: tuple[tuple[Replace, ...], ...]
    places_in_order: tuple[tuple[Place, ...], ...]
    """The placements of each type (S, X, Z: notation order) on each cell in :attr:`place_order`.
    A state keeps those on vacant cells (:attr:`SanQiState.places`) up to date one cell at a time."""
    place_slot: tuple[int, ...]
    """``place_slot[i]``: cell i's place in :attr:`place_order`."""
    replace_slot: tuple[int, ...]
    """``replace_slot[i]``: cell i's place in :attr:`replace_order`."""
    closed: tuple[tuple[int, ...], ...]
    """``closed[i]``: cell i and its neighbours."""
    replace_sets: tuple[tuple[tuple[Replace, ...], ...], ...]
    """``replace_sets[i][majorities]``: the replacements of cell i by the types with a majority there
    (bit 0 Shang, 1 Xia, 2 Zhong), in notation order."""


def _replace_sets(shang: Replace, xia: Replace, zhong: Replace) -> tuple[tuple[Replace, ...], ...]:
    """A cell's replacements by each set of types (bit 0 Shang, 1 Xia, 2 Zhong), in notation order."""
    return ((), (shang,), (xia,), (shang, xia), (zhong,), (shang, zhong), (xia, zhong), (shang, xia, zhong))


@cache
def _tables(side: int) -> _Tables:
    if not MIN_SIDE <= side <= MAX_SIDE:
        raise ValueError(f"a SanQi field has a side of {MIN_SIDE} to {MAX_SIDE}, not {side}")
    field = HexField(side)
    cells = list(field.cells())
    names = tuple(field.name(c) for c in cells)
    index = {name: i for i, name in enumerate(names)}
    at = {c: i for i, c in enumerate(cells)}
    steps = tuple(tuple(at.get(step(c, d), -1) for c in cells) for d in DIRECTIONS)
    neighbours = tuple(tuple(steps[d][i] for d in range(6) if steps[d][i] >= 0) for i in range(len(cells)))
    circles: list[list[int]] = [[] for _ in cells]
    for centre, around in enumerate(neighbours):
        if len(around) == 6:
            for i in around:
                circles[i].append(centre)
    triangles = tuple(tuple(at[c] for c in t) for t in field.triangles())
    through: list[list[int]] = [[] for _ in cells]
    for k, cells_of in enumerate(triangles):
        for i in cells_of:
            through[i].append(k)
    rows: dict[int, list[int]] = {}
    for i, (_, r) in enumerate(cells):
        rows.setdefault(r, []).append(i)
    place_order = tuple(sorted(range(len(cells)), key=lambda i: names[i]))
    replace_order = tuple(sorted(range(len(cells)), key=lambda i: names[i] + "="))
    place_moves: list[tuple[Place, ...]] = [()] + [tuple(Place(t, n) for n in names) for t in TYPES]
    replace_moves: list[tuple[Replace, ...]] = [()] + [tuple(Replace(n, t) for n in names) for t in TYPES]
    size = len(cells)
    places_in_order = tuple(tuple(place_moves[kind][i] for i in place_order) for kind in _TYPES_BY_LETTER)
    place_at = {i: n for n, i in enumerate(place_order)}
    place_slot = tuple(place_at[i] for i in range(size))
    replace_at = {i: n for n, i in enumerate(replace_order)}
    replace_slot = tuple(replace_at[i] for i in range(size))
    return _Tables(
        field=field,
        names=names,
        index=index,
        neighbours=neighbours,
        steps=steps,
        circles_through=tuple(map(tuple, circles)),
        triangles=triangles,
        triangles_through=tuple(map(tuple, through)),
        rows=tuple(tuple(rows[r]) for r in sorted(rows, reverse=True)),
        place_order=place_order,
        replace_order=replace_order,
        place_moves=tuple(place_moves),
        replace_moves=tuple(replace_moves),
        places_in_order=places_in_order,
        place_slot=place_slot,
        replace_slot=replace_slot,
        closed=tuple((i, *around) for i, around in enumerate(neighbours)),
        replace_sets=tuple(map(_replace_sets, replace_moves[SHANG], replace_moves[XIA], replace_moves[ZHONG])),
    )


class SanQiState(State[Move]):
    """A SanQi position: the field, who moves, the protected cell, and the complete patterns."""

    game: SanQi

    def __init__(self, game: SanQi, side: int, start_text: str = ""):
        self.game = game
        self.start_text = start_text
        self.history: list[Move] = []
        t = _tables(side)
        self.side = side
        self.tables = t
        size = len(t.names)
        self.board = bytearray(size)
        self.codes = [0] * size
        """Each cell's neighbourhood code: its piece (bits 0-1) and how many neighbours hold each type,
        three bits each (Shang from bit 2, Zhong from 5, Xia from 8): one number the tables read."""
        self.replaceable = bytearray(size)
        """1 where some other type has the majority to replace the piece (protection aside)."""
        self.replaceable_count = 0
        self.replace_slots: list[int] = []
        """The places in :attr:`_Tables.replace_order` of the replaceable cells (sorted)."""
        self._replacements: list[tuple[Replace, ...]] = [()] * size
        """Each cell's replacements in notation order, protection aside (empty for a vacant cell): one of
        :attr:`_Tables.replace_sets`, so an unchanged entry is the same object."""
        self.triangle_codes = [0] * len(t.triangles)
        """How many cells of each triangle hold each type, three bits each (Shang from bit 0, Zhong
        from 3, Xia from 6)."""
        self.places: list[list[Place]] = [list(row) for row in t.places_in_order]
        """The legal placements of each type (S, X, Z), on the vacant cells in :attr:`_Tables.place_order`."""
        self.vacant_slots = list(range(size))
        """The places in :attr:`_Tables.place_order` of the vacant cells (sorted)."""
        self.vacant = size
        self.circles: set[int] = set()
        self.triangle_set: set[int] = set()
        self.lines: set[tuple[int, int, int]] = set()
        """Complete lines as ``(axis, first cell, last cell)``, maximal runs of LINE_LENGTH or more."""
        self.player = FIRST
        self.last = -1
        self.result = ONGOING
        self._undo_stack: list[tuple[int, int, int, int]] = []
        if not start_text:
            self.start_text = self.position_text()

    @property
    def field(self) -> HexField:
        """The field's geometry (cell ``i`` of :attr:`board` is the field's cell of index ``i``)."""
        return self.tables.field

    # -- the board and its patterns, kept up to date one cell at a time ----------------
    def _run(self, i: int, axis: int) -> tuple[int, int, int]:
        """The maximal run of one type through occupied cell i along an axis: (start, end, length)."""
        board, kind = self.board, self.board[i]
        forward, backward = self.tables.steps[axis], self.tables.steps[axis + 3]
        start, length = i, 1
        j = backward[i]
        while j >= 0 and board[j] == kind:
            start, length, j = j, length + 1, backward[j]
        end = i
        j = forward[i]
        while j >= 0 and board[j] == kind:
            end, length, j = j, length + 1, forward[j]
        return start, end, length

    def _lines_near(self, i: int, kind: int, axis: int) -> list[tuple[int, int, int]]:
        """Complete lines along ``axis`` through cell i, or through its two neighbours when they hold ``kind``."""
        found = []
        board, steps = self.board, self.tables.steps
        if board[i]:
            start, end, length = self._run(i, axis)
            if length >= LINE_LENGTH:
                found.append((axis, start, end))
        if kind:
            for j in (steps[axis][i], steps[axis + 3][i]):
                if j >= 0 and board[j] == kind:
                    start, end, length = self._run(j, axis)
                    if length >= LINE_LENGTH:
                        found.append((axis, start, end))
        return found

    def _set_cell(self, i: int, kind: int) -> None:
        """Put ``kind`` (or EMPTY) on cell i, updating counts, moves and complete patterns around it only.

        Hot: the counts of each type among a cell's neighbours (and in each triangle), kept as one
        code per cell (and per triangle), decide the circles, triangles and replacements without
        looking at the cells again.
        """
        t = self.tables
        board = self.board
        old = board[i]
        if old:
            if self.circles:
                for centre in t.circles_through[i]:
                    self.circles.discard(centre)
            if self.triangle_set:
                for k in t.triangles_through[i]:
                    self.triangle_set.discard(k)
        lines = self.lines
        if lines:
            for axis in (0, 1, 2):
                for line in self._lines_near(i, kind, axis):
                    lines.discard(line)
        board[i] = kind
        codes, triangle_codes = self.codes, self.triangle_codes
        codes[i] += kind - old
        step, triangle_step = _UNIT[kind] - _UNIT[old], (_UNIT[kind] - _UNIT[old]) >> 2
        if kind:
            shift, circles = _SHIFT[kind], self.circles
            for j in t.neighbours[i]:
                code = codes[j] = codes[j] + step
                if code >> shift & 7 == 6:
                    circles.add(j)
            full, triangle_set = 6 * _UNIT[kind] >> 2, self.triangle_set
            for k in t.triangles_through[i]:
                code = triangle_codes[k] = triangle_codes[k] + triangle_step
                if code == full:
                    triangle_set.add(k)
        else:
            for j in t.neighbours[i]:
                codes[j] += step
            for k in t.triangles_through[i]:
                triangle_codes[k] += triangle_step
        if (kind == EMPTY) != (old == EMPTY):
            self.vacant += 1 if kind == EMPTY else -1
            shang, xia, zhong = self.places
            slots, slot = self.vacant_slots, t.place_slot[i]
            at = bisect_left(slots, slot)
            if kind == EMPTY:
                slots.insert(at, slot)
                rows = t.place_moves
                shang.insert(at, rows[1][i])
                xia.insert(at, rows[3][i])
                zhong.insert(at, rows[2][i])
            else:
                del slots[at], shang[at], xia[at], zhong[at]
        replaceable, replacements, replace_sets = self.replaceable, self._replacements, t.replace_sets
        for j in t.closed[i]:
            moves = replace_sets[j][_MAJORITIES[codes[j]]]
            before = replacements[j]
            if moves is not before:
                replacements[j] = moves
                if not before:
                    insort(self.replace_slots, t.replace_slot[j])
                    replaceable[j] = 1
                    self.replaceable_count += 1
                elif not moves:
                    slots = self.replace_slots
                    del slots[bisect_left(slots, t.replace_slot[j])]
                    replaceable[j] = 0
                    self.replaceable_count -= 1
        if kind or old:
            steps = t.steps
            for axis in (0, 1, 2):
                if not old:
                    ahead, behind = steps[axis][i], steps[axis + 3][i]
                    if (ahead < 0 or board[ahead] != kind) and (behind < 0 or board[behind] != kind):
                        continue  # a piece on a vacant cell with no neighbour of its type along this axis: no line
                lines.update(self._lines_near(i, old, axis))

    def _neighbours_holding(self, i: int, kind: int) -> int:
        """How many neighbours of cell i hold ``kind`` (0 for EMPTY)."""
        return self.codes[i] >> _SHIFT[kind] & 7

    def _has_pattern(self, player: int) -> bool:
        if self.triangle_set:
            return True
        return bool(self.circles) if player == FIRST else bool(self.lines)

    def _judge(self, mover: int) -> int:
        """The result once ``mover`` has ended a turn (the other player to move)."""
        if self._has_pattern(mover):
            return mover
        if self.vacant:
            return ONGOING
        protected = 1 if self.last >= 0 and self.replaceable[self.last] else 0
        return ONGOING if self.replaceable_count > protected else DRAWN

    def _load(self, board: bytes | bytearray, player: int, last: int) -> None:
        """Set a whole position at once (cheaper than cell by cell) and judge it."""
        for i, kind in enumerate(board):
            if kind:
                self._set_cell(i, kind)
        self.player, self.last = player, last
        self.result = self._judge(1 - player)

    # -- the engine API -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.result != ONGOING else self.player

    def legal_moves(self) -> list[Move]:
        if self.result != ONGOING:
            return []
        shang, xia, zhong = self.places
        moves: list[Move] = [*shang, *xia, *zhong]
        if self.replace_slots:
            order, replacements, last = self.tables.replace_order, self._replacements, self.last
            for slot in self.replace_slots:
                i = order[slot]
                if i != last:
                    moves += replacements[i]
        return moves

    def explain(self, move: Move) -> Verdict:
        if self.result != ONGOING:
            return illegal(Reason.GAME_OVER, "the game is over")
        name, kind = move.cell, move.kind
        i = self.tables.index.get(name)
        if i is None:
            return illegal(Reason.OFF_FIELD, f"{name} is not on the field of side {self.side}")
        old = self.board[i]
        if isinstance(move, Place):
            if old:
                return illegal(Reason.OCCUPIED, f"{name} already holds a {_TITLE[old]}", at=name)
            return LEGAL
        if not old:
            return illegal(Reason.VACANT, f"{name} holds no piece to replace", at=name)
        if old == kind:
            return illegal(Reason.SAME_TYPE, f"{name} already holds a {_TITLE[kind]}", at=name)
        if i == self.last:
            return illegal(Reason.PROTECTED, f"the opponent played {name} on their last turn", at=name)
        have, against = self._neighbours_holding(i, kind), self._neighbours_holding(i, old)
        if have < against + 2:
            return illegal(
                Reason.NO_MAJORITY,
                f"{name} has {have} {_TITLE[kind]} and {against} "
                f"{_TITLE[old]} neighbours; it needs {against + 2}",
                at=name,
            )
        return LEGAL

    def _do(self, move: Move) -> None:
        i = self.tables.index[move.cell]
        self._undo_stack.append((i, self.board[i], self.last, self.result))
        self._set_cell(i, move.kind)
        mover = self.player
        self.player, self.last = 1 - mover, i
        self.result = self._judge(mover)

    def _undo(self, move: Move) -> None:
        i, old, last, result = self._undo_stack.pop()
        self._set_cell(i, old)
        self.player, self.last, self.result = 1 - self.player, last, result

    def clone(self) -> SanQiState:
        other = SanQiState.__new__(SanQiState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.board = bytearray(self.board)
        other.codes = self.codes[:]
        other.replaceable = bytearray(self.replaceable)
        other.replace_slots = self.replace_slots[:]
        other._replacements = self._replacements[:]
        other.triangle_codes = self.triangle_codes[:]
        other.places = [row[:] for row in self.places]
        other.vacant_slots = self.vacant_slots[:]
        other.circles = set(self.circles)
        other.triangle_set = set(self.triangle_set)
        other.lines = set(self.lines)
        other._undo_stack = list(self._undo_stack)
        return other

    def outcome(self) -> Outcome | None:
        if self.result == ONGOING:
            return None
        if self.result == DRAWN:
            return Outcome(End.NO_LEGAL_MOVE, (0.0, 0.0))
        return Outcome(End.PATTERN, (1.0, -1.0) if self.result == FIRST else (-1.0, 1.0))

    def position_text(self) -> str:
        rows = []
        board = self.board
        for row in self.tables.rows:
            text, gap = "", 0
            for i in row:
                if board[i]:
                    text += (str(gap) if gap else "") + _LETTER[board[i]]
                    gap = 0
                else:
                    gap += 1
            rows.append(text + (str(gap) if gap else ""))
        last = self.tables.names[self.last] if self.last >= 0 else "-"
        return f"{self.side} {'/'.join(rows)} {PLAYERS[self.player]} {last}"

    def key(self) -> Hashable:
        return self.side, bytes(self.board), self.player, self.last

    # -- what diagrams may claim ----------------------------------------------------------
    def pattern_list(self) -> list[tuple[Pattern, tuple[str, ...]]]:
        """Every complete pattern on the field as ``(kind, cell names)``, sorted."""
        t = self.tables
        found = [(CIRCLE, tuple(t.names[j] for j in t.neighbours[c])) for c in self.circles]
        found += [(TRIANGLE, tuple(t.names[j] for j in t.triangles[k])) for k in self.triangle_set]
        for axis, start, end in self.lines:
            cells, j = [start], start
            while j != end:
                j = t.steps[axis][j]
                cells.append(j)
            found.append((LINE, tuple(t.names[j] for j in cells)))
        return sorted(found)

    def winning_pattern(self) -> tuple[Pattern, tuple[str, ...]] | None:
        """The winner's pattern (one holding the last piece played, where there is one), or ``None``."""
        if self.result not in (FIRST, SECOND):
            return None
        kinds = winning_kinds(self.result)
        mine = [p for p in self.pattern_list() if p[0] in kinds]
        last = self.tables.names[self.last] if self.last >= 0 else None
        return next((p for p in mine if last in p[1]), mine[0])

    def replacements(self) -> dict[str, list[str]]:
        """Each cell whose piece may be replaced now -> the letters of the types that may replace it."""
        found: dict[str, list[str]] = {}
        for move in self.legal_moves():
            if isinstance(move, Replace):
                found.setdefault(move.cell, []).append(LETTERS[move.kind])
        return dict(sorted(found.items()))

    def winning_moves(self, player: int) -> list[str]:
        """Moves (notation) with which ``player`` would win if it were their turn now.

        For the player to move the protected cell stays protected; for the other
        player (a threat) nothing is protected, since the protected piece changes
        with the move in between.
        """
        if self.result != ONGOING:
            return []
        t, board = self.tables, self.board
        found: list[str] = []
        protected = self.last if player == self.player else -1
        for i, name in enumerate(t.names):
            old = board[i]
            need = self._neighbours_holding(i, old) + 2
            for kind in TYPES:
                if kind == old or (old and (i == protected or self._neighbours_holding(i, kind) < need)):
                    continue
                self._set_cell(i, kind)
                if self._has_pattern(player):
                    found.append(Replace(name, kind).text() if old else Place(kind, name).text())
                self._set_cell(i, old)
        return sorted(found)

    def majorities(self) -> dict[str, list[str]]:
        """Each piece that some other type outnumbers by two among its neighbours -> those types' letters.

        Unlike :meth:`replacements` this ignores protection and whose turn it is:
        it says which pieces are *under attack*, the threat a diagram points at.
        """
        t = self.tables
        return {t.names[i]: [LETTERS[move.kind] for move in self._replacements[i]] for i in t.place_order if self.replaceable[i]}

    def potential(self) -> dict[str, int]:
        """How many patterns of each kind could still be finished by placements alone.

        A potential circle (a centre) or triangle holds at least two pieces, all of
        one type, and otherwise vacant cells. A potential line is a row of the field
        along one axis with a stretch of six cells holding at least two pieces of one
        type and nothing else; a row counts once per type, however many such
        stretches it has.
        """
        t, board = self.tables, self.board

        def open_group(cells: tuple[int, ...]) -> int:
            kinds = {board[j] for j in cells} - {EMPTY}
            pieces = sum(1 for j in cells if board[j])
            return next(iter(kinds)) if len(kinds) == 1 and pieces >= 2 else EMPTY

        circles = sum(1 for around in t.neighbours if len(around) == 6 and open_group(around))
        triangles = sum(1 for cells in t.triangles if open_group(cells))
        lines: set[tuple[int, int, int]] = set()
        for axis in range(3):
            forward, backward = t.steps[axis], t.steps[axis + 3]
            for start in range(len(board)):
                if backward[start] >= 0:
                    continue
                row, j = [], start
                while j >= 0:
                    row.append(j)
                    j = forward[j]
                for k in range(len(row) - LINE_LENGTH + 1):
                    kind = open_group(tuple(row[k : k + LINE_LENGTH]))
                    if kind:
                        lines.add((axis, start, kind))
        return {CIRCLE.value: circles, LINE.value: len(lines), TRIANGLE.value: triangles}


def _winner(state: SanQiState) -> str | None:
    return PLAYERS[state.result] if state.result in (FIRST, SECOND) else None


def _pattern(state: SanQiState) -> str | None:
    found = state.winning_pattern()
    return found[0].value if found else None


def _pattern_cells(state: SanQiState) -> list[str]:
    found = state.winning_pattern()
    return sorted(found[1]) if found else []


_FACTS: dict[Fact, Callable[[SanQiState], object]] = {
    Fact.SIZE: lambda s: s.side,
    Fact.TO_MOVE: lambda s: None if s.result != ONGOING else PLAYERS[s.player],
    Fact.WINNER: _winner,
    Fact.DRAWN: lambda s: s.result == DRAWN,
    Fact.PATTERN: _pattern,
    Fact.PATTERN_CELLS: _pattern_cells,
    Fact.PATTERNS: lambda s: [{"kind": kind.value, "cells": sorted(cells)} for kind, cells in s.pattern_list()],
    Fact.PROTECTED: lambda s: s.tables.names[s.last] if s.last >= 0 and s.result == ONGOING else None,
    Fact.REPLACEMENTS: lambda s: s.replacements(),
    Fact.MAJORITIES: lambda s: s.majorities(),
    Fact.POTENTIAL: lambda s: s.potential(),
    Fact.THREATS: lambda s: {PLAYERS[p]: s.winning_moves(p) for p in (FIRST, SECOND)},
}


class SanQi(Game[SanQiState, Move, SanQiPosition]):
    """SanQi on a field of side ``size`` (4 to 30); positions of any such size parse (the size is in the text)."""

    id = "sanqi"
    title = "SanQi"
    players = PLAYERS
    Reason = Reason
    Fact = Fact
    fact_values = _FACTS
    End = End
    Position = SanQiPosition

    def __init__(self, size: int = DEFAULT_SIDE):
        if not MIN_SIDE <= size <= MAX_SIDE:
            raise ValueError(f"a SanQi field has a side of {MIN_SIDE} to {MAX_SIDE}, not {size}")
        self.size = size

    def initial_state(self, rng: random.Random | None = None) -> SanQiState:
        return SanQiState(self, self.size)

    def position_fields(self, text: str) -> dict[str, object]:
        """The data of a position in the one-line notation (see the module's docstring)."""
        fields = text.split()
        if len(fields) != 4 or not _SIDE_RE.fullmatch(fields[0]):
            raise PositionError(f"a SanQi position is '<side> <rows> <first|second> <cell|->', not '{text}'")
        side = int(fields[0])
        validated(SanQiPosition, {"size": side}, PositionError)  # the side's bounds, before any table is made
        t = _tables(side)
        rows = fields[1].split("/")
        if len(rows) != len(t.rows):
            raise PositionError(f"a field of side {side} has {len(t.rows)} rows, not {len(rows)}")
        pieces: dict[str, list[str]] = {name: [] for name in TYPE_NAMES.values()}
        for number, (row, cells) in enumerate(zip(rows, t.rows)):
            tokens = _ROW_TOKEN_RE.findall(row)
            if "".join(tokens) != row:
                raise PositionError(f"row {number + 1} from the top '{row}' holds something other than S, Z, X, numbers")
            column = 0
            for token in tokens:
                if token.isdigit():
                    column += int(token)
                else:
                    if column < len(cells):
                        pieces[TYPE_NAMES[TYPE_OF_LETTER[token]]].append(t.names[cells[column]])
                    column += 1
            if column != len(cells):
                raise PositionError(f"row {number + 1} from the top has {len(cells)} cells, not {column}")
        if fields[2] not in PLAYERS:
            raise PositionError(f"the player to move is first or second, not '{fields[2]}'")
        return {
            "size": side,
            "to_move": fields[2],
            "last": None if fields[3] == "-" else fields[3],
            "pieces": pieces,
        }

    def state_from(self, position: SanQiPosition) -> SanQiState:
        side = position.size if position.size is not None else self.size
        t = _tables(side)
        board = bytearray(len(t.names))
        for type_name, cells in position.pieces.items():
            kind = TYPE_OF_NAME[type_name]
            for number, name in enumerate(cells):
                i = t.index.get(name)
                if i is None:
                    raise PositionError(f"'{name}' is not a cell of the field of side {side}", ("pieces", type_name, number))
                if board[i]:
                    raise PositionError(f"{name} holds two pieces", ("pieces", type_name, number))
                board[i] = kind
        last = -1
        if position.last is not None:
            last = t.index.get(position.last, -1)
            if last < 0 or not board[last]:
                raise PositionError(f"last names the opponent's last piece, not '{position.last}'", ("last",))
        state = SanQiState(self, side, start_text="-")
        state._load(board, PLAYERS.index(position.to_move), last)
        state.start_text = state.position_text()
        return state

    def parse_move(self, state: SanQiState, text: str) -> Move:
        return move_from_text(text)

    def move_cells(self, state: SanQiState, move: Move) -> list[str]:
        return [move.cell]

    def setup_problem(self, state: SanQiState) -> str | None:
        if any(state.board):
            return f"the field holds {len(state.board) - state.vacant} pieces; a game starts with none"
        if state.player != FIRST:
            return "First moves first"
        return None


GAME = SanQi(DEFAULT_SIDE)
