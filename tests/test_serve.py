"""``ppprint serve``: the book on localhost, rebuilt on every change in the game's folder.

A real server on a free port of 127.0.0.1, on a copy of the games: edit a figure file and the page
is rebuilt and a reload event sent; edit it to a wrong claim and the page shows the error panel,
naming the file and line, above the last good book; fix it and the book is back. In-process: an
error in the game's code names its own file and line, and the code is imported afresh once fixed;
an editor's temporary files are not changes.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import watchfiles
from PIL import Image

from ppprint.registry import configure
from ppprint.build import serve as serve_module
from ppprint.build.serve import BookServer, LiveBook, Snapshot, _Watch, serve
from tests.cli_run import TIMEOUT, Served
from tests.conftest import BUNDLED_GAMES, edit
from tests.hostile import interrupt_in_a_weak_reference_callback
from tests.test_book_contract import flip_first_reason



def save(path: Path, text: str, scratch: Path) -> None:
    """Save a file as editors do, in one step: written beside the watched folder, then renamed over
    it (a file written in place may be seen half-written on a busy machine, and rebuilt so)."""
    temporary = scratch / f".saving-{path.name}"
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def test_an_edit_rebuilds_the_page_a_wrong_claim_shows_the_panel_and_a_fix_brings_the_book_back(games_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    server = Served(games_copy, "expansion", out, "--pdf")
    try:
        first = server.next_event()
        assert first["version"] == 1 and first["ok"], first
        status, page = server.get("/")
        assert status == 200 and "Expansion" in page and "new EventSource(\"/events\")" in page and "ppprint-error" not in page.split("</style>")[1]
        assert server.idle()["ok"] and (out / "expansion.html").is_file() and (out / "expansion-letter.pdf").is_file()
        pdf_before = (out / "expansion-letter.pdf").read_bytes()

        # An edit: the page is rebuilt with it, and the pages open are told to reload.
        figure = games_copy / "expansion" / "figures" / "movement.yaml"
        original = figure.read_text(encoding="utf-8")
        caption = re.search(r"^caption: (.*)$", original, re.MULTILINE)
        assert caption
        save(figure, original.replace(caption.group(0), "caption: Walks and leaps, edited while the server runs.", 1), tmp_path)
        second = server.next_event()
        assert second["version"] == 2 and second["ok"], second
        page = server.get("/")[1]
        assert "Walks and leaps, edited while the server runs." in page and "var version = 2;" in page
        assert server.idle()["ok"] and "edited while the server runs" in (out / "expansion.html").read_text(encoding="utf-8")
        assert (out / "expansion-letter.pdf").read_bytes() != pdf_before  # --pdf: rewritten too

        # A wrong claim: the panel names the file and line, above the last good book.
        edited = figure.read_text(encoding="utf-8")
        scratch = tmp_path / "scratch" / "expansion"  # flipped there, then saved into the watched folder in one step
        shutil.copytree(games_copy / "expansion", scratch, ignore=shutil.ignore_patterns("__pycache__"))
        flipped, line = flip_first_reason(scratch, "expansion")
        path = games_copy / "expansion" / "figures" / flipped.name
        save(path, flipped.read_text(encoding="utf-8"), tmp_path)
        third = server.next_event()
        assert third["version"] == 3 and not third["ok"]
        where = f"{path.name}:{line}"
        assert any(where in problem and "is wrong" in problem for problem in third["problems"]), third["problems"]
        page = server.get("/")[1]
        panel = re.search(r'<section class="ppprint-error".*?</section>', page, re.DOTALL)
        assert panel and where in panel.group(0) and "last book that built" in panel.group(0)
        assert "Walks and leaps, edited while the server runs." in page and "var version = 3;" in page  # the last good book
        assert server.idle()["problems"] == third["problems"]

        # Fixed: the book is back, without the panel.
        save(path, edited if path == figure else (BUNDLED_GAMES / "expansion" / "figures" / path.name).read_text(encoding="utf-8"), tmp_path)
        fourth = server.next_event()
        assert fourth["version"] == 4 and fourth["ok"], fourth
        page = server.get("/")[1]
        assert 'class="ppprint-error"' not in page and "Walks and leaps, edited while the server runs." in page
        assert server.get("/nothing")[0] == 404
    finally:
        code = server.stop()
    assert code == 0


# -- in-process ----------------------------------------------------------------------------------


@pytest.fixture
def games_only(games_copy: Path) -> Iterator[Path]:
    configure([games_copy], bundled=False)
    yield games_copy
    configure()


def test_an_error_in_the_games_code_names_its_line_and_the_fixed_code_is_imported_afresh(games_only: Path, tmp_path: Path) -> None:
    book = LiveBook("pileup", out=tmp_path / "out")
    assert book.rebuild().ok
    engine = games_only / "pileup" / "engine.py"
    original = engine.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    at = next(i for i, text in enumerate(lines) if text.startswith("class ") or text.startswith("def "))
    engine.write_text("".join([*lines[:at], 'raise RuntimeError("broken on purpose")\n', *lines[at:]]), encoding="utf-8")
    broken = book.rebuild([engine])
    assert not broken.ok and broken.problems[0].where.endswith(f"engine.py:{at + 1}") and "broken on purpose" in broken.problems[0].message
    page = broken.page.decode("utf-8")
    assert 'class="ppprint-error"' in page and f"engine.py:{at + 1}" in page and "Pile Up" in page
    engine.write_text(original + "\ndef broken(:\n", encoding="utf-8")  # a syntax error
    broken = book.rebuild([engine])
    where = f"engine.py:{len(original.splitlines()) + 2}"
    assert not broken.ok and broken.problems[0].where.endswith(where) and "SyntaxError" in broken.problems[0].message
    engine.write_text(original, encoding="utf-8")
    assert book.rebuild([engine]).ok


@pytest.mark.parametrize("statement", ["import sys; sys.exit(0)", "raise SystemExit('bye')", "raise KeyboardInterrupt", "raise GeneratorExit"])
def test_an_exit_raised_by_the_games_code_is_its_error_on_the_panel(games_only: Path, tmp_path: Path, statement: str) -> None:
    book = LiveBook("pileup", out=tmp_path / "out")
    engine = games_only / "pileup" / "engine.py"
    original = engine.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    at = next(i for i, text in enumerate(lines) if text.startswith("class ") or text.startswith("def "))
    engine.write_text("".join([*lines[:at], statement + "\n", *lines[at:]]), encoding="utf-8")
    broken = book.rebuild([engine])
    assert not broken.ok and broken.problems[0].where.endswith(f"engine.py:{at + 1}"), broken.problems
    engine.write_text(original, encoding="utf-8")
    assert book.rebuild([engine]).ok


def test_a_first_build_that_fails_shows_the_panel_alone(games_only: Path, tmp_path: Path) -> None:
    edit(games_only / "sanqi" / "game.yaml", "players:", "players: [")
    snapshot = LiveBook("sanqi", out=tmp_path / "out").rebuild()
    page = snapshot.page.decode("utf-8")
    assert not snapshot.ok and "game.yaml:" in snapshot.problems[0].where
    assert "No book has built yet" in page and "@font-face" in page and "EventSource" in page


def test_only_what_the_edit_touches_is_drawn_again(games_only: Path, tmp_path: Path) -> None:
    book = LiveBook("siege", out=tmp_path / "out")
    assert book.rebuild().ok
    drawn = dict(book.memo.figures)
    figure = sorted((games_only / "siege" / "figures").glob("*.yaml"))[0]
    with figure.open("a", encoding="utf-8") as stream:
        stream.write("\n# edited\n")
    assert book.rebuild([figure]).ok
    again = book.memo.figures
    assert len(again) == len(drawn) and len(set(again) - set(drawn)) == 1  # one figure has a new key
    assert all(again[key] is drawn[key] for key in set(again) & set(drawn))  # the others were not drawn again
    text = games_only / "siege" / "rules.md"
    edit(text, "## Overview", "## Overview of the game")
    snapshot = book.rebuild([text])
    assert snapshot.ok and all(book.memo.figures[key] is again[key] for key in again) and 'id="overview-of-the-game"' in snapshot.page.decode("utf-8")


def test_ctrl_c_stops_the_server_even_when_its_handler_runs_in_a_weak_reference_callback(
    games_only: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python only prints an exception raised in a weak reference's callback: a Ctrl-C handled there
    by raising would be lost and the server would go on watching (it hung CI once). Serving, the
    signal sets the watch's stop instead; the real watch ends at its next step once it is set."""

    def watch_with_a_collected_object(book: LiveBook, stop: Any, ready: Any) -> Iterator[Snapshot]:
        ready()
        interrupt_in_a_weak_reference_callback()
        for _ in range(20):
            if stop.is_set():
                return
            yield book.snapshot
        pytest.fail("the server went on watching after Ctrl-C")

    monkeypatch.setattr(serve_module, "watch", watch_with_a_collected_object)
    lines: list[str] = []
    serve(LiveBook("pileup", out=tmp_path / "out"), 0, report=lines.append)
    assert lines[0].startswith("serving pileup at http://127.0.0.1:") and signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_temporary_and_hidden_files_are_not_changes(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    (folder / "figures").mkdir(parents=True)
    (folder / "figures" / "a.yaml").write_text("x", encoding="utf-8")
    watch = _Watch(folder, tmp_path / "out")
    changes = {
        (watchfiles.Change.modified, str(folder / "figures" / "a.yaml")),
        (watchfiles.Change.added, str(folder / "figures" / "sedX1a2b3")),  # made and gone again
        (watchfiles.Change.deleted, str(folder / "figures" / "sedX1a2b3")),
        (watchfiles.Change.modified, str(folder / ".git" / "index")),
        (watchfiles.Change.added, str(folder / "output" / ".ppprint-cache" / "k.json")),
        (watchfiles.Change.deleted, str(folder / "old.yaml")),
    }
    assert watch.relevant(changes) == [folder / "figures" / "a.yaml", folder / "old.yaml"]


# -- the server under attack (issue 26) ----------------------------------------------------------


@pytest.fixture
def book_server(tmp_path: Path) -> Iterator[BookServer]:
    """A server of an unbuilt book (its page is a large stand-in), serving on a thread; stopped after the test."""
    book = LiveBook("pileup", out=tmp_path / "out")
    book.snapshot = Snapshot(1, b"<p>a large page</p>" * 1_000_000)
    server = BookServer(book, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.stop()


def _handlers_done() -> None:
    """Wait (up to 5 s) until no thread of the server is handling a request."""
    deadline = time.monotonic() + 5
    while any("process_request_thread" in thread.name for thread in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.01)


def test_a_request_for_another_host_is_refused(book_server: BookServer) -> None:
    """DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 sends its own Host."""
    port = book_server.server_address[1]
    assert book_server.server_address[0] == "127.0.0.1"
    statuses = {}
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        connection.request("GET", "/status", headers={"Host": host})
        response = connection.getresponse()
        statuses[host] = (response.status, b"busy" in response.read())
        connection.close()
    refused, served = (421, False), (200, True)
    assert statuses == {**{host: refused for host in list(statuses)[:4]}, **{host: served for host in list(statuses)[4:]}}


def test_a_connection_that_sends_nothing_is_closed_after_the_timeout(book_server: BookServer) -> None:
    book_server.request_timeout = 0.5
    with socket.create_connection(book_server.server_address, timeout=5) as client:
        started = time.monotonic()
        assert client.recv(1) == b""  # closed by the server (a timeout here: still held open)
        assert time.monotonic() - started < 3


def test_a_client_that_drops_the_connection_leaves_no_traceback(book_server: BookServer, capfd: pytest.CaptureFixture[str]) -> None:
    port = book_server.server_address[1]
    for _ in range(3):
        with socket.create_connection(book_server.server_address, timeout=5) as client:
            client.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert client.recv(1024).startswith(b"HTTP/1.0 200")
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # closed with a reset, mid-response
    _handlers_done()
    assert capfd.readouterr().err == ""


def test_a_burst_of_connections_is_not_refused(tmp_path: Path) -> None:
    """The backlog: 40 connections at once, before the server accepts any, all get through."""
    server = BookServer(LiveBook("pileup", out=tmp_path / "out"), 0)
    clients = []
    try:
        for _ in range(40):
            clients.append(socket.create_connection(server.server_address, timeout=0.5))
    finally:
        for client in clients:
            client.close()
        server.server_close()


def test_a_picture_in_the_rules_is_served_as_its_numbered_figure(games_only: Path, tmp_path: Path) -> None:
    """The live preview prints a picture as the web book does (markdown-it once crashed on any picture, issue 26)."""
    path = games_only / "pileup" / "images" / "photo.png"
    path.parent.mkdir(parents=True)
    Image.new("RGB", (300, 200), (200, 60, 40)).save(path, "PNG")
    edit(games_only / "pileup" / "rules.md", "## Equipment", "![The pieces of a boxed set](images/photo.png)\n\n## Equipment")
    snapshot = LiveBook("pileup", out=tmp_path / "out").rebuild()
    assert snapshot.ok, snapshot.problems
    page = snapshot.page.decode("utf-8")
    assert '<img src="data:image/' in page and "The pieces of a boxed set</figcaption>" in page
