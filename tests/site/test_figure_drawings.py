"""Every figure of the built site shows its drawing as a file (nardy_site/figures/diagram.py): an image with
the caption as its text, its size, lazy after the page's first, and the long description as the figure's
text; the file is the board with the same words, and its own style rules (an image sees no page's CSS)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from nardy_rules import svg

from .helpers import SVG, text_of
from .htmlscan import parse_file


def test_every_figure_is_an_image_of_its_own_drawing_with_its_words(site, site_languages):
    checked = 0
    for lang in site_languages:
        for page in sorted((site / lang.code).rglob("index.html")):
            figures = parse_file(page).find_all("figure", cls="nardy-diagram")
            for index, figure in enumerate(figures):
                where = f"{page.relative_to(site)}#{figure.get('id')}"
                [image] = figure.find_all("img", cls="nardy-drawing")
                assert image.get("src") == f"nardy-figures/{figure.get('id')}.svg", where
                assert (image.get("width"), image.get("height")) == (str(svg.WIDTH), str(svg.HEIGHT)), where
                assert image.get("loading") == (None if index == 0 else "lazy"), where
                caption = figure.find("figcaption").text()
                assert image.get("alt") == caption and caption.strip(), where
                [about] = figure.find_all("p", cls="nardy-about")
                assert not figure.find_all("svg"), where  # no inline drawing: the image is the figure's one element
                drawing = ET.parse(page.parent / image.get("src")).getroot()
                assert drawing.tag == SVG + "svg" and drawing.get("data-variant") == figure.get("data-variant"), where
                assert text_of(drawing.find(SVG + "title")) == caption, where
                assert text_of(drawing.find(SVG + "desc")) == about.text() and about.text().strip(), where
                assert drawing.find(SVG + "style") is not None, where
                checked += 1
    assert checked > 100 * len(site_languages) // 6, checked
