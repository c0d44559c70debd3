"""Graph boards (issue 25): points, lines and regions as data, drawn by the shared layout with the shared marks,
and the test game on one, Pong Hau K'i (``tests/games/ponghauki``)."""

from __future__ import annotations

import math
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest

import ppprint.registry
from ppprint.cli import run
from ppprint.errors import DataError, InputError
from ppprint.geometry.graph import Graph, graph_of, label_direction
from ppprint.model.graph import load_graph
from ppprint.model.table import Arrow
from ppprint.render import marks
from ppprint.render.draw import IDENTITY, Drawing, Group, Item, Matrix, Shape
from ppprint.render.figure import PanelPicture, figure_drawing, render_figure
from ppprint.render.palette import MARK_COLOURS
from ppprint.verify import verify_game
from ppprint.scaffold import create_game
from tests.conftest import edit, game_in, run_cli

GAMES = Path(__file__).parent / "games"
DOC = Path(__file__).parent.parent / "docs" / "graph-boards-and-pieces.md"
Point = tuple[float, float]


@pytest.fixture(autouse=True)
def _keep_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run`` configures the run's games (``--games``): put the suite's back afterwards."""
    monkeypatch.setattr(ppprint.registry, "_current", ppprint.registry._current)


def cli(capsys: pytest.CaptureFixture[str], *args: str, games: Path = GAMES) -> tuple[int, str]:
    """``ppprint --games GAMES ARGS`` in this process: the exit status and what it printed."""
    status = run(["--no-bundled", "--games", str(games), *args])
    out, err = capsys.readouterr()
    return status, out + err


# -- geometry and data -------------------------------------------------------------------


def square() -> Graph:
    return graph_of({"a": (0, 0), "b": (1, 0), "c": (1, 1), "d": (0, 1)}, [("a", "b"), ("b", "c"), ("c", "d")])


def test_a_graph_knows_its_points_lines_and_neighbours() -> None:
    graph = square()
    assert list(graph.names()) == ["a", "b", "c", "d"] and "c" in graph and "z" not in graph
    assert graph.at("c") == (1, 1) and graph.neighbours("b") == ("a", "c") and graph.neighbours("a") == ("b",)
    assert graph.joined("c", "b") and not graph.joined("a", "d")
    with pytest.raises(KeyError, match="'z' is not a point of the board"):
        graph.point("z")
    board = load_graph(GAMES / "ponghauki" / "board.yaml")
    assert board.region("red-home").points == ("nw", "ne") and board.region("blue-home").style == "tint"
    with pytest.raises(KeyError, match="regions: red-home, blue-home"):
        board.region("goal")


@pytest.mark.parametrize(
    ("lines", "message"),
    [([("a", "z")], "line a-z: unknown point 'z'"), ([("a", "a")], "joins a point to itself"), ([("a", "b"), ("b", "a")], "given twice")],
)
def test_bad_lines_are_refused_with_their_place(lines: list[tuple[str, str]], message: str) -> None:
    with pytest.raises(DataError, match=message) as caught:
        graph_of({"a": (0, 0), "b": (1, 0)}, lines)
    assert caught.value.loc == ("lines", len(lines) - 1)


def test_a_label_goes_in_the_widest_gap_between_the_lines() -> None:
    assert label_direction([0.0, math.pi / 2]) == pytest.approx(1.25 * math.pi)
    assert label_direction([math.pi]) == pytest.approx(0.0)


def test_bad_graph_data_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text("points:\n  a: [0, 0]\n  b: [1, 0]\nlines:\n  - a-b\n  - b-q\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_graph(path)
    assert caught.value.line == 6 and "unknown point 'q'" in caught.value.message
    path.write_text("points:\n  a: [0, 0, 1]\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_graph(path)
    assert caught.value.line == 2


def test_a_line_naming_an_unknown_point_is_one_error_exit_2(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(GAMES, games, ignore=shutil.ignore_patterns("__pycache__"))
    edit(games / "ponghauki" / "board.yaml", "  - ne-c-sw\n", "  - ne-c-zz\n")
    result = run_cli("verify", "ponghauki", cwd=tmp_path, games=games)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and re.search(r"ponghauki/board\.yaml:10: line c-zz: unknown point 'zz'", lines[0]), lines


# -- the test game: checked and built ---------------------------------------------------


def test_the_graph_game_verifies_strictly(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = cli(capsys, "verify", "ponghauki", "--strict")
    assert status == 0, err


def test_the_graph_game_keeps_the_engine_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = cli(capsys, "check", "ponghauki", "--playouts", "5")
    assert status == 0 and "keeps the contract" in out, out


def test_a_flipped_claim_fails_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    shutil.copytree(GAMES, games, ignore=shutil.ignore_patterns("__pycache__"))
    edit(games / "ponghauki" / "figures" / "moves.yaml", "sw-se: taken", "sw-se: no-line")
    status, err = cli(capsys, "verify", "ponghauki", games=games)
    assert status == 1
    assert re.search(r"moves\.yaml:\d+: .*sw-se", err) and "taken" in err, err


def test_the_graph_game_builds_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "out")
    for args in (["build", "ponghauki", "--jobs", "1"], ["build", "ponghauki", "--format", "html", "--jobs", "1"], ["pnp", "ponghauki"]):
        status, err = cli(capsys, *args, "--out", out)
        assert status == 0, (args, err)
    status, err = cli(capsys, "report", "ponghauki", "--games-played", "4", "--workers", "1", "--format", "pdf", "--out", out)
    assert status == 0, err
    for name in ("ponghauki-letter.pdf", "ponghauki-pnp-letter.pdf", "ponghauki-report.pdf"):
        assert len(pdfium.PdfDocument(tmp_path / "out" / name)) >= 1
    html = (tmp_path / "out" / "ponghauki.html").read_text(encoding="utf-8")
    assert html.count("<svg") >= 3 and "no line" in html


PLAIN_BOARD = """board:
  graph:
    points: {a: [0, 0], b: [2, 0], c: [1, 1.6]}
    lines: [a-b-c-a]
    regions: {base: {points: [a, b]}}
"""


def test_a_game_without_an_engine_draws_a_graph_board_from_game_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    folder = create_game(games, "plain-graph", engine=False)
    edit(folder / "game.yaml", "board: {tiles: [3, 3]}", PLAIN_BOARD)
    (folder / "figures" / "setup.yaml").write_text("caption: The start.\nposition:\n  pieces: {a: coin suns back, c: coin moons back}\n", encoding="utf-8")
    (folder / "figures" / "moves.yaml").write_text("caption: A move.\nposition:\n  pieces: {a: coin suns back}\nhighlight: [b]\n", encoding="utf-8")
    status, out = cli(capsys, "build", "plain-graph", "--figures", "--jobs", "1", "--out", str(tmp_path / "out"), games=games)
    assert status == 0, out
    svg = (tmp_path / "out" / "plain-graph-figures" / "moves.svg").read_text(encoding="utf-8")
    assert svg.count("<path") > 5
    edit(folder / "game.yaml", "lines: [a-b-c-a]", "lines: [a-b-d]")
    status, out = cli(capsys, "verify", "plain-graph", games=games)
    assert status == 2 and re.search(r"game\.yaml:\d+: line b-d: unknown point 'd'", out), out
    line = int(re.search(r"game\.yaml:(\d+)", out).group(1))  # type: ignore[union-attr]
    assert "lines:" in (folder / "game.yaml").read_text(encoding="utf-8").splitlines()[line - 1]


# -- marks on points and along lines -----------------------------------------------------


def _times(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _leaves(items: list[Item] | tuple[Item, ...], matrix: Matrix = IDENTITY) -> Iterator[tuple[Item, Matrix]]:
    for item in items:
        if isinstance(item, Group):
            yield item, matrix
            yield from _leaves(item.items, _times(matrix, item.matrix))
        else:
            yield item, matrix


def corners(shape: Shape, matrix: Matrix) -> list[Point]:
    a, b, c, d, e, f = matrix
    found = []
    for _, values in shape.segments:
        for x, y in zip(values[0::2], values[1::2]):
            found.append((a * x + c * y + e, b * x + d * y + f))
    return found


def point_centres(drawing: Drawing) -> list[Point]:
    """The drawn centre of every graph point, in the order drawn (panel by panel, the board's order)."""
    return [(matrix[4] + item.matrix[4], matrix[5] + item.matrix[5]) for item, matrix in _leaves(drawing.items) if isinstance(item, Group) and item.role == "piece graphpoint"]


def shapes(drawing: Drawing, role: str, ink: str) -> list[list[Point]]:
    return [
        corners(item, matrix)
        for item, matrix in _leaves(drawing.items)
        if isinstance(item, Shape) and item.role == role and ink in (item.paint.fill, item.paint.stroke)
    ]


def along(point: Point, a: Point, b: Point) -> tuple[float, float]:
    """How far along a-b (0 to 1) ``point`` lies, and how far off the line, points."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy)
    return t, abs((point[0] - a[0]) * dy - (point[1] - a[1]) * dx) / math.hypot(dx, dy)


def follows(outline: list[Point], legs: list[tuple[Point, Point]]) -> list[tuple[float, float]]:
    """The span (first, last fraction) each leg's arrow covers; fails if a corner lies off every leg."""
    spans: list[list[float]] = [[] for _ in legs]
    for corner in outline:
        near = [(index, t) for index, (a, b) in enumerate(legs) for t, off in [along(corner, a, b)] if off <= marks.HEAD_WIDTH / 2 + 1 and -0.05 <= t <= 1.05]
        assert near, f"{corner} lies off the lines {legs}"
        for index, t in near:
            spans[index].append(t)
    return [(min(ts), max(ts)) if ts else (math.inf, -math.inf) for ts in spans]


@pytest.fixture(scope="module")
def checked():  # type: ignore[no-untyped-def]
    game = game_in(GAMES, "ponghauki")
    return game, verify_game(game)


def test_a_move_arrow_follows_the_line_from_point_to_point(checked) -> None:  # type: ignore[no-untyped-def]
    game, report = checked
    drawing = render_figure(game.require_view(), report.figures["moves"])
    nw, ne, c, sw, se = point_centres(drawing)[:5]
    arrows = shapes(drawing, "mark", MARK_COLOURS["legal"])
    assert arrows
    spans = [span for outline in arrows for span in follows(outline, [(nw, c), (sw, c)])]
    for leg in (0, 1):
        covered = [s for i, s in enumerate(spans) if i % 2 == leg and s[0] <= s[1]]
        assert covered and min(s[0] for s in covered) < 0.45 and max(s[1] for s in covered) > 0.85


def test_an_illegal_move_is_crossed_where_it_fails_with_its_reason(checked) -> None:  # type: ignore[no-untyped-def]
    game, report = checked
    drawing = render_figure(game.require_view(), report.figures["moves"])
    centres = point_centres(drawing)
    ne, se = centres[5 + 1], centres[5 + 4]
    crosses = shapes(drawing, "mark", MARK_COLOURS["illegal"])
    middles = [(sum(x for x, _ in o) / len(o), sum(y for _, y in o) / len(o)) for o in crosses if len(o) == 2]
    assert any(math.dist(m, ne) < 4 for m in middles) and any(math.dist(m, se) < 4 for m in middles)
    reasons = {item.text for item, _ in _leaves(drawing.items) if getattr(item, "role", "") == "reason"}
    assert reasons == {"no line", "taken"}


def test_a_marked_point_is_ringed_and_a_crossed_point_crossed(checked) -> None:  # type: ignore[no-untyped-def]
    game, report = checked
    drawing = render_figure(game.require_view(), report.figures["winning"])
    nw, _, c, _, _ = point_centres(drawing)
    rings = shapes(drawing, "cell", MARK_COLOURS["played"])
    assert len(rings) == 2  # a double outline
    stone = 0.44 * 0.8 * 72 / 2
    for ring in rings:
        distances = [math.dist(corner, c) for corner in ring]
        assert max(distances) - min(distances) < 1.0 and min(distances) > stone
    crossed = shapes(drawing, "mark", MARK_COLOURS["illegal"])
    assert crossed and all(math.dist(((o[0][0] + o[1][0]) / 2, (o[0][1] + o[1][1]) / 2), nw) < 4 for o in crossed)


def test_a_move_of_several_steps_follows_each_line(checked) -> None:  # type: ignore[no-untyped-def]
    game, _ = checked
    table = game.require_view().table(game.require_engine().initial_state())
    path = (table.centre("sw"), table.centre("c"), table.centre("nw"))
    drawing = figure_drawing([PanelPicture(table, [Arrow(path, kind="legal")])])
    nw, _, c, sw, _ = point_centres(drawing)
    spans = [follows(outline, [(sw, c), (c, nw)]) for outline in shapes(drawing, "mark", MARK_COLOURS["legal"])]
    first = min(s[0][0] for s in spans), max(s[0][1] for s in spans)
    second = min(s[1][0] for s in spans), max(s[1][1] for s in spans)
    assert first[0] < 0.4 and first[1] > 0.95 and second[0] < 0.05 and second[1] > 0.6


def test_point_labels_sit_off_the_lines_and_are_legible(checked) -> None:  # type: ignore[no-untyped-def]
    game, _ = checked
    view, state = game.require_view(), game.require_engine().initial_state()
    table = view.table(state)
    assert sorted(label.text for label in table.coordinates) == ["c", "ne", "nw", "se", "sw"]
    lines = [(table.centre(a), table.centre(b)) for a, b in (("nw", "c"), ("c", "se"), ("ne", "c"), ("c", "sw"), ("nw", "sw"), ("sw", "se"), ("se", "ne"))]
    for label in table.coordinates:
        for a, b in lines:
            t, off = along(label.at, a, b)
            assert not (0 <= t <= 1 and off < 0.12), f"label {label.text} on the line {a}-{b}"
    drawing = render_figure(view, checked[1].figures["setup"], scale=0.5)
    texts = [item for item, _ in _leaves(drawing.items) if getattr(item, "role", "") == "coordinate"]
    assert texts and all(text.size * 0.5 >= 6.0 for text in texts)  # type: ignore[attr-defined]
    widths = [item.paint.width for item, _ in _leaves(drawing.items) if isinstance(item, Shape) and item.paint.stroke]
    assert min(widths) * 0.5 >= 0.3


# -- the documentation's code ---------------------------------------------------------------


def test_the_documented_examples_run(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {"__name__": "docs_example"})
    yaml_block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert yaml_block is not None
    (tmp_path / "board.yaml").write_text(yaml_block.group(1), encoding="utf-8")
    assert load_graph(tmp_path / "board.yaml") == load_graph(GAMES / "ponghauki" / "board.yaml")
