"""The play page's analysis scripts without a page (assets/play/, run in Node.js by logic_runner.mjs): what the
page says of a rated decision, of the chances along a match and of a match file that does not read, in English
and Russian from the compiled catalogs, for decisions the engine rated (nardy_rules.analysis) and errors the
match reader raised (nardy_rules.matread); the played play's arrows drawn apart from the best play's."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_rules import from_text
from nardy_rules.analysis import analyse
from nardy_rules.matread import MatReadError, read_match_text
from nardy_site.app import live_assets
from nardy_site.translations import i18n, languages

from .test_logic_js import NODE, run  # noqa: F401  (the Node.js runner, a fixture)

pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")

MATCH = Path(__file__).resolve().parents[1] / "engine" / "data" / "gnubg-1pt.mat"
#: A match to 3 whose first double is beavered (the engine's cube has no beaver).
BEAVER = """ 3 point match

 Game 1
 Ali : 0                        Vali : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2)  Doubles => 2                Beavers => 4
"""


@pytest.fixture(scope="module")
def rated():
    return analyse(read_match_text(MATCH.read_text(encoding="utf-8")))


def catalog(code: str) -> dict:
    translator, _ = i18n.load(languages.get(code))
    return live_assets.catalog(translator)


def read_error(text: str) -> dict:
    with pytest.raises(MatReadError) as caught:
        read_match_text(text)
    return caught.value.to_json()


def test_a_rated_play_is_said_with_both_plays_their_chances_and_the_loss(run, rated):  # noqa: F811
    decision = next(d for d in rated["decisions"] if d["mark"] == "blunder")
    win = {option["play"]: option["win"] for option in decision["options"]}
    english, russian = run([{"kind": "reviewLines", "catalog": catalog(code), "decision": decision} for code in ("en", "ru")])
    side = decision["side"].capitalize()
    dice = ", ".join(map(str, decision["dice"]))
    assert english == [
        f"Game 1: {side}'s turn with {dice}.",
        f"Played (dashed arrows): {decision['played']}, wins {int(win[decision['played']] * 100 + 0.5)}%.",
        f"Best (solid arrows): {decision['best']}, wins {int(win[decision['best']] * 100 + 0.5)}%.",
        f"Given away: {decision['lost']:.3f} of a point (blunder).",
    ]
    assert len(russian) == 4 and russian[0].startswith("Партия 1: ход ") and "грубая ошибка" in russian[3]
    assert decision["played"] in russian[1] and decision["best"] in russian[2]


def test_the_best_play_made_and_a_forced_one(run, rated):  # noqa: F811
    best = next(d for d in rated["decisions"] if not d["forced"] and d["played"] == d["best"])
    forced = next(d for d in rated["decisions"] if d["forced"])
    said = run([{"kind": "reviewLines", "catalog": catalog("en"), "decision": d} for d in (best, forced)])
    assert said[0][1].startswith(f"The play made is the best (solid arrows): {best['best']}, wins ") and len(said[0]) == 2
    assert said[1][1] == f"The only play possible: {forced['played']}." and len(said[1]) == 2


def test_a_cube_decision_is_said_with_what_was_right(run):  # noqa: F811
    decision = {"kind": "cube", "game": 2, "side": "black", "action": "no double", "right": "double", "lost": 0.09,
                "mark": "error", "chances": 0.2, "position": "nardy:short:b:6x5:19x5"}
    [lines] = run([{"kind": "reviewLines", "catalog": catalog("en"), "decision": decision}])
    assert lines == ["Game 2: Black's cube decision.", "Done: no double. Right: double.",
                     "Given away: 0.090 of a point (error)."]


def test_the_plots_summary_names_the_lowest_and_highest_chance(run):  # noqa: F811
    decisions = [{"chances": c, "game": g} for c, g in ((0.5, 1), (0.125, 1), (0.875, 2), (0.333, 3))]
    english, russian = run([{"kind": "plotSummary", "catalog": catalog(code), "decisions": decisions} for code in ("en", "ru")])
    assert english == ("White's chances of winning the game, decision after decision: at the start 50%, at the end "
                       "33%, at the lowest 13% (game 1), at the highest 88% (game 2).")
    assert "50%" in russian and "13% (партия 1)" in russian and "88% (партия 2)" in russian


def test_a_file_that_does_not_read_is_said_with_its_line_and_reason(run):  # noqa: F811
    good = MATCH.read_text(encoding="utf-8")
    errors = [
        read_error(good.replace("62: 24/18* 13/11", "62: <b>24/18*</b> 13/11")),
        read_error(good.replace(" 1 point match", "")),
        read_error(good.replace("62: 24/18* 13/11", "62: 24/16 13/11")),
        read_error(BEAVER),
        {"error": "from a newer engine", "code": "something-new", "params": {}, "line": 3},
    ]
    assert [e["code"] for e in errors[:4]] == ["bad-move", "no-match", "illegal-play", "unsupported"]
    said = run([{"kind": "importProblem", "catalog": catalog(code), "answer": error}
                for code in ("en", "ru") for error in errors])
    english, russian = said[:5], said[5:]
    head = [f"The file does not read, line {error['line']}:" for error in errors]
    assert english[0] == f"{head[0]} '<b>24/18*</b>' does not read as moves (like 13/8 or 25/22*)."
    assert english[1] == "The file does not read: it has no line like “5 point match”: it is not a match file."
    illegal = f"{head[2]} '24/16 13/11' is not a legal play of its roll."
    assert english[2].startswith(illegal) and (len(english[2]) > len(illegal)) == bool(errors[2]["params"]["reason"])
    assert english[3].endswith("a beaver: the doubling cube here has none.")
    assert english[4] == "The file does not read, line 3: The rules engine could not answer that; the game is unchanged."
    assert russian[0].startswith(f"Файл не читается, строка {errors[0]['line']}: '<b>24/18*</b>' не читается как ходы")
    assert russian[1] == "Файл не читается: в нем нет строки вроде «5 point match»: это не файл матча."


def test_the_played_plays_arrows_are_drawn_apart_from_the_best(run):  # noqa: F811
    position = from_text("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2").to_json()
    moves = [{"from": 8, "to": 5, "die": 3, "hit": False}, {"from": 6, "to": 5, "die": 1, "hit": False}]
    best, played = run([{"kind": "hintArrows", "position": position, "moves": moves, "played": flag} for flag in (False, True)])
    assert [g["attrs"]["class"] for g in best] == ["nardy-live-arrow"] * 2
    assert [g["attrs"]["class"] for g in played] == ["nardy-live-arrow nardy-live-played"] * 2
    assert {c["attrs"]["class"] for g in played for c in g["children"]} == {"nardy-arrow nardy-mistake", "nardy-mistake-head"}
    assert [c["attrs"]["d"] for g in best for c in g["children"]] == [c["attrs"]["d"] for g in played for c in g["children"]]
