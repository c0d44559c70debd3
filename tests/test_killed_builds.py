"""Killed builds lose nothing (issue 26): a build of two games on a pool, killed with SIGKILL at each step
of the swap that puts its files in place, then a build of another game into the same folder.

The kill is aimed by the test hook :data:`ppprint.output.PAUSE_VARIABLE`: the build stops itself at each
step of the swap, and the test (its parent, told of each stop by ``waitpid``) kills it at the chosen one
or lets it go on. After the next build, every earlier file is in place and the killed build's set is whole
(all of its files old, or all new: never a file gone, whose only copy was in the staging folder that the
next build removed), no staging folder is left, and no worker of the killed build is still running.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ppprint.output import PAUSE_VARIABLE
from ppprint.scaffold import create_game
from tests.hostile import leftovers, snapshot
from tests.test_interrupted_writes import _children, _env, _lay_out, _running

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the workers end with their parent through Linux's prctl")

GAMES = ("tiny", "tinytwo")
OTHER = "tinythree"
KILLED = ["--no-bundled", "--games", "games", "build", *GAMES, "--figures", "--jobs", "2", "--out", "out"]
NEXT = ["--no-bundled", "--games", "games", "build", OTHER, "--out", "out"]
CACHE = ".ppprint-cache"
MINE = {"notes.txt": b"the user's own file, which no build writes"}


def _outputs(folder: Path) -> dict[str, bytes]:
    return {name: data for name, data in snapshot(folder).items() if not name.startswith(CACHE)}


def _ppprint(root: Path, args: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "ppprint", *args], cwd=root, env=_env(), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], dict[str, bytes], dict[str, bytes]]:
    """Three small games; the files a build of two of them writes (new), an earlier set of the same names
    with other bytes and one file more (old), and the files the build of the third adds (other). The cache
    the builds leave is kept, so the builds of each run only print."""
    root = tmp_path_factory.mktemp("killed")
    (root / "games").mkdir()
    for game in (*GAMES, OTHER):
        create_game(root / "games", game)
    _ppprint(root, KILLED)
    new = _outputs(root / "out")
    _ppprint(root, NEXT)
    other = {name: data for name, data in _outputs(root / "out").items() if name not in new}
    for name in list(os.listdir(root / "out")):
        if name != CACHE:
            shutil.rmtree(root / "out" / name) if (root / "out" / name).is_dir() else (root / "out" / name).unlink()
    old = {name: (b"" if name.endswith("/") else b"an earlier build's " + name.encode()) for name in new}
    old["tiny-figures/gone.svg"] = b"<svg/>"
    return root, old, new, other


def _kill_at(root: Path, step: int, args: list[str] = KILLED) -> tuple[bool, set[int]]:
    """Run ppprint (the build of two games) and SIGKILL it when it stops at step ``step`` of a swap (letting
    it past the earlier ones); whether it was killed (not when it has fewer steps), and the pids of its workers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ppprint", *args], cwd=root, env={**_env(), PAUSE_VARIABLE: "1"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    workers: set[int] = set()
    stops = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        workers.update(_children(process.pid))
        pid, status = os.waitpid(process.pid, os.WUNTRACED | os.WNOHANG)
        if pid == 0:
            time.sleep(0.005)
        elif not os.WIFSTOPPED(status):
            process.returncode = os.waitstatus_to_exitcode(status)
            assert process.returncode == 0, f"the build ended with {process.returncode}"
            return False, workers
        elif stops == step:
            os.kill(process.pid, signal.SIGKILL)
            os.waitpid(process.pid, 0)
            process.returncode = -signal.SIGKILL
            return True, workers
        else:
            stops += 1
            os.kill(process.pid, signal.SIGCONT)
    process.kill()
    pytest.fail("the build did not end")


def test_a_build_killed_at_any_step_of_its_swap_loses_no_file(
    project: tuple[Path, dict[str, bytes], dict[str, bytes], dict[str, bytes]], tmp_path: Path
) -> None:
    source, old, new, other = project
    outcomes: list[str] = []
    for step in range(100):
        root = tmp_path / f"step-{step}"
        shutil.copytree(source / "games", root / "games", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(source / "out" / CACHE, root / "out" / CACHE)
        _lay_out(root / "out", {**old, **MINE})
        killed, workers = _kill_at(root, step)
        deadline = time.monotonic() + 10
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert workers and [pid for pid in workers if _running(pid)] == [], f"step {step}: workers outlived the killed build"
        _ppprint(root, NEXT)
        now = _outputs(root / "out")
        lost = sorted(name for name in {**old, **new, **MINE} if name not in now and name != "tiny-figures/gone.svg")
        assert not lost, f"killed at step {step} of the swap, the build of {OTHER} after it lost {lost}"
        assert leftovers(root / "out") == [], f"step {step}: {leftovers(root / 'out')}"
        assert now in ({**old, **MINE, **other}, {**new, **MINE, **other}), f"step {step}: a mix of old and new files"
        outcomes.append("new" if "tiny-figures/gone.svg" not in now else "old")
        if not killed:
            break
    # The swap has a step per rename (a build that never stopped would prove nothing), and both outcomes occur.
    assert len(outcomes) > 8 and set(outcomes) == {"old", "new"}, outcomes


def test_a_run_killed_while_it_completes_a_dead_builds_swap_leaves_it_to_the_next(
    project: tuple[Path, dict[str, bytes], dict[str, bytes], dict[str, bytes]], tmp_path: Path
) -> None:
    """The build of two games killed between the two renames of its first entry; the build of the third
    killed too, at its first step, between the two renames with which it puts that entry in place; a third
    run completes the swap."""
    source, old, new, other = project
    root = tmp_path / "run"
    shutil.copytree(source / "games", root / "games", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(source / "out" / CACHE, root / "out" / CACHE)
    _lay_out(root / "out", {**old, **MINE})
    assert _kill_at(root, 2)[0] and _kill_at(root, 0, NEXT)[0]
    first = sorted(name for name in new if "/" not in name)[0]
    assert not (root / "out" / first).exists()  # its only copies are in the staging folder
    _ppprint(root, NEXT)
    assert _outputs(root / "out") == {**new, **MINE, **other} and leftovers(root / "out") == []
