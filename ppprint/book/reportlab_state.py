"""ReportLab's layout state that it gives no public name, read here and nowhere else.

A frame's geometry is public (``x1``, ``y1``, ``width``, ``height`` and the paddings), its cursor is
not: where the next flowable goes, whether the frame is still empty, the space after the last
flowable. ReportLab's own flowables read the private attributes these functions read. Each function
names the behaviour it relies on; ``tests/test_reportlab_state.py`` pins every one against the
installed ReportLab with a small real document, so an upgrade that changes them fails there.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, ListFlowable, Paragraph


def cursor_y(frame: Frame) -> float:
    """Where the top of the next flowable goes, from the page's foot: ``Frame._y``, the top of the
    frame less its top padding at first, lowered by each flowable ``Frame.add`` places and its space
    before it."""
    return float(frame._y)  # type: ignore[attr-defined]


def at_top(frame: Frame) -> bool:
    """Whether nothing is placed in ``frame`` yet: ``Frame._atTop``, cleared by ``Frame.add`` (which then
    counts a flowable's space before)."""
    return bool(frame._atTop)  # type: ignore[attr-defined]


def space_after_last(frame: Frame) -> float:
    """The space after the last flowable placed: ``Frame._prevASpace`` (``Frame.add`` lowers the cursor
    by it and the next flowable's space before overlaps it)."""
    return float(frame._prevASpace)  # type: ignore[attr-defined]


def available_width(frame: Frame) -> float:
    """The width a flowable gets in ``frame``: ``Frame._getAvailableWidth()``, the width inside the paddings
    less an ``Indenter``'s indents, what ``Frame.add`` wraps a flowable to."""
    return float(frame._getAvailableWidth())  # type: ignore[attr-defined]


def frame_of(flowable: Flowable) -> Frame | None:
    """The frame laying ``flowable`` out: ``Flowable._frame``, set by ``Frame.add`` and ``Frame.split``
    before they wrap or split it; ``None`` before either."""
    frame: Frame | None = getattr(flowable, "_frame", None)
    return frame


def contents(flowable: Flowable) -> list[Flowable]:
    """The flowables a ReportLab container holds (``_content``: a ``KeepTogether``'s, an
    ``ImageAndFlowables``' text, a ``ListFlowable``'s items, which reading expands, as ReportLab does
    once on first use), else ``[flowable]``."""
    return list(getattr(flowable, "_content", [flowable]))


def expanded_items(items: ListFlowable) -> list[Any] | None:
    """A list's items as ReportLab expanded them (bullets and indents: ``ListFlowable._list_content``,
    made once from ``_flowables``, which it then deletes), or ``None`` before they are expanded."""
    if hasattr(items, "_flowables"):
        return None
    return list(getattr(items, "_list_content"))


def is_page_top(template: BaseDocTemplate, flowables: list[Flowable]) -> bool:
    """Whether ``flowables`` is the template's queue for the top of a page (``BaseDocTemplate._hanging``:
    the page-begin marker and a page template's top flowables, which ``handle_pageBegin`` and
    ``clean_hanging`` pass to ``handle_flowable``), not the story."""
    return flowables is getattr(template, "_hanging")


def flowables_on_page(template: BaseDocTemplate) -> int:
    """How many flowables the current page holds: ``BaseDocTemplate._curPageFlowableCount``, reset at a
    page's start and counted by ``handle_flowable`` before ``afterFlowable``."""
    return int(getattr(template, "_curPageFlowableCount"))


def forget_postponed(flowable: Flowable) -> None:
    """Clear ReportLab's mark on a flowable put off to the next page (``_postponed``, set by
    ``handle_flowable``; one put off twice is a ``LayoutError``), so it may be put off again."""
    if hasattr(flowable, "_postponed"):
        delattr(flowable, "_postponed")


def current_matrix(canvas: Any) -> tuple[float, float, float, float, float, float]:
    """The canvas's transformation from drawing to page: ``Canvas._currentMatrix``, kept by ``translate``,
    ``scale``, ``transform`` and ``restoreState``; the identity on a canvas without one."""
    matrix: tuple[float, float, float, float, float, float] = getattr(canvas, "_currentMatrix", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return matrix



def parsed_state(paragraph: Paragraph) -> dict[str, Any]:
    """What ``Paragraph._setup`` (the markup parser) set on ``paragraph``: its text, fragments, style,
    bullet text and debug flag; another paragraph of the same text and style takes them as they are."""
    return {name: paragraph.__dict__[name] for name in ("text", "frags", "style", "bulletText", "debug")}


def broken_state(paragraph: Paragraph) -> dict[str, Any]:
    """What ``Paragraph.breakLines`` set on ``paragraph`` besides the lines it returns: the fragments as a
    word list, the widest line (``_width_max``), the hyphenations and long-word splits it counted, the height."""
    names = ("frags", "_width_max", "_hyphenations", "_splitLongWordCount", "height")
    return {name: getattr(paragraph, name) for name in names if hasattr(paragraph, name)}
