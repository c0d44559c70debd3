"""Reading positions given on the command line: the game's one-line notation, or a file holding it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ppprint.engine.base import Game, State
from ppprint.errors import InputError
from ppprint.registry import get_game


def read_position(game_id: str, text_or_file: str | None) -> tuple[Game[Any, Any, Any], State[Any]]:
    """The engine of ``game_id`` and the position given (the setup when ``None``).

    ``text_or_file`` is either a position in the game's notation (optionally with
    its history, as ``ppprint`` serialises it) or the path of a file holding one.
    """
    engine = get_game(game_id).require_engine()
    if text_or_file is None:
        return engine, engine.initial_state()
    source = "--position"
    text = text_or_file
    path = Path(text_or_file)
    if _is_file(path):
        source = str(path)
        text = _read(path)
    if len(text) > MAX_POSITION_CHARACTERS:
        raise InputError(f"{source}: a position of {len(text):,} characters, more than the {MAX_POSITION_CHARACTERS:,} one may have")
    try:
        return engine, engine.deserialise(text)
    except ValueError as exc:
        raise InputError(f"{source}: not a position of {engine.title}: {exc}") from None


MAX_POSITION_CHARACTERS = 100_000
"""The longest position text (with its history) ``--position`` takes, given or in a file."""


def _is_file(path: Path) -> bool:
    """Whether the text names a file: a position is never mistaken for one, however long or odd
    (a part over 255 bytes, a NUL, a loop of links: then it is not a file name)."""
    if "\n" in str(path) or len(str(path)) >= 4096:
        return False
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _read(path: Path) -> str:
    try:
        if path.stat().st_size > MAX_POSITION_CHARACTERS * 4:
            raise InputError(f"{path}: a position file larger than {MAX_POSITION_CHARACTERS * 4:,} bytes")
        return path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise InputError(f"{path}: cannot read the position file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: the position file is not UTF-8 text") from None
