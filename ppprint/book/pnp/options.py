"""What a print-and-play module is asked for (:class:`PnpOptions`), and what the games ask the kit to print."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from ppprint.registry import registry

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


def equipment_needs() -> dict[str, int]:
    """What the games ask the kit to print beyond the piecepack: for each kind, the most any game needs."""
    needs: dict[str, int] = {}
    for game in registry().plugins():
        equipment = game.hook("pnp", "equipment") if game.module_path("pnp").is_file() else None
        for kind, count in (equipment() if equipment else {}).items():
            needs[kind] = max(needs.get(kind, 0), int(count))
    return needs
