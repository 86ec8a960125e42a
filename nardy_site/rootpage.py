"""The site's root page, ``site/index.html``: python -m nardy_site.rootpage [site-dir]

It lists the enabled languages as links (each in its own language) and, with
JavaScript, sends the reader to the first language of ``navigator.languages``
the site has, or to the source language. Everything is inline: no request to
another host.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from mkdocs.utils.yaml import yaml_load

from .diagram import script_json
from .languages import ROOT, Language, enabled, source


def site_name(lang: Language) -> str:
    """``site_name`` of the language's MkDocs configuration (with what it inherits)."""
    with open(lang.config, "rb") as handle:
        return str(yaml_load(handle).get("site_name", lang.name))


def page() -> str:
    langs = enabled()
    first = source()
    targets = [{"code": lang.code, "tags": [lang.bcp47.lower(), lang.material.lower()]} for lang in langs]
    links = "\n".join(
        f'    <li><a href="{html.escape(lang.code)}/" hreflang="{html.escape(lang.bcp47)}" '
        f'lang="{html.escape(lang.bcp47)}">{html.escape(lang.name)}</a></li>'
        for lang in langs
    )
    alternates = "\n".join(
        f'  <link rel="alternate" hreflang="{html.escape(lang.bcp47)}" href="{html.escape(lang.code)}/">'
        for lang in langs
    )
    title = html.escape(site_name(first))
    return f"""<!doctype html>
<html lang="{html.escape(first.bcp47)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
{alternates}
  <style>
    body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 3rem auto;
           max-width: 30rem; padding: 0 1rem; line-height: 1.5; }}
    @media (prefers-color-scheme: dark) {{ body {{ background: #1e2129; color: #e2e4e9; }} a {{ color: #90caf9; }} }}
    ul {{ list-style: none; padding: 0; font-size: 1.25rem; }}
  </style>
  <script>
    (function () {{
      var targets = {script_json(targets)};
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
  </script>
</head>
<body>
  <h1>{title}</h1>
  <ul>
{links}
  </ul>
</body>
</html>
"""


def write(site_dir: Path) -> Path:
    site_dir.mkdir(parents=True, exist_ok=True)
    target = site_dir / "index.html"
    target.write_text(page(), encoding="utf-8")
    return target


if __name__ == "__main__":
    print(write(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"))
