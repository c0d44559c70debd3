"""Print-and-play PDFs: ``ppprint pnp NAME`` for each module in this package.

A module here is named after a game id (or ``piecepack`` for the kit) and
defines ``add_sections(document, options)``, which adds its boards and pieces
to a :class:`~ppprint.book.sheets.PrintAndPlay` document. The document's
title, author and licence come from the game's ``game.yaml``, or from the module's
``TITLE``, ``AUTHOR`` and ``LICENCE`` when it is not a game. Adding a game's
print-and-play sheets means adding one module; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache

from ppprint.book.sheets import PrintAndPlay
from ppprint.errors import InputError
from ppprint.model.game import load_game


@dataclass(frozen=True)
class PnpOptions:
    """What the user asked for."""

    paper: str = "letter"
    double_sided: bool = False
    bleed: bool = False
    size: int | None = None
    """Board size for games whose board varies (SanQi's field side); ``None``: the game's default."""


@cache
def pnp_names() -> tuple[str, ...]:
    """Everything ``ppprint pnp`` can print, sorted."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")))


def build_pnp(name: str, options: PnpOptions) -> bytes:
    """The print-and-play PDF of ``name`` (a game id, or ``piecepack`` for the kit)."""
    if name not in pnp_names():
        raise InputError(f"no print-and-play sheets for '{name}' (available: {', '.join(pnp_names()) or 'none'})")
    module = importlib.import_module(f"{__name__}.{name}")
    if hasattr(module, "TITLE"):
        title, author, licence = module.TITLE, module.AUTHOR, module.LICENCE
    else:
        meta = load_game(name).meta
        title, author, licence = meta.title, ", ".join(meta.designers), meta.licence.name
    document = PrintAndPlay(
        options.paper,
        title=f"{title}: print-and-play",
        author=author,
        subject=f"{title}: print-and-play sheets ({options.paper}{', double-sided' if options.double_sided else ''})",
        keywords=["print-and-play", name, f"licence: {licence}"],
    )
    module.add_sections(document, options)
    return document.finish()
