"""The library catalogue: one PDF listing every game with its metadata and a thumbnail of its setup.

The thumbnail is the engine's own setup (``initial_state()`` drawn by
``table()`` with the default view), so it shows exactly what the rulebook's
setup diagram is checked against; it is scaled down to :data:`THUMBNAIL`
inches at most. Each game is one bookmarked entry.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from ppprint.book.markdown import Heading
from ppprint.book.rulebook import MARGIN, PAPERS, FigureFlowable, RulebookTemplate, _escape, _join_names
from ppprint.book.styles import BOX_EDGE, Styles, book_styles
from ppprint.layout.plain import PlainPosition
from ppprint.registry import Plugin
from ppprint.render.figure import table_drawing
from ppprint.render.fonts import register_fonts

THUMBNAIL = 2.4 * inch
CATALOGUE_TITLE = "The ppprint library"


def setup_thumbnail(game: Plugin) -> FigureFlowable:
    """The engine's setup of a game (the empty board of a game without one), scaled to fit :data:`THUMBNAIL`."""
    start = game.engine.initial_state() if game.engine is not None else PlainPosition()
    view = game.require_view()
    table = view.table(start, view.options({"coordinates": False}))
    return FigureFlowable(lambda scale: table_drawing(table, scale=scale), THUMBNAIL, THUMBNAIL)


def game_entry(game: Plugin, styles: Styles, number: int) -> list[Flowable]:
    """A game's heading (a bookmark), its metadata beside its setup thumbnail."""
    data = game.data
    meta = data.meta
    rows = [
        ("Designers", f"{_join_names(meta.designers)} ({meta.year})"),
        ("Players", meta.players),
        ("Ages", meta.ages),
        ("Playing time", meta.length),
        ("Equipment", "; ".join(meta.equipment)),
        ("Licence", meta.licence.name),
        ("Source", meta.source.title),
        ("Rulebook", f"{len(data.figures)} figures, each checked by the rules engine; build with: ppprint build {data.id}"),
    ]
    facts = Table(
        [[Paragraph(label, styles.info_label), Paragraph(_escape(value), styles.small)] for label, value in rows],
        colWidths=[0.95 * inch, None],
        hAlign="LEFT",
    )
    facts.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    body = Table([[setup_thumbnail(game), facts]], colWidths=[THUMBNAIL + 0.2 * inch, None])
    body.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("LINEBELOW", (0, 0), (-1, -1), 0.5, BOX_EDGE)]))
    heading = Heading(_escape(meta.title), styles.h1, 0, f"game{number}")
    subtitle = [Paragraph(_escape(meta.subtitle), ParagraphStyle("entry_subtitle", parent=styles.subtitle, alignment=TA_LEFT))] if meta.subtitle else []
    return [KeepTogether([heading, *subtitle, body]), Spacer(1, 0.2 * inch)]


def build_catalogue(plugins: Sequence[Plugin], paper: str = "letter") -> bytes:
    """The catalogue PDF of ``games``, in the order given."""
    register_fonts()
    styles = book_styles()
    games = [plugin.data for plugin in plugins]
    story: list[Flowable] = [
        Paragraph(CATALOGUE_TITLE, styles.title),
        Paragraph(f"{len(games)} games, every diagram checked by its rules engine", styles.subtitle),
        Spacer(1, 0.2 * inch),
    ]
    for number, plugin in enumerate(plugins, start=1):
        story += game_entry(plugin, styles, number)
    licences = sorted({data.meta.licence.name for data in games})
    output = io.BytesIO()
    document = RulebookTemplate(
        output,
        PAPERS[paper],
        MARGIN,
        footer=f"{CATALOGUE_TITLE} · catalogue",
        meta={
            "title": f"{CATALOGUE_TITLE}: catalogue",
            "author": ", ".join(sorted({name for data in games for name in data.meta.designers})),
            "subject": f"Catalogue of {len(games)} games: {', '.join(data.meta.title for data in games)}",
            "keywords": ["catalogue", *(data.meta.title for data in games), *(f"licence: {name}" for name in licences)],
        },
    )
    document.build(story)
    return output.getvalue()
