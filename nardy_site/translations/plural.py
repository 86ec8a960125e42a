"""A catalog's plural rule as data, so that the browser evaluates it without ``eval``.

Each catalog's ``Plural-Forms`` header (written by Babel from its CLDR-based
locale data, ``babel.messages.plurals.get_plural``) is a C expression over
``n`` that picks the ``msgstr[i]`` of a plural message, for example Russian's::

    n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2

:func:`parse` turns it into a JSON tree: ``"n"``, whole numbers, and lists
``[operator, operand, ...]`` (``["?", test, then, else]``, ``["!", x]``,
``["neg", x]``, and the binary operators ``|| && == != < > <= >= + - * / %``).
``assets/board/nardy-strings.js`` (``pluralIndex``) evaluates the tree with C's
semantics (comparisons give 0 or 1, ``/`` and ``%`` on whole numbers), and
:func:`evaluate` does the same here, for the tests, which compare both with
Python's own ``gettext.c2py``.
"""

from __future__ import annotations

import re

BINARY = (
    ("||",),
    ("&&",),
    ("==", "!="),
    ("<", ">", "<=", ">="),
    ("+", "-"),
    ("*", "/", "%"),
)
TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[<>+\-*/%!?:()]))")


class PluralError(ValueError):
    pass


def tokens(expression: str) -> list[str]:
    out, position = [], 0
    text = expression.strip().rstrip(";")
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise PluralError(f"plural expression {expression!r}: unexpected {text[position:]!r}")
        out.append(match.group(match.lastindex))
        position = match.end()
        while position < len(text) and text[position].isspace():
            position += 1
    return out


def parse(expression: str):
    """The expression as a JSON-ready tree; raises :class:`PluralError` on anything else."""
    items = tokens(expression)
    index = 0

    def peek():
        return items[index] if index < len(items) else None

    def take(expected=None):
        nonlocal index
        token = peek()
        if token is None or (expected is not None and token != expected):
            raise PluralError(f"plural expression {expression!r}: expected {expected or 'more'}, got {token!r}")
        index += 1
        return token

    def conditional():
        test = binary(0)
        if peek() == "?":
            take("?")
            then = conditional()
            take(":")
            return ["?", test, then, conditional()]
        return test

    def binary(level):
        if level == len(BINARY):
            return unary()
        left = binary(level + 1)
        while peek() in BINARY[level]:
            operator = take()
            left = [operator, left, binary(level + 1)]
        return left

    def unary():
        token = peek()
        if token == "!":
            take()
            return ["!", unary()]
        if token == "-":
            take()
            return ["neg", unary()]
        if token == "(":
            take()
            inner = conditional()
            take(")")
            return inner
        if token == "n":
            take()
            return "n"
        if token is not None and token.isdigit():
            take()
            return int(token)
        raise PluralError(f"plural expression {expression!r}: unexpected {token!r}")

    tree = conditional()
    if index != len(items):
        raise PluralError(f"plural expression {expression!r}: unexpected {items[index]!r}")
    return tree


def _c_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b >= 0) else -quotient


def _c_mod(a: int, b: int) -> int:
    return a - b * _c_div(a, b)


def evaluate(tree, n: int) -> int:
    """The tree's value for ``n`` (what the browser computes)."""
    if tree == "n":
        return n
    if isinstance(tree, int):
        return tree
    operator, *operands = tree
    if operator == "?":
        return evaluate(operands[1] if evaluate(operands[0], n) else operands[2], n)
    if operator == "!":
        return int(not evaluate(operands[0], n))
    if operator == "neg":
        return -evaluate(operands[0], n)
    a = evaluate(operands[0], n)
    if operator == "||":
        return int(bool(a) or bool(evaluate(operands[1], n)))
    if operator == "&&":
        return int(bool(a) and bool(evaluate(operands[1], n)))
    b = evaluate(operands[1], n)
    return {
        "==": lambda: int(a == b), "!=": lambda: int(a != b),
        "<": lambda: int(a < b), ">": lambda: int(a > b), "<=": lambda: int(a <= b), ">=": lambda: int(a >= b),
        "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
        "/": lambda: _c_div(a, b), "%": lambda: _c_mod(a, b),
    }[operator]()
