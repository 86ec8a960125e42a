"""Placeholders in messages, and the one check of them: ``{name}`` (Python brace format) and ``%(name)s``
(percent format), in single messages and in plural forms.

A translation must use exactly the placeholders of its msgid: a renamed,
dropped or added one would raise at run time or, worse, show the reader a
wrong number. Plural forms may leave out ``{count}`` (Armenian says "1 քար"
with the number, but a language may write "one" in words in its singular).

The build (``nardy_site.translations.i18n.load``, which stops on such an entry) and
``scripts/i18n check`` both ask :func:`problem`, through
``nardy_site.translations.i18n.placeholder_problem``, so they name the same entry with the
same words: ``<catalog>:<line>: '<msgid>': msgstr renames {point} to {punkt}``.
"""

from __future__ import annotations

import re
import string

PERCENT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")


def names(text: str) -> set[str]:
    """Every placeholder of ``text``: ``{count}`` -> "{count}", ``%(point)s`` -> "%(point)s", ``%s`` -> "%s".

    Raises ValueError for a malformed brace (``{count`` or ``{}``).
    """
    found: set[str] = set()
    for _literal, field, _spec, _conv in string.Formatter().parse(text):
        if field is None:
            continue
        if not field:
            raise ValueError(f"{text!r}: an empty {{}} placeholder; name it, like {{count}}")
        found.add("{" + field.split(".")[0].split("[")[0] + "}")
    for match in PERCENT.finditer(text):
        token = match.group(0)
        if token == "%%":
            continue
        found.add(f"%({match.group('name')})" + token[-1] if match.group("name") is not None else "%" + token[-1])
    return found


def fields(text: str) -> set[str]:
    """The names of the ``{name}`` placeholders of ``text`` (what formatting it needs): ``{"count", "point"}``."""
    return {name[1:-1] for name in names(text) if name.startswith("{")}


def problem(msgid, msgstr) -> str | None:
    """Why ``msgstr`` (a string, or a tuple of plural forms) does not fit ``msgid``; None when it does."""
    ids = msgid if isinstance(msgid, tuple) else (msgid,)
    forms = msgstr if isinstance(msgstr, tuple) else (msgstr,)
    try:
        want = set().union(*(names(m) for m in ids))
    except ValueError as error:
        return f"the msgid itself is malformed: {error}"
    optional = {"{count}", "%(count)d", "%(count)s"} if isinstance(msgid, tuple) else set()
    # A message is formatted one way: in one with no %-placeholder a "%" is only a percent sign
    # ("{win}%", and "{win}% ..." in a translation), never a placeholder.
    percent = any(name.startswith("%") for name in want)
    for index, form in enumerate(forms):
        if not form:
            continue
        label = f"msgstr[{index}]" if isinstance(msgid, tuple) else "msgstr"
        try:
            have = names(form)
        except ValueError as error:
            return f"{label}: {error}"
        if not percent:
            have = {name for name in have if not name.startswith("%")}
        added, dropped = sorted(have - want), sorted(want - have - optional)
        if added and want - have:
            return f"{label} renames {', '.join(sorted(want - have))} to {', '.join(added)}"
        if added:
            return f"{label} adds {', '.join(added)}, which the msgid does not have"
        if dropped:
            return f"{label} drops {', '.join(dropped)}"
    return None
