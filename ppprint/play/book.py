"""The designer's report, and a rulebook's Designer's notes, as books (:class:`~ppprint.document.book.Book`).

The text is written as Markdown (every name and measured value escaped,
:func:`~ppprint.document.text.escape`) and parsed as every book's text is: headings, paragraphs,
tables for the headline figures and the rows of each pairing and variant, a box for the notice that
this is simulated play. The charts (:mod:`ppprint.play.charts`) are the book's numbered figures,
each drawn by its chart maker for the scale it prints at. Any printer of a book prints them: the
build prints the report as a PDF or a web page (:mod:`ppprint.build.report`), and ends a rulebook
with the notes (:meth:`~ppprint.document.book.Book.with_appendix`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ppprint.document.book import Book, BookFigure, TitleBlock
from ppprint.document.pages import INCH, frame
from ppprint.document.text import FIGURE_MARKER, escape, parse
from ppprint.document.typography import typographic
from ppprint.model.game import GameMeta
from ppprint.play import charts
from ppprint.play.match import UNFINISHED
from ppprint.play.report import CALIBRATED
from ppprint.play.stats import Histogram, Rate
from ppprint.render.draw import Drawing

Summary = dict[str, Any]
"""A report's figures as plain data (:func:`ppprint.play.report.analyse`)."""
Maker = Callable[[float], Drawing]
"""Draws a chart for printing at a scale."""

METHOD = (
    "The agents: random plays a legal move at random; greedy looks one move ahead: it plays the move that wins at once, "
    "else the one the game's own evaluation scores best (when the game declares one), else a random one; "
    "mcts:N searches N simulated continuations per move (Monte Carlo tree search, UCT), drawing dice by their odds "
    "and scoring each player's own result, and plays the move it explored most. A game may bring agents of its own "
    "(its play.py describes them).",
    "A turn is a player's consecutive moves; a ply is one move or one chance event. A game still going at the ply "
    "limit is stopped and counted as unfinished: neither a win nor a draw, and its length only known to exceed the "
    "limit. A pairing where most games are unfinished is left out of every conclusion.",
    "An agent's strength is its mean win rate above an even share in its pairings of two; skill is shown when the "
    "strongest agent beats the weakest (random, when it plays) beyond its 95% interval. A game is called one of luck "
    f"only when an mcts agent of at least {CALIBRATED} simulations per legal move of the median decision fails to.",
    "The 95% intervals of rates are Wilson score intervals; those of means are normal intervals. Each game has its "
    "own seed, derived from the report's seed, so the same command gives the same games, the same report and the "
    "same raw results (CSV and JSON beside this report) on any machine and any number of workers.",
)
"""How the games were played: the report's last section."""
CHART_HEIGHT = 170.0
"""A report chart's height at print scale 1, points (a variants chart with group labels: :data:`GROUPED_HEIGHT`)."""
GROUPED_HEIGHT = 185.0
NOTES_WIDTH = 4.6 * INCH
"""The most width of a Designer's notes chart, points."""
NOTES_HEIGHT = 160.0


class _Writer:
    """A book's text written block by block as Markdown, and its figures numbered as they are placed."""

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.figures: dict[str, BookFigure] = {}
        self.makers: dict[str, Maker] = {}

    def heading(self, text: str) -> None:
        self.blocks.append("## " + escape(text))

    def paragraph(self, text: str, note: bool = False) -> None:
        """A paragraph of plain text; a ``note`` (a table's footnote) is set in italics."""
        self.blocks.append(f"*{escape(text)}*" if note else escape(text))

    def box(self, text: str) -> None:
        self.blocks.append(f"::: box\n{escape(text)}\n:::")

    def table(self, rows: Sequence[Sequence[str]]) -> None:
        """A table whose first row is its header."""
        head, *body = rows
        lines = [_row(head), "|" + "---|" * len(head), *(_row(row) for row in body)]
        self.blocks.append("\n".join(lines))

    def figure(self, figure_id: str, caption: str, make: Maker) -> None:
        self.figures[figure_id] = BookFigure(figure_id, len(self.figures) + 1, typographic(caption))
        self.makers[figure_id] = make
        self.blocks.append(FIGURE_MARKER.format(figure_id))

    def markdown(self) -> str:
        return "\n\n".join(self.blocks) + "\n"

    def draw(self, figure_id: str, scale: float, columns: int) -> Drawing:
        return self.makers[figure_id](scale)


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(escape(cell) for cell in cells) + " |"


def _book(writer: _Writer, summary: Summary, paper: str, what: str, subtitle: str, metadata: dict[str, Any]) -> Book:
    title = summary["title"]
    return Book(
        id=summary["game"],
        paper=paper,
        lang="en",
        title=typographic(f"{title}: {what}"),
        running_title=typographic(f"{title} · {what} (simulated play)"),
        metadata=metadata,
        title_block=TitleBlock(typographic(f"{title}: {what}"), typographic(subtitle)),
        rules=parse(writer.markdown(), images=False),
        back=parse(""),
        figures=writer.figures,
        marks=(),
        draw=writer.draw,
    )


def report_metadata(title: str, meta: GameMeta | None = None) -> dict[str, Any]:
    """The report's metadata: a game's designers and licence when its ``meta`` is given."""
    if meta is None:
        keywords = ["simulated play", "designer's report"]
        subject = f"Simulated play of {title}: game length, results by seat, branching, skill."
        designers = ["ppprint"]
    else:
        keywords = [*meta.keywords, "simulated play", "designer's report", f"licence: {meta.licence.name}"]
        subject = f"Simulated play of {title}: game length, results by seat, branching, skill. {meta.licence.name}."
        designers = meta.creators()
    return {
        "title": typographic(f"{title}: designer's report"),
        "author": ", ".join(designers),
        "subject": typographic(subject),
        "keywords": keywords,
        "subjects": keywords[:-1] if meta is not None else keywords,
        "creators": designers,
        "rights": "",
        "licence_url": "",
    }


# -- the figures and rows ----------------------------------------------------------------------------------


def pct(rate: dict[str, Any]) -> str:
    """A rate with its interval: ``48.0% (38.4-57.8%)``."""
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


def _baseline(summary: Summary) -> dict[str, Any]:
    return next(p for p in summary["pairings"] if p["pairing"] == summary["baseline"])


def _sample(entry: dict[str, Any]) -> str:
    """Which games a figure counts: ``random vs random, 60 games``."""
    return f"{entry['one']} vs {entry['other']}, {entry['games']} games"


def length_text(entry: dict[str, Any], max_plies: int) -> str:
    """A group's length in plies, its finished games only when some were stopped at the limit (their length
    is censored: only known to exceed it)."""
    plies, unfinished = entry["plies"], entry["unfinished"]
    spread = f"median {plies['median']:g}, range {plies['minimum']:g}–{plies['maximum']:g}"
    if not unfinished["count"]:
        return spread
    if not plies["n"]:
        return f"more than {max_plies} (no game finished)"
    return f"{pct(unfinished)} unfinished at {max_plies}; the finished games: {spread}"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _seat_names(players: Sequence[str]) -> list[str]:
    return [f"{i + 1}: {p}" for i, p in enumerate(players)]


LEFT_OUT = "left out"
"""A table's cell for a rate of a group where most games did not finish."""


def _counted(entry: dict[str, Any], rate: dict[str, Any]) -> str:
    return LEFT_OUT if entry["mostly_unfinished"] else pct(rate)


def warning(summary: Summary) -> str:
    """The warning that opens a report where most games of a pairing or variant did not finish ("" if none)."""
    groups = [g for g in summary["pairings"] + summary["variants"] if g["mostly_unfinished"]]
    if not groups:
        return ""
    names = [g.get("pairing") or f"{g['label']} ({' / '.join(g['agents'])})" for g in groups]
    one = len(groups) == 1
    counts = [f"{g['unfinished']['count']} of {'its ' if one else ''}{g['games']}" for g in groups]
    return (
        f"Warning: most games of {_listed(names)} did not finish: {_listed(counts)} games were still going "
        f"after {summary['max_plies']} plies. {'Its' if one else 'Their'} results say nothing about the game, so they are left out of "
        "every conclusion of this report (win rates, balance between seats, skill and luck)."
    )


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def verdict_text(summary: Summary) -> str:
    """What the skill signal supports, in words (:func:`ppprint.play.report.skill_verdict`)."""
    v = summary["skill_verdict"]
    if v["kind"] == "none":
        return "No pairing of two agents finished enough games to measure skill."
    strongest, weak, wins, even = v["strongest"], v["weak"], pct(v["wins"]), f"{100 * v['even']:.0f}%"
    branching, needed = f"{v['median_branching']:g}", v["needed"]
    if v["kind"] == "skill":
        return f"Skill counts: {strongest}, the strongest agent measured, beats {weak}: it wins {wins} of the games, more than its even share ({even})."
    if v["kind"] == "luck":
        return (
            f"No skill signal: {strongest}, a search of {v['simulations']} simulations per move against a median of {branching} legal moves, "
            f"does not beat {weak} (it wins {wins}; its even share is {even}). With these agents it plays like a game of luck."
        )
    text = f"The agents are too weak to judge skill: the strongest, {strongest}, is not shown to beat {weak} (it wins {wins}; its even share is {even})."
    if v["simulations"] is not None:
        text += (
            f" It tries {v['simulations']} simulations per move, but the median decision has {branching} legal moves and {100 * v['over']['rate']:.1f}% of "
            f"decisions have more than {v['simulations']}, so it cannot try each move even once."
        )
    return text + (
        f" To tell skill from luck, play an agent of about {needed} simulations per move (mcts:{needed}, {CALIBRATED} per legal move of the "
        "median decision) against random: only if such an agent fails to beat random does the game look like one of luck."
    )


def headline_rows(summary: Summary) -> list[list[str]]:
    """The report's first table: what a designer asks playtesters first."""
    base = _baseline(summary)
    play = f"{summary['baseline']} play"
    rows = [["Figure", "Value (95% interval)"]]
    rows.append(["Games simulated", f"{summary['games']} ({summary['games_played']} per pairing)"])
    plies, turns = base["plies"], base["turns"]
    if base["unfinished"]["count"]:
        rows.append([f"Length, {play} (plies)", length_text(base, summary["max_plies"])])
    else:
        rows.append([f"Length, {play} (plies)", f"mean {plies['mean']:.1f} ({plies['low']:.1f}–{plies['high']:.1f}); {length_text(base, summary['max_plies'])}"])
    if turns["n"]:
        rows.append([f"Length, {play} (turns{', finished games' if base['unfinished']['count'] else ''})", f"median {turns['median']:g}, range {turns['minimum']:g}–{turns['maximum']:g}"])
    if summary["cooperative"]:
        rows.append([f"Players win together ({play})", _counted(base, base["team"])])
    elif len(summary["players"]) == 2:
        rows.append([f"First player wins ({play})", _counted(base, base["order"][0])])
        rows.append([f"Second player wins ({play})", _counted(base, base["order"][1])])
    else:
        for k, rate in enumerate(base["order"]):
            rows.append([f"{_ordinal(k + 1)} to move wins ({play})", _counted(base, rate)])
    rows.append([f"Draws ({play})", _counted(base, base["draws"])])
    if base["unfinished"]["count"]:
        rows.append([f"Unfinished after {summary['max_plies']} plies ({play})", pct(base["unfinished"])])
    rows.append([f"Decisions that are {summary['forced_words']}", pct(summary["branching"]["forced"])])
    rows.append(["Legal moves per decision (mean; median)", f"{summary['branching']['mean']:.1f}; {summary['branching']['median']:g}"])
    for skill in summary["skill"]:
        share = "" if skill["even"] == 0.5 else f" (even share {100 * skill['even']:.0f}%)"
        rows.append([f"Skill, {skill['pairing']}", LEFT_OUT] if skill["left_out"] else [f"{skill['one']} beats {skill['other']}{share}", pct(skill["wins"])])
    if summary["skill"]:
        rows.append(["Skill", verdict_words(summary["skill_verdict"])])
    return rows


def verdict_words(verdict: dict[str, Any]) -> str:
    """The skill verdict in a few words, for the headline table."""
    if verdict["kind"] == "skill":
        return f"shown: {verdict['strongest']} beats {verdict['weak']}"
    if verdict["kind"] == "luck":
        return f"no signal from {verdict['strongest']}: luck outweighs it"
    if verdict["kind"] == "weak":
        return "the agents are too weak to judge skill"
    return "not measured"


def seat_chart(summary: Summary, width: float, height: float) -> Maker:
    """Wins by seat (two players: by turn order, first and second) and draws, or a cooperative game's team wins."""
    base = _baseline(summary)
    players = summary["players"]
    if summary["cooperative"]:
        bars = _bars([(p["pairing"], p["team"]) for p in summary["pairings"] if not p["mostly_unfinished"]])
        return lambda scale: charts.bar_chart(bars, width, height, "players win", scale=scale, title="Team win rate by agent")
    if len(players) == 2:
        bars = _bars([("first", base["order"][0]), ("second", base["order"][1]), ("draw", base["draws"])])
    else:
        bars = _bars(list(zip(players, base["seats"])) + [("draw", base["draws"])])
    even = 1 / len(players)
    return lambda scale: charts.bar_chart(bars, width, height, "wins", reference=even, reference_label=f"even share {100 * even:.0f}%", scale=scale, title="Results by seat")


def length_chart(summary: Summary, width: float, height: float) -> Maker | None:
    """The baseline's finished games' lengths as a histogram (none when they fill fewer than two bins)."""
    counts = summary["length_histogram"]
    if len(counts["counts"]) < 2:
        return None
    hist = Histogram(counts["start"], counts["width"], tuple(counts["counts"]))
    return lambda scale: charts.histogram_chart(hist, width, height, "game length (plies), finished games", scale=scale, title="Game length")


def branching_chart(summary: Summary, width: float, height: float) -> Maker:
    points = [(float(d), float(mean)) for d, mean, _ in summary["branching"]["by_decision"]]
    return lambda scale: charts.line_chart(points, width, height, "decision number in the game (every player's decisions in turn)", "legal moves", scale=scale, title="Branching factor")


def _bar_maker(bars: list[charts.Bar], width: float, height: float, y_label: str, title: str, groups: list[tuple[str, int]], **options: Any) -> Maker:
    return lambda scale: charts.bar_chart(bars, width, height, y_label, scale=scale, title=title, groups=groups, **options)


# -- the report ----------------------------------------------------------------------------------------------


def report_book(summary: Summary, paper: str = "letter", meta: GameMeta | None = None) -> Book:
    """The designer's report of ``summary`` for ``paper`` (its charts sized for that paper's text frame);
    ``meta``, the game's, gives its metadata the designers and the licence."""
    width = frame(paper)[0]
    out = _Writer()
    if warning(summary):
        out.box(warning(summary))
    agents = ", ".join(summary["agents"])
    out.paragraph(
        f"Every figure below comes from games the computer played against itself with the rules engine: "
        f"{summary['games_played']} games for each pairing of the agents {agents}"
        + (f", and {summary['games_played']} for each variant" if summary["variants"] else "")
        + f" (seed {summary['seed']}, engine version {summary['engine_version']}). Rates come with their 95% "
        "confidence intervals: a difference inside them may be chance. Simulated players are no people: "
        "they show what the rules allow, not what a table of players will enjoy."
    )
    out.heading("Headline figures")
    out.table(headline_rows(summary))
    for section in (_length, _seats, _ends, _branching, _skill):
        section(out, summary, width * 0.8)
    _variants(out, summary, width)
    out.heading("How the games were played")
    for text in METHOD:
        out.paragraph(text)
    return _book(out, summary, paper, "designer's report", "Simulated play: computer agents, not playtesters", report_metadata(summary["title"], meta))


def _length(out: _Writer, summary: Summary, chart: float) -> None:
    out.heading("Game length")
    base = _baseline(summary)
    make = length_chart(summary, chart, CHART_HEIGHT)
    words = length_text(base, summary["max_plies"])
    if make is not None:
        out.figure("game-length", f"Game length in plies (one move or chance event each), {_sample(base)}: {words}.", make)
    else:
        out.paragraph(f"Game length in plies, {_sample(base)}: {words}. Too few finished games of different lengths to draw.")
    rows = [["Pairing", "Games", "Unfinished", "Plies: median (range)", "Mean plies", "Turns: median"]]
    for p in summary["pairings"]:
        plies = p["plies"]
        censored = bool(p["unfinished"]["count"])
        spread = f"{plies['median']:g} ({plies['minimum']:g}–{plies['maximum']:g})" if plies["n"] else f"> {summary['max_plies']}"
        mean = "–" if censored else f"{plies['mean']:.1f} ({plies['low']:.1f}–{plies['high']:.1f})"
        turns = f"{p['turns']['median']:g}" if p["turns"]["n"] else "–"
        rows.append([p["pairing"], str(p["games"]), pct(p["unfinished"]), spread, mean, turns])
    out.table(rows)
    if any(p["unfinished"]["count"] for p in summary["pairings"]):
        out.paragraph(
            f"A game still going after {summary['max_plies']} plies is stopped: its length is only known to exceed that. Medians and "
            "ranges count the finished games only, and a pairing with unfinished games gets no mean.",
            note=True,
        )


def _seats(out: _Writer, summary: Summary, chart: float) -> None:
    out.heading("Results by seat")
    base = _baseline(summary)
    if summary["cooperative"]:
        caption = "How often the players win together, by the agent that plays every seat" + (
            f" ({summary['games_played']} games each; pairings where most games did not finish left out)." if warning(summary) else f" ({summary['games_played']} games each)."
        )
        out.figure("results-by-seat", caption, seat_chart(summary, chart, CHART_HEIGHT))
    elif base["mostly_unfinished"]:
        out.paragraph(f"Not drawn: most games of {base['pairing']} did not finish (see the warning above).")
    else:
        out.figure("results-by-seat", f"Wins by seat with 95% intervals, {_sample(base)}; the dashed line is an even share.", seat_chart(summary, chart, CHART_HEIGHT))
    players = summary["players"]
    if summary["cooperative"]:
        rows = [["Agent", "Games", "Players win", "Draws", "Unfinished"]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], str(p["games"]), _counted(p, p["team"]), _counted(p, p["draws"]), pct(p["unfinished"])])
    else:
        rows = [["Pairing", *[f"Seat {n} wins" for n in _seat_names(players)], "Draws", "Unfinished"]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], *[_counted(p, r) for r in p["seats"]], _counted(p, p["draws"]), pct(p["unfinished"])])
    out.table(rows)
    out.paragraph("In a pairing of two agents the first named plays seat 1 in the first game, seat 2 in the next, and so on.", note=True)
    if not summary["cooperative"] and not all(p["first_seat_always"] for p in summary["pairings"]):
        rows = [["Pairing", *[f"{_ordinal(k + 1)} to move wins" for k in range(len(players))]]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], *[_counted(p, r) for r in p["order"]]])
        out.paragraph("The first player is drawn by lot, so here are the results by turn order: the first to move, then the next in play order.")
        out.table(rows)


def _ends(out: _Writer, summary: Summary, chart: float) -> None:
    # One row per pairing, one column per way a game ends: a letter, its rule's words in the paragraph above.
    ends = sorted({end for p in summary["pairings"] for end in p["ends"]}, key=lambda end: (end == UNFINISHED, end))
    letters = {end: f"({chr(ord('a') + i)})" for i, end in enumerate(e for e in ends if e != UNFINISHED)}
    heads = [f"Ended {letters[end]}" if end in letters else "Unfinished" for end in ends]
    rows = [["Pairing", *heads]]
    for p in summary["pairings"]:
        rows.append([p["pairing"], *[pct(p["ends"][end]) if end in p["ends"] else "–" for end in ends]])
    out.heading("How games end")
    if letters:
        out.paragraph("The ways a game ended, in the words of the rules: " + "; ".join(f"{letter} {summary['end_words'].get(end, end)}" for end, letter in letters.items()) + ".")
    out.table(rows)


def _branching(out: _Writer, summary: Summary, chart: float) -> None:
    branching = summary["branching"]
    out.heading("Branching factor")
    out.figure(
        "branching-factor",
        f"Legal moves at each decision over the game, {_sample(_baseline(summary))} (mean {branching['mean']:.1f}, median {branching['median']:g}; "
        f"drawn while a tenth of the games still run). {summary['forced_words'].capitalize()}: {pct(branching['forced'])} of decisions.",
        branching_chart(summary, chart, CHART_HEIGHT),
    )


def _skill(out: _Writer, summary: Summary, chart: float) -> None:
    out.heading("Skill signal")
    if summary["skill"]:
        ranked = [e for e in summary["strength"] if e["margin"] is not None]
        if ranked:
            out.paragraph(
                "The agents by measured strength, strongest first (each one's mean win rate above an even share in its pairings of two): "
                + ", ".join(f"{e['agent']} ({100 * abs(e['margin']):.1f} points {'below' if e['margin'] < 0 else 'above'})" for e in ranked)
                + "."
            )
        rows = [["Pairing (stronger first)", "Stronger wins", "Weaker wins", "Stronger's even share"]]
        for s in summary["skill"]:
            cells = [LEFT_OUT, LEFT_OUT] if s["left_out"] else [pct(s["wins"]), pct(s["losses"])]
            rows.append([s["pairing"] if s["left_out"] else f"{s['one']} vs {s['other']}", *cells, f"{100 * s['even']:.0f}%"])
        out.table(rows)
        out.paragraph(verdict_text(summary))
        counted = [s for s in summary["skill"] if not s["left_out"]]
        if counted:
            bars = _bars([(f"{s['one']} vs {s['other']}", s["wins"]) for s in counted])
            evens = {s["even"] for s in counted}
            line = {"reference": evens.pop(), "reference_label": "even"} if len(evens) == 1 else {}
            out.figure(
                "skill-signal",
                f"How often the stronger agent of each pairing wins, {summary['games_played']} games a pairing, with 95% intervals"
                + ("; the dashed line is an even share." if line else f"; its even share is in the table above (it plays 1 or {len(summary['players']) - 1} of the seats)."),
                _bar_maker(bars, chart, CHART_HEIGHT, "stronger wins", "Skill signal", [], **line),
            )
    elif summary["cooperative"]:
        out.paragraph("The players win or lose together: compare the agents' team win rates under Results by seat.")
    else:
        out.paragraph("Name two agents or more (--agents random,mcts:200) to measure skill.")


def _variants(out: _Writer, summary: Summary, chart: float) -> None:
    """A section for each group of variants: a table, and the win rates of those that count as bars (the text's full width)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for v in summary["variants"]:
        groups.setdefault(v["group"], []).append(v)
    for number, (group, entries) in enumerate(groups.items(), start=1):
        agents_used = sorted({" / ".join(v["agents"]) for v in entries})
        out.heading(group)
        out.paragraph(f"{summary['games_played']} games each, played by {', '.join(agents_used)}.")
        counted = [v for v in entries if not v["mostly_unfinished"]]
        if summary["cooperative"]:
            rows = [["Variant", "Games", "Players win", "Plies: median", "Unfinished"]]
            for v in entries:
                median = f"{v['plies']['median']:g}" if v["plies"]["n"] else f"> {summary['max_plies']}"
                rows.append([v["label"], str(v["games"]), _counted(v, v["team"]), median, pct(v["unfinished"])])
            bars = _bars([(v["bar"], v["team"]) for v in counted])
            y_label = "players win"
        else:
            most = max(len(v["players"]) for v in entries)
            rows = [["Variant", "Games", *[f"Seat {i + 1} wins" for i in range(most)], "Draws", "Unfinished"]]
            for v in entries:
                seats = [_counted(v, r) for r in v["seats"]] + ["–"] * (most - len(v["seats"]))
                rows.append([v["label"], str(v["games"]), *seats, _counted(v, v["draws"]), pct(v["unfinished"])])
            bars = _bars([(player, r) for v in counted for player, r in zip(v["players"], v["seats"])])
            y_label = "wins"
        out.table(rows)
        if not counted:
            out.paragraph(f"Not drawn: most games of every {group.lower()} variant did not finish.")
            continue
        runs = [(v["label"], len(v["seats"])) for v in counted] if not summary["cooperative"] else _runs([v["bar_group"] for v in counted])
        left_out = len(entries) - len(counted)
        out.figure(
            f"variants-{number}",
            f"{group}: win rates with 95% intervals" + (", by seat" if not summary["cooperative"] else "")
            + f", {summary['games_played']} games each by {', '.join(agents_used)}"
            + (f"; {left_out} where most games did not finish left out." if left_out else "."),
            _bar_maker(bars, chart, GROUPED_HEIGHT if runs else CHART_HEIGHT, y_label, group, runs),
        )


# -- the Designer's notes of a rulebook ------------------------------------------------------------------------


def notes_book(summary: Summary, paper: str = "letter") -> Book:
    """The Designer's notes that end a rulebook (``ppprint build GAME --report``): headline figures and two
    charts, marked as simulated play; appended to the rulebook with :meth:`~ppprint.document.book.Book.with_appendix`."""
    width = min(frame(paper)[0], NOTES_WIDTH)
    out = _Writer()
    out.heading("Designer's notes")
    out.box(
        f"Simulated play, not playtesting: {summary['games']} games the computer played with the rules engine "
        f"(agents {', '.join(summary['agents'])}; seed {summary['seed']}). The figures show what the rules allow; "
        "95% intervals in brackets."
    )
    if warning(summary):
        out.box(warning(summary))
    out.table(headline_rows(summary))
    # The charts show the baseline's games only (the first agent against itself): say which, and how many of all.
    base = _baseline(summary)
    shown = f"the {base['games']} games of {summary['baseline']} play, of the {summary['games']} simulated"
    length = length_chart(summary, width, NOTES_HEIGHT)
    if length is not None:
        out.figure("game-length", f"Game length in plies, {shown}: {length_text(base, summary['max_plies'])}.", length)
    if not base["mostly_unfinished"]:
        out.figure("results-by-seat", f"Results by seat, {shown}; the dashed line is an even share.", seat_chart(summary, width, NOTES_HEIGHT))
    return _book(out, summary, paper, "designer's notes", "", report_metadata(summary["title"]))
