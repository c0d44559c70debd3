"""The linter CI runs passes, with the rules pyproject.toml sets, and CI runs it after the type check."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def ruff() -> str:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (it is in the test extra)")
    return found


def test_ci_runs_ruff_after_mypy() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert lines.index(".venv/bin/ruff check") == lines.index(".venv/bin/mypy") + 1


def test_ruff_passes_with_at_least_pyflakes() -> None:
    rules = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]["select"]
    assert "F" in rules
    result = subprocess.run([ruff(), "check", "--no-cache", "--output-format", "concise"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_ruff_would_catch_a_test_defined_twice(tmp_path: Path) -> None:
    """The rule set is not empty in effect: pyflakes flags a redefined test and an unused import."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "test_twice.py").write_text("import os\n\n\ndef test_a() -> None:\n    pass\n\n\ndef test_a() -> None:\n    pass\n")
    result = subprocess.run([ruff(), "check", "--no-cache", "--output-format", "concise", "test_twice.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "F811" in result.stdout and "F401" in result.stdout, result.stdout
