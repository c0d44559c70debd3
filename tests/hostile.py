"""Running the command line on bad and hostile input, measured: exit status, stderr, CPU time, peak memory.

:func:`run_measured` runs ``python -m ppprint`` in a fresh process, as a user would, and reads the
child's own resource usage with ``os.wait4`` (so neither the test process nor other cases count).
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

ADDRESS_SPACE = 4 * 1024**3
"""A hard cap on every child's address space, so a runaway case fails instead of taking the machine down."""
LEFTOVER = re.compile(r"(\.part$|^\.ppprint-staging-)")
"""A temporary file or staging folder of ppprint's write path."""


@dataclass(frozen=True)
class Run:
    """What a run did: its exit status, output, and the child's CPU seconds, wall seconds and peak memory (MiB)."""

    code: int
    stdout: str
    stderr: str
    cpu: float
    wall: float
    megabytes: float


def run_measured(
    args: list[str],
    cwd: Path,
    timeout: float = 120.0,
    signal_after: tuple[float, int] | None = None,
    env: dict[str, str] | None = None,
    cpu_limit: float | None = None,
) -> Run:
    """Run ``python -m ppprint ARGS`` in ``cwd``; ``signal_after`` = (seconds, signal) interrupts it;
    ``cpu_limit`` seconds of CPU end it (SIGXCPU, then SIGKILL), so a runaway case fails on its exit status."""
    environment = {**os.environ, **(env or {})}
    environment.pop("PPPRINT_GAMES", None)
    environment.pop("PPPRINT_TRACEBACK", None)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "ppprint", *args], cwd=cwd, env=environment, stdout=out, stderr=err, preexec_fn=lambda: _limits(cpu_limit)
        )
        killer = threading.Timer(timeout, process.kill)
        killer.start()
        sender = None
        if signal_after is not None:
            sender = threading.Timer(signal_after[0], lambda: process.poll() is None and process.send_signal(signal_after[1]))
            sender.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            killer.cancel()
            if sender is not None:
                sender.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        return Run(
            process.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
            usage.ru_utime + usage.ru_stime,
            wall,
            usage.ru_maxrss / 1024,
        )


def inherited_megabytes() -> float:
    """The peak memory a child started as :func:`run_measured` starts its children reports for doing
    nothing: a forked child's peak counts the test process's own pages until it execs, so a test
    process grown large (a Dask cluster in an earlier test) hides how little a child used."""
    process = subprocess.Popen([sys.executable, "-c", "pass"], preexec_fn=lambda: _limits(None))
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_maxrss / 1024


def _limits(cpu: float | None) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    if cpu is not None:
        resource.setrlimit(resource.RLIMIT_CPU, (int(cpu), int(cpu) + 2))


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative name -> bytes), links as their target; empty if there is no folder."""
    files: dict[str, bytes] = {}
    if not folder.is_dir() or folder.is_symlink():
        return files
    for here, folders, names in os.walk(folder):
        for name in [*names, *folders]:
            path = Path(here) / name
            key = path.relative_to(folder).as_posix()
            if path.is_symlink():
                files[key] = b"->" + os.readlink(path).encode()
            elif path.is_file():
                files[key] = path.read_bytes()
            elif path.is_dir():
                files[key + "/"] = b""
    return files


def leftovers(folder: Path) -> list[str]:
    """Temporary files and staging folders of ppprint anywhere under ``folder``."""
    found = []
    for here, folders, names in os.walk(folder):
        for name in [*names, *folders]:
            if LEFTOVER.search(name):
                found.append(str(Path(here, name).relative_to(folder)))
    return sorted(found)


def mount_tmpfs(folder: Path, options: str) -> bool:
    """Mount a small tmpfs on ``folder`` (root only); whether it worked."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True)
    return result.returncode == 0


def unmount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)


SIGNALS = {"SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM}


def interrupt_in_a_weak_reference_callback() -> None:
    """Send SIGINT to this process so that its handler runs inside a weak reference's callback, where
    Python only prints what the handler raises and goes on."""

    class Thing:
        pass

    def interrupt_within(_: object) -> None:
        signal.raise_signal(signal.SIGINT)
        for _ in range(1000):  # the handler runs here, within the callback
            pass

    thing = Thing()
    reference = weakref.ref(thing, interrupt_within)
    del thing
    assert reference() is None
