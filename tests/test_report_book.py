"""The designer's report is a book: its text holds the figures counted from the games themselves, its PDF and
its web page hold the same words, ``ppprint report --format html`` writes a page that passes the web book's
checks, and ``build --report`` appends the Designer's notes to a rulebook in every format with the same words.
Each check is shown to catch a broken report. Few games are played: the words matter here, not the rates."""

from __future__ import annotations

import dataclasses
import io
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from statistics import median
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it.tree import SyntaxTreeNode

from ppprint.book import rulebook as pdf_printer
from ppprint.build.formats import print_book
from ppprint.book.paragraph import Placed
from ppprint.book.rulebook import build_rulebook
from ppprint.build.report import REPORT_FORMATS, print_report
from ppprint.cli import ReportFormat
from ppprint.document.book import Book, rulebook
from ppprint.document.text import FIGURE, escape, parse
from ppprint.document.typography import typographic
from ppprint.play.book import notes_book, report_book
from ppprint.play.hooks import MAIN, play_hooks
from ppprint.play.match import Games
from ppprint.play.report import Plan, analyse, plan_jobs
from ppprint.play.runner import run_jobs
from ppprint.play.stats import Rate
from ppprint.registry import get_game
from ppprint.render.draw import Drawing
from ppprint.render.marks import legend
from ppprint.verify import verify_game
from tests.conftest import run_cli
from tests.contract import contract_game
from tests.test_same_words import compare, html_words, pdf_words, textless, without_figure_words
from tests.test_web import external_references, font_problems, parse_strict
from tests.test_layout import stranded_headings

PLANS = {
    "pileup": Plan("pileup", 4, ("random", "greedy"), seed=1),  # two players, a skill signal
    "siege": Plan("siege", 2, (), seed=1),  # four seats, the game's own agents, variants
    "piecepackman": Plan("piecepackman", 2, ("random",), seed=1),  # cooperative, levels as variants
}


@dataclasses.dataclass(frozen=True)
class Played:
    summary: dict[str, Any]
    records: list[dict[str, Any]]
    book: Book


@pytest.fixture(scope="module", params=sorted(PLANS))
def played(request: pytest.FixtureRequest) -> Played:
    plan = PLANS[request.param]
    game = get_game(plan.game)
    hooks = play_hooks(game)
    records = run_jobs(plan_jobs(plan, hooks), Games.current())
    summary = analyse(plan, hooks, records, game.data.meta.title)
    return Played(summary, records, report_book(summary, "letter", game.data.meta))


# -- the text ---------------------------------------------------------------------------------------


def _text(node: SyntaxTreeNode) -> str:
    return "".join(child.content for child in node.walk() if child.type in ("text", "code_inline"))


def tables(tree: SyntaxTreeNode) -> list[list[list[str]]]:
    """Every table of a text: its rows, each a list of its cells' text."""
    return [[[_text(cell) for cell in row.children] for row in node.walk() if row.type == "tr"] for node in tree.walk() if node.type == "table"]


def headline_problems(book: Book, records: Sequence[dict[str, Any]], summary: dict[str, Any]) -> list[str]:
    """What the report's headline table gets wrong, counted afresh from the baseline's game records
    (not from the summary the report was written from): lengths of the finished games only, no mean when
    some did not finish, rates left out when most did not."""
    base = [r for r in records if r["variant"] == MAIN and r["pairing"] == summary["baseline"]]
    finished = [r for r in base if r["returns"] is not None]
    n = len(base)
    unfinished = n - len(finished)
    left_out = unfinished > n / 2
    play = f"{summary['baseline']} play"

    def rate(count: int) -> str:
        return "left out" if left_out else Rate(count, n).text()

    expected = {"Games simulated": f"{len(records)} ({summary['games_played']} per pairing)", f"Draws ({play})": rate(sum(r["draw"] for r in base))}
    if finished:
        turns = [r["turns"] for r in finished]
        label = f"Length, {play} (turns{', finished games' if unfinished else ''})"
        expected[label] = f"median {median(turns):g}, range {min(turns)}–{max(turns)}"
    plies = [r["plies"] for r in finished]
    length = f"median {median(plies):g}, range {min(plies)}–{max(plies)}" if plies else f"more than {summary['max_plies']} (no game finished)"
    if summary["cooperative"]:
        expected[f"Players win together ({play})"] = rate(sum(bool(r["winners"]) for r in base))
    else:
        seats = len(summary["players"])
        first = [sum((r["first_player"] + k) % seats in r["winners"] for r in base) for k in range(seats)]
        names = ["First player wins", "Second player wins"] if seats == 2 else [f"{k + 1}{['st', 'nd', 'rd'][k] if k < 3 else 'th'} to move wins" for k in range(seats)]
        expected |= {f"{name} ({play})": rate(count) for name, count in zip(names, first)}
    if unfinished:
        expected[f"Unfinished after {summary['max_plies']} plies ({play})"] = Rate(unfinished, n).text()
    every = [b for r in base for b in r["branching"]]
    expected["Legal moves per decision (mean; median)"] = f"{sum(every) / len(every):.1f}; {median(every):g}"
    head, *rows = tables(book.rules.tree)[0]
    found = {label: value for label, value in rows}
    problems = [] if head == ["Figure", "Value (95% interval)"] else [f"the first table is not the headline figures: {head}"]
    for label, value in expected.items():
        if found.get(typographic(label)) != typographic(value):
            problems.append(f"{label}: {found.get(typographic(label))!r}, counted {typographic(value)!r}")
    plies_row = found.get(typographic(f"Length, {play} (plies)"), "")
    if not plies_row.endswith(typographic(length)):
        problems.append(f"length in plies: {plies_row!r}, counted {typographic(length)!r}")
    if unfinished and "mean" in plies_row:
        problems.append(f"a mean of censored lengths: {plies_row!r}")
    return problems


def test_the_report_text_holds_the_headline_figures(played: Played) -> None:
    assert headline_problems(played.book, played.records, played.summary) == []
    text = " ".join(_text(node) for node in played.book.rules.tree.walk() if node.type == "inline")
    assert "Simulated players are no people" in text and f"seed {played.summary['seed']}" in text
    headings = [_text(node) for node in played.book.rules.tree.walk() if node.type == "heading"]
    assert headings[:4] == ["Headline figures", "Game length", "Results by seat", "How games end"] and headings[-1] == "How the games were played"
    for variant in played.summary["variants"]:
        assert [variant["label"], str(variant["games"])] == [typographic(cell) for cell in next(row for table in tables(played.book.rules.tree) for row in table if row[0] == typographic(variant["label"]))[:2]]


def test_the_headline_check_catches_a_wrong_figure(played: Played) -> None:
    wrong = dict(played.summary, games=played.summary["games"] + 1)
    assert any(p.startswith("Games simulated") for p in headline_problems(report_book(wrong), played.records, played.summary))
    # A draw that did not happen: the records say otherwise.
    records = [dict(r, draw=not r["draw"]) if r["pairing"] == played.summary["baseline"] and r["index"] == 0 else r for r in played.records]
    assert any(p.startswith("Draws") for p in headline_problems(played.book, records, played.summary))


def test_the_charts_are_numbered_figures_drawn_for_their_scale(played: Played) -> None:
    book = played.book
    placed = [str(node.meta["id"]) for node in book.rules.figures()]
    assert placed == list(book.figures) and [f.number for f in book.figures.values()] == list(range(1, len(placed) + 1))
    assert placed[:3] == ["game-length", "results-by-seat", "branching-factor"]
    assert len(placed) == 3 + bool(played.summary["skill"]) + len({v["group"] for v in played.summary["variants"]})
    for figure_id, figure in book.figures.items():
        assert figure.caption and figure.caption == typographic(figure.caption)
        large, small = book.draw(figure_id, 1.0, 1), book.draw(figure_id, 0.5, 1)
        assert isinstance(large, Drawing) and large.width > 100 and large.items != small.items  # text kept legible at half size


# -- the same words in the PDF and on the web page ----------------------------------------------------------


@pytest.fixture(scope="module")
def printed(played: Played) -> tuple[Book, list[str], str]:
    book = without_figure_words(played.book)
    return book, pdf_words(print_report(book, "pdf"), book), print_report(book, "html").decode("utf-8")


def test_the_report_pdf_and_web_page_have_the_same_words(printed: tuple[Book, list[str], str]) -> None:
    book, pdf, html = printed
    assert compare(pdf, html_words(html), book) == []
    assert not re.search(r"@@|\\[*_|<>]", " ".join(pdf))  # no marker, no escape left in the words


def test_the_comparison_catches_a_changed_figure_and_a_lost_row(printed: tuple[Book, list[str], str]) -> None:
    book, pdf, html = printed
    cell = re.search(r"<td>(\d+\.\d%) \(", html)
    assert cell is not None
    changed = html.replace(cell.group(0), cell.group(0).replace(cell.group(1), "99.9%"), 1)
    assert changed != html and compare(pdf, html_words(changed), book) != []
    row = re.search(r"<tr>\s*<td>Draws \(.*?</tr>", html, re.DOTALL)
    assert row is not None
    assert compare(pdf, html_words(html.replace(row.group(0), "", 1)), book) != []
    straight = html.replace("designer\u2019s", "designer's")
    assert straight != html and compare(pdf, html_words(straight), book) != []


# -- ppprint report --format html -------------------------------------------------------------------------


def test_the_report_formats_are_the_cli_choices() -> None:
    assert [f.value for f in ReportFormat] == list(REPORT_FORMATS)


def test_report_format_html_writes_a_page_that_passes_the_web_checks(tmp_path: Path) -> None:
    result = run_cli("report", "pileup", "--games-played", "2", "--workers", "1", "--format", "html", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out"
    assert sorted(p.name for p in out.iterdir()) == ["pileup-report.html", "pileup-results.csv", "pileup-results.json"]
    html = (out / "pileup-report.html").read_text(encoding="utf-8")
    assert html.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert external_references(html) == []
    assert font_problems(html) == []
    tree = parse_strict(html)
    assert tree.find(".//head/title").text == "Pile Up: designer\u2019s report"
    assert "<text" not in html  # the charts' words are outlines
    figures = re.findall(r'<figure class="figure" id="figure-(\d+)" data-figure="([^"]+)"', html)
    assert figures == [("1", "game-length"), ("2", "results-by-seat"), ("3", "branching-factor"), ("4", "skill-signal")]
    assert '<p class="byline">' not in html and '<table class="info">' not in html  # a report has no info box
    # The checks catch a broken report page.
    broken = html.replace('href="#game-length"', 'href="#game-lengths"', 1)
    assert broken != html and external_references(broken) == ["link to a missing id: #game-lengths"]


# -- the Designer's notes of a rulebook ---------------------------------------------------------------------


def test_the_notes_are_appended_with_their_figures_numbered_on(played: Played) -> None:
    report, notes = played.book, notes_book(played.summary)
    combined = report.with_appendix(notes)
    count = len(report.figures)
    assert combined.appendix is not None and combined.rules is report.rules
    appended = [str(node.meta["id"]) for node in combined.appendix.figures()]
    # The report has figures of the notes' ids already: the notes' are renamed, and drawn by the notes' drawer.
    assert appended == ["appendix-game-length", "appendix-results-by-seat"]
    assert [combined.figures[name].number for name in appended] == [count + 1, count + 2]
    assert combined.draw("appendix-results-by-seat", 1.0, 1) == notes.draw("results-by-seat", 1.0, 1)
    assert combined.draw("results-by-seat", 1.0, 1) == report.draw("results-by-seat", 1.0, 1)
    assert [str(node.meta["id"]) for node in notes.rules.figures()] == ["game-length", "results-by-seat"]  # left as it was
    assert tables(combined.appendix.tree) == tables(notes.rules.tree)
    with pytest.raises(ValueError):
        combined.with_appendix(notes)


def _holds(found: list[str], phrase: str) -> bool:
    wanted = phrase.casefold().split()
    return any(found[i : i + len(wanted)] == wanted for i in range(len(found)))


def test_a_rulebook_with_designers_notes_has_the_same_words_in_every_format() -> None:
    plan = PLANS["pileup"]
    game = contract_game("pileup")
    hooks = play_hooks(game)
    summary = analyse(plan, hooks, run_jobs(plan_jobs(plan, hooks), Games.current()), game.data.meta.title)
    book = without_figure_words(rulebook(game, verify_game(game)).with_appendix(notes_book(summary)))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf_printer, "legend", lambda samples, scale=1.0: textless(legend(samples, scale)))
        pdf = pdf_words(print_book(book, "standard")[1], book)
    html = print_book(book, "html")[1].decode("utf-8")
    with zipfile.ZipFile(io.BytesIO(print_book(book, "epub")[1])) as archive:
        xhtml = archive.read("EPUB/book.xhtml").decode("utf-8")
    assert compare(pdf, html_words(html), book) == []
    assert compare(pdf, html_words(xhtml), book) == []
    notes = pdf[pdf.index("credits") :]
    assert _holds(notes, "Designer\u2019s notes Simulated play, not playtesting:") and _holds(notes, "Figure 9. Results by seat, the")
    assert external_references(html) == []


# -- plain text in Markdown ------------------------------------------------------------------------------


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Co", "Cn", "Zl", "Zp")), max_size=40))
def test_escaped_text_parses_back_to_itself(text: str) -> None:
    """A game's names and values, escaped, are one paragraph of the same text (with printed punctuation)."""
    tree = parse(escape(text) + "\n", images=False, figures=True).tree
    plain = " ".join(text.split())
    if not plain:
        assert tree.children == []
        return
    assert [node.type for node in tree.children] == ["paragraph"]
    inline = tree.children[0].children[0]
    assert [child.type for child in inline.children] == ["text"] and inline.children[0].content == typographic(plain)
    assert not any(node.type == FIGURE for node in tree.walk())


def _plain_paragraph(source: str, text: str) -> bool:
    tree = parse(source + "\n", images=False, figures=True).tree
    if [node.type for node in tree.children] != ["paragraph"]:
        return False
    children = tree.children[0].children[0].children
    return [child.type for child in children] == ["text"] and children[0].content == typographic(text)


@pytest.mark.parametrize("text", ["1. player", "2) seat", "*wild* cubes", "- seat", "# 3", "[x](y)", "a `b` c", "@@figure:game-length@@", "::: box"])
def test_the_escape_is_needed(text: str) -> None:
    """Names written as they are would become a list, emphasis, a heading, a link, code, a figure or a box."""
    assert not _plain_paragraph(text, text)
    assert _plain_paragraph(escape(text), text)


def test_a_bar_in_a_table_cell_is_escaped() -> None:
    source = "| a |\n|---|\n| {} |\n"
    assert tables(parse(source.format("2 | 3")).tree)[0][1] == ["2"]
    assert tables(parse(source.format(escape("2 | 3"))).tree)[0][1] == ["2 | 3"]


def test_no_heading_of_the_report_is_left_at_the_foot_of_a_page(played: Played) -> None:
    """A heading followed by a chart and a table (a keep) goes on with them: ReportLab leaves a keep out of
    a keepWithNext chain, which left 'Results by seat', 'How games end' and 'Players' alone at page feet."""
    record: list[Placed] = []
    build_rulebook(played.book, record=record)
    assert stranded_headings(record, "letter", False) == []
