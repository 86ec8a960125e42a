"""The play page's ops (nardy_rules.play_live through nardy_rules.live): the computer's decision in every
phase, why dice are lost, hints with moves, a pasted position in any form, records from a set-up position,
position errors with a code. Expected values come from RULES.md and the positions themselves."""

from __future__ import annotations

import pytest

from nardy_rules import LongPosition, ShortPosition, legal_plays, to_gnubg_id, to_text, to_xgid
from nardy_rules.live import handle

START = to_text(ShortPosition.start())
#: White to move with one checker left on point 1; Black has all 15 at home, none borne off (a mars for White).
MARS = "nardy:short:w:1x1,offx14:24x3,23x3,22x3,21x3,20x3"
#: White's last checker on point 1, a Black checker still in White's home board (a koks for White).
KOKS = "nardy:short:w:1x1,offx14:2x1,24x14"
#: White on the bar against Black's closed home board (points 19-24 in White's numbering).
CLOSED = "nardy:short:w:barx1,6x14:24x2,23x2,22x2,21x2,20x2,19x5"


def game(**request):
    answer = handle({"op": "game", **request})
    assert "error" not in answer, answer
    return answer


def new(start=None, variant="short", length=0, **extra):
    spec = {"variant": variant, "length": length}
    if start:
        spec["start"] = start
    return game(new=spec, **extra)


def test_a_set_up_start_skips_the_opening_and_its_side_rolls():
    answer = new(to_text(LongPosition.start().with_turn("black")), variant="long")
    assert answer["record"]["start"] == "nardy:long:b:24x15:12x15"
    assert (answer["state"]["phase"], answer["state"]["side"]) == ("roll", "black")
    assert new()["state"]["phase"] == "opening" and "start" not in new()["record"]


@pytest.mark.parametrize("start, message", [
    ("nardy:short:w:24x2", "start"),                       # White has 2 checkers
    (to_text(LongPosition.start()), "long-nardy position"),
    ("nardy:short:w:offx15:24x15", "already over"),
    (5, "compact text form"),
])
def test_a_bad_start_is_named(start, message):
    answer = handle({"op": "game", "new": {"variant": "short", "length": 0, "start": start}})
    assert message in answer["error"]


def test_a_match_from_a_set_up_position_is_not_exported():
    answer = handle({"op": "game", "record": new(MARS)["record"], "export": True})
    assert "set-up position cannot be exported" in answer["error"]


def test_bear_off_ends_with_a_mars_and_a_koks():
    for start, kind, points in ((MARS, "mars", 2), (KOKS, "koks", 3)):
        rolled = game(record=new(start)["record"], action={"act": "roll", "dice": [2, 1]})
        moved = game(record=rolled["record"], action={"act": "move", "from": 1, "to": "off"})
        over = game(record=moved["record"], action={"act": "confirm"})
        assert over["state"]["result"]["kind"] == kind and over["state"]["result"]["points"] == points


def test_the_computer_decides_in_each_phase():
    opening = new(computer="strong")
    assert opening["computer"] == {"level": "strong", "actions": [{"act": "opening"}], "play": None}
    opened = game(record=opening["record"], action={"act": "opening", "dice": [3, 1]}, computer="strong")
    # RULES.md: 3-1 makes White's 5 point, 8/5 6/5.
    assert opened["computer"]["play"] == "8/5 6/5"
    assert opened["computer"]["actions"] == [{"act": "move", "from": 8, "to": 5, "die": 3},
                                             {"act": "move", "from": 6, "to": 5, "die": 1}, {"act": "confirm"}]
    # A move already made is undone first.
    half = game(record=opened["record"], action={"act": "move", "from": 13, "to": 10, "die": 3}, computer="club")
    assert half["computer"]["actions"][0] == {"act": "undo"}
    # Long nardy has no cube: the computer rolls.
    assert new(to_text(LongPosition.start()), variant="long", computer="beginner")["computer"]["actions"] == [
        {"act": "roll"}]
    over = game(record=game(record=game(record=new(MARS, length=3)["record"], action={"act": "roll", "dice": [2, 1]})[
        "record"], action={"act": "move", "from": 1, "to": "off"})["record"], action={"act": "confirm"}, computer="club")
    assert over["state"]["phase"] == "game-over" and over["computer"]["actions"] == [{"act": "next-game"}]
    assert len(legal_plays(ShortPosition.start(), (3, 1))) > 1


def test_the_computer_doubles_takes_passes_accepts_and_declines():
    # Money game, White 75 pips against 105 in a race: White doubles, Black passes.
    race = "nardy:short:w:6x5,5x5,4x5:20x5,19x5,18x5"
    assert new(race, computer="strong")["computer"]["actions"] == [{"act": "double"}]
    doubled = game(record=new(race)["record"], action={"act": "double"}, computer="strong")
    assert doubled["state"]["phase"] == "take" and doubled["computer"]["actions"] == [{"act": "pass"}]
    # An even start: a double is taken.
    even = game(record=new(to_text(ShortPosition.start()))["record"], action={"act": "double"}, computer="strong")
    assert even["computer"]["actions"] == [{"act": "take"}]
    # Resigning a single game where a mars is likely: the computer declines; resigning what it would get: accepts.
    resigned = game(record=new(MARS)["record"], action={"act": "resign"}, computer="strong")
    assert resigned["state"]["phase"] == "resign"
    assert resigned["computer"]["actions"] in ([{"act": "accept"}], [{"act": "decline"}])
    lost = "nardy:short:b:1x1,offx14:24x3,23x3,22x3,21x3,20x3"  # Black to roll, White sure to win with a mars
    offer = game(record=new(lost)["record"], action={"act": "resign"}, computer="strong")
    assert offer["state"]["offer"]["resign"]["result"]["kind"] == "mars"
    assert offer["computer"]["actions"] == [{"act": "accept"}]


#: White on the bar twice and 13 checkers back, Black far ahead with 6 borne off: White may lose a koks.
CRUSHED = "nardy:short:w:13x5,12x8,barx2:24x3,23x3,22x3,offx6"


def test_the_computer_declines_an_offer_below_what_it_expects_to_win():
    # The strong computer (Black) expects about 2.1 points here (a mars or a koks likely): a single game or a
    # mars offered is declined, a koks accepted.
    opened = new(CRUSHED)
    assert [offer["kind"] for offer in opened["state"]["resign_offers"]] == ["single", "mars", "koks"]
    for kind, answer in (("single", "decline"), ("mars", "decline"), ("koks", "accept")):
        offered = game(record=opened["record"], action={"act": "resign", "kind": kind}, computer="strong")
        assert offered["state"]["offer"]["resign"]["result"]["kind"] == kind
        assert offered["computer"]["actions"] == [{"act": answer}], kind
    # More than the position could cost is refused by the engine with its code, nothing changed.
    refused = game(record=new(MARS)["record"], action={"act": "resign", "kind": "koks"})
    assert refused["refused"]["code"] == "resign-kind" and refused["state"]["phase"] == "roll"


def test_the_plays_ranked_by_the_computer_best_first():
    ranked = handle({"op": "plays", "position": START, "dice": [3, 1], "rank": "strong"})["plays"]
    plain = handle({"op": "plays", "position": START, "dice": [3, 1]})["plays"]
    # The same plays, in another order: 3-1 from the start makes the 5 point (RULES.md's first example).
    assert sorted(p["notation"] for p in ranked) == sorted(p["notation"] for p in plain)
    assert ranked[0]["notation"] == "8/5 6/5" and [p["notation"] for p in plain].index("8/5 6/5") > 0
    equities = [p["equity"] for p in ranked]
    assert equities == sorted(equities, reverse=True)
    assert {"notation", "moves", "equity"} == set(ranked[0])
    assert "error" in handle({"op": "plays", "position": START, "dice": [3, 1], "rank": "grandmaster"})
    assert "error" in handle({"op": "plays", "position": START, "dice": [3], "rank": "strong"})


def test_forms_read_and_write_an_xgid_s_dice():
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    answer = handle({"op": "forms", "position": xgid})
    assert answer["dice"] == [5, 2] and answer["xgid"].split(":")[4] == "00"  # the forms answer writes no dice
    written = handle({"op": "forms", "position": xgid, "dice": [5, 2]})
    assert written["xgid"] == xgid and written["dice"] == [5, 2]
    for rolled in ("00", "D"):  # to roll, a double on the table: no dice
        assert handle({"op": "forms", "position": xgid.replace(":52:", f":{rolled}:")})["dice"] is None
    assert handle({"op": "forms", "position": START})["dice"] is None
    bad = handle({"op": "forms", "position": xgid.replace(":52:", ":72:")})
    assert bad["code"] == "dice" and "72" in bad["error"]
    assert "error" in handle({"op": "forms", "position": START, "dice": [6, 6, 6]})


def test_both_colours_on_a_point_is_named_before_the_counts():
    # A white checker put on Black's point 1 of the start: 16 white checkers, and both colours on point 1.
    answer = handle({"op": "forms", "position": "nardy:short:w:24x2,13x5,8x3,6x5,1x1:19x5,17x3,12x5,1x2"})
    assert (answer["code"], answer["params"]) == ("both-colours", {"point": 1})


def test_a_bad_level_is_an_error_and_the_match_stays():
    answer = handle({"op": "game", "new": {"variant": "short", "length": 0}, "computer": "grandmaster"})
    assert "level 'grandmaster'" in answer["error"]


def test_lost_dice_say_why_after_a_roll_that_cannot_be_played():
    answer = game(record=new(CLOSED)["record"], action={"act": "roll", "dice": [5, 3]})
    assert answer["state"]["scoresheet"][0][-1] == {"kind": "cannot-move", "side": "white", "dice": [5, 3]}
    assert [(item["die"], item["count"]) for item in answer["lost"]] == [(5, 1), (3, 1)]
    reasons = [refusal["reason"] for item in answer["lost"] for refusal in item["refusals"]]
    assert {r["code"] for r in reasons} == {"point-closed"} and all(r["key"] for r in reasons)
    assert "lost" not in new(CLOSED)


def test_a_refused_move_carries_its_message_key():
    rolled = game(record=new(START)["record"], action={"act": "roll", "dice": [6, 5]})
    answer = game(record=rolled["record"], action={"act": "move", "from": 24, "to": 13})
    assert answer["refused"]["reason"]["key"] and answer["refused"]["reason"]["code"] == "no-such-die"


def test_hint_lists_plays_with_their_moves_and_chances():
    answer = handle({"op": "hint", "position": START, "dice": [3, 1], "n": 2})
    best = answer["hints"][0]
    assert best["play"] == "8/5 6/5" and len(answer["hints"]) == 2
    assert sorted((m["from"], m["to"]) for m in best["moves"]) == [(6, 5), (8, 5)]
    assert 0 < best["win"] < 1 and best["text"].startswith("nardy:short:b:")
    assert handle({"op": "hint", "position": CLOSED, "dice": [5, 3]}) == {"hints": []}
    for bad, message in (({"n": 0}, "n"), ({"level": "x"}, "level"), ({"dice": [7, 1]}, "")):
        assert "error" in handle({"op": "hint", "position": START, "dice": [3, 1], **bad}), message


def test_forms_read_every_pasted_form_to_the_same_position():
    position = ShortPosition.start()
    for text, read in ((to_text(position), "text"), (to_xgid(position), "xgid"), (to_gnubg_id(position), "gnubg"),
                       (f"Position ID: {to_gnubg_id(position)}", "gnubg"), (position.to_json(), "json")):
        answer = handle({"op": "forms", "position": text})
        assert (answer["text"], answer["read"]) == (START, read)
        assert answer["xgid"] == to_xgid(position) and answer["gnubg"] == to_gnubg_id(position)
    long = handle({"op": "forms", "position": to_text(LongPosition.start())})
    assert long["xgid"] is None and long["gnubg"] is None


@pytest.mark.parametrize("value, code, params", [
    ("nardy:short:w:24x3,13x5,8x3,6x5:1x2,12x5,17x3,19x5", "checker-count", {"color": "white", "count": 16}),
    ({"variant": "long", "turn": "white", "white": {"24": 14, "bar": 1}, "black": {"12": 15}}, "bar-in-long",
     {"color": "white"}),
    ("nardy:short:w:24x15:24x15", "both-colours", {"point": 24}),
    ("nardy:short:w:offx15:offx15", "all-borne-off", {}),
    ("hello", None, None),
    ("XGID=zz", None, None),
])
def test_forms_errors_carry_a_code_when_the_position_breaks_a_rule(value, code, params):
    answer = handle({"op": "forms", "position": value})
    assert answer["error"]
    assert answer.get("code") == code and answer.get("params") == params


def test_forms_of_a_games_start_for_the_set_up_editor():
    # The editor's "start position" button asks the engine: the page holds no start position of its own.
    short = handle({"op": "forms", "start": "short"})
    assert (short["text"], short["read"], short["turn"]) == (START, "start", "white")
    assert short["pips"] == {"white": 167, "black": 167} and short["xgid"] == to_xgid(ShortPosition.start())
    long = handle({"op": "forms", "start": "long"})
    assert long["position"]["white"]["24"] == 15 and long["position"]["black"]["12"] == 15 and long["xgid"] is None
    for bad in ("medium", 1, None):
        assert "start" in handle({"op": "forms", "start": bad})["error"]
