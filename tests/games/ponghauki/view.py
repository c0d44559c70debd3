"""How Pong Hau K'i is drawn: the graph board of ``board.yaml`` and a stone on each taken point."""

from __future__ import annotations

from pydantic import Field

from ppprint.api import GameView, GraphBoard, Scene, ViewOptions

from . import pieces as _pieces  # noqa: F401  (registers the stone, also when imported alone)
from .engine import BOARD, PongHauKiState

STONE_SCALE = 0.44
"""A stone's diameter in board units (the centre is 1.41 units from a corner)."""


class PongHauKiOptions(ViewOptions):
    """``unit``: inches per board unit (the board's side is two units; 0.8 by default, 0.3 to 2)."""

    unit: float = Field(0.8, ge=0.3, le=2.0)


class PongHauKiView(GameView[PongHauKiState, PongHauKiOptions]):
    """The board's regions, lines and points, then the stones."""

    Options = PongHauKiOptions

    def scene(self, state: PongHauKiState, options: PongHauKiOptions) -> Scene:
        board = GraphBoard(BOARD, unit=options.unit)
        scene = Scene(board, board.pieces(), coordinates=options.coordinates, margin=0.05, unit=options.unit)
        for point, player in sorted(state.points.items()):
            scene.add("ponghauki-stone", board.centre(point), owner=player, length=STONE_SCALE * options.unit)
        return scene


VIEW = PongHauKiView()
