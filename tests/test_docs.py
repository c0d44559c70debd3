"""The README and docs/: every shell example runs, and every link between them resolves.

A fenced ``sh`` block whose lines start with ``ppprint`` (or ``.venv/bin/ppprint``) is run line by
line, each line a fresh ``python -m ppprint`` in one temporary folder per file, in the order the
file gives them (so ``ppprint new my-game`` comes before ``ppprint build my-game``); each must exit 0.
A block not meant to run has ``<!-- not run: reason -->`` on the line above its fence. Other
blocks (the install line, the test command, the benchmark) are not ppprint's commands and are left
alone.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND = re.compile(r"^(?:\.venv/bin/)?ppprint(?:\s|$)")
BLOCK = re.compile(r"^(?P<before>[^\n]*)\n(?P<indent>[ \t]*)```sh\n(?P<body>.*?)^(?P=indent)```", re.M | re.S)
NOT_RUN = re.compile(r"<!--\s*not run:\s*\S.*-->")
SHELL = set("|&;<>$`*?")


def examples(page: Path) -> list[tuple[int, list[str]]]:
    """The commands of each sh block to run in ``page``, with the line of its fence."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        lines = [line.strip() for line in match["body"].splitlines() if line.strip() and not line.strip().startswith("#")]
        if not lines or not all(COMMAND.match(line) for line in lines) or NOT_RUN.search(match["before"]):
            continue
        found.append((text.count("\n", 0, match.start("indent")) + 1, lines))
    return found


def test_the_examples_are_found() -> None:
    runnable = {page.name: examples(page) for page in PAGES}
    assert runnable["README.md"] and runnable["designer.md"] and runnable["usage.md"]
    marked = [page.name for page in PAGES if NOT_RUN.search(page.read_text(encoding="utf-8"))]
    assert "internals.md" in marked


@pytest.mark.parametrize("page", [page for page in PAGES if examples(page)], ids=lambda page: page.name)
def test_every_shell_example_runs(page: Path, tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / ".cache"), "NO_COLOR": "1"}
    env.pop("PPPRINT_GAMES", None)
    for line, commands in examples(page):
        for command in commands:
            assert not SHELL & set(command.replace("\\|", "")), f"{page.name}:{line}: {command!r} needs a shell: mark the block <!-- not run: ... -->"
            args = shlex.split(command)[1:]
            result = subprocess.run([sys.executable, "-m", "ppprint", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
            assert result.returncode == 0, f"{page.name}:{line}: {command} exited {result.returncode}\n{result.stdout}{result.stderr}"


def slug(heading: str) -> str:
    """A heading's anchor as GitHub (and mkdocs' toc with its GitHub slugs) makes it."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of ``page``'s headings (outside code blocks)."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {slug(heading) for heading in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    """The relative Markdown links of ``page`` (outside code)."""
    text = re.sub(r"^\s*```.*?^\s*```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return [target for target in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", target)]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {path}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_the_slugs_are_githubs() -> None:
    assert slug("Settings: ppprint.toml") == "settings-ppprinttoml"
    assert slug("The designer's report") == "the-designers-report"
    assert slug("`Game`: the rules and the notation") == "game-the-rules-and-the-notation"


def test_the_game_yaml_example_names_every_key_and_loads(tmp_path: Path) -> None:
    """The designer's guide's game.yaml example is a real game's metadata, with every key of the model."""
    from ppprint.model.game import GameMeta, load_game
    from ppprint.scaffold import create_game

    guide = (ROOT / "docs" / "designer.md").read_text(encoding="utf-8")
    section = guide[guide.index("## game.yaml reference") :]
    example = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert example is not None
    keys = set(re.findall(r"^(\w+):", example[1], re.M))
    assert keys == set(GameMeta.model_fields), set(GameMeta.model_fields) ^ keys
    folder = create_game(tmp_path, "fox", engine=False)
    (folder / "game.yaml").write_text(example[1], encoding="utf-8")
    assert load_game(folder).meta.title == "Fox and Geese"


@pytest.mark.parametrize("game_id", ["expansion", "sanqi", "siege", "piecepackman", "pileup"])
def test_the_notation_page_names_every_reason_code(game_id: str) -> None:
    """docs/notation.md has a section for each bundled game, which lists every reason code its engine gives."""
    import importlib

    game = importlib.import_module(f"ppprint.games.{game_id}.engine").GAME
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    start = text.index(f"\n## {game.title}\n")
    section = text[start : text.find("\n## ", start + 1)]
    listed = set(re.findall(r"`([a-z-]+)`", section[section.index("**Reason codes**") :]))
    assert listed == {reason.value for reason in game.Reason}, f"docs/notation.md, {game.title}"


def test_the_figure_reference_names_every_key_a_figure_file_takes() -> None:
    """The designer's guide's "Figure files" section names every key of a figure, a panel, a claim and a view."""
    from pydantic import BaseModel

    from ppprint.model import figure, view

    guide = (ROOT / "docs" / "designer.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Figure files") :]
    models: list[type[BaseModel]] = [
        figure.SetupClaim, figure.LegalClaim, figure.IllegalClaim, figure.AfterClaim, figure.FactsClaim, figure.MovesClaim,
        figure.PanelModel, figure.FigureFile, view.WindowOptions,
    ]
    keys = {field.alias or name for model in models for name, field in model.model_fields.items()}
    missing = sorted(key for key in keys if not re.search(rf"`{key}[`:]|\b{key}:", section))
    assert missing == [], f"docs/designer.md, Figure files: no word on {missing}"
