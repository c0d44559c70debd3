"""``ppprint.toml``, the settings of the working folder, read and checked against :class:`Settings`.

Every table and key is known: one that is not (a typo, ``folder =`` for ``folders =``) is refused,
as is a value of the wrong kind, with the file and line and exit status 2.

TOML readers give no line numbers, so the line is found by a scan of the file's text: the line of the
table's header (``[build]``), then, below it and before the next header, the first line that starts
with the key and ``=`` (``paper =``, ``"paper" =``). A key written another way (a dotted key
``build.paper =``, an inline table) is named at its table's header, or with no line.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ppprint.errors import InputError, did_you_mean

class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GamesSettings(_Table):
    """``[games]``: where the games are."""

    folders: list[str] | None = None
    """Game folders, or folders of game folders, relative to the file (used without ``--games``; default: the working folder)."""


class BuildSettings(_Table):
    """``[build]``: defaults of the commands that write files; a command-line option overrides them."""

    paper: Literal["letter", "a4"] = "letter"
    """``--paper`` of build, serve, report and pnp."""
    out: str = "output"
    """``--out`` of build, serve, report and pnp, and the folder of render's default file."""
    formats: Annotated[list[Literal["standard", "booklet", "html", "epub"]], Field(min_length=1)] = ["standard"]
    """``--format`` of build (one book per format)."""


class Settings(_Table):
    """The whole file."""

    games: GamesSettings = GamesSettings()
    build: BuildSettings = BuildSettings()


def read_settings(path: Path) -> Settings:
    """The settings of ``path``; an :class:`InputError` naming its line for a key or value it cannot take."""
    try:
        text = path.read_text(encoding="utf-8")
        values = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"cannot read settings: {exc}", path) from None
    try:
        return Settings.model_validate(values)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = [str(part) for part in error["loc"] if isinstance(part, str)]
        raise InputError(_message(error, where, values), path, key_line(text, where)) from None


def _message(error: Any, where: list[str], values: dict[str, Any]) -> str:
    if error["type"] != "extra_forbidden":
        name = f"[{where[0]}] {'.'.join(where[1:])}" if len(where) > 1 else where[0]
        given = "" if error["type"] == "too_short" else f" (not {error['input']!r})"
        return f"{name}: {error['msg'][0].lower()}{error['msg'][1:]}{given}"
    model: type[BaseModel] = Settings
    for part in where[:-1]:
        model = model.model_fields[part].annotation  # type: ignore[assignment]
    known = list(model.model_fields)
    hint = did_you_mean(where[-1], known)
    if len(where) > 1:
        return f"unknown key '{where[-1]}' in [{where[0]}] ({hint}keys: {', '.join(known)})"
    what = "table" if isinstance(values.get(where[0]), dict) else "key"
    return f"unknown {what} '{where[0]}' ({hint}tables: {', '.join(f'[{name}]' for name in known)})"


def key_line(text: str, where: list[str]) -> int | None:
    """The line of the key at ``where`` (``[table, key]``, or ``[key]`` of the top level) found by a scan
    of the text (see the module's docstring); the table's header if the key is not found there."""
    lines = text.splitlines()
    table, key = where[:-1], where[-1]
    start = 0
    if table:
        header = re.compile(rf"\s*\[\s*{re.escape(table[0])}\s*\]")
        start = next((number for number, line in enumerate(lines, 1) if header.match(line)), 0)
        if not start:
            return None
    else:
        table_header = re.compile(rf"\s*\[\s*{re.escape(key)}\s*[\].]")
        found = next((number for number, line in enumerate(lines, 1) if table_header.match(line)), None)
        if found is not None:
            return found
    assignment = re.compile(rf"""\s*["']?{re.escape(key)}["']?\s*=""")
    for number, line in enumerate(lines[start:], start + 1):
        if line.lstrip().startswith("["):
            break
        if assignment.match(line):
            return number
    return start or None
