"""Offline and installable, in the built site (nardy_site.app.offline): each language's web app manifest, offline
page and worker registration; the app icons; the service worker's list of every file with its hash.

Expected names come from the catalogs (Babel's read_po, tests/site/expected.py) and the language table; the
PNG files are read with Pillow, the site's files walked and hashed here.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from PIL import Image

from nardy_rules import svg
from nardy_site.app import offline
from nardy_site.figures import app_icons
from nardy_site.translations.languages import get

from . import expected
from .htmlscan import loaded_urls, parse_file

PAYLOAD = 'x" onfocus="alert(1)" y="<b id="evil">&amp;</b></script>'


def text_of(code: str, key: str) -> str:
    msgid = offline.TEXTS[key]
    found = expected.catalog_text(code, msgid)
    assert expected.table()[code]["babel"].startswith("en") or found != msgid, f"{code}: {msgid!r} untranslated"
    return found


def read_png(data: bytes) -> tuple[int, int, list[list[tuple[int, ...]]]]:
    """(width, height, rows of RGBA pixels) of an 8-bit RGBA PNG, read by Pillow (which checks every chunk's CRC)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.mode == "RGBA", (image.format, image.mode)
    pixels = list(image.get_flattened_data())
    return image.width, image.height, [pixels[y * image.width:(y + 1) * image.width] for y in range(image.height)]


def renderer_colour(name: str) -> tuple[int, int, int]:
    """The light fallback of ``--nardy-<name>`` in the board renderer's stylesheet."""
    found = re.search(rf"var\(--nardy-{name},#([0-9a-f]{{6}})\)", svg.STYLE)
    assert found, name
    return tuple(bytes.fromhex(found.group(1)))


def manifest_of(site: Path, code: str) -> dict:
    return json.loads((site / code / offline.MANIFEST).read_text(encoding="utf-8"))


def test_every_language_has_a_manifest_in_its_language(site, site_languages):
    for lang in site_languages:
        data = manifest_of(site, lang.code)
        assert data["name"] == text_of(lang.code, "app-name")
        assert data["short_name"] == text_of(lang.code, "app-short-name")
        assert len(data["short_name"]) <= 12
        assert data["description"] == text_of(lang.code, "app-description")
        assert data["lang"] == expected.bcp47(lang.code) and data["dir"] == "ltr"
        home = f"/{lang.code}/"
        here = f"http://host{home}{offline.MANIFEST}"
        for field in ("start_url", "scope", "id"):
            assert urlsplit(urljoin(here, data[field])).path == home, (lang.code, field)
        assert data["display"] == "standalone"
        assert re.fullmatch(r"#[0-9a-f]{6}", data["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", data["background_color"])
        purposes = {(icon["sizes"], icon["purpose"]) for icon in data["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
        for icon in data["icons"]:
            path = site / urlsplit(urljoin(here, icon["src"])).path.lstrip("/")
            assert icon["type"] == "image/png" and path.is_file(), (lang.code, icon)
            width, height, _rows = read_png(path.read_bytes())
            assert f"{width}x{height}" == icon["sizes"], (path, width, height)


def test_the_icons_are_the_board_of_the_diagrams(site, site_languages):
    data = manifest_of(site, site_languages[0].code)
    theme = tuple(bytes.fromhex(data["theme_color"][1:]))
    for icon in data["icons"]:
        path = site / offline.ICONS / Path(icon["src"]).name
        size, _height, rows = read_png(path.read_bytes())
        middle = size // 2
        # The bar runs down the middle of the board, between two fields (the renderer's colours).
        assert rows[middle][middle] == (*renderer_colour("bar"), 255)
        assert (*renderer_colour("field"), 255) in rows[middle]
        # The start position's checkers in both colours, as the diagrams draw them.
        drawn_colours = {pixel for row in rows for pixel in row}
        assert {(*renderer_colour("white"), 255), (*renderer_colour("black"), 255)} <= drawn_colours
        corners = [rows[0][0], rows[0][-1], rows[-1][0], rows[-1][-1]]
        if icon["purpose"] == "maskable":
            # A full square of the theme colour; the board within the central circle every mask keeps.
            assert all(corner == (*theme, 255) for corner in corners)
            safe = 0.4 * size
            outside = [(x, y) for y in range(0, size, 4) for x in range(0, size, 4)
                       if (x + 0.5 - size / 2) ** 2 + (y + 0.5 - size / 2) ** 2 > safe ** 2 and rows[y][x] != (*theme, 255)]
            assert outside == [], outside[:5]
        else:
            assert all(corner[3] == 0 for corner in corners)  # transparent around the board
            drawn = [x for x in range(size) if rows[middle][x][3] == 255]
            assert drawn[-1] - drawn[0] >= 0.9 * size  # as wide as it fits


def test_every_page_links_the_manifest_the_colours_and_the_registration(site, site_languages):
    for lang in site_languages:
        pages = sorted((site / lang.code).rglob("*.html"))
        pages = [page for page in pages if page.name != offline.OFFLINE_PAGE]
        assert len(pages) >= 5
        for page in pages:
            root = parse_file(page)
            here = "http://host/" + page.relative_to(site).as_posix()
            links = [link.get("href") for link in root.find_all("link") if link.get("rel") == "manifest"]
            assert [urlsplit(urljoin(here, href)).path for href in links] == [f"/{lang.code}/{offline.MANIFEST}"], page
            metas = {meta.get("media"): meta.get("content") for meta in root.find_all("meta", name="theme-color")}
            assert set(metas) == {"(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"}, page
            scripts = [urlsplit(urljoin(here, script.get("src"))).path for script in root.find_all("script")
                       if script.get("src", "").endswith("sw-register.js")]
            assert scripts == [f"/{lang.code}/{offline.REGISTER}"], page
            register = next(s for s in root.find_all("script") if s.get("src", "").endswith("sw-register.js"))
            assert "defer" in register.attrs and register.get("type") in (None, "text/javascript")


def test_the_offline_page_of_each_language(site, site_languages):
    for lang in site_languages:
        page = parse_file(site / lang.code / offline.OFFLINE_PAGE)
        html = page.find("html")
        assert (html.get("lang"), html.get("dir")) == (expected.bcp47(lang.code), "ltr")
        assert page.find("h1").text() == text_of(lang.code, "offline-title")
        assert page.find("title").text() == f"{text_of(lang.code, 'offline-title')} - {text_of(lang.code, 'app-name')}"
        assert text_of(lang.code, "offline-text") in [p.text() for p in page.find_all("p")]
        links = page.find_all("a")
        # Served at any address of the language: its link starts at the site's root path.
        assert [(a.get("href"), a.text()) for a in links] == [(f"/{lang.code}/", text_of(lang.code, "offline-home"))]
        assert page.find_all("script") == []
        # Its one load is the site's icon (else the browser asks for /favicon.ico: a failed load offline),
        # a file of the build that the worker keeps at install, from any address of the language.
        manifest = offline.read_worker(site / offline.WORKER)
        for address in (f"/{lang.code}/offline.html", f"/{lang.code}/never/read/"):
            icons = [urlsplit(urljoin(address, url)).path.lstrip("/") for _line, url in loaded_urls(page)]
            assert icons == ["icons/icon-192.png"] and (site / icons[0]).is_file(), icons
            assert icons[0] in manifest["common"]


def test_the_registration_script_carries_the_notices_in_the_language(site, site_languages):
    for lang in site_languages:
        script = (site / lang.code / offline.REGISTER).read_text(encoding="utf-8")
        assert offline.TEXT_SLOT not in script
        found = re.search(r"\}\)\((\{.*\})\);\s*$", script, re.S)
        assert found, script[-200:]
        strings = json.loads(found.group(1))
        assert strings == {"update": text_of(lang.code, "notice-update"), "reload": text_of(lang.code, "notice-reload"),
                           "offline": text_of(lang.code, "notice-offline"), "close": text_of(lang.code, "notice-close")}


def walked(site: Path) -> dict[str, bytes]:
    """{URL relative to the root: content} of every file but sw.js, the precompressed twins, the sitemaps, the
    game server's stand-in (``api/``: a page asks the network for it, never the worker's cache) and the play
    page's share links' records (``play-records/nardy-links.json`` and ``play-records/nardy-links/``: online only)."""
    found = {}
    for folder, _dirs, names in os.walk(site):
        for name in names:
            path = Path(folder) / name
            if name.endswith(".gz") and path.with_name(name[:-3]).exists() or name == "sitemap.xml":
                continue
            relative = path.relative_to(site).as_posix()
            if relative == "sw.js" or relative.startswith("api/") or re.match(r"play-records/nardy-links(\.json$|/)", relative):
                continue
            url = re.sub(r"(^|/)index\.html$", r"\1", relative)
            found[url] = path.read_bytes()
    return found


def test_the_worker_lists_every_file_of_the_build_with_its_hash(site, site_languages):
    manifest = offline.read_worker(site / offline.WORKER)
    # The build says no game server is here (the game server answers this address in its place); the worker
    # leaves it to the network.
    assert json.loads((site / "api" / "server.json").read_text(encoding="utf-8")) == {"server": None}
    assert not [key for key in manifest["files"] if key.startswith("api/") or "nardy-links" in key]
    assert (site / "play-records" / "nardy-links.json").is_file()
    assert {"play-records/nardy-opening.json", "play-records/nardy-opening-checks.json"} <= set(manifest["files"])
    files = walked(site)
    assert manifest["hashDigits"] >= 16
    assert set(manifest["files"]) == set(files)
    # The sitemaps carry the build's day, and no page asks for them: not in the manifest.
    assert all((site / lang.code / "sitemap.xml").is_file() for lang in site_languages)
    assert not [key for key in manifest["files"] if key.endswith("sitemap.xml")]
    for url, content in files.items():
        assert manifest["files"][url] == hashlib.sha256(content).hexdigest()[:manifest["hashDigits"]], url
    assert re.fullmatch(r"[0-9a-f]{16}", manifest["id"])
    codes = [lang.code for lang in site_languages]
    assert sorted(manifest["offline"]) == sorted(codes)
    assert manifest["source"] == next(code for code, row in expected.enabled() if row["source"])
    assert set(manifest["common"]) == {"", "icons/icon-192.png"} | {f"{code}/offline.html" for code in codes}
    for code in codes:
        shell = manifest["shell"][code]
        assert all(key in files and key.startswith(f"{code}/") for key in shell), code
        # Not what no page loads, nor the engine's worker (it starts with Pyodide, when a reader plays).
        assert not [key for key in shell if key.endswith((".map", "nardy-worker.js")) or "/lunr/" in key]
        assert {f"{code}/", f"{code}/offline.html", f"{code}/manifest.webmanifest", f"{code}/search/search_index.json",
                f"{code}/assets/sw-register.js", f"{code}/assets/board/nardy-board.js", f"{code}/assets/i18n.json"} <= set(shell)
        # Whatever a page of the language loads by itself from the site is in the shell.
        for page in (site / code).rglob("index.html"):
            here = "http://host/" + page.relative_to(site).as_posix()
            for _line, url in loaded_urls(parse_file(page)):
                key = urlsplit(urljoin(here, url)).path.lstrip("/")
                if key.startswith(f"{code}/assets/"):
                    assert key in shell, (page, url)
    # Pyodide is listed (kept when the engine asks for it) but never precached.
    assert "pyodide/pyodide.asm.wasm" in manifest["files"]
    assert not [key for keys in manifest["shell"].values() for key in keys if key.startswith("pyodide/")]


def test_the_build_id_follows_the_files(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("pyodide"))
    first = offline.write(copy)
    unchanged = (copy / offline.WORKER).read_bytes()
    assert offline.write(copy) == first and (copy / offline.WORKER).read_bytes() == unchanged  # nothing to update
    # The same pages built on another day: only the sitemaps' dates differ, and readers see no new build.
    sitemap = copy / "uz" / "sitemap.xml"
    sitemap.write_text(re.sub(r"<lastmod>[^<]*</lastmod>", "<lastmod>2031-01-01</lastmod>",
                              sitemap.read_text(encoding="utf-8")), encoding="utf-8")
    assert offline.write(copy) == first and (copy / offline.WORKER).read_bytes() == unchanged
    page = copy / "uz" / "long" / "index.html"
    page.write_bytes(page.read_bytes().replace(b"</body>", b"<p>x</p></body>", 1))
    second = offline.build_manifest(copy)
    assert second["id"] != first["id"]
    assert {key for key in first["files"] if first["files"][key] != second["files"].get(key)} == {"uz/long/"}


def test_a_translator_s_text_stays_text(tmp_path):
    lang = get("kk")

    def poisoned(message):
        return message + PAYLOAD

    manifest = json.loads(offline.web_manifest(lang, poisoned))
    assert manifest["name"] == offline.TEXTS["app-name"] + PAYLOAD
    page = offline.offline_page(lang, poisoned, '/kk/"><b>')
    root = parse_file(_write(tmp_path / "offline.html", page))
    assert [e.tag for e in root.iter() if e.tag == "b" or e.get("id") == "evil" or "onfocus" in e.attrs] == []
    assert root.find("h1").text() == offline.TEXTS["offline-title"] + PAYLOAD
    assert root.find("a").get("href") == '/kk/"><b>'
    script = offline.register_script(poisoned)
    literal = re.search(r"\}\)\((\{.*\})\);\s*$", script, re.S).group(1)
    assert "</script" not in literal and json.loads(literal)["close"] == offline.TEXTS["notice-close"] + PAYLOAD


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_input_gets_a_clear_error(tmp_path):
    with pytest.raises(offline.OfflineError, match="NARDY_OFFLINE_TEXT exactly once"):
        offline.register_script(str, "(function (text) {})();")
    worker = _write(tmp_path / "sw.js", "self.addEventListener('fetch', () => {});\n")
    with pytest.raises(offline.OfflineError, match=r"sw\.js: the first line is not the build's manifest: \"self\.add"):
        offline.read_worker(worker)
    _write(worker, 'const BUILD = {"id": "x"};\n')
    with pytest.raises(offline.OfflineError, match="has no files"):
        offline.read_worker(worker)
    (tmp_path / "empty").mkdir()
    with pytest.raises(offline.OfflineError, match=r"no language has its offline\.html"):
        offline.build_manifest(tmp_path / "empty")
    with pytest.raises(ValueError, match=r"not a colour #rrggbb: '#12'"):
        app_icons.icon(192, "maskable", "#12")
    with pytest.raises(ValueError, match=r"icon purpose 'monochrome': use 'any' or 'maskable'"):
        app_icons.icon(192, "monochrome", "#795649")
