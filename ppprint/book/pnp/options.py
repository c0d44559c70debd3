"""What a print-and-play module is asked for (:class:`PnpOptions`), and what the games ask the kit to print."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from ppprint.registry import registry

KIT = "piecepack"
"""The name of the piecepack kit, printed by :mod:`ppprint.book.pnp.piecepack`."""

OptionsT = TypeVar("OptionsT", bound=BaseModel)
PAPER_NAMES = {"letter": "US Letter (8.5 x 11 in)", "a4": "A4 (210 x 297 mm)", "a5": "A5 (148 x 210 mm)", "4x6": "4 x 6 in (10 x 15 cm photo paper)"}
"""Each print-and-play paper in words."""


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


def printing_words(options: PnpOptions) -> list[str]:
    """What to print and how, for the paper, sides and bleed of ``options``: a paragraph each."""
    paper = PAPER_NAMES[options.paper]
    words = [
        f"Paper: {paper}, plain or thin card (up to about 200 g/m2, 110 lb index). Print at 100% (\"Actual size\"), "
        "never \"Fit to page\" or \"Shrink oversized pages\" (the file asks viewers for this). Every sheet has a 1 in "
        "check square: it must measure 1 in (25.4 mm) on paper, else the pieces will not fit the game.",
    ]
    if options.double_sided:
        words.append(
            "This file is double-sided: print it on both sides, flipping on the long edge (the file asks for this too). "
            "Each back page follows its front, mirrored, so each back lands behind its front; print one sheet first and "
            "hold it to the light to see the crop marks of both sides meet. A sheet of pieces without backs is printed "
            "on one side. A printer that cannot print both sides wants the one-sided file (leave out --double-sided)."
        )
    else:
        words.append(
            "This file is one-sided: print every page on one side of the paper, any printer will do. Pieces with a back "
            "are printed to fold: fronts on the top half of the sheet, backs on the bottom half. Fold each such sheet on "
            "its dashed line, printed side out, glue the two halves flat together (glue stick or spray glue, right to the "
            "edges), let it dry under a book, then cut through both layers. The fold keeps every back behind its front "
            "however the printer feeds the paper, and the two layers make stiffer pieces."
        )
    if options.bleed:
        words.append(
            "With bleed, each side's colour runs 1/8 in past the cut, so a cut a little off shows no white edge: cut on the "
            "crop marks, not at the edge of the colour. The registration crosses in the side margins meet when the two "
            "sides line up."
        )
    return words
