"""``python -m ppprint`` and the ``ppprint`` command: SIGINT and SIGTERM are handled from the first line on.

Python imports the command line's modules (typer, rich, the registry: a few tenths of a second) before
:func:`ppprint.cli.run` handles signals, and a Ctrl-C then printed Python's own traceback. So this
module, which imports nothing heavy, first installs a handler that prints the one line and exits
128 + N: until the command line takes over, and again once it is done, nothing is left half-written.
"""

import os
import signal


def _stop(signum: int, frame: object) -> None:
    os.write(2, f"error: interrupted by {signal.Signals(signum).name}\n".encode())
    os._exit(128 + signum)


def main() -> None:
    """Run the command line (:func:`ppprint.cli.main`), its modules imported with the signals already handled."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _stop)
    from ppprint.cli import main as command_line

    command_line()


if __name__ == "__main__":
    main()
