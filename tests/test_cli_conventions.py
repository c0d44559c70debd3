"""What users of mkdocs, sphinx and other click tools expect (issue 28): -h, completion, suggestions,
-q and -v, NO_COLOR, a light --help, and ppprint.toml checked and used for the options' defaults."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from ppprint.cli import run
from ppprint.config import key_line
from tests.conftest import run_cli

ESCAPE = "\x1b["


@pytest.mark.parametrize("args", [("-h",), ("build", "-h"), ("pnp", "expansion", "-h"), ("piecepackman", "maze", "-h")])
def test_h_is_help_everywhere(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"Usage: ppprint {' '.join(args[:-1])}".rstrip() in result.stdout


def test_completion_script_and_completions(tmp_path: Path) -> None:
    script = run_cli("--show-completion", "bash", cwd=tmp_path)
    assert script.returncode == 0, script.stderr
    assert "_PPPRINT_COMPLETE" in script.stdout and "complete -o default -F _ppprint_completion ppprint" in script.stdout
    for words, expected in [("ppprint bu", "build"), ("ppprint piecepackman maze g", "generate"), ("ppprint build --pa", "--paper")]:
        env = {"_PPPRINT_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
        assert run_cli(cwd=tmp_path, env=env).stdout.split() == [expected]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("biuld",), "error: No such command 'biuld'. Did you mean 'build'? (see 'ppprint --help')"),
        (("piecepakman",), "error: No such command 'piecepakman'. Did you mean 'piecepackman'? (see 'ppprint --help')"),
        (("build", "--papr", "a4"), "error: No such option: --papr (Possible options: --paper) (see 'ppprint build --help')"),
        (("build", "expnsion"), "error: unknown game 'expnsion' (did you mean 'expansion'? games: expansion, "),
        (("pnp", "piecepak"), "error: no print-and-play sheets for 'piecepak' (did you mean 'piecepack'? available: "),
    ],
)
def test_a_typo_gets_a_suggestion(tmp_path: Path, args: tuple[str, ...], line: str) -> None:
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1 and result.stderr.startswith(line), result.stderr


def test_the_click_exceptions_caught_are_the_ones_typer_raises() -> None:
    """The one private import (typer's own copy of click): its UsageError is the base of typer's public BadParameter."""
    import typer

    from ppprint.cli import ClickException, NoArgsIsHelpError, UsageError

    assert issubclass(typer.BadParameter, UsageError) and issubclass(NoArgsIsHelpError, UsageError) and issubclass(UsageError, ClickException)


def test_quiet_and_verbose(tmp_path: Path) -> None:
    said = run_cli("render", "expansion", "setup", cwd=tmp_path)
    assert said.stdout.startswith("wrote ") and said.returncode == 0
    quiet = run_cli("-q", "render", "expansion", "setup", "--out", "quiet.svg", cwd=tmp_path)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "") and (tmp_path / "quiet.svg").is_file()
    assert run_cli("-q", "perft", "expansion", "1", cwd=tmp_path).stdout == "6\n"  # a command's result is not chatter
    verbose = run_cli("-v", "render", "expansion", "setup", cwd=tmp_path)
    assert verbose.stdout.startswith("wrote ") and verbose.stderr.startswith("render: done in ")
    both = run_cli("-q", "-v", "list", cwd=tmp_path)
    assert (both.returncode, both.stderr) == (2, "error: give --quiet or --verbose, not both\n")


def test_no_color_help_has_no_escapes(tmp_path: Path) -> None:
    assert ESCAPE in run_cli("-h", cwd=tmp_path, env={"FORCE_COLOR": "1"}).stdout  # typer styles a terminal's help
    for args in [("-h",), ("build", "-h")]:
        plain = run_cli(*args, cwd=tmp_path, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
        assert plain.returncode == 0 and "Usage: ppprint" in plain.stdout and ESCAPE not in plain.stdout


def test_help_uses_the_terminal_width(tmp_path: Path) -> None:
    """On a terminal 150 columns wide, help lines run past 80 columns (rich sizes the help to the terminal)."""
    pty, fcntl, termios = pytest.importorskip("pty"), pytest.importorskip("fcntl"), pytest.importorskip("termios")
    main, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 150, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "TERMINAL_WIDTH")}
    with subprocess.Popen([sys.executable, "-m", "ppprint", "build", "-h"], stdin=terminal, stdout=terminal, stderr=terminal, cwd=tmp_path, env={**env, "NO_COLOR": "1"}) as child:
        os.close(terminal)
        output = b""
        while chunk := _read(main):
            output += chunk
    os.close(main)
    lines = output.decode().splitlines()
    assert child.returncode == 0 and "Usage: ppprint build" in output.decode()
    assert max(len(line) for line in lines) > 140


@pytest.mark.parametrize("args", [("-h",), ("build", "-h"), ("pnp", "piecepack", "-h"), ("piecepackman", "-h"), ("piecepackman", "maze", "generate", "-h")])
def test_help_labels_types_as_tools_do(args: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A flag shows no type and a repeatable option its values and "...": never typer's ``<bool>`` or ``<list[...]>``."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    assert run(list(args)) == 0
    shown = capsys.readouterr().out
    assert "Usage: ppprint" in shown and "<bool>" not in shown and "<list[" not in shown, shown
    if args[0] == "build":  # the docstring's second paragraph, two lines in the source, is one line at 200 columns
        assert "builds that game. Figures are checked and drawn once per content" in shown, shown
        assert "--format  " in shown and "<standard|booklet|html|epub>..." in shown and "games...      <str>  " in shown, shown


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 65536)
    except OSError:  # the terminal's other end closed
        return b""


def test_help_imports_neither_reportlab_nor_pillow(tmp_path: Path) -> None:
    result = run_cli("--help", cwd=tmp_path, python=("-X", "importtime"))
    assert result.returncode == 0 and "piecepackman" in result.stdout  # listed without importing its commands.py
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if line.startswith("import time:")}
    assert "typer" in imported and not imported & {"reportlab", "PIL", "ppprint_folder_games"}
    assert "piecepackman" not in run_cli("--no-bundled", "--help", cwd=tmp_path).stdout


@pytest.mark.parametrize(
    ("toml", "line"),
    [
        ('[games]\nfolder = ["games"]\n', "ppprint.toml:2: unknown key 'folder' in [games] (did you mean 'folders'? keys: folders)"),
        ('[build]\npaper = "a4"\n\n[bild]\nout = "x"\n', "ppprint.toml:4: unknown table 'bild' (did you mean 'build'? tables: [games], [build])"),
        ('# defaults\npaper = "a4"\n', "ppprint.toml:2: unknown key 'paper' (tables: [games], [build])"),
        ('[build]\n  "paper" = "b5"\n', "ppprint.toml:2: [build] paper: input should be 'letter' or 'a4' (not 'b5')"),
        ("[build]\nformats = []\n", "ppprint.toml:2: [build] formats: list should have at least 1 item after validation, not 0"),
    ],
)
def test_a_bad_setting_is_refused_at_its_line(tmp_path: Path, toml: str, line: str) -> None:
    (tmp_path / "ppprint.toml").write_text(toml)
    for args in [("list",), ("--games", ".", "-q", "new", "a-game")]:  # read for the games' folders, and for the defaults
        result = run_cli(*args, cwd=tmp_path)
        assert (result.returncode, result.stderr) == (2, f"error: {line}\n")


def test_key_line_scans_the_text() -> None:
    text = '[games]\nfolders = ["a"]\n[build]\n# paper = "x"\nout = "o"\n"paper"="a4"\nbuild.formats = []\n'
    assert key_line(text, ["build", "paper"]) == 6
    assert key_line(text, ["build", "formats"]) == 3  # a dotted key: its table's header
    assert key_line(text, ["games"]) == 1 and key_line(text, ["nowhere", "key"]) is None


def test_the_defaults_of_ppprint_toml_and_options_over_them(tmp_path: Path) -> None:
    (tmp_path / "ppprint.toml").write_text('[build]\npaper = "a4"\nout = "books"\nformats = ["standard", "html"]\n')
    built = run_cli("build", "expansion", "--jobs", "1", "--no-check", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert sorted(p.name for p in (tmp_path / "books").glob("expansion*")) == ["expansion-a4.pdf", "expansion.html"]
    chosen = run_cli("build", "expansion", "--jobs", "1", "--no-check", "--paper", "letter", "--out", "mine", "--format", "booklet", cwd=tmp_path)
    assert chosen.returncode == 0, chosen.stderr
    assert sorted(p.name for p in (tmp_path / "mine").glob("expansion*")) == ["expansion-letter-booklet.pdf"]
    for args in [("serve", "-h"), ("report", "-h"), ("pnp", "expansion", "-h")]:
        shown = run_cli(*args, cwd=tmp_path, env={"COLUMNS": "200"}).stdout
        assert "[default: a4]" in shown and "[default: books]" in shown, args
    pnp = run_cli("pnp", "piecepack", cwd=tmp_path)
    assert pnp.returncode == 0 and (tmp_path / "books" / "piecepack-pnp-a4.pdf").is_file(), pnp.stderr
