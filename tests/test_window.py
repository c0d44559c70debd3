"""A square board cropped to a window (``WindowOptions.window``): only its rectangle drawn, labelled on its
own edges, the pieces on its cells; a claim naming a cell outside it refused at the claim's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from ppprint.errors import DataError
from ppprint.games.pileup.view import VIEW as PILEUP
from ppprint.games.siege.view import VIEW as SIEGE
from ppprint.registry import get_game
from tests.conftest import edit, run_cli


def pileup_state():  # type: ignore[no-untyped-def]
    game = get_game("pileup").require_engine()
    return game.position_from_data({"board": {"d4": "B8", "a1": "W3", "g5": "W2"}})


def test_a_window_draws_its_rectangle_with_its_labels_on_its_edges() -> None:
    table = PILEUP.table(pileup_state(), PILEUP.options({"window": ["c3", "g5"]}))
    assert sorted(table.cells) == sorted(f"{f}{r}" for f in "cdefg" for r in range(3, 6))
    # The pieces on its cells, not the one on a1.
    assert sorted((p.x, p.y) for p in table.pieces if p.kind == "pileup-piece") == [(3.5, 3.5), (6.5, 4.5)]
    # Letters under its lower edge, numbers left of its left edge (Pile Up labels the bottom and left sides).
    letters = {label.text: label.at for label in table.coordinates if label.text.isalpha()}
    numbers = {label.text: label.at for label in table.coordinates if label.text.isdigit()}
    assert set(letters) == set("cdefg") and {at[1] for at in letters.values()} == {2.0 - 0.25}
    assert set(numbers) == {"3", "4", "5"} and {at[0] for at in numbers.values()} == {2.0 - 0.25}
    x0, y0, x1, y1 = table.bounds
    assert x0 > 1.0 and y0 > 1.0 and x1 < 7.5 and y1 < 5.5


def test_corners_in_either_order_name_the_same_window() -> None:
    one = PILEUP.table(pileup_state(), PILEUP.options({"window": ["c3", "g5"]}))
    other = PILEUP.table(pileup_state(), PILEUP.options({"window": ["g3", "c5"]}))
    assert one.cells == other.cells and one.coordinates == other.coordinates


def test_a_window_is_refused_for_an_unknown_cell_a_cut_tile_and_pileup_reserves() -> None:
    with pytest.raises(DataError, match="'z9' is not a cell"):
        PILEUP.table(pileup_state(), PILEUP.options({"window": ["c3", "z9"]}))
    with pytest.raises(DataError, match="reserve"):
        PILEUP.table(pileup_state(), PILEUP.options({"window": ["c3", "g5"], "reserve": True}))
    siege = get_game("siege").require_engine()
    state = siege.position_from_data({"players": ["suns", "crowns"], "pieces": {"suns": {"c3": "army"}, "crowns": {"f6": "army"}}})
    with pytest.raises(DataError, match="cuts a tile in two"):
        SIEGE.table(state, SIEGE.options({"window": ["c3", "e5"]}))
    # A Home Base may be a corner; the tiles inside are drawn whole, the Suns stack beside it too.
    table = SIEGE.table(state, SIEGE.options({"window": ["home-suns", "d4"]}))
    assert "home-suns" in table.cells and "f6" not in table.cells and "c3" in table.cells
    with pytest.raises(DataError):
        SIEGE.options({"window": ["c3"]})


def test_a_claim_naming_a_cell_outside_the_window_is_refused_at_its_line(games_copy: Path, tmp_path: Path) -> None:
    # Siege's attack figure, cropped to a2-f6, claims c4xc5; a window that leaves out c5 must fail at that claim.
    attacks = games_copy / "siege" / "figures" / "attacks.yaml"
    edit(attacks, "window: [a2, f6]", "window: [a2, d4]")
    result = run_cli("verify", "siege", cwd=tmp_path, games=games_copy)
    assert result.returncode == 2, result.stdout + result.stderr
    line = next(number for number, text in enumerate(attacks.read_text().splitlines(), start=1) if "- after: [d3:c3-c4, c4xc5]" in text)
    assert f"attacks.yaml:{line}:" in result.stderr and "'c5'" in result.stderr and "outside the window" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_claims_facts_are_held_to_the_window_too(games_copy: Path, tmp_path: Path) -> None:
    # A fact naming a cell outside the window, where no move or mark does: Pile Up's jumping figure claims
    # closed: [c4] in its panel (a), whose moves and marks all lie right of c.
    jumping = games_copy / "pileup" / "figures" / "jumping.yaml"
    edit(jumping, "view: {window: [a3, h6]}", "view: {window: [d3, h6]}")
    result = run_cli("verify", "pileup", cwd=tmp_path, games=games_copy)
    line = next(number for number, text in enumerate(jumping.read_text().splitlines(), start=1) if "closed: [c4]" in text)
    assert result.returncode == 2 and f"jumping.yaml:{line}:" in result.stderr, result.stderr
    assert "names cell 'c4', outside the window ['d3', 'h6'] drawn" in result.stderr
