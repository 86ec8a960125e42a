"""The play page: its mount in the page (the two boards the script plays on) and its strings.

``docs/<lang>/play.md`` holds a line :data:`MARKER`; the hook replaces it by
:func:`mount`: ``<div class="nardy-play" id="nardy-play">`` with both games'
empty start boards as ``nardy_rules.svg`` draws them (the board the page's
script, ``assets/play/nardy-play.js``, draws into) and a line for readers without
JavaScript. :data:`PLAY` are the page's interface strings, compiled with the
boards' into ``assets/i18n.json`` (``nardy_site.app.live_assets.catalog``).
"""

from __future__ import annotations

import html

from nardy_rules import LongPosition, ShortPosition, svg
from nardy_rules.reasons import N_, NP_

MARKER = "<!-- nardy-play -->"

# Interface strings of the play page (assets/play/nardy-play*.js), by the key the script uses. Whole
# sentences with named {placeholders}; numbers stay digits; {play} is a play in notation
# ("8/5 6/5"), {dice} the dice as digits ("5, 3" or "5-3").
PLAY = {
    # TRANSLATORS: the play page without JavaScript.
    "play-nojs": N_("Playing here needs JavaScript. The rules pages show every example as a diagram."),
    "play-settings": N_("New game"),
    "play-game-label": N_("Game"),
    "play-short": N_("Short nardy"),
    "play-long": N_("Long nardy"),
    "play-length-label": N_("Match length"),
    # TRANSLATORS: a match of one game, without a match score (the cube without match rules).
    "play-length-0": N_("Single game"),
    "play-length-n": NP_("Match to {count} point", "Match to {count} points"),
    # TRANSLATORS: label of the list choosing who plays White: a person on this device or the computer.
    "play-white-seat": N_("White is played by"),
    "play-black-seat": N_("Black is played by"),
    "play-person": N_("a person on this device"),
    "play-computer-beginner": N_("the computer, beginner"),
    "play-computer-club": N_("the computer, club player"),
    "play-computer-strong": N_("the computer, strong"),
    "play-start": N_("Start a new game"),
    "play-toolbar": N_("Game controls"),
    "play-opening-roll": N_("Opening roll"),
    "play-double": N_("Double"),
    "play-take": N_("Take"),
    "play-pass": N_("Pass"),
    "play-accept": N_("Accept"),
    "play-decline": N_("Decline"),
    "play-confirm": N_("Confirm the move"),
    "play-next": N_("Next game"),
    # TRANSLATORS: the button that opens the choice of what to offer by resigning (the buttons below).
    "play-resign": N_("Resign"),
    "play-resign-choose": N_("Resign: choose what to offer. The opponent accepts or declines."),
    # TRANSLATORS: what a resignation offers, with its points at the cube's value (a single game, a mars, a koks).
    "play-resign-single": NP_("A single game ({count} point)", "A single game ({count} points)"),
    "play-resign-mars": NP_("Mars ({count} point)", "Mars ({count} points)"),
    "play-resign-koks": NP_("Koks ({count} point)", "Koks ({count} points)"),
    # TRANSLATORS: the button that closes the choice of a resignation without resigning.
    "play-resign-cancel": N_("Keep playing"),
    # TRANSLATORS: after a finished game or match: a new one with the same game, length and players.
    "play-again": N_("Play again"),
    "play-hint": N_("Hint"),
    "play-scoresheet": N_("Scoresheet"),
    "play-game-n": N_("Game {game}"),
    "play-new": N_("A new game begins."),
    "play-next-game": N_("Game {game} begins."),
    "play-opening": N_("Opening roll: each side throws one die, the higher starts."),
    "play-opening-tie": N_("Opening roll: both dice show {die}. Throw again."),
    "play-opening-white": N_("Opening roll: White {white}, Black {black}. White starts."),
    "play-opening-black": N_("Opening roll: White {white}, Black {black}. Black starts."),
    "play-white-roll": N_("White to roll."),
    "play-black-roll": N_("Black to roll."),
    "play-rolled-white": N_("White rolled {dice}."),
    "play-rolled-black": N_("Black rolled {dice}."),
    "play-white-confirm": N_("White: confirm the move, or undo."),
    "play-black-confirm": N_("Black: confirm the move, or undo."),
    # The information line for a person playing against the computer ("you"), and while the computer plays.
    "play-you-roll": N_("Your turn: roll the dice."),
    "play-you-roll-double": N_("Your turn: roll the dice, or double."),
    # TRANSLATORS: {dice} are the dice still to play, e.g. "6, 5".
    "play-you-move": N_("Your turn: play {dice}."),
    "play-you-confirm": N_("Your move is made: confirm it, or undo."),
    "play-you-take": N_("You are doubled to {value}: take or pass."),
    "play-computer-white": N_("The computer is playing White's turn."),
    "play-computer-black": N_("The computer is playing Black's turn."),
    # TRANSLATORS: a single move of the computer, as it is made; {move} in notation, e.g. "13/8".
    "play-moves-white": N_("White moves {move}."),
    "play-moves-black": N_("Black moves {move}."),
    "play-played-white": N_("White played {play}."),
    "play-played-black": N_("Black played {play}."),
    "play-white-take": N_("White is doubled to {value}: take or pass."),
    "play-black-take": N_("Black is doubled to {value}: take or pass."),
    "play-white-accept": NP_("Black resigns, offering {count} point: White accepts or declines.",
                             "Black resigns, offering {count} points: White accepts or declines."),
    "play-black-accept": NP_("White resigns, offering {count} point: Black accepts or declines.",
                             "White resigns, offering {count} points: Black accepts or declines."),
    "play-match-white": N_("White wins the match, {white} to {black}."),
    "play-match-black": N_("Black wins the match, {black} to {white}."),
    "play-score-match": N_("Match to {length}: White {white}, Black {black}."),
    "play-score-money": N_("Single game. Points: White {white}, Black {black}."),
    "play-crawford": N_("Crawford game: no doubling."),
    "play-cube-centre": N_("Cube: {value}, in the middle."),
    "play-cube-white": N_("Cube: {value}, White's."),
    "play-cube-black": N_("Cube: {value}, Black's."),
    "play-computer-turn": N_("It is the computer's turn."),
    # TRANSLATORS: said while the computer's first move waits for the rules engine to finish loading.
    "play-computer-waiting": N_("The computer is getting ready to play…"),
    "play-no-game": N_("Start a new game first."),
    "play-over": N_("The game is over."),
    "play-answer-first": N_("Answer the offer first."),
    "play-not-now": N_("That is not possible now."),
    # TRANSLATORS: the rules engine answered an error to a game action (never expected); nothing was played.
    "play-engine-error": N_("The rules engine could not answer that; the game is unchanged."),
    "play-hint-heading": N_("The computer's top plays for {dice}:"),
    # TRANSLATORS: {win} is a whole percentage, e.g. "8/5 6/5: wins 55%".
    "play-hint-item": N_("{play}: wins {win}%"),
    "play-hint-none": N_("No play is possible with {dice}."),
    # TRANSLATORS: said when the hint is shown; its moves are drawn on the board as arrows.
    "play-hint-shown": N_("The computer's best play for {dice}: {play}."),
    "play-rules-short": N_("Rules of short nardy"),
    "play-rules-long": N_("Rules of long nardy"),
    # TRANSLATORS: a toggle button (pressed: on) for the sounds of the dice and the moves.
    "play-sound": N_("Sound"),
    # TRANSLATORS: a button: the board is turned round, the other side's home at the bottom (as a player sees
    # the board from the other chair).
    "play-turn": N_("Turn the board"),
    # TRANSLATORS: which side of the board is at the bottom, said when "Turn the board" is pressed and with it:
    # that side's home at the bottom and the points numbered from it (each side counts from 1 in its own home).
    "play-side-white": N_("White's side at the bottom: the points are numbered from White's side."),
    "play-side-black": N_("Black's side at the bottom: the points are numbered from Black's side."),
    "play-link-copied": N_("Link copied. It opens this position as a new game, with these dice."),
    "play-link-shown": N_("Copy the link from the field above. It opens this position as a new game, with these dice."),
    "play-link-dice-bad": N_("The dice in the link are not two dice from 1 to 6, so they were not rolled."),
    "sheet-opening": N_("Opening roll: White {white}, Black {black}"),
    "sheet-double-white": N_("White doubles to {value}"),
    "sheet-double-black": N_("Black doubles to {value}"),
    "sheet-take-white": N_("White takes"),
    "sheet-take-black": N_("Black takes"),
    "sheet-pass-white": N_("White passes"),
    "sheet-pass-black": N_("Black passes"),
    "sheet-resign-white": NP_("White resigns, offering {count} point", "White resigns, offering {count} points"),
    "sheet-resign-black": NP_("Black resigns, offering {count} point", "Black resigns, offering {count} points"),
    "sheet-accept-white": N_("White accepts"),
    "sheet-accept-black": N_("Black accepts"),
    "sheet-decline-white": N_("White declines"),
    "sheet-decline-black": N_("Black declines"),
    # The scoresheet's numbered lines: a column of move numbers, White's column, Black's column; each cell one
    # side's action (a play is written "31: 8/5 6/5", its dice and the moves).
    # TRANSLATORS: the heading of the scoresheet's column of move numbers (1, 2, 3 ...).
    "sheet-number": N_("Move"),
    "sheet-cell-cannot": N_("cannot move"),
    "sheet-cell-double": N_("Doubles to {value}"),
    "sheet-cell-take": N_("Takes"),
    "sheet-cell-pass": N_("Passes"),
    "sheet-cell-resign": NP_("Resigns, offering {count} point", "Resigns, offering {count} points"),
    "sheet-cell-accept": N_("Accepts"),
    "sheet-cell-decline": N_("Declines"),
    "play-forms": N_("This position in other forms"),
    "play-paste-label": N_("Paste an XGID, a GNU Backgammon Position ID or nardy text"),
    "play-paste": N_("Open this position"),
    "form-text": N_("Nardy text"),
    "form-xgid": N_("XGID"),
    "form-gnubg": N_("GNU Backgammon Position ID"),
    "play-export": N_("Export the match"),
    "play-exported": N_("The match is saved as a file."),
    "play-export-none": N_("This match cannot be exported: only matches from the usual start can."),
    "play-position-opened": N_("The board shows the position you gave."),
    "play-paste-bad": N_("This position cannot be opened."),
    "play-link-bad": N_("The link does not hold a valid position, so a game from the start begins."),
    "play-resumed": N_("Your saved game goes on."),
    "play-stored-bad": N_("The saved game could not be read, so it was removed and a new game begins."),
    "pos-count-white": NP_("White has {count} checker; each side has exactly 15.",
                           "White has {count} checkers; each side has exactly 15."),
    "pos-count-black": NP_("Black has {count} checker; each side has exactly 15.",
                           "Black has {count} checkers; each side has exactly 15."),
    "pos-bar-white": N_("White has checkers on the bar, but long nardy has no bar."),
    "pos-bar-black": N_("Black has checkers on the bar, but long nardy has no bar."),
    "pos-both-colours": N_("Point {point} holds both white and black checkers."),
    "pos-all-off": N_("Both sides have borne off all their checkers."),
    # TRANSLATORS: a set-up position no game can start from: every roll of either side is blocked.
    # TRANSLATORS: an XGID whose dice field is not a roll.
    "pos-dice": N_("Its dice are not two dice from 1 to 6."),
    "pos-frozen": N_("Neither side can ever move here: both have checkers on the bar, and all six points of both "
                     "homes are closed."),
    "pos-unreadable": N_("Give an XGID, a GNU Backgammon Position ID or nardy text (nardy:short:w:...)."),
    # The set-up editor (assets/nardy-play-setup*.js).
    "setup-open": N_("Set up a position"),
    "setup-help": N_("A click or tap on a point, the bar or a tray puts a checker of the chosen colour there, or takes "
                     "one away (choose which below, or hold Shift). On the board: the arrow keys move, Enter puts a "
                     "checker, Delete takes one."),
    "setup-colour": N_("Colour of the checkers"),
    "setup-white": N_("White"),
    "setup-black": N_("Black"),
    # TRANSLATORS: label of a list: what a click on the board does ("puts a checker" / "takes a checker").
    "setup-tool": N_("A click on the board"),
    "setup-put": N_("puts a checker"),
    "setup-take": N_("takes a checker"),
    "setup-turn": N_("Side to move"),
    # TRANSLATORS: the choice of a die that is not set (no dice chosen yet).
    "setup-no-die": N_("none"),
    "setup-bar-white": N_("White checkers on the bar"),
    "setup-bar-black": N_("Black checkers on the bar"),
    "setup-off-white": N_("White checkers borne off"),
    "setup-off-black": N_("Black checkers borne off"),
    "setup-clear": N_("Clear the board"),
    "setup-start": N_("Start position"),
    "setup-previous": N_("Previous play"),
    "setup-next": N_("Next play"),
    "setup-play": N_("Play from here"),
    "setup-back": N_("Back to the game"),
    "setup-opened": N_("Set-up mode: change the position, choose the side to move and the dice, then play from here."),
    "setup-info-white": N_("Set-up: White to move."),
    "setup-info-black": N_("Set-up: Black to move."),
    "setup-valid": N_("The position is valid."),
    "setup-no-dice": N_("Choose both dice to see the legal plays."),
    # TRANSLATORS: stepping through the legal plays; {index} and {count} are numbers, {play} a play in notation.
    "setup-step": N_("Play {index} of {count}: {play}. The board shows the position after it."),
    "setup-shown": N_("The board shows the set-up position."),
    "setup-over": N_("The game is already over in this position."),
    "setup-cleared": N_("The board is empty."),
    "setup-started": N_("The board shows the start position."),
    "setup-count-bad": N_("Write a whole number of checkers: 0, 1, 2 and so on."),
}


def mount(translator) -> str:
    """The play page's mount: both games' boards (the script shows one) and the no-JavaScript line."""
    _ = translator.gettext
    boards = []
    for position, key in ((ShortPosition.start(), "play-short"), (LongPosition.start(), "play-long")):
        picture = svg.board(position, title=_(PLAY[key]), pip_label=_("pips"), id_prefix=f"play-{position.variant}--",
                            style=False)
        hidden = " hidden" if position.variant == "long" else ""
        boards.append(f'<div class="nardy-play-board" data-play-board="{position.variant}"{hidden}>{picture}</div>')
    return (
        '<div class="nardy-play" id="nardy-play">'
        f'<div class="nardy-play-area">{"".join(boards)}</div>'
        f'<noscript><p>{html.escape(_(PLAY["play-nojs"]))}</p></noscript>'
        "</div>"
    )
