"""Mutation tests: code changes that once passed every non-browser test now fail their guarding tests.

Each mutant is one careless change to the production code.
The test copies the repository to a temporary folder, applies the change to
the copy, runs only the guarding tests there in a fresh interpreter, and
asserts that they fail (pytest's exit status 1: tests ran and failed, not an
import or collection error). A control run on an unchanged copy shows the same
guards pass there, so the failure is the mutant's doing.

When the code a mutant changes is rewritten, the mutant no longer applies and
its test says so: write the same mistake against the new code.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Left out of the copy: at the top, what git ignores or builds; anywhere, caches.
TOP_LEVEL = {".git", "site", "build", ".venv", "node_modules"}
ANYWHERE = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.mo")


def ignore(folder: str, names: list[str]) -> set[str]:
    left_out = set(ANYWHERE(folder, names))
    if Path(folder) == ROOT:
        left_out |= {name for name in names if name in TOP_LEVEL or name.startswith("site.")}
    return left_out


@dataclass(frozen=True)
class Mutant:
    path: str      # the file changed, from the repository's root
    pattern: str   # a regular expression that must match exactly once
    replacement: str
    guards: tuple  # pytest node ids that must fail

    def apply(self, source: str) -> str:
        changed, count = re.subn(self.pattern, lambda _m: self.replacement, source)
        if count != 1:
            raise AssertionError(f"the mutant no longer applies: {self.pattern!r} matches {count} times in {self.path}")
        return changed


BOT_RULES = "test_bot_rules.py"

MUTANTS = {
    # The board's description written into the SVG without escaping.
    "svg-desc-unescaped": Mutant(
        "nardy_rules/svg.py", r"html\.escape\(str\(desc\)\)", "desc",
        ("tests/site/test_svg_text_alternative.py",)),
    # A results table compared by its number of rows only (koks = 4 then passes).
    "results-by-length": Mutant(
        "nardy_site/page/tables.py", r"if points != want:", "if len(points) != len(want):",
        tuple(f"tests/docs/test_mutations.py::test_a_one_cell_typo_fails_with_its_line[uz-{typo}]"
              for typo in ("short-results-2-2-3", "long-results-1-2-2"))),
    # The root page's language names written without escaping.
    "rootpage-name-unescaped": Mutant(
        "nardy_site/pages/rootpage.py", r"\be\(lang\.name\)", "lang.name",
        ("tests/site/test_rootpage_names.py",)),
    # must-play-larger-die no longer reported by targets.
    "targets-without-larger-die": Mutant(
        "nardy_rules/live.py", r'NOT_A_LANDING = \("no-such-die", "backwards"\)',
        'NOT_A_LANDING = ("no-such-die", "backwards", "must-play-larger-die")',
        ("tests/engine/test_live.py::test_targets_list_the_larger_die_refusal",)),
    # A closed landing point no longer explained on the board.
    "targets-without-closed-points": Mutant(
        "nardy_rules/live.py", r'NOT_A_LANDING = \("no-such-die", "backwards"\)',
        'NOT_A_LANDING = ("no-such-die", "backwards", "point-closed")',
        ("tests/engine/test_live_protocol.py::test_targets_of_a_checker_that_can_move",)),
    # The computer player (nardy_rules/bot/): realistic one-line mistakes in its cube and match decisions, its
    # levels, its input encoding and its evaluator, each caught by tests/engine/test_bot_rules.py (or the
    # weights and batch tests) without a browser.
    **{name: Mutant(f"nardy_rules/bot/{path}", pattern, replacement, tuple(f"tests/engine/{guard}" for guard in guards))
       for name, (path, pattern, replacement, guards) in {
        # A cube that gives exactly the match is dead too: ">" misses it.
        "bot-dead-cube-by-more": ("cube.py", r"if cube\.value >= need_me:", "if cube.value > need_me:",
                                  [f"{BOT_RULES}::test_no_double_with_a_dead_cube"]),
        # After the Crawford game it is the trailer who doubles at once, not the leader.
        "bot-post-crawford-wrong-side": ("cube.py", r"match\.crawford_done and need_opp == 1:",
                                         "match.crawford_done and need_me == 1:",
                                         [f"{BOT_RULES}::test_after_the_crawford_game_the_trailer_doubles_at_once"]),
        # A pass that gives the doubler exactly what it needs loses the match: ">" passes it.
        "bot-take-pass-loses-by-more": ("cube.py", r"if cube\.value >= need_doubler:",
                                        "if cube.value > need_doubler:",
                                        [f"{BOT_RULES}::test_a_take_where_a_pass_loses_the_match"]),
        # The taker at match point, not the doubler.
        "bot-match-point-take-wrong-side": ("cube.py", r"if need_me == 1 and match\.crawford_done:",
                                            "if need_doubler == 1 and match.crawford_done:",
                                            [f"{BOT_RULES}::test_the_leader_at_match_point_after_crawford_takes"]),
        # Janowski's centred cube with the sign of x turned.
        "bot-janowski-centre": ("cube.py", r"return 4 / \(4 - x\)", "return 4 / (4 + x)",
                                [f"{BOT_RULES}::test_janowski_equities_worked_by_hand"]),
        # A take valued at the cube before it is doubled.
        "bot-take-cube-not-doubled": ("cube.py", r"take = 2 \* janowski\(p, w, lose, \"me\"\)",
                                      'take = janowski(p, w, lose, "me")',
                                      [f"{BOT_RULES}::test_the_take_point_is_about_21_4_percent_without_gammons"]),
        # The average loss divided by the chance of winning instead of losing.
        "bot-loss-over-win-chance": ("cube.py", r"1\.0 \+ lost / \(1\.0 - p\)", "1.0 + lost / p",
                                     [f"{BOT_RULES}::test_a_take_counts_the_gammons_of_both_sides"]),
        # The taker reads the doubler's mars chances as its own.
        "bot-taker-mars-not-mirrored": ("cube.py", r'"win mars": theirs\["lose mars"\]',
                                        '"win mars": theirs["win mars"]',
                                        [f"{BOT_RULES}::test_a_take_counts_the_gammons_of_both_sides"]),
        # Whose equity the computer expects when it is offered a resignation.
        "bot-resignation-sign": ("cube.py", r"if position\.turn != resigning else", "if position.turn == resigning else",
                                 [f"{BOT_RULES}::test_a_resignation_is_accepted_by_what_the_computer_expects"]),
        # The cube life mistyped.
        "bot-cube-life-typo": ("cube.py", r"CUBE_LIFE = 0\.68", "CUBE_LIFE = 0.86",
                               [f"{BOT_RULES}::test_money_doubles_from_the_chances_by_the_model"]),
        # Plays ranked by equity alone: every level plays like the strongest.
        "bot-levels-ranked-without-error": ("players.py", r"ranked\.sort\(key=lambda entry: -entry\[2\]\)",
                                            'ranked.sort(key=lambda entry: -entry[1]["equity"])',
                                            [f"{BOT_RULES}::test_each_level_adds_its_error_to_each_plays_equity_and_"
                                             "plays_the_best_score"]),
        # gauss(mu, sigma) with its arguments swapped: no error at all.
        "bot-levels-gauss-arguments": ("players.py", r"rng\.gauss\(0\.0, settings\.noise\)",
                                       "rng.gauss(settings.noise, 0.0)",
                                       [f"{BOT_RULES}::test_the_lower_levels_miss_the_best_play_the_more_the_weaker"]),
        # The club level given the beginner's error.
        "bot-club-as-beginner": ("players.py", r"small random error\", noise=0\.12\)",
                                 'small random error", noise=0.4)',
                                 [f"{BOT_RULES}::test_the_levels_are_the_documented_errors",
                                  f"{BOT_RULES}::test_the_lower_levels_miss_the_best_play_the_more_the_weaker"]),
        # Checkers on the bar scaled as if borne off.
        "bot-bar-units-scale": ("encoding.py", r'"bar": \[\(float\(c >= 1\), c / 2\.0\)',
                                '"bar": [(float(c >= 1), c / 15.0)',
                                [f"{BOT_RULES}::test_the_short_encoding_of_bar_and_borne_off_checkers_by_hand"]),
        # Borne-off checkers scaled as if on the bar.
        "bot-off-units-scale": ("encoding.py", r'"off": \[\(float\(c >= 1\), c / 15\.0\)',
                                '"off": [(float(c >= 1), c / 2.0)',
                                [f"{BOT_RULES}::test_the_long_encoding_of_borne_off_checkers_by_hand"]),
        # The pip count leaving out the bar (the dense reference; the fast path folds it in apart).
        "bot-pips-without-bar": ("encoding.py", r"sum\(p \* own\[p\] for p in range\(1, 26\)\) / 100\.0",
                                 "sum(p * own[p] for p in range(1, 25)) / 100.0",
                                 [f"{BOT_RULES}::test_the_short_encoding_of_bar_and_borne_off_checkers_by_hand"]),
        # The fast path's pip share leaving out the bar.
        "bot-fast-pips-without-bar": ("encoding.py", r"if 1 <= index <= 25 else \{\}", "if 1 <= index <= 24 else {}",
                                      [f"{BOT_RULES}::test_the_evaluators_outputs_on_pinned_positions"]),
        # The sides of the boards swapped.
        "bot-boards-swapped": ("encoding.py",
                               r"return list\(position\.own_board\(mover\)\), list\(position\.own_board\(other\(mover\)\)\)",
                               "return list(position.own_board(other(mover))), list(position.own_board(mover))",
                               [f"{BOT_RULES}::test_boards_put_the_bar_at_25_and_the_borne_off_at_0_in_each_sides_"
                                "own_numbering"]),
        # A mars ruled out by the winner's borne-off checkers instead of the loser's.
        "bot-mars-checks-own-off": ("evaluate.py", r'out\["win mars"\] = 0\.0 if opp\[0\]',
                                    'out["win mars"] = 0.0 if own[0]',
                                    [f"{BOT_RULES}::test_estimates_respect_borne_off_and_finished_games"]),
        # A finished mars valued as a koks.
        "bot-finished-mars-as-koks": ("evaluate.py", r'koks = float\(result\.kind == "koks"\)',
                                      'koks = float(result.kind in ("mars", "koks"))',
                                      [f"{BOT_RULES}::test_estimates_respect_borne_off_and_finished_games"]),
        # The opponent's doubles weighted as the other rolls and the others as doubles (out of 36 still).
        "bot-lookahead-roll-weights-swapped": ("lookahead.py", r"1 if roll\[0\] == roll\[1\] else 2\)",
                                               "2 if roll[0] == roll[1] else 1)",
                                               ["test_lookahead.py::test_every_reply_evaluated_gives_the_"
                                                "definition_exactly"]),
        # A weights header compared by value only: "version": true reads as 1.
        "bot-weights-types-by-value": ("network.py", r"if type\(value\) is not type\(wanted\):", "if False:",
                                       ["test_entry_points.py::test_weights_header_fields_have_exact_types"]),
    }.items()},
    # A board seen from Black's side (nardy_rules.svg.layout, assets/board/): the pips left in White's rows,
    # the clicks on a tray taken by colour instead of by where the tray is drawn, the numbers printed in White's
    # numbering, the keyboard cursor going round in White's order, the board's words in White's numbers.
    "side-pips-not-turned": Mutant(
        "nardy_rules/svg.py", r'"pips": \{color: pips\[role\(color\)\] for color in COLORS\}', '"pips": pips',
        ("tests/site/test_svg.py::test_a_side_sees_exactly_the_picture_white_sees",)),
    "side-tray-clicks-by-colour": Mutant(
        "assets/board/nardy-geometry.js", r"upperTray\(layout, color\) === upper\) return \"off\"",
        '(color === "white") === !upper) return "off"',
        ("tests/site/test_logic_js.py::test_clicks_land_on_the_place_under_them",
         "tests/site/test_logic_js.py::test_a_click_on_a_drawn_point_is_that_point")),
    "side-numbers-not-turned": Mutant(
        "assets/board/nardy-draw.js", r"places\.push\(\[String\(labels\[String\(point\)\]\)",
        "places.push([String(point)",
        ("tests/site/test_logic_js.py::test_numbers_and_shades_are_drawn_as_the_engine_draws_them",)),
    "side-cursor-in-whites-order": Mutant(
        "assets/board/nardy-geometry.js",
        r"points\.sort\(\(a, b\) => layout\.labels\[String\(b\)\] - layout\.labels\[String\(a\)\]\);",
        "points.sort((a, b) => b - a);",
        ("tests/site/test_logic_js.py::test_the_keyboard_cursor_goes_round_in_the_viewers_numbering",)),
    "side-words-in-whites-numbers": Mutant(
        "assets/board/nardy-numbering.js", r"const number = this\.labels && this\.labels\[String\(place\)\];",
        "const number = null;",
        ("tests/site/test_logic_js.py::test_a_sides_numbering_says_plays_as_that_side_writes_them",
         "tests/site/test_logic_js.py::test_a_sides_numbering_says_the_points_of_a_refusal_and_of_the_cursor")),
    # The analysis marks a decision that gives away exactly a threshold (GNU Backgammon's marks are "more than").
    "analysis-mark-at-the-threshold": Mutant(
        "nardy_rules/analysis.py", r"if lost > threshold:", "if lost >= threshold:",
        ("tests/engine/test_analysis.py::test_gnubg_thresholds_mark_what_is_given_away_beyond_them",)),
    # 8/4*(2) read as two hits (every copy of a repeated move keeps its star).
    "repeat-hits-twice": Mutant(
        "nardy_rules/notation.py", r"paths\.extend\(\[path\] \+ \[\[\(point, False\) for point, _hit in path\]\] \* "
        r"\(repeat - 1\)\)",
        "paths.extend([path] * repeat)",
        ("tests/engine/test_dialects.py::test_a_hit_repeated_on_two_checkers_hits_once",)),
    # A last result capped at the match length (Backgammon Galaxy's) refused: only what the winner needed.
    "capped-at-what-was-needed-only": Mutant(
        "nardy_rules/matread.py", r"points in \(needed, self\.length\)", "points == needed",
        ("tests/engine/test_real_files.py::test_a_capped_last_result_still_ends_the_match_with_the_games_own_points",)),
    # A resignation by the side not on roll read as one by the side on roll.
    "resigns-only-on-roll": Mutant(
        "nardy_rules/matread.py", r"side=None if game\.side == loser else loser\)", "side=None)",
        ("tests/engine/test_dialects.py::test_a_resignation_by_the_side_not_on_roll_before_the_roll",)),
    # The articles' false sentences put back, each with the claim it makes (one mutant per kind of claim, in
    # some language): the doc tests compute the claim and find it false (tests/docs/test_prose_claims.py).
    **{f"claim-{kind}": Mutant(f"docs/{lang}/{page}", re.escape(old), new,
                               (f"tests/docs/test_prose_claims.py::test_every_claim_of_the_page_holds[{lang}/{page}]",))
       for kind, (lang, page, old, new) in {
        # Mistake 1: "the first move is 1-1" (the first play of a game is never a double).
        "turn": ("en", "short-mistakes.md",
                 "The game's third turn: Black has just hit a white checker, one white checker is on the bar, and "
                 "White rolls 1-1.<!-- claim: turn number=3 -->",
                 "The first move is 1-1, and one white checker is on the bar.<!-- claim: turn number=1 -->"),
        # Mistake 2: "8/3 8/7 leaves two blots, on points 3 and 7" (three: the checker left on 8 too).
        "blots": ("ru", "short-mistakes.md",
                  "Ход 8/3 8/7 оставляет три одиночные шашки — на пунктах 3, 7 и 8.<!-- claim: blots at=mistake "
                  "count=3 points=3,7,8 -->",
                  "Ход 8/3 8/7 оставляет две одиночные шашки — на пунктах 3 и 7.<!-- claim: blots at=mistake "
                  "count=2 points=3,7 -->"),
        # Mistake 7: "two white checkers are not home yet" (more are).
        "checkers": ("kk", "short-mistakes.md",
                     "Үш ақ тас — 16-, 10- және 9-пункттерде — әлі үйге жетпеген, ал қаралардың 5-пункттегі екі тасы "
                     "оларды күтіп тұр: олардың алдына түскен жалғыз тас ұрылуы мүмкін.<!-- claim: checkers "
                     "where=outside count=3 points=9,10,16 -->",
                     "Ақтардың екі тасы — 16- және 10-пункттерде — әлі үйге жетпеген.<!-- claim: checkers "
                     "where=outside count=2 points=10,16 -->"),
        # Mistake 10: "the mars cannot be saved any more" (White escapes it in 68 games of 100).
        "chance": ("uz", "short-mistakes.md",
                   "mars xavf solmoqda.<!-- claim: checkers side=opponent where=left count=5 --><!-- claim: "
                   "checkers where=off count=0 -->",
                   "marsdan qutulib boʻlmaydi, 100 oʻyindan 0 tasida ham.<!-- claim: checkers side=opponent "
                   "where=left count=5 --><!-- claim: checkers where=off count=0 --><!-- claim: chance "
                   "at=better event=escape-mars percent=0 -->"),
        # "The better play must be at least 0.04 points above the mistake: GNU Backgammon calls that an error."
        "threshold": ("az", "short-mistakes.md", "<!-- claim: threshold mark=doubtful loss=0.04 -->",
                      "<!-- claim: threshold mark=error loss=0.04 -->"),
        # The long game, turn 25: "White takes no checker from the head — it does not have to".
        "leaves": ("en", "long-game.md",
                   "White cannot take a checker from the head: the four would take it to point 20, where a black "
                   "checker stands.<!-- claim: refused move=24/20 reason=point-closed -->",
                   "White takes no checker from the head — it does not have to: the four could take one to point "
                   "20.<!-- claim: leaves at=before from=24 dice=4 -->"),
        "refused": ("hy", "long-game.md", "<!-- claim: refused move=24/20 reason=point-closed --> Գլխին",
                    "<!-- claim: refused move=24/20 reason=head-rule --> Գլխին"),
        # The short game, turn 26: "there is no checker on point 19" (a white one stands there: no black one).
        "checkers-of-a-point": ("ru", "short-game.md",
                                "На пункте 6 черных шашек нет, поэтому остальные шестерки выбрасывают самые дальние "
                                "шашки: две с пункта 5 и одну с пункта 4.<!-- claim: checkers where=6 count=0 -->",
                                "На пункте 6 шашек нет, поэтому остальные шестерки выбрасывают самые дальние шашки: "
                                "две с пункта 5 и одну с пункта 4.<!-- claim: checkers side=white where=6 count=0 -->"),
        # The short game's lessons: "two white checkers went to the bar" (White was hit three times).
        "hits": ("uz", "short-game.md", "Oqlarning donalari uch marta urildi, ikkitasi bir vaqtda barda qoldi.<!-- "
                 "claim: hits side=white count=3 -->",
                 "Oqlarning ikki donasi barga tushdi.<!-- claim: hits side=white count=2 -->"),
        "bar-most": ("hy", "short-game.md", "<!-- claim: bar-most side=white count=2 -->",
                     "<!-- claim: bar-most side=white count=3 -->"),
        # "...the 7-point later makes it harder for a hit checker to enter": only points of the home do.
        "made": ("en", "short-mistakes.md", "6/4(2) closes one more point at home: now the black checker on the bar "
                 "has more closed points against it.<!-- claim: made at=better where=home count=1 -->",
                 "6/4(2) closes two more points at home: now the black checker on the bar has more closed points "
                 "against it.<!-- claim: made at=better where=home count=2 -->"),
        "held": ("kk", "short-game.md", "held where=home count=5 points=1,3,4,5,6",
                 "held where=home count=4 points=1,3,4,5"),
        "run": ("hy", "long-game.md", "run count=5 from=7 to=11", "run count=6 from=6 to=11"),
        "pips": ("az", "short-mistakes.md", "132 xana sayına qarşı 88: onlar yalnız qara daşı vurub onu barda saxlasalar "
                 "qalib gələ bilərlər.<!-- claim: pips count=132 -->",
                 "120 xana sayına qarşı 88: onlar yalnız qara daşı vurub onu barda saxlasalar qalib gələ bilərlər."
                 "<!-- claim: pips count=120 -->"),
        "rolls": ("en", "short-mistakes.md", "with 17 rolls of 36 and, both sides playing their best, escapes the mars in "
                  "68 games of 100.<!-- claim: rolls at=better goal=home count=17 -->",
                  "with 18 rolls of 36 and, both sides playing their best, escapes the mars in 68 games of 100.<!-- "
                  "claim: rolls at=better goal=home count=18 -->"),
        "lost": ("ru", "long-game.md", "Сыграна двойка, четверка пропадает: пункт 20 занят.<!-- claim: lost dice=4 -->",
                 "Сыграна четверка, двойка пропадает: пункт 20 занят.<!-- claim: lost dice=2 -->"),
        "worst": ("ru", "short-game.md", "Теперь худшее для белых — марс.<!-- claim: worst result=mars -->",
                  "Теперь худшее для белых — кокс.<!-- claim: worst result=koks -->"),
    }.items()},
}


def copy_of_the_repository(target: Path) -> Path:
    shutil.copytree(ROOT, target, symlinks=True, ignore=ignore)
    return target


def run_pytest(repo: Path, *arguments: str) -> subprocess.CompletedProcess:
    """pytest in a fresh interpreter on ``repo``, without the conftest files (the guards need none of
    their fixtures, and skipping them saves a second per run)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST", "PYTHON"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--noconftest", *arguments]
    return subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True, timeout=300)


def test_the_guards_pass_on_the_real_code(tmp_path):
    repo = copy_of_the_repository(tmp_path / "repo")
    guards = [guard for mutant in MUTANTS.values() for guard in mutant.guards]
    done = run_pytest(repo, *guards)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\b[1-9]\d* passed", done.stdout) and " skipped" not in done.stdout, done.stdout[-3000:]


@pytest.mark.parametrize("name", list(MUTANTS))
def test_the_mutant_fails_its_guards(tmp_path, name):
    mutant = MUTANTS[name]
    repo = copy_of_the_repository(tmp_path / "repo")
    target = repo / mutant.path
    target.write_text(mutant.apply(target.read_text(encoding="utf-8")), encoding="utf-8")
    done = run_pytest(repo, "-x", *mutant.guards)
    # 1: tests ran and some failed (2 would be an interrupted run, 4 a usage error, 5 no tests).
    assert done.returncode == 1, f"{name} survived:\n" + done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\b[1-9]\d* failed", done.stdout), done.stdout[-3000:]
