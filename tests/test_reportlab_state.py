"""ReportLab's unnamed layout state, as ppprint.book.reportlab_state reads it, pinned against the installed
ReportLab with small real documents (an upgrade that changes it fails here, not as a subtly different
book); and no other module of ppprint reads that state, or the private names public calls replaced."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    ImageAndFlowables,
    Indenter,
    KeepTogether,
    LayoutError,
    ListFlowable,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)
from reportlab.platypus.doctemplate import PageBegin

import ppprint
from ppprint.book import reportlab_state
from ppprint.book.reportlab_state import (
    at_top,
    available_width,
    broken_state,
    contents,
    current_matrix,
    cursor_y,
    expanded_items,
    flowables_on_page,
    forget_postponed,
    frame_of,
    is_page_top,
    parsed_state,
    space_after_last,
)

X1, Y1, WIDTH, HEIGHT, PADDING = 50.0, 60.0, 300.0, 400.0, 6.0
TOP = Y1 + HEIGHT - PADDING
"""Where the first flowable's top goes."""
FOOT = Y1 + PADDING
"""How low a flowable's foot may go."""
TEXT = getSampleStyleSheet()["BodyText"]


class Probe(Flowable):
    """A box ``height`` tall that records what the frame's state reads while the frame wraps it; one
    with ``too_tall`` is far too tall the first times it is wrapped."""

    def __init__(self, height: float, before: float = 0.0, after: float = 0.0, too_tall: int = 0):
        super().__init__()
        self.box_height, self.spaceBefore, self.spaceAfter, self.too_tall = height, before, after, too_tall
        self.seen: list[dict[str, Any]] = []

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        frame = frame_of(self)
        assert frame is not None
        self.seen.append({"frame": frame, "y": cursor_y(frame), "top": at_top(frame), "after": space_after_last(frame), "width": available_width(frame), "room": height})
        if self.too_tall:
            self.too_tall -= 1
            return width, 10 * HEIGHT
        return width, self.box_height

    def draw(self) -> None:
        pass


class Recorder(BaseDocTemplate):
    """A one-frame template that records, per call, whether ``handle_flowable`` got the page-top queue,
    and after each probe how many flowables its page holds; ``forget`` clears a probe's postponement
    before each try."""

    def __init__(self, forget: bool = False):
        super().__init__(io.BytesIO(), pagesize=(400.0, 500.0))
        self.frame_used = Frame(X1, Y1, WIDTH, HEIGHT, id="only")
        self.addPageTemplates([PageTemplate("page", [self.frame_used])])
        self.forget = forget
        self.page_top_calls: list[tuple[bool, Flowable]] = []
        self.counts: list[tuple[int, int]] = []

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        self.page_top_calls.append((is_page_top(self, flowables), flowables[0]))
        if self.forget:
            forget_postponed(flowables[0])
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802  (ReportLab's name)
        if isinstance(flowable, Probe):
            self.counts.append((self.page, flowables_on_page(self)))


def laid_out(story: list[Flowable], forget: bool = False) -> Recorder:
    document = Recorder(forget)
    document.build(story)
    return document


def test_the_cursor_starts_at_the_top_and_moves_down_by_each_flowable_and_its_space_after():
    first, second, third = Probe(100, after=10), Probe(50, before=4), Probe(20, before=20)
    document = laid_out([first, second, third])
    assert first.seen[0]["frame"] is document.frame_used
    assert [(seen["y"], seen["top"], seen["after"]) for seen in (first.seen[0], second.seen[0], third.seen[0])] == [
        (TOP, True, 0.0),
        (TOP - 100 - 10, False, 10.0),
        (TOP - 110 - 50, False, 0.0),
    ]
    # The room the frame gives is the cursor less the foot (y1 and the bottom padding, public), less
    # the space before that the space after the last one does not already make.
    assert [seen["room"] for seen in (first.seen[0], second.seen[0], third.seen[0])] == [TOP - FOOT, TOP - 110 - FOOT, TOP - 160 - FOOT - 20]


def test_available_width_is_inside_the_paddings_less_an_indenters_indents():
    plain, indented = Probe(10), Probe(10)
    laid_out([plain, Indenter(left=10, right=5), indented])
    assert plain.seen[0]["width"] == WIDTH - 2 * PADDING
    assert indented.seen[0]["width"] == WIDTH - 2 * PADDING - 15


def test_a_flowable_knows_its_frame_only_while_the_frame_lays_it_out():
    probe = Probe(10)
    assert frame_of(probe) is None
    document = laid_out([probe])
    assert probe.seen[0]["frame"] is document.frame_used
    assert frame_of(probe) is None


def test_page_top_calls_are_the_page_begin_queue_and_story_calls_are_not():
    probe = Probe(10)
    document = laid_out([probe, PageBreak(), Probe(10)])
    tops = [first for page_top, first in document.page_top_calls if page_top]
    story = [first for page_top, first in document.page_top_calls if not page_top]
    assert tops == [PageBegin, PageBegin]
    assert story[0] is probe and PageBegin not in story


def test_the_flowable_count_of_a_page_counts_each_placed_flowable_and_starts_again_on_a_new_page():
    document = laid_out([Probe(10), Spacer(1, 5), Probe(10), PageBreak(), Probe(10)])
    assert document.counts == [(1, 1), (1, 3), (2, 1)]


def test_a_flowable_put_off_twice_fails_unless_its_postponement_is_forgotten():
    with pytest.raises(LayoutError):
        laid_out([Probe(10, too_tall=2)])
    late = Probe(10, too_tall=2)
    document = laid_out([late], forget=True)
    assert document.counts == [(3, 1)] and len(late.seen) == 3
    forget_postponed(Probe(10))  # a flowable never put off: nothing to forget


def test_contents_are_what_a_container_holds_and_a_plain_flowable_itself():
    heading, body = Paragraph("Heading", TEXT), Paragraph("Body", TEXT)
    assert contents(KeepTogether([heading, body])) == [heading, body]
    assert contents(ImageAndFlowables(Probe(10), [body])) == [body]
    assert contents(body) == [body]


def test_a_list_expands_its_items_once_and_hands_them_back():
    items = ListFlowable([Paragraph("One", TEXT), Paragraph("Two", TEXT)])
    assert expanded_items(items) is None
    expanded = contents(items)  # reading a list's contents expands it
    assert len(expanded) == 2 and expanded_items(items) == expanded
    assert all(not isinstance(item, Paragraph) for item in expanded)  # bullets and indents around each


def test_the_current_matrix_follows_the_canvas_transformations():
    canvas = Canvas(io.BytesIO())
    assert current_matrix(canvas) == (1, 0, 0, 1, 0, 0)
    canvas.saveState()
    canvas.translate(10, 20)
    canvas.scale(2, 3)
    assert current_matrix(canvas) == (2, 0, 0, 3, 10, 20)
    canvas.restoreState()
    assert current_matrix(canvas) == (1, 0, 0, 1, 0, 0)
    assert current_matrix(object()) == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def changed(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {name for name, value in after.items() if name not in before or before[name] is not value}


class Watched(Paragraph):
    """A paragraph that records which of its attributes ReportLab's markup parser and line breaker set."""

    def _setup(self, *args: Any) -> None:
        before = dict(self.__dict__)
        super()._setup(*args)  # type: ignore[misc]
        self.set_by_parsing = changed(before, self.__dict__)

    def breakLines(self, width: Any) -> Any:  # noqa: N802  (ReportLab's name)
        before = dict(self.__dict__)
        lines = super().breakLines(width)
        self.set_by_breaking = changed(before, self.__dict__)
        return lines


@pytest.mark.parametrize(("text", "bullet"), [("Some <b>bold</b> words, enough of them to break over lines", None), ("Antidisestablishmentarianisms", "\u2022")])
def test_the_state_a_paragraph_hands_on_is_all_that_parsing_and_breaking_set(text: str, bullet: str | None):
    paragraph = Watched(text, TEXT, bulletText=bullet)
    paragraph.wrap(60, 1000)
    assert paragraph.set_by_parsing == set(parsed_state(paragraph))
    assert paragraph.set_by_breaking <= set(broken_state(paragraph)) and set(broken_state(paragraph)) - paragraph.set_by_breaking <= {"frags"}


# -- no other module reads it -------------------------------------------------------------------------------

RETIRED = {
    # Frame geometry: public as x1, y1, width, height and the paddings.
    "_x1", "_y1", "_width", "_height", "_leftPadding", "_rightPadding", "_topPadding", "_bottomPadding", "_x2", "_y2", "_y1p", "_aW", "_aH",
    "_code",  # Canvas.addLiteral appends to it
    "_ID",  # the booklet writes no file identifier
}  # fmt: skip
"""Private names of ReportLab and pypdf that public calls replaced."""


def private_reads(tree: ast.AST) -> set[str]:
    """Private names (one leading underscore) read as attributes, or named in a string (for getattr and the like)."""
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    names |= {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier()}
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


STATE_MODULE = Path(reportlab_state.__file__)
STATE_NAMES = private_reads(ast.parse(STATE_MODULE.read_text(encoding="utf-8")))
"""The ReportLab state the state module reads."""


def readers(root: Path, names: set[str]) -> list[str]:
    """Modules under ``root`` (but the state module) that read any of ``names``, with the names."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.resolve() != STATE_MODULE.resolve():
            read = private_reads(ast.parse(path.read_text(encoding="utf-8"))) & names
            if read:
                found.append(f"{path.relative_to(root)}: {', '.join(sorted(read))}")
    return found


def test_the_state_module_reads_what_its_functions_name():
    assert STATE_NAMES >= {"_y", "_atTop", "_prevASpace", "_getAvailableWidth", "_frame", "_content", "_list_content", "_hanging", "_curPageFlowableCount", "_postponed", "_currentMatrix", "_width_max"}


def test_no_other_module_reads_reportlab_state_or_a_retired_private_name():
    assert readers(Path(ppprint.__file__).parent, STATE_NAMES | RETIRED) == []


@pytest.mark.parametrize(
    "line",
    ["y = frame._y", "top = getattr(frame, '_atTop')", "canvas._code.append('q')", "writer._ID = None", "h = frame._height", "kept = ('frags', '_hyphenations')"],
)
def test_the_scan_finds_a_read_planted_elsewhere(tmp_path: Path, line: str):
    (tmp_path / "elsewhere.py").write_text(f"def f(frame, canvas, writer):\n    {line}\n", encoding="utf-8")
    assert len(readers(tmp_path, STATE_NAMES | RETIRED)) == 1
