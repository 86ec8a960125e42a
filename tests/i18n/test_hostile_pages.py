"""Hostile pages through every tool: each names the file, the line and the problem in one line, no traceback.

Every tool reads pages through ``nardy_site.markdown_reader`` (``read_file``,
``page_text``): a file that is not UTF-8 text, a page name no file system can
hold, front matter that does not read or says nothing of what the page
follows. Each test failed before (checked against the code without that
path): a UnicodeDecodeError or OSError traceback from ``scripts/i18n`` and
``scripts/build``, a broken page missing from ``status`` (so it looked
current), ``python -m nardy_site.check`` passing it.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from .conftest import ROOT, run
from .hostile_pages import check_page_tools, hostile_pages

#: The reproducer: a description that is not UTF-8 (line 2).
NOT_UTF8 = b"---\ndescription: \xff\xfe bad\n---\n"
#: What every tool says of it.
CANNOT_READ = "docs/kk/short.md:2: cannot read the page: it is not UTF-8 text (byte 0xff, the line's byte 14)"


def no_traceback(done) -> None:
    assert "Traceback" not in done.stdout + done.stderr, (done.stdout + done.stderr)[-3000:]


def one_line_exit_2(done) -> str:
    """A command-line refusal: exit 2, nothing on standard output, one short line on standard error."""
    no_traceback(done)
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout[-500:], done.stderr[-500:])
    assert done.stderr.count("\n") == 1 and len(done.stderr) < 400, done.stderr[-500:]
    return done.stderr


def with_front_matter(path: Path, front: str) -> None:
    """The page with its front matter replaced by ``front`` (the lines between the two ``---``, or no front
    matter at all when None)."""
    text = path.read_text(encoding="utf-8")
    body = text.split("\n---\n", 1)[1]
    path.write_text(body if front is None else f"---\n{front}---\n{body}", encoding="utf-8")


def test_a_translation_that_is_not_utf8_is_named_by_every_tool(repo, tmp_path):
    (repo / "docs" / "kk" / "short.md").write_bytes(NOT_UTF8)
    status = run(repo, "nardy_site.i18n_tool", "status")
    no_traceback(status)
    assert status.returncode == 0 and f"kk/short.md: outdated: it follows nothing ({CANNOT_READ}" in status.stdout
    pages = len(list((repo / "docs" / "kk").glob("*.md")))  # every one present, this one counted outdated
    assert re.search(rf"^kk\s+\S+\s+{pages}\s+0\s+1\s", status.stdout, re.MULTILINE), status.stdout
    check = run(repo, "nardy_site.i18n_tool", "check", "kk")
    no_traceback(check)
    assert check.returncode == 1 and CANNOT_READ in check.stdout and "kk: FAIL" in check.stdout
    for command in ("diff", "done"):
        assert one_line_exit_2(run(repo, "nardy_site.i18n_tool", command, "kk/short.md")).startswith(
            f"{command}: {CANNOT_READ}")
    checked = run(repo, "nardy_site.check", "docs/kk/short.md")
    no_traceback(checked)
    assert checked.returncode == 1 and checked.stdout.startswith(CANNOT_READ)
    built = run(repo, "nardy_site.build", str(tmp_path / "site"), "kk")
    no_traceback(built)
    assert built.returncode == 1 and CANNOT_READ in built.stderr, built.stderr[-2000:]


def test_a_source_page_that_is_not_utf8_is_named_too(repo):
    (repo / "docs" / "uz" / "short.md").write_bytes(NOT_UTF8)
    cannot = CANNOT_READ.replace("kk", "uz")
    status = run(repo, "nardy_site.i18n_tool", "status")
    no_traceback(status)
    assert status.returncode == 0 and f"kk/short.md: outdated: its source page does not read ({cannot}" in status.stdout
    check = run(repo, "nardy_site.i18n_tool", "check", "kk")
    no_traceback(check)
    assert check.returncode == 1 and cannot in check.stdout
    for command in ("diff", "done"):
        done = run(repo, "nardy_site.i18n_tool", command, "kk/short.md")
        no_traceback(done)
        assert done.returncode in (1, 2) and cannot in done.stdout + done.stderr
    table = (repo / "locales" / "languages.toml").read_text(encoding="utf-8")
    scaffold = one_line_exit_2(run(repo, "nardy_site.i18n_tool", "new-language", "tk"))
    assert scaffold.startswith(f"new-language: {cannot}")
    # Refused before writing anything.
    assert (repo / "locales" / "languages.toml").read_text(encoding="utf-8") == table
    assert not (repo / "docs" / "tk").exists() and not (repo / "config" / "tk.yml").exists()


@pytest.mark.parametrize("page", ["kk/" + "a" * 5000 + ".md", "en/" + "a" * 300 + ".md",
                                  "/" + "b" * 5000 + "/short.md", "k" * 5000 + "/short.md"])
@pytest.mark.parametrize("command", ["diff", "done"])
def test_a_page_name_no_file_system_holds_is_one_line(repo, page, command):
    said = one_line_exit_2(run(repo, "nardy_site.i18n_tool", command, page))
    assert said.startswith(f"{command}: '") and ("does not exist" in said or "is not" in said), said


@pytest.mark.parametrize("front, line, problem", [
    ("description: [unclosed\ntranslation:\n  source: short.md\n", 3,
     "the front matter does not read as YAML"),
    ("translation: 5\n", 2, "translation must be a mapping with source, source_blob, sections, review, not 5"),
    ("[1, 2]\n", 2, "the front matter is YAML but not a mapping of keys (it is a list)"),
    ("translation:\n", 2, "translation must be a mapping with source, source_blob, sections, review, not None"),
    ("description: Ойын\n", 1, "a translated page has no translation front matter"),
    (None, 1, "a translated page has no translation front matter"),
    ("translation: 2001-13-45\n", 2, "the front matter does not read as YAML: a value it cannot hold"),
    ("translation: " + "9" * 5000 + "\n", 2, "the front matter does not read as YAML: a value it cannot hold"),
])
def test_broken_front_matter_is_listed_by_status_and_fails_the_checks(repo, front, line, problem):
    with_front_matter(repo / "docs" / "kk" / "short.md", front)
    named = f"docs/kk/short.md:{line}: {problem}"
    status = run(repo, "nardy_site.i18n_tool", "status")
    no_traceback(status)
    assert status.returncode == 0 and f"kk/short.md: outdated: it follows nothing ({named}" in status.stdout
    checked = run(repo, "nardy_site.check", "docs/kk/short.md")
    no_traceback(checked)
    assert checked.returncode == 1 and named in checked.stdout, checked.stdout[-2000:]
    check = run(repo, "nardy_site.i18n_tool", "check", "kk")
    no_traceback(check)
    assert check.returncode == 1 and named in check.stdout, check.stdout[-2000:]
    assert all(len(text) < 400 for text in status.stdout.splitlines() + checked.stdout.splitlines())


def test_an_alias_bomb_in_the_front_matter_is_named_briefly(repo):
    # YAML's aliases make a few lines a value of a billion items: it is quoted by its kind, never written out.
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8))
    with_front_matter(repo / "docs" / "kk" / "short.md", bomb + "translation: *i\n")
    checked = run(repo, "nardy_site.check", "docs/kk/short.md", timeout=60)
    no_traceback(checked)
    assert checked.returncode == 1
    assert "docs/kk/short.md:11: translation must be a mapping with source, source_blob, sections, review, not a list" \
        in checked.stdout


# ---------------------------------------------------------------------- fuzz: every tool over hostile pages


@pytest.fixture(scope="module")
def page_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("pages")


@settings(derandomize=True, database=None, max_examples=60, deadline=timedelta(seconds=20),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=hostile_pages())
def test_every_tool_names_a_hostile_page_or_reads_it(page_folder, case):
    check_page_tools(case, page_folder)


def test_structure_differences_quote_bounded_excerpts():
    # A translation's link target, heading id, diagram id or diagram line of thousands of characters: named in
    # a short line.
    from nardy_site.page.markdown_reader import read_file
    from nardy_site.page.structure import compare_texts

    source = read_file(ROOT / "docs" / "uz" / "short.md")
    text = "\n".join(source.lines) + "\n"
    block = source.fences[0]
    link, heading = source.links[0], next(h for h in source.headings if h.id)
    body = block.body[0]
    spoilt = [text.replace(f"]({link.target})", "](" + "s" * 5000 + ")", 1),
              text.replace("{ #" + heading.id + " }", "{ #" + "t" * 5000 + " }", 1),
              text.replace(f'id="{block.attributes["id"]}"', 'id="' + "x" * 5000 + '"', 1),
              text.replace("\n" + body + "\n", "\n" + body + "w" * 5000 + "\n", 1)]
    for page in spoilt:
        assert page != text
        problems = compare_texts(source, page, "docs/uz/short.md", "docs/kk/short.md")
        assert problems and all(len(problem) < 300 for problem in problems), [p[:300] for p in problems]
