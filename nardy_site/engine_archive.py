"""The engine as a pure-Python archive for Pyodide: ``nardy_rules/*.py`` in a zip.

The live boards' worker unpacks it into Pyodide's site-packages with
``pyodide.unpackArchive(buffer, "zip", {extractDir})``: no micropip, no
network. The archive is deterministic (fixed timestamps, sorted entries) so
an unchanged engine gives a byte-identical file.

``python -m nardy_site.engine_archive OUT.zip`` writes it.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nardy_rules"
#: Modules the boards do not need in the browser.
LEAVE_OUT = {"__main__.py"}


def build(out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(PACKAGE.glob("*.py")):
            if path.name in LEAVE_OUT:
                continue
            info = zipfile.ZipInfo(f"nardy_rules/{path.name}", date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return out


if __name__ == "__main__":
    print(build(Path(sys.argv[1] if len(sys.argv) > 1 else "build/nardy_rules.zip")))
