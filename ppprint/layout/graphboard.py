"""A graph board: the points, lines and regions of a :class:`~ppprint.geometry.graph.Graph`, in board units.

The board's pieces are its regions (``graphregion``: a tinted or outlined band
through the region's points), its lines (``graphline``: a stroke from point to
point) and its points (``graphpoint``: a small disc), drawn in that order under
every mark and piece. Each point is a named cell whose outline is a circle of
``mark_radius`` round it, so a mark on a point ("allowed here", "played here", a
cross) rings it, and a move drawn through points follows the lines between them.
Each point's name is its coordinate label, set off the point in the middle of
the widest gap between the lines that leave it, so no label sits on a line.

Positions are board units; ``unit`` (inches per board unit, the scene's
``unit`` too) sizes the board's pieces, whose lengths are inches.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ppprint.geometry.graph import Graph, label_direction
from ppprint.layout.boards import Board, Polygon
from ppprint.model.table import Label, Piece, Point

CIRCLE_SIDES = 32
"""Sides of the polygon that stands for a point's circle."""


def circle(centre: Point, radius: float, sides: int = CIRCLE_SIDES) -> Polygon:
    """A regular polygon of ``sides`` corners on the circle of ``radius`` round ``centre``."""
    x, y = centre
    return tuple((x + radius * math.cos(2 * math.pi * k / sides), y + radius * math.sin(2 * math.pi * k / sides)) for k in range(sides))


@dataclass(frozen=True)
class GraphBoard(Board):
    """A graph's points, lines and regions (see the module notes).

    ``mark_radius``: the radius of a point's circle, board units (keep it under a
    third of the shortest line, so a move along a line is drawn as an arrow);
    ``point_size``: a point's disc, inches; ``label_distance``: from a point to its
    label's centre, board units (past the pieces that stand on points);
    ``band``: a region's band width, board units.
    """

    graph: Graph
    unit: float = 1.0
    mark_radius: float = 0.36
    point_size: float = 0.09
    label_distance: float = 0.5
    band: float = 0.7

    @cached_property
    def _outlines(self) -> dict[str, Polygon]:
        return {point.name: circle(point.at, self.mark_radius) for point in self.graph.points}

    def outlines(self) -> Mapping[str, Polygon]:
        return self._outlines

    def centre(self, cell: str) -> Point:
        """The position of a named point."""
        return self.graph.at(cell)

    def pieces(self) -> list[Piece]:
        unit, graph = self.unit, self.graph
        pieces: list[Piece] = []
        for region in graph.regions:
            spots = [graph.at(name) for name in region.points]
            xs, ys = [x for x, _ in spots], [y for _, y in spots]
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            path = tuple(((x - cx) * unit, (y - cy) * unit) for x, y in spots)
            pieces.append(Piece("graphregion", cx, cy, side="face" if region.style == "tint" else "back", length=self.band * unit, label=region.name, path=path))
        for line in graph.lines:
            (x0, y0), (x1, y1) = graph.at(line.first), graph.at(line.second)
            angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
            pieces.append(Piece("graphline", (x0 + x1) / 2, (y0 + y1) / 2, angle=angle, length=math.dist((x0, y0), (x1, y1)) * unit))
        pieces += [Piece("graphpoint", point.x, point.y, length=self.point_size, label=point.name) for point in graph.points]
        return pieces

    def coordinate_labels(self) -> list[Label]:
        labels = []
        for point in self.graph.points:
            angle = label_direction(self.graph.directions(point.name))
            at = (point.x + self.label_distance * math.cos(angle), point.y + self.label_distance * math.sin(angle))
            labels.append(Label(at, point.name))
        return labels
