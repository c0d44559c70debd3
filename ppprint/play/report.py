"""The designer's report: simulated games of one game, measured, and the raw results (CSV, JSON).

What is played (:func:`plan_jobs`): for each *pairing* of the agents asked for,
``games_played`` games of the game's engine as it is; a pairing of two agents A
and B puts A on one seat (seat ``k mod n`` in game ``k``, so A plays every seat
in turn) and B on the others, and a pairing of an agent with itself puts it on
every seat. A cooperative game pairs each agent only with itself. Then each
variant the game declares (``play.py``), ``games_played`` games each, played
by the variant's own agents or the first agent asked for.

What is measured (:func:`analyse`): each pairing's game length in plies and
turns (a turn: a player's consecutive plies) of its finished games, its results
by seat, draws, unfinished games (stopped at the ply limit: their length is
censored, known only to exceed it) and how games ended; for the *baseline* (the
first agent against itself) the finished games' length histogram, the branching
factor (legal moves at each decision) over the game and how often the player to
move was forced; the *skill signal*, how often each agent beat the other in each
pairing of two, the agents ordered by measured strength, and a verdict
(:func:`skill_verdict`); and each variant's results by seat. A pairing or
variant where most games do not finish is marked and left out of the
conclusions. Rates carry 95% Wilson intervals, means 95% normal intervals.

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
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ppprint.play.agents import make_agent
from ppprint.play.hooks import MAIN, PlayHooks
from ppprint.play.match import Games, Job, derive_seed, hooks_of
from ppprint.play.runner import run_jobs
from ppprint.play.stats import Rate, histogram, median, nice_step, summarise
from ppprint.registry import get_game

DEFAULT_GAMES = 100
MOSTLY_UNFINISHED = 0.5
"""A pairing with more than this share of unfinished games is left out of every conclusion."""
CALIBRATED = 10
"""An ``mcts:N`` agent is strong enough to call a game one of luck when N is this many times the median
branching factor (it tries each move of a typical decision about this often)."""
Record = dict[str, Any]
CSV_FIELDS = (
    "game", "variant", "pairing", "lineup", "index", "seed", "plies", "turns", "chance_plies", "first_player",
    "end", "decided_by", "returns", "winners", "draw", "forced", "decisions",
)


@dataclass(frozen=True)
class Plan:
    """What to play: the game, games per pairing, the agents (by name; none: the game's defaults) and the seed."""

    game: str
    games_played: int = DEFAULT_GAMES
    agents: tuple[str, ...] = ()
    seed: int = 0

    def with_agents(self, hooks: PlayHooks) -> Plan:
        """The plan with the game's default agents when it names none."""
        return self if self.agents else Plan(self.game, self.games_played, hooks.default_agents, self.seed)


def parse_agents(text: str) -> tuple[str, ...]:
    """``random,greedy,mcts:200`` -> the agents' names, each once, in order (none for an empty text)."""
    names: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        if name and name not in names:
            names.append(name)
    return tuple(names)


def pairings(agents: Sequence[str], cooperative: bool, self_play: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The pairings of the agents: each with itself (the first always, the others when ``self_play`` is
    ``None`` or names them), then (unless ``cooperative``) each with each one named before it, the later
    first (``greedy vs random``)."""
    found = [(a, a) for i, a in enumerate(agents) if i == 0 or self_play is None or a in self_play]
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
    plan = plan.with_agents(hooks)
    for name in plan.agents:
        make_agent(name, hooks.evaluate, hooks.agents)
    jobs: list[Job] = []
    main = hooks.variant(MAIN)
    seats = len(main.game.players)
    for one, other in pairings(plan.agents, hooks.cooperative, hooks.self_play):
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
    """Length (of the finished games), results by seat, draws, unfinished games and ends of a group of games
    (plain data); ``mostly_unfinished`` when more than :data:`MOSTLY_UNFINISHED` of them did not finish."""
    n = len(records)
    finished = [r for r in records if r["returns"] is not None]
    unfinished = n - len(finished)
    plies = summarise([r["plies"] for r in finished])
    turns = summarise([r["turns"] for r in finished])
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
        "unfinished": Rate(unfinished, n).as_data(),
        "mostly_unfinished": unfinished > MOSTLY_UNFINISHED * n,
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
        "median": median(every) if every else 0.0,
        "forced": Rate(sum(r["forced"] for r in records), decisions).as_data(),
    }


def analyse(plan: Plan, hooks: PlayHooks, records: Sequence[Record], title: str = "") -> dict[str, Any]:
    """The report's figures as plain data (the JSON's ``summary``)."""
    plan = plan.with_agents(hooks)
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
        "end_words": {str(end.value): end.rule for end in main.game.End},
        "games": len(records),
        "baseline": baseline,
        "pairings": [],
        "skill": [],
        "variants": [],
    }
    for one, other in pairings(plan.agents, hooks.cooperative, hooks.self_play):
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
                    "pairing": name,
                    "wins": Rate(one_wins, n).as_data(),
                    "losses": Rate(other_wins, n).as_data(),
                    "even": round(1 / seats, 6),
                    "left_out": entry["mostly_unfinished"],
                }
            )
    base_group = _group(records, MAIN, baseline)
    lengths = histogram([r["plies"] for r in base_group if r["returns"] is not None])
    summary["length_histogram"] = {"start": lengths.start, "width": lengths.width, "counts": list(lengths.counts)}
    summary["branching"] = branching_of(base_group)
    every = [b for r in _group(records, MAIN) for b in r["branching"]]
    summary["strength"] = strength_order(summary["skill"], plan.agents)
    summary["skill"] = [_stronger_first(s, summary["strength"]) for s in summary["skill"]]
    summary["skill_verdict"] = skill_verdict(summary["skill"], summary["strength"], summary["branching"]["median"], every)
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


def strength_order(skill: Sequence[dict[str, Any]], agents: Sequence[str]) -> list[dict[str, Any]]:
    """The agents from the strongest: each one's mean margin over its even share (its seats' share of the
    table) in its pairings of two that count (not mostly unfinished); agents without one come last, in the
    order named, with ``margin`` ``None``."""
    margins: dict[str, list[float]] = {a: [] for a in agents}
    for s in skill:
        if not s["left_out"]:
            margins[s["one"]].append(s["wins"]["rate"] - s["even"])
            margins[s["other"]].append(s["losses"]["rate"] - (1 - s["even"]))
    means = sorted(((round(sum(m) / len(m), 6), a) for a, m in margins.items() if m), key=lambda pair: -pair[0])
    return [{"agent": a, "margin": margin} for margin, a in means] + [{"agent": a, "margin": None} for a, m in margins.items() if not m]


def _stronger_first(s: dict[str, Any], strength: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A skill entry with the stronger agent as ``one`` (``even``: its side's even share)."""
    rank = [e["agent"] for e in strength]
    if rank.index(s["one"]) <= rank.index(s["other"]):
        return s
    return {**s, "one": s["other"], "other": s["one"], "wins": s["losses"], "losses": s["wins"], "even": round(1 - s["even"], 6)}


def _round_up(value: float) -> int:
    """``value`` rounded up to its leading digit: 2,405 -> 3,000."""
    power = 10 ** math.floor(math.log10(value))
    return int(math.ceil(value / power - 1e-9) * power)


def mcts_budget(agent: str) -> int | None:
    """The simulations per move of an ``mcts:N`` agent (``None`` for another agent)."""
    name, _, option = agent.partition(":")
    return int(option) if name == "mcts" and option.isdigit() else None


def skill_verdict(skill: Sequence[dict[str, Any]], strength: Sequence[dict[str, Any]], branching: float, decisions: Sequence[int]) -> dict[str, Any]:
    """What the skill signal supports, as data: ``kind`` is ``skill`` (the strongest agent other than the weak
    reference beats it: random when it plays, else the weakest), ``luck`` (a calibrated agent, ``mcts:N`` with N at
    least :data:`CALIBRATED` times the median branching factor, does not), ``weak`` (another agent does not:
    the agents are too weak to judge skill) or ``none`` (no pairing of two counts). ``needed`` is the
    simulations per move a calibrated agent takes; ``over`` the share of decisions with more legal moves than
    the strongest agent's simulations."""
    needed = _round_up(CALIBRATED * max(1.0, branching))
    counted = [s for s in skill if not s["left_out"]]
    measured = [e["agent"] for e in strength if e["margin"] is not None]
    verdict: dict[str, Any] = {"kind": "none", "median_branching": branching, "needed": needed}
    if not counted or len(measured) < 2:
        return verdict
    weak = "random" if "random" in measured else measured[-1]
    strongest = next(a for a in measured if a != weak)
    pair = next((s for s in counted if {s["one"], s["other"]} == {strongest, weak}), None)
    if pair is None:
        return verdict
    wins, even = (pair["wins"], pair["even"]) if pair["one"] == strongest else (pair["losses"], round(1 - pair["even"], 6))
    budget = mcts_budget(strongest)
    verdict.update(strongest=strongest, weak=weak, wins=wins, even=even, simulations=budget)
    if budget is not None:
        verdict["over"] = Rate(sum(1 for d in decisions if d > budget), len(decisions)).as_data()
    if Rate(wins["count"], wins["n"]).above(even):
        verdict["kind"] = "skill"
    elif budget is not None and budget >= needed:
        verdict["kind"] = "luck"
    else:
        verdict["kind"] = "weak"
    return verdict


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


NOTES_PLAN = Plan(game="", games_played=60, seed=0)
"""What ``ppprint build GAME --report`` simulates for the appendix (``ppprint report`` measures more)."""


def notes_summary(game_id: str, workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """The figures of a game's Designer's notes: :data:`NOTES_PLAN`'s games (by the game's default agents),
    without the variants."""
    hooks = hooks_of(game_id)
    plan = Plan(game_id, NOTES_PLAN.games_played, NOTES_PLAN.agents, NOTES_PLAN.seed).with_agents(hooks)
    main_only = replace(hooks, variants=(hooks.variant(MAIN),))
    jobs = plan_jobs(plan, main_only)
    records = run_jobs(jobs, Games.current(), workers=workers, progress=progress)
    return analyse(plan, main_only, records, get_game(game_id).data.meta.title)


def play_report(plan: Plan, workers: int = 1, cluster: str | None = None, progress: bool = False) -> tuple[dict[str, Any], list[Record]]:
    """Play the plan: the report's figures (:func:`analyse`) and every game's record."""
    plugin = get_game(plan.game)
    plugin.require_engine()
    hooks = hooks_of(plan.game)
    plan = plan.with_agents(hooks)
    jobs = plan_jobs(plan, hooks)
    records = run_jobs(jobs, Games.current(), workers=workers, cluster=cluster, progress=progress)
    return analyse(plan, hooks, records, plugin.data.meta.title), records
