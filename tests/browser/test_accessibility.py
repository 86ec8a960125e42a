"""axe-core (npm, pinned in package-lock.json) on every page of every language, in the light and the dark
scheme, at a phone's width, and on a live board in each of its states: no WCAG 2.2 A/AA violation, no
best-practice one. axe is injected from node_modules as text: the page requests nothing for it."""

from __future__ import annotations

from functools import cache

import pytest

from tests.site.expected import PAGES
from tests.site.helpers import ROOT

from .conftest import Guard
from .test_live import Live

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RULES = {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]}
PHONE = {"width": 390, "height": 844}
SCHEMES = ("light", "dark")


@cache
def axe_script() -> str:
    """axe.min.js, read once for the whole run (it is injected into every page)."""
    return AXE.read_text(encoding="utf-8")


def violations(page) -> list[str]:
    """What axe finds on the page as it is now, one line per rule broken."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    # Colours are checked at rest: a button fading in (Material's back-to-top, as the page scrolls) has half its
    # contrast for a moment, which axe would report (seen under load on the play page, where the fade began while
    # axe ran). Transitions and animations are switched off for the run, so any change lands at once.
    page.wait_for_function("document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')",
                           timeout=10000)
    found = page.evaluate("""async (rules) => {
        const still = document.createElement("style");
        still.textContent = "*, *::before, *::after { transition: none !important; animation: none !important; }";
        document.head.append(still);
        try { return await axe.run(document, {runOnly: rules, resultTypes: ['violations']}); }
        finally { still.remove(); }
    }""", RULES)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in found["violations"]]


def addresses(site, site_languages) -> list[str]:
    """Every kind of page: the root, each language's pages, its glossary and 404, the translators' pages."""
    found = [""]
    for lang in site_languages:
        extra = ["glossary/", "no-such-page/"]
        if (site / lang.code / "translating" / "index.html").exists():
            extra += ["translating/", "translations/"]
        found += [f"{lang.code}/{url}" for url in sorted(PAGES.values()) + extra]
    return found


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_page_passes_axe(browser, site, site_url, site_languages, scheme):
    assert AXE.is_file(), f"{AXE} is missing: scripts/setup runs npm ci"
    guard = Guard(browser, site_url, viewport=PHONE, color_scheme=scheme)
    try:
        page = guard.new_page()
        found = {}
        for address in addresses(site, site_languages):
            page.goto(f"{site_url}{address}")
            problems = violations(page)
            if problems:
                found[address] = problems
        assert found == {}
        assert guard.clean, (guard.foreign, guard.blocked, guard.errors)
    finally:
        guard.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_live_board_passes_axe_in_each_state(browser, site_url, site_languages, scheme):
    code = "hy" if "hy" in {lang.code for lang in site_languages} else site_languages[0].code
    guard = Guard(browser, site_url, viewport=PHONE, color_scheme=scheme)
    try:
        live = Live(guard, f"{site_url}{code}/short/")
        board = "short-closed-point"
        found = {}

        def check(state):
            problems = violations(live.page)
            if problems:
                found[state] = problems

        live.click(board, 13)
        live.page.wait_for_function(f"document.querySelectorAll('figure#{board} .nardy-live-dest').length > 0")
        check("a checker selected")
        live.click(board, 8)
        check("a move refused")
        assert live.wait_engine() == "ready"
        live.button(board, "plays")
        live.figure(board).locator(".nardy-live-plays").wait_for(state="visible")
        check("the legal plays listed")
        live.button(board, "set-dice")
        live.figure(board).locator(".nardy-live-dice").wait_for(state="visible")
        check("the dice being set")
        assert found == {}
        live.assert_clean()
    finally:
        guard.close()
