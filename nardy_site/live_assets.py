"""What the live boards run: their scripts (:data:`SCRIPTS`), and ``<site>/pyodide/`` for every language.

``write(site_dir)`` (called by ``nardy_site.build`` after the language builds)
copies the five files of the pinned npm package ``pyodide`` that pure Python
with the standard library needs (PITFALLS.md), and writes the engine archive
``nardy_rules.zip`` (``nardy_site.engine_archive``: the same deterministic
archive the parity test runs in Pyodide) and the image of Pyodide's memory
with the engine imported that the worker starts from
(``nardy_site.engine_snapshot``). Each language's worker
(``<lang>/assets/nardy-worker.js``) finds them at ``../../pyodide/`` from its
own URL. Nothing comes from a CDN: the version is the one ``package.json``
and ``package-lock.json`` pin, checked against ``node_modules/pyodide``.

Large files also get a gzip twin (``pyodide.asm.wasm.gz``), which
``nardy_site.serve`` sends to browsers that accept it, as a static server
with precompressed files would.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

from . import engine_archive, engine_snapshot
from .languages import ROOT

#: The live boards' scripts in assets/, copied into every language's assets/ as they are
#: (overrides/main.html loads the first; it imports the others, and starts the worker).
SCRIPTS = (
    "nardy-board.js", "nardy-answer.js", "nardy-board-controller.js", "nardy-board-controls.js",
    "nardy-board-cursor.js", "nardy-board-input.js", "nardy-board-play.js", "nardy-board-state.js",
    "nardy-board-tools.js", "nardy-board-view.js", "nardy-dom.js", "nardy-draw.js", "nardy-embedded.js",
    "nardy-engine.js", "nardy-geometry.js", "nardy-link.js", "nardy-position.js", "nardy-strings.js",
    "nardy-worker.js",
    # The play page (overrides/main.html loads nardy-play.js there).
    "nardy-play.js", "nardy-play-app.js", "nardy-play-board.js", "nardy-play-match.js", "nardy-play-moves.js",
    "nardy-play-panel.js", "nardy-play-seats.js", "nardy-play-setup.js", "nardy-play-setup-view.js", "nardy-play-store.js",
    "nardy-play-text.js",
)
PACKAGE = "pyodide"
#: The files Pyodide needs for pure Python with the standard library, and no package wheels.
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE = "nardy_rules.zip"
FOLDER = "pyodide"
#: Everything of FOLDER the worker asks for as the engine starts (assets/nardy-worker.js).
WORKER_ASKS = (*FILES, ENGINE, engine_snapshot.IMAGE, engine_snapshot.INFO)
#: Files at least this large get a precompressed ``.gz`` twin (when it is smaller).
GZIP_FROM = 16 * 1024


#: A static import of another script of assets/ (every import of these scripts is one such line).
_IMPORT = re.compile(r'^import\b[^\n]*\bfrom "\./([\w.-]+\.js)";$', re.M)


class LiveAssetsError(RuntimeError):
    pass


def module_graph(entry: str, assets: Path = ROOT / "assets") -> list[str]:
    """Every script ``entry`` imports, directly or through another, ``entry`` first: the play page names them
    all in ``<link rel="modulepreload">`` (overrides/main.html), so that they are fetched together rather
    than one level of imports after another. A generated script (nardy-layout.js) is listed, not read."""
    found, todo = [], [entry]
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        found.append(name)
        if (assets / name).is_file():
            todo += _IMPORT.findall((assets / name).read_text(encoding="utf-8"))
    return found


def pinned_version(root: Path = ROOT) -> str:
    """The Pyodide version of package.json, checked against package-lock.json and node_modules."""
    try:
        wanted = json.loads((root / "package.json").read_text(encoding="utf-8"))["dependencies"][PACKAGE]
        lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
        locked = lock["packages"][f"node_modules/{PACKAGE}"]["version"]
    except (OSError, KeyError, ValueError) as error:
        raise LiveAssetsError(f"package.json / package-lock.json do not pin {PACKAGE}: {error}") from None
    if wanted != locked:
        raise LiveAssetsError(f"package.json pins {PACKAGE} {wanted}, package-lock.json {locked}: run npm install")
    installed = root / "node_modules" / PACKAGE / "package.json"
    if not installed.is_file():
        raise LiveAssetsError(f"{installed.parent} is missing: run scripts/setup (npm ci)")
    have = json.loads(installed.read_text(encoding="utf-8")).get("version")
    if have != locked:
        raise LiveAssetsError(f"node_modules has {PACKAGE} {have}, package-lock.json pins {locked}: run npm ci")
    return locked


def _gzip_twin(path: Path) -> None:
    data = path.read_bytes()
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    if len(packed) <= 0.9 * len(data):  # not the zip files: already compressed
        twin = path.with_name(path.name + ".gz")
        twin.write_bytes(packed)


def write(site_dir: Path, root: Path = ROOT) -> Path:
    """``site_dir/pyodide/``: the pinned Pyodide files and the engine archive; returns the folder."""
    version = pinned_version(root)
    source = root / "node_modules" / PACKAGE
    folder = Path(site_dir) / FOLDER
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name in FILES:
        if not (source / name).is_file():
            raise LiveAssetsError(f"{source / name} is missing from {PACKAGE} {version}")
        shutil.copyfile(source / name, folder / name)
    engine_archive.build(folder / ENGINE)
    # The engine's start as an image of Pyodide's memory (with its own gzip twin, kept in the cache).
    engine_snapshot.write(folder, [folder / name for name in FILES], folder / ENGINE)
    for path in sorted(folder.iterdir()):
        twin = path.with_name(path.name + ".gz")
        if path.suffix != ".gz" and not twin.exists() and path.stat().st_size >= GZIP_FROM:
            _gzip_twin(path)
    (folder / "VERSION").write_text(f"pyodide {version}\n", encoding="utf-8")
    return folder
