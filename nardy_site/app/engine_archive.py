"""The engine as a pure-Python archive for Pyodide: ``nardy_rules/`` in a zip.

Every module of the package and its subpackages (``nardy_rules/bot/``), and
the data files the engine loads at run time (the computer opponent's weights,
``nardy_rules/bot/weights/*.json``).

The live boards' worker unpacks it into Pyodide's site-packages with
``pyodide.unpackArchive(buffer, "zip", {extractDir})``: no micropip, no
network. The archive is deterministic (fixed timestamps, sorted entries) so
an unchanged engine gives a byte-identical file.

``python -m nardy_site.app.engine_archive OUT.zip`` writes it.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "nardy_rules"
#: Files the browser does not need: the command line.
LEAVE_OUT = {"__main__.py", "match_cli.py", "bot/cli.py"}
#: What the archive holds, relative to the package.
PATTERNS = ("**/*.py", "**/*.json")


def files() -> list[Path]:
    """The package's files that go into the archive, sorted (so the archive is deterministic)."""
    found = {path for pattern in PATTERNS for path in PACKAGE.glob(pattern) if "__pycache__" not in path.parts}
    return sorted(path for path in found if path.relative_to(PACKAGE).as_posix() not in LEAVE_OUT)


def build(out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files():
            name = path.relative_to(PACKAGE).as_posix()
            info = zipfile.ZipInfo(f"nardy_rules/{name}", date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return out


if __name__ == "__main__":
    print(build(Path(sys.argv[1] if len(sys.argv) > 1 else "build/nardy_rules.zip")))
