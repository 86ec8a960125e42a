"""The hook and templates on small temporary builds: the review banner and its flag, the switcher's
and the 404 page's escaping, the language switcher's links, <html lang>."""

from __future__ import annotations

import dataclasses
import re

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from nardy_site.translations import i18n, languages

from .helpers import built_pages, mkdocs_build, write_build
from .htmlscan import parse_file

PAGES = {
    "index.md": "# Bosh sahifa { #home }\n\n[Qisqa](short.md).\n",
    "short.md": "---\ntranslation:\n  source: short.md\n  source_blob: 0123456789abcdef0123456789abcdef01234567\n"
                "  sections:\n    short: 0123456789ab\n  review: pending\n---\n"
                "# Qisqa narda { #short }\n\n## Urish { #hitting }\n\nMatn.\n",
    "long.md": "---\ntitle: '<img src=x onerror=alert(1)>'\n---\n# Uzun narda { #long }\n\nMatn.\n",
}


@pytest.fixture(scope="module")
def small_site(tmp_path_factory):
    return built_pages(tmp_path_factory.mktemp("small"), PAGES)


def uz_catalog(msgid):
    translator, _ = i18n.load(languages.get("uz"))
    return translator.messages[msgid]


def test_banner_only_on_the_page_that_awaits_review(small_site):
    short = parse_file(small_site / "short" / "index.html")
    banners = short.find_all(cls="nardy-review")
    assert len(banners) == 1
    assert banners[0].text() == uz_catalog(i18n.UI["review-pending"])
    assert banners[0].get("role") == "note"
    for page in ("index.html", "long/index.html", "404.html"):
        assert not parse_file(small_site / page).find_all(cls="nardy-review"), page


def test_banner_is_not_in_the_search_index(small_site):
    text = (small_site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert uz_catalog(i18n.UI["review-pending"])[:30] not in text


@pytest.mark.parametrize("value", ["pendng", "done", "true"])
def test_a_wrong_review_value_stops_the_build(tmp_path, value):
    page = PAGES["short.md"].replace("review: pending", f"review: {value}")
    done = mkdocs_build(write_build(tmp_path, {**PAGES, "short.md": page}))
    assert done.returncode != 0
    line = page.splitlines().index(f"  review: {value}") + 1
    assert re.search(rf"docs/short\.md:{line}: translation\.review is '?{value}'?", done.stdout + done.stderr, re.I), \
        done.stdout + done.stderr


def test_a_bad_source_blob_stops_the_build(tmp_path):
    page = PAGES["short.md"].replace("0123456789abcdef0123456789abcdef01234567", "xyz")
    done = mkdocs_build(write_build(tmp_path, {**PAGES, "short.md": page}))
    assert done.returncode != 0
    assert re.search(r"docs/short\.md:4: translation\.source_blob is 'xyz'", done.stdout + done.stderr), done.stderr


def test_a_site_url_of_another_language_stops_the_build(tmp_path):
    """The sitemap's hreflang links are built from the language's site_url (<root><code>/)."""
    config = write_build(tmp_path, PAGES)
    config.write_text(config.read_text(encoding="utf-8").replace("8000/uz/", "8000/ru/"), encoding="utf-8")
    done = mkdocs_build(config)
    assert done.returncode != 0
    assert "config/uz.yml: site_url 'http://127.0.0.1:8000/ru/' does not end with 'uz/'" in done.stdout + done.stderr, \
        done.stdout + done.stderr


def test_deleting_the_review_line_removes_the_banner(tmp_path):
    page = PAGES["short.md"].replace("  review: pending\n", "")
    done = mkdocs_build(write_build(tmp_path, {**PAGES, "short.md": page}))
    assert done.returncode == 0, done.stderr
    assert not parse_file(tmp_path / "site" / "short" / "index.html").find_all(cls="nardy-review")


def test_html_lang_and_switcher_of_a_kazakh_build(tmp_path):
    # Material has no kk strings: overrides/partials/languages/kk.html provides them.
    done = mkdocs_build(write_build(tmp_path, PAGES, "kk"))
    assert done.returncode == 0, done.stderr
    short = parse_file(tmp_path / "site" / "short" / "index.html")
    assert short.find("html").get("lang") == "kk-Cyrl"
    assert short.find("input", cls="md-search__input").get("placeholder") == "Іздеу"
    links = short.find_all("a", cls="md-select__link")
    assert [a.get("href") for a in links] == [f"../../{code}/short/" for code in ("uz", "az", "kk", "hy", "ru", "en")]
    assert [a.get("aria-current") for a in links].count("true") == 1 and links[2].get("aria-current") == "true"


# In-process builds, with the table or the catalog replaced: what the templates insert is escaped.

EVIL = '<img src=x onerror=alert(1)>"&'
# Without the page title above (Material's own navigation prints a front-matter title as it is).
PLAIN = {**PAGES, "long.md": "# Uzun narda { #long }\n\nMatn.\n"}


def build_in_process(tmp_path, pages):
    config = load_config(str(write_build(tmp_path, pages)))
    build(config)
    return tmp_path / "site"


def test_language_names_are_escaped(tmp_path, monkeypatch):
    uz = languages.get("uz")
    evil = dataclasses.replace(languages.get("ru"), code="zz", name=EVIL)
    monkeypatch.setattr(languages, "enabled", lambda path=None: [uz, evil])
    site = build_in_process(tmp_path, PLAIN)
    text = (site / "short" / "index.html").read_text(encoding="utf-8")
    assert "<img src=x onerror" not in text
    names = [a.text() for a in parse_file(site / "short" / "index.html").find_all("a", cls="md-select__link")]
    assert names == ["Oʻzbekcha", EVIL]


def test_page_titles_in_the_404_page_are_escaped_once(tmp_path):
    pages = {**PAGES, "index.md": "# Bosh & <i>sahifa</i> { #home }\n\n[Qisqa](short.md).\n"}
    site = build_in_process(tmp_path, pages)
    links = parse_file(site / "404.html").find("ul", cls="nardy-not-found").find_all("a")
    assert [a.text() for a in links] == ["Bosh & sahifa", "Qisqa narda", "<img src=x onerror=alert(1)>"]
    block = re.search(r'<ul class="nardy-not-found">.*?</ul>', (site / "404.html").read_text(encoding="utf-8"), re.S)
    assert "<img" not in block.group(0) and "&amp;amp;" not in block.group(0)


def test_banner_text_is_inserted_as_text(tmp_path, monkeypatch):
    real_load = i18n.load

    def load(language):
        translator, problems = real_load(language)
        messages = {**translator.messages, i18n.UI["review-pending"]: EVIL}
        return i18n.Translator(messages, translator.plural, language), problems

    monkeypatch.setattr(i18n, "load", load)
    site = build_in_process(tmp_path, PLAIN)
    text = (site / "short" / "index.html").read_text(encoding="utf-8")
    assert "<img src=x onerror" not in text
    assert parse_file(site / "short" / "index.html").find(cls="nardy-review").text() == EVIL


def test_no_script_blocks_the_parser_before_the_article_is_painted(small_site):
    """Material's bundle and the site's script are deferred, in that order (assets/nardy.js reads document$):
    an external script at the body's end that is already fetched would run inside the parser's task, before
    the article's first paint (dev/benchmarks.md, "Phone performance")."""
    page = parse_file(small_site / "short" / "index.html")
    external = [script for script in page.find_all("script") if script.get("src")]
    names = [script.get("src").rsplit("/", 1)[-1] for script in external]
    bundle = next(i for i, name in enumerate(names) if re.fullmatch(r"bundle\.[0-9a-f]+\.min\.js", name))
    assert names.index("nardy.js") > bundle
    for script in external:
        assert script.get("type") == "module" or "defer" in script.attrs, script.get("src")
