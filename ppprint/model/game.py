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
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, cast


from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from ppprint.errors import DataError, InputError
from ppprint.model.table import MARK_KINDS, MarkKind
from ppprint.model.validation import validated
from ppprint.model.view import ViewOptions
from ppprint.model.yamlio import LineDict, LineList, line_of, load_yaml

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Licence(_Strict):
    """The licence of the game's rules."""

    name: str
    url: str
    notice: str


class Source(_Strict):
    """Where the rules were published (``url`` may be empty when there is no public address)."""

    title: str
    url: str = ""


BoardSize = Annotated[list[Annotated[int, Field(ge=1, le=60)]], Field(min_length=2, max_length=2)]


class BoardSpec(_Strict):
    """The board of a game without a rules engine (see :mod:`ppprint.layout.plain`):
    ``tiles: [columns, rows]`` of piecepack tiles, or ``squares: [files, ranks]``."""

    tiles: BoardSize | None = None
    squares: BoardSize | None = None


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

    title: str
    subtitle: str = ""
    designers: list[DesignerName]
    """Who designed the game; empty for a traditional game (``traditional: true``) or one whose designer is unknown."""
    traditional: bool = False
    """A traditional game: nobody designed it, so ``designers`` is empty."""
    origin: str = ""
    """Where a game without designers comes from ("Korea"), printed after its byline."""
    year: int | None = None
    """The year of the design (or of the source's rules); left out when unknown."""
    players: str
    ages: str
    length: str
    equipment: list[str]
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


CLAIM_KINDS = ("setup", "legal", "illegal", "after", "facts")


@dataclass(frozen=True)
class Claim:
    """One thing a diagram asserts, to be checked by the engine.

    * ``setup``: the position is the game's setup;
    * ``legal``: each of ``moves`` is legal (drawn as green arrows);
    * ``illegal``: each move in ``reasons`` is illegal for that reason code (red arrows);
    * ``after``: ``moves`` are legal in turn, and then the ``expect``\\ ed facts hold;
    * ``facts``: the ``expect``\\ ed facts hold in the position as drawn.
    """

    kind: str
    line: int
    moves: tuple[str, ...] = ()
    reasons: tuple[tuple[str, str], ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    draw: bool = True

    def describe(self) -> str:
        """A short name of the claim for messages: ``legal b2-b3``."""
        if self.kind == "illegal":
            return "illegal " + ", ".join(f"{m} ({r})" for m, r in self.reasons)
        if self.kind in ("legal",):
            return "legal " + ", ".join(self.moves)
        if self.kind == "after":
            return "after " + " ".join(self.moves)
        return self.kind


@dataclass(frozen=True)
class Marks:
    """Decorations a designer adds by hand: highlighted cells, labels, crosses."""

    highlight: Mapping[MarkKind, tuple[str, ...]] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    crosses: tuple[str, ...] = ()
    line: int = 0


@dataclass(frozen=True)
class Panel:
    """One picture of a figure: a position, how to show it, and its claims."""

    label: str
    position: Any
    position_line: int
    view: ViewOptions
    claims: tuple[Claim, ...]
    marks: Marks
    show: Literal["before", "after"]
    line: int


@dataclass(frozen=True)
class Figure:
    """A numbered, captioned diagram of one or more panels."""

    id: str
    path: Path
    caption: str
    panels: tuple[Panel, ...]
    columns: int
    width: float | None

    def claim_count(self) -> int:
        """How many claims the figure makes (each move or fact counts once)."""
        return sum(claim_weight(c) for p in self.panels for c in p.claims)

    def unchecked(self) -> int:
        """How many of its panels make no claim, so nothing checks them."""
        return sum(not p.claims for p in self.panels)


def claim_weight(claim: Claim) -> int:
    """How many checks a claim stands for: one per move or fact, one for a setup."""
    if claim.kind == "legal":
        return len(claim.moves)
    if claim.kind == "illegal":
        return len(claim.reasons)
    if claim.kind in ("after", "facts"):
        return max(1, len(claim.expect))
    return 1


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


_FIGURE_KEYS = {"caption", "panels", "columns", "width"}
_PANEL_KEYS = {"label", "position", "view", "claims", "highlight", "labels", "crosses", "show"}


def load_figure(path: Path, view: type[ViewOptions] = ViewOptions) -> Figure:
    """Load one figure file; a figure with one panel may put the panel's keys at the top."""
    raw = load_yaml(path)
    if not isinstance(raw, LineDict):
        raise InputError("a figure is a mapping with caption, position and claims", path, 1)
    _reject_unknown(raw, _FIGURE_KEYS | _PANEL_KEYS, path)
    caption = raw.get("caption")
    if not isinstance(caption, str) or not caption.strip():
        raise InputError("a figure needs a caption", path, raw.line)
    if "panels" in raw:
        panel_data = raw["panels"]
        if not isinstance(panel_data, LineList) or not panel_data:
            raise InputError("panels: a list of panels", path, line_of(raw, ("panels",)))
        stray = sorted(set(raw) & (_PANEL_KEYS - {"view"}))
        if stray:
            raise InputError(f"'{stray[0]}' belongs inside a panel", path, line_of(raw, (stray[0],)))
        shared_view = _mapping(raw, "view", path)
        _view_options(view, raw, {}, path)
        panels = tuple(_load_panel(p, path, view, shared_view, raw) for p in panel_data)
    else:
        panels = (_load_panel(raw, path, view, {}, raw, _FIGURE_KEYS),)
    columns = raw.get("columns", min(len(panels), 2))
    if not isinstance(columns, int) or columns < 1:
        raise InputError("columns: a whole number of at least 1", path, line_of(raw, ("columns",)))
    width = raw.get("width")
    if width is not None and (not isinstance(width, (int, float)) or width <= 0):
        raise InputError("width: the figure's width in inches", path, line_of(raw, ("width",)))
    return Figure(path.stem, path, " ".join(caption.split()), panels, columns, width)


def _load_panel(
    raw: Any, path: Path, view: type[ViewOptions], shared_view: Mapping[str, Any], figure: LineDict, figure_keys: set[str] | None = None
) -> Panel:
    if not isinstance(raw, LineDict):
        raise InputError("a panel is a mapping with position and claims", path, getattr(raw, "line", None))
    _reject_unknown(raw, _PANEL_KEYS | (figure_keys or set()), path)
    if "position" not in raw:
        raise InputError("a panel needs a position", path, raw.line)
    claims_raw = raw.get("claims", LineList())
    if not isinstance(claims_raw, LineList):
        raise InputError("claims: a list of claims", path, line_of(raw, ("claims",)))
    claims = tuple(_load_claim(c, line, path) for c, line in zip(claims_raw, getattr(claims_raw, "item_lines", [])))
    show = raw.get("show", "before")
    if show not in ("before", "after"):
        raise InputError("show: 'before' or 'after' (the moves of the first 'after' claim)", path, line_of(raw, ("show",)))
    if show == "after" and not any(c.kind == "after" for c in claims):
        raise InputError("show: after needs an 'after' claim", path, line_of(raw, ("show",)))
    highlight = raw.get("highlight", {})
    if isinstance(highlight, list):
        highlight = {"highlight": highlight}
    if not isinstance(highlight, Mapping) or not all(isinstance(v, list) for v in highlight.values()):
        raise InputError("highlight: a list of cells, or kind -> list of cells", path, line_of(raw, ("highlight",)))
    for kind in highlight:
        if kind not in MARK_KINDS:
            raise InputError(f"unknown highlight kind '{kind}' (known: {', '.join(MARK_KINDS)})", path, line_of(raw, ("highlight", kind)))
    labels = _mapping(raw, "labels", path)
    crosses = raw.get("crosses", [])
    if not isinstance(crosses, list):
        raise InputError("crosses: a list of cells", path, line_of(raw, ("crosses",)))
    marks = Marks(
        highlight={cast(MarkKind, str(k)): tuple(map(str, v)) for k, v in highlight.items()},
        labels={str(k): str(v) for k, v in labels.items()},
        crosses=tuple(map(str, crosses)),
        line=raw.line,
    )
    return Panel(
        label=str(raw.get("label", "")),
        position=raw["position"],
        position_line=line_of(raw, ("position",)) or raw.line,
        view=_view_options(view, raw, shared_view, path, figure),
        claims=claims,
        marks=marks,
        show=show,
        line=raw.line,
    )


def _load_claim(raw: Any, line: int, path: Path) -> Claim:
    if not isinstance(raw, LineDict) or not raw:
        raise InputError(f"a claim is a mapping whose key is its kind ({', '.join(CLAIM_KINDS)})", path, line)
    kinds = [k for k in raw if k in CLAIM_KINDS]
    unknown = [k for k in raw if k not in CLAIM_KINDS and k not in ("expect", "draw")]
    if unknown:
        raise InputError(f"unknown claim kind '{unknown[0]}' (known: {', '.join(CLAIM_KINDS)})", path, line_of(raw, (unknown[0],)))
    if len(kinds) != 1:
        raise InputError(f"a claim has exactly one kind ({', '.join(CLAIM_KINDS)})", path, line)
    kind = kinds[0]
    value = raw[kind]
    draw = raw.get("draw", True)
    if not isinstance(draw, bool):
        raise InputError("draw: true or false", path, line_of(raw, ("draw",)))
    expect = raw.get("expect", {})
    if "expect" in raw and kind != "after":
        raise InputError("only an 'after' claim has 'expect'", path, line_of(raw, ("expect",)))
    if kind == "setup":
        if value is not True:
            raise InputError("write the setup claim as 'setup: true'", path, line)
        return Claim(kind, line)
    if kind == "legal":
        return Claim(kind, line, moves=_move_list(value, path, line), draw=draw)
    if kind == "illegal":
        if not isinstance(value, Mapping) or not value:
            raise InputError("illegal: a mapping of move -> reason code", path, line)
        return Claim(kind, line, reasons=tuple((str(m), str(r)) for m, r in value.items()), draw=draw)
    if kind == "after":
        if not isinstance(expect, Mapping):
            raise InputError("expect: a mapping of fact -> value", path, line_of(raw, ("expect",)))
        return Claim(kind, line, moves=_move_list(value, path, line), expect=expect, draw=draw)
    if not isinstance(value, Mapping) or not value:
        raise InputError("facts: a mapping of fact -> value", path, line)
    return Claim(kind, line, expect=value)


def _move_list(value: Any, path: Path, line: int) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not value or not all(isinstance(m, (str, int)) for m in value):
        raise InputError("a list of moves in the game's notation", path, line)
    return tuple(str(m) for m in value)


def _view_options(
    model: type[ViewOptions], raw: LineDict, shared: Mapping[str, Any], path: Path, figure: LineDict | None = None
) -> ViewOptions:
    """A panel's view (the figure's shared ``view:`` overridden by its own) checked against the game's view options."""
    own = _mapping(raw, "view", path)
    try:
        return validated(model, {**shared, **own})
    except DataError as exc:
        where = raw if exc.loc and exc.loc[0] in own or figure is None else figure
        raise InputError(f"view: {exc.message}", path, line_of(where, ("view", *exc.loc))) from None


def _mapping(raw: LineDict, key: str, path: Path) -> Mapping[str, Any]:
    value = raw.get(key, {})
    if not isinstance(value, Mapping):
        raise InputError(f"{key}: a mapping", path, line_of(raw, (key,)))
    return value


def _reject_unknown(raw: LineDict, known: set[str], path: Path) -> None:
    for key in raw:
        if key not in known:
            raise InputError(f"unknown key '{key}' (known: {', '.join(sorted(known))})", path, line_of(raw, (key,)))


IMAGE_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
"""Picture files a rules text may place, and the format each must really be."""
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
        with Image.open(path) as image:
            found = image.format
    except (UnidentifiedImageError, OSError):
        found = None
    if found != IMAGE_SUFFIXES[suffix]:
        raise InputError(f"image '{source}': the file is not a readable {IMAGE_SUFFIXES[suffix]} picture", where, line)
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
