"""The learned evaluator: a small dense network, its weights file, and a pure-Python forward pass.

Network: inputs (``encoding.py``) -> ``hidden`` tanh units -> one sigmoid per
output. Outputs are probabilities for the side **on roll**, before it rolls:

- short nardy: ``win``, ``win mars``, ``win koks``, ``lose mars``, ``lose koks``
  (a koks is counted in the mars output too, as gnubg does);
- long nardy: ``win``, ``win mars``, ``lose mars``.

Weights file (``weights/<game>.json``), written by :func:`write_weights`::

    {"format": "nardy-bot-weights", "version": 1, "game": "short", "encoding": "short-v2",
     "inputs": 209, "hidden": 64, "outputs": ["win", ...], "dtype": "float32-le",
     "sha256": "<hex digest of the decoded payload>", "payload": "<base64>", "training": {...}}

The payload is ``W1`` (inputs x hidden, row-major: one row per input), ``b1``,
``W2`` (outputs x hidden), ``b2``, as little-endian float32. :func:`load`
checks the format, the encoding, every shape and the SHA-256 of the payload
before anything is evaluated (the file is read by the JSON contract's reader,
every header field with its exact type), and raises :class:`BotWeightsError`
naming the file and the problem: a damaged file is never a silently weak player.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import re
import sys
from array import array
from operator import mul
from pathlib import Path

from ..contract import quote, read_json, read_object
from ..errors import InvalidRequestError, NardyError
from .encoding import BOARD, DISCRETE_MAX, ENCODINGS, UNITS

FORMAT = "nardy-bot-weights"
VERSION = 1
#: The largest hidden layer a weights file may declare.
MAX_HIDDEN = 1024
#: The longest weights file read: a network of MAX_HIDDEN units is about 1.2 million characters of base64.
MAX_FILE_CHARS = 2_000_000
_SHA256 = re.compile(r"[0-9a-f]{64}")
WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
OUTPUTS = {
    "short": ("win", "win mars", "win koks", "lose mars", "lose koks"),
    "long": ("win", "win mars", "lose mars"),
}


class BotWeightsError(NardyError):
    """A weights file that is missing, damaged or does not fit the encoding."""


def _floats_from(payload: bytes) -> array:
    values = array("f")
    values.frombytes(payload)
    if sys.byteorder == "big":  # the payload is little-endian
        values.byteswap()
    return values


def _float_bytes(values) -> bytes:
    out = array("f", values)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def shapes(game: str, hidden: int, inputs: int | None = None) -> list[tuple[str, int, int]]:
    """(name, rows, columns) of each array in payload order (``inputs``: the encoding's unless given)."""
    inputs, outputs = inputs or ENCODINGS[game].n_inputs, len(OUTPUTS[game])
    return [("W1", inputs, hidden), ("b1", 1, hidden), ("W2", outputs, hidden), ("b2", 1, outputs)]


def write_weights(path, game: str, hidden: int, flat, training: dict) -> dict:
    """Write a weights file from the flat payload floats (used by ``scripts/train_bot.py``)."""
    expected = sum(rows * cols for _name, rows, cols in shapes(game, hidden))
    if len(flat) != expected:
        raise BotWeightsError(f"{path}: {len(flat)} weights given, {expected} expected")
    payload = _float_bytes(flat)
    data = {
        "format": FORMAT, "version": VERSION, "game": game, "encoding": ENCODINGS[game].name,
        "inputs": ENCODINGS[game].n_inputs, "hidden": hidden, "outputs": list(OUTPUTS[game]),
        "dtype": "float32-le", "sha256": hashlib.sha256(payload).hexdigest(),
        "training": training, "payload": base64.b64encode(payload).decode("ascii"),
    }
    Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return data


def read_weights(path, game: str, earlier: bool = False) -> tuple[int, list[list[list[float]]], dict]:
    """(hidden, [W1, b1, W2, b2] as lists of rows, header), every check done; else BotWeightsError.

    ``earlier`` (the trainer's ``--init`` only) also takes a file of an earlier
    encoding of the game whose inputs are a leading part of today's (the
    encoding adds its new global features at the end): W1 then has the file's
    rows, fewer than the encoding's inputs.

    The file is read by the JSON contract's reader (``nardy_rules.contract``:
    depth, number sizes, no NaN; at most :data:`MAX_FILE_CHARS` characters)
    and every header field must have exactly the type and value the engine
    needs (``"version": true`` is not 1, ``"inputs": 209.0`` not 209).
    """
    path = Path(path)

    def fail(problem: str) -> BotWeightsError:
        return BotWeightsError(f"bot weights {path}: {problem}")

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise fail("the file is missing (it ships inside nardy_rules/bot/weights/)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise fail(f"not a readable text file ({quote(str(error))})") from None
    try:
        data = read_object(read_json(text, "the file", max_chars=MAX_FILE_CHARS), "the file")
    except InvalidRequestError as error:
        raise fail(f"not a readable JSON file ({error})") from None
    if not _exactly(data.get("format"), FORMAT) or not _exactly(data.get("version"), VERSION):
        raise fail(f"not a {FORMAT} version {VERSION} file (format {quote(data.get('format'), as_json=True)}, "
                   f"version {quote(data.get('version'), as_json=True)})")
    encoding = ENCODINGS[game]
    inputs = encoding.n_inputs
    checks = [("game", game), ("encoding", encoding.name), ("inputs", encoding.n_inputs),
              ("outputs", list(OUTPUTS[game])), ("dtype", "float32-le")]
    declared = data.get("inputs")
    if earlier and isinstance(data.get("encoding"), str) and data["encoding"].startswith(f"{game}-") \
            and type(declared) is int and encoding.global_start <= declared <= inputs:
        inputs = declared
        checks = [check for check in checks if check[0] not in ("encoding", "inputs")]
    for field, wanted in checks:
        if not _exactly(data.get(field), wanted):
            raise fail(f"{field} is {quote(data.get(field), as_json=True)}, the engine needs "
                       f"{quote(wanted, as_json=True)}")
    hidden = data.get("hidden")
    if type(hidden) is not int or not 1 <= hidden <= MAX_HIDDEN:
        raise fail(f"hidden is {quote(hidden, as_json=True)}, not a layer size (1 to {MAX_HIDDEN})")
    sha256 = data.get("sha256")
    if not isinstance(sha256, str) or not _SHA256.fullmatch(sha256):
        raise fail(f"sha256 is {quote(sha256, as_json=True)}, not a SHA-256 in hex")
    payload = data.get("payload", "")
    if not isinstance(payload, str):
        raise fail(f"the payload is {quote(payload, as_json=True)}, not base64 text")
    try:
        payload = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raise fail("the payload is not valid base64") from None
    layout = shapes(game, hidden, inputs)
    expected = 4 * sum(rows * cols for _name, rows, cols in layout)
    if len(payload) != expected:
        raise fail(f"the payload holds {len(payload)} bytes; inputs {inputs}, hidden {hidden} "
                   f"and {len(OUTPUTS[game])} outputs need {expected}")
    digest = hashlib.sha256(payload).hexdigest()
    if digest != sha256:
        raise fail(f"checksum mismatch: the payload's SHA-256 is {digest}, the header says {sha256}; "
                   "the file is damaged")
    values = _floats_from(payload)
    if not all(math.isfinite(v) for v in values):
        raise fail("the payload holds a value that is not a finite number")
    arrays, at = [], 0
    for _name, rows, cols in layout:
        arrays.append([values[at + r * cols: at + (r + 1) * cols].tolist() for r in range(rows)])
        at += rows * cols
    return hidden, arrays, data


def _exactly(value: object, wanted: object) -> bool:
    """``value == wanted`` with the same JSON types all through (``true`` is not 1, ``209.0`` not 209)."""
    if type(value) is not type(wanted):
        return False
    if isinstance(wanted, list):
        return len(value) == len(wanted) and all(_exactly(a, b) for a, b in zip(value, wanted))
    return value == wanted


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Network:
    """The evaluator of one game, with the per-slot tables of the sparse fast path."""

    def __init__(self, game: str, hidden: int, arrays, header: dict | None = None):
        self.game = game
        self.encoding = ENCODINGS[game]
        self.hidden = hidden
        self.outputs = OUTPUTS[game]
        self.header = header or {}
        self.w1, (b1,), self.w2, (b2,) = arrays
        w1 = self.w1
        self.b1, self.b2 = b1, b2
        enc = self.encoding
        rows_of_globals = w1[enc.global_start:]
        # tables[side][board index][count]: that slot's whole contribution to the hidden layer's
        # input, its share of the sum-like global features included, so a position costs one
        # vector per occupied slot and one per other global feature, not one per input.
        self.tables: list[list[list | None]] = [[None] * BOARD, [None] * BOARD]
        for (side, index, kind), start in zip(enc.slots, enc.slot_start):
            rows = [w1[start + k] for k in range(len(UNITS[kind][0]))]
            per_count: list = [None]
            for count in range(1, 16):
                terms = [(u, row) for u, row in zip(UNITS[kind][count], rows) if u]
                terms += [(share, rows_of_globals[g]) for g, share in enc.separable(side, index, count).items()]
                per_count.append([sum(u * row[j] for u, row in terms) for j in range(hidden)])
            self.tables[side][index] = per_count
        # negated[side][index][count]: minus tables[...], to take a slot's old count out (evaluate_changed).
        self.negated = [[None if per_count is None else [None] + [[-w for w in row] for row in per_count[1:]]
                         for per_count in side_tables] for side_tables in self.tables]
        # discrete_tables[n][value]: the n-th discrete global feature's contribution at that value.
        self.discrete_tables = [
            [[value / scale * w for w in rows_of_globals[g]] for value in range(DISCRETE_MAX + 1)]
            for g, scale in zip(enc.discrete_globals, enc.discrete_scales)
        ]

    def evaluate_boards(self, own: list[int], opp: list[int]) -> list[float]:
        """Output probabilities for the side on roll (``own``), raw from the network."""
        vectors = [self.b1]
        append = vectors.append
        for side, board in ((0, own), (1, opp)):
            tables = self.tables[side]
            for index in range(BOARD):
                count = board[index]
                if count:
                    table = tables[index]
                    if table is not None:
                        append(table[count])
        for table, value in zip(self.discrete_tables, self.encoding.discrete(own, opp)):
            if value:
                append(table[value])
        hidden = list(map(math.tanh, map(sum, zip(*vectors))))
        return [_sigmoid(b + sum(map(mul, row, hidden))) for row, b in zip(self.w2, self.b2)]

    def hidden_base(self, own: list[int], opp: list[int]) -> list[float]:
        """The hidden layer's input from the slots alone (no discrete globals): see :meth:`evaluate_changed`."""
        vectors = [self.b1]
        for side, board in ((0, own), (1, opp)):
            tables = self.tables[side]
            for index in range(BOARD):
                count = board[index]
                if count and tables[index] is not None:
                    vectors.append(tables[index][count])
        return list(map(sum, zip(*vectors)))

    def evaluate_changed(self, base: list[float], before: tuple[list[int], list[int]],
                         own: list[int], opp: list[int], changed) -> list[float]:
        """``evaluate_boards(own, opp)`` for boards that differ from ``before`` only at ``changed``.

        ``base`` is ``hidden_base(*before)``; ``changed`` holds (side, board index)
        pairs (repeats allowed). A play moves a few checkers, so this adds a few
        slot vectors to the base instead of one per occupied slot: the player's
        search over every legal play costs about half as much. The sums run in
        another order than evaluate_boards', so results agree to rounding only.
        """
        vectors = [base]
        append = vectors.append
        for side, index in set(changed):
            table = self.tables[side][index]
            if table is None:
                continue
            old, new = before[side][index], (own, opp)[side][index]
            if old != new:
                if old:
                    append(self.negated[side][index][old])
                if new:
                    append(table[new])
        for table, value in zip(self.discrete_tables, self.encoding.discrete(own, opp)):
            if value:
                append(table[value])
        hidden = list(map(math.tanh, map(sum, zip(*vectors))))
        return [_sigmoid(b + sum(map(mul, row, hidden))) for row, b in zip(self.w2, self.b2)]

    def evaluate_dense(self, inputs: list[float]) -> list[float]:
        """The same forward pass from a dense input vector: the slow reference for the fast path."""
        pre = list(self.b1)
        for x, row in zip(inputs, self.w1):
            if x:
                pre = [a + x * w for a, w in zip(pre, row)]
        hidden = [math.tanh(a) for a in pre]
        return [_sigmoid(b + sum(map(mul, row, hidden))) for row, b in zip(self.w2, self.b2)]

    @classmethod
    def from_file(cls, path, game: str) -> Network:
        hidden, arrays, header = read_weights(path, game)
        return cls(game, hidden, arrays, header)


_LOADED: dict[str, Network] = {}


def load(game: str, path=None) -> Network:
    """The shipped network of ``game`` ("short" or "long"), checked and cached on first use."""
    if not isinstance(game, str) or game not in OUTPUTS:
        raise NardyError(f"game {quote(game)}: use 'short' or 'long'")
    if path is not None:
        return Network.from_file(path, game)
    if game not in _LOADED:
        _LOADED[game] = Network.from_file(WEIGHTS_DIR / f"{game}.json", game)
    return _LOADED[game]
