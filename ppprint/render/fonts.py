"""The fonts ppprint ships and embeds: Noto Serif and Noto Sans (SIL OFL 1.1).

Every text in a figure or a book uses these: ReportLab embeds them as subsets
in every PDF, and SVG figures carry their text as the fonts' glyph outlines
(:mod:`ppprint.render.glyphs`), so no output depends on the fonts of the machine
that builds it or shows it. The licence is ``fonts/OFL.txt``.

A character none of them has a glyph for would print as nothing (ReportLab sets the
font's empty ``.notdef`` glyph), so :func:`unsettable` finds such characters in a
book's text before it is printed. ppprint ships no fallback font: what the faces
below set (Latin, Greek, Cyrillic and their punctuation; no CJK, Hebrew or Arabic,
no arrows) is what a book may hold.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from reportlab.graphics.shapes import STATE_DEFAULTS
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

SERIF = "NotoSerif"
SERIF_BOLD = "NotoSerif-Bold"
SERIF_ITALIC = "NotoSerif-Italic"
SERIF_BOLD_ITALIC = "NotoSerif-BoldItalic"
SANS = "NotoSans"
SANS_BOLD = "NotoSans-Bold"
"""ReportLab font names."""

_FILES = {
    SERIF: "NotoSerif-Regular.ttf",
    SERIF_BOLD: "NotoSerif-Bold.ttf",
    SERIF_ITALIC: "NotoSerif-Italic.ttf",
    SERIF_BOLD_ITALIC: "NotoSerif-BoldItalic.ttf",
    SANS: "NotoSans-Regular.ttf",
    SANS_BOLD: "NotoSans-Bold.ttf",
}


def font_path(name: str) -> Path:
    """The file of a shipped font, by its ReportLab name."""
    return FONT_DIR / _FILES[name]


@cache
def register_fonts() -> None:
    """Register the shipped fonts with ReportLab (once per process)."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(
        SERIF, normal=SERIF, bold=SERIF_BOLD, italic=SERIF_ITALIC, boldItalic=SERIF_BOLD_ITALIC
    )
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
    # ReportLab's graphics start every drawing in Helvetica, a font it never embeds;
    # start them in Noto Sans instead so a PDF names no font it does not carry.
    STATE_DEFAULTS["fontName"] = SANS


@cache
def settable() -> frozenset[int]:
    """The code points every shipped face has a glyph for (a book sets its text in all of them:
    the body in the serif faces, headings, captions and the info box in the sans)."""
    from fontTools.ttLib import TTFont as FontFile

    maps = [set(FontFile(FONT_DIR / filename, lazy=True).getBestCmap()) for filename in _FILES.values()]
    return frozenset(set.intersection(*maps))


def unsettable(text: str) -> list[str]:
    """The characters of ``text`` (each once, in order) that the shipped fonts cannot set: white space
    and control characters, which print no glyph, are left out."""
    known = settable()
    found: dict[str, None] = {}
    for char in text:
        if ord(char) not in known and not char.isspace() and unicodedata.category(char) != "Cc":
            found.setdefault(char)
    return list(found)


def describe_char(char: str) -> str:
    """A character as a message names it: ``'日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5)``."""
    name = unicodedata.name(char, "")
    return f"'{char}' (U+{ord(char):04X}{' ' + name if name else ''})"
