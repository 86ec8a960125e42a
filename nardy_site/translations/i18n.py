"""Translations of the site's generated text, from gettext catalogs read with Babel.

English is the msgid; each language's catalog is
``locales/<gettext>/LC_MESSAGES/messages.po`` (see ``nardy_site.translations.languages``),
made from the template ``locales/messages.pot`` (``scripts/i18n``). Messages
are whole sentences or list items with named ``{placeholders}``; ``NP_``
messages have plural forms chosen by ``{count}``.

The catalogs are read as text at build time (no compiled ``.mo`` files).
A translation that uses a placeholder its msgid does not have, or drops one,
is an error (``pybabel compile`` lets a renamed ``{count}`` through); the
check is ``nardy_site.translations.placeholders``', the one ``scripts/i18n check`` runs,
and both name the entry in the same words (:func:`placeholder_problem`).

The live boards' strings (:data:`BOARD`, and the refusal messages of
``nardy_rules.reasons.MESSAGES``) go to the browser compiled as JSON
(:func:`board_catalog`, written by the hook as ``assets/i18n.json`` of each
language): every message under a stable key, translated, and the catalog's
plural rule as a tree (``nardy_site.translations.plural``) that the page evaluates
without ``eval``.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from nardy_rules.reasons import MESSAGES as REASONS
from nardy_rules.reasons import N_, NP_

from ..paths import display
from . import placeholders
from . import plural as plural_rule
from .languages import Language
from .placeholders import fields as fields  # re-exported: the names a message's {placeholders} need

# Interface strings the site sets in the theme and on the boards.
UI = {
    # TRANSLATORS: tooltip of the palette toggle, in the light scheme.
    "dark": N_("Switch to dark mode"),
    # TRANSLATORS: tooltip of the palette toggle, in the dark scheme.
    "light": N_("Switch to light mode"),
    # TRANSLATORS: tooltip of the link symbol after each heading.
    "permalink": N_("Permanent link"),
    # TRANSLATORS: the word before each side's pip count on a board diagram ("pips 167").
    "pips": N_("pips"),
    # TRANSLATORS: banner on a page translated with machine help, until a native speaker has reviewed it.
    "review-pending": N_(
        "This translation was made with machine help and awaits review by a native speaker. "
        "The rules and the diagrams are checked; the wording may still be improved."
    ),
    # TRANSLATORS: banner on a page shown in another language because it is not translated yet;
    # {language} is that language's name in itself, e.g. "Oʻzbekcha".
    "not-translated": N_("This page is not translated into your language yet, so it is shown in {language}."),
    # TRANSLATORS: title of the "page not found" (404) page.
    "not-found-title": N_("Page not found"),
    # TRANSLATORS: text of the "page not found" (404) page, before the links to the three pages.
    "not-found-text": N_("There is no page at this address. The rules of both games are here:"),
    # TRANSLATORS: label of the language list on the site's root page and in the header.
    "languages": N_("Languages"),
    # TRANSLATORS: link under a replayed game (short nardy) to the game as a Jellyfish .mat file.
    "download-mat": N_("Download this game (.mat, for GNU Backgammon and other backgammon programs)"),
    # TRANSLATORS: link under a replayed game (long nardy) to the game as a text file.
    "download-txt": N_("Download this game as text (.txt)"),
}


# Interface strings of the live boards (assets/board/nardy-board.js), by the key the script uses.
# Whole sentences with named {placeholders}; numbers stay digits; {move} is a move in
# notation ("13/8*", "bar/22", "6/off"), {dice} the dice as digits ("5, 3").
BOARD = {
    # TRANSLATORS: name of a board diagram made playable ("live") by the page's script.
    "board": N_("Live board"),
    # TRANSLATORS: how to play a live board with the keyboard (read by screen readers).
    "help": N_(
        "Arrow keys move between the points, the bar and the borne-off checkers; Enter or Space selects "
        "a checker and then its destination; Escape cancels."
    ),
    # TRANSLATORS: name of the row of buttons under a live board.
    "toolbar": N_("Board controls"),
    # TRANSLATORS: button: throw two new random dice.
    "roll": N_("Roll the dice"),
    # TRANSLATORS: label of the list to choose the first die (1 to 6).
    "die-1": N_("First die"),
    # TRANSLATORS: label of the list to choose the second die (1 to 6).
    "die-2": N_("Second die"),
    # TRANSLATORS: button: show the two lists to choose the dice with.
    "set-dice": N_("Set the dice"),
    # TRANSLATORS: button after the two lists: use the dice chosen in them.
    "apply-dice": N_("Use these dice"),
    # TRANSLATORS: button: take back the last step.
    "undo": N_("Undo"),
    # TRANSLATORS: button: make the step taken back again.
    "redo": N_("Redo"),
    # TRANSLATORS: button: bring back the position and dice of the page's example.
    "reset": N_("Reset the example"),
    # TRANSLATORS: button: play the moves the diagram shows, one after another.
    "show": N_("Play the example"),
    # TRANSLATORS: button: show every legal play for the current dice.
    "plays": N_("List the legal plays"),
    # TRANSLATORS: button: copy an address that opens this board as it is now.
    "link": N_("Copy a link"),
    # TRANSLATORS: label of the field that holds that address.
    "link-label": N_("Link to this position"),
    "starting": N_("Starting the rules engine…"),
    "unavailable": N_("Live play is not available in this browser. The diagrams still show every example."),
    "not-legal": N_("This move is not legal here."),
    # TRANSLATORS: {targets} is a list of points ("8, 5") and possibly "off the board".
    "selected": N_("Checker on point {point} selected. It can move to: {targets}."),
    "selected-bar": N_("Checker on the bar selected. It can move to: {targets}."),
    # TRANSLATORS: bearing off, as an item of the list of destinations ("It can move to: 5, 3, off the board.").
    "target-off": N_("off the board"),
    # TRANSLATORS: one item of a list after "The checker on point 24 cannot move now.": a point the checker
    # would land on with a die, then the rules engine's whole sentence saying why it may not ("Point 21: This
    # move would make six points in a row ..."). Keep {reason} whole, after the point.
    "refused-point": N_("Point {point}: {reason}"),
    # TRANSLATORS: the same item when the die would bear the checker off: "Off the board: You cannot bear off yet ...".
    "refused-off": N_("Off the board: {reason}"),
    # TRANSLATORS: one line after "2 dice showing 6 cannot be played this turn:": a move that might have played
    # such a die, in notation ("18/12", "bar/22", "4/off"), then the rules engine's whole sentence saying why not
    # ("Move 18/12: Point 12 is closed ...").
    "lost-move": N_("Move {move}: {reason}"),
    # TRANSLATORS: the button that opens the board's other actions (set the dice, list the plays, copy a link).
    "more": N_("More"),
    "stuck": N_("The checker on point {point} cannot move now."),
    "stuck-bar": N_("The checker on the bar cannot move now."),
    "cancelled": N_("Selection cancelled."),
    "moved": N_("{move}: moved. Dice left: {dice}."),
    "moved-done": N_("{move}: moved. The turn is over."),
    "moved-lost": N_("{move}: moved. The turn is over; these dice cannot be played: {dice}."),
    "undone": N_("One step undone."),
    "redone": N_("One step redone."),
    "reset-done": N_("The board shows the example again."),
    "rolled": N_("New dice: {dice}."),
    "dice-set": N_("Dice set: {dice}."),
    "white-to-roll": N_("White to move: roll or set the dice."),
    "black-to-roll": N_("Black to move: roll or set the dice."),
    "white-dice": N_("White to move. Dice left: {dice}."),
    "black-dice": N_("Black to move. Dice left: {dice}."),
    "white-no-move": N_("White cannot move with {dice}. Black to move."),
    "black-no-move": N_("Black cannot move with {dice}. White to move."),
    "no-move": N_("No move is possible with these dice: {dice}."),
    "pips": N_("Pip count: White {white}, Black {black}."),
    "result-white-single": NP_("White wins a single game: {count} point.", "White wins a single game: {count} points."),
    "result-white-mars": NP_("White wins with a mars: {count} point.", "White wins with a mars: {count} points."),
    "result-white-koks": NP_("White wins with a koks: {count} point.", "White wins with a koks: {count} points."),
    "result-black-single": NP_("Black wins a single game: {count} point.", "Black wins a single game: {count} points."),
    "result-black-mars": NP_("Black wins with a mars: {count} point.", "Black wins with a mars: {count} points."),
    "result-black-koks": NP_("Black wins with a koks: {count} point.", "Black wins with a koks: {count} points."),
    # TRANSLATORS: what the keyboard cursor is on.
    "cursor-empty": N_("Point {point}: empty."),
    "cursor-white": NP_("Point {point}: {count} white checker.", "Point {point}: {count} white checkers."),
    "cursor-black": NP_("Point {point}: {count} black checker.", "Point {point}: {count} black checkers."),
    "cursor-bar-empty": N_("Bar: empty."),
    "cursor-bar-white": NP_("Bar: {count} white checker.", "Bar: {count} white checkers."),
    "cursor-bar-black": NP_("Bar: {count} black checker.", "Bar: {count} black checkers."),
    "cursor-off-none": N_("Borne off: none."),
    "cursor-off-white": NP_("Borne off: {count} white checker.", "Borne off: {count} white checkers."),
    "cursor-off-black": NP_("Borne off: {count} black checker.", "Borne off: {count} black checkers."),
    "cursor-target": N_("Point {point}: press Enter to move the selected checker here."),
    "cursor-target-off": N_("Press Enter to bear the selected checker off."),
    "link-copied": N_("Link copied. It opens this board with this position and these dice."),
    "link-shown": N_("Copy the link from the field below. It opens this board with this position and these dice."),
    "link-bad": N_("This link does not hold a valid position for this board, so the board shows the original example."),
    "link-opened": N_("The board shows the position from the link."),
    "plays-count": NP_("{count} legal play with these dice:", "{count} legal plays with these dice:"),
    "plays-none": N_("No legal play with these dice."),
    "plays-no-dice": N_("Roll or set the dice first."),
    # TRANSLATORS: name of the row of buttons under a replayed game (first, previous, next turn, the end).
    "replay-controls": N_("Game controls"),
    "replay-first": N_("First turn"),
    "replay-previous": N_("Previous turn"),
    "replay-next": N_("Next turn"),
    "replay-last": N_("End of the game"),
    # TRANSLATORS: between the buttons of a replayed game: which turn the board shows.
    "replay-count": NP_("Turn {number} of {count}", "Turn {number} of {count}"),
    # TRANSLATORS: a check box under a replayed game: the board hides the game's play and asks for the reader's.
    "replay-try": N_("Try the move first"),
    # TRANSLATORS: {dice} is the roll as digits ("5-1").
    "replay-try-white": N_("White to play {dice}: make the move on the board."),
    "replay-try-black": N_("Black to play {dice}: make the move on the board."),
    # TRANSLATORS: button: show the game's play without trying it first.
    "replay-reveal": N_("Show the game's play"),
    "replay-shown": N_("The board shows the game's play."),
    # TRANSLATORS: {play} is the game's play in notation ("1/2 12/17").
    "replay-same": N_("Well played: that is the game's play, {play}."),
    "replay-other": N_("A legal play, but not the one in the game: the game played {play}. The board shows it."),
    # TRANSLATORS: after the lead of a note on a turn ("Black, 5-1:"): its button shows that turn on the board.
    "replay-jump": N_("show this turn on the board"),
    # TRANSLATORS: under a replayed game's title: the board's points carry the numbers of the side whose turn it
    # shows (each side counts the points from 1 in its own home, as the notes write its moves).
    "replay-numbering-white": N_("Points numbered from White's side."),
    "replay-numbering-black": N_("Points numbered from Black's side."),
    # TRANSLATORS: a disclosure under a replayed game: the position described in words.
    "replay-position": N_("The position in words"),
    # TRANSLATORS: {text} is the position in the engine's text form ("nardy:short:w:..."), for the play page.
    "replay-text-form": N_("In the text form: {text}"),
    # TRANSLATORS: name of the two buttons under a mistake's board.
    "mistake-plays": N_("The two plays"),
    # TRANSLATORS: button: play the mistaken play on the board; {play} is in notation.
    "mistake-play": N_("The mistake: {play}"),
    # TRANSLATORS: button: play the better play on the board; {play} is in notation.
    "better-play": N_("The better play: {play}"),
}


class CatalogError(ValueError):
    pass


class Translator:
    """gettext and ngettext over one catalog; untranslated messages fall back to English."""

    def __init__(self, messages: dict | None = None, plural=None, language: Language | None = None,
                 plural_expr: str = "(n != 1)", num_plurals: int = 2):
        self.messages = messages or {}
        self.plural = plural or (lambda n: int(n != 1))
        self.language = language
        #: The catalog's plural rule (a C expression over n) and its number of forms.
        self.plural_expr = plural_expr
        self.num_plurals = num_plurals
        #: msgids asked for but absent or untranslated in the catalog.
        self.missing: set[str] = set()

    @property
    def needs_translation(self) -> bool:
        """False for English, whose msgids are the text."""
        return self.language is not None and self.language.babel.split("_")[0] != "en"

    def gettext(self, message: str) -> str:
        text = self.messages.get(message)
        if isinstance(text, str) and text:
            return text
        self.missing.add(message)
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        forms = self.messages.get(singular)
        if isinstance(forms, tuple) and all(forms):
            index = self.plural(count)
            return forms[min(index, len(forms) - 1)]
        self.missing.add(singular)
        return singular if count == 1 else plural


def entry_name(catalog: str, message) -> str:
    """How a problem names an entry of a catalog: ``locales/ru/LC_MESSAGES/messages.po:42: 'Undo'``."""
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return f"{catalog}:{message.lineno}: {msgid!r}"


def placeholder_problem(catalog: str, message) -> str | None:
    """The problem of an entry whose placeholders do not fit its msgid (``nardy_site.translations.placeholders``), or None.

    The build and ``scripts/i18n check`` print exactly this line.
    """
    wrong = placeholders.problem(message.id, message.string)
    return f"{entry_name(catalog, message)}: {wrong}" if wrong else None


def untranslated(catalog: str, message) -> str | None:
    """Why an entry is not used as a translation (fuzzy, or a form left empty), or None.

    The build (a warning for a released language) and ``scripts/i18n check`` print exactly this line.
    """
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if message.fuzzy:
        return f"{entry_name(catalog, message)}: fuzzy (check the translation, then remove the fuzzy flag)"
    if not all(strings):
        return f"{entry_name(catalog, message)}: untranslated"
    return None


def load(language: Language) -> tuple[Translator, list[str]]:
    """The language's translator, and the catalog's problems that are not fatal (untranslated messages).

    Raises :class:`CatalogError` for a translation whose placeholders do not
    fit its msgid, for what Babel's own checks find (those of ``pybabel
    compile``), and for a ``Plural-Forms`` that is not Babel's rule for the
    language. A missing catalog is all untranslated.
    """
    path: Path = language.catalog
    name = display(path)
    if not path.exists():
        translator = Translator(language=language)
        problems = [f"{name} does not exist"] if translator.needs_translation else []
        return translator, problems
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=language.babel)
    messages: dict = {}
    problems = []
    errors = []
    for message in catalog:
        if not message.id:
            continue
        problem = untranslated(name, message)
        if problem:
            problems.append(problem)
            continue
        problem = placeholder_problem(name, message)
        if problem:
            errors.append(problem)
            continue
        messages[message.id[0] if isinstance(message.id, tuple) else message.id] = message.string
    errors += _babel_checks(catalog, name)
    if errors:
        raise CatalogError("\n".join(errors))
    plural = _gettext.c2py(catalog.plural_expr)
    translator = Translator(messages, plural, language, catalog.plural_expr, catalog.num_plurals)
    return translator, problems if translator.needs_translation else []


def _babel_checks(catalog, name: str) -> list[str]:
    """Babel's own checks (what ``pybabel compile`` runs), and the plural rule of Babel's locale data."""
    errors = []
    for message, problems in catalog.check():
        for problem in problems:
            errors.append(f"{entry_name(name, message)}: {problem}")
    if catalog.locale is not None:
        want = get_plural(catalog.locale)
        if (catalog.num_plurals, catalog.plural_expr) != (want.num_plurals, want.plural_expr):
            errors.append(f"{name}: Plural-Forms is {catalog.plural_expr!r}, Babel's rule for {catalog.locale} is "
                          f"{want.plural_expr!r}")
    return errors


def _compiled(translator: Translator, message) -> str | list[str]:
    """One message in the language: a string, or the list of its plural forms."""
    if isinstance(message, tuple):
        forms = translator.messages.get(message[0])
        if isinstance(forms, tuple) and all(forms):
            return list(forms)
        translator.missing.add(message[0])
        return list(message)  # English: singular and plural, chosen by (n != 1)
    return translator.gettext(message)


def board_catalog(translator: Translator, messages: dict) -> dict:
    """The browser's strings in the translator's language, JSON-ready (``assets/i18n.json``).

    ``messages`` are the scripts' strings by key (the live boards' :data:`BOARD` and the play page's:
    ``nardy_site.app.live_assets.catalog`` gives both, so that this module knows no page).
    ``{"lang": BCP 47 tag, "plural": tree, "nplurals": n, "messages": {key: text or [forms]},
    "reasons": {message key of nardy_rules.reasons: text or [forms]}}``. An untranslated
    message falls back to English (and is reported by the build like any other).
    """
    return {
        "lang": translator.language.bcp47 if translator.language else "en",
        "plural": plural_rule.parse(translator.plural_expr),
        "nplurals": translator.num_plurals,
        "messages": {key: _compiled(translator, message) for key, message in messages.items()},
        "reasons": {key: _compiled(translator, message) for key, message in REASONS.items()},
    }
