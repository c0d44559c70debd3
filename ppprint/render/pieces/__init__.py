"""Piece drawers: one function per piece kind, drawing one :class:`Piece` as SVG.

Each module in this package registers its drawers with :func:`piece_drawer`;
all of them are imported the first time a drawer is looked up, so a game that
needs a new kind of piece adds a module here and touches nothing else.

A drawer receives the SVG drawing, the piece, and the piece's centre in SVG
user units. The SVG user unit is one point (1/72 in) and y grows downwards; a
piece's ``angle`` is counter-clockwise in table terms, so drawers rotate by
``-angle``. Drawers must use only shapes svglib converts (path, polygon,
polyline, line, rect, circle, ellipse, text) -- no marker, pattern, filter,
mask or clip path -- and only the fonts of :mod:`ppprint.render.fonts`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

import svgwrite
from svgwrite.base import BaseElement

from ppprint.model.table import Piece, Point

PieceDrawer = Callable[[svgwrite.Drawing, Piece, Point], BaseElement]

_DRAWERS: dict[str, PieceDrawer] = {}
POINTS_PER_INCH = 72.0


def piece_drawer(*kinds: str) -> Callable[[PieceDrawer], PieceDrawer]:
    """Register the decorated function as the drawer of ``kinds``."""

    def register(function: PieceDrawer) -> PieceDrawer:
        for kind in kinds:
            if kind in _DRAWERS:
                raise ValueError(f"two drawers for piece kind '{kind}'")
            _DRAWERS[kind] = function
        return function

    return register


@cache
def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def drawer_for(kind: str) -> PieceDrawer:
    """The drawer of a piece kind; ``KeyError`` if none is registered."""
    _load_all()
    return _DRAWERS[kind]


def known_kinds() -> list[str]:
    """Every piece kind that has a drawer."""
    _load_all()
    return sorted(_DRAWERS)
