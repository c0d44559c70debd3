"""Marks on a figure -- arrows, marked cells, crosses, labels -- told apart by shape as well as colour,
and placed so they never hide the values they explain.

Shapes (inks in :mod:`ppprint.render.palette`, each at least 3:1 against every board
colour): a legal move is a solid arrow; an illegal move a dashed arrow, with a cross
where its rule fails and the reason the engine checked printed beside the cross; a
move played a solid arrow with a dot at its start; a marked path a dash-dot arrow.
A marked cell is tinted and outlined: solid (legal), dashed (illegal, with a cross
and its reason), double (played), dash-dot (marked) or dotted (other cells).
:data:`SHAPES` lists them, and the key to the marks draws its samples with the same
functions. Arrows and crosses lie on a paper-white halo, so they read on dark pieces
and in greyscale.

Arrows start and end at the edges of the pieces they join, and bend around the
values of the pieces they pass over; crosses and labels move off the values they
would cover; two marks in the same place are drawn once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfbase.pdfmetrics import stringWidth

from ppprint.model.table import MarkKind, Piece, Point
from ppprint.render.draw import Drawing, Group, Item, Paint, Pen, Shape, Text, bounds
from ppprint.render.fonts import SANS, SANS_BOLD, register_fonts
from ppprint.render.palette import INK, MARK_COLOURS, MARK_WORDS, PAPER
from ppprint.render.pieces import draw_piece

Box = tuple[float, float, float, float]

SHAFT = 4.5
HEAD_LENGTH = 14.0
HEAD_WIDTH = 14.0
RIM = 3.0
"""Paper-white halo drawn round every arrow and cross (its full width, in drawing points)."""
HALO_PT = 0.5
"""The least width of that halo each side of a mark, printed (points): it keeps a dark mark apart from a dark piece."""
CLEARANCE = 3.0
"""Points kept free between a mark and a value."""
CROSS_SIZE = 6.5
CROSS_PT = 3.0
"""The least printed half-size of a cross (points): a cross at least 6 pt across."""
CROSS_STROKE_PT = 0.9
"""The least printed width of a cross's strokes (points)."""
DOT_RADIUS = 3.5
EMPTY_GAP = 8.0
"""How far an arrow stops short of the centre of an empty cell."""
SHORTEST_SHAFT = 12.0
"""The least length of shaft an arrow shows: between neighbouring pieces it reaches over their rims."""
LEAST_ARROW_IN = 0.25
"""The least printed length of an arrow, head included, inches: a claim between neighbouring cells is drawn
on its destination cell instead (:func:`ppprint.model.table.Table.neighbours`)."""
VALUE_REACH = 13.0
"""How near to a piece's centre an arrow may start or end when space is short (clear of its value)."""
REASON_PT = 7.0
"""The size of the reason printed by an illegal move's cross (never under 6 pt printed)."""

ARROW_DASH: dict[str, tuple[float, ...]] = {
    "legal": (),
    "illegal": (6.0, 4.0),
    "played": (),
    "highlight": (9.0, 3.0, 2.0, 3.0),
    "neutral": (1.5, 3.5),
}
"""Each kind of arrow's shaft: solid (``()``) or its dashes."""
TAIL_DOT = frozenset({"played"})
"""Arrows with a dot at their start."""
TINT = {"legal": 0.1, "illegal": 0.14, "played": 0.12, "highlight": 0.22, "neutral": 0.2}
OUTLINE: dict[str, tuple[float, tuple[float, ...]]] = {
    "legal": (1.5, ()),
    "illegal": (1.5, (4.0, 3.0)),
    "played": (1.5, ()),
    "highlight": (1.5, (6.0, 2.0, 1.5, 2.0)),
    "neutral": (1.2, (1.0, 2.5)),
}
"""Each kind of marked cell's outline: width and dashes."""
DOUBLE_OUTLINE = frozenset({"played"})
"""Marked cells outlined twice (a second, thinner line inside the first)."""
CROSSED = frozenset({"illegal"})
"""Kinds whose marks carry a cross (where the rule fails) and the reason beside it."""


@dataclass(frozen=True)
class MarkShape:
    """What tells a mark kind apart without colour: as an arrow and as a marked cell."""

    arrow_dash: tuple[float, ...]
    tail_dot: bool
    cell_dash: tuple[float, ...]
    double_outline: bool
    crossed: bool


SHAPES: dict[str, MarkShape] = {
    kind: MarkShape(ARROW_DASH[kind], kind in TAIL_DOT, OUTLINE[kind][1], kind in DOUBLE_OUTLINE, kind in CROSSED) for kind in MARK_COLOURS
}
"""Each mark kind's shape (``tests/test_marks.py`` checks every two kinds differ by it)."""


def colour(kind: str) -> str:
    """The colour of a mark kind."""
    return next((ink for name, ink in MARK_COLOURS.items() if name == kind), MARK_COLOURS["neutral"])


def cell(pen: Pen, polygon: Sequence[Point], kind: str) -> None:
    """A marked cell: a tint of its kind's ink and its kind's outline (drawn under the pieces)."""
    ink = colour(kind)
    width, dash = OUTLINE.get(kind, OUTLINE["neutral"])
    cap: Literal["round", "butt"] = "round" if dash == OUTLINE["neutral"][1] else "butt"
    pen.polygon(_inset(polygon, 2.0), Paint(fill=ink, opacity=TINT.get(kind, 0.2), stroke=ink, width=width, dash=dash, cap=cap), role="cell")
    if kind in DOUBLE_OUTLINE:
        pen.polygon(_inset(polygon, 2.0 + 2.5 * width), Paint(stroke=ink, width=0.6 * width), role="cell")


def arrow(
    pen: Pen,
    points: Sequence[Point],
    kind: str,
    start_gap: float,
    end_gap: float,
    values: Sequence[Box],
    taken: Sequence[Sequence[Point]] = (),
    least: float = 0.0,
) -> list[Point]:
    """An arrow of ``kind`` through ``points`` (drawing points), starting ``start_gap`` after its first point
    and ending ``end_gap`` before its last, but at least ``least`` long (head included) where the gaps can
    shrink to the pieces' values; a straight arrow bends around the ``values`` it would cross, a path that
    turns back on itself is drawn as a narrow loop, and an arrow that would lie along one already drawn
    (``taken``) is moved beside it. Returns its centre line."""
    points = _spread(_looped(_straightened(points)), taken)
    path = _bent(points[0], points[1], values) if len(points) == 2 else list(points)
    length = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
    spare = length - max(HEAD_LENGTH + SHORTEST_SHAFT, least)
    if start_gap + end_gap > spare:
        floor_start, floor_end = min(start_gap, VALUE_REACH), min(end_gap, VALUE_REACH)
        shrink = max(0.0, min(1.0, (spare - floor_start - floor_end) / max(start_gap + end_gap - floor_start - floor_end, 1e-9)))
        start_gap = floor_start + (start_gap - floor_start) * shrink
        end_gap = floor_end + (end_gap - floor_end) * shrink
    path = _trim(path, start_gap, end_gap + HEAD_LENGTH)
    if len(path) < 2:
        return path
    ink = colour(kind)
    (ex, ey), (px, py) = path[-1], path[-2]
    ux, uy = _unit(ex - px, ey - py)
    head = [(ex + ux * HEAD_LENGTH, ey + uy * HEAD_LENGTH), (ex - uy * HEAD_WIDTH / 2, ey + ux * HEAD_WIDTH / 2), (ex + uy * HEAD_WIDTH / 2, ey - ux * HEAD_WIDTH / 2)]
    rim_width = halo(pen)
    rim = Paint(fill=PAPER, stroke=PAPER, width=rim_width, join="round")
    solid = Paint(fill=ink)
    dash = ARROW_DASH.get(kind, ARROW_DASH["neutral"])
    if dash:
        cap: Literal["round", "butt"] = "round" if kind == "neutral" else "butt"
        pen.polyline(path, Paint(stroke=PAPER, width=SHAFT + rim_width, join="round", cap=cap), role="mark")
        pen.polygon(head, rim, role="mark")
        pen.polyline(path, Paint(stroke=ink, width=SHAFT, dash=dash, join="round", cap=cap), role="mark")
        pen.polygon(head, solid, role="mark")
    else:
        outline = _thick_polyline(path, SHAFT)
        for paint in (rim, solid):
            pen.polygon(outline, paint, role="mark")
            pen.polygon(head, paint, role="mark")
    if kind in TAIL_DOT:
        pen.circle(path[0], DOT_RADIUS + rim_width / 2, Paint(fill=PAPER), role="mark")
        pen.circle(path[0], DOT_RADIUS, solid, role="mark")
    return path


GHOST_KEEP = 0.45
"""How much of a ghosted piece's colours is kept (the rest is paper): a black piece turns mid grey."""
GHOST_TEXT_KEEP = 0.75
"""How much of the colour of a ghosted piece's text is kept (its value stays readable)."""
GHOST_DASH = (3.0, 2.0)
"""The dashes of a ghosted piece's lines (a real piece's are solid)."""


def ghost(pen: Pen, piece: Piece, at: Point, cell: str, scale: float = 1.0) -> None:
    """The piece a placement claim is about, drawn at ``at`` (drawing points) the size ``scale`` of a real
    one, ghosted: its colours paled towards the paper and its lines dashed, so it reads as "this piece, to be
    put here" beside the real pieces, in colour and in greyscale. Its group's role is ``ghost <cell>``."""
    sketch = Pen(pen.scale)
    with sketch.group(translate=at, scale=scale, role=f"ghost {cell}"):
        draw_piece(sketch, piece, (0.0, 0.0))
    for item in sketch.items:
        pen.add(_ghosted(item))


def _ghosted(item: Item) -> Item:
    if isinstance(item, Group):
        return Group(tuple(_ghosted(inner) for inner in item.items), item.matrix, item.role)
    if isinstance(item, Text):
        return Text(item.text, item.at, item.size, item.font, _paled(item.fill, GHOST_TEXT_KEEP), item.anchor, item.role)
    paint = item.paint
    return Shape(
        item.segments,
        Paint(
            fill=_paled(paint.fill, GHOST_KEEP) if paint.fill else None,
            stroke=_paled(paint.stroke, GHOST_KEEP) if paint.stroke else None,
            width=paint.width,
            opacity=paint.opacity,
            dash=paint.dash or (tuple(d * max(paint.width, 1.0) for d in GHOST_DASH) if paint.stroke else ()),
            cap=paint.cap,
            join=paint.join,
        ),
        item.role,
    )


def _paled(colour: str, keep: float) -> str:
    """``colour`` (``#rrggbb``; any other form is kept) mixed with the paper, keeping ``keep`` of it."""
    if len(colour) != 7 or not colour.startswith("#"):
        return colour
    paper = [int(PAPER[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(p + (int(colour[i : i + 2], 16) - p) * keep) for p, i in zip(paper, (1, 3, 5))]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def halo(pen: Pen) -> float:
    """The full width of the paper-white halo under a mark: :data:`RIM`, or more where it would print under
    :data:`HALO_PT` a side."""
    return max(RIM, 2 * HALO_PT / pen.scale)


def cross(pen: Pen, at: Point, kind: str, values: Sequence[Box], along: Sequence[Point] = ()) -> Point:
    """A cross near ``at`` that covers no value: somewhere free along the line ``along`` when given,
    else beside the value at ``at``. Returns where it was drawn."""
    x, y = _free_spot(at, values, along)
    draw_cross(pen, (x, y), kind)
    return x, y


def draw_cross(pen: Pen, at: Point, kind: str) -> None:
    """A cross centred on ``at`` in ``kind``'s ink, on a paper-white halo."""
    x, y = at
    ink = colour(kind)
    size = cross_size(pen)
    stroke_width = max(3.6, CROSS_STROKE_PT / pen.scale)
    for width, stroke in ((stroke_width + halo(pen), PAPER), (stroke_width, ink)):
        for dx in (-size, size):
            pen.line((x - dx, y - size), (x + dx, y + size), Paint(stroke=stroke, width=width, cap="round"), role="mark")


def cross_size(pen: Pen) -> float:
    """Half the width of a cross (drawing points): :data:`CROSS_SIZE`, or more where it would print under
    :data:`CROSS_PT`."""
    return max(CROSS_SIZE, CROSS_PT / pen.scale)


def reason_words(code: str) -> str:
    """The words printed by an illegal move's cross: the engine's reason code, as words
    (``diagonal-walk``: "diagonal walk")."""
    return code.replace("-", " ").replace("_", " ").strip()


def reason_box(pen: Pen, text: str) -> tuple[float, float, float]:
    """The width and height of the box :func:`reason` draws for ``text``, and its text size."""
    register_fonts()
    size = pen.text_size(REASON_PT)
    return stringWidth(text, SANS_BOLD, size) + 0.8 * size, 1.45 * size, size


def reason(pen: Pen, at: Point, text: str, kind: str = "illegal") -> Box:
    """The reason a move is illegal, in a paper-white box edged in ``kind``'s ink whose top-left corner is
    ``at``. Returns the box."""
    width, height, size = reason_box(pen, text)
    x, y = at
    with pen.group(role="reason box"):
        pen.rect(x, y, width, height, Paint(fill=PAPER, stroke=colour(kind), width=0.75), radius=min(2.0, height / 4), role="mark")
        pen.text(text, (x + width / 2, y + height / 2 + 0.36 * size), size, SANS_BOLD, INK, role="reason")
    return x, y, x + width, y + height


def label(pen: Pen, at: Point, text: str, kind: str) -> None:
    """Short text in a white box edged in its kind's colour."""
    x, y = at
    size = pen.text_size(10.0)
    width = 0.62 * size * len(text) + 6
    pen.rect(x - width / 2, y - size * 0.75, width, size * 1.5, Paint(fill=PAPER, opacity=0.9, stroke=colour(kind), width=0.8), radius=3, role="mark")
    pen.text(text, (x, y + size * 0.35), size, SANS_BOLD, INK, role="mark")


REASON_RINGS = (1.0, 1.3, 1.6, 2.0, 2.4, 2.9, 3.4, 4.0, 4.6, 5.3, 6.0, 7.0, 8.0)
"""How far from its cross a reason may go, in steps of a cross's reach: the nearest free ring is used."""
REASON_LEADER = 2.4
"""A reason set further from its cross than this ring is tied to it by a leader line."""
LEADER_PT = 0.5
"""The printed width of a leader line, points."""


Score = tuple[float, float, int, float]
"""How badly a reason's box sits: the share of it over pieces, over coordinates, the arrows it crosses, its ring."""


def place_reasons(
    pen: Pen,
    reasons: Sequence[tuple[Point, str]],
    values: Sequence[Box],
    crosses: Sequence[Point],
    lines: Sequence[Sequence[Point]],
    frame: Box,
    pieces: Sequence[Box] = (),
    signs: Sequence[Box] = (),
) -> list[Box]:
    """Each illegal move's reason by its cross: of the spots round the cross, inside ``frame``, where its box
    covers no value, no other cross and no other reason, the one that covers least of the ``pieces`` (none
    where it can), then of the ``signs`` (the coordinates), then crosses fewest arrows, then lies nearest.
    The reasons are placed in their order and in the reverse, and the better is drawn; a reason set apart
    from its cross is tied to it by a leader line. Returns the boxes drawn."""
    size = cross_size(pen)
    avoid = [*(grown(box, CLEARANCE) for box in values), *((x - size - 1, y - size - 1, x + size + 1, y + size + 1) for x, y in crosses)]

    def arrange(order: Sequence[int]) -> dict[int, tuple[Score, Box, float]]:
        chosen: dict[int, tuple[Score, Box, float]] = {}
        for index in order:
            at, text = reasons[index]
            width, height, _ = reason_box(pen, text)
            taken = [*avoid, *(box for _, box, _ in chosen.values())]
            best: tuple[Score, Box, float] | None = None
            for ring in REASON_RINGS:
                gap = (size + 3.0) * ring
                for step in range(24):
                    dx, dy = math.cos(step * math.pi / 12), math.sin(step * math.pi / 12)
                    centre = (at[0] + dx * (gap + width / 2 * abs(dx)), at[1] + dy * (gap + height / 2 * abs(dy)))
                    box = (centre[0] - width / 2, centre[1] - height / 2, centre[0] + width / 2, centre[1] + height / 2)
                    if not (frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]):
                        continue
                    if any(_overlap(box, other) for other in taken):
                        continue
                    if ring > REASON_LEADER and any(_line_in_box(_leader(at, box, size), value) for value in avoid[: len(values)]):
                        continue
                    covered = [round(sum(_overlap_area(box, other) for other in boxes) / (width * height), 3) for boxes in (pieces, signs)]
                    score: Score = (covered[0], covered[1], sum(_line_in_box(line, box) for line in lines), ring + step * 1e-3)
                    if best is None or score < best[0]:
                        best = (score, box, ring)
                if best is not None and best[0][:3] == (0.0, 0.0, 0):
                    break
            if best is None:
                best = ((0.0, 0.0, 0, 0.0), (at[0] + size + 3.0, at[1] - height / 2, at[0] + size + 3.0 + width, at[1] + height / 2), 1.0)
            chosen[index] = best
        return chosen

    forward = range(len(reasons))
    arrangements = [arrange(forward), arrange(forward[::-1])]
    chosen = min(arrangements, key=lambda found: tuple(sum(score[k] for score, _, _ in found.values()) for k in range(4)))
    placed: list[Box] = []
    for index, (at, text) in enumerate(reasons):
        _, box, ring = chosen[index]
        if ring > REASON_LEADER:
            pen.polyline(_leader(at, box, size), Paint(stroke=colour("illegal"), width=max(0.9, LEADER_PT / pen.scale), cap="round"), role="mark")
        placed.append(reason(pen, (box[0], box[1]), text))
    return placed


def _leader(at: Point, box: Box, size: float) -> list[Point]:
    """A line from the edge of the cross at ``at`` (half-width ``size``) to the nearest point of ``box``."""
    end = (min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3]))
    ux, uy = _unit(end[0] - at[0], end[1] - at[1])
    return [(at[0] + ux * (size + 2.0), at[1] + uy * (size + 2.0)), end]


def _overlap_area(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _line_in_box(line: Sequence[Point], box: Box) -> bool:
    """Whether a polyline (as wide as a shaft) passes through ``box``."""
    wide = grown(box, SHAFT / 2)
    for a, b in zip(line, line[1:]):
        for k in range(9):
            if _inside((a[0] + (b[0] - a[0]) * k / 8, a[1] + (b[1] - a[1]) * k / 8), wide):
                return True
    return False


@dataclass(frozen=True)
class Sample:
    """One entry of a legend: a mark kind, drawn as an arrow or as a cell; or a ghosted piece."""

    kind: MarkKind
    as_arrow: bool
    ghost: Group | None = None
    """A ghosted piece as a figure drew it (:func:`ghost`'s group), shown instead of a mark."""


GHOST_WORDS = "piece to place"
"""What a ghosted piece means, for the legend."""
KEY_GAP = 14.0
"""Points between one entry of the legend and the next."""
GHOST_SIDE = 22.0
"""The height or width of a ghosted piece in the legend (drawing points), the larger of the two."""


def first_ghost(items: Sequence[Item]) -> Group | None:
    """The first ghosted piece (:func:`ghost`'s group) among drawn ``items``."""
    for item in items:
        if isinstance(item, Group):
            found = item if item.role.startswith("ghost ") else first_ghost(item.items)
            if found is not None:
                return found
    return None


def legend(samples: Sequence[Sample], scale: float = 1.0) -> Drawing:
    """A one-line key of the marks a book uses: each sample mark, drawn by the same functions and with the
    same ink, dashes, halo and cross as in the figures (a ghosted piece as a figure drew it, its size
    :data:`GHOST_SIDE`, its text and strokes kept legible), and what it means."""
    register_fonts()
    pen = Pen(scale)
    size = pen.text_size(8.5)
    x, height = 0.0, max(26.0, 2.4 * size)
    middle = height / 2
    for sample in samples:
        if sample.ghost is not None:
            x0, y0, x1, y1 = _extent(sample.ghost.items)
            fit = GHOST_SIDE / max(x1 - x0, y1 - y0, 1e-9)
            centre = (x + GHOST_SIDE / 2 - (x0 + x1) / 2 * fit, middle - (y0 + y1) / 2 * fit)
            with pen.group(translate=centre, scale=fit, role=sample.ghost.role):
                pen.redraw(sample.ghost.items)
            x += GHOST_SIDE + 6
        elif sample.as_arrow:
            line = arrow(pen, [(x, middle), (x + 40, middle)], sample.kind, 0.0, 0.0, [])
            if sample.kind in CROSSED:
                draw_cross(pen, _halfway(line), sample.kind)
            x += 46
        else:
            side = 20.0
            square = [(x, middle - side / 2), (x + side, middle - side / 2), (x + side, middle + side / 2), (x, middle + side / 2)]
            cell(pen, square, sample.kind)
            if sample.kind in CROSSED:
                draw_cross(pen, (x + side / 2, middle), sample.kind)
            x += side + 6
        words = GHOST_WORDS if sample.ghost is not None else MARK_WORDS[sample.kind][0 if sample.as_arrow else 1]
        pen.text(words, (x, middle + size * 0.35), size, SANS, INK, anchor="start", role="legend")
        x += stringWidth(words, SANS, size) + KEY_GAP
    return pen.drawing(max(x - KEY_GAP, 0.0), height, title="Key to the marks")


def _extent(items: Sequence[Item]) -> Box:
    """The box round drawn ``items``."""
    boxes = [box for _, box in bounds(items)]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _halfway(line: Sequence[Point]) -> Point:
    """The point halfway along a polyline."""
    lengths = [math.dist(a, b) for a, b in zip(line, line[1:])]
    half = sum(lengths) / 2
    for (a, b), length in zip(zip(line, line[1:]), lengths):
        if half <= length and length:
            t = half / length
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= length
    return line[-1]


def _straightened(points: Sequence[Point]) -> list[Point]:
    """``points`` without the ones that lie on a straight line between their neighbours (a point where the
    path turns back is kept)."""
    kept = [points[0]]
    for index in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = kept[-1], points[index], points[index + 1]
        turned = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) > 1e-6 * max(1.0, math.dist(kept[-1], points[index + 1])) ** 2
        back = (bx - ax) * (cx - bx) + (by - ay) * (cy - by) < 0
        if turned or back:
            kept.append(points[index])
    return [*kept, points[-1]]


LOOP = SHAFT + RIM + 2.0
"""How far apart the two legs of a path that turns back on itself are drawn."""


def _looped(points: list[Point]) -> list[Point]:
    """``points`` with every leg that turns straight back drawn beside the leg before it: out on one side and
    back on the other, so a move there and back (d5-c5-d5) reads as a loop, not as one line."""
    if len(points) < 3:
        return points
    looped = list(points)
    for index in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = points[index - 1], points[index], points[index + 1]
        ux, uy = _unit(bx - ax, by - ay)
        vx, vy = _unit(cx - bx, cy - by)
        if ux * vx + uy * vy < -0.99:
            side = LOOP / 2
            out = [(x - uy * side, y + ux * side) for x, y in ((ax, ay), (bx, by))]
            back = [(x + uy * side, y - ux * side) for x, y in ((bx, by), (cx, cy))]
            return [*points[: index - 1], *out, *back, *points[index + 2 :]]
    return looped


def _spread(points: list[Point], taken: Sequence[Sequence[Point]]) -> list[Point]:
    """``points`` moved sideways, a step at a time, while most of their first leg lies along a line already drawn."""
    step = SHAFT + RIM + 2.0 + LOOP / 2
    (ax, ay), (bx, by) = points[0], points[1]
    ux, uy = _unit(bx - ax, by - ay)
    for offset in (0.0, step, -step, 2 * step, -2 * step):
        moved = [(x - uy * offset, y + ux * offset) for x, y in points]
        if not any(_along(moved[:2], line) for line in taken):
            return moved
    return points


def _along(leg: Sequence[Point], line: Sequence[Point]) -> bool:
    """Whether more than a third of ``leg`` runs within a shaft's width of ``line``."""
    if len(line) < 2:
        return False
    samples = [(leg[0][0] + (leg[1][0] - leg[0][0]) * i / 12, leg[0][1] + (leg[1][1] - leg[0][1]) * i / 12) for i in range(13)]
    close = sum(min(_distance_to_segment(p, a, b) for a, b in zip(line, line[1:])) < SHAFT + RIM + LOOP / 2 for p in samples)
    return close > len(samples) / 3


def _distance_to_segment(point: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if not span else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / span))
    return math.dist(point, (a[0] + dx * t, a[1] + dy * t))


def _inset(polygon: Sequence[Point], amount: float) -> list[Point]:
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    result = []
    for x, y in polygon:
        d = math.hypot(x - cx, y - cy) or 1.0
        result.append((x - (x - cx) * amount / d, y - (y - cy) * amount / d))
    return result


def grown(box: Box, margin: float) -> Box:
    """``box`` grown by ``margin`` on every side."""
    return box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin


def _inside(point: Point, box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _bent(start: Point, end: Point, values: Sequence[Box]) -> list[Point]:
    """The straight line from ``start`` to ``end`` if it passes clear of every value; else the least bowed
    quadratic curve, to either side, that does (or the straight line if none within a bow of 0.8 of its length)."""
    straight = _curve(start, end, 0.0)
    if _clear(straight, values):
        return [start, end]
    length = math.dist(start, end)
    for step in range(1, 41):
        for side in (1, -1):
            curve = _curve(start, end, side * step * 0.02 * length)
            if _clear(curve, values):
                return curve
    return [start, end]


def _curve(start: Point, end: Point, bow: float, steps: int = 24) -> list[Point]:
    """Points along the quadratic curve from ``start`` to ``end`` whose middle lies ``bow`` to the left."""
    ux, uy = _unit(end[0] - start[0], end[1] - start[1])
    control = ((start[0] + end[0]) / 2 - uy * 2 * bow, (start[1] + end[1]) / 2 + ux * 2 * bow)
    return [
        (
            (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0],
            (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def _clear(points: Sequence[Point], values: Sequence[Box]) -> bool:
    """Whether a line through ``points`` (as wide as a shaft and its rim) keeps clear of every value."""
    reach = SHAFT / 2 + RIM / 2 + CLEARANCE
    for box in values:
        x0, y0, x1, y1 = grown(box, reach)
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            for k in range(5):
                px, py = ax + (bx - ax) * k / 4, ay + (by - ay) * k / 4
                if x0 <= px <= x1 and y0 <= py <= y1:
                    return False
    return True


def _trim(points: list[Point], start: float, end: float) -> list[Point]:
    """A polyline shortened by ``start`` at its beginning and ``end`` at its end (along its length)."""
    return _cut_end(_cut_end(points, start)[::-1], end)[::-1] if points else points


def _cut_end(points: list[Point], amount: float) -> list[Point]:
    """``points`` without their first ``amount`` of length."""
    remaining = amount
    for index in range(len(points) - 1):
        a, b = points[index], points[index + 1]
        step = math.dist(a, b)
        if remaining < step:
            t = remaining / step
            return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), *points[index + 1 :]]
        remaining -= step
    return points[-1:]


def _thick_polyline(points: list[Point], width: float) -> list[Point]:
    """The outline polygon of a polyline of the given width, with mitred joints."""
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(points):
        segments = []
        if i > 0:
            segments.append(_unit(x - points[i - 1][0], y - points[i - 1][1]))
        if i + 1 < len(points):
            segments.append(_unit(points[i + 1][0] - x, points[i + 1][1] - y))
        normals = [(-uy, ux) for ux, uy in segments]
        nx, ny = _unit(sum(n[0] for n in normals), sum(n[1] for n in normals))
        offset = width / 2 / max(nx * normals[0][0] + ny * normals[0][1], 0.5)
        left.append((x + nx * offset, y + ny * offset))
        right.append((x - nx * offset, y - ny * offset))
    return left + right[::-1]


def _free_spot(at: Point, values: Sequence[Box], along: Sequence[Point]) -> Point:
    """``at`` if a cross there covers no value; else the nearest free spot along ``along``, or beside ``at``."""
    reach = CROSS_SIZE + RIM + CLEARANCE

    def free(point: Point) -> bool:
        return not any(_inside(point, grown(box, reach)) for box in values)

    if free(at):
        return at
    candidates: list[Point] = []
    if len(along) >= 2:
        total = sum(math.dist(a, b) for a, b in zip(along, along[1:]))
        candidates += [_cut_end(list(along), total * f)[0] for f in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)]
    step = reach + 4
    candidates += [(at[0] + dx * step, at[1] + dy * step) for dx, dy in ((1, -1), (-1, -1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1), (0, 1))]
    return next((point for point in candidates if free(point)), candidates[0] if candidates else at)


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length
