"""Which sections of a translation lag behind its source: scripts/i18n status, diff, done and check on a
copy of the repository whose source page changed; the section fingerprints and the front matter on their own."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess

import yaml

from nardy_site.page import sections
from nardy_site.page.markdown_reader import read
from nardy_site.translations import translation

from .conftest import ROOT, run

TRANSLATED = ("az", "kk", "hy", "ru", "en")
#: A sentence of the "board" section of docs/uz/short.md, and what it becomes.
OLD = "Qisqa narda 24 ta tor uchburchakdan iborat taxtada oʻynaladi"
NEW = "Qisqa narda yigirma toʻrtta tor uchburchakdan iborat taxtada oʻynaladi"


def i18n(repo, *args):
    return run(repo, "nardy_site.i18n_tool", *args)


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def section_lines(output: str) -> list[str]:
    """The lines of ``status`` that name a section (``kk/short.md#board: ...``), stripped."""
    return [line.strip() for line in output.splitlines() if re.match(r"\s+\w+/\w+\.md#", line)]


def git(repo, *args):
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env=env)


def test_the_repository_s_translations_follow_their_sources():
    done = run(ROOT, "nardy_site.i18n_tool", "status")
    assert done.returncode == 0 and section_lines(done.stdout) == [], done.stdout


def test_a_changed_sentence_makes_exactly_that_section_outdated_in_every_language(repo):
    edit(repo / "docs/uz/short.md", OLD, NEW)
    done = i18n(repo, "status")
    assert done.returncode == 0, done.stderr
    assert section_lines(done.stdout) == [f"{code}/short.md#board: outdated (the source section changed)"
                                          for code in TRANSLATED]
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines()[2:8]}
    assert [rows[code][4] for code in ("uz", *TRANSLATED)] == ["0", "1", "1", "1", "1", "1"]


def test_a_sentence_added_at_the_end_outdates_the_last_section_only(repo):
    source = repo / "docs/uz/long.md"
    source.write_text(source.read_text(encoding="utf-8") + "\nYangi jumla.\n", encoding="utf-8")
    last = [h.id for h in read(source.read_text(encoding="utf-8")).headings if h.id][-1]
    done = i18n(repo, "status")
    assert section_lines(done.stdout) == [f"{code}/long.md#{last}: outdated (the source section changed)"
                                          for code in TRANSLATED]


def test_a_new_source_section_is_reported_missing_and_a_removed_one_removed(repo):
    source = repo / "docs/uz/short.md"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.rstrip().endswith("{ #match-play }"))
    end = next(i for i in range(start + 1, len(lines)) if re.match(r"#+ ", lines[i]))
    # The match-play section goes (up to the next heading); a new one comes at the end of the page.
    source.write_text("".join(lines[:start] + lines[end:]) + "\n## Yangi boʻlim { #new-section }\n\nMatn.\n",
                      encoding="utf-8")
    done = i18n(repo, "status")
    want = []
    for code in TRANSLATED:
        want += [f"{code}/short.md#new-section: new in the source (missing here)",
                 f"{code}/short.md#match-play: removed from the source"]
    assert section_lines(done.stdout) == want
    # Headings that differ from the source are a structure difference: check fails on it, as before.
    check = i18n(repo, "check", "kk")
    assert check.returncode == 1 and "heading id 'match-play' where docs/uz/short.md has nothing" in check.stdout


def test_diff_shows_the_change_of_that_section_with_the_file_s_lines(repo):
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "as translated")
    path = repo / "docs/uz/short.md"
    before = path.read_text(encoding="utf-8")
    line = before[: before.index(OLD)].count("\n") + 1
    heading = before[: before.index("{ #board }")].count("\n") + 1
    edit(path, OLD, NEW)
    done = i18n(repo, "diff", "kk/short.md")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "kk/short.md#board: outdated (the source section changed)"
    assert out[1].startswith("--- docs/uz/short.md@") and out[1].endswith("#board")
    assert out[2] == "+++ docs/uz/short.md#board"
    removed = [x for x in out if x.startswith("-") and not x.startswith("---")]
    added = [x for x in out if x.startswith("+") and not x.startswith("+++")]
    assert len(removed) == len(added) == 1 and OLD in removed[0] and NEW in added[0]
    hunk = re.match(r"@@ -(\d+),(\d+) \+(\d+),(\d+) @@$", out[3])
    assert hunk, out[3]
    # Up to three lines of context before the change, within the section, numbered as in the file.
    assert heading < line and int(hunk.group(1)) == int(hunk.group(3)) == max(line - 3, heading)
    assert sum(x.startswith("@@") for x in out) == 1 and not any("#" in x for x in out[4:] if x[:1] not in " +-")


def test_diff_without_the_old_text_says_so_and_lists_the_sections(repo):
    edit(repo / "docs/uz/short.md", OLD, NEW)
    # The copy has no .git (as a shallow clone lacks the commit): the blob cannot be read.
    done = i18n(repo, "diff", "ru/short.md")
    assert done.returncode == 1
    assert "is not in this repository's git objects" in done.stdout
    assert "  ru/short.md#board: outdated (the source section changed)" in done.stdout.splitlines()


def test_diff_and_done_refuse_a_name_that_is_no_translated_page(repo):
    for name in ("uz/short.md", "kk/nothing.md", "xx/short.md", "short.md"):
        for command in ("diff", "done"):
            done = i18n(repo, command, name)
            assert done.returncode == 2 and done.stderr.startswith(f"{command}: ") and name in done.stderr, name


def test_done_refuses_a_structure_difference_then_records_the_page_after_the_fix(repo):
    edit(repo / "docs/uz/short.md", OLD, NEW)
    page = repo / "docs/kk/short.md"
    edit(page, "{ #hitting }", "{ #beating }")
    broken = page.read_text(encoding="utf-8")
    line = broken[: broken.index("{ #beating }")].count("\n") + 1
    done = i18n(repo, "done", "kk/short.md")
    assert done.returncode == 1
    assert f"docs/kk/short.md:{line}: heading id 'beating' where docs/uz/short.md has 'hitting'" in done.stdout
    assert page.read_text(encoding="utf-8") == broken  # nothing recorded
    edit(page, "{ #beating }", "{ #hitting }")
    fixed = page.read_text(encoding="utf-8")
    done = i18n(repo, "done", "kk/short.md")
    assert done.returncode == 0, done.stdout + done.stderr
    assert section_lines(i18n(repo, "status").stdout) == [
        f"{code}/short.md#board: outdated (the source section changed)" for code in TRANSLATED if code != "kk"]
    # What it wrote: the source's blob id and section fingerprints now, computed here independently.
    data = (repo / "docs/uz/short.md").read_bytes()
    written = page.read_text(encoding="utf-8")
    record = yaml.safe_load(written.split("---\n")[1])["translation"]
    assert record["source_blob"] == hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
    board = re.search(r"^## .*\{ #board \}\n.*?(?=^## )", data.decode("utf-8"), re.S | re.M).group(0)
    assert record["sections"]["board"] == hashlib.sha256(board.rstrip("\n").encode()).hexdigest()[:12]
    assert record["review"] == "pending" and "source_hash" not in record
    # The rest of the file is as it was.
    assert written.split("\n---\n", 1)[1] == fixed.split("\n---\n", 1)[1]
    assert written.splitlines()[1] == fixed.splitlines()[1]  # the description
    check = i18n(repo, "check", "kk")
    assert check.returncode == 0 and "kk: ok\n" in check.stdout, check.stdout


def test_check_warns_about_an_outdated_section_and_passes(repo):
    edit(repo / "docs/uz/short.md", OLD, NEW)
    done = i18n(repo, "check", "ru")
    assert done.returncode == 0, done.stdout
    text = (repo / "docs/ru/short.md").read_text(encoding="utf-8")
    line = text[: text.index("{ #board }")].count("\n") + 1
    assert f"docs/ru/short.md:{line}: warning: #board: outdated (the source section changed)" in done.stdout
    assert "ru: ok (1 outdated" in done.stdout


# ---------------------------------------------------------------------- on their own


def test_sections_hold_every_line_once_and_start_at_headings_with_new_ids():
    text = ("---\ndescription: d\n---\n\nIntro.\n# Title { #title }\nA.\n## One { #one }\nB.\n### Sub { #sub }\nC.\n"
            "## No id\nD.\n## Again { #one }\nE.\n")
    page = read(text)
    found = sections.sections(page)
    assert [(s.id, s.start, s.end) for s in found] == [
        (sections.TOP, 1, 5), ("title", 6, 7), ("one", 8, 9), ("sub", 10, 15)]
    assert [line for s in found for line in s.lines] == text.splitlines()


def test_a_blank_line_more_changes_no_fingerprint_and_a_word_does():
    page = "# T { #t }\n\nA sentence.\n\n## B { #b }\n\nText.\n"
    base = sections.digests(read(page))
    assert sections.digests(read(page.replace("A sentence.\n", "A sentence.\n\n\n"))) == base
    changed = sections.digests(read(page.replace("Text.", "Texts.")))
    assert [key for key in base if base[key] != changed[key]] == ["b"]


def test_old_front_matter_and_bad_records_are_named():
    def reasons(block):
        return [what for _line, what in translation.problems(read(f"---\ntranslation:\n{block}---\n# T {{ #t }}\n"))]

    good = "  source: short.md\n  source_blob: " + "ab" * 20 + "\n  sections:\n    t: 0123456789ab\n"
    assert reasons(good) == []
    assert any("source_hash is replaced by source_blob and sections" in r
               for r in reasons(good + "  source_hash: 0123456789ab\n"))
    assert any("source_blob is 'abc'" in r for r in reasons(good.replace("ab" * 20, "abc")))
    assert any("sections.t is 'xyz'" in r for r in reasons(good.replace("0123456789ab", "xyz")))
    assert any("translation.sections is None" in r for r in reasons(good.split("  sections")[0]))


def test_the_written_block_reads_back_as_written_whatever_the_ids_and_digests():
    record = translation.Record("short.md", "12" * 20, {sections.TOP: "012345678901", "null": "abcdefabcdef",
                                                          "1": "000000000000", "board": "0a0a0a0a0a0a"})
    page = "---\ndescription: x\ntranslation:\n  source: short.md\n  source_hash: 1\n\n  review: pending\nz: 1\n---\nBody\n"
    written = translation.with_record(page, record)
    meta = read(written).meta
    assert translation.record(meta) == record and meta["translation"]["review"] == "pending"
    assert meta["description"] == "x" and meta["z"] == 1 and written.endswith("---\nBody\n")
