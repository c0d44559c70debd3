"""Walls on the edges between square cells: shared geometry for mazes and wall games.

An :data:`Edge` is the side two orthogonally adjacent cells share, written as the
pair of cells in sorted order. Walls are a set of edges. A :class:`Stick` is a
straight wall segment lying on a grid line and covering ``span`` edges in line:
a piecepack A-stick covers one edge, a 3-stick two.

Grid points are the corners of cells: point ``(x, y)`` is the lower-left corner
of cell ``(x, y)``. A horizontal stick at ``(x, y)`` runs east along the line
between ranks ``y - 1`` and ``y``; a vertical one runs north along the line
between files ``x - 1`` and ``x``.

:class:`WallMaze` joins cells, walls and optional *links* (steps that leave the
grid and arrive elsewhere, such as portals) and answers the questions maze
rules and level checkers ask: where a step goes, which cells can be reached,
dead ends, areas wider than one cell, enclosed cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from ppprint.geometry.square import ORTHOGONAL, Cell, Direction, step

Edge = tuple[Cell, Cell]
"""The side shared by two orthogonally adjacent cells, cells in sorted order."""


def wall_edge(a: Cell, b: Cell) -> Edge:
    """The edge between two orthogonally adjacent cells; ``ValueError`` if they are not adjacent."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} are not orthogonally adjacent")
    return (a, b) if a < b else (b, a)


def edge_of_side(cell: Cell, direction: Direction) -> Edge:
    """The edge on the ``direction`` side of ``cell`` (north is ``(0, 1)``)."""
    return wall_edge(cell, step(cell, direction))


@dataclass(frozen=True, order=True)
class Stick:
    """A straight wall segment from grid point ``(x, y)`` covering ``span`` edges east or north."""

    x: int
    y: int
    horizontal: bool
    span: int = 1

    def edges(self) -> tuple[Edge, ...]:
        """The cell edges this stick blocks, from its start point onwards."""
        if self.horizontal:
            return tuple(wall_edge((self.x + i, self.y - 1), (self.x + i, self.y)) for i in range(self.span))
        return tuple(wall_edge((self.x - 1, self.y + i), (self.x, self.y + i)) for i in range(self.span))

    def centre(self) -> tuple[float, float]:
        """The midpoint of the stick, in cell units."""
        if self.horizontal:
            return self.x + self.span / 2, float(self.y)
        return float(self.x), self.y + self.span / 2


def stick_along(cells: tuple[Cell, ...], direction: Direction) -> Stick:
    """The stick on the ``direction`` side of a straight run of adjacent ``cells`` (a wall beside them)."""
    if not cells:
        raise ValueError("a stick needs at least one cell")
    xs = sorted({c[0] for c in cells})
    ys = sorted({c[1] for c in cells})
    dx, dy = direction
    if dy != 0 and len(ys) == 1 and xs == list(range(xs[0], xs[0] + len(cells))):
        return Stick(xs[0], ys[0] + (1 if dy > 0 else 0), True, len(cells))
    if dx != 0 and len(xs) == 1 and ys == list(range(ys[0], ys[0] + len(cells))):
        return Stick(xs[0] + (1 if dx > 0 else 0), ys[0], False, len(cells))
    raise ValueError(f"cells {cells} do not run in line along side {direction}")


def sticks_to_walls(sticks: Iterable[Stick]) -> frozenset[Edge]:
    """Every edge the sticks block; ``ValueError`` if two sticks cover the same edge."""
    walls: set[Edge] = set()
    for stick in sticks:
        for edge in stick.edges():
            if edge in walls:
                raise ValueError(f"two sticks cover the edge {edge}")
            walls.add(edge)
    return frozenset(walls)


def _runs(walls: Iterable[Edge]) -> list[list[Edge]]:
    """Maximal runs of walls lying end to end on one grid line, each sorted from its start."""
    by_line: dict[tuple[bool, int], list[int]] = {}
    for a, b in walls:
        horizontal = a[0] == b[0]  # cells one above the other: the wall lies horizontally
        line = (horizontal, b[1] if horizontal else b[0])
        by_line.setdefault(line, []).append(a[0] if horizontal else a[1])
    runs: list[list[Edge]] = []
    for (horizontal, line_at), positions in sorted(by_line.items()):
        run: list[Edge] = []
        for position in sorted(positions):
            if run and position != (run[-1][0][0] if horizontal else run[-1][0][1]) + 1:
                runs.append(run)
                run = []
            a = (position, line_at - 1) if horizontal else (line_at - 1, position)
            b = (position, line_at) if horizontal else (line_at, position)
            run.append((a, b))
        runs.append(run)
    return runs


def walls_to_sticks(walls: Iterable[Edge], long_span: int = 2, long_count: int | None = None) -> list[Stick]:
    """Cover ``walls`` exactly with sticks of span ``long_span`` and span 1.

    Uses as many long sticks as fit when ``long_count`` is ``None``, else exactly
    ``long_count`` of them (``ValueError`` if the walls cannot take that many).
    """
    runs = _runs(walls)
    most = sum(len(run) // long_span for run in runs)
    wanted = most if long_count is None else long_count
    if not 0 <= wanted <= most:
        raise ValueError(f"these walls take at most {most} sticks of span {long_span}, not {wanted}")
    sticks: list[Stick] = []
    for run in runs:
        index = 0
        while index < len(run):
            span = long_span if wanted > 0 and index + long_span <= len(run) else 1
            if span == long_span:
                wanted -= 1
            a, b = run[index]
            horizontal = a[0] == b[0]
            sticks.append(Stick(a[0], b[1], True, span) if horizontal else Stick(b[0], a[1], False, span))
            index += span
    return sorted(sticks)


@dataclass(frozen=True)
class WallMaze:
    """Cells, the walls between them, and links (steps that arrive somewhere other than next door).

    ``links`` maps ``(cell, direction)`` to the cell a step that way arrives on; it
    overrides the plain neighbour (a portal). Edges of ``walls`` that do not join
    two cells of the maze block nothing. Cells are indexed densely in sorted
    order; ``step_table[4 * index + d]`` is the index reached from cell ``index``
    in direction ``ORTHOGONAL[d]``, or -1 if the way is blocked.
    """

    cells: frozenset[Cell]
    walls: frozenset[Edge] = frozenset()
    links: Mapping[tuple[Cell, Direction], Cell] = field(default_factory=dict)
    order: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    index: dict[Cell, int] = field(init=False, repr=False, compare=False)
    step_table: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        order = tuple(sorted(self.cells, key=lambda c: (c[1], c[0])))
        index = {cell: i for i, cell in enumerate(order)}
        table: list[int] = []
        for cell in order:
            for direction in ORTHOGONAL:
                target = self.target(cell, direction)
                table.append(-1 if target is None else index[target])
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "step_table", tuple(table))

    def target(self, cell: Cell, direction: Direction) -> Cell | None:
        """The cell a step from ``cell`` in ``direction`` arrives on, or ``None`` if blocked."""
        linked = self.links.get((cell, direction))
        if linked is not None:
            return linked
        neighbour = step(cell, direction)
        if neighbour not in self.cells or wall_edge(cell, neighbour) in self.walls:
            return None
        return neighbour

    def blocked(self, a: Cell, b: Cell) -> bool:
        """Whether a wall stands between two adjacent cells."""
        return wall_edge(a, b) in self.walls

    def open_moves(self, cell: Cell) -> list[tuple[Direction, Cell]]:
        """The steps out of ``cell``: ``(direction, cell reached)``."""
        i = self.index[cell]
        return [
            (ORTHOGONAL[d], self.order[self.step_table[4 * i + d]])
            for d in range(4)
            if self.step_table[4 * i + d] >= 0
        ]

    def exits(self, cell: Cell) -> int:
        """How many steps lead out of ``cell``."""
        i = 4 * self.index[cell]
        return sum(1 for d in range(4) if self.step_table[i + d] >= 0)

    def reachable(self, start: Cell, blocked: Iterable[Cell] = ()) -> set[Cell]:
        """The cells reachable from ``start`` without entering ``blocked`` cells."""
        avoid = {self.index[c] for c in blocked if c in self.index}
        return {self.order[i] for i in self.reachable_indexes(self.index[start], avoid)}

    def reachable_indexes(self, first: int, avoid: AbstractSet[int] = frozenset()) -> set[int]:
        """:meth:`reachable` on cell indexes, for engines that keep cells as ints."""
        seen = {first}
        frontier = [first]
        table = self.step_table
        while frontier:
            i = frontier.pop()
            for d in range(4):
                j = table[4 * i + d]
                if j >= 0 and j not in seen and j not in avoid:
                    seen.add(j)
                    frontier.append(j)
        return seen

    def dead_ends(self) -> list[Cell]:
        """Cells with exactly one way out (walled on three sides), in cell order."""
        return [cell for cell in self.order if self.exits(cell) == 1]

    def walled_in(self) -> list[Cell]:
        """Cells with no way out at all, in cell order."""
        return [cell for cell in self.order if self.exits(cell) == 0]

    def enclosed(self, start: Cell) -> list[Cell]:
        """Cells that cannot be reached from ``start``, in cell order."""
        reached = self.reachable(start)
        return [cell for cell in self.order if cell not in reached]

    def wide_areas(self, exempt: Iterable[Cell] = ()) -> list[tuple[Cell, Cell, Cell, Cell]]:
        """Every 2x2 block of cells with no wall inside (corridors wider than one cell).

        A block is named by its cells, lower-left first; blocks touching an
        ``exempt`` cell are skipped.
        """
        skip = set(exempt)
        blocks = []
        for x, y in self.order:
            block = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
            if any(c not in self.cells or c in skip for c in block):
                continue
            inner = (
                wall_edge(block[0], block[1]),
                wall_edge(block[2], block[3]),
                wall_edge(block[0], block[2]),
                wall_edge(block[1], block[3]),
            )
            if not any(e in self.walls for e in inner):
                blocks.append(block)
        return blocks
