"""How full a page is, read from the rendered page: the blank rows at the foot of the text frame.

A page is rendered in grey levels; a pixel row of the text frame (between the
top margin and the bottom margin, so the footer is left out) is blank when no
pixel in it is darker than :data:`WHITE`. A page's *blank share* is the run of
blank rows at the foot of the frame, as a share of the frame's height: 0 for a
page filled to its last line, 1 for an empty page.
"""

from __future__ import annotations

import pypdfium2

WHITE = 250
"""A pixel at least this light is paper (box tints, at about 240, count as ink)."""


def blank_shares(pdf: bytes, top_margin: float, bottom_margin: float, scale: float = 0.5) -> list[float]:
    """The blank share of every page of ``pdf`` whose frame starts ``top_margin`` points below the
    top of the page and ends ``bottom_margin`` points above its foot."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        shares = []
        for page in document:
            image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
            width, height = image.size
            first, last = round(top_margin * scale), round(height - bottom_margin * scale)
            ink = image.crop((0, first, width, last)).point(lambda value: 255 if value < WHITE else 0).getbbox()
            blank = (last - first) - (ink[3] if ink else 0)
            shares.append(blank / (last - first))
        return shares
    finally:
        document.close()


def first_lines(pdf: bytes) -> list[str]:
    """The first line of text of every page."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        lines = []
        for page in document:
            text = page.get_textpage().get_text_range().strip()
            lines.append(text.splitlines()[0].strip() if text else "")
        return lines
    finally:
        document.close()
