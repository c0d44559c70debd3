"""Property-based tests of the parsers that read hostile text (issue 15): every game's position parser
and the figure loader, fed random and mutated input.

Only clean outcomes are allowed: a position parses (and its moves can be listed and it can be written
back), or it is refused with a ``ValueError`` (the command line's one line, exit 2); a figure file
loads, is checked and drawn, or is refused with an :class:`InputError` (one line with file:line, exit 2)
or wrong claims (exit 1). A last test drives the command line itself in-process.

The budget is fixed (``derandomize=True``: the same examples on every run, so CI is reproducible);
raise ``FUZZ_EXAMPLES`` to search longer.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ppprint.errors import InputError
from ppprint.model.game import load_figure
from ppprint.registry import Plugin, get_game, registry
from ppprint.render.figure import render_figure
from ppprint.verify import check_figure
from tests.conftest import BUNDLED_GAMES

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None)
GAMES = [plugin.id for plugin in registry().plugins() if plugin.engine is not None and plugin.folder.is_relative_to(BUNDLED_GAMES)]

HOSTILE_TOKENS = [
    "", "-", "0", "-1", "1e400", "99999999999999999999", "100000", "3000", "nan", "inf", "=", "==", "/", "//",
    "a1", "z99", "../x", "/etc/passwd", "\x00", "\u202e", "\ud7ff", "é", "x" * 300, "|", " | ", ".", "..", ",",
]


def sample_positions(plugin: Plugin) -> list[str]:
    """The setup and a few positions of seeded random play, with and without their history."""
    engine = plugin.require_engine()
    rng = random.Random(15)
    found = []
    for plies in (0, 3, 12):
        state = engine.initial_state(random.Random(plies))
        for _ in range(plies):
            moves = state.legal_moves()
            if not moves or state.is_over():
                break
            state.apply(rng.choice(moves))
        found += [state.position_text(), state.serialise()]
    return found


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    """A real position text, broken a few times: tokens dropped, repeated, swapped, replaced or cut."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        parts = text.split(" ")
        kind = draw(st.sampled_from(["drop", "repeat", "swap", "replace", "value", "value", "value", "cut", "insert"]))
        i = draw(st.sampled_from(range(len(parts))))
        if kind == "drop" and len(parts) > 1:
            del parts[i]
        elif kind == "repeat":
            parts.insert(i, parts[i])
        elif kind == "swap":
            j = draw(st.sampled_from(range(len(parts))))
            parts[i], parts[j] = parts[j], parts[i]
        elif kind == "replace":
            parts[i] = draw(st.sampled_from(HOSTILE_TOKENS) | st.text(max_size=12))
        elif kind == "value":
            key, sep, _ = parts[i].partition("=")
            parts[i] = key + (sep or "=") + draw(st.sampled_from(HOSTILE_TOKENS) | st.text(max_size=8))
        elif kind == "cut":
            joined = " ".join(parts)
            start = draw(st.integers(0, len(joined)))
            parts = [joined[:start] + joined[start + draw(st.integers(0, 20)):]]
        else:
            joined = " ".join(parts)
            at = draw(st.integers(0, len(joined)))
            parts = [joined[:at] + draw(st.sampled_from(HOSTILE_TOKENS) | st.text(max_size=6)) + joined[at:]]
        text = " ".join(parts)
    return text


def parse_cleanly(plugin: Plugin, text: str) -> None:
    """The property: a position parses and can be used, or it is refused with a ValueError."""
    engine = plugin.require_engine()
    try:
        state = engine.deserialise(text)
    except ValueError:
        return
    state.legal_moves()
    assert engine.deserialise(state.serialise()).position_text() == state.position_text()


@pytest.mark.parametrize("game_id", GAMES)
def test_random_text_is_a_position_or_a_value_error(game_id: str) -> None:
    plugin = get_game(game_id)

    @FUZZ
    @given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
    def check(text: str) -> None:
        parse_cleanly(plugin, text)

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_mutated_positions_parse_or_are_refused(game_id: str) -> None:
    plugin = get_game(game_id)
    texts = sample_positions(plugin)

    @FUZZ
    @given(mutated(texts))
    def check(text: str) -> None:
        parse_cleanly(plugin, text)

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_with_every_hostile_value(game_id: str) -> None:
    """Not random: each space-separated part of each sample position (a field, a row, a move) replaced by
    each hostile token, and each ``key=`` given each hostile value."""
    plugin = get_game(game_id)
    for text in sample_positions(plugin)[:4]:
        parts = text.split(" ")
        for i, part in enumerate(parts):
            key, sep, _ = part.partition("=")
            for token in HOSTILE_TOKENS:
                replaced = key + sep + token if sep else token
                parse_cleanly(plugin, " ".join([*parts[:i], replaced, *parts[i + 1 :]]))


# -- the figure loader ---------------------------------------------------------------------------------

HOSTILE_VALUES = [
    "[4]", "3", "-1", "0", ".nan", ".inf", "big", "{first: stars}", "~", '""', "'" + "x" * 300 + "'", "[[[]]]",
    "!!set {a}", "{a: {b: {c: d}}}", "true", "[a1, a1]", "setup", "z99", "2e9", "\"\\x07\"", "{}", "[]",
]


@st.composite
def mutated_figure(draw: st.DrawFn, texts: list[str]) -> str:
    """A real figure file with a few lines dropped or repeated, or a value replaced by a hostile one."""
    lines = draw(st.sampled_from(texts)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "value", "value", "inner"]))
        if kind == "drop" and len(lines) > 1:
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "value" and ": " in lines[i]:
            key = lines[i].split(": ", 1)[0]
            lines[i] = f"{key}: {draw(st.sampled_from(HOSTILE_VALUES))}"
        elif kind == "inner":
            # a value inside a flow mapping or list: {c3: 4, d3: commander} -> {c3: [4], d3: commander}
            pieces = lines[i].split(": ")
            if len(pieces) > 2:
                j = draw(st.integers(1, len(pieces) - 1))
                rest = pieces[j]
                cut = min([k for k in (rest.find(","), rest.find("}"), rest.find("]")) if k >= 0] or [len(rest)])
                pieces[j] = draw(st.sampled_from(HOSTILE_VALUES)) + rest[cut:]
                lines[i] = ": ".join(pieces)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game_id", GAMES)
def test_mutated_figures_load_or_are_refused(game_id: str, tmp_path: Path) -> None:
    plugin = get_game(game_id)
    engine, view = plugin.require_engine(), plugin.require_view()
    options: Any = type(next(iter(plugin.data.figures.values())).panels[0].view)  # the game's view options
    texts = [path.read_text(encoding="utf-8") for path in sorted((plugin.folder / "figures").glob("*.yaml"))]
    target = tmp_path / "fuzzed.yaml"

    @settings(FUZZ, max_examples=max(10, EXAMPLES // 3))
    @given(mutated_figure(texts))
    def check(text: str) -> None:
        target.write_text(text, encoding="utf-8")
        try:
            figure = load_figure(target, options)
            checked, failures = check_figure(engine, figure)
            if not failures:
                render_figure(view, checked)
        except InputError as exc:
            assert "\n" not in exc.one_line()

    check()
