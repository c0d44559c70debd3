"""The designer's report concludes only what its games support (issue 27): Siege's own agents finish their
games; a pairing whose games mostly stop at the ply limit leads the report with a warning and is left out of
every conclusion; lengths cut at the limit get no mean and no one-bin histogram; agents too weak to tell skill
from luck are called so, with the search they would need; seeds fit a JSON number; games end in words."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from ppprint.play.book import report_book, verdict_text
from ppprint.play.hooks import MAIN, play_hooks
from ppprint.play.match import Games, derive_seed
from ppprint.play.report import Plan, analyse, plan_jobs, skill_verdict
from ppprint.play.runner import run_jobs
from ppprint.play.stats import Rate
from ppprint.registry import get_game
from tests.conftest import edit, run_cli
from tests.test_report_book import _text


def _played(plan: Plan) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game = get_game(plan.game)
    hooks = play_hooks(game)
    records = run_jobs(plan_jobs(plan, hooks), Games.current())
    return analyse(plan, hooks, records, game.data.meta.title), records


def _words(summary: dict[str, Any]) -> str:
    book = report_book(summary)
    return " ".join(_text(node) for node in book.rules.tree.walk() if node.type in ("inline", "th", "td"))


def test_siege_with_its_default_agents_finishes_its_games_and_measures_balance() -> None:
    """Random play needs tens of thousands of plies to end Siege; the game's own agents end at least 90% of
    the games of every pairing and player count, so seats and counts can be compared."""
    summary, records = _played(Plan("siege", 4, (), seed=0))
    assert summary["agents"] == ["advance", "random"]
    unfinished = sum(r["returns"] is None for r in records)
    assert unfinished <= 0.1 * len(records), f"{unfinished} of {len(records)} games unfinished"
    groups = summary["pairings"] + summary["variants"]
    assert [g["players"] for g in summary["variants"]] == [["suns", "crowns"], ["suns", "moons", "crowns"], ["suns", "moons", "crowns", "arms"]]
    assert not any(g["mostly_unfinished"] for g in groups)
    assert all(sum(r["count"] for r in g["seats"]) >= 0.9 * g["games"] for g in summary["variants"]), "someone wins nearly every game"
    assert "Warning" not in _words(summary)


def test_a_capped_game_leads_with_a_warning_and_concludes_nothing(tmp_path: Path, games_copy: Path) -> None:
    """Pile Up stopped after 10 plies (it takes about 29): the PDF opens with the warning, no win rate, skill or
    luck is concluded, and the length is 'more than 10', with no mean and no histogram."""
    edit(games_copy / "pileup" / "play.py", 'FORCED = "forced captures"', 'FORCED = "forced captures"\nMAX_PLIES = 10')
    result = run_cli("report", "pileup", "--games-played", "3", "--agents", "random,greedy", "--workers", "1", "--out", "out", cwd=tmp_path, games=games_copy)
    assert result.returncode == 0, result.stderr
    pdf = PdfReader(io.BytesIO((tmp_path / "out" / "pileup-report.pdf").read_bytes()))
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pdf.pages))
    first = re.sub(r"\s+", " ", pdf.pages[0].extract_text())
    assert "Warning: most games of random, greedy and greedy vs random did not finish: 3 of 3, 3 of 3 and 3 of 3 games were still going after 10 plies" in first
    assert "left out of every conclusion" in first
    summary = json.loads((tmp_path / "out" / "pileup-results.json").read_text(encoding="utf-8"))["summary"]
    assert all(p["mostly_unfinished"] for p in summary["pairings"]) and all(s["left_out"] for s in summary["skill"])
    assert summary["skill_verdict"]["kind"] == "none" and summary["strength"][0]["margin"] is None
    assert "First player wins (random play) left out" in text and "Skill, greedy vs random left out" in text
    assert "game of luck" not in text and "Skill counts" not in text
    assert "Length, random play (plies) more than 10 (no game finished) First player" in text
    assert "Figure" not in text.split("Game length")[1].split("How games end")[0], "no chart of lengths known only to exceed the cap"


def test_a_mostly_unfinished_pairing_is_left_out_and_the_others_count() -> None:
    """The games of one pairing cut at the limit (as a cap would): its skill entry and rows are left out, the
    other pairings still measured, and the agents' order no longer rests on it."""
    plan = Plan("pileup", 6, ("random", "greedy"), seed=2)
    game = get_game("pileup")
    hooks = play_hooks(game)
    records = run_jobs(plan_jobs(plan, hooks), Games.current())
    capped = [dict(r, returns=None, winners=[], end="unfinished", plies=hooks.max_plies) if r["pairing"] == "greedy vs random" else r for r in records]
    summary = analyse(plan, hooks, capped, "Pile Up")
    assert [p["mostly_unfinished"] for p in summary["pairings"]] == [False, False, True]
    assert summary["skill"][0]["left_out"] and summary["skill_verdict"]["kind"] == "none"
    words = _words(summary)
    assert "Warning: most games of greedy vs random did not finish: 6 of its 6 games" in words
    assert "Skill, greedy vs random left out" in words
    assert re.search(r"First player wins \(random play\) \d", words)


def test_agents_too_weak_to_judge_skill_are_called_so_not_luck() -> None:
    """mcts:2 on Pile Up (hundreds of legal moves a decision) cannot beat random: the report says the agents
    are too weak, names the search it would take, and never says luck."""
    summary, _ = _played(Plan("pileup", 6, ("random", "mcts:2"), seed=3))
    verdict = summary["skill_verdict"]
    assert verdict["kind"] == "weak" and (verdict["strongest"], verdict["weak"]) == ("mcts:2", "random")
    words = _words(summary)
    assert "The agents are too weak to judge skill" in words and "plays like a game of luck" not in words
    assert f"mcts:{verdict['needed']}" in words and verdict["needed"] >= 10 * verdict["median_branching"]
    assert "is a game of luck" not in words


def _entry(one: str, other: str, wins: int, losses: int, n: int) -> dict[str, Any]:
    return {"one": one, "other": other, "pairing": f"{one} vs {other}", "wins": Rate(wins, n).as_data(), "losses": Rate(losses, n).as_data(), "even": 0.5, "left_out": False}


def test_luck_only_from_a_calibrated_agent_and_skill_only_beyond_the_interval() -> None:
    strength = [{"agent": "mcts:3000", "margin": 0.02}, {"agent": "random", "margin": -0.02}]
    even = [_entry("mcts:3000", "random", 52, 48, 100)]
    assert skill_verdict(even, strength, 240.0, [240] * 10)["kind"] == "luck"  # 12.5 simulations per legal move
    assert skill_verdict(even, strength, 400.0, [400] * 10)["kind"] == "weak"  # 7.5: not calibrated
    assert skill_verdict([_entry("mcts:3000", "random", 70, 30, 100)], strength, 240.0, [240] * 10)["kind"] == "skill"
    greedy = [{"agent": "greedy", "margin": 0.02}, {"agent": "random", "margin": -0.02}]
    assert skill_verdict([_entry("greedy", "random", 52, 48, 100)], greedy, 2.0, [2] * 10)["kind"] == "weak"


def test_agents_are_ordered_by_measured_strength_not_by_the_order_named() -> None:
    summary, _ = _played(Plan("pileup", 4, ("mcts:20", "random", "greedy"), seed=1))
    margins = [e["margin"] for e in summary["strength"]]
    assert margins == sorted(margins, reverse=True)
    rank = [e["agent"] for e in summary["strength"]]
    assert all(rank.index(s["one"]) < rank.index(s["other"]) for s in summary["skill"]), "the stronger agent comes first"
    assert verdict_text(summary).split(":")[0] in ("Skill counts", "The agents are too weak to judge skill", "No skill signal")


def test_report_seeds_fit_53_bits_and_games_end_in_words() -> None:
    assert all(derive_seed(seed, "pileup", MAIN, "random", i) < 2**53 for seed in range(50) for i in range(50))
    summary, records = _played(Plan("siege", 1, (), seed=5))
    assert all(0 <= r["seed"] < 2**53 for r in records)
    words = _words(summary)
    assert "Objective: a Commander on another player" in words and "home-base-taken" not in words


def test_every_chart_states_its_sample_and_the_headline_names_the_agents() -> None:
    summary, _ = _played(Plan("pileup", 3, ("random", "greedy"), seed=4))
    book = report_book(summary)
    for figure in book.figures.values():
        assert re.search(r"\d+ games", figure.caption), figure.caption
    assert "random vs random, 3 games" in book.figures["game-length"].caption
    words = _words(summary)
    assert "First player wins (random play)" in words and "–" in words and not re.search(r"\d%? ?\(\d+\.\d-\d", words)
    drawing = book.draw("branching-factor", 1.0, 1)
    assert "player to move's n-th choice" not in repr(drawing.items) and "decision number in the game" in repr(drawing.items)
