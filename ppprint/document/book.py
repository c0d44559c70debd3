"""The book: one format-neutral value per game and paper that every printer prints.

:func:`rulebook` assembles it once from a game's data and its verify report: the title block with
its fields already chosen, the rules text and the back matter (clarifications, credits) as checked
syntax trees (:mod:`ppprint.document.text`), the figures numbered in the order the text places them,
the key to the marks they use, the page geometry's paper, and a drawer that draws each checked
figure for the scale it prints at. The PDF, the booklet, the HTML page and the EPUB are printers
of a :class:`Book` (:mod:`ppprint.book`, :mod:`ppprint.web`); none of them reads the game again.
A designer's report is a book too (:mod:`ppprint.play.book`: a title block without an info box,
charts as its figures), and a rulebook may end with another book's text as its appendix
(:meth:`Book.with_appendix`: the Designer's notes of ``ppprint build --report``).

The flow of the text: ``rules.md`` is a Jinja template run in a sandbox (``figure()`` places a
figure, ``ref()`` gives its number); ``templates/back-matter.md.j2`` writes the clarifications
and the credits after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import Any

from markdown_it.tree import SyntaxTreeNode

from ppprint.document.pages import INCH, FigureDrawer
from ppprint.document.style import INFO_FIELDS, INFO_SHARES
from ppprint.document.template import render, render_own
from ppprint.document.text import FIGURE, FIGURE_MARKER, Text, TextError, parse, refuse_markers
from ppprint.document.typography import stated, typographic
from ppprint.errors import ClaimError, InputError
from ppprint.layout.plain import PlainPosition
from ppprint.model.game import IMAGE_RE, GameData, GameMeta, image_path
from ppprint.model.table import MarkKind
from ppprint.model.table import Table as PieceTable
from ppprint.registry import BUNDLED_PACKAGE, Plugin
from ppprint.render.figure import FigurePanels, table_drawing
from ppprint.render.fonts import describe_char, unsettable
from ppprint.render.draw import Drawing
from ppprint.render.marks import Sample, first_ghost
from ppprint.verify import VerifyReport, verify_figure

TEMPLATES_DIR = Path(str(files("ppprint.templates")))
"""The project's ``templates/`` folder, installed as the package ``ppprint.templates``."""
_CALL_RE = re.compile(r"""\b(figure|ref)\(\s*["']([^"']*)["']\s*\)""")


@dataclass(frozen=True)
class TitleBlock:
    """What a book opens with: title, subtitle, byline, and the fields of its info box (label, value,
    share of the width in per cent), those the source leaves open ("not stated") left out.

    An empty subtitle or byline is not printed, and a title block without fields has no info box
    (a designer's report)."""

    title: str
    subtitle: str = ""
    byline: str = ""
    fields: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class BookFigure:
    """A numbered figure of a book: a checked diagram (drawn by the book's drawer) or a picture file."""

    id: str
    """The figure's id, or a picture's file as the text writes it."""
    number: int
    caption: str
    """With printed punctuation; empty for a picture written without one."""
    columns: int = 1
    """Its panels' columns (a diagram's own choice; the PDF may set them otherwise to fit a page)."""
    panels: int = 1
    width: float | None = None
    """The most width it may print at, points (``None``: the text's width)."""
    claims: int = 0
    image: Path | None = None
    """A picture's file (``None`` for a diagram)."""


@dataclass(frozen=True)
class Cover:
    """A game's picture and data for the covers of its booklet: the catalogue's position of the game,
    drawn for a scale, and its metadata (the quick reference, credits and licence of ``game.yaml``)."""

    picture: Callable[[float], Drawing]
    meta: GameMeta
    source: Path
    """The file the metadata comes from (``game.yaml``), for an error about it."""


@dataclass(frozen=True)
class Book:
    """A game's book, for every format (see the module)."""

    id: str
    paper: str
    lang: str
    title: str
    """The document's title ("<Game>: rules")."""
    running_title: str
    """The running title of a page's footer ("<Game> · rules")."""
    metadata: Mapping[str, Any]
    """Title, author, subject, keywords, designers, licence notice and address (:func:`book_metadata`)."""
    title_block: TitleBlock
    rules: Text
    back: Text
    """The back matter (clarifications, credits): no figure of the rules floats into it."""
    figures: Mapping[str, BookFigure]
    """By id (a picture's by its file as written), in the order of their numbers."""
    marks: tuple[Sample, ...]
    """The marks the figures use (the key to them, :attr:`key`, is shown with :attr:`key_figure`)."""
    draw: FigureDrawer = field(compare=False)
    """Draws a figure of :attr:`figures` by id: any callable (the build's cache, a report's chart makers)."""
    appendix: Text | None = None
    """A text printed after the back matter (Designer's notes), its figures in :attr:`figures`, numbered on."""
    cover: Cover | None = field(default=None, compare=False)
    """What a booklet's covers show besides the title block (a game's book has one; a report has none)."""

    @cached_property
    def key_figure(self) -> int:
        """The number of the figure the key to the marks goes with: the first that draws a mark (Figure 1 of
        many books shows equipment), else the first."""
        marked = [figure.number for figure in self.figures.values() if figure.image is None and _draws_marks(self.draw(figure.id, 1.0, figure.columns).items)]
        return min(marked, default=1)

    @cached_property
    def key(self) -> tuple[Sample, ...]:
        """The key to the marks: :attr:`marks`, and the first ghosted piece the figures draw (as drawn there)."""
        for figure in self.figures.values():
            found = first_ghost(self.draw(figure.id, 1.0, figure.columns).items) if figure.image is None else None
            if found is not None:
                return (*self.marks, Sample("neutral", False, found))
        return self.marks

    def figure(self, node_meta: Mapping[str, Any]) -> BookFigure:
        """The figure a :data:`~ppprint.document.text.FIGURE` node places."""
        return self.figures[str(node_meta["id"])]

    def with_appendix(self, other: Book) -> Book:
        """This book ending with ``other``'s text (its rules and back matter, not its title block) as
        its appendix: ``other``'s figures numbered on after this book's and drawn by ``other``'s drawer,
        each renamed if this book has a figure of its id already."""
        if self.appendix is not None:
            raise ValueError("a book has one appendix")
        renamed: dict[str, str] = {}
        for name in other.figures:
            new = name
            while new in self.figures or new in renamed.values():
                new = f"appendix-{new}"
            renamed[name] = new
        start = len(self.figures)
        figures = dict(self.figures)
        for name, figure in other.figures.items():
            figures[renamed[name]] = replace(figure, id=renamed[name], number=start + figure.number)
        original = {new: name for name, new in renamed.items()}
        own, theirs = self.draw, other.draw

        def draw(figure_id: str, scale: float, columns: int) -> Drawing:
            if figure_id in original:
                return theirs(original[figure_id], scale, columns)
            return own(figure_id, scale, columns)

        text = _renamed(other.rules, renamed)
        if other.back.tree.children:
            text = Text(SyntaxTreeNode([*text.tree.to_tokens(), *_renamed(other.back, renamed).tree.to_tokens()]), text.source + "\n\n" + other.back.source)
        return replace(self, figures=figures, draw=draw, appendix=text)


def _renamed(text: Text, names: Mapping[str, str]) -> Text:
    """``text`` with its figure nodes placing the figures as ``names`` renames them (a copy; ``text`` is left as it is)."""
    if all(names.get(str(node.meta["id"]), node.meta["id"]) == node.meta["id"] for node in text.figures()):
        return text
    tokens = text.tokens()
    for token in tokens:
        if token.type == FIGURE:
            token.meta["id"] = names.get(str(token.meta["id"]), token.meta["id"])
    return Text(SyntaxTreeNode(tokens), text.source)


@dataclass(frozen=True)
class FigureNumbering:
    """The order in which ``rules.md`` places its figures: id -> number."""

    numbers: Mapping[str, int]


def number_figures(data: GameData) -> FigureNumbering:
    """Scan ``rules.md`` for ``figure()``/``ref()`` calls and Markdown images, numbered in the order
    they are placed (an image is known by its file name, as written); unknown or misplaced ids and
    images that cannot be read name file and line."""
    text = data.rules_path.read_text(encoding="utf-8")
    _refuse_markers(text, data.rules_path)
    numbers: dict[str, int] = {}
    refs: list[tuple[str, int]] = []
    found = [(m.start(), "call", m) for m in _CALL_RE.finditer(text)] + [(m.start(), "image", m) for m in IMAGE_RE.finditer(text)]
    for start, kind, match in sorted(found, key=lambda item: item[0]):
        line = text.count("\n", 0, start) + 1
        if kind == "image":
            source = match.group("src")
            image_path(data, source, line)
            if source not in numbers:
                numbers[source] = len(numbers) + 1
            continue
        call, figure_id = match.groups()
        if call == "ref":
            refs.append((figure_id, line))
            continue
        if figure_id not in data.figures:
            raise InputError(f"figure('{figure_id}'): no such figure (figures: {_known(data)})", data.rules_path, line)
        if figure_id in numbers:
            raise InputError(f"figure('{figure_id}') is placed twice", data.rules_path, line)
        numbers[figure_id] = len(numbers) + 1
    for figure_id, line in refs:
        if figure_id in numbers:
            continue
        if figure_id in data.figures:
            raise InputError(f"ref('{figure_id}'): the figure is never placed with figure()", data.rules_path, line)
        raise InputError(f"ref('{figure_id}'): no such figure (figures: {_known(data)})", data.rules_path, line)
    return FigureNumbering(numbers)


def _known(data: GameData) -> str:
    return ", ".join(sorted(data.figures)) or "none"


def _refuse_markers(text: str, path: Path) -> None:
    """A figure marker is made only by figure(); text that holds one is refused (it would place a figure unnumbered)."""
    line = refuse_markers(text)
    if line is not None:
        raise InputError(f"the text '{FIGURE_MARKER.format('...')}' is reserved for figure(); place figures with figure(\"id\")", path, line)


def marks_used(report: VerifyReport) -> tuple[Sample, ...]:
    """The marks a book's figures use, for the key that opens its first figure: arrows, then marked cells."""
    order: tuple[MarkKind, ...] = ("legal", "illegal", "played", "highlight", "neutral")
    return tuple(Sample(kind, arrow) for arrow in (True, False) for kind in order if (kind, arrow) in report.marks)


def book_metadata(meta: GameMeta, what: str = "rules") -> dict[str, Any]:
    """A game's book's metadata: title, author, subject and keywords (with the licence), the subjects
    (the keywords alone), the creators (the designers, else "A traditional game (Korea)"), the licence notice and its
    address. The language is the book's :attr:`Book.lang`, which each PDF printer adds as ``language``."""
    return {
        "title": typographic(f"{meta.title}: {what}"),
        "author": typographic(meta.author()),
        "subject": typographic(f"Rules of {meta.title}. {meta.licence.name}."),
        "keywords": [*meta.keywords, f"licence: {meta.licence.name}"],
        "subjects": list(meta.keywords),
        "creators": [typographic(name) for name in meta.creators()],
        "rights": typographic(" ".join(meta.licence.notice.split())),
        "licence_url": meta.licence.url,
    }


def figure_metadata(meta: GameMeta, caption: str) -> dict[str, Any]:
    """An exported figure's metadata: the book's (designers, licence notice and address), titled by the game
    and the figure's ``caption``."""
    return {
        **book_metadata(meta),
        "title": typographic(f"{meta.title}: {caption}" if caption else meta.title),
        "subject": typographic(f"A figure of {meta.title}. {meta.byline()}. Licence: {meta.licence.name}."),
    }


def title_block(meta: GameMeta) -> TitleBlock:
    """The title block of a game's book; a field the source leaves open is left out, and the equipment takes its room."""
    values = dict(zip(INFO_FIELDS, (meta.players, meta.ages, meta.length, "; ".join(meta.equipment))))
    kept = [label for label in INFO_FIELDS if stated(values[label])]
    spare = 100 - sum(INFO_SHARES[label] for label in kept)
    fields = tuple((label, typographic(values[label]), INFO_SHARES[label] + (spare if label == INFO_FIELDS[-1] else 0)) for label in kept)
    byline = typographic(meta.byline())
    return TitleBlock(typographic(meta.title), typographic(meta.subtitle or ""), byline, fields)


def rulebook_markdown(game: Plugin, report: VerifyReport, numbering: FigureNumbering) -> tuple[str, str]:
    """The book as Markdown: ``rules.md`` rendered in the sandbox, and the back matter after it.

    The rules text may use ``figure()``, ``ref()``, ``meta`` and what the game's
    ``book.py`` returns from ``context()``.
    """
    data = game.data
    book_context = game.hook("book", "context")

    placed: set[str] = set()

    def figure(figure_id: object) -> str:
        name = _figure_id("figure", figure_id)
        if name in placed:
            raise ValueError(f"figure('{name}'): the figure is placed already (each figure is placed once)")
        placed.add(name)
        return "\n\n" + FIGURE_MARKER.format(name) + "\n\n"

    def ref(figure_id: object) -> str:
        return f"Figure {numbering.numbers[_figure_id('ref', figure_id)]}"

    def _figure_id(call: str, figure_id: object) -> str:
        # number_figures() read every figure("id") and ref("id") written plainly; anything else is refused here.
        if not isinstance(figure_id, str):
            raise ValueError(f"{call}() takes a figure's id in quotes, such as {call}(\"setup\"), not {figure_id!r}")
        if figure_id not in numbering.numbers:
            raise ValueError(f"{call}('{figure_id}'): no figure placed with figure() has that id (write the id plainly, in quotes)")
        return figure_id

    context: dict[str, Any] = {
        "meta": data.meta,
        "figure": figure,
        "ref": ref,
        **(book_context() if book_context else {}),
    }
    rules = render(data.folder, data.rules_path.name, context)
    clarifications = data.clarifications_path.read_text(encoding="utf-8") if data.clarifications_path else ""
    if data.clarifications_path is not None:
        check_markdown(clarifications, data.clarifications_path)
    frame = {"clarifications": clarifications, "figures": len(data.figures)}
    frame |= {"diagrams": report.diagrams, "claims": report.claims, "unchecked": report.unchecked, "engine": engine_credit(game)}
    return rules, render_own(TEMPLATES_DIR, "back-matter.md.j2", context | frame)


def check_settable(data: GameData, rules_md: str) -> None:
    """Refuse a character of the book's text that the shipped fonts cannot set (it would print as
    nothing): in ``game.yaml`` (the title block, credits, licence, quick reference), the rules as
    rendered, ``clarifications.md``, and each figure's caption and labels. The error names the file and
    the first line that holds the character (a character the rules' template makes from the game's
    ``book.py`` names ``rules.md`` alone)."""
    texts: list[tuple[Path, str]] = [_meta_text(data), (data.rules_path, rules_md)]
    if data.clarifications_path is not None:
        texts.append((data.clarifications_path, data.clarifications_path.read_text(encoding="utf-8")))
    for figure in data.figures.values():
        labels = [figure.caption, *(panel.label for panel in figure.panels), *(label for panel in figure.panels for label in panel.marks.labels.values())]
        texts.append((figure.path, "\n".join(labels)))
    _refuse_unsettable(texts)


def check_meta_settable(data: GameData) -> None:
    """Refuse, as :func:`check_settable` does, a character of ``game.yaml``'s printed fields that the shipped
    fonts cannot set: for what prints a game's metadata without its book (the catalogue, print-and-play
    sheets, the designer's report)."""
    _refuse_unsettable([_meta_text(data)])


def _meta_text(data: GameData) -> tuple[Path, str]:
    """``game.yaml`` and the text of its printed fields (all but the keywords, the catalogue's figure and the language)."""
    meta = data.meta.model_dump(exclude={"keywords", "catalogue", "language"})
    return data.folder / "game.yaml", "\n".join(_strings(meta))


def _refuse_unsettable(texts: list[tuple[Path, str]]) -> None:
    """An :class:`InputError` at the first file of ``texts`` whose text holds a character the shipped fonts
    cannot set, at the first line of the file that holds it."""
    for path, text in texts:
        found = unsettable(text)
        if not found:
            continue
        source = path.read_text(encoding="utf-8").splitlines()
        comment = "#" if path.suffix == ".yaml" else None
        line = next((number for number, words in enumerate(source, 1) if found[0] in words and not (comment and words.lstrip().startswith(comment))), None)
        here = [char for char in found if line is not None and char in source[line - 1]] or found[:1]
        chars = ", ".join(describe_char(char) for char in here[:4]) + (f" and {len(here) - 4} more" if len(here) > 4 else "")
        others = len(found) - len(here)
        elsewhere = f"; {others} other such character{'s' if others > 1 else ''} elsewhere in the file" if others else ""
        made = "" if line is not None else " (in the text that the rules' template makes)"
        raise InputError(
            f"{chars}{made}: the shipped fonts (Noto Serif, Noto Sans) have no glyph for {'it' if len(here) == 1 else 'them'}, "
            f"so the PDF would print nothing there{elsewhere}; write {'it' if len(here) == 1 else 'them'} otherwise",
            path,
            line,
        )


def _strings(value: Any) -> list[str]:
    """Every string in a nested value of mappings and lists."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in _strings(item)]
    return []


def engine_credit(game: Plugin) -> str:
    """Whose rules engine checked a book's diagrams, for its credits: "ppprint's <title> engine" for a game
    bundled with ppprint, "this game's rules engine (engine.py)" for any other (its own code checked it)."""
    if game.where.package.startswith(BUNDLED_PACKAGE + "."):
        return f"ppprint's {game.data.meta.title} engine"
    return f"this game's rules engine ({game.module_path('engine').name})"


def check_markdown(text: str, path: Path) -> None:
    """Refuse Markdown that a book cannot hold (an image, raw HTML, a figure marker) in a text of its own
    (``clarifications.md``), naming that file and line rather than ``rules.md``."""
    _refuse_markers(text, path)
    try:
        parse(text, images=False, figures=False)
    except TextError as exc:
        raise InputError(exc.message, path, exc.line) from None


def _draws_marks(items: Any) -> bool:
    """Whether drawn ``items`` hold a mark of the key (an arrow, a cross or a marked cell)."""
    return any(getattr(item, "role", "") in ("mark", "cell") or _draws_marks(getattr(item, "items", ())) for item in items)


def catalogue_table(game: Plugin, report: VerifyReport | None = None) -> PieceTable:
    """The position ``game.yaml`` names for the catalogue and the covers, else the engine's setup (the
    empty board of a game without an engine), without coordinates. A named figure is drawn as
    ``report`` checked it (else it is checked now); a wrong claim raises :class:`ClaimError`."""
    view = game.require_view()
    picture = game.data.meta.catalogue_picture()
    if picture is None:
        start = game.engine.initial_state() if game.engine is not None else PlainPosition()
        return view.table(start, view.options({"coordinates": False}))
    checked = report.figures.get(picture.figure) if report is not None else None
    if checked is None:  # not in the report (none given, or the build cache vouched for it): check it now
        checked, failures = verify_figure(game, game.data.figures[picture.figure])
        if failures:
            raise ClaimError(failures)
    panel = checked.panels[picture.panel - 1]
    return view.table(panel.state, panel.panel.view.model_copy(update={"coordinates": False}))


def cover_of(game: Plugin, report: VerifyReport) -> Cover:
    """A game's :class:`Cover`, its picture worked out when first drawn."""
    tables: list[PieceTable] = []

    def picture(scale: float) -> Drawing:
        if not tables:
            tables.append(catalogue_table(game, report))
        return table_drawing(tables[0], scale=scale)

    return Cover(picture, game.data.meta, game.data.folder / "game.yaml")


def rulebook(game: Plugin, report: VerifyReport, paper: str = "letter", draw: FigureDrawer | None = None) -> Book:
    """The book of a game whose claims ``report`` checked (and found right), for ``paper``.

    ``draw`` draws its figures (the build's cache); by default each is drawn from its checked panels in ``report``.
    """
    data = game.data
    numbering = number_figures(data)
    rules_md, back_md = rulebook_markdown(game, report, numbering)
    check_settable(data, rules_md)
    try:
        rules = parse(rules_md)
        back = parse(back_md, images=False, figures=False)
    except TextError as exc:
        raise InputError(exc.message, data.rules_path) from None
    placed: set[str] = set()
    for node in rules.figures():
        name = str(node.meta["id"])
        if node.meta.get("image"):
            if name not in numbering.numbers:
                raise InputError(f"image '{name}' is not in {data.rules_path.name} itself (an image must be written there)", data.rules_path)
        elif name not in numbering.numbers or name in placed:
            # figure() places each numbered figure once; a marker the text made some other way is refused.
            raise InputError(f"a figure marker that figure() did not place ('{name}')", data.rules_path)
        placed.add(name)
    captions = {str(node.meta["id"]): str(node.meta["caption"]) for node in rules.figures() if node.meta.get("image")}
    figures: dict[str, BookFigure] = {}
    for name, number in numbering.numbers.items():
        figure = data.figures.get(name)
        if figure is None:
            figures[name] = BookFigure(name, number, captions.get(name, ""), image=image_path(data, name))
        else:
            width = figure.width * INCH if figure.width else None
            columns = max(1, min(figure.columns, len(figure.panels)))
            figures[name] = BookFigure(name, number, typographic(figure.caption), columns, len(figure.panels), width, figure.claim_count())
    if draw is None:
        panels = FigurePanels()
        view = game.require_view()

        def draw(figure_id: str, scale: float, columns: int) -> Drawing:
            return panels.render(view, figure_id, report.figures[figure_id], scale, columns, typographic)

    meta = data.meta
    return Book(
        id=game.id,
        paper=paper,
        lang=meta.language,
        title=typographic(f"{meta.title}: rules"),
        running_title=typographic(f"{meta.title} · rules"),
        metadata=book_metadata(meta),
        title_block=title_block(meta),
        rules=rules,
        back=back,
        figures=figures,
        marks=marks_used(report),
        draw=draw,
        cover=cover_of(game, report),
    )

