"""site/index.html: the languages as links, and a JavaScript choice by navigator.languages."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from nardy_site import languages, rootpage

from .helpers import URL


def test_links_every_enabled_language(tmp_path):
    html = rootpage.write(tmp_path).read_text(encoding="utf-8")
    for lang in languages.enabled():
        assert f'<a href="{lang.code}/" hreflang="{lang.bcp47}" lang="{lang.bcp47}">{lang.name}</a>' in html
    assert '<html lang="uz-Latn">' in html
    assert not URL.findall(html)


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
