"""The games bundled with ppprint: each subfolder is one game (see :mod:`ppprint.registry`)."""
