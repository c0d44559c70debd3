"""``ppprint build --format A --format B``: each game verified and its book made once, every file of every
format written as one set (all of them, or none)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from ppprint.build import formats
from ppprint.build.formats import Printing
from ppprint.cli import run
from ppprint.document.book import Book
from ppprint.errors import InputError


def test_formats_are_one_set_all_or_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    made: list[int] = []

    def failing_epub(book: Book, printing: Printing) -> bytes:
        made.append(id(book))
        raise InputError("this e-book cannot be printed (planted)")

    def counted(printer: formats.Printer) -> formats.Printer:
        def print_it(book: Book, printing: Printing) -> bytes:
            made.append(id(book))
            return printer(book, printing)

        return print_it

    standard = formats.FORMATS["standard"]
    monkeypatch.setitem(formats.FORMATS, "standard", dataclasses.replace(standard, printer=counted(standard.printer)))
    monkeypatch.setitem(formats.FORMATS, "epub", dataclasses.replace(formats.FORMATS["epub"], printer=failing_epub))
    out = tmp_path / "out"
    code = run(["build", "sanqi", "--format", "standard", "--format", "epub", "--out", str(out), "--jobs", "1", "--no-cache", "--no-check"])
    assert code == 2 and "planted" in capsys.readouterr().err
    assert not out.exists() or not any(out.iterdir()), "a format written before another failed"
    assert len(made) == 2 and len(set(made)) == 1, "the book is made once for every format"


def test_every_format_written_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    code = run(["build", "sanqi", "--format", "booklet", "--format", "html", "--format", "booklet", "--out", str(out), "--jobs", "1", "--no-cache", "--no-check"])
    assert code == 0, capsys.readouterr().err
    assert sorted(path.name for path in out.iterdir() if not path.name.startswith(".")) == ["sanqi-letter-booklet.pdf", "sanqi.html"]
    said = capsys.readouterr().out
    assert said.count("wrote ") == 2, said
