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
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ppprint.book.sheets import PrintAndPlay
from ppprint.errors import InputError
from ppprint.registry import Plugin, registry

KIT = "piecepack"
"""The name of the piecepack kit, printed by :mod:`ppprint.book.pnp.piecepack`."""

OptionsT = TypeVar("OptionsT", bound=BaseModel)


class NoOptions(BaseModel):
    """The options of a game that declares none."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class PnpOptions:
    """What the user asked for: paper, sides, bleed, and the game's own options."""

    paper: str = "letter"
    double_sided: bool = False
    bleed: bool = False
    game: BaseModel = field(default_factory=NoOptions)

    def game_options(self, model: type[OptionsT]) -> OptionsT:
        """The game's own options as its ``Options`` model."""
        if not isinstance(self.game, model):
            return model()
        return self.game


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
        title, author, licence = meta.title, ", ".join(meta.designers), meta.licence.name
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


def equipment_needs() -> dict[str, int]:
    """What the games ask the kit to print beyond the piecepack: for each kind, the most any game needs."""
    needs: dict[str, int] = {}
    for game in registry().plugins():
        equipment = game.hook("pnp", "equipment") if game.module_path("pnp").is_file() else None
        for kind, count in (equipment() if equipment else {}).items():
            needs[kind] = max(needs.get(kind, 0), int(count))
    return needs


def _plugin(name: str) -> Plugin:
    return registry().get(name)
