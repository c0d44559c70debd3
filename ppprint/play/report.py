"""The designer's report: simulated games of one game, measured, and the raw results (CSV, JSON).

What is played (:func:`plan_jobs`): for each *pairing* of the agents asked for,
``games_played`` games of the game's engine as it is; a pairing of two agents A
and B puts A on one seat (seat ``k mod n`` in game ``k``, so A plays every seat
in turn) and B on the others, and a pairing of an agent with itself puts it on
every seat. A cooperative game pairs each agent only with itself. Then each
variant the game declares (``play.py``), ``games_played`` games each, played
by the variant's own agents or the first agent asked for.

What is measured (:func:`analyse`): each pairing's game length in plies and
turns (a turn: a player's consecutive plies), its results by seat, draws,
unfinished games (stopped at the ply limit) and how games ended; for the
*baseline* (the first agent against itself) the length's histogram, the
branching factor (legal moves at each decision) over the game and how often
the player to move was forced; the *skill signal*, how often each agent beat
the other in each pairing of two; and each variant's results by seat. Rates
carry 95% Wilson intervals, means 95% normal intervals.

A game record (one row of the CSV, one entry of the JSON's ``games``) is the
job (game, variant, pairing, line-up, index, seed) and the game: ``plies``,
``turns``, ``chance_plies``, ``end`` (the engine's end reason, or
``unfinished``), ``decided_by``, ``returns`` (each seat's result in [-1, 1]),
``winners`` (seats), ``draw``, ``forced`` (forced decisions) and, in the JSON,
``branching`` (the legal moves at each decision).

The same plan and seed give the same records, wherever they were played, and
the same files byte for byte (no clock in any output). The report's text and charts
are a book (:mod:`ppprint.play.book`), which the build prints (:mod:`ppprint.build.report`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ppprint.errors import InputError
from ppprint.play.agents import make_agent
from ppprint.play.hooks import MAIN, PlayHooks
from ppprint.play.match import Games, Job, derive_seed, hooks_of
from ppprint.play.runner import run_jobs
from ppprint.play.stats import Rate, histogram, nice_step, summarise
from ppprint.registry import get_game

DEFAULT_AGENTS = ("random", "greedy")
DEFAULT_GAMES = 100
Record = dict[str, Any]
CSV_FIELDS = (
    "game", "variant", "pairing", "lineup", "index", "seed", "plies", "turns", "chance_plies", "first_player",
    "end", "decided_by", "returns", "winners", "draw", "forced", "decisions",
)


@dataclass(frozen=True)
class Plan:
    """What to play: the game, games per pairing, the agents (by name) and the seed."""

    game: str
    games_played: int = DEFAULT_GAMES
    agents: tuple[str, ...] = DEFAULT_AGENTS
    seed: int = 0


def parse_agents(text: str) -> tuple[str, ...]:
    """``random,greedy,mcts:200`` -> the agents' names, each once, in order."""
    names: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        if name and name not in names:
            names.append(name)
    if not names:
        raise InputError("--agents: name at least one agent (random, greedy, mcts:N)")
    return tuple(names)


def pairings(agents: Sequence[str], cooperative: bool) -> list[tuple[str, str]]:
    """The pairings of the agents: each with itself, then (unless ``cooperative``) each with each one named
    before it, the later first (agents are named weakest first: ``greedy vs random``)."""
    found = [(a, a) for a in agents]
    if not cooperative:
        found += [(b, a) for i, a in enumerate(agents) for b in agents[i + 1 :]]
    return found


def pairing_name(one: str, other: str) -> str:
    return one if one == other else f"{one} vs {other}"


def lineup(one: str, other: str, seats: int, index: int) -> tuple[str, ...]:
    """Game ``index`` of a pairing: ``one`` on seat ``index mod seats``, ``other`` on the others."""
    seats_list = [other] * seats
    seats_list[index % seats] = one
    return tuple(seats_list)


def plan_jobs(plan: Plan, hooks: PlayHooks) -> list[Job]:
    """Every game the report plays, in order (see the module's docstring); an unknown agent is an input error."""
    for name in plan.agents:
        make_agent(name, hooks.evaluate, hooks.agents)
    jobs: list[Job] = []
    main = hooks.variant(MAIN)
    seats = len(main.game.players)
    for one, other in pairings(plan.agents, hooks.cooperative):
        name = pairing_name(one, other)
        for index in range(plan.games_played):
            seed = derive_seed(plan.seed, plan.game, MAIN, name, index)
            jobs.append(Job(plan.game, MAIN, name, lineup(one, other, seats, index), index, seed))
    for variant in hooks.variants:
        if variant.name == MAIN:
            continue
        agents = variant.agents or (plan.agents[0],)
        for name in agents:
            make_agent(name, hooks.evaluate, hooks.agents)
        name = " / ".join(agents)
        for index in range(plan.games_played):
            seed = derive_seed(plan.seed, plan.game, variant.name, name, index)
            jobs.append(Job(plan.game, variant.name, name, agents, index, seed))
    return jobs


# -- measuring -----------------------------------------------------------------------------------------


def _group(records: Sequence[Record], variant: str, pairing: str | None = None) -> list[Record]:
    return [r for r in records if r["variant"] == variant and (pairing is None or r["pairing"] == pairing)]


def results_of(records: Sequence[Record], seats: int) -> dict[str, Any]:
    """Length, results by seat, draws, unfinished games and ends of a group of games (plain data)."""
    n = len(records)
    plies = summarise([r["plies"] for r in records])
    turns = summarise([r["turns"] for r in records])
    wins = [sum(1 for r in records if seat in r["winners"]) for seat in range(seats)]
    # By turn order: the first player to move is 1st, the next seat in index order 2nd, and so on.
    order = [sum(1 for r in records if (r["first_player"] + k) % seats in r["winners"]) for k in range(seats)]
    ends: dict[str, int] = {}
    for r in records:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    return {
        "games": n,
        "plies": plies.as_data(),
        "turns": turns.as_data(),
        "seats": [Rate(w, n).as_data() for w in wins],
        "order": [Rate(w, n).as_data() for w in order],
        "first_seat_always": all(r["first_player"] == 0 for r in records),
        "team": Rate(sum(1 for r in records if r["winners"]), n).as_data(),
        "draws": Rate(sum(1 for r in records if r["draw"]), n).as_data(),
        "unfinished": Rate(sum(1 for r in records if r["returns"] is None), n).as_data(),
        "ends": {end: Rate(count, n).as_data() for end, count in sorted(ends.items())},
    }


def branching_of(records: Sequence[Record], points: int = 40) -> dict[str, Any]:
    """The mean number of legal moves at the decisions of a game, by stretches of decisions (at most ``points``
    of them, while at least a tenth of the games, and five, still run), and how often the mover was forced.

    ``by_decision`` holds ``[first decision of the stretch, mean legal moves, decisions counted]``.
    """
    floor = max(5, len(records) // 10)
    running = sorted((len(r["branching"]) for r in records), reverse=True)
    span = running[floor - 1] if len(running) >= floor else 0
    width = max(1, int(nice_step(span, points))) if span else 1
    by_decision: list[list[float]] = []
    for start in range(0, span, width):
        values = [b for r in records for b in r["branching"][start : min(start + width, span)]]
        if values:
            by_decision.append([start + 1, round(sum(values) / len(values), 4), len(values)])
    decisions = sum(len(r["branching"]) for r in records)
    every = [b for r in records for b in r["branching"]]
    return {
        "by_decision": by_decision,
        "stretch": width,
        "mean": round(sum(every) / len(every), 4) if every else 0.0,
        "forced": Rate(sum(r["forced"] for r in records), decisions).as_data(),
    }


def analyse(plan: Plan, hooks: PlayHooks, records: Sequence[Record], title: str = "") -> dict[str, Any]:
    """The report's figures as plain data (the JSON's ``summary``)."""
    main = hooks.variant(MAIN)
    seats = len(main.game.players)
    baseline = plan.agents[0]
    summary: dict[str, Any] = {
        "game": plan.game,
        "title": title or plan.game,
        "engine_version": main.game.version,
        "seed": plan.seed,
        "games_played": plan.games_played,
        "agents": list(plan.agents),
        "players": list(main.game.players),
        "cooperative": hooks.cooperative,
        "max_plies": hooks.max_plies,
        "forced_words": hooks.forced_words,
        "games": len(records),
        "baseline": baseline,
        "pairings": [],
        "skill": [],
        "variants": [],
    }
    for one, other in pairings(plan.agents, hooks.cooperative):
        name = pairing_name(one, other)
        group = _group(records, MAIN, name)
        entry = {"pairing": name, "one": one, "other": other, **results_of(group, seats)}
        summary["pairings"].append(entry)
        if one != other:
            n = len(group)
            one_wins = sum(1 for r in group if r["index"] % seats in r["winners"])
            other_wins = sum(1 for r in group if r["winners"] and r["index"] % seats not in r["winners"])
            summary["skill"].append(
                {
                    "one": one,
                    "other": other,
                    "wins": Rate(one_wins, n).as_data(),
                    "losses": Rate(other_wins, n).as_data(),
                    "even": round(1 / seats, 6),
                }
            )
    base_group = _group(records, MAIN, baseline)
    lengths = histogram([r["plies"] for r in base_group])
    summary["length_histogram"] = {"start": lengths.start, "width": lengths.width, "counts": list(lengths.counts)}
    summary["branching"] = branching_of(base_group)
    for variant in hooks.variants:
        if variant.name == MAIN:
            continue
        group = _group(records, variant.name)
        summary["variants"].append(
            {
                "variant": variant.name,
                "group": variant.group or "Variants",
                "label": variant.label or variant.name,
                "params": variant.params,
                "bar": variant.bar or variant.label or variant.name,
                "bar_group": variant.bar_group,
                "agents": list(variant.agents or (baseline,)),
                "players": list(variant.game.players),
                **results_of(group, len(variant.game.players)),
            }
        )
    return summary


# -- raw results -----------------------------------------------------------------------------------------


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""How a cell starts that a spreadsheet would run as a formula (unless it is numbers)."""


def csv_cell(value: Any) -> Any:
    """``value`` safe to open in a spreadsheet: text that would start a formula (a variant named
    ``=HYPERLINK(...)``) gets a leading ``'``; numbers, and lists of them (``-1;1``), are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not all(_is_number(part) for part in value.split(";")):
        return "'" + value
    return value


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def results_csv(records: Sequence[Record]) -> bytes:
    """One row per game (lists joined by ``;``; text escaped by :func:`csv_cell`)."""
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in records:
        row = {**r, "decisions": len(r["branching"])}
        row["lineup"] = ";".join(r["lineup"])
        row["returns"] = "" if r["returns"] is None else ";".join(f"{v:g}" for v in r["returns"])
        row["winners"] = ";".join(str(w) for w in r["winners"])
        row["draw"] = int(r["draw"])
        writer.writerow([csv_cell(row[field]) for field in CSV_FIELDS])
    return output.getvalue().encode("utf-8")


def results_json(summary: dict[str, Any], records: Sequence[Record]) -> bytes:
    """The summary and every game record."""
    return (json.dumps({"summary": summary, "games": list(records)}, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


# -- playing -------------------------------------------------------------------------------------------------


NOTES_PLAN = Plan(game="", games_played=60, agents=("random", "greedy"), seed=0)
"""What ``ppprint build GAME --report`` simulates for the appendix (``ppprint report`` measures more)."""


def notes_summary(game_id: str, workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """The figures of a game's Designer's notes: :data:`NOTES_PLAN`'s games, without the variants."""
    plan = Plan(game_id, NOTES_PLAN.games_played, NOTES_PLAN.agents, NOTES_PLAN.seed)
    hooks = hooks_of(game_id)
    main_only = PlayHooks(hooks.evaluate, (hooks.variant(MAIN),), hooks.agents, hooks.forced, hooks.forced_words, hooks.cooperative, hooks.max_plies)
    jobs = plan_jobs(plan, main_only)
    records = run_jobs(jobs, Games.current(), workers=workers, progress=progress)
    return analyse(plan, main_only, records, get_game(game_id).data.meta.title)


def play_report(plan: Plan, workers: int = 1, cluster: str | None = None, progress: bool = False) -> tuple[dict[str, Any], list[Record]]:
    """Play the plan: the report's figures (:func:`analyse`) and every game's record."""
    plugin = get_game(plan.game)
    plugin.require_engine()
    hooks = hooks_of(plan.game)
    jobs = plan_jobs(plan, hooks)
    records = run_jobs(jobs, Games.current(), workers=workers, cluster=cluster, progress=progress)
    return analyse(plan, hooks, records, plugin.data.meta.title), records
