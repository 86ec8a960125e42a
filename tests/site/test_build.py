"""mkdocs build --strict over a temporary docs dir, with the repository's base config and hook."""

from __future__ import annotations

import html
import re

import pytest

from .helpers import URL, built_pages, mkdocs_build, write_build

GOOD = {
    "index.md": "# Bosh sahifa { #home }\n\n[Qisqa](short.md#hitting), [uzun](long.md).\n",
    "short.md": '''---
title: Qisqa narda
---
# Qisqa narda { #short }

## Urish { #hitting }

```nardy id="short-hit" caption="Urish: 13/8*. <script>alert(1)</script>"
position: nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1
dice: 5
show: 13/8*
expect: complete
```

```text
```nardy id="not-a-block" caption="inside another code block"
```
''',
    "long.md": '''# Uzun narda { #long }

```nardy id="long-start" caption="Boshlangʻich holat"
position: nardy:long:w:24x15:12x15
dice: 6-6
show: 24/18 24/18
expect: lost 6 6
```
''',
}


@pytest.fixture(scope="module")
def good_site(tmp_path_factory):
    return built_pages(tmp_path_factory.mktemp("good"), GOOD)


def test_blocks_become_figures(good_site):
    short = (good_site / "short" / "index.html").read_text(encoding="utf-8")
    assert short.count('<figure class="nardy-diagram"') == 1
    assert '<figure class="nardy-diagram" id="short-hit"' in short
    assert "<figcaption>Urish: 13/8*. &lt;script&gt;alert(1)&lt;/script&gt;</figcaption>" in short
    assert "<script>alert(1)" not in short
    assert "```nardy id=&quot;not-a-block&quot;" in short  # a fence inside a code block stays code
    assert '<html lang="uz-Latn"' in short
    long = (good_site / "long" / "index.html").read_text(encoding="utf-8")
    assert '<figure class="nardy-diagram" id="long-start"' in long
    assert "Boshlangʻich holat" in long


def test_theme_strings_and_shared_css(good_site):
    short = (good_site / "short" / "index.html").read_text(encoding="utf-8")
    assert html.escape("Tungi rejimga oʻtish") in short or "Tungi rejimga oʻtish" in short
    assert 'title="Doimiy havola"' in short
    assert re.search(r'<link[^>]+href="\.\./assets/nardy\.css"', short)
    css = (good_site / "assets" / "nardy.css").read_text(encoding="utf-8")
    assert '[data-md-color-scheme="slate"]' in css and ".nardy-field{fill:var(--nardy-field," in css
    assert "fonts.googleapis" not in short


def test_no_other_host_in_any_page(good_site):
    pages = list(good_site.rglob("*.html"))
    assert len(pages) >= 4
    for page in pages:
        text = page.read_text(encoding="utf-8")
        text = text.replace('xmlns="http://www.w3.org/2000/svg"', "").replace('xmlns:xlink="http://www.w3.org/1999/xlink"', "")
        hosts = set(URL.findall(text)) - {"127.0.0.1:8000"}  # site_url of the test config
        assert not hosts, (page, hosts)


def failing_build(tmp_path, pages):
    done = mkdocs_build(write_build(tmp_path, {**GOOD, **pages}))
    assert done.returncode != 0
    return done.stdout + done.stderr


def test_malformed_block_stops_the_build(tmp_path):
    page = GOOD["short.md"].replace("dice: 5\n", "dice: 5\nshow 13/8*\n")
    line = page.splitlines().index("show 13/8*") + 1
    output = failing_build(tmp_path, {"short.md": page})
    assert re.search(rf"docs/short\.md:{line}: diagram 'short-hit': 'show 13/8\*' is not one of", output), output


def test_contradicted_block_stops_the_build(tmp_path):
    page = GOOD["long.md"].replace("expect: lost 6 6", "expect: complete\nexpect: play-count 3")
    line = page.splitlines().index("expect: play-count 3") + 1
    output = failing_build(tmp_path, {"long.md": page})
    assert re.search(rf"docs/long\.md:{line}: diagram 'long-start': ", output), output


def test_every_bad_block_is_named(tmp_path):
    short = GOOD["short.md"].replace("show: 13/8*", "show: 13/8")
    long = GOOD["long.md"].replace("position: nardy:long:w:24x15:12x15", "position: nardy:long:w:24x16:12x15")
    output = failing_build(tmp_path, {"short.md": short, "long.md": long})
    assert re.search(r"docs/short\.md:\d+: diagram 'short-hit': .*hits a blot", output), output
    assert re.search(r"docs/long\.md:4: diagram 'long-start': .*16 checkers", output), output
