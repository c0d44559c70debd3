"""The designer's report: simulated games of one game, measured, as a PDF and as raw results (CSV, JSON).

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
the same files byte for byte (ReportLab's ``invariant``; no clock in any output).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from ppprint.book.paragraph import Heading
from ppprint.book.rulebook import FigureFlowable, RulebookTemplate
from ppprint.document.pages import MARGIN, PAPERS
from ppprint.book.styles import BOX_EDGE, BOX_FILL, RULE, Styles, book_styles
from ppprint.errors import InputError
from ppprint.output import inside, write_atomic
from ppprint.play import charts
from ppprint.play.agents import make_agent
from ppprint.play.hooks import MAIN, PlayHooks
from ppprint.play.match import Games, Job, derive_seed, hooks_of
from ppprint.play.runner import run_jobs
from ppprint.play.stats import Rate, histogram, nice_step, summarise
from ppprint.registry import get_game
from ppprint.render.draw import Drawing
from ppprint.render.fonts import SANS

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


def results_csv(records: Sequence[Record]) -> bytes:
    """One row per game (lists joined by ``;``)."""
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in records:
        row = {**r, "decisions": len(r["branching"])}
        row["lineup"] = ";".join(r["lineup"])
        row["returns"] = "" if r["returns"] is None else ";".join(f"{v:g}" for v in r["returns"])
        row["winners"] = ";".join(str(w) for w in r["winners"])
        row["draw"] = int(r["draw"])
        writer.writerow([row[field] for field in CSV_FIELDS])
    return output.getvalue().encode("utf-8")


def results_json(summary: dict[str, Any], records: Sequence[Record]) -> bytes:
    """The summary and every game record."""
    return (json.dumps({"summary": summary, "games": list(records)}, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


# -- the PDF -----------------------------------------------------------------------------------------------


def _pct(rate: dict[str, Any]) -> str:
    return Rate(rate["count"], rate["n"]).text()


def _bars(rates: Sequence[tuple[str, dict[str, Any]]]) -> list[charts.Bar]:
    return [charts.Bar(label, r["rate"], r["low"], r["high"]) for label, r in rates]


def _runs(names: Sequence[str]) -> list[tuple[str, int]]:
    """Consecutive equal names as (name, how many); none when no name is given."""
    runs: list[tuple[str, int]] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return runs if any(names) else []


def _bar_maker(bars: list[charts.Bar], width: float, height: float, y_label: str, title: str, groups: list[tuple[str, int]]) -> Callable[[float], Drawing]:
    return lambda scale: charts.bar_chart(bars, width, height, y_label, scale=scale, title=title, groups=groups)


def _figure(make: Callable[[float], Drawing], caption: str, styles: Styles, max_height: float) -> Flowable:
    return KeepTogether([Spacer(1, 4), FigureFlowable(make, None, max_height), Paragraph(caption, styles.caption)])


def _table(rows: Sequence[Sequence[str]], styles: Styles, widths: Sequence[float] | None = None) -> Table:
    cells = [[Paragraph(_escape(text), styles.table_head if i == 0 else styles.table_cell) for text in row] for i, row in enumerate(rows)]
    table = Table(cells, hAlign="CENTER", repeatRows=1, colWidths=list(widths) if widths else None)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS),
                ("GRID", (0, 0), (-1, -1), 0.5, RULE),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ("BACKGROUND", (0, 0), (-1, 0), BOX_FILL),
            ]
        )
    )
    table.spaceAfter = styles.body.spaceAfter
    return table


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _length_text(entry: dict[str, Any]) -> str:
    plies = entry["plies"]
    return f"{plies['median']:g}, range {plies['minimum']:g}-{plies['maximum']:g}"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _seat_names(players: Sequence[str]) -> list[str]:
    return [f"{i + 1}: {p}" for i, p in enumerate(players)]


def headline_rows(summary: dict[str, Any]) -> list[list[str]]:
    """The report's first table: what a designer asks playtesters first."""
    base = next(p for p in summary["pairings"] if p["pairing"] == summary["baseline"])
    rows = [["Figure", "Value (95% interval)"]]
    rows.append(["Games simulated", f"{summary['games']} ({summary['games_played']} per pairing)"])
    plies, turns = base["plies"], base["turns"]
    rows.append([f"Length, {summary['baseline']} play (plies)", f"mean {plies['mean']:.1f} ({plies['low']:.1f}-{plies['high']:.1f}); median {plies['median']:g}, range {plies['minimum']:g}-{plies['maximum']:g}"])
    rows.append([f"Length, {summary['baseline']} play (turns)", f"median {turns['median']:g}, range {turns['minimum']:g}-{turns['maximum']:g}"])
    if summary["cooperative"]:
        rows.append(["Players win (together)", _pct(base["team"])])
    elif len(summary["players"]) == 2:
        rows.append(["First player wins", _pct(base["order"][0])])
        rows.append(["Second player wins", _pct(base["order"][1])])
    else:
        for k, rate in enumerate(base["order"]):
            rows.append([f"{_ordinal(k + 1)} to move wins", _pct(rate)])
    rows.append(["Draws", _pct(base["draws"])])
    if base["unfinished"]["count"]:
        rows.append([f"Unfinished after {summary['max_plies']} plies", _pct(base["unfinished"])])
    rows.append([f"Decisions that are {summary['forced_words']}", _pct(summary["branching"]["forced"])])
    rows.append(["Legal moves per decision (mean)", f"{summary['branching']['mean']:.1f}"])
    for skill in summary["skill"]:
        rows.append([f"{skill['one']} beats {skill['other']}", _pct(skill["wins"])])
    return rows


def seat_chart(summary: dict[str, Any], width: float, height: float) -> Callable[[float], Drawing]:
    """Wins by seat (two players: by turn order, first and second) and draws, or a cooperative game's team wins."""
    base = next(p for p in summary["pairings"] if p["pairing"] == summary["baseline"])
    players = summary["players"]
    if summary["cooperative"]:
        bars = _bars([(p["pairing"], p["team"]) for p in summary["pairings"]])
        return lambda scale: charts.bar_chart(bars, width, height, "players win", scale=scale, title="Team win rate by agent")
    if len(players) == 2:
        bars = _bars([("first", base["order"][0]), ("second", base["order"][1]), ("draw", base["draws"])])
    else:
        bars = _bars(list(zip(players, base["seats"])) + [("draw", base["draws"])])
    even = 1 / len(players)
    return lambda scale: charts.bar_chart(bars, width, height, "wins", reference=even, reference_label=f"even share {100 * even:.0f}%", scale=scale, title="Results by seat")


def length_chart(summary: dict[str, Any], width: float, height: float) -> Callable[[float], Drawing]:
    from ppprint.play.stats import Histogram

    counts = summary["length_histogram"]
    hist = Histogram(counts["start"], counts["width"], tuple(counts["counts"]))
    return lambda scale: charts.histogram_chart(hist, width, height, "game length (plies)", scale=scale, title="Game length")


def build_report(summary: dict[str, Any], paper: str = "letter", meta: dict[str, Any] | None = None) -> bytes:
    """The report PDF."""
    styles = book_styles()
    size = PAPERS[paper]
    width = size[0] - 2 * MARGIN
    max_height = (size[1] - 1.9 * MARGIN) * 0.45
    title = summary["title"]
    story: list[Flowable] = [
        Paragraph(_escape(f"{title}: designer's report"), styles.title),
        Paragraph("Simulated play: computer agents, not playtesters", styles.subtitle),
    ]
    agents = ", ".join(summary["agents"])
    story.append(
        Paragraph(
            _escape(
                f"Every figure below comes from games the computer played against itself with the rules engine: "
                f"{summary['games_played']} games for each pairing of the agents {agents}"
                + (f", and {summary['games_played']} for each variant" if summary["variants"] else "")
                + f" (seed {summary['seed']}, engine version {summary['engine_version']}). Rates come with their 95% "
                "confidence intervals: a difference inside them may be chance. Simulated players are no people: "
                "they show what the rules allow, not what a table of players will enjoy."
            ),
            styles.body,
        )
    )
    keys = iter(range(1000))

    def heading(text: str, level: int = 0) -> Heading:
        return Heading(_escape(text), styles.h1 if level == 0 else styles.h2, level, f"r{next(keys)}")

    story += [heading("Headline figures"), _table(headline_rows(summary), styles, [width * 0.5, width * 0.4])]

    def section(title: str, first: Flowable) -> Flowable:
        """A heading kept on the page of what follows it (a figure's parts taken out of their own
        KeepTogether: one inside another measures as endless and always starts a new page)."""
        parts = list(getattr(first, "_content")) if isinstance(first, KeepTogether) else [first]
        return KeepTogether([heading(title), *parts])

    base = next(p for p in summary["pairings"] if p["pairing"] == summary["baseline"])
    story.append(
        section(
            "Game length",
            _figure(
                length_chart(summary, width * 0.8, 170.0),
                _escape(f"Game length in plies (one move or chance event each), {summary['baseline']} play: median {_length_text(base)}."),
                styles,
                max_height,
            ),
        )
    )
    rows = [["Pairing", "Games", "Plies: median (range)", "Mean plies", "Turns: median"]]
    for p in summary["pairings"]:
        rows.append([p["pairing"], str(p["games"]), f"{p['plies']['median']:g} ({p['plies']['minimum']:g}-{p['plies']['maximum']:g})", f"{p['plies']['mean']:.1f} ({p['plies']['low']:.1f}-{p['plies']['high']:.1f})", f"{p['turns']['median']:g}"])
    story.append(_table(rows, styles))
    caption = (
        f"Wins by seat with 95% intervals, {summary['baseline']} play; the dashed line is an even share."
        if not summary["cooperative"]
        else "How often the players win together, by the agent that plays every seat."
    )
    story.append(section("Results by seat", _figure(seat_chart(summary, width * 0.8, 170.0), caption, styles, max_height)))
    players = summary["players"]
    if summary["cooperative"]:
        rows = [["Agent", "Games", "Players win", "Draws", "Unfinished"]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], str(p["games"]), _pct(p["team"]), _pct(p["draws"]), _pct(p["unfinished"])])
    else:
        rows = [["Pairing", *[f"Seat {n} wins" for n in _seat_names(players)], "Draws", "Unfinished"]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], *[_pct(r) for r in p["seats"]], _pct(p["draws"]), _pct(p["unfinished"])])
    story.append(_table(rows, styles))
    story.append(Paragraph(_escape("In a pairing of two agents the first named plays seat 1 in the first game, seat 2 in the next, and so on."), styles.small))
    if not summary["cooperative"] and not all(p["first_seat_always"] for p in summary["pairings"]):
        rows = [["Pairing", *[f"{_ordinal(k + 1)} to move wins" for k in range(len(players))]]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], *[_pct(r) for r in p["order"]]])
        story.append(Paragraph(_escape("The first player is drawn by lot: by turn order (the first to move, then the next seat in play order):"), styles.body))
        story.append(_table(rows, styles))
    # One row per pairing, one column per way a game ends (there are few of those, and many pairings).
    ends = sorted({end for p in summary["pairings"] for end in p["ends"]})
    rows = [["Pairing", *ends]]
    for p in summary["pairings"]:
        rows.append([p["pairing"], *[_pct(p["ends"][end]) if end in p["ends"] else "-" for end in ends]])
    story.append(section("How games end", _table(rows, styles)))
    branching = summary["branching"]
    points = [(float(d), float(mean)) for d, mean, _ in branching["by_decision"]]
    story.append(
        section("Branching factor", _figure(
            lambda scale: charts.line_chart(points, width * 0.8, 170.0, "decision (the player to move's n-th choice)", "legal moves", scale=scale, title="Branching factor"),
            _escape(
                f"Legal moves at each decision over the game, {summary['baseline']} play (mean {branching['mean']:.1f}; "
                f"drawn while a tenth of the games still run). {summary['forced_words'].capitalize()}: {_pct(branching['forced'])} of decisions."
            ),
            styles,
            max_height,
        ))
    )
    if summary["skill"]:
        rows = [["Agents", "First named wins", "Second named wins", "Even"]]
        for s in summary["skill"]:
            rows.append([f"{s['one']} vs {s['other']}", _pct(s["wins"]), _pct(s["losses"]), f"{100 * s['even']:.0f}%"])
        story.append(section("Skill signal", _table(rows, styles)))
        bars = _bars([(f"{s['one']} vs {s['other']}", s["wins"]) for s in summary["skill"]])
        even = 1 / len(players)
        story.append(
            _figure(
                lambda scale: charts.bar_chart(bars, width * 0.8, 170.0, "first named wins", reference=even, reference_label="even", scale=scale, title="Skill signal"),
                _escape("How often the first named agent wins against the second. A game in which a stronger agent does no better than an even share is a game of luck."),
                styles,
                max_height,
            )
        )
    elif summary["cooperative"]:
        story.append(section("Skill signal", Paragraph(_escape("The players win or lose together: compare the agents' team win rates under Results by seat."), styles.body)))
    else:
        story.append(section("Skill signal", Paragraph(_escape("Name two agents or more (--agents random,mcts:200) to measure skill."), styles.body)))
    groups: dict[str, list[dict[str, Any]]] = {}
    for v in summary["variants"]:
        groups.setdefault(v["group"], []).append(v)
    for group, entries in groups.items():
        agents_used = sorted({" / ".join(v["agents"]) for v in entries})
        story.append(section(group, Paragraph(_escape(f"{summary['games_played']} games each, played by {', '.join(agents_used)}."), styles.body)))
        if summary["cooperative"]:
            rows = [["Variant", "Games", "Players win", "Mean plies", "Unfinished"]]
            for v in entries:
                rows.append([v["label"], str(v["games"]), _pct(v["team"]), f"{v['plies']['mean']:.1f}", _pct(v["unfinished"])])
            bars = _bars([(v["bar"], v["team"]) for v in entries])
            y_label = "players win"
        else:
            most = max(len(v["players"]) for v in entries)
            rows = [["Variant", "Games", *[f"Seat {i + 1} wins" for i in range(most)], "Draws", "Unfinished"]]
            for v in entries:
                seats = [_pct(r) for r in v["seats"]] + ["-"] * (most - len(v["seats"]))
                rows.append([v["label"], str(v["games"]), *seats, _pct(v["draws"]), _pct(v["unfinished"])])
            bars = _bars([(player, r) for v in entries for player, r in zip(v["players"], v["seats"])])
            y_label = "wins"
        story.append(_table(rows, styles))
        runs = [(v["label"], len(v["seats"])) for v in entries] if not summary["cooperative"] else _runs([v["bar_group"] for v in entries])
        story.append(
            _figure(
                _bar_maker(bars, width, 185.0 if runs else 170.0, y_label, group, runs),
                _escape(f"{group}: win rates with 95% intervals" + (", by seat." if not summary["cooperative"] else ".")),
                styles,
                max_height,
            )
        )
    story.append(section("How the games were played", Paragraph(_escape(METHOD[0]), styles.body)))
    for text in METHOD[1:]:
        story.append(Paragraph(_escape(text), styles.body))
    output = io.BytesIO()
    document = RulebookTemplate(
        output,
        size,
        MARGIN,
        footer=f"{title} · designer's report (simulated play)",
        meta=meta
        or {
            "title": f"{title}: designer's report",
            "author": "ppprint",
            "subject": f"Simulated play of {title}: game length, results by seat, branching, skill.",
            "keywords": ["simulated play", "designer's report"],
        },
    )
    document.build(story)
    return output.getvalue()


METHOD = (
    "The agents: random plays a legal move at random; greedy looks one move ahead: it plays the move that wins at once, "
    "else the one the game's own evaluation scores best (when the game declares one), else a random one; "
    "mcts:N searches N simulated continuations per move (Monte Carlo tree search, UCT), drawing dice by their odds "
    "and scoring each player's own result, and plays the move it explored most.",
    "A turn is a player's consecutive moves; a ply is one move or one chance event. A game still going at the ply "
    "limit is stopped and counted as unfinished: neither a win nor a draw.",
    "The 95% intervals of rates are Wilson score intervals; those of means are normal intervals. Each game has its "
    "own seed, derived from the report's seed, so the same command gives the same games, the same report and the "
    "same raw results (CSV and JSON beside this PDF) on any machine and any number of workers.",
)


# -- the appendix of a rulebook ---------------------------------------------------------------------------


def designers_notes(summary: dict[str, Any], styles: Styles, frame_width: float, max_height: float) -> list[Flowable]:
    """The "Designer's notes" appendix of a rulebook: headline figures and two charts, marked as simulated play."""
    notice = Table(
        [[Paragraph(_escape(
            f"Simulated play, not playtesting: {summary['games']} games the computer played with the rules engine "
            f"(agents {', '.join(summary['agents'])}; seed {summary['seed']}). The figures show what the rules allow; "
            "95% intervals in brackets."
        ), styles.small)]],
        colWidths=["100%"],
    )
    notice.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), BOX_FILL), ("BOX", (0, 0), (-1, -1), 0.8, BOX_EDGE)]))
    width = min(frame_width, 4.6 * inch)
    return [
        Heading("Designer's notes", styles.h1, 0, "designers-notes"),
        notice,
        Spacer(1, 6),
        _table(headline_rows(summary), styles, [frame_width * 0.52, frame_width * 0.42]),
        _figure(length_chart(summary, width, 160.0), "Game length (simulated play).", styles, max_height),
        _figure(seat_chart(summary, width, 160.0), "Results by seat (simulated play).", styles, max_height),
    ]


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


def notes_appendix(game_id: str) -> Callable[[Styles, float, float], list[Flowable]]:
    """A game's Designer's notes as a rulebook's appendix (``ppprint build GAME --report``): played on every core."""
    from ppprint.play.runner import local_workers

    summary = notes_summary(game_id, workers=local_workers())
    return lambda styles, width, height: designers_notes(summary, styles, width, height)


# -- the command ------------------------------------------------------------------------------------------


def write_report(plan: Plan, out: Path, workers: int = 1, cluster: str | None = None, progress: bool = False, paper: str = "letter") -> list[Path]:
    """Play the plan and write ``OUT/<game>-report.pdf``, ``-results.csv`` and ``-results.json`` (atomically)."""
    plugin = get_game(plan.game)
    plugin.require_engine()
    hooks = hooks_of(plan.game)
    jobs = plan_jobs(plan, hooks)
    records = run_jobs(jobs, Games.current(), workers=workers, cluster=cluster, progress=progress)
    meta = plugin.data.meta
    summary = analyse(plan, hooks, records, meta.title)
    pdf_meta = {
        "title": f"{meta.title}: designer's report",
        "author": ", ".join(meta.designers),
        "subject": f"Simulated play of {meta.title}: game length, results by seat, branching, skill. {meta.licence.name}.",
        "keywords": [*meta.keywords, "simulated play", "designer's report", f"licence: {meta.licence.name}"],
    }
    files = [
        (inside(out, f"{plan.game}-report.pdf"), build_report(summary, paper, pdf_meta)),
        (inside(out, f"{plan.game}-results.csv"), results_csv(records)),
        (inside(out, f"{plan.game}-results.json"), results_json(summary, records)),
    ]
    for target, content in files:
        write_atomic(target, content)
    return [target for target, _ in files]
