"""The shipped Noto fonts, cut down to the characters a page uses, for embedding in HTML and EPUB.

Each face is subset with fontTools to the characters of the text (and printable ASCII, so the
live preview's error panel and the stylesheet's generated text are set in it too), without
kerning or ligatures (the PDF sets its text without them, so both read the same) and without
hinting, keeping the font's copyright and licence names (SIL OFL 1.1). WOFF2 when Brotli is
installed (it is a dependency of ppprint), else WOFF. The same characters give the same bytes.
"""

from __future__ import annotations

import base64
import importlib.util
import io
from dataclasses import dataclass
from functools import lru_cache

from fontTools import subset
from fontTools.ttLib import TTFont

from ppprint.document.style import SANS_FAMILY, SERIF_FAMILY
from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_BOLD_ITALIC, SERIF_ITALIC, font_path

ALWAYS = "".join(chr(code) for code in range(0x20, 0x7F)) + "\u00a0–—‘’“”…·•◦▪§→×"
"""Characters every subset keeps: printable ASCII, and what lists and the preview may show."""


@dataclass(frozen=True)
class Face:
    """One embedded face: the CSS family, weight and style of a shipped font."""

    font: str
    family: str
    weight: int
    italic: bool


FACES = (
    Face(SERIF, SERIF_FAMILY, 400, False),
    Face(SERIF_BOLD, SERIF_FAMILY, 700, False),
    Face(SERIF_ITALIC, SERIF_FAMILY, 400, True),
    Face(SERIF_BOLD_ITALIC, SERIF_FAMILY, 700, True),
    Face(SANS, SANS_FAMILY, 400, False),
    Face(SANS_BOLD, SANS_FAMILY, 700, False),
)
"""Every face a book's text is set in: Noto Serif for the text, Noto Sans for headings, captions and labels."""

_NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14]
"""The names kept: copyright, family, style, version, PostScript name, licence and its address."""


def flavor() -> str:
    """``woff2`` when Brotli is installed, else ``woff`` (zlib, in the standard library)."""
    return "woff2" if importlib.util.find_spec("brotli") is not None else "woff"


def characters(text: str) -> str:
    """The characters a subset keeps for ``text``: its own and :data:`ALWAYS`, sorted, without controls."""
    return "".join(sorted({char for char in text + ALWAYS if char >= " " and char not in "\x7f\ufeff"}))


@lru_cache(maxsize=64)
def subset_font(font: str, chars: str, kind: str) -> bytes:
    """The shipped font ``font`` cut down to ``chars``, as ``kind`` (woff2 or woff)."""
    face = TTFont(str(font_path(font)), recalcTimestamp=False, lazy=True)
    options = subset.Options()
    options.flavor = kind
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF"]
    options.name_IDs = _NAME_IDS
    options.name_languages = [0x0409]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(face)
    face.flavor = kind
    output = io.BytesIO()
    face.save(output)
    return output.getvalue()


def font_files(text: str) -> list[tuple[Face, bytes]]:
    """Every face, subset to the characters of ``text``."""
    chars, kind = characters(text), flavor()
    return [(face, subset_font(face.font, chars, kind)) for face in FACES]


def font_face_css(fonts: list[tuple[Face, bytes]], urls: list[str] | None = None) -> str:
    """``@font-face`` rules for ``fonts``: embedded as ``data:`` URLs, or at ``urls`` (one per font)."""
    kind = flavor()
    rules = []
    for index, (face, data) in enumerate(fonts):
        source = urls[index] if urls is not None else f"data:font/{kind};base64,{base64.b64encode(data).decode('ascii')}"
        rules.append(
            f'@font-face{{font-family:"{face.family}";font-weight:{face.weight};font-style:{"italic" if face.italic else "normal"};'
            f'font-display:block;src:url("{source}") format("{kind}")}}'
        )
    return "\n".join(rules) + "\n"
