"""The build cache: each figure is checked and drawn once per content.

``ppprint build`` keeps ``OUT/.ppprint-cache/``, one small JSON file per entry,
named by a digest of everything the entry depends on:

* ppprint itself: its version, its source and shipped fonts, and the versions of
  Python and of the libraries a drawing or a verdict depends on (fontTools, pydantic);
* the game: its id, ``Game.version``, and every file of its folder except its
  figures, its text (``*.md``), hidden and ``__pycache__`` folders and the output
  folder -- so its engine, view and piece modules and any data they read (levels);
* the figure file's bytes (its panels, claims, marks and view options);
* for a drawing, the scale it prints at.

Every entry is signed: its first line is an HMAC-SHA256 of the rest under a secret
key of the user's (:func:`signing_key`), kept outside every output folder, in
``$XDG_CACHE_HOME/ppprint/`` (``~/.cache/ppprint/``), readable by the user alone.
Anyone who can write the output folder (a shared folder, a CI artifact, a
repository that commits it) cannot forge a verdict or a drawing: an entry not
signed with the key is no entry, and the figure is checked and drawn afresh.
Without a key that can be had safely, there is no cache.

The cache is bounded: after each build, entries not used for :data:`KEEP_DAYS`
days go, and then the least recently used ones until the folder holds at most
:data:`MAX_BYTES`. Reading follows no link, reads only regular files and at most
:data:`MAX_ENTRY_BYTES` of one; the game folder's digest streams each file and
leaves out anything that is not a regular file (a FIFO, a device).

Two kinds of entry: *verified* (the figure's claims all held: they are
deterministic given the same inputs, so an unchanged figure is not checked
again) and *drawing* (the figure drawn for one print scale, as plain JSON; see
:func:`encode_drawing`). A figure that changed is checked again, and a wrong
claim is never cached. An entry that cannot be read or is not exactly what this
version writes is ignored (and rewritten); a cache folder that cannot be written
is left alone. Entries are written atomically, after the build's own files, and
only when the whole build succeeded. The folder may be deleted at any time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import os
import re
import secrets
import stat
import sys
import time
from array import array
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import reportlab

from ppprint import __version__
from ppprint.check import check_before_printing
from ppprint.document.typography import typographic
from ppprint.errors import ClaimError, InputError
from ppprint.output import inside, write_atomic
from ppprint.registry import Plugin
from ppprint.render.draw import DeferredDrawing, Drawing, Group, Item, Paint, Segment, Shape, Text
from ppprint.render.figure import FigurePanels
from ppprint.verify import CheckedFigure, VerifyReport, marks_of, verify_figure

CACHE_FOLDER = ".ppprint-cache"
"""The cache's folder inside the output folder."""
FORMAT = 2
"""The version of the entries' format; entries of another format are ignored (1: checksummed, not signed)."""
KEY_FILE = "cache-key"
"""The signing key's file in the user's cache folder (:func:`key_path`)."""
MAX_ENTRY_BYTES = 16 * 1024 * 1024
"""The largest entry read (the largest drawing of the bundled games is some 100 KB)."""
MAX_BYTES = 256 * 1024 * 1024
"""The most a cache folder keeps, least recently used entries going first."""
KEEP_DAYS = 30
"""Entries unused for this many days are removed."""
_CHUNK = 1024 * 1024
_ENTRY_NAME = re.compile(r"[0-9a-f]{64}\.json")
LIBRARY_FILES = (".py", ".ttf", ".otf")
"""The files of ppprint's own package that a drawing or verdict may depend on (its code and fonts)."""


def _digest(*parts: str | bytes) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        _add(hasher, part)
    return hasher.hexdigest()


def _add(hasher: Any, part: str | bytes) -> None:
    data = part.encode("utf-8") if isinstance(part, str) else part
    hasher.update(b"%d:" % len(data))
    hasher.update(data)


def _add_file(hasher: Any, path: Path) -> None:
    """Add a file's bytes to ``hasher`` as :func:`_digest` adds a part, read in chunks; a file that is not
    a regular file (a FIFO, a device, a socket) is added as its kind, never opened for reading."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        _add(hasher, f"unreadable: {exc.errno}")
        return
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            _add(hasher, f"not a file: {stat.S_IFMT(status.st_mode)}")
            return
        hasher.update(b"%d:" % status.st_size)
        left = status.st_size
        while left > 0:
            chunk = os.read(handle, min(_CHUNK, left))
            if not chunk:
                hasher.update(b"(cut short)")  # changed while read: a digest no build had
                break
            hasher.update(chunk)
            left -= len(chunk)
    finally:
        os.close(handle)


def _files(folder: Path, skip: set[Path]) -> Iterator[Path]:
    """Every file under ``folder`` in a fixed order, leaving out hidden and ``__pycache__`` folders,
    build output folders (those holding a cache) and ``skip``."""
    for root, dirs, names in os.walk(folder):
        here = Path(root)
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".") and d != "__pycache__" and (here / d).resolve() not in skip and not (here / d / CACHE_FOLDER).is_dir()
        )
        for name in sorted(names):
            yield here / name


@cache
def library_digest() -> str:
    """A digest of ppprint itself: its version, source and fonts, and the Python and library versions."""
    import fontTools
    import pydantic

    root = Path(__file__).resolve().parent.parent
    # An installed ppprint holds the bundled games and the templates as subpackages: games
    # are keyed one by one (game_digest), and templates shape no figure.
    skip = {(root / "games").resolve(), (root / "templates").resolve()}
    hasher = hashlib.sha256()
    for part in (f"ppprint {__version__}", sys.version, f"fonttools {fontTools.version}", f"pydantic {pydantic.VERSION}"):
        _add(hasher, part)
    for path in _files(root, skip):
        if path.suffix in LIBRARY_FILES:
            _add(hasher, path.relative_to(root).as_posix())
            _add_file(hasher, path)
    return hasher.hexdigest()


def game_digest(game: Plugin, out: Path | None = None) -> str:
    """A digest of what a game's figures depend on besides their own files: ppprint
    (:func:`library_digest`), the game's id, ``Game.version`` and its folder's files
    (:func:`folder_digest`)."""
    return _with_engine(game, folder_digest(game, out))


def folder_digest(game: Plugin, out: Path | None = None) -> str:
    """A digest of ppprint, the game's id and every file of the game's folder except its figures
    (each is keyed by its own bytes), its text (``*.md`` at the top), hidden and ``__pycache__``
    folders, and output folders: ``out`` and any folder holding a cache (a build run inside the
    game folder writes there). It reads files only: it runs none of the game's code.
    """
    folder = game.folder.resolve()
    skip = {(folder / "figures").resolve()}
    if out is not None:
        skip.add(out.resolve())
    hasher = hashlib.sha256()
    _add(hasher, library_digest())
    _add(hasher, game.id)
    for path in _files(folder, skip):
        relative = path.relative_to(folder)
        if len(relative.parts) == 1 and path.suffix == ".md":
            continue
        _add(hasher, relative.as_posix())
        _add_file(hasher, path)
    return hasher.hexdigest()


def _with_engine(game: Plugin, folder_key: str) -> str:
    engine = game.engine
    return _digest(folder_key, f"engine version {engine.version if engine is not None else '-'}")


def figure_key(game_key: str, content: bytes) -> str:
    """The key of one figure: its game's digest and the figure file's bytes."""
    return _digest(game_key, content)


def key_path() -> Path:
    """Where the signing key is kept: ``$XDG_CACHE_HOME/ppprint/cache-key``, else ``~/.cache/ppprint/cache-key``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "ppprint" / KEY_FILE


@cache
def signing_key() -> bytes | None:
    """The user's secret that signs cache entries, made on first use (32 random bytes, mode 0600), or
    ``None`` (no cache) when it cannot be had safely: a key file that is a link, not the user's, open to
    others' writing or reading, or not 32 bytes; a folder that cannot be written."""
    path = key_path()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    temporary = path.with_name(f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(handle, secrets.token_bytes(32))
            os.fsync(handle)
        finally:
            os.close(handle)
        try:
            os.link(temporary, path)  # made at once, and never over a key another process made first
        except FileExistsError:
            pass
        return _read_key(path)
    except OSError:
        return None
    finally:
        try:
            os.unlink(temporary)
        except OSError:
            pass


def _read_key(path: Path) -> bytes | None:
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_uid != os.getuid() or status.st_mode & 0o077 or status.st_size != 32:
            return None
        key = os.read(handle, 33)
    finally:
        os.close(handle)
    return key if len(key) == 32 else None


def _read_entry(path: Path) -> bytes:
    """The bytes of an entry file: a regular file (no link followed, no FIFO waited on) of at most
    :data:`MAX_ENTRY_BYTES`; anything else raises ``OSError`` or ``ValueError``."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ENTRY_BYTES:
            raise ValueError("not an entry")
        chunks, left = [], status.st_size + 1
        while left > 0 and (chunk := os.read(handle, min(_CHUNK, left))):
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(handle)
    data = b"".join(chunks)
    if len(data) > MAX_ENTRY_BYTES:
        raise ValueError("not an entry")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no number of an entry")


class Store:
    """Cache entries in a folder (``None``: no cache): read at once, written only by :meth:`write`.

    An entry is a file ``<key>.json``: a line with the HMAC-SHA256 of the rest under the user's
    :func:`signing_key`, then the entry as JSON (its format, key and kind, and its content). A
    file whose signature, format, key or kind is not right (cut short, changed, forged, from
    another version or another user) is no entry. Without a signing key there is no cache.
    """

    def __init__(self, folder: Path | None):
        self.secret = signing_key() if folder is not None else None
        self.folder = folder if self.secret is not None else None
        self.new: dict[str, bytes] = {}
        """Entries made in this run, by key, to write when the build has succeeded."""

    def _signature(self, text: bytes) -> bytes:
        assert self.secret is not None
        return hmac.new(self.secret, text, hashlib.sha256).hexdigest().encode("ascii")

    def get(self, key: str, kind: str) -> dict[str, Any] | None:
        """The entry ``key`` of ``kind``, or ``None`` if there is none, or it is unreadable or not as written."""
        if self.folder is None:
            return None
        try:
            signature, _, text = _read_entry(self.folder / f"{key}.json").partition(b"\n")
            if not hmac.compare_digest(signature, self._signature(text)):
                return None
            entry = json.loads(text, parse_constant=_no_constant)
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != key or entry.get("kind") != kind:
            return None
        try:
            os.utime(self.folder / f"{key}.json")  # its last use, which eviction goes by
        except OSError:
            pass
        return entry

    def put(self, key: str, kind: str, **content: Any) -> None:
        """Make the entry ``key`` (written by :meth:`write`); content that JSON cannot hold exactly is not kept."""
        if self.folder is None:
            return
        try:
            text = json.dumps({"format": FORMAT, "key": key, "kind": kind, **content}, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        except ValueError:
            return
        data = text.encode("utf-8")
        self.new[key] = self._signature(data) + b"\n" + data

    def write(self, entries: dict[str, bytes] | None = None) -> None:
        """Write this store's new entries (or ``entries``) atomically; a cache that cannot be written is left alone."""
        if self.folder is None:
            return
        for key, data in (self.new if entries is None else entries).items():
            try:
                write_atomic(self.folder / f"{key}.json", data, durable=False)  # an entry is checked when read
            except (OSError, InputError):
                continue
        evict(self.folder)


def evict(folder: Path, now: float | None = None) -> int:
    """Remove the entries of ``folder`` unused for :data:`KEEP_DAYS` days, then the least recently used
    until the rest take at most :data:`MAX_BYTES`; return how many went. Only entry files are touched."""
    now = time.time() if now is None else now
    found: list[tuple[float, int, str]] = []
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if _ENTRY_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    status = entry.stat(follow_symlinks=False)
                    found.append((status.st_mtime, status.st_size, entry.name))
    except OSError:
        return 0
    found.sort(reverse=True)  # the most recently used first
    kept, removed = 0, 0
    for used, size, name in found:
        kept += size
        if now - used > KEEP_DAYS * 86400 or kept > MAX_BYTES:
            try:
                os.unlink(folder / name)
                removed += 1
            except OSError:
                pass
    return removed


def cache_folder(out: Path) -> Path:
    """The cache folder of an output folder."""
    return inside(out, CACHE_FOLDER)


class GameFigures:
    """A game's figures, each checked and drawn once per content: in this run, and across runs through ``store``.

    :meth:`verify` checks every figure the cache does not know as verified;
    :meth:`drawing` draws a figure for a scale (checking it first if this run has
    not). Without a store, every figure is checked and drawn, as :func:`~ppprint.verify.verify_game` would.
    """

    def __init__(self, game: Plugin, store: Store, out: Path | None = None):
        self.game = game
        self.store = store
        self.out = out
        self.keys: dict[str, str] = {}
        self.checked: dict[str, CheckedFigure] = {}
        self.drawn: dict[tuple[str, float, int], Drawing] = {}
        self.panels = FigurePanels()
        self.game_key = ""
        """The digest of ppprint, the game's folder and engine (set by :meth:`verify` when cached)."""
        self.reused = 0
        """Figures whose verification came from the cache (so they were not checked again)."""

    def verify(self) -> VerifyReport:
        """Check the game's figures (those the cache knows as verified are not checked again).

        The report counts every figure; its ``figures`` holds those checked in this run.
        """
        cached = self.store.folder is not None
        if cached:
            # Keys come from the files as they are before the game's data and code are loaded,
            # and a figure whose file changes meanwhile is not kept: an entry never holds a
            # verdict on other bytes than its key's.
            folder_key = folder_digest(self.game, self.out)
            contents = self._figure_files()
        data = self.game.data
        report = VerifyReport(data.id)
        game_key = self.game_key = _with_engine(self.game, folder_key) if cached else ""
        for figure in data.figures.values():
            report.diagrams += len(figure.panels)
            report.claims += figure.claim_count()
            report.unchecked += figure.unchecked()
            if cached and figure.path in contents:
                key = self.keys[figure.id] = figure_key(game_key, contents[figure.path])
                entry = self.store.get(key, "verified")
                if entry is not None and isinstance(entry.get("marks"), list):
                    self.reused += 1
                    report.marks |= {(str(kind), bool(arrow)) for kind, arrow in entry["marks"]}
                    continue
            checked, failures = verify_figure(self.game, figure)
            self.checked[figure.id] = report.figures[figure.id] = checked
            report.failures.extend(failures)
            report.marks |= marks_of(checked)
            if figure.id in self.keys and not failures:
                self.store.put(self.keys[figure.id], "verified", figure=figure.path.name, marks=sorted(marks_of(checked)))
        if cached:
            now = self._figure_files()
            for figure in data.figures.values():
                if figure.id in self.keys and now.get(figure.path) != contents[figure.path]:
                    self.store.new.pop(self.keys.pop(figure.id), None)
                    if figure.id not in self.checked:  # the cache's verdict was on other bytes
                        self.reused -= 1
                        checked, failures = verify_figure(self.game, figure)
                        self.checked[figure.id] = report.figures[figure.id] = checked
                        report.failures.extend(failures)
                        report.marks |= marks_of(checked)
        return report

    def check_contract(self) -> None:
        """The short engine contract check (:func:`~ppprint.check.check_before_printing`) on the game's engine,
        unless the cache knows it passed on the same game and ppprint (call after :meth:`verify`)."""
        engine = self.game.engine
        if engine is None:
            return
        key = _digest(self.game_key, "contract") if self.game_key else ""
        if key and self.store.get(key, "contract") is not None:
            return
        check_before_printing(engine, self.game.id, self.game.cells)
        if key:
            self.store.put(key, "contract")

    def recall(self, inputs: str) -> dict[str, Any] | None:
        """The layout a book chose in an earlier run (see :class:`~ppprint.book.rulebook.LayoutMemory`)."""
        return self.store.get(self._layout_key(inputs), "layout") if self.game_key else None

    def remember(self, inputs: str, layout: Mapping[str, Any]) -> None:
        """Keep the layout a book chose for later runs."""
        if self.game_key:
            self.store.put(self._layout_key(inputs), "layout", **layout)

    def _layout_key(self, inputs: str) -> str:
        return _digest(self.game_key, "layout", inputs, f"reportlab {reportlab.Version}")

    def _figure_files(self) -> dict[Path, bytes]:
        folder = self.game.folder / "figures"
        return {path: path.read_bytes() for path in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {}

    def _checked(self, figure_id: str) -> CheckedFigure:
        if figure_id not in self.checked:
            # Verified in an earlier run with the same inputs; drawing it needs its checked states.
            checked, failures = verify_figure(self.game, self.game.data.figures[figure_id])
            if failures:
                raise ClaimError(failures)
            self.checked[figure_id] = checked
        return self.checked[figure_id]

    def drawing(self, figure_id: str, scale: float = 1.0, columns: int | None = None) -> Drawing:
        """The figure ``figure_id`` drawn for printing at ``scale``, its panels in ``columns``
        (default: the figure's own), labels with printed punctuation."""
        columns = columns or self.game.data.figures[figure_id].columns
        drawn = self.drawn.get((figure_id, scale, columns))
        if drawn is not None:
            return drawn
        key = _digest(self.keys[figure_id], "drawing", repr(scale), repr(columns)) if figure_id in self.keys else ""

        def redraw() -> Drawing:
            return self.panels.render(self.game.require_view(), figure_id, self._checked(figure_id), scale, columns, typographic)

        def stored_items() -> list[Item]:
            entry = self.store.get(key, "drawing")
            if entry is not None:
                try:
                    return decode_drawing(entry["drawing"]).items
                except (LookupError, TypeError, ValueError, RecursionError):
                    pass
            return redraw().items

        # A trial layout needs only a figure's size: that is a small entry of its own. The drawing is
        # made (or read from its entry) when the figure is painted, and kept only then.
        size = self.store.get(_digest(key, "size"), "size") if key else None
        if size is not None:
            try:
                width, height = _numbers([size["width"], size["height"]])
                drawn = DeferredDrawing(width, height, stored_items, _text(size["title"]), _text(size["description"]))
            except (LookupError, TypeError, ValueError):
                drawn = None
        if drawn is None:
            drawn = fresh = redraw()
            if key:
                self.store.put(_digest(key, "size"), "size", width=fresh.width, height=fresh.height, title=fresh.title, description=fresh.description)

                def made() -> list[Item]:
                    items = fresh.items
                    self.store.put(key, "drawing", figure=figure_id, scale=scale, columns=columns, drawing=encode_drawing(fresh))
                    return items

                drawn = DeferredDrawing(fresh.width, fresh.height, made, fresh.title, fresh.description)
        self.drawn[figure_id, scale, columns] = drawn
        return drawn


# -- drawings as plain JSON ----------------------------------------------------------------------------
#
# {"width", "height", "title", "description", "paints": [[fill, stroke, width, opacity, [dash...], cap, join], ...],
#  "floats": base64 of little-endian doubles, "items": [item, ...]}, where an item is a shape
# [0, paint index, role, "MLCZ..."] (its numbers are the next ones of "floats") or, when a number of it is
# an int, [0, paint index, role, "MLCZ...", [numbers]]; a text [1, text, x, y, size, font, fill, anchor,
# role]; or a group [2, [a, b, c, d, e, f], role, [item, ...]]. Numbers keep their type and every bit of
# their value, so a drawing read back is equal to the one written and paints the same bytes.

_SHAPE, _TEXT, _GROUP = 0, 1, 2
_ARITY = {"M": 2, "L": 2, "C": 6, "Z": 0}
_CAPS = ("butt", "round", "square")
_JOINS = ("miter", "round", "bevel")
_ANCHORS = ("start", "middle", "end")
_NUMBERS = frozenset({int, float})
_FLOAT = frozenset({float})


def _float_bytes(values: array[float]) -> bytes:
    if sys.byteorder == "big":
        values = array("d", values)
        values.byteswap()
    return values.tobytes()


def encode_drawing(drawing: Drawing) -> dict[str, Any]:
    """A drawing as plain JSON data (see :func:`decode_drawing`)."""
    paints: dict[Paint, int] = {}
    floats: array[float] = array("d")

    def item(node: Item) -> list[Any]:
        if isinstance(node, Shape):
            numbers = [value for _, values in node.segments for value in values]
            shape = [_SHAPE, paints.setdefault(node.paint, len(paints)), node.role, "".join(op for op, _ in node.segments)]
            if _FLOAT.issuperset(map(type, numbers)):
                floats.extend(numbers)
            else:
                shape.append(numbers)
            return shape
        if isinstance(node, Text):
            return [_TEXT, node.text, node.at[0], node.at[1], node.size, node.font, node.fill, node.anchor, node.role]
        return [_GROUP, list(node.matrix), node.role, [item(child) for child in node.items]]

    items = [item(node) for node in drawing.items]
    return {
        "width": drawing.width,
        "height": drawing.height,
        "title": drawing.title,
        "description": drawing.description,
        "paints": [[p.fill, p.stroke, p.width, p.opacity, list(p.dash), p.cap, p.join] for p in paints],
        "floats": base64.b64encode(_float_bytes(floats)).decode("ascii"),
        "items": items,
    }


def _numbers(values: Any, count: int | None = None) -> list[float]:
    if type(values) is not list or not _NUMBERS.issuperset(map(type, values)) or (count is not None and len(values) != count):
        raise TypeError("not a list of numbers")
    if not all(map(math.isfinite, values)):
        raise ValueError("not a list of finite numbers")
    return values


def _text(value: Any) -> str:
    if type(value) is str:
        return value
    raise TypeError(f"not a string: {value!r:.40}")


def _colour(value: Any) -> str | None:
    return None if value is None else _text(value)


def _choice(value: Any, choices: tuple[str, ...]) -> Any:
    if type(value) is str and value in choices:
        return value
    raise ValueError(f"not one of {choices}: {value!r:.40}")


def _paint(data: Any) -> Paint:
    if type(data) is not list or len(data) != 7:
        raise TypeError("a paint is a list of 7")
    fill, stroke, width, opacity, dash, cap, join = data
    width, opacity = _numbers([width, opacity])
    return Paint(_colour(fill), _colour(stroke), width, opacity, tuple(_numbers(dash)), _choice(cap, _CAPS), _choice(join, _JOINS))


class _Reader:
    """Reads the items of an encoded drawing, taking shapes' numbers from its floats in order."""

    def __init__(self, paints: list[Paint], floats: list[float]):
        self.paints = paints
        self.floats = floats
        self.next = 0

    def shape(self, node: list[Any]) -> Shape:
        if len(node) not in (4, 5) or type(node[1]) is not int or node[1] < 0 or type(node[3]) is not str:
            raise ValueError("not a shape")
        if len(node) == 5:
            numbers, index = _numbers(node[4]), 0
        else:
            numbers, index = self.floats, self.next
        segments: list[Segment] = []
        for op in node[3]:
            count = _ARITY[op]
            segments.append((op, tuple(numbers[index : index + count])))
            index += count
        if index > len(numbers) or (len(node) == 5 and index != len(numbers)):
            raise ValueError("a shape's numbers do not match its segments")
        if len(node) == 4:
            self.next = index
        return Shape(tuple(segments), self.paints[node[1]], _text(node[2]))

    def item(self, node: Any) -> Item:
        kind = node[0] if type(node) is list and node else None
        if kind == _SHAPE and type(kind) is int:
            return self.shape(node)
        if kind == _TEXT and type(kind) is int and len(node) == 9:
            _, text, x, y, size, font, fill, anchor, role = node
            x, y, size = _numbers([x, y, size])
            return Text(_text(text), (x, y), size, _text(font), _text(fill), _choice(anchor, _ANCHORS), _text(role))
        if kind == _GROUP and type(kind) is int and len(node) == 4 and type(node[3]) is list:
            a, b, c, d, e, f = _numbers(node[1], 6)
            return Group(tuple(self.item(child) for child in node[3]), (a, b, c, d, e, f), _text(node[2]))
        raise ValueError(f"not an item: {node!r:.40}")


def decode_drawing(data: Any) -> Drawing:
    """The drawing :func:`encode_drawing` wrote; anything else raises ``ValueError``, ``TypeError`` or ``LookupError``."""
    if type(data) is not dict or type(data["items"]) is not list:
        raise TypeError("a drawing is an object with a list of items")
    floats = array("d")
    floats.frombytes(base64.b64decode(_text(data["floats"]), validate=True))
    if sys.byteorder == "big":
        floats.byteswap()
    if not all(map(math.isfinite, floats)):
        raise ValueError("a drawing's numbers are finite")
    reader = _Reader([_paint(p) for p in data["paints"]], floats.tolist())
    items = [reader.item(node) for node in data["items"]]
    if reader.next != len(reader.floats):
        raise ValueError("the drawing's numbers do not match its shapes")
    width, height = _numbers([data["width"], data["height"]])
    return Drawing(width, height, items, _text(data["title"]), _text(data["description"]))
