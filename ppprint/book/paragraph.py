"""Paragraphs that break their lines once per text, style and width.

A rulebook is laid out several times while its figures are sized (and a platypus
frame measures a paragraph more than once in each layout), but the fragments of a
paragraph depend only on its text and style, and its lines on those and the widths
it is broken to. :class:`TextParagraph` keeps both for as long as its style lives
and hands them to every later paragraph of the same text: the same lines, so the
same bytes.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from ppprint.book.reportlab_state import broken_state, current_matrix, parsed_state
from ppprint.book.trial import dry_run

_BrokenKey = tuple[str, Any, tuple[float, ...]]
_BROKEN: WeakKeyDictionary[ParagraphStyle, dict[_BrokenKey, tuple[Any, dict[str, Any]]]] = WeakKeyDictionary()
"""Each style's broken paragraphs: (text, bullet, widths) to the broken lines and the attributes breaking set (it makes the fragments a word list)."""
_PARSED: WeakKeyDictionary[ParagraphStyle, dict[tuple[str, Any], dict[str, Any]]] = WeakKeyDictionary()
"""Each style's parsed paragraphs: (text, bullet) to the attributes parsing set (the text's fragments)."""


LAYOUT_LOG = "_ppprint_layout_log"
"""Set on the canvas of a typeset book that records where its text and figures land (a list of :class:`Placed`)."""
_PARAGRAPHS = itertools.count(1)


@dataclass(frozen=True)
class Placed:
    """Something drawn on a page: a part of a paragraph (``kind`` its style's name), or the place the
    text puts a figure (``kind`` "figure", ``text`` the figure's caption)."""

    page: int
    kind: str
    text: str
    top: float
    """Points from the foot of the page (the part's top)."""
    bottom: float
    paragraph: int = 0
    """The same number for every part of one paragraph."""
    first: bool = True
    """This part holds the paragraph's first line."""
    last: bool = True
    """This part holds the paragraph's last line."""
    lines: int = 0
    scale: float = 0.0
    """A figure's print scale (a drawing's, ``kind`` "drawing")."""


_CAPTION = re.compile(r"Figure (\d+)\.")
_CITATION = re.compile(r"Figure\s+(\d+)")


def figure_pages(log: Sequence[Placed]) -> dict[int, tuple[int, int]]:
    """Each figure's page of first citation ("Figure N" in the text; where the text places it when the
    text never cites it) and the page it printed on, by number, from a layout's record."""
    printed: dict[int, int] = {}
    cited: dict[int, int] = {}
    placed: dict[int, int] = {}
    for item in log:
        match = _CAPTION.match(item.text)
        if item.kind == "caption" and match:
            printed.setdefault(int(match.group(1)), item.page)
        elif item.kind == "figure" and match:
            placed.setdefault(int(match.group(1)), item.page)
        elif item.kind not in ("caption", "figure", "drawing"):
            for number in _CITATION.findall(item.text):
                cited.setdefault(int(number), item.page)
    return {number: (cited.get(number, placed.get(number, page)), page) for number, page in sorted(printed.items())}


def figure_lags(log: Sequence[Placed]) -> dict[int, int]:
    """Each figure's page minus the page of its first citation (:func:`figure_pages`)."""
    return {number: printed - cited for number, (cited, printed) in figure_pages(log).items()}


def log_placed(canvas: Any, kind: str, text: str, y: float, height: float, **kwargs: Any) -> None:
    """Record on ``canvas`` (if it keeps a :data:`LAYOUT_LOG`) what is drawn from ``y`` up, on its page."""
    log = getattr(canvas, LAYOUT_LOG, None)
    if log is None:
        return
    matrix = current_matrix(canvas)
    base = matrix[3] * y + matrix[5]
    log.append(Placed(canvas.getPageNumber(), kind, text, base + matrix[3] * height, base, **kwargs))


class TextParagraph(Paragraph):
    """A paragraph made from markup text, whose line breaks are computed once per width (see the module).

    The parts ReportLab splits off it are made from fragments, not text, and break their own lines.
    """

    def __init__(self, text: str | None, style: ParagraphStyle, **kwargs: Any):
        super().__init__(text, style, **kwargs)  # type: ignore[arg-type]  # ReportLab's split passes None (with frags)
        self._source = text if kwargs.get("frags") is None else None

    def _setup(self, text: str | None, style: ParagraphStyle, bulletText: Any, frags: Any, cleaner: Any) -> None:  # noqa: N803
        """Parse the markup once per text, bullet and style (ReportLab's parser is most of making a paragraph)."""
        if text is None or frags is not None or not isinstance(bulletText, (str, type(None))):
            super()._setup(text, style, bulletText, frags, cleaner)  # type: ignore[misc]
            return
        known = _PARSED.setdefault(style, {})
        if (text, bulletText) not in known:
            super()._setup(text, style, bulletText, frags, cleaner)  # type: ignore[misc]
            known[text, bulletText] = parsed_state(self)
        self.__dict__.update(known[text, bulletText])

    def breakLines(self, width: Any) -> Any:  # noqa: N802  (ReportLab's name)
        if self._source is None or getattr(self.style, "hyphenationLang", None) or not isinstance(self.bulletText, (str, type(None))):
            return super().breakLines(width)
        widths = tuple(width) if isinstance(width, (list, tuple)) else (width,)
        known = _BROKEN.setdefault(self.style, {})
        key = (self._source, self.bulletText, widths)
        if key not in known:
            lines = super().breakLines(width)
            known[key] = (lines, broken_state(self))
            return lines
        lines, attributes = known[key]
        self.__dict__.update(attributes)
        return lines

    first_part = True
    """Whether this is a paragraph's first part (its first line), not the rest of one split."""
    last_part = True
    """Whether this is a paragraph's last part (its last line)."""
    _paragraph = 0

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(available_width, available_height)
        if len(parts) == 2 and all(isinstance(part, TextParagraph) for part in parts):
            head, tail = parts
            assert isinstance(head, TextParagraph) and isinstance(tail, TextParagraph)
            number = self._paragraph or next(_PARAGRAPHS)
            self._paragraph = number
            head._paragraph, head.first_part, head.last_part = number, self.first_part, False
            tail._paragraph, tail.first_part, tail.last_part = number, False, self.last_part
        return parts

    def _text(self) -> str:
        """The words of this part, from its broken lines (a part split off has no text of its own)."""
        lines = getattr(getattr(self, "blPara", None), "lines", None)
        if not lines:
            return str(self.getPlainText())
        words: list[str] = []
        for line in lines:
            if hasattr(line, "words"):
                words.append("".join(str(getattr(frag, "text", "")) for frag in line.words))
            else:
                words.append(" ".join(str(word) for word in line[1]))
        return re.sub(r"<[^>]+>", "", " ".join(words))

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802  (ReportLab's name)
        if getattr(canvas, LAYOUT_LOG, None) is not None:
            if not self._paragraph:
                self._paragraph = next(_PARAGRAPHS)
            lines = len(getattr(getattr(self, "blPara", None), "lines", ()))
            kind = "heading" if isinstance(self, Heading) else str(self.style.name)
            log_placed(canvas, kind, self._text(), y, self.height, paragraph=self._paragraph, first=self.first_part, last=self.last_part, lines=lines)
        if not dry_run(canvas):  # a trial layout paints nothing
            super().drawOn(canvas, x, y, _sW)  # type: ignore[call-arg]  # the stubs leave out ReportLab's _sW


MAX_BOOKMARK = 120
"""Characters of a heading a PDF bookmark keeps (a longer heading's bookmark ends with an ellipsis)."""


class Heading(TextParagraph):
    """A heading paragraph that becomes a PDF bookmark when drawn.

    A heading too long for one page is split like any paragraph (ReportLab makes the parts with
    only the text and style): the first part keeps the bookmark, the others have none.
    """

    def __init__(self, text: str | None, style: ParagraphStyle, level: int = 0, key: str = "", **kwargs: Any):
        super().__init__(text, style, **kwargs)
        self.outline_level = level
        self.outline_key = key
        title = re.sub(r"<[^>]+>", "", text or "").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        title = " ".join(title.split())
        self.outline_title = title if len(title) <= MAX_BOOKMARK else title[: MAX_BOOKMARK - 1].rstrip() + "\u2026"

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(available_width, available_height)
        if parts and isinstance(parts[0], Heading):
            first = parts[0]
            first.outline_level, first.outline_key, first.outline_title = self.outline_level, self.outline_key, self.outline_title
        return parts
