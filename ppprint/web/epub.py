"""A game's rulebook as an EPUB 3: the web book's body as one XHTML document, with its fonts and a navigation document.

Written with the standard library's ``zipfile``: an EPUB is a ZIP archive whose first entry,
stored, is its media type, then ``META-INF/container.xml`` naming the package document, which
lists every file (the manifest), the reading order (the spine) and the metadata. The content is
the same as the HTML page's (:class:`~ppprint.web.html.WebBook`, well-formed XML, inline SVG
figures); the fonts are separate files in the archive. Entries carry a fixed date and the package a
fixed ``dcterms:modified``, as the PDFs do (ReportLab's ``invariant``), so the same input gives the
same bytes.
"""

from __future__ import annotations

import io
import uuid
import zipfile
from html import escape

from ppprint.document.book import Book
from ppprint.web.fonts import flavor, font_face_css
from ppprint.web.html import WebBook

MODIFIED = "2000-01-01T00:00:00Z"
"""The package's ``dcterms:modified``: fixed, as ReportLab's invariant PDFs date themselves."""
_DATE = (1980, 1, 1, 0, 0, 0)
_NAMESPACE = uuid.UUID("6f1b2a8e-3c55-4c1e-9a57-2b9a0d1f6c3e")

CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
"""


def _xhtml(title: str, lang: str, body: str, epub_type: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
        f'<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="{lang}" xml:lang="{lang}">\n'
        f'<head>\n<meta charset="utf-8" />\n<title>{escape(title)}</title>\n<link rel="stylesheet" type="text/css" href="style.css" />\n</head>\n'
        f"<body{epub_type}>\n{body}</body>\n</html>\n"
    )


def navigation(book: WebBook) -> str:
    """The navigation document: the contents (every heading, nested by level) and the landmarks."""
    parts = ['<nav epub:type="toc" id="toc">', f"<h1>{escape(book.title)}</h1>", "<ol>", '<li><a href="book.xhtml#top">Title</a>']
    levels = [level for level, _, _ in book.toc]
    top = min(levels, default=2)
    depth = 0
    for heading_level, anchor, text in book.toc:
        level = min(heading_level - top, depth + 1)
        if level > depth:
            for _ in range(level - depth):
                parts.append("<ol>")
            depth = level
        else:
            parts.append("</li>")
            while depth > level:
                parts.append("</ol></li>")
                depth -= 1
        parts.append(f'<li><a href="book.xhtml#{anchor}">{escape(text)}</a>')
    parts.append("</li>")
    while depth > 0:
        parts.append("</ol></li>")
        depth -= 1
    parts += ["</ol>", "</nav>", '<nav epub:type="landmarks" hidden="hidden">', "<ol>"]
    parts.append('<li><a epub:type="bodymatter" href="book.xhtml#content">Rules</a></li>')
    parts += ["</ol>", "</nav>"]
    return _xhtml(book.title, book.lang, "\n".join(parts) + "\n")


def package(book: Book, fonts: list[tuple[str, str]]) -> str:
    """The package document: metadata, manifest and spine."""
    meta = book.metadata
    identifier = uuid.uuid5(_NAMESPACE, f"ppprint {book.id} {book.title_block.title}")
    metadata = [
        f'<dc:identifier id="book-id">urn:uuid:{identifier}</dc:identifier>',
        f"<dc:title>{escape(book.title)}</dc:title>",
        f"<dc:language>{book.lang}</dc:language>",
        *(f"<dc:creator>{escape(name)}</dc:creator>" for name in meta["creators"]),
        f"<dc:description>{escape(meta['subject'])}</dc:description>",
        f"<dc:rights>{escape(meta['rights'])}</dc:rights>",
        *(f"<dc:subject>{escape(word)}</dc:subject>" for word in meta["subjects"]),
        f'<meta property="dcterms:modified">{MODIFIED}</meta>',
    ]
    manifest = [
        '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
        '<item id="book" href="book.xhtml" media-type="application/xhtml+xml" properties="svg"/>',
        '<item id="style" href="style.css" media-type="text/css"/>',
        *(f'<item id="font-{index}" href="{href}" media-type="{kind}"/>' for index, (href, kind) in enumerate(fonts, 1)),
    ]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="{book.lang}">\n'
        '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n' + "\n".join(metadata) + "\n</metadata>\n"
        "<manifest>\n" + "\n".join(manifest) + "\n</manifest>\n"
        '<spine>\n<itemref idref="book"/>\n</spine>\n</package>\n'
    )


def epub_bytes(book: Book, page: WebBook) -> bytes:
    """The EPUB 3 of a book, from its web page."""
    kind = flavor()
    font_names = [f"fonts/{face.font}.{kind}" for face, _ in page.fonts]
    style = font_face_css(page.fonts, urls=font_names) + page.style
    entries: list[tuple[str, bytes]] = [
        ("META-INF/container.xml", CONTAINER.encode("utf-8")),
        ("EPUB/package.opf", package(book, [(name, f"font/{kind}") for name in font_names]).encode("utf-8")),
        ("EPUB/nav.xhtml", navigation(page).encode("utf-8")),
        ("EPUB/book.xhtml", _xhtml(page.title, page.lang, page.body).encode("utf-8")),
        ("EPUB/style.css", style.encode("utf-8")),
        *((f"EPUB/{name}", data) for name, (_, data) in zip(font_names, page.fonts)),
    ]
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype", _DATE), b"application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, data in entries:
            info = zipfile.ZipInfo(name, _DATE)
            info.external_attr = 0o644 << 16
            # Fonts are compressed already (WOFF2, WOFF).
            archive.writestr(info, data, compress_type=zipfile.ZIP_STORED if name.startswith("EPUB/fonts/") else zipfile.ZIP_DEFLATED)
    return output.getvalue()
