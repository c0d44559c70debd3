"""Print-and-play sheets: true-size pieces with crop marks, and large plans tiled over pages.

Everything is placed with a ReportLab canvas in points, at 1:1 scale, so a
piece drawn 2 in wide prints 2 in wide (print at "actual size"). Choices:

* a safe margin of :data:`PAGE_MARGIN` on every side, which home printers can print;
* pieces are packed in rows with :data:`GUTTER` between them and crop marks at
  every corner, outside the piece;
* pieces with a back are printed, in one-sided mode (the default), folded in
  the gutter: fronts on the top half of the sheet, backs mirrored about the
  fold on the bottom half and turned upside down (the gutter-fold convention:
  a fold turns what it brings behind, so a triangle's back lies exactly behind
  its front, not point to base), so folding along the dashed line (printed side
  out) and gluing puts each back behind its front wherever the printer put
  the ink (re-feeding a sheet moves it by millimetres; a fold does not), and
  the cut goes through both layers, which makes the pieces stiffer too; a
  piece whose back is its front is printed once;
* double-sided sheets put each back page right after its front page (on an
  odd page, so it is always a sheet's front), with the backs mirrored left to
  right, so they line up when printed flipping on the long edge; a sheet of
  pieces without backs gets no back page;
* ``bleed`` extends each side's own background colour :data:`BLEED` beyond the
  cut line, so a slightly-off cut shows no white edge, and prints
  registration crosses in the side margins, on both sides where they meet;
* no stroke lies on a cut line: a shape exactly as large as its piece (a
  tile's or coin's outline) is printed filled but not stroked
  (:func:`off_the_cut`), so a cut a hair off shows no dark edge;
* every sheet has a 1 in check square (:func:`check_square`) to measure the
  print scale; every PDF asks viewers to print at 100%
  (``/ViewerPreferences << /PrintScaling /None >>``) and says which sides it
  is printed on (``/Duplex``);
* a plan is printed on one page when it fits there, with the usual margin or
  else with the least margin home printers can print (:data:`TIGHT_MARGIN`);
* a plan larger than a page is tiled, on landscape pages when they take fewer:
  pages overlap by at least :data:`OVERLAP`
  (the windows are spread evenly, and every note gives the true overlap), the
  same alignment crosses appear on both pages of every overlap, each page
  names its place (row and column), and an overview page shows the grid;
* round pieces (coins, discs) bleed as a larger disc, other pieces as a larger
  rectangle;
* a sheet's title and its note share the top line when they fit side by side,
  else the note goes on a line of its own under the title.
"""

from __future__ import annotations

import dataclasses
import io
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ppprint.render.pdfmeta import attach_to_canvas
from ppprint.document.pages import PAPERS
from ppprint.book.styles import ACCENT, MUTED
from ppprint.render.draw import IDENTITY, Drawing, Group, Item, Matrix, Shape, bounds, multiply
from ppprint.render.fonts import SANS, SANS_BOLD, register_fonts
from ppprint.render.pdf import paint

PNP_PAPERS: dict[str, tuple[float, float]] = {**PAPERS, "a5": (148 / 25.4 * inch, 210 / 25.4 * inch), "4x6": (4 * inch, 6 * inch)}
"""The papers print-and-play sheets are printed on: the books' Letter and A4, and A5 and 4 x 6 in (photo paper)."""
PAGE_MARGIN = 0.4 * inch
TIGHT_MARGIN = 0.25 * inch
"""The least margin used, only to fit a plan on one page: most home printers print to within 1/4 in of the edge."""
GUTTER = 0.25 * inch
CROP_MARK = 0.15 * inch
CROP_GAP = 0.04 * inch
BLEED = 0.125 * inch
OVERLAP = 0.5 * inch
HEADER = 0.35 * inch
"""Room at the top of a sheet for its title (and its note, on a second line when the two do not fit on one)."""
TITLE_SIZE, NOTE_SIZE, LEAST_TITLE_SIZE, LEAST_NOTE_SIZE = 11.0, 8.0, 6.5, 6.0
TEXT_SIZE, TEXT_LEADING = 9.5, 13.0
"""The words of a :meth:`PrintAndPlay.text_sheet` (credits, licence, what to print)."""
CHECK_SIZE = 1.0 * inch
CHECK_ROOM = CHECK_SIZE + 0.05 * inch
"""The corner a check square takes on a sheet: the square and the clearance round it."""
CHECK_LABEL = ("1 in / 25.4 mm:", "measure to check", "the print scale")
CHECK_TEXT_SIZE = 6.5
FOLD_GAP = 0.25 * inch
"""Between the crop marks of the fronts and those of the backs of a gutter-fold sheet, the fold in the middle."""
REGISTRATION_INSET = 0.3 * inch
"""How far from the page's side edge a registration cross is centred."""
REGISTRATION_SIZE = 0.08 * inch


@dataclass(frozen=True)
class SheetPiece:
    """One piece to print: its front, optional back, and its background for bleed."""

    front: Drawing
    back: Drawing | None = None
    name: str = ""
    bleed_colour: colors.Color | None = None
    round: bool = False
    """The piece is a disc as wide as its drawing (a coin): it bleeds as a larger disc."""
    back_bleed_colour: colors.Color | None = None
    """The back's background for bleed, when it is not the front's (a tile's grid side)."""

    def bleed_of(self, back: bool) -> colors.Color | None:
        """The bleed colour of a side."""
        return (self.back_bleed_colour or self.bleed_colour) if back else self.bleed_colour

    @property
    def two_faced(self) -> bool:
        """The piece has a back that is not its front, which a one-sided print must fold behind it."""
        return self.back is not None and self.back != self.front

    @property
    def width(self) -> float:
        return self.front.width

    @property
    def height(self) -> float:
        return self.front.height


@dataclass(frozen=True)
class Placement:
    """Where a piece lands on a page (lower-left corner, points)."""

    piece: SheetPiece
    x: float
    y: float


class PrintAndPlay:
    """A print-and-play PDF under construction; sections are bookmarked."""

    def __init__(
        self,
        paper: str,
        title: str,
        author: str,
        subject: str,
        keywords: Sequence[str] = (),
        language: str | None = None,
        double_sided: bool = False,
        rights: str = "",
    ):
        register_fonts()
        self.paper = paper
        self.page_width, self.page_height = PNP_PAPERS[paper]
        self._buffer = io.BytesIO()
        self.canvas = Canvas(self._buffer, pagesize=PNP_PAPERS[paper], invariant=1, initialFontName=SANS, pageCompression=1)  # type: ignore[arg-type]  # a font name; the stubs say float
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject)
        self.canvas.setKeywords(", ".join(keywords))
        self.canvas.setCreator("ppprint")
        attach_to_canvas(
            self.canvas,
            {"title": title, "author": author, "subject": subject, "keywords": list(keywords), "language": language, "rights": rights},
        )
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge" if double_sided else "Simplex")
        self.pages = 0
        self._sections = 0
        self.sections: list[tuple[str, int]] = []
        """Each section's title and first page (from 1), as bookmarked."""

    # -- structure -----------------------------------------------------------------------
    def _bookmark(self, title: str) -> None:
        self.sections.append((title, self.pages + 1))
        self._sections += 1
        key = f"pnp{self._sections}"
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=0)

    def _end_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def _header(self, title: str, note: str = "", margin: float = PAGE_MARGIN) -> None:
        """The sheet's title at the top left and its note at the top right, ``margin`` from the edges; when the
        two would meet, the note goes on a second line (right-aligned), and a title or note too long for the line
        is set smaller (a title still too long is cut short, ending in "…")."""
        c = self.canvas
        top = self.page_height - margin
        room = self.page_width - 2 * margin
        size = TITLE_SIZE
        while size > LEAST_TITLE_SIZE and c.stringWidth(title, SANS_BOLD, size) > room:
            size -= 0.5
        while " " in title and c.stringWidth(title, SANS_BOLD, size) > room:  # cut, word by word, to the line
            title = title.rsplit(" ", 1)[0].rstrip(":,;") + "…"
        c.setFont(SANS_BOLD, size)
        c.setFillColor(ACCENT)
        c.drawString(margin, top - TITLE_SIZE, title)
        if note:
            note_size = NOTE_SIZE
            while note_size > LEAST_NOTE_SIZE and c.stringWidth(note, SANS, note_size) > room:
                note_size -= 0.5
            c.setFont(SANS, note_size)
            c.setFillColor(MUTED)
            together = c.stringWidth(title, SANS_BOLD, size) + 12 + c.stringWidth(note, SANS, note_size) <= room
            c.drawRightString(self.page_width - margin, top - (TITLE_SIZE - 1 if together else TITLE_SIZE + NOTE_SIZE + 2.5), note)

    def finish(self) -> bytes:
        """Close the document and return the PDF."""
        self.canvas.save()
        return self._buffer.getvalue()

    # -- a sheet of words ------------------------------------------------------------------
    def text_sheet(self, title: str, paragraphs: Sequence[str], make: Callable[[float], Drawing] | None = None, caption: str = "") -> None:
        """A page: ``paragraphs`` set in the page's width under the title (each starting a new line, half a
        blank one between; over more pages if they need them), then the picture ``make(1.0)``, drawn for a smaller scale by ``make(scale)`` (its text and
        lines kept legible) when it does not fit the rest of the page at 1:1, with ``caption`` under it."""
        c = self.canvas
        self._bookmark(title)
        width = self.page_width - 2 * PAGE_MARGIN
        top = self.page_height - PAGE_MARGIN - HEADER - TEXT_SIZE
        y = 0.0
        for line in [line for paragraph in paragraphs for line in [*simpleSplit(paragraph, SANS, TEXT_SIZE, width), ""]]:
            if y < PAGE_MARGIN + CHECK_ROOM + TEXT_LEADING:  # the first page, or the words go on over the page
                if y:
                    self._end_page()
                self._header(title if not y else f"(continued) {title}")
                check_square(c, self.page_width - PAGE_MARGIN - CHECK_SIZE, PAGE_MARGIN)
                c.setFillColor(colors.black)
                c.setFont(SANS, TEXT_SIZE)
                y = top
            c.drawString(PAGE_MARGIN, y, line)
            y -= TEXT_LEADING if line else TEXT_LEADING / 2
        if make is not None:
            picture = make(1.0)
            room = y - PAGE_MARGIN - CHECK_ROOM - (TEXT_LEADING if caption else 0.0)
            scale = min(1.0, width / picture.width, room / picture.height)
            if scale > 0.1:
                top = y - TEXT_LEADING / 2
                x0 = PAGE_MARGIN + (width - picture.width * scale) / 2
                small = make(scale) if scale < 1.0 else picture
                paint(c, small, x0, top - picture.height * scale + (picture.height - small.height) * scale, scale)
                if caption:
                    c.setFont(SANS, NOTE_SIZE)
                    c.setFillColor(MUTED)
                    c.drawCentredString(self.page_width / 2, top - picture.height * scale - NOTE_SIZE - 4, caption)
        self._end_page()

    # -- sheets of pieces -----------------------------------------------------------------
    def piece_sheets(self, title: str, pieces: Sequence[SheetPiece], double_sided: bool = False, bleed: bool = False) -> int:
        """Pack ``pieces`` on as many sheets as needed and return the number of pages written: fronts only when
        no piece needs a back, else a front page and its back page each (``double_sided``), else gutter-fold
        sheets (see the module)."""
        if double_sided and any(p.back is not None for p in pieces):
            return self._duplex_sheets(title, pieces, bleed)
        if not double_sided and any(p.two_faced for p in pieces):
            try:
                return self._fold_sheets(title, pieces, bleed)
            except ValueError:  # a piece too large for half the paper: its back sheet follows, to feed back in
                return self._duplex_sheets(title, pieces, bleed, feed=True)
        top = self.page_height - HEADER
        pages = pack(pieces, self.page_width, top, bleed, reserve=self._check_box(PAGE_MARGIN))
        for number, placements in enumerate(pages, start=1):
            if number == 1:
                self._bookmark(title)
            self._header(title, f"sheet {number} of {len(pages)} · print at 100% (actual size)")
            self._piece_page(placements, bleed, back=False)
            self._marks(bleed, (self.page_width - PAGE_MARGIN - CHECK_SIZE, PAGE_MARGIN))
            self._end_page()
        return len(pages)

    def _duplex_sheets(self, title: str, pieces: Sequence[SheetPiece], bleed: bool, feed: bool = False) -> int:
        """Each front page, then its back page mirrored left to right: printed double-sided (the front always on
        an odd page), or, with ``feed``, one-sided with each sheet fed back in for its back."""
        written = 0
        if self.pages % 2 and not feed:
            self._header(f"{title}: the back of the page before", "left blank, so the next fronts print on a sheet's front")
            self._end_page()
            written += 1
        pages = pack(pieces, self.page_width, self.page_height - HEADER, bleed, reserve=self._check_box(PAGE_MARGIN))
        for number, placements in enumerate(pages, start=1):
            if number == 1:
                self._bookmark(title)
            self._header(title, f"sheet {number} of {len(pages)} · fronts{', its back next' if feed else ''} · print at 100% (actual size)")
            self._piece_page(placements, bleed, back=False)
            self._marks(bleed, (self.page_width - PAGE_MARGIN - CHECK_SIZE, PAGE_MARGIN))
            self._end_page()
            how = f": feed sheet {number} back in, blank side to print on, top edge first" if feed else f" of {len(pages)}: print on the back, flip on the long edge"
            self._header(f"{title}: backs", f"BACK of sheet {number}{how}")
            mirrored = [Placement(p.piece, self.page_width - p.x - p.piece.width, p.y) for p in placements]
            self._piece_page(mirrored, bleed, back=True)
            self._marks(bleed, (PAGE_MARGIN, PAGE_MARGIN))
            self._end_page()
            written += 2
        return written

    def _fold_sheets(self, title: str, pieces: Sequence[SheetPiece], bleed: bool) -> int:
        """Fronts on the top half, backs mirrored about the fold on the bottom half, one page a sheet."""
        fold = self._middle()
        floor = fold + FOLD_GAP / 2
        pages = pack(pieces, self.page_width, self.page_height - HEADER, bleed, floor=floor, reserve=self._check_box(floor))
        c = self.canvas
        for number, placements in enumerate(pages, start=1):
            if number == 1:
                self._bookmark(title)
            self._header(title, f"sheet {number} of {len(pages)} · one-sided: fold on the dashes, printed side out; glue; cut")
            self._piece_page(placements, bleed, back=False)
            folded = [Placement(p.piece, p.x, 2 * fold - p.y - p.piece.height) for p in placements]
            self._piece_page(folded, bleed, back=True, upside_down=True)
            self._marks(bleed, (self.page_width - PAGE_MARGIN - CHECK_SIZE, floor))
            words = "fold here, printed side out: fronts above, backs below"
            half = c.stringWidth(words, SANS, NOTE_SIZE) / 2 + 6
            c.saveState()
            c.setStrokeColor(MUTED)
            c.setLineWidth(0.5)
            c.setDash(4, 3)
            c.line(PAGE_MARGIN, fold, self.page_width / 2 - half, fold)
            c.line(self.page_width / 2 + half, fold, self.page_width - PAGE_MARGIN, fold)
            c.restoreState()
            c.setFont(SANS, NOTE_SIZE)
            c.setFillColor(MUTED)
            c.drawCentredString(self.page_width / 2, fold - NOTE_SIZE * 0.35, words)
            self._end_page()
        return len(pages)

    def _middle(self) -> float:
        """The height of the middle of a sheet's room for pieces (between the margins, under the header): a
        gutter-fold sheet's fold."""
        return (self.page_height - HEADER) / 2

    def _check_box(self, floor: float) -> tuple[float, float, float, float]:
        """The bottom-right corner of a sheet's room above ``floor``, kept for its check square."""
        right = self.page_width - PAGE_MARGIN
        return right - CHECK_ROOM, floor, right, floor + CHECK_ROOM

    def _piece_page(self, placements: Sequence[Placement], bleed: bool, back: bool, upside_down: bool = False) -> None:
        """One side of the pieces placed (the backs of those that have one), each turned half a turn if ``upside_down``."""
        for placement in placements:
            piece = placement.piece
            drawing = piece.back if back else piece.front
            if drawing is not None:
                self._draw_piece(drawing, placement.x, placement.y, piece, piece.bleed_of(back) if bleed else None, bleed, upside_down)

    def _marks(self, bleed: bool, check: tuple[float, float]) -> None:
        """A sheet's check square (lower-left corner at ``check``) and, with bleed, its registration crosses: in
        the side margins, 1.5 in above and below the middle, so they meet when mirrored or folded."""
        check_square(self.canvas, *check)
        if bleed:
            middle = self._middle()
            for x in (REGISTRATION_INSET, self.page_width - REGISTRATION_INSET):
                for y in (middle - 1.5 * inch, middle + 1.5 * inch):
                    alignment_cross(self.canvas, x, y, REGISTRATION_SIZE)

    def _draw_piece(
        self, drawing: Drawing, x: float, y: float, piece: SheetPiece, colour: colors.Color | None, bleed: bool, upside_down: bool = False
    ) -> None:
        c = self.canvas
        if colour is not None:
            c.setFillColor(colour)
            if piece.round:
                c.circle(x + piece.width / 2, y + piece.height / 2, piece.width / 2 + BLEED, stroke=0, fill=1)
            else:
                c.rect(x - BLEED, y - BLEED, piece.width + 2 * BLEED, piece.height + 2 * BLEED, stroke=0, fill=1)
        if upside_down:  # half a turn about the piece's centre
            c.saveState()
            c.translate(x + piece.width, y + piece.height)
            c.rotate(180)
            paint(c, off_the_cut(drawing), 0.0, 0.0)
            c.restoreState()
        else:
            paint(c, off_the_cut(drawing), x, y)
        crop_marks(c, x, y, piece.width, piece.height, BLEED if bleed else 0.0)

    # -- plans larger than a page ---------------------------------------------------------------
    def tiled_plan(self, title: str, make: Callable[[float], Drawing], overview: bool = True) -> int:
        """Print the drawing ``make(1.0)`` at true size, its ink (:func:`ink_box`) on the fewest pages: on one
        page when it fits there, else over overlapping pages after an overview drawn for its scale
        (``make(scale)``); the usual margin unless :data:`TIGHT_MARGIN` takes fewer pages, portrait unless
        landscape takes fewer. Return the page count. The bottom :data:`CHECK_ROOM` of every page holds its
        check square."""
        drawing = make(1.0)
        grid, landscape = plan_grid(drawing, self.page_width, self.page_height)
        self._bookmark(title)
        if overview and grid.pages > 1:
            self._overview(title, drawing, make, grid)
        with self._turned(landscape):
            for row in range(grid.rows):
                for column in range(grid.columns):
                    self._plan_page(title, drawing, grid, row, column)
        return grid.pages + (1 if overview and grid.pages > 1 else 0)

    @contextmanager
    def _turned(self, landscape: bool) -> Iterator[None]:
        """The pages begun inside, landscape if ``landscape``; portrait again after."""
        if landscape:
            self.page_width, self.page_height = self.page_height, self.page_width
            self.canvas.setPageSize((self.page_width, self.page_height))
        try:
            yield
        finally:
            if landscape:
                self.page_width, self.page_height = self.page_height, self.page_width
                self.canvas.setPageSize((self.page_width, self.page_height))

    def _overview(self, title: str, drawing: Drawing, make: Callable[[float], Drawing], grid: TileGrid) -> None:
        c = self.canvas
        self._header(f"{title}: overview", f"{grid.shape()}; {grid.overlap_words()}")
        available_w = self.page_width - 2 * PAGE_MARGIN
        available_h = self.page_height - 2 * PAGE_MARGIN - HEADER - CHECK_ROOM
        scale = min(available_w / drawing.width, available_h / drawing.height)
        x0 = PAGE_MARGIN + (available_w - drawing.width * scale) / 2
        y0 = PAGE_MARGIN + CHECK_ROOM + (available_h - drawing.height * scale) / 2
        small = make(scale)
        paint(c, small, x0, y0 + (drawing.height - small.height) * scale, scale)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(0.8)
        c.setDash(4, 3)
        for row in range(grid.rows):
            for column in range(grid.columns):
                wx, wy = grid.window(row, column)
                wx, wy = wx + grid.origin[0], wy + grid.origin[1]
                c.rect(x0 + wx * scale, y0 + wy * scale, grid.window_width * scale, grid.window_height * scale, stroke=1, fill=0)
                c.setFont(SANS_BOLD, 9)
                c.setFillColor(ACCENT)
                c.drawCentredString(x0 + (wx + grid.window_width / 2) * scale, y0 + (wy + grid.window_height / 2) * scale, grid.label(row, column))
        c.setDash()
        check_square(c, self.page_width - PAGE_MARGIN - CHECK_SIZE, PAGE_MARGIN)
        self._end_page()

    def _plan_page(self, title: str, drawing: Drawing, grid: TileGrid, row: int, column: int) -> None:
        c = self.canvas
        place = f"page {grid.label(row, column)} of {grid.rows}x{grid.columns} · " if grid.pages > 1 else ""
        margin = grid.margin
        tight = f" with margins of {_inches(margin)} or less" if margin < PAGE_MARGIN else ""
        self._header(title, f"{place}print at 100% (actual size){tight}", margin)
        wx, wy = grid.window(row, column)
        # The window sits centred across the page, right under the header.
        ox = (self.page_width - grid.window_width) / 2
        oy = self.page_height - HEADER - margin - grid.window_height
        c.saveState()
        if grid.pages > 1:  # a plan on one page is drawn whole
            path = c.beginPath()
            path.rect(ox, oy, grid.window_width, grid.window_height)
            c.clipPath(path, stroke=0, fill=0)
        paint(c, drawing, ox - wx - grid.origin[0], oy - wy - grid.origin[1])
        c.restoreState()
        for mx, my in grid.alignment_marks(row, column):
            alignment_cross(c, ox + mx - wx, oy + my - wy)
        c.setFont(SANS, 7)
        c.setFillColor(MUTED)
        laps = []
        if column > 0:
            laps.append(f"overlaps {grid.label(row, column - 1)} by {_inches(grid.overlap_x)} (left edge)")
        if row > 0:
            laps.append(f"overlaps {grid.label(row - 1, column)} by {_inches(grid.overlap_y)} (top edge)")
        words = "; ".join(laps) + ": trim those edges and lay them over, crosses on crosses"
        for line, text in enumerate(simpleSplit(words, SANS, 7, self.page_width - 2 * margin - CHECK_SIZE - 8) if laps else []):
            c.drawString(ox + 2, oy - 9 - 8.5 * line, text)
        check_square(c, self.page_width - margin - CHECK_SIZE, margin)
        self._end_page()


def _inches(points: float) -> str:
    """A length in inches as a note gives it: ``3.9 in``, ``0.25 in``."""
    return f"{points / inch:.2f}".rstrip("0").rstrip(".") + " in" if points < inch else f"{points / inch:.1f} in".replace(".0 in", " in")


@dataclass(frozen=True)
class TileGrid:
    """How a large drawing is split over pages: windows of the page's printable area, overlapping."""

    width: float
    height: float
    window_width: float
    window_height: float
    columns: int
    rows: int
    margin: float = PAGE_MARGIN
    """The page margin the windows leave (points)."""
    origin: tuple[float, float] = (0.0, 0.0)
    """Where the tiled part starts in the drawing (its lower-left corner, points up from the drawing's)."""

    @classmethod
    def for_drawing(
        cls, width: float, height: float, page_width: float, page_height: float, margin: float = PAGE_MARGIN, origin: tuple[float, float] = (0.0, 0.0)
    ) -> TileGrid:
        """The grid for a ``width`` x ``height`` drawing (or part of one, from ``origin``) on pages of the given
        size (points), ``margin`` on each side."""
        usable_w = page_width - 2 * margin
        usable_h = page_height - 2 * margin
        columns = 1 if width <= usable_w else math.ceil((width - OVERLAP) / (usable_w - OVERLAP))
        rows = 1 if height <= usable_h else math.ceil((height - OVERLAP) / (usable_h - OVERLAP))
        return cls(width, height, min(usable_w, width), min(usable_h, height), columns, rows, margin, origin)

    @property
    def pages(self) -> int:
        return self.rows * self.columns

    @property
    def overlap_x(self) -> float:
        """How far (points) each page's window overlaps the one to its left (0 with one column)."""
        return self.window_width - (self.width - self.window_width) / (self.columns - 1) if self.columns > 1 else 0.0

    @property
    def overlap_y(self) -> float:
        """How far (points) each page's window overlaps the one above it (0 with one row)."""
        return self.window_height - (self.height - self.window_height) / (self.rows - 1) if self.rows > 1 else 0.0

    def shape(self) -> str:
        """``4 pages: 2 rows of 2`` (in words, singular where one)."""
        def count(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 's'}"

        return f"{count(self.pages, 'page')}: {count(self.rows, 'row')} of {count(self.columns, 'page')}"

    def overlap_words(self) -> str:
        """The true overlaps of neighbouring pages, side by side and top to bottom."""
        parts = []
        if self.columns > 1:
            parts.append(f"side by side {_inches(self.overlap_x)}")
        if self.rows > 1:
            parts.append(f"top to bottom {_inches(self.overlap_y)}")
        return "pages overlap " + (" and ".join(parts) if parts else "nowhere")

    def window(self, row: int, column: int) -> tuple[float, float]:
        """Lower-left corner of a page's window in drawing points; row 0 is the top row.

        Windows are spread evenly, so every overlap is the same (and at least :data:`OVERLAP`).
        """
        x = column * (self.width - self.window_width) / (self.columns - 1) if self.columns > 1 else 0.0
        y_from_top = row * (self.height - self.window_height) / (self.rows - 1) if self.rows > 1 else 0.0
        return x, self.height - y_from_top - self.window_height

    def label(self, row: int, column: int) -> str:
        """``A1`` is the top-left page; letters are rows, numbers columns."""
        return f"{chr(ord('A') + row)}{column + 1}"

    def alignment_marks(self, row: int, column: int) -> list[tuple[float, float]]:
        """Crosses in the middle of each overlap this page shares, in drawing points.

        A mark at the same drawing point is printed on both pages of an overlap, so
        laying one over the other until the crosses meet aligns the plan exactly.
        """
        wx, wy = self.window(row, column)
        marks = []
        for other in (column - 1, column + 1):
            if 0 <= other < self.columns:
                ox, _ = self.window(row, other)
                low, high = max(wx, ox), min(wx, ox) + self.window_width
                marks += [((low + high) / 2, wy + self.window_height * f) for f in (0.25, 0.75)]
        for other in (row - 1, row + 1):
            if 0 <= other < self.rows:
                _, oy = self.window(other, column)
                low, high = max(wy, oy), min(wy, oy) + self.window_height
                marks += [(wx + self.window_width * f, (low + high) / 2) for f in (0.25, 0.75)]
        return marks


def pack(
    pieces: Sequence[SheetPiece],
    page_width: float,
    page_height: float,
    bleed: bool = False,
    floor: float = PAGE_MARGIN,
    reserve: tuple[float, float, float, float] | None = None,
) -> list[list[Placement]]:
    """Shelf-pack pieces in the given order on pages of the given printable size, above ``floor`` and clear of
    the box ``reserve`` (left, bottom, right, top: a check square's corner)."""
    gap = GUTTER + (2 * BLEED if bleed else 0)
    reach = CROP_GAP + CROP_MARK + (BLEED if bleed else 0)  # how far crop marks (and bleed) reach past a piece
    left, top = PAGE_MARGIN + reach, page_height - PAGE_MARGIN - reach
    right, bottom = page_width - PAGE_MARGIN - reach, floor + reach
    pages: list[list[Placement]] = [[]]
    x, y, shelf = left, top, 0.0
    for piece in pieces:
        if piece.width > right - left or piece.height > top - bottom:
            raise ValueError(f"piece '{piece.name}' ({piece.width / inch:.2f} x {piece.height / inch:.2f} in) does not fit on the page")
        while True:
            if x + piece.width > right:
                x, y, shelf = left, y - shelf - gap, 0.0
            if y - piece.height < bottom:
                if not pages[-1]:
                    raise ValueError(f"piece '{piece.name}' does not fit on the page beside its check square")
                pages.append([])
                x, y, shelf = left, top, 0.0
            if reserve is None or not _meets(reserve, (x - reach, y - piece.height - reach, x + piece.width + reach, y + reach)):
                break
            x, shelf = right, max(shelf, gap)  # the next shelf, or further down, clears the reserved box
        pages[-1].append(Placement(piece, x, y - piece.height))
        x += piece.width + gap
        shelf = max(shelf, piece.height)
    return [page for page in pages if page]


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (left, bottom, right, top) overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def plan_grid(drawing: Drawing, page_width: float, page_height: float) -> tuple[TileGrid, bool]:
    """How :meth:`PrintAndPlay.tiled_plan` tiles ``drawing`` on portrait pages of the given size, and whether
    it turns them landscape: its ink on the fewest pages, then with the wider margin, then portrait."""
    x0, y0, x1, y1 = ink_box(drawing)
    choices = []
    for landscape in (False, True):
        width, height = (page_height, page_width) if landscape else (page_width, page_height)
        for margin in (PAGE_MARGIN, TIGHT_MARGIN):
            grid = TileGrid.for_drawing(x1 - x0, y1 - y0, width, height - HEADER - CHECK_ROOM, margin, origin=(x0, y0))
            choices.append((grid.pages, -margin, landscape, grid))
    _, _, landscape, grid = min(choices, key=lambda choice: choice[:3])
    return grid, landscape


def ink_box(drawing: Drawing, pad: float = 4.0) -> tuple[float, float, float, float]:
    """The part of ``drawing`` that prints (its shapes and texts, ``pad`` points round them for strokes), as
    left, bottom, right, top, points up from its lower-left corner: a plan is tiled without its blank margin."""
    boxes = [box for _, box in bounds(drawing.items)]
    if not boxes:
        return 0.0, 0.0, drawing.width, drawing.height
    left, right = max(0.0, min(b[0] for b in boxes) - pad), min(drawing.width, max(b[2] for b in boxes) + pad)
    top, bottom = max(0.0, min(b[1] for b in boxes) - pad), min(drawing.height, max(b[3] for b in boxes) + pad)
    return left, drawing.height - bottom, right, drawing.height - top


def off_the_cut(drawing: Drawing) -> Drawing:
    """``drawing`` with no stroke on its edge: a shape exactly as large as the drawing (the outline of a tile
    or a coin) is filled but not stroked, so a cut a hair off leaves no dark line."""
    edge = (0.0, 0.0, drawing.width, drawing.height)

    def strip(items: Sequence[Item], matrix: Matrix) -> list[Item]:
        kept: list[Item] = []
        for item in items:
            if isinstance(item, Group):
                kept.append(dataclasses.replace(item, items=tuple(strip(item.items, multiply(matrix, item.matrix)))))
            elif isinstance(item, Shape) and item.paint.stroke is not None and all(abs(a - b) < 0.5 for a, b in zip(bounds([item], matrix)[0][1], edge)):
                kept.append(dataclasses.replace(item, paint=dataclasses.replace(item.paint, stroke=None)))
            else:
                kept.append(item)
        return kept

    return Drawing(drawing.width, drawing.height, strip(drawing.items, IDENTITY), drawing.title, drawing.description)


def crop_marks(c: Canvas, x: float, y: float, width: float, height: float, offset: float = 0.0) -> None:
    """Short hairlines at each corner, just outside the cut line (and outside the bleed)."""
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.3)
    start = CROP_GAP + offset
    for cx, dx in ((x, -1), (x + width, 1)):
        for cy, dy in ((y, -1), (y + height, 1)):
            c.line(cx + dx * start, cy, cx + dx * (start + CROP_MARK), cy)
            c.line(cx, cy + dy * start, cx, cy + dy * (start + CROP_MARK))
    c.restoreState()


def alignment_cross(c: Canvas, x: float, y: float, size: float = 0.12 * inch) -> None:
    """A registration cross in a circle."""
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.4)
    c.line(x - size, y, x + size, y)
    c.line(x, y - size, x, y + size)
    c.circle(x, y, size * 0.6, stroke=1, fill=0)
    c.restoreState()


def check_square(c: Canvas, x: float, y: float) -> None:
    """A 1 in square to measure the print scale by, lower-left corner at ``(x, y)``, its label inside."""
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.5)
    c.rect(x, y, CHECK_SIZE, CHECK_SIZE, stroke=1, fill=0)
    c.setFont(SANS, CHECK_TEXT_SIZE)
    c.setFillColor(colors.black)
    for line, text in enumerate(CHECK_LABEL):
        c.drawCentredString(x + CHECK_SIZE / 2, y + CHECK_SIZE / 2 + CHECK_TEXT_SIZE * (1.2 - 1.3 * line), text)
    c.restoreState()
