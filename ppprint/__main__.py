"""``python -m ppprint``: the same as the ``ppprint`` command."""

from ppprint.cli import app

app(prog_name="ppprint")
