"""The library catalogue: one PDF listing every game with its metadata and a thumbnail of a position.

The thumbnail is a position that tells the game: the panel of a checked figure
that ``game.yaml`` names (``catalogue: <figure id>`` or ``{figure: id, panel:
n}``), drawn as the engine's verification left it (without its marks), or by
default the engine's own setup (``initial_state()``); either way it is drawn by
``table()`` and scaled down to :data:`THUMBNAIL` inches at most. A named figure
is verified like any other: a wrong claim stops the catalogue. Fields the
source leaves open ("not stated") are left out. The first page opens with a
table of every game's players, playing time and equipment; then each game is
one bookmarked entry (its thumbnail beside its designers, ages, goal, licence
and source), so five games fit on two pages.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from ppprint.book.paragraph import Heading
from ppprint.book.rulebook import FigureFlowable, RulebookTemplate, _escape
from ppprint.book.styles import BOX_EDGE, BOX_FILL, INK, Styles, book_styles
from ppprint.document.book import catalogue_table, check_meta_settable
from ppprint.document.pages import MARGIN, PAPERS
from ppprint.document.typography import join_names, stated, typographic
from ppprint.registry import Plugin
from ppprint.render.figure import table_drawing
from ppprint.render.fonts import SANS, SANS_BOLD, register_fonts
from ppprint.verify import VerifyReport

THUMBNAIL = 1.75 * inch
CATALOGUE_TITLE = "The ppprint library"


def setup_thumbnail(game: Plugin, report: VerifyReport | None = None) -> FigureFlowable:
    """The catalogue's position of a game (:func:`catalogue_table`), scaled to fit :data:`THUMBNAIL`."""
    table = catalogue_table(game, report)
    return FigureFlowable(lambda scale: table_drawing(table, scale=scale), THUMBNAIL, THUMBNAIL)


def game_entry(game: Plugin, styles: Styles, number: int, report: VerifyReport | None = None) -> list[Flowable]:
    """A game's heading (a bookmark), its metadata beside its thumbnail."""
    data = game.data
    meta = data.meta
    rows = [
        ("Designers", join_names(meta.designers) + (f" ({meta.year})" if meta.year is not None else "")) if meta.designers else ("Design", meta.design_credit()),
        ("Ages", meta.ages),
        ("Goal", meta.summary.goal if meta.summary is not None else ""),
        ("Licence", meta.licence.name),
        ("Source", meta.source.title),
        ("Rulebook", f"{len(data.figures)} figures, each checked by the rules engine"),
    ]
    facts = Table(
        [[Paragraph(label, styles.info_label), Paragraph(_escape(typographic(value)), styles.small)] for label, value in rows if stated(value)],
        colWidths=[0.95 * inch, None],
        hAlign="LEFT",
    )
    facts.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), SANS), ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    body = Table([[setup_thumbnail(game, report), facts]], colWidths=[THUMBNAIL + 0.2 * inch, None])
    body.setStyle(
        TableStyle([("FONT", (0, 0), (-1, -1), SANS), ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("LINEBELOW", (0, 0), (-1, -1), 0.5, BOX_EDGE)])
    )
    heading = Heading(_escape(typographic(meta.title)), ParagraphStyle("entry_title", parent=styles.h1, spaceBefore=styles.h1.spaceBefore * 0.5, spaceAfter=0), 0, f"game{number}")
    entry_subtitle = ParagraphStyle("entry_subtitle", parent=styles.subtitle, fontSize=styles.body.fontSize * 1.1, leading=styles.body.leading * 1.1, alignment=TA_LEFT, spaceAfter=4)
    subtitle = [Paragraph(_escape(typographic(meta.subtitle)), entry_subtitle)] if meta.subtitle else []
    return [KeepTogether([heading, *subtitle, body]), Spacer(1, 0.12 * inch)]


def summary_table(plugins: Sequence[Plugin], styles: Styles) -> Table:
    """Every game at a glance: players, playing time and equipment, an item a line (a value left open reads "–")."""
    cell = ParagraphStyle("glance_cell", parent=styles.small, textColor=INK, spaceAfter=0)
    name = ParagraphStyle("glance_game", parent=cell, fontName=SANS_BOLD)
    head = ParagraphStyle("glance_head", parent=styles.info_label, alignment=TA_LEFT)

    def value(text: str) -> str:
        return _escape(typographic(text)) if stated(text) else "–"

    rows = [[Paragraph(label, head) for label in ("GAME", "PLAYERS", "PLAYING TIME", "EQUIPMENT")]]
    for plugin in plugins:
        meta = plugin.data.meta
        rows.append([Paragraph(_escape(typographic(meta.title)), name), Paragraph(value(meta.players), cell), Paragraph(value(meta.length), cell), Paragraph("<br/>".join(value(item) for item in meta.equipment), cell)])
    table = Table(rows, colWidths=["19%", "11%", "15%", "55%"], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (-1, 0), BOX_FILL),
                ("BOX", (0, 0), (-1, -1), 0.8, BOX_EDGE),
                ("LINEBELOW", (0, 0), (-1, -2), 0.5, BOX_EDGE),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return table


def build_catalogue(plugins: Sequence[Plugin], paper: str = "letter", reports: Mapping[str, VerifyReport] | None = None) -> bytes:
    """The catalogue PDF of ``games``, in the order given (``reports``: their verifications, by game id,
    for the games whose thumbnail is a figure; any game missing is verified here)."""
    register_fonts()
    styles = book_styles()
    games = [plugin.data for plugin in plugins]
    for data in games:
        check_meta_settable(data)
    languages = {data.meta.language for data in games}
    story: list[Flowable] = [
        Paragraph(CATALOGUE_TITLE, ParagraphStyle("catalogue_title", parent=styles.title, fontSize=styles.title.fontSize * 0.8, leading=styles.title.leading * 0.8)),
        Paragraph(f"{len(games)} games, every diagram checked by its rules engine", styles.subtitle),
        Spacer(1, 0.1 * inch),
        summary_table(plugins, styles),
        Spacer(1, 0.05 * inch),
    ]
    for number, plugin in enumerate(plugins, start=1):
        story += game_entry(plugin, styles, number, (reports or {}).get(plugin.id))
    licences = sorted({data.meta.licence.name for data in games})
    output = io.BytesIO()
    document = RulebookTemplate(
        output,
        PAPERS[paper],
        MARGIN,
        footer=f"{CATALOGUE_TITLE} · catalogue",
        meta={
            "title": f"{CATALOGUE_TITLE}: catalogue",
            "author": ", ".join(sorted({name for data in games for name in data.meta.creators()})),
            "subject": f"Catalogue of {len(games)} games: {', '.join(data.meta.title for data in games)}",
            "keywords": ["catalogue", *(data.meta.title for data in games), *(f"licence: {name}" for name in licences)],
            "creators": sorted({name for data in games for name in data.meta.creators()}),
            "rights": typographic(" ".join(f"{data.meta.title}: {data.meta.licence.name}." for data in games)),
            "language": languages.pop() if len(languages) == 1 else None,
        },
    )
    document.build(story)
    return output.getvalue()
