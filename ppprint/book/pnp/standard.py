"""The sheets every game with a view gets from ``ppprint pnp GAME``, without a ``pnp.py`` of its own.

* a first sheet of words: the game's title, designers, licence and credits (from
  ``game.yaml``), what the other sheets hold, how to print them, and, for a game played with
  piecepack pieces, that ``ppprint pnp piecepack`` prints the whole kit; under
  them a small picture of the setup;
* the board at true size: the view's table of the setup (the engine's
  ``initial_state()``, or the empty board of a game without an engine) with the
  pieces that are not part of the board taken off, drawn 1:1 (the table is in
  inches at the pieces' real sizes), on one page or tiled
  (:meth:`~ppprint.book.sheets.PrintAndPlay.tiled_plan`);
* the pieces the setup uses, as many of each as stand on the table, each cut to
  its kind's size with crop marks; its back is the same piece turned over
  (``side`` face <-> back), which a piece drawer may draw alike.

A game's ``pnp.py`` replaces all this with ``add_sections(document, options)``, or
adds to it with ``extra_sections(document, options)``; both may call the helpers here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ppprint.book.pnp.options import KIT, PnpOptions, printing_words
from ppprint.book.sheets import PrintAndPlay, SheetPiece
from ppprint.model.table import Piece, Table, footprint, piece_kind
from ppprint.model.game import GameMeta
from ppprint.registry import Plugin
from ppprint.render.figure import table_drawing

PIECE_MARGIN = 0.02
"""Inches of paper around a printed piece, inside its crop marks."""
PIECEPACK_KINDS = ("tile", "coin", "die", "pawn", "matchstick", "cube")
"""The piecepack's kinds of piece, all of which the kit (``ppprint pnp piecepack``) prints."""
RANK_WORDS = {0: "null", 1: "ace"}


def setup_table(game: Plugin) -> Table:
    """The view's table of the game's setup: the engine's ``initial_state()``, or the empty board of a game
    without an engine, drawn with the view's default options."""
    from ppprint.layout.plain import PlainPosition

    view = game.require_view()
    start = game.engine.initial_state() if game.engine is not None else PlainPosition()
    return view.table(start, view.options({}))


def board_of(table: Table) -> Table:
    """The board alone: the table's board pieces (tiles, squares, cells) and coordinates, no other piece or mark."""
    return dataclasses.replace(table, pieces=[p for p in table.pieces if piece_kind(p.kind).board], marks=[])


def pieces_of(table: Table) -> list[tuple[Piece, int]]:
    """The pieces on the table that are not part of the board, each kind of piece once (placed at the origin,
    unturned, unstacked as it stands) with how many stand on the table, in the order they first appear."""
    counts: dict[Piece, int] = {}
    for piece in table.pieces:
        if not piece_kind(piece.kind).board:
            alone = dataclasses.replace(piece, x=0.0, y=0.0, angle=0.0)
            counts[alone] = counts.get(alone, 0) + 1
    return list(counts.items())


def piece_table(piece: Piece, margin: float = PIECE_MARGIN) -> Table:
    """A table holding ``piece`` alone, unturned, cropped to its kind's size and ``margin`` inches round it."""
    width, height = piece_kind(piece.kind).size(piece)
    half_w, half_h = width / 2 + margin, height / 2 + margin
    return Table(pieces=[dataclasses.replace(piece, x=half_w, y=half_h, angle=0.0)], bounds=(0.0, 0.0, 2 * half_w, 2 * half_h))


def sheet_piece(piece: Piece, name: str = "") -> SheetPiece:
    """``piece`` to print: its front as it lies, its back the same piece turned over."""
    turned = dataclasses.replace(piece, side="back" if piece.side == "face" else "face")
    front = table_drawing(piece_table(piece), margin=0.0)
    back = table_drawing(piece_table(turned), margin=0.0)
    return SheetPiece(front, back, name=name or piece.kind, round=piece_kind(piece.kind).round)


def piece_words(piece: Piece, players: Sequence[str] = ()) -> str:
    """A piece as a sheet names it: ``coin suns back``, ``piece 3 (black)``."""
    words = [piece.kind]
    if piece.suit:
        words.append(piece.suit)
    if piece.rank is not None:
        words.append(RANK_WORDS.get(piece.rank, str(piece.rank)))
    if piece.label:
        words.append(repr(piece.label))
    if piece.side == "back":
        words.append("back")
    if piece.owner is not None and not piece.suit:
        words.append(f"({players[piece.owner] if piece.owner < len(players) else f'player {piece.owner + 1}'})")
    return " ".join(words)


def piecepack_words(table: Table) -> str:
    """What the table uses of the piecepack, in words (``tiles and coins``), or ``""``."""
    used = [kind for kind in PIECEPACK_KINDS if any(p.kind == kind for p in table.pieces)]
    plural = ["dice" if kind == "die" else f"{kind}s" for kind in used]
    return " and ".join([", ".join(plural[:-1]), plural[-1]] if len(plural) > 1 else plural)


def credit_words(meta: GameMeta) -> list[str]:
    """The first paragraphs of a game's sheets: its title and designers, its licence, its credits."""
    return [
        f"{meta.title}{': ' + meta.subtitle if meta.subtitle else ''}. {meta.byline()}.",
        f"Licence: {meta.licence.name}. {meta.licence.notice}" + (f" {meta.licence.url}" if meta.licence.url else ""),
        *(f"Credit: {line}" for line in meta.credits),
    ]


def add_standard_sections(document: PrintAndPlay, options: PnpOptions, game: Plugin) -> None:
    """The sheet of words, the board at true size and the pieces of the setup (see the module)."""
    meta = game.data.meta
    table = setup_table(game)
    board = board_of(table)
    players = tuple(game.engine.players) if game.engine is not None else ()
    pieces = pieces_of(table)
    words = [f"{count} {piece_words(piece, players)}" for piece, count in pieces]
    boxes = [footprint(p) for p in board.pieces] or [board.bounds]
    min_x, min_y = min(b[0] for b in boxes), min(b[1] for b in boxes)
    max_x, max_y = max(b[2] for b in boxes), max(b[3] for b in boxes)
    size = f"{max_x - min_x:.2f}".rstrip("0").rstrip(".") + " x " + f"{max_y - min_y:.2f}".rstrip("0").rstrip(".") + " in"
    paragraphs = [
        *credit_words(meta),
        f"These sheets hold the board at true size ({size}), then the pieces the setup uses: "
        + (", ".join(words) if words else "none")
        + ".",
        *printing_words(options),
    ]
    piecepack = piecepack_words(table)
    if piecepack:
        paragraphs.append(
            f"{meta.title} is played with the piecepack (its {piecepack}): the board and pieces here are those of the "
            f"setup; 'ppprint pnp {KIT}' prints the whole piecepack kit."
        )
    document.text_sheet(f"{meta.title}: print-and-play", paragraphs, lambda scale: table_drawing(table, scale=scale), "The setup (scaled to fit)")
    document.tiled_plan(f"{meta.title} board ({size}, true size)", lambda scale: table_drawing(board, scale=scale))
    if pieces:
        sheet = [sheet_piece(piece, piece_words(piece, players)) for piece, count in pieces for _ in range(count)]
        total = sum(count for _, count in pieces)
        document.piece_sheets(f"{meta.title} pieces: the {total} of the setup", sheet, options.double_sided, options.bleed)
