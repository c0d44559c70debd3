"""Piece drawers: one function per piece kind, drawing one :class:`Piece` with a :class:`~ppprint.render.draw.Pen`.

A drawer draws its piece about the origin, in points with y downwards and
unturned; :func:`draw_piece` places it at its centre and turns it by its
``angle`` (counter-clockwise on the table). The piecepack's drawers are the
modules of this package; a game with pieces of its own declares each kind
(:func:`ppprint.model.table.register_kind`: size, board layer) and then gives it
its drawer with :func:`piece_drawer`, in its folder's ``pieces.py``, which is
loaded with the game. The drawer is kept on the kind's record
(:class:`ppprint.model.table.PieceKind`), the one registry of piece kinds.
Drawers use only the shipped fonts (:mod:`ppprint.render.fonts`) and draw a
piece's value with the role ``value``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

from ppprint.errors import InputError
from ppprint.model.table import Drawer, Piece, Point, piece_kind, piece_kinds, set_drawer
from ppprint.render.draw import Pen

PieceDrawer = Callable[[Pen, Piece], None]
POINTS_PER_INCH = 72.0


def piece_drawer(*kinds: str) -> Callable[[PieceDrawer], PieceDrawer]:
    """Make the decorated function the drawer of ``kinds``, each declared first with ``register_kind``."""

    def register(function: PieceDrawer) -> PieceDrawer:
        for kind in kinds:
            try:
                known = piece_kind(kind).drawer
            except KeyError as exc:
                raise _refused(function, f"a drawer for an {exc.args[0]}: declare the kind with register_kind(...) before its drawer") from None
            if known is not None and _owner(known) != _owner(function):
                raise _refused(function, f"two drawers for piece kind '{kind}': {_owner(known)} and {_owner(function)}")
            set_drawer(kind, function)
        return function

    return register


def _refused(function: PieceDrawer, message: str) -> InputError:
    """An error at the drawer's definition."""
    code = getattr(function, "__code__", None)
    return InputError(message, code.co_filename, code.co_firstlineno) if code is not None else InputError(message)


def _owner(function: Drawer) -> str:
    """Who registered a drawer: its game folder's name, module and function (the same game
    loaded from two places, such as a copy of its folder, may register its drawers again)."""
    return ".".join([*function.__module__.split(".")[-2:], function.__qualname__])


@cache
def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def drawer_for(kind: str) -> PieceDrawer:
    """The drawer of a piece kind; ``KeyError`` if the kind is unknown or has no drawer."""
    _load_all()
    drawer = piece_kind(kind).drawer
    if drawer is None:
        raise KeyError(f"piece kind '{kind}' has no drawer")
    return drawer


def known_kinds() -> list[str]:
    """Every piece kind that has a drawer."""
    _load_all()
    return [kind.name for kind in piece_kinds() if kind.drawer is not None]


def draw_piece(pen: Pen, piece: Piece, centre: Point) -> None:
    """Draw ``piece`` with its centre at ``centre`` (points), turned by its angle."""
    with pen.group(translate=centre, rotate=-piece.angle, role=f"piece {piece.kind}"):
        drawer_for(piece.kind)(pen, piece)
