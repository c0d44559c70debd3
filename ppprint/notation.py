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
    if "\n" not in text_or_file and len(text_or_file) < 4096 and path.is_file():
        source = str(path)
        text = path.read_text(encoding="utf-8").strip()
    try:
        return engine, engine.deserialise(text)
    except ValueError as exc:
        raise InputError(f"{source}: not a position of {engine.title}: {exc}") from None
