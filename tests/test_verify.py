"""Verification: right claims pass, and every flipped or wrong claim stops verify and build."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ppprint.errors import ClaimFailure, InputError
from ppprint.registry import get_game
from ppprint.verify import fact_matches, verify_game
from tests.conftest import assert_flip_caught, edit, game_in, run_cli


def test_shipped_expansion_figures_are_all_right():
    report = verify_game(get_game("expansion"))
    assert report.failures == []
    assert report.diagrams >= 17 and report.claims >= 40


# Each flip turns one true claim of a shipped figure into a false one.
FLIPS = [
    ("movement", "legal: [b2-b3, c1-d1, a3-a4]", "legal: [b2-b3, c1-d1, a2-a4]", "first-move-jump", "the first move of the game must be a walk"),
    ("movement", "c3-c5: jump-over-empty", "c3-c4: jump-over-empty", "is legal", "a jump must pass over an occupied cell"),
    ("movement", "c3-b2: diagonal-walk", "c3-b2: friendly-destination", "not friendly-destination", "never diagonally"),
    ("combat", "expect: {removed: [second 2], minions: {c4: first 4, c3: null}}", "expect: {removed: [first 4], minions: {c4: first 4, c3: null}}", "removed is", "Combat"),
    ("combat", "minions: {c4: second 4, c3: null}}", "minions: {c4: first 2, c3: null}}", "minions is", "Movement and combat"),
    ("capturing", "expect: {captured: {c3: first}, tile_counts: {first: 2, second: 1}}", "expect: {captured: {c3: first}, tile_counts: {first: 1, second: 1}}", "tile_counts is", "Capturing tiles"),
    ("capturing", "expect: {tiles: {c3: null}}", "expect: {tiles: {c3: first}}", "tiles is", "Capturing tiles"),
    ("ending", "winner: first, tiebreak: centre-tile", "winner: second, tiebreak: centre-tile", "winner is first, not second", "Winning"),
    ("ending", "end: five-tiles", "end: threefold-repetition", "end is five-tiles", "End of the game"),
    ("setup", "e5: second}", "e5: first}", "tiles is", "Capturing tiles"),
]


@pytest.mark.parametrize(("figure", "old", "new", "problem", "rule"), FLIPS)
def test_a_flipped_claim_is_caught(games_copy: Path, figure, old, new, problem, rule):
    assert_flip_caught(games_copy, "expansion", figure, old, new, problem, rule)


def test_setup_claim_on_a_position_that_is_not_the_setup(games_copy: Path):
    path = games_copy / "expansion" / "figures" / "setup.yaml"
    edit(path, "position: setup", "position: {minions: {first: {a1: 1, b1: 2}, second: {f6: 3, e6: 4}}}")
    report = verify_game(game_in(games_copy, "expansion"))
    assert [f.claim for f in report.failures][:1] == ["setup"]
    assert report.failures[0].rule == "Setup"


def test_cli_verify_and_build_stop_on_a_wrong_claim(games_copy: Path, tmp_path: Path):
    edit(games_copy / "expansion" / "figures" / "movement.yaml", "c3-c5: jump-over-empty", "c3-c4: jump-over-empty")
    verify = run_cli("verify", cwd=tmp_path, games=games_copy)
    assert verify.returncode == 1
    assert "movement.yaml:" in verify.stdout and "figure 'movement, panel 4'" in verify.stdout
    assert "a jump must pass over an occupied cell" in verify.stdout
    assert "1 wrong" in verify.stdout
    build = run_cli("build", "expansion", "--out", "out", cwd=tmp_path, games=games_copy)
    assert build.returncode == 1
    assert "movement.yaml" in build.stderr and "Traceback" not in build.stderr
    assert not (tmp_path / "out").exists()


def test_cli_verify_passes_on_the_shipped_games(tmp_path: Path):
    result = run_cli("verify", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 wrong" in result.stdout


@pytest.mark.parametrize(
    ("expected", "actual", "matches"),
    [
        ({"c4": "first 4"}, {"c4": "first 4", "a1": "first 0"}, True),
        ({"c4": None}, {"a1": "first 0"}, True),
        ({"c4": None}, {"c4": "first 4"}, False),
        (["second 2", "first 3"], ["first 3", "second 2"], True),
        (["second 2"], ["second 2", "first 3"], False),
        (True, True, True),
        (True, 1, False),
        (5, 5, True),
        ("first", None, False),
    ],
)
def test_fact_matching(expected, actual, matches):
    assert fact_matches(expected, actual) is matches


def _planted(tmp_path: Path, game_id: str, old: str, new: str) -> list[ClaimFailure]:
    """Verify a scaffolded game ``game_id`` whose engine has ``old`` replaced by ``new``: a planted fault
    (each test its own id: a game's modules are imported under its id)."""
    from ppprint.scaffold import create_game

    (tmp_path / "games").mkdir()
    folder = create_game(tmp_path / "games", game_id)
    edit(folder / "engine.py", old, new)
    return verify_game(game_in(tmp_path / "games", game_id)).failures


def test_a_legal_move_the_generator_leaves_out_is_caught(tmp_path: Path) -> None:
    """explain() says c3-b4 (the grid move (2, 2) -> (1, 3)) is legal, but legal_moves() drops it: the figure's legal claim fails, naming the generator."""
    failures = _planted(tmp_path, "dropped", "return [] if self.outcome() else self._moves()", "return [] if self.outcome() else [m for m in self._moves() if m != GridMove((2, 2), (1, 3))]")
    assert [(f.path.name, f.rule) for f in failures] == [("moves.yaml", "The move generator")]
    assert "c3-b4 is legal by explain, but the move generator (legal_moves) leaves it out" in failures[0].problem


def test_an_illegal_move_the_generator_lists_is_caught(tmp_path: Path) -> None:
    """legal_moves() lists c3-c4, which explain() calls blocked: the figure's illegal claim fails, naming the generator."""
    failures = _planted(tmp_path, "added", "return [] if self.outcome() else self._moves()", "return [] if self.outcome() else [*self._moves(), *([GridMove((2, 2), (2, 3))] if self.owner((2, 2)) == self.to_move == 0 else [])]")
    assert [(f.path.name, f.rule) for f in failures] == [("moves.yaml", "The move generator")]
    assert "c3-c4 is illegal by explain" in failures[0].problem and "lists it" in failures[0].problem


# -- what drawing needs is checked by verify (issue 25) ------------------------------------------------

DRAWING_FAULTS = [
    # (figure, old, new, the line at fault, the message): a mark's cell off the board, named on its own line
    ("setup", "position: setup\n", "position: setup\nhighlight: [c3]\nlabels:\n  c3: A\n  z9: B\n", 9, "unknown cell 'z9' in the figure's marks"),
    ("setup", "position: setup\n", "position: setup\ncrosses:\n  - a1\n  - q1\n", 8, "unknown cell 'q1' in the figure's marks"),
    ("setup", "position: setup\n", "position: setup\nhighlight:\n  legal: [b2]\n  played:\n    - z0\n", 9, "unknown cell 'z0' in the figure's marks"),
]


@pytest.mark.parametrize(("figure", "old", "new", "line", "message"), DRAWING_FAULTS)
def test_a_mark_off_the_board_fails_verify_at_its_own_line(games_copy: Path, tmp_path: Path, figure, old, new, line, message):
    """A figure whose marks name a cell the board does not have used to pass verify and stop the build at
    line 1; verify now refuses it, naming the line of the mark."""
    edit(games_copy / "expansion" / "figures" / f"{figure}.yaml", old, new)
    result = run_cli("verify", "expansion", cwd=tmp_path, games=games_copy)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"figures/{figure}.yaml:{line}: {message}" in result.stderr, result.stderr


def test_a_figure_that_verifies_draws(games_copy: Path, tmp_path: Path):
    """Marks on cells of the board pass verify, and the figure then draws."""
    edit(games_copy / "expansion" / "figures" / "setup.yaml", "position: setup\n", "position: setup\nhighlight: [c3]\nlabels: {c3: A}\ncrosses: [e1]\n")
    assert run_cli("verify", "expansion", cwd=tmp_path, games=games_copy).returncode == 0
    result = run_cli("render", "expansion", "setup", "--out", "setup.svg", cwd=tmp_path, games=games_copy)
    assert result.returncode == 0, result.stderr


def test_the_guide_figure_example_verifies_and_draws(games_copy: Path, tmp_path: Path):
    """The designer's guide's "Figure files" section shows every key of a figure; its examples are real Expansion figures."""
    import re

    guide = (Path(__file__).parent.parent / "docs" / "designer.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Figure files") :]
    examples = re.findall(r"```yaml\n(.*?)```", section, re.S)[:2]
    for key in ("caption:", "columns:", "width:", "view:", "panels:", "label:", "position:", "show: after", "highlight:", "labels:", "crosses:",
                "setup: true", "legal:", "illegal:", "after:", "expect:", "facts:", "moves:", "from:", "draw: false"):
        assert key in examples[0], key
    for number, text in enumerate(examples):
        (games_copy / "expansion" / "figures" / f"readme{number}.yaml").write_text(text, encoding="utf-8")
    report = verify_game(game_in(games_copy, "expansion"))
    assert report.failures == []
    result = run_cli("render", "expansion", "readme0", "--out", "readme.svg", cwd=tmp_path, games=games_copy)
    assert result.returncode == 0, result.stderr


# (figure text, the line at fault, the message): every fault of a figure's own keys names the line of the key
FIGURE_FAULTS = [
    ("- a\n", 1, "a figure is a mapping with caption, position and claims"),
    ("position: setup\n", 1, "a figure needs a caption"),
    ("caption: x\nposition: setup\nbogus: 1\n", 3, "unknown key 'bogus' (known: caption, claims, columns, crosses, highlight, label, labels, position, show, view, width)"),
    ("caption: x\npanels:\n  - position: setup\nhighlight: [a1]\n", 4, "'highlight' belongs inside a panel"),
    ("caption: x\npanels: []\n", 2, "panels: a list of panels"),
    ("caption: x\npanels:\n  - position: setup\n  - 3\n", 4, "a panel is a mapping with position and claims"),
    ("caption: x\npanels:\n  - position: setup\n  - label: a\n", 4, "a panel needs a position"),
    ("caption: x\npanels:\n  - position: setup\n    claim: []\n", 4, "unknown key 'claim'"),
    ("caption: x\ncolumns: 0\nposition: setup\n", 2, "columns: a whole number of at least 1"),
    ("caption: x\nposition: setup\nwidth: big\n", 3, "width: the figure's width in inches"),
    ("caption: x\nposition: setup\nclaims: 3\n", 3, "claims: a list of claims"),
    ("caption: x\nposition: setup\nclaims:\n  - legal: [c3-c4]\n    bogus: 1\n", 5, "unknown claim kind 'bogus'"),
    ("caption: x\nposition: setup\nclaims:\n  - setup: true\n  - 3\n", 5, "a claim is a mapping whose key is its kind"),
    ("caption: x\nposition: setup\nclaims:\n  - legal: [c3-c4]\n    facts: {to_move: first}\n", 4, "a claim has exactly one kind"),
    ("caption: x\nposition: setup\nclaims:\n  - legal: [c3-c4]\n    expect: {to_move: first}\n", 5, "only an 'after' claim has 'expect'"),
    ("caption: x\nposition: setup\nclaims:\n  - facts: {to_move: first}\n    draw: false\n", 5, "only a claim that draws moves (legal, illegal, after, moves) has 'draw'"),
    ("caption: x\nposition: setup\nclaims:\n  - legal: [c3-c4]\n    from: c3\n", 5, "only a 'moves' claim has 'from'"),
    ("caption: x\nposition: setup\nclaims:\n  - moves: [c3-c4]\n    from: [c3]\n", 5, "from: a cell"),
    ("caption: x\nposition: setup\nclaims:\n  - moves: {c3: c4}\n", 4, "a list of moves in the game's notation ([] for none)"),
    ("caption: x\nposition: setup\nclaims:\n  - legal: [c3-c4]\n    draw: 3\n", 5, "draw: true or false"),
    ("caption: x\nposition: setup\nclaims:\n  - setup: 1\n", 4, "write the setup claim as 'setup: true'"),
    ("caption: x\nposition: setup\nclaims:\n  - illegal: [c3-c4]\n", 4, "illegal: a mapping of move -> reason code"),
    ("caption: x\nposition: setup\nclaims:\n  - after: {c3: c4}\n", 4, "a list of moves in the game's notation"),
    ("caption: x\nposition: setup\nclaims:\n  - after: [c3-c4]\n    expect: [1]\n", 5, "expect: a mapping of fact -> value"),
    ("caption: x\nposition: setup\nclaims:\n  - facts: {}\n", 4, "facts: a mapping of fact -> value"),
    ("caption: x\nposition: setup\nshow: later\n", 3, "show: 'before' or 'after'"),
    ("caption: x\nposition: setup\nclaims:\n  - legal: [b2-b3]\nshow: after\n", 5, "show: after needs an 'after' claim"),
    ("caption: x\nposition: setup\nhighlight:\n  legal: [a1]\n  glow: [a2]\n", 5, "unknown highlight kind 'glow'"),
    ("caption: x\nposition: setup\nhighlight: 3\n", 3, "highlight: a list of cells, or kind -> list of cells"),
    ("caption: x\nposition: setup\nlabels:\n  a1: A\n  a2: [x]\n", 5, "labels: a mapping of cell -> text"),
    ("caption: x\nposition: setup\ncrosses: a1\n", 3, "crosses: a list of cells"),
    ("caption: x\nposition: setup\nlabel: [1]\n", 3, "label: a line of text"),
    ("caption: x\nposition: setup\nview: 3\n", 3, "view: a mapping"),
]


@pytest.mark.parametrize(("text", "line", "message"), FIGURE_FAULTS)
def test_a_figure_fault_names_its_line(tmp_path: Path, text: str, line: int, message: str):
    from ppprint.errors import InputError
    from ppprint.model.game import load_figure

    path = tmp_path / "fault.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_figure(path)
    assert (caught.value.line, caught.value.message[: len(message)]) == (line, message)


def test_a_figure_loads_into_its_dataclasses(tmp_path: Path):
    from ppprint.model.game import Claim, load_figure

    path = tmp_path / "fine.yaml"
    path.write_text(
        "caption: A  figure\nwidth: 4\nposition: setup\nlabel: 3\nlabels: {a1: 2}\nhighlight:\n  played:\n    - b2\n"
        "claims:\n  - illegal: {c3-c4: blocked}\n  - after: c3-b3 d4-d3\n    draw: false\n  - facts: {to_move: first}\n",
        encoding="utf-8",
    )
    figure = load_figure(path)
    (panel,) = figure.panels
    assert (figure.caption, figure.width, figure.columns, panel.label, panel.show) == ("A figure", 4.0, 1, "3", "before")
    assert panel.claims == (
        Claim("illegal", 10, reasons=(("c3-c4", "blocked"),)),
        Claim("after", 11, moves=("c3-b3", "d4-d3"), draw=False),
        Claim("facts", 13, expect={"to_move": "first"}),
    )
    assert dict(panel.marks.highlight) == {"played": ("b2",)} and dict(panel.marks.labels) == {"a1": "2"}
    assert panel.marks.cells == (("b2", 8), ("a1", 5))


def test_a_misspelt_caption_is_named_at_its_own_line(games_copy: Path) -> None:
    """``captions:`` (line 1 of the file) is named as the unknown key it is (the likely typo), not reported as 'a figure needs a caption'."""
    edit(games_copy / "sanqi" / "figures" / "pieces.yaml", "caption:", "captions:")
    with pytest.raises(InputError) as caught:
        verify_game(game_in(games_copy, "sanqi"))
    assert "captions" in caught.value.one_line() and caught.value.line == 1 and "needs a caption" not in caught.value.one_line()


# -- all the legal moves: a 'moves' claim, checked both ways (issue 25) --------------------------------

MOVES_AT = "position:\n  pieces: {first: [c3, a1], second: [c4, d4, f6]}\n  to_move: first\nclaims:\n"
"""A position of the scaffolded game where the coin on c3 has two legal moves (c3-b4, c3xd4) and the one on a1 two (a1-a2, a1-b2)."""


def _all_moves(tmp_path: Path, game_id: str, claim: str) -> tuple[Path, list[ClaimFailure], Any]:
    """A scaffolded game ``game_id`` with one figure, ``all.yaml``, whose claim (line 6) is ``claim``; its
    file, the failures verify finds and the checked figure."""
    from ppprint.scaffold import create_game

    (tmp_path / "games").mkdir()
    path = create_game(tmp_path / "games", game_id) / "figures" / "all.yaml"
    path.write_text(f"caption: All the moves.\n{MOVES_AT}{claim}", encoding="utf-8")
    report = verify_game(game_in(tmp_path / "games", game_id))
    return path, report.failures, report.figures["all"]


RIGHT_MOVES = [
    ("  - moves: [c3-b4, c3xd4]\n    from: c3\n", 2),
    ("  - moves: c3xd4 c3-b4\n    from: c3\n", 2),
    ("  - moves: [a1-a2, a1-b2, c3-b4, c3xd4]\n", 4),
    ("  - moves: []\n    from: f6\n", 0),
    ("  - moves: []\n    from: b5\n", 0),
    ("  - moves: [c3-b4, c3xd4]\n    from: c3\n    draw: false\n", 0),
]


@pytest.mark.parametrize(("claim", "drawn"), RIGHT_MOVES)
def test_all_the_legal_moves_claimed_right_verify_and_are_drawn(tmp_path: Path, claim: str, drawn: int) -> None:
    """Every legal move of the cell (or the position) listed, and nothing else: no failure; the moves are drawn as legal moves."""
    _, failures, checked = _all_moves(tmp_path, f"all-right-{RIGHT_MOVES.index((claim, drawn))}", claim)
    assert failures == []
    assert [move.kind for move in checked.panels[0].moves] == ["legal"] * drawn


WRONG_MOVES = [
    # (the claim, the problem): a move dropped, a move added (illegal, or legal but from another cell), each caught
    ("  - moves: [c3-b4]\n    from: c3\n", "it leaves out c3-d4: a legal move from c3"),
    ("  - moves: [a1-a2, c3-b4, c3xd4]\n", "it leaves out a1-b2: a legal move of the position"),
    ("  - moves: []\n    from: a1\n", "it leaves out a1-a2, a1-b2: legal moves from a1"),
    ("  - moves: [c3-b4, c3xd4, c3-c4]\n    from: c3\n", "c3-c4 is illegal: blocked"),
    ("  - moves: [c3-b4, c3xd4, a1-a2]\n    from: c3\n", "a1-a2 is not a move from c3 (it is from a1)"),
    ("  - moves: [a1-a2, a1-b2, c3-b4, c3xd4, c3-c5]\n", "c3-c5 is illegal"),
]


@pytest.mark.parametrize(("claim", "problem"), WRONG_MOVES)
def test_all_the_legal_moves_claimed_wrong_fail(tmp_path: Path, claim: str, problem: str) -> None:
    path, failures, _ = _all_moves(tmp_path, f"all-wrong-{[c for c, _ in WRONG_MOVES].index(claim)}", claim)
    assert [(f.path, f.line) for f in failures] == [(path, 6)], failures
    assert failures[0].problem.startswith(problem), failures[0].problem


def test_a_wrong_all_moves_claim_exits_1_naming_its_line_and_the_missing_move(tmp_path: Path) -> None:
    from ppprint.scaffold import create_game

    (tmp_path / "games").mkdir()
    path = create_game(tmp_path / "games", "all-cli") / "figures" / "all.yaml"
    path.write_text(f"caption: All the moves.\n{MOVES_AT}  - moves: [c3-b4, c3-c4]\n    from: c3\n", encoding="utf-8")
    result = run_cli("verify", "all-cli", cwd=tmp_path, games=tmp_path / "games")
    assert result.returncode == 1, result.stdout + result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith("wrong claim:")]
    assert len(lines) == 2 and all("figures/all.yaml:6: figure 'all': claim all the legal moves from c3: c3-b4, c3-c4 is wrong" in line for line in lines)
    assert "c3-c4 is illegal: blocked" in lines[0] and "it leaves out c3-d4" in lines[1], lines


@pytest.mark.parametrize(
    ("claim", "line", "message"),
    [
        ("  - moves: [c3-b4]\n    from: z9\n", 6, "from: unknown cell 'z9'"),
        ("  - moves: [c3-b4, c3-b4, c3xd4]\n    from: c3\n", 6, "move 'c3-b4' is listed twice"),
    ],
)
def test_a_bad_all_moves_claim_is_bad_input(tmp_path: Path, claim: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as caught:
        _all_moves(tmp_path, f"all-bad-{line}-{len(claim)}", claim)
    assert caught.value.line == line and caught.value.message.startswith(message), caught.value.one_line()
