"""``ppprint new GAME``: write a working game folder to start from.

The folder holds the metadata, rules text, clarifications and two figures with
claims, plus a rules engine of about sixty lines on the grid-game base
(:mod:`ppprint.engine.grid`) and a view of a dozen; it builds a checked
rulebook at once. ``--no-engine`` writes a game without code instead: its
board is named in ``game.yaml`` and its figures show pieces on cells, unchecked.
The files come from ``templates/new_game/`` (``*.tmpl``), with the game's id,
title, class name and year put in.
"""

from __future__ import annotations

import datetime
import os
import shutil
import tempfile
from importlib.resources import files
from pathlib import Path

from ppprint.errors import InputError
from ppprint.registry import check_game_id

TEMPLATE_DIR = Path(str(files("ppprint.templates"))) / "new_game"
CODE_FILES = ("engine.py", "view.py")
ABOUT = {
    True: "This is the sample game that `ppprint new` writes: change the text, the\n"
    "figures and the rules engine (`engine.py`) to make it yours. Every figure makes\n"
    "claims that the engine checks before the book is printed.",
    False: "This is the sample game that `ppprint new --no-engine` writes: change the\n"
    "text and the figures to make it yours. Without a rules engine nothing checks\n"
    "the figures; `ppprint new` writes a game with one to start from.",
}

NO_ENGINE_FIGURES = {
    "setup.yaml": """caption: The setup. Each player's six coins stand on their home row.
width: 3.2
position:
  pieces: {a1: coin suns back, b1: coin suns back, c1: coin suns back, d1: coin suns back, e1: coin suns back,
           f1: coin suns back, a6: coin moons back, b6: coin moons back, c6: coin moons back, d6: coin moons back,
           e6: coin moons back, f6: coin moons back}
""",
    "moves.yaml": """caption: >-
  The first player's coin on c3 may step to b4, or take the opponent's coin on d4.
  (Without a rules engine, nothing checks this figure: add engine.py to check it.)
width: 3.2
position:
  pieces: {c3: coin suns back, a1: coin suns back, c4: coin moons back, d4: coin moons back, f6: coin moons back}
highlight: [b4, d4]
""",
}


def words_of(game_id: str) -> tuple[str, str]:
    """The title (``My Game``) and class name (``MyGame``) of a game id (``my-game``)."""
    words = game_id.split("-")
    return " ".join(w.capitalize() for w in words), "".join(w.capitalize() for w in words)


def _umask() -> int:
    """The process's umask (read by setting it, then setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def create_game(parent: Path, game_id: str, engine: bool = True) -> Path:
    """Write the folder ``parent/game_id`` (which must not exist yet) and return it.

    The folder is written beside its final place and renamed into it, so a
    failure leaves nothing behind.
    """
    check_game_id(game_id, "GAME")
    target = parent / game_id
    if target.exists():
        raise InputError(f"{target} already exists; choose another id or folder")
    if not parent.is_dir():
        raise InputError(f"{parent}: no such folder")
    title, class_name = words_of(game_id)
    values = {
        "__ID__": game_id,
        "__TITLE__": title,
        "__CLASS__": class_name,
        "__YEAR__": str(datetime.date.today().year),
        "__ABOUT__": ABOUT[engine],
    }
    staging = Path(tempfile.mkdtemp(prefix=f".{game_id}.", dir=parent))
    try:
        staging.chmod(0o777 & ~_umask())  # a folder as mkdir makes it (mkdtemp's is 0700 whatever the umask)
        for template in sorted(TEMPLATE_DIR.rglob("*.tmpl")):
            relative = template.relative_to(TEMPLATE_DIR).with_suffix("")
            if not engine and (relative.name in CODE_FILES or relative.parent.name == "figures"):
                continue
            text = template.read_text(encoding="utf-8")
            for marker, value in values.items():
                text = text.replace(marker, value)
            if not engine and relative.name == "game.yaml":
                text += "board: {tiles: [3, 3]}  # the board of a game without an engine: tiles or squares\n"
            (staging / relative).parent.mkdir(parents=True, exist_ok=True)
            (staging / relative).write_text(text, encoding="utf-8")
        if not engine:
            (staging / "figures").mkdir(exist_ok=True)
            for name, text in NO_ENGINE_FIGURES.items():
                (staging / "figures" / name).write_text(text, encoding="utf-8")
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target
