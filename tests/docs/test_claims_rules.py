"""Rules the pages state in prose only, held to the engine and to every language's sentence (CLAIMS.md).

Each test asks the engine first, then reads the sentence that states the rule
in every language's page. A sentence is recognised by phrases of its own
language (the tables below, written with the pages): a page that drops the
rule's condition or falls back to the old, wrong wording loses the phrase and
fails. A language without an entry of its own (one just scaffolded with
``scripts/i18n new-language``, whose pages are copies of the source) is read
with the source language's phrases.
"""

from __future__ import annotations

import re

import pytest

from nardy_rules import ALL_ROLLS, LongPosition, ShortPosition, Turn, check_move, legal_plays, resign_result
from nardy_site.page.blocks import find_blocks, shown_turn
from nardy_site.translations.languages import enabled, source

from .pages import ROOT, name, section, text


def page_paths(page):
    return [path for path in (ROOT / "docs" / lang.code / page for lang in enabled()) if path.exists()]


def phrases_for(table, path):
    """The phrases of the page's language (the source language's for a language the table lacks)."""
    lang = path.parent.name
    return table.get(lang, table[source().code])


def paragraph(path, section_id, marker):
    """The paragraph (one Markdown line) of a section that contains ``marker`` (case-insensitive)."""
    found = [line for line in section(path, section_id).splitlines() if marker.lower() in line.lower()]
    assert found, f"{name(path)}#{section_id}: no paragraph with {marker!r}"
    return found[0]


def assert_states(body, phrases, where):
    missing = [p for p in phrases if p.lower() not in body.lower()]
    assert not missing, f"{where}: the sentence does not say {missing}"


def block(page, block_id, lang=None):
    path = ROOT / "docs" / (lang or source().code) / page
    return next(b for b in find_blocks(text(path), name(path)) if b.id == block_id)


# --- Entering: a closed entry point refuses the number for entering, not for the turn -------------

ENTERING = {
    "uz": ("shu son bilan donani kiritib boʻlmaydi", "barda boshqa dona qolmagach", "kiritishga yaramagan sonni ham"),
    "az": ("həmin zər daşı içəri buraxmır", "barda başqa daş qalmayandan sonra", "girişə yaramayan zəri də"),
    "kk": ("бұл сүйекпен тасты кіргізуге болмайды", "барда басқа тас қалмағаннан кейін", "кіргізуге жарамаған санды да"),
    "hy": ("այդ թվով քարը մտցնել չի կարելի", "բարի վրա այլ քար չի մնացել", "նույնիսկ այն, որով մտնել հնարավոր չէր"),
    "ru": ("этим числом войти нельзя", "на баре больше нет шашек", "даже то, которым войти не удалось"),
    "en": ("cannot be used to enter", "no other checker is left on the bar", "even one that could not enter"),
}


def test_a_closed_entry_point_refuses_entering_and_the_number_is_played_after():
    example = block("short.md", "short-enter-3-1")
    position, dice = example.position, example.dice
    assert check_move(position, dice, "bar", 22).code == "point-closed"
    plays = legal_plays(position, dice)
    assert plays and all(len(play.moves) == 2 for play in plays), "the three is lost, not played after entering"
    assert all(play.moves[0].start == "bar" and play.moves[0].end == 24 for play in plays)
    for path in page_paths("short.md"):
        assert_states(section(path, "entering"), phrases_for(ENTERING, path), f"{name(path)}#entering")


# --- Resigning: 1, 2 or 3 points, 3 only with none borne off, always times the cube ---------------

RESIGN = {  # the word that starts the sentence, the "borne off none" condition (twice: for 2 and 3), the cube
    "uz": ("Taslim", "birorta ham dona chiqarmagan", "kubdagi songa koʻpaytiriladi"),
    "az": ("Təslim", "bir daş da çıxarmamısınızsa", "kubdakı rəqəmə vurulur"),
    "kk": ("мойындаған", "бірде-бір тас шығармасаңыз", "текшедегі санға көбейтіледі"),
    "hy": ("Հանձնվելը", "ոչ մի քար չեք հանել", "բազմապատկվում են խորանարդի թվով"),
    "ru": ("Сдавшись", "не выбросили ни одной", "умножаются на число на кубике"),
    "en": ("Resigning", "borne off none", "multiplied by the number on the cube"),
}

# Black resigns; White's home is 1..6. (Black's checkers, a kind of result.)
RESIGNING_BLACK = [
    ({20: 14, "off": 1}, "single"),           # one borne off
    ({20: 13, 3: 1, "off": 1}, "single"),     # one borne off, though a checker is still in White's home
    ({20: 14, "bar": 1, "off": 0}, "koks"),   # none borne off, one on the bar
    ({20: 14, 3: 1, "off": 0}, "koks"),       # none borne off, one in White's home
    ({20: 14, 9: 1, "off": 0}, "mars"),       # none borne off, none on the bar or in White's home
]


@pytest.mark.parametrize("cube", [1, 2, 8, 64])
def test_resigning_gives_one_two_or_three_points_times_the_cube(cube):
    points = {"single": 1, "mars": 2, "koks": 3}
    for black, kind in RESIGNING_BLACK:
        position = ShortPosition.from_points({1: 10, "off": 5}, black)
        result = resign_result(position, "black", cube)
        assert (result.winner, result.kind, result.points) == ("white", kind, points[kind] * cube), black
    for path in page_paths("short.md"):
        start, none, times_cube = phrases_for(RESIGN, path)
        line = paragraph(path, "mars-and-koks", start)
        sentence = line[line.lower().index(start.lower()):]
        numbers = re.findall(r"(?<![\d/-])\d+(?![\d/-])", sentence)
        where = f"{name(path)}#mars-and-koks"
        assert numbers[:3] == ["1", "2", "3"], f"{where}: the resign sentence gives {numbers[:3]}, not 1, 2, 3"
        assert sentence.lower().count(none.lower()) >= 2, f"{where}: 2 and 3 points must both say {none!r}"
        assert_states(sentence, (times_cube,), where)


# --- The larger die: only when either die alone could be played, not both ------------------------

LARGER_DIE = {  # (either alone but not both: the larger), (only one playable at all: that one)
    "short.md": {
        "uz": ("har birini alohida oʻynash mumkin boʻlsa, kattasi", "faqat bittasini oʻynash mumkin boʻlsa"),
        "az": ("hər birini ayrılıqda oynamaq olursa, böyüyü", "yalnız birini oynamaq mümkündürsə"),
        "kk": ("әрқайсысын жеке жүруге болса, үлкені", "тек біреуін ғана жүруге болса"),
        "hy": ("յուրաքանչյուրն առանձին կարելի է խաղալ, խաղում են մեծը", "հնարավոր է խաղալ դրանցից միայն մեկը"),
        "ru": ("каждое по отдельности можно, играют большее", "вообще можно сыграть только одно"),
        "en": ("either could be played on its own, you must play the larger", "only one of them can be played at all"),
    },
    "long.md": {
        "uz": ("har birini alohida yurish mumkin boʻlsa, kattasi", "faqat bittasini yurish mumkin boʻlsa"),
        "az": ("hər birini ayrılıqda oynamaq olursa, böyüyü", "yalnız birini oynamaq mümkündürsə"),
        "kk": ("әрқайсысын жеке жүруге болса, үлкені", "тек біреуін ғана жүруге болса"),
        "hy": ("յուրաքանչյուրն առանձին կարելի է խաղալ, խաղում են մեծը", "հնարավոր է խաղալ դրանցից միայն մեկը"),
        "ru": ("каждую по отдельности можно, играют большую", "вообще можно сыграть только одну"),
        "en": ("either die but not both, you play the larger", "only one of them can be played at all"),
    },
}

NO_MOVE_LARGER = {  # long#no-move: either die alone but not both, the larger is played and the smaller lost
    "uz": ("har bir zarni alohida yurish mumkin boʻlsa", "kattasi yuriladi"),
    "az": ("hər zəri ayrılıqda oynamaq olursa", "böyüyü oynanılır"),
    "kk": ("әр сүйекті жеке жүруге болса", "үлкені жүріледі"),
    "hy": ("յուրաքանչյուր զառն առանձին կարելի է խաղալ", "խաղում են մեծը"),
    "ru": ("каждую кость можно сыграть по отдельности", "играют большую"),
    "en": ("either die could be played on its own but not both", "the larger is played"),
}


def test_the_larger_die_only_when_either_alone_but_not_both_could_be_played():
    # Either alone, not both (the page's long-one-die): only the six, and 10/5 is refused for it.
    example = block("long.md", "long-one-die")
    alone = {die: legal_plays(example.position, (die, die)) for die in example.dice}
    assert all(alone.values()), "each die of 6-5 can be played on its own"
    assert [p.notation for p in legal_plays(example.position, example.dice)] == ["10/4"]
    assert check_move(example.position, example.dice, 10, 5).code == "must-play-larger-die"
    # Only the smaller can be played at all (13-6 and 8-6 closed): the smaller is played.
    only_smaller = ShortPosition.from_points({13: 15}, {7: 2, 2: 2, 24: 11})
    assert [p.notation for p in legal_plays(only_smaller, (6, 5))] == ["13/8"]
    for page, table in LARGER_DIE.items():
        for path in page_paths(page):
            assert_states(section(path, "moving"), phrases_for(table, path), f"{name(path)}#moving")
    for path in page_paths("long.md"):
        assert_states(section(path, "no-move"), phrases_for(NO_MOVE_LARGER, path), f"{name(path)}#no-move")


# --- The head rule and the six-block rule with their exceptions (home page, differences) -----------

IN_FRONT = {  # the six-block rule's exception: no opponent checker in front of the block
    "uz": "oldida raqibning birorta ham donasi",
    "az": "irəlidə rəqibin heç bir daşı",
    "kk": "алдында қарсыластың бірде-бір тасы",
    "hy": "առջևում հակառակորդի ոչ մի քար չկա",
    "ru": "нет ни одной шашки соперника",
    "en": "in front of",
}


def test_head_rule_and_six_block_are_stated_with_their_exceptions():
    start = LongPosition.start()
    two_from_the_head = sorted(
        roll for roll in ALL_ROLLS
        if any(sum(1 for move in play.moves if move.start == 24) == 2 for play in legal_plays(start, roll)))
    assert two_from_the_head == [(3, 3), (4, 4), (6, 6)]
    forbidden, allowed = block("long.md", "long-six-block-forbidden"), block("long.md", "long-six-block-allowed")
    assert check_move(forbidden.position, forbidden.dice, 24, 21).code == "six-block"
    assert check_move(allowed.position, allowed.dice, 24, 21) is None
    for page, section_id, head_rule in (("index.md", "long-nardy", True), ("long.md", "differences", True),
                                        ("short.md", "differences", False)):
        for path in page_paths(page):
            body, where = section(path, section_id), f"{name(path)}#{section_id}"
            assert_states(body, (phrases_for(IN_FRONT, path),), where)
            if head_rule:
                assert_states(body, ("6-6, 4-4", "3-3"), where)


# --- Short nardy: a checker behind six points in a row cannot get past them ---------------------------

PAST_THE_PRIME = {
    "uz": "undan oʻta olmaydi",
    "az": "ondan keçə bilmir",
    "kk": "одан өте алмайды",
    "hy": "չի կարող անցնել այդ պատնեշը",
    "ru": "не может его преодолеть",
    "en": "cannot get past it",
}


def test_no_roll_takes_a_checker_past_six_points_in_a_row():
    example = block("short.md", "short-six-prime")
    behind = shown_turn(example).play().result
    assert behind.turn == "black"
    prime = range(3, 9)
    assert all(behind.checkers("white").get(point, 0) >= 2 for point in prime)
    back = sum(count for point, count in behind.checkers("black").items() if point < prime.start)
    assert back == 1
    moved_inside = False
    for roll in ALL_ROLLS:
        for play in legal_plays(behind, roll):
            after = play.result.checkers("black")
            assert sum(count for point, count in after.items() if point < prime.stop) == back, (roll, play.notation)
            moved_inside |= after.get(1, 0) == 0
    assert moved_inside, "the checker can still move behind the block (it does not stay where it is)"
    for path in page_paths("short.md"):
        assert_states(section(path, "six-in-a-row"), (phrases_for(PAST_THE_PRIME, path),), f"{name(path)}#six-in-a-row")


# --- Long nardy, first move 6-6: after 24/18 24/18, why the last two sixes are lost ----------------

THIRD_FROM_THE_HEAD = {"uz": "uchinchi", "az": "üçüncü", "kk": "үшінші", "hy": "երրորդ", "ru": "третью", "en": "third"}


def test_first_six_six_a_third_checker_may_not_leave_the_head():
    start = LongPosition.start()
    assert [p.notation for p in legal_plays(start, (6, 6))] == ["24/18(2)"]
    turn = Turn(start, (6, 6))
    turn.move(24, 18)
    assert turn.check(18, 12).code == "point-closed", "Black's head on 12 blocks the checkers on 18"
    turn.move(24, 18)
    assert turn.complete and turn.lost_dice == (6, 6)
    # With nothing on 12 the sixes could go on, and still a third checker may not leave the head.
    open_twelve = Turn(LongPosition.from_points({24: 15}, {13: 15}), (6, 6))
    open_twelve.move(24, 18)
    open_twelve.move(24, 18)
    assert open_twelve.check(24, 18).code == "head-rule"
    for path in page_paths("long.md"):
        caption = block("long.md", "long-first-6-6", path.parent.name).caption
        assert_states(caption, ("18", "12", phrases_for(THIRD_FROM_THE_HEAD, path)), f"{name(path)} long-first-6-6")


# --- Russian long page: a checker "прошла за блок" ---------------------------------------------------

def test_russian_says_a_checker_has_gone_past_the_block():
    path = ROOT / "docs" / "ru" / "long.md"
    if not path.exists():
        pytest.skip("no Russian long page")
    body = section(path, "six-block")
    assert "вперед блока" not in body, "«прошла вперед блока» is not Russian"
    assert body.count("прошла за блок") >= 2, "ru/long.md#six-block: say «прошла за блок»"

