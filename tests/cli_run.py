"""Running ppprint's CLI in a fresh process, as a user would: one helper for the tests and the benchmark.

``run_cli`` runs one command to its end; :class:`Served` runs ``ppprint serve`` on a free port and
listens to its reload events. Only the standard library is imported here, so ``python -m bench``
uses the same code as the tests without needing pytest.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

TIMEOUT = 60.0
"""Seconds a served process may take to send an event, answer a request or stop."""


def cli_environment(drop: Iterable[str] = (), set_: dict[str, str] | None = None) -> dict[str, str]:
    """This process's environment without ``PPPRINT_GAMES`` (a user's games folder must not leak
    into a run) and the names in ``drop``, with ``set_`` added."""
    dropped = {"PPPRINT_GAMES", *drop}
    return {**{name: value for name, value in os.environ.items() if name not in dropped}, **(set_ or {})}


def run_cli(
    *args: str, cwd: Path | None, games: Path | None = None, env: dict[str, str] | None = None, python: tuple[str, ...] = (),
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m ppprint`` in a fresh process, as a user would (``games``: only that games
    folder, no bundled games; ``env``: variables to set; ``python``: options of the interpreter)."""
    prefix = ["--no-bundled", "--games", str(games)] if games else []
    return subprocess.run(
        [sys.executable, *python, "-m", "ppprint", *prefix, *args],
        cwd=cwd,
        env=cli_environment(set_=env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


class Served:
    """``ppprint --no-bundled --games GAMES serve GAME --port 0 --out OUT`` in a fresh process, with
    the reload events it sends (read as a page open in a browser reads them)."""

    def __init__(self, games: Path, game_id: str, out: Path, *options: str, drop_env: Iterable[str] = (), quiet: bool = False):
        command = [sys.executable, "-m", "ppprint", "--no-bundled", "--games", str(games), "serve", game_id, "--port", "0", "--out", str(out), *options]
        stderr = subprocess.DEVNULL if quiet else subprocess.PIPE
        env = cli_environment(drop_env, {"PYTHONUNBUFFERED": "1"})
        self.process = subprocess.Popen(command, cwd=out.parent, env=env, stdout=subprocess.PIPE, stderr=stderr, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            said = self.process.stderr.read() if self.process.stderr is not None and self.process.poll() is not None else ""
            raise RuntimeError(f"ppprint serve {game_id} did not start: no address in {line!r}: {said}")
        self.port = int(found.group(1))
        self.events = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        self.events.request("GET", "/events")
        self.stream = self.events.getresponse()
        if self.stream.status != 200 or self.stream.getheader("Content-Type") != "text/event-stream":
            raise RuntimeError(f"/events answered {self.stream.status} {self.stream.getheader('Content-Type')}")

    def next_event(self) -> dict[str, Any]:
        """The next ``reload`` event's data (``RuntimeError`` if none comes within ``TIMEOUT``
        seconds: the server's keep-alive comments do not count)."""
        name = ""
        deadline = time.monotonic() + TIMEOUT
        while True:
            if time.monotonic() >= deadline:
                raise RuntimeError(f"no reload event within {TIMEOUT:.0f} s")
            line = self.stream.readline().decode("utf-8")
            if not line:
                raise RuntimeError("the event stream ended")
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: ") and name == "reload":
                data: dict[str, Any] = json.loads(line[6:])
                return data

    def get(self, path: str) -> tuple[int, str]:
        """The status and body of ``GET path``."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode("utf-8")
        connection.close()
        return response.status, body

    def idle(self) -> dict[str, Any]:
        """The ``/status`` once the server has written everything of its last build (or after ``TIMEOUT`` seconds)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            status: dict[str, Any] = json.loads(self.get("/status")[1])
            if not status["busy"] or time.monotonic() > deadline:
                return status
            time.sleep(0.02)

    def stop(self) -> int:
        """Ctrl-C, as a user stops it; its exit status (-1 if it had to be killed)."""
        self.events.close()
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return -1
