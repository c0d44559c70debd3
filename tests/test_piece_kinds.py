"""One registry of piece kinds: a kind's record holds its size, its layers and its drawer."""

from __future__ import annotations

from pathlib import Path

import pytest

from ppprint.api import Pen, Piece, Table, piece_drawer, register_kind
from ppprint.errors import InputError
from ppprint.model import table as table_module
from ppprint.model.table import footprint, piece_kind
from ppprint.render.figure import table_drawing
from ppprint.render.pieces import drawer_for, known_kinds
from ppprint.scaffold import create_game
from tests.conftest import run_cli


@pytest.fixture(autouse=True)
def _own_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds a test declares are forgotten after it (the shipped drawers are loaded first, into the registry kept)."""
    known_kinds()
    monkeypatch.setattr(table_module, "_KINDS", dict(table_module._KINDS))


def test_a_kind_is_laid_out_by_its_size_and_drawn_by_its_drawer() -> None:
    drawn: list[Piece] = []
    register_kind("test-disc", lambda piece: (0.5, 0.25), round=True)

    @piece_drawer("test-disc")
    def draw_disc(pen: Pen, piece: Piece) -> None:
        drawn.append(piece)

    disc = Piece("test-disc", 1.0, 1.0)
    assert footprint(disc) == (0.75, 0.875, 1.25, 1.125)
    assert piece_kind("test-disc").drawer is draw_disc is drawer_for("test-disc")
    assert "test-disc" in known_kinds()
    table_drawing(Table(pieces=[disc], bounds=(0.0, 0.0, 2.0, 2.0)))
    assert drawn == [disc]
    register_kind("test-disc", lambda piece: (1.0, 1.0))  # declared again (its game loaded again): it keeps its drawer
    assert drawer_for("test-disc") is draw_disc and footprint(disc) == (0.5, 0.5, 1.5, 1.5)


def test_a_drawer_for_an_undeclared_kind_is_refused_at_its_line() -> None:
    with pytest.raises(InputError) as caught:

        @piece_drawer("test-meeple")
        def draw_meeple(pen: Pen, piece: Piece) -> None:
            """Never registered."""

    line = caught.value.one_line()
    assert f"{Path(__file__).name}:" in line and "a drawer for an unknown piece kind 'test-meeple'" in line
    assert "declare the kind with register_kind(...) before its drawer" in line
    assert caught.value.line is not None and "@piece_drawer" in Path(__file__).read_text().splitlines()[caught.value.line - 1]
    with pytest.raises(KeyError):
        drawer_for("test-meeple")


def test_a_kind_without_a_drawer_has_none() -> None:
    register_kind("test-bare", lambda piece: (1.0, 1.0))
    assert piece_kind("test-bare").drawer is None and "test-bare" not in known_kinds()
    with pytest.raises(KeyError, match="has no drawer"):
        drawer_for("test-bare")


def test_a_second_drawer_for_a_kind_is_refused() -> None:
    register_kind("test-twice", lambda piece: (1.0, 1.0))

    @piece_drawer("test-twice")
    def first(pen: Pen, piece: Piece) -> None:
        """The kind's drawer."""

    with pytest.raises(InputError, match="two drawers for piece kind 'test-twice'"):

        @piece_drawer("test-twice")
        def second(pen: Pen, piece: Piece) -> None:
            """Another one."""


def test_the_command_line_names_the_drawer_of_an_undeclared_kind(tmp_path: Path) -> None:
    folder = create_game(tmp_path, "my-game")
    (folder / "pieces.py").write_text(
        "from ppprint.api import Pen, Piece, piece_drawer\n\n\n@piece_drawer('my-meeple')\ndef meeple(pen: Pen, piece: Piece) -> None:\n    pass\n"
    )
    result = run_cli("--games", ".", "verify", "my-game", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: my-game/pieces.py:4: a drawer for an unknown piece kind 'my-meeple' (known: coin, ")
