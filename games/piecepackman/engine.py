"""Piecepackman (Dan Burkey): an autonomous Piecepackman against four ghosts in a matchstick maze.

Players. The engine's players are the four ghosts, in suit order (``suns``,
``moons``, ``crowns``, ``arms``); one to four people share them out as the
rules say, and every ghost gets the same result (the game is cooperative:
+1 when the ghosts win, -1 when Piecepackman does). Piecepackman is not a
player: his dice are CHANCE nodes and his whole move follows from the roll.

The three-player game: ``PiecepackmanGame(ghosts=("suns", "moons", "crowns"))``
takes the missing ghost and its die out of play (``GAME`` is the four-ghost
game). Its players are the ghosts in play, Piecepackman rolls their three dice,
and cubes of the missing colour are wild: a ghost collects them as its own
colour, Piecepackman's objective search treats them as the rolled suit, and one
he eats counts as his objective suit (:func:`wild_cube_suit`). The position
text writes the missing ghost as ``-`` in ``ghosts``, so it names the game.

A turn: ``ppm`` (chance: his four dice, reduced to the highest value and the
suits showing it; his autonomous move is played with it), then, if he ate a
power coin, ``bonus`` (chance: the bonus roll of Ghost Hunger) and ``flip``
(chance: the coin's hidden value, one per coin eaten), then ``order`` (the
ghosts agree on their order of movement; the first ghost to move in suit order
records the choice), then for each ghost ``ghost-roll`` (chance: its die) and
``ghost-move`` (the ghost's walk).

Move notation (one token each):
  ``ppm5=suns+crowns``  Piecepackman's roll: highest value 5 (null 1, ace 6), shown by suns and crowns
                        (also read: ``ppm:suns=5,moons=3,crowns=5,arms=n``, the four dice)
  ``flip3``             the power coin just eaten shows 3 (1 = ace)
  ``order=moons+suns``  the ghosts' order of movement this turn
  ``die2``              the moving ghost's die (0 = null, 1 = ace)
  ``suns:e5-d5-c5``     the suns ghost walks through d5 to c5 (a portal step joins b5 and i5 directly)
  ``suns:stay``         a ghost that rolled 0 (or cannot move at all) stays

Position notation (one line of ``key=value`` tokens)::

  level=roundabout ppm=f4w lives=3 stash=0.0.0.0 obj=- hunger=0 coins=j1.j10.a10.a1
  ghosts=f5.e6.f6.e5 gstash=0.0.0.0 immune=- lost=- cubes=b2s.c3m... total=24 phase=ppm

``ppm`` is his cell and facing (n/e/s/w); ``lives`` his extra lives; ``stash``,
``coins``, ``ghosts`` and ``gstash`` list the four suits in suit order (``-`` for
a coin eaten or a ghost out of play); ``obj`` is the kept objective suit (``suns!`` when it is the power
coin of a high ace); ``hunger`` the Ghost Hunger turns left counting this one
(``1!`` while the first coin's bonus roll and flip are pending); ``immune`` and
``lost`` (a lost turn) are suits joined by ``+``; ``cubes`` are cells with a suit
letter (s m c a); ``total`` is the number of energy cubes in the game; ``phase``
is ``ppm``, ``bonus:SUITS``, ``flip:SUITS`` (coins to flip), ``order:SUITS``
(ghosts to move), ``ghost-roll:SUITS``, ``ghost-move:SUITS/ROLL`` or ``over:WINNER``.

A figure's ``position:`` mapping: ``level`` (an id), ``seed`` (cube scatter
when ``cubes`` is absent), ``piecepackman: {at, facing, lives, cubes: {suit: n},
objective, hunger}``, ``ghosts: {suit: CELL or {at, cubes, immune, lost_turn}}``,
``power_coins: {suit: CELL or null}``, ``cubes: {suit: [CELLS]}``, ``total``,
``to_move: {ghost, roll, then: [suits]}`` (default: Piecepackman's roll).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from ppprint.engine.base import CHANCE, LEGAL, TERMINAL, Game, Move, State, Verdict
from ppprint.errors import DataError
from ppprint.geometry.square import cell_name, parse_cell_name
from .maze.board import BOARD, PORTAL_SQUARES, is_portal_step
from .maze.level import Level, cube_squares, get_level, level_from_data, register_level, scatter_cubes
from .maze.paths import PathSet, allowed_paths, cost_map, first_path, search
from ppprint.model.table import SUITS, Label, Piece, Table, square_polygon

SUIT_LETTERS = "smca"
FACING_LETTERS = "nesw"
FACING_WORDS = ("north", "east", "south", "west")
WEST = 3
START_FACING = WEST
"""Ruling: Piecepackman starts a level (and every new life) facing west, towards file a."""
EXTRA_LIVES = 3
"""He starts with one life on the board and three extra lives."""
PPM_DIE_VALUES = (1, 2, 3, 4, 5, 6)
"""Piecepackman's die values: null 1, 2-5 face value, ace 6."""
GHOST_DIE_VALUES = (0, 1, 2, 3, 4, 5)
"""A ghost's die values: null 0, ace 1, 2-5 face value."""
POWER_COIN_VALUES: dict[int, tuple[int, ...]] = {0: (1, 3, 4, 5), 1: (1, 2, 3, 5), 2: (1, 2, 4, 5), 3: (2, 3, 4, 5)}
"""The hidden value of each suit's power coin: its coins less the null and the objective marker
(ace of arms, 2 of suns, 3 of crowns, 4 of moons), drawn at random."""
DEFAULT_LEVEL = "roundabout"
SECOND_COIN_ENDS_IMMUNITY = True
"""Ruling: a power coin eaten during Ghost Hunger takes away every Immune ghost's immunity.

The source says so in its Special Rules for Ghost Hunger (the paragraph on consuming another Power
Coin while Ghost Hungry); the opposite line, that Immune ghosts keep their immunity until Ghost Hunger
ends, stands in the list of exceptions for the Piecepackman vs. Ghosts mode, so the cooperative game
with an autonomous Piecepackman follows the rules section. RULINGS.md is silent on it.
"""


def roll_outcomes(dice: tuple[int, ...] = (0, 1, 2, 3)) -> list[tuple[tuple[str, int, tuple[int, ...]], float]]:
    """Piecepackman's dice (the suits in play) reduced to (highest value, suits showing it), with probabilities."""
    outcomes = []
    count = len(dice)
    for value in PPM_DIE_VALUES:
        below = (value - 1) / 6
        for size in range(1, count + 1):
            p = (1 / 6) ** size * below ** (count - size)
            if p == 0:
                continue
            for mask in range(1 << count):
                suits = tuple(s for i, s in enumerate(dice) if mask >> i & 1)
                if len(suits) == size:
                    outcomes.append((("roll", value, suits), p))
    return outcomes


ROLL_OUTCOMES = roll_outcomes()


def wild_cube_suit(suit: int, wild: int, objective: int) -> int:
    """Ruling: in the three-ghost game a cube of the missing ghost's colour is wild; Piecepackman counts
    one he eats as the suit of his objective, and keeps it under the wild colour (counting for no ghost)
    when he has no objective suit, as in Ghost Hunger without a kept objective.

    The suit a cube of ``suit`` counts as in Piecepackman's stash.
    """
    if suit == wild and objective >= 0:
        return objective
    return suit


@dataclass(frozen=True)
class Route:
    """The path the engine walks: search weight, the states (``4 * cell + facing``), and the tied end cells."""

    weight: int
    path: tuple[int, ...]
    ends: tuple[int, ...]


ROUTE_CACHE_SIZE = 50_000
_ROUTES: dict[tuple, Route | None] = {}
_MAZES: dict[int, object] = {}
"""Mazes whose ids key :data:`_ROUTES`, kept alive so an id is never reused."""


@dataclass(frozen=True)
class Plan:
    """What Piecepackman aims at for a roll: the objective suit (-1 when none), coin only, and the allowed paths."""

    suit: int
    coin_only: bool
    paths: PathSet | None


class PiecepackmanState(State):
    """A position: the level, Piecepackman, ghosts, cubes, coins, and whose turn it is."""

    game: PiecepackmanGame

    def __init__(self, game: PiecepackmanGame, level: Level, cubes: dict[int, int], start_text: str = ""):
        super().__init__(game, start_text)
        self.level = level
        self.maze = level.maze
        index = self.maze.index
        self.house = frozenset(index[c] for c in level.ghost_house)
        self.ghost_home = tuple(index[c] for c in level.ghost_starts)
        self.ghost_starts = tuple(c if g in game.ghost_suits else -1 for g, c in enumerate(self.ghost_home))
        """Each ghost's square at the start and after an attack; -1 for a ghost out of play."""
        self.wild = game.wild
        self.ppm_home = index[level.piecepackman_start]
        self.ppm = self.ppm_home
        self.facing = START_FACING
        self.lives = EXTRA_LIVES
        self.pstash = [0, 0, 0, 0]
        self.objective = -1
        self.coin_only = False
        self.hunger = 0
        self.starting = False
        self.coins = [index[c] for c in level.power_coins]
        self.cubes = dict(cubes)
        self.gpos = list(self.ghost_starts)
        self.gstash = [0, 0, 0, 0]
        self.immune = [False] * 4
        self.lost = [False] * 4
        self.total = len(cubes)
        self.phase = "ppm"
        self.pending: tuple[int, ...] = ()
        self.roll = 0
        self.bonus = False
        self.winner = ""
        self.trail: list[int] = []
        self._stack: list[tuple] = []
        if not start_text:
            self.start_text = self.position_text()

    # -- snapshot, undo, clone ---------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return (
            self.ppm, self.facing, self.lives, tuple(self.pstash), self.objective, self.coin_only,
            self.hunger, self.starting, tuple(self.coins), tuple(sorted(self.cubes.items())),
            tuple(self.gpos), tuple(self.gstash), tuple(self.immune), tuple(self.lost), self.total,
            self.phase, self.pending, self.roll, self.bonus, self.winner,
        )

    def _restore(self, snap: tuple) -> None:
        (self.ppm, self.facing, self.lives, pstash, self.objective, self.coin_only, self.hunger,
         self.starting, coins, cubes, gpos, gstash, immune, lost, self.total, self.phase,
         self.pending, self.roll, self.bonus, self.winner) = snap
        self.pstash, self.coins, self.cubes = list(pstash), list(coins), dict(cubes)
        self.gpos, self.gstash, self.immune, self.lost = list(gpos), list(gstash), list(immune), list(lost)

    def key(self) -> tuple:
        return (self.level.id, *self._snapshot())

    def clone(self) -> PiecepackmanState:
        other = PiecepackmanState(self.game, self.level, self.cubes, self.start_text)
        other._restore(self._snapshot())
        other.history = list(self.history)
        other._stack = list(self._stack)
        return other

    # -- who moves ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("order", "ghost-move"):
            return self.game.seat[self.pending[0]]
        return CHANCE

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase in ("ppm", "bonus"):
            return list(self.game.roll_outcomes)
        if self.phase == "flip":
            values = POWER_COIN_VALUES[self.pending[0]]
            return [(("flip", v), 1 / len(values)) for v in values]
        if self.phase == "ghost-roll":
            return [(("die", v), 1 / 6) for v in GHOST_DIE_VALUES]
        return []

    def legal_moves(self) -> list[Move]:
        if self.phase == "over":
            return []
        if self.current_player == CHANCE:
            moves = [m for m, _ in self.chance_outcomes()]
        elif self.phase == "order":
            moves = [("order", p) for p in permutations(self.pending)]
        else:
            ghost = self.pending[0]
            walks = self.ghost_walks(ghost, self.roll)
            moves = [("walk", ghost, w) for w in walks] or [("walk", ghost, ())]
        return sorted(moves, key=lambda m: self.game.format_move(self, m))

    # -- rules helpers ------------------------------------------------------------------------
    def vulnerable(self, ghost: int) -> bool:
        """Whether Piecepackman may eat this ghost now (the rest are Dangerous)."""
        if self.hunger > 0:
            return not self.immune[ghost]
        return self.gstash[ghost] <= self.pstash[ghost]

    def ghost_at(self, cell: int) -> int:
        """The ghost on a cell, or -1."""
        for ghost, pos in enumerate(self.gpos):
            if pos == cell:
                return ghost
        return -1

    def ghost_walks(self, ghost: int, roll: int) -> list[tuple[int, ...]]:
        """Every legal walk of a ghost for a roll (cells entered), empty for a roll of 0 or a boxed ghost."""
        if roll == 0:
            return []
        start = self.gpos[ghost]
        table = self.maze.step_table
        others = {p for g, p in enumerate(self.gpos) if g != ghost}
        house = self.house
        order = self.maze.order
        walks: list[tuple[int, ...]] = []

        def extend(cell: int, walk: tuple[int, ...]) -> None:
            for d in range(4):
                nxt = table[4 * cell + d]
                if nxt < 0 or nxt in others or (nxt in house and cell not in house):
                    continue
                path = walk + (nxt,)
                if nxt == self.ppm or is_portal_step(order[cell], order[nxt]):
                    walks.append(path)
                elif len(path) == roll:
                    if nxt != start:
                        walks.append(path)
                else:
                    extend(nxt, path)

        extend(start, ())
        return walks

    def judge_ghost_move(self, ghost: int, walk: tuple[int, ...], roll: int) -> Verdict:
        """Ruling: a ghost that cannot walk its whole roll anywhere stays where it is.

        Judge a ghost's walk (cell indexes entered) for a roll, whatever the phase.
        """
        table = self.maze.step_table
        order = self.maze.order
        cell = self.gpos[ghost]
        if not walk:
            if roll == 0 or not self.ghost_walks(ghost, roll):
                return LEGAL
            return self.game.verdict("must-move")
        portal_end = False
        for i, nxt in enumerate(walk):
            here, there = order[cell], order[nxt]
            if nxt not in (table[4 * cell + d] for d in range(4)):
                adjacent = abs(here[0] - there[0]) + abs(here[1] - there[1]) == 1
                return self.game.verdict("wall" if adjacent else "not-a-step", f"{cell_name(here)}-{cell_name(there)}")
            if self.ghost_at(nxt) not in (-1, ghost):
                return self.game.verdict("crosses-ghost", cell_name(there))
            if nxt in self.house and cell not in self.house:
                return self.game.verdict("enters-ghost-house", cell_name(there))
            last = i == len(walk) - 1
            portal_end = is_portal_step(here, there)
            if portal_end and not last:
                return self.game.verdict("after-portal", cell_name(there))
            if nxt == self.ppm and not last:
                return self.game.verdict("after-piecepackman", cell_name(there))
            cell = nxt
        ended_early = walk[-1] == self.ppm or portal_end
        if len(walk) > roll or (len(walk) < roll and not ended_early):
            return self.game.verdict("not-whole-roll", f"{len(walk)} steps for a roll of {roll}")
        if walk[-1] == self.gpos[ghost]:
            return self.game.verdict("same-square")
        return LEGAL

    def explain(self, move: Move) -> Verdict:
        if not isinstance(move, tuple) or not move:
            return self.game.verdict("not-a-move")
        kind = move[0]
        if self.phase == "over":
            return self.game.verdict("game-over")
        if self.current_player == CHANCE:
            if self.phase in ("ppm", "bonus"):
                legal = move in self.game.roll_moves
            elif self.phase == "flip":
                legal = kind == "flip" and len(move) == 2 and move[1] in POWER_COIN_VALUES[self.pending[0]]
            else:
                legal = kind == "die" and len(move) == 2 and move[1] in GHOST_DIE_VALUES
            if legal:
                return LEGAL
            return self.game.verdict("wrong-phase" if kind in ("order", "walk") else "bad-roll")
        if self.phase == "order":
            if kind != "order":
                return self.game.verdict("wrong-phase")
            if sorted(move[1]) != sorted(self.pending) or len(move[1]) != len(self.pending):
                return self.game.verdict("bad-order")
            return LEGAL
        if kind != "walk":
            return self.game.verdict("wrong-phase")
        if move[1] != self.pending[0]:
            return self.game.verdict("not-your-turn", f"the {SUITS[self.pending[0]]} ghost moves now")
        return self.judge_ghost_move(move[1], move[2], self.roll)

    # -- Piecepackman -------------------------------------------------------------------------
    def _items(self, suit: int, coin_only: bool) -> set[int]:
        """Cells of the objective items of a suit (its power coin only, for a high ace)."""
        coin = self.coins[suit]
        if coin_only and coin >= 0:
            return {coin}
        items = {c for c, s in self.cubes.items() if s == suit or s == self.wild}
        if coin >= 0:
            items.add(coin)
        return items

    def _any_items(self) -> set[int]:
        return set(self.cubes) | {c for c in self.coins if c >= 0}

    def _blocked(self) -> frozenset[int]:
        """Cells he will not enter: the Ghost House and Dangerous ghosts."""
        return self.house | {p for g, p in enumerate(self.gpos) if p >= 0 and not self.vulnerable(g)}

    def _route(self, targets: set[int], free_turns: bool) -> Route | None:
        """Ruling: of the tied allowed paths the engine walks the first in state order; the rules allow any.

        The route to the nearest target, memoised (replays and playouts ask again and again).
        """
        if not targets:
            return None
        blocked = self._blocked()
        key = (id(self.maze), self.ppm, self.facing, frozenset(targets), blocked, free_turns)
        if key in _ROUTES:
            return _ROUTES[key]
        found = search(self.maze, self.ppm, self.facing, targets, blocked, free_turns)
        route = None
        if found is not None:
            route = Route(found.weight, tuple(first_path(found)), tuple(sorted({s >> 2 for s in found.ends})))
        if len(_ROUTES) >= ROUTE_CACHE_SIZE:
            _ROUTES.clear()
        _ROUTES[key] = route
        _MAZES[id(self.maze)] = self.maze
        return route

    def _choose(self, value: int, suits: tuple[int, ...]) -> tuple[int, bool, Route | None]:
        """Ruling: with nothing of the rolled suit left or reachable he heads for the nearest cube or coin of
        any suit, and with nothing reachable he stays; a kept objective is its suit (and a high ace's coin),
        so each turn he heads for the nearest item of that suit. Ties between dice of equal cost go to the
        first suit in suit order.

        The objective for a roll when not hungry: suit, coin only, and the route to it.
        """
        if self.objective >= 0:
            candidates = [(self.objective, self.coin_only)]
        else:
            candidates = [(s, value == 6 and self.coins[s] >= 0) for s in suits]
        best: tuple[tuple[int, int], int, bool, Route] | None = None
        for suit, coin_only in candidates:
            route = self._route(self._items(suit, coin_only) or self._any_items(), False)
            if route is not None and (best is None or (route.weight, suit) < best[0]):
                best = ((route.weight, suit), suit, coin_only, route)
        if best is None:
            return -1, False, None
        return best[1], best[2], best[3]

    def plan(self, value: int, suits: tuple[int, ...]) -> Plan:
        """The objective and allowed paths of the first leg of Piecepackman's move for a roll."""
        free_turns = self.hunger > 0
        if free_turns:
            suit, coin_only, route = -1, False, self._route(self._hunger_targets(), True)
        else:
            suit, coin_only, route = self._choose(value, suits)
        if route is None:
            return Plan(suit, coin_only, None)
        order = self.maze.order
        blocked = [order[c] for c in self._blocked()]
        ends = [order[c] for c in route.ends]
        return Plan(suit, coin_only, allowed_paths(self.maze, order[self.ppm], self.facing, ends, blocked, free_turns))

    def _hunger_targets(self) -> set[int]:
        """Cells of the ghosts he may chase while hungry: not Immune, out of the Ghost House."""
        return {p for g, p in enumerate(self.gpos) if p >= 0 and not self.immune[g] and p not in self.house}

    def _enter(self, cell: int) -> None:
        """Ruling: he eats any power coin he enters, objective or not, as he eats every cube.

        Piecepackman arrives on a cell: cubes, power coins and Vulnerable ghosts there are eaten.
        """
        self.ppm = cell
        suit = self.cubes.pop(cell, -1)
        if suit >= 0:
            self.pstash[wild_cube_suit(suit, self.wild, self.objective)] += 1
        for coin_suit, coin in enumerate(self.coins):
            if coin == cell:
                self.coins[coin_suit] = -1
                if self.hunger == 0:
                    self.hunger, self.starting, self.bonus = 1, True, True
                elif SECOND_COIN_ENDS_IMMUNITY:
                    self.immune = [False] * 4
                self.pending = self.pending + (coin_suit,)
        ghost = self.ghost_at(cell)
        if ghost >= 0 and self.vulnerable(ghost):
            self._eat_ghost(ghost)
        self._check_cleared()

    def _eat_ghost(self, ghost: int) -> None:
        self.pstash[ghost] += self.gstash[ghost]
        self.gstash[ghost] = 0
        self.lost[ghost] = True
        if self.hunger > 0:
            self.immune[ghost] = True
        self._send_home(ghost)

    def _send_home(self, ghost: int) -> None:
        """Ruling: an eaten ghost goes to its start square, or the first free Ghost House square."""
        home = self.ghost_home[ghost]
        if self.ghost_at(home) not in (-1, ghost):
            home = min(c for c in self.house if self.ghost_at(c) == -1)
        self.gpos[ghost] = home

    def _check_cleared(self) -> None:
        if self.phase != "over" and not self.cubes and all(c < 0 for c in self.coins):
            self.phase = "over"
            self.winner = "ghosts" if 2 * sum(self.gstash) > self.total else "piecepackman"

    def _walk(self, route: Route, points: int, free_turns: bool) -> tuple[int, bool]:
        """Walk a route with the points there are; return the points left and whether he arrived."""
        path = route.path
        for a, b in zip(path, path[1:]):
            turn = a >> 2 == b >> 2
            cost = 0 if (turn and free_turns) else 1
            if cost > points:
                return points, False
            points -= cost
            self.facing = b & 3
            if not turn:
                self._enter(b >> 2)
                self.trail.append(b >> 2)
                if self.phase == "over":
                    return 0, False
        return points, True

    def _move_normal(self, value: int, suits: tuple[int, ...]) -> None:
        plan_suit, coin_only, route = self._choose(value, suits)
        if route is None:
            return
        points = value
        self.objective, self.coin_only = plan_suit, coin_only
        first_reached = False
        while points > 0 and self.phase != "over":
            if first_reached:
                route = self._route(self._items(plan_suit, coin_only) or self._any_items(), False)
            if route is None:
                break
            points, arrived = self._walk(route, points, False)
            if not arrived:
                break
            first_reached = True
            coin_only = False
        if first_reached or self.phase == "over":
            self.objective, self.coin_only = -1, False
        else:
            self.objective, self.coin_only = plan_suit, coin_only

    def _move_hungry(self, value: int) -> None:
        """Ruling: with no Vulnerable ghost he can reach, he heads for the nearest power coin, else cube;
        with none of those reachable either, he heads for :meth:`trap_centre` if he is trapped, else stays.
        """
        points = value
        while points > 0 and self.phase != "over":
            route = self._route(self._hunger_targets(), True)
            if route is None:
                route = self._route({c for c in self.coins if c >= 0}, True) or self._route(set(self.cubes), True)
            if route is None:
                centre = self.trap_centre()
                if centre >= 0 and centre != self.ppm:
                    self._walk(self._route({centre}, True), points, True)
                break
            points, arrived = self._walk(route, points, True)
            if not arrived:
                break

    def trap_centre(self) -> int:
        """Ruling: he is trapped in a corridor by two Immune ghosts when (1) no ghost he may chase, power
        coin or cube can be reached without entering an Immune ghost's square (or the Ghost House), (2) the
        squares he can reach form one corridor, a chain of squares each joined to at most two others of it,
        and (3) an Immune ghost stands on the square one step beyond each end of the chain (two different
        ghosts; a portal step counts as a step). He then heads for the middle square of the chain and stops
        there; when the chain has an even number of squares the two middle squares tie and he heads for the
        one nearer to him.

        The square he heads for while trapped (his own when already there), or -1 when he is not trapped.
        """
        if self.hunger == 0:
            return -1
        table = self.maze.step_table
        reach = self.maze.reachable_indexes(self.ppm, self._blocked())
        if reach & (self._hunger_targets() | self._any_items()):
            return -1
        links = {c: {table[4 * c + d] for d in range(4)} & reach - {c} for c in reach}
        if any(len(n) > 2 for n in links.values()):
            return -1
        immune_cells = {p for g, p in enumerate(self.gpos) if self.immune[g]}
        ends = sorted(c for c in reach if len(links[c]) <= 1)
        if len(ends) == 1:
            ends *= 2
        if len(ends) != 2:
            return -1
        guards = [{table[4 * c + d] for d in range(4)} & immune_cells for c in ends]
        if not any(a != b for a in guards[0] for b in guards[1]):
            return -1
        chain = [ends[0]]
        while len(chain) < len(reach):
            chain.append(min(links[chain[-1]] - set(chain)))
        here = chain.index(self.ppm)
        candidates = {(len(chain) - 1) // 2, len(chain) // 2}
        return chain[min(candidates, key=lambda i: abs(i - here))]

    # -- playing moves ------------------------------------------------------------------------
    def _do(self, move: Move) -> None:
        self._stack.append(self._snapshot())
        kind = move[0]
        if kind == "roll":
            self.trail = [self.ppm]
            if self.phase == "bonus":
                self.bonus = False
                self._move_hungry(move[1])
            elif self.hunger > 0:
                self._move_hungry(move[1])
            else:
                self._move_normal(move[1], move[2])
            self._after_piecepackman()
        elif kind == "flip":
            self._flip(move[1])
        elif kind == "order":
            self.pending = tuple(move[1])
            self.phase = "ghost-roll"
        elif kind == "die":
            self.roll = move[1]
            self.phase = "ghost-move"
        else:
            self._ghost_walk(move[1], move[2])

    def _after_piecepackman(self) -> None:
        if self.phase == "over":
            return
        if self.bonus:
            self.phase = "bonus"
        elif self.pending:
            self.phase = "flip"
        else:
            self._start_ghost_phase()

    def _flip(self, value: int) -> None:
        if self.starting:
            self.starting = False
            if value == 1:
                self.hunger = 0
                self.immune = [False] * 4
                self.lives += 1
            else:
                self.hunger = value + 1
        elif value == 1:
            self.lives += 1
        else:
            self.hunger += value
        self.pending = self.pending[1:]
        if not self.pending:
            self._start_ghost_phase()

    def _start_ghost_phase(self) -> None:
        movers = tuple(g for g in self.game.ghost_suits if not self.lost[g])
        self.lost = [False] * 4
        self.pending = movers
        if len(movers) > 1:
            self.phase = "order"
        elif movers:
            self.phase = "ghost-roll"
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.hunger > 0:
            self.hunger -= 1
            if self.hunger == 0:
                self.immune = [False] * 4
        self.pending = ()
        self.roll = 0
        self.phase = "ppm"

    def _ghost_walk(self, ghost: int, walk: tuple[int, ...]) -> None:
        for cell in walk:
            self.gpos[ghost] = cell
            if cell in self.cubes and self.cubes[cell] in (ghost, self.wild):
                del self.cubes[cell]
                self.gstash[ghost] += 1
                self._check_cleared()
            if cell == self.ppm:
                if self.vulnerable(ghost):
                    self._eat_ghost(ghost)
                else:
                    self._attack(ghost)
                    return
        if self.phase == "over":
            return
        self.pending = self.pending[1:]
        if self.pending:
            self.phase = "ghost-roll"
        else:
            self._end_turn()

    def _attack(self, ghost: int) -> None:
        """A Dangerous ghost attacks: it takes back its cubes, everyone goes home, a life is lost."""
        self.gstash[ghost] += self.pstash[ghost]
        self.pstash[ghost] = 0
        self.gpos = list(self.ghost_starts)
        self.objective, self.coin_only = -1, False
        self.hunger, self.starting, self.bonus = 0, False, False
        self.immune = [False] * 4
        self.lost = [False] * 4
        if self.lives == 0:
            self.phase = "over"
            self.winner = "ghosts"
            return
        self.lives -= 1
        self.ppm, self.facing = self.ppm_home, START_FACING
        self.pending = ()
        self._end_turn()

    def _undo(self, move: Move) -> None:
        self._restore(self._stack.pop())

    # -- results and facts --------------------------------------------------------------------
    def returns(self) -> tuple[float, ...]:
        seats = len(self.game.players)
        if self.phase != "over":
            return (0.0,) * seats
        return (1.0,) * seats if self.winner == "ghosts" else (-1.0,) * seats

    def item_costs(self) -> dict[int, int]:
        """The cost in points of reaching each cube and power coin (cell index -> cost), as he would walk it:
        from his square and facing, around the Ghost House and Dangerous ghosts, turns free while hungry.
        Unreachable items are left out."""
        costs = cost_map(self.maze, self.ppm, self.facing, self._blocked(), self.hunger > 0)
        return {c: costs[c] for c in self._any_items() if c in costs}

    def facts(self) -> dict[str, Any]:
        order = self.maze.order
        costs = self.item_costs()
        suit_of = dict(self.cubes) | {c: s for s, c in enumerate(self.coins) if c >= 0}
        path_costs: dict[str, int | None] = {suit: None for suit in SUITS}
        for cell, cost in costs.items():
            suit = SUITS[suit_of[cell]]
            if path_costs[suit] is None or cost < path_costs[suit]:
                path_costs[suit] = cost
        return {
            "piecepackman": f"{cell_name(order[self.ppm])} {FACING_WORDS[self.facing]}",
            "ghosts": {SUITS[g]: cell_name(order[c]) for g, c in enumerate(self.gpos) if c >= 0},
            "power_coins": {SUITS[s]: cell_name(order[c]) if c >= 0 else None for s, c in enumerate(self.coins)},
            "item_costs": {cell_name(order[c]): cost for c, cost in costs.items()},
            "path_costs": path_costs,
            "phase": self.phase,
            "lives": self.lives,
            "hunger": self.hunger,
            "objective": SUITS[self.objective] if self.objective >= 0 else None,
            "piecepackman_cubes": dict(zip(SUITS, self.pstash)),
            "ghost_cubes": dict(zip(SUITS, self.gstash)),
            "cubes_left": len(self.cubes),
            "dangerous": [SUITS[g] for g in self.game.ghost_suits if not self.vulnerable(g)],
            "immune": [SUITS[g] for g in range(4) if self.immune[g]],
            "winner": self.winner or None,
        }

    # -- notation -----------------------------------------------------------------------------
    def position_text(self) -> str:
        order = self.maze.order

        def name(i: int) -> str:
            return cell_name(order[i]) if i >= 0 else "-"

        def suits(items) -> str:
            return "+".join(SUITS[s] for s in items) or "-"

        obj = "-" if self.objective < 0 else SUITS[self.objective] + ("!" if self.coin_only else "")
        cubes = ".".join(name(c) + SUIT_LETTERS[s] for c, s in sorted(self.cubes.items())) or "-"
        phase = self.phase
        if phase in ("bonus", "flip", "order", "ghost-roll"):
            phase += ":" + suits(self.pending)
        elif phase == "ghost-move":
            phase += f":{suits(self.pending)}/{self.roll}"
        elif phase == "over":
            phase += ":" + self.winner
        return " ".join([
            f"level={self.level.id}",
            f"ppm={name(self.ppm)}{FACING_LETTERS[self.facing]}",
            f"lives={self.lives}",
            "stash=" + ".".join(map(str, self.pstash)),
            f"obj={obj}",
            f"hunger={self.hunger}{'!' if self.starting else ''}",
            "coins=" + ".".join(name(c) for c in self.coins),
            "ghosts=" + ".".join(name(c) for c in self.gpos),
            "gstash=" + ".".join(map(str, self.gstash)),
            "immune=" + suits(g for g in range(4) if self.immune[g]),
            "lost=" + suits(g for g in range(4) if self.lost[g]),
            f"cubes={cubes}",
            f"total={self.total}",
            f"phase={phase}",
        ])


def _suit_list(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    return tuple(SUITS.index(s) for s in text.split("+"))


class PiecepackmanGame(Game):
    """The rules of Piecepackman with an autonomous Piecepackman."""

    id = "piecepackman"
    title = "Piecepackman"
    players: tuple[str, ...] = SUITS
    reasons = {
        "not-a-move": "Notation: not a Piecepackman move",
        "game-over": "Ending the Game: the level is over",
        "wrong-phase": "Turn Phases: Piecepackman moves, ghosts agree an order, then each ghost rolls and moves",
        "bad-roll": "Dice: Piecepackman counts null 1 and ace 6; a ghost counts null 0 and ace 1",
        "bad-order": "Negotiating Movement Order: every ghost that moves this turn, once each",
        "not-your-turn": "Ghost Movement: ghosts move in the agreed order",
        "must-move": "Ghost Movement: a ghost must use its full roll",
        "not-whole-roll": "Ghost Movement: a ghost must use its full roll (a portal or Piecepackman's square ends it early)",
        "same-square": "Ghost Movement: a ghost may backtrack but must end on a different square",
        "wall": "Maze: nothing moves through a wall",
        "not-a-step": "Ghost Movement: one orthogonal step at a time (a portal joins the two ends of its row)",
        "crosses-ghost": "Ghost Movement: ghosts cannot pass through or share a square with another ghost",
        "enters-ghost-house": "Ghost House: once out, a ghost re-enters only when sent back after being eaten",
        "after-portal": "Portals: a ghost's move ends when it uses a portal",
        "after-piecepackman": "Attacking / Getting Eaten: a ghost entering Piecepackman's square attacks or is eaten there",
    }
    facts = {
        "phase": "Turn Phases",
        "lives": "Ending the Game: one life on the board and three extra lives",
        "hunger": "Special Rules for Ghost Hunger: turns of hunger left",
        "objective": "Moving Piecepackman: he keeps an objective he did not reach",
        "piecepackman_cubes": "Moving Piecepackman: he eats every cube he enters",
        "ghost_cubes": "Collecting Energy Cubes",
        "cubes_left": "Ending the Game: the level ends when the board is clear",
        "dangerous": "Glossary: Dangerous",
        "immune": "Glossary: Immune",
        "winner": "Ending the Game",
        "piecepackman": "Moving Piecepackman: his square and the way he faces",
        "ghosts": "Ghost Movement: the ghosts' squares",
        "power_coins": "Setup: the power coins still on the board",
        "item_costs": "Moving Piecepackman: a step or a quarter turn costs one point (turns are free in Ghost Hunger)",
        "path_costs": "Moving Piecepackman: he heads for the nearest cube or power coin of the rolled suit",
    }

    def __init__(self, ghosts: tuple[str, ...] = SUITS):
        """The game with these ghosts in play: all four, or three (the three-player game)."""
        if len(set(ghosts)) != len(ghosts) or len(ghosts) not in (3, 4) or any(g not in SUITS for g in ghosts):
            raise ValueError(f"ghosts: three or four different suits of {', '.join(SUITS)}, not {ghosts!r}")
        self.ghost_suits = tuple(sorted(SUITS.index(g) for g in ghosts))
        """The suits (indexes) of the ghosts in play; each is also a die Piecepackman rolls."""
        self.players = tuple(SUITS[g] for g in self.ghost_suits)
        self.seat = {g: i for i, g in enumerate(self.ghost_suits)}
        """Ghost suit -> player index."""
        missing = [g for g in range(4) if g not in self.ghost_suits]
        self.wild = missing[0] if missing else -1
        """The suit of wild energy cubes (the ghost out of play), or -1."""
        self.roll_outcomes = roll_outcomes(self.ghost_suits)
        self.roll_moves = frozenset(m for m, _ in self.roll_outcomes)

    def with_ghosts(self, ghost_suits: tuple[int, ...]) -> PiecepackmanGame:
        """This game if it has these ghosts in play, else the game that has."""
        if ghost_suits == self.ghost_suits:
            return self
        return PiecepackmanGame(tuple(SUITS[g] for g in ghost_suits))

    def verdict(self, code: str, detail: str = "") -> Verdict:
        """An illegal verdict with the rule of ``code``."""
        words = self.reasons[code]
        return Verdict(False, code, f"{words} ({detail})" if detail else words)

    def initial_state(self, rng: random.Random | None = None, level_id: str = DEFAULT_LEVEL) -> PiecepackmanState:
        """The start of a level with its energy cubes scattered by ``rng`` (seed 0 without one)."""
        level = get_level(level_id)
        seed = rng.randrange(1 << 30) if rng is not None else 0
        return self.start_of(level, seed)

    def start_of(self, level: Level, seed: int) -> PiecepackmanState:
        """The start of a level with the cube scatter of ``seed``."""
        index = level.maze.index
        cubes = {index[c]: s for c, s in scatter_cubes(level, seed).items()}
        return PiecepackmanState(self, level, cubes)

    # -- positions ----------------------------------------------------------------------------
    def parse_position(self, text: str) -> PiecepackmanState:
        fields: dict[str, str] = {}
        for token in text.split():
            key, sep, value = token.partition("=")
            if not sep or key in fields:
                raise ValueError(f"bad token '{token}'")
            fields[key] = value
        needed = ("level", "ppm", "lives", "stash", "obj", "hunger", "coins", "ghosts", "gstash",
                  "immune", "lost", "cubes", "total", "phase")
        missing = [k for k in needed if k not in fields]
        if missing or len(fields) != len(needed):
            raise ValueError(f"position needs exactly {', '.join(needed)}")
        try:
            level = get_level(fields["level"])
        except KeyError:
            raise ValueError(f"unknown level '{fields['level']}'") from None
        index = level.maze.index

        def cell(name: str) -> int:
            parsed = parse_cell_name(name)
            if parsed not in index:
                raise ValueError(f"'{name}' is not a board cell")
            return index[parsed]

        def counts(value: str) -> list[int]:
            parts = [int(v) for v in value.split(".")]
            if len(parts) != 4 or min(parts) < 0:
                raise ValueError(f"expected four counts, not '{value}'")
            return parts

        cubes: dict[int, int] = {}
        if fields["cubes"] != "-":
            for item in fields["cubes"].split("."):
                cubes[cell(item[:-1])] = SUIT_LETTERS.index(item[-1])
        ghosts = fields["ghosts"].split(".")
        if len(ghosts) != 4:
            raise ValueError("ghosts lists four suits")
        game = self.with_ghosts(tuple(g for g in range(4) if ghosts[g] != "-"))
        state = PiecepackmanState(game, level, cubes, start_text="-")
        ppm = fields["ppm"]
        state.ppm, state.facing = cell(ppm[:-1]), FACING_LETTERS.index(ppm[-1])
        state.lives = int(fields["lives"])
        state.pstash = counts(fields["stash"])
        obj = fields["obj"]
        state.coin_only = obj.endswith("!")
        state.objective = -1 if obj == "-" else SUITS.index(obj.rstrip("!"))
        state.starting = fields["hunger"].endswith("!")
        state.hunger = int(fields["hunger"].rstrip("!"))
        coins = fields["coins"].split(".")
        if len(coins) != 4:
            raise ValueError("coins lists four suits")
        state.coins = [-1 if c == "-" else cell(c) for c in coins]
        state.gpos = [-1 if c == "-" else cell(c) for c in ghosts]
        state.gstash = counts(fields["gstash"])
        state.immune = [g in _suit_list(fields["immune"]) for g in range(4)]
        state.lost = [g in _suit_list(fields["lost"]) for g in range(4)]
        state.total = int(fields["total"])
        phase, _, rest = fields["phase"].partition(":")
        if phase not in ("ppm", "bonus", "flip", "order", "ghost-roll", "ghost-move", "over"):
            raise ValueError(f"unknown phase '{phase}'")
        state.phase = phase
        if phase == "ghost-move":
            order, _, roll = rest.partition("/")
            state.pending, state.roll = _suit_list(order), int(roll)
        elif phase == "over":
            state.winner = rest
        elif phase != "ppm":
            state.pending = _suit_list(rest)
        state.bonus = phase == "bonus"
        if phase in ("order", "ghost-roll", "ghost-move", "flip") and not state.pending:
            raise ValueError(f"phase '{phase}' needs suits")
        state.start_text = state.position_text()
        return state

    def position_from_data(self, data: Any) -> PiecepackmanState:
        if not isinstance(data, Mapping):
            raise DataError("a position is a mapping", ())
        level_data = data.get("level", DEFAULT_LEVEL)
        if isinstance(level_data, Mapping):
            level = level_from_data(level_data)
            register_level(level)
        else:
            try:
                level = get_level(str(level_data))
            except KeyError:
                raise DataError(f"unknown level '{level_data}'", ("level",)) from None
        index = level.maze.index

        def cell(value: Any, loc: tuple[object, ...]) -> int:
            parsed = parse_cell_name(value) if isinstance(value, str) else None
            if parsed not in index:
                raise DataError(f"'{value}' is not a square of the board", loc)
            return index[parsed]

        def suit_map(value: Any, loc: tuple[object, ...]) -> Mapping:
            if not isinstance(value, Mapping):
                raise DataError("expected a mapping of suits", loc)
            for key in value:
                if key not in SUITS:
                    raise DataError(f"unknown suit '{key}'", (*loc, key))
            return value

        def count(value: Any, loc: tuple[object, ...]) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise DataError(f"expected a whole number, not {value!r}", loc)
            return value

        if "cubes" in data:
            cubes = {}
            for suit, cells in suit_map(data["cubes"], ("cubes",)).items():
                if not isinstance(cells, list):
                    raise DataError("a list of squares", ("cubes", suit))
                for i, c in enumerate(cells):
                    cubes[cell(c, ("cubes", suit, i))] = SUITS.index(suit)
        else:
            cubes = {index[c]: s for c, s in scatter_cubes(level, count(data.get("seed", 0), ("seed",))).items()}
        state = PiecepackmanState(self, level, cubes, start_text="-")
        ppm = data.get("piecepackman", {})
        if isinstance(ppm, str):
            ppm = {"at": ppm}
        if not isinstance(ppm, Mapping):
            raise DataError("piecepackman: a square or a mapping", ("piecepackman",))
        if "at" in ppm:
            state.ppm = cell(ppm["at"], ("piecepackman", "at"))
        facing = str(ppm.get("facing", "west"))
        words = ("north", "east", "south", "west")
        if facing[:1] not in FACING_LETTERS or (len(facing) > 1 and facing not in words):
            raise DataError("facing is north, east, south or west", ("piecepackman", "facing"))
        state.facing = FACING_LETTERS.index(facing[0])
        state.lives = count(ppm.get("lives", EXTRA_LIVES), ("piecepackman", "lives"))
        for suit, n in suit_map(ppm.get("cubes", {}), ("piecepackman", "cubes")).items():
            state.pstash[SUITS.index(suit)] = count(n, ("piecepackman", "cubes", suit))
        objective = ppm.get("objective")
        if objective is not None:
            text = str(objective)
            if text.rstrip("!") not in SUITS:
                raise DataError("objective is a suit (add ! for a high ace's power coin)", ("piecepackman", "objective"))
            state.objective, state.coin_only = SUITS.index(text.rstrip("!")), text.endswith("!")
        state.hunger = count(ppm.get("hunger", 0), ("piecepackman", "hunger"))
        for suit, value in suit_map(data.get("power_coins", {}), ("power_coins",)).items():
            state.coins[SUITS.index(suit)] = -1 if value in (None, "-") else cell(value, ("power_coins", suit))
        for suit, value in suit_map(data.get("ghosts", {}), ("ghosts",)).items():
            g = SUITS.index(suit)
            loc = ("ghosts", suit)
            if g not in self.ghost_suits:
                raise DataError(f"the {suit} ghost is out of play", loc)
            if isinstance(value, str):
                value = {"at": value}
            if not isinstance(value, Mapping):
                raise DataError("a ghost is a square or a mapping", loc)
            if "at" in value:
                state.gpos[g] = cell(value["at"], (*loc, "at"))
            state.gstash[g] = count(value.get("cubes", 0), (*loc, "cubes"))
            state.immune[g] = bool(value.get("immune", False))
            state.lost[g] = bool(value.get("lost_turn", False))
        if len({p for p in state.gpos if p >= 0}) != len(self.ghost_suits):
            raise DataError("two ghosts share a square", ("ghosts",))
        state.total = count(data.get("total", len(cubes) + sum(state.pstash) + sum(state.gstash)), ("total",))
        to_move = data.get("to_move")
        if to_move is not None:
            if not isinstance(to_move, Mapping) or to_move.get("ghost") not in SUITS:
                raise DataError("to_move: {ghost: SUIT, roll: N, then: [SUITS]}", ("to_move",))
            then = to_move.get("then", [])
            if not isinstance(then, list) or any(s not in SUITS for s in then):
                raise DataError("then: a list of suits", ("to_move", "then"))
            roll = count(to_move.get("roll", 0), ("to_move", "roll"))
            if roll > 5:
                raise DataError("a ghost rolls 0 to 5", ("to_move", "roll"))
            state.phase = "ghost-move"
            state.pending = tuple(SUITS.index(s) for s in [to_move["ghost"], *then])
            state.roll = roll
        state.start_text = state.position_text()
        return state

    # -- moves --------------------------------------------------------------------------------
    def parse_move(self, state: State, text: str) -> Move:
        assert isinstance(state, PiecepackmanState)
        text = text.strip()
        try:
            if text.startswith("ppm:"):
                dice = dict(part.split("=") for part in text[4:].split(","))
                faces = {"n": 1, "0": 1, "a": 6, "A": 6, "1": 6}
                values = {SUITS.index(s): faces.get(v, None) or int(v) for s, v in dice.items()}
                if tuple(sorted(values)) != self.ghost_suits or not all(1 <= v <= 6 for v in values.values()):
                    raise ValueError
                top = max(values.values())
                return ("roll", top, tuple(s for s in self.ghost_suits if values[s] == top))
            if text.startswith("ppm"):
                value, _, suits = text[3:].partition("=")
                return ("roll", int(value), _suit_list(suits))
            if text.startswith("flip"):
                return ("flip", int(text[4:]))
            if text.startswith("order="):
                return ("order", _suit_list(text[6:]))
            if text.startswith("die"):
                return ("die", int(text[3:]))
            ghost, sep, cells = text.partition(":")
            if sep and ghost in SUITS:
                if cells == "stay":
                    return ("walk", SUITS.index(ghost), ())
                index = state.maze.index
                walk = []
                for name in cells.split("-"):
                    parsed = parse_cell_name(name)
                    if parsed not in index:
                        raise ValueError
                    walk.append(index[parsed])
                return ("walk", SUITS.index(ghost), tuple(walk[1:]) if walk and walk[0] == state.gpos[SUITS.index(ghost)] else tuple(walk))
        except (ValueError, IndexError):
            pass
        raise ValueError(f"not a Piecepackman move: '{text}'")

    def format_move(self, state: State, move: Move) -> str:
        assert isinstance(state, PiecepackmanState)
        kind = move[0]
        if kind == "roll":
            return f"ppm{move[1]}=" + "+".join(SUITS[s] for s in move[2])
        if kind == "flip":
            return f"flip{move[1]}"
        if kind == "order":
            return "order=" + "+".join(SUITS[s] for s in move[1])
        if kind == "die":
            return f"die{move[1]}"
        ghost, walk = move[1], move[2]
        if not walk:
            return f"{SUITS[ghost]}:stay"
        order = state.maze.order
        return f"{SUITS[ghost]}:" + "-".join(cell_name(order[c]) for c in (state.gpos[ghost], *walk))

    def move_cells(self, state: State, move: Move) -> list[str]:
        assert isinstance(state, PiecepackmanState)
        order = state.maze.order
        if move[0] == "walk":
            return [cell_name(order[c]) for c in (state.gpos[move[1]], *move[2])]
        if move[0] == "roll":
            after = state.clone()
            after.apply(move)
            return [cell_name(order[c]) for c in after.trail]
        return []

    def setup_problem(self, state: State) -> str | None:
        assert isinstance(state, PiecepackmanState)
        fresh = PiecepackmanState(self, state.level, state.cubes)
        if fresh.key() != state.key():
            return "pieces, stashes or phase differ from the level's start"
        allowed = {state.maze.index[c] for c in cube_squares(state.level)}
        if any(c not in allowed for c in state.cubes):
            return "an energy cube lies in the Ghost House, on a power coin, on Piecepackman's start or out of reach"
        per_suit = [sum(1 for s in state.cubes.values() if s == suit) for suit in range(4)]
        if per_suit != [6, 6, 6, 6]:
            return f"expected six energy cubes of each suit, not {per_suit}"
        return None

    # -- the table ----------------------------------------------------------------------------
    def table(self, state: State, view: Mapping[str, Any]) -> Table:
        assert isinstance(state, PiecepackmanState)
        order = state.maze.order
        pieces: list[Piece] = [
            Piece("tile", tile.x + 1.0, tile.y + 1.0, side="back") for tile in BOARD.tiles
        ]
        for i, stick in enumerate(state.level.sticks):
            cx, cy = stick.centre()
            pieces.append(Piece(
                "matchstick", cx, cy, suit=SUITS[i % 4], rank=1 if stick.span == 1 else 3,
                angle=90.0 if stick.horizontal else 0.0, length=MATCHSTICK_LENGTHS[stick.span],
            ))

        def centre(i: int) -> tuple[float, float]:
            x, y = order[i]
            return x + 0.5, y + 0.5

        if _view_flag(view, "cubes", True):
            for cell, suit in sorted(state.cubes.items()):
                pieces.append(Piece("cube", *centre(cell), suit=SUITS[suit], rank=0))
        for suit, cell in enumerate(state.coins):
            if cell >= 0:
                pieces.append(Piece("coin", *centre(cell), suit=SUITS[suit], side="back"))
        pieces.append(Piece(
            "piecepackman", *centre(state.ppm), angle=FACING_ANGLES[state.facing],
            label=SUITS[state.objective] if state.objective >= 0 else None,
        ))
        for ghost in self.ghost_suits:
            cell = state.gpos[ghost]
            pieces.append(Piece("pawn", *centre(cell), suit=SUITS[ghost], label="immune" if state.immune[ghost] else None))
        cells = {cell_name(c): square_polygon(float(c[0]), float(c[1])) for c in order}
        cells.update({cell_name(c): square_polygon(float(c[0]), float(c[1])) for c in PORTAL_SQUARES})
        table = Table(pieces=pieces, cells=cells, bounds=(0.0, 0.0, 10.0, 10.0))
        if _view_flag(view, "costs", False):
            for cell, cost in sorted(state.item_costs().items()):
                x, y = order[cell]
                table.marks.append(Label((x + 0.5, y + 0.84), str(cost), kind="highlight"))
        if _view_flag(view, "layout", False):
            _add_table_layout(state, table)
        return table


LAYOUT_X = 10.6
"""Left edge of the areas beside the board in a ``layout`` view (inches)."""
OBJECTIVE_MARKERS = {"arms": 1, "suns": 2, "crowns": 3, "moons": 4}
"""The objective and hunger-timer marker coins: ace of arms, 2 of suns, 3 of crowns, 4 of moons."""


def _add_table_layout(state: PiecepackmanState, table: Table) -> None:
    """The areas beside the board of a sample table: extra lives, his cube stash, the spare markers and
    the ghosts' cube stashes, each under a named strip (``lives``, ``stash``, ``markers``, ``ghost-stashes``)
    that a figure's labels can point at."""
    pieces = table.pieces

    def strip(name: str, top: float) -> None:
        table.cells[name] = ((LAYOUT_X, top - 0.35), (LAYOUT_X + 4.0, top - 0.35), (LAYOUT_X + 4.0, top), (LAYOUT_X, top))

    strip("lives", 10.0)
    for i in range(state.lives):
        pieces.append(Piece("coin", LAYOUT_X + 0.5 + 0.9 * i, 9.15, rank=0))
    strip("stash", 8.5)
    for suit in range(4):
        for i in range(state.pstash[suit]):
            pieces.append(Piece("cube", LAYOUT_X + 0.3 + 0.45 * i, 7.85 - 0.45 * suit, suit=SUITS[suit], rank=0))
    strip("markers", 5.8)
    spare = [s for s in SUITS if state.objective < 0 or SUITS[state.objective] != s]
    for i, suit in enumerate(spare):
        pieces.append(Piece("coin", LAYOUT_X + 0.5 + 0.95 * i, 4.95, suit=suit, rank=OBJECTIVE_MARKERS[suit]))
    strip("ghost-stashes", 4.1)
    for suit in state.game.ghost_suits:
        y = 3.25 - 0.9 * suit
        pieces.append(Piece("coin", LAYOUT_X + 0.5, y, suit=SUITS[suit], side="back"))
        for i in range(state.gstash[suit]):
            pieces.append(Piece("cube", LAYOUT_X + 1.25 + 0.45 * i, y, suit=SUITS[suit], rank=0))
    table.bounds = (0.0, 0.0, LAYOUT_X + 4.0, 10.0)


def _view_flag(view: Mapping[str, Any], key: str, default: bool) -> bool:
    """A true/false display option of a figure's ``view``."""
    value = view.get(key, default)
    if not isinstance(value, bool):
        raise DataError(f"{key}: true or false", ("view", key))
    return value


MATCHSTICK_LENGTHS = {1: 13 / 16, 2: 1 + 13 / 16}
"""Matchstick lengths in inches: an A-stick spans one cell edge, a 3-stick two."""
FACING_ANGLES = (90.0, 0.0, 270.0, 180.0)
"""The angle of Piecepackman's mouth for each facing (counter-clockwise from east)."""

GAME = PiecepackmanGame()
