"""The root pages write each language's name as text: a name holding markup changes no markup."""

from __future__ import annotations

import dataclasses

import pytest

from nardy_site.translations import languages
from nardy_site.pages import rootpage

from .htmlscan import parse

NAME = 'Oʻzbekcha <b>x</b> <script>alert(1)</script> & "y"'


@pytest.mark.parametrize("not_found", [False, True], ids=["index", "404"])
def test_a_language_name_with_markup_is_escaped(monkeypatch, not_found):
    real = languages.enabled()
    marked = [dataclasses.replace(lang, name=f"{NAME} {lang.code}") for lang in real]
    monkeypatch.setattr(rootpage, "enabled", lambda: marked)
    html = rootpage.page(not_found=not_found)
    root = parse(html)
    links = root.find("nav").find_all("a")
    assert [a.text() for a in links] == [" ".join(f"{NAME} {lang.code}".split()) for lang in real]
    assert all(a.children == [f"{NAME} {lang.code}"] for a, lang in zip(links, real))  # one text node, no element
    assert not root.find_all("b")
    assert len(root.find_all("script")) == (0 if not_found else 1)  # only the page's own redirect
