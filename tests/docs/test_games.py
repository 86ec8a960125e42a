"""The articles' whole games: every record re-played through the rules, every language's notes on it held to
it, and the changes a careless edit makes (a play of the record, a play in the notes, a rule's link, the
result) caught with their line.

The replay blocks themselves (their record and their result) are held by ``test_blocks.py`` like every block;
here: the numbered notes after each replay block, in every language (one test per list), the rules each game
was chosen to show, the game offered as a file, and the mutations.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from nardy_site.figures.replay import download
from nardy_site.page.blocks import BlockError, find_blocks
from nardy_site.page.blocks import verify as verify_block
from nardy_site.page.game_notes import NotesError, find_notes, verify_notes
from nardy_site.page.games import SECTIONS, GameError, first_events, load_game, record_path, replay_game
from nardy_site.translations.languages import enabled

from .pages import ROOT, name, page_paths, text

GAME_PAGES = ("short-game.md", "long-game.md")


def notes_params():
    params = []
    for path in page_paths():
        if path.name not in GAME_PAGES or not path.exists():
            continue
        blocks = {block.id: block for block in find_blocks(text(path), name(path))}
        for notes in find_notes(text(path), name(path)):
            params.append(pytest.param(path, notes, blocks.get(notes.target), id=f"{name(path)}:{notes.line}:{notes.target}"))
    return params


@pytest.mark.parametrize(("path", "notes", "replay"), notes_params())
def test_notes_hold_to_their_game(path, notes, replay):
    assert replay is not None and replay.is_game, f"{name(path)}:{notes.line}: no replay block {notes.target!r}"
    verify_notes(notes, replay.game, name(path))


def test_every_language_has_the_notes_of_both_games():
    found = {(p.values[0].parent.name, p.values[0].name) for p in notes_params()}
    assert found == {(lang.code, page) for lang in enabled() for page in GAME_PAGES}


# ---------------------------------------------------------------------- the games chosen to show the rules


def test_the_short_game_shows_every_rule_the_article_names():
    game = load_game("short-first-game")
    events = first_events(game)
    # A hit, entering from the bar, an entry refused by a closed point, bearing off, the result...
    assert {"first-move", "hit", "enter", "entry-refused", "bear-off", "result"} <= set(events)
    # ... a double taken, and a game played to the last checker (not ended by a pass).
    assert any(step.kind == "cube" and step.taken for step in game.steps)
    assert game.result.ended_by == "bear-off" and (game.result.kind, game.result.points) == ("mars", 4)


def test_the_long_game_shows_every_rule_the_article_names():
    game = load_game("long-first-game")
    events = first_events(game)
    # The head rule, its first-move exception, a six-block refused, bearing off, a mars (or a single game).
    assert {"first-move", "head-rule", "first-move-exception", "six-block", "bear-off", "result"} <= set(events)
    assert game.result.kind in ("single", "mars")


def test_the_notes_link_each_rule_where_it_first_applies():
    """The check itself fails when the link is missing: the first hit's note without its link to #hitting."""
    path = ROOT / "docs" / "uz" / "short-game.md"
    page = text(path)
    game = load_game("short-first-game")
    step = first_events(game)["hit"]
    (notes,) = find_notes(page, "uz/short-game.md")
    line, _n, item = notes.items[step - 1]
    assert "(short.md#hitting)" in item
    mutated = page.replace(item, item.replace("(short.md#hitting)", "(short.md#moving)"))
    (changed,) = find_notes(mutated, "mutated.md")
    with pytest.raises(NotesError, match=re.escape("short.md#hitting")) as caught:
        verify_notes(changed, game, "mutated.md")
    assert caught.value.line == line


def test_sections_name_real_sections():
    for variant, events in SECTIONS.items():
        for targets in events.values():
            for target in targets:
                page, _, section = target.partition("#")
                assert page == f"{variant}.md"
                assert f"{{ #{section} }}" in text(ROOT / "docs" / "uz" / page), target


# ---------------------------------------------------------------------- mutations


def record(game_name: str) -> dict:
    return json.loads(record_path(game_name).read_text(encoding="utf-8"))


def moves_of(data: dict) -> list[dict]:
    return [action for action in data["games"][0]["actions"] if action["act"] == "move"]


def test_an_illegal_play_in_the_record_is_named_by_its_action():
    data = record("short-first-game")
    changed = copy.deepcopy(data)
    first = moves_of(changed)[0]
    first["to"] = first["from"] + 3  # backwards
    with pytest.raises(GameError, match=r"action 2 .*backwards|action 2 "):
        replay_game(changed, "mutated")


@pytest.mark.parametrize("game_name, page", [("short-first-game", "short-game.md"), ("long-first-game", "long-game.md")])
def test_another_legal_play_in_the_record_fails_the_notes_in_every_language(game_name, page):
    """The record's first turn with a choice played otherwise (still legal): the game that follows no longer is
    the one the notes describe, in every language."""
    data = record(game_name)
    game = replay_game(data, game_name)
    plays = [step for step in game.steps if step.kind == "play"]
    index, step, other = next((i, s, p) for i, s in enumerate(plays) for p in s.before.legal_plays(s.dice)
                              if p.result != s.play.result)
    changed = copy.deepcopy(data)
    actions = changed["games"][0]["actions"]
    confirms = [i for i, a in enumerate(actions) if a["act"] == "confirm"]
    end = confirms[index]
    start = end
    while actions[start - 1]["act"] == "move":
        start -= 1
    assert [(a["from"], a["to"]) for a in actions[start:end]] == [(m.start, m.end) for m in step.play.moves]
    actions[start:end] = [{"act": "move", "from": m.start, "to": m.end, "die": m.die} for m in other.moves]
    try:
        mutated = replay_game(changed, "mutated")
    except GameError:
        return  # the rest of the game is no longer legal: the record's own check fails it
    for lang in enabled():
        path = ROOT / "docs" / lang.code / page
        (notes,) = find_notes(text(path), name(path))
        with pytest.raises(NotesError):
            verify_notes(notes, mutated, name(path))


@pytest.mark.parametrize("lang", [lang.code for lang in enabled()])
def test_a_changed_play_in_the_notes_names_its_line(lang):
    path = ROOT / "docs" / lang / "short-game.md"
    page = text(path)
    assert page.count("`24/15`") == 1
    mutated = page.replace("`24/15`", "`24/18 13/10`")
    (notes,) = find_notes(mutated, "mutated.md")
    with pytest.raises(NotesError, match="the game played 24/15") as caught:
        verify_notes(notes, load_game("short-first-game"), "mutated.md")
    assert caught.value.line == mutated[: mutated.index("`24/18 13/10`")].count("\n") + 1


@pytest.mark.parametrize("lang", [lang.code for lang in enabled()])
def test_a_missing_note_fails_the_count(lang):
    path = ROOT / "docs" / lang / "long-game.md"
    page = text(path)
    (notes,) = find_notes(page, name(path))
    line = notes.items[-1][0]
    lines = page.splitlines(keepends=True)
    del lines[line - 1]
    (changed,) = find_notes("".join(lines), "mutated.md")
    with pytest.raises(NotesError, match="85 items, the game has 86 steps"):
        verify_notes(changed, load_game("long-first-game"), "mutated.md")


@pytest.mark.parametrize(("old", "new", "says", "at"), [
    ("expect: result black mars 4", "expect: result black mars 2", "the game ends black mars 4", "expect: result"),
    ("expect: result black mars 4", "expect: result white mars 4", "the game ends black mars 4", "expect: result"),
    ("expect: score 0 4", "expect: score 4 0", "the game ends 0 4", "expect: score"),
    # Another game: it reads, and the result the text states is not its result.
    ("game: short-first-game", "game: long-first-game", "the game ends black mars 2", "expect: result"),
    ("game: short-first-game", "game: no-such-game", "cannot read the game's record", "game:"),
])
def test_a_changed_result_or_score_names_its_line(old, new, says, at):
    page = text(ROOT / "docs" / "uz" / "short-game.md")
    mutated = page.replace(old, new)
    (block,) = [b for b in find_blocks(mutated, "mutated.md") if b.is_game]
    with pytest.raises(BlockError, match=says) as caught:
        verify_block(block)
    assert caught.value.line == mutated[: mutated.index(at)].count("\n") + 1


# ---------------------------------------------------------------------- the game as a file

gnubg = pytest.importorskip("gnubg")


def test_gnubg_replays_the_short_game_offered_on_the_page(tmp_path):
    from nardy_rules.game import MatchPlay
    from nardy_rules.game_record import read_record
    from tests.engine.test_matfile import compare, gnubg_import

    game = load_game("short-first-game")
    file_name, mat = download(game, "short-game")
    assert file_name == "short-game.mat"
    compare(MatchPlay.from_record(read_record(game.record)), gnubg_import(tmp_path, mat))


@pytest.mark.parametrize("lang", [lang.code for lang in enabled()])
def test_a_black_play_written_in_whites_numbers_fails_the_notes(lang):
    """What a reader sees uses each player's own numbering: Black's first play is its 24/23 13/8, which White's
    numbers write 1/2 12/17; the notes written so fail, naming the line and the numbering."""
    path = ROOT / "docs" / lang / "short-game.md"
    page = text(path)
    assert page.count("`24/23 13/8`") == 1
    mutated = page.replace("`24/23 13/8`", "`1/2 12/17`")
    (notes,) = find_notes(mutated, "mutated.md")
    with pytest.raises(NotesError, match=r"black's own numbering") as caught:
        verify_notes(notes, load_game("short-first-game"), "mutated.md")
    assert caught.value.line == mutated[: mutated.index("`1/2 12/17`")].count("\n") + 1


def test_the_notes_say_how_the_moves_are_numbered():
    """The notes' introduction says each side's moves are numbered from its own side (no longer in White's)."""
    words = {"uz": "oʻsha tomondan", "az": "öz nömrələməsi", "kk": "өз нөмірлеуімен", "hy": "այդ կողմի տեսանկյունից",
             "ru": "как их считает сама эта сторона", "en": "numbered from that side"}
    for lang in enabled():
        for page in GAME_PAGES:
            game = text(ROOT / "docs" / lang.code / page).split("{ #game }", 1)[1]
            intro = game.split("```nardy", 1)[0]
            assert words[lang.code] in intro, f"{lang.code}/{page}"
