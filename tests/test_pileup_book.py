"""The Pile Up rulebook and print-and-play sheets: figures verify, flipped claims are caught, the PDFs read back right."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.book.pnp import PnpOptions, build_pnp
from tests.conftest import assert_flip_caught, assert_game_verifies, run_cli

FIGURES = {"placement", "movement", "jumping", "capture", "forced-capture", "control", "ending"}


def test_every_pileup_figure_verifies() -> None:
    assert_game_verifies("pileup", FIGURES, 14, 50)


# Each flip turns one true claim into a false one: (figure, old text, new text, problem, rule).
FLIPS = [
    ("placement", "3@a1: not-in-reserve", "3@a1: placement-occupied", "not-in-reserve", "only a piece still off the board"),
    ("placement", "legal: [5@f3]", "legal: [5@e6]", "placement-occupied", "placed on an empty square"),
    ("movement", "illegal: {c3-d5: not-a-line}", "illegal: {c3-c7: not-a-line}", "is legal", "straight line"),
    ("jumping", "d4-d6: jump-not-lower, d4-b6", "d4-g4: jump-not-lower, d4-b6", "is legal", "every piece jumped"),
    ("jumping", "legal: [d4-g4, d4-f6]", "legal: [d4-h4, d4-f6]", "landing-past-run", "first empty square after"),
    ("jumping", "d4xe5: landing-friendly", "d4xe5: landing-closed-stack", "landing-friendly", "only on a single enemy piece"),
    ("jumping", "f4-f5: stack-moves", "f4-f5: not-a-line", "stack-moves", "a stack never moves"),
    ("capture", "controller: {e5: black}", "controller: {e5: white}", "controller is", "the top piece decides"),
    ("forced-capture", "legal: [c2xc6]", "legal: [g3-g7]", "forced-capture", "must capture"),
    ("forced-capture", "4@h1: forced-capture}", "4@h1: placement-occupied}", "forced-capture", "must capture"),
    ("control", "closed: [d6]", "closed: []", "closed is", "three or more"),
    ("ending", "scores: {black: 39, white: 54}", "scores: {black: 39, white: 53}", "scores is", "face values of all pieces"),
    ("ending", "winner: white", "winner: black", "winner is white", "who won"),
    ("ending", "end: free-pieces", "end: no-legal-turn", "end is free-pieces", "which end condition"),
]


@pytest.mark.parametrize(("figure", "old", "new", "problem", "rule"), FLIPS)
def test_a_flipped_pileup_claim_is_caught(games_copy: Path, figure: str, old: str, new: str, problem: str, rule: str) -> None:
    assert_flip_caught(games_copy, "pileup", figure, old, new, problem, rule)


def _font_names(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_built_rulebook_has_its_headings_credits_and_drawn_figures(tmp_path: Path) -> None:
    result = run_cli("build", "pileup", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(str(tmp_path / "out" / "pileup-letter.pdf"))
    texts = [page.extract_text() for page in reader.pages]
    text = "\n".join(texts)
    for heading in (
        "Overview", "Equipment", "Your turn", "Moving", "Jumping", "Capturing and stacks",
        "Captures are compulsory", "End of the game", "Scoring", "Clarifications", "Credits",
    ):
        assert heading in text
    assert "Rey Alicea" in text and "states no licence" in text
    for number in range(1, 8):
        page = next(p for p, t in zip(reader.pages, texts) if f"Figure {number}." in t)
        content = page.get_contents().get_data().decode("latin-1")
        # 64 squares as rectangles or paths, the pieces as curves.
        assert len(re.findall(r"\bre\b| l\b", content)) >= 64 and len(re.findall(r" c\b", content)) >= 8


def _piece_numbers(text: str) -> list[str]:
    return sorted(line for line in text.splitlines() if line.isdigit())


def test_pnp_has_the_board_and_twenty_pieces_and_double_sided_doubles_the_piece_sheets() -> None:
    single = PdfReader(io.BytesIO(build_pnp("pileup", PnpOptions())))
    double = PdfReader(io.BytesIO(build_pnp("pileup", PnpOptions(double_sided=True))))
    titles = [item.title for item in single.outline]
    assert titles[0] == "Pile Up: print-and-play"  # credits, what is on which page, how to print
    assert titles[1].startswith("Pile Up board") and titles[2].startswith("Pile Up pieces")
    board_pages = single.get_destination_page_number(single.outline[2])  # with the first page
    assert board_pages >= 2
    board_text = single.pages[board_pages - 1].extract_text()
    assert all(f"\n{c}\n" in board_text for c in "abcdefgh12345678")
    piece_pages = single.pages[board_pages:]
    numbers = sum((_piece_numbers(p.extract_text().split("\n", 2)[2]) for p in piece_pages), [])
    assert numbers == sorted([str(v) for v in range(1, 11)] * 2)  # ten black and ten white, 1 to 10
    # The pieces' fronts start on a sheet's front: after an odd number of pages, that sheet's back is left blank.
    assert len(double.pages) - board_pages == 2 * len(piece_pages) + board_pages % 2
    backs = [p for p in double.pages if "BACK of sheet" in p.extract_text()]
    assert len(backs) == len(piece_pages)
    assert all(f.startswith("Noto") for f in _font_names(double))


def test_the_rules_cite_figure_1_and_explain_the_capture_notation_the_labels_use() -> None:
    from ppprint.registry import get_game
    from tests.books import rules_text

    rules = rules_text("pileup")
    turn = rules[rules.index("## Your turn") : rules.index("## Moving")]
    assert "do exactly one of these (Figure 1):" in turn
    labels = [panel.label for figure in get_game("pileup").data.figures.values() for panel in figure.panels]
    assert any("b2xe5" in label for label in labels)
    notation = "*b2xe5* is the piece on b2 capturing on e5"
    assert notation in rules and rules.index(notation) < rules.index("@@figure:capture@@")
