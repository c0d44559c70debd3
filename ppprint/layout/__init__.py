"""Layout: a game's view says what lies where in board terms; this layer makes the piece table.

Rules never import layout; a game's ``view.py`` imports its engine and this package.
"""

from ppprint.layout.boards import LABEL_GAP, Board, Polygon, SquareBoard, TileBoard, centre_of, frame_labels, rectangle
from ppprint.layout.scene import GameView, Scene, lay_out
from ppprint.model.view import Suit, ViewOptions, WindowOptions

__all__ = [
    "LABEL_GAP",
    "Board",
    "GameView",
    "Polygon",
    "Scene",
    "SquareBoard",
    "Suit",
    "TileBoard",
    "ViewOptions",
    "WindowOptions",
    "centre_of",
    "frame_labels",
    "lay_out",
    "rectangle",
]
