"""``ppprint serve GAME``: the HTML book on localhost, rebuilt on every change in the game's folder.

A :class:`LiveBook` builds the game's web book (:mod:`ppprint.web.html`) through the build cache
(:mod:`ppprint.build.cache`): a figure whose file, game and ppprint are unchanged is not checked
again, and the page keeps each figure's SVG by its cache key (:class:`~ppprint.web.figures.WebMemo`),
so an edit to one figure file checks and draws that figure alone. A change to the game's code or
other data forgets the game's modules, so the next build imports them afresh.

A build that fails (a wrong claim, bad data, an error in the game's code, a broken engine contract) publishes its problems,
each naming its file and line (a broken contract, its seed, ply, position and move); the page shows them in a panel above the last good book. Every build
sends a ``reload`` server-sent event (``/events``) to the pages open in a browser, whose small inline
script reloads the page; ``/status`` tells the same as JSON. The server listens on 127.0.0.1 only,
answers only requests addressed to it (the Host header: 127.0.0.1, localhost or [::1] and its port),
drops a connection that keeps it waiting :data:`REQUEST_TIMEOUT` seconds, and ignores clients that
go away; the files are watched with watchfiles.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import watchfiles

from ppprint.build.formats import Printing, print_book
from ppprint.build.jobs import BuildOptions, GameBuild
from ppprint.document.book import Book
from ppprint.build.cache import CACHE_FOLDER
from ppprint.errors import GAME_EXITS, ClaimError, ContractError, InputError, Interrupted, PpprintError, display_path, frame_in
from ppprint.output import SignalFlag, flagged_signals, inside, write_atomic
from ppprint.registry import get_game
from ppprint.web.fonts import font_face_css, font_files
from ppprint.web.html import BODY_CLOSE, BODY_OPEN, STYLE

HOST = "127.0.0.1"
REQUEST_TIMEOUT = 10.0
"""Seconds a connection may keep the server waiting on a read or a write (a half-open one holds a thread no longer)."""
BACKLOG = 64
"""Connections waiting to be accepted (the standard library's 5 refused a page's burst of requests)."""
KEEP_ALIVE = 15.0
"""Seconds between comments on an idle event stream (so a dropped connection is noticed)."""
STEP_MS = 50
"""A batch of changes is built once no further change came for this long (watchfiles' ``step``)."""
IDLE_MS = 250
"""With no change for this long, the watcher wakes (and the first time, says it is watching)."""


@dataclass(frozen=True)
class Problem:
    """Why a build failed: where (``file:line``, or empty) and what."""

    where: str
    message: str

    def one_line(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass(frozen=True)
class Snapshot:
    """What the server shows after a build: the page, and the build's problems (none when it succeeded)."""

    version: int
    page: bytes
    problems: tuple[Problem, ...] = ()
    seconds: float = 0.0
    """CPU seconds of the build (this process, every thread)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def event(self) -> dict[str, Any]:
        return {"version": self.version, "ok": self.ok, "problems": [p.one_line() for p in self.problems], "build_cpu": self.seconds}


def problems_of(error: BaseException, folder: Path) -> tuple[Problem, ...]:
    """The problems an error reports, each with the file and line it names (for code, the innermost
    line of the game's own files, else the innermost line)."""
    if isinstance(error, ClaimError):
        return tuple(
            Problem(display_path(f.path) + (f":{f.line}" if f.line else ""), f"figure '{f.figure}': claim {f.claim} is wrong: {f.problem} [rule: {f.rule}]")
            for f in error.failures
        )
    if isinstance(error, ContractError):
        return (Problem("", error.report_line()),)
    if isinstance(error, InputError):
        where = display_path(error.path) + (f":{error.line}" if error.line is not None else "") if error.path is not None else ""
        return (Problem(where, " ".join(error.message.split())),)
    if isinstance(error, PpprintError):
        return (Problem("", str(error)),)
    message = f"{type(error).__name__}: {error}"
    if isinstance(error, SyntaxError) and error.filename:
        return (Problem(f"{display_path(Path(error.filename))}:{error.lineno}", f"{type(error).__name__}: {error.msg}"),)
    own = frame_in(error, [folder.resolve()])
    if own is not None:
        return (Problem(f"{display_path(own[0])}:{own[1]}", message),)
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return (Problem("", message),)
    return (Problem(f"{display_path(Path(frames[-1].filename))}:{frames[-1].lineno}", message),)


def error_panel(problems: Iterable[Problem], have_book: bool) -> str:
    """The panel a failed build puts at the top of the page."""
    items = "".join(
        f"<li><code>{escape(p.where)}</code>: {escape(p.message, quote=False)}</li>" if p.where else f"<li>{escape(p.message, quote=False)}</li>"
        for p in problems
    )
    shown = "The page below is the last book that built." if have_book else "No book has built yet."
    return (
        '<section class="ppprint-error" id="ppprint-error" role="alert">\n'
        f"<h2>The book could not be rebuilt</h2>\n<ul>{items}</ul>\n<p>{shown} Fix the file and save it: the page reloads by itself.</p>\n</section>\n"
    )


def reload_script(version: int) -> str:
    """The page's script: on a ``reload`` event of another build than its own, reload."""
    return (
        "<script>\n(function () {\n"
        f"  var version = {version};\n"
        '  var events = new EventSource("/events");\n'
        '  events.addEventListener("reload", function (event) {\n'
        "    if (JSON.parse(event.data).version !== version) { events.close(); location.reload(); }\n"
        "  });\n})();\n</script>\n"
    )


def _placeholder(title: str) -> str:
    """A page for when no book has built yet (the panel says why)."""
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n<title>{escape(title)}</title>\n'
        f"<style>\n{STYLE}</style>\n</head>\n{BODY_OPEN}{BODY_CLOSE}</html>\n"
    )


def live_page(html: str, version: int, problems: tuple[Problem, ...], have_book: bool) -> bytes:
    """A built page (or the placeholder) with the error panel (if any) and the reload script."""
    panel = error_panel(problems, have_book) if problems else ""
    if panel:
        fonts = font_face_css(font_files(panel))
        html = html.replace("</style>\n</head>", fonts + "</style>\n</head>", 1) if not have_book else html
    page = html.replace(BODY_OPEN, BODY_OPEN + panel, 1).replace(BODY_CLOSE, reload_script(version) + BODY_CLOSE, 1)
    return page.encode("utf-8")


class LiveBook:
    """A game's web book, rebuilt on demand; the latest :class:`Snapshot` and a condition to wait for the next."""

    def __init__(self, game_id: str, paper: str = "letter", out: Path = Path("output"), pdf: bool = False, cache: bool = True, check: bool = True):
        from ppprint.web.figures import WebMemo

        self.game_id = game_id
        self.where = get_game(game_id).where
        self.options = BuildOptions(paper, ("html",), out=out, cache=cache, check=check)
        self.out = out
        self.pdf = pdf
        self.memo = WebMemo()
        self.good: str | None = None
        self.snapshot = Snapshot(0, b"")
        self.changed = threading.Condition()
        self.building = threading.Lock()
        self.busy = False
        self.log: list[str] = []
        """One line per build: what it wrote, or its problems."""

    @property
    def folder(self) -> Path:
        return self.where.folder

    def rebuild(self, changed: Iterable[Path] = ()) -> Snapshot:
        """Build the book again (after ``changed`` files changed); publish and return the new snapshot."""
        with self.building:
            self.busy = True
            try:
                return self._rebuild(list(changed))
            finally:
                self.busy = False

    def _rebuild(self, changed: list[Path]) -> Snapshot:
        start = time.process_time()
        if any(self._is_code_or_data(path) for path in changed):
            self._forget_code(changed)
        build: GameBuild | None = None
        book: Book | None = None
        try:
            build = GameBuild(self.game_id, self.options)
            report = build.verify()
            if report.failures:
                raise ClaimError(report.failures)
            book = build.book()
            html = print_book(book, "html", Printing(keys=build.figures.keys, memo=self.memo))[1].decode("utf-8")
            problems: tuple[Problem, ...] = ()
        except (Exception, *GAME_EXITS) as exc:  # a rebuild never stops the server (not even sys.exit in the game's code): the page shows what went wrong
            html, problems = "", problems_of(exc, self.folder)
        if not problems:
            self.good = html
        page = live_page(self.good or _placeholder(f"{self.game_id}: rules"), self.snapshot.version + 1, problems, self.good is not None)
        snapshot = Snapshot(self.snapshot.version + 1, page, problems, time.process_time() - start)
        with self.changed:
            self.snapshot = snapshot
            self.changed.notify_all()
        if not problems and build is not None and book is not None:
            self._write(build, book, html)
        self.log.append(
            f"built {self.game_id} in {snapshot.seconds:.2f} CPU s" if snapshot.ok else "\n".join(f"error: {p.one_line()}" for p in problems)
        )
        return snapshot

    def _write(self, build: GameBuild, book: Book, html: str) -> None:
        """After the page is out: the HTML file, the PDF (with ``--pdf``), and the cache's new entries."""
        try:
            write_atomic(inside(self.out, f"{self.game_id}.html"), html.encode("utf-8"))
            if self.pdf:
                name, pdf = print_book(book, "standard")
                write_atomic(inside(self.out, name), pdf)
            build.store.write()
        except (PpprintError, OSError) as exc:
            self.log.append(f"error: {exc}")
        build.figures.drawn.clear()

    def _is_code_or_data(self, path: Path) -> bool:
        """A change that is neither a figure file nor the text: the game's modules are imported afresh."""
        try:
            relative = path.resolve().relative_to(self.folder.resolve())
        except ValueError:
            return False
        if len(relative.parts) == 1 and relative.suffix == ".md":
            return False
        return not (len(relative.parts) == 2 and relative.parts[0] == "figures" and relative.suffix == ".yaml")

    def _forget_code(self, changed: list[Path]) -> None:
        package = self.where.package
        for name in [name for name in sys.modules if name == package or name.startswith(package + ".")]:
            del sys.modules[name]
        for path in changed:
            if path.suffix == ".py":
                Path(importlib.util.cache_from_source(str(path))).unlink(missing_ok=True)
        importlib.invalidate_caches()

    def wait(self, seen: int, timeout: float) -> Snapshot:
        """The snapshot after build ``seen``, waiting up to ``timeout`` seconds for one."""
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot.version != seen, timeout)
            return self.snapshot


@dataclass(frozen=True)
class _Watch:
    """Which changes in a game's folder rebuild its book: not the output folder, hidden or cache files."""

    folder: Path
    out: Path

    def filter(self) -> watchfiles.DefaultFilter:
        return watchfiles.DefaultFilter(ignore_paths=[str(self.out.resolve())])

    def relevant(self, changes: set[tuple[watchfiles.Change, str]]) -> list[Path]:
        """The changed paths that matter: not hidden, not in a cache, not a file both made and gone
        within the batch (an editor's or ``sed -i``'s temporary file)."""
        kinds: dict[Path, set[watchfiles.Change]] = {}
        for change, name in changes:
            kinds.setdefault(Path(name), set()).add(change)
        depth = len(self.folder.resolve().parts)
        paths = []
        for path, seen in sorted(kinds.items()):
            if any(part.startswith(".") or part == CACHE_FOLDER for part in path.parts[depth:]) or path.name.endswith(".part"):
                continue
            if watchfiles.Change.added in seen and not path.exists():
                continue
            paths.append(path)
        return paths


def watch(book: LiveBook, stop: threading.Event | SignalFlag, ready: Callable[[], None] = lambda: None) -> Iterator[Snapshot]:
    """Rebuild ``book`` on every batch of changes in its game's folder until ``stop`` is set; each snapshot.

    ``ready`` is called once the folder is watched (watchfiles sets up its watches before it first
    yields: a change made after ``ready`` is seen)."""
    rules = _Watch(book.folder, book.out)
    batches = watchfiles.watch(
        book.folder,
        watch_filter=rules.filter(),
        stop_event=stop,
        step=STEP_MS,
        debounce=1000,
        rust_timeout=IDLE_MS,
        yield_on_timeout=True,
        raise_interrupt=False,
    )
    waiting = True
    for changes in batches:
        if waiting:
            waiting = False
            ready()
        changed = rules.relevant(changes) if changes else []
        if changed:
            yield book.rebuild(changed)


class _Handler(BaseHTTPRequestHandler):
    server: BookServer

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_timeout)

    def parse_request(self) -> bool:
        """A request whose Host is not this server's address is refused (421): a page on another site
        that had its name resolve to 127.0.0.1 (DNS rebinding) cannot read the book."""
        if not super().parse_request():
            return False
        if (self.headers.get("Host") or "").lower() not in self.server.hosts:
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "this server answers requests for its own address only")
            return False
        return True

    def log_message(self, format: str, *args: Any) -> None:  # the terminal shows builds, not requests
        pass

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        path = self.path.split("?", 1)[0]
        book = self.server.book
        if path in ("/", "/index.html", f"/{book.game_id}.html"):
            self._send(200, "text/html; charset=utf-8", book.snapshot.page)
        elif path == "/events":
            self._events()
        elif path == "/status":
            status = {**book.snapshot.event(), "busy": book.busy, "cpu": time.process_time()}
            self._send(200, "application/json", json.dumps(status).encode("utf-8"))
        else:
            self._send(404, "text/plain; charset=utf-8", b"not found\n")

    def _send(self, code: int, kind: str, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        """Server-sent events: ``reload`` with the build's version and problems, now and after every build."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        book, seen = self.server.book, -1
        try:
            self.wfile.write(b"retry: 500\n\n")
            while not self.server.stopping.is_set():
                snapshot = book.wait(seen, KEEP_ALIVE)
                if snapshot.version != seen:
                    seen = snapshot.version
                    data = {**snapshot.event(), "cpu": time.process_time()}
                    self.wfile.write(f"event: reload\ndata: {json.dumps(data)}\n\n".encode("utf-8"))
                else:
                    self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return


class BookServer(ThreadingHTTPServer):
    """The HTTP server of one live book, on 127.0.0.1."""

    daemon_threads = True
    request_queue_size = BACKLOG
    request_timeout = REQUEST_TIMEOUT

    def __init__(self, book: LiveBook, port: int = 0):
        self.book = book
        self.stopping = threading.Event()
        try:
            super().__init__((HOST, port), _Handler)
        except OSError as exc:
            raise InputError(f"--port {port}: cannot listen on {HOST}:{port} ({exc.strerror or exc})") from None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    @property
    def hosts(self) -> set[str]:
        """The Host headers a request to this server carries."""
        return {f"{name}:{self.server_address[1]}" for name in (HOST, "localhost", "[::1]")}

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away (a closed tab, a dropped or timed-out connection) is no error: nothing
        is printed. Anything else is printed as the standard library does."""
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)

    def stop(self) -> None:
        self.stopping.set()
        with self.book.changed:
            self.book.changed.notify_all()
        self.shutdown()
        self.server_close()


def serve(book: LiveBook, port: int, report: Any = print) -> None:
    """Build once, then serve the book and rebuild it on every change until interrupted (Ctrl-C).

    While serving, SIGINT and SIGTERM set a :class:`~ppprint.output.SignalFlag` rather than raise, and
    the watch ends at its next step (a build under way finishes first; a second Ctrl-C does not wait):
    a raised interruption could land in a weak reference's callback and be lost, leaving the server running.
    """
    book.rebuild()
    server = BookServer(book, port)
    thread = threading.Thread(target=server.serve_forever, name="ppprint-serve", daemon=True)
    thread.start()
    stop = SignalFlag()

    def ready() -> None:  # the first line says where; it is printed once the folder is watched
        report(f"serving {book.game_id} at {server.url} (Ctrl-C to stop); watching {display_path(book.folder)}")
        report(book.log[-1])

    try:
        with flagged_signals(stop):
            for _ in watch(book, stop, ready):
                report(book.log[-1])
    except (KeyboardInterrupt, Interrupted):  # Ctrl-C (or SIGTERM) is how a preview ends: a clean stop, exit 0
        pass
    finally:
        stop.set()
        server.stop()
