"""The site's root pages: python -m nardy_site.pages.rootpage [site-dir]

``site/index.html`` lists the enabled languages as links (each in its own
language) and, with JavaScript, sends the reader to the first language of
``navigator.languages`` the site has, or to the source language.

``site/404.html`` is the root's "page not found": the same list, without the
redirect, with "Page not found" in each language. The server
(``nardy_site.serve``) sends it for an unknown address outside the languages'
folders; as it is served at any address, its links start at the site's root
path (the path of ``$NARDY_SITE_URL``, default ``/``).

Everything is inline: no request to another host.
"""

from __future__ import annotations

import html
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.utils.yaml import yaml_load

from ..figures.app_icons import PAGE_ICON
from ..figures.diagram import script_json
from ..translations import i18n
from ..translations.languages import ROOT, Language, enabled, source

STYLE = """  <style>
    body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 3rem auto;
           max-width: 30rem; padding: 0 1rem; line-height: 1.5; }
    @media (prefers-color-scheme: dark) { body { background: #1e2129; color: #e2e4e9; } a { color: #90caf9; } }
    ul { list-style: none; padding: 0; font-size: 1.25rem; }
  </style>"""


def icon_link(root: str) -> str:
    """The site's icon for a page outside MkDocs' (``root``: the path to the site's root, from the page or the
    host). Without one the browser asks for ``/favicon.ico``, which the site has not (a failed load offline)."""
    return f'  <link rel="icon" type="image/png" href="{html.escape(root)}{PAGE_ICON}">'


def site_name(lang: Language) -> str:
    """``site_name`` of the language's MkDocs configuration (with what it inherits)."""
    with open(lang.config, "rb") as handle:
        return str(yaml_load(handle).get("site_name", lang.name))


def root_path(site_url: str | None = None) -> str:
    """The site's root path: that of ``site_url``, by default ``$NARDY_SITE_URL``, or ``/``."""
    if site_url is None:
        site_url = os.environ.get("NARDY_SITE_URL")
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def translate(lang: Language, key: str) -> str:
    translator, _problems = i18n.load(lang)
    return translator.gettext(i18n.UI[key])


def page(not_found: bool = False, site_url: str | None = None) -> str:
    """``index.html`` (links relative to it, with the redirect) or ``404.html`` (links from the root path)."""
    langs = enabled()
    first = source()
    e = html.escape
    base = root_path(site_url) if not_found else ""
    items = []
    for lang in langs:
        link = f'<a href="{e(base + lang.code)}/" hreflang="{e(lang.bcp47)}" lang="{e(lang.bcp47)}">{e(lang.name)}</a>'
        if not_found:
            link += f' · <span lang="{e(lang.bcp47)}">{e(translate(lang, "not-found-title"))}</span>'
        items.append(f"    <li>{link}</li>")
    alternates = "\n".join(
        f'  <link rel="alternate" hreflang="{e(lang.bcp47)}" href="{e(base + lang.code)}/">' for lang in langs
    )
    title = e(site_name(first))
    heading = "404" if not_found else title
    label = e(translate(first, "languages"))
    redirect = "" if not_found else f"""
  <script>
    (function () {{
      var targets = {script_json([{"code": each.code, "tags": [each.bcp47.lower(), each.material.lower()]} for each in langs])};
      var fallback = {script_json(first.code)};
      var wanted = navigator.languages || [navigator.language || ""];
      function pick() {{
        for (var i = 0; i < wanted.length; i++) {{
          var tag = String(wanted[i] || "").toLowerCase();
          for (var j = 0; j < targets.length; j++) {{
            var t = targets[j];
            for (var k = 0; k < t.tags.length; k++) {{
              var own = t.tags[k];
              if (tag === own || tag.indexOf(own + "-") === 0 || own.indexOf(tag + "-") === 0) return t.code;
            }}
          }}
        }}
        return fallback;
      }}
      location.replace(pick() + "/");
    }})();
  </script>"""
    items_html = "\n".join(items)
    return f"""<!doctype html>
<html lang="{e(first.bcp47)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{"404 - " if not_found else ""}{title}</title>
{icon_link(base)}
{alternates}
{STYLE}{redirect}
</head>
<body>
  <h1>{heading}</h1>
  <nav aria-label="{label}">
  <ul>
{items_html}
  </ul>
  </nav>
</body>
</html>
"""


def write(site_dir: Path, site_url: str | None = None) -> Path:
    """``index.html`` and ``404.html`` in ``site_dir``; ``site_url``: see :func:`root_path`."""
    site_dir.mkdir(parents=True, exist_ok=True)
    target = site_dir / "index.html"
    target.write_text(page(), encoding="utf-8")
    (site_dir / "404.html").write_text(page(not_found=True, site_url=site_url), encoding="utf-8")
    return target


if __name__ == "__main__":
    print(write(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"))
