"""Hostile pages for the translators' tools, and the properties each tool keeps on them.

Shared by the fuzz test (``test_hostile_pages.py``: seeded, bounded) and ``scripts/fuzz.py``. A page starts
as a real one of ``docs/`` (a translation or a source page) and is spoilt: its front matter replaced by YAML
that breaks it (not a mapping, ``translation`` of the wrong type, values YAML cannot build, aliases, a source
that names no page), its bytes edited (not UTF-8, a byte-order mark, NUL, a carriage return, U+2028, cut,
repeated), Markdown spliced in (fences, headings, table markers), or any bytes at all.

What a tool does with one page file, run on a temporary file named as a page of a language: the page reader
(``read_file``), ``status`` (``nardy_site.status.page_status``), ``check`` (``page_problems``), ``diff`` and
``done`` (``diff_page``, ``mark_done_page``), and ``python -m nardy_site.check``. Each answers in lines
naming the file, or raises the reader's :class:`~nardy_site.markdown_reader.PageError`; nothing else.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from hypothesis import strategies as st

from nardy_site import check, i18n_tool
from nardy_site.page.markdown_reader import PageError, read_file
from nardy_site.translations import status
from nardy_site.translations.languages import get, source

ROOT = Path(__file__).resolve().parents[2]
#: The real pages spoilt: a translation of each kind of page, a source page, a page with no source.
BASES = ("docs/kk/short.md", "docs/ru/long.md", "docs/hy/index.md", "docs/uz/play.md", "docs/en/translating.md")
#: The longest line a tool may print about a page (a diff prints the source's own lines, up to 1,030 now).
LINE_LIMIT = 2000
#: The longest line naming a problem.
PROBLEM_LIMIT = 600

_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8))
#: Front matter that breaks a page, one way each.
FRONT_MATTER = [
    "translation: 5\n", "translation: [1, 2]\n", "translation:\n", "[1, 2]\n", "\n", "- a\n- b\n",
    "translation: !!binary AAAA\n", "translation: !!python/object:os.system x\n", "a: 2001-13-45\n",
    "a: !!float x\n", "translation: " + "9" * 5000 + "\n", "translation: 0x" + "f" * 5000 + "\n",
    _BOMB + "translation: *i\n", "translation: &r [*r]\n", "description: [unclosed\n",
    "translation:\n  source: ../../../etc/passwd\n", "translation:\n  source: " + "a" * 5000 + ".md\n",
    "translation:\n  source: short.md\n  sections: {board: 5}\n", "translation:\n  source: [short.md]\n",
    "translation:\n  source: short.md\n  source_blob: " + "ab" * 20 + "\n  sections:\n    (top): 000000000000\n",
    "translation:\n  source: short.md\n  review: [1]\n  " + "x" * 3000 + ": 1\n",
    "translation:\n  source: short.md\n  sections:\n    " + "k" * 3000 + ": 012345678901\n",
    "\ttranslation: x\n", "translation: {source: short.md, sections: {? [1, 2] : 3}}\n",
]
#: Pieces spliced into a page's text.
PIECES = ["```nardy\n", "```\n", "~~~\n", "## Heading { #board }\n", "# { #x }\n", "<!-- nardy-table: hit-chances -->\n",
          "| a | b |\n|---|---|\n", "---\n", "...\n", "[link](missing.md#nowhere)\n", "\ufeff", "\r", "\u2028", "\x00",
          "`", "{ #", "\n" * 3, "[a](" + "t" * 3000 + ")\n", "## H { #" + "h" * 3000 + " }\n",
          "```nardy id=\"" + "b" * 3000 + "\"\n"]
#: Bytes that are not UTF-8 on their own, or mean something odd.
BYTES = [b"\xff", b"\xfe\xff", b"\xc3", b"\xe2\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00", b"\r", b"\xef\xbb\xbf"]

_BASE_BYTES: dict[str, bytes] = {}


def _base(name: str) -> bytes:
    if name not in _BASE_BYTES:
        _BASE_BYTES[name] = (ROOT / name).read_bytes()
    return _BASE_BYTES[name]


@st.composite
def hostile_pages(draw) -> tuple[str, bytes]:
    """(the page's ``<lang>/<name>``, its bytes): a real page spoilt, or any bytes."""
    base = draw(st.sampled_from(BASES))
    label = base.removeprefix("docs/")
    how = draw(st.sampled_from(["front", "front", "bytes", "splice", "both", "any", "as is"]))
    if how == "any":
        return label, draw(st.binary(max_size=300))
    data = _base(base)
    if how in ("front", "both"):
        body = data.split(b"\n---\n", 1)[-1]
        front = draw(st.sampled_from(FRONT_MATTER) | st.text(max_size=40).map(lambda text: text + "\n"))
        data = b"---\n" + front.encode("utf-8", "surrogatepass") + b"---\n" + body
    if how in ("bytes", "both"):
        for _ in range(draw(st.integers(1, 3))):
            at = draw(st.integers(0, len(data)))
            edit = draw(st.sampled_from(["insert", "insert", "cut", "repeat"]))
            if edit == "insert":
                data = data[:at] + draw(st.sampled_from(BYTES)) + data[at:]
            elif edit == "cut":
                data = data[:at]
            else:
                data = data[:at] + data[at:at + draw(st.integers(1, 200))] * draw(st.integers(2, 20)) + data[at:]
    if how == "splice":
        text = data.decode("utf-8")
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(PIECES)) + text[at:]
        data = text.encode("utf-8")
    return label, data


def _lines(output: str, limit: int) -> None:
    for line in output.splitlines():
        assert len(line) <= limit, line[:500]


def check_page_tools(case: tuple[str, bytes], folder: Path) -> None:
    """Every tool on one hostile page file: lines naming it, or the reader's PageError; no other exception."""
    label, data = case
    code, name = label.split("/")
    lang, source_names = get(code), set(source().pages())
    path = folder / name
    path.write_bytes(data)
    try:
        read_file(path)
    except PageError as error:
        assert "\n" not in str(error) and len(str(error)) <= PROBLEM_LIMIT, str(error)[:500]
    if not lang.source and name in source_names:
        page = status.page_status(name, path)
        for line in status.page_lines(label, page):
            assert "\n" not in line and len(line) <= PROBLEM_LIMIT, line[:500]
        assert page.problem is None or page.outdated
    for problem in i18n_tool.page_problems(lang, path, source_names):
        assert "\n" not in problem and len(problem) <= PROBLEM_LIMIT, problem[:500]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):  # its count of problems
        assert check.main([str(path)]) in (0, 1)
    _lines(out.getvalue(), PROBLEM_LIMIT)
    if lang.source or name not in source_names:
        return
    for tool in (i18n_tool.diff_page, i18n_tool.mark_done_page):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                assert tool(lang, path) in (0, 1)
            except PageError as error:
                assert "\n" not in str(error) and len(str(error)) <= PROBLEM_LIMIT
        _lines(out.getvalue(), LINE_LIMIT)
