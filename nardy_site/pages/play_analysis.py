"""Match analysis and import on the play page: their strings.

:data:`ANALYSIS` are the strings of ``assets/play/nardy-play-analysis.js``,
``nardy-play-review.js`` and ``nardy-play-plot.js``, compiled with
``play_page.PLAY`` into each language's ``assets/i18n.json``
(``nardy_site.app.live_assets.catalog``): whole sentences with named
{placeholders}; numbers stay digits. ``import-<code>`` says why a match file
does not read, one message per code of ``nardy_rules.matread`` (the page
names the line before it); :data:`IMPORT_CODES` lists them, and a test holds
the two to the reader's codes.
"""

from __future__ import annotations

from nardy_rules.reasons import N_

#: The codes of ``nardy_rules.matread.MatReadError`` (``unsupported`` split by its ``what``).
IMPORT_CODES = ("too-long", "no-match", "length", "variation", "unsupported-beaver", "unsupported-jacoby",
                "bad-line", "score-line", "wrong-score", "bad-cell", "bad-move", "illegal-play", "missing-play",
                "wrong-side", "not-now", "cube-value", "wrong-result", "resign-value", "unfinished", "after-match",
                "money-session")

ANALYSIS = {
    "play-computer-expert": N_("the computer, expert"),
    # TRANSLATORS: a button: the computer rates every play and cube decision of the match.
    "play-analyse": N_("Analyse"),
    "analysis-heading": N_("Analysis"),
    "analysis-help": N_("The computer rates every play and cube decision, as GNU Backgammon does: a decision that "
                        "gives away more than 0.04 of a point is doubtful (?!), more than 0.08 an error (?), more "
                        "than 0.16 a blunder (??). Choose a play in the scoresheet to see it on the board."),
    "analysis-progress": N_("Progress of the analysis"),
    # TRANSLATORS: {done} and {total} are numbers of decisions (plays and cube decisions).
    "analysis-progress-n": N_("{done} of {total} decisions rated"),
    "analysis-started": N_("The computer is analysing the match."),
    "analysis-done": N_("The analysis is done: the marks are in the scoresheet, the summary and the plot below it."),
    "analysis-none": N_("There is nothing to analyse yet: no decision has been made."),
    "analysis-failed": N_("The analysis could not be made; the game is unchanged."),
    "analysis-online": N_("A match played online is analysed once it is exported and imported here."),
    "analysis-summary": N_("Summary of the analysis"),
    # TRANSLATORS: the summary's rows, per player (the columns are White and Black).
    "analysis-unforced": N_("Plays rated (not forced)"),
    "analysis-cube": N_("Cube decisions rated"),
    "analysis-doubtful": N_("Doubtful (?!)"),
    "analysis-errors": N_("Errors (?)"),
    "analysis-blunders": N_("Blunders (??)"),
    # TRANSLATORS: the equity lost through the player's decisions, in points (e.g. 0.512).
    "analysis-lost": N_("Equity given away"),
    # TRANSLATORS: GNU Backgammon's "error rate": the equity lost per decision, in thousandths of a point.
    "analysis-rate": N_("Error rate (thousandths of a point per decision)"),
    "mark-doubtful": N_("doubtful"),
    "mark-error": N_("error"),
    "mark-blunder": N_("blunder"),
    # TRANSLATORS: after a play in the scoresheet, for screen readers: "blunder: 0.184 given away".
    "mark-lost": N_("{mark}: {lost} given away"),
    # A play shown on the board (nardy-play-review.js).
    "review-white": N_("Game {game}: White's turn with {dice}."),
    "review-black": N_("Game {game}: Black's turn with {dice}."),
    "review-cube-white": N_("Game {game}: White's cube decision."),
    "review-cube-black": N_("Game {game}: Black's cube decision."),
    # TRANSLATORS: {win} is a whole percentage: the mover's chance of winning the game after the play.
    "review-played": N_("Played (dashed arrows): {play}, wins {win}%."),
    "review-best": N_("Best (solid arrows): {play}, wins {win}%."),
    "review-played-best": N_("The play made is the best (solid arrows): {play}, wins {win}%."),
    "review-forced": N_("The only play possible: {play}."),
    "review-lost": N_("Given away: {lost} of a point ({mark})."),
    "review-lost-plain": N_("Given away: {lost} of a point."),
    # TRANSLATORS: {action} and {right} are cube actions (double, no double, take, pass).
    "review-action": N_("Done: {action}. Right: {right}."),
    "review-chances": N_("The chances of the side on roll from here: {win}%."),
    "action-double": N_("double"),
    "action-no-double": N_("no double"),
    "action-take": N_("take"),
    "action-pass": N_("pass"),
    "review-shown": N_("The board shows the position before this decision. Escape returns to the game."),
    "review-previous": N_("Previous decision"),
    "review-next": N_("Next decision"),
    # The plot of the chances along the match (nardy-play-plot.js).
    "plot-title": N_("White's chances of winning the game along the match"),
    # TRANSLATORS: the plot's text alternative; every number is a whole percentage ("45%, ..."); a percent
    # sign is never followed by a space and a letter (gettext would read "% a" as a Python format).
    "plot-summary": N_("White's chances of winning the game, decision after decision: at the start {first}%, at the "
                       "end {last}%, at the lowest {low}% (game {low_game}), at the highest {high}% (game {high_game})."),
    # Import from a file (nardy-play-analysis.js).
    "import-label": N_("Import a match: a .mat file (GNU Backgammon, eXtreme Gammon) or the long nardy text"),
    "import-done": N_("The match is imported: play it on, or analyse it."),
    "import-unreadable": N_("The file could not be read."),
    "import-bad-at": N_("The file does not read, line {line}:"),
    "import-bad": N_("The file does not read:"),
    "import-too-long": N_("it is longer than the page reads."),
    "import-no-match": N_("it has no line like “5 point match”: it is not a match file."),
    "import-length": N_("a match of {length} points: the engine plays matches of up to 64 points."),
    "import-variation": N_("the variation {variation} is neither backgammon (short nardy) nor long nardy."),
    "import-unsupported-beaver": N_("a beaver: the doubling cube here has none."),
    "import-unsupported-jacoby": N_("a result under the Jacoby rule, which is not played here."),
    "import-bad-line": N_("{text} is neither a game, a score nor moves."),
    "import-score-line": N_("the line after “Game N” does not give both players' scores."),
    "import-wrong-score": N_("the score does not follow from the games before."),
    "import-bad-cell": N_("{text} is neither a roll, a cube action nor a result."),
    "import-bad-move": N_("{text} does not read as moves (like 13/8 or 25/22*)."),
    "import-illegal-play": N_("{text} is not a legal play of its roll."),
    "import-missing-play": N_("the roll can be played, but no move is written."),
    "import-wrong-side": N_("the action is written for the player whose turn it is not."),
    "import-not-now": N_("the rules do not allow this action at this moment."),
    "import-cube-value": N_("the doubling cube's value does not follow from the doubles before."),
    "import-wrong-result": N_("the points won do not match how the game ended."),
    "import-resign-value": N_("the points of the resignation are not what the position gives."),
    "import-unfinished": N_("game {game} has no result before the next game."),
    "import-after-match": N_("a game or an action after the match is over."),
    "import-money-session": N_("a second game after a money game: a record holds one money game."),
}
