"""A quote or a tag in any translation can no longer change a page's markup.

Every translated string is escaped where it lands (our templates, Material's, the hook's configuration,
the root pages, the generated Markdown pages, the boards' data), and scripts/i18n check refuses a
translation that adds markup its msgid has not. Both on a copy of the repository (tests/i18n/conftest.py).
"""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

from babel.messages.pofile import read_po, write_po

from tests.site.htmlscan import parse_file

from .conftest import run

#: An attribute payload: written unescaped into an attribute, it runs script on every Kazakh page.
PAYLOAD = 'x" autofocus onfocus="alert(304)" y="'
#: And a tag with an entity: as HTML it would be an element; as text, these very characters.
TAG = '<b id="evil">&amp;</b>'
KK = "locales/kk/LC_MESSAGES/messages.po"
SVG = "http://www.w3.org/2000/svg"


def i18n(repo, *args):
    return run(repo, "nardy_site.i18n_tool", *args)


def set_translation(path, msgid, msgstr):
    text = path.read_text(encoding="utf-8")
    pattern = rf'^msgid "{re.escape(msgid)}"\nmsgstr ".*"$'
    found = re.search(pattern, text, flags=re.M)
    assert found, f"{msgid!r} not in {path}"
    escaped = msgstr.replace("\\", "\\\\").replace('"', '\\"')
    path.write_text(text[:found.start()] + f'msgid "{msgid}"\nmsgstr "{escaped}"' + text[found.end():], encoding="utf-8")
    return text[:found.start()].count("\n") + 2  # the msgstr line


def poison_catalog(path, suffix):
    """Every translation of the catalog with ``suffix`` added (placeholders kept)."""
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.string, tuple):
            message.string = tuple(form + suffix for form in message.string)
        else:
            message.string += suffix
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=0)


def test_the_attribute_payload_fails_the_check_naming_the_entry(repo):
    line = set_translation(repo / KK, "Switch to dark mode", PAYLOAD)
    done = i18n(repo, "check", "kk")
    assert done.returncode == 1
    assert (f"{KK}:{line - 1}: 'Switch to dark mode': msgstr has '\"' (an attribute-breaking quote), which the msgid "
            "has not") in done.stdout, done.stdout
    assert "kk: FAIL" in done.stdout


def test_markup_a_msgid_does_not_have_fails_the_check(repo):
    ru = "locales/ru/LC_MESSAGES/messages.po"
    for msgid, msgstr, what in [("Undo", "<i>Отменить</i>", "'<' (a tag)"),
                                ("Redo", "Повторить &nbsp;", "'&' (an HTML entity)"),
                                ("Roll the dice", "Бросить `кости`", "'`' (a Markdown code span)"),
                                ("Languages", "Языки\u2028", "the control character U+2028")]:
        set_translation(repo / ru, msgid, msgstr)
        done = i18n(repo, "check", "ru")
        assert done.returncode == 1 and f"'{msgid}': msgstr has {what}" in done.stdout, (msgid, done.stdout)
        set_translation(repo / ru, msgid, msgid)  # back to a harmless one for the next case


def test_no_translated_string_changes_the_markup_of_any_page(repo, tmp_path):
    for code in ("uz", "kk"):
        catalog = repo / {"uz": "locales/uz@latin/LC_MESSAGES/messages.po", "kk": KK}[code]
        poison_catalog(catalog, f" {PAYLOAD}{TAG}")
    config = repo / "config/kk.yml"
    text = config.read_text(encoding="utf-8")
    text = re.sub(r"^site_name: (.*)$", lambda m: f"site_name: '{m.group(1)} {PAYLOAD}{TAG}'", text, flags=re.M)
    text = re.sub(r"^site_description: (.*)$", lambda m: f"site_description: '{m.group(1)} {PAYLOAD}{TAG}'", text,
                  flags=re.M)
    config.write_text(text, encoding="utf-8")
    page = repo / "docs/kk/short.md"
    text = page.read_text(encoding="utf-8")
    text, n = re.subn(r"^description: .*$", f"description: '{PAYLOAD}{TAG}'\ntitle: 'Қысқа {PAYLOAD}{TAG}'", text,
                      count=1, flags=re.M)
    assert n == 1
    page.write_text(text, encoding="utf-8")
    glossary = repo / "locales/glossary.toml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace('kk = "тас"', f"kk = 'тас {PAYLOAD}{TAG}'"),
                        encoding="utf-8")

    site = tmp_path / "site"
    done = run(repo, "nardy_site.build", str(site), "uz", "kk")
    assert done.returncode == 0, done.stdout + done.stderr

    pages = sorted(site.glob("*.html")) + sorted((site / "kk").rglob("*.html")) + sorted((site / "uz").rglob("*.html"))
    assert len(pages) > 10
    for path in pages:
        root = parse_file(path)
        for element in root.iter():
            assert not [name for name in element.attrs if name == "autofocus" or name.startswith("on")], (path, element.tag)
            assert element.get("id") != "evil" and element.tag != "b", (path, element.line)
    short = parse_file(site / "kk" / "short" / "index.html")
    # The payload is text, as the translator wrote it: in Material's attributes and text, and in ours.
    labels = [element.get("aria-label") for element in short.find_all("input", cls="md-option")]
    assert labels and all(label.endswith(f" {PAYLOAD}{TAG}") for label in labels), labels
    titles = [label.get("title") for label in short.find("form", data_md_component="nardy-palette").find_all("label")]
    assert len(titles) == 2 and all(title.endswith(f" {PAYLOAD}{TAG}") for title in titles), titles
    assert short.find("a", cls="md-logo").get("aria-label").endswith(f" {PAYLOAD}{TAG}")
    assert short.find("meta", name="description").get("content") == f"{PAYLOAD}{TAG}"
    assert short.find("title").text().startswith(f"Қысқа {PAYLOAD}{TAG} - ")
    assert short.find("a", cls="headerlink").get("title").endswith(f" {PAYLOAD}{TAG}")
    assert parse_file(site / "kk" / "long" / "index.html").find(cls="nardy-review").text().endswith(f"{PAYLOAD}{TAG}")
    figure = short.find("figure", cls="nardy-diagram")
    assert figure.find("p", cls="nardy-about").text().endswith(f"{PAYLOAD}{TAG}")
    # The drawing's own file (an <img> on the page, inlined by the live board) holds it as text too.
    drawing = ElementTree.parse(site / "kk" / "short" / figure.find("img", cls="nardy-drawing").get("src"))
    assert drawing.getroot().find(f"{{{SVG}}}desc").text.endswith(f"{PAYLOAD}{TAG}")
    assert not [element for element in drawing.iter() if element.tag.endswith("}b") or element.get("id") == "evil"]
    glossary_page = parse_file(site / "kk" / "glossary" / "index.html")
    assert f"тас {PAYLOAD}{TAG}" in [cell.text() for cell in glossary_page.find_all("td")]
    assert glossary_page.find("h1").text().endswith(f"{PAYLOAD}{TAG}¶")  # then the permanent link
    missing = parse_file(site / "kk" / "404.html")
    assert missing.find("h1").text().endswith(f"{PAYLOAD}{TAG}")
    assert missing.find(cls="md-select__list").get("aria-label").endswith(f"{PAYLOAD}{TAG}")
    chooser = parse_file(site / "404.html")
    assert any(span.text().endswith(f"{PAYLOAD}{TAG}") for span in chooser.find_all("span"))
    # The boards' strings are data (assets/board/nardy-board.js inserts them as text).
    strings = json.loads((site / "kk" / "assets" / "i18n.json").read_text(encoding="utf-8"))
    assert strings["messages"]["roll"].endswith(f" {PAYLOAD}{TAG}")


def test_generated_pages_write_any_text_as_text():
    import markdown

    from nardy_site.pages.generated_pages import text
    from tests.site.htmlscan import parse

    for value in ["<script>alert(1)</script>", "a | b", "x & y", "&lt;", "&amp;amp;", "[x](javascript:alert(1))",
                  "`code`", "a\\b", "{: onclick=x }", "*a* _b_ #c", "<!-- x -->"]:
        html = markdown.markdown(f"| h |\n|---|\n| {text(value)} |\n\n# {text(value)} {{ #x }}\n",
                                 extensions=["tables", "attr_list", "toc"])
        root = parse(html)
        assert root.find("td").text() == value and root.find("h1").text() == value, (value, html)
        assert [e.tag for e in root.iter()] == ["#document", "table", "thead", "tr", "th", "tbody", "tr", "td", "h1"]
