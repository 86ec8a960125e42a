"""The prose's claims (``nardy_site.page.claims``): every claim of every page of every language holds, against
the engine and in its sentence; each kind of claim fails when its figure is false or its sentence does not
state it; a malformed marker stops the build with its line; the markers are the same in every language.

A claim is a marker after a sentence (``<!-- claim: blots at=mistake count=3 points=3,7,8 -->``) or a
``claim:`` line of a diagram's body (about its caption). CONTRIBUTING.md, "Claims", lists the kinds.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from nardy_site.page import claims as claims_module
from nardy_site.page.blocks import BlockError, read_blocks
from nardy_site.page.blocks import verify as verify_block
from nardy_site.page.check import verified
from nardy_site.page.claims import KINDS, page_problems, read_claims, stated_problem
from nardy_site.page.markdown_reader import read
from nardy_site.page.structure import compare_texts
from nardy_site.translations.languages import enabled, source
from tests.test_mutants import MUTANTS

from .pages import ROOT, name, page_paths, text


def blocks_of(page, page_name):
    blocks, _malformed = read_blocks(page, page_name)
    holding = []
    for block in blocks:
        try:
            verify_block(block)
            holding.append(block)
        except BlockError:
            pass
    return blocks, holding


def problems_of(markdown: str, page_name: str) -> list[str]:
    """Every problem of a page's claims, as the build and nardy_site.check name them."""
    page = read(markdown)
    blocks, holding = blocks_of(page, page_name)
    return page_problems(page, page_name, blocks, holding)


@pytest.mark.parametrize("path", [p for p in page_paths() if p.exists()], ids=name)
def test_every_claim_of_the_page_holds(path):
    assert problems_of(text(path), name(path)) == []


def counts() -> dict:
    """{(language, page): number of claims}."""
    out = {}
    for path in page_paths():
        if path.exists():
            page = read(text(path))
            found, malformed = read_claims(page, name(path), read_blocks(page, name(path))[0])
            assert not malformed
            out[path.parent.name, path.name] = len(found)
    return out


def test_every_article_and_rules_page_states_its_claims_in_every_language():
    found = counts()
    src = source().code
    least = {"short-game.md": 40, "long-game.md": 60, "short-mistakes.md": 40, "long-mistakes.md": 25,
             "mars-and-koks.md": 15, "short.md": 20, "long.md": 10}
    for page, most_at_least in least.items():
        assert found[src, page] >= most_at_least, f"uz/{page}: {found[src, page]} claims"
        for lang in enabled():
            assert found[lang.code, page] == found[src, page], f"{lang.code}/{page}"
    assert sum(found.values()) >= 6 * 240


# ---------------------------------------------------------------------- each kind can fail

#: The articles' false sentences put back, one per kind of claim, each with the claim it makes: the mutants of
#: tests/test_mutants.py, which also prove that the page's test fails on a copy of the repository.
FALSE = {name.removeprefix("claim-"): mutant for name, mutant in MUTANTS.items() if name.startswith("claim-")}


def test_every_kind_has_a_false_sentence():
    assert set(KINDS) <= set(FALSE)


@pytest.mark.parametrize("name", list(FALSE))
def test_a_false_claim_fails_naming_its_line(name):
    mutant = FALSE[name]
    original = (ROOT / mutant.path).read_text(encoding="utf-8")
    mutated = mutant.apply(original)
    line = original[: re.search(mutant.pattern, original).start()].count("\n") + 1
    page = mutant.path.removeprefix("docs/")
    problems = problems_of(mutated, page)
    assert problems and all(p.startswith(f"{page}:{line}: claim ") for p in problems), problems
    assert any(re.search(r"the engine (finds|refuses|allows)", p) for p in problems), problems


def first_claims() -> dict:
    """The first claim of each kind on the source language's pages."""
    found = {}
    for path in page_paths():
        if path.parent.name == source().code and path.exists():
            page = read(text(path))
            for claim in read_claims(page, name(path), read_blocks(page, name(path))[0])[0]:
                found.setdefault(claim.kind, (path, claim))
    return found


FIRST = first_claims()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_sentence_that_does_not_state_the_claim_fails(kind):
    """The same claim after a sentence that says something else: its figure is not in it, in any language."""
    path, claim = FIRST[kind]
    assert stated_problem(claim, path.parent.name) is None
    for other in enabled():
        emptied = dataclasses.replace(claim, sentence="—")
        assert "does not state" in stated_problem(emptied, other.code)


def test_a_figure_in_a_play_or_a_code_span_states_nothing():
    claim = claims_module.Claim("x.md", 1, "checkers", {"where": 8, "count": 3}, "checkers where=8 count=3",
                                "`8/5 6/5` and 13/8 and [the rule](short.md#3)")
    assert "does not state count=3" in stated_problem(claim, "en")
    assert stated_problem(dataclasses.replace(claim, sentence="Three stay."), "en") is None


@pytest.mark.parametrize(("lang", "sentence", "count"), [
    ("uz", "Boshdagi toʻrtta dona qamalgan.", 0),      # bosh (the head) is not boʻsh (empty)
    ("az", "İki ağ daş uzaqdadır.", 2),                 # a capital İ, casefolded
    ("kk", "Бірде-бір тас шықпады.", 0),                # words joined by a hyphen
])
def test_the_words_of_a_language_are_read_as_whole_words(lang, sentence, count):
    claim = claims_module.Claim("x.md", 1, "checkers", {"where": "off", "count": count}, "", sentence)
    wanted = {"uz": 4, "az": 2, "kk": 0}[lang]
    assert (stated_problem(claim, lang) is None) == (count == wanted)


# ---------------------------------------------------------------------- malformed markers stop the build


@pytest.mark.parametrize(("marker", "says"), [
    ("<!-- claim: blot count=3 -->", "unknown kind 'blot'"),
    ("<!-- claim: blots count=three -->", "count='three' is not a whole number"),
    ("<!-- claim: blots colour=white count=3 -->", "blots takes no colour"),
    ("<!-- claim: blots count=3 count=4 -->", "count is given twice"),
    ("<!-- claim: blots -->", "blots needs a count"),
    ("<!-- claim: checkers count=3 -->", "checkers needs where"),
    ("<!-- claim: refused move=24/20 reason=closed -->", "reason='closed'"),
    ("<!-- claim: blots at=\"8/3 count=3 -->", "cannot read it"),
    ("<!-- claim blots count=3 -->", "write a claim as"),
    ("<!-- claim: blots count=3", "write a claim as"),
    ("<!-- CLAIM: blots count=3 -->", "write a claim as"),
])
def test_a_malformed_marker_stops_the_build_naming_its_line(marker, says):
    path = ROOT / "docs" / "en" / "short-mistakes.md"
    original = text(path)
    anchor = "8/3 8/7 leaves three blots, on points 3, 7 and 8."
    mutated = original.replace(anchor, anchor + marker, 1)
    line = original[: original.index(anchor)].count("\n") + 1
    _holding, problems = verified(read(mutated), "en/short-mistakes.md")
    assert any(p.startswith(f"en/short-mistakes.md:{line}: ") and says in p for p in problems), problems


@pytest.mark.parametrize(("where", "says"), [
    ("## 2. Do not leave blots <!-- claim: blots count=3 --> close", "not a heading"),
    ("<!-- claim: blots count=3 -->\n", "a line of its own"),
])
def test_a_marker_outside_a_sentence_is_refused(where, says):
    page = "# Page { #page }\n\n" + where + "\n\nText.\n"
    problems = problems_of(page, "en/x.md")
    assert problems and says in problems[0] and problems[0].startswith("en/x.md:3: ")


def test_a_claim_about_no_diagram_is_refused():
    problems = problems_of("# Page { #page }\n\nThree blots.<!-- claim: blots count=3 -->\n", "en/x.md")
    assert problems == ["en/x.md:3: claim 'blots count=3': no diagram block in its section or above (or several: "
                        "name one with block=<id>)"]


def test_the_build_takes_the_markers_out_of_the_page():
    from nardy_site.hook.page_blocks import with_figures
    from nardy_site.translations.i18n import Translator

    path = ROOT / "docs" / "en" / "short-mistakes.md"
    source_text = text(path)
    markdown = source_text[source_text.index("\n# ") + 1:]
    html, problems, _drawn = with_figures(markdown, source_text, read(source_text), "en/short-mistakes.md",
                                          Translator(None))
    assert problems == []
    assert "<!-- claim" not in html and "claim:" not in html
    assert "leaves three blots, on points 3, 7 and 8." in html


# ---------------------------------------------------------------------- the same claims in every language


def test_a_translation_whose_claim_differs_from_the_source_is_named():
    source_page = text(ROOT / "docs" / "uz" / "short-mistakes.md")
    translation = text(ROOT / "docs" / "ru" / "short-mistakes.md")
    old = "<!-- claim: blots at=mistake count=3 points=3,7,8 -->"
    assert translation.count(old) == 1
    changed = translation.replace(old, "<!-- claim: blots at=mistake count=2 points=3,7 -->")
    problems = compare_texts(source_page, changed, "uz/short-mistakes.md", "ru/short-mistakes.md")
    assert len(problems) == 1 and "claim 'blots at=mistake count=2 points=3,7'" in problems[0]
    dropped = translation.replace(old, "")
    assert any("is missing" in p for p in compare_texts(source_page, dropped, "uz/short-mistakes.md", "ru/x.md"))
