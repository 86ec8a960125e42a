"""Hostile values in diagram blocks and table cells stop the build naming file and
line, for every one of them, never with a traceback naming only the page."""

from __future__ import annotations

import re

from .helpers import mkdocs_build, write_build
from .test_build import GOOD

BLOCK = '''```nardy id="bad-{n}" caption="c"
position: nardy:short:w:24x2,13x5,6x8:19x5,17x3,12x5,8x1,1x1
dice: 5-3
{bad}
```
'''
REPRODUCERS = ["refuse: 24/99 backwards", "refuse: 0/5 no-checker", "expect: pips a b", "expect: lost x"]
TABLE = "<!-- nardy-table: hit-chances -->\n| Masofa | Zarlar | Ulushi |\n|---|---|---|\n| 1 | {huge} | 31% |\n"


def test_every_hostile_value_is_named_by_file_and_line(tmp_path):
    page = "---\ndescription: x\n---\n# Xato { #bad }\n\n"
    lines = {}
    for n, bad in enumerate(REPRODUCERS):
        lines[bad] = page.count("\n") + 4
        page += BLOCK.format(n=n, bad=bad) + "\n"
    lines["table"] = page.count("\n") + 4
    page += TABLE.format(huge="9" * 5000)
    done = mkdocs_build(write_build(tmp_path, {**GOOD, "bad.md": page}))
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert "Traceback" not in output, output[-3000:]
    for bad in REPRODUCERS:
        assert re.search(rf"docs/bad\.md:{lines[bad]}: diagram 'bad-\d': ", output), (bad, output[-3000:])
    assert re.search(rf"docs/bad\.md:{lines['table']}: table 'hit-chances': .*5000 digits", output), output[-3000:]
    assert "9" * 100 not in output  # the cell is quoted in a bounded excerpt
