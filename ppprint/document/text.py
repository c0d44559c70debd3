"""A book's text as a Markdown syntax tree that every printer walks.

The text is parsed once by markdown-it (CommonMark with tables and ``::: box Title`` containers),
checked, and given its printed punctuation (:func:`~ppprint.document.typography.typographic`) here,
so the PDF and the web book print the same words. A figure that ``figure()`` placed, and a picture
alone in its paragraph, become a node of type :data:`FIGURE` whose ``meta`` holds the figure's id
(or the picture's file and caption): no marker survives as text. Anything a book cannot hold (raw
HTML, a picture inside a sentence) is refused with its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode
from mdit_py_plugins.container import container_plugin

from ppprint.document.typography import typographic

FIGURE = "figure"
"""The node type of a placed figure: ``meta`` holds ``id`` (a figure's id, or a picture's file as written)
and, for a picture, ``image`` (True) and ``caption``."""
FIGURE_MARKER = "@@figure:{}@@"
"""What ``figure()`` writes into the text for the parser to find; never printed, and refused in a game's own text."""
_MARKER_RE = re.compile(r"@@figure:([A-Za-z0-9_.-]+)@@")
BLOCKS = frozenset({"heading", "paragraph", "bullet_list", "ordered_list", "list_item", "blockquote", "container_box", "table", "thead", "tbody", "tr", "th", "td", "hr", FIGURE})
"""The block nodes a book can print."""
INLINES = frozenset({"text", "softbreak", "hardbreak", "strong", "em", "code_inline", "link"})
"""The inline nodes a book can print."""


class TextError(ValueError):
    """Markdown a book cannot hold; ``line`` is the line of its block in the text (if known)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


def parser() -> MarkdownIt:
    """The one Markdown parser of every book."""
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable(["table"])
    md.use(container_plugin, name="box")
    return md


@dataclass(frozen=True)
class Text:
    """A parsed, checked text: its syntax tree, and the Markdown it was parsed from (for digests)."""

    tree: SyntaxTreeNode
    source: str

    def tokens(self) -> list[Token]:
        """The tree's tokens, copied so a printer may set ids and links on them (a book is shared by every printer)."""
        return [token.copy(attrs=dict(token.attrs), meta=dict(token.meta)) for token in self.tree.to_tokens()]

    def figures(self) -> list[SyntaxTreeNode]:
        """The figure nodes, in order."""
        return [node for node in self.tree.walk() if node.type == FIGURE]


def parse(source: str, images: bool = True, figures: bool = True) -> Text:
    """The tree of a Markdown text, checked and with printed punctuation (see the module).

    ``images`` allows pictures alone in their paragraph, ``figures`` the markers ``figure()`` writes.
    """
    tokens = parser().parse(source)
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "paragraph_open" and tokens[index + 2].type == "paragraph_close":
            figure = _figure(tokens[index + 1], token.map, images, figures)
            if figure is not None:
                out.append(figure)
                index += 3
                continue
        _check(token, images)
        if token.type == "container_box_open":
            token.info = "box " + typographic(token.info.strip()[len("box") :].strip())
        if token.type == "inline":
            _punctuate(token.children or [])
        out.append(token)
        index += 1
    return Text(SyntaxTreeNode(out), source)


def _figure(inline: Token, where: list[int] | None, images: bool, figures: bool) -> Token | None:
    """The figure node for a paragraph that holds only a marker or only a picture, else ``None``."""
    line = where[0] + 1 if where else None
    marker = _MARKER_RE.fullmatch(inline.content.strip())
    if marker:
        if not figures:
            raise TextError(f"a figure marker ('{marker.group(1)}') outside rules.md", line)
        return _figure_token(where, id=marker.group(1))
    children = [child for child in inline.children or [] if not (child.type == "softbreak" or (child.type == "text" and not child.content.strip()))]
    if len(children) == 1 and children[0].type == "image":
        if not images:
            raise TextError("images are not supported here (only in the rules text)", line)
        image = children[0]
        caption = typographic("".join(child.content for child in image.children or []))
        return _figure_token(where, id=str(image.attrGet("src") or ""), image=True, caption=caption)
    return None


def _figure_token(where: list[int] | None, **meta: object) -> Token:
    token = Token(FIGURE, "figure", 0, map=where)
    token.meta = dict(meta)
    return token


def _check(token: Token, images: bool) -> None:
    line = token.map[0] + 1 if token.map else None
    kind = token.type.removesuffix("_open").removesuffix("_close")
    if token.type != "inline" and kind not in BLOCKS:
        raise TextError(f"Markdown element '{kind}' is not supported in a rulebook", line)
    for child in token.children or []:
        if child.type == "image":
            if not images:
                raise TextError("images are not supported here (only in the rules text)", line)
            raise TextError(f"an image must stand alone in its paragraph, with its caption as its text: ![caption](file.png) (line {line})", line)
        if child.type.removesuffix("_open").removesuffix("_close") not in INLINES:
            raise TextError(f"Markdown element '{child.type.removesuffix('_open')}' is not supported in a rulebook", line)


def _punctuate(children: list[Token]) -> None:
    """Printed punctuation for the text of one inline run; a quote after a bold word closes."""
    last = ""
    for child in children:
        if child.type == "text":
            child.content = typographic(child.content, last)
            last = child.content[-1:] or last
        elif child.type in ("softbreak", "hardbreak"):
            last = " "
        elif child.type == "code_inline":
            last = child.content[-1:] or last


_SPECIAL = frozenset("\\`*_[]<>|&!#~@")
"""What :func:`escape` escapes anywhere (``@`` too: no figure marker can be spelt)."""
_BLOCK_START_RE = re.compile(r"^(?:[-+=:]|\d+(?=[.)]))")


def escape(text: str) -> str:
    """Plain text (a game's names, a measured value) as Markdown that parses back to the same text:
    every character with a meaning inline is escaped, and so is what would open a block at its start
    (a list's marker, a container's colons). Line breaks become spaces; printed punctuation is :func:`parse`'s."""
    escaped = "".join("\\" + char if char in _SPECIAL else char for char in " ".join(text.split()))
    opening = _BLOCK_START_RE.match(escaped)
    if opening is None:
        return escaped
    at = opening.end()
    return escaped[:at] + "\\" + escaped[at:] if opening.group(0)[0].isdigit() else "\\" + escaped


def refuse_markers(text: str) -> int | None:
    """The line of a figure marker written into a game's own text (only ``figure()`` may make one), else ``None``."""
    at = text.find(FIGURE_MARKER.split("{")[0])
    return text.count("\n", 0, at) + 1 if at >= 0 else None
