"""Bad and hostile input, one table: each case is a real run of the command line with its expected exit
status and the start of its message, within a CPU-time and a memory bound, with no traceback, one line
on stderr, no temporary file anywhere and the output folder exactly as it was (absent, or the old files).

The cases are every item of the two hostile-input issues (15 and 16) and the earlier bad-data cases.
They run side by side, one process each (a session fixture), and each test reads its own result.
A case may be marked ``xfail(strict=True)`` (``Case.xfail``) while its fix is elsewhere; none is now.
"""

from __future__ import annotations

import os
import signal
import shutil
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ppprint.scaffold import create_game
from tests.conftest import BUNDLED_GAMES, run_cli
from tests.hostile import Run, inherited_megabytes, leftovers, mount_tmpfs, run_measured, snapshot, unmount

Setup = Callable[[Path], None]
"""Prepares a case in its folder (games copied to ``games/``, output to ``out/``)."""


@dataclass(frozen=True)
class Case:
    id: str
    args: tuple[str, ...]
    code: int
    message: str
    """The start of the first line on stderr ("" when nothing may be printed there)."""
    games: tuple[str, ...] | None = ("expansion",)
    """Games copied to the case's ``games/`` folder and used alone (``None``: the bundled games)."""
    setup: tuple[Setup, ...] = ()
    cpu: float = 30.0
    """CPU seconds the run may take (its interpreter's start and imports included): a hard limit set on
    the child (RLIMIT_CPU), so a runaway case is killed and fails on its exit status; never a timing assertion."""
    megabytes: float = 400.0
    """Peak resident memory of the run's process."""
    lines: int = 1
    stream: str = "stderr"
    """Where the message is: ``verify`` reports wrong claims on stdout, every error goes to stderr."""
    """Lines on stderr (wrong claims: one per claim and a summary)."""
    contains: str = ""
    """Text the first line must also hold."""
    signal_after: tuple[float, int] | None = None
    after: Callable[[Path, Run], None] | None = None
    """More checks once the run is over."""
    xfail: str = ""
    needs_mount: bool = False


# -- setups -------------------------------------------------------------------------------------------


def edit(relative: str, old: str, new: str) -> Setup:
    def setup(root: Path) -> None:
        path = root / "games" / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {path}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return setup


def write(relative: str, content: str | bytes) -> Setup:
    def setup(root: Path) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")

    return setup


def evil_rules(payload: str) -> tuple[Setup, ...]:
    """A new game ``evil`` whose rules.md holds ``payload`` on its line 4."""

    def setup(root: Path) -> None:
        folder = create_game(root / "games", "evil")
        (folder / "rules.md").write_text("## Rules\n\nText.\n" + payload + "\n", encoding="utf-8")

    return (setup,)


def copy_game(game_id: str, copy_id: str) -> Setup:
    """A copy of the game ``game_id`` under another id, beside it."""

    def setup(root: Path) -> None:
        shutil.copytree(root / "games" / game_id, root / "games" / copy_id)

    return setup


def new_game(game_id: str = "tiny") -> Setup:
    def setup(root: Path) -> None:
        create_game(root / "games", game_id)

    return setup


def old_outputs(*names: str) -> Setup:
    """Files of an earlier build in ``out/`` that a failed build must leave exactly as they are."""

    def setup(root: Path) -> None:
        for name in names:
            path = root / "out" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"%PDF- an earlier build's " + name.encode())

    return setup


def symlink(relative: str, target: str) -> Setup:
    def setup(root: Path) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            path.unlink()
        path.symlink_to(target if target.startswith("/") else root / target)

    return setup


def bomb(levels: int, key: str = "facts") -> str:
    """A billion-laughs figure: nine aliases of nine aliases ... (9 ** levels values) in a claim or a label."""
    anchors = ["&a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    anchors += [f"&a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]" for level in range(1, levels)]
    lines = ["caption: A bomb.", "position: setup"]
    if key == "facts":
        lines += ["claims:", "  - facts:", *(f"      f{i}: {anchor}" for i, anchor in enumerate(anchors))]
    else:
        cells = ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3", "b4"]
        lines += ["labels:", *(f"  {cell}: {anchor}" for cell, anchor in zip(cells, anchors))]
    return "\n".join(lines) + "\n"


def picture_bomb(name: str, side: int = 20_000) -> Setup:
    """``games/tiny/NAME`` placed by its rules text: a PNG of ``side`` x ``side`` pixels (48 KB for 20,000),
    or a JPEG of 8 x 8 pixels whose header claims 65,000 x 65,000."""

    def setup(root: Path) -> None:
        from PIL import Image

        folder = root / "games" / "tiny"
        if name.endswith(".png"):
            Image.new("1", (side, side)).save(folder / name, optimize=True)
        else:
            Image.new("RGB", (8, 8)).save(folder / name)
            data = bytearray((folder / name).read_bytes())
            at = data.index(b"\xff\xc0") + 5  # SOF0: marker, length, precision, then height and width
            data[at : at + 4] = (65_000).to_bytes(2, "big") * 2
            (folder / name).write_bytes(bytes(data))
        with (folder / "rules.md").open("a", encoding="utf-8") as rules:
            rules.write(f"\n![A picture]({name})\n")

    return setup


def csv_cells(game: str, check: Callable[[list[list[str]]], bool]) -> Callable[[Path, Run], None]:
    """A check of the rows of ``out/GAME-results.csv``."""

    def after(root: Path, run: Run) -> None:
        import csv

        with (root / "out" / f"{game}-results.csv").open(encoding="utf-8", newline="") as file:
            rows = list(csv.reader(file))
        assert check(rows), rows[:3]

    return after


def made_with_the_umask(folder: str) -> Callable[[Path, Run], None]:
    """A check that ``folder`` and its sub-folders have the mode ``mkdir`` gives under the umask (the child's is this process's)."""

    def after(root: Path, run: Run) -> None:
        mask = os.umask(0o022)
        os.umask(mask)
        for path in [root / folder, *(p for p in (root / folder).rglob("*") if p.is_dir())]:
            assert path.stat().st_mode & 0o777 == 0o777 & ~mask, f"{path}: {path.stat().st_mode & 0o777:o}, umask {mask:03o}"

    return after


FORMULA_VARIANT = """
from ppprint.api import Variant
from .engine import GAME


def variants() -> list[Variant]:
    return [Variant(name='=HYPERLINK("http://evil.example","x")', game=GAME, group="Evil", label="evil")]
"""


def level_with(note: str = "", ace_sticks: str = "") -> Setup:
    """``level.yaml`` in the case's folder: Roundabout with another note or other A-sticks."""

    def setup(root: Path) -> None:
        text = (BUNDLED_GAMES / "piecepackman" / "levels" / "roundabout.yaml").read_text(encoding="utf-8")
        if note:
            text = text.replace("origin: published\n", "origin: published\n" + note + "\n", 1)
        if ace_sticks:
            text = text[: text.index("ace_sticks:")] + ace_sticks + "\n"
        (root / "level.yaml").write_text(text, encoding="utf-8")

    return setup


def level_bomb() -> str:
    anchors = ["&n0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    anchors += [f"&n{i} [" + ", ".join([f"*n{i - 1}"] * 9) + "]" for i in range(1, 9)]
    return "x_anchors: [" + ", ".join(anchors) + "]\nnote: *n8"


def mounted(size: str, fill: int = 0, read_only: bool = False) -> Setup:
    """``out/`` as a small tmpfs holding an earlier build's file (and ``fill`` bytes more), perhaps read-only."""

    def setup(root: Path) -> None:
        out = root / "out"
        if not mount_tmpfs(out, f"size={size}"):
            pytest.skip("needs root to mount a small file system")
        (out / "tiny-letter.pdf").write_bytes(b"%PDF- an earlier build")
        if fill:
            (out / "filler").write_bytes(b"x" * fill)
        if read_only and not mount_tmpfs(out, f"remount,ro,size={size}"):
            pytest.skip("cannot remount read-only")

    return setup


def absent(*names: str) -> Callable[[Path, Run], None]:
    def check(root: Path, run: Run) -> None:
        for name in names:
            assert not (root / name).exists(), f"{name} was created"

    return check


def bookmarks(pdf: str, check: Callable[[list[str]], bool]) -> Callable[[Path, Run], None]:
    """A check of the bookmark titles of ``out/PDF``."""

    def after(root: Path, run: Run) -> None:
        from pypdf import PdfReader

        reader = PdfReader(root / "out" / pdf)
        titles: list[str] = []

        def walk(items: list[object]) -> None:
            for item in items:
                if isinstance(item, list):
                    walk(item)
                else:
                    titles.append(str(getattr(item, "title", "")))

        walk(reader.outline)
        assert check(titles), titles

    return after


# -- the table ----------------------------------------------------------------------------------------

FIGURES = "expansion/figures"
START = "level=roundabout ppm=f4w lives=3 stash=0.0.0.0 obj=- hunger=0 coins=j1.j10.a10.a1"
FULL_START = START + " ghosts=f5.e6.f6.e5 gstash=0.0.0.0 immune=- lost=- cubes=- total=0 phase=ppm"
SIEGE = "players=suns,moons turn=suns phase=reinforce roll=- dice=- suns=- suns-stack=012345 moons=- moons-stack=012345 moved=- last=- attacked=no"
BUILD = ("build", "expansion", "--out", "out")
PLACED = '\n\n{{ figure("setup") }}\n\n{{ figure("moves") }}\n'
"""The scaffolded game's two figures, placed (a rules text that places none is warned of on stderr)."""
TINY = ("build", "tiny", "--out", "out")
NOT_UTF8 = b"## Rules\n\nText \xff\xfe here.\n"

PLANTED_LINE = 1 + next(n for n, line in enumerate((Path(__file__).parents[1] / "templates" / "new_game" / "engine.py.tmpl").read_text(encoding="utf-8").splitlines(), 1) if "def _moves(" in line)
"""The line of the scaffolded engine where the game-code cases plant their error (the first of ``_moves``)."""
GAME_CODE_ERROR = edit("tiny/engine.py", "    def _moves(self) -> list[GridMove]:\n", "    def _moves(self) -> list[GridMove]:\n        raise ZeroDivisionError('planted')\n")

CASES = [
    # The earlier bad-data cases: one line with file and line, exit 2.
    Case("yaml-syntax", BUILD, 2, "error: games/expansion/figures/combat.yaml:7: malformed YAML", setup=(edit(f"{FIGURES}/combat.yaml", "columns: 2", "columns: [2"),)),
    Case("unknown-cell", BUILD, 2, "error: games/expansion/figures/capturing.yaml:9:", contains="unknown cell 'z9'", setup=(edit(f"{FIGURES}/capturing.yaml", "{c3: 2, b4: 3}, second: {f6: 4", "{c3: 2, z9: 3}, second: {f6: 4"),)),
    Case("duplicate-key", BUILD, 2, "error: games/expansion/figures/combat.yaml:11: malformed YAML: duplicate key 'second'", setup=(edit(f"{FIGURES}/combat.yaml", "{c3: 4, a1: 0, b1: 1}", "{c3: 4, a1: 0, b1: 1}, second: {c3: 2}"),)),
    Case("two-minions", BUILD, 2, "error: games/expansion/figures/markers.yaml:7:", contains="two minions on cell b1", setup=(edit(f"{FIGURES}/markers.yaml", "second: {c4: 2, d5: 4, f4: 5}", "second: {b1: 2, d5: 4, f4: 5}"),)),
    Case("claim-kind", BUILD, 2, "error: games/expansion/figures/setup.yaml:7: unknown claim kind 'setpu'", setup=(edit(f"{FIGURES}/setup.yaml", "  - setup: true", "  - setpu: true"),)),
    Case("reason-code", BUILD, 2, "error: games/expansion/figures/movement.yaml:29: unknown reason code 'jump-over-nothing'", setup=(edit(f"{FIGURES}/movement.yaml", "c3-c5: jump-over-empty", "c3-c5: jump-over-nothing"),)),
    Case("fact-name", BUILD, 2, "error: games/expansion/figures/ending.yaml:13: unknown fact 'tie_break'", setup=(edit(f"{FIGURES}/ending.yaml", "tiebreak: most-tiles", "tie_break: most-tiles"),)),
    Case("move-text", BUILD, 2, "error: games/expansion/figures/movement.yaml:10: move 'a3+a4'", setup=(edit(f"{FIGURES}/movement.yaml", "legal: [b2-b3, c1-d1, a3-a4]", "legal: [b2-b3, c1-d1, a3+a4]"),)),
    Case("no-such-figure", BUILD, 2, "error: games/expansion/rules.md:75: figure('combats'): no such figure", setup=(edit("expansion/rules.md", '{{ figure("combat") }}', '{{ figure("combats") }}'),)),
    Case("ref-unknown", BUILD, 2, "error: games/expansion/rules.md:91: ref('marker'): no such figure", setup=(edit("expansion/rules.md", '({{ ref("markers") }})', '({{ ref("marker") }})'),)),
    Case("meta-year", BUILD, 2, "error: games/expansion/game.yaml:5: year:", setup=(edit("expansion/game.yaml", "year: 2025", "year: last year"),)),
    Case("meta-key", BUILD, 2, "error: games/expansion/game.yaml:7: unknown key 'age'", setup=(edit("expansion/game.yaml", "ages:", "age:"),)),
    Case("wrong-claim", BUILD, 1, "wrong claim: games/expansion/figures/movement.yaml:29: figure 'movement, panel 4'", lines=2, setup=(edit(f"{FIGURES}/movement.yaml", "c3-c5: jump-over-empty", "c3-c5: diagonal-walk"),)),
    # The earlier bad arguments.
    Case("unknown-game", ("build", "chess"), 2, "error: unknown game 'chess'", games=None),
    Case("verify-unknown", ("verify", "chess"), 2, "error: unknown game 'chess'", games=None),
    Case("unknown-figure", ("render", "expansion", "nofigure"), 2, "error: unknown figure 'nofigure'", games=None),
    Case("explain-bad", ("moves", "expansion", "--explain", "b2-b9"), 2, "error: --explain", games=None),
    Case("position-bad", ("moves", "expansion", "--position", "M9/6 1"), 2, "error: --position: not a position of Expansion", games=None),
    Case("moves-unknown", ("moves", "chess"), 2, "error: unknown game 'chess'", games=None),
    Case("all-and-game", ("build", "expansion", "--all"), 2, "error: name one or more games, or give --all (not both)", games=None),
    # Usage errors: one line and a hint to --help (issue 16).
    Case("paper", ("build", "expansion", "--paper", "a5"), 2, "error: Invalid value for '--paper'", contains="(see 'ppprint build --help')", games=None),
    Case("perft-negative", ("perft", "expansion", "-1"), 2, "error: No such option: -1 (see 'ppprint perft --help')", games=None),
    Case("perft-deep", ("perft", "expansion", "13"), 2, "error: Invalid value for '", contains="--help", games=None),
    Case("jobs-zero", ("build", "expansion", "--jobs", "0"), 2, "error: Invalid value for '--jobs'", contains="(see 'ppprint build --help')", games=None),
    Case("no-option", ("build", "--nope"), 2, "error: No such option: --nope", contains="(see 'ppprint build --help')", games=None),
    Case("render-out-folder", ("render", "expansion", "setup", "--out", "."), 2, "error: Invalid value for '--out'", contains="--help", games=None),
    Case("pnp-size", ("pnp", "sanqi", "--size", "100000", "--out", "out"), 2, "error: ", contains="30", games=None),
    Case("new-bad-id", ("new", "../evil", "--in", "out"), 2, "error: GAME: '../evil' is not a game id", games=None),
    # Rules text never runs code (issue 15).
    Case("payload-mro", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: access to attribute '__class__'", games=(), setup=evil_rules("{{ ''.__class__.__mro__ }}")),
    Case("payload-popen", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md", contains="unsafe", games=(), after=absent("pwned"), setup=evil_rules(
        "{% for c in ''.__class__.__mro__[1].__subclasses__() %}{% if c.__name__ == 'Popen' %}{{ c(['touch', 'pwned']) }}{% endif %}{% endfor %}")),
    Case("payload-globals", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: access to attribute '__init__'", games=(), setup=evil_rules("{{ cycler.__init__.__globals__ }}")),
    Case("payload-power", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: 9 ** 999999 is too large", games=(), setup=evil_rules("{{ 9**999999 }}")),
    Case("payload-loop", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md: the template takes longer than", games=(), setup=evil_rules("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")),
    Case("payload-memory", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md: the template ", games=(), megabytes=500, setup=evil_rules(
        "{% set ns = namespace(s='xxxxxxxx') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}")),
    Case("payload-self-include", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md: template error: the template includes itself", games=(), setup=evil_rules('{% include "rules.md" %}')),
    Case("payload-include-outside", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: no such file to include", games=(), setup=evil_rules('{% include "../../../../etc/passwd" %}')),
    Case("template-unknown-name", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: 'nonexistent' is undefined", games=(), setup=evil_rules("{{ nonexistent }}")),
    Case("figure-no-argument", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error:", games=(), setup=evil_rules("{{ figure() }}")),
    Case("figure-number", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: figure() takes a figure's id in quotes", games=(), setup=evil_rules("{{ figure(3) }}")),
    Case("figure-concatenated", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: template error: figure('setup'): no figure placed", games=(), setup=evil_rules("{{ figure('set' ~ 'up') }}")),
    Case("figure-placed-twice", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:6: template error: figure('moves'): the figure is placed already", games=(), setup=evil_rules("{{ figure('setup') }}\n{{ figure('moves') }}\n{{ figure('mo' ~ 'ves') }}")),
    Case("ref-concatenated", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4:", contains="nope", games=(), setup=evil_rules("{{ ref('no' ~ 'pe') }}")),
    Case("figure-marker-literal", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md:4: the text '@@figure:...@@' is reserved for figure()", games=(), setup=evil_rules("@@figure:nothing@@")),
    Case("figure-marker-made", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md: a figure marker that figure() did not place", games=(), setup=evil_rules("\n{{ '@@fig' ~ 'ure:setup@@' }}\n")),
    Case("figure-marker-made-twice", ("build", "evil", "--out", "out"), 2, "error: games/evil/rules.md: a figure marker that figure() did not place ('setup')", games=(), setup=evil_rules("{{ figure('setup') }}\n{{ figure('moves') }}\n{{ '@@fig' ~ 'ure:setup@@' }}\n")),
    # An error in a game's own code is the game's: its file and line, exit 2 (not "internal error", exit 70).
    Case("game-code-error", TINY, 2, f"error: games/tiny/engine.py:{PLANTED_LINE}: the game's own code raised ZeroDivisionError: planted", games=(), setup=(new_game(), GAME_CODE_ERROR)),
    Case("game-code-error-moves", ("moves", "tiny"), 2, f"error: games/tiny/engine.py:{PLANTED_LINE}: the game's own code raised ZeroDivisionError: planted", games=(), setup=(new_game(), GAME_CODE_ERROR)),
    Case("figure-marker-clarifications", ("build", "tiny", "--out", "out"), 2, "error: games/tiny/clarifications.md:3: the text '@@figure:...@@' is reserved", games=(), setup=(new_game(), write("games/tiny/clarifications.md", "Ruling.\n\n@@figure:setup@@\n"))),
    # Rules text that is not text, or too much of it.
    Case("rules-not-utf8", ("build", "tiny", "--out", "out"), 2, "error: games/tiny/rules.md:3: not UTF-8 text", games=(), setup=(new_game(), write("games/tiny/rules.md", NOT_UTF8))),
    Case("clarifications-not-utf8", ("build", "tiny", "--out", "out"), 2, "error: games/tiny/clarifications.md:3: not UTF-8 text", games=(), setup=(new_game(), write("games/tiny/clarifications.md", NOT_UTF8))),
    Case("rules-huge", ("build", "tiny", "--out", "out"), 2, "error: games/tiny/rules.md: the file is", games=(), setup=(new_game(), write("games/tiny/rules.md", "## Rules\n\n" + "word " * 300_000))),
    Case("title-surrogate", BUILD, 2, "error: games/expansion/game.yaml:2: a lone surrogate (U+D800) in text", setup=(edit("expansion/game.yaml", "title: Expansion", 'title: "Exp\\ud800ansion"'),)),
    Case("heading-long", ("build", "tiny", "--out", "out"), 0, "", games=(), setup=(new_game(), write("games/tiny/rules.md", "## " + "Long " * 4000 + "\n\nText.\n" + PLACED)), after=bookmarks("tiny-letter.pdf", lambda titles: titles[0].endswith("\u2026") and len(titles[0]) <= 120)),
    Case("heading-skips", ("build", "tiny", "--out", "out"), 0, "", games=(), setup=(new_game(), write("games/tiny/rules.md", "# One\n\n### Three\n\nText.\n" + PLACED))),
    Case("heading-skips-two", ("build", "tiny", "--out", "out"), 0, "", games=(), setup=(new_game(), write("games/tiny/rules.md", "## One\n\n##### Five\n\nText.\n" + PLACED)), after=bookmarks("tiny-letter.pdf", lambda titles: titles[:2] == ["One", "Five"])),
    Case("credit-heading", BUILD, 2, "error: games/expansion/game.yaml:22: credits.1: a credit is plain text; it may not start with '#", setup=(edit("expansion/game.yaml", "  - The piecepack is", "  - \"\\n\\n# Evil heading\\n\\n\"\n  - The piecepack is"),)),
    Case("credit-line-break", BUILD, 2, "error: games/expansion/game.yaml:22: credits.1: a credit is one line", setup=(edit("expansion/game.yaml", "  - The piecepack is", "  - \"Thanks\\n\\n# Evil heading\"\n  - The piecepack is"),)),
    Case("image-in-clarifications", ("build", "tiny", "--out", "out"), 2, "error: games/tiny/clarifications.md:3: images are not supported here", games=(), setup=(new_game(), write("games/tiny/clarifications.md", "Ruling.\n\n![x](/etc/passwd)\n"))),
    Case("image-in-credit", BUILD, 2, "error: games/expansion/game.yaml:22: credits.1: a credit is plain text; an image", setup=(edit("expansion/game.yaml", "  - The piecepack is", "  - \"![x](/etc/passwd)\"\n  - The piecepack is"),)),
    Case("unplaced-but-named", BUILD, 2, "error: games/expansion/rules.md:", contains="ref('markers')", setup=(edit("expansion/rules.md", '{{ figure("markers") }}', ""),)),
    # Positions on the command line (issue 15).
    Case("position-long-part", ("moves", "expansion", "--position", "x" * 300 + "/m"), 2, "error: --position: not a position of Expansion", games=None),
    Case("position-start-piecepackman", ("perft", "piecepackman", "1", "--position", FULL_START), 0, "", games=None),
    Case("position-empty-fields", ("moves", "piecepackman", "--position", "level=roundabout ppm= lives= stash= obj="), 2, "error: --position: not a position of Piecepackman: the field 'ppm' has no value", games=None),
    Case("position-repeated-piecepackman", ("moves", "piecepackman", "--position", START + " lives=2"), 2, "error: --position: not a position of Piecepackman: the field 'lives' is given twice", games=None),
    Case("position-repeated-siege", ("moves", "siege", "--position", SIEGE + " turn=moons"), 2, "error: --position: not a position of Siege by Number", games=None),
    Case("position-history-illegal", ("moves", "expansion", "--position", "3m2m1m0/4m4m3/5m5/M55/M3M44/M0M1M23 1 1-------2 first-move | a1-a6"), 2, "error: --position: not a position of Expansion", games=None),
    Case("position-history-piecepackman", ("moves", "piecepackman", "--position", FULL_START + " | suns:zz-a1"), 2, "error: --position: not a position of Piecepackman: 'suns:zz-a1'", games=None),
    Case("position-history-siege", ("moves", "siege", "--position", SIEGE + " | x"), 2, "error: --position: not a position of Siege by Number: not a Siege by Number move: 'x'", games=None),
    Case("sanqi-side-3000", ("moves", "sanqi", "--position", "3000 1 first -"), 2, "error: --position: not a position of SanQi", contains="30", games=None),
    Case("sanqi-side-100000", ("perft", "sanqi", "1", "--position", "100000 1 first -"), 2, "error: --position: not a position of SanQi", games=None),
    Case("position-level-path", ("moves", "piecepackman", "--position", "level=/etc/evil " + FULL_START[len("level=roundabout "):]), 2, "error: --position: not a position of Piecepackman", contains="not a level id", games=None),
    Case("position-file-not-utf8", ("moves", "expansion", "--position", "pos.txt"), 2, "error: pos.txt: the position file is not UTF-8 text", games=None, setup=(write("pos.txt", b"\xff\xfe"),)),
    Case("perft-pileup-12", ("perft", "pileup", "12", "--no-limit"), 130, "error: interrupted by SIGINT", games=None, signal_after=(3.0, signal.SIGINT), cpu=60),
    # Bounds (issue 26): each ran for ever, or wrote a cell a spreadsheet runs as a formula.
    Case("perft-past-the-limit", ("perft", "pileup", "12"), 2, "error: DEPTH 12: perft counts at most 6 plies", contains="--no-limit", games=None, cpu=10),
    Case("mcts-simulations", ("report", "pileup", "--agents", "mcts:1000000000000", "--games-played", "1", "--out", "out"), 2, "error: agent 'mcts:1000000000000': mcts takes a number of simulations per move from 1 to 100,000", games=None, cpu=20),
    Case("cluster-not-an-address", ("report", "pileup", "--cluster", "garbage", "--out", "out"), 2, "error: --cluster garbage: not a scheduler's address", games=None),
    Case("csv-formula-variant", ("report", "expansion", "--games-played", "1", "--agents", "random", "--workers", "1", "--format", "html", "--out", "out"), 0, "", setup=(write("games/expansion/play.py", (BUNDLED_GAMES / "expansion" / "play.py").read_text(encoding="utf-8") + FORMULA_VARIANT),),
         after=csv_cells("expansion", lambda rows: rows[-1][1] == '\'=HYPERLINK("http://evil.example","x")' and rows[1][1] == "main" and not any(cell.startswith("'") for cell in rows[1]))),
    Case("new-umask", ("new", "fresh", "--in", "out"), 0, "", games=None, setup=(write("out/keep.txt", "mine"),), after=made_with_the_umask("out/fresh")),
    Case("game-copied", ("build", "--all", "--jobs", "1", "--out", "out"), 2, "error: games/sanqi2/pieces.py:", contains="two drawers for piece kind 'sanqi'", games=("sanqi",), setup=(copy_game("sanqi", "sanqi2"),)),
    Case("perft-sigterm", ("perft", "pileup", "12", "--no-limit"), 143, "error: interrupted by SIGTERM", games=None, signal_after=(3.0, signal.SIGTERM), cpu=60),
    # Figure data of the wrong shape (issues 15 and 16).
    Case("siege-value-list", ("build", "siege", "--out", "out"), 2, "error: games/siege/figures/attacks.yaml:16: position:", games=("siege",), setup=(edit("siege/figures/attacks.yaml", "{suns: {c3: 4, d3: commander}", "{suns: {c3: [4], d3: commander}"),)),
    Case("siege-view-reveal", ("build", "siege", "--out", "out"), 2, "error: games/siege/figures/attacks.yaml:10: view: reveal:", games=("siege",), setup=(edit("siege/figures/attacks.yaml", "view: {reveal: true", "view: {reveal: 3"),)),
    Case("expansion-view-suits", BUILD, 2, "error: games/expansion/figures/setup.yaml:", contains="view: suits.first", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "position: setup\nview: {suits: {first: stars}}"),)),
    Case("sanqi-cell-size-word", ("build", "sanqi", "--out", "out"), 2, "error: games/sanqi/figures/field-small.yaml:7: view: cell_size:", games=("sanqi",), setup=(edit("sanqi/figures/field-small.yaml", "cell_size: 0.3", "cell_size: big"),)),
    Case("sanqi-cell-size-negative", ("build", "sanqi", "--out", "out"), 2, "error: games/sanqi/figures/field-small.yaml:7: view: cell_size:", games=("sanqi",), setup=(edit("sanqi/figures/field-small.yaml", "cell_size: 0.3", "cell_size: -1"),)),
    Case("sanqi-cell-size-zero", ("build", "sanqi", "--out", "out"), 2, "error: games/sanqi/figures/field-small.yaml:7: view: cell_size:", games=("sanqi",), setup=(edit("sanqi/figures/field-small.yaml", "cell_size: 0.3", "cell_size: 0"),)),
    Case("piecepackman-view-cubes", ("verify", "piecepackman"), 2, "error: games/piecepackman/figures/path-cost.yaml:12: view: cubes:", games=("piecepackman",), setup=(edit("piecepackman/figures/path-cost.yaml", "view: {costs: true}", "view: {costs: true, cubes: .}"),)),
    Case("piecepackman-inline-level", ("verify", "piecepackman"), 2, "error: games/piecepackman/figures/path-cost.yaml:9: position: level:", games=("piecepackman",), setup=(edit("piecepackman/figures/path-cost.yaml", "level: roundabout", "level: {id: own, budget: {three: 0, ace: 0}}"),)),
    Case("piecepackman-level-path", ("verify", "piecepackman"), 2, "error: games/piecepackman/figures/path-cost.yaml:9: position: level:", contains="never by a path", games=("piecepackman",), setup=(edit("piecepackman/figures/path-cost.yaml", "level: roundabout", "level: ../../../tmp/evil"),)),
    Case("levels-of-the-game-folder", ("verify", "piecepackman"), 1, "wrong claim: games/piecepackman/figures/anatomy.yaml:", lines=0, stream="stdout", games=("piecepackman",), setup=(edit("piecepackman/levels/roundabout.yaml", "piecepackman: f4", "piecepackman: g4"),)),
    # A figure or title block taller than a page (issue 26): refused at its line (it ended in "internal error", exit 70).
    Case("caption-3600", TINY, 2, "error: games/tiny/figures/setup.yaml:1: caption: at most 1,000 characters", games=(), setup=(new_game(), edit("tiny/figures/setup.yaml", "caption: The setup.", "caption: The setup. " + "word " * 720))),
    Case("width-1e-300", TINY, 2, "error: games/tiny/figures/setup.yaml:2: width: the figure's width in inches, from 0.5 to 100", games=(), setup=(new_game(), edit("tiny/figures/setup.yaml", "width: 3.2", "width: 1.0e-300"))),
    Case("title-5000-words", ("build", "--all", "--out", "out"), 2, "error: games/tiny/game.yaml:3: title: String should have at most 200 characters", games=(), setup=(new_game(), edit("tiny/game.yaml", "title: Tiny", "title: " + "Word " * 5000))),
    Case("equipment-5000-words", ("build", "--all", "--out", "out"), 2, "error: games/tiny/game.yaml:11: equipment: the equipment together is at most 300 characters", games=(), setup=(new_game(), edit("tiny/game.yaml", "  - Nine piecepack tiles", "  - " + "Thing " * 5000 + "and nine piecepack tiles"))),
    Case("source-title-5000-words", ("build", "--all", "--out", "out"), 2, "error: games/tiny/game.yaml:13: source.title: String should have at most 200 characters", games=(), setup=(new_game(), edit("tiny/game.yaml", '  title: "Tiny (this rulebook)"', "  title: " + "Word " * 5000))),
    Case("licence-name-5000-words", ("build", "--all", "--out", "out"), 2, "error: games/tiny/game.yaml:16: licence.name: String should have at most 200 characters", games=(), setup=(new_game(), edit("tiny/game.yaml", "  name: CC BY 4.0", "  name: " + "Word " * 5000))),
    Case("players-long", TINY, 2, "error: games/tiny/game.yaml:7: players: String should have at most 60 characters", games=(), setup=(new_game(), edit("tiny/game.yaml", 'players: "2"', 'players: "' + "two " * 1000 + '"'))),
    Case("width-nan", BUILD, 2, "error: games/expansion/figures/setup.yaml:5: '.nan' is not a finite number", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "width: .nan\nposition: setup"),)),
    Case("width-inf", BUILD, 2, "error: games/expansion/figures/setup.yaml:5: '.inf' is not a finite number", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "width: .inf\nposition: setup"),)),
    Case("yaml-set", BUILD, 2, "error: games/expansion/figures/setup.yaml:5: the tag !!set is not allowed", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "highlight: !!set {a1, b2}\nposition: setup"),)),
    Case("yaml-python-tag", BUILD, 2, "error: games/expansion/figures/setup.yaml:5: the tag !!python/object/apply:os.system is not allowed", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "x: !!python/object/apply:os.system [touch pwned]\nposition: setup"),), after=absent("pwned")),
    Case("yaml-deep", BUILD, 2, "error: games/expansion/figures/setup.yaml:5: mappings and lists nested more than 64 deep", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "x: " + "[" * 10_000 + "]" * 10_000 + "\nposition: setup"),)),
    Case("yaml-recursive-alias", BUILD, 2, "error: games/expansion/figures/setup.yaml:5: the alias *a is inside the value it names", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", "x: &a [*a]\nposition: setup"),)),
    Case("yaml-huge-integer", BUILD, 2, "error: games/expansion/game.yaml:5: an integer of more than 30 digits", setup=(edit("expansion/game.yaml", "year: 2025", "year: " + "9" * 5000),)),
    Case("control-character-label", ("render", "expansion", "setup", "--out", "out/setup.svg"), 2, "error: games/expansion/figures/setup.yaml:5: a control character (U+0007) in text", setup=(edit(f"{FIGURES}/setup.yaml", "position: setup", 'labels: {c3: "a\\x07b"}\nposition: setup'),)),
    Case("message-shortened", BUILD, 2, "error: games/expansion/figures/movement.yaml:10: move 'a3+zzz", contains="\u2026", setup=(edit(f"{FIGURES}/movement.yaml", "legal: [b2-b3, c1-d1, a3-a4]", "legal: [b2-b3, c1-d1, a3+" + "z" * 20_000 + "]"),)),
    # Resource bombs (issue 16).
    Case("bomb-facts-9^8", BUILD, 2, "error: games/expansion/figures/bomb.yaml:", contains="alias bomb", cpu=10, megabytes=150, setup=(write("games/expansion/figures/bomb.yaml", bomb(8)),)),
    Case("bomb-facts-9^9", BUILD, 2, "error: games/expansion/figures/bomb.yaml:", contains="alias bomb", cpu=10, megabytes=150, setup=(write("games/expansion/figures/bomb.yaml", bomb(9)),)),
    Case("bomb-label", BUILD, 2, "error: games/expansion/figures/bomb.yaml:", contains="alias bomb", cpu=10, megabytes=150, setup=(write("games/expansion/figures/bomb.yaml", bomb(8, "labels")),)),
    Case("bomb-level-note", ("piecepackman", "maze", "check", "level.yaml"), 2, "error: level.yaml:", contains="alias bomb", games=None, cpu=10, megabytes=150, setup=(level_with(note=level_bomb()),)),
    Case("figure-12mb", BUILD, 2, "error: games/expansion/figures/big.yaml: the file is", cpu=10, megabytes=150, setup=(write("games/expansion/figures/big.yaml", "caption: big\nposition: setup\nlabels: {" + ", ".join(f"k{i}: v" for i in range(1_200_000)) + "}\n"),)),
    Case("level-18012-sticks", ("piecepackman", "maze", "check", "level.yaml"), 2, "error: level.yaml:", contains="18,012 sticks", games=None, cpu=10, setup=(level_with(ace_sticks="ace_sticks: [" + ", ".join(["a1 right"] * 18_012) + "]"),)),
    # Reads outside the games folder (issue 16).
    Case("clarifications-symlink-out", BUILD, 2, "error: games/expansion/clarifications.md: a symbolic link to /etc/hostname, outside the game's folder", setup=(symlink("games/expansion/clarifications.md", "/etc/hostname"),)),
    Case("figure-symlink-out", BUILD, 2, "error: games/expansion/figures/setup.yaml: a symbolic link to", contains="outside the game's folder", setup=(write("secret.yaml", "caption: secret\nposition: setup\n"), symlink("games/expansion/figures/setup.yaml", "secret.yaml"))),
    Case("symlink-loop-in-game", BUILD, 2, "error: games/expansion/figures/loop.yaml: a symbolic link that leads nowhere", setup=(symlink("games/expansion/figures/loop.yaml", "games/expansion/figures/loop.yaml"),)),
    # Games folders and zero games (issue 15).
    Case("games-folder-empty", ("--no-bundled", "--games", "empty", "build", "--all", "--out", "out"), 2, "error: --games empty: the folder holds no game", games=None, setup=(write("empty/readme.txt", "nothing"),)),
    Case("verify-zero-games", ("--no-bundled", "verify"), 2, "error: no games found", games=None),
    Case("games-folder-missing", ("--games", "nowhere", "list"), 2, "error: --games nowhere: no such folder", games=None),
    Case("settings-malformed", ("list",), 2, "error: ppprint.toml: cannot read settings", games=None, setup=(write("ppprint.toml", "[games\nfolders = 3"),)),
    # Output folders (issue 15): one line, exit 2, no temporary file, old files untouched.
    Case("out-read-only", TINY, 2, "error: cannot write", contains="read-only", games=(), setup=(new_game(), mounted("1m", read_only=True)), needs_mount=True),
    Case("out-full-disk", TINY, 2, "error: cannot write", contains="no space left", games=(), setup=(new_game(), mounted("64k", fill=40_000)), needs_mount=True),
    Case("out-under-proc", ("build", "tiny", "--out", "/proc/ppprint-out"), 2, "error: cannot create the folder /proc/ppprint-out", games=(), setup=(new_game(),)),
    Case("out-parent-is-file", ("build", "tiny", "--out", "afile/out"), 2, "error: cannot create the folder afile/out", games=(), setup=(new_game(), write("afile", "a file"))),
    Case("out-is-file", ("build", "tiny", "--out", "afile"), 2, "error: Invalid value for '--out'", contains="is a file", games=(), setup=(new_game(), write("afile", "a file"))),
    Case("out-symlink-loop", ("build", "tiny", "--out", "out/loop"), 2, "error: cannot use the output folder out/loop: a loop of symbolic links", games=(), setup=(new_game(), symlink("out/loop", "out/loop"))),
    Case("out-folder-in-the-way", TINY, 2, "error: cannot write", contains="a folder of that name is in the way", games=(), setup=(new_game(), write("out/tiny-letter.pdf/keep.txt", "mine"))),
    Case("out-figures-is-file", ("build", "tiny", "--figures", "--out", "out"), 2, "error: cannot write", contains="is a file, not a folder", games=(), setup=(new_game(), old_outputs("tiny-letter.pdf", "tiny-figures"))),
    Case("render-out-parent-file", ("render", "tiny", "setup", "--out", "afile/setup.svg"), 2, "error: cannot write into afile: it is a file", games=(), setup=(new_game(), write("afile", "a file"))),
    # A game's engine that fails as it loads: the game's error, with its file and line (it was "internal error", exit 70).
    Case("engine-bug", ("moves", "tiny"), 2, "error: games/tiny/engine.py:1: the game's own code raised RuntimeError: boom", games=(), setup=(new_game(), write("games/tiny/engine.py", "raise RuntimeError('boom')\n"))),
    # Pictures of too many pixels, or claiming them (issue 26): refused in every format (they ended in "internal error", exit 70).
    *(
        Case(f"picture-bomb-{kind}-{fmt}", (*TINY, "--format", fmt), 2, "error: games/tiny/rules.md:34: image 'big.", contains="more than 25,000,000 pixels", games=(), setup=(new_game(), picture_bomb(f"big.{kind}")))
        for kind, fmt in [("png", "standard"), ("png", "html"), ("png", "epub"), ("jpg", "standard"), ("jpg", "booklet")]
    ),
    Case("picture-pillow-warns", TINY, 2, "error: games/tiny/rules.md:34: image 'big.png'", contains="more than 25,000,000 pixels", games=(), setup=(new_game(), picture_bomb("big.png", 9_500))),
    # Exits a game's own code raises, as it loads or in a method (issue 26): the game's error, not ppprint's exit (it exited 0, 1 or 130, or printed a traceback).
    *(
        Case(f"game-{name}-{when}", (*TINY, *extra), 2, f"error: games/tiny/engine.py:{line}: the game's own code raised {raised}", games=(), setup=(new_game(), setup(statement)))
        for name, statement, raised in [
            ("exit-0", "import sys; sys.exit(0)", "SystemExit: 0"),
            ("system-exit", "raise SystemExit('bye')", "SystemExit: bye"),
            ("keyboard-interrupt", "raise KeyboardInterrupt", "KeyboardInterrupt"),
            ("generator-exit", "raise GeneratorExit", "GeneratorExit"),
        ]
        for when, line, setup, extra in [
            ("import", 1, lambda statement: write("games/tiny/engine.py", statement + "\n"), ()),
            ("method", PLANTED_LINE, lambda statement: edit("tiny/engine.py", "    def _moves(self) -> list[GridMove]:\n", f"    def _moves(self) -> list[GridMove]:\n        {statement}\n"), ()),
        ]
    ),
]

IDS = [case.id for case in CASES]
assert len(set(IDS)) == len(IDS)


@dataclass
class _Outcome:
    root: Path
    before: dict[str, bytes]
    run: Run | None = None
    skipped: str = ""
    mounts: list[Path] = field(default_factory=list)


def _prepare(case: Case, root: Path) -> _Outcome:
    root.mkdir(parents=True)
    if case.games is not None:
        (root / "games").mkdir()
        for game in case.games:
            shutil.copytree(BUNDLED_GAMES / game, root / "games" / game, ignore=shutil.ignore_patterns("__pycache__"))
    outcome = _Outcome(root, {})
    try:
        for setup in case.setup:
            setup(root)
    except pytest.skip.Exception as exc:
        outcome.skipped = str(exc)
    if case.needs_mount:
        outcome.mounts.append(root / "out")
    outcome.before = snapshot(root / "out")
    return outcome


def _execute(case: Case, outcome: _Outcome) -> _Outcome:
    if outcome.skipped:
        return outcome
    prefix = ["--no-bundled", "--games", "games"] if case.games is not None else []
    outcome.run = run_measured([*prefix, *case.args], outcome.root, signal_after=case.signal_after, cpu_limit=case.cpu)
    return outcome


@pytest.fixture(scope="session")
def outcomes(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, _Outcome]:
    """Every selected case, run side by side (one process each) on as many threads as there are cores."""
    selected = {item.callspec.params["case"].id for item in request.session.items if item.originalname == "test_bad_input" and hasattr(item, "callspec")}
    base = tmp_path_factory.mktemp("hostile")
    prepared = {case.id: (case, _prepare(case, base / case.id)) for case in CASES if case.id in selected}
    with ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1))) as pool:
        done = dict(zip(prepared, pool.map(lambda pair: _execute(*pair), prepared.values())))
    yield done
    for outcome in done.values():
        for mount in outcome.mounts:
            unmount(mount)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id, marks=[pytest.mark.xfail(strict=True, reason=c.xfail)] if c.xfail else []) for c in CASES])
def test_bad_input(case: Case, outcomes: dict[str, _Outcome]) -> None:
    outcome = outcomes[case.id]
    if outcome.skipped:
        pytest.skip(outcome.skipped)
    run = outcome.run
    assert run is not None
    where = f"[{case.id}] exit {run.code}, stderr: {run.stderr[:2000]!r}"
    assert "Traceback" not in run.stderr + run.stdout, where
    lines = (run.stdout if case.stream == "stdout" else run.stderr).splitlines()
    assert run.code == case.code, where
    if case.stream == "stdout":
        assert run.stderr == "", where
    if case.message:
        assert lines and lines[0].startswith(case.message), where
        assert case.contains in lines[0], where
        assert all(len(line) < 700 for line in lines), where
    else:
        assert not lines, where
    if case.code == 1 and case.lines == 0:
        assert lines[-1].endswith(" wrong" if case.stream == "stdout" else "wrong claim(s); nothing was written"), where
    else:
        assert len(lines) == (case.lines if case.message else 0), where
    if run.megabytes >= case.megabytes:  # unless that is only the test process's own pages (see inherited_megabytes)
        inherited = inherited_megabytes()
        assert run.megabytes <= inherited * 1.05 + 5, f"{where}: {run.megabytes:.0f} MiB, more than {case.megabytes} MiB (a child doing nothing: {inherited:.0f})"
    assert leftovers(outcome.root) == [], where
    if case.code != 0:
        assert snapshot(outcome.root / "out") == outcome.before, f"{where}: the output folder changed"
    if case.after is not None:
        case.after(outcome.root, run)


def test_the_table_covers_both_issues() -> None:
    assert len(CASES) >= 60


def test_nothing_written_outside_the_chosen_folder(tmp_path: Path) -> None:
    result = run_cli("build", "expansion", "--out", "books", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if ".ppprint-cache" not in p.parts)
    assert written == ["books", "books/expansion-letter.pdf"]
    assert all(p.is_relative_to(tmp_path / "books" / ".ppprint-cache") for p in tmp_path.rglob("*") if ".ppprint-cache" in p.parts)
