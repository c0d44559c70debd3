"""The SanQi rulebook: every figure verifies, flipped claims are caught, the PDF reads back right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.games.sanqi.engine import SanQi
from ppprint.games.sanqi.view import VIEW
from tests.conftest import assert_flip_caught, assert_game_verifies, edit, run_cli

FIGURES = {
    "field", "field-small", "pieces", "replacement", "seven-cells", "protection", "patterns",
    "earlier-pattern", "line-block", "triangle-trap", "multi-circle", "double-line",
}


def test_every_sanqi_figure_verifies() -> None:
    assert_game_verifies("sanqi", FIGURES, 20, 60)


# Each flip turns one true claim into a false one: (figure, old text, new text, problem, rule).
FLIPS = [
    ("replacement", "l11: [S], i10: null", "l11: [X], i10: null", "replacements is", "Replacement: two more neighbours"),
    ("replacement", "i10=X: no-majority", "j10=S: no-majority", "is legal", "two more neighbours than the replaced type"),
    ("protection", "illegal: {j10=S: protected}", "legal: [j10=S]", "protected", "the piece the opponent played last turn"),
    ("patterns", "expect: {winner: first, pattern: circle", "expect: {winner: second, pattern: circle", "winner is first", "Goal"),
    ("patterns", "expect: {winner: second, pattern: line", "expect: {winner: second, pattern: triangle", "pattern is line", "circle (First), line (Second)"),
    ("earlier-pattern", "expect: {winner: null, to_move: first", "expect: {winner: second, to_move: first", "winner is none", "Goal"),
    ("line-block", "expect: {majorities: {k10: null}}", "expect: {majorities: {k10: [Z]}}", "majorities is", "outnumbered by two"),
    ("triangle-trap", "expect: {threats: {second: [Z@k12]}}", "expect: {threats: {second: []}}", "threats is", "complete a player's pattern"),
    ("multi-circle", "expect: {potential: {circle: 4}}", "expect: {potential: {circle: 3}}", "potential is", "still open"),
    ("double-line", "expect: {potential: {line: 2}}\n      - facts: {potential: {line: 0}}", "expect: {potential: {line: 1}}\n      - facts: {potential: {line: 0}}", "potential is", "still open"),
]


@pytest.mark.parametrize(("figure", "old", "new", "problem", "rule"), FLIPS)
def test_a_flipped_sanqi_claim_is_caught(games_copy: Path, figure: str, old: str, new: str, problem: str, rule: str) -> None:
    assert_flip_caught(games_copy, "sanqi", figure, old, new, problem, rule)


def test_a_bad_window_is_reported_with_its_file(games_copy: Path, tmp_path: Path) -> None:
    edit(games_copy / "sanqi" / "figures" / "pieces.yaml", "centre: j10", "centre: z99")
    result = run_cli("render", "sanqi", "pieces", "--out", str(tmp_path / "p.svg"), cwd=tmp_path, games=games_copy)
    assert result.returncode == 2
    assert "pieces.yaml" in result.stderr and "z99" in result.stderr and "Traceback" not in result.stderr


def test_window_shows_only_nearby_cells_with_their_field_names() -> None:
    game = SanQi(10)
    state = game.position_from_data({"pieces": {"shang": ["j10"], "xia": ["a1"]}})
    table = VIEW.table(state, VIEW.options({"window": {"centre": "j10", "radius": 1}}))
    assert sorted(table.cells) == sorted(["j10", "i10", "k10", "j11", "k11", "i9", "j9"])
    assert [p.label for p in table.pieces if p.kind == "sanqi"] == ["S"]
    assert {label.text for label in table.coordinates} == {"9", "10", "11", "i", "j", "k"}


def test_majorities_ignore_protection_and_potential_counts_open_patterns() -> None:
    game = SanQi(10)
    state = game.position_from_data(
        {"pieces": {"zhong": ["j10", "l10", "m10"], "xia": ["k10"]}, "to_move": "first", "last": "k10"}
    )
    facts = state.facts()
    assert facts["majorities"] == {"k10": ["Z"]}
    assert facts["replacements"] == {}  # the Xia is protected, but still outnumbered
    lone = game.position_from_data({"pieces": {"xia": ["k12", "i8"]}})
    assert lone.facts()["potential"] == {"circle": 0, "line": 0, "triangle": 0}
    lone.apply(game.parse_move(lone, "X@j10"))
    assert lone.facts()["potential"]["circle"] == 4  # centres k11, j11, i9, j9
    blocked = game.position_from_data({"pieces": {"shang": ["j10", "m10"], "zhong": ["k10"]}})
    assert blocked.facts()["potential"]["line"] == 0  # every six-cell stretch holding both holds the Zhong


def test_built_rulebook_has_its_headings_credits_and_drawn_characters(tmp_path: Path) -> None:
    result = run_cli("build", "sanqi", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(str(tmp_path / "out" / "sanqi-letter.pdf"))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for heading in ("Overview", "Equipment", "Placement", "Replacement", "Winning", "Strategy", "Clarifications", "Credits"):
        assert heading in text
    assert "L. Lynn Smith" in text and "state no licence" in " ".join(text.split())  # words, wherever the lines break
    assert not any(ch in text for ch in "上中下")  # the characters are paths, never text
    pieces_page = next(page for page in reader.pages if "three types of piece" in page.extract_text())
    content = pieces_page.get_contents().get_data().decode("latin-1")
    # Three cells, three pieces and the outlines of 上 中 下: moves, lines, curves, and fills.
    assert len(re.findall(r" m\b", content)) >= 10 and len(re.findall(r" l\b", content)) >= 50
    assert len(re.findall(r" c\b", content)) >= 4 and len(re.findall(r"\bf\b", content)) >= 3


def test_a_shape_made_earlier_is_a_rule_of_winning_before_the_strategy_chapter() -> None:
    from tests.books import rules_text

    rules = rules_text("sanqi")
    earlier = rules.index("A shape made earlier still counts")
    assert rules.index("## Winning") < earlier < rules.index("## Strategy")
    assert "## A shape made earlier" not in rules  # a paragraph of Winning, not a section after Strategy
    assert rules.index("@@figure:earlier-pattern@@") < rules.index("## Strategy")


def test_the_clarifications_box_prints_the_field_ruling() -> None:
    from tests.books import clarifications_box

    box = clarifications_box("sanqi")
    assert "has 3n(n \u2013 1) + 1 cells: 37 for a side of four, 271 for a side of ten" in box
    assert "n at least 4; 10 in the standard game" in box
    # The engine agrees: on an empty field every cell takes any of the three types.
    for side, cells in ((4, 37), (10, 271)):
        assert 3 * side * (side - 1) + 1 == cells and len(SanQi(side).initial_state().legal_moves()) == 3 * cells
