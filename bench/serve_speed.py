"""The live preview's speed: from saving a figure file to the reload event, in ``ppprint serve``.

``ppprint serve GAME --port 0`` runs in a fresh process on a copy of the games; this listens to its
``/events`` like a page open in a browser. Each time, the game's first figure file gets one more line
(a YAML comment: the file's bytes change, so its claims are checked and it is drawn again), and the
time is taken from the write to the ``reload`` event, and on to the new page fetched. The work is the
server's CPU seconds over that span (every thread: the watcher, the rebuild, the HTTP server), read
from its ``/status`` just before the edit and from the event; the wall time adds the watcher's wait
for the editor to finish writing (``STEP_MS``) and whatever else the machine is doing.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ppprint.registry import registry
from ppprint.build.serve import STEP_MS
from tests.cli_run import Served

EDITS = 5
"""Edits timed in each game; the least is printed (the machine's noise only ever adds)."""
GOAL_RELOAD = 0.3


@dataclass(frozen=True)
class Reload:
    """One edit: the server's CPU seconds until the reload event (and until the page was served), the rebuild's own, and the wall times."""

    work: float
    work_with_page: float
    build: float
    wall: float
    wall_with_page: float


def reloads(game_id: str, edits: int = EDITS) -> list[Reload]:
    """``edits`` edits of one figure file of ``game_id`` under ``ppprint serve``; what each cost."""
    found = []
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        games, out = base / "games", base / "out"
        for game in registry().plugins():
            shutil.copytree(game.folder, games / game.id, ignore=shutil.ignore_patterns("__pycache__"))
        figure = sorted((games / game_id / "figures").glob("*.yaml"))[0]
        out.mkdir(parents=True)
        server = Served(games, game_id, out, drop_env=("PYTHONDONTWRITEBYTECODE",), quiet=True)
        try:
            if not server.next_event()["ok"]:
                raise RuntimeError(f"{game_id} did not build")
            for n in range(edits):
                before = server.idle()["cpu"]
                start = time.perf_counter()
                with figure.open("a", encoding="utf-8") as stream:
                    stream.write(f"\n# edited for the benchmark ({n + 1})\n")
                event = server.next_event()
                wall = time.perf_counter() - start
                if not event["ok"]:
                    raise RuntimeError("; ".join(event["problems"]))
                server.get("/")
                wall_with_page = time.perf_counter() - start
                after = server.idle()["cpu"]  # taken after the page was served (idle: the HTML file written too)
                found.append(Reload(event["cpu"] - before, after - before, event["build_cpu"], wall, wall_with_page))
        finally:
            server.stop()
    return found


def run() -> None:
    """Print the live preview's figures for each game."""
    for game_id in registry().ids():
        costs = reloads(game_id)
        best = min(costs, key=lambda c: c.work)
        print(
            f"serve {game_id}, edit 1 figure file to the reload event: work {best.work:.3f} CPU s (goal < {GOAL_RELOAD:g}),"
            f" of which the rebuild {best.build:.3f} s; with the new page served and written {best.work_with_page:.3f} s;"
            f" wall {min(c.wall for c in costs):.3f} s to the event (the watcher waits {STEP_MS} ms for quiet),"
            f" {min(c.wall_with_page for c in costs):.3f} s to the page"
        )
