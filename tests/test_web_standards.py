"""The web books against the web's own checkers: the W3C Nu HTML checker finds no error, axe-core no violation.

Every bundled game's HTML book and a freshly scaffolded game's (``tests/contract.py``) are built once,
with the live preview's page around the scaffolded one (its error panel, :func:`ppprint.build.serve.live_page`)
and the scaffolded game with a box of every kind in its rules (untitled; titled, under a second- and a
third-level heading).

- **Nu** (the W3C's Nu HTML Checker, ``vnu.jar`` of the npm package ``vnu-jar``, on Java) checks all of
  them in one run, their inline SVG too (``--also-check-svg``): no error, and no warning either.
- **axe-core** (the npm package's ``axe.min.js``) runs in every page in headless Chromium (the driver of
  ``tests/browser.py``) with its default rules, in the light scheme on a desktop's width and the dark
  one on a phone's: no violation.

A test per checker feeds it a page with known faults and sees them reported, so a checker that
silently checks nothing fails.

The EPUB's XHTML is not given to Nu: in XML mode its schemas reject every ARIA attribute on SVG
elements (valid in HTML and EPUB 3) and EPUB's own ``epub:type``, so it would report errors that are
not. The EPUB holds the same body as the HTML page (checked here), and ``tests/test_web.py`` runs
EPUBCheck on it.

The tools are pinned in ``tests/web-tools/package.json`` and its lock, installed with
``npm ci --ignore-scripts`` in that folder (``.ci/run`` does it, and installs Debian's ``chromium`` and
a Java runtime when they are missing). Without one of them (``chromium``, ``java``, the folder's
``node_modules``) the tests that need it are skipped, saying which and how to install it; when the
environment variable ``CI`` is set, as on CI, a missing tool is a failure instead of a skip.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ppprint.registry import Plugin, Registry
from ppprint.verify import verify_game
from ppprint.build.formats import print_book
from ppprint.build.serve import Problem, live_page
from ppprint.document.book import rulebook
from tests.browser import CHROMIUM, Chromium, running_chromium
from tests.contract import SCAFFOLD, contract_game, contract_ids, scaffold_folder

TOOLS = Path(__file__).parent / "web-tools"
VNU_JAR = TOOLS / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE_JS = TOOLS / "node_modules" / "axe-core" / "axe.min.js"
JAVA = shutil.which("java")
INSTALL = "cd tests/web-tools && npm ci --ignore-scripts"
NU_TIMEOUT = 300
SHOWN = 40
"""At most this many faults are listed in a failure (then how many more)."""
VIEWS = (("light", 1000), ("dark", 390))
"""Each page is checked by axe in the light scheme on a desktop's width and in the dark one on a phone's (CSS pixels)."""


def require(present: bool, what: str) -> None:
    """Skip, saying what is missing and how to install it; on CI (``CI`` set) fail instead."""
    if present:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and CI must run this test (.ci/run installs it)")
    pytest.skip(f"{what} is not installed")


def require_nu() -> str:
    require(JAVA is not None, "Java (apt-get install default-jre-headless)")
    require(VNU_JAR.is_file(), f"the Nu checker's vnu.jar ({INSTALL})")
    assert JAVA is not None
    return JAVA


def require_axe() -> str:
    require(CHROMIUM is not None, "Debian's chromium (apt-get install chromium)")
    require(AXE_JS.is_file(), f"axe-core ({INSTALL})")
    return AXE_JS.read_text(encoding="utf-8")


# -- the pages -----------------------------------------------------------------------------------

BOXES = """
## Notes

::: box
An untitled box is a plain frame.
:::

### Variants

::: box A titled box under a third-level heading
Its title is a fourth-level heading.
:::
"""


def boxed_game(folder: Path) -> Plugin:
    """The scaffolded game with :data:`BOXES` at the end of its rules (its clarifications hold a titled box under a second-level heading)."""
    shutil.copytree(scaffold_folder(), folder / SCAFFOLD)
    rules = folder / SCAFFOLD / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + BOXES, encoding="utf-8")
    return Registry(folders=[folder]).get(SCAFFOLD)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every contract game's HTML book, the live preview's page of the scaffolded game after a failed build, and the boxed game's book."""
    folder = tmp_path_factory.mktemp("web-standards")
    written = []

    def write(name: str, page: bytes) -> bytes:
        written.append(folder / name)
        written[-1].write_bytes(page)
        return page

    for game_id in contract_ids():
        game = contract_game(game_id)
        page = write(f"{game_id}.html", print_book(rulebook(game, verify_game(game)), "html")[1])
        if game_id == SCAFFOLD:
            problems = (Problem("rules.md:3", "figure 'start': b7 is not on the board"), Problem("", "the engine found 2 wrong claims"))
            write(f"{game_id}-live-error.html", live_page(page.decode("utf-8"), 2, problems, have_book=True))
    boxed = boxed_game(tmp_path_factory.mktemp("boxed"))
    write("boxes.html", print_book(rulebook(boxed, verify_game(boxed)), "html")[1])
    return written


def test_box_titles_are_headings_in_the_outline(pages: list[Path]) -> None:
    html = next(page for page in pages if page.name == "boxes.html").read_text(encoding="utf-8")
    boxes = re.findall(r'<(section|div) class="box">\n(<h\d class="box-title">[^<]*</h\d>|<p>)', html)
    assert boxes == [
        ("div", "<p>"),
        ("section", '<h4 class="box-title">A titled box under a third-level heading</h4>'),
        ("section", '<h3 class="box-title">Editor’s clarifications</h3>'),
    ]


# -- the Nu checker -------------------------------------------------------------------------------


@dataclass(frozen=True)
class NuMessage:
    file: str
    line: int
    kind: str
    """``error``, ``warning`` or ``info``."""
    message: str
    extract: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.kind}: {self.message} [{' '.join(self.extract.split())[:160]}]"


def nu_check(java: str, files: list[Path]) -> list[NuMessage]:
    """What the Nu checker says of the files (HTML, and their inline SVG), in one run."""
    done = subprocess.run(
        [java, "-jar", str(VNU_JAR), "--also-check-svg", "--format", "json", "--stdout", "--exit-zero-always", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=NU_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    found = []
    for message in json.loads(done.stdout)["messages"]:
        kind = "warning" if message.get("subType") == "warning" else message["type"]
        if kind == "non-document-error":
            raise AssertionError(f"the Nu checker could not check {message.get('url')}: {message['message']}")
        line = message.get("lastLine", message.get("firstLine", 0))
        found.append(NuMessage(Path(message.get("url", "?")).name, line, kind, message["message"], message.get("extract", "")))
    return found


def listed(faults: list[Any]) -> str:
    more = f"\n... and {len(faults) - SHOWN} more" if len(faults) > SHOWN else ""
    return "\n".join(map(str, faults[:SHOWN])) + more


@pytest.fixture(scope="module")
def java() -> str:
    return require_nu()


@pytest.fixture(scope="module")
def nu_messages(java: str, pages: list[Path]) -> list[NuMessage]:
    return nu_check(java, pages)


def test_nu_finds_no_error(nu_messages: list[NuMessage]) -> None:
    errors = [m for m in nu_messages if m.kind == "error"]
    assert not errors, f"{len(errors)} Nu errors:\n{listed(errors)}"


def test_nu_finds_no_warning(nu_messages: list[NuMessage]) -> None:
    warnings = [m for m in nu_messages if m.kind == "warning"]
    assert not warnings, f"{len(warnings)} Nu warnings:\n{listed(warnings)}"


BROKEN_FOR_NU = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Broken</title></head>
<body>
<p id="twice">One.</p>
<p id="twice">Two.</p>
<div><p>Three.</p></div></div>
<section class="box"><p class="box-title">Untitled</p></section>
<figure><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img"><circle cx="5" cy="5" radius="4"/></svg></figure>
</body>
</html>
"""


def test_nu_reports_broken_markup(java: str, tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text(BROKEN_FOR_NU, encoding="utf-8")
    messages = nu_check(java, [page])
    said = [(m.kind, m.line, m.message) for m in messages]
    assert any(kind == "error" and line == 6 and "Duplicate ID" in text for kind, line, text in said), said
    assert any(kind == "error" and line == 7 and "Stray end tag" in text for kind, line, text in said), said
    assert any(kind == "warning" and line == 8 and "lacks heading" in text for kind, line, text in said), said
    assert any(kind == "error" and line == 9 and "“radius” not allowed" in text for kind, line, text in said), said  # the SVG is checked too
    assert all(m.file == "broken.html" for m in messages)


# -- axe-core in Chromium ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    page: str
    view: str
    rule: str
    impact: str
    count: int
    targets: list[str]
    help: str

    def __str__(self) -> str:
        return f"{self.page} ({self.view}): {self.rule} ({self.impact}, {self.count} nodes: {', '.join(self.targets)}): {self.help}"


AXE_RUN = """axe.run(document, {resultTypes: ["violations"]}).then(result => JSON.stringify(result.violations.map(v =>
  ({rule: v.id, impact: v.impact, count: v.nodes.length, targets: v.nodes.slice(0, 3).map(n => n.target.join(" ")), help: v.help}))))"""


def axe_check(chromium: Chromium, axe: str, page: Path, scheme: str, width: int) -> list[Violation]:
    """axe-core's violations on a page, shown in the colour scheme at the width."""
    chromium.open(page, scheme, width)
    chromium.evaluate(axe)
    found = json.loads(chromium.evaluate(AXE_RUN))
    return [Violation(page.name, f"{scheme}, {width} px", **violation) for violation in found]


@pytest.fixture(scope="module")
def axe() -> str:
    return require_axe()


@pytest.fixture(scope="module")
def chromium(axe: str) -> Iterator[Chromium]:
    with running_chromium() as browser:
        yield browser


def test_axe_finds_no_violation(axe: str, chromium: Chromium, pages: list[Path]) -> None:
    violations = [violation for page in pages for scheme, width in VIEWS for violation in axe_check(chromium, axe, page, scheme, width)]
    by_rule = Counter[str]()
    for violation in violations:
        by_rule[violation.rule] += violation.count
    assert not violations, f"axe-core violations (nodes by rule: {dict(by_rule)}):\n{listed(violations)}"


BROKEN_FOR_AXE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Broken</title></head>
<body>
<main>
<h1>Broken</h1>
<p style="color:#bbbbbb;background:#ffffff">Too faint to read.</p>
<figure>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" aria-label="A dot"><path d="M1 1H9V9H1Z" aria-label="a square"/></svg>
<figcaption>A dot.</figcaption>
</figure>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
</main>
</body>
</html>
"""


def test_axe_reports_broken_markup(axe: str, chromium: Chromium, tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text(BROKEN_FOR_AXE, encoding="utf-8")
    found = {violation.rule: violation for violation in axe_check(chromium, axe, page, "light", 1000)}
    assert {"aria-prohibited-attr", "color-contrast", "image-alt"} <= found.keys(), found
    wrong = found["aria-prohibited-attr"]
    assert wrong.impact == "serious" and wrong.count == 1 and wrong.targets[0].startswith("path"), wrong
