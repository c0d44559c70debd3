"""The Siege by Number rulebook: figures verify, flipped claims are caught, battle tables
come from the engine, and the built PDF reads back right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.document.book import number_figures, rulebook_markdown
from ppprint.games.siege import engine as siege
from ppprint.games.siege.book import context as book_context
from ppprint.games.siege.engine import ATTACKER, COMMANDER, DEFENDER, DRAW
from ppprint.registry import get_game
from ppprint.verify import verify_game
from tests.conftest import assert_flip_caught, assert_game_verifies, edit, run_cli

FIGURES = {"board", "board-small", "reinforcement", "moves", "paths", "attacks", "winning"}


def test_every_siege_figure_verifies() -> None:
    assert_game_verifies("siege", FIGURES, 16, 52)


# Each flip turns one true claim into a false one: (figure, old text, new text, problem, rule).
FLIPS = [
    ("board", "facts: {squares: 36,", "facts: {squares: 32,", "squares is 36", "each Ace tile as one square"),
    ("board-small", "home_bases: [suns, moons, crowns]}", "home_bases: [suns, moons, crowns, arms]}", "home_bases is", "unused colours' Ace and arm tiles are removed"),
    ("board", "expect: {turn: moons}", "expect: {turn: arms}", "turn is moons", "clockwise"),
    ("reinforcement", "facts: {reinforcement: commander,", "facts: {reinforcement: army,", "reinforcement is commander", "the Commander once all Armies are out"),
    ("reinforcement", "dice_to_roll: 4}", "dice_to_roll: 7}", "dice_to_roll is 4", "at most four"),
    ("moves", "legal: [d3:c3-b2, d5:d3-d6,", "legal: [d3:c3-b2, d3:d3-f3,", "pass-enemy", "never over an enemy piece"),
    ("moves", "legal: [d3:c3-b2,", "legal: [d1:c3-b2,", "too-far", "as many orthogonal steps as its die shows"),
    ("moves", "d5:c3-c6: blocked", "d5:c3-c6: occupied", "not occupied", "never steps onto or through another piece"),
    ("moves", "d1:d3-d4: occupied", "d1:d3-d4: pass-enemy", "not pass-enemy", "ends its move on an empty square"),
    ("moves", "d1:d4-f4: too-far", "d1:d4-f4: blocked", "not blocked", "as many orthogonal steps as its die shows"),
    ("moves", "d3:d3-f3: pass-enemy", "d5:d3-f3: pass-enemy", "is legal", "never over an enemy piece"),
    ("paths", "legal: [d2:d4-c5, d5:d4-f5]", "legal: [d2:d4-c5, d3:d4-f5]", "blocked", "a path within its die clear of every piece"),
    ("paths", "illegal: {d3:d4-f5: blocked}", "illegal: {d5:d4-f5: blocked}", "is legal", "a path within its die clear of every piece"),
    ("paths", "{d2:d4-e5: blocked, d5:d4-e5: blocked}", "{d2:d4-e5: too-far, d5:d4-e5: blocked}", "not too-far", "clear of every piece"),
    ("attacks", "c4xd5: attack-diagonal", "c4xd5: not-adjacent", "not not-adjacent", "never diagonally"),
    ("attacks", "d3xe3: commander-attack", "d3xe3: not-just-moved", "not not-just-moved", "Commanders never attack"),
    ("attacks", "f4xf5: not-just-moved", "f4xf5: commander-attack", "not commander-attack", "only the piece just moved"),
    ("attacks", "expect: {pieces_on_board: {suns: 2, crowns: 1}, board: {c4: suns 0", "expect: {pieces_on_board: {suns: 1, crowns: 2}, board: {c4: suns 0", "pieces_on_board is", "six Armies and a Commander"),
    ("attacks", "board: {c4: suns 0, c5: null}", "board: {c4: null, c5: suns 0}", "board is {", "what stands on each occupied square"),
    ("reinforcement", "board: {home-suns: suns 4}", "board: {home-suns: null}", "board is {", "what stands on each occupied square"),
    ("attacks", "expect: {commanders_off_board: [crowns],", "expect: {commanders_off_board: [],", "commanders_off_board is", "beside its Home Base"),
    ("winning", "expect: {winner: suns, phase: over}", "expect: {winner: null, phase: over}", "winner is suns", "another player's Home Base wins"),
]


@pytest.mark.parametrize(("figure", "old", "new", "problem", "rule"), FLIPS)
def test_a_flipped_siege_claim_is_caught(games_copy: Path, figure: str, old: str, new: str, problem: str, rule: str) -> None:
    assert_flip_caught(games_copy, "siege", figure, old, new, problem, rule)


def test_cli_verify_names_a_wrong_siege_claim(games_copy: Path, tmp_path: Path) -> None:
    edit(games_copy / "siege" / "figures" / "moves.yaml", "d5:c3-c6: blocked", "d5:c3-c6: occupied")
    result = run_cli("verify", "siege", cwd=tmp_path, games=games_copy)
    assert result.returncode == 1
    assert "moves.yaml:" in result.stdout and "moves, panel 2" in result.stdout
    assert "never steps onto or through another piece" in result.stdout
    assert "every path of at most 5 steps from c3 to c6 crosses a piece" in result.stdout


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip(" *") for cell in row.strip("|").split("|")] for row in table.splitlines()[2:]]


def test_battle_tables_are_built_from_battle() -> None:
    context = book_context()
    army = _rows(context["army_battle_table"])
    assert [row[0] for row in army] == ["null", "ace", "2", "3", "4", "5"]
    assert army[0] == ["null", "5", "ace, 2, 3, 4", "null"]  # the null beats the 5
    assert army[5] == ["5", "ace, 2, 3, 4", "null", "5"]
    commander = _rows(context["commander_battle_table"])
    assert [row[1:] for row in commander] == [["Army", "the Commander"]] * 2 + [["Commander", "the Army"]] * 4


def test_battle_tables_follow_a_changed_battle_function(monkeypatch: pytest.MonkeyPatch) -> None:
    before = book_context()

    def all_draws_but_commanders_always_lose(attacker: int | str, defender: int | str) -> str:
        return ATTACKER if defender == COMMANDER else DRAW

    monkeypatch.setattr(siege, "battle", all_draws_but_commanders_always_lose)
    after = book_context()
    assert after != before
    assert all(row[1:] == ["--", "--", "null, ace, 2, 3, 4, 5"] for row in _rows(after["army_battle_table"]))
    assert all(row[1] == "Army" for row in _rows(after["commander_battle_table"]))
    data = get_game("siege")
    markdown = rulebook_markdown(data, verify_game(data), number_figures(data.data))[0]
    assert after["army_battle_table"] in markdown and before["army_battle_table"] not in markdown
    monkeypatch.setattr(siege, "battle", lambda a, d: DEFENDER)
    assert all(row[1] == "Commander" for row in _rows(book_context()["commander_battle_table"]))


def test_built_siege_rulebook_reads_back(tmp_path: Path) -> None:
    result = run_cli("build", "siege", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(str(tmp_path / "out" / "siege-letter.pdf"))
    text = "\n".join(page.extract_text() for page in reader.pages)
    flat = " ".join(text.split())
    for heading in ("Overview", "Equipment", "The board", "Setting up", "A turn", "Moving", "Attacking", "Winning", "Clarifications", "Credits"):
        assert heading in text, heading
    assert "Matt Worden" in flat and "Copyright © 2003 by Matt Worden" in flat
    assert "Licensing: Game rules can be freely" in flat
    assert "editor's reconstruction" in flat.replace("’", "'")
    assert "Attacking Army beats loses to draws with" in flat
    assert re.search(r"null 5 ace, 2, 3, 4 null", flat) and re.search(r"5 ace, 2, 3, 4 null 5", flat)
    assert "Attacking Army winner leaves the board" in flat
    # The Clarifications box prints every Siege ruling of the rulings file, turning moves included.
    box = flat[flat.index("Editor\u2019s clarifications") :]
    for ruling in (
        "The board is a reconstruction.",
        "Seats.",
        "Fewer players.",
        "First player.",
        "Squares.",
        "Reinforcement.",
        "Dice.",
        "Moves may turn.",
        "Ending a turn early.",
        "Who may attack.",
        "Battles.",
        "After a battle.",
    ):
        assert ruling in box, ruling
    assert "change direction between any two steps" in box
    assert "straight line" not in flat and "never turns" not in flat
    assert flat.count("Commander the Army") == 4 and flat.count("Army the Commander") == 2
    # Every figure page draws tiles and pieces: many filled paths, not only text.
    figure_pages = [page for page in reader.pages if re.search(r"Figure \d+\.", page.extract_text())]
    assert len(figure_pages) >= 5
    for page in figure_pages:
        content = page.get_contents().get_data().decode("latin-1")
        assert len(re.findall(r" re\b| l\b", content)) >= 40


def test_a_turn_says_how_to_end_early_and_that_no_piece_means_no_dice() -> None:
    from tests.books import rules_text

    rules = rules_text("siege")
    turn = rules[rules.index("## A turn") : rules.index("## Moving")]
    assert "You may also end your turn early, at any moment after the roll; the dice you have not used are lost." in turn
    assert "With no piece on the board you roll nothing, and your turn is over." in turn
    # The notation the diagrams never print is no longer explained.
    assert "Diagram notation" not in rules and "d3:c3-c5" not in rules and "c5xc6" not in rules


def test_the_catalogue_says_of_the_licence_what_the_book_says() -> None:
    import io

    from ppprint.book.catalogue import build_catalogue
    from ppprint.document.typography import typographic

    game = get_game("siege")
    meta = game.data.meta
    assert meta.licence.name == "Copyright 2003 Matt Worden; the licence text is incomplete in the source"
    # The book's notice refuses to guess at the missing permission; the catalogue's line guesses nothing either.
    assert "not guessed at" in meta.licence.notice
    pdf = build_catalogue([game], "letter")
    flat = " ".join("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())
    assert typographic(meta.licence.name) in flat
    assert "free to share" not in flat and "freely" not in flat
