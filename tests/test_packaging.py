"""ppprint as a normal tool: the wheel installs (not editable) and works from any folder, the sdist
carries runnable tests, and a game installed as its own distribution is found by its entry point."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from ppprint.scaffold import create_game

ROOT = Path(__file__).resolve().parent.parent
SOURCE_FOLDERS = {"ppprint": "ppprint", "games": "ppprint.games", "templates": "ppprint.templates"}


def test_every_folder_is_a_listed_package() -> None:
    """The wheel carries a folder only if pyproject.toml lists it: a new folder must be listed."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set()
    for folder, package in SOURCE_FOLDERS.items():
        for path in [ROOT / folder, *(ROOT / folder).rglob("*")]:
            if path.is_dir() and path.name != "__pycache__" and not path.name.startswith("."):
                found.add(".".join([package, *path.relative_to(ROOT / folder).parts]))
    assert found == listed


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0, f"{args}: {result.stdout[-2000:]}{result.stderr[-2000:]}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, Path]]:
    """The project's tracked files built into an sdist and a wheel, the wheel installed in a fresh venv."""
    base = tmp_path_factory.mktemp("packaging")
    source = base / "source"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, tracked):
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / name).read_bytes())
    run(sys.executable, "-m", "build", "--outdir", base / "dist", source, cwd=base)
    run(sys.executable, "-m", "venv", base / "venv", cwd=base)
    python = base / "venv" / "bin" / "python"
    wheel = next((base / "dist").glob("*.whl"))
    run(python, "-m", "pip", "install", "-q", wheel, cwd=base)
    yield python, base / "venv" / "bin" / "ppprint", next((base / "dist").glob("*.tar.gz"))


def ppprint(command: Path, *args: str, cwd: Path) -> str:
    env = {key: value for key, value in os.environ.items() if key != "PPPRINT_GAMES"}
    return run(command, *args, cwd=cwd, env=env).stdout


@pytest.mark.packaging
def test_the_installed_wheel_works_from_any_folder(installed: tuple[Path, Path, Path], tmp_path: Path) -> None:
    _, command, _ = installed
    assert ppprint(command, "--version", cwd=tmp_path).startswith("ppprint ")
    listed = ppprint(command, "list", cwd=tmp_path)
    for game in ("expansion", "piecepackman", "pileup", "sanqi", "siege"):
        assert f"\n{game}: " in "\n" + listed
    ppprint(command, "build", "expansion", cwd=tmp_path)
    assert (tmp_path / "output" / "expansion-letter.pdf").stat().st_size > 10_000
    assert ppprint(command, "moves", "piecepackman", cwd=tmp_path).split()
    ppprint(command, "pnp", "piecepackman", cwd=tmp_path)
    assert (tmp_path / "output" / "piecepackman-pnp-letter.pdf").is_file()
    ppprint(command, "new", "my-game", cwd=tmp_path)
    ppprint(command, "build", "my-game", cwd=tmp_path)
    assert (tmp_path / "output" / "my-game-letter.pdf").is_file()


@pytest.mark.packaging
def test_a_game_distribution_is_found_by_its_entry_point(installed: tuple[Path, Path, Path], tmp_path: Path) -> None:
    python, command, _ = installed
    project = tmp_path / "tiny"
    project.mkdir()
    package = create_game(project, "tiny-game").rename(project / "tinygame")
    (package / "__init__.py").write_text('"""A game installed as its own distribution."""\n')
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=77"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "tinygame"\nversion = "1.0"\n\n'
        '[project.entry-points."ppprint.games"]\ntiny-game = "tinygame"\n\n'
        '[tool.setuptools]\npackages = ["tinygame", "tinygame.figures"]\n\n'
        '[tool.setuptools.package-data]\n"*" = ["*.yaml", "*.md"]\n'
    )
    run(python, "-m", "pip", "install", "-q", "--no-deps", project, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert "tiny-game: Tiny Game (2 figures)" in ppprint(command, "list", cwd=elsewhere)
    ppprint(command, "build", "tiny-game", cwd=elsewhere)
    assert (elsewhere / "output" / "tiny-game-letter.pdf").is_file()
    run(python, "-m", "pip", "uninstall", "-q", "-y", "tinygame", cwd=tmp_path)


@pytest.mark.packaging
def test_the_wheel_declares_every_licence_it_ships(installed: tuple[Path, Path, Path]) -> None:
    python, _, _ = installed
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    shown = run(python, "-c", SHOW_METADATA, cwd=python.parent).stdout.splitlines()  # not ROOT: its ppprint.egg-info would answer
    assert f"License-Expression: {project['license']}" in shown
    declared = sorted(line.removeprefix("License-File: ") for line in shown if line.startswith("License-File: "))
    assert declared == sorted(project["license-files"])
    installed_files = {line.removeprefix("FILE ") for line in shown if line.startswith("FILE ")}
    assert {f"licenses/{name}" for name in declared} <= installed_files
    assert "Classifier: Programming Language :: Python :: 3.13" in shown


SHOW_METADATA = """
from importlib.metadata import distribution
d = distribution("ppprint")
print(d.read_text("METADATA"))
for f in d.files or []:
    if ".dist-info/" in str(f):
        print("FILE " + str(f).split(".dist-info/", 1)[1])
"""


@pytest.mark.packaging
def test_the_sdist_installs_and_its_tests_run_in_place(installed: tuple[Path, Path, Path], tmp_path: Path) -> None:
    """What a downstream packager does: unpack the sdist, install it into a fresh venv, run its tests
    from the unpacked folder. The folder holds a ppprint/ without games/; the tests must import the
    installed ppprint, which pyproject.toml's --import-mode=importlib makes them do."""
    _, _, sdist = installed
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    unpacked = next(tmp_path.glob("ppprint-*"))
    assert (unpacked / "tests" / "conftest.py").is_file() and (unpacked / "tests" / "contract.py").is_file()
    assert (unpacked / "ppprint").is_dir() and not (unpacked / "ppprint" / "games").exists()
    run(sys.executable, "-m", "venv", tmp_path / "venv", cwd=tmp_path)
    python, pytest_command = tmp_path / "venv" / "bin" / "python", tmp_path / "venv" / "bin" / "pytest"
    run(python, "-m", "pip", "install", "-q", sdist, "pytest", "hypothesis", cwd=tmp_path)
    result = run(
        pytest_command, "-q", "-p", "no:cacheprovider", "tests/test_layers.py", "tests/test_registry.py", "tests/test_engine_contract.py",
        "-k", "layers or registry or (expansion and playout)", cwd=unpacked,
    )
    passed = re.search(r"(\d+) passed", result.stdout)
    assert passed and int(passed.group(1)) >= 10, result.stdout[-2000:]
    assert " failed" not in result.stdout and " error" not in result.stdout
