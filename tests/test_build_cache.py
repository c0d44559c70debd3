"""The build cache (``OUT/.ppprint-cache``) and builds on several processes.

A build with the cache, cold or warm, writes the same bytes as a build without it;
a build on several processes writes the same bytes as one in a single process. A book
remembers the layout it chose, and is typeset once while what that layout read holds.
A corrupt entry is ignored and rewritten; a changed figure is checked again; a
change to a game's code or data, or to ppprint's, is a different key.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import os
import shutil
import signal
import stat
import tracemalloc
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ppprint.build import cache
from ppprint.build.jobs import build_games
from ppprint.build.cache import CACHE_FOLDER, Store, decode_drawing, encode_drawing, game_digest
from ppprint.book.rulebook import RulebookTemplate, build_rulebook
from ppprint.document.book import rulebook
from ppprint.document.pages import FIGURE_HEIGHTS
from ppprint.errors import ClaimError, InputError
from ppprint.registry import configure, registry
from ppprint.render.draw import Drawing, Group, Paint, Pen, Shape, Text
from ppprint.render.figure import figure_bytes, render_figure
from ppprint.verify import verify_game
from tests.conftest import edit, game_in, run_cli
from tests.test_book_contract import flip_first_reason


def outputs(out: Path) -> dict[str, bytes]:
    """Every file a build wrote (the cache left out), by its path inside ``out``."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file() and CACHE_FOLDER not in p.parts}


def entries(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / CACHE_FOLDER).iterdir())}


@pytest.fixture
def games_only(games_copy: Path) -> Iterator[Path]:
    """The build's registry holds only the games of a copy (restored afterwards)."""
    configure([games_copy], bundled=False)
    yield games_copy
    configure()


# -- drawings as JSON ------------------------------------------------------------------------------


def same_types(a: object, b: object) -> bool:
    """Equal, and every number of the same type (an int read back as a float would print differently in SVG)."""
    if type(a) is not type(b) and not (isinstance(a, Drawing) and isinstance(b, Drawing)):  # a drawing may be deferred
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_types(x, y) for x, y in zip(a, b))  # type: ignore[arg-type]
    if isinstance(a, (Drawing, Shape, Text, Group, Paint)):
        return all(same_types(getattr(a, f), getattr(b, f)) for f in a.__dataclass_fields__)
    return a == b


def round_trip(drawing: Drawing) -> Drawing:
    return decode_drawing(json.loads(json.dumps(encode_drawing(drawing))))


@pytest.mark.parametrize("game_id", registry().ids())
def test_every_figure_reads_back_exactly(game_id: str) -> None:
    game = registry().get(game_id)
    report = verify_game(game)
    for checked in report.figures.values():
        for scale in (1.0, 0.61):
            drawing = render_figure(game.require_view(), checked, scale)
            back = round_trip(drawing)
            assert back == drawing and same_types(back, drawing), checked.figure.id
    assert figure_bytes(back, "svg") == figure_bytes(drawing, "svg")


def test_numbers_keep_their_type_and_every_item_kind_reads_back() -> None:
    pen = Pen()
    pen.rect(0, 0, 10, 5, Paint(fill="#112233", stroke="#445566", width=0.5, opacity=0.5, dash=(1, 2.5), cap="round", join="bevel"), radius=2, role="r")
    pen.line((1, 2), (3.5, 4), Paint(stroke="#000000", width=1))
    with pen.group(translate=(3, 4), rotate=30, scale=0.5, role="g"):
        pen.text("上 & <x>", (0, 0), 9, "NotoSans", "#101010", anchor="end", role="value")
        with pen.group(translate=(1.5, 0)):
            pen.circle((0, 0), 2, Paint(fill="#ffffff"))
    drawing = pen.drawing(72, 36.5, title="A title", description="Its description")
    assert any(type(v) is int for item in drawing.items if isinstance(item, Shape) for _, values in item.segments for v in values)
    back = round_trip(drawing)
    assert back == drawing and same_types(back, drawing)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.update(floats=data["floats"][:-4]),
        lambda data: data.update(floats="not base64!"),
        lambda data: data["items"].append([0, 99, "", "M"]),
        lambda data: data["items"].append([7]),
        lambda data: data["items"].append([1, "t", "x", 0, 9, "NotoSans", "#000000", "middle", ""]),
        lambda data: data["items"].append([1, "t", 0, 0, 9, "NotoSans", "#000000", "sideways", ""]),
        lambda data: data["paints"].append([None, None, True, 1, [], "butt", "miter"]),
        lambda data: data.update(width="wide"),
        lambda data: data.pop("items"),
    ],
)
def test_anything_else_is_refused(damage) -> None:  # type: ignore[no-untyped-def]
    pen = Pen()
    pen.rect(0.5, 0.5, 10.5, 5.5, Paint(fill="#112233"))
    data = json.loads(json.dumps(encode_drawing(pen.drawing(20.0, 10.0))))
    damage(data)
    with pytest.raises((ValueError, TypeError, LookupError)):
        decode_drawing(data)


# -- builds with the cache -------------------------------------------------------------------------


@pytest.mark.parametrize(("game_ids", "book_format", "figures"), [(["expansion", "sanqi"], "standard", False), (["pileup"], "booklet", True)])
def test_the_cache_changes_no_byte(tmp_path: Path, game_ids: list[str], book_format: str, figures: bool) -> None:
    options = dict(book_formats=[book_format], figures=figures, dpi=40.0, jobs=1)
    build_games(game_ids, "a4", tmp_path / "plain", cache=False, **options)  # type: ignore[arg-type]
    assert not (tmp_path / "plain" / CACHE_FOLDER).exists()
    cold = build_games(game_ids, "a4", tmp_path / "cached", **options)  # type: ignore[arg-type]
    first = entries(tmp_path / "cached")
    warm = build_games(game_ids, "a4", tmp_path / "cached", **options)  # type: ignore[arg-type]
    figures_count = sum(len(registry().get(g).data.figures) for g in game_ids)
    assert (cold.reused, warm.reused) == (0, figures_count)
    assert outputs(tmp_path / "cached") == outputs(tmp_path / "plain")
    assert entries(tmp_path / "cached") == first


def test_corrupt_entries_are_ignored_and_rewritten(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_games(["expansion"], "letter", out, jobs=1)
    expected, good = outputs(out), entries(out)
    folder = out / CACHE_FOLDER
    names = sorted(good)
    for number, name in enumerate(names):
        path = folder / name
        data = path.read_bytes()
        digest, _, text = data.partition(b"\n")
        entry = json.loads(text)
        kind = number % 7
        if kind == 0:
            path.write_bytes(data[: len(data) // 2])  # cut short
        elif kind == 1:
            path.write_bytes(data.replace(b"1", b"7", 1))  # one digit changed
        elif kind == 2:
            path.write_bytes(b"\x00\xff garbage")
        elif kind == 3:
            path.write_bytes(b"")
        elif kind == 4:  # a well-formed entry of another key, under this name
            other = (folder / names[(number + 1) % len(names)]).read_bytes()
            path.write_bytes(other)
        elif kind == 5:  # another format, with a right digest
            entry["format"] = 0
            text = json.dumps(entry).encode()
            path.write_bytes(__import__("hashlib").sha256(text).hexdigest().encode() + b"\n" + text)
        else:
            path.unlink()
            path.mkdir()  # not even a file
    build = build_games(["expansion"], "letter", out, jobs=1)
    assert outputs(out) == expected
    assert build.reused < len(registry().get("expansion").data.figures)
    for name in names:
        if (folder / name).is_dir():
            continue
        assert (folder / name).read_bytes() == good[name], name
    assert Store(folder).get(names[0][: -len(".json")], json.loads(good[names[0]].partition(b"\n")[2])["kind"]) is not None


def test_an_unwritable_cache_is_no_error(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / CACHE_FOLDER).write_text("a file where the cache folder would be")
    build_games(["pileup"], "letter", out, jobs=1)
    assert "pileup-letter.pdf" in outputs(out)


def test_a_changed_figure_is_checked_again_and_nothing_is_written(games_only: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_games(["expansion"], "letter", out, jobs=1)
    before = {**outputs(out), **entries(out)}
    movement = games_only / "expansion" / "figures" / "movement.yaml"
    edit(movement, "c3-c5: jump-over-empty", "c3-c4: jump-over-empty")
    with pytest.raises(ClaimError) as caught:
        build_games(["expansion"], "letter", out, jobs=1)
    assert "movement.yaml" in str(caught.value) and "a jump must pass over an occupied cell" in str(caught.value)
    assert {**outputs(out), **entries(out)} == before
    edit(movement, "c3-c4: jump-over-empty", "c3-c5: jump-over-empty")
    movement.write_text(movement.read_text() + "\n# a comment: new bytes, the same figure\n")
    again = build_games(["expansion"], "letter", out, jobs=1)
    assert again.reused == len(registry().get("expansion").data.figures) - 1
    assert outputs(out) == {name: data for name, data in before.items() if not name.endswith(".json")}


def test_a_figure_changed_during_the_build_is_checked_as_it_was_read(games_only: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The figure's bytes are keyed before its data is read: if the file changes in between, the
    cache's verdict (on the old bytes) is not taken for the new ones, and nothing is kept under the old key."""
    from ppprint.build import cache

    out = tmp_path / "out"
    build_games(["expansion"], "letter", out, jobs=1)
    before = {**outputs(out), **entries(out)}
    movement = games_only / "expansion" / "figures" / "movement.yaml"
    original = movement.read_bytes()
    edit(movement, "c3-c5: jump-over-empty", "c3-c4: jump-over-empty")
    read = cache.GameFigures._figure_files
    calls = []

    def stale_then_fresh(self: cache.GameFigures) -> dict[Path, bytes]:
        calls.append(1)
        files = read(self)
        return {**files, movement: original} if len(calls) == 1 else files  # the file changed after it was keyed

    monkeypatch.setattr(cache.GameFigures, "_figure_files", stale_then_fresh)
    with pytest.raises(ClaimError) as caught:
        build_games(["expansion"], "letter", out, jobs=1)
    assert "movement.yaml" in str(caught.value)
    assert {**outputs(out), **entries(out)} == before


def test_the_game_digest_follows_code_and_data_but_not_text_or_figures(games_copy: Path, tmp_path: Path) -> None:
    def digest() -> str:
        return game_digest(game_in(games_copy, "piecepackman"), games_copy / "piecepackman" / "output")

    folder = games_copy / "piecepackman"
    start = digest()
    (folder / "rules.md").write_text((folder / "rules.md").read_text() + "\nMore words.\n")
    (folder / "figures" / "portals.yaml").write_text((folder / "figures" / "portals.yaml").read_text() + "\n# more\n")
    for output in (folder / "output", folder / "elsewhere"):
        (output / CACHE_FOLDER).mkdir(parents=True)
        (output / "piecepackman-letter.pdf").write_bytes(b"%PDF-")
    (folder / "__pycache__").mkdir(exist_ok=True)
    (folder / "__pycache__" / "engine.cpython-311.pyc").write_bytes(b"bytecode")
    assert digest() == start
    for changed in (folder / "levels" / "roundabout.yaml", folder / "engine.py", folder / "pieces.py", folder / "game.yaml", folder / "maze" / "paths.py"):
        original = changed.read_bytes()
        changed.write_bytes(original + b"\n# changed\n")
        assert digest() != start, changed
        changed.write_bytes(original)
        assert digest() == start


# -- builds on several processes -------------------------------------------------------------------


def test_a_build_on_several_processes_writes_the_same_bytes(tmp_path: Path) -> None:
    ids = registry().ids()
    serial = build_games(ids, "letter", tmp_path / "serial", catalogue=True, jobs=1, cache=False)
    pooled = build_games(ids, "letter", tmp_path / "pooled", catalogue=True, jobs=2, cache=False)
    assert [p.name for p in pooled.written] == [p.name for p in serial.written]
    assert outputs(tmp_path / "pooled") == outputs(tmp_path / "serial")
    assert pooled.unchecked == serial.unchecked


def test_the_cache_of_a_pooled_build_is_the_cache_of_a_serial_one(games_only: Path, tmp_path: Path) -> None:
    ids = ["expansion", "pileup", "sanqi"]
    build_games(ids, "letter", tmp_path / "serial", jobs=1, figures=True, dpi=30.0)
    pooled = build_games(ids, "letter", tmp_path / "pooled", jobs=3, figures=True, dpi=30.0)
    assert outputs(tmp_path / "pooled") == outputs(tmp_path / "serial")
    assert entries(tmp_path / "pooled") == entries(tmp_path / "serial")
    assert build_games(ids, "letter", tmp_path / "pooled", jobs=3).reused == pooled.reused + sum(
        len(registry().get(g).data.figures) for g in ids
    )


def test_workers_started_afresh_find_the_same_games(games_only: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where workers are spawned, not forked (macOS, Windows), they are told the build's games."""
    edit(games_only / "pileup" / "game.yaml", "title: Pile Up", "title: Pile Up Copy")
    build_games(["pileup", "expansion"], "letter", tmp_path / "serial", jobs=1, cache=False)
    monkeypatch.setattr("ppprint.build.jobs.sys.platform", "darwin")
    build_games(["pileup", "expansion"], "letter", tmp_path / "spawned", jobs=2, cache=False)
    assert outputs(tmp_path / "spawned") == outputs(tmp_path / "serial")
    assert b"Pile Up Copy" in (tmp_path / "serial" / "pileup-letter.pdf").read_bytes()


@pytest.mark.parametrize("jobs", [1, 2])
def test_wrong_claims_of_every_game_are_reported_in_order_and_nothing_is_written(games_only: Path, tmp_path: Path, jobs: int) -> None:
    flip_first_reason(games_only / "siege", "siege")
    flip_first_reason(games_only / "expansion", "expansion")
    with pytest.raises(ClaimError) as caught:
        build_games(["expansion", "pileup", "sanqi", "siege"], "letter", tmp_path / "out", jobs=jobs, catalogue=True)
    assert [f.path.parent.parent.name for f in caught.value.failures] == ["expansion", "siege"]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("jobs", [1, 2])
def test_bad_data_is_reported_as_in_one_process(games_only: Path, tmp_path: Path, jobs: int) -> None:
    edit(games_only / "expansion" / "figures" / "movement.yaml", "c3-c5: jump-over-empty", "c3-c4: jump-over-empty")
    edit(games_only / "sanqi" / "figures" / "pieces.yaml", "caption:", "captions:")
    with pytest.raises(InputError) as caught:
        build_games(["expansion", "pileup", "sanqi"], "letter", tmp_path / "out", jobs=jobs)
    error = caught.value
    assert error.path is not None and error.path.name == "pieces.yaml" and error.line is not None
    assert "captions" in error.one_line()
    assert not (tmp_path / "out").exists()


def test_cli_cache_and_jobs(tmp_path: Path) -> None:
    result = run_cli("build", "pileup", "--out", "o", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert any((tmp_path / "o" / CACHE_FOLDER).iterdir())
    bare = run_cli("build", "pileup", "--no-cache", "--jobs", "2", "--out", "p", cwd=tmp_path)
    assert bare.returncode == 0, bare.stderr
    assert not (tmp_path / "p" / CACHE_FOLDER).exists()
    assert (tmp_path / "p" / "pileup-letter.pdf").read_bytes() == (tmp_path / "o" / "pileup-letter.pdf").read_bytes()
    refused = run_cli("build", "pileup", "--jobs", "0", cwd=tmp_path)
    assert refused.returncode == 2 and "--jobs" in refused.stderr
    shutil.rmtree(tmp_path / "o")


# -- remembered layouts ------------------------------------------------------------------------------


class Layouts:
    """A layout memory in a dict (what the build cache keeps as entries)."""

    def __init__(self) -> None:
        self.kept: dict[str, Any] = {}

    def recall(self, inputs: str) -> Any:
        return self.kept.get(inputs)

    def remember(self, inputs: str, layout: Any) -> None:
        self.kept[inputs] = json.loads(json.dumps(layout))


@pytest.fixture
def typesets(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each layout of a book as it is made: ``True`` for a trial (dry) one."""
    made: list[bool] = []
    build = RulebookTemplate.build

    def counted(self: RulebookTemplate, *args: Any, **kwargs: Any) -> None:
        made.append(self.dry)
        build(self, *args, **kwargs)

    monkeypatch.setattr(RulebookTemplate, "build", counted)
    return made


def test_a_remembered_layout_is_typeset_once_with_the_same_bytes(typesets: list[bool]) -> None:
    game = registry().get("pileup")
    report = verify_game(game)
    layouts = Layouts()
    first = build_rulebook(rulebook(game, report), half=True, layouts=layouts)
    assert typesets.count(True) > 1, "Pile Up's booklet tries several layouts"
    assert len(layouts.kept) == 1
    typesets.clear()
    assert build_rulebook(rulebook(game, report), half=True, layouts=layouts) == first
    assert typesets == [False]
    # What is remembered is obeyed: other levels make another book.
    (layout,) = layouts.kept.values()
    layout["levels"] = {name: len(FIGURE_HEIGHTS) - 1 for name in layout["levels"]}
    assert build_rulebook(rulebook(game, report), half=True, layouts=layouts) != first


def test_a_layout_is_forgotten_when_a_figure_size_it_read_changes(typesets: list[bool]) -> None:
    game = registry().get("pileup")
    report = verify_game(game)
    layouts = Layouts()
    first = build_rulebook(rulebook(game, report), half=True, layouts=layouts)
    (layout,) = layouts.kept.values()
    layout["levels"] = {name: 0 for name in layout["levels"]}
    layout["sizes"][0][3] += 1.0  # one figure was drawn wider when this layout was chosen
    typesets.clear()
    assert build_rulebook(rulebook(game, report), half=True, layouts=layouts) == first
    assert typesets.count(True) > 1


def test_what_a_layout_reads_is_in_its_key(games_copy: Path) -> None:
    game = game_in(games_copy, "pileup")
    layouts = Layouts()
    build_rulebook(rulebook(game, verify_game(game)), layouts=layouts)
    build_rulebook(rulebook(game, verify_game(game), "a4"), layouts=layouts)
    build_rulebook(rulebook(game, verify_game(game)), half=True, layouts=layouts)
    edit(games_copy / "pileup" / "figures" / "placement.yaml", "Placing a piece.", "Placing one piece.")
    game = game_in(games_copy, "pileup")
    build_rulebook(rulebook(game, verify_game(game)), layouts=layouts)
    assert len(layouts.kept) == 4


# -- entries nobody else can forge, and a cache that cannot hang, swell or grow for ever -------------


def forge(out: Path, key: str, kind: str, sign: Callable[[bytes], bytes], **content: Any) -> None:
    """Write an entry ``key`` into the build's cache as a forger would, its first line made by ``sign``."""
    text = json.dumps({"format": cache.FORMAT, "key": key, "kind": kind, **content}).encode()
    (out / CACHE_FOLDER / f"{key}.json").write_bytes(sign(text) + b"\n" + text)


def test_a_forged_verdict_is_no_verdict(games_only: Path, tmp_path: Path) -> None:
    """A "verified" entry for a figure with a wrong claim, written into the output folder with a checksum
    anyone can compute (or signed with another key), is ignored: the build refuses the claim. Signed with
    the user's own key, the same entry would be taken: the signature is what stops it."""
    out = tmp_path / "out"
    build_games(["expansion"], "letter", out, jobs=1)
    movement = games_only / "expansion" / "figures" / "movement.yaml"
    edit(movement, "c3-c5: jump-over-empty", "c3-c4: jump-over-empty")
    key = cache.figure_key(game_digest(registry().get("expansion"), out), movement.read_bytes())
    other = os.urandom(32)
    for sign in (lambda text: hashlib.sha256(text).hexdigest().encode(), lambda text: hmac.new(other, text, hashlib.sha256).hexdigest().encode()):
        forge(out, key, "verified", sign, figure="movement.yaml", marks=[])
        assert Store(out / CACHE_FOLDER).get(key, "verified") is None
        with pytest.raises(ClaimError):
            build_games(["expansion"], "letter", out, jobs=1)
    secret = cache.signing_key()
    assert secret is not None
    forge(out, key, "verified", lambda text: hmac.new(secret, text, hashlib.sha256).hexdigest().encode(), figure="movement.yaml", marks=[])
    assert Store(out / CACHE_FOLDER).get(key, "verified") is not None


@pytest.fixture
def key_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache home of the test's own, and a signing key made afresh in it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    cache.signing_key.cache_clear()
    yield tmp_path / "home-cache" / "ppprint" / cache.KEY_FILE
    cache.signing_key.cache_clear()


def test_the_key_is_the_users_alone_and_kept_outside_the_output(key_home: Path, tmp_path: Path) -> None:
    assert cache.key_path() == key_home
    assert cache.signing_key() is not None and cache.signing_key() == key_home.read_bytes()
    assert stat.S_IMODE(key_home.stat().st_mode) == 0o600 and stat.S_IMODE(key_home.parent.stat().st_mode) == 0o700
    out = tmp_path / "out"
    build_games(["pileup"], "letter", out, jobs=1)
    assert entries(out) and not list(out.rglob(cache.KEY_FILE))
    for spoil in ("mode", "link", "size"):
        cache.signing_key.cache_clear()
        key_home.unlink()
        if spoil == "link":
            (tmp_path / "elsewhere").write_bytes(os.urandom(32))
            key_home.symlink_to(tmp_path / "elsewhere")
        else:
            key_home.write_bytes(os.urandom(32 if spoil == "mode" else 31))
            key_home.chmod(0o644 if spoil == "mode" else 0o600)
        assert cache.signing_key() is None, spoil
        assert Store(out / CACHE_FOLDER).folder is None, spoil  # no key that can be trusted: no cache


def test_entries_that_are_not_files_are_not_waited_on(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    os.mkfifo(folder / f"{'a' * 64}.json")
    (folder / f"{'b' * 64}.json").symlink_to("/dev/zero")
    (folder / f"{'c' * 64}.json").write_bytes(b"0" * (cache.MAX_ENTRY_BYTES + 1))
    store = Store(folder)
    signal.alarm(10)  # a FIFO read would block, /dev/zero would fill the memory
    try:
        assert [store.get(name * 64, "verified") for name in "abc"] == [None, None, None]
    finally:
        signal.alarm(0)


def test_an_entry_with_numbers_that_are_not_finite_is_no_drawing() -> None:
    pen = Pen()
    pen.line((0.0, 0.0), (5.0, 5.0), Paint(stroke="#000000", width=1.0))
    drawing = pen.drawing(10.0, 10.0)
    data = encode_drawing(drawing)
    assert decode_drawing(data) == drawing
    broken = {**data, "floats": base64.b64encode(array("d", [0.0, math.nan, 5.0, 5.0]).tobytes()).decode()}
    with pytest.raises(ValueError):
        decode_drawing(broken)
    with pytest.raises(ValueError):
        decode_drawing({**data, "width": math.inf})


def test_a_json_constant_is_no_entry(tmp_path: Path) -> None:
    store = Store(tmp_path)
    secret = cache.signing_key()
    assert secret is not None
    text = b'{"format": %d, "key": "%s", "kind": "size", "width": NaN}' % (cache.FORMAT, b"d" * 64)
    (tmp_path / f"{'d' * 64}.json").write_bytes(hmac.new(secret, text, hashlib.sha256).hexdigest().encode() + b"\n" + text)
    assert store.get("d" * 64, "size") is None
    (tmp_path / f"{'d' * 64}.json").write_bytes(hmac.new(secret, text.replace(b"NaN", b"1"), hashlib.sha256).hexdigest().encode() + b"\n" + text.replace(b"NaN", b"1"))
    assert store.get("d" * 64, "size") is not None


def test_the_game_digest_reads_no_fifo_and_streams_large_files(games_copy: Path) -> None:
    folder = games_copy / "pileup"
    start = game_digest(game_in(games_copy, "pileup"))
    os.mkfifo(folder / "a-fifo")
    with open(folder / "big.bin", "wb") as big:
        big.truncate(64 * 1024 * 1024)  # sparse: 64 MiB of zeros that take no disk
    signal.alarm(20)
    tracemalloc.start()
    try:
        changed = game_digest(game_in(games_copy, "pileup"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        signal.alarm(0)
    assert changed != start
    assert peak < 8 * 1024 * 1024, f"the digest held {peak} bytes at once"


def test_entries_unused_for_long_go_and_the_folder_keeps_to_its_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    now = 2_000_000_000.0
    for number, age_days in enumerate((0, 1, 2, 31, 40)):
        path = tmp_path / f"{number:064x}.json"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (now - age_days * 86400, now - age_days * 86400))
    (tmp_path / "notes.txt").write_text("not an entry: left alone")
    os.utime(tmp_path / "notes.txt", (0, 0))
    assert cache.evict(tmp_path, now) == 2
    assert sorted(p.name[-6:] for p in tmp_path.glob("*.json")) == ["0.json", "1.json", "2.json"]
    monkeypatch.setattr(cache, "MAX_BYTES", 2000)
    assert cache.evict(tmp_path, now) == 1  # the least recently used of the three
    assert sorted(p.name[-6:] for p in tmp_path.glob("*.json")) == ["0.json", "1.json"] and (tmp_path / "notes.txt").exists()
