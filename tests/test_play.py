"""Simulated play: the agents on every engine, MCTS on small games it must solve, the report's figures against an
independent count, and one seed giving one result in this process, a local pool and a Dask cluster."""

from __future__ import annotations


import io
import json
import random
import zipfile
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from ppprint.engine.base import CHANCE, TERMINAL, EndReason, FactName, Game, Outcome, PositionModel, ReasonCode, State, Verdict, illegal, random_playout
from ppprint.errors import InputError
from ppprint.play.agents import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from ppprint.play.hooks import MAIN, play_hooks
from ppprint.play.match import Games, Job, derive_seed, play
from ppprint.build.report import print_report, write_report
from ppprint.play.book import report_book
from ppprint.play.report import Plan, analyse, pairings, plan_jobs, results_csv, results_json
from ppprint.play.runner import run_jobs
from ppprint.play.stats import Rate, histogram, summarise, wilson
from ppprint.registry import get_game
from tests.conftest import run_cli
from tests.contract import contract_game, contract_ids
from tests.pdfcheck import describe, violations


# -- a toy game the agents must solve ----------------------------------------------------------------------


class Take(NamedTuple):
    """Take ``count`` stones (1 or 2); with ``dice``, a die of 1 or 2 stones is taken first by chance."""

    count: int

    def text(self) -> str:
        return f"take{self.count}"


class _Reason(ReasonCode):
    TOO_MANY = "too-many", "Moves: take one or two stones, at most the pile"


class _Fact(FactName):
    PILE = "pile", "Moves: the stones left"


class _End(EndReason):
    LAST_STONE = "last-stone", "End: the player who takes the last stone wins"


@dataclass(eq=False)
class NimState(State[Take]):
    game: Nim
    pile: int
    to_move: int = 0
    rolled: bool = True
    start_text: str = ""
    history: list[Take] = field(default_factory=list)
    winner: int = -1
    _stack: list[tuple[int, int, bool, int]] = field(default_factory=list)

    @property
    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return self.to_move if self.rolled else CHANCE

    def legal_moves(self) -> list[Take]:
        if self.winner >= 0:
            return []
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def chance_outcomes(self) -> list[tuple[Take, float]]:
        if self.rolled or self.winner >= 0:
            return []
        moves = self.legal_moves()
        return [(m, 1 / len(moves)) for m in moves]

    def explain(self, move: Take) -> Verdict:
        return Verdict() if move in self.legal_moves() else illegal(_Reason.TOO_MANY, "no")

    def _do(self, move: Take) -> None:
        self._stack.append((self.pile, self.to_move, self.rolled, self.winner))
        self.pile -= move.count
        if self.pile == 0:
            self.winner = self.to_move
        elif self.rolled:
            self.to_move = (self.to_move + 1) % len(self.game.players)
            self.rolled = not self.game.dice
        else:
            self.rolled = True

    def _undo(self, move: Take) -> None:
        self.pile, self.to_move, self.rolled, self.winner = self._stack.pop()

    def clone(self) -> NimState:
        other = NimState(self.game, self.pile, self.to_move, self.rolled, self.start_text, list(self.history), self.winner)
        other._stack = list(self._stack)
        return other

    def outcome(self) -> Outcome | None:
        if self.winner < 0:
            return None
        players = len(self.game.players)
        return Outcome(_End.LAST_STONE, tuple(1.0 if p == self.winner else -1.0 for p in range(players)))

    def position_text(self) -> str:
        return f"{self.pile} {self.to_move}"

    def key(self) -> Hashable:
        return self.pile, self.to_move, self.rolled, self.winner

    def fact(self, name: Any) -> object:
        return self.pile


class NimPosition(PositionModel):
    pile: int = 4


class Nim(Game[NimState, Take, NimPosition]):
    """Players take one or two stones in turn; who takes the last wins. With ``dice``, each turn starts with a
    chance take of one or two stones."""

    id = "nim"
    title = "Nim"
    Reason = _Reason
    Fact = _Fact
    End = _End
    Position = NimPosition

    def __init__(self, pile: int = 4, players: int = 2, dice: bool = False):
        self.pile = pile
        self.players = tuple(f"p{i}" for i in range(players))
        self.dice = dice

    def initial_state(self, rng: random.Random | None = None) -> NimState:
        return NimState(self, self.pile, rolled=not self.dice)

    def position_fields(self, text: str) -> Mapping[str, object]:
        return {"pile": int(text.split()[0])}

    def state_from(self, position: NimPosition) -> NimState:
        return NimState(self, position.pile)

    def parse_move(self, state: NimState, text: str) -> Take:
        return Take(int(text[-1]))

    def move_cells(self, state: NimState, move: Take) -> list[str]:
        return []

    def setup_problem(self, state: NimState) -> str | None:
        return None


def test_greedy_takes_a_winning_move_and_otherwise_plays_at_random():
    state = Nim(pile=2).initial_state()
    assert all(GreedyAgent().choose(state, random.Random(seed)) == Take(2) for seed in range(10))
    # From 4 stones no move wins at once: without an evaluation greedy picks either, by its generator.
    picks = {GreedyAgent().choose(Nim(pile=4).initial_state(), random.Random(seed)) for seed in range(20)}
    assert picks == {Take(1), Take(2)}


def test_mcts_finds_the_winning_move_of_nim():
    # From 4 stones taking one leaves 3, a lost pile for the opponent; from 5, taking two does.
    for pile, best in ((4, Take(1)), (5, Take(2)), (7, Take(1))):
        state = Nim(pile=pile).initial_state()
        assert MCTSAgent(400).choose(state, random.Random(1)) == best, pile
        assert state.pile == pile and not state.history, "the search leaves the state as it was"


def test_mcts_plays_for_its_own_seat_among_three_players():
    # Three players, last stone wins. The second seat faces 2 stones: taking both wins it the game; taking one
    # hands the last stone to the third seat. Either way the first seat loses, so a search that scored every
    # node for the first seat would pick at random; MCTS scores each node for the player to move there.
    state = Nim(pile=3, players=3).initial_state()
    state.push(Take(1))
    assert state.current_player == 1
    assert {MCTSAgent(60).choose(state, random.Random(seed)) for seed in range(6)} == {Take(2)}


class Bet(NamedTuple):
    """A bet (``safe`` or ``long``), or the outcome of the draw that settles it (chance: ``win`` or ``lose``)."""

    name: str

    def text(self) -> str:
        return self.name


@dataclass(eq=False)
class BetState(NimState):
    """The player bets ``safe`` (won four times in five) or ``long`` (won once in five); then chance settles it."""

    bet: str = ""
    result: str = ""

    @property
    def current_player(self) -> int:
        return TERMINAL if self.result else CHANCE if self.bet else 0

    def legal_moves(self) -> list[Any]:
        if self.result:
            return []
        return [Bet("lose"), Bet("win")] if self.bet else [Bet("long"), Bet("safe")]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.bet or self.result:
            return []
        odds = 0.8 if self.bet == "safe" else 0.2
        return [(Bet("lose"), 1 - odds), (Bet("win"), odds)]

    def _do(self, move: Any) -> None:
        if self.bet:
            self.result = move.name
        else:
            self.bet = move.name

    def _undo(self, move: Any) -> None:
        if self.result:
            self.result = ""
        else:
            self.bet = ""

    def clone(self) -> BetState:
        return BetState(self.game, 0, bet=self.bet, result=self.result, history=list(self.history))

    def outcome(self) -> Outcome | None:
        if not self.result:
            return None
        return Outcome(_End.LAST_STONE, (1.0, -1.0) if self.result == "win" else (-1.0, 1.0))


def test_mcts_draws_chance_nodes_by_their_odds():
    # Both bets are settled by a draw of "win" or "lose", at odds of 4 to 1 for the safe bet and 1 to 4 for the
    # long one: a search that drew both outcomes alike, or took the draw as a player's choice, would find the
    # bets equal and pick either.
    state = BetState(Nim(), 0)
    assert {MCTSAgent(100).choose(state, random.Random(seed)) for seed in range(8)} == {Bet("safe")}
    # Nim with a chance take before each turn: the search runs through chance nodes to the end.
    game = Nim(pile=4, dice=True)
    state = game.initial_state()
    assert state.current_player == CHANCE
    state.push(Take(2))
    assert MCTSAgent(200).choose(state, random.Random(0)) == Take(2)
    assert random_playout(game.initial_state(), random.Random(3)) > 0


@pytest.mark.parametrize("game_id", contract_ids())
def test_every_agent_plays_every_engine(game_id: str):
    game = contract_game(game_id).require_engine()
    rng = random.Random(7)
    state = game.initial_state(rng)
    agents = [RandomAgent(), GreedyAgent(), MCTSAgent(4, rollout_plies=30)]
    for ply in range(24):
        if state.current_player == TERMINAL:
            break
        if state.current_player == CHANCE:
            state.push(rng.choices([m for m, _ in state.chance_outcomes()])[0])
            continue
        before = state.position_text()
        move = agents[ply % 3].choose(state, rng)
        assert state.position_text() == before, "choosing leaves the state as it was"
        assert move in state.legal_moves()
        state.push(move)


def test_agent_names():
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    agent = make_agent("mcts:12")
    assert isinstance(agent, MCTSAgent) and agent.simulations == 12
    for bad in ("mcts:x", "mcts:0", "nobody", "random:3"):
        with pytest.raises(InputError, match="agent"):
            make_agent(bad)


# -- statistics ----------------------------------------------------------------------------------------------


def test_wilson_interval_and_summaries():
    low, high = wilson(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert Rate(3, 4).text() == "75.0% (30.1–95.4%)"
    summary = summarise([1, 2, 3, 4])
    assert (summary.median, summary.minimum, summary.maximum, summary.mean) == (2.5, 1.0, 4.0, 2.5)
    counts = histogram([3, 7, 7, 12, 40])
    assert sum(counts.counts) == 5 and counts.start <= 3 and counts.start + len(counts.counts) * counts.width > 40


# -- the plan and the records ---------------------------------------------------------------------------------


def test_pairings_put_each_agent_on_every_seat_in_turn():
    assert pairings(["random", "greedy", "mcts:9"], False) == [
        ("random", "random"), ("greedy", "greedy"), ("mcts:9", "mcts:9"),
        ("greedy", "random"), ("mcts:9", "random"), ("mcts:9", "greedy"),
    ]
    assert pairings(["random", "ghosts"], True) == [("random", "random"), ("ghosts", "ghosts")]
    assert pairings(["advance", "random", "greedy"], False, ("greedy",)) == [
        ("advance", "advance"), ("greedy", "greedy"), ("random", "advance"), ("greedy", "advance"), ("greedy", "random"),
    ]
    jobs = plan_jobs(Plan("siege", 4, ("random", "greedy"), 5), replace(play_hooks(get_game("siege")), self_play=None))
    mixed = [job.lineup for job in jobs if job.pairing == "greedy vs random"]
    assert [lineup.index("greedy") for lineup in mixed] == [0, 1, 2, 3]
    assert all(lineup.count("greedy") == 1 and len(lineup) == 4 for lineup in mixed)
    assert sorted({job.variant for job in jobs}) == ["main", "players=2", "players=3", "players=4"]
    assert len({job.seed for job in jobs}) == len(jobs), "every game has a seed of its own"
    assert derive_seed(5, "siege", MAIN, "random", 0) == next(j.seed for j in jobs if j.pairing == "random" and j.index == 0)


def test_a_game_is_a_function_of_its_job():
    job = Job("piecepackman", "level=roundabout ghosts=3", "ghosts", ("ghosts",), 0, 99)
    first, again = play(job), play(job)
    assert first == again
    assert first["lineup"] == ["ghosts"] * 3 and first["plies"] > 0
    assert first["end"] in {"board-clear", "no-lives", "unfinished"}


# -- the report's figures against an independent count of the engine's own random playouts --------------------


def test_random_play_figures_agree_with_an_independent_count():
    """The report's first-player win rate, draw rate and mean length under random play, against the same
    figures counted here from ``random_playout`` on seeds of its own, within their 95% intervals."""
    game_id, n = "pileup", 400
    plan = Plan(game_id, n, ("random",), seed=11)
    hooks = play_hooks(get_game(game_id))
    records = run_jobs(plan_jobs(plan, hooks), Games.current())
    base = analyse(plan, hooks, records)["pairings"][0]

    engine = get_game(game_id).require_engine()
    lengths, first_wins, second_wins, draws = [], 0, 0, 0
    count = 800
    for seed in range(10_000, 10_000 + count):
        rng = random.Random(seed)
        state = engine.initial_state(rng)
        lengths.append(random_playout(state, rng))
        outcome = state.outcome()
        assert outcome is not None
        first_wins += 0 in outcome.winners
        second_wins += 1 in outcome.winners
        draws += outcome.draw

    def agree(a: Rate, b: Rate) -> bool:
        spread = ((a.value * (1 - a.value) / a.n) + (b.value * (1 - b.value) / b.n)) ** 0.5
        return abs(a.value - b.value) <= 1.96 * max(spread, 1e-9) or (a.count == 0 and b.count == 0)

    reported_first = Rate(base["order"][0]["count"], base["order"][0]["n"])
    reported_second = Rate(base["order"][1]["count"], base["order"][1]["n"])
    reported_draws = Rate(base["draws"]["count"], base["draws"]["n"])
    assert reported_first.n == n and reported_draws.n == n
    assert agree(reported_first, Rate(first_wins, count)), (reported_first, first_wins / count)
    assert agree(reported_second, Rate(second_wins, count)), (reported_second, second_wins / count)
    assert agree(reported_draws, Rate(draws, count)), (reported_draws, draws / count)
    independent = summarise(lengths)
    plies = base["plies"]
    spread = ((plies["sd"] ** 2 / n) + (independent.sd**2 / count)) ** 0.5
    assert abs(plies["mean"] - independent.mean) <= 1.96 * spread, (plies["mean"], independent.mean)


# -- one seed, one result: this process, a local pool, a Dask cluster, and the files ---------------------------


PLAN = Plan("expansion", 3, ("random", "greedy"), seed=4)


def _records(workers: int = 1, start_method: str | None = None, cluster: str | None = None) -> list[dict[str, Any]]:
    return run_jobs(plan_jobs(PLAN, play_hooks(get_game("expansion"))), Games.current(), workers, cluster, start_method=start_method)


def test_a_local_pool_plays_the_same_games_as_one_process(monkeypatch: pytest.MonkeyPatch):
    alone = _records()
    assert len(alone) == 9
    # Spawned workers start afresh, here with a string hash seed of their own: a game that iterated over a set
    # of strings, or kept state between games, would come out otherwise.
    monkeypatch.setenv("PYTHONHASHSEED", "12345")
    assert _records(workers=2, start_method="spawn") == alone
    assert _records(workers=3, start_method="fork") == alone


def test_a_dask_cluster_plays_the_same_games_as_one_process():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_cluster = _records(cluster=cluster.scheduler_address)
    assert on_cluster == _records()


def test_the_report_files_are_the_same_for_the_same_seed(tmp_path: Path):
    first = write_report(Plan("siege", 2, ("random",), seed=3), tmp_path / "a", workers=1)
    second = write_report(Plan("siege", 2, ("random",), seed=3), tmp_path / "b", workers=2)
    assert [p.name for p in first] == ["siege-report.pdf", "siege-results.csv", "siege-results.json"]
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.name
    other = write_report(Plan("siege", 2, ("random",), seed=4), tmp_path / "c", workers=1)
    assert other[2].read_bytes() != first[2].read_bytes()
    data = json.loads(first[2].read_text(encoding="utf-8"))
    assert data["summary"]["players"] == ["suns", "moons", "crowns", "arms"]
    assert [v["label"] for v in data["summary"]["variants"]] == ["2 players", "3 players", "4 players"]
    assert len(data["games"]) == 2 + 3 * 2
    rows = first[1].read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("game,variant,pairing,lineup,index,seed,plies") and len(rows) == 1 + len(data["games"])


def test_the_report_is_legible_and_says_it_is_simulated():
    plan = Plan("pileup", 6, ("random", "greedy"), seed=1)
    hooks = play_hooks(get_game("pileup"))
    records = run_jobs(plan_jobs(plan, hooks), Games.current())
    summary = analyse(plan, hooks, records, "Pile Up")
    pdf = print_report(report_book(summary))
    problems = violations(pdf)
    assert not problems, describe(problems)
    from pypdf import PdfReader

    reader = PdfReader(__import__("io").BytesIO(pdf))
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Simulated play" in text and "forced captures" in text and ("greedy beats random" in text or "random beats greedy" in text)
    assert [o.title for o in reader.outline][:2] == ["Headline figures", "Game length"]
    assert results_csv(records).count(b"\n") == len(records) + 1
    assert json.loads(results_json(summary, records))["summary"]["forced_words"] == "forced captures"


def test_piecepackman_reports_the_ghosts_win_rate_per_level_and_ghosts():
    plan = Plan("piecepackman", 2, ("random",), seed=2)
    hooks = play_hooks(get_game("piecepackman"))
    jobs = plan_jobs(plan, hooks)
    assert {job.lineup for job in jobs if job.variant != MAIN} == {("ghosts",)}
    summary = analyse(plan, hooks, run_jobs(jobs, Games.current()))
    assert summary["cooperative"]
    labels = [v["label"] for v in summary["variants"]]
    assert "roundabout, 4 ghosts" in labels and "roundabout, 3 ghosts, wild cubes" in labels
    assert all(v["team"]["n"] == 2 for v in summary["variants"])


# -- the command line and the rulebook's appendix --------------------------------------------------------------


def test_report_command_writes_the_pdf_and_raw_results(tmp_path: Path):
    result = run_cli("report", "pileup", "--games-played", "2", "--agents", "random", "--workers", "1", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["pileup-report.pdf", "pileup-results.csv", "pileup-results.json"]
    assert (tmp_path / "out" / "pileup-report.pdf").read_bytes().startswith(b"%PDF-")
    for args, problem in (
        (("--agents", "random,wizard"), "unknown agent 'wizard'"),
        (("--workers", "2", "--cluster", "tcp://localhost:1"), "not both"),
        (("--agents", "mcts:lots"), "mcts takes a number"),
        (("--format", "docx"), "'docx' is not one of"),
    ):
        result = run_cli("report", "pileup", "--games-played", "1", *args, "--out", "bad", cwd=tmp_path)
        assert result.returncode == 2 and problem in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "bad").exists()


def test_build_with_report_ends_the_book_with_designers_notes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from pypdf import PdfReader

    import ppprint.play.report as report
    from ppprint.build.jobs import build_games

    monkeypatch.setattr(report, "NOTES_PLAN", Plan("", 4, ("random", "greedy"), 0))
    monkeypatch.setattr("ppprint.play.runner.local_workers", lambda: 1)
    built = build_games(["pileup"], "letter", tmp_path, jobs=1, designers_notes=True)
    reader = PdfReader(built.written[0])
    assert [o.title for o in reader.outline][-1] == "Designer\u2019s notes"
    last = reader.pages[-1].extract_text() + reader.pages[-2].extract_text()
    assert "Simulated play, not playtesting" in last
    last = " ".join(last.split())
    # Numbered on after the rules' figures; saying which games they show: 4 of random against itself, of 12 (three pairings).
    assert "Figure 8. Game length in plies, the 4 games of random play, of the 12 simulated: median" in last
    assert "Figure 9. Results by seat, the 4 games of random play, of the 12 simulated" in last
    plain = build_games(["pileup"], "letter", tmp_path / "plain")
    assert "Designer\u2019s notes" not in [o.title for o in PdfReader(plain.written[0]).outline]
    # The web book and the EPUB end with them too.
    for book_format in ("html", "epub"):
        web = build_games(["pileup"], "letter", tmp_path / book_format, jobs=1, book_formats=[book_format], designers_notes=True)
        content = web.written[0].read_bytes()
        page = content.decode("utf-8") if book_format == "html" else zipfile.ZipFile(io.BytesIO(content)).read("EPUB/book.xhtml").decode("utf-8")
        assert 'id="designers-notes"' in page and "Simulated play, not playtesting" in page, book_format
        assert page.index('id="designers-notes"') > page.index('id="credits"')
        assert 'id="figure-9" data-figure="results-by-seat"' in page


def test_a_game_from_a_folder_plays_in_spawned_workers():
    """Workers started afresh find a game of a --games folder from the batch itself."""
    from tests.contract import SCAFFOLD, scaffold_folder

    hooks = play_hooks(contract_game(SCAFFOLD))
    jobs = plan_jobs(Plan(SCAFFOLD, 2, ("random", "greedy"), 0), hooks)
    games = Games((str(scaffold_folder().parent),), True)
    records = run_jobs(jobs, games, workers=2, start_method="spawn")
    assert [r["index"] for r in records] == [j.index for j in jobs]
    assert all(r["end"] for r in records) and len(records) == 6
