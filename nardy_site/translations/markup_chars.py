"""Characters a translation may not add to its msgid: HTML's and Markdown's markup, quotes, control characters.

Every translated string is escaped where it lands (HTML text, a double-quoted
attribute, Markdown, JSON), so none of these can change a page's markup; but
a translation that adds one is a mistake or an attack all the same (a ``"``
that was meant as a quotation mark, a tag, a backtick that would start code
in a generated page). ``scripts/i18n check`` refuses it, naming the catalog's
line and the msgid; a translation writes the language's own quotation marks
(« », „ “, “ ”) instead. A character the msgid itself has is allowed.
"""

from __future__ import annotations

import unicodedata

#: Markup and attribute-breaking characters: a tag, an entity, a double quote, a Markdown code span.
MARKUP = {"<": "a tag", ">": "a tag", "&": "an HTML entity", '"': "an attribute-breaking quote",
          "`": "a Markdown code span"}
#: Line and paragraph separators that end a JavaScript string or a Markdown line.
SEPARATORS = {"\u2028", "\u2029", "\u0085"}


def _is_control(char: str) -> bool:
    return unicodedata.category(char) == "Cc" or char in SEPARATORS


def added(msgid, msgstr) -> str | None:
    """What markup ``msgstr`` (a string, or a tuple of plural forms) adds to ``msgid``, or None."""
    ids = msgid if isinstance(msgid, tuple) else (msgid,)
    forms = msgstr if isinstance(msgstr, tuple) else (msgstr,)
    source = "".join(ids)
    for index, form in enumerate(forms):
        label = f"msgstr[{index}]" if isinstance(msgid, tuple) else "msgstr"
        for char in dict.fromkeys(form or ""):
            if char in source:
                continue
            if char in MARKUP:
                return (f"{label} has {char!r} ({MARKUP[char]}), which the msgid has not: a translation adds no "
                        f"markup; write the language's own quotation marks (« », „ “, “ ”)")
            if _is_control(char):
                return f"{label} has the control character U+{ord(char):04X}, which the msgid has not"
    return None
