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
    "and scoring each player's own result, and plays the move it explored most.",
    "A turn is a player's consecutive moves; a ply is one move or one chance event. A game still going at the ply "
    "limit is stopped and counted as unfinished: neither a win nor a draw.",
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


def _length_text(entry: dict[str, Any]) -> str:
    plies = entry["plies"]
    return f"{plies['median']:g}, range {plies['minimum']:g}-{plies['maximum']:g}"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _seat_names(players: Sequence[str]) -> list[str]:
    return [f"{i + 1}: {p}" for i, p in enumerate(players)]


def headline_rows(summary: Summary) -> list[list[str]]:
    """The report's first table: what a designer asks playtesters first."""
    base = _baseline(summary)
    rows = [["Figure", "Value (95% interval)"]]
    rows.append(["Games simulated", f"{summary['games']} ({summary['games_played']} per pairing)"])
    plies, turns = base["plies"], base["turns"]
    rows.append([f"Length, {summary['baseline']} play (plies)", f"mean {plies['mean']:.1f} ({plies['low']:.1f}-{plies['high']:.1f}); median {plies['median']:g}, range {plies['minimum']:g}-{plies['maximum']:g}"])
    rows.append([f"Length, {summary['baseline']} play (turns)", f"median {turns['median']:g}, range {turns['minimum']:g}-{turns['maximum']:g}"])
    if summary["cooperative"]:
        rows.append(["Players win (together)", pct(base["team"])])
    elif len(summary["players"]) == 2:
        rows.append(["First player wins", pct(base["order"][0])])
        rows.append(["Second player wins", pct(base["order"][1])])
    else:
        for k, rate in enumerate(base["order"]):
            rows.append([f"{_ordinal(k + 1)} to move wins", pct(rate)])
    rows.append(["Draws", pct(base["draws"])])
    if base["unfinished"]["count"]:
        rows.append([f"Unfinished after {summary['max_plies']} plies", pct(base["unfinished"])])
    rows.append([f"Decisions that are {summary['forced_words']}", pct(summary["branching"]["forced"])])
    rows.append(["Legal moves per decision (mean)", f"{summary['branching']['mean']:.1f}"])
    for skill in summary["skill"]:
        rows.append([f"{skill['one']} beats {skill['other']}", pct(skill["wins"])])
    return rows


def seat_chart(summary: Summary, width: float, height: float) -> Maker:
    """Wins by seat (two players: by turn order, first and second) and draws, or a cooperative game's team wins."""
    base = _baseline(summary)
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


def length_chart(summary: Summary, width: float, height: float) -> Maker:
    """The baseline's game lengths as a histogram."""
    counts = summary["length_histogram"]
    hist = Histogram(counts["start"], counts["width"], tuple(counts["counts"]))
    return lambda scale: charts.histogram_chart(hist, width, height, "game length (plies)", scale=scale, title="Game length")


def branching_chart(summary: Summary, width: float, height: float) -> Maker:
    points = [(float(d), float(mean)) for d, mean, _ in summary["branching"]["by_decision"]]
    return lambda scale: charts.line_chart(points, width, height, "decision (the player to move's n-th choice)", "legal moves", scale=scale, title="Branching factor")


def _bar_maker(bars: list[charts.Bar], width: float, height: float, y_label: str, title: str, groups: list[tuple[str, int]], **options: Any) -> Maker:
    return lambda scale: charts.bar_chart(bars, width, height, y_label, scale=scale, title=title, groups=groups, **options)


# -- the report ----------------------------------------------------------------------------------------------


def report_book(summary: Summary, paper: str = "letter", meta: GameMeta | None = None) -> Book:
    """The designer's report of ``summary`` for ``paper`` (its charts sized for that paper's text frame);
    ``meta``, the game's, gives its metadata the designers and the licence."""
    width = frame(paper)[0]
    out = _Writer()
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
    out.figure(
        "game-length",
        f"Game length in plies (one move or chance event each), {summary['baseline']} play: median {_length_text(_baseline(summary))}.",
        length_chart(summary, chart, CHART_HEIGHT),
    )
    rows = [["Pairing", "Games", "Plies: median (range)", "Mean plies", "Turns: median"]]
    for p in summary["pairings"]:
        plies = p["plies"]
        rows.append([p["pairing"], str(p["games"]), f"{plies['median']:g} ({plies['minimum']:g}-{plies['maximum']:g})", f"{plies['mean']:.1f} ({plies['low']:.1f}-{plies['high']:.1f})", f"{p['turns']['median']:g}"])
    out.table(rows)


def _seats(out: _Writer, summary: Summary, chart: float) -> None:
    out.heading("Results by seat")
    caption = (
        f"Wins by seat with 95% intervals, {summary['baseline']} play; the dashed line is an even share."
        if not summary["cooperative"]
        else "How often the players win together, by the agent that plays every seat."
    )
    out.figure("results-by-seat", caption, seat_chart(summary, chart, CHART_HEIGHT))
    players = summary["players"]
    if summary["cooperative"]:
        rows = [["Agent", "Games", "Players win", "Draws", "Unfinished"]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], str(p["games"]), pct(p["team"]), pct(p["draws"]), pct(p["unfinished"])])
    else:
        rows = [["Pairing", *[f"Seat {n} wins" for n in _seat_names(players)], "Draws", "Unfinished"]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], *[pct(r) for r in p["seats"]], pct(p["draws"]), pct(p["unfinished"])])
    out.table(rows)
    out.paragraph("In a pairing of two agents the first named plays seat 1 in the first game, seat 2 in the next, and so on.", note=True)
    if not summary["cooperative"] and not all(p["first_seat_always"] for p in summary["pairings"]):
        rows = [["Pairing", *[f"{_ordinal(k + 1)} to move wins" for k in range(len(players))]]]
        for p in summary["pairings"]:
            rows.append([p["pairing"], *[pct(r) for r in p["order"]]])
        out.paragraph("The first player is drawn by lot: by turn order (the first to move, then the next seat in play order):")
        out.table(rows)


def _ends(out: _Writer, summary: Summary, chart: float) -> None:
    # One row per pairing, one column per way a game ends (there are few of those, and many pairings).
    ends = sorted({end for p in summary["pairings"] for end in p["ends"]})
    rows = [["Pairing", *ends]]
    for p in summary["pairings"]:
        rows.append([p["pairing"], *[pct(p["ends"][end]) if end in p["ends"] else "-" for end in ends]])
    out.heading("How games end")
    out.table(rows)


def _branching(out: _Writer, summary: Summary, chart: float) -> None:
    branching = summary["branching"]
    out.heading("Branching factor")
    out.figure(
        "branching-factor",
        f"Legal moves at each decision over the game, {summary['baseline']} play (mean {branching['mean']:.1f}; "
        f"drawn while a tenth of the games still run). {summary['forced_words'].capitalize()}: {pct(branching['forced'])} of decisions.",
        branching_chart(summary, chart, CHART_HEIGHT),
    )


def _skill(out: _Writer, summary: Summary, chart: float) -> None:
    out.heading("Skill signal")
    if summary["skill"]:
        rows = [["Agents", "First named wins", "Second named wins", "Even"]]
        for s in summary["skill"]:
            rows.append([f"{s['one']} vs {s['other']}", pct(s["wins"]), pct(s["losses"]), f"{100 * s['even']:.0f}%"])
        out.table(rows)
        bars = _bars([(f"{s['one']} vs {s['other']}", s["wins"]) for s in summary["skill"]])
        out.figure(
            "skill-signal",
            "How often the first named agent wins against the second. A game in which a stronger agent does no better than an even share is a game of luck.",
            _bar_maker(bars, chart, CHART_HEIGHT, "first named wins", "Skill signal", [], reference=1 / len(summary["players"]), reference_label="even"),
        )
    elif summary["cooperative"]:
        out.paragraph("The players win or lose together: compare the agents' team win rates under Results by seat.")
    else:
        out.paragraph("Name two agents or more (--agents random,mcts:200) to measure skill.")


def _variants(out: _Writer, summary: Summary, chart: float) -> None:
    """A section for each group of variants: a table, and their win rates as bars (the text's full width)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for v in summary["variants"]:
        groups.setdefault(v["group"], []).append(v)
    for number, (group, entries) in enumerate(groups.items(), start=1):
        agents_used = sorted({" / ".join(v["agents"]) for v in entries})
        out.heading(group)
        out.paragraph(f"{summary['games_played']} games each, played by {', '.join(agents_used)}.")
        if summary["cooperative"]:
            rows = [["Variant", "Games", "Players win", "Mean plies", "Unfinished"]]
            for v in entries:
                rows.append([v["label"], str(v["games"]), pct(v["team"]), f"{v['plies']['mean']:.1f}", pct(v["unfinished"])])
            bars = _bars([(v["bar"], v["team"]) for v in entries])
            y_label = "players win"
        else:
            most = max(len(v["players"]) for v in entries)
            rows = [["Variant", "Games", *[f"Seat {i + 1} wins" for i in range(most)], "Draws", "Unfinished"]]
            for v in entries:
                seats = [pct(r) for r in v["seats"]] + ["-"] * (most - len(v["seats"]))
                rows.append([v["label"], str(v["games"]), *seats, pct(v["draws"]), pct(v["unfinished"])])
            bars = _bars([(player, r) for v in entries for player, r in zip(v["players"], v["seats"])])
            y_label = "wins"
        out.table(rows)
        runs = [(v["label"], len(v["seats"])) for v in entries] if not summary["cooperative"] else _runs([v["bar_group"] for v in entries])
        out.figure(
            f"variants-{number}",
            f"{group}: win rates with 95% intervals" + (", by seat." if not summary["cooperative"] else "."),
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
    out.table(headline_rows(summary))
    # The charts show the baseline's games only (the first agent against itself): say which, and how many of all.
    shown = f"the {_baseline(summary)['games']} games of {summary['baseline']} play, of the {summary['games']} simulated"
    out.figure("game-length", f"Game length in plies, {shown}.", length_chart(summary, width, NOTES_HEIGHT))
    out.figure("results-by-seat", f"Results by seat, {shown}; the dashed line is an even share.", seat_chart(summary, width, NOTES_HEIGHT))
    return _book(out, summary, paper, "designer's notes", "", report_metadata(summary["title"]))
