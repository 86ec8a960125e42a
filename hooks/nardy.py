"""MkDocs hook of every language build (mkdocs.yml ``hooks:``).

- ``on_config``: finds the build's language in ``locales/languages.toml`` by
  ``theme.language``, checks ``config/<code>.yml`` agrees with the table, loads
  the language's catalog, translates the theme strings the site sets (palette
  toggle, permalink title, review banner, 404 page, "Languages"), gives the
  templates the language's BCP 47 tag (``<html lang>``, ``hreflang``), and
  takes ``site_url`` from ``$NARDY_SITE_URL`` (the site's root) when it is set.
- ``on_files``: adds ``assets/nardy.css`` (``assets/nardy.css`` of the
  repository + the board rules of ``nardy_rules.svg``) and ``assets/nardy.js``,
  the same for every language; and the live boards' files: their scripts
  (``nardy_site.live_assets.SCRIPTS``: ``assets/nardy-board.js`` and its modules), the
  board geometry of both games once (``assets/nardy-layout.js``, from
  ``nardy_rules.svg.layout``) and the language's strings compiled from its
  catalog (``assets/i18n.json``, ``nardy_site.i18n.board_catalog``). Pyodide
  and the engine archive are shared by all languages (``<site>/pyodide/``,
  written by ``nardy_site.build``).
- ``on_page_markdown``: checks the page's ``translation`` front matter
  (``nardy_site.translation``); every ```nardy block is verified against the
  engine and replaced by its figure (``nardy_site.diagram``); the engine's
  answers for the page's boards go next to the page (``nardy_site.answers``).
- ``on_env``: stops the build, naming ``file:line: reason`` for every malformed
  or contradicted block and bad front matter; warns (fatal with ``--strict``)
  on text missing from the catalog.
- ``on_page_context``: the language switcher of the page
  (``nardy_alternates``, overrides/partials/alternate.html) links to the same
  page in every enabled language (its home page where that language lacks the
  page); the review banner's text when the front matter says
  ``translation: {review: pending}`` (overrides/main.html).
  ``extra.alternate`` stays Material's: ``<link rel="alternate" hreflang>`` to
  each language's home (Material's script fetches the sitemap next to each of
  them, so they must be the languages' roots).
- ``on_template_context``: the 404 page (overrides/404.html): its text and
  links to the language's pages, with paths from the site's root, since it is
  served at any address.
"""

from __future__ import annotations

import html
import json
import logging
import os
import posixpath
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from markupsafe import Markup, escape  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File  # noqa: E402
from mkdocs.utils.yaml import yaml_load  # noqa: E402

from nardy_rules import svg  # noqa: E402
from nardy_site import answers, i18n, languages, live_assets, play_page, translation  # noqa: E402
from nardy_site.blocks import BlockError, read_blocks, verify  # noqa: E402
from nardy_site.check import internal  # noqa: E402
from nardy_site.diagram import figure  # noqa: E402
from nardy_site.generated_pages import glossary_markdown, translations_markdown  # noqa: E402
from nardy_site.tables import TableError, find_tables  # noqa: E402
from nardy_site.tables import verify as verify_table  # noqa: E402

log = logging.getLogger("mkdocs.hooks.nardy")

CSS_URI = "assets/nardy.css"
JS_URI = "assets/nardy.js"
#: The live boards' scripts, copied as they are (overrides/main.html loads the first).
LIVE_SCRIPTS = live_assets.SCRIPTS
LAYOUT_URI = "assets/nardy-layout.js"
CATALOG_URI = "assets/i18n.json"
BCP47 = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*")

_state: dict = {}


def on_config(config):
    material = config.theme["language"]
    try:
        lang = languages.by_material(material)
    except KeyError as error:
        raise PluginError(f"nardy: {error.args[0]}; add the language to locales/languages.toml") from None
    if not lang.enabled:
        raise PluginError(f"nardy: {lang.code} is not enabled in locales/languages.toml")
    if Path(config.config_file_path).resolve() == lang.config.resolve():
        # site_dir as written in the file: ``mkdocs build -d DIR`` may build elsewhere.
        declared = _declared_site_dir(lang.config)
        for key, have, want in (
            ("docs_dir", Path(config["docs_dir"]), ROOT / "docs" / lang.code),
            ("site_dir", declared, ROOT / "site" / lang.code),
        ):
            if have is None or have.resolve() != want.resolve():
                raise PluginError(f"nardy: {lang.config}: {key} is {have}, expected {want}")
    root_url = os.environ.get("NARDY_SITE_URL")
    if root_url:
        config.site_url = root_url.rstrip("/") + f"/{lang.code}/"
    try:
        translator, problems = i18n.load(lang)
    except i18n.CatalogError as error:
        raise PluginError(f"nardy: {error}") from None
    for problem in problems:
        (log.warning if lang.released else log.info)(problem)
    _ = translator.gettext
    for option in config.theme.get("palette") or []:
        if isinstance(option, dict) and isinstance(option.get("toggle"), dict):
            key = "light" if option.get("scheme") == "slate" else "dark"
            option["toggle"]["name"] = as_html(_(i18n.UI[key]))  # Material's palette.html prints it as it is
    # Written by translators in config/<code>.yml; Material prints both as they are (aria-label, <meta>).
    for key in ("site_name", "site_description"):
        if isinstance(config.get(key), str):
            config[key] = as_html(config[key])
    if "toc" in config.mdx_configs or "toc" in config.markdown_extensions:
        # Markdown escapes the attribute but keeps an entity as one ("&amp;" would show as "&"): "&" first.
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = _(i18n.UI["permalink"]).replace("&", "&amp;")
    for each in languages.enabled():
        if not BCP47.fullmatch(each.bcp47):
            raise PluginError(f"nardy: {languages.TABLE}: bcp47 {each.bcp47!r} of {each.code} is not a BCP 47 tag")
    # Translated now, so that a missing translation is reported by on_env.
    texts = {key: _(i18n.UI[key]) for key in ("review-pending", "not-found-title", "not-found-text", "languages")}
    # The banner on a page served from the source language, naming it in its own name.
    texts["not-translated"] = _(i18n.UI["not-translated"]).format(language=languages.source().name)
    # For the templates: <html lang> and hreflang (overrides/partials/language.html), the switcher's label,
    # the search spelling assets/nardy.js applies to a query (overrides/main.html).
    config.extra["nardy"] = {"code": lang.code, "bcp47": lang.bcp47, "languages": texts["languages"],
                             "search_spelling": [list(rule) for rule in lang.search_spelling]}
    _state.clear()
    _state.update(lang=lang, tr=translator, errors=[], texts=texts)
    config.extra.pop("alternate", None)
    if len(languages.enabled()) > 1:
        # Material's list: <link rel="alternate" hreflang> to each language's home, and the header's
        # switcher (overrides/partials/alternate.html), whose links on_page_context points at the page.
        config.extra["alternate"] = [
            {"name": as_html(entry["name"]), "link": entry["link"], "lang": entry["lang"]}
            for entry in _alternates(lang, None)
        ]
    return config


def as_html(text: str) -> Markup:
    """``text`` escaped for HTML text and (double-quoted) attributes, once.

    For values the hook puts where Material's templates print them as they
    are (the palette toggle's ``aria-label`` and ``title``, ``site_name``,
    a page's front-matter title and description): MkDocs' Jinja does not
    autoescape. The result is a ``Markup``, so a template that does escape
    (``| e``, as ours do) leaves it as it is instead of escaping it twice.
    """
    return escape(str(text))


def _alternates(lang, page: tuple[str, str] | None, root: str | None = None) -> list[dict]:
    """The language switcher's entries: every enabled language, in the table's order.

    ``page`` is the page being built, as (its URL, its source file): each
    entry links to the same page in that language, or to the language's home
    page where ``docs/<code>/`` lacks the file; None links every entry to the
    language's home. Links are relative to this language's root ("../ru/short/";
    the template's ``url`` filter makes them relative to the page), or start
    with ``root`` (the site's root path) when it is given.
    """
    prefix = "../" if root is None else root
    entries = []
    for other in languages.enabled():
        target = ""
        if page is not None:
            url, src_uri = page
            if other.code == lang.code or _has_page(other, src_uri):
                target = url
        entries.append({
            "name": other.name,
            "code": other.code,
            "lang": other.bcp47,
            "link": f"{prefix}{other.code}/{target}",
            "current": other.code == lang.code,
        })
    return entries


def _declared_site_dir(path: Path) -> Path | None:
    """``site_dir`` of a configuration file itself (not what it inherits), resolved against the file."""
    with open(path, "rb") as handle:
        value = (yaml_load(handle) or {}).get("site_dir")
    return (path.parent / value) if isinstance(value, str) else None


def layout_module() -> str:
    """``assets/nardy-layout.js``: the geometry of both games' boards, as nardy_rules.svg draws them."""
    layouts = {variant: svg.layout(variant) for variant in ("short", "long")}
    return (
        "// Generated by hooks/nardy.py from nardy_rules.svg.layout(): the geometry the live boards draw with.\n"
        f"export default {json.dumps(layouts, separators=(',', ':'), sort_keys=True)};\n"
    )


def on_files(files, config):
    assets = {
        CSS_URI: (ROOT / "assets" / "nardy.css").read_text(encoding="utf-8")
        + (ROOT / "assets" / "nardy-play.css").read_text(encoding="utf-8") + svg.STYLE,
        JS_URI: (ROOT / "assets" / "nardy.js").read_text(encoding="utf-8"),
        LAYOUT_URI: layout_module(),
        CATALOG_URI: json.dumps(i18n.board_catalog(_state["tr"]), ensure_ascii=False, separators=(",", ":")),
    }
    for name in LIVE_SCRIPTS:
        assets[f"assets/{name}"] = (ROOT / "assets" / name).read_text(encoding="utf-8")
    for uri, content in assets.items():
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, uri, content=content))
    lang, gettext = _state["lang"], _state["tr"].gettext
    docs = ROOT / "docs" / lang.code
    # A page of the source language this language lacks is served from the source,
    # under the same address, with the "not translated yet" banner (on_page_context).
    _state["fallback"] = set()
    for page in _source_pages():
        if not (docs / page).is_file():
            files.append(File.generated(config, page, abs_src_path=str(ROOT / "docs" / languages.source().code / page)))
            _state["fallback"].add(page)
    generated = {"glossary.md": glossary_markdown(lang, gettext)}
    if (docs / GUIDE).is_file():  # the translators' guide and its status page go together
        generated[STATUS_PAGE] = translations_markdown(lang, gettext)
    for uri, content in generated.items():
        files.append(File.generated(config, uri, content=content))
    return files


#: The translators' guide (docs/en, docs/ru) and the translation status page generated beside it.
GUIDE = "translating.md"
STATUS_PAGE = "translations.md"


def _source_pages() -> list[str]:
    return sorted(path.name for path in (ROOT / "docs" / languages.source().code).glob("*.md"))


def _has_page(lang, src_uri: str) -> bool:
    """Whether ``lang``'s site has this page: its own file, the source's (fallback), or a generated one."""
    docs = ROOT / "docs" / lang.code
    if src_uri == "glossary.md" or src_uri in _source_pages():
        return True
    if src_uri == STATUS_PAGE:
        return (docs / GUIDE).is_file()
    return (docs / src_uri).is_file()


def _display(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def on_page_markdown(markdown, page, config, files):
    path = _display(page.file.abs_src_path or page.file.src_uri)
    source = page.file.content_string
    # Front matter is gone from ``markdown``: count its lines, so errors name the file's lines.
    offset = source[: len(source) - len(markdown)].count("\n") if source.endswith(markdown) else 0
    errors = _state["errors"]
    # Front matter written by translators: Material prints the title and the description as they are
    # (<title>, <meta name="description">, the navigation), as it does the escaped title of a first heading.
    for key in ("title", "description"):
        if isinstance(page.meta.get(key), str):
            page.meta[key] = as_html(page.meta[key])
    pages = {path.name for path in (ROOT / "docs" / languages.source().code).glob("*.md")}
    for line, reason in translation.problems(page.meta, source, pages or None):
        errors.append(f"{path}:{line}: {reason}")

    def record(error: BlockError | TableError) -> None:
        errors.append(f"{error.path}:{error.line + offset}: {error.reason}")

    try:
        tables = find_tables(markdown, path)
    except TableError as error:
        record(error)
        tables = []
    for table in tables:
        try:
            verify_table(table)
        except TableError as error:
            record(error)
        except Exception as error:
            errors.append(internal(path, table.line + offset, error))
    if play_page.MARKER in markdown:  # the play page's boards (its script plays on them)
        markdown = markdown.replace(play_page.MARKER, play_page.mount(_state["tr"]))
    blocks, malformed = read_blocks(markdown, path)
    for error in malformed:
        record(error)
    if not blocks:
        return markdown
    lines = markdown.splitlines(keepends=True)
    figures = []
    for block in reversed(blocks):
        try:
            verify(block)
            html = figure(block, _state["tr"])
        except BlockError as error:
            record(error)
            continue
        except Exception as error:
            errors.append(internal(path, block.line + offset, error))
            continue
        figures.append(block)
        first = block.line - 1
        last = block.line + block.body.count("\n") + 1  # the closing fence, 0-based
        lines[first : last + 1] = ["\n", html, "\n\n"]
    # The engine's answers for each of the page's boards, next to the page (the site's folder is clean by now).
    answers.write_page(figures[::-1], config["site_dir"], page.file.dest_uri)
    return "".join(lines)


def on_env(env, config, files):
    errors = _state.get("errors")
    if errors:
        count = len(errors)
        raise PluginError(
            f"{count} problem{'s' if count > 1 else ''} in the pages (diagram blocks, tables, front matter):\n"
            + "\n".join(errors)
        )
    missing = _state["tr"].missing if _state["tr"].needs_translation else set()
    # A released language must be complete (fatal with --strict); a new one shows English meanwhile.
    report = log.warning if _state["lang"].released else log.info
    for message in sorted(missing):
        report(f"nardy: not translated into {_state['lang'].code}: {message!r} (scripts/i18n update)")
    return env


def on_page_context(context, page, config, nav):
    if "alternate" in config.extra:
        context["nardy_alternates"] = _alternates(_state["lang"], (page.url, page.file.src_uri))
    context["nardy_review"] = _state["texts"]["review-pending"] if translation.review_pending(page.meta) else None
    context["nardy_fallback"] = _state["texts"]["not-translated"] if page.file.src_uri in _state["fallback"] else None
    return context


def _plain_title(page) -> str:
    """The page's title as text: MkDocs keeps a title taken from the first heading as HTML, and so does
    the hook a front-matter title (on_page_markdown)."""
    return html.unescape(str(page.title or ""))


def on_template_context(context, template_name, config):
    if template_name != "404.html":
        return context
    # Served at any address of the language: links start at the site's root path.
    here = urlsplit(config.site_url or "/").path or "/"
    home = here if here.endswith("/") else here + "/"
    root = posixpath.dirname(home.rstrip("/")).rstrip("/") + "/"
    if "alternate" in config.extra:
        context["nardy_alternates"] = _alternates(_state["lang"], None, root=root)
    nav = context.get("nav")
    # The rules pages (the source language's set); not the glossary or the translators' pages.
    pages = [page for page in (nav.pages if nav is not None else []) if page.file.src_uri in _source_pages()]
    texts = _state["texts"]
    context["nardy_not_found"] = {
        "title": texts["not-found-title"],
        "text": texts["not-found-text"],
        "links": [{"href": home + page.url, "title": _plain_title(page)} for page in pages],
    }
    return context
