"""The data of one game folder, ``games/<game>/``, loaded and validated.

A game folder holds:

* ``game.yaml`` -- metadata (:class:`GameMeta`);
* ``rules.md`` -- the rules in Markdown, with Jinja calls ``{{ figure("id") }}``
  (place a figure) and ``{{ ref("id") }}`` (its number in the text);
* ``clarifications.md`` -- the project's rulings that touch this game;
* ``figures/<id>.yaml`` -- one diagram each (:class:`Figure`): a position, how
  to show it, and the claims the engine checks;
* pictures (PNG or JPEG: a photo, an illustration) that ``rules.md`` places
  with ``![caption](figures/photo.jpg)``, read only from inside the folder.

A figure file (``figures/*.yaml`` or a picture in ``figures/`` or ``images/``)
that the rules text never places is reported by :func:`unplaced_figures`.

Every error names the file and line at fault.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any


from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from ppprint.errors import DataError, InputError
from ppprint.model.figure import CLAIM_KINDS as CLAIM_KINDS, Claim as Claim, Figure as Figure, Marks as Marks, Panel as Panel
from ppprint.model.figure import claim_weight as claim_weight, load_figure as load_figure
from ppprint.model.graph import GraphSpec
from ppprint.model.validation import validated
from ppprint.model.view import ViewOptions
from ppprint.model.yamlio import line_of, load_yaml

_BLOCK_START = re.compile(r"\s*(#|>|:::|[-+*](\s|$)|\d+[.)](\s|$)|\||=+\s*$)")


def _plain_line(text: str, what: str) -> str:
    """One line of plain text (``what``: "a credit"): it is set as one item of a list, so it may not
    break the line, start a block of Markdown (a heading would also add a bookmark) or hold an image."""
    if "\n" in text.strip() or "\r" in text:
        raise ValueError(f"{what} is one line of plain text (no line breaks)")
    if _BLOCK_START.match(text):
        raise ValueError(f"{what} is plain text; it may not start with '{text.strip()[:3]}' (Markdown would make it a heading, a quote or a list)")
    if "![" in text:
        raise ValueError(f"{what} is plain text; an image ('![...](...)') is not allowed")
    if "@@figure:" in text:
        raise ValueError("'@@figure:' is reserved for figure() in rules.md")
    return text.strip()


def _credit_line(text: str) -> str:
    """A credit is one line of plain text, set as an item of the credits list."""
    return _plain_line(text, "a credit")


def _summary_line(text: str) -> str:
    """A line of the quick reference is one line of plain text, set on a booklet's back cover."""
    if not text.strip():
        raise ValueError("a summary line may not be empty")
    return _plain_line(text, "a summary line")


_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z]{3}){0,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*")
_NOT_A_NAME = re.compile(r"(traditional|unknown|anonymous|anon\.?|n/?a|none)\b", re.IGNORECASE)


def _language_tag(tag: str) -> str:
    """A BCP 47 language tag: a language (``en``, ``fr``, ``ja``) with an optional script and region (``pt-BR``, ``zh-Hant-TW``)."""
    if not _LANGUAGE_TAG.fullmatch(tag):
        raise ValueError(f"'{tag}' is not a BCP 47 language tag (such as en, fr, pt-BR, zh-Hant)")
    return tag


def _designer(name: str) -> str:
    """A designer's name; a traditional game or one whose designer is unknown names none."""
    if not name.strip():
        raise ValueError("a designer's name may not be empty")
    if _NOT_A_NAME.match(name.strip()):
        raise ValueError(
            f"'{name.strip()}' is not a designer's name: a traditional game writes 'designers: []' and 'traditional: true' "
            "(and where it comes from as 'origin: ...'); a game whose designer is unknown writes 'designers: []'"
        )
    return name.strip()


CreditLine = Annotated[str, AfterValidator(_credit_line)]
LanguageTag = Annotated[str, AfterValidator(_language_tag)]
DesignerName = Annotated[str, AfterValidator(_designer)]
SummaryLine = Annotated[str, Field(max_length=240), AfterValidator(_summary_line)]
"""A line of a game's quick reference: plain text, at most 240 characters (three or four lines of the back cover)."""
Title = Annotated[str, Field(max_length=200)]
"""A title (the game's, its source's, its licence's name): set whole in a cell or a line, on one page."""
Subtitle = Annotated[str, Field(max_length=300)]
InfoField = Annotated[str, Field(max_length=60)]
"""Players, ages or length: a narrow field of the title block's info box, set whole on the first page."""


def _equipment(items: list[str]) -> list[str]:
    if len("; ".join(items)) > 300:
        raise ValueError("the equipment together is at most 300 characters (it is one field of the title block's info box)")
    return items


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Licence(_Strict):
    """The licence of the game's rules."""

    name: Title
    url: str
    notice: str


class Source(_Strict):
    """Where the rules were published (``url`` may be empty when there is no public address)."""

    title: Title
    url: str = ""


BoardSize = Annotated[list[Annotated[int, Field(ge=1, le=60)]], Field(min_length=2, max_length=2)]


class BoardSpec(_Strict):
    """The board of a game without a rules engine (see :mod:`ppprint.layout.plain`):
    ``tiles: [columns, rows]`` of piecepack tiles, ``squares: [files, ranks]``, or a graph board of
    points and lines, ``graph: {points: ..., lines: ...}`` (see :mod:`ppprint.model.graph`)."""

    tiles: BoardSize | None = None
    squares: BoardSize | None = None
    graph: GraphSpec | None = None


class CataloguePicture(_Strict):
    """Which checked figure's panel the catalogue shows for the game."""

    figure: str
    panel: int = Field(default=1, ge=1)


class Summary(_Strict):
    """A game's quick reference, written for the back cover of its booklet in the edition's own words:
    the goal in a line, a turn step by step, and a few reminders."""

    goal: SummaryLine
    turn: Annotated[list[SummaryLine], Field(min_length=1, max_length=6)]
    remember: Annotated[list[SummaryLine], Field(max_length=4)] = []


class GameMeta(_Strict):
    """A game's metadata, from ``game.yaml``."""

    title: Title
    subtitle: Subtitle = ""
    designers: list[DesignerName]
    """Who designed the game; empty for a traditional game (``traditional: true``) or one whose designer is unknown."""
    traditional: bool = False
    """A traditional game: nobody designed it, so ``designers`` is empty."""
    origin: str = ""
    """Where a game without designers comes from ("Korea"), printed after its byline."""
    year: int | None = None
    """The year of the design (or of the source's rules); left out when unknown."""
    players: InfoField
    ages: InfoField
    length: InfoField
    equipment: Annotated[list[str], AfterValidator(_equipment)]
    source: Source
    licence: Licence
    credits: list[CreditLine] = []
    keywords: list[str] = []
    board: BoardSpec | None = None
    """Only for a game without an engine: the board its figures are drawn on."""
    catalogue: str | CataloguePicture | None = None
    """The position the catalogue shows: a figure id (its first panel) or ``{figure: id, panel: n}``;
    by default the game's setup."""
    summary: Summary | None = None
    """The quick reference on the back cover of the game's booklet (without it, the back cover holds
    the title, the credits and the licence)."""
    language: LanguageTag = "en"
    """The language of the rules text, a BCP 47 tag: the books' document language (PDF, HTML, EPUB)."""

    @field_validator("traditional")
    @classmethod
    def _traditional_has_no_designers(cls, value: bool, info: ValidationInfo) -> bool:
        if value and info.data.get("designers"):
            raise ValueError("a traditional game names no designers: write 'designers: []'")
        return value

    @field_validator("origin")
    @classmethod
    def _origin_without_designers(cls, value: str, info: ValidationInfo) -> str:
        value = _plain_line(value, "origin") if value.strip() else ""
        if value and info.data.get("designers"):
            raise ValueError("origin: only a game without designers (traditional, or its designer unknown) names where it comes from")
        return value

    def attribution(self) -> str:
        """Who made the game, as a byline says it: "A game by A and B", "A traditional game (Korea)", "Designer unknown"."""
        if self.designers:
            names = self.designers
            joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            return f"A game by {joined}"
        what = "A traditional game" if self.traditional else "Designer unknown"
        return f"{what} ({self.origin})" if self.origin else what

    def byline(self) -> str:
        """The title block's byline: :meth:`attribution` and the year (when known)."""
        return self.attribution() + (f" · {self.year}" if self.year is not None else "")

    def creators(self) -> list[str]:
        """The document's creators (metadata, XMP): the designers, else the attribution ("A traditional game (Korea)")."""
        return list(self.designers) or [self.attribution()]

    def author(self) -> str:
        """The document's author field: the designers, comma-separated, else the attribution."""
        return ", ".join(self.creators())

    def design_credit(self) -> str:
        """The credits' "Game design:" line: "A, B (2003)", "Traditional, from Korea", "Designer unknown"."""
        year = f" ({self.year})" if self.year is not None else ""
        if self.designers:
            return ", ".join(self.designers) + year
        what = "Traditional" if self.traditional else "Designer unknown"
        return (f"{what}, from {self.origin}" if self.origin else what) + year

    def catalogue_picture(self) -> CataloguePicture | None:
        """The figure panel the catalogue shows, or ``None`` for the setup."""
        return CataloguePicture(figure=self.catalogue) if isinstance(self.catalogue, str) else self.catalogue


@dataclass(frozen=True)
class GameData:
    """Everything in one game folder."""

    id: str
    folder: Path
    meta: GameMeta
    figures: Mapping[str, Figure]
    rules_path: Path
    clarifications_path: Path | None


def load_game(folder: Path, game_id: str | None = None, view: type[ViewOptions] = ViewOptions) -> GameData:
    """Load and validate one game folder (its id is the folder's name unless given).

    ``view`` is the model of the game's view options, which every figure's ``view:`` must fit.
    """
    if not (folder / "game.yaml").is_file():
        raise InputError(f"{folder} is not a game folder (no game.yaml)")
    meta_path = folder / "game.yaml"
    raw = load_yaml(meta_path)
    if not isinstance(raw, dict):
        raise InputError("game.yaml must be a mapping of metadata", meta_path, 1)
    meta = validate(GameMeta, raw, meta_path)
    rules_path = folder / "rules.md"
    if not rules_path.is_file():
        raise InputError("missing rules.md", folder)
    clarifications = folder / "clarifications.md"
    figures: dict[str, Figure] = {}
    figure_dir = folder / "figures"
    if figure_dir.is_dir():
        for path in sorted(figure_dir.glob("*.yaml")):
            figures[path.stem] = load_figure(path, view)
    picture = meta.catalogue_picture()
    if picture is not None:
        line = line_of(raw, ("catalogue",))
        if picture.figure not in figures:
            known = ", ".join(sorted(figures)) or "none"
            raise InputError(f"catalogue: no such figure '{picture.figure}' (figures: {known})", meta_path, line)
        if picture.panel > len(figures[picture.figure].panels):
            raise InputError(f"catalogue: figure '{picture.figure}' has {len(figures[picture.figure].panels)} panel(s), not {picture.panel}", meta_path, line)
    return GameData(
        id=game_id or folder.name,
        folder=folder,
        meta=meta,
        figures=figures,
        rules_path=rules_path,
        clarifications_path=clarifications if clarifications.is_file() else None,
    )


def validate(model: type[BaseModel], raw: Any, path: Path) -> Any:
    """Validate loaded YAML against a pydantic model; errors name file and line."""
    try:
        return validated(model, raw)
    except DataError as exc:
        raise InputError(exc.message, path, line_of(raw, exc.loc)) from None


IMAGE_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
"""Picture files a rules text may place, and the format each must really be."""
MAX_IMAGE_PIXELS = 25_000_000
"""The most pixels a picture may have (5,000 x 5,000): a larger one, or a file that claims to be, is refused
(a small file can claim billions, and decoding it would take gigabytes)."""
IMAGE_RE = re.compile(r"!\[[^\]]*\]\(\s*<?(?P<src>[^)\s>]+)>?(?:\s+[\"'(][^)]*)?\)")
"""A Markdown image, ``![caption](file "title")``, as written in ``rules.md``."""
_PLACE_RE = re.compile(r"""\bfigure\(\s*["']([^"']*)["']\s*\)""")


def image_path(data: GameData, source: str, line: int | None = None) -> Path:
    """The picture file a rules text names, which must be a PNG or JPEG inside the game's folder."""
    where = data.rules_path
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", source) or source.startswith(("/", "\\")):
        raise InputError(f"image '{source}': give a file inside the game folder (a relative path), not an address or an absolute path", where, line)
    folder = data.folder.resolve()
    path = (folder / source).resolve()
    if not path.is_relative_to(folder):
        raise InputError(f"image '{source}': pictures are read only from inside the game folder {data.folder}", where, line)
    suffix = path.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        what = "SVG pictures are not supported yet" if suffix == ".svg" else f"'{suffix or source}' is not a picture format ppprint reads"
        raise InputError(f"image '{source}': {what} (use PNG or JPEG)", where, line)
    if not path.is_file():
        raise InputError(f"image '{source}': no such file in {data.folder}", where, line)
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # refused below, never printed
            with Image.open(path) as image:
                found, pixels = image.format, image.size[0] * image.size[1]
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):  # more pixels than Pillow reads
        found, pixels = IMAGE_SUFFIXES[suffix], MAX_IMAGE_PIXELS + 1
    except (UnidentifiedImageError, OSError):
        found = None
    if found != IMAGE_SUFFIXES[suffix]:
        raise InputError(f"image '{source}': the file is not a readable {IMAGE_SUFFIXES[suffix]} picture", where, line)
    if pixels > MAX_IMAGE_PIXELS:
        raise InputError(f"image '{source}': more than {MAX_IMAGE_PIXELS:,} pixels, the most a picture may have; make it smaller", where, line)
    return path


def unplaced_figures(data: GameData) -> list[Path]:
    """Figure files the rules text never places: ``figures/<id>.yaml`` without ``figure("<id>")``,
    and pictures in ``figures/`` or ``images/`` that no ``![caption](file)`` names."""
    text = data.rules_path.read_text(encoding="utf-8")
    placed = set(_PLACE_RE.findall(text))
    folder = data.folder.resolve()
    pictures = {(folder / match.group("src")).resolve() for match in IMAGE_RE.finditer(text)}
    unplaced = [figure.path for figure_id, figure in sorted(data.figures.items()) if figure_id not in placed]
    for sub in ("figures", "images"):
        where = data.folder / sub
        if where.is_dir():
            for path in sorted(where.iterdir()):
                if path.suffix.lower() in (*IMAGE_SUFFIXES, ".svg") and path.resolve() not in pictures:
                    unplaced.append(path)
    return unplaced
