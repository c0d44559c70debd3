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

INFO_FIELDS = ("Players", "Ages", "Playing time", "Equipment")
"""The title block's fields, in order (the PDF sets their labels in capitals, the web book's stylesheet too)."""
INFO_SHARES = {"Players": 17, "Ages": 13, "Playing time": 20, "Equipment": 50}
"""Each title-block field's share of the width (per cent); the equipment takes the room of a field left out."""
