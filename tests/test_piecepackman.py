"""Piecepackman: board, levels and checker, generator, path search, engine rules."""

from __future__ import annotations

import copy
import signal
import re
from pathlib import Path

import pytest

from ppprint.check import check_playout
from ppprint.engine.base import CHANCE, perft
from ppprint.games.piecepackman.engine import (
    GAME,
    ROLL_OUTCOMES,
    Die,
    Flip,
    Order,
    Phase,
    PiecepackmanGame,
    PiecepackmanState,
    Roll,
    Stay,
    Walk,
    Winner,
    move_from_text,
)
from ppprint.games.piecepackman.view import VIEW
from ppprint.errors import DataError, IllegalMoveError, InputError, InvalidMoveError, PositionError
from ppprint.geometry.square import parse_cell_name
from ppprint.geometry.walls import WallMaze, wall_edge
from ppprint.games.piecepackman.maze.board import BOARD_CELLS, board_maze
from ppprint.games.piecepackman.maze.level import (
    LEVELS_DIR,
    BudgetError,
    check_level,
    generate_level,
    get_level,
    level_from_data,
    level_to_yaml,
    scatter_cubes,
    validate_level,
)
from ppprint.games.piecepackman.maze.paths import allowed_paths
from ppprint.model.yamlio import load_yaml

EAST, NORTH, WEST = 1, 0, 3


def c(name: str) -> tuple[int, int]:
    cell = parse_cell_name(name)
    assert cell is not None
    return cell


# -- board and levels ---------------------------------------------------------------------------


def test_board_has_96_squares_and_portals_join_the_middle_rows() -> None:
    assert len(BOARD_CELLS) == 96
    assert c("a5") not in BOARD_CELLS and c("j6") not in BOARD_CELLS
    maze = board_maze(())
    assert maze.target(c("b5"), (-1, 0)) == c("i5")
    assert maze.target(c("i6"), (1, 0)) == c("b6")


def test_roundabout_is_the_published_layout() -> None:
    level = get_level("roundabout")
    assert (level.budget_three, level.budget_ace) == (24, 12)
    assert sum(s.span == 2 for s in level.sticks) == 24 and sum(s.span == 1 for s in level.sticks) == 12
    assert wall_edge(c("d6"), c("e6")) in level.walls  # A-stick between (4,6) and (5,6)
    assert wall_edge(c("e6"), c("e7")) in level.walls and wall_edge(c("f6"), c("f7")) in level.walls
    report = check_level(LEVELS_DIR / "roundabout.yaml")
    assert report.ok


@pytest.mark.parametrize("name", ["roundabout", "slip-around-the-corner", "long-and-winding-road"])
def test_shipped_levels_pass_the_checker(name: str) -> None:
    report = check_level(LEVELS_DIR / f"{name}.yaml")
    assert report.ok, report.errors
    if name != "roundabout":
        assert get_level(name).origin == "project" and report.warnings == []


def roundabout_data() -> dict:
    return copy.deepcopy(dict(load_yaml(LEVELS_DIR / "roundabout.yaml")))


def test_one_stick_too_many_fails_the_budget() -> None:
    data = roundabout_data()
    data["ace_sticks"] = [*data["ace_sticks"], "a3 top"]
    report = validate_level(level_from_data(data))
    assert [f.code for f in report.errors] == ["budget"]


def test_a_dead_end_warns_with_its_cell() -> None:
    data = roundabout_data()
    # Close a7 to the east: a7 keeps only its way north (its south side is the portal's missing square).
    data["ace_sticks"] = [*data["ace_sticks"][:-1], "a7 right"]
    report = validate_level(level_from_data(data))
    assert report.ok
    dead = [f for f in report.warnings if f.code == "dead-end"]
    assert dead and dead[0].cells == ("a7",)


def test_a_ghost_house_of_other_than_four_squares_or_with_other_exits_only_warns() -> None:
    # RULINGS: the Ghost House's size and exits are Daedalus guidelines, so warnings; the level stays usable.
    data = roundabout_data()
    data["ghost_house"] = [*data["ghost_house"], "d5"]
    report = validate_level(level_from_data(data))
    assert report.ok, [f.one_line() for f in report.errors]
    assert [f.code for f in report.warnings if f.code.startswith("ghost-house")] == ["ghost-house-size", "ghost-house-exits"]
    size = next(f for f in report.warnings if f.code == "ghost-house-size")
    assert "5 squares" in size.message and size.cells == ("d5", "e5", "f5", "e6", "f6")
    # A square off the board, or one listed twice, is still an error.
    data["ghost_house"] = ["e5", "f5", "e6", "e6"]
    assert "ghost-house" in [f.code for f in validate_level(level_from_data(data)).errors]


def test_a_stick_across_a_portal_is_an_error() -> None:
    data = roundabout_data()
    data["ace_sticks"] = [*data["ace_sticks"][:-1], "b5 left"]
    assert "portal-closed" in [f.code for f in validate_level(level_from_data(data)).errors]


def test_bad_level_data_names_the_key() -> None:
    data = roundabout_data()
    data["ace_sticks"][3] = "z99 right"
    with pytest.raises(DataError) as caught:
        level_from_data(data)
    assert caught.value.loc == ("ace_sticks", 3)
    data = roundabout_data()
    data["three_sticks"][0] = "a2 right"
    with pytest.raises(DataError):
        level_from_data(data)


def test_check_level_reports_the_line_of_bad_data(tmp_path: Path) -> None:
    text = (LEVELS_DIR / "roundabout.yaml").read_text().replace("d6 right", "d6 sideways")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        check_level(path)
    assert caught.value.line == text.splitlines().index("  - d6 sideways") + 1


def test_generator_is_reproducible_and_passes_the_guidelines() -> None:
    first = generate_level(22, 18, seed=5)
    assert level_to_yaml(first) == level_to_yaml(generate_level(22, 18, seed=5))
    assert level_to_yaml(first) != level_to_yaml(generate_level(22, 18, seed=6))
    report = validate_level(first)
    assert report.ok and report.warnings == []
    again = level_from_data(load_yaml_text(level_to_yaml(first)))
    assert again.walls == first.walls


def load_yaml_text(text: str):
    from ppprint.model.yamlio import load_yaml_text as load

    return load(text, Path("generated.yaml"))


def test_generator_refuses_an_impossible_budget() -> None:
    with pytest.raises(BudgetError):
        generate_level(2, 2, seed=0, seconds=0.3)


def test_cube_scatter_is_reproducible_and_keeps_off_forbidden_squares() -> None:
    level = get_level("roundabout")
    cubes = scatter_cubes(level, 7)
    assert cubes == scatter_cubes(level, 7) and cubes != scatter_cubes(level, 8)
    assert len(cubes) == 24 and sorted(cubes.values()) == sorted([0, 1, 2, 3] * 6)
    forbidden = set(level.ghost_house) | set(level.power_coins) | {level.piecepackman_start}
    assert not forbidden & set(cubes)


# -- path search -----------------------------------------------------------------------------------


def corridor(length: int) -> WallMaze:
    return WallMaze(frozenset((x, 0) for x in range(length)))


def test_a_step_ahead_costs_one_point() -> None:
    found = allowed_paths(corridor(3), (0, 0), EAST, [(2, 0)])
    assert found is not None and (found.cost, found.turns) == (2, 0)
    assert found.paths == {(((0, 0), EAST), ((1, 0), EAST), ((2, 0), EAST))}


def test_turning_round_costs_two_points_either_way() -> None:
    # Facing west with the cube behind him: two quarter turns and a step = 3 points (the source's example).
    found = allowed_paths(corridor(2), (1, 0), WEST, [(0, 0)])
    assert found is not None and found.cost == 1
    found = allowed_paths(corridor(2), (0, 0), WEST, [(1, 0)])
    assert found is not None and (found.cost, found.turns) == (3, 2)
    assert len(found.paths) == 2  # turn left twice or right twice: both allowed


def test_nearest_objective_counts_turns() -> None:
    # Facing east on a 5-cell corridor from the middle: 2 ahead costs 2, 1 behind costs 3.
    found = allowed_paths(corridor(5), (2, 0), EAST, [(4, 0), (1, 0)])
    assert found is not None and found.cost == 2 and found.ends == {(4, 0)}


def test_free_turns_prefer_fewest_turns_and_keep_ties() -> None:
    open3 = WallMaze(frozenset((x, y) for x in range(3) for y in range(3)))
    # Normal: E, E, turn north, N, N = 4 steps + 1 turn = 5 points; going north first needs two turns.
    normal = allowed_paths(open3, (0, 0), EAST, [(2, 2)])
    assert normal is not None and (normal.cost, normal.turns, len(normal.paths)) == (5, 1, 1)
    # Hungry: turns are free, every 4-step path costs 4, and the single one-turn path wins the tie.
    hungry = allowed_paths(open3, (0, 0), EAST, [(2, 2)], free_turns=True)
    assert hungry is not None and (hungry.cost, hungry.turns, len(hungry.paths)) == (4, 1, 1)
    # Facing north from b1: step to b2 and turn west or east -- two objectives tied, both allowed.
    tied = allowed_paths(open3, (1, 0), NORTH, [(0, 1), (2, 1)], free_turns=True)
    assert tied is not None and (tied.cost, tied.turns) == (2, 1) and tied.ends == {(0, 1), (2, 1)}


def test_portal_step_costs_one_point_and_keeps_facing() -> None:
    maze = board_maze(())
    found = allowed_paths(maze, c("b5"), WEST, [c("i5")])
    assert found is not None and found.cost == 1
    assert found.first == ((c("b5"), WEST), (c("i5"), WEST))


def test_blocked_cells_force_a_detour() -> None:
    open3 = WallMaze(frozenset((x, y) for x in range(3) for y in range(2)))
    found = allowed_paths(open3, (0, 0), EAST, [(2, 0)], blocked=[(1, 0)])
    assert found is not None and found.cost == 2 + 4 + 0 + 1  # N turn, step, E turn, 2 steps, S turn, step
    assert all((1, 0) not in [cell for cell, _ in path] for path in found.paths)


def test_unreachable_objective_gives_none() -> None:
    assert allowed_paths(corridor(3), (0, 0), EAST, [(2, 0)], blocked=[(1, 0)]) is None


# -- engine -----------------------------------------------------------------------------------------


def position(**extra) -> PiecepackmanState:
    data = {
        "level": "roundabout",
        "cubes": {},
        "power_coins": {"suns": None, "moons": None, "crowns": None, "arms": "a1"},
        "piecepackman": {"at": "f4", "facing": "west"},
    }
    data.update(extra)
    return GAME.position_from_data(data)


def test_initial_state_is_a_setup_and_round_trips() -> None:
    state = GAME.initial_state()
    assert GAME.setup_problem(state) is None
    assert state.current_player == CHANCE
    assert GAME.parse_position(state.position_text()) == state
    assert abs(sum(p for _, p in ROLL_OUTCOMES) - 1) < 1e-12 and len(ROLL_OUTCOMES) == 76


def ghost_state(**extra) -> PiecepackmanState:
    ghosts = {"suns": "d4", "moons": "e6", "crowns": "f6", "arms": "f5"}
    ghosts.update(extra.pop("ghosts", {}))
    return position(ghosts=ghosts, to_move={"ghost": "suns", "roll": extra.pop("roll", 2)}, **extra)


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("suns:d4-c4-b4", ""),
        ("suns:d4-c4-d4", "same-square"),
        ("suns:d4-c4", "not-whole-roll"),
        ("suns:d4-c4-b4-a4", "not-whole-roll"),
        ("suns:d4-d3-d2", "wall"),
        ("suns:d4-b4-a4", "not-a-step"),
        ("suns:d4-d5-e5", "enters-ghost-house"),
        ("suns:stay", "must-move"),
        ("moons:e6-d6-c6", "not-your-turn"),
    ],
)
def test_ghost_move_judgements(move: str, code: str) -> None:
    state = ghost_state(cubes={"moons": ["a4"]})
    verdict = state.explain(GAME.parse_move(state, move))
    assert (verdict.reason or "") == code and verdict.legal == (code == "")


def test_a_ghost_cannot_cross_another() -> None:
    state = ghost_state(ghosts={"moons": "c4"})
    assert state.explain(GAME.parse_move(state, "suns:d4-c4-b4")).reason == "crosses-ghost"


def test_a_portal_ends_a_ghost_move() -> None:
    state = ghost_state(ghosts={"suns": "c5"}, roll=3)
    assert state.explain(GAME.parse_move(state, "suns:c5-b5-i5")).legal
    assert state.explain(GAME.parse_move(state, "suns:c5-b5-i5-h5")).reason == "after-portal"


def test_entering_piecepackman_ends_a_ghost_move() -> None:
    state = ghost_state(piecepackman={"at": "b4"}, roll=3)
    assert state.explain(GAME.parse_move(state, "suns:d4-c4-b4")).legal
    assert state.explain(GAME.parse_move(state, "suns:d4-c4-b4-a4")).reason == "after-piecepackman"


def test_ghost_walks_perft() -> None:
    # The suns ghost on a1 (the arms coin does not stop it) rolled 2: a1-a2-a3, a1-b1-c1, a1-b1-b2
    # (a2 is walled to the east; going back to a1 is not allowed) = 3.
    state = ghost_state(ghosts={"suns": "a1"})
    assert perft(state, 1) == 3
    assert state.judge_ghost_move(0, (), 0).legal  # a null roll: the ghost stays


def test_dangerous_ghost_attack_costs_a_life_and_sends_everyone_home() -> None:
    state = ghost_state(piecepackman={"at": "c4", "cubes": {"suns": 1}}, ghosts={"suns": {"at": "e4", "cubes": 2}})
    state.apply(GAME.parse_move(state, "suns:e4-d4-c4"))
    assert state.lives == 2 and state.gstash[0] == 3 and state.pstash[0] == 0
    assert state.ppm == state.ppm_home and state.facing == WEST
    assert state.gpos == list(state.ghost_home) and state.phase is Phase.PPM


def test_vulnerable_ghost_entering_piecepackman_is_eaten_and_loses_a_turn() -> None:
    state = ghost_state(piecepackman={"at": "c4", "cubes": {"suns": 1}}, ghosts={"suns": {"at": "e4", "cubes": 1}})
    state.apply(GAME.parse_move(state, "suns:e4-d4-c4"))
    assert state.pstash[0] == 2 and state.gstash[0] == 0 and state.lost[0]
    # Its own start square f5 holds the arms ghost here, so it goes to the free Ghost House square e5.
    assert state.gpos[0] == state.maze.index[c("e5")] and state.lives == 3


def test_a_ghost_collects_its_own_colour_only() -> None:
    state = ghost_state(cubes={"suns": ["c4"], "moons": ["b4"]})
    state.apply(GAME.parse_move(state, "suns:d4-c4-b4"))
    assert state.gstash[0] == 1 and state.cubes == {state.maze.index[c("b4")]: 1}


def roll(state: PiecepackmanState, text: str) -> None:
    state.apply(GAME.parse_move(state, text))


def test_piecepackman_picks_the_cheaper_of_tied_dice() -> None:
    # Facing west from f4: the suns cube on d4 costs 2, the moons cube on h4 costs 2 turns + 2 steps = 4.
    state = position(cubes={"suns": ["d4"], "moons": ["h4"]})
    plan = state.plan(2, (0, 1))
    assert plan.suit == 0 and plan.paths is not None and plan.paths.cost == 2
    roll(state, "ppm2=suns+moons")
    assert state.ppm == state.maze.index[c("d4")] and state.pstash == [1, 0, 0, 0]
    assert state.objective == -1


def test_piecepackman_keeps_an_objective_he_did_not_reach() -> None:
    state = position(cubes={"suns": ["d4"], "moons": ["h4"]})
    roll(state, "ppm3=moons")  # two turns and one step: g4, facing east
    assert state.ppm == state.maze.index[c("g4")] and state.facing == EAST
    assert state.objective == 1 and "obj=moons" in state.position_text()


def detour(cubes: int, **extra) -> PiecepackmanState:
    """The dangerous-detour figure: Piecepackman on e1 facing west, a crowns cube on b1, the moons ghost on d1."""
    return GAME.position_from_data({"level": "roundabout", "piecepackman": {"at": "e1", "facing": "west"},
                                    "ghosts": {"moons": {"at": "d1", "cubes": cubes}}, "cubes": {"crowns": ["b1"]}, **extra})


def test_the_objective_fact_names_the_item_cube_or_power_coin_and_where() -> None:
    # A high ace aims at the suit's power coin (a10 for crowns on Roundabout), not at the cube on b1:
    # the objective fact must say so (it once said only "crowns", so a caption calling it a cube passed).
    state = detour(1)
    roll(state, "ppm6=crowns")
    assert state.fact(GAME.Fact.OBJECTIVE) == "crowns power coin on a10 (high ace)"
    assert "obj=crowns!" in state.position_text()
    state = detour(1)
    roll(state, "ppm5=crowns")
    assert state.fact(GAME.Fact.OBJECTIVE) == "crowns cube on b1"
    assert state.ppm == state.maze.index[c("c2")] and "obj=crowns " in state.position_text()
    assert detour(1).fact(GAME.Fact.OBJECTIVE) is None


ROW_ONE_CUT = {
    # Rank 1 walled off from rank 2: a ten-square corridor a1-j1 (no portal, no way out).
    "id": "row-one-cut", "budget": {"three": 5, "ace": 0}, "ghost_house": ["e5", "f5", "e6", "f6"], "piecepackman": "f4",
    "ghosts": {"suns": "f5", "moons": "e6", "crowns": "f6", "arms": "e5"},
    "power_coins": {"suns": "j2", "moons": "j10", "crowns": "a10", "arms": "a2"},
    "three_sticks": ["a1-b1 top", "c1-d1 top", "e1-f1 top", "g1-h1 top", "i1-j1 top"], "ace_sticks": [],
}


def cut_off(cubes: dict[str, list[str]], power_coins: dict[str, str | None]) -> PiecepackmanState:
    """Piecepackman on f1 facing west in the closed corridor a1-j1, a Dangerous moons ghost on d1."""
    return position(level=ROW_ONE_CUT, piecepackman={"at": "f1", "facing": "west"},
                    ghosts={"moons": {"at": "d1", "cubes": 1}}, cubes=cubes, power_coins=power_coins)


def test_with_the_rolled_suit_cut_off_he_heads_for_the_nearest_item_he_can_reach() -> None:
    # RULINGS: every crowns item is cut off by the Dangerous ghost, so he goes for the nearest item of any suit
    # he can reach (the suns cube on i1: two quarter turns and three steps, 5 points), not nowhere.
    state = cut_off({"crowns": ["b1"], "suns": ["i1"], "arms": ["j4"]}, {"arms": None})
    roll(state, "ppm5=crowns")
    assert state.ppm == state.maze.index[c("i1")] and state.pstash[0] == 1
    # With fewer points he keeps the item's suit as his objective.
    state = cut_off({"crowns": ["b1"], "suns": ["i1"], "arms": ["j4"]}, {"arms": None})
    roll(state, "ppm3=crowns")
    assert state.ppm == state.maze.index[c("g1")] and state.fact(GAME.Fact.OBJECTIVE) == "suns cube on i1"
    # A high ace whose power coin is cut off (crowns on a1) goes for the suit's own cubes first.
    state = cut_off({"crowns": ["j1"], "suns": ["h1"]}, {"crowns": "a1", "arms": None})
    roll(state, "ppm6=crowns")
    assert state.ppm == state.maze.index[c("j1")] and state.pstash == [1, 0, 1, 0]
    # Nothing in reach at all: he stays where he is.
    state = cut_off({"crowns": ["b1"], "suns": ["j4"]}, {"arms": None})
    roll(state, "ppm5=crowns")
    assert state.ppm == state.maze.index[c("f1")] and state.facing == WEST and state.objective == -1


def test_tied_dice_of_equal_cost_go_to_the_first_suit_in_suit_order() -> None:
    # Facing west on f4: the crowns cube on d4 costs 2, the moons cube on c4 3: the cheaper wins over suit order
    # (and, reached with a point to spare, he walks on to c4).
    state = position(cubes={"crowns": ["d4"], "moons": ["c4"]})
    assert state.plan(3, (1, 2)).suit == 2
    state = position(piecepackman={"at": "e1", "facing": "north"}, cubes={"arms": ["f1"], "suns": ["d1"]})
    assert state.plan(2, (0, 3)).suit == 0  # both cost 2 (a turn and a step): suns comes before arms
    roll(state, "ppm2=suns+arms")
    assert state.ppm == state.maze.index[c("d1")] and state.pstash == [1, 0, 0, 0]


def test_he_eats_a_power_coin_he_walks_onto_even_when_it_is_not_his_objective() -> None:
    # His way to the crowns cube on a2 runs through a1, where the arms power coin lies: he eats it on the way
    # and Ghost Hunger starts.
    state = position(piecepackman={"at": "c1", "facing": "west"}, cubes={"crowns": ["a2"], "suns": ["j4"]},
                     ghosts={"suns": "f5", "moons": "e6", "crowns": "f6", "arms": "e5"})
    roll(state, "ppm4=crowns")
    assert state.coins[3] == -1 and state.phase is Phase.BONUS and state.hunger == 1


def test_after_losing_a_life_he_restarts_on_his_start_square_facing_west() -> None:
    state = ghost_state(piecepackman={"at": "c4", "facing": "east", "cubes": {"suns": 0}}, ghosts={"suns": {"at": "e4", "cubes": 1}})
    state.apply(GAME.parse_move(state, "suns:e4-d4-c4"))
    assert state.lives == 2 and state.ppm == state.ppm_home and state.facing == WEST and state.objective == -1


def test_hungry_with_no_ghost_in_reach_he_heads_for_the_nearest_power_coin() -> None:
    # Hungry, every ghost in the Ghost House (none to chase): the arms coin on a1 is nearer than the suns cube.
    state = position(piecepackman={"at": "c1", "facing": "east", "hunger": 2}, cubes={"suns": ["e1"]},
                     power_coins={"suns": None, "moons": None, "crowns": None, "arms": "a1"})
    roll(state, "ppm2=suns")
    assert state.ppm == state.maze.index[c("a1")] and state.coins[3] == -1 and state.cubes


def test_a_dangerous_ghost_on_the_path_forces_a_detour() -> None:
    ghosts = {"suns": {"at": "d4", "cubes": 1}, "moons": "e6", "crowns": "f6", "arms": "e5"}
    state = position(cubes={"suns": ["c4"]}, ghosts=ghosts)
    plan = state.plan(3, (0,))
    assert plan.paths is not None and plan.paths.cost > 3
    assert all(c("d4") not in [cell for cell, _ in path] for path in plan.paths.paths)
    # With no cubes the ghost is Vulnerable: he goes straight through and eats it.
    ghosts["suns"] = {"at": "d4", "cubes": 0}
    state = position(cubes={"suns": ["c4"]}, ghosts=ghosts)
    roll(state, "ppm3=suns")
    assert state.pstash[0] == 1 and state.gpos[0] == state.ghost_home[0]
    assert state.phase is Phase.ORDER and 0 not in state.pending  # it loses its next turn


def test_a_power_coin_starts_ghost_hunger_with_a_bonus_roll() -> None:
    ghosts = {"suns": "b3", "moons": "e6", "crowns": "f6", "arms": "e5"}
    state = position(piecepackman={"at": "b1", "facing": "west"}, cubes={"suns": ["j10"]}, ghosts=ghosts)
    roll(state, "ppm2=arms")  # the arms coin on a1 is one step ahead
    assert state.phase is Phase.BONUS and state.hunger == 1 and state.coins[3] == -1
    roll(state, "ppm6=suns")  # turns are free: he chases the suns ghost on b3 and eats it
    assert state.gpos[0] == state.ghost_home[0] and state.immune[0] and state.lost[0]
    assert state.phase is Phase.FLIP
    roll(state, "flip3")
    assert state.hunger == 4 and state.phase is Phase.ORDER and 0 not in state.pending


def test_an_ace_power_coin_gives_a_life_and_ends_hunger() -> None:
    state = position(piecepackman={"at": "b1", "facing": "west"}, cubes={"suns": ["j10"]},
                     power_coins={"suns": "a1", "moons": None, "crowns": None, "arms": None})
    roll(state, "ppm2=suns")
    assert state.phase is Phase.BONUS
    roll(state, "ppm2=suns")  # no ghost out of the house to chase: he heads for the last cube
    assert state.phase is Phase.FLIP
    roll(state, "flip1")
    assert state.hunger == 0 and state.lives == 4


def test_clearing_the_board_ends_the_level() -> None:
    ghosts = {"suns": {"at": "a10", "cubes": 3}, "moons": "e6", "crowns": "f6", "arms": "e5"}
    state = position(cubes={"moons": ["e4"]}, power_coins={"suns": None, "moons": None, "crowns": None, "arms": None},
                     ghosts=ghosts, total=5)
    roll(state, "ppm1=suns+moons+crowns+arms")  # all four dice null: one point, one step west
    assert state.is_over() and state.winner is Winner.GHOSTS and state.returns() == (1.0,) * 4
    assert state.legal_moves() == []


def test_full_dice_notation_reduces_to_the_highest_value() -> None:
    state = GAME.initial_state()
    assert GAME.parse_move(state, "ppm:suns=5,moons=n,crowns=5,arms=a") == Roll(6, (3,))
    assert GAME.parse_move(state, "ppm:suns=5,moons=n,crowns=5,arms=2") == Roll(5, (0, 2))


def test_table_lists_every_piece_and_cell() -> None:
    table = VIEW.table(GAME.initial_state(), VIEW.options({"coordinates": False}))
    kinds = [p.kind for p in table.pieces]
    assert kinds.count("tile") == 24 and kinds.count("matchstick") == 36
    assert kinds.count("cube") == 24 and kinds.count("coin") == 4 and kinds.count("pawn") == 4
    assert kinds.count("piecepackman") == 1 and len(table.cells) == 100
    assert table.bounds == (0.0, 0.0, 10.0, 10.0)
    # With coordinates (the default), files a-j below and ranks 1-10 on the left, outside the board.
    labelled = VIEW.table(GAME.initial_state())
    assert sorted(label.text for label in labelled.coordinates) == sorted([*"abcdefghij", *map(str, range(1, 11))])
    assert labelled.bounds == (-0.5, -0.5, 10.0, 10.0)


# -- trapped between two Immune ghosts ----------------------------------------------------------------

ROW_ONE_CORRIDOR = {
    # A hand-made maze: five 3-sticks wall off the top of rank 1, so a1-j1 is a closed ten-square corridor.
    "id": "row-one-corridor",
    "budget": {"three": 5, "ace": 0},
    "ghost_house": ["e5", "f5", "e6", "f6"],
    "piecepackman": "f4",
    "ghosts": {"suns": "f5", "moons": "e6", "crowns": "f6", "arms": "e5"},
    "power_coins": {"suns": "j2", "moons": "j10", "crowns": "a10", "arms": "a2"},
    "three_sticks": ["a1-b1 top", "c1-d1 top", "e1-f1 top", "g1-h1 top", "i1-j1 top"],
    "ace_sticks": [],
}


def trapped(at: str, west_ghost: str, east_ghost: str, east_immune: bool = True) -> PiecepackmanState:
    ghosts = {"suns": {"at": west_ghost, "immune": True}, "moons": {"at": east_ghost, "immune": east_immune},
              "crowns": "f6", "arms": "e5"}
    return position(level=ROW_ONE_CORRIDOR, cubes={"suns": ["j4"]}, ghosts=ghosts, power_coins={"arms": "a2"},
                    piecepackman={"at": at, "facing": "west", "hunger": 3})


def test_trapped_between_immune_ghosts_he_walks_to_the_middle_and_stops() -> None:
    # Ghosts on a1 and i1 leave b1..h1, seven squares: the middle is e1, three steps west of h1.
    state = trapped("h1", "a1", "i1")
    assert state.trap_centre() == state.maze.index[c("e1")]
    roll(state, "ppm6=suns")  # six points, but he stops on e1
    assert state.ppm == state.maze.index[c("e1")] and state.facing == WEST
    # With two points he only gets two squares towards it.
    state = trapped("h1", "a1", "i1")
    roll(state, "ppm2=suns")
    assert state.ppm == state.maze.index[c("f1")]


def test_trapped_with_two_middle_squares_he_takes_the_nearer() -> None:
    # Ghosts on b1 and i1 leave c1..h1, six squares: e1 and f1 tie as the middle.
    state = trapped("h1", "b1", "i1")
    assert state.trap_centre() == state.maze.index[c("f1")]
    roll(state, "ppm6=suns")
    assert state.ppm == state.maze.index[c("f1")]
    state = trapped("c1", "b1", "i1")
    assert state.trap_centre() == state.maze.index[c("e1")]
    # Facing west with the target behind him costs nothing extra: turns are free in Ghost Hunger.
    roll(state, "ppm6=suns")
    assert state.ppm == state.maze.index[c("e1")] and state.facing == EAST


def test_not_trapped_without_an_immune_ghost_on_both_sides() -> None:
    # The east ghost is not Immune: he chases and eats it instead.
    state = trapped("h1", "a1", "i1", east_immune=False)
    assert state.trap_centre() == -1
    roll(state, "ppm3=suns")
    assert state.gpos[1] == state.ghost_home[1] and state.immune[1]
    # Only one Immune ghost, the corridor's east end a wall: nothing to chase, he stays.
    state = trapped("h1", "a1", "e6")
    assert state.trap_centre() == -1
    roll(state, "ppm3=suns")
    assert state.ppm == state.maze.index[c("h1")]


def test_a_second_power_coin_ends_immunity() -> None:
    # Ruling SECOND_COIN_ENDS_IMMUNITY (the Ghost Hunger rules, not the two-player mode's exception):
    # hungry on b1 facing west, he eats the arms coin on a1; the Immune suns ghost loses its immunity.
    ghosts = {"suns": {"at": "e6", "immune": True}, "moons": {"at": "j10", "immune": True}, "crowns": "f6", "arms": "e5"}
    state = position(piecepackman={"at": "b1", "facing": "west", "hunger": 3}, cubes={"suns": ["j4"]}, ghosts=ghosts)
    assert state.immune[:2] == [True, True]
    roll(state, "ppm1=suns+moons+crowns+arms")  # one point: one step onto a1
    assert state.coins[3] == -1 and state.phase is Phase.FLIP and not state.bonus
    assert state.immune == [False] * 4 and "immune=-" in state.position_text()
    roll(state, "flip2")
    assert state.hunger == 5


# -- the three-ghost game ---------------------------------------------------------------------------

THREE = PiecepackmanGame(ghosts=("suns", "moons", "crowns"))


def three_position(**extra) -> PiecepackmanState:
    data = {"level": "roundabout", "cubes": {}, "piecepackman": {"at": "f4", "facing": "west"},
            "power_coins": {"suns": None, "moons": None, "crowns": None, "arms": "a1"}}
    data.update(extra)
    return THREE.position_from_data(data)


def test_three_ghost_game_has_three_players_dice_and_a_wild_suit() -> None:
    assert GAME.players == ("suns", "moons", "crowns", "arms") and GAME.wild == -1
    assert THREE.players == ("suns", "moons", "crowns") and THREE.wild == 3
    state = THREE.initial_state()
    assert state.gpos[3] == -1 and "ghosts=f5.e6.f6.-" in state.position_text()
    # Three dice: 6**3 rolls reduced to (top value, suits showing it); arms never shows.
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12 and all(isinstance(m, Roll) and 3 not in m.suits for m, _ in outcomes)
    assert len(outcomes) == 6 * 7 - 6  # seven non-empty suit sets per value, less six for value 1 (all three show it)
    # The position text carries the ghost set: the four-ghost GAME reads it back as a three-ghost state.
    parsed = GAME.parse_position(state.position_text())
    assert parsed == state and parsed.game.ghost_suits == (0, 1, 2)
    assert THREE.parse_move(state, "ppm:suns=5,moons=n,crowns=5") == Roll(5, (0, 2))
    with pytest.raises(ValueError):
        THREE.parse_move(state, "ppm:suns=5,moons=n,crowns=5,arms=2")
    with pytest.raises(DataError, match="out of play"):
        three_position(ghosts={"arms": "a4"})
    with pytest.raises(ValueError):
        PiecepackmanGame(ghosts=("suns", "moons"))


def test_a_wild_cube_is_an_objective_of_the_rolled_suit_and_counts_as_it() -> None:
    # Facing west from f4: the wild (arms) cube on d4 costs 2, the suns cube on h4 costs 4.
    state = three_position(cubes={"arms": ["d4"], "suns": ["h4"]})
    plan = state.plan(2, (0,))
    assert plan.suit == 0 and plan.paths is not None and plan.paths.ends == {c("d4")}
    roll(state, "ppm2=suns")
    assert state.ppm == state.maze.index[c("d4")] and state.pstash == [1, 0, 0, 0]
    # The four-ghost game ignores arms cubes for a suns roll and goes for h4.
    four = position(cubes={"arms": ["d4"], "suns": ["h4"]})
    assert four.plan(2, (0,)).paths.ends == {c("h4")}


def test_ghosts_collect_wild_cubes() -> None:
    state = three_position(ghosts={"suns": "d4", "moons": "e6", "crowns": "f6"}, cubes={"arms": ["c4"], "moons": ["b4"]},
                           to_move={"ghost": "suns", "roll": 2})
    assert state.current_player == 0
    state.apply(THREE.parse_move(state, "suns:d4-c4-b4"))
    assert state.gstash[0] == 1 and state.cubes == {state.maze.index[c("b4")]: 1}


def test_three_ghost_game_keeps_the_invariants() -> None:
    assert check_playout(THREE, 0, max_plies=300).plies > 0
    # With the moons ghost out, the crowns ghost is player 1 and the arms ghost player 2.
    no_moons = PiecepackmanGame(ghosts=("suns", "crowns", "arms"))
    assert no_moons.seat == {0: 0, 2: 1, 3: 2} and no_moons.wild == 1
    assert check_playout(no_moons, 1, max_plies=300).plies > 0


# -- moves, positions and ends through the typed API ------------------------------------------------

START = GAME.initial_state().position_text()


@pytest.mark.parametrize(
    "move", [Roll(5, (0, 2)), Flip(3), Order((1, 0)), Die(2), Walk(0, (44, 43, 42)), Stay(3)],
)
def test_each_kind_of_move_has_context_free_notation(move: object) -> None:
    text = move.text()  # type: ignore[attr-defined]
    assert move_from_text(text) == move and type(move_from_text(text)) is type(move)
    assert type(move).from_text(text) == move  # type: ignore[attr-defined]


def test_move_notation_reads_as_before() -> None:
    state = ghost_state()
    assert GAME.parse_move(state, "suns:d4-c4-b4") == Walk(0, (state.gpos[0], *(state.maze.index[c(n)] for n in ("c4", "b4"))))
    assert GAME.parse_move(state, "suns:c4-b4") == GAME.parse_move(state, "suns:d4-c4-b4")  # the start may be left out
    assert GAME.parse_move(state, "suns:d4") == Stay(0) and GAME.format_move(state, Stay(0)) == "suns:stay"
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "suns:d4-z99")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "ppm=suns")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (START + " lives=3", "given twice"),
        (START.replace("lives=3", "lives=3 lives=4"), "given twice"),
        (START + " colour=red", "unknown field 'colour'"),
        (START.replace("ppm=f4w", "ppm="), "'ppm' has no value"),
        (START.replace(" total=24", ""), "missing: total"),
        (START.replace("level=roundabout", "level=../../x"), "not a level id"),
        (START.replace("level=roundabout", "level=/abs/path"), "not a level id"),
        (START.replace("level=roundabout", "level=no-such-level"), "unknown level"),
        (START.replace("ppm=f4w", "ppm=a5w"), "not a square of the board"),
        (START.replace("lives=3", "lives=123456789012"), "whole number"),
        (START.replace("lives=3", "lives=100"), "less than or equal to 99"),
        (START.replace("ghosts=f5.e6.f6.e5", "ghosts=f5.e6.-.-"), "three or four"),
        (START.replace("phase=ppm", "phase=over:"), "phase:"),
        (START.replace("phase=ppm", "phase=ghost-move:-/3"), "ghosts still to move"),
        (START.replace("cubes=", "cubes=a1s.a1m."), "two energy cubes on a1"),
        ("garbage", "key=value"),
    ],
)
def test_bad_position_text_gives_a_position_error(text: str, words: str) -> None:
    with pytest.raises(PositionError, match=re.escape(words)):
        GAME.parse_position(text)


def test_a_history_with_an_illegal_move_gives_an_illegal_move_error() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        GAME.deserialise(START + " | ppm5=suns flip3")
    assert caught.value.reason == "wrong-phase"
    with pytest.raises(InvalidMoveError):
        GAME.deserialise(START + " | nonsense")


def test_a_level_is_named_by_its_id_only() -> None:
    with pytest.raises(PositionError, match="not a level id"):
        position(level="../levels/roundabout")
    with pytest.raises(KeyError):
        get_level("../levels/roundabout")
    # An inline level may not take the id of another level.
    with pytest.raises(PositionError, match="another level"):
        position(level={**ROW_ONE_CORRIDOR, "id": "roundabout"})


def test_figure_data_and_text_make_the_same_state() -> None:
    state = position(piecepackman={"at": "c3", "facing": "north", "objective": "crowns!", "hunger": 1, "hunger_starting": True},
                     ghosts={"suns": {"at": "h7", "cubes": 1, "immune": True, "lost_turn": True}, "moons": "b8"},
                     phase={"name": "flip", "suits": ["crowns"]})
    assert "obj=crowns! hunger=1!" in state.position_text() and "phase=flip:crowns" in state.position_text()
    assert GAME.parse_position(state.position_text()) == state
    with pytest.raises(PositionError, match="either to_move or phase"):
        position(to_move={"ghost": "suns", "roll": 2}, phase={"name": "ppm"})


def test_outcome_names_how_the_level_ended() -> None:
    ghosts = {"suns": {"at": "a10", "cubes": 3}, "moons": "e6", "crowns": "f6", "arms": "e5"}
    state = position(cubes={"moons": ["e4"]}, power_coins={"suns": None, "moons": None, "crowns": None, "arms": None},
                     ghosts=ghosts, total=5)
    assert state.outcome() is None
    roll(state, "ppm1=suns+moons+crowns+arms")
    outcome = state.outcome()
    # Cooperative: every ghost gets the same result (+1 when the ghosts win).
    assert outcome is not None and outcome.end is GAME.End.lookup("board-clear") and outcome.returns == (1.0,) * 4
    caught = ghost_state(piecepackman={"at": "c4", "lives": 0}, ghosts={"suns": {"at": "e4", "cubes": 2}})
    caught.apply(GAME.parse_move(caught, "suns:e4-d4-c4"))
    assert caught.is_over() and caught.fact(GAME.Fact.lookup("winner")) == "ghosts"
    assert caught.outcome() is not None and str(caught.outcome().end) == "no-lives"  # type: ignore[union-attr]


# -- the seven readings the engine made that are now rulings (RULINGS.md, Piecepackman) ---------------
# Each test plays the ruling's situation on the engine and checks the ruled outcome; the Clarifications
# box prints each of them (tests/test_piecepackman_book.py).


def test_ruling_three_players_piecepackman_rolls_three_dice() -> None:
    # The missing ghost's die leaves the game: all three nulls (his 1) is 1 in 6**3, not 1 in 6**4.
    three = dict(three_position().chance_outcomes())
    four = dict(position().chance_outcomes())
    assert abs(three[Roll(1, (0, 1, 2))] - 1 / 6**3) < 1e-12
    assert abs(four[Roll(1, (0, 1, 2, 3))] - 1 / 6**4) < 1e-12
    assert abs(sum(p for m, p in three.items() if m.value == 6) - (1 - (5 / 6) ** 3)) < 1e-12
    # Played out: he moves on the highest of the three dice; a fourth die is refused.
    state = three_position(cubes={"suns": ["a4"]})
    state.apply(THREE.parse_move(state, "ppm:suns=2,moons=n,crowns=3"))
    assert state.ppm == state.maze.index[c("c4")]
    with pytest.raises(InvalidMoveError):
        THREE.parse_move(three_position(), "ppm:suns=2,moons=n,crowns=3,arms=5")


def test_ruling_cubes_thrown_on_his_start_or_out_of_reach_move_to_the_nearest_free_reachable_square() -> None:
    from ppprint.games.piecepackman.maze.level import settle_cubes

    level = get_level("roundabout")
    thrown = {c("f4"): 0, c("e5"): 1, c("j1"): 2, c("e4"): 3, c("g4"): 3, c("a4"): 0}
    settled = settle_cubes(level, thrown)
    # f4 (his start): e4 and g4 are taken, f3 is one step away and free. e5 (Ghost House): e4 is taken, d5 is
    # free. j1 (the suns power coin): i1 and j2 are both one step off; i1 comes first in rank-then-file order.
    assert settled == {c("e4"): 3, c("g4"): 3, c("a4"): 0, c("f3"): 0, c("d5"): 1, c("i1"): 2}
    # A square walled off from him: in the closed corridor a1-j1 nothing is in reach, so c1's cube goes to c2.
    cut = level_from_data(ROW_ONE_CUT)
    assert settle_cubes(cut, {c("c1"): 2, c("c2"): 0}) == {c("c2"): 0, c("b2"): 2}
    # The settled throw is a start the engine accepts: every cube where a cube may lie.
    state = PiecepackmanState(GAME, level, {state_index: s for state_index, s in
                                            ((GAME.initial_state().maze.index[cell], s) for cell, s in settled.items())})
    problem = GAME.setup_problem(state)
    assert problem is not None and "six energy cubes of each suit" in problem  # six cubes, not 24: the only objection
    unsettled = PiecepackmanState(GAME, level, {GAME.initial_state().maze.index[c("f4")]: 0})
    assert "on Piecepackman's start or out of reach" in (GAME.setup_problem(unsettled) or "")


def test_ruling_an_objective_not_reached_is_kept_as_its_suit_and_recomputed() -> None:
    # He keeps moons (obj=moons) from last turn. Now the moons cube on c4 is nearer than the one on h4 he first
    # aimed at, and a suns die is highest: he still goes for moons, to the nearest moons item from here.
    state = position(cubes={"moons": ["c4", "h4"], "suns": ["f3"]}, piecepackman={"at": "f4", "facing": "west", "objective": "moons"})
    roll(state, "ppm3=suns")
    assert state.ppm == state.maze.index[c("c4")] and state.pstash == [0, 1, 0, 0]
    assert state.objective == -1  # reached: he rolls for a new suit next turn


def test_ruling_after_reaching_his_objective_he_walks_on_to_the_next_item_of_its_suit_then_rolls_anew() -> None:
    # Facing west from f4: the suns cube on d4 costs 2; with 4 points he walks on toward the next suns cube (a4),
    # stops on b4, and keeps no objective: next turn he rolls for a new suit.
    state = position(cubes={"suns": ["d4", "a4"], "moons": ["g4"]})
    roll(state, "ppm4=suns")
    assert state.ppm == state.maze.index[c("b4")] and state.pstash[0] == 1
    assert state.objective == -1 and "obj=-" in state.position_text()
    assert state.plan(2, (1,)).suit == 1  # the next roll's suit decides: moons now, not the suns cube on a4


def test_ruling_a_high_ace_whose_power_coin_is_cut_off_goes_for_the_nearest_cube_of_that_suit() -> None:
    # In the closed corridor a1-j1 a Dangerous moons ghost on d1 cuts him (f1, facing west) off the crowns power
    # coin on a1. A high crowns ace sends him to the nearest crowns cube, h1 (two quarter turns and two steps);
    # with the two points left he walks on to the next crowns cube, j1. The cut-off coin stays.
    state = cut_off({"crowns": ["h1", "j1"], "suns": ["c1"]}, {"crowns": "a1", "arms": None})
    roll(state, "ppm6=crowns")
    assert state.ppm == state.maze.index[c("j1")] and state.pstash == [0, 0, 2, 0]
    assert state.coins[2] == state.maze.index[c("a1")]
    # With three points he gets only to g1 and keeps the cube, not the coin, as his objective.
    state = cut_off({"crowns": ["h1", "j1"], "suns": ["c1"]}, {"crowns": "a1", "arms": None})
    roll(state, "ppm3=crowns")
    assert state.fact(GAME.Fact.OBJECTIVE) == "crowns cube on h1"


def test_ruling_a_ghost_that_cannot_use_its_whole_roll_stays() -> None:
    # The suns ghost on a1 of the closed corridor, the moons ghost on c1: with a 2 its only walk, a1-b1-a1,
    # ends where it began, so it stays; with a 1 or a 3 (a1-b1-a1-b1) it must move.
    def boxed(roll_value: int) -> PiecepackmanState:
        ghosts = {"suns": "a1", "moons": "c1", "crowns": "f6", "arms": "e5"}
        return position(level=ROW_ONE_CORRIDOR, ghosts=ghosts, cubes={"suns": ["j4"]}, power_coins={"arms": "a2"},
                        to_move={"ghost": "suns", "roll": roll_value})

    state = boxed(2)
    assert state.legal_moves() == [Stay(0)] and state.explain(Stay(0)).legal
    state.apply(Stay(0))
    assert state.gpos[0] == state.maze.index[c("a1")]
    for roll_value in (1, 3):
        state = boxed(roll_value)
        assert Stay(0) not in state.legal_moves() and state.explain(Stay(0)).reason == "must-move"


def test_ruling_an_eaten_ghost_goes_to_its_own_start_square_or_the_first_free_one() -> None:
    # Roundabout's Ghost House: e5, f5, e6, f6; the suns ghost starts on f5. Piecepackman (c4, facing east,
    # holding a suns cube) eats the Vulnerable suns ghost on d4 with a one-point roll towards the cube on e4.
    def eaten(**ghosts: str) -> PiecepackmanState:
        state = position(piecepackman={"at": "c4", "facing": "east", "cubes": {"suns": 1}},
                         ghosts={"suns": "d4", "moons": "e6", "crowns": "f6", "arms": "e5", **ghosts}, cubes={"moons": ["e4"]})
        roll(state, "ppm1=suns+moons+crowns+arms")
        return state

    state = eaten()
    assert state.ppm == state.maze.index[c("d4")] and state.gpos[0] == state.maze.index[c("f5")]
    assert state.pstash[0] == 1 and 0 not in state.pending  # eaten: it misses the ghosts' moves this turn
    # Its start square held by the arms ghost: the first free square in rank-then-file order, e5.
    state = eaten(arms="f5", moons="j10")
    assert state.gpos[0] == state.maze.index[c("e5")]
    state = eaten(arms="f5", moons="e5")
    assert state.gpos[0] == state.maze.index[c("e6")]


def test_ruling_hungry_with_no_ghost_to_chase_he_heads_for_a_power_coin_else_a_cube_else_stays() -> None:
    # Hungry on c1, every ghost at home in the Ghost House (none to chase). The moons cube on d1 is one step
    # away, the arms power coin on a1 two (turns are free): he heads for the coin all the same.
    home = {"suns": "f5", "moons": "e6", "crowns": "f6", "arms": "e5"}
    state = position(piecepackman={"at": "c1", "facing": "north", "hunger": 3}, cubes={"moons": ["d1"], "suns": ["j10"]},
                     ghosts=home)
    roll(state, "ppm1=suns+moons+crowns+arms")
    assert state.ppm == state.maze.index[c("b1")] and state.cubes.get(state.maze.index[c("d1")]) == 1
    state = position(piecepackman={"at": "c1", "facing": "north", "hunger": 3}, cubes={"moons": ["d1"], "suns": ["j10"]},
                     ghosts=home)
    roll(state, "ppm2=suns")
    assert state.coins[3] == -1 and state.ppm == state.maze.index[c("a1")] and state.pstash == [0, 0, 0, 0]
    # No power coin left: the nearest cube.
    state = position(piecepackman={"at": "c1", "facing": "north", "hunger": 3}, cubes={"moons": ["d1"], "suns": ["j10"]},
                     ghosts=home, power_coins={"suns": None, "moons": None, "crowns": None, "arms": None})
    roll(state, "ppm1=suns+moons+crowns+arms")
    assert state.ppm == state.maze.index[c("d1")] and state.pstash == [0, 1, 0, 0]
    # Nothing in reach and not trapped (an Immune ghost on one side only): he stays.
    state = trapped("h1", "a1", "e6")
    roll(state, "ppm4=suns")
    assert state.ppm == state.maze.index[c("h1")]
    # Trapped between two Immune ghosts: the middle of the corridor, where he stops.
    state = trapped("h1", "a1", "i1")
    roll(state, "ppm6=suns")
    assert state.ppm == state.maze.index[c("e1")]


def test_ruling_a_second_power_coin_adds_its_effect_and_ends_every_immunity() -> None:
    # Hungry with three turns left on b1 facing west, two Immune ghosts out; one point takes him onto the suns
    # power coin on a1: no bonus roll, immunity ends at once, and the flip adds its effect.
    def second_coin() -> PiecepackmanState:
        ghosts = {"suns": {"at": "e6", "immune": True}, "moons": {"at": "j10", "immune": True}, "crowns": "f6", "arms": "e5"}
        state = position(piecepackman={"at": "b1", "facing": "west", "hunger": 3}, cubes={"suns": ["j4"]}, ghosts=ghosts,
                         power_coins={"suns": "a1", "moons": None, "crowns": None, "arms": None})
        roll(state, "ppm1=suns+moons+crowns+arms")
        assert state.phase is Phase.FLIP and not state.bonus and state.immune == [False] * 4
        return state

    state = second_coin()
    roll(state, "flip1")  # an ace: an extra life, and the hunger goes on for the turns it had left
    assert state.lives == 4 and state.hunger == 3
    state = second_coin()
    roll(state, "flip4")  # a 2 to 5 adds its turns
    assert state.lives == 3 and state.hunger == 7


def _meeting(ghost_square: str) -> str:
    """A position of the review's hang (issue 26): Piecepackman hungry on c4, the Suns ghost Vulnerable on ``ghost_square``."""
    return (
        f"level=roundabout ppm=c4e lives=3 stash=0.0.0.0 obj=- hunger=2 coins=j1.j10.a10.- ghosts={ghost_square}.h2.f6.g4"
        " gstash=2.0.0.0 immune=arms lost=- cubes=c2m.h5c total=4 phase=ppm"
    )


def test_a_vulnerable_ghost_on_his_square_is_no_position() -> None:
    """He eats a Vulnerable ghost the moment they meet, so no position has one on his square (such a
    position was accepted, and his hunger walk, spending nothing, looped for ever)."""
    with pytest.raises(PositionError, match="Vulnerable ghost stands on Piecepackman's square c4"):
        GAME.parse_position(_meeting("c4"))


def test_a_hunger_walk_that_spends_nothing_ends() -> None:
    """Should a ghost he chases stand on his square anyway (built past the position check), his turn ends."""
    state = GAME.parse_position(_meeting("c5"))
    state.gpos[0] = state.ppm
    signal.alarm(10)
    try:
        for move in state.legal_moves():
            state.push(move)
            state.undo()
    finally:
        signal.alarm(0)
