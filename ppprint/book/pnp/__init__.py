"""Print-and-play PDFs: ``ppprint pnp NAME``, for every game whose folder has ``pnp.py``, and the piecepack kit.

A game's ``pnp.py`` defines ``add_sections(document, options)``, which adds its
boards and pieces to a :class:`~ppprint.book.sheets.PrintAndPlay` document, and
may define:

* ``Options``, a pydantic model of the game's own options: each field becomes a
  ``ppprint pnp GAME --field`` option (its description is the help), and
  ``options.game`` holds the validated values;
* ``equipment()``, the standard pieces the game needs printed in the piecepack
  kit, as ``{kind: count}`` (kinds: :data:`~ppprint.book.pnp.piecepack.KIT_EXTRAS`).

The document's title, author and licence come from the game's ``game.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ppprint.book.pnp.options import KIT, NoOptions, PnpOptions, equipment_needs
from ppprint.book.sheets import PrintAndPlay
from ppprint.errors import InputError
from ppprint.registry import Plugin, registry


def pnp_names() -> tuple[str, ...]:
    """Everything ``ppprint pnp`` can print: the kit and every game with ``pnp.py``, sorted."""
    return tuple(sorted([KIT, *(game.id for game in registry().plugins() if game.module_path("pnp").is_file())]))


def options_model(name: str) -> type[BaseModel]:
    """The model of the own options of ``name`` (a game id or the kit)."""
    if name == KIT:
        return NoOptions
    model = _plugin(name).hook("pnp", "Options")
    return model if isinstance(model, type) and issubclass(model, BaseModel) else NoOptions


def game_options(name: str, values: Mapping[str, Any]) -> BaseModel:
    """Validate the own options of ``name``; a bad value names its option."""
    try:
        return options_model(name).model_validate(dict(values))
    except ValidationError as exc:
        error = exc.errors()[0]
        option = "--" + "-".join(str(part) for part in error["loc"]).replace("_", "-")
        raise InputError(f"{option}: {error['msg']}") from None


def build_pnp(name: str, options: PnpOptions) -> bytes:
    """The print-and-play PDF of ``name`` (a game id, or ``piecepack`` for the kit)."""
    if name not in pnp_names():
        raise InputError(f"no print-and-play sheets for '{name}' (available: {', '.join(pnp_names())})")
    if name == KIT:
        from ppprint.book.pnp import piecepack

        title, author, licence, add_sections = piecepack.TITLE, piecepack.AUTHOR, piecepack.LICENCE, piecepack.add_sections
    else:
        game = _plugin(name)
        meta = game.data.meta
        title, author, licence = meta.title, meta.author(), meta.licence.name
        add_sections = game.hook("pnp", "add_sections")
        if add_sections is None:
            raise InputError(f"pnp.py of game '{name}' defines no add_sections(document, options)", game.module_path("pnp"))
    document = PrintAndPlay(
        options.paper,
        title=f"{title}: print-and-play",
        author=author,
        subject=f"{title}: print-and-play sheets ({options.paper}{', double-sided' if options.double_sided else ''})",
        keywords=["print-and-play", name, f"licence: {licence}"],
    )
    add_sections(document, options)
    return document.finish()


def _plugin(name: str) -> Plugin:
    return registry().get(name)


__all__ = ["KIT", "NoOptions", "PnpOptions", "build_pnp", "equipment_needs", "game_options", "options_model", "pnp_names"]
