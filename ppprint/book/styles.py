"""The PDF's paragraph styles and colours, made from the book's one set of style values (:mod:`ppprint.document.style`)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from ppprint.document import style
from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC, register_fonts

INK = colors.HexColor(style.INK)
ACCENT = colors.HexColor(style.ACCENT)
MUTED = colors.HexColor(style.MUTED)
BOX_FILL = colors.HexColor(style.BOX_FILL)
BOX_EDGE = colors.HexColor(style.BOX_EDGE)
RULE = colors.HexColor(style.RULE)


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


def book_styles(base_size: float = style.BODY_SIZE, indent: float = 0.0) -> Styles:
    """The styles, scaled from a body size in points; body text (paragraphs and list items) ends
    ``indent`` points short of the frame's right edge (the page's measure)."""
    register_fonts()
    leading = base_size * 1.4
    body = ParagraphStyle(
        "body", fontName=SERIF, fontSize=base_size, leading=leading, textColor=INK, spaceAfter=base_size * 0.6, alignment=TA_LEFT, allowWidows=0, allowOrphans=0, rightIndent=indent
    )
    return Styles(
        body=body,
        # No paragraph leaves a line alone at the foot or the head of a page (the bullet's inherit it).
        bullet=ParagraphStyle("bullet", parent=body, spaceAfter=base_size * 0.25, allowWidows=0, allowOrphans=0),
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
