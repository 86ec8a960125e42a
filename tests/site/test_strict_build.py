"""``nardy_site.build`` (scripts/build) fails on every MkDocs warning, and
builds into a fresh folder that replaces the site only when every language succeeded.

Each test builds one or two languages of a copy of the repository (tests/i18n/conftest.py).
"""

from __future__ import annotations

import re

import pytest

from nardy_site.build import problems_in
from tests.i18n.conftest import copy_repository, run


@pytest.fixture
def repo(tmp_path):
    return copy_repository(tmp_path / "repo")


def build(repo, *codes, site="site"):
    return run(repo, "nardy_site.build", str(repo / site), *codes)


def leftovers(repo):
    return sorted(path.name for path in repo.iterdir() if re.match(r"site\.(new|old)-", path.name))


def append(path, text):
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_a_link_to_a_missing_page_fails_the_build(repo):
    append(repo / "docs/en/short.md", "\nSee [x](nope.md).\n")
    done = build(repo, "en")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "contains a link 'nope.md', but the target is not found" in done.stderr
    assert "build of en (config/en.yml) failed" in done.stderr
    assert not (repo / "site").exists() and not leftovers(repo)


@pytest.mark.parametrize("link, says", [
    ("#no-such-section", "contains a link '#no-such-section', but there is no such anchor on this page"),
    ("long.md#no-such-section", "the doc 'long.md' does not contain an anchor '#no-such-section'"),
])
def test_a_link_to_a_missing_anchor_fails_the_build(repo, link, says):
    append(repo / "docs/en/short.md", f"\nSee [x]({link}).\n")
    done = build(repo, "en")
    assert done.returncode == 1 and says in done.stderr, done.stdout + done.stderr


def test_text_missing_from_a_released_catalog_fails_the_build(repo):
    # The code's msgid changed (here: the catalog's), so the board's button falls back to English.
    catalog = repo / "locales/kk/LC_MESSAGES/messages.po"
    text = catalog.read_text(encoding="utf-8")
    assert text.count('msgid "Roll the dice"\n') == 1
    catalog.write_text(text.replace('msgid "Roll the dice"\n', 'msgid "Roll dice"\n'), encoding="utf-8")
    done = build(repo, "kk")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "not translated into kk: 'Roll the dice'" in done.stderr


def test_a_failed_build_leaves_the_site_as_it_was_and_never_blocks_the_next(repo):
    assert build(repo, "en").returncode == 0
    site = repo / "site"
    (site / "en" / "marker").write_text("from the first build", encoding="utf-8")
    first = (site / "index.html").read_bytes()
    page = repo / "docs/en/short.md"
    good = page.read_text(encoding="utf-8")

    append(page, "\nSee [x](nope.md).\n")
    done = build(repo, "en")
    assert done.returncode == 1
    assert "site/ is as it was" in done.stderr or f"{site}/ is as it was" in done.stderr
    assert (site / "en" / "marker").is_file() and (site / "index.html").read_bytes() == first
    assert (site / "en" / "short" / "index.html").is_file()
    assert not leftovers(repo)

    page.write_text(good, encoding="utf-8")  # fixed: the next build goes through
    done = build(repo, "en")
    assert done.returncode == 0, done.stdout + done.stderr
    assert not (site / "en" / "marker").exists()  # a whole new site, swapped in
    assert (site / "index.html").is_file() and (site / "en" / "short" / "index.html").is_file()
    assert (site / "pyodide" / "nardy_rules.zip").is_file()
    assert site.stat().st_mode & 0o755 == 0o755  # readable by the web server, not private like a temporary folder
    assert not leftovers(repo)


def test_a_half_built_site_and_a_leftover_temporary_folder_do_not_block(repo):
    # What a failed build of an older version left: language folders, no root page.
    (repo / "site" / "en" / "short").mkdir(parents=True)
    (repo / "site" / "pyodide").mkdir()
    (repo / "site.new-x1y2z3" / "en").mkdir(parents=True)  # a build killed half-way
    done = build(repo, "en")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (repo / "site" / "index.html").is_file()
    assert (repo / "site.new-x1y2z3").is_dir()  # not ours to delete: perhaps another build's


def test_a_folder_that_is_no_site_is_never_deleted(repo):
    (repo / "site").mkdir()
    (repo / "site" / "notes.txt").write_text("mine", encoding="utf-8")
    done = build(repo, "en")
    assert done.returncode == 1
    assert "is not empty and holds no built site: not deleting it" in done.stderr
    assert (repo / "site" / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not leftovers(repo)


def test_only_warnings_and_errors_are_kept_from_the_output():
    output = "\n".join([
        "INFO    -  Cleaning site directory",
        "INFO    -  The following pages exist in the docs directory, but are not included in the nav:",
        "  - extra.md",
        "WARNING -  Doc file 'short.md' contains a link 'nope.md', but the target is not found.",
        "INFO    -  Documentation built in 0.50 seconds",
        "Aborted with 1 warnings in strict mode!",
        "ERROR   -  Error: 2 problems in the pages:",
        "docs/en/short.md:3: diagram 'x': bad",
    ])
    kept, warnings = problems_in(output)
    assert warnings == 1
    assert kept.splitlines() == [
        "WARNING -  Doc file 'short.md' contains a link 'nope.md', but the target is not found.",
        "Aborted with 1 warnings in strict mode!",
        "ERROR   -  Error: 2 problems in the pages:",
        "docs/en/short.md:3: diagram 'x': bad",
    ]
