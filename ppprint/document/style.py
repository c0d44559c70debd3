"""The colours and type of every book, one value each: the PDF's paragraph styles and the web book's
stylesheet are both made from these."""

from __future__ import annotations

INK = "#1d1d1f"
"""Body text."""
ACCENT = "#8a2a1b"
"""Titles, headings, list markers, links."""
MUTED = "#5b5b60"
"""Captions, bylines, footers, labels."""
BOX_FILL = "#f4efe6"
"""The tint of boxes and the title block."""
BOX_EDGE = "#c9b99a"
"""The edge of boxes and the title block."""
RULE = "#d8d2c4"
"""Table grids and rules."""
PAPER = "#fffefb"
"""The page of the web book (a PDF's page is the paper itself)."""

SERIF_FAMILY = "Noto Serif"
"""The text face."""
SANS_FAMILY = "Noto Sans"
"""The face of headings, captions, labels and tables."""
BODY_SIZE = 10.5
"""The body text of a full page, points."""
HALF_BODY_SIZE = 9.5
"""The body text of a half-size booklet page, points."""

INFO_FIELDS = ("PLAYERS", "AGES", "PLAYING TIME", "EQUIPMENT")
"""The title block's fields, in order."""
INFO_SHARES = {"PLAYERS": 17, "AGES": 13, "PLAYING TIME": 20, "EQUIPMENT": 50}
"""Each title-block field's share of the width (per cent); the equipment takes the room of a field left out."""
