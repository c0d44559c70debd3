"""Piece drawers: one function per piece kind, drawing one :class:`Piece` with a :class:`~ppprint.render.draw.Pen`.

A drawer draws its piece about the origin, in points with y downwards and
unturned; :func:`draw_piece` places it at its centre and turns it by its
``angle`` (counter-clockwise on the table). The piecepack's drawers are the
modules of this package; a game with pieces of its own declares their kinds
(:func:`ppprint.model.table.register_kind`: size, board layer) and registers
their drawers with :func:`piece_drawer` in its folder's ``pieces.py``, which is
loaded with the game. Drawers use only the shipped fonts
(:mod:`ppprint.render.fonts`) and draw a piece's value with the role ``value``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

from ppprint.model.table import Piece, Point
from ppprint.render.draw import Pen

PieceDrawer = Callable[[Pen, Piece], None]

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


def draw_piece(pen: Pen, piece: Piece, centre: Point) -> None:
    """Draw ``piece`` with its centre at ``centre`` (points), turned by its angle."""
    with pen.group(translate=centre, rotate=-piece.angle, role=f"piece {piece.kind}"):
        drawer_for(piece.kind)(pen, piece)
