"""Figures that float: each is placed at the first good place at or after where the text puts it.

A figure (its key, drawing and caption: a :class:`FigureBlock`, never split)
goes where the rules text places it if it fits there. If it does not, it may
print a little smaller (down to :data:`MIN_SHRINK` of its size) or with its
panels in another number of columns; failing that it waits, the text that
follows fills the page, and the figure opens the next page. No figure prints
below the book's floor scale (:attr:`FloatingFigure.floor`) where the frame's
width allows it: its panels reflow, or it waits, instead. A figure narrow
enough (:data:`SIDE_SHARE` of the text width) sits beside the paragraphs that
follow it: in the room their measure leaves at the right of the frame
(:attr:`FloatingTemplate.text_indent`) where it fits there, else with the text
ending short of it. Waiting figures keep their order, so figures are numbered in
the order they are printed and every ``ref()`` ("Figure 3") stays true; no figure
waits past a :class:`FloatBarrier` (the end of the rules, the end of the book).
A figure due on a page that has begun (cited on the page before) may print
smaller still, below the text already there: down to the book's floor scale.
A figure in :attr:`FloatingTemplate.early` (one that printed late, or crowded a
figure after it off its page, in an earlier layout) goes just before the text that
first cites it, where both fit on the page, rather than where the text places it;
one in :attr:`FloatingTemplate.tops` (one that left a page too blank, waiting) at
the top of that page.

The end of the book (:class:`KeepTail`) fills the page before the last: its
last list goes on item by item, a paragraph line by line, so long as the last
page still holds its share.

Everything is decided from the sizes of the flowables alone, so the same book
always comes out the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.platypus import ActionFlowable, BaseDocTemplate, Flowable, Frame, FrameBreak, ImageAndFlowables, KeepTogether, ListFlowable, Paragraph

from ppprint.book.paragraph import LAYOUT_LOG, Heading, Placed, TextParagraph, log_placed
from ppprint.book.reportlab_state import (
    at_top,
    available_width,
    contents,
    cursor_y,
    flowables_on_page,
    forget_postponed,
    frame_of,
    is_page_top,
    space_after_last,
)

MIN_SHRINK = 0.8
"""A figure may print at this share of its size, at least, to fit where the text places it."""
SIDE_SHARE = 0.5
"""A figure at most this share of the text width may sit beside the text that follows it."""
SIDE_GAP = 14.0
"""Points between a figure beside the text and the text."""
SIDE_TEXT = 0.6
"""A figure sits beside text only if that text is at least this share of the figure's height."""
SPACE_BEFORE = 4.0
HEADING_FOOT = 0.15
"""A heading this share of the frame's height from its foot, or nearer, moves on with its whole paragraph."""
REFLOW_GAIN = 1.1
"""A figure is set in fewer columns than its own when that prints it at least this much larger."""
_BIG = 1e6


PartMaker = Callable[[int, float | None, float, float], Any]
"""``make(columns, max_width, max_height, least)``: the figure's picture with its panels in ``columns``
columns, at most ``max_width`` wide and ``max_height`` tall but never below the print scale ``least``
where the width it is given allows."""


class FigureBlock(Flowable):
    """A figure's key rows, picture and caption stacked and centred: one block, never split."""

    def __init__(self, part: Any, caption: Paragraph, key: Sequence[Flowable] = (), width: float | None = None):
        super().__init__()
        self.part = part
        self.caption = caption
        self.key = list(key)
        self.fixed_width = width
        self.spaceBefore = SPACE_BEFORE
        self.spaceAfter = caption.style.spaceAfter
        self._placed: list[tuple[Flowable, float, float]] = []

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        width = available_width if self.fixed_width is None else min(available_width, self.fixed_width)
        placed, y = [], 0.0
        rows = [(row, 2.0 if index else 0.0) for index, row in enumerate(self.key)]
        for flowable, gap in [*rows, (self.part, 2.0 if self.key else 0.0), (self.caption, self.caption.style.spaceBefore)]:
            w, h = flowable.wrap(width, _BIG)
            y += gap
            placed.append((flowable, (width - w) / 2 if flowable is not self.caption else 0.0, y + h))
            y += h
        self._placed = placed
        self.width, self.height = width, y
        return width, y

    def draw(self) -> None:
        log_placed(self.canv, "drawing", self.caption.getPlainText(), 0.0, self.height, scale=float(getattr(self.part, "scale", 0.0)))
        for flowable, x, bottom in self._placed:
            flowable.drawOn(self.canv, x, self.height - bottom)

    # ImageAndFlowables sizes its picture through these (an Image's); a block keeps its size.
    def _restrictSize(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _unRestrictSize(self) -> None:
        pass


class FloatingFigure(Flowable):
    """A figure the rules text places here; a :class:`FloatingTemplate` finds it its place.

    Anywhere else (inside a box) it is simply its block at its natural size.
    """

    def __init__(
        self,
        make: PartMaker,
        caption: Callable[[], Paragraph],
        key: Callable[[float], list[Flowable]] | None = None,
        columns: int = 1,
        panels: int = 1,
        max_width: float | None = None,
        max_height: float = _BIG,
        name: str = "",
        number: int = 0,
        floor: float = 0.0,
        page_height: float = _BIG,
    ):
        super().__init__()
        self.name = name
        self.number = number
        """Its figure number (what the text cites: "Figure 3")."""
        self.floor = floor
        """The smallest print scale it prints at (its picture's, where a page is wide and tall enough)."""
        self.page_height = page_height
        """The height of a page's frame: no block is taller."""
        self.make = make
        self.make_caption = caption
        self.make_key = key or (lambda width: [])
        self.columns = columns
        self.panels = panels
        self.max_width = max_width
        self.max_height = max_height
        self._natural: dict[float, FigureBlock] = {}
        self._unit: dict[int, tuple[float, float]] = {}
        self._block: FigureBlock | None = None

    def block(
        self,
        width: float,
        columns: int | None = None,
        max_height: float | None = None,
        narrow: float | None = None,
        max_width: float | None = None,
        least: float | None = None,
    ) -> FigureBlock:
        """The block in ``width`` (``narrow``: the block's own width, beside text), its picture at
        most ``max_height`` tall and ``max_width`` wide, or at the print scale ``least`` (the
        :attr:`floor` unless given) where that is larger."""
        inner = narrow or width
        limit = min(self.max_height, max_height if max_height is not None else _BIG)
        widest = min(w for w in (self.max_width, max_width) if w is not None) if (self.max_width or max_width) else None
        part = self.make(columns or self.columns, widest, limit, self.floor if least is None else least)
        block = FigureBlock(part, self.make_caption(), self.make_key(inner), narrow)
        block.wrap(width, _BIG)
        return block

    def natural(self, width: float) -> FigureBlock:
        """The block as the figure asks for it, as large as the page allows: in its own columns, or in
        fewer (one panel a row, in a narrow page) where that prints its panels larger. Where its own
        columns print it below the :attr:`floor`, or at the floor taller than a page, in the columns
        that print it largest on a page: at the floor if any can."""
        if width not in self._natural:
            best = self.block(width)
            for columns in range(1, self.columns):
                unit_w, unit_h = self.unit(columns)
                estimate = min(1.0, min(width, self.max_width or width) / unit_w, self.max_height / unit_h)
                if estimate > best.part.scale * REFLOW_GAIN:
                    block = self.block(width, columns)
                    if block.part.scale > best.part.scale * REFLOW_GAIN:
                        best = block
            if best.part.scale < self.floor - 1e-9 or best.height > self.page_height:
                choices = [self.block(width, columns, least=least) for least in (self.floor, 0.0) for columns in range(1, self.panels + 1)]
                best = max((block for block in choices if block.height <= self.page_height), key=lambda block: block.part.scale, default=best)
            self._natural[width] = best
        return self._natural[width]

    def fit(self, width: float, room: float, squeeze: bool = False) -> FigureBlock | None:
        """The block at its natural size if it fits in ``room``, else the largest smaller or reflowed
        block that still prints its panels at :data:`MIN_SHRINK` of their natural scale (``squeeze``,
        a figure that must print on this page: at its :attr:`floor`), never below the floor, else ``None``."""
        natural = self.natural(width)
        if natural.height <= room:
            return natural
        part_scale = natural.part.scale
        least = min(part_scale, max(self.floor, 0.0 if squeeze else MIN_SHRINK * part_scale))
        fixed = natural.height - natural.part.height
        best: FigureBlock | None = None
        choices = [self.columns, *(c for c in range(1, self.panels + 1) if c != self.columns)]
        for columns in choices:
            unit_w, unit_h = self.unit(columns)
            limit_w = min(width, self.max_width or width)
            estimate = min(1.0, limit_w / unit_w, (room - fixed) / unit_h)
            if estimate < least - 1e-9 or (best is not None and estimate <= best.part.scale):
                continue
            block = self.block(width, columns, room - fixed)
            for _ in range(2):
                # Text and strokes kept legible at a smaller scale may make it a little taller than asked.
                if block.height <= room:
                    break
                block = self.block(width, columns, room - fixed - (block.height - room) - 0.5)
            if block.height <= room and block.part.scale >= least - 1e-9:
                if best is None or block.part.scale > best.part.scale:
                    best = block
        return best

    def beside(self, width: float) -> FigureBlock | None:
        """The block beside the text, at most :data:`SIDE_SHARE` of ``width`` wide (printed at
        :data:`MIN_SHRINK` of its size and its :attr:`floor` at least), else ``None``."""
        natural = self.natural(width)
        limit = SIDE_SHARE * width
        if natural.part.width * MIN_SHRINK > limit:
            return None
        narrow = min(natural.part.width, limit)
        block = self.block(width, narrow=narrow, max_width=narrow)
        if max(block.width, block.part.width) > limit or block.part.scale < max(MIN_SHRINK * natural.part.scale, min(self.floor, natural.part.scale)) - 1e-9:
            return None
        return block

    def unit(self, columns: int) -> tuple[float, float]:
        """The picture's size at print scale 1 with its panels in ``columns`` columns."""
        if columns not in self._unit:
            part = self.make(columns, None, _BIG, 0.0)
            part.wrap(_BIG, _BIG)
            self._unit[columns] = (part.width / part.scale, part.height / part.scale)
        return self._unit[columns]

    # Anywhere a template does not float it, the figure is its natural block.
    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._block = self.natural(available_width)
        self.width, self.height = self._block.width, self._block.height
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        return SPACE_BEFORE

    def getSpaceAfter(self) -> float:
        return self._block.spaceAfter if self._block else 0.0

    def draw(self) -> None:
        assert self._block is not None
        log_placed(self.canv, "figure", self.make_caption().getPlainText(), 0.0, self.height)
        self._block.drawOn(self.canv, 0, 0)


class Keep(KeepTogether):
    """Flowables kept on one page (a heading and what follows it, a short table), unless that would
    leave more than ``gap`` of the page blank: then they start here and the last one is split."""

    def __init__(self, flowables: Sequence[Flowable], gap: float = 0.25):
        self.flowables = list(flowables)
        """What it keeps together (the list ReportLab's ``KeepTogether`` lays out)."""
        super().__init__(self.flowables)
        self.gap = gap

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(available_width, available_height)
        if not parts or not isinstance(parts[0], type(FrameBreak)):
            return parts
        frame = frame_of(self)
        content = list(self.flowables)
        if frame is not None and available_height > self.gap * frame.height:
            used = sum(f.wrapOn(self.canv, available_width, _BIG)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in content[:-1])
            # The last one's first part is measured with its space before, and placed as measured
            # (left to the frame, a text it cannot split there would leave the heading alone).
            room = available_height - used - content[-1].getSpaceBefore()
            # Never a heading in the foot of a page with only the start of its paragraph.
            if room > HEADING_FOOT * frame.height:
                pieces = content[-1].splitOn(self.canv, available_width, room)
                # (A keep inside, a short table, splits as a frame break before itself: that is no first part.)
                if len(pieces) > 1 and not isinstance(pieces[0], type(FrameBreak)) and pieces[0].wrapOn(self.canv, available_width, room)[1] <= room:
                    return [*content[:-1], *pieces]
        # Moved on whole, and kept together there too: the split let go of keepWithNext, and
        # figures waiting for the next page may go first, which could leave a heading alone again.
        return [parts[0], Keep(content, self.gap)]


class FloatBarrier(Flowable):
    """No waiting figure goes past this point (the end of the rules; the end of the book)."""

    _ZEROSIZE = 1

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        pass


_CITATION = re.compile(r"Figure\s+(\d+)")


def _foot(frame: Frame) -> float:
    """The lowest a flowable may reach in ``frame``, from the page's foot: the frame's foot and bottom padding."""
    return frame.y1 + frame.bottomPadding


def _continues(flowable: Flowable) -> bool:
    """Whether ``flowable`` is the rest of a paragraph begun on an earlier page."""
    return isinstance(flowable, TextParagraph) and not flowable.first_part


def _is_text(flowable: Flowable) -> bool:
    return isinstance(flowable, (Paragraph, ListFlowable)) and not isinstance(flowable, Heading)


class FloatingTemplate(BaseDocTemplate):
    """A document template that floats :class:`FloatingFigure` s (see the module's notes)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, keepTogetherClass=Keep, **kwargs)
        self._waiting: list[FloatingFigure] = []
        self._waiting_on_page: int | None = None
        self._barriers = 0
        self.blank_shares: list[float] = []
        """The blank share at the foot of each page's frame, as laid out (page 1 first)."""
        self.chapter_pages: set[int] = set()
        """Pages that open with a heading of the back matter (after the rules' float barrier)."""
        self.waited_on: dict[str, int] = {}
        """The page on which each figure that had to wait (leaving its room to text) first waited."""
        self.due: dict[str, int] = {}
        """The page each figure should print on at the latest: the page after its first citation."""
        self._cited: dict[int, int] = {}
        self.layout_log: list[Placed] | None = None
        """Set to a list before ``build``: where each paragraph part, caption and figure marker lands."""
        self.early: dict[int, int] = {}
        """Figures (by number) placed just before the text that first cites them, from the page given
        on, rather than where the text places them (see the module's notes)."""
        self.tops: dict[int, int] = {}
        """Figures (by number) placed at the top of the page given, ahead of the text there (one that
        left that page too blank, waiting, in an earlier layout)."""
        self.text_indent = 0.0
        """How far short of the frame's right edge body text ends (its styles' ``rightIndent``): the
        room a figure beside the text takes before the text must end sooner."""

    def handle_documentBegin(self) -> None:
        setattr(self.canv, LAYOUT_LOG, self.layout_log)
        super().handle_documentBegin()

    def _due_by(self, figure: FloatingFigure) -> None:
        """The text reaches ``figure``: it is due on the page after its first citation (or this one)."""
        self.due.setdefault(figure.name, min(self._cited.get(figure.number, self.page), self.page) + 1)

    def _log_marker(self, figure: FloatingFigure) -> None:
        """Where the text places ``figure`` (the page it is on when the text reaches it)."""
        if self.layout_log is not None:
            y = cursor_y(self.frame)
            self.layout_log.append(Placed(self.page, "figure", figure.make_caption().getPlainText(), y, y))

    def build(self, flowables: list[Flowable], *args: Any, **kwargs: Any) -> None:
        self._waiting, self._waiting_on_page, self._barriers = [], None, 0
        self.blank_shares, self.chapter_pages, self.waited_on = [], set(), {}
        self.due, self._cited = {}, {}
        super().build([*flowables, FloatBarrier()], *args, **kwargs)

    def handle_pageEnd(self) -> None:
        frame = self.frame
        height = (frame.y1 + frame.height) - frame.topPadding - _foot(frame)
        blank = 1.0 if at_top(frame) else (cursor_y(frame) + space_after_last(frame) - _foot(frame)) / height
        self.blank_shares.append(float(blank))
        super().handle_pageEnd()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Heading) and self._barriers and flowable.outline_level == 0 and flowables_on_page(self) == 1:
            self.chapter_pages.add(self.page)
        super().afterFlowable(flowable)

    def too_blank(self, most: float) -> list[tuple[int, float]]:
        """Pages (from 1) more than ``most`` blank at the foot, except the last page and the last
        page of a chapter (a page followed by one that opens the back matter)."""
        last = len(self.blank_shares)
        return [
            (number, share)
            for number, share in enumerate(self.blank_shares, start=1)
            if share > most and number != last and number + 1 not in self.chapter_pages
        ]

    def _room(self) -> float:
        frame = self.frame
        space = 0.0 if at_top(frame) else max(SPACE_BEFORE - space_after_last(frame), 0.0)
        return float(cursor_y(frame) - _foot(frame) - space - 1.0)

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        first = flowables[0]
        if is_page_top(self, flowables) or isinstance(first, ActionFlowable) or getattr(self, "frame", None) is None:
            super().handle_flowable(flowables)
            return
        if isinstance(first, Paragraph) and not isinstance(first, Heading):
            for number in _CITATION.findall(first.getPlainText()):
                self._cited.setdefault(int(number), self.page)
        if self._pull_early(flowables):
            return
        if isinstance(first, FloatingFigure):
            self._log_marker(first)
            self._due_by(first)
            self._waiting.append(first)
            del flowables[0]
            return
        barrier = isinstance(first, FloatBarrier) or bool(getattr(first, "holds_figure", False))
        placed_already = isinstance(first, (FigureBlock, ImageAndFlowables))
        if self._waiting and not placed_already and self._place_waiting(flowables, barrier):
            super().handle_flowable(flowables)
            return
        if isinstance(first, FloatBarrier):
            flowables.pop(0)
            self._barriers += 1
            return
        self._keep_heading_with_figure(flowables)
        super().handle_flowable(flowables)

    def _pull_early(self, flowables: list[Flowable]) -> bool:
        """Move the markers of the :attr:`early` figures that the first flowable (and what it keeps with
        it: a heading's paragraph) cites, where the figures and that text fit on this page together, or
        of the :attr:`tops` of this page at its top, and of every figure before them, to the front of
        ``flowables``; ``False`` when it moves none."""
        frame = self.frame
        chain = 0
        while chain + 1 < len(flowables) and flowables[chain].getKeepWithNext():  # type: ignore[no-untyped-call]
            chain += 1
        texts = [text for flowable in flowables[: chain + 1] for text in contents(flowable) if isinstance(text, Paragraph)]
        cited = {int(number) for text in texts for number in _CITATION.findall(text.getPlainText())}
        wanted = {number for number in cited if self.early.get(number, self.page + 1) <= self.page}
        topped = {number for number, page in self.tops.items() if page == self.page} if at_top(frame) else set()
        last = max((index for index, flowable in enumerate(flowables) if isinstance(flowable, FloatingFigure) and flowable.number in wanted | topped), default=None)
        if last is None or last <= chain:
            return False
        markers = [flowable for flowable in flowables[: last + 1] if isinstance(flowable, FloatingFigure)]
        width = available_width(frame)
        need = sum(marker.natural(width).height + SPACE_BEFORE for marker in markers)
        need += sum(flowable.wrapOn(self.canv, width, _BIG)[1] + flowable.getSpaceBefore() for flowable in flowables[: chain + 1])
        if not (topped & {marker.number for marker in markers}) and need > self._room():
            return False
        flowables[: last + 1] = [*markers, *(flowable for flowable in flowables[: last + 1] if not isinstance(flowable, FloatingFigure))]
        return True

    def handle_keepWithNext(self, flowables: list[Flowable]) -> None:
        chain = 0
        while chain < len(flowables) and flowables[chain].getKeepWithNext():  # type: ignore[no-untyped-call]
            chain += 1
        if chain and chain < len(flowables) and isinstance(flowables[chain], ListFlowable):
            # A list cannot be kept with what comes before it, its items can: a heading keeps its first item.
            flowables[chain : chain + 1] = flowables[chain].splitOn(self.canv, available_width(self.frame), _BIG)
        if chain and chain < len(flowables) and isinstance(flowables[chain], KeepTogether):
            # Nor can a keep (ReportLab leaves containers out of a keepWithNext chain, which left a heading or
            # a table's lead-in alone at a page's foot): what leads into it joins it.
            for flowable in flowables[:chain]:
                flowable.__dict__["keepWithNext"] = 0
            flowables[: chain + 1] = [Keep([*flowables[:chain], *contents(flowables[chain])])]
            return
        super().handle_keepWithNext(flowables)  # which keeps a chain together in a Keep (keepTogetherClass)

    def _place_waiting(self, flowables: list[Flowable], barrier: bool) -> bool:
        """Put the first waiting figure at the front of ``flowables`` if this is a good place for it.

        The tail of a paragraph cut at the foot of the last page goes first (a figure never cuts a
        sentence). A figure due on this page (:attr:`due`) shrinks to its floor rather than wait."""
        frame = self.frame
        topmost = at_top(frame)
        if topmost and not barrier and flowables and _continues(flowables[0]):
            return False
        figure = self._waiting[0]
        due = self.due.get(figure.name, self.page + 1) <= self.page
        if not (barrier or topmost or due) and self._waiting_on_page == self.page:
            return False
        width = available_width(frame)
        room = self._room()
        placed: Flowable | None = self._beside_text(figure, width, room, flowables)
        if placed is None:
            placed = figure.fit(width, room, squeeze=due)
        if placed is None:
            if not (barrier or topmost):
                self._waiting_on_page = self.page
                self.waited_on.setdefault(figure.name, self.page)
                return False
            if barrier and not topmost:
                self.waited_on.setdefault(figure.name, self.page)
            placed = figure.fit(width, room, squeeze=True) or figure.natural(width)
        self._waiting.pop(0)
        self._waiting_on_page = None
        if flowables:
            # It was put off to this page, and now a figure goes first: it may be put off again.
            forget_postponed(flowables[0])
        flowables.insert(0, placed)
        return True

    def _beside_text(self, figure: FloatingFigure, width: float, room: float, flowables: list[Flowable]) -> Flowable | None:
        """The figure beside the paragraphs that follow, when it is narrow and they are long enough."""
        texts = []
        for flowable in flowables:
            if not _is_text(flowable):
                break
            texts.append(flowable)
        if not texts:
            return None
        block = figure.beside(width)
        if block is None or block.height > room:
            return None
        # The text keeps its measure where the figure fits in the room it leaves, else it ends
        # SIDE_GAP short of the figure (its right indent is counted in the padding).
        padding = max(SIDE_GAP - self.text_indent, -block.width)
        column = width - block.width - padding
        height = 0.0
        for text in texts:
            height += text.wrapOn(self.canv, column, _BIG)[1] + text.getSpaceAfter()
        if height < SIDE_TEXT * block.height:
            return None
        del flowables[: len(texts)]
        picture: Any = block  # it sizes itself like an Image (see FigureBlock._restrictSize)
        return ImageAndFlowables(picture, texts, imageLeftPadding=padding, imageRightPadding=0, imageBottomPadding=block.spaceAfter)

    def _keep_heading_with_figure(self, flowables: list[Flowable]) -> None:
        """A heading directly before a figure: keep them together if the figure fits under it now,
        else let the figure wait after the heading's first paragraph (a heading never ends a page);
        a heading with nothing but its figure under it goes on to the next page with it."""
        chain = 0
        while chain < len(flowables) and not isinstance(flowables[chain], FloatingFigure) and flowables[chain].getKeepWithNext():  # type: ignore[no-untyped-call]
            chain += 1
        if chain == 0 or chain >= len(flowables) or not isinstance(flowables[chain], FloatingFigure):
            return
        figure = flowables[chain]
        assert isinstance(figure, FloatingFigure)
        self._log_marker(figure)
        width = available_width(self.frame)
        if not self._waiting:
            used = sum(f.wrapOn(self.canv, width, _BIG)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables[:chain])
            block = figure.fit(width, self._room() - used)
            if block is not None:
                self._due_by(figure)
                flowables[chain] = block
                return
        end = chain
        while end < len(flowables) and isinstance(flowables[end], FloatingFigure):
            end += 1
        after = flowables[end] if end < len(flowables) else None
        if not self._waiting and (after is None or isinstance(after, FloatBarrier) or after.getKeepWithNext()):  # type: ignore[no-untyped-call]
            # The heading holds nothing but its figure (the next heading follows): they go on together.
            flowables[: chain + 1] = [Keep([*flowables[:chain], figure.natural(width)])]
            return
        if end < len(flowables) and not isinstance(flowables[end], FloatBarrier):
            run = flowables[chain:end]
            del flowables[chain:end]
            flowables[chain + 1 : chain + 1] = run
        else:
            self._due_by(figure)
            flowables[chain] = figure.natural(width)


class KeepTail(Flowable):
    """The end of a book, split only where at least ``tail`` points of it go on to the last page,
    so the last page is never a stray line or two."""

    def __init__(self, content: Sequence[Flowable], tail: float):
        super().__init__()
        self.content = list(content)
        self.tail = tail

    def _heights(self, width: float) -> list[float]:
        heights = []
        for index, flowable in enumerate(self.content):
            _, height = flowable.wrapOn(self.canv, width, _BIG)
            heights.append(height + (flowable.getSpaceBefore() if index else 0.0) + flowable.getSpaceAfter())
        return heights

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # Like KeepTogether: never drawn whole, always split into its content (so headings inside
        # still become bookmarks).
        self.width, self.height = available_width, float(0xFFFFFF)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return self._split(available_width, available_height, frame_of(self))

    def _split(self, available_width: float, available_height: float, frame: Frame | None) -> list[Flowable]:
        heights = self._heights(available_width)
        total = sum(heights)
        if total <= available_height:
            return list(self.content)
        used, cut = 0.0, 0
        for index, height in enumerate(heights):
            if used + height > available_height or total - used - height < self.tail:
                break
            used += height
            cut = index + 1
        while cut and self.content[cut - 1].getKeepWithNext():  # type: ignore[no-untyped-call]
            cut -= 1  # a heading goes on with what it heads
        if cut < len(self.content) and isinstance(self.content[cut], ListFlowable) and not self.content[cut].getKeepWithNext():  # type: ignore[no-untyped-call]
            # A list goes on item by item (the first items fill this page), as it would outside.
            items = self.content[cut].splitOn(self.canv, available_width, available_height)
            if len(items) > 1:
                flat = KeepTail([*self.content[:cut], *items, *self.content[cut + 1 :]], self.tail)
                flat.canv = self.canv
                return flat._split(available_width, available_height, frame)
        parts = self._split_paragraph(cut, available_width, available_height - sum(heights[:cut]), total - sum(heights[: cut + 1]))
        if parts is not None:
            return parts
        if cut == 0:
            # Nothing can go on this page without leaving too little for the last page: start a
            # new page, unless this is one (then the content simply flows).
            return list(self.content) if frame is not None and at_top(frame) else []
        return [*self.content[:cut], KeepTail(self.content[cut:], self.tail)]

    def _split_paragraph(self, cut: int, width: float, room: float, after: float) -> list[Flowable] | None:
        """The paragraph at ``cut`` split to fill the rest of this page (``room``), when what goes on
        with the flowables after it (``after`` points) still makes ``tail``; else ``None``."""
        if cut >= len(self.content):
            return None
        flowable = self.content[cut]
        if not isinstance(flowable, Paragraph) or flowable.getKeepWithNext():  # type: ignore[no-untyped-call]
            return None
        room -= flowable.getSpaceBefore() if cut else 0.0
        if room <= 0:
            return None
        pieces: list[Flowable] = flowable.splitOn(self.canv, width, room)
        if len(pieces) != 2 or pieces[0].wrapOn(self.canv, width, room)[1] > room:
            return None
        rest = pieces[1].wrapOn(self.canv, width, _BIG)[1] + pieces[1].getSpaceAfter()
        if rest + after < self.tail:
            return None
        return [*self.content[:cut], pieces[0], KeepTail([pieces[1], *self.content[cut + 1 :]], self.tail)]
