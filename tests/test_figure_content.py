"""What figures show agrees with what they say: no cell marked both ways, nothing the caption relies on left
out of the drawn window, no label hiding a piece, labels on the places they name."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

import pytest

from ppprint.model.table import Label, Point, footprint, piece_kind
from ppprint.registry import get_game, registry
from ppprint.render.draw import IDENTITY, Group, Item, Matrix, Shape, Text, apply, multiply
from ppprint.render.figure import MARGIN, PanelPicture, figure_drawing, panel_picture
from ppprint.render.pieces import POINTS_PER_INCH
from ppprint.verify import CheckedPanel, verify_game

ALLOWED = {"legal", "played"}
FORBIDDEN = {"illegal", "cross"}


@pytest.fixture(scope="module")
def reports() -> dict[str, object]:
    return {game_id: verify_game(get_game(game_id)) for game_id in registry().ids()}


def panels(reports, game_id: str | None = None) -> list[tuple[str, str, int, CheckedPanel]]:  # type: ignore[no-untyped-def]
    ids = [game_id] if game_id else registry().ids()
    return [(g, f, i, p) for g in ids for f, figure in reports[g].figures.items() for i, p in enumerate(figure.panels)]


def cell_marks(panel: CheckedPanel) -> dict[str, list[str]]:
    """Every mark a panel puts on each cell: the tints of hand-made highlights and of one-cell moves, the ends
    of move arrows (as their kind, no tint), and hand-made crosses."""
    found: dict[str, list[str]] = defaultdict(list)
    for kind, cells in panel.panel.marks.highlight.items():
        for cell in cells:
            found[cell].append(f"tint {kind}")
    for move in panel.moves:
        if len(move.cells) == 1:
            found[move.cells[0]].append(f"tint {move.kind}")
        else:
            found[move.cells[-1]].append(f"arrow {move.kind}")
    for cell in panel.panel.marks.crosses:
        found[cell].append("cross cross")
    return found


def test_no_cell_is_marked_both_allowed_and_not_and_no_tint_is_laid_twice(reports) -> None:  # type: ignore[no-untyped-def]
    # SanQi's replacement figure once drew the Xia that may be replaced under a legal outline, a second legal
    # tint and an illegal cross; Pile Up's control figure marked a legal capture's target illegal.
    problems = []
    for game_id, figure_id, index, panel in panels(reports):
        for cell, marks in cell_marks(panel).items():
            kinds = {mark.split()[1] for mark in marks}
            tints = [mark for mark in marks if mark.startswith("tint") and mark != "tint highlight"]
            if kinds & ALLOWED and kinds & FORBIDDEN or {"legal", "played"} <= kinds or len(tints) != len(set(tints)) or len(set(tints)) > 1:
                problems.append(f"{game_id} {figure_id} panel {index + 1} {cell}: {marks}")
    assert problems == []


def test_a_sanqi_window_shows_every_piece_of_its_position(reports) -> None:  # type: ignore[no-untyped-def]
    # The double-line figure's panel (b) once put an anchor on h10, outside its window: drawn nowhere.
    view = get_game("sanqi").require_view()
    problems = []
    for _, figure_id, index, panel in panels(reports, "sanqi"):
        state = panel.state
        table = view.table(state, panel.panel.view)
        occupied = {state.field.name(cell) for cell in state.field.cells() if state.board[state.field.index(cell)]}
        problems += [f"{figure_id} panel {index + 1}: {cell}" for cell in sorted(occupied - set(table.cells))]
    assert problems == []


def label_box(label: Label) -> tuple[float, float, float, float]:
    """The box (table inches) a label's white box covers, as :func:`ppprint.render.marks.label` draws it at 10 pt."""
    width = (0.62 * 10.0 * len(label.text) + 6) / POINTS_PER_INCH
    height = 15.0 / POINTS_PER_INCH
    x, y = label.at
    return x - width / 2, y - height / 2, x + width / 2, y + height / 2


@pytest.mark.parametrize("game_id", registry().ids())
def test_no_label_hides_a_piece(reports, game_id: str) -> None:  # type: ignore[no-untyped-def]
    # Piecepackman's anatomy figure once wrote "Ghost House" over an energy cube.
    view = get_game(game_id).require_view()
    problems = []
    for _, figure_id, index, panel in panels(reports, game_id):
        picture = panel_picture(view, reports[game_id].figures[figure_id].figure, panel)
        pieces = [p for p in picture.table.pieces if not piece_kind(p.kind).board]
        for label in (m for m in picture.marks if isinstance(m, Label) and m.text and not m.text.isdigit()):
            x0, y0, x1, y1 = label_box(label)
            for piece in pieces:
                a0, b0, a1, b1 = footprint(piece)
                if x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1:
                    problems.append(f"{figure_id} panel {index + 1}: label {label.text!r} over a {piece.kind} at ({piece.x:.2f}, {piece.y:.2f})")
    assert problems == []


def test_a_piecepackman_start_label_is_on_his_start_square(reports) -> None:  # type: ignore[no-untyped-def]
    # The anatomy figure once wrote "start" on f3, one square below his start f4.
    from ppprint.geometry.square import cell_name

    problems = []
    for _, figure_id, index, panel in panels(reports, "piecepackman"):
        start = cell_name(panel.state.level.piecepackman_start)
        problems += [f"{figure_id} panel {index + 1}: 'start' on {cell}, his start is {start}"
                     for cell, text in panel.panel.marks.labels.items() if text.lower() == "start" and cell != start]
    assert problems == []


# -- the piece a placement claim is about is drawn on its square -------------------------------------------

PLACEMENT = re.compile(r"^(?:(?P<value>\w+)@(?P<cell>[a-z]+\d+)|reinforce)$")
"""A move whose notation is a placement or a drop (Pile Up's ``7@d4``, SanQi's ``S@e5``, Siege's ``reinforce``)."""


def _pieces_drawn(items: Sequence[Item], matrix: Matrix = IDENTITY, ghost: str = "") -> list[tuple[str, str, Point, list[str]]]:
    """Every piece a drawing shows: (the cell of the ghost it belongs to, or "" for a real piece; its kind; its
    centre in drawing points; the texts it draws)."""
    found = []
    for item in items:
        if isinstance(item, Group):
            inner = multiply(matrix, item.matrix)
            if item.role.startswith("ghost "):
                found += _pieces_drawn(item.items, inner, item.role.removeprefix("ghost "))
            elif item.role.startswith("piece "):
                texts = [t for _, t in _texts(item.items)]
                found.append((ghost, item.role.removeprefix("piece "), apply(inner, (0.0, 0.0)), texts))
            else:
                found += _pieces_drawn(item.items, inner, ghost)
    return found


def _texts(items: Sequence[Item]) -> list[tuple[str, str]]:
    return [pair for item in items for pair in (_texts(item.items) if isinstance(item, Group) else [(item.role, item.text)] if isinstance(item, Text) else [])]


def _inside(point: Point, polygon: Sequence[Point]) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y0 > point[1]) != (y1 > point[1]) and point[0] < x0 + (point[1] - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def placement_problems(reports) -> tuple[list[str], int]:  # type: ignore[no-untyped-def]
    """Each drawn placement claim whose piece the drawing does not show on its square (read back from the
    drawing's items: a ghosted piece there, or the real one when the panel shows the position after it), and
    how many drawn placement claims there are."""
    problems, count = [], 0
    for game_id, figure_id, index, panel in panels(reports):
        game = get_game(game_id)
        view = game.require_view()
        placements = [m for m in panel.moves if m.move is not None and PLACEMENT.match(m.state.game.format_move(m.state, m.move))]
        if not placements:
            continue
        picture = panel_picture(view, reports[game_id].figures[figure_id].figure, panel)
        drawing = figure_drawing([PanelPicture(picture.table, picture.marks)])
        min_x, _, _, max_y = picture.table.bounds

        def place(p: Point) -> Point:
            return (p[0] - min_x + MARGIN) * POINTS_PER_INCH, (max_y - p[1] + MARGIN) * POINTS_PER_INCH

        drawn = _pieces_drawn(drawing.items)
        for move in placements:
            count += 1
            text = move.state.game.format_move(move.state, move.move)
            match = PLACEMENT.match(text)
            assert match is not None
            cell = move.cells[-1]
            polygon = [place(p) for p in picture.table.cells[cell]]
            here = [
                (ghost, kind, texts) for ghost, kind, at, texts in drawn if _inside(at, polygon) and ghost in ("", cell) and not piece_kind(kind).board
            ]
            ghosts = [(kind, texts) for ghost, kind, texts in here if ghost == cell]
            value = match.group("value")
            wanted = [kind for kind, texts in ghosts if game_id != "pileup" or texts == [value]]
            if not wanted and not (move.kind == "played" and any(ghost == "" for ghost, _, _ in here)):
                problems.append(f"{game_id} {figure_id} panel {index + 1}: {move.kind} {text} shows no piece on {cell} (there: {here})")
    return problems, count


def test_every_drawn_placement_shows_its_piece_on_its_square(reports) -> None:  # type: ignore[no-untyped-def]
    # Pile Up's Figure 1(b) once marked the empty a1 "not allowed here" for "placing the 3 on a1 is illegal,
    # the 3 being in play", without the 3: a reader learnt that an empty square is forbidden.
    problems, count = placement_problems(reports)
    assert problems == [] and count >= 20


def test_pileup_placement_b_draws_a_ghosted_3_on_a1(reports) -> None:  # type: ignore[no-untyped-def]
    view = get_game("pileup").require_view()
    checked = reports["pileup"].figures["placement"]
    picture = panel_picture(view, checked.figure, checked.panels[1])
    drawing = figure_drawing([PanelPicture(picture.table, picture.marks)])
    ghosts = {(ghost, kind, tuple(texts)) for ghost, kind, _, texts in _pieces_drawn(drawing.items) if ghost}
    assert ghosts == {("a1", "pileup-piece", ("3",)), ("f3", "pileup-piece", ("5",)), ("d4", "pileup-piece", ("5",))}
    # Ghosted: paler than a real piece of the same colour, and dashed.
    a1 = next(item for item in drawing.items if isinstance(item, Group) and item.role == "ghost a1")
    shapes = [s for s in _shapes(a1.items) if s.paint.stroke]
    assert shapes and all(s.paint.dash for s in shapes) and all(s.paint.stroke != "#000000" for s in shapes)


def _shapes(items: Sequence[Item]) -> list[Shape]:
    return [s for item in items for s in (_shapes(item.items) if isinstance(item, Group) else [item] if isinstance(item, Shape) else [])]


def test_without_the_ghost_the_placement_test_fails(reports, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from ppprint.render import marks

    monkeypatch.setattr(marks, "ghost", lambda *args, **kwargs: None)
    problems, _ = placement_problems(reports)
    assert any("pileup placement panel 2: illegal 3@a1 shows no piece on a1" in p for p in problems), problems
