"""YAML loading that remembers where every value came from, and refuses what data never needs.

Mappings load as :class:`LineDict` and sequences as :class:`LineList`; both are
ordinary ``dict``/``list`` objects that also know the line of each entry, so a
validation error deep inside a figure can name the file and line at fault.

Game data is mappings, lists, text, numbers, true/false and null, and YAML can
say much more. Before anything is built from a file, its events are read once
(:func:`check_events`) and these are refused with the file and line:

* a file larger than :data:`MAX_BYTES`;
* nesting deeper than :data:`MAX_DEPTH`;
* more than :data:`MAX_NODES` values once every alias is expanded (an alias
  "bomb": nine aliases of nine aliases ... of a short list is a few hundred bytes
  of text and billions of values), or an alias inside the value it names;
* a tag other than the plain ones (``!!set``, ``!!binary``, ``!!omap``,
  ``!!timestamp``, ``!!python/...``);
* ``.nan``, ``.inf`` and other numbers that are not finite, and integers of more
  than :data:`MAX_DIGITS` digits;
* a lone surrogate (``"\\ud800"``) or a control character other than tab and newline in text.

Anchors and aliases themselves stay: figures share a position between panels
with ``&example`` and ``*example``.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml

from ppprint.errors import InputError


MAX_BYTES = 256 * 1024
"""The largest YAML data file (a figure, game.yaml, a level): 256 KiB, a hundred times the largest shipped one."""
MAX_DEPTH = 64
"""The deepest nesting of mappings and lists."""
MAX_NODES = 50_000
"""The most values a file may hold with every alias expanded."""
MAX_DIGITS = 30
"""The most digits of an integer."""

_TAG = "tag:yaml.org,2002:"
ALLOWED_TAGS = frozenset({"!", *(_TAG + name for name in ("str", "int", "float", "bool", "null", "map", "seq"))})
"""Explicit tags data may carry (``!!str`` and the like); any other is refused."""
_BAD_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")
_RESOLVER = yaml.resolver.Resolver()


class LineDict(dict[Any, Any]):
    """A dict that knows its own line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]


class LineList(list[Any]):
    """A list that knows its own line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list[int]


class _Loader(yaml.SafeLoader):
    """SafeLoader that records lines; duplicate keys are an error."""


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """:class:`_Loader` on libyaml's parser where PyYAML has it (several times faster); its error
    messages say less, so text it refuses is read again by :class:`_Loader` for the message."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a plain value", key_node.start_mark
            )
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}'", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml_text(text: str, path: Path) -> Any:
    """Parse YAML text; a syntax error, or anything :func:`check_events` refuses, is an :class:`InputError` with its line."""
    if len(text) > MAX_BYTES:
        raise InputError(f"the file holds {len(text):,} characters, more than the {MAX_BYTES:,} a data file may hold", path)
    try:
        check_events(text, path)
        return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a SafeLoader
    except yaml.YAMLError:
        pass
    try:
        check_events(text, path, yaml.SafeLoader)
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"malformed YAML: {problem}", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", path) from None


def check_events(text: str, path: Path, loader: Any = _FastLoader) -> None:
    """Read the YAML events of ``text`` once and refuse what game data never needs (see the module's docstring).

    Linear in the text: the size of each anchored value is counted once and an alias adds it,
    so an alias bomb is refused before a single alias is expanded.
    """
    sizes: dict[str, int] = {}
    open_anchors: list[str | None] = []
    counts: list[int] = [0]
    total = 0
    for event in yaml.parse(text, Loader=loader):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)):
            tag = event.tag
            if tag is not None and tag not in ALLOWED_TAGS:
                shown = "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag
                raise InputError(f"the tag {shown} is not allowed: data is mappings, lists, text, numbers, true/false and null", path, line)
        if isinstance(event, yaml.ScalarEvent):
            _check_scalar(event, path, line)
            size = 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor in open_anchors:
                raise InputError(f"the alias *{event.anchor} is inside the value it names", path, line)
            size = sizes.get(str(event.anchor), 1)
        elif isinstance(event, yaml.CollectionStartEvent):
            open_anchors.append(event.anchor)
            counts.append(1)
            if len(counts) > MAX_DEPTH + 1:
                raise InputError(f"mappings and lists nested more than {MAX_DEPTH} deep", path, line)
            continue
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor = open_anchors.pop()
            size = counts.pop()
            if anchor is not None:
                sizes[anchor] = size
        else:
            continue
        counts[-1] += size
        total = counts[0] + sum(counts[1:])
        if total > MAX_NODES:
            raise InputError(
                f"more than {MAX_NODES:,} values once its aliases are expanded (an alias bomb?): refused", path, line
            )


def _check_scalar(event: yaml.ScalarEvent, path: Path, line: int | None) -> None:
    value = event.value
    bad = _BAD_TEXT.search(value)
    if bad is not None:
        what = "a lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else "a control character"
        raise InputError(f"{what} (U+{ord(bad.group()):04X}) in text", path, line)
    tag = event.tag
    if tag is None and event.implicit[0]:
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
    if tag == _TAG + "float":
        try:
            number = float(value.replace("_", "").lower().replace(".nan", "nan").replace(".inf", "inf"))
        except ValueError:
            return
        if not math.isfinite(number):
            raise InputError(f"'{value}' is not a finite number", path, line)
    elif tag == _TAG + "int" and sum(ch.isdigit() for ch in value) > MAX_DIGITS:
        raise InputError(f"an integer of more than {MAX_DIGITS} digits", path, line)


def load_yaml(path: Path) -> Any:
    """Read and parse a YAML file (at most :data:`MAX_BYTES`)."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(f"the file is {size:,} bytes, more than the {MAX_BYTES:,} a data file may hold", path)
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", path) from None
    except UnicodeDecodeError as exc:
        line = exc.object[: exc.start].count(b"\n") + 1
        raise InputError("not UTF-8 text", path, line) from None
    return load_yaml_text(text, path)


def line_of(data: Any, loc: tuple[Any, ...]) -> int | None:
    """The line of the value at ``loc`` (a path of keys and indexes) in loaded data.

    Walks as far down ``loc`` as the data goes and returns the deepest line known,
    so a missing key reports the line of the mapping that lacks it.
    """
    line = getattr(data, "line", None)
    node = data
    for part in loc:
        if isinstance(node, LineDict) and part in node:
            line = node.key_lines.get(part, line)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.item_lines[part]
            node = node[part]
        else:
            break
        line = getattr(node, "line", None) or line
    return line
