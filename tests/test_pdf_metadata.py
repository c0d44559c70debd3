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

from ppprint.book.build import book_pdf
from ppprint.book.catalogue import build_catalogue
from ppprint.book.pnp import PnpOptions, build_pnp, game_options, pnp_names
from ppprint.registry import get_game, registry
from ppprint.verify import verify_game

GAME = "sanqi"


def every_kind_of_pdf() -> dict[str, bytes]:
    """One PDF of each kind: rulebook, booklet, catalogue, and every print-and-play module (duplex, bleed)."""
    game = get_game(GAME)
    report = verify_game(game)
    pdfs = {
        "rulebook": book_pdf(game, report, "letter")[1],
        "booklet": book_pdf(game, report, "a4", "booklet")[1],
        "catalogue": build_catalogue([get_game(g) for g in registry().ids()], "letter"),
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
