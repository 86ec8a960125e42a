"""Offline and installable (dev/offline.md): the files of each language, and the build's service worker.

Per language, added by the hook (``SiteBuild.add_pages`` -> :func:`language_files`):

- ``manifest.webmanifest``: the web app manifest, its names in the language
  (catalog strings), start URL and scope the language's home, the icons.
- ``offline.html``: what a page never saved on the device shows offline, in
  the language. It is served at any address of the language, so its one link
  starts at the site's root path (like the 404 page).
- ``assets/sw-register.js``: ``assets/site/sw-register.js`` with the notices'
  strings in the language; it registers the service worker after the page
  has loaded and shows its notices.

Per build, written by ``nardy_site.build`` after the languages and the root
pages (:func:`write`):

- ``icons/``: the app icons (``nardy_site.figures.app_icons``), shared by every language.
- ``sw.js``: one service worker for the whole site (scope: the site's root),
  so that every language and the shared ``pyodide/`` are one cache. Its first
  line is the build's manifest (:func:`build_manifest`): every URL the build
  wrote with its content hash, each language's shell, and the build id (the
  hash of the file list); then ``assets/site/sw.js``. A new build changes the
  worker's bytes, which is how browsers notice an update.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from pathlib import Path

from babel import Locale

from nardy_rules.reasons import N_

from ..figures import app_icons, opening
from ..figures.diagram import script_json
from ..pages import play_online, rootpage
from ..translations.languages import ROOT, Language, enabled, source

#: Interface strings of the manifest, the offline page and the notices.
TEXTS = {
    # TRANSLATORS: the site's name when it is installed on a phone's home screen (like site_name).
    "app-name": N_("Nardy rules"),
    # TRANSLATORS: the name under the home screen icon: one short word, at most 12 letters.
    "app-short-name": N_("Nardy"),
    # TRANSLATORS: what the installed site is, shown by the phone when it offers to install it.
    "app-description": N_("The rules of short and long nardy with boards to play on, also without a connection."),
    # TRANSLATORS: title of the page shown offline for a page that was never opened on this device.
    "offline-title": N_("You are offline"),
    "offline-text": N_(
        "This page has not been saved on this device, so it cannot be shown without a connection. "
        "The pages you have already opened here can still be read."
    ),
    # TRANSLATORS: link on the offline page to the home page of the language.
    "offline-home": N_("Go to the home page"),
    # TRANSLATORS: notice after the site was updated while the page was open; a button "Reload" follows.
    "notice-update": N_("A new version of this site is ready."),
    # TRANSLATORS: button of the update notice: load the page again.
    "notice-reload": N_("Reload"),
    # TRANSLATORS: notice on a page shown without a connection, from the copy saved when it was read.
    "notice-offline": N_("You are offline: this page is the copy saved on this device."),
    # TRANSLATORS: button that closes a notice.
    "notice-close": N_("Close"),
}
#: The notices' strings, as the registration script names them.
NOTICES = {"update": "notice-update", "reload": "notice-reload", "offline": "notice-offline", "close": "notice-close"}

#: The colour of the browser's bar (Material's header, brown in both schemes) and of the page, per scheme.
THEME = {
    "light": {"media": "(prefers-color-scheme: light)", "theme": "#795649", "background": "#ffffff"},
    "dark": {"media": "(prefers-color-scheme: dark)", "theme": "#795649", "background": "#1e2129"},
}

MANIFEST = "manifest.webmanifest"
OFFLINE_PAGE = "offline.html"
REGISTER = "assets/sw-register.js"
WORKER = "sw.js"
ICONS = app_icons.FOLDER
#: The registration script's placeholder for its strings.
TEXT_SLOT = "NARDY_OFFLINE_TEXT"
#: Files of the build that carry the day it was built (MkDocs' sitemaps, for search engines; no page asks for
#: them): not in the manifest (:func:`site_files`), so the worker passes them to the network.
DATED = ("sitemap.xml",)
#: Content hashes: the first hex digits of SHA-256 (80 bits: tells one build's file from another's).
HASH_DIGITS = 20
#: Files of a language's ``assets/`` left out of its shell: source maps and the search's language packs,
#: which no page loads (Material's search runs with ``lang: en``, which loads none); and the engine's
#: worker, which starts with Pyodide, when a reader plays (kept then, like Pyodide).
NOT_SHELL = (".map", "/nardy-worker.js")
NOT_SHELL_FOLDERS = ("assets/javascripts/lunr/",)


class OfflineError(RuntimeError):
    pass


def direction(lang: Language) -> str:
    """``ltr`` or ``rtl``: the language's script direction from Babel's locale data."""
    return "rtl" if Locale.parse(lang.babel).character_order == "right-to-left" else "ltr"


def theme_metas() -> list[dict]:
    """``<meta name="theme-color">`` of each scheme (overrides/main.html)."""
    return [{"media": scheme["media"], "content": scheme["theme"]} for scheme in THEME.values()]


def web_manifest(lang: Language, gettext) -> str:
    """The language's ``manifest.webmanifest``: it lives at ``<root>/<code>/``, its URLs are relative to it."""
    icons = [{"src": f"../{ICONS}/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
             for name, size, purpose in app_icons.ICONS]
    manifest = {
        "name": gettext(TEXTS["app-name"]),
        "short_name": gettext(TEXTS["app-short-name"]),
        "description": gettext(TEXTS["app-description"]),
        "lang": lang.bcp47,
        "dir": direction(lang),
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME["light"]["theme"],
        "background_color": THEME["light"]["background"],
        "icons": icons,
    }
    return json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"


def offline_page(lang: Language, gettext, home: str) -> str:
    """The language's offline page; ``home`` is the language's home as a path from the host (``/uz/``)."""
    e = html.escape
    title = e(gettext(TEXTS["offline-title"]))
    return f"""<!doctype html>
<html lang="{e(lang.bcp47)}" dir="{direction(lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>{title} - {e(gettext(TEXTS["app-name"]))}</title>
{rootpage.icon_link(home + "../")}
{rootpage.STYLE}
</head>
<body>
  <main>
  <h1>{title}</h1>
  <p>{e(gettext(TEXTS["offline-text"]))}</p>
  <p><a href="{e(home)}">{e(gettext(TEXTS["offline-home"]))}</a></p>
  </main>
</body>
</html>
"""


def register_script(gettext, source_text: str | None = None) -> str:
    """``assets/site/sw-register.js`` with the notices' strings (JSON: inserted into the page as text)."""
    if source_text is None:
        source_text = (ROOT / "assets" / "site" / "sw-register.js").read_text(encoding="utf-8")
    if source_text.count(TEXT_SLOT) != 1:
        raise OfflineError(f"assets/site/sw-register.js must name {TEXT_SLOT} exactly once, where its strings go")
    strings = {key: gettext(TEXTS[msg]) for key, msg in NOTICES.items()}
    return source_text.replace(TEXT_SLOT, script_json(strings))


def language_files(lang: Language, gettext, home: str) -> dict[str, str]:
    """{uri: content} of the language's offline files, for the hook to add to the build."""
    return {
        MANIFEST: web_manifest(lang, gettext),
        OFFLINE_PAGE: offline_page(lang, gettext, home),
        REGISTER: register_script(gettext),
    }


# ---------------------------------------------------------------------- the build's service worker


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_DIGITS]


def url_key(relative: str) -> str:
    """The URL of a built file relative to the site's root: ``uz/short/index.html`` -> ``uz/short/``."""
    if relative == "index.html" or relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def site_files(site_dir: Path) -> dict[str, Path]:
    """{URL relative to the root: file} of everything the build wrote that a browser may ask for.

    Not the service worker itself, nor the game server's folder (``api/``: the build's stand-in says there is
    no game server, which a page must ask the network, never a cache), nor the precompressed twins (``x.gz`` next to
    ``x``), which the server sends in place of ``x`` and no page names, nor
    MkDocs' sitemaps: they carry the day of the build, so a rebuild of the same
    pages on another day would be a new build for every reader (the update
    notice, for nothing), and no page needs them offline.
    """
    found = {}
    for folder, dirs, names in os.walk(site_dir):
        dirs.sort()
        for name in sorted(names):
            path = Path(folder) / name
            relative = path.relative_to(site_dir).as_posix()
            if relative == WORKER or name in DATED or (name.endswith(".gz") and (Path(folder) / name[:-3]).is_file()) \
                    or relative.startswith(play_online.SERVER_FOLDER) or _online_only(relative):
                continue
            found[url_key(relative)] = path
    return found


def _online_only(relative: str) -> bool:
    """The play page's share links' records (``play-records/``, nardy_site.figures.opening.write_links): a speed-up
    of a rare start, fetched from the network only; offline the cached engine answers. In the manifest they would
    add some 125 entries to the worker's script, which every reader downloads."""
    return relative == f"{opening.FOLDER}/{opening.LINKS_INDEX}" \
        or relative.startswith(f"{opening.FOLDER}/{opening.LINKS_FOLDER}")


def _shell(code: str, files: dict[str, str]) -> list[str]:
    """What every page of a language needs: precached at install for the languages open then."""
    prefix = f"{code}/"
    fixed = [prefix, prefix + OFFLINE_PAGE, prefix + MANIFEST, prefix + "search/search_index.json"]
    assets = [key for key in files if key.startswith(prefix + "assets/") and not key.endswith(NOT_SHELL)
              and not any(key.startswith(prefix + folder) for folder in NOT_SHELL_FOLDERS)]
    return [key for key in fixed if key in files] + sorted(assets)


def build_manifest(site_dir: Path) -> dict:
    """The build's manifest, as ``sw.js`` holds it.

    ``files``: {URL relative to the root: hash} of every file (:func:`site_files`);
    ``id``: the hash of that list; ``shell``: per language, the files precached
    at install; ``common``: precached whatever the language (the root page,
    every offline page and the icon those pages name); ``offline``: each
    language's offline page; ``source``:
    the language whose offline page answers outside every language's folder;
    """
    files = {key: content_hash(path.read_bytes()) for key, path in site_files(site_dir).items()}
    codes = [lang.code for lang in enabled() if f"{lang.code}/{OFFLINE_PAGE}" in files]
    if not codes:
        raise OfflineError(f"{site_dir}: no language has its {OFFLINE_PAGE}: is it a built site?")
    listing = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    offline = {code: f"{code}/{OFFLINE_PAGE}" for code in codes}
    return {
        "id": hashlib.sha256(listing).hexdigest()[:16],
        "hashDigits": HASH_DIGITS,
        "source": source().code if source().code in codes else codes[0],
        "offline": offline,
        "common": [key for key in ["", app_icons.PAGE_ICON] if key in files] + list(offline.values()),
        "shell": {code: _shell(code, files) for code in codes},
        "files": files,
    }


def worker_script(manifest: dict, source_text: str | None = None) -> str:
    """``sw.js``: the manifest on its first line (``const BUILD = {...};``), then ``assets/site/sw.js``."""
    if source_text is None:
        source_text = (ROOT / "assets" / "site" / "sw.js").read_text(encoding="utf-8")
    return f"const BUILD = {script_json(manifest)};\n{source_text}"


def read_worker(path: Path) -> dict:
    """The manifest ``sw.js`` holds (its first line), checked to be one."""
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    head, tail = "const BUILD = ", ";"
    if not (first.startswith(head) and first.endswith(tail)):
        raise OfflineError(f"{path}: the first line is not the build's manifest: {first[:80]!r}")
    manifest = json.loads(first[len(head):-len(tail)])
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict) or "id" not in manifest:
        raise OfflineError(f"{path}: the manifest has no files or id: {first[:80]!r}")
    return manifest


def write(site_dir: Path) -> dict:
    """The icons and ``sw.js`` of a built site (call it last: the manifest lists every file); the manifest."""
    folder = Path(site_dir) / ICONS
    folder.mkdir(parents=True, exist_ok=True)
    for name, size, purpose in app_icons.ICONS:
        (folder / name).write_bytes(app_icons.icon(size, purpose, THEME["light"]["theme"]))
    manifest = build_manifest(site_dir)
    (Path(site_dir) / WORKER).write_text(worker_script(manifest), encoding="utf-8")
    return manifest
