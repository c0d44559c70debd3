"""Print-and-play PDFs: ``ppprint pnp NAME``, for every game with a view (or a ``pnp.py``), and the piecepack kit.

A game with a view gets its board at true size and the pieces of its setup, with
its credits and licence (:mod:`ppprint.book.pnp.standard`). Its ``pnp.py``, if
any, may define ``add_sections(document, options)``, which replaces those sheets
with its own boards and pieces on a :class:`~ppprint.book.sheets.PrintAndPlay`
document (ppprint puts a page before them: the game's credits and licence, what the
file holds, page by page, and how to print it), or ``extra_sections(document, options)``, which adds sheets after them,
and may define:

* ``Options``, a pydantic model of the game's own options: each field becomes a
  ``ppprint pnp GAME --field`` option (its description is the help), and
  ``options.game`` holds the validated values;
* ``equipment()``, the standard pieces the game needs printed in the piecepack
  kit, as ``{kind: count}`` (kinds: :data:`~ppprint.book.pnp.piecepack.KIT_EXTRAS`).

The document's title, author and licence come from the game's ``game.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from pydantic import BaseModel, ValidationError

from ppprint.book.pnp.options import KIT, NoOptions, PnpOptions, equipment_needs, printing_words
from ppprint.book.sheets import PrintAndPlay
from ppprint.document.book import check_meta_settable
from ppprint.errors import InputError, did_you_mean
from ppprint.registry import Plugin, registry


def pnp_names() -> tuple[str, ...]:
    """Everything ``ppprint pnp`` can print: the kit and every game with a view or ``pnp.py``, sorted."""
    return tuple(sorted([KIT, *(game.id for game in registry().plugins() if printable(game))]))


def printable(game: Plugin) -> bool:
    """Whether ``ppprint pnp`` prints ``game``: it has ``pnp.py`` or a view (``view.py``, or no engine, whose
    board ``game.yaml`` names), without loading its code."""
    return any(game.module_path(name).is_file() for name in ("pnp", "view")) or not game.module_path("engine").is_file()


def not_printable(name: str) -> InputError:
    """The error for a name ``ppprint pnp`` cannot print: a game without a view says what to add."""
    if name in registry().ids():
        return InputError(
            f"game '{name}' has no view to draw its board, so no print-and-play sheets: add view.py "
            f"(a game written by 'ppprint new' has one) or pnp.py",
            _plugin(name).folder,
        )
    return InputError(f"no print-and-play sheets for '{name}' ({did_you_mean(name, pnp_names())}available: {', '.join(pnp_names())})")


def options_model(name: str) -> type[BaseModel]:
    """The model of the own options of ``name`` (a game id or the kit)."""
    if name == KIT:
        return NoOptions
    model = _plugin(name).hook("pnp", "Options")
    return model if isinstance(model, type) and issubclass(model, BaseModel) else NoOptions


def game_options(name: str, values: Mapping[str, Any]) -> BaseModel:
    """Validate the own options of ``name``; a bad value names its option."""
    try:
        return options_model(name).model_validate(dict(values))
    except ValidationError as exc:
        error = exc.errors()[0]
        option = "--" + "-".join(str(part) for part in error["loc"]).replace("_", "-")
        raise InputError(f"{option}: {error['msg']}") from None


def build_pnp(name: str, options: PnpOptions) -> bytes:
    """The print-and-play PDF of ``name`` (a game id, or ``piecepack`` for the kit)."""
    if name not in pnp_names():
        raise not_printable(name)
    if name == KIT:
        from ppprint.book.pnp import piecepack

        title, author, licence, language, rights = piecepack.TITLE, piecepack.AUTHOR, piecepack.LICENCE, None, piecepack.CREDIT
    else:
        game = _plugin(name)
        check_meta_settable(game.data)
        meta = game.data.meta
        title, author, licence, language = meta.title, meta.author(), meta.licence.name, meta.language
        rights = f"Licence: {licence}. " + " ".join(meta.licence.notice.split())
    make = partial(
        PrintAndPlay,
        options.paper,
        title=f"{title}: print-and-play",
        author=author,
        subject=f"{title}: print-and-play sheets ({options.paper}, {'double-sided' if options.double_sided else 'one-sided'})",
        keywords=["print-and-play", name, f"licence: {licence}"],
        language=language,
        double_sided=options.double_sided,
        rights=rights,
    )
    add_sections: Callable[[PrintAndPlay, PnpOptions], None]
    if name == KIT:
        add_sections = piecepack.add_sections
    else:
        own = game.hook("pnp", "add_sections")
        add_sections = _with_contents(game, own, make) if own is not None else _standard(game)
    document = make()
    add_sections(document, options)
    return document.finish()


def _with_contents(game: Plugin, own: Callable[[PrintAndPlay, PnpOptions], None], make: Callable[[], PrintAndPlay]) -> Callable[[PrintAndPlay, PnpOptions], None]:
    """A game's own sheets after a page of words: its credits and licence, what the file holds page by page (from
    a first run of the sheets, after the same page), what the game is played with, and how to print it."""
    from ppprint.book.pnp.standard import credit_words

    meta = game.data.meta

    def words(contents: list[str], options: PnpOptions) -> list[str]:
        held = ["In this file: " + "; ".join(contents) + "."] if contents else []  # (sheets that bookmark nothing)
        played = "The game is played with: " + "; ".join(meta.equipment) + "."
        if any("piecepack" in item.lower() for item in meta.equipment):
            played += f" 'ppprint pnp {KIT}' prints the piecepack kit, with what this game needs from it."
        return [*credit_words(meta), *held, played, *printing_words(options)]

    def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
        probe = make()
        probe.text_sheet(f"{meta.title}: print-and-play", words(["..."], options))
        own(probe, options)
        ends = [first - 1 for _, first in probe.sections[2:]] + [probe.pages]
        contents = [f"{title}, {_pages(first, last)}" for (title, first), last in zip(probe.sections[1:], ends)]
        document.text_sheet(f"{meta.title}: print-and-play", words(contents, options))
        own(document, options)

    return add_sections


def _pages(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first}-{last}"


def _standard(game: Plugin) -> Callable[[PrintAndPlay, PnpOptions], None]:
    """The sheets of a game without its own ``add_sections``: the standard ones, then its ``extra_sections``."""
    from ppprint.book.pnp.standard import add_standard_sections

    extra = game.hook("pnp", "extra_sections")

    def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
        add_standard_sections(document, options, game)
        if extra is not None:
            extra(document, options)

    return add_sections


def _plugin(name: str) -> Plugin:
    return registry().get(name)


__all__ = ["KIT", "NoOptions", "PnpOptions", "build_pnp", "equipment_needs", "game_options", "not_printable", "options_model", "pnp_names", "printable"]
