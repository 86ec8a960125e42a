"""A mistake's verdict under its figure, in the page's language, with the page's number format.

Short nardy: GNU Backgammon's cubeless equities of both plays and what the
mistake costs; long nardy: the rollout's games per play, the computer's level
that played them, the mean difference in points per game and its 95% interval (``nardy_site.page.verdicts``).
"""

from __future__ import annotations

from babel.numbers import format_decimal

from nardy_rules.reasons import N_

from ..page.verdicts import Verdict, VerdictError
from ..translations.i18n import Translator

TEXTS = {
    # TRANSLATORS: under a mistake's board (short nardy). {plies} is 0, 1 or 2; {better} and {mistake} are plays
    # in notation ("24/18 13/9"); the equities are signed numbers ("+0.123"); {loss} is their difference.
    "short": N_("GNU Backgammon, {plies}-ply, cubeless equity after each play: {better} {better_equity}, "
                "{mistake} {mistake_equity}. The mistake costs {loss} points per game."),
}
#: Long nardy, one text per computer level that rolls out (``verdicts.ROLLOUT_LEVEL``): the figure names it.
ROLLOUT_TEXTS = {
    # TRANSLATORS: under a mistake's board (long nardy): a rollout, each play followed by {games} games played to
    # the end by the computer at its "strong" level (the play page's name of that level) on both sides, with the
    # same dice after both plays. {difference}, {low} and {high} are signed numbers ("+0.123") of points per game.
    "strong": N_("Rollout of {games} games after each play, the same dice for both, the computer (strong level) "
                 "playing both sides: {better} wins {difference} points per game more than {mistake} (95 percent "
                 "interval: {low} to {high})."),
}


def _number(value: float, tr: Translator, pattern: str = "+0.000;-0.000") -> str:
    locale = tr.language.babel if tr.language is not None else "en"
    return format_decimal(value, format=pattern, locale=locale)


def verdict_text(verdict: Verdict, tr: Translator) -> str:
    """The sentence under a mistake's board."""
    if verdict.rollout is not None:
        rollout = verdict.rollout
        low, high = rollout.interval
        if rollout.player not in ROLLOUT_TEXTS:
            raise VerdictError(f"a rollout by the computer's {rollout.player!r} level: the figure has a text for "
                               f"{', '.join(ROLLOUT_TEXTS)} (nardy_site/figures/verdict.py)")
        return tr.gettext(ROLLOUT_TEXTS[rollout.player]).format(
            games=_number(rollout.games, tr, "#,##0"), better=verdict.better, mistake=verdict.mistake,
            difference=_number(rollout.difference, tr), low=_number(low, tr), high=_number(high, tr))
    # The loss of the equities as shown (to three places), so that the reader's subtraction gives it.
    better, mistake = round(verdict.better_equity, 3), round(verdict.mistake_equity, 3)
    return tr.gettext(TEXTS["short"]).format(
        plies=verdict.plies, better=verdict.better, mistake=verdict.mistake,
        better_equity=_number(better, tr), mistake_equity=_number(mistake, tr), loss=_number(better - mistake, tr, "0.000"))
