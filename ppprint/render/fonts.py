"""The fonts ppprint ships and embeds: Noto Serif and Noto Sans (SIL OFL 1.1).

Every text in a figure or a book uses these, registered both with ReportLab (for
the book's paragraphs) and with svglib (for figure text), so no output depends
on the fonts of the machine that builds it. The licence is ``fonts/OFL.txt``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.graphics.shapes import STATE_DEFAULTS
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

SERIF_FAMILY = "Noto Serif"
SANS_FAMILY = "Noto Sans"
"""Family names to use in SVG ``font-family`` attributes."""

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


@cache
def register_fonts() -> None:
    """Register the shipped fonts with ReportLab and svglib (once per process)."""
    from svglib.fonts import register_font

    svg_names = {
        SERIF: (SERIF_FAMILY, "normal"),
        SERIF_BOLD: (SERIF_FAMILY, "bold"),
        SANS: (SANS_FAMILY, "normal"),
        SANS_BOLD: (SANS_FAMILY, "bold"),
    }
    for name, filename in _FILES.items():
        path = str(FONT_DIR / filename)
        if name in svg_names:
            family, weight = svg_names[name]
            register_font(family, path, weight=weight, rlgFontName=name)
        else:
            pdfmetrics.registerFont(TTFont(name, path))
    pdfmetrics.registerFontFamily(
        SERIF, normal=SERIF, bold=SERIF_BOLD, italic=SERIF_ITALIC, boldItalic=SERIF_BOLD_ITALIC
    )
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
    # ReportLab's graphics start every drawing in Helvetica, a font it never embeds;
    # start them in Noto Sans instead so a PDF names no font it does not carry.
    STATE_DEFAULTS["fontName"] = SANS
