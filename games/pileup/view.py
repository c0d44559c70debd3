# SPDX-License-Identifier: MIT
"""How Pile Up is drawn: the 8x8 board, single pieces from above, stacks side-on, and the reserves."""

from __future__ import annotations

from ppprint.api import COIN_DIAMETER, DataError, GameView, LABEL_GAP, LABEL_HALF, Piece, Scene, SquareBoard, WindowOptions, rectangle

from . import pieces  # noqa: F401  (registers the piece kinds laid out here)
from .engine import BLACK, GRID, NAMES, PLAYERS, VALUES, WHITE, PileUpMove, PileUpState, Placement, owner_of

RESERVE_GAP = 0.2
"""Board units (inches) between the board (or its coordinates) and a row of off-board pieces."""
SLOT = GRID.files / len(VALUES)
"""Width of one piece's slot in a reserve row, board units: the ten values span the board's width."""


class PileUpOptions(WindowOptions):
    """``reserve``: draw each player's pieces still off the board in a row, White's above the
    board and Black's below (under the coordinates), one slot per value, 1 at the left (default false);
    ``window``: ``[b4, h6]`` draws only that rectangle of the board (:class:`~ppprint.api.WindowOptions`;
    not with ``reserve``, whose rows span the whole board)."""

    reserve: bool = False


class PileUpView(GameView[PileUpState, PileUpOptions]):
    """The board of ``pileup-square`` pieces, the pieces and stacks on it, and optionally the reserves.

    A single piece is a ``pileup-piece`` (``owner``, ``rank`` the value); a stack of two or
    more is a ``pileup-stack`` whose ``stack`` holds :func:`~.engine.piece_code` values bottom
    to top (``+v`` black, ``-v`` white) and whose ``owner`` is the controller. With
    ``reserve``, the rows are the named areas ``black-reserve`` and ``white-reserve``, and
    each slot is the area ``<player>-reserve-<value>`` (empty once that piece is in play).
    """

    Options = PileUpOptions

    def scene(self, state: PileUpState, options: PileUpOptions) -> Scene:
        if options.reserve and options.window is not None:
            raise DataError("window: a cropped board draws no reserves (their rows span the whole board); drop reserve or window", ("window",))
        board = SquareBoard(GRID.files, GRID.ranks, square="pileup-square")
        scene = Scene(board, pieces=board.pieces(), coordinates=options.coordinates, window=options.window)
        for index, stack in enumerate(state.stacks):
            if not stack:
                continue
            at = board.centre(NAMES[index])
            if len(stack) == 1:
                scene.add("pileup-piece", at, rank=abs(stack[0]), owner=owner_of(stack[0]))
            else:
                scene.add("pileup-stack", at, owner=owner_of(stack[-1]), stack=stack)
        if options.reserve:
            add_reserves(scene, state, options.coordinates)
        return scene

    def placement(self, state: PileUpState, move: PileUpMove, options: PileUpOptions) -> Piece | None:
        """A placement's piece: the mover's piece of its value."""
        return Piece("pileup-piece", 0.0, 0.0, rank=move.value, owner=state.to_move) if isinstance(move, Placement) else None


def add_reserves(scene: Scene, state: PileUpState, coordinates: bool) -> None:
    """Each player's off-board pieces in a row of ten slots: White's above the board, Black's below
    it (and below the file letters when they are shown)."""
    below = -(LABEL_GAP + LABEL_HALF) if coordinates else 0.0
    half = COIN_DIAMETER / scene.unit / 2
    rows = {BLACK: below - RESERVE_GAP - half, WHITE: GRID.ranks + RESERVE_GAP + half}
    for player, y in rows.items():
        name = f"{PLAYERS[player]}-reserve"
        y0, y1 = y - half - RESERVE_GAP / 2, y + half + RESERVE_GAP / 2
        scene.areas[name] = rectangle(0.0, y0, GRID.files, y1)
        for value in VALUES:
            x = (value - 0.5) * SLOT
            scene.areas[f"{name}-{value}"] = rectangle(x - SLOT / 2, y0, x + SLOT / 2, y1)
            if state.reserve[player] >> value & 1:
                scene.add("pileup-piece", (x, y), rank=value, owner=player)


VIEW = PileUpView()
