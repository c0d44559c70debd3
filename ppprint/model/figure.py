"""A figure file, ``figures/<id>.yaml``: read through pydantic models, then kept as the frozen
dataclasses the rest of ppprint uses (:class:`Figure`, :class:`Panel`, :class:`Claim`, :class:`Marks`).

The models say the whole format (the "Figure files" section of docs/designer.md shows every key):

* a figure (:class:`FigureFile`): ``caption``, ``columns``, ``width``, a shared ``view`` and ``panels``;
  a figure of one panel may instead put the panel's keys at the top (:class:`OnePanelFigure`);
* a panel (:class:`PanelModel`): ``label``, ``position``, ``view``, ``show``, ``claims`` and the marks
  ``highlight``, ``labels`` and ``crosses``;
* a claim, one model per kind (a union told apart by the claim's kind key): :class:`SetupClaim`,
  :class:`LegalClaim`, :class:`IllegalClaim`, :class:`AfterClaim`, :class:`FactsClaim` and :class:`MovesClaim`.

Every error names the file and the line of the key at fault (:func:`ppprint.model.validation.validated`
and :func:`ppprint.model.yamlio.line_of`, as for positions). The engine checks positions, moves, reason
codes and facts; ``verify`` checks that every cell the marks name is on the drawn board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag, model_validator

from ppprint.errors import DataError, InputError
from ppprint.model.table import MARK_KINDS, MarkKind
from ppprint.model.validation import UNION_TAG, validated, whole_message
from ppprint.model.view import ViewOptions
from ppprint.model.yamlio import LineDict, line_of, load_yaml

CLAIM_KINDS = ("setup", "legal", "illegal", "after", "facts", "moves")


@dataclass(frozen=True)
class Claim:
    """One thing a diagram asserts, to be checked by the engine.

    * ``setup``: the position is the game's setup;
    * ``legal``: each of ``moves`` is legal (drawn as green arrows);
    * ``illegal``: each move in ``reasons`` is illegal for that reason code (red arrows);
    * ``after``: ``moves`` are legal in turn, and then the ``expect``\\ ed facts hold;
    * ``facts``: the ``expect``\\ ed facts hold in the position as drawn;
    * ``moves``: ``moves`` are all the legal moves: of the piece on ``origin`` (the moves whose first cell,
      by ``move_cells``, is ``origin``), or without it of the whole position.
    """

    kind: str
    line: int
    moves: tuple[str, ...] = ()
    reasons: tuple[tuple[str, str], ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    draw: bool = True
    origin: str | None = None

    def describe(self) -> str:
        """A short name of the claim for messages: ``legal b2-b3``."""
        if self.kind == "illegal":
            return "illegal " + ", ".join(f"{m} ({r})" for m, r in self.reasons)
        if self.kind in ("legal",):
            return "legal " + ", ".join(self.moves)
        if self.kind == "after":
            return "after " + " ".join(self.moves)
        if self.kind == "moves":
            whose = f"from {self.origin}" if self.origin is not None else "of the position"
            return f"all the legal moves {whose}: " + (", ".join(self.moves) or "none")
        return self.kind


@dataclass(frozen=True)
class Marks:
    """Decorations a designer adds by hand: highlighted cells, labels, crosses."""

    highlight: Mapping[MarkKind, tuple[str, ...]] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    crosses: tuple[str, ...] = ()
    line: int = 0
    cells: tuple[tuple[str, int], ...] = ()
    """Every cell the marks name, with the line that names it (checked against the drawn board by ``verify``)."""


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
    """How many checks a claim stands for: one per move or fact, one for a setup; all the legal moves, one
    per move and one for "no other"."""
    if claim.kind == "legal":
        return len(claim.moves)
    if claim.kind == "moves":
        return len(claim.moves) + 1
    if claim.kind == "illegal":
        return len(claim.reasons)
    if claim.kind in ("after", "facts"):
        return max(1, len(claim.expect))
    return 1




# -- the models of a figure file -------------------------------------------------------------------


def _must(ok: Callable[[Any], bool], message: str) -> BeforeValidator:
    """A value refused with ``message`` (the whole message, at the value's own line) unless ``ok``."""

    def check(value: Any) -> Any:
        if not ok(value):
            raise whole_message(message)
        return value

    return BeforeValidator(check)


def _text(value: Any) -> Any:
    """A scalar written where text is wanted (``1``, ``2.5``) is that text."""
    return str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def _is_mapping(value: Any) -> bool:
    return isinstance(value, Mapping)


def _labels(value: Any) -> Any:
    """Labels: cell -> text; a value that is not text is named at its own line."""
    if not isinstance(value, Mapping):
        raise whole_message("labels: a mapping of cell -> text")
    for cell, text in value.items():
        if not isinstance(text, (str, int, float)) or isinstance(text, bool):
            raise whole_message("labels: a mapping of cell -> text", cell)
    return value


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


Text = Annotated[str, BeforeValidator(_text)]
Cell = Annotated[str, BeforeValidator(_text)]
"""A cell's name in the game's notation (``c3``)."""
Cells = Annotated[list[Cell], _must(_is_list, "crosses: a list of cells")]


def _moves(value: Any, empty: bool = False) -> Any:
    """Moves: a list, or a string of moves separated by spaces; empty only where ``empty``."""
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not (value or empty) or not all(isinstance(m, (str, int)) and not isinstance(m, bool) for m in value):
        raise whole_message("a list of moves in the game's notation" + (" ([] for none)" if empty else ""))
    return [str(m) for m in value]


Moves = Annotated[list[str], BeforeValidator(_moves)]
MovesOrNone = Annotated[list[str], BeforeValidator(lambda value: _moves(value, empty=True))]
Draw = Annotated[bool, _must(lambda v: isinstance(v, bool), "draw: true or false")]


class _Data(BaseModel):
    """A mapping of figure data: an unknown key is named with its line and the keys known there."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    not_a_mapping: ClassVar[str] = "a mapping"

    @model_validator(mode="before")
    @classmethod
    def _known_keys(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            raise whole_message(cls.not_a_mapping)
        known = sorted(field.alias or name for name, field in cls.model_fields.items())
        for key in data:
            if key not in known:
                raise whole_message(f"unknown key '{key}' (known: {', '.join(known)})", key)
        return data


class SetupClaim(_Data):
    """``setup: true``: the position is the game's setup."""

    setup: Annotated[Literal[True], _must(lambda v: v is True, "write the setup claim as 'setup: true'")]


class LegalClaim(_Data):
    """``legal: [moves]``: each move is legal (drawn as arrows unless ``draw: false``)."""

    legal: Moves
    draw: Draw = True


class IllegalClaim(_Data):
    """``illegal: {move: reason code}``: each move is illegal for that reason (crossed arrows unless ``draw: false``)."""

    illegal: Annotated[
        dict[Annotated[str, BeforeValidator(_text)], Text],
        _must(lambda v: isinstance(v, Mapping) and bool(v), "illegal: a mapping of move -> reason code"),
    ]
    draw: Draw = True


class AfterClaim(_Data):
    """``after: [moves]``: the moves are legal in turn (drawn as played arrows unless ``draw: false``), and then
    the ``expect``\\ ed facts hold."""

    after: Moves
    expect: Annotated[dict[Any, Any], _must(_is_mapping, "expect: a mapping of fact -> value")] = {}
    draw: Draw = True


class FactsClaim(_Data):
    """``facts: {fact: value}``: the facts hold in the position as drawn."""

    facts: Annotated[dict[Any, Any], _must(lambda v: isinstance(v, Mapping) and bool(v), "facts: a mapping of fact -> value")]


class MovesClaim(_Data):
    """``moves: [moves]``, with ``from: cell`` or without: the moves are all the legal moves of the piece on the
    cell (those whose first cell is it), or of the position (drawn as arrows unless ``draw: false``)."""

    moves: MovesOrNone
    origin: Annotated[Cell, _must(lambda v: isinstance(v, (str, int)) and not isinstance(v, bool) and v != "", "from: a cell")] | None = Field(default=None, alias="from")
    draw: Draw = True


CLAIM_MODELS: dict[str, type[_Data]] = {
    "setup": SetupClaim,
    "legal": LegalClaim,
    "illegal": IllegalClaim,
    "after": AfterClaim,
    "facts": FactsClaim,
    "moves": MovesClaim,
}
"""The model of each claim kind."""
_DRAWN_KINDS = tuple(kind for kind, model in CLAIM_MODELS.items() if "draw" in model.model_fields)


def _claim_shape(raw: Any) -> Any:
    """A claim is a mapping whose one kind key says its model: refused here with the messages a writer needs."""
    known = ", ".join(CLAIM_KINDS)
    if not isinstance(raw, Mapping) or not raw:
        raise whole_message(f"a claim is a mapping whose key is its kind ({known})")
    unknown = [k for k in raw if k not in CLAIM_KINDS and k not in ("expect", "draw", "from")]
    if unknown:
        raise whole_message(f"unknown claim kind '{unknown[0]}' (known: {known})", unknown[0])
    kinds = [k for k in raw if k in CLAIM_KINDS]
    if len(kinds) != 1:
        raise whole_message(f"a claim has exactly one kind ({known})")
    if "expect" in raw and kinds[0] != "after":
        raise whole_message("only an 'after' claim has 'expect'", "expect")
    if "from" in raw and kinds[0] != "moves":
        raise whole_message("only a 'moves' claim has 'from'", "from")
    if "draw" in raw and kinds[0] not in _DRAWN_KINDS:
        raise whole_message(f"only a claim that draws moves ({', '.join(_DRAWN_KINDS)}) has 'draw'", "draw")
    return raw


def _claim_kind(raw: Any) -> str | None:
    if isinstance(raw, Mapping):
        return next((UNION_TAG + str(k) for k in raw if k in CLAIM_KINDS), None)
    return next((UNION_TAG + kind for kind, model in CLAIM_MODELS.items() if isinstance(raw, model)), None)


ClaimModel = Annotated[
    Annotated[SetupClaim, Tag(UNION_TAG + "setup")]
    | Annotated[LegalClaim, Tag(UNION_TAG + "legal")]
    | Annotated[IllegalClaim, Tag(UNION_TAG + "illegal")]
    | Annotated[AfterClaim, Tag(UNION_TAG + "after")]
    | Annotated[FactsClaim, Tag(UNION_TAG + "facts")]
    | Annotated[MovesClaim, Tag(UNION_TAG + "moves")],
    Discriminator(_claim_kind),
    BeforeValidator(_claim_shape),
]
"""One claim: its model is chosen by its kind key."""


def _highlight(value: Any) -> Any:
    if isinstance(value, list):
        value = {"highlight": value}
    if not isinstance(value, Mapping) or not all(isinstance(v, list) for v in value.values()):
        raise whole_message("highlight: a list of cells, or kind -> list of cells")
    for kind in value:
        if kind not in MARK_KINDS:
            raise whole_message(f"unknown highlight kind '{kind}' (known: {', '.join(MARK_KINDS)})", kind)
    return value


def _required(model: type[BaseModel], data: Any, key: str, message: str) -> Any:
    """``data`` as it is, unless it lacks ``key`` (then ``message``, for the whole mapping). A mapping that
    also holds a key the model does not know is left to the unknown key's own error, at its line: the
    likely misspelling of ``key``."""
    if isinstance(data, Mapping) and key not in data and set(data) <= set(model.model_fields):
        raise whole_message(message)
    return data


class PanelModel(_Data):
    """One picture: a position, how to show it, its claims and its marks."""

    not_a_mapping: ClassVar[str] = "a panel is a mapping with position and claims"

    label: Annotated[Text, _must(lambda v: isinstance(v, (str, int, float)) and not isinstance(v, bool), "label: a line of text")] = ""
    position: Any
    view: Annotated[Any, _must(_is_mapping, "view: a mapping")] = None
    show: Annotated[
        Literal["before", "after"], _must(lambda v: v in ("before", "after"), "show: 'before' or 'after' (the moves of the first 'after' claim)")
    ] = "before"
    claims: Annotated[list[ClaimModel], _must(_is_list, "claims: a list of claims")] = []
    highlight: Annotated[dict[MarkKind, list[Cell]], BeforeValidator(_highlight)] = {}
    labels: Annotated[dict[Cell, Text], BeforeValidator(_labels)] = {}
    crosses: Cells = []

    @model_validator(mode="before")
    @classmethod
    def _needs_position(cls, data: Any) -> Any:
        return _required(cls, data, "position", "a panel needs a position")

    @model_validator(mode="after")
    def _show_after(self) -> PanelModel:
        if self.show == "after" and not any(isinstance(c, AfterClaim) for c in self.claims):
            raise whole_message("show: after needs an 'after' claim", "show")
        return self


_Columns = Annotated[int, _must(lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1, "columns: a whole number of at least 1")]
WIDTHS = (0.5, 100.0)
"""The narrowest and widest a figure's ``width`` may ask for, in inches (a narrower one draws its lines absurdly thick)."""
MAX_CAPTION = 1_000
"""The most characters of a figure's caption: it prints below its picture, on the same page (a booklet's too)."""
_Width = Annotated[
    float,
    BeforeValidator(lambda v: float(v) if isinstance(v, int) and not isinstance(v, bool) else v),
    _must(
        lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and WIDTHS[0] <= v <= WIDTHS[1],
        f"width: the figure's width in inches, from {WIDTHS[0]:g} to {WIDTHS[1]:g}",
    ),
]


class _FigureKeys(_Data):
    not_a_mapping: ClassVar[str] = "a figure is a mapping with caption, position and claims"

    caption: Annotated[
        str,
        _must(lambda v: not isinstance(v, str) or len(v) <= MAX_CAPTION, f"caption: at most {MAX_CAPTION:,} characters (it prints on one page with its figure)"),
        _must(lambda v: isinstance(v, str) and bool(v.strip()), "a figure needs a caption"),
    ]
    columns: _Columns | None = None
    width: _Width | None = None
    view: Annotated[Any, _must(_is_mapping, "view: a mapping")] = None

    @model_validator(mode="before")
    @classmethod
    def _needs_caption(cls, data: Any) -> Any:
        return _required(cls, data, "caption", "a figure needs a caption")


class FigureFile(_FigureKeys):
    """A figure of panels: ``caption``, ``columns`` (panels a row), ``width`` (inches, at most), a ``view``
    every panel shares (a panel's own ``view`` overrides it key by key) and ``panels``."""

    panels: Annotated[list[PanelModel], _must(lambda v: isinstance(v, list) and bool(v), "panels: a list of panels")]

    @model_validator(mode="before")
    @classmethod
    def _panel_keys_inside(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            stray = sorted(set(data) & (set(PanelModel.model_fields) - {"view"}))
            if stray:
                raise whole_message(f"'{stray[0]}' belongs inside a panel", stray[0])
        return data


class OnePanelFigure(_FigureKeys, PanelModel):
    """A figure of one panel, whose keys are at the top."""

    not_a_mapping: ClassVar[str] = _FigureKeys.not_a_mapping


# -- from the models to the figure ----------------------------------------------------------------


def _validate(model: type[BaseModel], raw: Any, path: Path) -> Any:
    try:
        return validated(model, raw, innermost=True)
    except DataError as exc:
        raise InputError(exc.message, path, line_of(raw, exc.loc)) from None


def load_figure(path: Path, view: type[ViewOptions] = ViewOptions) -> Figure:
    """Load one figure file; a figure with one panel may put the panel's keys at the top."""
    raw = load_yaml(path)
    if not isinstance(raw, LineDict):
        raise InputError(_FigureKeys.not_a_mapping, path, 1)
    if "panels" in raw:
        figure: FigureFile = _validate(FigureFile, raw, path)
        shared = raw.get("view") or {}
        _view_options(view, raw, {}, path)
        panels = tuple(_panel(model, data, path, view, shared, raw) for model, data in zip(figure.panels, raw["panels"]))
        keys: _FigureKeys = figure
    else:
        one: OnePanelFigure = _validate(OnePanelFigure, raw, path)
        panels = (_panel(one, raw, path, view, {}, raw),)
        keys = one
    columns = keys.columns if keys.columns is not None else min(len(panels), 2)
    return Figure(path.stem, path, " ".join(keys.caption.split()), panels, columns, keys.width)


def _claim(model: _Data, line: int) -> Claim:
    if isinstance(model, LegalClaim):
        return Claim("legal", line, moves=tuple(model.legal), draw=model.draw)
    if isinstance(model, IllegalClaim):
        return Claim("illegal", line, reasons=tuple(model.illegal.items()), draw=model.draw)
    if isinstance(model, AfterClaim):
        return Claim("after", line, moves=tuple(model.after), expect=model.expect, draw=model.draw)
    if isinstance(model, FactsClaim):
        return Claim("facts", line, expect=model.facts)
    if isinstance(model, MovesClaim):
        return Claim("moves", line, moves=tuple(model.moves), draw=model.draw, origin=model.origin)
    return Claim("setup", line)


def _panel(model: PanelModel, raw: LineDict, path: Path, view: type[ViewOptions], shared: Mapping[str, Any], figure: LineDict) -> Panel:
    claim_lines = getattr(raw.get("claims"), "item_lines", [])
    cells: list[tuple[str, int]] = []
    highlight = raw.get("highlight")
    for kind, named in model.highlight.items():
        where: tuple[Any, ...] = ("highlight",) if isinstance(highlight, list) else ("highlight", kind)
        cells += [(cell, line_of(raw, (*where, i)) or raw.line) for i, cell in enumerate(named)]
    cells += [(cell, line_of(raw, ("labels", cell)) or raw.line) for cell in model.labels]
    cells += [(cell, line_of(raw, ("crosses", i)) or raw.line) for i, cell in enumerate(model.crosses)]
    marks = Marks(highlight={kind: tuple(named) for kind, named in model.highlight.items()}, labels=dict(model.labels), crosses=tuple(model.crosses), line=raw.line, cells=tuple(cells))
    return Panel(
        label=model.label,
        position=raw["position"],
        position_line=line_of(raw, ("position",)) or raw.line,
        view=_view_options(view, raw, shared, path, figure),
        claims=tuple(_claim(c, line) for c, line in zip(model.claims, claim_lines)),
        marks=marks,
        show=model.show,
        line=raw.line,
    )


def _view_options(
    model: type[ViewOptions], raw: LineDict, shared: Mapping[str, Any], path: Path, figure: LineDict | None = None
) -> ViewOptions:
    """A panel's view (the figure's shared ``view:`` overridden by its own) checked against the game's view options."""
    own = raw.get("view") or {}
    try:
        return validated(model, {**shared, **own})
    except DataError as exc:
        where = raw if exc.loc and exc.loc[0] in own or figure is None else figure
        raise InputError(f"view: {exc.message}", path, line_of(where, ("view", *exc.loc))) from None
