"""Printed punctuation and the small text rules every format shares."""

from __future__ import annotations

import re

_OPENERS = frozenset(" \t\n\u00a0([{<\u2014\u2013/\u201c\u2018")
_EM_DASH = re.compile(r"[ \t]+---?[ \t]+|(?<=[^\s-])---(?=[^\s-])")
_RANGE = re.compile(r"(?<![\w.\-/:@\u2013])(\d+)-{1,2}(\d+)(?![\w\-/:@])")
_TIMES = re.compile(r"(?<=\d)( ?)x( ?)(?=\d)")


def typographic(text: str, before: str = "") -> str:
    """Printed punctuation for plain text, the one filter every book's words pass through:
    curly quotes and apostrophes, an em dash where the text writes `` -- ``, an en dash in a
    range of numbers (``1-4`` -> 1–4), × in dimensions (``8x8`` -> 8×8) and an ellipsis for ``...``.

    ``before`` is the character printed just before ``text`` (a quote at the start of a
    text that follows a bold word closes rather than opens). Move notation such as
    ``b2-b3`` or ``c3xd4`` is left alone: a range needs a number on each side.
    """
    text = _EM_DASH.sub("\u2014", text)
    text = _RANGE.sub("\\1\u2013\\2", text)
    text = _TIMES.sub("\\1\u00d7\\2", text)
    text = text.replace("...", "\u2026")
    if "'" not in text and '"' not in text:
        return text
    out = []
    previous = before[-1:] if before else ""
    for char in text:
        opening = previous == "" or previous in _OPENERS
        if char == '"':
            char = "\u201c" if opening else "\u201d"
        elif char == "'":
            char = "\u2018" if opening else "\u2019"
        out.append(char)
        previous = char
    return "".join(out)


NOT_STATED = frozenset({"", "not stated", "unknown", "n/a", "-"})


def stated(value: str) -> bool:
    """Whether a metadata value says something (a title block leaves out a field that is "not stated")."""
    return value.strip().lower() not in NOT_STATED


def join_names(names: list[str]) -> str:
    """Names as a reader writes them: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
