"""site/index.html: the languages as links, and a JavaScript choice by navigator.languages."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from nardy_site.translations import languages
from nardy_site.pages import rootpage

from .helpers import URL


def test_links_every_enabled_language(tmp_path):
    html = rootpage.write(tmp_path).read_text(encoding="utf-8")
    for lang in languages.enabled():
        assert f'<a href="{lang.code}/" hreflang="{lang.bcp47}" lang="{lang.bcp47}">{lang.name}</a>' in html
    assert '<html lang="uz-Latn">' in html
    assert not URL.findall(html)


@pytest.mark.parametrize("site_url", [None, "https://example.org/nardy/"])
def test_the_root_pages_name_the_site_s_icon(tmp_path, site_url):
    """Without an icon link a browser asks for /favicon.ico, which the site has not (a failed load offline)."""
    rootpage.write(tmp_path, site_url=site_url)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    not_found = (tmp_path / "404.html").read_text(encoding="utf-8")
    # index.html's links are relative to it; 404.html's start at the site's root path (it is served anywhere).
    assert re.findall(r'<link rel="icon"[^>]*href="([^"]+)"', index) == ["icons/icon-192.png"]
    root = "/nardy/" if site_url else "/"
    assert re.findall(r'<link rel="icon"[^>]*href="([^"]+)"', not_found) == [f"{root}icons/icon-192.png"]


@pytest.mark.skipif(not shutil.which("node"), reason="node not installed")
@pytest.mark.parametrize("wanted,expected", [
    (["ru-RU", "en"], "ru/"),
    (["de-DE", "en-GB"], "en/"),
    (["uz-Cyrl-UZ"], "uz/"),
    (["hy"], "hy/"),
    (["kk-KZ", "ru"], "kk/"),
    (["fr", "de"], "uz/"),
    ([], "uz/"),
])
def test_redirect_follows_navigator_languages(monkeypatch, wanted, expected):
    monkeypatch.setattr(rootpage, "enabled", lambda: list(languages.load()))
    html = rootpage.page()
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    program = (
        f"var navigator = {{languages: {json.dumps(wanted)}, language: ''}};"
        "var target = null; var location = {replace: function (u) { target = u; }};"
        + script + "console.log(target);"
    )
    done = subprocess.run(["node", "-e", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == expected
