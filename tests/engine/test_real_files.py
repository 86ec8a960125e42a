"""Match files players and other programs wrote (tests/engine/data/real, its README names their origin).

Each one is read by the project and held to what others say of it: GNU Backgammon's reading (each game's
winner and points, recorded in the manifest when GNU Backgammon reads the file whole) and the file's own
``Wins`` lines (read off the text by a regular expression, the column saying the winner).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy_rules.game import replay
from nardy_rules.matfile import export_text
from nardy_rules.matread import MatReadError, read_match_text

REAL = Path(__file__).resolve().parent / "data" / "real"
MANIFEST = json.loads((REAL / "manifest.json").read_text(encoding="utf-8"))


def test_the_sample_covers_every_dialect_it_claims():
    texts = {entry["file"]: (REAL / entry["file"]).read_text(encoding="utf-8") for entry in MANIFEST}
    joined = "\n".join(texts.values())
    for spelling in ("Losses 1 point", "Cannot Move", "*(2)", "and the match", "Drops"):
        assert spelling in joined
    assert any("\n\n      Wins" in text for text in texts.values())  # the blank line before the last result
    assert {entry["source"] for entry in MANIFEST} == {"galaxy", "studio"}
    assert len(MANIFEST) >= 20 and all((REAL / entry["file"]).exists() for entry in MANIFEST)


@pytest.mark.parametrize("entry", MANIFEST, ids=[entry["file"][:40] for entry in MANIFEST])
def test_a_real_file_reads_as_others_read_it(entry):
    text = (REAL / entry["file"]).read_text(encoding="utf-8")
    if "refused" in entry:
        with pytest.raises(MatReadError) as caught:
            read_match_text(text)
        assert caught.value.code == entry["refused"]["code"] and caught.value.line is not None
        return
    record = read_match_text(text)
    state = replay(record)
    results = [[result.winner, result.points] for result in state.results]
    if entry["gnubg_whole"]:
        assert results == entry["gnubg_results"]
    # The Wins lines name each game's winner; their points are the game's, or capped at the match.
    assert [winner for winner, _points in entry["wins_lines"]] == [winner for winner, _points in results]
    for (_winner, written), (_same, points) in zip(entry["wins_lines"], results, strict=True):
        assert written == points or (written < points and state.winner is not None)
    # The players' names are kept, and the export writes them back.
    assert state.players and all(state.players.values())
    names = export_text(record)["text"]
    assert f'; [Player 1 "{state.players["white"]}"]' in names


def test_a_capped_last_result_still_ends_the_match_with_the_games_own_points():
    # Backgammon Galaxy writes the last result capped at the match length: 'Wins 3 point and the match' in a
    # 3-point match won 1-2 by a gammon at cube 2; GNU Backgammon and the record give the game's 6 points.
    entry = next(e for e in MANIFEST if e["file"] == "galaxy-match1061881.txt")
    state = replay(read_match_text((REAL / entry["file"]).read_text(encoding="utf-8")))
    assert entry["wins_lines"][-1] == ["white", 3] and state.results[-1].points == 6
    assert state.winner == "white" and state.phase == "match-over"
