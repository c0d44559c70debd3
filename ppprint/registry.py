"""Finding games: the bundled ones, folders the user names, and installed plug-ins.

A game is one folder holding ``game.yaml`` (its id is the folder's name). The
folder is data -- metadata, rules text, figures, levels -- plus, optionally,
these Python modules, which are the only code a game brings:

``engine.py``
    ``GAME``, the rules engine (:class:`ppprint.engine.base.Game`); figures can
    make claims only when a game has one.
``view.py``
    ``VIEW``, how a state is laid out (:class:`ppprint.layout.GameView`).
``pieces.py``
    the game's own piece kinds and their drawers.
``pnp.py``
    print-and-play sheets: ``add_sections(document, options)``, an ``Options``
    model for the game's own ``ppprint pnp`` options, and ``equipment()``.
``commands.py``
    ``app``, a typer app of the game's own commands (``ppprint GAME ...``).
``book.py``
    ``context()``, values the rules text may use.
``play.py``
    what simulated play needs of the game (:mod:`ppprint.play.hooks`): an
    ``evaluate(state, player)``, variants to measure, agents of its own.

The names ppprint reads from each module are :data:`READ_NAMES` (``pieces.py`` is only
run). When a module is first loaded its names are checked, so that a slip is an error
naming its file and line rather than a declaration silently ignored:

* a public name defined at the top level of the module (a function, class or
  assignment; not an import) that ppprint does not read but that is close to a name
  it does -- the same but for case, or within an edit distance of 1 of a name of 5 to 7
  characters, 2 of a longer one -- is refused as a likely misspelling (``evalute``);
  other names are the game's own helpers and left alone;
* a name ppprint reads must be of its kind (:data:`READ_KINDS`): ``GAME`` a
  :class:`~ppprint.engine.base.Game`, ``VIEW`` a :class:`~ppprint.layout.GameView`,
  ``Options`` a pydantic model class, ``app`` a ``typer.Typer``, the hooks callables.

Games are found, in this order:

1. the games bundled with ppprint (the ``games/`` folder of the project);
2. installed distributions declaring an entry point in the group
   ``ppprint.games`` (name: the game's id; value: the package holding its folder);
3. the folders of ``--games DIR`` (repeatable) and ``$PPPRINT_GAMES``
   (``os.pathsep``-separated); without them, the folders listed in
   ``[games] folders`` of ``ppprint.toml`` in the working folder (:mod:`ppprint.config`), else the working folder itself.

A folder is a game folder itself or a folder of game folders. Two different
folders with the same id are an error; ``--no-bundled`` leaves out 1 and 2.

A game is read only from inside its folder: before its data or code is loaded,
:func:`check_game_folder` refuses a symbolic link in it that leads outside it (or
nowhere, or in a loop), and rules text (``*.md``) that is not UTF-8 or is larger
than :data:`MAX_TEXT_BYTES`.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ppprint.errors import InputError, did_you_mean

if TYPE_CHECKING:
    from ppprint.engine.base import Game
    from ppprint.layout import GameView
    from ppprint.model.game import GameData

MAX_TEXT_BYTES = 1024 * 1024
"""The largest rules text (``rules.md``, ``clarifications.md``): 1 MiB, some twenty times the longest shipped book's."""

ENTRY_POINT_GROUP = "ppprint.games"
BUNDLED_PACKAGE = "ppprint.games"
"""The package the bundled games are installed as (the project's ``games/`` folder)."""
FOLDER_PACKAGE = "ppprint_folder_games"
"""The package that game folders found on disk are imported under."""
CONFIG_FILE = "ppprint.toml"
GAME_FILE = "game.yaml"
GAME_MODULES = ("engine", "view", "pieces", "pnp", "commands", "book", "play")
"""The optional code modules of a game folder."""

READ_NAMES: dict[str, tuple[str, ...]] = {
    "engine": ("GAME",),
    "view": ("VIEW",),
    "pnp": ("add_sections", "extra_sections", "Options", "equipment"),
    "commands": ("app",),
    "book": ("context",),
    "play": ("evaluate", "variants", "agents", "forced", "FORCED", "COOPERATIVE", "MAX_PLIES", "DEFAULT_AGENTS", "SELF_PLAY"),
}
"""The names ppprint reads from each game module that it reads names from (not ``pieces.py``)."""

READ_KINDS: dict[str, str] = {
    "GAME": "a rules engine (a ppprint.api.Game)",
    "VIEW": "a view (a ppprint.api.GameView)",
    "Options": "a pydantic model class",
    "app": "a typer app (typer.Typer)",
    "FORCED": "text",
    "COOPERATIVE": "true or false",
    "MAX_PLIES": "a whole number above 0",
    "DEFAULT_AGENTS": "a tuple of agents' names",
    "SELF_PLAY": "a tuple of agents' names",
}
"""What a name ppprint reads must be; every other name of :data:`READ_NAMES` is a function."""

_ID_RE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class GameFolder:
    """Where a game was found: its id, folder, the package its code imports as, and how it was found."""

    id: str
    folder: Path
    package: str
    origin: str


class Plugin:
    """One game: its data and, where it has them, its engine, view and other modules (loaded on first use)."""

    def __init__(self, where: GameFolder):
        self.where = where
        self.id = where.id
        self.folder = where.folder
        self._checked = False
        self._names_checked: dict[str, ModuleType] = {}
        """Each module whose names were checked, as it was loaded (a module imported afresh is checked again)."""

    def check_folder(self) -> None:
        """Refuse a game folder whose links lead outside it or whose rules text is not UTF-8 (once)."""
        if not self._checked:
            check_game_folder(self.folder)
            self._checked = True

    def __repr__(self) -> str:
        return f"Plugin({self.id!r}, {str(self.folder)!r})"

    def module_path(self, name: str) -> Path:
        """Where the game's module ``name`` is (or would be)."""
        return self.folder / f"{name}.py"

    def module(self, name: str) -> ModuleType | None:
        """The game's module ``name`` (one of :data:`GAME_MODULES`), or ``None`` if it has none.

        The game's piece kinds (``pieces.py``) are registered before any other module loads.
        """
        if not self.module_path(name).is_file():
            return None
        self.check_folder()
        _ensure_package(self.where.package, self.folder)
        if name != "pieces":
            self.module("pieces")
        loaded = importlib.import_module(f"{self.where.package}.{name}")
        if name in READ_NAMES and self._names_checked.get(name) is not loaded:
            check_module_names(name, loaded, self.module_path(name))
            self._names_checked[name] = loaded
        return loaded

    @cached_property
    def data(self) -> GameData:
        """The game folder's data, loaded and validated."""
        from ppprint.model.game import load_game
        from ppprint.model.view import ViewOptions

        self.check_folder()
        view = self._defined("view", "VIEW")
        return load_game(self.folder, self.id, view.Options if view is not None else ViewOptions)

    @cached_property
    def engine(self) -> Game[Any, Any, Any] | None:
        """The rules engine (``GAME`` of ``engine.py``), or ``None`` for a game without one."""
        return self._defined("engine", "GAME")  # type: ignore[no-any-return]

    def require_engine(self) -> Game[Any, Any, Any]:
        """The rules engine; an :class:`InputError` if the game has none."""
        if self.engine is None:
            raise InputError(f"game '{self.id}' has no rules engine ({self.module_path('engine')})")
        return self.engine

    @cached_property
    def view(self) -> GameView[Any, Any] | None:
        """How the game's states are drawn: ``VIEW`` of ``view.py``; for a game with neither
        engine nor view, pieces on the board ``game.yaml`` declares; else ``None``."""
        view = self._defined("view", "VIEW")
        if view is None and self.engine is None:
            from ppprint.layout.plain import PlainView

            board = self.data.meta.board
            if board is None:
                raise InputError("a game without an engine names its board (board: {tiles: [3, 3]} or {squares: [8, 8]})", self.folder / "game.yaml")
            view = PlainView(board)
        return view  # type: ignore[no-any-return]

    @property
    def cells(self) -> Callable[[Any], Container[str]] | None:
        """The names of a state's cells as the game's view lays it out (what an illegal verdict's ``at``
        may name), or ``None`` for a game without a view."""
        view = self.view
        return None if view is None else lambda state: view.table(state).cells

    def require_view(self) -> GameView[Any, Any]:
        """The game's view; an :class:`InputError` if it has none."""
        if self.view is None:
            raise InputError(f"game '{self.id}' has no view to draw its states ({self.module_path('view')})")
        return self.view

    def _defined(self, module: str, name: str) -> Any:
        loaded = self.module(module)
        if loaded is None:
            return None
        value = getattr(loaded, name, None)
        if value is None:
            raise InputError(f"{module}.py of game '{self.id}' defines no {name}", self.module_path(module))
        return value

    def hook(self, module: str, name: str) -> Any:
        """``name`` from one of the game's modules, or ``None`` if the module or name is missing."""
        loaded = self.module(module)
        return getattr(loaded, name, None) if loaded is not None else None


@dataclass
class Registry:
    """The games of one run, by id."""

    folders: Sequence[Path] = ()
    bundled: bool = True
    _found: dict[str, GameFolder] | None = field(default=None, repr=False)
    _plugins: dict[str, Plugin] = field(default_factory=dict, repr=False)

    def found(self) -> dict[str, GameFolder]:
        """Every game found, by id (sorted)."""
        if self._found is None:
            games: dict[str, GameFolder] = {}
            sources: list[Iterator[GameFolder]] = []
            if self.bundled:
                sources += [_bundled_games(), _entry_point_games()]
            sources += [_folder_games(folder, origin) for folder, origin in self._user_folders()]
            for source in sources:
                for game in source:
                    _add(games, game)
            self._found = dict(sorted(games.items()))
        return self._found

    def _user_folders(self) -> list[tuple[Path, str]]:
        if self.folders:
            return [(Path(f), "--games") for f in self.folders]
        config = Path.cwd() / CONFIG_FILE
        folders = _config_folders(config) if config.is_file() else None
        if folders is not None:
            return [(folder, str(config)) for folder in folders]
        return [(Path.cwd(), "the working folder")]

    def ids(self) -> list[str]:
        """The ids of every game, sorted."""
        return list(self.found())

    def get(self, game_id: str) -> Plugin:
        """The game ``game_id``; an :class:`InputError` naming the known games if there is none."""
        if game_id not in self._plugins:
            found = self.found()
            if game_id not in found:
                raise InputError(f"unknown game '{game_id}' ({did_you_mean(game_id, found)}games: {', '.join(found) or 'none'})")
            plugin = Plugin(found[game_id])
            plugin.check_folder()  # before anything (the build cache too) reads a file of it
            self._plugins[game_id] = plugin
        return self._plugins[game_id]

    def plugins(self) -> list[Plugin]:
        """Every game, sorted by id."""
        return [self.get(game_id) for game_id in self.found()]


def _add(games: dict[str, GameFolder], game: GameFolder) -> None:
    known = games.get(game.id)
    if known is None:
        games[game.id] = game
    elif known.folder.resolve() != game.folder.resolve():
        raise InputError(
            f"two games with the id '{game.id}': {known.folder} ({known.origin}) and {game.folder} ({game.origin});"
            " rename one folder, or leave out the bundled games with --no-bundled"
        )


def check_game_folder(folder: Path) -> None:
    """Refuse what a game folder must not hold: a symbolic link leading outside the folder (or nowhere,
    or in a loop), and rules text (``*.md``) larger than :data:`MAX_TEXT_BYTES` or not UTF-8."""
    try:
        root = folder.resolve(strict=True)
    except (OSError, RuntimeError):
        raise InputError(f"{folder}: the game's folder cannot be read (a broken link or a loop of links)") from None
    for here, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in [*folders, *sorted(files)]:
            path = Path(here) / name
            if path.is_symlink():
                _check_link(path, root)
        for name in files:
            if name.endswith(".md"):
                _check_text(Path(here) / name)


def _check_link(path: Path, root: Path) -> None:
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise InputError("a symbolic link that leads nowhere (or in a loop); a game's files lie inside its folder", path) from None
    if not target.is_relative_to(root):
        raise InputError(f"a symbolic link to {target}, outside the game's folder: a game is read only from inside its folder", path)


def _check_text(path: Path) -> None:
    try:
        size = path.stat().st_size
        if size > MAX_TEXT_BYTES:
            raise InputError(f"the file is {size:,} bytes, more than the {MAX_TEXT_BYTES:,} rules text may hold", path)
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path) from None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not UTF-8 text (byte 0x{data[exc.start]:02x})", path, line) from None


def check_module_names(kind: str, module: ModuleType, path: Path) -> None:
    """Refuse a likely misspelling of a name ppprint reads from a game's module ``kind``, and a
    name it reads that is not of its kind (see the module's docstring); each at its file and line."""
    declared = READ_NAMES[kind]
    lines = _top_level_names(path)
    for name, (line, defined) in lines.items():
        if not defined or name.startswith("_") or name in declared:
            continue
        close = [d for d in declared if _distance(name.lower(), d.lower()) <= _slack(d)]
        if close:
            raise InputError(
                f"'{name}' is not a name ppprint reads from {kind}.py; did you mean '{close[0]}'? (it reads: {', '.join(declared)})",
                path,
                line,
            )
    for name in declared:
        value = getattr(module, name, None)
        if value is not None and not _of_kind(name, value):
            what = READ_KINDS.get(name, "a function")
            raise InputError(f"{name} is {type(value).__name__} {_short(value)}, not {what}", path, lines.get(name, (None, False))[0])


def _top_level_names(path: Path) -> dict[str, tuple[int, bool]]:
    """The names a module binds at its top level: their first line, and whether it defines them (not an import)."""
    import ast

    try:
        tree = ast.parse(path.read_bytes(), str(path))
    except (OSError, SyntaxError, ValueError):
        return {}  # the import has already reported it
    found: dict[str, tuple[int, bool]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.setdefault(node.name, (node.lineno, True))
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        found.setdefault(name.id, (node.lineno, True))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                found.setdefault((alias.asname or alias.name).split(".")[0], (node.lineno, False))
    return found


def _slack(name: str) -> int:
    """How many edits from a declared name a misspelling may be: none but case below 5 characters
    (``GAME`` is one edit from ``NAME``), 1 up to 7, else 2."""
    return 0 if len(name) < 5 else 1 if len(name) < 8 else 2


def _distance(a: str, b: str) -> int:
    """The edit distance of two words, a swap of neighbours counting as one edit."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _of_kind(name: str, value: object) -> bool:
    if name == "GAME":
        from ppprint.engine.base import Game

        return isinstance(value, Game)
    if name == "VIEW":
        from ppprint.layout import GameView

        return isinstance(value, GameView)
    if name == "Options":
        from pydantic import BaseModel

        return isinstance(value, type) and issubclass(value, BaseModel)
    if name == "app":
        import typer

        return isinstance(value, typer.Typer)
    if name == "FORCED":
        return isinstance(value, str)
    if name == "COOPERATIVE":
        return isinstance(value, bool)
    if name == "MAX_PLIES":
        return isinstance(value, int) and not isinstance(value, bool) and value > 0
    if name in ("DEFAULT_AGENTS", "SELF_PLAY"):
        return isinstance(value, tuple) and all(isinstance(v, str) for v in value)
    return callable(value)


def _short(value: object) -> str:
    text = repr(value)
    return f"({text if len(text) <= 40 else text[:39] + '...'})"


def is_game_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a game (a ``game.yaml``)."""
    return (folder / GAME_FILE).is_file()


def check_game_id(game_id: str, where: Path | str) -> str:
    """A game id is lower-case letters and digits, words joined by hyphens (``my-game``)."""
    if not _ID_RE.fullmatch(game_id):
        raise InputError(f"'{game_id}' is not a game id (lower-case letters and digits, words joined by '-')", where)
    return game_id


def _bundled_games() -> Iterator[GameFolder]:
    package = importlib.import_module(BUNDLED_PACKAGE)
    for root in package.__path__:
        for folder in sorted(Path(root).iterdir()):
            if is_game_folder(folder):
                yield GameFolder(folder.name, folder, f"{BUNDLED_PACKAGE}.{folder.name}", "bundled")


def _entry_point_games() -> Iterator[GameFolder]:
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"entry point '{entry.name}' of {entry.dist.name if entry.dist else 'an installed distribution'}"
        try:
            module = importlib.import_module(entry.value)
        except ImportError as exc:
            raise InputError(f"{where}: cannot import {entry.value}: {exc}") from None
        folder = Path(next(iter(getattr(module, "__path__", [])), "") or Path(module.__file__ or "").parent)
        if not is_game_folder(folder):
            raise InputError(f"{where}: {folder} holds no {GAME_FILE}")
        yield GameFolder(check_game_id(entry.name, where), folder, entry.value, where)


def _folder_games(folder: Path, origin: str) -> Iterator[GameFolder]:
    if not folder.is_dir():
        raise InputError(f"{origin} {folder}: no such folder")
    if is_game_folder(folder):
        candidates = [folder.resolve()]
    else:
        candidates = sorted(f for f in folder.iterdir() if is_game_folder(f))
        if not candidates and origin != "the working folder":
            raise InputError(f"{origin} {folder}: the folder holds no game (no {GAME_FILE} in it or in its subfolders)")
    for game_folder in candidates:
        game_id = check_game_id(game_folder.name, game_folder / GAME_FILE)
        yield GameFolder(game_id, game_folder, f"{FOLDER_PACKAGE}.{game_id.replace('-', '_')}", f"{origin} {folder}")


def _config_folders(config: Path) -> list[Path] | None:
    """The game folders ``[games] folders`` of ``config`` lists, if it lists them."""
    from ppprint.config import read_settings

    folders = read_settings(config).games.folders
    return None if folders is None else [config.parent / folder for folder in folders]


def _ensure_package(name: str, folder: Path) -> None:
    """Make a game folder importable as the package ``name`` (bundled and plug-in games already are)."""
    if name in sys.modules:
        return
    if not name.startswith(FOLDER_PACKAGE + "."):
        importlib.import_module(name)
        return
    if FOLDER_PACKAGE not in sys.modules:
        sys.modules[FOLDER_PACKAGE] = _namespace(FOLDER_PACKAGE, [])
    init = folder / "__init__.py"
    if not init.is_file():
        sys.modules[name] = _namespace(name, [str(folder)])
        return
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def _namespace(name: str, path: list[str]) -> ModuleType:
    spec = importlib.machinery.ModuleSpec(name, None, is_package=True)
    spec.submodule_search_locations = path
    return importlib.util.module_from_spec(spec)


_current = Registry()


def registry() -> Registry:
    """The games of this run (see :func:`configure`)."""
    return _current


def configure(folders: Sequence[Path] = (), bundled: bool = True) -> Registry:
    """Set the games of this run: ``folders`` (plus ``$PPPRINT_GAMES``) and, unless ``bundled`` is false, the bundled and installed ones."""
    global _current
    extra = [Path(p) for p in os.environ.get("PPPRINT_GAMES", "").split(os.pathsep) if p]
    _current = Registry(folders=[*folders, *extra], bundled=bundled)
    return _current


def get_game(game_id: str) -> Plugin:
    """The game ``game_id`` of this run."""
    return _current.get(game_id)


configure()
