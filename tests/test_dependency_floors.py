"""constraints/lowest.txt pins every direct dependency at the floor pyproject.toml declares.

.ci/run installs that set in a fresh virtual environment and runs a quick part of the
tests with it, so the floors are versions the tests pass with.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

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


def claimed_pythons() -> list[str]:
    """The Python versions pyproject.toml's classifiers claim (``3.11``, ...)."""
    classifiers = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["classifiers"]
    prefix = "Programming Language :: Python :: "
    return [c.removeprefix(prefix) for c in classifiers if c.startswith(prefix) and c.removeprefix(prefix).count(".") == 1]


def test_the_classifiers_claim_what_requires_python_allows() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    versions = claimed_pythons()
    assert versions and versions[0] == project["requires-python"].removeprefix(">=")
    assert [Version(v) for v in versions] == sorted(Version(v) for v in versions)


@pytest.mark.packaging
@pytest.mark.parametrize("python", claimed_pythons())
def test_the_floor_set_installs_from_wheels_on_every_claimed_python(python: str, tmp_path: Path) -> None:
    """pip resolves the whole floor set (every direct dependency and the test extra at constraints/lowest.txt)
    from wheels alone for that Python on this platform: no floor needs a compiler (pyyaml 6.0, pydantic 2.6,
    pillow 10.0 and watchfiles 0.21 had no wheels for 3.13). Metadata only (--dry-run): a few seconds each."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("\n".join([*project["dependencies"], *project["optional-dependencies"]["test"]]) + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--only-binary=:all:", "--python-version", python,
         "--target", str(tmp_path / "target"), "-c", str(ROOT / "constraints" / "lowest.txt"), "-r", str(requirements)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(line for line in result.stdout.splitlines() if line.startswith("Would install "))
    resolved = {canonicalize_name(name): Version(version) for name, _, version in (item.rpartition("-") for item in line.split()[2:])}
    direct = [Requirement(text) for text in requirements.read_text(encoding="utf-8").splitlines()]
    wanted = {canonicalize_name(r.name) for r in direct if r.marker is None or r.marker.evaluate()}  # rl_accel only where it has wheels
    assert {name: resolved.get(name) for name in wanted} == {name: version for name, version in pinned().items() if name in wanted}
