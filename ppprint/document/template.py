"""Rules text as a template that cannot run code: Jinja's immutable sandbox, bounded in time and memory.

``rules.md`` may call ``figure()`` and ``ref()`` and read the game's metadata
and book values, nothing else: the sandbox refuses attribute tricks such as
``''.__class__``, templates may include only files inside the game's own
folder (never through a link that leads out of it), and the rendering runs in a
forked child process with a time limit (:data:`MAX_SECONDS`) and a memory
limit (:data:`MAX_MEMORY`), so a runaway loop, a huge power or a self-include
ends as one clear error instead of a hang or a crash. Where the platform
cannot fork, the sandbox alone applies.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import sys
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ppprint.errors import InputError

MAX_SECONDS = 2.0
"""Wall time a template may take."""
MAX_MEMORY = 256 * 1024 * 1024
"""Bytes of memory a template may take, beyond what the process uses already (its text is at most :data:`MAX_OUTPUT` characters: a few megabytes)."""
MAX_OUTPUT = 2_000_000
"""Characters a rendered template may hold."""
MAX_POWER_BITS = 4096
"""The largest power a template may compute, in bits."""


class RulesSandboxedEnvironment(ImmutableSandboxedEnvironment):
    """The immutable sandbox, refusing powers beyond :data:`MAX_POWER_BITS`."""

    intercepted_binops = frozenset({"**"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(left, int) and isinstance(right, int) and right > 0:
            if left.bit_length() * right > MAX_POWER_BITS:
                raise SecurityError(f"{left} ** {right} is too large to compute")
        return super().call_binop(context, operator, left, right)


class FolderLoader(jinja2.BaseLoader):
    """Templates from one folder only: no name leads outside it, not even through a link."""

    def __init__(self, folder: Path):
        self.folder = folder.resolve()

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = (self.folder / template).resolve()
        if not path.is_relative_to(self.folder) or not path.is_file():
            raise jinja2.TemplateNotFound(f"{template} (templates are read only from {self.folder})")
        text = path.read_text(encoding="utf-8")
        modified = path.stat().st_mtime
        return text, str(path), lambda: path.stat().st_mtime == modified


def render(folder: Path, name: str, context: Mapping[str, Any]) -> str:
    """Render the template ``name`` of ``folder`` in the sandbox, within the time and memory limits."""
    if not hasattr(os, "fork"):
        return _render(folder, name, context, _sandbox(folder))
    fork = multiprocessing.get_context("fork")
    receive, send = fork.Pipe(duplex=False)
    child = fork.Process(target=_render_in_child, args=(folder, name, context, send), daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(MAX_SECONDS):
            raise InputError(f"the template takes longer than {MAX_SECONDS:g} s (a runaway loop?)", folder / name)
        outcome, value, path, line = receive.recv()
    except EOFError:
        raise InputError("the template ran out of memory (a huge value or a runaway loop?)", folder / name) from None
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join()
    if outcome == "error":
        raise InputError(value, path, line)
    return str(value)


def _render_in_child(folder: Path, name: str, context: Mapping[str, Any], send: Any) -> None:
    # Ctrl-C reaches the whole process group: the parent stops this child; SIGTERM ends it at once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _limit_memory()
    try:
        result: tuple[str, str, str | None, int | None] = ("ok", _render(folder, name, context, _sandbox(folder)), None, None)
    except InputError as exc:
        result = ("error", exc.message, str(exc.path) if exc.path else None, exc.line)
    except MemoryError:
        result = ("error", "the template ran out of memory (a huge value or a runaway loop?)", str(folder / name), None)
    send.send(result)
    send.close()
    os._exit(0)


def _limit_memory() -> None:
    try:
        import resource

        with open("/proc/self/statm") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (used + MAX_MEMORY, used + MAX_MEMORY))
    except (ImportError, OSError, ValueError):
        pass


def render_own(folder: Path, name: str, context: Mapping[str, Any]) -> str:
    """Render one of ppprint's own templates (``folder`` is ppprint's): in the sandbox, but in this
    process and compiled once per process, since its fixed text needs no time or memory limit."""
    return _render(folder, name, context, _own_sandbox(folder))


def _sandbox(folder: Path) -> RulesSandboxedEnvironment:
    """A new sandbox that loads templates from ``folder`` only."""
    return RulesSandboxedEnvironment(loader=FolderLoader(folder), undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True)


_own_sandbox = functools.cache(_sandbox)


def _render(folder: Path, name: str, context: Mapping[str, Any], environment: RulesSandboxedEnvironment) -> str:
    path = folder / name
    try:
        text = environment.get_template(name).render(context)
    except jinja2.TemplateSyntaxError as exc:
        raise InputError(f"template error: {exc.message}", exc.filename or path, exc.lineno) from None
    except jinja2.TemplateNotFound as exc:
        raise InputError(f"template error: no such file to include: {exc.message}", path, _template_line(path)) from None
    except (jinja2.TemplateError, SecurityError) as exc:
        raise InputError(f"template error: {exc.message or exc}", path, _template_line(path)) from None
    except RecursionError:
        raise InputError("template error: the template includes itself without end", path) from None
    except InputError:
        raise
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
        raise InputError(f"template error: {exc}", path, _template_line(path)) from None
    if len(text) > MAX_OUTPUT:
        raise InputError(f"the template makes {len(text):,} characters, more than {MAX_OUTPUT:,}", path)
    return text


def _template_line(path: Path) -> int | None:
    """The line of the template where the error being handled happened (Jinja keeps it in the traceback)."""
    target = str(path.resolve())
    line = None
    for frame, number in traceback.walk_tb(sys.exc_info()[2]):
        if frame.f_code.co_filename in (target, str(path)):
            line = number
    return line
