"""Interrupted writes (issue 16): SIGINT or SIGTERM sent the moment a temporary file or staging folder
appears leaves no temporary file, and the output folder holds either the whole old set of files or the
whole new one, never a mix; a full disk across two games leaves the old set intact.

Every run is a real ``python -m ppprint`` process; the signal is sent by a watcher that polls the output
folder. Which set a run leaves depends on when the signal lands (before the swap: the old set, exit
128 + N; during or after it: the new set), so both are allowed, a mix never; no timing is asserted.
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

from ppprint.errors import Interrupted
from ppprint.output import interruptible, write_atomic, write_set
from ppprint.scaffold import create_game
from tests.hostile import LEFTOVER, interrupt_in_a_weak_reference_callback, leftovers, mount_tmpfs, snapshot, unmount

GAMES = ("tiny", "tinytwo")
BUILD = ["--no-bundled", "--games", "games", "build", "--all", "--figures", "--jobs", "1", "--out", "out"]
CACHE = ".ppprint-cache"


def _env() -> dict[str, str]:
    env = {**os.environ}
    env.pop("PPPRINT_GAMES", None)
    env.pop("PPPRINT_TRACEBACK", None)
    return env


def _outputs(folder: Path) -> dict[str, bytes]:
    return {name: data for name, data in snapshot(folder).items() if not name.startswith(CACHE)}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], dict[str, bytes]]:
    """Two small games, the set of files a build of both writes (new) and an earlier set (old) of the same
    names with other bytes and one file more."""
    root = tmp_path_factory.mktemp("interrupt")
    (root / "games").mkdir()
    for game in GAMES:
        create_game(root / "games", game)
    result = subprocess.run([sys.executable, "-m", "ppprint", *BUILD], cwd=root, env=_env(), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    new = _outputs(root / "out")
    shutil.rmtree(root / "out")
    old = {name: (b"" if name.endswith("/") else b"an earlier build's " + name.encode()) for name in new}
    old["tiny-figures/gone.svg"] = b"<svg/>"
    return root, old, new


def _lay_out(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        path = folder / name
        if name.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


def _interrupt_when_written(root: Path, args: list[str], watch: Path, signum: int, delay: float) -> tuple[int, str, bool]:
    """Run ppprint, send ``signum`` ``delay`` s after a temporary file or staging folder appears in ``watch``;
    its exit status, stderr and whether the signal was sent."""
    process = subprocess.Popen([sys.executable, "-m", "ppprint", *args], cwd=root, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    sent = False
    deadline = time.monotonic() + 600
    while process.poll() is None and time.monotonic() < deadline:
        try:
            names = os.listdir(watch)
        except OSError:
            names = []
        if any(LEFTOVER.search(name) for name in names):
            if delay:
                time.sleep(delay)
            if process.poll() is None:
                process.send_signal(signum)
                sent = True
            break
    _, stderr = process.communicate(timeout=600)
    return process.returncode, stderr, sent


def test_a_build_interrupted_while_writing_leaves_one_whole_set(project: tuple[Path, dict[str, bytes], dict[str, bytes]], tmp_path: Path) -> None:
    source, old, new = project
    codes = []
    for name in ("SIGINT", "SIGTERM"):
        root = tmp_path / name
        shutil.copytree(source / "games", root / "games")
        _lay_out(root / "out", old)
        signum = int(getattr(signal, name))
        code, stderr, sent = _interrupt_when_written(root, BUILD, root / "out", signum, 0.0)
        codes.append(code - signum)
        assert "Traceback" not in stderr, stderr
        assert leftovers(root) == [], (code, stderr)
        now = _outputs(root / "out")
        assert now in (old, new), f"{name}: a mix of old and new files (exit {code}): {sorted(set(now) ^ set(new))}"
        if code == 128 + signum:
            last = stderr.strip().splitlines()[-1]
            assert last.startswith(f"error: interrupted by {name}; "), stderr
            said_new = "every file of the build was written" in last
            assert said_new == (now == new), f"the message says {last!r} but the folder holds the {'new' if now == new else 'old'} set"
        else:
            assert code == 0 and not sent, (code, stderr)
            assert now == new
    # The watcher does catch the moment (a build that always finished first would prove nothing).
    assert 128 in codes, codes


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_render_interrupted_while_writing_leaves_no_part_file(tmp_path: Path, name: str) -> None:
    root = tmp_path
    (root / "games").mkdir()
    create_game(root / "games", "tiny")
    (root / "out").mkdir()
    (root / "out" / "setup.png").write_bytes(b"an earlier render")
    args = ["--no-bundled", "--games", "games", "render", "tiny", "setup", "--format", "png", "--dpi", "600", "--out", "out/setup.png"]
    signum = int(getattr(signal, name))
    code, stderr, sent = _interrupt_when_written(root, args, root / "out", signum, 0.0)
    assert "Traceback" not in stderr, stderr
    assert leftovers(root) == [], (code, stderr)
    data = (root / "out" / "setup.png").read_bytes()
    assert data == b"an earlier render" or data.startswith(b"\x89PNG"), data[:40]
    assert code in (0, 128 + signum), (code, stderr)


def test_a_full_disk_across_two_games_leaves_the_old_set(project: tuple[Path, dict[str, bytes], dict[str, bytes]], tmp_path: Path) -> None:
    source, old, new = project
    root = tmp_path / "run"
    shutil.copytree(source / "games", root / "games")
    out = root / "out"
    # Room for the old set and the first game's book, not for every new file.
    size = sum(len(data) for data in old.values()) + len(new["tiny-letter.pdf"]) + 64 * 1024
    if not mount_tmpfs(out, f"size={size}"):
        pytest.skip("needs root to mount a small file system")
    try:
        _lay_out(out, old)
        result = subprocess.run([sys.executable, "-m", "ppprint", *BUILD], cwd=root, env=_env(), capture_output=True, text=True, timeout=600)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: cannot write"), result.stderr
        assert "no space left on the device" in lines[0] and "nothing was written" in lines[0], lines[0]
        assert leftovers(out) == []
        assert _outputs(out) == old
    finally:
        unmount(out)


def test_two_concurrent_builds_into_one_folder_in_other_environments(project: tuple[Path, dict[str, bytes], dict[str, bytes]], tmp_path: Path) -> None:
    """Keep (issues 15 and 16): two builds into one folder at the same time never corrupt a file, and a
    build run from another folder, in another time zone and with another hash seed writes the same bytes."""
    source, old, new = project
    root = tmp_path / "run"
    shutil.copytree(source / "games", root / "games")
    _lay_out(root / "out", old)
    other = {**_env(), "TZ": "Pacific/Kiritimati", "PYTHONHASHSEED": "4242", "LC_ALL": "C"}
    args = [sys.executable, "-m", "ppprint", *BUILD[:-1], str(root / "out")]
    args[args.index("games")] = str(root / "games")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    first = subprocess.Popen(args, cwd=root, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen(args, cwd=elsewhere, env=other, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for process in (first, second):
        _, stderr = process.communicate(timeout=600)
        assert process.returncode == 0, stderr
    assert leftovers(root) == []
    assert _outputs(root / "out") == new


@pytest.mark.parametrize("write", ["one file", "a set"])
def test_an_interruption_raised_in_a_weak_reference_callback_stops_the_next_write(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], write: str
) -> None:
    """Python only prints an exception raised in a weak reference's callback (with a traceback) and goes
    on: a Ctrl-C handled there is kept, without the traceback, and the next write raises it before it puts
    its file in place."""

    out = tmp_path / "out"
    with pytest.raises(Interrupted) as raised, interruptible():
        interrupt_in_a_weak_reference_callback()
        if write == "one file":
            write_atomic(out / "book.pdf", b"a book")
        else:
            write_set(out, [("book.pdf", b"a book"), ("book-figures/a.svg", b"<svg/>")])
    assert raised.value.signum == signal.SIGINT and raised.value.outcome.startswith("nothing was written")
    assert sorted(os.listdir(out)) == [] and "Traceback" not in capfd.readouterr().err


def _children(pid: int) -> list[int]:
    """The living processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers end with their parent through Linux's prctl")
@pytest.mark.parametrize("command", [["build", "--all", "--jobs", "2", "--no-cache"], ["report", "pileup", "--games-played", "400", "--workers", "2"]])
def test_a_killed_build_or_report_leaves_no_worker_behind(tmp_path: Path, command: list[str]) -> None:
    """SIGKILL (a power cut, an impatient CI) of a build or report on a pool: its workers end too
    (they lived on, holding memory and the caller's output streams)."""
    process = subprocess.Popen([sys.executable, "-m", "ppprint", *command, "--out", str(tmp_path / "out")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        workers = _children(process.pid)
        assert len(workers) >= 2, "the pool never started"
    finally:
        process.kill()
        process.wait()
    deadline = time.monotonic() + 10
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in workers if _running(pid)] == []
