"""Piece drawers: one function per piece kind, drawing one :class:`Piece` as SVG.

The piecepack's drawers are the modules of this package; a game with pieces of
its own declares their kinds (:func:`ppprint.model.table.register_kind`: size,
board layer) and registers their drawers with :func:`piece_drawer` in its
folder's ``pieces.py``, which is loaded with the game.

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
            known = _DRAWERS.get(kind)
            if known is not None and _owner(known) != _owner(function):
                raise ValueError(f"two drawers for piece kind '{kind}': {_owner(known)} and {_owner(function)}")
            _DRAWERS[kind] = function
        return function

    return register


def _owner(function: PieceDrawer) -> str:
    """Who registered a drawer: its game folder's name, module and function (the same game
    loaded from two places, such as a copy of its folder, may register its drawers again)."""
    return ".".join([*function.__module__.split(".")[-2:], function.__qualname__])


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
