# SPDX-License-Identifier: MIT
"""How Piecepackman is drawn: the 24 tiles, the matchstick walls, cubes, power coins, ghosts and Piecepackman.

The board is a :class:`~ppprint.api.TileBoard` of the game's 24 tiles (rows
of five, the middle row of four) whose cells keep their algebraic names a1 to
j10; the portal squares a5, a6, j5 and j6, which no tile covers, are named
areas beside it so figures can mark them. The ``layout`` view adds the
areas beside the board of a sample table (see :func:`add_table_layout`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ppprint.api import GameView, Highlight, Label, SUITS, SUIT_NAMES, Scene, Stick, TileBoard, ViewOptions, cell_name, rectangle

from . import pieces as _pieces  # noqa: F401  (declares the piecepackman piece kind the scene uses)
from .engine import PiecepackmanState
from .maze.board import BOARD, PORTAL_SQUARES

MATCHSTICK_LENGTHS = {1: 13 / 16, 2: 1 + 13 / 16}
"""Matchstick lengths in inches: an A-stick spans one cell edge, a 3-stick two."""
FACING_ANGLES = (90.0, 0.0, 270.0, 180.0)
"""The angle of Piecepackman's mouth for each facing (north, east, south, west; counter-clockwise from east)."""
COST_LABEL_RISE = 0.34
"""How far above a cell's centre the ``costs`` view writes an item's cost (board units)."""
LAYOUT_X = 10.6
"""Left edge of the areas beside the board in a ``layout`` view (board units: inches)."""
STRIP_WIDTH, STRIP_HEIGHT = 4.0, 0.35
"""The size of the named strip over each area beside the board, which labels point at."""
OBJECTIVE_MARKERS = {"arms": 1, "suns": 2, "crowns": 3, "moons": 4}
"""The objective and hunger-timer marker coins: ace of arms, 2 of suns, 3 of crowns, 4 of moons."""


class PiecepackmanOptions(ViewOptions):
    """``cubes``: draw the energy cubes on the board (default true; level plans leave them out);
    ``costs``: write over each cube and power coin what it costs Piecepackman to reach it;
    ``layout``: add the areas beside the board of a sample table (his extra lives, his cube stash,
    the spare markers, the ghosts' stashes); ``plan``: a level's plan to build it on (print-and-play):
    the board, the walls and the power coins, with the Ghost House tinted and the start squares named
    instead of the ghosts and Piecepackman (and no cubes)."""

    cubes: bool = True
    costs: bool = False
    layout: bool = False
    plan: bool = False


class PiecepackmanView(GameView[PiecepackmanState, PiecepackmanOptions]):
    """The maze, the pieces on it and, on request, the costs and the areas beside the board."""

    Options = PiecepackmanOptions

    def scene(self, state: PiecepackmanState, options: PiecepackmanOptions) -> Scene:
        board = TileBoard(BOARD)
        scene = Scene(board, coordinates=options.coordinates)
        scene.pieces += board.pieces()
        for portal in PORTAL_SQUARES:
            scene.areas[cell_name(portal)] = rectangle(portal[0], portal[1], portal[0] + 1, portal[1] + 1)
        for stick, colour in zip(state.level.sticks, stick_suits(state.level.sticks)):
            scene.add(
                "matchstick", stick_centre(board, stick), suit=colour, rank=1 if stick.span == 1 else 3,
                angle=90.0 if stick.horizontal else 0.0, length=MATCHSTICK_LENGTHS[stick.span],
            )
        order = state.maze.order

        def centre(index: int) -> tuple[float, float]:
            return board.centre(cell_name(order[index]))

        if options.plan:
            add_plan_marks(state, scene, board)
            return scene
        if options.cubes:
            for cell, suit in sorted(state.cubes.items()):
                scene.add("cube", centre(cell), suit=SUITS[suit], rank=0)
        for suit, cell in enumerate(state.coins):
            if cell >= 0:
                scene.add("coin", centre(cell), suit=SUITS[suit], side="back")
        scene.add(
            "piecepackman", centre(state.ppm), angle=FACING_ANGLES[state.facing],
            label=SUITS[state.objective] if state.objective >= 0 else None,
        )
        for ghost in state.game.ghost_suits:
            if state.immune[ghost]:
                scene.add("coin", centre(state.gpos[ghost]), rank=0, label="")  # the Immunity token under it
            scene.add("pawn", centre(state.gpos[ghost]), suit=SUITS[ghost], label="immune" if state.immune[ghost] else None)
            if not options.layout:  # a sample table shows them in the ghosts' stashes instead
                add_ghost_cubes(scene, centre(state.gpos[ghost]), ghost, state.gstash[ghost])
        if options.costs:
            for cell, cost in sorted(state.item_costs().items()):
                x, y = centre(cell)
                scene.marks.append(Label((x, y + COST_LABEL_RISE), str(cost), kind="highlight"))
        if options.layout:
            add_table_layout(state, scene)
        return scene


GHOST_CUBES_AT = (0.3, -0.3)
"""Where a ghost's cubes sit on its square, from the square's centre (board units): its lower-right corner."""
GHOST_CUBE_STEP = (-0.1, 0.1)
"""How far each further cube of a ghost's lies from the one before (a short pile up and to the left)."""


def add_ghost_cubes(scene: Scene, at: tuple[float, float], ghost: int, count: int) -> None:
    """The cubes a ghost holds, beside it on its square: what makes it Dangerous or Vulnerable."""
    for i in range(count):
        x, y = at[0] + GHOST_CUBES_AT[0] + i * GHOST_CUBE_STEP[0], at[1] + GHOST_CUBES_AT[1] + i * GHOST_CUBE_STEP[1]
        scene.add("cube", (x, y), suit=SUITS[ghost], rank=0)


def stick_suits(sticks: Sequence[Stick]) -> list[str]:
    """Each stick's suit colour: the suits in turn (Suns, Moons, Crowns, Arms, Suns...) within each length, so
    the piecepack kit's sticks, printed the same way for the largest budget, build every level as drawn."""
    seen = {1: 0, 2: 0}
    suits = []
    for stick in sticks:
        suits.append(SUITS[seen[stick.span] % len(SUITS)])
        seen[stick.span] += 1
    return suits


def add_plan_marks(state: PiecepackmanState, scene: Scene, board: TileBoard) -> None:
    """A level's plan: the power coins on their squares, the Ghost House tinted with each ghost's start
    square named by its suit, and Piecepackman's start square labelled (he starts there facing west)."""
    for suit, cell in enumerate(state.level.power_coins):
        scene.add("coin", board.centre(cell_name(cell)), suit=SUITS[suit], side="back")
    for cell in state.level.ghost_house:
        scene.marks.append(Highlight(board.outlines()[cell_name(cell)], kind="highlight"))
    for suit in state.game.ghost_suits:
        scene.marks.append(Label(board.centre(cell_name(state.level.ghost_starts[suit])), SUIT_NAMES[SUITS[suit]], kind="highlight"))
    scene.marks.append(Label(board.centre(cell_name(state.level.piecepackman_start)), "start", kind="highlight"))


def stick_centre(board: TileBoard, stick: Stick) -> tuple[float, float]:
    """The middle of a stick: the mean of the middles of the cell edges it covers."""
    points = []
    for a, b in stick.edges():
        if BOARD.tile_index(a) is not None:
            points.append(board.edge_centre(a, (b[0] - a[0], b[1] - a[1])))
        elif BOARD.tile_index(b) is not None:
            points.append(board.edge_centre(b, (a[0] - b[0], a[1] - b[1])))
        else:
            points.append(((a[0] + b[0] + 1) / 2, (a[1] + b[1] + 1) / 2))
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def add_table_layout(state: PiecepackmanState, scene: Scene) -> None:
    """The areas beside the board of a sample table: extra lives, his cube stash, the spare markers and
    the ghosts' cube stashes, each under a named strip (``lives``, ``stash``, ``markers``, ``ghost-stashes``)
    that a figure's labels can point at."""

    def strip(name: str, top: float) -> None:
        scene.areas[name] = rectangle(LAYOUT_X, top - STRIP_HEIGHT, LAYOUT_X + STRIP_WIDTH, top)

    strip("lives", 10.0)
    for i in range(state.lives):
        scene.add("coin", (LAYOUT_X + 0.5 + 0.9 * i, 9.15), rank=0)
    strip("stash", 8.5)
    for stashed in range(4):
        for i in range(state.pstash[stashed]):
            scene.add("cube", (LAYOUT_X + 0.3 + 0.45 * i, 7.85 - 0.45 * stashed), suit=SUITS[stashed], rank=0)
    strip("markers", 5.8)
    spare = [s for s in SUITS if state.objective < 0 or SUITS[state.objective] != s]
    for i, suit in enumerate(spare):
        scene.add("coin", (LAYOUT_X + 0.5 + 0.95 * i, 4.95), suit=suit, rank=OBJECTIVE_MARKERS[suit])
    strip("ghost-stashes", 4.1)
    for ghost in state.game.ghost_suits:
        y = 3.25 - 0.9 * ghost
        scene.add("coin", (LAYOUT_X + 0.5, y), suit=SUITS[ghost], side="back")
        for i in range(state.gstash[ghost]):
            scene.add("cube", (LAYOUT_X + 1.25 + 0.45 * i, y), suit=SUITS[ghost], rank=0)


VIEW = PiecepackmanView()
