"""Ctrl-C at any moment (issue 26): ``ppprint build`` exits 130 with one line, ``error: interrupted ...``,
and no traceback, whether the signal comes while its modules are imported or while pages are laid out.

A signal that lands in Python's own start-up, before the first line of ppprint runs (about 0.1 s in a
development install), ends the interpreter with its own message; no program can handle it. The test
waits for ppprint's entry point to handle signals (read from ``/proc``) before it sends one, then sends
it at several moments: at once, while the command line is imported, and all through the layout of a
long book. ReportLab's bare ``except:`` rebuilds an exception from its text (``Interrupted("... 2")``):
a test in-process shows the command line still naming the signal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reportlab.lib.utils import annotateException

from ppprint.cli import run
from ppprint.errors import Interrupted
from ppprint.scaffold import create_game
from tests.test_interrupted_writes import _env

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the signals a process handles from /proc")

BUILD = ["--no-bundled", "--games", "games", "build", "long", "--no-cache", "--jobs", "1", "--out", "out"]


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game with a long rules text: several seconds of page layout."""
    root = tmp_path_factory.mktemp("ctrl-c")
    (root / "games").mkdir()
    create_game(root / "games", "long")
    rules = root / "games" / "long" / "rules.md"
    words = "A paragraph of plain words about the game, long enough to wrap across a line or two of the page."
    rules.write_text(rules.read_text(encoding="utf-8") + "".join(f"\n## Note {i}\n\n{words}\n" for i in range(4000)), encoding="utf-8")
    return root


def _handles_signals(pid: int) -> bool:
    """Whether the process has its own handler for SIGTERM (ppprint's entry point installs one first)."""
    try:
        status = (Path("/proc") / str(pid) / "status").read_text()
    except OSError:
        return False
    caught = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), 16)
    return bool(caught >> (signal.SIGTERM - 1) & 1)


def _interrupt(root: Path, delay: float) -> tuple[int, str, bool]:
    """Run the build and send SIGINT ``delay`` s after it starts (not before its entry point runs): its exit
    status, stderr, and whether the signal was sent before it ended."""
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "ppprint", *BUILD], cwd=root, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    while not _handles_signals(process.pid) and process.poll() is None:
        time.sleep(0.001)
    time.sleep(max(0.0, started + delay - time.monotonic()))
    sent = process.poll() is None
    if sent:
        process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    return process.returncode, stderr, sent


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4])
def test_ctrl_c_at_any_moment_exits_130_with_one_line(long_game: Path, delay: float) -> None:
    code, stderr, sent = _interrupt(long_game, delay)
    if not sent:
        pytest.skip(f"the build ended within {delay} s")
    lines = stderr.strip().splitlines()
    assert code == 130 and len(lines) == 1 and lines[0].startswith("error: interrupted by SIGINT"), (code, stderr)


def test_an_interruption_rebuilt_by_reportlab_keeps_its_signal(long_game: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """ReportLab's ``annotateException`` makes a new exception of the same type from its text and the words
    it adds: the signal survives, and the command line exits 128 + N with its one line."""

    def laid_out_when_interrupted(*args: object, **options: object) -> None:
        try:
            raise Interrupted(signal.SIGTERM)
        except BaseException:  # what ReportLab's bare except does
            annotateException("\nraised by class KeepInFrame(reportlab.platypus.flowables)@0x7f00 wrap\n")

    monkeypatch.setattr("ppprint.build.jobs.build_games", laid_out_when_interrupted)
    monkeypatch.chdir(long_game)
    assert run(BUILD) == 128 + signal.SIGTERM
    assert capsys.readouterr().err == "error: interrupted by SIGTERM\n"


def test_an_interruption_a_library_turned_into_its_own_error_is_still_one(long_game: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """pydantic-core catches an exception raised while it builds a model's validator and raises a
    ``SchemaError`` with its text (Ctrl-C while a module defines its models): an interruption all the same."""

    def defining_models(*args: object, **options: object) -> None:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except Interrupted as exc:
            raise RuntimeError(f'Error building "function-before" validator: Interrupted: {exc}') from None

    monkeypatch.setattr("ppprint.build.jobs.build_games", defining_models)
    monkeypatch.chdir(long_game)
    assert run(BUILD) == 130
    assert capsys.readouterr().err == "error: interrupted by SIGINT\n"
