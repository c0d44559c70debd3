"""The CLI reference, docs/cli.md, is the command line's help as it is now: regenerated and compared."""

from __future__ import annotations

from pathlib import Path

from ppprint.clidoc import reference

REFERENCE = Path(__file__).parent.parent / "docs" / "cli.md"


def test_the_cli_reference_is_current() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference(), (
        "docs/cli.md differs from the command line's help: regenerate it with `.venv/bin/python -m ppprint.clidoc`"
    )


def test_it_holds_every_command_and_the_bundled_games_commands() -> None:
    text = reference()
    for command in ("list", "verify", "build", "serve", "render", "moves", "perft", "check", "new", "report", "pnp piecepack",
                    "pnp sanqi", "piecepackman maze check", "piecepackman maze generate"):
        assert f"`ppprint {command}`" in text, command
    assert "`--size <int>`" in text  # a game's own pnp option
