"""Headless Chromium driven over the DevTools protocol, for the tests that open the web books in a browser.

Debian's ``chromium`` (``apt-get install chromium``; ``.ci/run`` installs it when it is missing),
driven on a pipe (``--remote-debugging-pipe``): no package needed. Used by ``tests/test_browser.py``
(the figures as the PDF prints them, the fonts) and ``tests/test_web_standards.py`` (axe-core).
"""

from __future__ import annotations

import base64
import io
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

CHROMIUM = shutil.which("chromium")
"""Debian's Chromium, or None where it is not installed."""
PIXELS_PER_INCH = 192
"""The resolution pages are shown at (CSS pixels are 1/96 in: a device scale factor of 2)."""
TIMEOUT = 60.0
"""Seconds Chromium has to answer a command or load a page."""


class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``)."""

    def __init__(self, executable: str):
        self.profile = tempfile.mkdtemp(prefix="ppprint-chromium-")
        to_read, self._to = os.pipe()  # Chromium reads commands from its fd 3
        self._from, from_write = os.pipe()  # and writes answers to its fd 4
        options = [
            "--headless",
            "--disable-gpu",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--force-color-profile=srgb",
            "--mute-audio",
        ]
        if os.geteuid() == 0:
            options.append("--no-sandbox")  # Chromium refuses to run as root in its sandbox
        self.process = subprocess.Popen(
            ["bash", "-c", f'exec "$0" "$@" 3<&{to_read} 4>&{from_write}', executable, *options, "about:blank"],
            pass_fds=(to_read, from_write),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_read)
        os.close(from_write)
        self._buffer = b""
        self._id = 0
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """A command's result (events in between are dropped)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            while b"\0" not in self._buffer:
                left = deadline - time.monotonic()
                assert left > 0 and select.select([self._from], [], [], left)[0], f"Chromium did not answer {method} within {TIMEOUT:.0f} s"
                chunk = os.read(self._from, 1 << 20)
                assert chunk, f"Chromium closed the pipe (exit code {self.process.poll()})"
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer: dict[str, Any] = json.loads(raw)
            if answer.get("id") == self._id:
                assert "error" not in answer, f"{method}: {answer['error']}"
                result: dict[str, Any] = answer["result"]
                return result

    def page(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A command to the page."""
        return self.send(method, params, self.session)

    def evaluate(self, expression: str) -> Any:
        answer = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        assert "exceptionDetails" not in answer, answer["exceptionDetails"]
        return answer["result"].get("value")

    def open(self, path: Path, scheme: str = "light", width: int = 1000) -> None:
        """Show a file (``width`` CSS pixels wide, in the light or dark colour scheme) once it and its fonts are loaded."""
        self.page("Emulation.setDeviceMetricsOverride", {"width": width, "height": 1000, "deviceScaleFactor": PIXELS_PER_INCH / 96, "mobile": False})
        self.page("Emulation.setEmulatedMedia", {"media": "screen", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        url = path.as_uri()
        self.page("Page.navigate", {"url": url})
        deadline = time.monotonic() + TIMEOUT
        while self.evaluate("location.href + ' ' + document.readyState") != f"{url} complete":
            assert time.monotonic() < deadline, f"{url} did not load within {TIMEOUT:.0f} s"
            time.sleep(0.05)
        self.evaluate("document.fonts.ready.then(() => true)")

    def screenshot(self, box: Box) -> Image.Image:
        """The page's pixels in ``box`` (CSS pixels; the browser rounds it out to whole device pixels)."""
        clip = {"x": box.x, "y": box.y, "width": box.width, "height": box.height, "scale": 1}
        data = self.page("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": True, "optimizeForSpeed": True})["data"]
        return Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")

    def close(self) -> None:
        try:
            self.send("Browser.close")
            self.process.wait(TIMEOUT)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            os.close(self._to)
            os.close(self._from)
            shutil.rmtree(self.profile, ignore_errors=True)


@dataclass(frozen=True)
class Box:
    """Where an element is on the page, in CSS pixels from the page's top left."""

    x: float
    y: float
    width: float
    height: float


@contextmanager
def running_chromium() -> Iterator[Chromium]:
    """A headless Chromium for the ``with`` block (Debian's; the caller checks :data:`CHROMIUM` first)."""
    assert CHROMIUM is not None
    browser = Chromium(CHROMIUM)
    try:
        yield browser
    finally:
        browser.close()
