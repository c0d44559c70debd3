"""Trial layouts: a book laid out to measure it, placed and split but not painted."""

from __future__ import annotations

from typing import Any

DRY_RUN = "_ppprint_dry_run"
"""Set on the canvas of a trial layout: flowables are placed, measured and split, but not painted."""


def dry_run(canvas: Any) -> bool:
    """Whether ``canvas`` is a trial layout's (:data:`DRY_RUN`)."""
    return bool(getattr(canvas, DRY_RUN, False))
