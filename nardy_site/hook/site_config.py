"""What a language's build sets in MkDocs' configuration (the hook's ``on_config``).

:func:`configure` finds the build's language in ``locales/languages.toml`` by
``theme.language``, checks that ``config/<code>.yml`` agrees with the table,
loads the language's catalog, translates the theme strings the site sets (the
palette toggle, the permalink title), escapes what translators wrote where
Material prints it as it is, gives the templates the language's BCP 47 tag
(``<html lang>``, ``hreflang``), the switcher's label and the search spelling,
lists the languages for Material's ``extra.alternate``, and takes ``site_url``
from ``$NARDY_SITE_URL`` (the site's root) when it is set.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from markupsafe import Markup, escape
from mkdocs.exceptions import PluginError
from mkdocs.utils.yaml import yaml_load

from ..pages import alternates
from ..paths import ROOT
from ..translations import i18n, languages
from ..translations.i18n import Translator
from ..translations.languages import Language

BCP47 = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*")
#: The interface strings of the templates (banners, the 404 page, the switcher's label), translated in
#: on_config, so that one missing from the catalog is reported with the others (on_env).
TEMPLATE_TEXTS = ("review-pending", "not-found-title", "not-found-text", "languages")


def as_html(text: str) -> Markup:
    """``text`` escaped for HTML text and (double-quoted) attributes, once.

    For values put where Material's templates print them as they are (the
    palette toggle's ``aria-label`` and ``title``, ``site_name``, a page's
    front-matter title and description): MkDocs' Jinja does not autoescape.
    The result is a ``Markup``, so a template that does escape (``| e``, as
    ours do) leaves it as it is instead of escaping it twice.
    """
    return escape(str(text))


def escape_page_meta(meta: dict) -> None:
    """A page's front-matter title and description, escaped (translators write them; Material prints them
    as they are: ``<title>``, ``<meta name="description">``, the navigation)."""
    for key in ("title", "description"):
        if isinstance(meta.get(key), str):
            meta[key] = as_html(meta[key])


def language(config) -> Language:
    """The enabled language the configuration builds (by ``theme.language``), its file checked."""
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
            ("docs_dir", Path(config["docs_dir"]), lang.docs),
            ("site_dir", declared, ROOT / "site" / lang.code),
        ):
            if have is None or have.resolve() != want.resolve():
                raise PluginError(f"nardy: {lang.config}: {key} is {have}, expected {want}")
    return lang


def _declared_site_dir(path: Path) -> Path | None:
    """``site_dir`` of a configuration file itself (not what it inherits), resolved against the file."""
    with open(path, "rb") as handle:
        value = (yaml_load(handle) or {}).get("site_dir")
    return (path.parent / value) if isinstance(value, str) else None


def material_alternates(entries: list[dict]) -> list[dict]:
    """Material's ``extra.alternate`` (the switcher's fallback: each language's home) from switcher entries."""
    return [{"name": as_html(entry["name"]), "link": entry["link"], "lang": entry["lang"]} for entry in entries]


def site_root() -> str | None:
    """The site's absolute root URL when one is configured (``$NARDY_SITE_URL``, an http(s) address), else None.

    The language switcher's fallback links (``extra.alternate``: each language's
    home, on a page the hook gives no links of its own, as the 404 pages) start
    with it, so they must name the address the site is really served at: the
    ``site_url`` of config/<code>.yml is only the local default, so it does not
    count. The sitemaps' ``hreflang`` links are absolute either way (each
    language's ``site_url``).
    """
    url = os.environ.get("NARDY_SITE_URL") or ""
    if not re.match(r"https?://[^/]+(/.*)?$", url):
        return None
    return url.rstrip("/") + "/"


def configure(config) -> tuple[Language, Translator, dict, list[str]]:
    """Set up ``config`` for its language; returns the language, its translator, the templates' texts
    (:data:`TEMPLATE_TEXTS` and ``not-translated``) and the catalog's problems that are not fatal."""
    lang = language(config)
    root_url = os.environ.get("NARDY_SITE_URL")
    if root_url:
        config.site_url = root_url.rstrip("/") + f"/{lang.code}/"
    try:
        translator, problems = i18n.load(lang)
    except i18n.CatalogError as error:
        raise PluginError(f"nardy: {error}") from None
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
    texts = {key: _(i18n.UI[key]) for key in TEMPLATE_TEXTS}
    # The banner on a page served from the source language, naming it in its own name.
    texts["not-translated"] = _(i18n.UI["not-translated"]).format(language=languages.source().name)
    # For the templates: <html lang> and hreflang (overrides/partials/language.html), the switcher's label,
    # the search spelling assets/nardy.js applies to a query (overrides/main.html).
    config.extra["nardy"] = {"code": lang.code, "bcp47": lang.bcp47, "languages": texts["languages"],
                             "search_spelling": [list(rule) for rule in lang.search_spelling]}
    config.extra.pop("alternate", None)
    if len(languages.enabled()) > 1:
        # Material's list: its header shows the switcher (overrides/partials/alternate.html) when it is set, whose
        # links on_page_context points at the page; the head prints none of it (nardy_site/pages/alternates.py).
        config.extra["alternate"] = material_alternates(alternates.entries(lang, None, root=site_root()))
    return lang, translator, texts, problems
