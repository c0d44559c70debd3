"""Boards of any shape: named points at positions, the straight lines between them, and named regions.

A graph board is the board of many traditional games of points and lines: a
piece stands on a *point* and moves along a *line* to another point. A *region* is a named set of points that the rules
talk about (a home row, a goal) and a diagram may tint or outline.

Positions are in the caller's unit with y upwards (board units in a scene).
Every name is lower-case letters and digits, starting with a letter (``a``,
``nw``, ``p12``), so it reads as a cell name in figure data and in a move
(``nw-c``). :class:`Graph` checks its data when made: a line or region naming
an unknown point, a line from a point to itself or a line given twice raises a
:class:`~ppprint.errors.DataError` whose ``loc`` is the key path at fault
(``("lines", 3)``), which a loader turns into its file and line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ppprint.errors import DataError

Position = tuple[float, float]

NAME = re.compile(r"[a-z][a-z0-9]*")
"""What a point's or a region's name looks like."""


@dataclass(frozen=True)
class GraphPoint:
    """A named place on the board, at ``(x, y)``."""

    name: str
    x: float
    y: float

    @property
    def at(self) -> Position:
        """The point's position."""
        return self.x, self.y


@dataclass(frozen=True)
class GraphLine:
    """A straight line between two named points, which a piece may move along (either way)."""

    first: str
    second: str

    def ends(self) -> tuple[str, str]:
        """The names of its two points."""
        return self.first, self.second


@dataclass(frozen=True)
class Region:
    """A named set of points (in the order given), drawn ``tint`` (a tinted band) or ``outline``."""

    name: str
    points: tuple[str, ...]
    style: str = "tint"


@dataclass(frozen=True)
class Graph:
    """Points, lines and regions, checked when made (see the module notes)."""

    points: tuple[GraphPoint, ...]
    lines: tuple[GraphLine, ...]
    regions: tuple[Region, ...] = ()
    _by_name: dict[str, GraphPoint] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, GraphPoint] = {}
        for point in self.points:
            if not NAME.fullmatch(point.name):
                raise DataError(f"'{point.name}' is not a point name (lower-case letters and digits, starting with a letter)", ("points", point.name))
            if point.name in by_name:
                raise DataError(f"two points named '{point.name}'", ("points", point.name))
            by_name[point.name] = point
        if not by_name:
            raise DataError("a graph board needs at least one point", ("points",))
        seen: set[frozenset[str]] = set()
        for index, line in enumerate(self.lines):
            for end in line.ends():
                if end not in by_name:
                    raise DataError(f"line {line.first}-{line.second}: unknown point '{end}' (points: {', '.join(by_name)})", ("lines", index))
            if line.first == line.second:
                raise DataError(f"line {line.first}-{line.second} joins a point to itself", ("lines", index))
            pair = frozenset(line.ends())
            if pair in seen:
                raise DataError(f"line {line.first}-{line.second} is given twice", ("lines", index))
            seen.add(pair)
        for region in self.regions:
            if not region.points:
                raise DataError(f"region '{region.name}' names no point", ("regions", region.name))
            for member in region.points:
                if member not in by_name:
                    raise DataError(f"region '{region.name}': unknown point '{member}' (points: {', '.join(by_name)})", ("regions", region.name))
        object.__setattr__(self, "_by_name", by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def names(self) -> Iterator[str]:
        """Every point's name, in the order given."""
        return (point.name for point in self.points)

    def point(self, name: str) -> GraphPoint:
        """The point named ``name``; a ``KeyError`` names the points known."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"'{name}' is not a point of the board (points: {', '.join(self._by_name)})") from None

    def at(self, name: str) -> Position:
        """The position of the point named ``name``."""
        return self.point(name).at

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {name: [] for name in self._by_name}
        for line in self.lines:
            found[line.first].append(line.second)
            found[line.second].append(line.first)
        return {name: tuple(others) for name, others in found.items()}

    def neighbours(self, name: str) -> tuple[str, ...]:
        """The points joined to ``name`` by a line, in the order of the lines."""
        self.point(name)
        return self._neighbours[name]

    def joined(self, first: str, second: str) -> bool:
        """Whether a line joins the two points."""
        return first in self._by_name and second in self._neighbours[first]

    def region(self, name: str) -> Region:
        """The region named ``name``; a ``KeyError`` names the regions known."""
        for region in self.regions:
            if region.name == name:
                return region
        raise KeyError(f"'{name}' is not a region of the board (regions: {', '.join(r.name for r in self.regions) or 'none'})")

    def directions(self, name: str) -> list[float]:
        """The angles (radians, counter-clockwise from east) of the lines leaving ``name``."""
        x, y = self.at(name)
        return [math.atan2(oy - y, ox - x) for ox, oy in (self.at(other) for other in self.neighbours(name))]


def label_direction(directions: Sequence[float]) -> float:
    """The angle (radians) a point's label goes in: the middle of the widest gap between the lines leaving
    the point, so the label sits on no line (up and to the left of a point with no line)."""
    if not directions:
        return 0.75 * math.pi
    angles = sorted(a % (2 * math.pi) for a in directions)
    gaps = [((angles[(i + 1) % len(angles)] - a) % (2 * math.pi) or 2 * math.pi, a) for i, a in enumerate(angles)]
    width, start = max(gaps, key=lambda gap: (round(gap[0], 9), -gap[1]))
    return (start + width / 2) % (2 * math.pi)


def graph_of(points: Mapping[str, Position], lines: Sequence[tuple[str, str]], regions: Sequence[Region] = ()) -> Graph:
    """A graph from plain values: each point's position by name, the lines as pairs of names."""
    return Graph(tuple(GraphPoint(name, x, y) for name, (x, y) in points.items()), tuple(GraphLine(a, b) for a, b in lines), tuple(regions))
