"""What figures show agrees with what they say: no cell marked both ways, nothing the caption relies on left
out of the drawn window, no label hiding a piece, labels on the places they name."""

from __future__ import annotations

from collections import defaultdict

import pytest

from ppprint.model.table import Label, footprint, piece_kind
from ppprint.registry import get_game, registry
from ppprint.render.figure import panel_picture
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
