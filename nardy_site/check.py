"""Check the diagram blocks of pages: ``python -m nardy_site.check docs/uz/short.md ...``

Prints one line per block and exits 1 if any block is malformed or contradicted
by the engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .blocks import BlockError, find_blocks, verify


def main(argv: list[str]) -> int:
    failed = 0
    for name in argv or sorted(str(p) for p in Path("docs").glob("*/*.md")):
        try:
            blocks = find_blocks(Path(name).read_text(encoding="utf-8"), name)
        except BlockError as error:
            print(f"FAIL {error}")
            failed += 1
            continue
        for block in blocks:
            try:
                verify(block)
                print(f"ok   {name}:{block.line} {block.id}")
            except BlockError as error:
                print(f"FAIL {error}")
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
