"""The mistakes articles' verdicts (``better: <play> than <play>``), held to GNU Backgammon, to the project's own
evaluator and to their rollouts.

- short nardy: GNU Backgammon's 2-ply cubeless equity of both plays, asked again here, equals the data the
  figure prints and puts the better play at least 0.04 above the mistake; the computer's evaluator ranks
  them in the same order;
- long nardy: every rollout has at least 1,296 games a play and a 95% interval excluding zero; a sample
  of its games (the first, the last and some between, every verdict) is played again from the seeds and
  gives the recorded points. After a change of the computer's weights this fails: ``scripts/mistakes.py
  compute --game long`` rolls the verdicts out again;
- the data holds exactly the page's verdicts, and a verdict's order swapped on the page, a stored equity
  or outcome changed, or the data damaged fails with the ``better:`` line or the file named.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random

import pytest

from nardy_rules import parse_play, to_text
from nardy_rules.bot import LEVELS, rank_plays
from nardy_site.page import verdicts
from nardy_site.page.blocks import BlockError, find_blocks
from nardy_site.page.blocks import verify as verify_block

from .pages import ROOT, text

SCRIPT = ROOT / "scripts" / "mistakes.py"
#: Games of each rollout played again here: the first, the last and this many others drawn at random.
SAMPLE = 3
#: The variants that have a mistakes article; the long-nardy tests below need its article and its rollouts.
VARIANTS = [v for v in ("short", "long") if (ROOT / "docs" / "uz" / f"{v}-mistakes.md").is_file()]
needs_long = pytest.mark.skipif("long" not in VARIANTS, reason="no long-nardy mistakes article in docs/uz")


def script():
    spec = importlib.util.spec_from_file_location("mistakes_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_lines(variant: str) -> list[tuple]:
    path = ROOT / "docs" / "uz" / f"{variant}-mistakes.md"
    return [(to_text(b.position), tuple(sorted(b.dice)), *b.better())
            for b in find_blocks(text(path), path.name) if b.value("better") is not None]


def stored(variant: str) -> list[tuple]:
    return [(to_text(v.position), tuple(sorted(v.dice)), v.better, v.mistake) for v in verdicts.load(variant)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_data_holds_exactly_the_pages_verdicts(variant):
    lines = page_lines(variant)
    assert len(lines) == 10, f"{variant}-mistakes.md states {len(lines)} verdicts, the article has ten"
    assert stored(variant) == lines, f"scripts/mistakes.py compute --game {variant}"


SHORT = verdicts.load("short")


@pytest.mark.parametrize("verdict", SHORT, ids=[f"{v.better} than {v.mistake}" for v in SHORT])
def test_gnubg_and_the_computer_rank_the_short_plays_as_the_page_does(verdict):
    pytest.importorskip("gnubg_nn")
    mistakes = script()
    better = mistakes.gnubg_equity(verdict.position, verdict.dice, verdict.better)
    mistake = mistakes.gnubg_equity(verdict.position, verdict.dice, verdict.mistake)
    assert (round(better, 4), round(mistake, 4)) == (verdict.better_equity, verdict.mistake_equity)
    assert verdict.plies == mistakes.PLIES == 2
    assert better - mistake >= verdicts.DOUBTFUL
    ours = {play.result: mine["equity"] for play, mine, _ in rank_plays(verdict.position, verdict.dice)}
    first = parse_play(verdict.position, verdict.dice, verdict.better).result
    second = parse_play(verdict.position, verdict.dice, verdict.mistake).result
    assert ours[first] > ours[second], "the computer's evaluator ranks the mistake first"


LONG = verdicts.load("long")


@pytest.mark.parametrize("verdict", LONG, ids=[f"{v.better} than {v.mistake}" for v in LONG])
def test_a_sample_of_each_rollout_is_played_again_from_its_seed(verdict):
    rollout = verdict.rollout
    assert rollout.games >= verdicts.MIN_GAMES and rollout.interval[0] > 0
    assert rollout.player == verdicts.ROLLOUT_LEVEL
    assert rollout.weights == verdicts.weights_digest("long"), (
        "the computer's weights changed since this rollout: scripts/mistakes.py compute --game long")
    picks = sorted({0, rollout.games - 1, *random.Random(to_text(verdict.position)).sample(range(rollout.games), SAMPLE)})
    again = verdicts.rollout_pairs(verdict.position, verdict.dice, verdict.better, verdict.mistake, rollout.seed, picks,
                                   rollout.player)
    assert again == [rollout.pairs[i] for i in picks]


# ---------------------------------------------------------------------- mutations


def block_with(variant: str, index: int):
    path = ROOT / "docs" / "uz" / f"{variant}-mistakes.md"
    page = text(path)
    blocks = [b for b in find_blocks(page, path.name) if b.value("better") is not None]
    return page, blocks[index]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_verdict_swapped_on_the_page_names_its_line(variant):
    page, block = block_with(variant, 0)
    better, mistake = block.better()
    old = f"better: {better} than {mistake}"
    mutated = page.replace(old, f"better: {mistake} than {better}")
    changed = next(b for b in find_blocks(mutated, "mutated.md") if b.id == block.id)
    with pytest.raises(BlockError, match="not the other way round") as caught:
        verify_block(changed)
    assert caught.value.line == mutated[: mutated.index(f"better: {mistake} than {better}")].count("\n") + 1


@pytest.fixture()
def data_copy(tmp_path, monkeypatch):
    """The verdict data copied to a folder of its own, which the page's checks then read."""
    for variant in ("short", "long"):
        source = verdicts.data_path(variant)
        if source.is_file():
            (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(verdicts, "FOLDER", tmp_path)
    verdicts.load.cache_clear()
    yield tmp_path
    verdicts.load.cache_clear()


def edit(folder, variant, change):
    path = folder / f"{variant}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["verdicts"][0])
    path.write_text(json.dumps(data), encoding="utf-8")
    verdicts.load.cache_clear()


def test_a_short_verdict_below_gnubgs_error_fails_its_line(data_copy):
    edit(data_copy, "short", lambda v: v["gnubg"].update(mistake=v["gnubg"]["better"] - 0.01))
    page, block = block_with("short", 0)
    with pytest.raises(BlockError, match=r"a mistake costs at least 0\.04"):
        verify_block(next(b for b in find_blocks(page, "short-mistakes.md") if b.id == block.id))


@needs_long
def test_a_rollout_that_no_longer_excludes_zero_fails_its_line(data_copy):
    def even(verdict):
        outcomes = verdict["rollout"]["outcomes"]
        # Every game the better play won by more now ends the other way round: no difference left.
        pairs = [(verdicts.POINTS[verdicts.OUTCOMES.index(c) // 4], verdicts.POINTS[verdicts.OUTCOMES.index(c) % 4])
                 for c in outcomes]
        verdict["rollout"]["outcomes"] = verdicts.encode_outcomes([(m, m) for _b, m in pairs])
    edit(data_copy, "long", even)
    page, block = block_with("long", 0)
    with pytest.raises(BlockError, match="does not exclude zero"):
        verify_block(next(b for b in find_blocks(page, "long-mistakes.md") if b.id == block.id))


@pytest.mark.parametrize("damage", [
    lambda v: v.update(dice=[7, 1]),
    lambda v: v.update(better="24/13*"),
    lambda v: v.pop("gnubg"),
    lambda v: v["gnubg"].update(plies=5),
    lambda v: v["gnubg"].update(better="0.3"),
])
def test_damaged_short_data_is_a_loud_error_naming_the_file(data_copy, damage):
    edit(data_copy, "short", damage)
    with pytest.raises(verdicts.VerdictError, match=r"short\.json: verdict 1"):
        verdicts.load("short")


@needs_long
def test_the_rollout_level_is_one_of_the_computers_and_its_figure_names_it():
    from nardy_site.figures.verdict import ROLLOUT_TEXTS, verdict_text
    from nardy_site.translations.i18n import Translator

    assert verdicts.ROLLOUT_LEVEL in LEVELS and verdicts.ROLLOUT_LEVEL in ROLLOUT_TEXTS
    (first, *_rest) = verdicts.load("long")
    assert "(strong level)" in verdict_text(first, Translator(None))
    other = dataclasses.replace(first, rollout=dataclasses.replace(first.rollout, player="club"))
    with pytest.raises(verdicts.VerdictError, match="'club' level"):
        verdict_text(other, Translator(None))


@needs_long
@pytest.mark.parametrize("damage", [
    lambda v: v["rollout"].update(outcomes=v["rollout"]["outcomes"][:-1]),
    lambda v: v["rollout"].update(outcomes="z" * v["rollout"]["games"]),
    lambda v: v["rollout"].update(games=True),
    lambda v: v["rollout"].pop("seed"),
])
def test_damaged_rollout_data_is_a_loud_error_naming_the_file(data_copy, damage):
    edit(data_copy, "long", damage)
    with pytest.raises(verdicts.VerdictError, match=r"long\.json: verdict 1"):
        verdicts.load("long")


# ---------------------------------------------------------------------- the games the positions come from

ALL = [*SHORT, *LONG]


@pytest.mark.parametrize("verdict", ALL, ids=[f"{v.variant}: {v.better} than {v.mistake}" for v in ALL])
def test_every_position_comes_from_a_real_game_of_the_computer(verdict):
    """The article says every position is real, taken from the computer's games, the mistake its beginner's: the
    data keeps the game, and its record replays through the rules to the position, the roll and the mistake."""
    assert verdict.origin is not None, "scripts/mistakes.py origin --game ... --seed N --step S"
    assert (verdict.origin.white, verdict.origin.black) == ("beginner", "strong")
    assert verdicts.origin_problem(verdict) is None


CURRENT = [v for v in ALL if v.origin is not None and v.origin.weights == verdicts.weights_digest(v.variant)]


@pytest.mark.parametrize("verdict", CURRENT, ids=[f"{v.variant}: seed {v.origin.seed} step {v.origin.step}" for v in CURRENT])
def test_the_game_is_the_computers_game_of_its_seed(verdict):
    """While the computer's weights are the ones the game was played with, its seed plays it again move for move.
    (Games of earlier weights keep their records, which the test above replays.)"""
    again = verdicts.origin_of(verdict.variant, verdict.origin.seed, verdict.origin.step)
    assert again["record"] == verdict.origin.record


def test_a_game_of_the_current_weights_is_kept_for_both_games():
    assert {v.variant for v in CURRENT} == {"short", "long"}


def with_origin(verdict, **changes):
    return dataclasses.replace(verdict, origin=dataclasses.replace(verdict.origin, **changes))


def test_a_game_that_starts_with_a_double_is_not_a_real_game():
    """The first mistake's old position: both sides on the start with 1-1 to play. A game never starts so."""
    from nardy_rules import ShortPosition

    start = ShortPosition.start()
    record = {"format": "nardy-match", "version": 1, "variant": "short", "length": 0, "start": to_text(start),
              "games": [{"actions": [{"act": "roll", "dice": [1, 1]},
                                     {"act": "move", "from": 24, "to": 23, "die": 1},
                                     {"act": "move", "from": 23, "to": 22, "die": 1},
                                     {"act": "move", "from": 24, "to": 23, "die": 1},
                                     {"act": "move", "from": 23, "to": 22, "die": 1}, {"act": "confirm"}]}]}
    verdict = verdicts.Verdict("short", start, (1, 1), "8/7(2) 6/5(2)", "24/22(2)", 2, 0.23, 0.02,
                               origin=verdicts.Origin(2, 1, "beginner", "strong", "", record))
    assert "first play is a double" in verdicts.origin_problem(verdict)


def test_a_game_that_does_not_lead_to_the_position_or_the_mistake_fails():
    verdict = SHORT[0]
    assert "ends at" in verdicts.origin_problem(with_origin(verdict, step=verdict.origin.step + 1))
    assert "not the levels" in verdicts.origin_problem(with_origin(verdict, white="expert"))
    swapped = dataclasses.replace(verdict, mistake=verdict.better, better=verdict.mistake)
    assert "not the mistake" in verdicts.origin_problem(swapped)
    other = SHORT[1]
    assert "another position" in verdicts.origin_problem(dataclasses.replace(verdict, origin=other.origin)) \
        or "ends at" in verdicts.origin_problem(dataclasses.replace(verdict, origin=other.origin))
    assert "no game" in verdicts.origin_problem(dataclasses.replace(verdict, origin=None))


def test_a_damaged_game_in_the_data_is_a_loud_error_naming_the_file(data_copy):
    edit(data_copy, "short", lambda v: v["game"].pop("seed"))
    with pytest.raises(verdicts.VerdictError, match=r"short\.json: verdict 1: game is"):
        verdicts.load("short")
