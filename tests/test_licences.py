"""The licence metadata covers what the wheel ships, and the piecepack is credited the same way everywhere."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

from ppprint.book.pnp.piecepack import CREDIT

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
SPDX = {"CC BY 4.0": "CC-BY-4.0", "CC BY-SA 4.0": "CC-BY-SA-4.0"}
"""A game.yaml licence name -> its SPDX identifier; a game with no licence is under the LicenseRef."""
NO_LICENCE = "LicenseRef-ppprint-game-rules"


def licence_ids() -> set[str]:
    expression = PROJECT["license"]
    assert re.fullmatch(r"[A-Za-z0-9.\-]+( AND [A-Za-z0-9.\-]+)*", expression), expression
    return set(expression.split(" AND "))


def game_files() -> list[Path]:
    return sorted((ROOT / "games").glob("*/game.yaml"))


def test_the_expression_names_the_code_fonts_and_outlines_licences() -> None:
    assert {"MIT", "OFL-1.1", "Apache-2.0"} <= licence_ids()
    assert "Apache License" in (ROOT / "games" / "sanqi" / "pieces.py").read_text(encoding="utf-8")
    assert list((ROOT / "ppprint" / "fonts").glob("*.ttf"))


def test_every_bundled_game_licence_is_in_the_expression() -> None:
    wanted = set()
    for path in game_files():
        name = yaml.safe_load(path.read_text(encoding="utf-8"))["licence"]["name"]
        wanted.add(SPDX.get(name, NO_LICENCE))
    assert wanted == licence_ids() - {"MIT", "OFL-1.1", "Apache-2.0"}


def test_every_licence_file_exists_and_the_ref_names_each_unlicensed_game() -> None:
    files = [ROOT / name for name in PROJECT["license-files"]]
    assert all(path.is_file() for path in files), files
    apache = (ROOT / "LICENSES" / "Apache-2.0.txt").read_text(encoding="utf-8")
    assert "Apache License" in apache and "Version 2.0, January 2004" in apache and "END OF TERMS AND CONDITIONS" in apache
    assert "SIL OPEN FONT LICENSE, VERSION 1.1" in (ROOT / "ppprint" / "fonts" / "OFL.txt").read_text(encoding="utf-8").upper()
    ref = (ROOT / "LICENSES" / f"{NO_LICENCE}.txt").read_text(encoding="utf-8")
    for path in game_files():
        if yaml.safe_load(path.read_text(encoding="utf-8"))["licence"]["name"] not in SPDX:
            assert f"games/{path.parent.name} " in ref, path.parent.name


def test_the_piecepack_is_credited_in_the_same_words_everywhere() -> None:
    assert "public domain" in CREDIT and "Droscha" in CREDIT
    credited = [ROOT / "templates" / "new_game" / "game.yaml.tmpl"]
    for path in game_files():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "piecepack" in " ".join(data.get("equipment", [])).lower():
            credited.append(path)
    assert len(credited) >= 4  # Expansion, Piecepackman, Siege and the template
    for path in credited:
        assert f"  - {CREDIT}" in path.read_text(encoding="utf-8"), path
    stale = [
        str(path.relative_to(ROOT))
        for folder in ("ppprint", "games", "templates", "docs")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in {".py", ".yaml", ".md", ".tmpl", ".txt"} and "© 2001 James Kyle" in path.read_text(encoding="utf-8")
        and path.name not in ("piecepack.py", "licences.md")  # these two quote Expansion's source
    ]
    assert stale == []


CC_TITLES = {"CC-BY-4.0": "Creative Commons Attribution 4.0 International", "CC-BY-SA-4.0": "Creative Commons Attribution-ShareAlike 4.0 International"}


def test_each_creative_commons_licence_ships_its_legal_code() -> None:
    listed = set(PROJECT["license-files"])
    for path in game_files():
        name = yaml.safe_load(path.read_text(encoding="utf-8"))["licence"]["name"]
        if name in SPDX:
            assert f"LICENSES/{SPDX[name]}.txt" in listed, (path.parent.name, name)
    for identifier, title in CC_TITLES.items():
        text = (ROOT / "LICENSES" / f"{identifier}.txt").read_text(encoding="utf-8")
        assert text.startswith(title + "\n"), identifier
        assert all(f"Section {number} – " in text for number in range(1, 9)), identifier
        assert ("ShareAlike" in text.split("Section 2")[0]) == ("SA" in identifier), identifier


def test_every_game_module_states_its_licence_in_the_expression() -> None:
    modules = sorted((ROOT / "games").glob("*/*.py"))
    assert len(modules) >= 20
    for module in modules:
        first = module.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# SPDX-License-Identifier: "), module
        assert "MIT" in first and set(first.split(": ", 1)[1].split(" AND ")) <= licence_ids(), module
