"""``python -m ppprint`` and the ``ppprint`` command: SIGINT and SIGTERM are handled from the first line to the last.

Python imports the command line's modules (typer, rich, the registry: a few tenths of a second) before
:func:`ppprint.cli.run` handles signals, and a Ctrl-C then printed Python's own traceback. So this
module, which imports nothing heavy, first installs a handler that prints the one line and exits
128 + N: until the command line takes over, and again once it is done, nothing is left half-written.
At the very end the signals are held back while the exit functions run, and the process exits at
once: a signal that came meanwhile is its line and 128 + N. (Python's own shutdown restores the default
handlers: one landing there killed the process with no word.)
"""

import atexit
import os
import signal
import sys

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _stop(signum: int, frame: object) -> None:
    os.write(2, f"error: interrupted by {signal.Signals(signum).name}\n".encode())
    os._exit(128 + signum)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            pass  # a reader that went away (a closed pipe): nothing more can reach it


def main() -> None:
    """Run the command line (:func:`ppprint.cli.run`), its modules imported with the signals already handled."""
    for signum in _SIGNALS:
        signal.signal(signum, _stop)
    from ppprint.cli import run

    code = run()
    _flush()
    if not hasattr(signal, "pthread_sigmask"):  # Windows: Python's own shutdown
        sys.exit(code)
    signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    atexit._run_exitfuncs()
    _flush()
    for signum in sorted(signal.sigpending() & set(_SIGNALS)):
        _stop(signum, None)
    os._exit(code)


if __name__ == "__main__":
    main()
