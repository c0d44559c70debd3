"""The piecepack print-and-play kit: ``ppprint pnp piecepack``.

First a page of words (:func:`how_to_print`, :func:`game_needs`): what to print
and how, how to cut and fold, what each game set up from the kit uses of it,
with its credit and licence. Then everything at true size, drawn by the
piecepack piece drawers, in this order:

* tiles (2 in), value side as the front, grid side as the back;
* coins (0.75 in), value as the front, suit as the back;
* the matchsticks the games need (:func:`matchstick_counts`, from each game's
  ``equipment()``, see :mod:`ppprint.book.pnp`), each in a suit's colour, the
  suits taken in turn (Suns, Moons, Crowns, Arms, Suns...) within each length,
  as the games' diagrams colour them;
* the energy cubes the games need (the null "sticks" of a matchsticks set), as
  flat 3/8 in squares in the suits' colours, the suits in turn;
* on one sheet, one die per suit as a fold-up net (a cross of six 0.5 in faces
  with seven glue tabs, grey, fold lines dashed) and one pawn per suit to fold
  (a 0.5 in strip with a base flap, the front silhouette, a fold at the top of
  the head, the back silhouette upside down and a second base flap, so the two
  bases meet under the standing pawn).

Nets and pawns have no back: they share the last sheet, which a double-sided
print leaves one-sided. A stick's or cube's back is its front, printed on the
back of a double-sided sheet and left blank one-sided. Tiles, coins, sticks
and cubes bleed with ``--bleed``, each side in its own colour (a tile's grid
side is beige), coins as a larger disc.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib import colors

from ppprint.book.pnp.options import PnpOptions, equipment_needs, printing_words
from ppprint.book.sheets import PrintAndPlay, SheetPiece
from ppprint.model.table import COIN_DIAMETER, CUBE_SIZE, DIE_SIZE, MATCHSTICK_LENGTHS, MATCHSTICK_WIDTH, PAWN_HEIGHT, PAWN_WIDTH, SUIT_NAMES, SUITS, TILE_SIZE, Piece
from ppprint.render.draw import Drawing, Paint, Pen
from ppprint.render.pieces import POINTS_PER_INCH, draw_piece
from ppprint.render.pieces.piecepack import BODY_FILL, GRID_FILL, OUTLINE_COLOUR, centred_text, rank_text, suit_colour, suit_symbol

TITLE = "Piecepack"
AUTHOR = "James “Kyle” Droscha (piecepack design); ppprint (this kit)"
LICENCE = "public domain"
CREDIT = "The piecepack is a public domain game system invented by James “Kyle” Droscha in 2001."
"""The piecepack's credit line, word for word the same in the kit, in every game.yaml that uses the piecepack
and in the ``ppprint new`` template (tests/test_licences.py holds them to it), in the words of
piecepackr, the piecepack R tools; docs/licences.md says why it differs from one game source's older line."""

RANKS = (0, 1, 2, 3, 4, 5)
"""Null, ace, 2 to 5: the six values of each suit's tiles, coins and die."""
TAB_DEPTH = 0.15
"""Depth of a die net's glue tab, inches."""
PAWN_BASE = 3 / 8
"""Length of a folding pawn's base flap, inches."""
KIT_EXTRAS = {"matchstick-3": "three", "matchstick-ace": "ace", "energy-cube": "cube"}
"""What a game may ask the kit for (``equipment()`` kinds) -> what the kit prints: a stick or a cube."""
KIT_WORDS = {"matchstick-3": "3-sticks", "matchstick-ace": "ace sticks", "energy-cube": "energy cubes"}
"""The ``equipment()`` kinds in words."""

DIE_FACES: dict[tuple[int, int], int] = {(1, 0): 2, (0, 1): 3, (1, 1): 1, (2, 1): 4, (1, 2): 5, (1, 3): 0}
"""The cross of a die net: (column, row from the top) -> rank; opposite faces are A/null, 2/5, 3/4."""
DIE_TABS: tuple[tuple[tuple[int, int], str], ...] = (
    ((0, 1), "top"), ((0, 1), "bottom"), ((2, 1), "top"), ((2, 1), "bottom"),
    ((1, 3), "left"), ((1, 3), "right"), ((1, 3), "bottom"),
)
"""One tab on one edge of each of the seven seams of the cross."""

FOLD = Paint(stroke=OUTLINE_COLOUR, width=0.5, dash=(3.0, 2.0))
CUT = Paint(stroke=OUTLINE_COLOUR, width=0.75)
TAB_FILL = "#dcd8cf"
_PT = POINTS_PER_INCH


def extra_counts() -> dict[str, int]:
    """3-sticks, ace sticks and energy cubes to print: for each, the most that any game asks for (none if no
    game does).

    One printed set must serve every game (and every level of a game), so each
    count is the maximum of the games' needs, each kind on its own.
    """
    needs = equipment_needs()
    return {extra: needs.get(kind, 0) for kind, extra in KIT_EXTRAS.items()}


def matchstick_counts() -> dict[str, int]:
    """3-sticks and ace sticks to print (see :func:`extra_counts`)."""
    return {extra: count for extra, count in extra_counts().items() if extra != "cube"}


def in_turn(count: int) -> list[str]:
    """The suits of ``count`` sticks or cubes of one kind: Suns, Moons, Crowns, Arms, Suns, ... in turn."""
    return [SUITS[i % len(SUITS)] for i in range(count)]


def _drawing(width: float, height: float, draw: Callable[[Pen], None]) -> Drawing:
    """A ``width`` x ``height`` inch drawing that ``draw`` fills, in points (y down), at true size."""
    pen = Pen()
    draw(pen)
    return pen.drawing(width * _PT, height * _PT)


def piece_drawing(piece: Piece, width: float, height: float) -> Drawing:
    """One piece drawn by its piecepack drawer, centred in a drawing of exactly its size."""
    return _drawing(width, height, lambda pen: draw_piece(pen, piece, (width * _PT / 2, height * _PT / 2)))


def die_net(suit: str) -> Drawing:
    """A die of ``suit`` as a cross of six faces with glue tabs: 1.5 in wide, 2 in plus a tab tall."""
    face, tab = DIE_SIZE * _PT, TAB_DEPTH * _PT
    colour = suit_colour(suit)

    def draw(pen: Pen) -> None:
        with pen.group(translate=(0, tab)):  # room for the top tabs
            slant = tab * 0.8
            for (column, row), side in DIE_TABS:
                x, y = column * face, row * face
                points = {
                    "top": [(x, y), (x + slant, y - tab), (x + face - slant, y - tab), (x + face, y)],
                    "bottom": [(x, y + face), (x + slant, y + face + tab), (x + face - slant, y + face + tab), (x + face, y + face)],
                    "left": [(x, y), (x - tab, y + slant), (x - tab, y + face - slant), (x, y + face)],
                    "right": [(x + face, y), (x + face + tab, y + slant), (x + face + tab, y + face - slant), (x + face, y + face)],
                }[side]
                pen.polygon(points, Paint(fill=TAB_FILL, stroke=CUT.stroke, width=CUT.width))
            for (column, row), rank in DIE_FACES.items():
                x, y = column * face, row * face
                pen.rect(x, y, face, face, Paint(fill=BODY_FILL))
                suit_symbol(pen, suit, (x + 8, y + 8), 10, colour)
                if rank_text(rank):
                    centred_text(pen, rank_text(rank), (x + face / 2 + 2, y + face / 2 + 2), 20, colour)
            for column, row in DIE_FACES:
                pen.rect(column * face, row * face, face, face, FOLD)

    return _drawing(3 * DIE_SIZE, 4 * DIE_SIZE + TAB_DEPTH, draw)


def pawn_strip(suit: str) -> Drawing:
    """A pawn to fold: base flap, front, fold at the head, back (upside down), base flap."""
    width, body, base = PAWN_WIDTH * _PT, PAWN_HEIGHT * _PT, PAWN_BASE * _PT
    colour = suit_colour(suit)

    def draw(pen: Pen) -> None:
        height = 2 * (body + base)
        pen.rect(0, 0, width, base, Paint(fill=BODY_FILL))
        pen.rect(0, height - base, width, base, Paint(fill=BODY_FILL))
        draw_piece(pen, Piece("pawn", 0, 0, suit=suit, angle=180.0), (width / 2, base + body / 2))
        draw_piece(pen, Piece("pawn", 0, 0, suit=suit), (width / 2, base + body * 1.5))
        for y in (base, base + body, base + 2 * body):
            pen.line((0, y), (width, y), FOLD)
        pen.rect(0, 0, width, height, CUT)
        centred_text(pen, "base", (width / 2, base / 2), 7, colour, role="label")
        centred_text(pen, "base", (width / 2, height - base / 2), 7, colour, role="label")

    return _drawing(PAWN_WIDTH, 2 * (PAWN_HEIGHT + PAWN_BASE), draw)


def how_to_print(options: PnpOptions) -> list[str]:
    """What to print and how (:func:`~ppprint.book.pnp.options.printing_words`), and how to cut and fold the kit."""
    words = printing_words(options)
    words.append(
        "Cutting: cut straight from crop mark to crop mark (a craft knife and a steel rule, or a paper trimmer); cut "
        "coins round, or with a 3/4 in circle punch. Dice: cut round the net and its grey tabs, fold every dashed line "
        "the same way, and glue each tab under the face it meets. Pawns: cut out the strip, fold on the dashes and glue "
        "the two bases together underneath, so the pawn stands."
    )
    return words


def game_needs() -> list[str]:
    """For each game played with the piecepack, a line: what of the kit it uses, with its credit and licence."""
    from ppprint.book.pnp.standard import piecepack_words, setup_table
    from ppprint.registry import registry

    lines = []
    own = []
    for game in registry().plugins():
        meta = game.data.meta
        equipment = game.hook("pnp", "equipment") if game.module_path("pnp").is_file() else None
        extras = [f"{count} {KIT_WORDS[kind]}" for kind, count in (equipment() if equipment else {}).items() if kind in KIT_WORDS]
        used = piecepack_words(setup_table(game)) if game.view is not None else ""
        if not used and not extras:
            own.append(f"{meta.title} ('ppprint pnp {game.id}')")
            continue
        line = f"{meta.title}: {used or 'the piecepack'}" + (f" ({', '.join(extras)})" if extras else "")
        lines.append(f"{line}. {meta.byline()}; licence: {meta.licence.name}.")
    if own:
        lines.append("Printed with their own boards and pieces, not this kit: " + ", ".join(own) + ".")
    return lines


def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
    """What to print and how and what each game needs (one page, or both sides of one sheet double-sided), the
    tiles, coins, the games' matchsticks and cubes, then the dice nets and pawns (which have no backs, so a
    double-sided print ends on them)."""
    counts = extra_counts()
    extras = [f"{counts[kind]} {words}" for kind, words in (("three", "3-sticks"), ("ace", "ace sticks"), ("cube", "energy cubes")) if counts[kind]]
    needs = [
        "In this file: 24 tiles and 24 coins (6 of each suit, null to 5), " + (", ".join(extras) + " for the games that ask for them, " if extras else "")
        + "then 4 dice and 4 pawns to fold. The games set up from it:",
        *game_needs(),
        f"{CREDIT} This kit's drawings: ppprint.",
    ]
    if options.double_sided:  # two pages: one sheet, both sides
        document.text_sheet("Piecepack print-and-play: what to print and how", how_to_print(options))
        document.text_sheet("Piecepack print-and-play: what each game needs, credits and licences", needs)
    else:
        document.text_sheet("Piecepack print-and-play: what to print and how, what each game needs", [*how_to_print(options), *needs])
    body = colors.HexColor(BODY_FILL)
    tiles = [
        SheetPiece(
            piece_drawing(Piece("tile", 0, 0, suit=suit, rank=rank), TILE_SIZE, TILE_SIZE),
            piece_drawing(Piece("tile", 0, 0, suit=suit, rank=rank, side="back"), TILE_SIZE, TILE_SIZE),
            name=f"tile {rank_text(rank) or 'null'} of {suit}",
            bleed_colour=body,
            back_bleed_colour=colors.HexColor(GRID_FILL),
        )
        for suit in SUITS
        for rank in RANKS
    ]
    document.piece_sheets("Piecepack tiles (2 in): value side, grid side on the back", tiles, options.double_sided, options.bleed)
    coins = [
        SheetPiece(
            piece_drawing(Piece("coin", 0, 0, suit=suit, rank=rank), COIN_DIAMETER, COIN_DIAMETER),
            piece_drawing(Piece("coin", 0, 0, suit=suit, rank=rank, side="back"), COIN_DIAMETER, COIN_DIAMETER),
            name=f"coin {rank_text(rank) or 'null'} of {suit}",
            bleed_colour=body,
            round=True,
        )
        for suit in SUITS
        for rank in RANKS
    ]
    document.piece_sheets("Piecepack coins (0.75 in): value, suit on the back", coins, options.double_sided, options.bleed)
    # The sticks and cubes print once (their backs are their fronts) and share their sheets.
    loose: list[SheetPiece] = []
    named: list[str] = []
    for kind, rank in (("three", 3), ("ace", 1)):
        if not counts[kind]:
            continue
        length = MATCHSTICK_LENGTHS[rank]
        for suit in in_turn(counts[kind]):
            stick = piece_drawing(Piece("matchstick", 0, 0, suit=suit, rank=rank), MATCHSTICK_WIDTH, length)
            loose.append(SheetPiece(stick, stick, name=f"{kind}-stick of {suit}", bleed_colour=colors.HexColor(suit_colour(suit))))
        named.append(f"{counts[kind]} {'3-sticks' if kind == 'three' else 'ace sticks'} ({length:.3f} in)")
    if counts["cube"]:
        for suit in in_turn(counts["cube"]):
            face = piece_drawing(Piece("cube", 0, 0, suit=suit, rank=0), CUBE_SIZE, CUBE_SIZE)
            loose.append(SheetPiece(face, face, name=f"energy cube of {suit}", bleed_colour=colors.HexColor(suit_colour(suit))))
        each = {in_turn(counts["cube"]).count(suit) for suit in SUITS}
        named.append(f"{counts['cube']} energy cubes (3/8 in; {each.pop()} of each suit)" if len(each) == 1 else f"{counts['cube']} energy cubes (3/8 in)")
    if loose:
        what = "Matchsticks and energy cubes" if counts["cube"] and (counts["three"] or counts["ace"]) else ("Energy cubes" if counts["cube"] else "Matchsticks")
        document.piece_sheets(f"{what}: {', '.join(named)}, the suits in turn", loose, options.double_sided, options.bleed)
    folded = [SheetPiece(die_net(suit), name=f"die of {SUIT_NAMES[suit]}") for suit in SUITS]
    folded += [SheetPiece(pawn_strip(suit), name=f"pawn of {SUIT_NAMES[suit]}") for suit in SUITS]
    document.piece_sheets("Piecepack dice and pawns: fold on the dashes, glue the grey tabs and the pawns' bases", folded, options.double_sided, options.bleed)
