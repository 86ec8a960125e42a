"""The text alternative of a board diagram, in the page's language.

Every sentence is one catalog message with named placeholders; lists (the
checkers of a side, the moves shown) are list items joined with the
language's separator. Nothing is built from fragments of a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable

from nardy_rules import BAR, BLACK, OFF, WHITE, Move, Position, Refusal
from nardy_rules.reasons import NP_

from ..translations.i18n import Translator

# One message per colour (a colour is never a word put into a sentence).
ON_BAR = {
    WHITE: NP_("{count} white checker is on the bar.", "{count} white checkers are on the bar."),
    BLACK: NP_("{count} black checker is on the bar.", "{count} black checkers are on the bar."),
}
BORNE_OFF = {
    WHITE: NP_("White has borne off {count} checker.", "White has borne off {count} checkers."),
    BLACK: NP_("Black has borne off {count} checker.", "Black has borne off {count} checkers."),
}


def move_phrase(start, end, hit: bool, tr: Translator) -> str:
    """One move as a list item: "from point 13 to point 8, hitting"."""
    _ = tr.gettext
    if end == OFF:
        return _("bearing off from point {start}").format(start=start)
    if start == BAR:
        text = _("from the bar to point {end}, hitting") if hit else _("from the bar to point {end}")
        return text.format(end=end)
    if hit:
        return _("from point {start} to point {end}, hitting").format(start=start, end=end)
    return _("from point {start} to point {end}").format(start=start, end=end)


def describe(
    position: Position,
    dice: tuple[int, ...] | None,
    shown: Iterable[Move],
    refused: Iterable[tuple[object, object, Refusal]],
    tr: Translator,
    numbering: str = WHITE,
) -> str:
    """Whose turn, the dice, each side's checkers, bar, borne off, pips, the moves shown and refused.

    Points are named in ``numbering``'s own numbers, as the board prints them (White's, the texts', unless an
    article's replay numbers a Black turn from Black's side); the refused moves are the figures', in White's."""
    _ = tr.gettext

    def name(point):
        return position.to_own(numbering, point) if isinstance(point, int) else point

    ngettext = tr.ngettext
    # TRANSLATORS: separates the items of a list inside a sentence ("2 checkers on point 24, 5 checkers on point 13").
    separator = _(", ")
    white = position.turn == WHITE
    sentences = [_("White to move.") if white else _("Black to move.")]
    if dice and len(dice) == 1:
        sentences.append(_("Die: {die}.").format(die=dice[0]))
    elif dice:
        sentences.append(_("Dice: {first} and {second}.").format(first=dice[0], second=dice[1]))

    for color in ("white", "black"):
        items = [
            ngettext("{count} checker on point {point}", "{count} checkers on point {point}", count).format(
                count=count, point=point
            )
            for point, count in sorted(((name(p), n) for p, n in position.checkers(color).items()), reverse=True)
        ]
        if items and color == WHITE:
            sentences.append(_("White checkers: {points}.").format(points=separator.join(items)))
        elif items:
            sentences.append(_("Black checkers: {points}.").format(points=separator.join(items)))
        elif color == WHITE:
            sentences.append(_("No white checker is on the points."))
        else:
            sentences.append(_("No black checker is on the points."))
    for messages, count_of in ((ON_BAR, position.bar), (BORNE_OFF, position.off)):
        for color in ("white", "black"):
            count = count_of(color)
            if count:
                sentences.append(ngettext(*messages[color], count).format(count=count))
    sentences.append(
        _("Pip count: White {white}, Black {black}.").format(white=position.pips("white"), black=position.pips("black"))
    )
    moves = [move_phrase(name(m.start), name(m.end), m.hit, tr) for m in shown]
    if moves:
        sentences.append(_("Moves shown: {moves}.").format(moves=separator.join(moves)))
    for start, end, refusal in refused:
        sentences.append(
            _("Not allowed: {move}. {reason}").format(
                move=move_phrase(start, end, False, tr), reason=refusal.message(_, ngettext)
            )
        )
    return " ".join(sentences)
