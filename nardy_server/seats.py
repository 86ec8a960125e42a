"""Seats, tokens and dice: the secrets of a match, all from the ``secrets`` module.

- A **seat token** (:func:`new_token`) is 192 random bits as URL-safe text;
  whoever holds it acts for that seat. The store keeps only its SHA-256
  (:func:`digest`), so a copy of the database or a log acts for nobody, and
  tokens are compared in constant time (:func:`same_digest`).
- A **match id** is 128 random bits (:func:`new_match_id`): knowing one lets a
  client watch the match, nothing more. An **invite** secret of 128 bits goes
  with a private match's link and lets one person take its open seat.
- **Dice** are rolled here, never by a client (:func:`roll`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from nardy_rules.contract import COLORS

#: Bytes of randomness: seat tokens 24 (192 bits), match ids and invites 16 (128 bits).
TOKEN_BYTES = 24
ID_BYTES = 16
#: What a token, an invite or a match id looks like (URL-safe base64, no padding): anything else is refused
#: before it is hashed or looked up.
TOKEN_TEXT = re.compile(r"[A-Za-z0-9_-]{32}")
ID_TEXT = re.compile(r"[A-Za-z0-9_-]{22}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_match_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def new_invite() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def digest(secret: str) -> str:
    """What the store keeps of a token or an invite."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def same_digest(secret: object, kept: str | None, pattern: re.Pattern = TOKEN_TEXT) -> bool:
    """Whether ``secret`` (untrusted) is the one whose digest is ``kept``; never raises."""
    if kept is None or not isinstance(secret, str) or not pattern.fullmatch(secret):
        return False
    return hmac.compare_digest(digest(secret), kept)


def is_match_id(value: object) -> bool:
    return isinstance(value, str) and ID_TEXT.fullmatch(value) is not None


def roll() -> list[int]:
    """Two dice."""
    return [secrets.randbelow(6) + 1, secrets.randbelow(6) + 1]


def random_color() -> str:
    return COLORS[secrets.randbelow(2)]


def other_color(color: str) -> str:
    return COLORS[1 - COLORS.index(color)]
