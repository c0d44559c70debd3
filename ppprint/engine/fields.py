"""The one-line ``key=value`` position notation, read and written in one place with one set of error words.

A game whose position text is space-separated ``key=value`` tokens (``round=3
phase=move``) reads it with :func:`read_fields` (or, when the keys depend on
a field, :func:`split_fields` then :func:`expect_fields`) and writes it with
:func:`fields_text`. The errors, each a :class:`PositionError` naming the key:

* ``'round' is not a key=value field``
* ``the field 'round' is given twice``
* ``the field 'round' has no value`` (plus a hint such as ``(write '-' for nothing)``)
* ``unknown field 'colour' (fields: round, phase...)``
* ``a position gives every field: round, phase... (missing: phase)``
* ``the fields go in this order: round, phase...``
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ppprint.errors import PositionError


def fields_text(fields: Mapping[str, object]) -> str:
    """The fields as ``key=value`` tokens, in the mapping's order."""
    return " ".join(f"{key}={value}" for key, value in fields.items())


def split_fields(tokens: str | Iterable[str], empty_hint: str = "") -> dict[str, str]:
    """Each ``key=value`` token's value by key, in the order given (a string is split at spaces);
    ``empty_hint`` follows the words of a key without a value."""
    fields: dict[str, str] = {}
    for token in tokens.split() if isinstance(tokens, str) else tokens:
        key, sep, value = token.partition("=")
        if not sep or not key:
            raise PositionError(f"'{token}' is not a key=value field")
        if key in fields:
            raise PositionError(f"the field '{key}' is given twice", (key,))
        if not value:
            raise PositionError(f"the field '{key}' has no value" + (f" ({empty_hint})" if empty_hint else ""), (key,))
        fields[key] = value
    return fields


def expect_fields(fields: Mapping[str, str], keys: Sequence[str], ordered: bool = False) -> None:
    """Check that ``fields`` has exactly ``keys`` (in their order, if ``ordered``)."""
    for key in fields:
        if key not in keys:
            raise PositionError(f"unknown field '{key}' (fields: {', '.join(keys)})", (key,))
    missing = [key for key in keys if key not in fields]
    if missing:
        raise PositionError(f"a position gives every field: {', '.join(keys)} (missing: {', '.join(missing)})")
    if ordered and list(fields) != list(keys):
        raise PositionError(f"the fields go in this order: {', '.join(keys)}")


def read_fields(tokens: str | Iterable[str], keys: Sequence[str], ordered: bool = False, empty_hint: str = "") -> dict[str, str]:
    """The value of every one of ``keys`` in ``key=value`` tokens (see :func:`split_fields` and :func:`expect_fields`)."""
    fields = split_fields(tokens, empty_hint)
    expect_fields(fields, keys, ordered)
    return fields
