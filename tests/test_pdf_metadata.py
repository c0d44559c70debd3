"""Every PDF ppprint writes carries its metadata (with the licence) and rebuilds byte for byte."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys

import pytest
from pypdf import PdfReader

from tests.books import printed
from ppprint.book.catalogue import build_catalogue
from ppprint.book.pnp import PnpOptions, build_pnp, game_options, pnp_names
from ppprint.build.report import print_report
from ppprint.play.book import report_book
from ppprint.play.report import Plan, play_report
from ppprint.registry import get_game, registry
from ppprint.render.pdfmeta import needed_header, pdf_version

GAME = "sanqi"


def report_pdf() -> bytes:
    """A designer's report of a few games, printed as ``ppprint report`` prints it."""
    summary, _ = play_report(Plan(GAME, 2, ("random",), seed=0))
    return print_report(report_book(summary, "letter", get_game(GAME).data.meta))


def every_kind_of_pdf() -> dict[str, bytes]:
    """One PDF of each kind: rulebook, booklet, catalogue, designer's report, and every print-and-play module (duplex, bleed)."""
    pdfs = {
        "rulebook": printed(GAME),
        "booklet": printed(GAME, "a4", "booklet"),
        "catalogue": build_catalogue([get_game(g) for g in registry().ids()], "letter"),
        "report": report_pdf(),
    }
    for name in pnp_names():
        pdfs[f"pnp-{name}"] = build_pnp(name, PnpOptions("letter", double_sided=True, bleed=True, game=game_options(name, {"size": 4} if name == "sanqi" else {})))
    return pdfs


@pytest.fixture(scope="module")
def pdfs() -> dict[str, bytes]:
    return every_kind_of_pdf()


def test_every_pdf_has_title_author_subject_and_licence_keyword(pdfs):
    for kind, pdf in pdfs.items():
        meta = PdfReader(io.BytesIO(pdf)).metadata
        assert meta.title and meta.author and meta.subject, kind
        assert "licence: " in meta["/Keywords"], kind
        assert meta.creator == "ppprint", kind


def test_rebuilding_in_the_same_process_gives_the_same_bytes(pdfs):
    again = every_kind_of_pdf()
    assert {k: hashlib.sha256(v).hexdigest() for k, v in again.items()} == {k: hashlib.sha256(v).hexdigest() for k, v in pdfs.items()}


def test_rebuilding_in_a_fresh_process_gives_the_same_bytes(pdfs):
    script = (
        "import hashlib, json; from tests.test_pdf_metadata import every_kind_of_pdf; "
        "print(json.dumps({k: hashlib.sha256(v).hexdigest() for k, v in every_kind_of_pdf().items()}))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300, check=True)
    assert json.loads(result.stdout) == {k: hashlib.sha256(v).hexdigest() for k, v in pdfs.items()}


def test_every_pdf_says_its_language(pdfs):
    """/Lang on the document catalogue of every PDF (booklets and print-and-play lost it)."""
    for kind, pdf in pdfs.items():
        assert PdfReader(io.BytesIO(pdf)).trailer["/Root"].get("/Lang") == "en", kind


def test_every_pdf_carries_xmp_with_its_licence(pdfs):
    """An XMP packet like the piecepack tools write: title, creators, language and the licence."""
    for kind, pdf in pdfs.items():
        reader = PdfReader(io.BytesIO(pdf))
        xmp = reader.xmp_metadata
        assert xmp is not None, kind
        assert xmp.dc_title["x-default"] == reader.metadata.title, kind
        assert xmp.dc_creator, kind
        assert xmp.dc_language == ["en"], kind
        licences = [k.split(":", 1)[1].strip() for k in reader.metadata["/Keywords"].split(", ") if k.startswith("licence:")]
        rights = xmp.dc_rights["x-default"]
        assert licences and all(licence in rights or kind in ("rulebook", "booklet") for licence in licences), (kind, rights)
        if kind in ("rulebook", "booklet"):
            assert rights.startswith("SanQi ©"), rights  # the licence notice itself
        raw = reader.trailer["/Root"]["/Metadata"].get_object()
        assert raw.get("/Filter") is None and b"xmpRights:UsageTerms" in raw.get_data(), kind
        assert b"<?xpacket" in raw.get_data() and b"xmp:ModifyDate" not in raw.get_data(), kind


def test_every_pdf_declares_the_version_its_catalogue_needs(pdfs):
    """/Lang and the XMP /Metadata stream are PDF 1.4: a header of 1.3 (pypdf's default, which booklets
    had) claims less than the file uses. The metadata stream says what it is (/Type /Metadata /Subtype /XML)."""
    for kind, pdf in pdfs.items():
        assert pdf.startswith(b"%PDF-"), kind
        reader = PdfReader(io.BytesIO(pdf))
        assert pdf_version(reader.pdf_header) >= (1, 4), (kind, reader.pdf_header)
        stream = reader.trailer["/Root"]["/Metadata"].get_object()
        assert (stream.get("/Type"), stream.get("/Subtype")) == ("/Metadata", "/XML"), kind


def test_the_needed_header_is_the_highest_of_the_pages_and_ppprints_own():
    assert needed_header() == "%PDF-1.4"
    assert needed_header("%PDF-1.3") == "%PDF-1.4"
    assert needed_header("%PDF-1.4", "%PDF-1.7", "%PDF-1.5") == "%PDF-1.7"
    assert needed_header("%PDF-2.0") == "%PDF-2.0"


def test_a_licence_with_an_address_is_marked_as_creative_commons_tools_read_it():
    game = get_game("expansion")
    for book_format in ("standard", "booklet"):
        reader = PdfReader(io.BytesIO(printed("expansion", "letter", book_format)))
        data = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")
        assert "<xmpRights:Marked>True</xmpRights:Marked>" in data
        assert f"<xmpRights:WebStatement>{game.data.meta.licence.url}</xmpRights:WebStatement>" in data
        assert f'<cc:license rdf:resource="{game.data.meta.licence.url}"/>' in data
        assert "<cc:attributionName>Lu Bolin, Teng Yan Zhen, Julia Kwek</cc:attributionName>" in data
        assert "CC BY 4.0" in reader.xmp_metadata.dc_rights["x-default"]


def fonts_of(pdf: bytes) -> dict[str, bool]:
    """Every font a PDF's pages use (through forms too): base name -> embedded."""
    reader = PdfReader(io.BytesIO(pdf))
    fonts: dict[str, bool] = {}

    def walk(resources):
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor") or (font["/DescendantFonts"][0].get_object().get("/FontDescriptor") if "/DescendantFonts" in font else None)
            embedded = descriptor is not None and any(key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts[str(font["/BaseFont"]).split("+")[-1]] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                walk(xobject["/Resources"])

    for page in reader.pages:
        walk(page["/Resources"])
    return fonts


def test_the_catalogue_uses_only_embedded_shipped_fonts(pdfs):
    fonts = fonts_of(pdfs["catalogue"])
    assert fonts and all(fonts.values()), fonts
    assert "Helvetica" not in fonts
