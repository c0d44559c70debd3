"""Booklets: a half-size rulebook imposed two pages to a sheet in saddle-stitch order.

The book is typeset on half-letter (or A5) pages, padded with blank pages to a
multiple of four, and each landscape Letter (or A4) sheet side takes two of
them. Printed double-sided flipping on the SHORT edge, the stack folded in half
and stapled on the fold reads in order. Sheet ``s`` (from 0) of an ``n``-page
book holds pages ``n-2s`` | ``2s+1`` on its front and ``2s+2`` | ``n-2s-1`` on
its back (left | right, pages from 1), so the first sheet's front holds the
last page and the cover.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping, Sequence
from typing import Any

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import ArrayObject, ByteStringObject

from ppprint.book.pdfmeta import attach_to_writer
from ppprint.document.pages import PAPERS


def padded_page_count(pages: int) -> int:
    """The page count rounded up to a multiple of four (one folded sheet holds four pages)."""
    return -(-max(pages, 1) // 4) * 4


def saddle_stitch_order(pages: int) -> list[tuple[int, int]]:
    """Page numbers (from 1) on each sheet side, left then right: front of sheet 1, back of sheet 1, ...

    Page numbers above ``pages`` are blank padding.
    """
    total = padded_page_count(pages)
    sides = []
    for sheet in range(total // 4):
        sides.append((total - 2 * sheet, 2 * sheet + 1))
        sides.append((2 * sheet + 2, total - 2 * sheet - 1))
    return sides


def impose(pdf: bytes, paper: str, metadata: Mapping[str, Any]) -> bytes:
    """Impose the half-size pages of ``pdf`` two to a landscape ``paper`` sheet, saddle-stitched.

    Each page is centred in its half of the sheet; bookmarks point at the sheet
    side holding their page; ``metadata`` takes the keys of
    :func:`~ppprint.book.rulebook.rulebook_metadata` (the document information,
    the XMP packet and the language are set from it).
    """
    reader = PdfReader(io.BytesIO(pdf))
    sheet_height, sheet_width = PAPERS[paper]
    half = sheet_width / 2
    writer = PdfWriter()
    side_of_page: dict[int, int] = {}
    for side, numbers in enumerate(saddle_stitch_order(len(reader.pages))):
        sheet = PageObject.create_blank_page(width=sheet_width, height=sheet_height)
        for slot, number in enumerate(numbers):
            if number > len(reader.pages):
                continue
            page = reader.pages[number - 1]
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            offset = (slot * half + (half - width) / 2, (sheet_height - height) / 2)
            sheet.merge_transformed_page(page, Transformation().translate(*offset))
            side_of_page[number - 1] = side
        writer.add_page(sheet).compress_content_streams()
    _copy_outline(reader, writer, reader.outline, side_of_page, None)
    attach_to_writer(writer, metadata)
    writer.add_metadata(
        {
            "/Title": metadata["title"],
            "/Author": metadata["author"],
            "/Subject": metadata["subject"],
            "/Keywords": ", ".join(metadata["keywords"]),
            "/Creator": "ppprint",
            "/Producer": "ppprint (ReportLab, pypdf)",
        }
    )
    # The file identifier is a digest of the book, so two builds are byte-identical.
    identifier = ByteStringObject(hashlib.md5(pdf + paper.encode()).digest())
    writer._ID = ArrayObject([identifier, identifier])
    writer.compress_identical_objects()
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def _copy_outline(reader: PdfReader, writer: PdfWriter, items: Sequence[Any], side_of_page: Mapping[int, int], parent: Any) -> None:
    last = None
    for item in items:
        if isinstance(item, list):
            _copy_outline(reader, writer, item, side_of_page, last)
            continue
        page = reader.get_destination_page_number(item)
        if page is None:
            continue
        side = side_of_page[page]
        last = writer.add_outline_item(title=item.title, page_number=side, parent=parent)
