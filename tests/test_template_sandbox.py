"""Rules text never runs code: the sandbox refuses attribute tricks, bounds the work, keeps includes in the folder."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.conftest import run_cli
from ppprint.scaffold import create_game

PAYLOADS = [
    ("{{ ''.__class__.__mro__ }}", "rules.md:4: template error: access to attribute '__class__'"),
    ("{{ cycler.__init__.__globals__ }}", "rules.md:4: template error: access to attribute '__init__'"),
    ("{{ 9**999999 }}", "rules.md:4: template error: 9 ** 999999 is too large"),
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "rules.md: the template takes longer than"),
    ('{% include "rules.md" %}', "rules.md: template error: the template includes itself"),
    ('{% include "../../../../etc/passwd" %}', "rules.md:4: template error: no such file to include"),
    ("{% set ns = namespace(s='xxxxxxxx') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}", "rules.md: the template ran out of memory"),
    ("{{ nonexistent }}", "rules.md:4: template error: 'nonexistent' is undefined"),
]


@pytest.mark.parametrize(("payload", "message"), PAYLOADS, ids=[p[:24] for p, _ in PAYLOADS])
def test_hostile_rules_text_builds_nothing_and_runs_nothing(tmp_path: Path, payload: str, message: str) -> None:
    folder = create_game(tmp_path, "evil")
    (folder / "rules.md").write_text("## Rules\n\nText.\n" + payload + "\n", encoding="utf-8")
    marker = tmp_path / "pwned"
    started = time.monotonic()
    result = run_cli("build", "evil", "--out", "out", cwd=tmp_path, games=tmp_path)
    assert time.monotonic() - started < 15
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: ") and message in line, line
    assert not (tmp_path / "out").exists() and not marker.exists()


def test_the_classic_payload_does_not_create_a_file(tmp_path: Path) -> None:
    folder = create_game(tmp_path, "evil")
    marker = tmp_path / "pwned"
    payload = (
        "{% for c in ''.__class__.__mro__[1].__subclasses__() %}{% if c.__name__ == 'Popen' %}"
        f"{{{{ c(['touch', '{marker}']) }}}}{{% endif %}}{{% endfor %}}"
    )
    (folder / "rules.md").write_text("## Rules\n\n" + payload + "\n", encoding="utf-8")
    result = run_cli("build", "evil", "--out", "out", cwd=tmp_path, games=tmp_path)
    assert result.returncode == 2 and "unsafe" in result.stderr
    assert not marker.exists() and not (tmp_path / "out").exists()
