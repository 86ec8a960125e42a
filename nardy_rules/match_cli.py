"""``python -m nardy_rules import FILE`` and ``python -m nardy_rules analyse FILE``: matches on the command line.

    python -m nardy_rules import match.mat        # the match record (JSON, one line)
    python -m nardy_rules analyse match.mat       # every play and cube decision rated, as text
    python -m nardy_rules analyse match.mat --json   # {"decisions": [...], "summary": {...}}

``FILE`` is a Jellyfish ``.mat`` file (GNU Backgammon, eXtreme Gammon), the
project's long-nardy text (``nardy_rules.matread``) or a match record (JSON,
read by the contract's reader); ``-`` reads standard input. A file that does
not read is one line on standard error, with the line and the reason, and
exit status 2 (the caller prints the error).
"""

from __future__ import annotations

import json
from pathlib import Path

from .analysis import MARKS, analyse
from .contract import quote, read_json
from .errors import NardyError
from .matread import read_match_text

#: The marks as annotations, GNU Backgammon's and the chess books' way.
SYMBOLS = {"doubtful": "?!", "error": "?", "blunder": "??"}


def add_parser(subparsers) -> None:
    importer = subparsers.add_parser("import", help="read a .mat or long-nardy match file into a match record")
    importer.add_argument("file", help="a .mat file, the long-nardy text or a match record (JSON); - for stdin")
    analyser = subparsers.add_parser(
        "analyse", help="rate every play and cube decision of a match",
        description="Rate every play (best play, equity lost) and cube decision (right action, cost) of a "
                    f"match, marked by GNU Backgammon's thresholds: "
                    f"{', '.join(f'{name} over {threshold}' for name, threshold in MARKS)}.")
    analyser.add_argument("file", help="a .mat file, the long-nardy text or a match record (JSON); - for stdin")
    analyser.add_argument("--json", action="store_true", help="print JSON instead of text")


def read_match_file(name: str, stdin) -> dict:
    """The match record in a file (``-``: standard input): a match text or a record (JSON)."""
    if name == "-":
        data = getattr(stdin, "buffer", stdin).read()
    else:
        try:
            data = Path(name).read_bytes()
        except OSError as error:
            raise NardyError(f"{quote(name)}: cannot read the file ({error.strerror})") from None
    text = _decoded(data) if isinstance(data, bytes) else data
    if text.lstrip().startswith("{"):
        return read_json(text, "the record")
    return read_match_text(text)


def _decoded(data: bytes) -> str:
    """UTF-8 (with or without its byte-order mark), else Windows-1252, which older programs write names in."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def run(args, stdin, stdout) -> int:
    """Run ``import`` or ``analyse``; bad input raises NardyError (the caller prints it, exit 2)."""
    record = read_match_file(args.file, stdin)
    if args.command == "import":
        stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
        return 0
    analysis = analyse(record)
    if args.json:
        stdout.write(json.dumps(analysis, ensure_ascii=False) + "\n")
    else:
        stdout.write(report(record, analysis))
    return 0


def _line(item: dict) -> str:
    symbol = SYMBOLS.get(item["mark"], "")
    lost = "" if item["lost"] is None else f"-{item['lost']:.3f}" if item["lost"] else "0"
    if item["kind"] == "play":
        dice = "{}-{}".format(*item["dice"])
        text = f"{dice}  {item['played'] or '(no move)'}"
        if item["forced"]:
            return f"{text}  (forced)"
        if item["best"] != item["played"]:
            text += f"  best {item['best']}"
    else:
        text = f"{item['action']}"
        if item["right"] != item["action"]:
            text += f"  right: {item['right']}"
    return f"{text}  {lost} {symbol}".rstrip()


def report(record: dict, analysis: dict) -> str:
    """The analysis as text: one line per decision, by game, then each player's figures."""
    players = record.get("players") or {"white": "White", "black": "Black"}
    length = record.get("length")
    title = f"{length}-point match" if length else "single game"
    lines = [f"{record.get('variant')} nardy, {title}: {players['white']} (white) against {players['black']} (black)",
             "Equity lost per decision, in points per unit of the cube; "
             + ", ".join(f"{symbol} {name} (over {dict(MARKS)[name]})" for name, symbol in SYMBOLS.items()), ""]
    game = None
    for item in analysis["decisions"]:
        if item["game"] != game:
            game = item["game"]
            lines.append(f"Game {game}")
        chance = f"{100 * item['chances']:.0f}%"
        lines.append(f"  {item['index'] + 1:4d}  {item['side']:5s}  {item['kind']:4s}  {_line(item)}"
                     f"   (white wins {chance})")
    lines.append("")
    summary = analysis["summary"]
    rows = [("plays (unforced)", lambda s: f"{s['plays']} ({s['unforced']})"), ("cube decisions", lambda s: s["cube"])]
    rows += [(label, lambda s, name=name: s["marks"][name])
             for label, name in (("blunders ??", "blunder"), ("errors ?", "error"), ("doubtful ?!", "doubtful"))]
    rows += [("equity lost", lambda s: f"{s['lost']:.3f}"),
             ("error rate (per 1000)", lambda s: "-" if s["error rate"] is None else f"{s['error rate']:.1f}")]
    lines.append(f"{'':24s}{players['white'][:16]:>16s}  {players['black'][:16]:>16s}")
    for label, value in rows:
        lines.append(f"{label:24s}{value(summary['white'])!s:>16s}  {value(summary['black'])!s:>16s}")
    return "\n".join(lines) + "\n"
