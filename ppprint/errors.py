"""Exceptions of ppprint.

Two families reach the user:

* :class:`InputError` -- bad input (a data file, an argument). The CLI prints its
  one-line message and exits with status 2.
* :class:`ClaimError` -- a diagram claims something the engine does not agree
  with. The CLI prints one line per failure and exits with status 1.

:class:`IllegalMoveError` is raised by engines when a move is applied that the
rules forbid; it carries a reason code, like python-chess's ``IllegalMoveError``.
"""

from __future__ import annotations

import difflib
import re
import signal
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

MAX_VALUE = 60
"""Characters of a value a message echoes (a quoted value or one long word); longer ones are cut with an ellipsis."""
MAX_MESSAGE = 400
"""Characters of a message after its file and line; a longer one keeps its start and end around an ellipsis."""

_QUOTED = re.compile(r"(?<!\w)'(?=\S)[^'\n]{%d,}(?<=\S)'(?!\w)|(?<!\w)\"(?=\S)[^\"\n]{%d,}(?<=\S)\"(?!\w)" % (MAX_VALUE + 1, MAX_VALUE + 1))
"""A value echoed in quotes: a quote that opens (not after a letter, before a non-space) to one that closes."""
_LONG_WORD = re.compile(r"\S{%d,}" % (4 * MAX_VALUE + 1))


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name closest to a mistyped one, if any is close."""
    close = difflib.get_close_matches(name, list(known), n=1)
    return close[0] if close else None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """``did you mean 'NAME'? `` for the known name closest to a mistyped one, else nothing."""
    close = closest(name, known)
    return f"did you mean '{close}'? " if close else ""


_REMOTE_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def frame_in(exc: BaseException, folders: Sequence[Path]) -> tuple[Path, int] | None:
    """The file and line of the innermost frame of ``exc``'s traceback inside one of ``folders`` (resolved):
    in this process, or (from its traceback text) in a pool worker; None when no frame is there."""
    remote = exc.__cause__
    if remote is not None and type(remote).__name__ == "_RemoteTraceback":  # an error in a pool worker
        frames = [(name, int(line)) for name, line in _REMOTE_FRAME.findall(str(getattr(remote, "tb", "")))]
    else:
        frames = [(frame.filename, frame.lineno or 0) for frame in traceback.extract_tb(exc.__traceback__)]
    for name, line in reversed(frames):
        path = Path(name)
        if any(path.resolve().is_relative_to(folder) for folder in folders):
            return path, line
    return None


def shorten(message: str) -> str:
    """One line of at most about :data:`MAX_MESSAGE` characters: whitespace runs become one space,
    each value echoed in quotes keeps its first :data:`MAX_VALUE` characters and an ellipsis,
    a word longer than four times that is cut the same way, and what is still too long loses its middle.

    Every message ppprint prints goes through here (:meth:`InputError.one_line`,
    :meth:`ClaimFailure.one_line`, the command line's other errors), so a hostile value
    cannot make a message of megabytes.
    """
    text = " ".join(message.split())
    text = _QUOTED.sub(lambda m: m.group(0)[: MAX_VALUE + 1] + "\u2026" + m.group(0)[0], text)
    text = _LONG_WORD.sub(lambda m: m.group(0)[:MAX_VALUE] + "\u2026", text)
    if len(text) > MAX_MESSAGE:
        keep = MAX_MESSAGE // 2 - 2
        text = text[:keep] + " \u2026 " + text[-keep:]
    return text


class PpprintError(Exception):
    """Base class of every error ppprint raises on purpose."""


class InputError(PpprintError):
    """Bad input: names the file and line (or the argument) at fault."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.message = message
        self.path = Path(path) if path is not None else None
        self.line = line
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = ""
        if self.path is not None:
            where = display_path(self.path)
            if self.line is not None:
                where += f":{self.line}"
            where += ": "
        return where + shorten(self.message)


@dataclass(frozen=True)
class ClaimFailure:
    """One wrong claim: where it is, which figure, which rule, and what is wrong."""

    path: Path
    line: int | None
    figure: str
    claim: str
    rule: str
    problem: str

    def one_line(self) -> str:
        where = display_path(self.path) + (f":{self.line}" if self.line else "")
        return f"{where}: " + shorten(f"figure '{self.figure}': claim {self.claim} is wrong: {self.problem} [rule: {self.rule}]")


class ClaimError(PpprintError):
    """One or more diagram claims contradict the rules engine."""

    def __init__(self, failures: list[ClaimFailure]):
        self.failures = failures
        super().__init__("\n".join(f.one_line() for f in failures))


GAME_EXITS = (SystemExit, KeyboardInterrupt, GeneratorExit)
"""What a game's own code may raise that is no :class:`Exception`: still the game's error (file and line,
exit status 2); a real Ctrl-C or SIGTERM is :class:`Interrupted`."""


class Interrupted(BaseException):
    """SIGINT (Ctrl-C) or SIGTERM arrived: raised where the program was, so every ``finally`` runs
    (temporary files are removed) before the command line reports it (exit status 128 + the signal's number).

    A :class:`BaseException`, like :class:`KeyboardInterrupt`, so no ``except Exception`` swallows it.
    ReportLab's bare ``except:`` rebuilds it from its text with words added (``Interrupted("... wrap 2")``):
    the signal is then the text's last number (SIGINT if it has none).
    """

    def __init__(self, signum: int | str, outcome: str = ""):
        if not isinstance(signum, int):
            numbers = [int(number) for number in re.findall(r"\d+", signum)]
            signum = numbers[-1] if numbers and numbers[-1] in signal.valid_signals() else signal.SIGINT
        self.signum = signum
        self.outcome = outcome
        """What the interrupted command had written, when it knows (a build: all of its files, or none)."""
        super().__init__(signum)


class ContractError(PpprintError):
    """A game's rules engine breaks the engine contract (raised as :class:`ppprint.check.ContractFailure`):
    exit status 1, one line naming the game (:meth:`report_line`)."""

    game = ""
    """The id of the game whose engine it is, once known."""

    def report_line(self) -> str:
        return f"broken contract: {self.game}: {self}"


class UncheckedError(PpprintError):
    """With ``--strict``: diagrams that make no claim, so nothing checked them (exit status 1)."""


class InvalidMoveError(PpprintError, ValueError):
    """Text that is not a move in the game's notation (python-chess's ``InvalidMoveError``)."""


class IllegalMoveError(PpprintError, ValueError):
    """A move the rules forbid: ``reason`` is its reason code (``jump-over-empty``), ``rule`` the rule it cites."""

    def __init__(self, reason: str, words: str):
        self.reason = str(reason)
        self.rule = str(getattr(reason, "rule", ""))
        self.words = words
        super().__init__(f"{reason}: {words}")


def display_path(path: Path) -> str:
    """A path relative to the working directory when it lies below it."""
    try:
        # The folders resolved, not the file itself: a symbolic link is named as the link.
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


class DataError(ValueError):
    """Bad game data found by an engine; ``loc`` is the path of keys/indexes at fault.

    The loader turns it into an :class:`InputError` naming the file and the line of
    ``loc`` (for example ``("position", "minions", "first", "z9")``).
    """

    def __init__(self, message: str, loc: tuple[object, ...] = ()):
        self.message = message
        self.loc = loc
        super().__init__(message)


class PositionError(DataError):
    """A position that is not one of the game's: bad text, a bad key or value, or pieces the rules forbid."""
