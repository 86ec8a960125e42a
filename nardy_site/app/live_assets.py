"""What the live boards run: their scripts (:data:`SCRIPTS`), their strings (:func:`catalog`), and ``<site>/pyodide/``
for every language.

``write(site_dir)`` (called by ``nardy_site.build`` after the language builds)
copies the five files of the pinned npm package ``pyodide`` that pure Python
with the standard library needs (PITFALLS.md), and writes the engine archive
``nardy_rules.zip`` (``nardy_site.app.engine_archive``: the same deterministic
archive the parity test runs in Pyodide) and the image of Pyodide's memory
with the engine imported that the worker starts from
(``nardy_site.app.engine_snapshot``). Each language's worker
(``<lang>/assets/engine/nardy-worker.js``) finds them at ``../../../pyodide/`` from its
own URL. Nothing comes from a CDN: the version is the one ``package.json``
and ``package-lock.json`` pin, checked against ``node_modules/pyodide``.

Large files also get a gzip twin (``pyodide.asm.wasm.gz``), which
``nardy_site.serve`` sends to browsers that accept it, as a static server
with precompressed files would.
"""

from __future__ import annotations

import gzip
import json
import posixpath
import re
import shutil
from pathlib import Path

from ..pages import play_analysis, play_online, play_page
from ..translations import i18n
from ..translations.languages import ROOT
from . import engine_archive, engine_snapshot

#: The live boards' scripts, as paths under assets/, copied into every language's assets/ at the same paths (so
#: that their relative imports hold in both) and as they are (overrides/main.html loads the first; it imports
#: the others, and starts the worker).
SCRIPTS = (
    "board/nardy-board.js", "engine/nardy-answer.js", "board/nardy-board-controller.js", "board/nardy-board-controls.js",
    "board/nardy-board-cursor.js", "board/nardy-board-input.js", "board/nardy-board-play.js", "board/nardy-board-state.js",
    "board/nardy-board-tools.js", "board/nardy-board-view.js", "board/nardy-dom.js", "board/nardy-draw.js",
    "board/nardy-icons.js", "engine/nardy-embedded.js", "engine/nardy-engine.js", "board/nardy-geometry.js",
    "board/nardy-link.js", "board/nardy-position.js", "board/nardy-strings.js", "engine/nardy-worker.js",
    "board/nardy-numbering.js",
    # A replay of a whole game and a mistake's two plays (the articles).
    "board/nardy-replay.js", "board/nardy-mistake.js",
    # The play page (overrides/main.html loads play/nardy-play.js there).
    "play/nardy-play.js", "play/nardy-play-app.js", "play/nardy-play-board.js", "play/nardy-play-computer.js",
    "play/nardy-play-fit.js", "play/nardy-play-match.js", "play/nardy-play-opening.js", "play/nardy-play-motion.js",
    "play/nardy-play-moves.js", "play/nardy-play-side.js",
    "play/nardy-play-panel.js", "play/nardy-play-seats.js", "play/nardy-play-setup.js", "play/nardy-play-setup-view.js",
    "play/nardy-play-sheet.js", "play/nardy-play-sound.js", "play/nardy-play-store.js", "play/nardy-play-text.js",
    # The analysis of a match and its import (nardy-play-analysis.js: the review of a play, the plot).
    "play/nardy-play-analysis.js", "play/nardy-play-review.js", "play/nardy-play-plot.js",
    # Playing online (the game server, nardy_server): loaded by the play page.
    "play/nardy-online.js", "play/nardy-online-client.js", "play/nardy-online-view.js",
)
PACKAGE = "pyodide"
#: The files Pyodide needs for pure Python with the standard library, and no package wheels.
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE = "nardy_rules.zip"
FOLDER = "pyodide"
#: Everything of FOLDER the worker asks for as the engine starts (assets/engine/nardy-worker.js).
WORKER_ASKS = (*FILES, ENGINE, engine_snapshot.IMAGE, engine_snapshot.INFO)
#: Files at least this large get a precompressed ``.gz`` twin (when it is smaller).
GZIP_FROM = 16 * 1024


#: A static import of another script of assets/ (every import of these scripts is one such line).
_IMPORT = re.compile(r'^import\b[^\n]*\bfrom "(\.\.?/[\w./-]+\.js)";$', re.M)


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
            text = (assets / name).read_text(encoding="utf-8")
            todo += [posixpath.normpath(posixpath.join(posixpath.dirname(name), path)) for path in _IMPORT.findall(text)]
    return found


def catalog(translator: i18n.Translator) -> dict:
    """A language's ``assets/i18n.json``: the live boards' strings and the play page's (its script uses both),
    with the refusal reasons (:func:`nardy_site.translations.i18n.board_catalog`)."""
    return i18n.board_catalog(translator, {**i18n.BOARD, **play_page.PLAY, **play_online.ONLINE, **play_analysis.ANALYSIS})


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
