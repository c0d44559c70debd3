"""Bad input: one clear line naming the file and line (or the argument), exit 2, no traceback, no output."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import edit, run_cli

FIGURES = Path("expansion") / "figures"

# (file to break, text to replace, replacement, what the message must say, line it must name)
BREAKAGES = [
    (FIGURES / "combat.yaml", "columns: 2", "columns: [2", "malformed YAML", 6),
    (FIGURES / "capturing.yaml", "{c3: 2, b4: 3}, second: {f6: 4", "{c3: 2, z9: 3}, second: {f6: 4", "unknown cell 'z9'", 8),
    (FIGURES / "combat.yaml", "{c3: 4, a1: 0, b1: 1}", "{c3: 4, a1: 0, b1: 1}, second: {c3: 2}", "duplicate key 'second'", 10),
    (FIGURES / "markers.yaml", "second: {c4: 2, d5: 4, f4: 5}", "second: {b1: 2, d5: 4, f4: 5}", "two minions on cell b1", 7),
    (FIGURES / "setup.yaml", "  - setup: true", "  - setpu: true", "unknown claim kind 'setpu'", 7),
    (FIGURES / "movement.yaml", "c3-c5: jump-over-empty", "c3-c5: jump-over-nothing", "unknown reason code 'jump-over-nothing'", 29),
    (FIGURES / "ending.yaml", "tiebreak: most-tiles", "tie_break: most-tiles", "unknown fact 'tie_break'", 13),
    (FIGURES / "movement.yaml", "legal: [b2-b3, c1-d1, a3-a4]", "legal: [b2-b3, c1-d1, a3+a4]", "move 'a3+a4'", 10),
    (Path("expansion") / "rules.md", '{{ figure("combat") }}', '{{ figure("combats") }}', "figure('combats'): no such figure", 75),
    (Path("expansion") / "rules.md", '({{ ref("markers") }})', '({{ ref("marker") }})', "ref('marker'): no such figure", 91),
    (Path("expansion") / "game.yaml", "year: 2025", "year: last year", "year", 5),
    (Path("expansion") / "game.yaml", "ages:", "age:", "unknown key 'age'", 7),
]


@pytest.mark.parametrize(("relative", "old", "new", "message", "line"), BREAKAGES)
def test_bad_data_is_one_line_with_file_and_line(games_copy: Path, tmp_path: Path, relative, old, new, message, line):
    path = games_copy / relative
    edit(path, old, new)
    result = run_cli("build", "expansion", "--out", "out", cwd=tmp_path, games=games_copy)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert message in lines[0]
    assert f"{relative.name}:{line}:" in lines[0]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("build", "chess"), "unknown game 'chess'"),
        (("verify", "chess"), "unknown game 'chess'"),
        (("render", "expansion", "nofigure"), "unknown figure 'nofigure'"),
        (("moves", "expansion", "--explain", "b2-b9"), "--explain"),
        (("moves", "expansion", "--position", "M9/6 1"), "--position"),
        (("moves", "chess"), "unknown game 'chess'"),
        (("build", "expansion", "--all"), "not both"),
        (("build", "expansion", "--paper", "a5"), "a5"),
        (("perft", "expansion", "-1"), "-1"),
    ],
)
def test_bad_arguments(tmp_path: Path, args, message):
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "output").exists()


def test_nothing_written_outside_the_chosen_folder(tmp_path: Path):
    result = run_cli("build", "expansion", "--out", "books", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if ".ppprint-cache" not in p.parts)
    assert written == ["books", "books/expansion-letter.pdf"]
    assert all(p.is_relative_to(tmp_path / "books" / ".ppprint-cache") for p in tmp_path.rglob("*") if ".ppprint-cache" in p.parts)
