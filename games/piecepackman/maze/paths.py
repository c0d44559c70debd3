"""Least-cost paths for a walker with a facing (Piecepackman).

The walker stands on a cell facing one of the four directions of
:data:`ppprint.api.ORTHOGONAL` (0 north, 1 east, 2 south, 3 west).
A step forward costs one point, and so does a quarter turn unless turns are
free (Ghost Hunger). Among paths of least cost the fewest turns win; the paths
that still tie are all allowed. A path is the tuple of ``(cell, facing)``
states from the start, one state per step or quarter turn.

The search is Dijkstra over ``(cell, facing)`` states on the dense step table
of :class:`~ppprint.api.WallMaze`, with the weight
``cost * 2**20 + turns`` so one search settles both the cost and the tie-break.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ppprint.api import Cell, WallMaze

TURN_SCALE = 1 << 20
"""Weight of one point; a turn adds 1 on top, so turns only break ties of cost."""
UNREACHED = 1 << 62
"""The weight of a state no search reaches (above any real weight)."""

PATH_LIMIT = 4096
"""At most this many tied paths are listed (mazes of one-wide corridors have a handful)."""

PathState = tuple[Cell, int]
Path = tuple[PathState, ...]


@dataclass(frozen=True)
class PathSet:
    """The allowed paths to an objective: their cost in points, turns, and the paths themselves."""

    cost: int
    turns: int
    paths: frozenset[Path]
    first: Path
    """The path the engine walks: the first of the tied paths in cell-index order."""
    complete: bool = True
    """False if more than :data:`PATH_LIMIT` paths tied and only some are listed."""

    @property
    def ends(self) -> frozenset[Cell]:
        """The objective cells the allowed paths reach."""
        return frozenset(path[-1][0] for path in self.paths)


@dataclass
class Search:
    """The raw result of one search on state indexes ``4 * cell_index + facing``."""

    weight: int
    dist: list[int]
    preds: dict[int, list[int]]
    ends: list[int]
    start: int



def search(
    maze: WallMaze,
    start: int,
    facing: int,
    targets: set[int],
    blocked: set[int] | frozenset[int] = frozenset(),
    free_turns: bool = False,
) -> Search | None:
    """Dijkstra from cell index ``start`` to any cell index in ``targets``; ``None`` if none is reachable."""
    table = maze.step_table
    infinity = UNREACHED
    dist = [infinity] * len(table)
    preds: dict[int, list[int]] = {}
    turn_weight = 1 if free_turns else TURN_SCALE + 1
    source = 4 * start + facing
    dist[source] = 0
    heap = [(0, source)]
    best = infinity
    ends: list[int] = []
    while heap:
        weight, state = heapq.heappop(heap)
        if weight > dist[state]:
            continue
        if weight > best:
            break
        cell, face = state >> 2, state & 3
        if cell in targets:
            best = weight
            ends.append(state)
            continue
        nxt = table[state]
        moves = [(4 * cell + ((face + 1) & 3), turn_weight), (4 * cell + ((face + 3) & 3), turn_weight)]
        if nxt >= 0 and nxt not in blocked:
            moves.append((4 * nxt + face, TURN_SCALE))
        for target, cost in moves:
            total = weight + cost
            if total < dist[target]:
                dist[target] = total
                preds[target] = [state]
                heapq.heappush(heap, (total, target))
            elif total == dist[target]:
                preds[target].append(state)
    if not ends:
        return None
    return Search(best, dist, preds, ends, source)


def _successors(found: Search) -> dict[int, list[int]]:
    """The optimal-path DAG read forwards: state -> the next states on some optimal path."""
    succ: dict[int, list[int]] = {}
    seen = set(found.ends)
    frontier = list(found.ends)
    while frontier:
        state = frontier.pop()
        for pred in found.preds.get(state, ()):
            succ.setdefault(pred, []).append(state)
            if pred not in seen:
                seen.add(pred)
                frontier.append(pred)
    return succ


def first_path(found: Search) -> list[int]:
    """The canonical optimal path as state indexes: always the smallest next state."""
    succ = _successors(found)
    ends = set(found.ends)
    state = found.start
    path = [state]
    while state not in ends:
        state = min(succ[state])
        path.append(state)
    return path


def _all_paths(found: Search, limit: int) -> tuple[list[list[int]], bool]:
    """Every optimal path (up to ``limit``) as state indexes."""
    paths: list[list[int]] = []
    stack: list[tuple[int, list[int]]] = [(end, [end]) for end in sorted(found.ends)]
    while stack:
        state, tail = stack.pop()
        if state == found.start:
            paths.append(tail[::-1])
            if len(paths) >= limit:
                return paths, False
            continue
        for pred in found.preds[state]:
            stack.append((pred, tail + [pred]))
    return paths, True


def count_turns(path: list[int]) -> int:
    """Quarter turns along a path of state indexes."""
    return sum(1 for a, b in zip(path, path[1:]) if a >> 2 == b >> 2)


def allowed_paths(
    maze: WallMaze,
    start: Cell,
    facing: int,
    objectives: Iterable[Cell],
    blocked: Iterable[Cell] = (),
    free_turns: bool = False,
) -> PathSet | None:
    """The least-cost paths from ``start`` (facing ``facing``) to the nearest of ``objectives``.

    ``blocked`` cells are never entered (Dangerous ghosts, the Ghost House).
    Returns ``None`` when no objective can be reached.
    """
    index = maze.index
    targets = {index[c] for c in objectives if c in index}
    avoid = frozenset(index[c] for c in blocked if c in index)
    found = search(maze, index[start], facing, targets, avoid, free_turns)
    if found is None:
        return None
    order = maze.order

    def as_path(states: list[int]) -> Path:
        return tuple((order[s >> 2], s & 3) for s in states)

    paths, complete = _all_paths(found, PATH_LIMIT)
    first = first_path(found)
    turns = count_turns(first)
    cost = (found.weight - turns) // TURN_SCALE
    return PathSet(cost, turns, frozenset(as_path(p) for p in paths), as_path(first), complete)


def cost_map(
    maze: WallMaze,
    start: int,
    facing: int,
    blocked: set[int] | frozenset[int] = frozenset(),
    free_turns: bool = False,
) -> dict[int, int]:
    """The least cost in points from cell index ``start`` (facing ``facing``) to every reachable cell index.

    The same weights as :func:`search`, so a cost here is the cost of the path he walks to that cell.
    """
    table = maze.step_table
    infinity = UNREACHED
    dist = [infinity] * len(table)
    turn_weight = 1 if free_turns else TURN_SCALE + 1
    source = 4 * start + facing
    dist[source] = 0
    heap = [(0, source)]
    costs: dict[int, int] = {}
    while heap:
        weight, state = heapq.heappop(heap)
        if weight > dist[state]:
            continue
        cell, face = state >> 2, state & 3
        costs.setdefault(cell, weight // TURN_SCALE)
        nxt = table[state]
        moves = [(4 * cell + ((face + 1) & 3), turn_weight), (4 * cell + ((face + 3) & 3), turn_weight)]
        if nxt >= 0 and nxt not in blocked:
            moves.append((4 * nxt + face, TURN_SCALE))
        for target, cost in moves:
            if weight + cost < dist[target]:
                dist[target] = weight + cost
                heapq.heappush(heap, (weight + cost, target))
    return costs


_MOVES: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}


def _moves(maze: WallMaze) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Per state ``4 * cell + facing``: the two quarter turns, and the state a step forward reaches (-1: a wall),
    cached per step table (see :data:`_TABLES`)."""
    table = maze.step_table
    moves = _MOVES.get(id(table))
    if moves is None:
        turns = tuple(((state & ~3) | ((state + 1) & 3), (state & ~3) | ((state + 3) & 3)) for state in range(len(table)))
        steps = tuple(-1 if table[state] < 0 else 4 * table[state] + (state & 3) for state in range(len(table)))
        moves = _MOVES[id(table)] = (turns, steps)
        _TABLES[id(table)] = table
    return moves


_BACK: dict[int, tuple[tuple[int, ...], ...]] = {}
"""Per step table (by id; :data:`_TABLES` keeps it alive): ``back[state]``, the states a step forward arrives on
``state`` from."""
_TABLES: dict[int, tuple[int, ...]] = {}


def _back_table(table: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    back = _BACK.get(id(table))
    if back is None:
        found: list[list[int]] = [[] for _ in table]
        for state, target in enumerate(table):
            if target >= 0:
                found[4 * target + (state & 3)].append(state)
        back = _BACK[id(table)] = tuple(map(tuple, found))
        _TABLES[id(table)] = table
    return back


RouteFound = tuple[int, list[int], list[int]]
"""A route as the engine walks it: :func:`search`'s weight, :func:`first_path` and the sorted end states."""


def route(
    maze: WallMaze,
    start: int,
    facing: int,
    targets: set[int] | frozenset[int],
    blocked: set[int] | frozenset[int] = frozenset(),
    free_turns: bool = False,
) -> RouteFound | None:
    """What the engine walks to the nearest of ``targets``, exactly as :func:`search` and :func:`first_path` find it,
    or ``None`` when none can be reached."""
    return routes(maze, start, facing, [targets], blocked, free_turns)[0]


def routes(
    maze: WallMaze,
    start: int,
    facing: int,
    target_sets: Sequence[set[int] | frozenset[int]],
    blocked: set[int] | frozenset[int] = frozenset(),
    free_turns: bool = False,
    first: bool = False,
) -> list[RouteFound | None]:
    """:func:`route` to each set of targets, from one search; with ``first``, only as far as the first set (in
    order) that can be reached needs (the later ones are ``None``).

    The search (:func:`_layers`) goes through target squares too: no state cheaper than a set's nearest target is
    reached more cheaply through a target of that set, so each set's weight and ends are those of a search that
    stops at its targets. A route's states are then read back along the tight edges from its ends.
    """
    dist = [UNREACHED] * len(maze.step_table)
    source = 4 * start + facing
    pending = [n for n, targets in enumerate(target_sets) if targets]
    found: dict[int, list[int]] = {}
    if pending:
        for layer in _layers(maze, dist, source, blocked, free_turns):
            for n in list(pending):
                reached = [state for state in layer if state >> 2 in target_sets[n]]
                if reached:
                    found[n] = reached
                    pending.remove(n)
            if not pending or (first and found and min(found) < min(pending)):
                break
    results: list[RouteFound | None] = [None] * len(target_sets)
    turn_weight = 1 if free_turns else TURN_SCALE + 1
    for n, reached in sorted(found.items()):
        results[n] = _read_route(maze, dist, source, reached, target_sets[n], blocked, turn_weight)
        if first:
            break
    return results


def _layers(maze: WallMaze, dist: list[int], source: int, blocked: set[int] | frozenset[int], free_turns: bool) -> Iterator[list[int]]:
    """The search from state ``source``, breadth first by points (every step costs a point, and so does a turn
    unless turns are free), into ``dist`` (all :data:`UNREACHED`): each layer holds the states of one cost in
    points, each with its fewest turns, settled when it is yielded. No predecessors are recorded."""
    infinity = UNREACHED
    turn_weight = 1 if free_turns else TURN_SCALE + 1
    turns_of, steps_of = _moves(maze)
    dist[source] = 0
    layer = [source]
    while layer:
        if free_turns:
            # Turns are free of points: within the layer each cell's facings take their fewest turns.
            for state in list(layer):
                total = dist[state] + 1
                left, right = turns_of[state]
                if total < dist[left]:
                    if dist[left] == infinity:
                        layer.append(left)
                    dist[left] = total
                if total < dist[right]:
                    if dist[right] == infinity:
                        layer.append(right)
                    dist[right] = total
                opposite = state ^ 2
                if total + 1 < dist[opposite]:
                    if dist[opposite] == infinity:
                        layer.append(opposite)
                    dist[opposite] = total + 1
        yield layer
        following: list[int] = []
        append = following.append
        for state in layer:
            weight = dist[state]
            if not free_turns:
                total = weight + turn_weight
                left, right = turns_of[state]
                if total < dist[left]:
                    if dist[left] == infinity:
                        append(left)
                    dist[left] = total
                if total < dist[right]:
                    if dist[right] == infinity:
                        append(right)
                    dist[right] = total
            stepped = steps_of[state]
            if stepped >= 0 and stepped >> 2 not in blocked:
                total = weight + TURN_SCALE
                if total < dist[stepped]:
                    if dist[stepped] == infinity:
                        append(stepped)
                    dist[stepped] = total
        layer = following


class Distances:
    """The search of :func:`routes` from one start and facing, run only as far as the routes read from it need
    (:func:`routes_in`), and kept for more: every state's weight once the search has settled it."""

    def __init__(
        self,
        maze: WallMaze,
        start: int,
        facing: int,
        blocked: set[int] | frozenset[int] = frozenset(),
        free_turns: bool = False,
    ) -> None:
        self.maze, self.start, self.facing, self.blocked, self.free_turns = maze, start, facing, blocked, free_turns
        dist = [UNREACHED] * len(maze.step_table)
        self.dist: list[int] | array[int] = dist
        """Each state's weight: final up to :attr:`settled` points, :data:`UNREACHED` beyond the search so far."""
        self.settled = -1
        """The points up to which the search has run (every state of at most these points has its weight)."""
        self._layers: Iterator[list[int]] | None = _layers(maze, dist, 4 * start + facing, blocked, free_turns)

    def reach(self, targets: set[int] | frozenset[int]) -> None:
        """Run the search on until a state of a square of ``targets`` is settled, or to its end."""
        if not targets or self._layers is None:
            return
        dist, settled = self.dist, self.settled
        for cell in targets:
            for state in range(4 * cell, 4 * cell + 4):
                if dist[state] // TURN_SCALE <= settled:
                    return
        # A layer holds every state of its points: the first with a target's state settles one.
        for layer in self._layers:
            self.settled = dist[layer[0]] // TURN_SCALE
            for state in layer:
                if state >> 2 in targets:
                    return
        self._layers = None
        self.dist = array("q", dist)  # a quarter of the memory, and nothing for the garbage collector


def routes_in(
    found: Distances,
    target_sets: Sequence[set[int] | frozenset[int]],
    first: bool = False,
    avoid: set[int] | frozenset[int] = frozenset(),
) -> list[RouteFound | None] | None:
    """:func:`routes` from the start, facing, blocked squares and turns of a search, read from it (run on as far
    as they need).

    With ``avoid``, squares that block him now but not in the search: the routes with those blocked too, or
    ``None`` when a route read could pass one of them. (A search that blocks more squares never finds a cheaper
    state, so when no tight path to a route's ends enters them, their weights, ends and tight paths are unchanged.)
    """
    turn_weight = 1 if found.free_turns else TURN_SCALE + 1
    results: list[RouteFound | None] = [None] * len(target_sets)
    for n, targets in enumerate(target_sets):
        found.reach(targets)
        dist = found.dist
        # The target states of the fewest points.
        least = never = UNREACHED // TURN_SCALE
        reached: list[int] = []
        for cell in targets:
            for state in range(4 * cell, 4 * cell + 4):
                points = dist[state] // TURN_SCALE
                if points < least:
                    least, reached = points, [state]
                elif points == least != never:
                    reached.append(state)
        if not reached:
            continue
        route = _read_route(found.maze, dist, 4 * found.start + found.facing, reached, targets, found.blocked, turn_weight, avoid)
        if route is None:
            return None
        results[n] = route
        if first:
            break
    return results


def _read_route(
    maze: WallMaze,
    dist: Sequence[int],
    source: int,
    reached: list[int],
    targets: set[int] | frozenset[int],
    blocked: set[int] | frozenset[int],
    turn_weight: int,
    avoid: set[int] | frozenset[int] = frozenset(),
) -> RouteFound | None:
    """The route to the cheapest of the target states ``reached`` in one layer: its weight, the path along the
    tight edges (always the least next state), and the sorted ends; ``None`` if a tight path to an end enters a
    square of ``avoid``."""
    best = min(map(dist.__getitem__, reached))
    ends = [state for state in reached if dist[state] == best]
    turns_of, steps_of = _moves(maze)
    back = _back_table(maze.step_table)
    # Most routes have one end and one tight edge into each of their states: then the states back from the end
    # are all that reach it, and the route.
    state = ends[0]
    path = [state]
    while len(ends) == 1:
        cell = state >> 2
        if cell in avoid:
            return None
        if state == source:
            return best, path[::-1], ends
        here = dist[state]
        tight, count = -1, 0
        if cell not in targets:
            weight = here - turn_weight
            for pred in turns_of[state]:
                if dist[pred] == weight:
                    tight, count = pred, count + 1
        if cell not in blocked:
            weight = here - TURN_SCALE
            for pred in back[state]:
                if dist[pred] == weight and pred >> 2 not in targets:
                    tight, count = pred, count + 1
        if count != 1:
            break
        state = tight
        path.append(state)
    # The states that reach an end along tight edges (those of search's predecessor lists: never out of a target).
    useful = set(ends)
    frontier = list(ends)
    while frontier:
        state = frontier.pop()
        here = dist[state]
        cell = state >> 2
        if cell in avoid:
            return None
        if cell not in targets:
            weight = here - turn_weight
            for pred in turns_of[state]:
                if dist[pred] == weight and pred not in useful:
                    useful.add(pred)
                    frontier.append(pred)
        if cell in blocked:
            continue
        weight = here - TURN_SCALE
        for pred in back[state]:
            if dist[pred] == weight and pred not in useful and pred >> 2 not in targets:
                useful.add(pred)
                frontier.append(pred)
    # Forward from the source, always to the least next state on a tight edge that still reaches an end.
    end_set = set(ends)
    state = source
    path = [state]
    while state not in end_set:
        here = dist[state]
        following = steps_of[state]
        if following < 0 or following not in useful or dist[following] != here + TURN_SCALE or following >> 2 in blocked:
            following = UNREACHED
        weight = here + turn_weight
        for turned in turns_of[state]:
            if turned < following and turned in useful and dist[turned] == weight:
                following = turned
        state = following
        path.append(state)
    return best, path, sorted(ends)
