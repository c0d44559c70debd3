"""Piecepackman levels: data files, the level checker, the Daedalus generator, the cube scatter.

A level file (``games/piecepackman/levels/*.yaml``) names every stick by the
cells it runs beside and the side it lies on: ``"d6 right"`` is an A-stick on
the right side of d6; ``"a2-a3 right"`` a 3-stick along the right side of a2
and a3. Sides are ``top``, ``bottom``, ``left``, ``right``. Example::

    id: roundabout
    title: Roundabout
    origin: published          # or "project" (our own layout) or "generated"
    budget: {three: 24, ace: 12}
    ghost_house: [e5, f5, e6, f6]
    piecepackman: f4
    ghosts: {suns: f5, moons: e6, crowns: f6, arms: e5}
    power_coins: {suns: j1, moons: j10, crowns: a10, arms: a1}
    three_sticks: [a2-a3 right, ...]
    ace_sticks: [d6 right, ...]

:func:`level_from_data` raises :class:`DataError` with the key path at fault on
malformed data; :func:`check_level` reports what a well-formed level gets wrong:
errors (stick budget, walls off the board or closing a portal, Ghost House
squares off the board or repeated, start squares) and the Daedalus guidelines as
warnings naming the cells, the Ghost House's size (four squares) and exits (one
or two) included.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, cast

from ppprint.api import (
    Cell,
    DataError,
    Direction,
    Edge,
    InputError,
    ORTHOGONAL,
    SUITS,
    Stick,
    WallMaze,
    cell_name,
    line_of,
    load_yaml,
    parse_cell_name,
    stick_along,
    wall_edge,
    walls_to_sticks,
)

from .board import BOARD, BOARD_CELLS, PORTAL_LINKS, board_maze, portal_edges

LEVELS_DIR = Path(__file__).resolve().parent.parent / "levels"
"""The game's own level files, in its folder."""

LEVEL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
"""What a level id looks like where it names a level (a position's ``level``): never a path."""

Origin = Literal["published", "project", "generated"]
"""Where a level's layout comes from: the published rules, the project's own, or the generator."""

MAX_STICKS = 1000
"""The most sticks of one kind a level file may list: a 10 x 10 board has room for 180 without overlap,
so more can only be a mistake (and the checker stays fast: it is linear in the sticks)."""

SIDES: dict[str, Direction] = {"top": (0, 1), "right": (1, 0), "bottom": (0, -1), "left": (-1, 0)}
CUBES_PER_SUIT = 6
"""Energy cubes: the 24 null cubes of a matchsticks set, six in each suit colour."""


@dataclass(frozen=True)
class Level:
    """A maze level: sticks, the Ghost House, start squares and power coins (suits in ``SUITS`` order)."""

    id: str
    title: str
    origin: Origin
    budget_three: int
    budget_ace: int
    sticks: tuple[Stick, ...]
    ghost_house: tuple[Cell, ...]
    ghost_starts: tuple[Cell, ...]
    piecepackman_start: Cell
    power_coins: tuple[Cell, ...]
    note: str = ""

    @cached_property
    def walls(self) -> frozenset[Edge]:
        """Every edge some stick covers."""
        return frozenset(edge for stick in self.sticks for edge in stick.edges())

    @cached_property
    def maze(self) -> WallMaze:
        """The board with this level's walls and the portals."""
        return board_maze(self.walls)

    @cached_property
    def cube_tiles(self) -> tuple[tuple[Cell, ...], dict[int, tuple[Cell, ...]]]:
        """:func:`cube_squares`, and those squares by tile (:func:`scatter_cubes` spreads cubes over them)."""
        allowed = cube_squares(self)
        by_tile: dict[int, list[Cell]] = {}
        for cell in allowed:
            by_tile.setdefault(BOARD.tile_index(cell) or 0, []).append(cell)
        return tuple(allowed), {tile: tuple(cells) for tile, cells in by_tile.items()}


# -- reading ---------------------------------------------------------------------------------


def _cell(value: Any, loc: tuple[object, ...]) -> Cell:
    cell = parse_cell_name(value) if isinstance(value, str) else None
    if cell is None or not (0 <= cell[0] < 10 and 0 <= cell[1] < 10):
        raise DataError(f"'{value}' is not a cell name of the board (a1 to j10)", loc)
    return cell


def parse_stick(text: Any, span: int, loc: tuple[object, ...]) -> Stick:
    """A stick from ``"CELL SIDE"`` (span 1) or ``"CELL-CELL SIDE"`` (span 2)."""
    if not isinstance(text, str) or len(text.split()) != 2:
        raise DataError(f"a stick is written 'CELL SIDE' or 'CELL-CELL SIDE', not {text!r}", loc)
    cells_text, side = text.split()
    if side not in SIDES:
        raise DataError(f"unknown side '{side}' (expected one of {', '.join(SIDES)})", loc)
    cells = tuple(_cell(part, loc) for part in cells_text.split("-"))
    if len(cells) != span:
        kind = "an A-stick runs beside one cell" if span == 1 else "a 3-stick runs beside two cells"
        raise DataError(f"{kind}, not {len(cells)}: {text!r}", loc)
    try:
        return stick_along(tuple(sorted(cells)), SIDES[side])
    except ValueError:
        raise DataError(f"the cells of {text!r} are not side by side along its {side}", loc) from None


def stick_text(stick: Stick) -> str:
    """The level-file text of a stick, naming board cells where it can."""
    if stick.horizontal:
        below = tuple((stick.x + i, stick.y - 1) for i in range(stick.span))
        above = tuple((stick.x + i, stick.y) for i in range(stick.span))
        cells, side = (below, "top") if all(c in BOARD_CELLS for c in below) or stick.y == 10 else (above, "bottom")
    else:
        left = tuple((stick.x - 1, stick.y + i) for i in range(stick.span))
        right = tuple((stick.x, stick.y + i) for i in range(stick.span))
        cells, side = (left, "right") if all(c in BOARD_CELLS for c in left) or stick.x == 10 else (right, "left")
    return "-".join(cell_name(c) for c in cells) + " " + side


def _suit_cells(data: Any, loc: tuple[object, ...]) -> tuple[Cell, ...]:
    if not isinstance(data, Mapping):
        raise DataError("expected a mapping of suit to cell", loc)
    for key in data:
        if key not in SUITS:
            raise DataError(f"unknown suit '{key}' (expected {', '.join(SUITS)})", (*loc, key))
    missing = [s for s in SUITS if s not in data]
    if missing:
        raise DataError(f"missing suit(s): {', '.join(missing)}", loc)
    return tuple(_cell(data[s], (*loc, s)) for s in SUITS)


def _count(data: Any, key: str, loc: tuple[object, ...]) -> int:
    if not isinstance(data, Mapping) or key not in data:
        raise DataError(f"budget needs '{key}' (number of sticks)", loc)
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DataError(f"budget '{key}' must be a whole number, not {value!r}", (*loc, key))
    return value


LEVEL_KEYS = (
    "id", "title", "origin", "note", "budget", "ghost_house", "piecepackman",
    "ghosts", "power_coins", "three_sticks", "ace_sticks",
)


def level_from_data(data: Any, default_id: str = "level") -> Level:
    """A level from its YAML mapping; :class:`DataError` names the key at fault."""
    if not isinstance(data, Mapping):
        raise DataError("a level file holds a mapping", ())
    for key in data:
        if key not in LEVEL_KEYS:
            raise DataError(f"unknown key '{key}' (expected {', '.join(LEVEL_KEYS)})", (key,))
    for key in ("budget", "ghost_house", "piecepackman", "ghosts", "power_coins", "three_sticks", "ace_sticks"):
        if key not in data:
            raise DataError(f"missing key '{key}'", ())
    level_id = data.get("id", default_id)
    if not isinstance(level_id, str) or not level_id or any(ch.isspace() for ch in level_id):
        raise DataError("'id' must be a word without spaces", ("id",))
    origin = data.get("origin", "project")
    if origin not in ("published", "project", "generated"):
        raise DataError("'origin' is one of published, project, generated", ("origin",))
    sticks: list[Stick] = []
    for key, span in (("three_sticks", 2), ("ace_sticks", 1)):
        items = data[key] or []
        if not isinstance(items, list):
            raise DataError(f"'{key}' is a list of sticks", (key,))
        if len(items) > MAX_STICKS:
            raise DataError(f"'{key}' lists {len(items):,} sticks, more than the {MAX_STICKS:,} a level may have", (key,))
        sticks.extend(parse_stick(text, span, (key, i)) for i, text in enumerate(items))
    house = data["ghost_house"]
    if not isinstance(house, list):
        raise DataError("'ghost_house' is a list of cells", ("ghost_house",))
    return Level(
        id=level_id,
        title=str(data.get("title", level_id)),
        origin=cast(Origin, origin),
        budget_three=_count(data["budget"], "three", ("budget",)),
        budget_ace=_count(data["budget"], "ace", ("budget",)),
        sticks=tuple(sticks),
        ghost_house=tuple(_cell(c, ("ghost_house", i)) for i, c in enumerate(house)),
        ghost_starts=_suit_cells(data["ghosts"], ("ghosts",)),
        piecepackman_start=_cell(data["piecepackman"], ("piecepackman",)),
        power_coins=_suit_cells(data["power_coins"], ("power_coins",)),
        note=str(data.get("note", "")),
    )


def read_level(path: Path) -> tuple[Level, Any]:
    """A level and its raw data; a bad file raises :class:`InputError` with the line at fault."""
    data = load_yaml(path)
    try:
        return level_from_data(data, path.stem), data
    except DataError as exc:
        raise InputError(exc.message, path, line_of(data, exc.loc)) from None


_LEVELS: dict[str, Level] = {}


def register_level(level: Level) -> None:
    """Make a level known by its id (inline levels of figures)."""
    _LEVELS[level.id] = level


def get_level(level_id: str) -> Level:
    """A level by id: one registered in this process, or a shipped level file (``KeyError`` if none).

    An id is a word (:data:`LEVEL_ID`), never a path: only the game's own folder is read.
    """
    if level_id not in _LEVELS:
        if len(level_id) > 100 or not LEVEL_ID.fullmatch(level_id):
            raise KeyError(level_id)
        path = LEVELS_DIR / f"{level_id}.yaml"
        try:
            if not path.is_file():
                raise KeyError(level_id)
        except OSError:
            raise KeyError(level_id) from None
        _LEVELS[level_id] = read_level(path)[0]
    return _LEVELS[level_id]


def shipped_level_ids() -> list[str]:
    """The ids of the level files shipped with the game."""
    return sorted(p.stem for p in LEVELS_DIR.glob("*.yaml"))


# -- checking --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One thing the checker found: a code, words, the cells involved, and where in the file."""

    code: str
    message: str
    cells: tuple[str, ...] = ()
    line: int | None = None

    def one_line(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        cells = f" [{', '.join(self.cells)}]" if self.cells else ""
        return f"{where}{self.code}: {self.message}{cells}"


@dataclass
class LevelReport:
    """What :func:`check_level` found: errors make a level unusable, warnings bend the Daedalus guidelines."""

    level: Level
    errors: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No errors (warnings allowed)."""
        return not self.errors


def _names(cells: Iterable[Cell]) -> tuple[str, ...]:
    return tuple(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


def house_exits(maze: WallMaze, house: Iterable[Cell]) -> list[Edge]:
    """The open edges from a Ghost House cell to a cell outside it."""
    inside = set(house)
    return sorted(
        wall_edge(cell, target)
        for cell in inside
        if cell in maze.index
        for _, target in maze.open_moves(cell)
        if target not in inside
    )


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    first = next(iter(cells))
    seen, frontier = {first}, [first]
    while frontier:
        x, y = frontier.pop()
        for dx, dy in ORTHOGONAL:
            n = (x + dx, y + dy)
            if n in cells and n not in seen:
                seen.add(n)
                frontier.append(n)
    return seen == cells


def _stick_locs(level: Level) -> list[tuple[object, ...]]:
    """Where each stick of a level is in its file: ``("three_sticks", i)`` or ``("ace_sticks", i)``."""
    counts = {"three_sticks": 0, "ace_sticks": 0}
    locs: list[tuple[object, ...]] = []
    for stick in level.sticks:
        key = "three_sticks" if stick.span == 2 else "ace_sticks"
        locs.append((key, counts[key]))
        counts[key] += 1
    return locs


def validate_level(level: Level, data: Any = None) -> LevelReport:
    """Check a level: errors for what breaks the rules, warnings for the Daedalus guidelines."""
    report = LevelReport(level)

    def line(loc: tuple[object, ...]) -> int | None:
        return line_of(data, loc) if data is not None else None

    def error(code: str, message: str, cells: Iterable[Cell] = (), loc: tuple[object, ...] = ()) -> None:
        report.errors.append(Finding(code, message, _names(cells), line(loc)))

    def warn(code: str, message: str, cells: Iterable[Cell] = ()) -> None:
        report.warnings.append(Finding(code, message, _names(cells)))

    threes = sum(1 for s in level.sticks if s.span == 2)
    aces = sum(1 for s in level.sticks if s.span == 1)
    if threes != level.budget_three:
        error("budget", f"{threes} 3-sticks placed, the budget is {level.budget_three}", loc=("three_sticks",))
    if aces != level.budget_ace:
        error("budget", f"{aces} A-sticks placed, the budget is {level.budget_ace}", loc=("ace_sticks",))
    seen: dict[Edge, int] = {}
    closing = portal_edges()
    for index, (stick, loc) in enumerate(zip(level.sticks, _stick_locs(level))):
        for edge in stick.edges():
            if edge in closing:
                error("portal-closed", f"stick {stick_text(stick)} closes a portal", edge, loc)
            elif not (edge[0] in BOARD_CELLS and edge[1] in BOARD_CELLS):
                error("off-board", f"stick {stick_text(stick)} is not between two squares of the board", edge, loc)
            if edge in seen:
                error("overlap", f"stick {stick_text(stick)} lies on a wall another stick covers", edge, loc)
            seen[edge] = index
    house = set(level.ghost_house)
    if len(house) != len(level.ghost_house) or not house <= BOARD_CELLS:
        error("ghost-house", "a Ghost House square is off the board or listed twice", level.ghost_house, ("ghost_house",))
    elif len(house) != 4:
        # RULINGS: the Ghost House's size is a Daedalus guideline, so a warning (its exits are checked below).
        warn("ghost-house-size", f"the Ghost House has {len(house)} squares, not 4", house)
    for suit, cell in zip(SUITS, level.ghost_starts):
        if cell not in house:
            error("ghost-start", f"the {suit} ghost starts outside the Ghost House", [cell], ("ghosts", suit))
    if len(set(level.ghost_starts)) != 4:
        error("ghost-start", "two ghosts start on one square", level.ghost_starts, ("ghosts",))
    start = level.piecepackman_start
    if start not in BOARD_CELLS or start in house:
        error("piecepackman-start", "Piecepackman starts on a board square outside the Ghost House", [start], ("piecepackman",))
    for suit, cell in zip(SUITS, level.power_coins):
        if cell not in BOARD_CELLS or cell in house or cell == start:
            error("power-coin", f"the {suit} power coin needs a free board square outside the Ghost House", [cell], ("power_coins", suit))
    if len(set(level.power_coins)) != 4:
        error("power-coin", "two power coins share a square", level.power_coins, ("power_coins",))
    if report.errors:
        return report

    maze = level.maze
    for block in maze.wide_areas(exempt=house):
        warn("wide-corridor", "a 2x2 area with no wall inside: corridors should be one square wide", block)
    for cell in maze.dead_ends():
        warn("dead-end", "a dead end (walls on three sides)", [cell])
    if not _connected(house):
        warn("ghost-house-shape", "the Ghost House squares are not connected", house)
    inner = [e for e in level.walls if e[0] in house and e[1] in house]
    if inner:
        warn("ghost-house-shape", "walls inside the Ghost House", {c for e in inner for c in e})
    exits = house_exits(maze, house)
    if len(exits) not in (1, 2):
        warn("ghost-house-exits", f"the Ghost House has {len(exits)} exits, not 1 or 2", {c for e in exits for c in e})
    enclosed = maze.enclosed(start)
    if enclosed:
        warn("enclosed", f"{len(enclosed)} squares cannot be reached from Piecepackman's start", enclosed)
    return report


def check_level(path: str | Path) -> LevelReport:
    """Read and check a level file (``ppprint piecepackman maze check FILE``); malformed files raise :class:`InputError`."""
    level, data = read_level(Path(path))
    return validate_level(level, data)


# -- writing ---------------------------------------------------------------------------------


def level_to_yaml(level: Level) -> str:
    """The level file text of a level (what :func:`level_from_data` reads back)."""

    def suit_map(cells: tuple[Cell, ...]) -> str:
        return "{" + ", ".join(f"{s}: {cell_name(c)}" for s, c in zip(SUITS, cells)) + "}"

    lines = [
        f"id: {level.id}",
        f"title: {json.dumps(level.title)}",
        f"origin: {level.origin}",
    ]
    if level.note:
        lines.append(f"note: {json.dumps(level.note)}")
    lines += [
        f"budget: {{three: {level.budget_three}, ace: {level.budget_ace}}}",
        f"ghost_house: [{', '.join(cell_name(c) for c in level.ghost_house)}]",
        f"piecepackman: {cell_name(level.piecepackman_start)}",
        f"ghosts: {suit_map(level.ghost_starts)}",
        f"power_coins: {suit_map(level.power_coins)}",
        "three_sticks:",
        *(f"  - {stick_text(s)}" for s in level.sticks if s.span == 2),
        "ace_sticks:",
        *(f"  - {stick_text(s)}" for s in level.sticks if s.span == 1),
    ]
    return "\n".join(lines) + "\n"


# -- generating (Daedalus mode) ------------------------------------------------------------------


class BudgetError(ValueError):
    """The generator could not build a level that fits the stick budget and the guidelines."""


def _block_edges(maze: WallMaze, exempt: set[Cell]) -> dict[Edge, list[int]]:
    """Each edge -> the 2x2 blocks (numbered) it lies inside, skipping blocks touching ``exempt``."""
    by_edge: dict[Edge, list[int]] = {}
    number = 0
    for x, y in maze.order:
        block = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
        if any(c not in maze.cells or c in exempt for c in block):
            continue
        for a, b in ((0, 1), (2, 3), (0, 2), (1, 3)):
            by_edge.setdefault(wall_edge(block[a], block[b]), []).append(number)
        number += 1
    return by_edge


def daedalus_walls(
    cells: frozenset[Cell],
    links: Mapping[tuple[Cell, Direction], Cell],
    three: int,
    ace: int,
    rng: random.Random,
    fixed: frozenset[Edge] = frozenset(),
    frozen: frozenset[Edge] = frozenset(),
    exempt: frozenset[Cell] = frozenset(),
) -> frozenset[Edge] | None:
    """One try at walls for ``three`` 3-sticks and ``ace`` A-sticks on top of ``fixed`` walls.

    Long sticks first, each placed where it narrows the most 2x2 areas, never
    making a dead end or cutting the maze in two, never on a ``frozen`` edge.
    Returns ``None`` if the sticks do not fit or a wide area is left.
    """
    maze = WallMaze(cells, fixed, links)
    exits = {c: maze.exits(c) for c in cells}
    walls = set(fixed)
    blocks = _block_edges(maze, set(exempt))
    covered = {b for e in walls for b in blocks.get(e, ())}
    total_blocks = len({b for bs in blocks.values() for b in bs})
    inner = sorted(
        wall_edge(c, n)
        for c in cells
        for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1))
        if n in cells
    )
    candidates: dict[int, list[tuple[Edge, ...]]] = {
        2: [
            (e, wall_edge((e[0][0] + dx, e[0][1] + dy), (e[1][0] + dx, e[1][1] + dy)))
            for e in inner
            for dx, dy in ([(1, 0)] if e[0][0] == e[1][0] else [(0, 1)])
            if (e[0][0] + dx, e[0][1] + dy) in cells and (e[1][0] + dx, e[1][1] + dy) in cells
        ],
        1: [(e,) for e in inner],
    }
    start = next(iter(sorted(cells)))

    def placeable(edges: tuple[Edge, ...]) -> bool:
        if any(e in walls or e in frozen for e in edges):
            return False
        loss: dict[Cell, int] = {}
        for a, b in edges:
            loss[a] = loss.get(a, 0) + 1
            loss[b] = loss.get(b, 0) + 1
        return all(exits[c] - n >= 2 or c in exempt for c, n in loss.items())

    for span, count in ((2, three), (1, ace)):
        pool = candidates[span][:]
        rng.shuffle(pool)
        for _ in range(count):
            scored = sorted(
                ((-len({b for e in edges for b in blocks.get(e, ())} - covered), i) for i, edges in enumerate(pool) if placeable(edges)),
            )
            placed = False
            for _, i in scored:
                edges = pool[i]
                trial = WallMaze(cells, frozenset(walls | set(edges)), links)
                if len(trial.reachable(start)) != len(cells):
                    continue
                walls.update(edges)
                for a, b in edges:
                    exits[a] -= 1
                    exits[b] -= 1
                    covered.update(blocks.get((a, b), ()))
                placed = True
                break
            if not placed:
                return None
    if len(covered) != total_blocks:
        return None
    return frozenset(walls)


HOUSE: tuple[Cell, ...] = ((4, 4), (5, 4), (4, 5), (5, 5))
"""The generator's Ghost House, e5 f5 e6 f6 (as in Roundabout); ghosts start as in Roundabout."""
GHOST_STARTS: tuple[Cell, ...] = ((5, 4), (4, 5), (5, 5), (4, 4))
PIECEPACKMAN_START: Cell = (5, 3)
POWER_COINS: tuple[Cell, ...] = ((9, 0), (9, 9), (0, 9), (0, 0))
GENERATOR_SECONDS = 10.0
"""The generator gives up after this long."""


def _house_walls(rng: random.Random) -> tuple[frozenset[Edge], frozenset[Edge]]:
    """Walls around the generator's Ghost House with one or two random exits, and the exits."""
    perimeter = sorted(
        wall_edge(c, (c[0] + dx, c[1] + dy))
        for c in HOUSE
        for dx, dy in ORTHOGONAL
        if (c[0] + dx, c[1] + dy) not in HOUSE
    )
    exits = frozenset(rng.sample(perimeter, rng.choice((1, 2, 2))))
    return frozenset(perimeter) - exits, exits


def generate_level(three: int, ace: int, seed: int, seconds: float = GENERATOR_SECONDS) -> Level:
    """A level for ``three`` 3-sticks and ``ace`` A-sticks that passes the Daedalus guidelines.

    The same arguments give the same level. Raises :class:`BudgetError` if no
    level is found within ``seconds``.
    """
    if three < 0 or ace < 0:
        raise BudgetError("stick counts cannot be negative")
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    house = frozenset(HOUSE)
    inside = frozenset(wall_edge(a, b) for a in HOUSE for b in HOUSE if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
    tries = 0
    while time.monotonic() < deadline:
        tries += 1
        fixed, exits = _house_walls(rng)
        sticks = walls_to_sticks(fixed)
        used_three = sum(1 for s in sticks if s.span == 2)
        used_ace = len(sticks) - used_three
        if used_three > three or used_ace > ace:
            continue
        perimeter = fixed | exits
        walls = daedalus_walls(
            BOARD_CELLS, PORTAL_LINKS, three - used_three, ace - used_ace, rng,
            fixed=fixed, frozen=perimeter | inside, exempt=house,
        )
        if walls is None:
            continue
        level = Level(
            id=f"daedalus-{three}-{ace}-{seed}",
            title=f"Daedalus {three}/{ace} (seed {seed})",
            origin="generated",
            budget_three=three,
            budget_ace=ace,
            sticks=tuple(walls_to_sticks(walls, 2, three)),
            ghost_house=HOUSE,
            ghost_starts=GHOST_STARTS,
            piecepackman_start=PIECEPACKMAN_START,
            power_coins=POWER_COINS,
            note=f"generated by ppprint from seed {seed}",
        )
        report = validate_level(level)
        if report.ok and not report.warnings:
            return level
    raise BudgetError(
        f"no level with {three} 3-sticks and {ace} A-sticks passes the Daedalus guidelines "
        f"({tries} tries in {seconds:g} s); the budget may be too small to make one-wide corridors "
        "or too large to avoid dead ends"
    )


# -- energy cubes -------------------------------------------------------------------------------


def cube_squares(level: Level) -> list[Cell]:
    """Ruling: cubes never lie on Piecepackman's start or on squares he cannot reach (else the level could not end).

    Squares an energy cube may lie on: reachable, outside the Ghost House, off power coins and his start.
    """
    reachable = level.maze.reachable(level.piecepackman_start)
    banned = set(level.ghost_house) | set(level.power_coins) | {level.piecepackman_start}
    return sorted((c for c in reachable if c not in banned), key=lambda c: (c[1], c[0]))


def settle_cubes(level: Level, thrown: Mapping[Cell, int]) -> dict[Cell, int]:
    """Ruling: a cube thrown where it may not lie (:func:`cube_squares`: the Ghost House, a power coin's
    square, Piecepackman's start, a square he cannot reach) moves to the nearest free square where it may.

    ``thrown``: square -> suit, one cube per square, as the handful landed. Nearest is counted in steps
    across the board, walls ignored (the cube is nudged by hand); of equally near squares, the first in
    rank-then-file order (a1, b1, ... j10). The cubes to move go in that order too, each taking its square
    before the next looks. Raises :class:`ValueError` when the cubes do not fit.
    """
    allowed = cube_squares(level)
    may_lie = set(allowed)
    settled = {cell: suit for cell, suit in thrown.items() if cell in may_lie}
    for cell in sorted(thrown, key=lambda c: (c[1], c[0])):
        if cell in settled:
            continue
        free = [c for c in allowed if c not in settled]
        if not free:
            raise ValueError(f"{len(thrown)} cubes do not fit on {len(allowed)} free squares")
        nearest = min(free, key=lambda c: abs(c[0] - cell[0]) + abs(c[1] - cell[1]))
        settled[nearest] = thrown[cell]
    return settled


def scatter_cubes(level: Level, seed: int, per_suit: int = CUBES_PER_SUIT) -> dict[Cell, int]:
    """A reproducible scatter: square -> suit index, one cube per square, spread one per tile first."""
    rng = random.Random(seed)
    allowed, by_tile = level.cube_tiles
    count = per_suit * len(SUITS)
    if count > len(allowed):
        raise ValueError(f"{count} cubes do not fit on {len(allowed)} free squares")
    tiles = sorted(by_tile)
    rng.shuffle(tiles)
    chosen = [rng.choice(by_tile[t]) for t in tiles[:count]]
    taken = set(chosen)
    rest = [c for c in allowed if c not in taken]
    chosen += rng.sample(rest, count - len(chosen))
    colours = [s for s in range(len(SUITS)) for _ in range(per_suit)]
    rng.shuffle(colours)
    return dict(zip(chosen, colours))
