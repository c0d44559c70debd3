"""A graph board written as data: its points, lines and regions, checked with every error at its line.

A game keeps its board in a YAML file of its folder (``board.yaml``, read by
:func:`load_graph`), or a game without an engine writes it in ``game.yaml`` as
``board: {graph: ...}``. The keys::

    points:             # each point's name and its position [x, y] (board units, y upwards)
      nw: [0, 2]
      ne: [2, 2]
      c: [1, 1]
    lines:              # the lines a piece moves along: "a-b", or a chain "a-b-c" (a-b and b-c)
      - nw-c-ne
    regions:            # optional: named sets of points, drawn as a tinted band (tint) or an outline
      top: {points: [nw, ne], style: outline}

A point's name is lower-case letters and digits, starting with a letter. A line
or region naming an unknown point, a line from a point to itself and a line
given twice are errors naming their own line of the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ppprint.errors import DataError, InputError
from ppprint.geometry.graph import Graph, GraphLine, GraphPoint, Region
from ppprint.model.validation import validated, whole_message
from ppprint.model.yamlio import line_of, load_yaml


class RegionSpec(BaseModel):
    """A region: its points, and how it is drawn (``tint``, the default, or ``outline``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    points: list[str] = Field(min_length=1)
    style: Literal["tint", "outline"] = "tint"


class GraphSpec(BaseModel):
    """A graph board's data (see the module notes)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    points: dict[str, Annotated[list[float], Field(min_length=2, max_length=2)]]
    lines: list[str] = []
    regions: dict[str, RegionSpec] = {}

    @model_validator(mode="after")
    def _checked(self) -> GraphSpec:
        try:
            self.graph()
        except DataError as exc:
            raise whole_message(exc.message, exc.loc) from None
        return self

    def graph(self) -> Graph:
        """The board's geometry; a :class:`DataError` names the key path at fault."""
        lines: list[GraphLine] = []
        where: list[int] = []
        for index, chain in enumerate(self.lines):
            names = chain.split("-")
            if len(names) < 2 or not all(names):
                raise DataError(f"'{chain}' is not a line: write two or more point names joined by '-' (nw-c-se)", ("lines", index))
            lines += [GraphLine(a, b) for a, b in zip(names, names[1:])]
            where += [index] * (len(names) - 1)
        points = tuple(GraphPoint(name, x, y) for name, (x, y) in self.points.items())
        regions = tuple(Region(name, tuple(spec.points), spec.style) for name, spec in self.regions.items())
        try:
            return Graph(points, tuple(lines), regions)
        except DataError as exc:
            if exc.loc[:1] == ("lines",) and len(exc.loc) == 2 and isinstance(exc.loc[1], int):
                raise DataError(exc.message, ("lines", where[exc.loc[1]])) from None
            raise


def load_graph(path: Path) -> Graph:
    """The graph board of a YAML file; an :class:`InputError` names the file and the line at fault."""
    raw = load_yaml(path)
    try:
        return validated(GraphSpec, raw).graph()
    except DataError as exc:
        raise InputError(exc.message, path, line_of(raw, exc.loc)) from None
