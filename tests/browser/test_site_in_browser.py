"""The built site in Chromium: every page loads nothing from another host (every such request is
blocked and counted), <html lang>, the review banner, the 404 pages, the language switcher."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.site import expected
from tests.site.expected import PAGES
from tests.site.helpers import ROOT

from .conftest import Guard

pytestmark = pytest.mark.browser


def test_the_guard_counts_what_it_blocks(guard, site_url):
    page = guard.new_page()
    page.goto(site_url + "uz/", wait_until="networkidle")
    page.evaluate("""() => {
        const img = document.createElement("img");
        img.src = "https://example.org/pixel.png";
        document.body.append(img);
        return fetch("http://example.com/x").catch(() => null);
    }""")
    page.wait_for_timeout(300)
    assert sorted(guard.foreign) == sorted(guard.blocked) == ["http://example.com/x", "https://example.org/pixel.png"]
    assert not guard.clean
    assert any(url.endswith("/uz/assets/nardy.css") for url in guard.local)


def test_no_page_requests_another_host(browser, site_url, site_languages):
    guard = Guard(browser, site_url)
    try:
        page = guard.new_page()
        visited = 0
        for lang in site_languages:
            for url in PAGES.values():
                response = page.goto(f"{site_url}{lang.code}/{url}", wait_until="networkidle")
                assert response.status == 200
                visited += 1
            # The search: its worker and its index load on the first page already; open it anyway.
            page.locator("input.md-search__input").fill("a")
            page.wait_for_timeout(200)
            response = page.goto(f"{site_url}{lang.code}/no-such-page/", wait_until="networkidle")
            assert response.status == 404
        for path in ("", "no-such-page"):
            page.goto(site_url + path, wait_until="networkidle")
        assert guard.foreign == [] and guard.blocked == [], guard.foreign + guard.blocked
        assert len(guard.local) > visited * 3
        # Material fetches sitemap.xml next to every <link rel="alternate"> of a page's head as the page starts:
        # the heads have none (the sitemaps name the other languages for search engines).
        assert not [url for url in guard.local if url.endswith("sitemap.xml")], guard.local
        # The only answers >= 400: the unknown addresses themselves. The root page sends the reader on to a
        # language as its script runs; on a busy machine that cuts its own load short (net::ERR_ABORTED).
        cut_short = f"failed {site_url}: net::ERR_ABORTED"
        assert [f for f in guard.failed if "/no-such-page" not in f and f != cut_short] == [], guard.failed
        assert guard.errors == []
    finally:
        guard.close()


def test_html_lang_and_review_banner(guard, site_url, site_languages, site):
    page = guard.new_page()
    for lang in site_languages:
        for source, url in PAGES.items():
            page.goto(f"{site_url}{lang.code}/{url}")
            assert page.evaluate("document.documentElement.lang") == expected.bcp47(lang.code)
            banner = page.locator(".nardy-review")
            if expected.review_pending(ROOT / "docs" / lang.code / source):
                assert banner.is_visible(), f"{lang.code}/{url}"
                assert banner.inner_text().strip() == expected.catalog_text(lang.code, expected.REVIEW)
            else:
                assert banner.count() == 0


def test_404_page_of_each_language(guard, site_url, site_languages):
    page = guard.new_page()
    for lang in site_languages:
        response = page.goto(f"{site_url}{lang.code}/no/such/page.html", wait_until="networkidle")
        assert response.status == 404
        assert page.evaluate("document.documentElement.lang") == expected.bcp47(lang.code)
        title = expected.catalog_text(lang.code, expected.NOT_FOUND_TITLE)
        assert page.locator("article h1").inner_text().strip() == title
        # Styled: the theme's stylesheet loaded from the language's root although the address is deeper.
        assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
        links = page.locator("article ul.nardy-not-found a")
        assert links.count() == len(expected.PAGES)  # home, short, long, play
        links.nth(1).click()
        page.wait_for_load_state()
        assert urlsplit(page.url).path == f"/{lang.code}/short/"
    response = page.goto(f"{site_url}nothing/here/", wait_until="networkidle")
    assert response.status == 404 and page.url.endswith("/nothing/here/")  # no redirect from the root's 404
    page.locator("a[hreflang=ru]").click()
    page.wait_for_load_state()
    assert urlsplit(page.url).path == "/ru/"
    assert guard.clean, (guard.foreign, guard.blocked, guard.errors)


def section_ids(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('article h2[id], article h3[id]')].map(h => h.id)")


def switch(page, hreflang: str):
    page.hover(".md-header .md-select")
    with page.expect_navigation():
        page.locator(f".md-header a.md-select__link[hreflang='{hreflang}']").click()
    page.wait_for_load_state()


def test_switcher_keeps_the_page_and_the_section(guard, site_url, site_languages):
    page = guard.new_page()
    codes = [lang.code for lang in site_languages]
    if len(codes) < 2:
        pytest.skip("one language")
    for index, code in enumerate(codes):
        other = codes[(index + 1) % len(codes)]
        for url in ("short/", "long/"):
            page.goto(f"{site_url}{code}/{url}")
            ids = section_ids(page)
            section = ids[len(ids) // 2]
            page.goto(f"{site_url}{code}/{url}#{section}")
            switch(page, expected.bcp47(other))
            here = urlsplit(page.url)
            assert (here.path, here.fragment) == (f"/{other}/{url}", section), page.url
            assert page.evaluate("document.documentElement.lang") == expected.bcp47(other)
            assert page.locator(f"[id='{section}']").count() == 1
    assert guard.clean, (guard.foreign, guard.blocked, guard.errors)


def test_switcher_keeps_the_section_without_the_sitemaps(guard, site_url, site_languages):
    """Material's own handler would look the page up in the other language's sitemap, and send the reader
    to that language's home when it cannot; the site's script follows the link itself."""
    codes = [lang.code for lang in site_languages]
    if len(codes) < 2:
        pytest.skip("one language")
    guard.context.route("**/sitemap.xml", lambda route: route.abort())
    page = guard.new_page()
    page.goto(f"{site_url}{codes[0]}/short/#bearing-off")
    switch(page, expected.bcp47(codes[1]))
    here = urlsplit(page.url)
    assert (here.path, here.fragment) == (f"/{codes[1]}/short/", "bearing-off")
    assert guard.clean, (guard.foreign, guard.blocked, guard.errors)


def test_switcher_without_javascript_lands_on_the_same_page(browser, site_url, site_languages):
    codes = [lang.code for lang in site_languages]
    if len(codes) < 2:
        pytest.skip("one language")
    guard = Guard(browser, site_url, java_script_enabled=False)
    try:
        page = guard.new_page()
        page.goto(f"{site_url}{codes[-1]}/long/#winning")
        switch(page, expected.bcp47(codes[0]))
        assert urlsplit(page.url).path == f"/{codes[0]}/long/"
        assert guard.clean, (guard.foreign, guard.blocked)
    finally:
        guard.close()


@pytest.mark.parametrize("locale,expected_path", [("ru-RU", "/ru/"), ("kk-KZ", "/kk/"), ("hy-AM", "/hy/"),
                                                  ("az-Latn-AZ", "/az/"), ("en-GB", "/en/"), ("de-DE", "/uz/")])
def test_root_sends_the_reader_to_the_browsers_language(browser, site_url, site_languages, locale, expected_path):
    if expected_path.strip("/") not in {lang.code for lang in site_languages}:
        pytest.skip(f"no {expected_path} pages")
    guard = Guard(browser, site_url, locale=locale)
    try:
        page = guard.new_page()
        page.goto(site_url)
        page.wait_for_url(f"**{expected_path}")
        assert urlsplit(page.url).path == expected_path
        assert guard.clean, (guard.foreign, guard.blocked, guard.errors)
    finally:
        guard.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_colour_scheme_toggle(browser, site_url, scheme):
    """overrides/partials/palette.html in place of Material's palette component: the scheme the browser asks
    for at first, the toggle showing the other one (its title in the page's language), a click and Enter
    switching, the choice kept for the next page; Material's own component is not mounted (it would
    restyle the whole page four times as it loads: no theme-color meta of its own)."""
    code = "kk"
    names = {name: expected.catalog_text(code, message) for name, message in
             (("dark", "Switch to dark mode"), ("light", "Switch to light mode"))}
    guard = Guard(browser, site_url, color_scheme=scheme)
    try:
        page = guard.new_page()
        page.goto(f"{site_url}{code}/short/")

        def shown():
            return page.evaluate("""() => [document.body.getAttribute('data-md-color-scheme'),
                [...document.querySelectorAll('form.md-header__option label')].filter((l) => !l.hidden)
                  .map((l) => l.title),
                document.querySelector('meta[name=color-scheme]').content,
                getComputedStyle(document.body).backgroundColor]""")

        white = "rgb(255, 255, 255)"
        light = ["default", [names["dark"]], "light"]
        dark = ["slate", [names["light"]], "dark"]
        first, other = (light, dark) if scheme == "light" else (dark, light)

        def check(expected_state):
            state = shown()
            assert state[:3] == expected_state, state
            assert (state[3] == white) == (expected_state is light), state

        check(first)
        page.locator("form.md-header__option label:not([hidden])").click()
        page.wait_for_timeout(100)
        check(other)
        page.goto(f"{site_url}{code}/long/")  # the choice is kept
        check(other)
        page.evaluate("document.querySelector('form.md-header__option input:checked').focus()")
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
        check(first)
        assert page.evaluate("document.querySelectorAll('meta[name=theme-color]:not([media])').length") == 0
        assert page.evaluate("document.querySelectorAll('[data-md-component=palette]').length") == 0
        assert guard.clean, (guard.foreign, guard.errors)
    finally:
        guard.close()


def test_the_builds_tables_look_as_materials_own(guard, site_url, site_languages):
    """A table the build wrapped (nardy_site/hook/tables.py) is styled as Material styles a plain one: a clone
    without the class, in the same wrappers at the article's end after Material's start, gets the same computed
    style, cell by cell."""
    page = guard.new_page()
    page.goto(f"{site_url}{site_languages[0].code}/short/", wait_until="load")
    page.wait_for_function("document.querySelectorAll('.md-typeset__scrollwrap[role=region]').length > 0")
    found = page.evaluate("""() => {
        const ours = document.querySelector(".md-typeset__table > table.nardy-table");
        const plain = ours.cloneNode(true);
        plain.removeAttribute("class");
        const wrap = ours.closest(".md-typeset__scrollwrap").cloneNode(false);
        const inner = ours.parentElement.cloneNode(false);
        inner.append(plain);
        wrap.append(inner);
        document.querySelector("article").append(wrap);
        const props = ["display", "font-size", "font-weight", "border-top-width", "border-top-style", "border-radius",
                       "background-color", "max-width", "overflow-x", "padding-left", "padding-top", "text-align",
                       "vertical-align", "min-width", "margin-top", "margin-bottom"];
        const style = (element) => props.map((name) => getComputedStyle(element).getPropertyValue(name));
        const parts = (table) => [table, table.querySelector("th"), table.querySelector("td"), table.querySelector("tbody tr")];
        const a = parts(ours).map(style), b = parts(plain).map(style);
        const differ = props.flatMap((name, i) => a.some((row, j) => row[i] !== b[j][i]) ? [name] : []);
        return {plain: document.querySelectorAll("article table:not([class])").length, differ, ours: a, material: b};
    }""")
    assert found["plain"] == 1, found  # the clone alone: every table of the page came wrapped and classed
    assert found["differ"] == [], found
