"""The public API of ppprint: the one module a game folder's code may import.

A game's ``engine.py``, ``view.py``, ``pieces.py`` and other modules import only
from here (``from ppprint.api import GridGame, Piece``); everything else in
``ppprint`` is internal and may change without notice. ``tests/test_public_api.py``
holds the bundled games and the ``ppprint new`` templates to it.

Importing this module is cheap: each name loads its defining module on first
use (PEP 562), so a game's engine does not pull in drawing or PDF code.

Errors
    ``InputError`` bad input, one line naming file and line; ``DataError`` bad game
    data; ``PositionError`` a position that cannot be read; ``InvalidMoveError``
    a move text that cannot be read; ``IllegalMoveError`` a move the rules forbid.
Rules engine (the contract ``ppprint check`` holds a game to)
    ``Game``, ``State`` the engine and its positions; ``Move`` what a move is;
    ``PositionModel`` the figure data of a position; ``ReasonCode``, ``FactName``,
    ``EndReason`` enums whose members cite their rule; ``Verdict``, ``LEGAL``,
    ``illegal`` what ``explain`` returns; ``Outcome`` how a game ended;
    ``CHANCE``, ``TERMINAL`` the mover of a chance node and of an ended game.
Grid base (two players' pieces on a square grid, one per cell)
    ``GridGame``, ``GridState``, ``GridMove``, ``GridPosition``.
Position text fields (``key=value`` words)
    ``fields_text`` writes them; ``split_fields``, ``expect_fields``, ``read_fields`` read them.
Square geometry
    ``Cell`` a (file, rank); ``Direction``, ``ORTHOGONAL``, ``ALL_DIRECTIONS``;
    ``SquareGrid`` a grid's cells by index; ``cell_name``, ``parse_cell_name``;
    ``square_step`` a cell's neighbour.
Hex geometry
    ``HexField`` a field of hex cells; ``HEX_DIRECTIONS``; ``hex_step`` a cell's neighbour.
Graph boards (named points joined by lines)
    ``Graph``, ``GraphPoint``, ``GraphLine``, ``Region`` a board of points; ``load_graph``
    reads one from a YAML file (errors at their lines); ``GraphBoard`` lays it out.
Tiles and walls
    ``Tile``, ``TileLayout`` piecepack tiles on a grid; ``Edge``, ``Stick``, ``WallMaze``
    walls between cells; ``stick_along``, ``wall_edge``, ``walls_to_sticks`` between walls and matchsticks.
Layout (a view lays a state out on a board)
    ``GameView`` a game's view; ``ViewOptions`` its options model (``WindowOptions`` with a
    ``window`` that crops a square board); ``Scene`` what it
    lays out; ``Suit`` a piecepack suit; ``TileBoard``, ``SquareBoard``, ``HexBoard``
    boards; ``rectangle`` a cell's outline; ``LABEL_GAP``, ``LABEL_HALF`` label spacing.
The piece table (inches)
    ``Piece``, ``Table``, ``Point``, ``Label``, ``Highlight``; ``SUITS``, ``SUIT_NAMES``;
    ``TILE_SIZE``, ``COIN_DIAMETER``; ``register_kind`` declares a piece kind (its size);
    ``footprint`` the box a piece takes.
Drawing
    ``piece_drawer`` the decorator that gives a registered kind its drawer; ``Pen``,
    ``Paint``, ``Drawing``, ``Segment``, ``parse_path``; ``SANS``, ``SANS_BOLD``, ``SERIF``,
    ``SERIF_BOLD`` the shipped fonts; ``POINTS_PER_INCH``; ``table_drawing``,
    ``figure_drawing``, ``PanelPicture`` a table or panels as a drawing; ``draw_piece`` one
    piece with its kind's drawer; ``svg_document`` a drawing as SVG.
Data files
    ``load_yaml`` a YAML file whose values know their lines; ``line_of`` a value's line;
    ``validated`` data checked against a pydantic model, errors at their lines;
    ``write_atomic`` write a file whole or not at all.
Simulated play (``play.py``)
    ``Variant`` a set-up the report measures; ``Agent``, ``AgentFactory``, ``Evaluate``;
    ``GreedyAgent`` one ply ahead by an evaluation (``FollowUps`` counts a move with what it opens).
Print-and-play (``pnp.py``)
    ``PnpOptions`` the sheets' options; ``PrintAndPlay`` the document; ``SheetPiece``
    a piece to cut out; ``piece_table`` a table of one piece.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names' types, for mypy (at run time each loads on first use)
    from ppprint.book.pnp import PnpOptions
    from ppprint.book.pnp.standard import piece_table
    from ppprint.book.sheets import PrintAndPlay, SheetPiece
    from ppprint.engine.base import (
        CHANCE,
        EndReason,
        FactName,
        Game,
        LEGAL,
        Move,
        Outcome,
        PositionModel,
        ReasonCode,
        State,
        TERMINAL,
        Verdict,
        illegal,
    )
    from ppprint.engine.fields import expect_fields, fields_text, read_fields, split_fields
    from ppprint.engine.grid import GridGame, GridMove, GridPosition, GridState
    from ppprint.errors import DataError, IllegalMoveError, InputError, InvalidMoveError, PositionError
    from ppprint.geometry.graph import Graph, GraphLine, GraphPoint, Region
    from ppprint.geometry.hex import HexField
    from ppprint.geometry.hex import DIRECTIONS as HEX_DIRECTIONS
    from ppprint.geometry.hex import step as hex_step
    from ppprint.geometry.square import ALL_DIRECTIONS, Cell, Direction, ORTHOGONAL, SquareGrid, cell_name, parse_cell_name
    from ppprint.geometry.square import step as square_step
    from ppprint.geometry.tiles import Tile, TileLayout
    from ppprint.geometry.walls import Edge, Stick, WallMaze, stick_along, wall_edge, walls_to_sticks
    from ppprint.layout import GameView, LABEL_GAP, Scene, SquareBoard, Suit, TileBoard, ViewOptions, WindowOptions, rectangle
    from ppprint.layout.graphboard import GraphBoard
    from ppprint.layout.hexboard import HexBoard
    from ppprint.layout.scene import LABEL_HALF
    from ppprint.model.table import (
        COIN_DIAMETER,
        Highlight,
        Label,
        Piece,
        Point,
        SUITS,
        SUIT_NAMES,
        TILE_SIZE,
        Table,
        footprint,
        register_kind,
    )
    from ppprint.model.graph import load_graph
    from ppprint.model.validation import validated
    from ppprint.model.yamlio import line_of, load_yaml
    from ppprint.output import write_atomic
    from ppprint.play.agents import Agent, AgentFactory, Evaluate, FollowUps, GreedyAgent
    from ppprint.play.hooks import Variant
    from ppprint.render.draw import Drawing, Paint, Pen, Segment, parse_path
    from ppprint.render.figure import PanelPicture, figure_drawing, table_drawing
    from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD
    from ppprint.render.pieces import POINTS_PER_INCH, draw_piece, piece_drawer
    from ppprint.render.svg import svg_document


def _from(module: str, *names: str) -> dict[str, tuple[str, str]]:
    """``name -> (module, name)``: names exported as their module calls them."""
    return {name: (module, name) for name in names}


_TABLE: dict[str, tuple[str, str]] = {
    **_from("ppprint.errors", "DataError", "IllegalMoveError", "InputError", "InvalidMoveError", "PositionError"),
    **_from(
        "ppprint.engine.base",
        "CHANCE", "LEGAL", "TERMINAL", "EndReason", "FactName", "Game", "Move", "Outcome", "PositionModel", "ReasonCode", "State", "Verdict", "illegal",
    ),
    **_from("ppprint.engine.grid", "GridGame", "GridMove", "GridPosition", "GridState"),
    **_from("ppprint.engine.fields", "expect_fields", "fields_text", "read_fields", "split_fields"),
    **_from(
        "ppprint.geometry.square",
        "ALL_DIRECTIONS", "ORTHOGONAL", "Cell", "Direction", "SquareGrid", "cell_name", "parse_cell_name",
    ),
    "square_step": ("ppprint.geometry.square", "step"),
    **_from("ppprint.geometry.graph", "Graph", "GraphLine", "GraphPoint", "Region"),
    **_from("ppprint.geometry.hex", "HexField"),
    "HEX_DIRECTIONS": ("ppprint.geometry.hex", "DIRECTIONS"),
    "hex_step": ("ppprint.geometry.hex", "step"),
    **_from("ppprint.geometry.tiles", "Tile", "TileLayout"),
    **_from("ppprint.geometry.walls", "Edge", "Stick", "WallMaze", "stick_along", "wall_edge", "walls_to_sticks"),
    **_from("ppprint.layout", "LABEL_GAP", "GameView", "Scene", "SquareBoard", "Suit", "TileBoard", "ViewOptions", "WindowOptions", "rectangle"),
    **_from("ppprint.layout.graphboard", "GraphBoard"),
    **_from("ppprint.layout.hexboard", "HexBoard"),
    **_from("ppprint.layout.scene", "LABEL_HALF"),
    **_from(
        "ppprint.model.table",
        "COIN_DIAMETER", "SUIT_NAMES", "SUITS", "TILE_SIZE", "Highlight", "Label", "Piece", "Point", "Table", "footprint",
        "register_kind",
    ),
    **_from("ppprint.model.graph", "load_graph"),
    **_from("ppprint.model.validation", "validated"),
    **_from("ppprint.model.yamlio", "line_of", "load_yaml"),
    **_from("ppprint.output", "write_atomic"),
    **_from("ppprint.render.draw", "Drawing", "Paint", "Pen", "Segment", "parse_path"),
    **_from("ppprint.render.figure", "PanelPicture", "figure_drawing", "table_drawing"),
    **_from("ppprint.render.fonts", "SANS", "SANS_BOLD", "SERIF", "SERIF_BOLD"),
    **_from("ppprint.render.pieces", "POINTS_PER_INCH", "draw_piece", "piece_drawer"),
    **_from("ppprint.render.svg", "svg_document"),
    **_from("ppprint.play.agents", "Agent", "AgentFactory", "Evaluate", "FollowUps", "GreedyAgent"),
    **_from("ppprint.play.hooks", "Variant"),
    **_from("ppprint.book.pnp", "PnpOptions"),
    **_from("ppprint.book.pnp.standard", "piece_table"),
    **_from("ppprint.book.sheets", "PrintAndPlay", "SheetPiece"),
}
"""Each public name: the module that defines it and its name there."""

# The names of _TABLE, written out so that mypy takes them as exported (tests/test_public_api.py compares them).
__all__ = [
    "ALL_DIRECTIONS", "Agent", "AgentFactory", "CHANCE", "COIN_DIAMETER", "Cell", "DataError", "Direction", "Drawing",
    "Edge", "EndReason", "Evaluate", "FactName", "FollowUps", "Game", "GameView", "Graph", "GraphBoard", "GraphLine", "GraphPoint",
    "GreedyAgent", "GridGame", "GridMove", "GridPosition", "GridState", "HEX_DIRECTIONS", "HexBoard", "HexField", "Highlight",
    "IllegalMoveError", "InputError", "InvalidMoveError", "LABEL_GAP", "LABEL_HALF", "LEGAL", "Label", "Move",
    "ORTHOGONAL", "Outcome", "POINTS_PER_INCH", "Paint", "PanelPicture", "Pen", "Piece", "PnpOptions", "Point",
    "PositionError", "PositionModel", "PrintAndPlay", "ReasonCode", "Region", "SANS", "SANS_BOLD", "SERIF",
    "SERIF_BOLD", "SUITS", "SUIT_NAMES", "Scene", "Segment", "SheetPiece", "SquareBoard", "SquareGrid", "State",
    "Stick", "Suit", "TERMINAL", "TILE_SIZE", "Table", "Tile", "TileBoard", "TileLayout", "Variant", "Verdict",
    "ViewOptions", "WallMaze", "WindowOptions", "cell_name", "draw_piece", "expect_fields", "fields_text", "figure_drawing",
    "footprint", "hex_step", "illegal", "line_of", "load_graph", "load_yaml", "parse_cell_name", "parse_path",
    "piece_drawer", "piece_table", "read_fields", "rectangle", "register_kind", "split_fields", "square_step",
    "stick_along", "svg_document", "table_drawing", "validated", "wall_edge", "walls_to_sticks", "write_atomic",
]


if not TYPE_CHECKING:  # mypy reads the imports above, and so knows each name's type

    def __getattr__(name: str) -> Any:
        """Load a public name from its module on first use (and keep it here)."""
        try:
            module, attribute = _TABLE[name]
        except KeyError:
            raise AttributeError(f"module 'ppprint.api' has no attribute '{name}' (ppprint.api.__all__ lists the public names)") from None
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The module's names, the public ones loaded or not."""
    return sorted({*globals(), *__all__})
