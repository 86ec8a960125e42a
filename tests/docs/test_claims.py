"""Claims of the documents that are not a table or a diagram (CLAIMS.md lists every claim).

Each figure is counted by the engine (or from the rules, where the engine has
no function for it), compared with the number the documents state, and found
in the sentence of every language's page that states it: the figure and the
words of that claim in one sentence of the section's prose (not in a table,
a diagram block or a heading), so a number that happens to stand elsewhere in
the section holds nothing.
"""

import re
from fractions import Fraction
from itertools import product

import pytest

from nardy_rules import ALL_ROLLS, DISTINCT_ROLLS, LongPosition, ShortPosition, legal_plays
from nardy_rules.figures import hit_rolls, opening_roll_share, opening_rolls, share
from nardy_site.translations.languages import enabled

from .pages import ROOT, name, section

#: Where a sentence ends: . ! ? and the Armenian full stop, before white space or the end.
SENTENCE_END = re.compile(r"(?<=[.!?\u0589])\s+")


def pages(page):
    return [ROOT / "docs" / lang.code / page for lang in enabled()]


def prose_sentences(path, section_id):
    """The sentences of a section's paragraphs: without headings, tables, diagram blocks and comments."""
    kept, fenced = [], False
    for line in section(path, section_id).splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if fenced or stripped.startswith(("#", "|", "<!--")):
            kept.append("")  # a paragraph break
            continue
        kept.append(stripped)
    paragraphs = " ".join(line or "\n" for line in kept).split("\n")
    return [s.strip() for p in paragraphs for s in SENTENCE_END.split(p) if s.strip()]


def figure_pattern(figure):
    """A number as a whole number ("15" not inside "150"); a decimal figure with a point or a comma."""
    return re.compile(r"(?<![\d.,])" + re.escape(figure).replace(r"\.", "[.,]") + r"(?![\d]|[.,]\d)")


def stated(page, section_id, figure, words):
    """In every language, one sentence of the section holds ``figure`` (None: no figure) and all of
    ``words[lang]`` (case-insensitive)."""
    for path in pages(page):
        if not path.exists():
            continue
        code = path.parent.name
        assert code in words, f"{name(path)}: no words for this language in the claim's table of words"
        wanted = [w.casefold() for w in words[code]]
        sentences = prose_sentences(path, section_id)
        found = [s for s in sentences if (figure is None or figure_pattern(figure).search(s))
                 and all(w in s.casefold() for w in wanted)]
        with_figure = [s for s in sentences if figure is not None and figure_pattern(figure).search(s)]
        assert found, (f"{name(path)}#{section_id}: no sentence states {figure or ''} with {words[code]}; "
                       f"sentences with the figure: {with_figure}")


# The words of each claim, in every language: they stand in the sentence with the figure.
NEVER_A_DOUBLE = {"uz": ["hech qachon", "dubl"], "en": ["never", "doubles"], "ru": ["никогда", "дубл"],
                  "hy": ["երբեք", "զույգ"], "kk": ["ешқашан", "дубль"], "az": ["heç vaxt", "qoşa"]}
PERCENT = {"uz": ["foiz"], "en": ["%"], "ru": ["%"], "hy": ["տոկոս"], "kk": ["пайыз"], "az": ["faiz"]}
EQUAL_ROLLED_AGAIN = {"uz": ["teng", "qaytadan"], "en": ["equal", "again"], "ru": ["равн", "еще раз"],
                      "hy": ["հավասար", "նորից"], "kk": ["тең", "қайта"], "az": ["bərabər", "yenidən"]}
TIE_IN_SIX = {"uz": ["tenglik", "oltita"], "en": ["tie", "six"], "ru": ["одинаковые", "шести"],
              "hy": ["հավասար", "վեցում"], "kk": ["теңдік", "алтау"], "az": ["bərabərlik", "6-sında"]}
DOUBLES_IN_SIX = {"uz": ["dubl", "oltita"], "en": ["doubles", "six"], "ru": ["дубль", "шести"],
                  "hy": ["զույգ", "վեցում"], "kk": ["дубль", "алтау"], "az": ["qoşa", "6-sında"]}
DIFFERENT = {"uz": ["xil"], "en": ["different"], "ru": ["разн"], "hy": ["տարբեր"], "kk": ["түрлі"],
             "az": ["müxtəlif"]}
THREE_ONE_IN_TWELVE = {"uz": ["uchta", "oʻn ikki"], "en": ["three", "twelve"], "ru": ["трех", "двенадцати"],
                       "hy": ["երեքում", "տասներկու"], "kk": ["үшеу", "он екі"], "az": ["üçündə", "on iki"]}
PIPS = {"uz": ["pip"], "en": ["pips"], "ru": ["пипов"], "hy": ["պիպ"], "kk": ["пип"], "az": ["xana sayı"]}
START_SUM = "2 × 24 + 5 × 13 + 3 × 8 + 5 × 6"
CUBE_UP_TO = {"uz": ["kub", "gacha"], "en": ["cube", "up to"], "ru": ["кубик", "до"],
              "hy": ["խորանարդ", "մինչև"], "kk": ["текше", "дейін"], "az": ["kub", "qədər"]}


def opening_outcomes():
    """The first play of short nardy, from the opening as the rules tell it: each player rolls one die,
    equal numbers are rolled again, the higher player plays both numbers. {roll: chance}."""
    outcomes = [(a, b) for a, b in product(range(1, 7), repeat=2) if a != b]  # a tie is rolled again
    chances = {}
    for a, b in outcomes:
        roll = (max(a, b), min(a, b))
        chances[roll] = chances.get(roll, 0) + Fraction(1, len(outcomes))
    return chances


def test_fifteen_opening_rolls_and_no_double():
    rolls = opening_rolls()
    assert sorted(rolls) == sorted(opening_outcomes()) and len(rolls) == 15
    assert all(a != b for a, b in rolls)
    stated("short.md", "first-move", "15", NEVER_A_DOUBLE)


def test_each_opening_roll_six_point_seven_percent():
    assert set(opening_outcomes().values()) == {opening_roll_share()} == {Fraction(1, 15)}
    assert round(float(opening_roll_share()) * 100, 1) == 6.7
    stated("short.md", "first-move", "6.7", PERCENT)


@pytest.mark.parametrize("page", ["short.md", "long.md"])
def test_ties_on_the_opening_roll_are_rolled_again(page):
    stated(page, "first-move", None, EQUAL_ROLLED_AGAIN)


@pytest.mark.parametrize("page", ["short.md", "long.md"])
def test_a_tie_on_the_opening_roll_is_six_in_36(page):
    ties = share(lambda roll: roll[0] == roll[1])  # the two single dice of the opening show the same
    assert ties == Fraction(6, 36) == Fraction(1, 6)
    stated(page, "first-move", "36", TIE_IN_SIX)


def test_doubles_are_six_in_36():
    doubles = share(lambda roll: roll[0] == roll[1])
    assert doubles == Fraction(sum(1 for a, b in ALL_ROLLS if a == b), len(ALL_ROLLS)) == Fraction(6, 36)
    stated("long.md", "doubles", "36", DOUBLES_IN_SIX)


def test_twenty_one_first_rolls_in_long_nardy():
    assert len(DISTINCT_ROLLS) == len({tuple(sorted(r)) for r in product(range(1, 7), repeat=2)}) == 21
    stated("long.md", "first-move", "21", DIFFERENT)


def test_three_in_36_first_moves_take_two_from_the_head():
    start = LongPosition.start()
    two = [roll for roll in ALL_ROLLS
           if any(sum(1 for s, *_ in p.steps if s == 24) == 2 for p in legal_plays(start, roll))]
    assert sorted(two) == [(3, 3), (4, 4), (6, 6)]
    assert Fraction(len(two), 36) == Fraction(1, 12)
    stated("long.md", "head-rule", "36", THREE_ONE_IN_TWELVE)


def test_pips_167_and_360_in_the_text():
    assert ShortPosition.start().pips("white") == 2 * 24 + 5 * 13 + 3 * 8 + 5 * 6 == 167
    assert LongPosition.start().pips("white") == 15 * 24 == 360
    stated("short.md", "setup", "167", {code: [*words, START_SUM] for code, words in PIPS.items()})
    stated("long.md", "setup", "360", PIPS)


def test_single_numbers_hit_up_to_six_only_combinations_beyond():
    for distance in range(1, 7):
        assert {r for r in ALL_ROLLS if distance in r} <= set(hit_rolls(distance))
    for distance in range(7, 13):
        assert all(distance not in roll for roll in hit_rolls(distance))


def test_entering_with_6_4_on_19_or_21():
    position = ShortPosition.from_points({"bar": 1, 13: 14}, {1: 15})
    entries = {p.moves[0].end for p in legal_plays(position, (6, 4))}
    assert entries == {19, 21}


@pytest.mark.parametrize("cls", [ShortPosition, LongPosition])
def test_same_number_of_checkers_in_both_games(cls):
    start = cls.start()
    assert sum(start.checkers("white").values()) == sum(start.checkers("black").values()) == 15


def test_cube_goes_up_to_64_in_the_text():
    # The sentence that says so; the cube table's 64s are the table check's (tests/docs/test_tables.py).
    stated("short.md", "cube", "64", CUBE_UP_TO)


def test_a_figure_elsewhere_in_the_section_holds_no_claim():
    """The check can fail: 192 stands in the cube section, but only in its table; 36 stands in
    short#first-move, but not in a sentence about doubles."""
    with pytest.raises(AssertionError, match="no sentence states 192"):
        stated("short.md", "cube", "192", CUBE_UP_TO)
    with pytest.raises(AssertionError, match="no sentence states 36"):
        stated("short.md", "first-move", "36", DOUBLES_IN_SIX)


#: The three ways the play page offers (one device, the computer, online through an invitation link or the open
#: games): the words of each, in every language.
PLAY_WAYS = {"uz": ["bitta qurilmada", "kompyuterga qarshi", "onlayn", "taklif havolasi", "ochiq oʻyin"],
             "az": ["eyni cihazda", "kompüterə qarşı", "onlayn", "dəvət keçidi", "açıq oyun"],
             "kk": ["бір құрылғыда", "компьютерге қарсы", "желіде", "шақыру сілтемесі", "ашық ойын"],
             "hy": ["նույն սարքում", "համակարգչի դեմ", "առցանց", "հրավերի հղում", "բաց խաղ"],
             "ru": ["на одном устройстве", "против компьютера", "онлайн", "ссылке-приглашению", "открытых игр"],
             "en": ["on one device", "against the computer", "online", "invitation link", "open games"]}


@pytest.mark.parametrize("page", ["index.md", "short.md", "long.md", "play.md"])
def test_the_play_page_is_offered_with_its_three_ways_to_play(page):
    """'Play online' named same-device play and left out online play: the sentence that points to the play page
    names all three ways, and 'online' only with the invitation link and the open games."""
    for path in pages(page):
        code = path.parent.name
        paragraphs = [p for p in text_of(path).split("\n\n") if "(play.md)" in p or page == "play.md"]
        found = [p for p in paragraphs if all(w.casefold() in p.casefold() for w in PLAY_WAYS[code])]
        assert found, f"{name(path)}: no paragraph names {PLAY_WAYS[code]}"


def text_of(path):
    return path.read_text(encoding="utf-8")
