"""The one reader of the site's Markdown pages: a page's text in, its document model out.

Everything that looks into a page reads it through :func:`read`: the diagram
blocks (``nardy_site.page.blocks``), the checked tables (``nardy_site.page.tables``),
the structure check of translations (``nardy_site.page.structure``), the glossary
and spelling checks, the ``translation`` front matter and the hook's page
step. So they agree on what is code, what is prose and which line is which.
One pass over the lines gives a :class:`Document`:

- **front matter**: YAML between a first line ``---`` and a later line
  ``---`` or ``...``, exactly what MkDocs takes off a page
  (``mkdocs.utils.meta``), with its span and its mapping, or why it does not
  read as one;
- **headings**: ATX headings (``## Text { #id }``: one to six ``#`` at the
  start of the line, then a space) with their level, text, ``{ #id }``
  attribute, line, and the last line of their section (the line before the
  next heading of the same or a higher level);
- **fences**: fenced code blocks as CommonMark reads them: three or more
  backticks or tildes indented by at most three spaces; closed by a line of
  the same character, at least as long, with nothing but spaces or tabs
  after it; a fence never closed runs to the end of the page; after a
  backtick fence the info string holds no backtick (such a line is text,
  inline code: :attr:`Document.not_fences`). The info string's first word is
  the language, the rest its attributes (```` ```nardy id="..." caption="..." ````);
- **marked tables**: a ``<!-- nardy-table: kind -->`` line outside the
  fences and the Markdown table directly below it: header, rows with their
  lines and cells;
- **game notes**: a ``<!-- nardy-game: <id> -->`` line outside the fences
  and the numbered list directly below it: one item per step of the replay
  block ``<id>`` (``nardy_site.page.games``), each with its line, number
  and text (continuation lines joined);
- **claims**: each ``<!-- claim: ... -->`` marker in a paragraph or list item
  outside fences and code spans (``nardy_site.page.claims``), with its line and
  the sentence it follows: the paragraph's text from the end of the sentence
  before it to the marker (other markers left out); anything that opens like a
  marker but is not one (``<!-- claim x -->``, never closed on its line, in a
  heading or a table) is kept with why, for the build to name;
- **links**: the targets of ``[text](target)`` with their lines, outside
  fences and code spans;
- **prose**: the lines a reader reads as text: neither front matter nor
  fences, plus each diagram fence's caption (on its fence line); claim
  markers are left out of it.

A page file is read by :func:`read_file`: a file that is not UTF-8 text (or
cannot be opened) raises :class:`PageError`, ``file:line: cannot read the
page: ...``, which every tool prints as it is.

Line numbers are the file's own (1-based, front matter included), so every
message names the line an editor shows. A line ends at ``\\n`` (``\\r\\n``
counts as one): not at the other characters ``str.splitlines`` breaks at
(U+2028, a form feed, ...), which editors and Markdown show inside a line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..paths import display
from .excerpt import excerpt

try:  # the loader MkDocs reads front matter with, so both read the same mapping
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader

#: The info-string language of a diagram block (``nardy_site.page.blocks``), whose caption is prose.
DIAGRAM = "nardy"

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<marker>`{3,}|~{3,})(?P<info>.*)$")
#: An info string: its first word (the language) and the rest.
_INFO = re.compile(r"(\S*)\s*(.*)$", re.DOTALL)
_HEADING = re.compile(r"^(?P<level>#{1,6})\s+(?P<text>.*?)\s*$")
#: A heading's attribute list holding its id, at the end: ``{ #hitting }`` (Python-Markdown's attr_list).
_HEADING_ID = re.compile(r"\s*\{[^}]*#(?P<id>[\w.-]+)[^}]*\}\s*$")
_CLOSING_HASHES = re.compile(r"\s+#+$")
_FRONT_OPEN = re.compile(r"^-{3}[ \t]*$")
_FRONT_CLOSE = re.compile(r"^(?:-{3}|\.{3})[ \t]*$")
#: A table marker as it must be written, and anything at a line's start that means to be one.
_MARKER = re.compile(r"^\s*<!--\s*nardy-table:\s*(?P<kind>[a-z0-9-]+)\s*-->\s*$")
_LOOSE_MARKER = re.compile(r"^\s*<!--\s*nardy-table", re.IGNORECASE)
#: A game-notes marker as it must be written, and anything at a line's start that means to be one.
_NOTES_MARKER = re.compile(r"^\s*<!--\s*nardy-game:\s*(?P<target>[a-z0-9-]+)\s*-->\s*$")
_LOOSE_NOTES_MARKER = re.compile(r"^\s*<!--\s*nardy-game", re.IGNORECASE)
#: A claim marker as it must be written, anything that opens like one, and where a sentence ends (. ! ? and the
#: Armenian full stop, before white space).
_CLAIM = re.compile(r"<!--\s*claim:(?P<body>(?:(?!-->|<!--).)*)-->")
_LOOSE_CLAIM = re.compile(r"<!--\s*claim", re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?\u0589])\s+")
#: What starts a new paragraph of prose besides a blank line: a list item, a heading, a table row, a comment line.
_BLOCK_START = re.compile(r"^\s*(?:\d{1,9}[.)]\s|[-*+]\s|#{1,6}\s|\||<!--)")
#: An item of a numbered list: ``12. text``.
_LIST_ITEM = re.compile(r"^(?P<number>\d{1,9})[.)]\s+(?P<text>.*)$")
_TABLE_DELIMITER = re.compile(r"^\s*\|?\s*:?-{3,}")
_LINK = re.compile(r"\]\(\s*<?(?P<target>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: A code span: a run of backticks, then text, then a run of as many (CommonMark), on one line.
_CODE_SPAN = re.compile(r"(?<!`)(?P<ticks>`+)(?!`).+?(?<!`)(?P=ticks)(?!`)")
#: One ``name="value"`` attribute of a fence; a value runs to the quote before the next attribute or the end.
_ATTRIBUTE = re.compile(r'(\w[\w-]*)="(.*?)"(?=\s+\w[\w-]*="|\s*$)')


@dataclass(frozen=True)
class FrontMatter:
    """The YAML front matter: lines ``start`` (the first ``---``) to ``end`` (the closing line)."""

    start: int
    end: int
    #: The YAML lines between the two.
    lines: tuple[str, ...]
    #: The mapping it holds ({} when it holds none).
    data: dict
    #: Why it is not a mapping of keys (YAML that does not parse, or a list, ...), or None.
    error: str | None = None
    #: The line the error is at.
    error_line: int = 0

    def key_line(self, key: str) -> int:
        """The line of the first ``key:`` in it (at any depth), or of its first line when there is none."""
        pattern = re.compile(rf"\s*{re.escape(key)}\s*:")
        return next((number for number, line in enumerate(self.lines, start=self.start + 1)
                     if pattern.match(line)), self.start)


@dataclass(frozen=True)
class Heading:
    level: int
    #: The heading's text, without its ``{ #id }`` attribute list and closing hashes.
    text: str
    #: The ``{ #id }`` attribute, or None.
    id: str | None
    line: int
    #: The last line of its section: the line before the next heading of this level or a higher one.
    end: int


@dataclass(frozen=True)
class Fence:
    """A fenced code block: the fence line ``line``, the body, the closing fence ``end``."""

    line: int
    #: The closing fence's line; the page's last line when the fence is never closed.
    end: int
    closed: bool
    #: The opening fence: ```` ``` ````, ``~~~~``, ...
    marker: str
    #: Everything after the opening fence, stripped: ``nardy id="x" caption="..."``.
    info: str
    #: The first word of ``info``.
    language: str
    #: The ``name="value"`` attributes after the language.
    attributes: dict
    #: What follows the language that does not read as attributes ("" when everything does).
    unread: str
    #: The lines between the fences, as written.
    body: tuple[str, ...]


@dataclass(frozen=True)
class MarkedTable:
    """A ``<!-- nardy-table: kind -->`` marker line and the table directly below it."""

    line: int
    #: The marker line as written.
    marker: str
    #: The kind, or None for a marker not written as ``<!-- nardy-table: <kind> -->`` on a line of its own.
    kind: str | None
    #: The header's cells, or None when no Markdown table (header and delimiter row) follows the marker.
    header: tuple[str, ...] | None
    #: (line, cells) of each row below the delimiter row.
    rows: tuple[tuple[int, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class MarkedNotes:
    """A ``<!-- nardy-game: <id> -->`` marker line and the numbered list directly below it."""

    line: int
    #: The marker line as written.
    marker: str
    #: The replay block's id, or None for a marker not written as ``<!-- nardy-game: <id> -->`` on its own line.
    target: str | None
    #: (line, number, text) of each item; empty when no numbered list follows the marker.
    items: tuple[tuple[int, int, str], ...] = ()


@dataclass(frozen=True)
class ClaimMarker:
    """A ``<!-- claim: ... -->`` marker: its line, what it holds, and the sentence it follows."""

    line: int
    #: What follows ``claim:``, stripped; None when the marker is malformed.
    body: str | None
    #: The sentence the marker follows (its paragraph's text from the previous sentence's end), as written.
    sentence: str
    #: Why the marker is malformed, or None.
    problem: str | None = None


@dataclass(frozen=True)
class Link:
    target: str
    line: int


@dataclass(frozen=True)
class Document:
    """A page as :func:`read` found it; every line number is the file's."""

    lines: tuple[str, ...]
    front_matter: FrontMatter | None
    headings: tuple[Heading, ...]
    fences: tuple[Fence, ...]
    #: (line, info) of each line outside fences that opens like a backtick fence but holds a backtick
    #: after it: CommonMark reads it as text (inline code), not as a fence.
    not_fences: tuple[tuple[int, str], ...]
    tables: tuple[MarkedTable, ...]
    links: tuple[Link, ...]
    #: (line, text) of the prose, in order.
    prose: tuple[tuple[int, str], ...]
    #: The game notes (``<!-- nardy-game: <id> -->`` and its numbered list), in order.
    notes: tuple[MarkedNotes, ...] = ()
    #: The claim markers, in order.
    claims: tuple[ClaimMarker, ...] = ()

    @property
    def meta(self) -> dict:
        """The front matter's mapping ({} without one)."""
        return self.front_matter.data if self.front_matter is not None else {}

    def key_line(self, key: str) -> int:
        """The line of ``key:`` in the front matter (its first line when absent; 1 without front matter)."""
        return self.front_matter.key_line(key) if self.front_matter is not None else 1


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as this reader counts them: ended by ``\\n`` only, a trailing ``\\r`` dropped."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the text ends with a line break, not with an empty line
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def without_claims(text: str) -> str:
    """``text`` without its claim markers (what the reader does not see)."""
    return _CLAIM.sub("", text)


def without_code_spans(text: str) -> str:
    """``text`` without its code spans (```x```, ````` ``a`b`` `````): what is quoted as code, not written."""
    return _CODE_SPAN.sub("", text)


def cells(line: str) -> tuple[str, ...]:
    """The cells of a table row, stripped (the outer pipes are optional)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|"):
        text = text[:-1]
    return tuple(cell.strip() for cell in text.split("|"))


def fence_attributes(text: str) -> tuple[dict, str]:
    """The ``name="value"`` attributes of an info string after its language, and what does not read as one.

    ``{ ... }`` around them is allowed. Reading stops at the first text that is
    not an attribute; that text and the rest come back as the second value
    ("" when everything reads).
    """
    rest = text.strip()
    if rest.startswith("{") and rest.endswith("}"):
        rest = rest[1:-1].strip()
    found: dict = {}
    pos = 0
    for match in _ATTRIBUTE.finditer(rest):
        if rest[pos:match.start()].strip():
            break
        found[match.group(1)] = match.group(2)
        pos = match.end()
    return found, rest[pos:].strip()


def _front_matter(lines: list[str], last_line_ended: bool) -> FrontMatter | None:
    """The front matter as MkDocs finds it: ``---``, at least one line, then ``---`` or ``...`` and a line break."""
    if not lines or not _FRONT_OPEN.match(lines[0]):
        return None
    # MkDocs' pattern needs a line break after the closing line: the last line closes only if it has one.
    ends = len(lines) if last_line_ended else len(lines) - 1
    close = next((i for i in range(2, ends) if _FRONT_CLOSE.match(lines[i])), None)
    if close is None:
        return None
    body = tuple(lines[1:close])
    try:
        data = yaml.load("\n".join(body) + "\n", SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        line = min(2 + mark.line, close) if mark is not None else 1
        return FrontMatter(1, close + 1, body, {}, f"the front matter does not read as YAML: "
                                                   f"{excerpt(' '.join(problem.split()))}", line)
    except Exception as error:  # a value YAML parses but cannot build (2001-13-45, !!float x, an int of 5,000 digits)
        return FrontMatter(1, close + 1, body, {}, f"the front matter does not read as YAML: a value it cannot hold "
                                                   f"({excerpt(' '.join(str(error).split()))})", 2)
    if data is None:
        return FrontMatter(1, close + 1, body, {})
    if not isinstance(data, dict):
        return FrontMatter(1, close + 1, body, {}, f"the front matter is YAML but not a mapping of keys "
                                                   f"(it is a {type(data).__name__})", 2)
    return FrontMatter(1, close + 1, body, data)


def _fence_at(line: str) -> tuple[str, str] | None:
    """(marker, info) when ``line`` opens a fence (a backtick fence's info holding no backtick), else None."""
    match = _FENCE.match(line)
    if match is None:
        return None
    return match.group("marker"), match.group("info").strip()


def _closes(line: str, marker: str) -> bool:
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or not stripped.startswith(marker[0] * len(marker)):
        return False
    run = len(stripped) - len(stripped.lstrip(marker[0]))
    return run >= len(marker) and not stripped[run:].strip(" \t")


def _heading(line: str, number: int) -> Heading | None:
    match = _HEADING.match(line)
    if match is None:
        return None
    text = match.group("text")
    found = _HEADING_ID.search(text)
    if found:
        text = text[: found.start()]
    text = _CLOSING_HASHES.sub("", text).strip()
    return Heading(len(match.group("level")), text, found.group("id") if found else None, number, number)


def _table(lines: list[str], index: int, kind: str | None) -> MarkedTable:
    """The marker at ``lines[index]`` and the table directly below it, if any."""
    number = index + 1
    header, delimiter = index + 1, index + 2
    if (delimiter >= len(lines) or not lines[header].lstrip().startswith("|")
            or not _TABLE_DELIMITER.match(lines[delimiter])):
        return MarkedTable(number, lines[index], kind, None)
    rows = []
    row = delimiter + 1
    while row < len(lines) and lines[row].lstrip().startswith("|"):
        rows.append((row + 1, cells(lines[row])))
        row += 1
    return MarkedTable(number, lines[index], kind, cells(lines[header]), tuple(rows))


def _notes(lines: list[str], index: int, target: str | None) -> MarkedNotes:
    """The marker at ``lines[index]`` and the numbered list directly below it (blank lines between items
    allowed; an item's continuation lines are joined to it)."""
    items: list[list] = []
    row = index + 1
    while row < len(lines):
        line = lines[row]
        item = _LIST_ITEM.match(line)
        if item:
            items.append([row + 1, int(item.group("number")), item.group("text").strip()])
        elif not line.strip():
            following = next((other for other in lines[row + 1:] if other.strip()), "")
            if not items or (not _LIST_ITEM.match(following) and not following.startswith((" ", "\t"))):
                break
        elif items and (line.startswith((" ", "\t")) or (not _fence_at(line) and not _heading(line, 0))):
            items[-1][2] = f"{items[-1][2]} {line.strip()}"
        else:
            break
        row += 1
    return MarkedNotes(index + 1, lines[index], target, tuple((a, b, c) for a, b, c in items))


def _claims(paragraphs: list[list[tuple[int, str]]]) -> tuple[ClaimMarker, ...]:
    """The claim markers of the paragraphs (each a list of (line, text)), each with the sentence it follows."""
    found = []
    for lines in paragraphs:
        text, starts = "", []
        for number, line in lines:
            starts.append((len(text), number))
            text += without_code_spans_kept(line) + " "
        for match in _LOOSE_CLAIM.finditer(text):
            line = max(number for offset, number in starts if offset <= match.start())
            marker = _CLAIM.match(text, match.start())
            if marker is None:
                found.append(ClaimMarker(line, None, "", "write a claim as <!-- claim: <kind> <key>=<value> ... --> "
                                                         "on one line"))
                continue
            before = _CLAIM.sub("", text[: match.start()]).rstrip()
            ends = list(SENTENCE_END.finditer(before))
            sentence = before[ends[-1].end():] if ends else before
            found.append(ClaimMarker(line, marker.group("body").strip(), sentence.strip()))
    return tuple(found)


def without_code_spans_kept(text: str) -> str:
    """``text`` with its code spans' contents blanked out but kept as ``` `` ``` (a marker inside one is code)."""
    return _CODE_SPAN.sub(lambda m: m.group("ticks") + " " * (len(m.group(0)) - 2 * len(m.group("ticks")))
                          + m.group("ticks"), text)


def _sections(headings: list[Heading], last: int) -> tuple[Heading, ...]:
    """The headings with the last line of their sections."""
    out = []
    for i, heading in enumerate(headings):
        after = next((h.line for h in headings[i + 1:] if h.level <= heading.level), last + 1)
        out.append(Heading(heading.level, heading.text, heading.id, heading.line, after - 1))
    return tuple(out)


def read(text: str, front_matter: bool = True) -> Document:
    """The document model of a page's text (``front_matter=False``: text whose front matter is already off)."""
    if text.startswith("\ufeff"):  # a byte-order mark, which MkDocs reads past (utf-8-sig)
        text = text[1:]
    lines = split_lines(text)
    front = _front_matter(lines, text.endswith("\n")) if front_matter else None
    headings: list[Heading] = []
    fences: list[Fence] = []
    not_fences: list[tuple[int, str]] = []
    tables: list[MarkedTable] = []
    links: list[Link] = []
    prose: list[tuple[int, str]] = []
    notes: list[MarkedNotes] = []
    paragraphs: list[list[tuple[int, str]]] = []
    misplaced: list[ClaimMarker] = []
    open_paragraph = False
    index = front.end if front is not None else 0
    while index < len(lines):
        line, number = lines[index], index + 1
        opening = _fence_at(line)
        if opening is not None and opening[0][0] == "`" and "`" in opening[1]:
            not_fences.append((number, opening[1]))
            opening = None
        if opening is not None:
            marker, info = opening
            end = next((i for i in range(index + 1, len(lines)) if _closes(lines[i], marker)), None)
            language, after = _INFO.match(info).groups()
            attributes, unread = fence_attributes(after)
            fences.append(Fence(
                number, (end + 1) if end is not None else len(lines), end is not None, marker, info, language,
                attributes, unread, tuple(lines[index + 1: end if end is not None else len(lines)]),
            ))
            if language == DIAGRAM and "caption" in attributes:
                prose.append((number, attributes["caption"]))
            index = (end + 1) if end is not None else len(lines)
            open_paragraph = False
            continue
        prose.append((number, without_claims(line)))
        heading = _heading(line, number)
        if heading is not None or line.lstrip().startswith(("|", "<!--")):
            if _LOOSE_CLAIM.search(without_code_spans_kept(line)):
                misplaced.append(ClaimMarker(number, None, "", "a claim marker follows a sentence of a paragraph "
                                                               "or a list item, not a heading, a table or a line "
                                                               "of its own"))
            open_paragraph = False
        elif not line.strip():
            open_paragraph = False
        else:
            if not open_paragraph or _BLOCK_START.match(line):
                paragraphs.append([])
            paragraphs[-1].append((number, line))
            open_paragraph = True
        if heading is not None:
            headings.append(heading)
        if _LOOSE_MARKER.match(line):
            marker = _MARKER.match(line)
            tables.append(_table(lines, index, marker.group("kind") if marker else None))
        if _LOOSE_NOTES_MARKER.match(line):
            marker = _NOTES_MARKER.match(line)
            notes.append(_notes(lines, index, marker.group("target") if marker else None))
        links.extend(Link(match.group("target"), number) for match in _LINK.finditer(without_code_spans(line)))
        index += 1
    claims = sorted(_claims(paragraphs) + tuple(misplaced), key=lambda claim: claim.line)
    return Document(tuple(lines), front, _sections(headings, len(lines)), tuple(fences), tuple(not_fences),
                    tuple(tables), tuple(links), tuple(prose), tuple(notes), tuple(claims))


class LineError(ValueError):
    """A problem of a page at a line: ``file:line: reason`` (the notes on a game, the claims)."""

    def __init__(self, path: str, line: int, reason: str):
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


class PageError(ValueError):
    """A page file that cannot be read as text: ``file:line: cannot read the page: why``, one line.

    Every tool reads a page file through :func:`read_file` (or its bytes through
    :func:`page_text`), so a file that is not UTF-8, or a name no file system
    can hold, gives this one message wherever it is read: the build, the
    checks, the translators' tools.
    """

    def __init__(self, name: str, line: int, problem: str):
        super().__init__(f"{name}:{line}: cannot read the page: {problem}")
        self.name, self.line, self.problem = name, line, problem


#: The most characters of a file's name a message shows (a name can be as long as a command line allows).
NAME_LIMIT = 120


def shown_name(path: Path | str) -> str:
    """How a message names a page file: relative to the repository when inside it, at most NAME_LIMIT characters."""
    name = display(path)
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT // 2] + "..." + name[-NAME_LIMIT // 2:]


def page_text(data: bytes, name: str) -> str:
    """The text of a page file's bytes (UTF-8, as MkDocs reads it); :class:`PageError` at the first byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise PageError(name, line, f"it is not UTF-8 text (byte 0x{data[error.start]:02x}, the line's byte "
                                    f"{column}): save it as UTF-8") from None


def read_file(path: Path | str) -> Document:
    """:func:`read` of a page file (UTF-8); :class:`PageError` naming the file when it cannot be read as text."""
    name = shown_name(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:  # missing, a folder, unreadable, a name too long for the file system...
        raise PageError(name, 1, error.strerror or type(error).__name__) from None
    return read(page_text(data, name))


def document(page: str | Document) -> Document:
    """``page`` as a Document: read if it is text, as it is if already read."""
    return page if isinstance(page, Document) else read(page)
