"""The speed of ``ppprint build``: cold, on one core and on all, the figure stage against bare ReportLab,
a rebuild after editing one figure (with the cache), and peak memory.

Every build runs in a fresh process (:mod:`bench.child`), which reports its CPU seconds apart from the
interpreter's start and the imports. Those processes run without ``PYTHONDONTWRITEBYTECODE`` and after a
warm-up build, so imports read compiled bytecode as an installed ppprint does.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ppprint.build.jobs import default_jobs
from ppprint.registry import registry
from ppprint.render.draw import Drawing, Group, Item, Shape
from ppprint.render.figure import render_figure
from ppprint.render.fonts import register_fonts
from ppprint.render.pdf import paint
from ppprint.verify import verify_game

RUNS = 3
"""Each build is timed this many times; the least is printed (the machine's noise only ever adds)."""
PAINT_RUNS = 5
GOAL_COLD_CPU = 3.0
GOAL_PAINT_RATIO = 1.5
GOAL_REBUILD = 0.3


@dataclass(frozen=True)
class Cost:
    """What one fresh ``ppprint`` process cost (see :mod:`bench.child`)."""

    interpreter: float
    imports: float
    work: float
    children: float
    rss_kib: int
    children_rss_kib: int
    wall: float

    @property
    def cpu(self) -> float:
        """Every CPU second of the run: interpreter start, imports, the work and its child processes."""
        return self.interpreter + self.imports + self.work + self.children


def _environment() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name not in ("PYTHONDONTWRITEBYTECODE", "PPPRINT_GAMES")}


def measure(args: Sequence[str], cwd: Path | None = None) -> Cost:
    """Run ``ppprint ARGS`` in a fresh process; what it cost."""
    with tempfile.TemporaryDirectory() as scratch:
        result = Path(scratch) / "cost.json"
        done = subprocess.run(
            [sys.executable, "-m", "bench.child", str(result), *args], cwd=cwd, env=_environment(), capture_output=True, text=True
        )
        if done.returncode != 0 or not result.exists():
            raise RuntimeError(f"ppprint {' '.join(args)} failed: {done.stderr.strip()}")
        record = json.loads(result.read_text(encoding="utf-8"))
    if record.pop("exit"):
        raise RuntimeError(f"ppprint {' '.join(args)} failed: {done.stderr.strip()}")
    return Cost(**record)


def cold_builds(args: Sequence[str], runs: int = RUNS) -> list[Cost]:
    """``ppprint build ARGS`` into a new output folder each time (so the cache is empty)."""
    costs = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            costs.append(measure(["build", *args, "--out", out]))
    return costs


def every_drawing() -> list[Drawing]:
    """Every figure of every game, drawn at print scale 1."""
    drawings = []
    for game in registry().plugins():
        report = verify_game(game)
        view = game.require_view()
        drawings += [render_figure(view, checked) for checked in report.figures.values()]
    return drawings


def bare_paint(canvas: Canvas, drawing: Drawing) -> None:
    """The same primitives as :func:`ppprint.render.pdf.paint` draws, written as plain ReportLab calls.

    The same canvas operations in the same order (so the same page), with nothing between the
    loop and the canvas: the yardstick for the figure stage.
    """
    canvas.saveState()
    canvas.translate(0, drawing.height)
    canvas.scale(1, -1)
    _bare_items(canvas, drawing.items)
    canvas.restoreState()


_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _bare_items(canvas: Canvas, items: Sequence[Item]) -> None:
    for item in items:
        if isinstance(item, Shape):
            style = item.paint
            if style.fill is None and style.stroke is None:
                continue
            path = canvas.beginPath()
            for op, values in item.segments:
                if op == "M":
                    path.moveTo(*values)
                elif op == "L":
                    path.lineTo(*values)
                elif op == "C":
                    path.curveTo(*values)
                else:
                    path.close()
            canvas.saveState()
            if style.fill is not None:
                canvas.setFillColor(HexColor(style.fill))
                if style.opacity < 1.0:
                    canvas.setFillAlpha(style.opacity)
            if style.stroke is not None:
                canvas.setStrokeColor(HexColor(style.stroke))
                canvas.setLineWidth(style.width)
                canvas.setLineCap(_CAPS[style.cap])
                canvas.setLineJoin(_JOINS[style.join])
                canvas.setDash(list(style.dash) or [], 0)
            canvas.drawPath(path, fill=int(style.fill is not None), stroke=int(style.stroke is not None), fillMode=1)
            canvas.restoreState()
        elif isinstance(item, Group):
            canvas.saveState()
            canvas.transform(*item.matrix)
            _bare_items(canvas, item.items)
            canvas.restoreState()
        else:
            canvas.saveState()
            canvas.translate(*item.at)
            canvas.scale(1, -1)
            canvas.setFont(item.font, item.size)
            canvas.setFillColor(HexColor(item.fill))
            if item.anchor == "start":
                canvas.drawString(0, 0, item.text)
            elif item.anchor == "middle":
                canvas.drawCentredString(0, 0, item.text)
            else:
                canvas.drawRightString(0, 0, item.text)
            canvas.restoreState()


def paint_seconds(drawings: list[Drawing], painter: Callable[[Canvas, Drawing], None]) -> tuple[float, bytes]:
    """The least CPU seconds of PAINT_RUNS paintings of every drawing onto a fresh canvas, and the PDF it makes."""
    register_fonts()
    best, pdf = float("inf"), b""
    for _ in range(PAINT_RUNS):
        canvas = Canvas(io.BytesIO(), invariant=1)
        start = time.process_time()
        for drawing in drawings:
            painter(canvas, drawing)
        best = min(best, time.process_time() - start)
        pdf = pdf or canvas.getpdfdata()
    return best, pdf


def rebuild_costs(game_ids: list[str]) -> dict[str, tuple[Cost, Cost, int]]:
    """For each game: ``build GAME`` after editing one figure file, with the cache of an earlier build.

    The games are copied to a scratch folder; a build of all of them fills the cache; then each game's
    first figure gets one more line (a YAML comment: the file's bytes change, so its claims are checked
    and it is drawn again) and the game is built again, then once more unchanged. Returns those two
    costs and the number of figures.
    """
    costs: dict[str, tuple[Cost, Cost, int]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        games, out = base / "games", base / "out"
        for game in registry().plugins():
            shutil.copytree(game.folder, games / game.id, ignore=shutil.ignore_patterns("__pycache__"))
        prefix = ["--no-bundled", "--games", str(games)]
        measure([*prefix, "build", "--all", "--jobs", "1", "--out", str(out)])
        for game_id in game_ids:
            figures = sorted((games / game_id / "figures").glob("*.yaml"))
            with figures[0].open("a", encoding="utf-8") as stream:
                stream.write("\n# edited for the benchmark\n")
            edited = measure([*prefix, "build", game_id, "--jobs", "1", "--out", str(out)])
            unchanged = measure([*prefix, "build", game_id, "--jobs", "1", "--out", str(out)])
            costs[game_id] = (edited, unchanged, len(figures))
    return costs


def run() -> None:
    """Print the build's speed figures."""
    games = registry().ids()
    cores = default_jobs()
    # Warm-up: writes bytecode for ppprint and the games, as an installation has it.
    cold_builds(["--all", "--jobs", "1"], runs=1)
    serial = cold_builds(["--all", "--jobs", "1"])
    one_core = min(serial, key=lambda c: c.cpu)
    print(
        f"build --all, cold, one core: {one_core.cpu:.2f} CPU s (goal < {GOAL_COLD_CPU:g}): interpreter {one_core.interpreter:.2f},"
        f" imports {one_core.imports:.2f}, work {one_core.work:.2f}, template sandbox {one_core.children:.2f}; wall {one_core.wall:.2f} s"
    )
    pooled = min(cold_builds(["--all"]), key=lambda c: c.wall)
    print(
        f"build --all, cold, all {cores} cores: wall {pooled.wall:.2f} s ({one_core.wall / pooled.wall:.2f}x the one-core wall),"
        f" {pooled.cpu:.2f} CPU s in all processes"
    )
    print(
        f"build --all, peak memory: {one_core.rss_kib / 1024:.0f} MiB on one core; on {cores} cores {pooled.rss_kib / 1024:.0f} MiB"
        f" in the parent and {pooled.children_rss_kib / 1024:.0f} MiB in the largest worker"
    )
    drawings = every_drawing()
    ours, our_pdf = paint_seconds(drawings, paint)
    bare, bare_pdf = paint_seconds(drawings, bare_paint)
    primitives = sum(len(d.items) for d in drawings)
    same = "the same PDF bytes" if our_pdf == bare_pdf else "NOT the same PDF bytes"
    print(
        f"figure stage, paint() of {len(drawings)} figures ({primitives} top-level items): {ours:.3f} CPU s,"
        f" bare ReportLab calls {bare:.3f} s ({same}): {ours / bare:.2f}x (goal < {GOAL_PAINT_RATIO:g}x)"
    )
    for game_id, (edited, unchanged, figures) in rebuild_costs(games).items():
        print(
            f"rebuild {game_id} after editing 1 of {figures} figures, with the cache: work {edited.work + edited.children:.3f} CPU s"
            f" (goal < {GOAL_REBUILD:g}); interpreter {edited.interpreter:.2f} s, imports {edited.imports:.2f} s;"
            f" unchanged, every figure from the cache: {unchanged.work + unchanged.children:.3f} s"
        )
