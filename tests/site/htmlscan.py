"""A small HTML tree for the tests (the standard library's parser; no bs4 here)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "param", "keygen"}


@dataclass
class Element:
    tag: str
    attrs: dict
    line: int
    parent: "Element | None" = None
    children: list = field(default_factory=list)  # Elements and strings

    def get(self, name, default=None):
        return self.attrs.get(name, default)

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def iter(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["Element"]:
        found = []
        for element in self.iter():
            if tag is not None and element.tag != tag:
                continue
            if cls is not None and cls not in element.classes:
                continue
            if any(element.attrs.get(name.rstrip("_").replace("_", "-")) != value for name, value in attrs.items()):
                continue
            found.append(element)
        return found

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> "Element | None":
        found = self.find_all(tag, cls, **attrs)
        return found[0] if found else None

    def text(self) -> str:
        """The text inside, as the reader sees it (entities decoded, white space collapsed)."""
        parts = []
        for child in self.children:
            parts.append(child.text() if isinstance(child, Element) else child)
        return " ".join("".join(parts).split())

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, 0)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: (value if value is not None else "") for name, value in attrs},
                          self.getpos()[0], self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        element = Element(tag, {name: (value if value is not None else "") for name, value in attrs},
                          self.getpos()[0], self.current)
        self.current.children.append(element)

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(text: str) -> Element:
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


def parse_file(path: Path) -> Element:
    return parse(path.read_text(encoding="utf-8"))


# Where a page loads something from: (tag, attribute) pairs, and url() / @import in CSS.
LOADING = {
    ("script", "src"), ("img", "src"), ("img", "srcset"), ("source", "src"), ("source", "srcset"),
    ("video", "src"), ("video", "poster"), ("audio", "src"), ("track", "src"), ("iframe", "src"),
    ("embed", "src"), ("object", "data"), ("input", "src"), ("image", "href"), ("image", "xlink:href"),
    ("use", "href"), ("use", "xlink:href"), ("feimage", "href"), ("feimage", "xlink:href"),
}
# <link rel=...> that load what they point at ("alternate", "canonical", "prev", "next" do not).
LOADING_REL = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload", "modulepreload", "prefetch",
               "preconnect", "dns-prefetch", "manifest", "mask-icon", "prerender"}
CSS_URL = re.compile(r"""url\(\s*(['"]?)(.*?)\1\s*\)|@import\s+(['"])(.*?)\3""", re.I)


def loaded_urls(root: Element) -> list[tuple[int, str]]:
    """(line, URL) of everything the page makes the browser fetch by itself."""
    found = []
    for element in root.iter():
        for (tag, name) in LOADING:
            if element.tag == tag and element.get(name):
                value = element.get(name)
                urls = [part.strip().split()[0] for part in value.split(",") if part.strip()] if "srcset" in name else [value]
                found.extend((element.line, url) for url in urls)
        if element.tag == "link" and element.get("href"):
            rels = set((element.get("rel") or "").lower().split())
            if rels & LOADING_REL:
                found.append((element.line, element.get("href")))
        if element.tag == "meta" and (element.get("http-equiv") or "").lower() == "refresh":
            match = re.search(r"url\s*=\s*(.+)", element.get("content") or "", re.I)
            if match:
                found.append((element.line, match.group(1).strip("'\" ")))
        if element.get("style"):
            found.extend((element.line, url) for url in css_urls(element.get("style")))
        if element.tag == "style":
            found.extend((element.line, url) for url in css_urls(element.text()))
    return found


def css_urls(css: str) -> list[str]:
    return [match.group(2) or match.group(4) for match in CSS_URL.finditer(css)]


def foreign(url: str) -> bool:
    """True for a URL that names a host (another host for a static site): ``https://x``, ``//x``."""
    url = url.strip()
    if url.lower().startswith(("data:", "blob:", "about:", "#")):
        return False
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", url, re.I)) or bool(re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I))
