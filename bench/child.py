"""Run one ppprint command in this fresh process and write what it cost to a JSON file (for ``python -m bench``).

``python -m bench.child RESULT.json [--no-bundled] [--games DIR] COMMAND ...`` imports ppprint's
command line, the build and every game's modules, then runs the command, and writes
(CPU seconds are user + system):

- ``interpreter``: CPU seconds before this module ran (the interpreter starting);
- ``imports``: CPU seconds importing ppprint, the libraries a build uses and each game's modules;
- ``work``: CPU seconds of the command itself, in this process;
- ``children``: CPU seconds of the processes it started and waited for (build workers, the
  sandboxed template renderer);
- ``rss_kib``, ``children_rss_kib``: peak resident memory of this process and of its largest child;
- ``wall``: seconds from the first import to the end of the command.
"""

from __future__ import annotations

import resource
import time

_STARTED = resource.getrusage(resource.RUSAGE_SELF)

import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402


def _cpu(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    result, args = Path(sys.argv[1]), sys.argv[2:]
    wall = time.perf_counter()
    before = _cpu(resource.getrusage(resource.RUSAGE_SELF))
    import ppprint.build.jobs  # noqa: F401
    from ppprint.cli import main as ppprint
    from ppprint.registry import GAME_MODULES, configure

    folders = [Path(args[i + 1]) for i, arg in enumerate(args) if arg == "--games"]
    for game in configure(folders, bundled="--no-bundled" not in args).plugins():
        for name in GAME_MODULES:
            game.module(name)
    imported = _cpu(resource.getrusage(resource.RUSAGE_SELF))
    sys.argv = ["ppprint", *args]
    code = 0
    try:
        ppprint()
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    done = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    record = {
        "interpreter": _cpu(_STARTED),
        "imports": imported - before,
        "work": _cpu(done) - imported,
        "children": _cpu(children),
        "rss_kib": done.ru_maxrss,
        "children_rss_kib": children.ru_maxrss,
        "wall": time.perf_counter() - wall,
        "exit": code,
    }
    result.write_text(json.dumps(record), encoding="utf-8")


if __name__ == "__main__":
    main()
