"""constraints/lowest.txt pins every direct dependency at the floor pyproject.toml declares.

.ci/run installs that set in a fresh virtual environment and runs a quick part of the
tests with it, so the floors are versions the tests pass with.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def declared_floors() -> dict[str, Version]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    floors = {}
    for text in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        requirement = Requirement(text)
        # A floor (>=), or for a tool whose verdicts change from release to release (ruff) one exact pin.
        lower = [spec for spec in requirement.specifier if spec.operator in (">=", "==")]
        assert len(lower) == 1 and len(requirement.specifier) == len(lower), f"{text}: one floor (>=) or one pin (==) wanted"
        floors[canonicalize_name(requirement.name)] = Version(lower[0].version)
    return floors


def pinned() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / "constraints" / "lowest.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{line}: pin one version (==)"
            pins[canonicalize_name(name)] = Version(version)
    return pins


def test_lowest_pins_every_direct_dependency_at_its_floor() -> None:
    assert pinned() == declared_floors()


def test_ci_installs_the_lowest_set_and_tests_it() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-c constraints/lowest.txt" in ci and "tests/test_engine_contract.py tests/test_book_contract.py" in ci
