"""XMP metadata and the document language, for every PDF ppprint writes.

Like the piecepack community's tools (piecepackr, through xmpdf), each PDF
carries an XMP packet beside its document information: title, creators,
description, keywords, the language, and the licence: ``dc:rights`` and
``xmpRights:UsageTerms`` (the licence notice), and for a licence with an
address ``xmpRights:Marked``, ``xmpRights:WebStatement`` and ``cc:license``,
with ``cc:attributionName`` naming the designers. The packet holds no date,
so two builds stay byte-identical. The language (``/Lang``) is set on the
document catalogue of every PDF as well: the metadata's ``language`` (a BCP 47
tag, a game's ``language:`` in ``game.yaml``), else :data:`LANGUAGE`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

LANGUAGE = "en"
"""The language of a PDF whose metadata names none."""


def language(meta: Mapping[str, Any]) -> str:
    """The document language of ``meta``: its ``language``, else :data:`LANGUAGE`."""
    return str(meta.get("language") or LANGUAGE)


def _alt(text: str) -> str:
    return f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(text)}</rdf:li></rdf:Alt>'


def _list(kind: str, items: Sequence[str]) -> str:
    return f"<rdf:{kind}>" + "".join(f"<rdf:li>{escape(item)}</rdf:li>" for item in items) + f"</rdf:{kind}>"


def xmp_element(meta: Mapping[str, Any]) -> str:
    """The ``x:xmpmeta`` element of ``meta``: the keys of
    :func:`~ppprint.document.book.book_metadata` (title, author, subject, keywords), and
    optionally ``rights`` (the licence notice), ``licence_url``, ``creators`` (a list) and ``language``."""
    keywords = [str(k) for k in meta.get("keywords", [])]
    licences = [k.split(":", 1)[1].strip() for k in keywords if k.startswith("licence:")]
    rights = str(meta.get("rights") or "; ".join(f"Licence: {name}" for name in licences))
    creators = [str(c) for c in meta.get("creators") or [meta.get("author", "")] if c]
    url = str(meta.get("licence_url") or "")
    fields = [
        f"<dc:title>{_alt(str(meta['title']))}</dc:title>",
        f"<dc:creator>{_list('Seq', creators)}</dc:creator>" if creators else "",
        f"<dc:description>{_alt(str(meta.get('subject', '')))}</dc:description>",
        f"<dc:subject>{_list('Bag', keywords)}</dc:subject>",
        f"<dc:language>{_list('Bag', [language(meta)])}</dc:language>",
        f"<dc:rights>{_alt(rights)}</dc:rights>" if rights else "",
        f"<pdf:Keywords>{escape(', '.join(keywords))}</pdf:Keywords>",
        "<pdf:Producer>ppprint</pdf:Producer>",
        "<xmp:CreatorTool>ppprint</xmp:CreatorTool>",
        f"<xmpRights:UsageTerms>{_alt(rights)}</xmpRights:UsageTerms>" if rights else "",
    ]
    if url:
        fields += [
            "<xmpRights:Marked>True</xmpRights:Marked>",
            f"<xmpRights:WebStatement>{escape(url)}</xmpRights:WebStatement>",
            f"<cc:license rdf:resource={quoteattr(url)}/>",
            f"<cc:attributionName>{escape(', '.join(creators))}</cc:attributionName>",
            f"<photoshop:Credit>{escape(', '.join(creators))}</photoshop:Credit>",
        ]
    body = "\n    ".join(field for field in fields if field)
    return (
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '  <rdf:Description rdf:about=""\n'
        '    xmlns:dc="http://purl.org/dc/elements/1.1/"\n'
        '    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"\n'
        '    xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n'
        '    xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"\n'
        '    xmlns:cc="http://creativecommons.org/ns#"\n'
        '    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">\n'
        f"    {body}\n"
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
    )


def xmp_packet(meta: Mapping[str, Any]) -> str:
    """The XMP packet of a PDF whose metadata is ``meta``: :func:`xmp_element` wrapped as a packet."""
    return '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' + xmp_element(meta) + '<?xpacket end="w"?>'


def attach_to_canvas(canvas: Any, meta: Mapping[str, Any]) -> None:
    """Give a ReportLab canvas (before it is saved) the XMP packet of ``meta`` and the language
    (through the canvas's public ``setCatalogEntry``)."""
    from reportlab.pdfbase.pdfdoc import XMP

    packet = xmp_packet(meta)
    canvas.setCatalogEntry("Metadata", XMP(creator=lambda doc: packet.encode("utf-8")))
    canvas.setCatalogEntry("Lang", language(meta))


def attach_to_writer(writer: Any, meta: Mapping[str, Any]) -> None:
    """Give a pypdf writer the XMP packet of ``meta`` (uncompressed, as the format asks) and the language,
    through pypdf's public ``xmp_metadata`` setter (bytes: pypdf 7) and ``root_object``."""
    from pypdf.generic import NameObject, TextStringObject

    writer.xmp_metadata = xmp_packet(meta).encode("utf-8")
    root = writer.root_object
    stream = root["/Metadata"].get_object()
    stream[NameObject("/Type")] = NameObject("/Metadata")
    stream[NameObject("/Subtype")] = NameObject("/XML")
    root[NameObject("/Lang")] = TextStringObject(language(meta))


LEAST_VERSION = (1, 4)
"""The PDF version every file of ppprint needs at least: the XMP ``/Metadata`` stream and ``/Lang``
in the catalogue, and transparency in the drawings, are PDF 1.4."""


def pdf_version(header: str) -> tuple[int, int]:
    """``(1, 7)`` of a header such as ``%PDF-1.7``."""
    major, _, minor = header.removeprefix("%PDF-").partition(".")
    return int(major), int(minor)


def needed_header(*headers: str) -> str:
    """The header a file needs that holds pages of files with ``headers`` and ppprint's own catalogue
    entries: the highest of their versions and :data:`LEAST_VERSION`."""
    major, minor = max([LEAST_VERSION, *(pdf_version(header) for header in headers)])
    return f"%PDF-{major}.{minor}"
