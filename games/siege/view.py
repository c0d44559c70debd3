# SPDX-License-Identifier: MIT
"""How Siege by Number is drawn: the pinwheel of tiles, the pieces, and beside each Home Base
its owner's Army stack and waiting Commander, with the dice in front of the player to move.

Board units are inches, with a1's lower-left corner at the origin: the engine's
rulings coordinates shifted by :data:`~.engine.NAME_ORIGIN`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Annotated, Literal

from pydantic import PlainValidator

from ppprint.api import GameView, Piece, Point, Scene, Tile, TileBoard, TileLayout, WindowOptions

from .engine import COLOURS, COMMANDER_KIND, NAME_ORIGIN, SEAT_TURNS, SQUARE_CENTRE, SQUARE_NAMES, Reinforce, SiegeMove, SiegeState, game_for

STACK_AT = (-3.4, -3.0)
PAWN_AT = (-2.0, -3.0)
DICE_AT = (-1.1, -3.0)
"""Where, in the rulings' cell units, the lower-left seat keeps its stack, its Commander
when off the board, and the dice of its turn; other seats turn these about the centre."""
DIE_SPACING = 0.7
MARGIN = 0.25
"""Board units (inches) of empty table kept round the outermost tile, piece or label."""
STACK_RISE = 0.06
"""Each coin of an off-board stack is drawn this many inches above the one beneath."""
DICE_SUITS = COLOURS
"""The suits of the dice drawn, one die of each in turn."""


def _reveal(value: object) -> bool | list[str]:
    if isinstance(value, bool):
        return value
    if isinstance(value, list):
        for item in value:
            if item not in COLOURS and item not in SQUARE_NAMES:
                raise ValueError(f"'{item}' is neither a colour ({', '.join(COLOURS)}) nor a square")
        return [str(item) for item in value]
    raise ValueError(f"reveal is true, false or a list of colours and squares, not {value!r}")


class SiegeOptions(WindowOptions):
    """``reveal``: true, or a list of colours and square names, whose Armies lie face up
    (default none); ``dice``: draw the unused dice in front of the player to move
    (default true; under the board's lower right corner when a ``window`` crops it);
    ``off_board``: draw the stacks and waiting Commanders beside the Home Bases (default
    true); ``window``: ``[c3, f6]`` draws only that rectangle of the board
    (:class:`~ppprint.api.WindowOptions`; a corner may be a Home Base, ``home-suns``)."""

    reveal: Annotated[bool | list[str], PlainValidator(_reveal)] = False
    dice: bool = True
    off_board: bool = True


def seat_point(point: Point, turns: int) -> Point:
    """A point of the lower-left seat (rulings' cell units) turned to a seat, in board units."""
    x, y = point[0] - SQUARE_CENTRE[0], point[1] - SQUARE_CENTRE[1]
    for _ in range(turns):
        x, y = -y, x
    return x + SQUARE_CENTRE[0] - NAME_ORIGIN[0], y + SQUARE_CENTRE[1] - NAME_ORIGIN[1]


@cache
def tile_board(suits: tuple[str, ...]) -> TileBoard:
    """The board of a set of colours: the engine's tiles moved so a1 starts at the origin,
    named as the engine names its squares, labelled a..h and 1..8 on all four sides."""
    board = game_for(suits).board
    dx, dy = -NAME_ORIGIN[0], -NAME_ORIGIN[1]
    layout = TileLayout(tuple(Tile(t.x + dx, t.y + dy, t.size, t.cells_per_side, t.name) for t in board.layout.tiles))
    names = {(x + dx, y + dy): name for (x, y), name in zip(board.cells, board.names)}
    return TileBoard(layout, names=names, frame=((0, 0), (8, 8)), sides=("bottom", "top", "left", "right"))


class SiegeView(GameView[SiegeState, SiegeOptions]):
    """The tiles (Home Bases face up, turned to their seats), the pieces, stacks, Commanders and dice."""

    Options = SiegeOptions

    def scene(self, state: SiegeState, options: SiegeOptions) -> Scene:
        suits = state.board.suits
        board = tile_board(suits)
        scene = Scene(board, coordinates=options.coordinates, margin=MARGIN, window=options.window)
        face_up = _face_up(options)
        for tile in board.layout.tiles:
            centre = board.tile_centre(tile)
            if tile.cells_per_side == 1:
                suit = tile.name.removeprefix("home-")
                scene.add("tile", centre, suit=suit, rank=1, side="face", angle=90.0 * SEAT_TURNS[suit])
            else:
                scene.add("tile", centre, side="back")
        for placed in state.placed():
            suit, at = suits[placed.player], board.centre(placed.square)
            if placed.kind == COMMANDER_KIND:
                scene.add("pawn", at, suit=suit, owner=placed.player)
            else:
                side = "face" if face_up(suit, placed.square) else "back"
                scene.add("coin", at, suit=suit, rank=placed.kind, side=side, owner=placed.player)
        if options.off_board:
            for player, suit in enumerate(suits):
                turns = SEAT_TURNS[suit]
                x, y = seat_point(STACK_AT, turns)
                side = "face" if face_up(suit, None) else "back"
                for height, value in enumerate(state.stacks[player]):
                    scene.add("coin", (x, y + height * STACK_RISE), suit=suit, rank=value, side=side, owner=player)
                if state.commander_off_board(player):
                    scene.add("pawn", seat_point(PAWN_AT, turns), suit=suit, owner=player)
        if options.dice and state.dice:
            turns = SEAT_TURNS[suits[state.to_move]]
            under = _under_window(board, options.window)
            for index, face in enumerate(state.dice):
                if under is not None:
                    # A cropped board: the dice in a row under its lower right corner, upright.
                    at, angle = (under[0] - (len(state.dice) - 1 - index) * DIE_SPACING, under[1]), 0.0
                else:
                    at, angle = seat_point((DICE_AT[0] + index * DIE_SPACING, DICE_AT[1]), turns), 90.0 * turns
                scene.add("die", at, suit=DICE_SUITS[index], rank=face, angle=angle)
        return scene

    def placement(self, state: SiegeState, move: SiegeMove, options: SiegeOptions) -> Piece | None:
        """A reinforcement's piece: the top Army of the mover's stack (face up as the stack is), or the
        Commander once the stack is empty."""
        if not isinstance(move, Reinforce):
            return None
        player = state.to_move
        suit = state.board.suits[player]
        if not state.stacks[player]:
            return Piece("pawn", 0.0, 0.0, suit=suit, owner=player)
        side: Literal["face", "back"] = "face" if _face_up(options)(suit, None) else "back"
        return Piece("coin", 0.0, 0.0, suit=suit, rank=state.stacks[player][-1], side=side, owner=player)


WINDOW_DICE_DROP = 0.9
"""Board units from a window's lower edge down to the centres of the dice drawn under it (clear of the file letters)."""


def _under_window(board: TileBoard, window: list[str] | None) -> Point | None:
    """Where the rightmost die goes under a window (the centre of its last cell column, below the labels), or
    ``None`` without a window (or with one naming no cell: the layout refuses it)."""
    outlines = board.outlines()
    if window is None or any(name not in outlines for name in window):
        return None
    corners = [point for name in window for point in outlines[name]]
    return max(x for x, _ in corners) - 0.5, min(y for _, y in corners) - WINDOW_DICE_DROP


def _face_up(options: SiegeOptions) -> Callable[[str, str | None], bool]:
    """Whether the options show a colour's Army (on a square, or off the board: ``None``) face up."""
    reveal = options.reveal

    def face_up(suit: str, square: str | None) -> bool:
        return reveal is True or (isinstance(reveal, list) and (suit in reveal or square in reveal))

    return face_up


VIEW = SiegeView()
