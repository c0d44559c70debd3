# SPDX-License-Identifier: MIT
"""How Expansion is drawn: the 3x3 tiles, the minions as coins, and the marks of captured tiles."""

from __future__ import annotations

from typing import Literal

from ppprint.api import DataError, GameView, LABEL_GAP, Piece, Scene, Suit, TILE_SIZE, TileBoard, WindowOptions

from .engine import CENTRE_TILE, HOME_TILES, PLAYERS, TILES, ExpansionState, owner_of, square_name, value_of


class ExpansionOptions(WindowOptions):
    """``suits``: each player's suit (default first suns, second moons); ``coins``: which side of
    the coins is up (default the suit, as in play); ``reveal``: cells whose coins show their value;
    ``markers``: draw the marks of captured tiles (default true); ``window``: ``[a1, d4]`` draws only
    that rectangle of whole tiles (:class:`~ppprint.api.WindowOptions`)."""

    suits: dict[Literal["first", "second"], Suit] = {}
    coins: Literal["suit", "value"] = "suit"
    reveal: list[str] = []
    markers: bool = True


class ExpansionView(GameView[ExpansionState, ExpansionOptions]):
    """The board, the minions and the capture markers."""

    Options = ExpansionOptions

    def scene(self, state: ExpansionState, options: ExpansionOptions) -> Scene:
        player_suits = (options.suits.get("first", "suns"), options.suits.get("second", "moons"))
        spare_suits = [s for s in ("crowns", "arms", "suns", "moons") if s not in player_suits]
        board = TileBoard(TILES)
        scene = Scene(board, coordinates=options.coordinates, window=options.window)
        for index, tile in enumerate(TILES.tiles):
            centre = board.tile_centre(tile)
            if index in HOME_TILES:
                scene.add("tile", centre, suit=player_suits[HOME_TILES.index(index)], rank=1, side="face")
            else:
                scene.add("tile", centre, suit=spare_suits[index % 2], side="back")
        reveal = set(options.reveal)
        for index, piece in enumerate(state.board):
            if piece:
                up = options.coins == "value" or square_name(index) in reveal
                owner = owner_of(piece)
                scene.add("coin", board.centre(square_name(index)), suit=player_suits[owner], rank=value_of(piece), side="face" if up else "back", owner=owner)
        if options.markers:
            scene.pieces += capture_markers(state, player_suits)
        return scene


MARKER_RANKS = (2, 3, 4, 5, 0)
"""The tiles of a suit that can mark its captures: its ace is the home tile, so the
2, 3, 4, 5 and null, one each (a player holds at most five tiles besides home)."""
MARKER_GAP = 2 * LABEL_GAP
"""Inches between the board's edge and a marker tile, room for the coordinate labels."""


def capture_markers(state: ExpansionState, suits: tuple[str, str]) -> list[Piece]:
    """Ruling on marking: a spare tile of the capturer's suit beside a captured edge
    tile (outside the board, on the side the tile touches), the capturer's pawn on
    the centre tile when it is captured. Home tiles need no marker. Each player's
    markers are distinct tiles of their suit, given out in :data:`MARKER_RANKS`
    order to their captured edge tiles in board order (a1 c1 e1 a3 ... e5)."""
    markers = []
    used = [0, 0]
    for index, owner in enumerate(state.tiles):
        if owner < 0 or index in HOME_TILES:
            continue
        tile = TILES.tiles[index]
        if index == CENTRE_TILE:
            markers.append(Piece("pawn", tile.x + 1.0, tile.y + 1.0, suit=suits[owner], owner=owner))
            continue
        column, row = tile.x // 2, tile.y // 2
        dx = -1 if column == 0 else 1 if column == 2 else 0
        dy = 0 if dx else (-1 if row == 0 else 1)
        offset = TILE_SIZE + MARKER_GAP
        if used[owner] == len(MARKER_RANKS):
            raise DataError(f"{PLAYERS[owner]} holds more edge tiles than a suit has spare tiles to mark them", ("position", "captured"))
        rank = MARKER_RANKS[used[owner]]
        used[owner] += 1
        markers.append(Piece("tile", tile.x + 1.0 + dx * offset, tile.y + 1.0 + dy * offset, suit=suits[owner], rank=rank, side="face", owner=owner))
    return markers


VIEW = ExpansionView()

