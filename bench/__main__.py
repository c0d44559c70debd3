"""Print ppprint's speed figures: cold builds, every PDF cold and warm, verify, and each engine's playouts and perft.

Run from the checkout: ``python -m bench`` (``python -m bench --job LABEL`` builds one
PDF of :func:`pdf_jobs` once; the cold figures time that in a fresh process; ``python -m bench --engines``
prints only the engines' figures). Each game may add its own figures in
``bench/bench_<game>.py`` (a ``run() -> dict[str, float]``); they are printed too.

Engine figures are CPU time of one core: random playouts per second (the median of three rounds of
:data:`PLAYOUTS` games, each capped at :data:`PLAYOUT_PLY_CAP` plies), perft nodes per second, and MCTS
simulations per second (``mcts:`` :data:`MCTS_SIMULATIONS`, one move from a few early positions).

``python -m bench --web`` prints only each web book's size (:func:`web_sizes`: the HTML page and the
EPUB, raw and gzipped, against the goal of :data:`GOAL_WEB_KIB` raw). ``python -m bench --build`` prints only the build's figures (:mod:`bench.build_speed`: ``build --all``
cold on one core and on all, the figure stage against bare ReportLab, a rebuild after editing one
figure, peak memory); ``python -m bench --serve`` only the live preview's (:mod:`bench.serve_speed`:
from saving a figure file to the reload event in ``ppprint serve``); ``python -m bench --profile`` prints where a cold ``build --all`` on one core
spends its time (cProfile, in this process).
"""

from __future__ import annotations

import cProfile
import gzip
import importlib
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench import build_speed, serve_speed
from bench.common import mcts_simulations_per_second, perft_nodes_per_second, playouts_per_second
from ppprint.build.formats import print_book
from ppprint.build.jobs import build_games
from ppprint.document.book import rulebook
from ppprint.book.catalogue import build_catalogue
from ppprint.book.pnp import PnpOptions, build_pnp, pnp_names
from ppprint.registry import get_game, registry
from ppprint.verify import verify_game
from tests.cli_run import run_cli

PLAYOUTS = 20
PLAYOUT_PLY_CAP = 400
PERFT_SECONDS = 0.5
MCTS_SIMULATIONS = 100
GOAL_WEB_KIB = 300
"""The most an HTML book may weigh, raw (issue 23)."""


def cold_build_seconds(args: list[str]) -> float:
    """Wall time of ``ppprint build ARGS`` in a fresh process (imports and fonts included)."""
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        done = run_cli("build", *args, "--out", out, cwd=None)
        if done.returncode != 0:
            raise RuntimeError(f"ppprint build {' '.join(args)} failed: {done.stderr.strip()}")
        return time.perf_counter() - start


def pdf_jobs() -> dict[str, Callable[[], bytes]]:
    """Every PDF of the library by label: rulebooks and booklets (letter, A4), the catalogue, each print-and-play."""
    jobs: dict[str, Callable[[], bytes]] = {}

    def book(game_id: str, paper: str, book_format: str) -> Callable[[], bytes]:
        def build() -> bytes:
            data = get_game(game_id)
            return print_book(rulebook(data, verify_game(data), paper), book_format)[1]

        return build

    for game_id in registry().ids():
        for paper in ("letter", "a4"):
            jobs[f"rulebook {game_id} {paper}"] = book(game_id, paper, "standard")
            jobs[f"booklet {game_id} {paper}"] = book(game_id, paper, "booklet")
    for paper in ("letter", "a4"):
        jobs[f"catalogue {paper}"] = lambda paper=paper: build_catalogue([get_game(g) for g in registry().ids()], paper)
    for name in pnp_names():
        jobs[f"pnp {name} letter"] = lambda name=name: build_pnp(name, PnpOptions("letter"))
    return jobs


def cold_and_warm_seconds(label: str, build: Callable[[], bytes]) -> tuple[float, float]:
    """(cold, warm): ``build`` in a fresh process (imports and fonts included), then its second run in this one."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bench", "--job", label], check=True, capture_output=True)
    cold = time.perf_counter() - start
    build()
    start = time.perf_counter()
    build()
    return cold, time.perf_counter() - start


def perft_at_growing_depth(game_id: str) -> tuple[int, float]:
    """Perft from the setup at the first depth that takes PERFT_SECONDS or more: (depth, nodes/s)."""
    state = get_game(game_id).require_engine().initial_state()
    depth = 0
    while True:
        depth += 1
        start = time.perf_counter()
        rate = perft_nodes_per_second(state, depth)
        if time.perf_counter() - start >= PERFT_SECONDS or depth >= 8:
            return depth, rate


def engine_figures() -> None:
    """Each engine's random playouts, perft and MCTS speed, then each game's own figures."""
    for game_id in registry().ids():
        engine = get_game(game_id).require_engine()
        games_per_s, plies_per_s = playouts_per_second(engine, PLAYOUTS, PLAYOUT_PLY_CAP)
        depth, nodes_per_s = perft_at_growing_depth(game_id)
        sims_per_s = mcts_simulations_per_second(engine, MCTS_SIMULATIONS)
        print(
            f"engine {game_id}: {games_per_s:.1f} random playouts/s ({plies_per_s:,.0f} plies/s), "
            f"perft depth {depth}: {nodes_per_s:,.0f} nodes/s, mcts: {sims_per_s:,.0f} simulations/s",
            flush=True,
        )
    for game_id in registry().ids():
        try:
            module = importlib.import_module(f"bench.bench_{game_id}")
        except ModuleNotFoundError:
            continue
        for name, value in module.run().items():
            print(f"{game_id}: {name} = {value:,.3f}", flush=True)


def web_sizes() -> None:
    """Each game's web books (letter, built without the cache): the HTML page and the EPUB, raw and gzipped."""
    with tempfile.TemporaryDirectory() as out:
        for book_format in ("html", "epub"):
            built = build_games(registry().ids(), "letter", Path(out) / book_format, book_formats=[book_format], cache=False)
            for path in sorted(p for p in built.written if p.suffix == f".{book_format}"):
                data = path.read_bytes()
                goal = f" (goal: at most {GOAL_WEB_KIB} KiB raw)" if book_format == "html" else ""
                print(f"web {path.stem} {book_format}: {len(data) / 1024:.0f} KiB raw, {len(gzip.compress(data, 9, mtime=0)) / 1024:.0f} KiB gzipped{goal}", flush=True)


def profile_build(lines: int = 30) -> None:
    """cProfile of a cold ``build --all`` on one core in this process: the functions that take the most time of their own."""
    profile = cProfile.Profile()
    with tempfile.TemporaryDirectory() as out:
        profile.runcall(build_games, registry().ids(), "letter", Path(out), catalogue=True, jobs=1)
    pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(lines)


def main() -> None:
    if sys.argv[1:2] == ["--job"]:
        pdf_jobs()[sys.argv[2]]()
        return
    if sys.argv[1:2] == ["--engines"]:
        print("ppprint benchmark: engines (CPU time, one core)")
        engine_figures()
        return
    if sys.argv[1:2] == ["--web"]:
        print("ppprint benchmark: web books")
        web_sizes()
        return
    if sys.argv[1:2] == ["--profile"]:
        profile_build()
        return
    games = registry().ids()
    print("ppprint benchmark")
    if sys.argv[1:2] == ["--serve"]:
        serve_speed.run()
        return
    build_speed.run()
    if sys.argv[1:2] == ["--build"]:
        return
    serve_speed.run()
    web_sizes()
    for label, build in pdf_jobs().items():
        cold, warm = cold_and_warm_seconds(label, build)
        print(f"pdf {label}: cold {cold:.2f} s, warm {warm:.3f} s ({len(build()) / 1024:.0f} KiB)")
    print(f"cold build, all games ({', '.join(games)}), letter: {cold_build_seconds(['--all']):.2f} s")
    for game_id in games:
        print(f"cold build, {game_id}, letter: {cold_build_seconds([game_id]):.2f} s")
    for game_id in games:
        start = time.perf_counter()
        report = verify_game(get_game(game_id))
        print(f"verify, {game_id}: {time.perf_counter() - start:.3f} s ({report.diagrams} diagrams, {report.claims} claims)")
    engine_figures()


if __name__ == "__main__":
    main()
