"""YAML loading that remembers where every value came from.

Mappings load as :class:`LineDict` and sequences as :class:`LineList`; both are
ordinary ``dict``/``list`` objects that also know the line of each entry, so a
validation error deep inside a figure can name the file and line at fault.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ppprint.errors import InputError


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
    """Parse YAML text; a syntax error becomes an :class:`InputError` with its line."""
    try:
        return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a SafeLoader
    except yaml.YAMLError:
        pass
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"malformed YAML: {problem}", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", path) from None


def load_yaml(path: Path) -> Any:
    """Read and parse a YAML file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", path) from None
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", path) from None
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
