"""The README and the developer documents: every link lands (a file, and a heading for a #fragment), the
README stays a front door whose map names every document of dev/, and every mention of a dev/ document in
the code names one that exists."""

from __future__ import annotations

import re
from pathlib import Path

from .helpers import ROOT

DEV = ROOT / "dev"
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DEV.glob("*.md"))]
#: The README is the front door: what the project is, the two commands, the layout, the languages, the map.
README_LINES = 250
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: A fence line as CommonMark reads it: after a backtick fence, no backtick (```` ```nardy ```` is inline code).
FENCE = re.compile(r"^(`{3,}[^`]*|~{3,}.*)$")


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of the lines outside fenced code blocks."""
    lines, inside = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line.strip()):
            inside = not inside
        elif not inside:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation but ``-`` and ``_`` dropped, spaces to ``-``."""
    text = re.sub(r"`", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(line.lstrip("#")) for _number, line in prose_lines(path) if re.match(r"#{1,6} ", line)}


def test_the_slug_is_github_s():
    assert slug("The site's address") == "the-sites-address"
    assert slug("Libraries, and what is written by hand") == "libraries-and-what-is-written-by-hand"
    assert slug("`nardy_site`'s packages") == "nardy_sites-packages"


def link_problems(documents: list[Path], root: Path = ROOT) -> list[str]:
    """``file:line: target: what`` for each link to a missing file, or to a heading its file lacks."""
    problems = []
    for document in documents:
        for number, line in prose_lines(document):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue  # another site: not followed by the tests
                path, _, fragment = target.partition("#")
                landing = (document.parent / path).resolve() if path else document
                where = f"{document.relative_to(root)}:{number}: {target}"
                if not landing.exists():
                    problems.append(f"{where}: no such file")
                elif fragment and (landing.suffix != ".md" or fragment not in anchors(landing)):
                    problems.append(f"{where}: no heading #{fragment}")
    return problems


def test_every_link_of_the_documents_lands():
    assert link_problems(DOCUMENTS) == []


def test_the_checks_find_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## A part\n\n```\n# not a heading\n[x](nowhere.md)\n```\n\n"
                    "[a](#a-part) [b](#not-a-heading) [c](other.md) [d](https://example.org/)\n", encoding="utf-8")
    assert anchors(page) == {"title", "a-part"}
    assert link_problems([page], tmp_path) == ["page.md:10: #not-a-heading: no heading #not-a-heading",
                                                "page.md:10: other.md: no such file"]


def test_the_readme_is_a_front_door_with_a_map_of_every_document():
    readme = ROOT / "README.md"
    assert len(readme.read_text(encoding="utf-8").splitlines()) <= README_LINES, (
        "the README is the front door: reference material goes to a document of dev/")
    linked = {Path(target.partition("#")[0]).name for _number, line in prose_lines(readme)
              for target in LINK.findall(line) if target.startswith("dev/")}
    assert linked == {path.name for path in DEV.glob("*.md")}


def test_every_mention_of_a_developer_document_names_one_that_exists():
    mentioned = {}
    for folder in ("nardy_rules", "nardy_site", "hooks", "overrides", "assets", "scripts", "tests", "dev"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".js", ".mjs", ".html", ".css", ".md", "") and path.is_file():
                for name in re.findall(r"\bdev/([\w-]+\.md)", path.read_text(encoding="utf-8", errors="replace")):
                    mentioned.setdefault(name, path.relative_to(ROOT))
    assert mentioned, "the code names no developer document"
    assert {name: where for name, where in mentioned.items() if not (DEV / name).is_file()} == {}
