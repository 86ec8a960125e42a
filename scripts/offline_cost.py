"""What the service worker keeps on a reader's device, per language: .venv/bin/python scripts/offline_cost.py [site-dir]

From a built site's ``sw.js`` (nardy_site.app.offline): a reader who read one rules page keeps the
build's common files (the root page, every offline page), the language's shell, that page and
its boards' recorded answers (tests/browser/test_offline.py checks that this is exactly what Chromium's cache holds); after
starting the engine also what the worker asks for: Pyodide's files, the engine archive and its
snapshot (nardy_site.app.live_assets.WORKER_ASKS). Bytes
as stored (the Cache API keeps bodies uncompressed) and as sent by scripts/serve (gzip: a file's
precompressed twin, or text compressed at level 6, as nardy_site.serve does).
"""

from __future__ import annotations

import gzip
import mimetypes
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nardy_site.app import live_assets, offline  # noqa: E402
from nardy_site.serve import COMPRESSIBLE, TYPES  # noqa: E402

PAGE = "short/"


def sizes(site: Path, key: str) -> tuple[int, int]:
    """(bytes stored, bytes sent with gzip) of one URL of the site."""
    path = site / (key + "index.html" if key == "" or key.endswith("/") else key)
    data = path.read_bytes()
    twin = path.with_name(path.name + ".gz")
    if twin.is_file():
        return len(data), twin.stat().st_size
    kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
    sent = len(gzip.compress(data, compresslevel=6, mtime=0)) if kind in COMPRESSIBLE else len(data)
    return len(data), sent


def total(site: Path, keys) -> tuple[int, int]:
    found = [sizes(site, key) for key in keys]
    return sum(stored for stored, _ in found), sum(sent for _, sent in found)


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else ROOT / "site"
    manifest = offline.read_worker(site / offline.WORKER)
    engine = {f"{live_assets.FOLDER}/{name}" for name in live_assets.WORKER_ASKS}
    print(f"build {manifest['id']}: {len(manifest['files'])} files")
    print("| language | one page read: stored / sent | with the engine: stored / sent |")
    print("|---|---|---|")
    for code, shell in manifest["shell"].items():
        page = f"{code}/{PAGE}"
        # The page is kept with its boards' recorded answers (assets/site/sw.js).
        answers = {key for key in manifest["files"] if key.startswith(page + "nardy-answers/")}
        read = set(manifest["common"]) | set(shell) | {page} | answers
        one, played = total(site, read), total(site, read | engine)
        print(f"| `{code}` | {one[0] / 1e3:,.0f} KB / {one[1] / 1e3:,.0f} KB | "
              f"{played[0] / 1e6:,.1f} MB / {played[1] / 1e6:,.1f} MB |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
