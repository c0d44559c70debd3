"""Square cells with algebraic names.

A cell is a pair ``(file, rank)`` of 0-based integers; its name is the file's
letter and the 1-based rank, as in chess: ``(0, 0)`` is ``a1``, ``(2, 3)`` is
``c4``. Files run left to right and ranks bottom to top as seen by the first
player.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

Cell = tuple[int, int]
Direction = tuple[int, int]

ORTHOGONAL: tuple[Direction, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Direction, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS: tuple[Direction, ...] = ORTHOGONAL + DIAGONAL

_CELL_RE = re.compile(r"([a-z])([1-9][0-9]?)")


def cell_name(cell: Cell) -> str:
    """The algebraic name of a cell: ``(2, 3)`` -> ``c4``."""
    file, rank = cell
    return f"{chr(ord('a') + file)}{rank + 1}"


def parse_cell_name(text: str) -> Cell | None:
    """The cell of an algebraic name, or ``None`` if ``text`` is not one."""
    match = _CELL_RE.fullmatch(text.strip())
    if not match:
        return None
    return ord(match.group(1)) - ord("a"), int(match.group(2)) - 1


def step(cell: Cell, direction: Direction, distance: int = 1) -> Cell:
    """The cell ``distance`` steps from ``cell`` in ``direction``."""
    return cell[0] + direction[0] * distance, cell[1] + direction[1] * distance


@dataclass(frozen=True)
class SquareGrid:
    """A rectangle of ``files`` x ``ranks`` square cells."""

    files: int
    ranks: int

    def __contains__(self, cell: object) -> bool:
        return (
            isinstance(cell, tuple)
            and len(cell) == 2
            and 0 <= cell[0] < self.files
            and 0 <= cell[1] < self.ranks
        )

    def cells(self) -> Iterator[Cell]:
        """All cells, rank by rank from a1."""
        for rank in range(self.ranks):
            for file in range(self.files):
                yield file, rank

    def parse(self, text: str) -> Cell | None:
        """The cell named ``text`` if it is on this grid, else ``None``."""
        cell = parse_cell_name(text)
        return cell if cell is not None and cell in self else None

    def index(self, cell: Cell) -> int:
        """A dense index of the cell, for array-backed boards."""
        return cell[1] * self.files + cell[0]

    def cell_at(self, index: int) -> Cell:
        """The inverse of :meth:`index`."""
        return index % self.files, index // self.files

    def neighbours(self, cell: Cell, directions: tuple[Direction, ...] = ORTHOGONAL) -> list[Cell]:
        """The cells one step away in ``directions`` that are on the grid."""
        return [n for n in (step(cell, d) for d in directions) if n in self]
