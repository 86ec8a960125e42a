"""The pages' tables in Material's scroll regions from the build, not from Material's start.

Material wraps each plain table (``table:not([class])``) in ``div.md-typeset__scrollwrap >
div.md-typeset__table`` when its script mounts the page. Moving a table re-styles the whole article (its
rule ``.md-typeset table:not([class]) + *`` invalidates the table's parent), after the article was first
laid out and painted: under Lighthouse's trace that mount was the longest task of a rules page
(dev/benchmarks.md, "Phone performance"). So the build writes the same two wrappers around every table
Markdown made, and gives the table a class, which Material's script leaves alone; Material's own table
rules are then written for that class too (:func:`table_rules`, read from Material's stylesheet at build
time, so they follow a new Material).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import material
from mkdocs.exceptions import PluginError

CLASS = "nardy-table"
MATERIAL = "table:not([class])"
OURS = f"table.{CLASS}"

#: A table as Python-Markdown's ``tables`` extension writes it: no attributes (a table written as HTML in a
#: page, with attributes of its own, is not Material's to wrap either).
_TABLE = re.compile(r"<table>(.*?)</table>", re.S)
_OPEN = f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="{CLASS}">'


def wrap(html: str) -> str:
    """``html`` with every plain table in Material's two wrappers, classed :data:`CLASS`."""
    return _TABLE.sub(lambda match: f"{_OPEN}{match.group(1)}</table></div></div>", html)


def _strings_and_comments(css: str, where: str):
    """``(start, end, is_comment)`` of each string and comment of ``css``, in order."""
    index = 0
    while index < len(css):
        char = css[index]
        if char in "\"'":
            end = css.find(char, index + 1)
            while end != -1 and css[end - 1] == "\\":
                end = css.find(char, end + 1)
            if end == -1:
                raise PluginError(f"{where}: a string is not closed")
            yield index, end + 1, False
            index = end + 1
        elif css.startswith("/*", index):
            end = css.find("*/", index + 2)
            if end == -1:
                raise PluginError(f"{where}: a comment is not closed")
            yield index, end + 2, True
            index = end + 2
        else:
            index += 1


def _blocks(css: str, where: str) -> list[tuple[str, str]]:
    """The top-level ``(prelude, body)`` pairs of ``css``: a rule's selectors and declarations, or an
    at-rule and what its braces hold. Comments are left out and strings kept whole, so a brace in either
    counts for nothing."""
    kept, last = [], 0
    for start, end, comment in _strings_and_comments(css, where):
        if comment:
            kept.append(css[last:start])
            last = end
    css = "".join(kept) + css[last:]
    skip = {start: end for start, end, _comment in _strings_and_comments(css, where)}
    blocks, depth, start, opened, index = [], 0, 0, 0, 0
    while index < len(css):
        if index in skip:
            index = skip[index]
            continue
        char = css[index]
        if char == "{":
            if depth == 0:
                opened = index
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                raise PluginError(f"{where}: a '}}' closes nothing")
            if depth == 0:
                blocks.append((css[start:opened].strip(), css[opened + 1:index]))
                start = index + 1
        elif char == ";" and depth == 0:
            start = index + 1  # an at-rule without a block (@charset, @import)
        index += 1
    if depth:
        raise PluginError(f"{where}: a '{{' is not closed")
    return blocks


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside ``:not(...)`` or ``:is(...)``)."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(prelude):
        depth += char in "(["
        depth -= char in ")]"
        if char == "," and depth == 0:
            parts.append(prelude[start:index])
            start = index + 1
    return parts + [prelude[start:]]


def table_rules(css: str, where: str = "stylesheet") -> str:
    """Every rule of ``css`` for Material's plain tables, written for :data:`OURS` instead (inside the same
    ``@media`` or ``@supports``, if any)."""
    rules = []
    for prelude, body in _blocks(css, where):
        if prelude.startswith(("@media", "@supports")):
            inner = table_rules(body, where)
            if inner:
                rules.append(f"{prelude}{{{inner}}}")
        elif not prelude.startswith("@"):
            ours = [selector.replace(MATERIAL, OURS) for selector in _selectors(prelude) if MATERIAL in selector]
            if ours:
                rules.append(f"{','.join(ours)}{{{body}}}")
    return "".join(rules)


def material_stylesheet() -> Path:
    """The installed Material's main stylesheet (its name carries a hash of its content)."""
    folder = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
    sheets = sorted(folder.glob("main.*.min.css"))
    if len(sheets) != 1:
        raise PluginError(f"{folder}: expected one main.*.min.css of Material, found {len(sheets)}")
    return sheets[0]


@functools.cache
def material_table_rules() -> str:
    """:func:`table_rules` of :func:`material_stylesheet`; stops the build if it has none (a Material that
    styles its tables otherwise: this module must follow it)."""
    sheet = material_stylesheet()
    rules = table_rules(sheet.read_text(encoding="utf-8"), str(sheet))
    if f"{OURS}{{" not in rules:
        raise PluginError(f"{sheet}: no rule for {MATERIAL} found; nardy_site/hook/tables.py must follow Material")
    return f"/* Material's rules for its plain tables, for the tables the build wraps (nardy_site/hook/tables.py). */\n{rules}\n"
