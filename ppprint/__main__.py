"""``python -m ppprint``: the same as the ``ppprint`` command."""

from ppprint.cli import main

main()
