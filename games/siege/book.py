# SPDX-License-Identifier: MIT
"""What Siege by Number's rules text may use besides its figures: the battle tables."""

from __future__ import annotations

from .engine import army_battle_table, commander_battle_table


def context() -> dict[str, str]:
    """The two battle tables, built from the engine's ``battle()`` so the book cannot disagree with it."""
    return {"army_battle_table": army_battle_table(), "commander_battle_table": commander_battle_table()}
