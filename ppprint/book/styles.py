"""Paragraph styles and colours of every ppprint book (Noto Serif text, Noto Sans headings)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC, register_fonts

INK = colors.HexColor("#1d1d1f")
ACCENT = colors.HexColor("#8a2a1b")
MUTED = colors.HexColor("#5b5b60")
BOX_FILL = colors.HexColor("#f4efe6")
BOX_EDGE = colors.HexColor("#c9b99a")
RULE = colors.HexColor("#d8d2c4")


@dataclass(frozen=True)
class Styles:
    """The named paragraph styles of a book."""

    body: ParagraphStyle
    bullet: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    byline: ParagraphStyle
    caption: ParagraphStyle
    small: ParagraphStyle
    box_title: ParagraphStyle
    info_label: ParagraphStyle
    info_value: ParagraphStyle
    table_cell: ParagraphStyle
    table_head: ParagraphStyle


def book_styles(base_size: float = 10.5) -> Styles:
    """The styles, scaled from a body size in points."""
    register_fonts()
    leading = base_size * 1.4
    body = ParagraphStyle("body", fontName=SERIF, fontSize=base_size, leading=leading, textColor=INK, spaceAfter=base_size * 0.6, alignment=TA_LEFT)
    return Styles(
        body=body,
        bullet=ParagraphStyle("bullet", parent=body, spaceAfter=base_size * 0.25),
        h1=ParagraphStyle("h1", fontName=SANS_BOLD, fontSize=base_size * 1.75, leading=base_size * 2.1, textColor=ACCENT, spaceBefore=base_size * 1.4, spaceAfter=base_size * 0.6, keepWithNext=1),
        h2=ParagraphStyle("h2", fontName=SANS_BOLD, fontSize=base_size * 1.35, leading=base_size * 1.7, textColor=ACCENT, spaceBefore=base_size * 1.2, spaceAfter=base_size * 0.45, keepWithNext=1),
        h3=ParagraphStyle("h3", fontName=SANS_BOLD, fontSize=base_size * 1.1, leading=base_size * 1.4, textColor=INK, spaceBefore=base_size * 0.8, spaceAfter=base_size * 0.3, keepWithNext=1),
        title=ParagraphStyle("title", fontName=SERIF_BOLD, fontSize=base_size * 3.4, leading=base_size * 3.8, textColor=ACCENT, alignment=TA_CENTER, spaceAfter=base_size * 0.4),
        subtitle=ParagraphStyle("subtitle", fontName=SERIF_ITALIC, fontSize=base_size * 1.35, leading=base_size * 1.8, textColor=INK, alignment=TA_CENTER, spaceAfter=base_size * 0.5),
        byline=ParagraphStyle("byline", fontName=SANS, fontSize=base_size, leading=leading, textColor=MUTED, alignment=TA_CENTER, spaceAfter=base_size * 1.2),
        caption=ParagraphStyle("caption", fontName=SANS, fontSize=base_size * 0.85, leading=base_size * 1.2, textColor=MUTED, spaceBefore=base_size * 0.3, spaceAfter=base_size * 1.0),
        small=ParagraphStyle("small", fontName=SANS, fontSize=base_size * 0.8, leading=base_size * 1.1, textColor=MUTED, spaceAfter=base_size * 0.3),
        box_title=ParagraphStyle("box_title", fontName=SANS_BOLD, fontSize=base_size * 1.05, leading=base_size * 1.4, textColor=ACCENT, spaceAfter=base_size * 0.3),
        info_label=ParagraphStyle("info_label", fontName=SANS_BOLD, fontSize=base_size * 0.75, leading=base_size, textColor=MUTED, alignment=TA_CENTER),
        info_value=ParagraphStyle("info_value", fontName=SERIF, fontSize=base_size * 0.95, leading=base_size * 1.25, textColor=INK, alignment=TA_CENTER),
        table_cell=ParagraphStyle("table_cell", fontName=SERIF, fontSize=base_size * 0.9, leading=base_size * 1.15, textColor=INK, alignment=TA_CENTER),
        table_head=ParagraphStyle("table_head", fontName=SANS_BOLD, fontSize=base_size * 0.85, leading=base_size * 1.1, textColor=INK, alignment=TA_CENTER),
    )


_OPENERS = frozenset(" \t\n\u00a0([{<\u2014\u2013/\u201c\u2018")
_EM_DASH = re.compile(r"[ \t]+---?[ \t]+|(?<=[^\s-])---(?=[^\s-])")
_RANGE = re.compile(r"(?<![\w.\-/:@\u2013])(\d+)-{1,2}(\d+)(?![\w\-/:@])")
_TIMES = re.compile(r"(?<=\d)( ?)x( ?)(?=\d)")


def typographic(text: str, before: str = "") -> str:
    """Printed punctuation for plain text, the one filter every book's words pass through:
    curly quotes and apostrophes, an em dash where the text writes `` -- ``, an en dash in a
    range of numbers (``1-4`` -> 1–4), × in dimensions (``8x8`` -> 8×8) and an ellipsis for ``...``.

    ``before`` is the character printed just before ``text`` (a quote at the start of a
    text that follows a bold word closes rather than opens). Move notation such as
    ``b2-b3`` or ``c3xd4`` is left alone: a range needs a number on each side.
    """
    text = _EM_DASH.sub("\u2014", text)
    text = _RANGE.sub("\\1\u2013\\2", text)
    text = _TIMES.sub("\\1\u00d7\\2", text)
    text = text.replace("...", "\u2026")
    if "'" not in text and '"' not in text:
        return text
    out = []
    previous = before[-1:] if before else ""
    for char in text:
        opening = previous == "" or previous in _OPENERS
        if char == '"':
            char = "\u201c" if opening else "\u201d"
        elif char == "'":
            char = "\u2018" if opening else "\u2019"
        out.append(char)
        previous = char
    return "".join(out)


NOT_STATED = frozenset({"", "not stated", "unknown", "n/a", "-"})


def stated(value: str) -> bool:
    """Whether a metadata value says something (a header table leaves out a field that is "not stated")."""
    return value.strip().lower() not in NOT_STATED
