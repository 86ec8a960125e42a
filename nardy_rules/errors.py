"""The errors the engine raises.

Every error is a ``ValueError`` subclass whose message names the problem, so
callers (the CLI, the site build, the live boards) can show it as it is.
"""

from __future__ import annotations


class NardyError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidRequestError(NardyError):
    """A JSON request (or text claiming to be one) that breaks the contract.

    Not JSON, too long or too deeply nested, a number out of range, or a field
    of the wrong type (see :mod:`nardy_rules.contract`).
    """


class InvalidPositionError(NardyError):
    """A position that cannot occur: wrong checker count, both colours on a point...

    ``code`` and ``params`` name the problem for a page to say in its
    language, when it is one of ``Position.validate``'s (``checker-count``
    {color, count}, ``bar-in-long`` {color}, ``both-colours`` {point},
    ``all-borne-off``), or ``frozen`` for a set-up start in which neither
    side can ever move (``nardy_rules.play.check_playable``); None for a
    text that does not read.
    """

    def __init__(self, message: str, code: str | None = None, params: dict | None = None):
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


class InvalidDiceError(NardyError):
    """Dice that are not two numbers from 1 to 6."""


class NotationError(NardyError):
    """A play or move string that does not parse."""


class IllegalPlayError(NardyError):
    """A play or move that parses but is not legal in the position.

    ``refusal`` holds the engine's reason (a :class:`~nardy_rules.reasons.Refusal`)
    when one single move explains it.
    """

    def __init__(self, message: str, refusal=None):
        super().__init__(message)
        self.refusal = refusal


class CubeError(NardyError):
    """A doubling-cube action the rules do not allow at this moment."""
