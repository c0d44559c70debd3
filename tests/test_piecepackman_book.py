"""The Piecepackman rulebook, maze commands and print-and-play: figures verify, flips are caught, PDFs read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.games.piecepackman.engine import GAME
from ppprint.games.piecepackman.view import VIEW
from ppprint.games.piecepackman.maze.level import LEVELS_DIR
from tests.books import clarifications_box, rules_text
from tests.conftest import assert_flip_caught, assert_game_verifies, edit, run_cli

FIGURES = {
    "level-roundabout", "level-slip-around-the-corner", "level-long-and-winding-road", "anatomy",
    "table-layout", "path-cost", "portals", "ghost-moves", "dangerous-detour", "hunger-chase",
}


def test_every_piecepackman_figure_verifies() -> None:
    assert_game_verifies("piecepackman", FIGURES, 13, 60)


def test_item_costs_count_turns_and_match_the_walked_path() -> None:
    state = GAME.position_from_data({"piecepackman": {"at": "e1", "facing": "west"}, "cubes": {"crowns": ["c1", "f1"]}})
    facts = state.facts()
    # c1 is two steps ahead (2); f1 is one step behind: two quarter turns and a step (3).
    assert facts["item_costs"]["c1"] == 2 and facts["item_costs"]["f1"] == 3
    assert facts["path_costs"]["crowns"] == 2 and facts["path_costs"]["moons"] == 25
    labels = {m.text for m in VIEW.table(state, VIEW.options({"costs": True})).marks}
    assert {"2", "3"} <= labels
    assert all(p.kind != "cube" for p in VIEW.table(state, VIEW.options({"cubes": False})).pieces)


# (figure, old text, new text, problem, rule)
FLIPS = [
    ("path-cost", "item_costs: {c1: 2,", "item_costs: {c1: 1,", "item_costs is", "quarter turn costs one point"),
    ("path-cost", "path_costs: {crowns: 2, suns: 7}", "path_costs: {crowns: 2, suns: 10}", "path_costs is", "nearest cube or power coin"),
    ("ghost-moves", "suns:d5-c5-c6: wall", "suns:d5-c5-c6: not-whole-roll", "illegal for wall", "nothing moves through a wall"),
    ("portals", "suns:c6-b6-i6-h6: after-portal", "suns:c6-b6-i6-h6: wall", "illegal for after-portal", "a ghost's move ends when it uses a portal"),
    ("dangerous-detour", "path_costs: {crowns: 8}", "path_costs: {crowns: 3}", "path_costs is", "nearest cube or power coin"),
    # The objective names the item: a high ace's power coin is not "crowns" (the claim the old fact let through).
    ("dangerous-detour", "objective: crowns power coin on a10 (high ace)", "objective: crowns", "objective is crowns power coin on a10", "a high ace aims at the power coin"),
    ("dangerous-detour", "objective: crowns cube on b1", "objective: crowns power coin on a10 (high ace)", "objective is crowns cube on b1", "cube or power coin"),
    ("hunger-chase", "immune: [suns, arms]", "immune: [arms]", "immune is", "Glossary: Immune"),
]


@pytest.mark.parametrize(("figure", "old", "new", "problem", "rule"), FLIPS)
def test_a_flipped_piecepackman_claim_is_caught(games_copy: Path, figure: str, old: str, new: str, problem: str, rule: str) -> None:
    assert_flip_caught(games_copy, "piecepackman", figure, old, new, problem, rule)


def test_verify_cli_names_the_figure_and_rule_of_a_flipped_claim(games_copy: Path, tmp_path: Path) -> None:
    edit(games_copy / "piecepackman" / "figures" / "ghost-moves.yaml", "suns:d5-d6: not-whole-roll", "suns:d5-d6: wall")
    result = run_cli("verify", "piecepackman", cwd=tmp_path, games=games_copy)
    assert result.returncode == 1
    assert "ghost-moves, panel 2" in result.stdout and "must use its full roll" in result.stdout


# -- maze check / generate -------------------------------------------------------------------


def _level_copy(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "level.yaml"
    path.write_text((LEVELS_DIR / "roundabout.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    edit(path, old, new)
    return path


def test_maze_check_passes_the_shipped_levels(tmp_path: Path) -> None:
    for path in sorted(LEVELS_DIR.glob("*.yaml")):
        result = run_cli("piecepackman", "maze", "check", str(path), cwd=tmp_path)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "0 error(s)" in result.stdout


def test_maze_check_fails_a_level_with_one_stick_too_many(tmp_path: Path) -> None:
    path = _level_copy(tmp_path, "  - h2 top\n", "  - h2 top\n  - a1 top\n")
    result = run_cli("piecepackman", "maze", "check", str(path), cwd=tmp_path)
    assert result.returncode == 2
    assert re.search(r"error: .*line \d+: budget: 13 A-sticks placed, the budget is 12", result.stdout)


def test_maze_check_warns_of_a_dead_end_and_exits_0(tmp_path: Path) -> None:
    path = _level_copy(tmp_path, "  - h2 top\n", "  - h2 top\n  - a1 top\n")
    edit(path, "budget: {three: 24, ace: 12}", "budget: {three: 24, ace: 13}")
    result = run_cli("piecepackman", "maze", "check", str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning:" in result.stdout and "dead-end" in result.stdout and "[a1]" in result.stdout


def test_maze_check_warns_of_a_ghost_house_of_five_squares_and_exits_0(tmp_path: Path) -> None:
    path = _level_copy(tmp_path, "ghost_house: [e5, f5, e6, f6]", "ghost_house: [e5, f5, e6, f6, d5]")
    result = run_cli("piecepackman", "maze", "check", str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning:" in result.stdout and "ghost-house-size" in result.stdout and "0 error(s)" in result.stdout


def test_maze_check_reports_a_malformed_file_in_one_line(tmp_path: Path) -> None:
    path = _level_copy(tmp_path, "  - h2 top\n", "  - h2 middle\n")
    result = run_cli("piecepackman", "maze", "check", str(path), cwd=tmp_path)
    assert result.returncode == 2
    assert "level.yaml" in result.stderr and "unknown side" in result.stderr and "Traceback" not in result.stderr


def test_maze_generate_is_reproducible_and_writes_a_level_that_checks(tmp_path: Path) -> None:
    first = run_cli("piecepackman", "maze", "generate", "--three", "22", "--ace", "18", "--seed", "4", cwd=tmp_path)
    again = run_cli("piecepackman", "maze", "generate", "--three", "22", "--ace", "18", "--seed", "4", cwd=tmp_path)
    other = run_cli("piecepackman", "maze", "generate", "--three", "22", "--ace", "18", "--seed", "5", cwd=tmp_path)
    assert first.returncode == 0 and first.stdout == again.stdout and first.stdout != other.stdout
    assert "budget: {three: 22, ace: 18}" in first.stdout
    target = tmp_path / "out" / "mine.yaml"
    written = run_cli("piecepackman", "maze", "generate", "--three", "22", "--ace", "18", "--seed", "4", "--out", str(target), cwd=tmp_path)
    assert written.returncode == 0 and written.stdout == ""
    assert target.read_text(encoding="utf-8") == first.stdout
    checked = run_cli("piecepackman", "maze", "check", str(target), cwd=tmp_path)
    assert checked.returncode == 0 and "0 error(s), 0 warning(s)" in checked.stdout


def test_maze_generate_refuses_an_impossible_budget(tmp_path: Path) -> None:
    result = run_cli("piecepackman", "maze", "generate", "--three", "200", "--ace", "0", cwd=tmp_path)
    assert result.returncode == 2 and "error:" in result.stderr and "Traceback" not in result.stderr


# -- the PDFs ------------------------------------------------------------------------------------


def test_built_rulebook_has_its_headings_credits_and_drawn_figures(tmp_path: Path) -> None:
    result = run_cli("build", "piecepackman", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(str(tmp_path / "out" / "piecepackman-letter.pdf"))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for heading in ("Overview", "Equipment", "Setup", "Moving Piecepackman", "Moving the ghosts", "Ghost Hunger",
                    "End of the game", "Other ways to play", "Clarifications", "Credits"):
        assert heading in text
    assert "Dan Burkey" in text and "project\u2019s own" in text  # an apostrophe, printed curly
    figure_pages = [p for p in reader.pages if re.search(r"Figure \d+\.", p.extract_text())]
    assert len(figure_pages) >= 8
    for page in figure_pages:
        content = page.get_contents().get_data().decode("latin-1")
        # Tiles, sticks and pieces are drawn as filled paths.
        assert len(re.findall(r" re\b| c\b", content)) >= 50


def test_pnp_has_one_tiled_plan_per_level(tmp_path: Path) -> None:
    result = run_cli("pnp", "piecepackman", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(str(tmp_path / "out" / "piecepackman-pnp-letter.pdf"))
    first, *sections = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    assert first == ("Piecepackman: print-and-play", 0)  # credits, what is on which page, how to print
    assert [title.split(" (")[0] for title, _ in sections] == ["Roundabout", "Slip Around the Corner", "The Long and Winding Road"]
    # A 10 in x 10 in plan (plus its coordinates) needs 2 landscape Letter pages, plus its overview page.
    starts = [page for _, page in sections] + [len(reader.pages)]
    assert [b - a for a, b in zip(starts, starts[1:])] == [3, 3, 3]
    assert "overview" in reader.pages[1].extract_text()
    assert "page A1 of 2x1" in reader.pages[2].extract_text()


def test_an_immune_ghost_is_drawn_on_its_immunity_token() -> None:
    # The rules put a token under an Immune ghost; the hunger-chase caption relies on seeing it.
    state = GAME.position_from_data({"piecepackman": {"at": "f4", "facing": "east", "hunger": 2},
                                     "ghosts": {"arms": {"at": "g4", "immune": True}}, "cubes": {"suns": ["j4"]}})
    table = VIEW.table(state, VIEW.options({}))
    at_g4 = [p.kind for p in table.pieces if (p.x, p.y) == (6.5, 3.5)]
    assert at_g4 == ["coin", "pawn"]  # the token first, so the pawn stands on it


# The rulings of RULINGS.md that touch Piecepackman, and words the Clarifications box must print for each.
RULINGS = {
    "objective, high ace": ["cheapest to reach", "high ace"],
    "ties between dice": ["Ties between dice", "Suns, Moons, Crowns, Arms"],
    "power coins on his way": ["any power coin he enters"],
    "unreachable objectives": ["cut off by Dangerous ghosts", "stays where he is"],
    "hunger with no ghost in reach": ["nearest power coin", "else the nearest cube"],
    "the midpoint rule": ["middle square"],
    "second power coin": ["second power coin", "every ghost loses its immunity", "two-player"],
    "restart facing": ["Losing a life", "facing west"],
    "facing at the start, kept through portals": ["starts facing west", "through a portal"],
    "maze guidelines are warnings": ["four-square Ghost House", "advice, not rules"],
    # The seven readings the engine made, now rulings (tests/test_piecepackman.py plays each on the engine).
    "new: three players roll three dice": ["Three players.", "rolls the three dice still in play"],
    "new: cubes settle where they may lie": ["never lie on his starting square or on a square he cannot reach",
                                             "to the nearest free square where a cube may lie"],
    "new: a kept objective is a suit": ["kept as a suit", "whichever item of that suit is then cheapest to reach",
                                        "next item of the same suit", "his dice pick a new suit"],
    "new: a high ace's coin cut off": ["coin is cut off by Dangerous ghosts sends him to the nearest cube of that suit"],
    "new: boxed and eaten ghosts": ["cannot use its whole roll anywhere stays put", "its own starting square",
                                    "first free square of the Ghost House"],
    "new: hunger with nobody to chase": ["nearest power coin, else the nearest cube", "stays put, unless he is trapped",
                                         "a single line with an Immune ghost just beyond each end", "middle square"],
    "new: a second coin adds its effect": ["an ace gives him an extra life", "goes on for the turns it had left",
                                           "a 2 to 5 adds that many turns", "every ghost loses its immunity"],
}


@pytest.mark.parametrize("ruling", RULINGS)
def test_the_clarifications_box_prints_every_piecepackman_ruling(ruling: str) -> None:
    box = clarifications_box("piecepackman")
    assert "the editor's interpretation" in box  # marked as the editor's reading, not the designer's
    for words in RULINGS[ruling]:
        assert words in box, (ruling, words)


# -- what the book says (books.md 2.3, 2.4) ------------------------------------------------------------


def test_the_book_prints_the_maze_commands_that_exist(tmp_path: Path) -> None:
    rules = rules_text("piecepackman")
    assert "`ppprint piecepackman maze check`" in rules and "`ppprint piecepackman maze generate`" in rules
    assert "ppprint maze" not in rules
    for command in ("check", "generate"):  # the printed commands run
        result = run_cli("piecepackman", "maze", command, "--help", cwd=tmp_path)
        assert result.returncode == 0, result.stderr


def test_the_book_says_he_rolls_for_a_new_suit_after_reaching_his_objective() -> None:
    # The source: with points to spare he moves toward the next objective of that suit, "but will re-roll for
    # suit next turn". Without that, "he keeps that objective" read as if the walk-on kept the suit too.
    rules = rules_text("piecepackman")
    assert "going towards the next objective of the same suit, but that suit is not kept: his next roll chooses a new one" in rules


def test_the_book_counts_three_dice_in_the_three_player_game() -> None:
    rules = rules_text("piecepackman")
    assert "all four dice" not in rules and "or the three still in play in a three-player game" in rules


def test_the_level_maps_cite_in_order_and_the_project_layouts_close_the_rules() -> None:
    from ppprint.document.book import number_figures
    from ppprint.registry import get_game

    rules = rules_text("piecepackman")
    numbers = number_figures(get_game("piecepackman").data).numbers
    own = numbers["level-slip-around-the-corner"]
    # Cited in the order they are numbered (the anatomy figure was cited before the three level maps); only the
    # two closing level maps are named ahead, as the last figures.
    cited = [int(n) for n in re.findall(r"Figures? (\d+)", rules) if int(n) < own]
    firsts = list(dict.fromkeys(cited))
    assert firsts == sorted(firsts) and firsts[0] == 1
    assert numbers["level-roundabout"] == 1 and numbers["anatomy"] == 2
    assert numbers["level-long-and-winding-road"] == own + 1 == len(numbers)
    assert f"(Figures {own} and {own + 1})" in rules
    assert rules.index("## More levels") > rules.index("## Other ways to play")
    assert "we could not obtain" not in rules


def test_piecepackman_captions_name_no_tool_and_no_colour_the_ink_does_not_show() -> None:
    from ppprint.registry import get_game

    figures = get_game("piecepackman").data.figures
    for level in ("level-slip-around-the-corner", "level-long-and-winding-road"):
        assert "Daedalus generator" not in figures[level].caption
    layout = figures["table-layout"].caption
    assert "blue and red" not in layout and "the Arms and Suns ghosts are Vulnerable" in " ".join(layout.split())


def test_each_illegal_ghost_move_has_one_reason_and_a_path_of_its_own() -> None:
    # Fig 9(b) drew "back to d5" and "only one step" on the same segment d5-c5, and its wall example (d5-d6-e6)
    # also ran into the Ghost House and a ghost. The drawn illegal walks now start on different squares; the two
    # that would lie on another's arrow are checked but not drawn, and the caption says them in words.
    from ppprint.games.piecepackman.engine import GAME as ENGINE
    from ppprint.registry import get_game
    from ppprint.verify import verify_figure

    figure = get_game("piecepackman").data.figures["ghost-moves"]
    assert len(figure.panels) == 2
    claims = [claim for claim in figure.panels[1].claims if claim.kind == "illegal"]
    drawn = [move for claim in claims if claim.draw for move, _ in claim.reasons]
    firsts = [walk.split(":")[1].split("-")[1] for walk in drawn]
    assert len(drawn) == 4 and len(firsts) == len(set(firsts)), firsts
    hidden = {reason for claim in claims if not claim.draw for _, reason in claim.reasons}
    assert hidden == {"same-square", "not-whole-roll"}
    caption = " ".join(figure.caption.split())
    assert "Two more are not drawn: it may not step to c5 and back" in caption and "one step of its two" in caption
    checked, failures = verify_figure(get_game("piecepackman"), figure)
    assert failures == []
    # The wall example breaks only the wall rule: its path stays out of the Ghost House and off every ghost.
    state = checked.panels[1].state
    wall = ENGINE.parse_move(state, "suns:d5-c5-c6")
    assert state.explain(wall).reason == "wall"
    assert all(state.ghost_at(cell) in (-1, 0) and cell not in state.house for cell in wall.cells)
