"""The notice and the section mark of an outdated translation in Chromium: axe-clean in both schemes at a
phone's width, the mark a link named by its text, nothing wider than the screen."""

from __future__ import annotations

import pytest

from tests.site import expected
from tests.site.outdated_build import SECTION, served

from .conftest import Guard
from .test_accessibility import PHONE, SCHEMES, violations

pytestmark = pytest.mark.browser

MARK = "This section changed in the original: read it in {language}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_an_outdated_page_passes_axe_at_a_phone_s_width(browser, scheme):
    url = served()
    guard = Guard(browser, url, viewport=PHONE, color_scheme=scheme)
    try:
        page = guard.new_page()
        page.goto(f"{url}ru/short/")
        assert page.locator(".nardy-outdated").is_visible()
        name = expected.catalog_text("ru", MARK).format(language="Oʻzbekcha")
        link = page.get_by_role("link", name=name, exact=True)
        assert link.count() == 1
        assert link.get_attribute("href") == f"../../uz/short/#{SECTION}"
        assert violations(page) == []
        for selector in (".nardy-outdated", ".nardy-outdated-mark"):
            box = page.locator(selector).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (selector, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert guard.clean, (guard.foreign, guard.blocked, guard.errors)
    finally:
        guard.close()
