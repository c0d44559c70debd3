"""Marks: told apart by shape and by colours that stay apart for colour-blind readers; never over a value."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence

import pytest

from ppprint.registry import get_game, registry
from ppprint.render.draw import IDENTITY, Group, Item, Matrix, Shape, apply, bounds, multiply
from ppprint.render.figure import render_figure
from ppprint.render.marks import _thick_polyline
from ppprint.render.palette import MARK_COLOURS, SUIT_COLOURS
from ppprint.verify import verify_game

Point = tuple[float, float]
Box = tuple[float, float, float, float]

# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}
LEAST_DIFFERENCE = 15.0
"""CIE76 colour difference every two colours keep under every simulation (15 is clearly told apart in print)."""


def _lab(colour: str, matrix: tuple[tuple[float, float, float], ...]) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5)]
    r, g, b = (max(0.0, min(1.0, sum(row[j] * rgb[j] for j in range(3)))) for row in matrix)
    x, y, z = 0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b, 0.0193 * r + 0.1192 * g + 0.9505 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@pytest.mark.parametrize("vision", SIMULATIONS)
def test_every_suit_and_mark_colour_stays_apart(vision: str) -> None:
    colours = {**{f"suit {k}": v for k, v in SUIT_COLOURS.items()}, **{f"mark {k}": v for k, v in MARK_COLOURS.items()}}
    for (a, first), (b, second) in itertools.combinations(colours.items(), 2):
        difference = math.dist(_lab(first, SIMULATIONS[vision]), _lab(second, SIMULATIONS[vision]))
        assert difference >= LEAST_DIFFERENCE, f"{a} and {b} differ by only {difference:.1f} under {vision}"


def test_each_mark_colour_has_one_meaning() -> None:
    assert len(set(MARK_COLOURS.values()) | set(SUIT_COLOURS.values())) == len(MARK_COLOURS) + len(SUIT_COLOURS)


def _leaves(items: Sequence[Item], matrix: Matrix = IDENTITY) -> list[tuple[Shape, Matrix]]:
    found: list[tuple[Shape, Matrix]] = []
    for item in items:
        if isinstance(item, Group):
            found += _leaves(item.items, multiply(matrix, item.matrix))
        elif isinstance(item, Shape):
            found.append((item, matrix))
    return found


def _outline(shape: Shape, matrix: Matrix) -> list[Point]:
    """A mark's covered area as a polygon: its filled outline, or its stroked line made thick."""
    points = [apply(matrix, (values[i], values[i + 1])) for _, values in shape.segments for i in range(0, len(values), 2)]
    closed = shape.segments[-1][0] == "Z"
    if closed and shape.paint.fill is not None:
        return points
    return _thick_polyline(points, max(shape.paint.width, 0.1)) if len(points) >= 2 else points


def _inside(point: Point, polygon: Sequence[Point]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y1 > point[1]) != (y2 > point[1]) and point[0] < (x2 - x1) * (point[1] - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def covers(polygon: Sequence[Point], box: Box) -> bool:
    """Whether a polygon overlaps a box."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if any(x0 < x < x1 and y0 < y < y1 for x, y in polygon) or any(_inside(c, polygon) for c in corners):
        return True
    edges = list(zip(polygon, [*polygon[1:], polygon[0]]))
    return any(_crosses(a, b, c, d) for a, b in edges for c, d in zip(corners, [*corners[1:], corners[0]]))


def all_figures() -> list[tuple[str, str]]:
    return [(game_id, figure_id) for game_id in registry().ids() for figure_id in get_game(game_id).data.figures]


@pytest.fixture(scope="module")
def reports() -> dict[str, object]:
    return {game_id: verify_game(get_game(game_id)) for game_id in registry().ids()}


def overlaps(drawing) -> list[str]:  # type: ignore[no-untyped-def]
    values = [(x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5) for _, (x0, y0, x1, y1) in bounds(drawing.items, role="value")]
    found = []
    for shape, matrix in _leaves(drawing.items):
        if shape.role == "mark":
            polygon = _outline(shape, matrix)
            found += [f"a mark over the value at {tuple(round(v) for v in box)}" for box in values if covers(polygon, box)]
    return found


@pytest.mark.parametrize(("game_id", "figure_id"), all_figures())
def test_no_mark_covers_a_value(reports, game_id: str, figure_id: str) -> None:  # type: ignore[no-untyped-def]
    drawing = render_figure(get_game(game_id).require_view(), reports[game_id].figures[figure_id])
    assert overlaps(drawing) == []


COLOUR_WORDS = r"green|red|blue|orange|purple|yellow|grey|gray|pink"


@pytest.mark.parametrize("game_id", registry().ids())
def test_captions_name_marks_by_shape_not_colour(game_id: str) -> None:
    for figure in get_game(game_id).data.figures.values():
        caption = figure.caption.lower()
        marks = rf"\b({COLOUR_WORDS}),? (arrows?|cells?|cross(es)?|outlines?|marks?)\b|\b(moves|cells|patterns?) \(({COLOUR_WORDS})\b"
        assert not re.search(marks, caption), (figure.id, caption)


# -- inks anyone can read (issue 24) ---------------------------------------------------------------

from ppprint.render import marks as mark_shapes  # noqa: E402
from ppprint.render.palette import PAPER, mix  # noqa: E402
from ppprint.render.pieces import board as board_pieces, graph as graph_pieces, piecepack as piecepack_pieces  # noqa: E402

LEAST_CONTRAST = 3.0
"""WCAG 2.1 (1.4.11, non-text contrast): a mark needs 3:1 against what it sits on."""
CLEAR_GREY = 10.0
"""Two kinds whose inks differ by this much in L* are told apart in greyscale by lightness alone."""


def relative_luminance(colour: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def board_colours() -> dict[str, str]:
    """Every light colour a mark can sit on, read from the drawers themselves: board squares, hex cells and graph regions, a
    tile's grid side, the bodies of tiles, coins and dice (plain, and tinted for each owning suit), the paper."""
    colours = {
        "square": board_pieces.SQUARE_FILL,
        "hex cell": board_pieces.CELL_FILL,
        "graph region": graph_pieces.REGION_FILL,
        "tile grid": piecepack_pieces.GRID_FILL,
        "piece body": piecepack_pieces.BODY_FILL,
        "paper": PAPER,
    }
    for suit, ink in SUIT_COLOURS.items():
        colours[f"{suit} owned body"] = mix(ink, piecepack_pieces.BODY_FILL, piecepack_pieces.OWNED_TINT)
    return colours


def lightness(colour: str) -> float:
    return _lab(colour, SIMULATIONS["normal vision"])[0]


@pytest.mark.parametrize("kind", list(MARK_COLOURS))
def test_every_mark_ink_is_3_to_1_against_every_board_colour(kind: str) -> None:
    ink = MARK_COLOURS[kind]
    low = {name: round(contrast(ink, background), 2) for name, background in board_colours().items() if contrast(ink, background) < LEAST_CONTRAST}
    assert low == {}, f"{kind} ink {ink} is under {LEAST_CONTRAST}:1 against {low}"


def test_a_mark_on_a_dark_piece_sits_on_a_paper_halo_it_stands_out_from() -> None:
    # A cross on a black Pile Up piece or a Moons coin once vanished in greyscale: arrows and crosses lie on a
    # paper-white halo at least HALO_PT wide each side, and every ink is 3:1 against that paper.
    assert all(contrast(ink, PAPER) >= LEAST_CONTRAST for ink in MARK_COLOURS.values())
    assert contrast(PAPER, SUIT_COLOURS["moons"]) >= LEAST_CONTRAST and contrast(PAPER, "#000000") >= LEAST_CONTRAST
    for scale in (1.0, 0.5, 0.2, 0.1):
        pen = mark_shapes.Pen(scale)
        assert mark_shapes.halo(pen) * scale / 2 >= mark_shapes.HALO_PT - 1e-9
        mark_shapes.draw_cross(pen, (0.0, 0.0), "illegal")
        under = [shape for shape, _ in _leaves(pen.items) if shape.paint.stroke == PAPER]
        assert under and all(shape.paint.width * scale >= 3.6 * scale + 2 * mark_shapes.HALO_PT - 1e-9 for shape in under)


def test_the_old_inks_fail_the_contrast_floor() -> None:
    # The inks before issue 24 (measured by the review at 1.9-2.6:1 on the cream board): the check above refuses them.
    old = {"legal": "#56B4E9", "illegal": "#CC79A7", "played": "#E69F00", "highlight": "#F0E442"}
    for kind, ink in old.items():
        assert min(contrast(ink, background) for background in board_colours().values()) < LEAST_CONTRAST, kind


def test_every_two_mark_kinds_differ_in_greyscale_by_shape_and_say_where_also_by_lightness() -> None:
    # "Allowed here" and "played here" were once the same grey (L* 84.7 and 84.9) and the same solid outline.
    by_lightness = set()
    for a, b in itertools.combinations(MARK_COLOURS, 2):
        first, second = mark_shapes.SHAPES[a], mark_shapes.SHAPES[b]
        as_arrows = (first.arrow_dash, first.tail_dot, first.crossed) != (second.arrow_dash, second.tail_dot, second.crossed)
        as_cells = (first.cell_dash, first.double_outline, first.crossed) != (second.cell_dash, second.double_outline, second.crossed)
        assert as_arrows and as_cells, f"{a} and {b} have the same shape (arrow differs: {as_arrows}, cell differs: {as_cells})"
        if abs(lightness(MARK_COLOURS[a]) - lightness(MARK_COLOURS[b])) >= CLEAR_GREY:
            by_lightness.add(frozenset((a, b)))
    # Lightness alone also separates every pair but two, which rely on shape alone: legal/highlight (solid
    # against dash-dot, 6.8 L* apart) and highlight/neutral (dash-dot against dotted, 4.8 L* apart).
    every = {frozenset(pair) for pair in itertools.combinations(MARK_COLOURS, 2)}
    assert every - by_lightness == {frozenset(("legal", "highlight")), frozenset(("highlight", "neutral"))}


# -- every illegal mark carries the reason that was checked (issue 24) -------------------------------------

import dataclasses  # noqa: E402

from ppprint.render.draw import Text  # noqa: E402
from ppprint.verify import check_figure  # noqa: E402


def _texts(items: Sequence[Item], role: str) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Group):
            found += _texts(item.items, role)
        elif isinstance(item, Text) and item.role == role:
            found.append(item)
    return found


def _expected_reasons(checked) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(mark_shapes.reason_words(move.reason) for panel in checked.panels for move in panel.moves if move.kind == "illegal")


@pytest.mark.parametrize(("game_id", "figure_id"), all_figures())
@pytest.mark.parametrize("scale", [1.0, 0.25])
def test_every_drawn_illegal_mark_prints_its_checked_reason(reports, game_id: str, figure_id: str, scale: float) -> None:  # type: ignore[no-untyped-def]
    checked = reports[game_id].figures[figure_id]
    drawing = render_figure(get_game(game_id).require_view(), checked, scale)
    shown = sorted(text.text for text in _texts(drawing.items, "reason"))
    assert shown == _expected_reasons(checked)
    assert all(text.size * scale >= 6.0 - 1e-9 for text in _texts(drawing.items, "reason"))


def test_the_reason_printed_is_the_code_checked() -> None:
    game = get_game("expansion")
    figure = game.data.figures["movement"]
    checked, failures = check_figure(game.require_engine(), figure)
    assert not failures and "diagonal walk" in _expected_reasons(checked)
    # Another code in the drawn move: the label follows it.
    for panel in checked.panels:
        panel.moves = [dataclasses.replace(m, reason="not-a-walk-or-jump") if m.reason == "diagonal-walk" else m for m in panel.moves]
    shown = [text.text for text in _texts(render_figure(game.require_view(), checked).items, "reason")]
    assert "diagonal walk" not in shown and "not a walk or jump" in shown
    # Another code in the claim: the engine disagrees, so nothing is drawn from it (verify and build stop).
    claim_panel = next(p for p in figure.panels if any(code == "diagonal-walk" for c in p.claims for _, code in c.reasons))
    claims = tuple(
        dataclasses.replace(c, reasons=tuple((move, "not-a-walk-or-jump" if code == "diagonal-walk" else code) for move, code in c.reasons)) for c in claim_panel.claims
    )
    changed = dataclasses.replace(figure, panels=tuple(dataclasses.replace(p, claims=claims) if p is claim_panel else p for p in figure.panels))
    _, failures = check_figure(game.require_engine(), changed)
    assert failures and all("not-a-walk-or-jump" in failure.claim for failure in failures)


def test_a_cross_sits_where_the_verdict_says_the_rule_fails() -> None:
    from ppprint.render.figure import failure_point
    from ppprint.model.table import Table
    from ppprint.verify import DrawnMove

    cells = {f"{f}{r}": ((i, r - 1.0), (i + 1.0, r - 1.0), (i + 1.0, float(r)), (i, float(r))) for i, f in enumerate("abcdefgh") for r in range(1, 9)}
    cells["home-suns"] = ((8.0, 0.0), (9.0, 0.0), (9.0, 1.0), (8.0, 1.0))
    table = Table(cells=cells)
    centre = table.centre
    assert failure_point(table, DrawnMove(("b2", "c3"), "illegal", "diagonal-walk", "c3")) == centre("c3")
    assert failure_point(table, DrawnMove(("c3", "c5"), "illegal", "jump-over-empty", "c4")) == centre("c4")
    assert failure_point(table, DrawnMove(("d4", "e4", "f4", "g4", "h4"), "illegal", "landing-past-run", "g4")) == centre("g4")
    assert failure_point(table, DrawnMove(("c3", "c4", "c5", "c6"), "illegal", "blocked", "c5")) == centre("c5")
    assert failure_point(table, DrawnMove(("d3", "e3"), "illegal", "commander-attack", "d3")) == centre("d3")
    assert failure_point(table, DrawnMove(("d5", "d6", "e6"), "illegal", "wall", "d6-e6")) == (4.0, 5.5)
    # A cell's own name may hold a '-'; two cells around one are the boundary between them.
    assert failure_point(table, DrawnMove(("home-suns", "g1"), "illegal", "no-piece", "home-suns")) == centre("home-suns")
    assert failure_point(table, DrawnMove(("g1", "home-suns"), "illegal", "wall", "h1-home-suns")) == (8.0, 0.5)
    # Without an at, the move's destination.
    assert failure_point(table, DrawnMove(("d5", "c5"), "illegal", "not-whole-roll")) == centre("c5")


def test_the_cross_of_a_drawn_move_is_where_the_engine_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose words name no cell, but whose ``at`` does: the figure's cross is on ``at``
    (d4, off the move's arrow), carried from the verdict through verify to the drawing."""
    from ppprint.model.table import Cross
    from ppprint.render.figure import panel_picture

    game = get_game("expansion")
    engine = game.require_engine()
    judged = type(engine.initial_state()).explain
    monkeypatch.setattr(type(engine.initial_state()), "explain", lambda state, move: dataclasses.replace(judged(state, move), words="planted", at="d4"))
    figure = game.data.figures["movement"]
    checked, failures = check_figure(engine, figure)
    assert not failures
    panel = next(p for p in checked.panels if any(m.cells == ("c3", "c5") for m in p.moves))
    picture = panel_picture(game.require_view(), figure, panel)
    crosses = [mark.at for mark in picture.marks if isinstance(mark, Cross)]
    assert len(crosses) == len(panel.moves) and set(crosses) == {picture.table.centre("d4")}


@pytest.mark.parametrize("at", ["z9", "c4-z9"])
def test_verify_refuses_a_drawn_move_whose_verdict_names_no_cell_drawn(monkeypatch: pytest.MonkeyPatch, at: str) -> None:
    from ppprint.errors import InputError
    from ppprint.verify import verify_figure

    game = get_game("expansion")
    state_type = type(game.require_engine().initial_state())
    judged = state_type.explain
    monkeypatch.setattr(state_type, "explain", lambda state, move: dataclasses.replace(judged(state, move), at=at))
    with pytest.raises(InputError, match=f"fails at '{at}', which names no cell of the board drawn"):
        verify_figure(game, game.data.figures["movement"])


def test_verify_refuses_a_boundary_between_cells_that_do_not_touch(monkeypatch: pytest.MonkeyPatch) -> None:
    """``at: "a-b"`` is the boundary between two neighbours; between c3 and f3 there is none to draw a cross on."""
    from ppprint.errors import InputError
    from ppprint.verify import verify_figure

    game = get_game("expansion")
    state_type = type(game.require_engine().initial_state())
    judged = state_type.explain
    monkeypatch.setattr(state_type, "explain", lambda state, move: dataclasses.replace(judged(state, move), at="c3-f3"))
    with pytest.raises(InputError, match="fails at 'c3-f3', between two cells that do not touch"):
        verify_figure(game, game.data.figures["movement"])
    monkeypatch.setattr(state_type, "explain", lambda state, move: dataclasses.replace(judged(state, move), at="c3-c4"))
    verify_figure(game, game.data.figures["movement"])  # neighbours: a boundary


def test_two_claims_on_the_same_cells_are_drawn_apart() -> None:
    # Piecepackman's Fig 9(b) drew d5-c5-d5 ("back to d5") and d5-c5 ("one step") on one segment.
    from ppprint.render.marks import _looped, _spread, _straightened

    there_and_back = _looped(_straightened([(0.0, 0.0), (-72.0, 0.0), (0.0, 0.0)]))
    assert len(there_and_back) == 4 and there_and_back[1][1] != there_and_back[2][1]
    one_step = _spread([(0.0, 0.0), (-72.0, 0.0)], [there_and_back])
    assert all(min(abs(y - leg[0][1]) for leg in (there_and_back[:2], there_and_back[2:])) >= mark_shapes.SHAFT for _, y in one_step)


# -- reasons keep off the pieces (issue 24) ------------------------------------------------------------

from ppprint.model.table import piece_kind  # noqa: E402
from ppprint.render.draw import bounds as item_bounds  # noqa: E402
from tests.books import book_of, laid_out, printed  # noqa: E402

REASONS_ON_PIECES = {("expansion", "movement"): 1, ("piecepackman", "ghost-moves"): 1}
"""Reasons that still touch a piece where a figure prints (game, figure: how many, at the worst of its
scales), known: at the scale of a half-page booklet Expansion's movement panels are 1.4 in wide and Piecepackman's maze 2.3 in, and every
spot round the cross inside the panel that keeps off the values, the crosses and the other reasons
covers a piece's rim (a coin's by 2 pt; a pawn's head)."""


def _boxes(items: Sequence[Item], matrix: Matrix = IDENTITY) -> dict[str, list[tuple[str, Box]]]:
    """The boxes of the pieces and ghosts on the board (not the board's own pieces) and of the reasons' frames."""
    found: dict[str, list[tuple[str, Box]]] = {"piece": [], "reason": []}
    for item in items:
        if not isinstance(item, Group):
            continue
        inner = multiply(matrix, item.matrix)
        kind, _, name = item.role.partition(" ")
        if kind in ("piece", "ghost", "reason") and not (kind == "piece" and piece_kind(name).board):
            boxes = [box for role, box in item_bounds(item.items, inner) if kind != "reason" or role == "mark"]
            union = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
            found["piece" if kind != "reason" else "reason"].append((item.role, union))
        else:
            for key, more in _boxes(item.items, inner).items():
                found[key] += more
    return found


def reasons_over_pieces_or_reasons(drawing) -> list[str]:  # type: ignore[no-untyped-def]
    """Each reason's frame that overlaps a piece's box or another reason's frame."""

    def overlap(a: Box, b: Box) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    boxes = _boxes(drawing.items)
    reasons = [box for _, box in boxes["reason"]]
    found = [f"a reason over the {role}" for box in reasons for role, piece in boxes["piece"] if overlap(box, piece)]
    return found + ["two reasons overlap" for index, box in enumerate(reasons) for other in reasons[index + 1 :] if overlap(box, other)]


def printed_scales(game_id: str) -> dict[tuple[str, float], None]:
    """Each figure of a game with every scale it prints at, in its four rulebooks (letter and A4, booklets)."""
    found: dict[tuple[str, float], None] = {}
    for paper in ("letter", "a4"):
        numbers = {figure.number: figure.id for figure in book_of(game_id, paper).figures.values()}
        for half in (False, True):
            for item in laid_out(game_id, paper, half)[1]:
                if item.kind == "drawing":
                    found[numbers[int(item.text.split(".")[0].split()[1])], round(item.scale, 3)] = None
    return found


@pytest.mark.parametrize("game_id", registry().ids())
def test_no_reason_covers_a_piece_or_another_reason_where_figures_print(reports, game_id: str) -> None:  # type: ignore[no-untyped-def]
    view = get_game(game_id).require_view()
    found: dict[str, int] = {}
    for figure_id, scale in printed_scales(game_id):
        drawing = render_figure(view, reports[game_id].figures[figure_id], scale)
        if overlaps := reasons_over_pieces_or_reasons(drawing):
            found[figure_id] = max(found.get(figure_id, 0), len(overlaps))
    assert found == {figure: count for (game, figure), count in REASONS_ON_PIECES.items() if game == game_id}


def test_a_reason_placed_alone_finds_the_free_side_of_its_cross() -> None:
    # Pieces all round but in a band to the left: the reason goes there, clear of them (the nearest spot, by
    # the cross, covered the piece on the right).
    pen = mark_shapes.Pen(1.0)
    pieces = [(20.0, -40.0, 200.0, 40.0), (-200.0, -200.0, 200.0, -30.0), (-200.0, 30.0, 200.0, 200.0)]
    box = mark_shapes.place_reasons(pen, [((0.0, 0.0), "blocked")], [], [(0.0, 0.0)], [], (-300.0, -300.0, 300.0, 300.0), pieces)[0]
    assert box[0] < 0.0 and not any(box[0] < p[2] and p[0] < box[2] and box[1] < p[3] and p[1] < box[3] for p in pieces)


# -- the key shows the ghosted piece (issue 24) --------------------------------------------------------------


def test_the_key_shows_the_ghosted_piece_as_the_figures_draw_it() -> None:
    import pypdfium2

    from ppprint.render.marks import GHOST_WORDS, first_ghost, legend
    from ppprint.web.figures import legend_svg

    book = book_of("pileup")
    placement = book.figures["placement"]
    drawn = first_ghost(book.draw(placement.id, 1.0, placement.columns).items)
    assert drawn is not None and book.key[-1].ghost == drawn and book.key[:-1] == book.marks
    # The key's sample is the figure's own ghost (its shapes and inks, as marks.ghost made them), only moved
    # and sized (its strokes raised where they would print too thin).
    key = legend(list(book.key))
    shown = [item for item in key.items if isinstance(item, Group) and item.role == drawn.role]

    def looks(group: Group) -> list[tuple[object, ...]]:
        return [(shape.segments, shape.paint.fill, shape.paint.stroke, bool(shape.paint.dash)) for shape, _ in _leaves([group])]

    assert len(shown) == 1 and looks(shown[0]) == looks(drawn) and shown[0].matrix != drawn.matrix
    assert GHOST_WORDS in [text.text for text in _texts(key.items, "legend")]
    # In the web book's key, and in the PDF's.
    assert GHOST_WORDS in legend_svg(book.key).svg and GHOST_WORDS in printed("pileup", "letter", "html").decode("utf-8")
    pdf = pypdfium2.PdfDocument(printed("pileup"))
    try:
        assert any(GHOST_WORDS in page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()
    # A book whose figures draw no ghost has no such sample.
    assert all(sample.ghost is None for sample in book_of("expansion").key)


@pytest.mark.parametrize("game_id", registry().ids())
def test_panel_labels_never_run_into_each_other_where_figures_print(reports, game_id: str) -> None:  # type: ignore[no-untyped-def]
    # Expansion's "(a) First move: legal walks" ran into "(b) Later moves: legal walks and jumps" in its booklets.
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from ppprint.render.fonts import SANS

    view = get_game(game_id).require_view()
    for figure_id, scale in printed_scales(game_id):
        labels = _texts(render_figure(view, reports[game_id].figures[figure_id], scale).items, "label")
        boxes = [(t.at[0] - stringWidth(t.text, SANS, t.size) / 2, t.at[1] - t.size, t.at[0] + stringWidth(t.text, SANS, t.size) / 2, t.at[1]) for t in labels]
        clash = [(a.text, b.text) for (a, p), (b, q) in itertools.combinations(zip(labels, boxes), 2) if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]]
        assert not clash, f"{figure_id} at {scale}: {clash}"
