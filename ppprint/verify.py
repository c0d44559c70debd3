"""Check every claim of every diagram against the game's engine.

A diagram states what it shows (a claim); the engine agrees or the build stops.
:func:`check_figure` also returns what the renderer needs -- the states to draw
and the moves with their verdicts -- so a picture is drawn from exactly what
was checked. A diagram with no claim (and every diagram of a game without an
engine, whose positions are pieces on cells) is drawn but counted as unchecked.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from ppprint.engine.base import Game, State, cells_at
from ppprint.errors import ClaimFailure, DataError, IllegalMoveError, InputError, InvalidMoveError, frame_in
from ppprint.layout.plain import PlainPosition
from ppprint.model.game import Claim, Figure, Panel
from ppprint.model.piecepack import suit_table
from ppprint.model.validation import validated
from ppprint.model.table import MarkKind, Table
from ppprint.model.view import WindowOptions
from ppprint.registry import Plugin
from ppprint.model.yamlio import line_of


@dataclass(frozen=True)
class DrawnMove:
    """A move to draw: the cells it passes and whether it is legal, illegal or played; an illegal move also
    carries the reason code that was checked and where the engine's verdict says it breaks the rule (its
    :attr:`~ppprint.engine.base.Verdict.at`). ``move`` and ``state`` are the engine's move and the
    state it was judged (or played) from, so a view can draw what the move is about (the piece a placement puts
    down, :meth:`ppprint.layout.GameView.placement`)."""

    cells: tuple[str, ...]
    kind: MarkKind
    reason: str = ""
    at: str = ""
    move: Any = field(default=None, compare=False, repr=False)
    state: Any = field(default=None, compare=False, repr=False)
    line: int = field(default=0, compare=False, repr=False)
    """The line of the claim that draws the move."""


@dataclass
class CheckedPanel:
    """A panel after checking: the state to draw (the engine's, or a plain position) and the moves on it."""

    panel: Panel
    state: Any
    moves: list[DrawnMove] = field(default_factory=list)


@dataclass
class CheckedFigure:
    """A figure whose claims were all checked (failures are reported separately)."""

    figure: Figure
    panels: list[CheckedPanel]


@dataclass
class VerifyReport:
    """What :func:`verify_game` checked and what it found wrong."""

    game_id: str
    diagrams: int = 0
    claims: int = 0
    unchecked: int = 0
    """Diagrams that make no claim, so nothing checked them."""
    marks: set[tuple[str, bool]] = field(default_factory=set)
    """The marks the figures draw: (kind, drawn as an arrow rather than a cell), for the book's key."""
    failures: list[ClaimFailure] = field(default_factory=list)
    figures: dict[str, CheckedFigure] = field(default_factory=dict)


def verify_game(game: Plugin) -> VerifyReport:
    """Check every figure of a game; bad data raises :class:`InputError` at once."""
    data = game.data
    report = VerifyReport(data.id)
    for figure in data.figures.values():
        checked, failures = verify_figure(game, figure)
        report.figures[figure.id] = checked
        report.diagrams += len(figure.panels)
        report.claims += figure.claim_count()
        report.unchecked += figure.unchecked()
        report.failures.extend(failures)
        report.marks |= marks_of(checked, _neighbours_of(game))
    return report


Neighbours = Callable[[CheckedPanel, DrawnMove], bool]
"""Whether a panel draws a move of two cells on its destination cell, the cells being neighbours."""


def _neighbours_of(game: Plugin) -> Neighbours:
    """:data:`Neighbours` for a game, from the tables its view lays out (as the figures are drawn)."""
    view = game.view
    tables: dict[int, Table | None] = {}

    def table(panel: CheckedPanel) -> Table | None:
        if id(panel) not in tables:
            try:
                tables[id(panel)] = view.table(panel.state, panel.panel.view) if view is not None and not panel.panel.view.equipment else None
            except DataError:
                tables[id(panel)] = None
        return tables[id(panel)]

    def neighbours(panel: CheckedPanel, move: DrawnMove) -> bool:
        found = table(panel) if len(move.cells) == 2 else None
        return found is not None and found.neighbours(*move.cells)

    return neighbours


def marks_of(checked: CheckedFigure, neighbours: Neighbours | None = None) -> set[tuple[str, bool]]:
    """The marks a checked figure draws: (kind, drawn as an arrow rather than a cell). A move of one cell, or
    of two ``neighbours``, is drawn on a cell."""
    marks: set[tuple[str, bool]] = set()
    for panel in checked.panels:
        marks |= {(move.kind, len(move.cells) > 1 and not (neighbours is not None and neighbours(panel, move))) for move in panel.moves}
        marks |= {(kind, False) for kind in panel.panel.marks.highlight}
        if panel.panel.marks.crosses:
            marks.add(("illegal", False))
    return marks


FIGURE_SECONDS = 60.0
"""The most real time a game's engine may take to check one figure (the bundled figures take milliseconds): past
it the build stops with an error naming the figure and where the engine was (in the main thread of a process,
where a timer can interrupt it; elsewhere there is no limit)."""


class _TooLong(BaseException):
    """The engine ran past :data:`FIGURE_SECONDS` on one figure (a BaseException: a game's own ``except Exception`` cannot swallow it)."""


def _too_long(signum: int, frame: FrameType | None) -> None:
    raise _TooLong


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`_TooLong` in the block after ``seconds`` of real time; an outer timer (a test's
    ``signal.alarm``) is put back with its time left."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _too_long)
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        left, _ = signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            signal.setitimer(signal.ITIMER_REAL, max(outer - (seconds - left), 0.001))


def verify_figure(game: Plugin, figure: Figure) -> tuple[CheckedFigure, list[ClaimFailure]]:
    """Check one figure of a game: by its engine, or (a game without one) only read as pieces on cells.
    An engine still checking it after :data:`FIGURE_SECONDS` is an :class:`InputError` at the figure."""
    engine = game.engine
    try:
        with _time_limit(FIGURE_SECONDS):
            checked, failures = check_figure(engine, figure) if engine is not None else (draw_only(game, figure), [])
    except _TooLong as exc:
        folder = game.folder.resolve()
        frame = frame_in(exc, [folder])
        where = f" (stopped in {frame[0].resolve().relative_to(folder)}:{frame[1]})" if frame is not None else ""
        raise InputError(
            f"figure '{figure.id}': the game's engine was still checking it after {FIGURE_SECONDS:g} s, the limit per figure{where}",
            figure.path,
            1,
        ) from None
    check_drawable(game, checked)
    return checked, failures


def check_drawable(game: Plugin, checked: CheckedFigure) -> None:
    """What drawing a checked figure needs, checked so that a figure that verifies draws: each panel's view
    lays out its board, and every cell its marks name, every cell a drawn move passes and every cell an illegal
    one's verdict says it fails at is on that board.
    A fault is an :class:`InputError` at the line of the mark (or the claim) that names the cell."""
    view = game.view
    if view is None:
        return
    path = checked.figure.path
    for panel in checked.panels:
        options = panel.panel.view
        try:
            table = suit_table(options.equipment) if options.equipment else view.table(panel.state, options)
        except DataError as exc:
            raise InputError(f"view: {exc.message}", path, panel.panel.line) from None
        window = options.window if isinstance(options, WindowOptions) else None
        where = "not on the board drawn" if window is None else f"outside the window {window} drawn"
        for cell, line in panel.panel.marks.cells:
            if cell not in table.cells:
                raise InputError(f"unknown cell '{cell}' in the figure's marks ({where})", path, line)
        for claim in panel.panel.claims:
            if claim.origin is not None and claim.origin not in table.cells:
                raise InputError(f"from: unknown cell '{claim.origin}' ({where})", path, claim.line)
        for move in panel.moves:
            for cell in move.cells:
                if cell not in table.cells:
                    wider = "a wider view" if window is None else "widen the window"
                    raise InputError(f"the move drawn passes cell '{cell}', which is {where} ({wider}, or draw: false)", path, move.line or panel.panel.line)
            failing = cells_at(move.at, table.cells) if move.at else ()
            if move.at and not failing:
                drawn = "of the board drawn" if window is None else f"inside the window {window} drawn"
                raise InputError(f"the engine says the move drawn fails at '{move.at}', which names no cell {drawn}", path, move.line or panel.panel.line)
            if len(failing) == 2 and not table.neighbours(*failing):
                # The cross goes on the boundary between the two: cells apart have none.
                raise InputError(f"the engine says the move drawn fails at '{move.at}', between two cells that do not touch", path, move.line or panel.panel.line)
        if isinstance(options, WindowOptions) and options.window is not None:
            # A cropped board: every cell a claim names is drawn, so the reader sees what it is about.
            whole = view.table(panel.state, options.model_copy(update={"window": None}))
            cut = set(whole.cells) - set(table.cells)
            for claim in panel.panel.claims:
                named = next((word for word in _claim_words(claim) if word in cut), None)
                if named is not None:
                    raise InputError(f"the claim {claim.describe()} names cell '{named}', outside the window {options.window} drawn (widen the window)", path, claim.line)


_WORD = re.compile(r"[A-Za-z]+\d+|[A-Za-z]+(?:-[A-Za-z]+)+")
"""Cell names in a move or fact text (``c4``, ``d4-g4``'s two cells, ``home-suns``)."""


def _claim_words(claim: Claim) -> Iterator[str]:
    """Every text a claim holds (its moves, reasons' moves, origin, and the keys and values of its facts), and the
    cell-like words inside them."""

    def words(value: object) -> Iterator[str]:
        if isinstance(value, Mapping):
            for key, item in value.items():
                yield from words(key)
                yield from words(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                yield from words(item)
        elif isinstance(value, str):
            yield value
            yield from _WORD.findall(value)

    yield from words([claim.moves, [move for move, _ in claim.reasons], claim.origin or "", claim.expect])


def draw_only(game: Plugin, figure: Figure) -> CheckedFigure:
    """A figure of a game without an engine: its positions are pieces on cells, and it may make no claim."""
    panels = []
    for panel in figure.panels:
        if panel.claims:
            raise InputError(
                f"claims need a rules engine, and game '{game.id}' has none (add {game.module_path('engine').name})",
                figure.path,
                panel.claims[0].line,
            )
        try:
            position = validated(PlainPosition, panel.position)
        except DataError as exc:
            line = line_of(panel.position, exc.loc) if exc.loc else panel.position_line
            raise InputError(f"position: {exc.message}", figure.path, line or panel.position_line) from None
        panels.append(CheckedPanel(panel, position))
    return CheckedFigure(figure, panels)


def check_figure(engine: Game[Any, Any, Any], figure: Figure) -> tuple[CheckedFigure, list[ClaimFailure]]:
    """Check one figure's claims; return the checked figure and the failures."""
    failures: list[ClaimFailure] = []
    panels = []
    for number, panel in enumerate(figure.panels, start=1):
        name = figure.id if len(figure.panels) == 1 else f"{figure.id}, panel {number}"
        checker = _PanelChecker(engine, figure, panel, name)
        panels.append(checker.run())
        failures.extend(checker.failures)
    return CheckedFigure(figure, panels), failures


def position_of(engine: Game[Any, Any, Any], figure: Figure, panel: Panel) -> State[Any]:
    """The state a panel's ``position`` describes; bad data raises :class:`InputError`."""
    try:
        state: State[Any] = engine.position_from_data(panel.position)
    except DataError as exc:
        line = line_of(panel.position, exc.loc) if exc.loc else panel.position_line
        raise InputError(f"position: {exc.message}", figure.path, line or panel.position_line) from None
    return state


GENERATOR = "The move generator"
"""The rule a claim breaks when ``explain`` and ``legal_moves`` disagree on a move: the engine is wrong, not the figure."""
EVERY_MOVE = "The legal moves: the claim lists every move the move generator (legal_moves) lists, and no other"
"""The rule a ``moves`` claim breaks when it leaves out a legal move, or lists one of another cell."""


def move_origin(engine: Game[Any, Any, Any], state: State[Any], move: Any) -> str | None:
    """The cell a move is from: the first it passes (:meth:`Game.move_cells`; a placement's is where it is
    put), or ``None`` for a move of no cell."""
    cells = engine.move_cells(state, move)
    return cells[0] if cells else None


class _PanelChecker:
    def __init__(self, engine: Game[Any, Any, Any], figure: Figure, panel: Panel, name: str):
        self.engine, self.figure, self.panel, self.name = engine, figure, panel, name
        self.failures: list[ClaimFailure] = []
        self._generated: tuple[State[Any], list[Any]] | None = None

    def generated(self, state: State[Any]) -> list[Any]:
        """The moves the engine's generator lists at ``state`` (the panel's start: listed once)."""
        if self._generated is None or self._generated[0] is not state:
            self._generated = (state, state.legal_moves())
        return self._generated[1]

    def fail(self, claim: Claim, rule: str, problem: str) -> None:
        self.failures.append(
            ClaimFailure(self.figure.path, claim.line, self.name, claim.describe(), rule, problem)
        )

    def parse(self, state: State[Any], text: str, claim: Claim) -> Any:
        try:
            return self.engine.parse_move(state, text)
        except (InvalidMoveError, ValueError) as exc:
            raise InputError(f"move '{text}': {exc}", self.figure.path, claim.line) from None

    def run(self) -> CheckedPanel:
        start = position_of(self.engine, self.figure, self.panel)
        shown = start
        drawn: list[DrawnMove] = []
        for claim in self.panel.claims:
            if claim.kind == "setup":
                problem = self.engine.setup_problem(start)
                if problem:
                    self.fail(claim, "Setup", problem)
            elif claim.kind == "legal":
                for text in claim.moves:
                    move = self.legal(claim, start, text)
                    if claim.draw:
                        drawn.append(DrawnMove(tuple(self.engine.move_cells(start, move)), "legal", move=move, state=start, line=claim.line))
            elif claim.kind == "moves":
                drawn += self.all_moves(claim, start)
            elif claim.kind == "illegal":
                for text, code in claim.reasons:
                    reason = self.engine.Reason.lookup(code)
                    if reason is None:
                        known = ", ".join(self.engine.Reason.codes())
                        raise InputError(f"unknown reason code '{code}' (known: {known})", self.figure.path, claim.line)
                    move = self.parse(start, text, claim)
                    verdict = start.explain(move)
                    if verdict.reason is None:
                        self.fail(claim, reason.rule, f"{text} is legal")
                    elif move in self.generated(start):
                        self.fail(claim, GENERATOR, f"{text} is illegal by explain ({verdict.reason}), but the move generator (legal_moves) lists it")
                    elif verdict.reason != reason:
                        self.fail(claim, verdict.reason.rule, f"{text} is illegal for {verdict.reason} ({verdict.words}), not {code}")
                    if claim.draw:
                        drawn.append(DrawnMove(tuple(self.engine.move_cells(start, move)), "illegal", reason.value, verdict.at, move, start, claim.line))
            else:
                state = start.clone()
                for text in claim.moves:
                    move = self.parse(state, text, claim)
                    if claim.draw:
                        drawn.append(DrawnMove(tuple(self.engine.move_cells(state, move)), "played", move=move, state=state.clone(), line=claim.line))
                    if state.explain(move).reason is None and move not in state.legal_moves():
                        self.fail(claim, GENERATOR, f"{text} is legal by explain, but the move generator (legal_moves) leaves it out")
                        break
                    try:
                        state.apply(move)
                    except IllegalMoveError as exc:
                        self.fail(claim, exc.rule, f"{text} is illegal: {exc}")
                        break
                else:
                    self.check_facts(claim, state)
                    if claim.kind == "after" and self.panel.show == "after" and shown is start:
                        shown = state
        return CheckedPanel(self.panel, shown, drawn)

    def legal(self, claim: Claim, state: State[Any], text: str) -> Any:
        """The move ``text`` claimed legal at ``state``, checked by ``explain`` and by the move generator."""
        move = self.parse(state, text, claim)
        verdict = state.explain(move)
        if verdict.reason is not None:
            self.fail(claim, verdict.reason.rule, f"{text} is {verdict}")
        elif move not in self.generated(state):
            self.fail(claim, GENERATOR, f"{text} is legal by explain, but the move generator (legal_moves) leaves it out")
        return move

    def all_moves(self, claim: Claim, state: State[Any]) -> list[DrawnMove]:
        """Check a ``moves`` claim both ways: each listed move is legal (and from ``claim.origin``), and each
        move the generator lists (from ``claim.origin``) is listed. Return the moves to draw."""
        listed: dict[Any, str] = {}
        drawn = []
        for text in claim.moves:
            move = self.legal(claim, state, text)
            if move in listed:
                raise InputError(f"move '{text}' is listed twice (as '{listed[move]}')", self.figure.path, claim.line)
            listed[move] = text
            origin = move_origin(self.engine, state, move)
            if claim.origin is not None and origin != claim.origin:
                self.fail(claim, EVERY_MOVE, f"{text} is not a move from {claim.origin}" + (f" (it is from {origin})" if origin else ""))
            if claim.draw:
                drawn.append(DrawnMove(tuple(self.engine.move_cells(state, move)), "legal", move=move, state=state, line=claim.line))
        missing = [
            self.engine.format_move(state, move)
            for move in self.generated(state)
            if move not in listed and (claim.origin is None or move_origin(self.engine, state, move) == claim.origin)
        ]
        if missing:
            where = f"from {claim.origin}" if claim.origin is not None else "of the position"
            self.fail(claim, EVERY_MOVE, f"it leaves out {', '.join(missing)}: {'a legal move' if len(missing) == 1 else 'legal moves'} {where}")
        return drawn

    def check_facts(self, claim: Claim, state: State[Any]) -> None:
        """Compare each claimed fact with the engine's, computing only the facts claimed."""
        for name, expected in claim.expect.items():
            fact = self.engine.Fact.lookup(str(name))
            if fact is None:
                known = ", ".join(self.engine.Fact.codes())
                raise InputError(f"unknown fact '{name}' (known: {known})", self.figure.path, claim.line)
            actual = state.fact(fact)
            if not fact_matches(expected, actual):
                self.fail(claim, fact.rule, f"{name} is {_show(actual)}, not {_show(expected)}")


def fact_matches(expected: Any, actual: Any) -> bool:
    """Compare a claimed fact with the engine's.

    Lists compare as multisets; a claimed mapping need only list some keys, and
    a key claimed as ``null`` must be absent; numbers and words compare exactly.
    """
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        return all(
            (key not in actual or actual[key] is None) if value is None else key in actual and fact_matches(value, actual[key])
            for key, value in expected.items()
        )
    if isinstance(expected, list) and isinstance(actual, (list, tuple)):
        return sorted(map(_canonical, expected)) == sorted(map(_canonical, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return _canonical(expected) == _canonical(actual)


def _canonical(value: Any) -> str:
    return str(value).strip()


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(_show, value)) + "]"
    return "none" if value is None else str(value)

