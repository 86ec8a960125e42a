"""The recorded answers of a page (nardy_site.answers): made once for every language's build, and the same
record as made afresh; what a record is made from decides which one is read."""

from __future__ import annotations

import json

from nardy_site import answers
from nardy_site.blocks import find_blocks, verify

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
    first = answers.page_json(blocks())
    second = answers.page_json(blocks())
    assert len(made) == 1 and first == second
    assert json.loads(first) == fresh(answers.inputs(blocks())).to_json()
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    # Other inputs (one refused move less): another record.
    other = answers.page_json(blocks(PAGE.replace("refuse: 13/9 no-such-die\n", "")))
    assert len(made) == 2 and other != first
    record = json.loads(other)
    assert record["turns"][0]["states"][0]["checks"][0][:3] == [8, 5, 3]  # only the shown moves' checks
    assert all(item[2] is not None for item in record["turns"][0]["states"][0]["checks"])


def test_records_of_another_engine_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(answers, "CACHE", tmp_path)
    stale = tmp_path / "0123456789abcdef-0.json"
    stale.write_text("{}", encoding="utf-8")
    answers.page_json(blocks())
    assert not stale.exists() and len(list(tmp_path.glob("*.json"))) == 1


def test_the_record_is_written_next_to_the_page(tmp_path, monkeypatch):
    monkeypatch.setattr(answers, "CACHE", tmp_path / "cache")
    path = answers.write_page(blocks(), tmp_path / "site", "short/index.html")
    assert path == tmp_path / "site" / "short" / answers.FILE
    record = json.loads(path.read_text(encoding="utf-8"))
    assert [turn["dice"] for turn in record["turns"]] == [[3, 1]]
    assert "nardy:long:w:24x15:12x15" in record["positions"]
    assert answers.write_page([], tmp_path / "site", "index.html") is None
