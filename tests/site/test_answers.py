"""The recorded answers of a page's boards (nardy_site.figures.answers): made once for every language's build, the
same records as made afresh; what they are made from decides which ones are read; one file per board."""

from __future__ import annotations

import json

from nardy_site.figures import answers
from nardy_site.page.blocks import find_blocks, verify

PAGE = '''```nardy id="a" caption="A"
position: nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2
dice: 3-1
show: 8/5 6/5
refuse: 13/9 no-such-die
```

```nardy id="b" caption="B"
position: nardy:long:w:24x15:12x15
```
'''


def blocks(page=PAGE):
    found = find_blocks(page, "test.md")
    for block in found:
        verify(block)
    return found


def test_a_page_record_is_made_once_and_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(answers, "CACHE", tmp_path / "cache")
    made = []
    fresh = answers.for_inputs
    monkeypatch.setattr(answers, "for_inputs", lambda items: made.append(items) or fresh(items))
    first = answers.board_records(blocks())
    second = answers.board_records(blocks())
    assert len(made) == 2 and first == second  # one record per block, made once
    assert [json.loads(text) for text in first] == [fresh([item]).to_json() for item in answers.inputs(blocks())]
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    # Other inputs (one refused move less): other records.
    other = answers.board_records(blocks(PAGE.replace("refuse: 13/9 no-such-die\n", "")))
    assert len(made) == 4 and other[0] != first[0] and other[1] == first[1]
    record = json.loads(other[0])
    assert record["turns"][0]["states"][0]["checks"][0][:3] == [8, 5, 3]  # only the shown moves' checks
    assert all(item[2] is not None for item in record["turns"][0]["states"][0]["checks"])


def test_records_of_another_engine_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(answers, "CACHE", tmp_path)
    stale = tmp_path / "0123456789abcdef-0.json"
    stale.write_text("{}", encoding="utf-8")
    answers.board_records(blocks())
    assert not stale.exists() and len(list(tmp_path.glob("*.json"))) == 1


def test_each_record_is_written_next_to_the_page(tmp_path, monkeypatch):
    monkeypatch.setattr(answers, "CACHE", tmp_path / "cache")
    paths = answers.write_page(blocks(), tmp_path / "site", "short/index.html")
    assert paths == [tmp_path / "site" / "short" / answers.FOLDER / name for name in ("a.json", "b.json")]
    a, b = (json.loads(path.read_text(encoding="utf-8")) for path in paths)
    assert [turn["dice"] for turn in a["turns"]] == [[3, 1]] and "nardy:long:w:24x15:12x15" not in a["positions"]
    assert b["turns"] == [] and list(b["positions"]) == ["nardy:long:w:24x15:12x15"]
    assert answers.write_page([], tmp_path / "site", "index.html") == []
