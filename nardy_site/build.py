"""Build the site: python -m nardy_site.build [site-dir] [code ...]

Every enabled language of ``locales/languages.toml`` (or the codes given) is a
separate, strict MkDocs build of ``config/<code>.yml``, run side by side, with
the live boards' shared files (``nardy_site.app.live_assets``: ``pyodide/``,
Pyodide and the engine archive); then the play page's records, the same for
every language (``nardy_site.figures.opening``: ``play-records/``); then the
root pages (``nardy_site.pages.rootpage``) and the stand-in of the game
server's ``api/server.json`` (``nardy_site.pages.play_online``);
last the app icons and the service worker with the list of every file
(``nardy_site.app.offline``).

- **Strict**: every MkDocs warning fails the build (a link to a missing page
  or anchor, text missing from a released language's catalog, ...). MkDocs'
  own ``--strict`` counts only the warnings it shows, so the build never runs
  it with ``--quiet``; it keeps the warnings and errors of its output, and a
  warning fails the language even if MkDocs exited 0.
- **Swapped in whole**: everything is built into a fresh sibling folder
  (``<site-dir>.new-XXXX``), which replaces ``<site-dir>`` only when every
  language succeeded (the old one is renamed away, the new one renamed in,
  the old one deleted). A failed build leaves the previous site as it was
  and removes its temporary folder, so it never blocks the next build. A
  ``<site-dir>`` that holds something other than a built site is never
  deleted.

``$NARDY_SITE_URL`` (the site's root URL) sets each language's ``site_url``;
without it, ``config/<code>.yml``'s local one is used. ``scripts/build`` runs
this into ``site/``; the tests into a temporary folder.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .app import live_assets, offline
from .figures import opening
from .pages import play_online, rootpage
from .translations.languages import ROOT, enabled, get, load

#: The start of one record of MkDocs' log output ("WARNING -  Doc file ...").
RECORD = re.compile(r"^(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+-  ")


@dataclass
class Result:
    code: str
    returncode: int
    output: str
    seconds: float


class BuildError(RuntimeError):
    pass


def problems_in(output: str) -> tuple[str, int]:
    """MkDocs' output without its INFO and DEBUG records, and the number of WARNING records in it.

    A record's indented continuation lines go with it; any other line (a
    traceback, "Aborted with 2 warnings in strict mode!", "Error: ...") is kept.
    """
    kept, warnings, dropping = [], 0, False
    for line in output.splitlines():
        record = RECORD.match(line)
        if record:
            dropping = record.group("level") in ("DEBUG", "INFO")
            warnings += record.group("level") == "WARNING"
        elif dropping and line[:1].isspace():
            continue
        else:
            dropping = False
        if not dropping:
            kept.append(line)
    return "\n".join(kept).strip(), warnings


def build_language(code: str, site_dir: Path, env: dict | None = None) -> Result:
    """``mkdocs build --strict`` of ``config/<code>.yml`` into ``site_dir/<code>``; any warning fails it."""
    lang = get(code)
    env = dict(os.environ if env is None else env)
    env["NO_MKDOCS_2_WARNING"] = "1"  # Material's end-of-life banner
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict",
         "--config-file", str(lang.config), "--site-dir", str(site_dir / code)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    output, warnings = problems_in(done.stdout)
    returncode = done.returncode
    if returncode == 0 and warnings:  # never let a warning through, whatever MkDocs counted
        returncode = 1
        output += f"\n{warnings} warning{'s' if warnings > 1 else ''}: a strict build fails on every warning"
    return Result(code, returncode, output, time.monotonic() - started)


def _is_built_site(folder: Path) -> bool:
    """Whether ``folder`` may be replaced: empty, a built site (its root page), or only what a build writes.

    The last case is a site left half-built by an older version of this tool:
    nothing in it but language folders, ``pyodide/``, ``play-records/`` and the root pages.
    """
    names = {path.name for path in folder.iterdir()}
    if not names or "index.html" in names:
        return True
    files = {"index.html", "404.html", offline.WORKER}
    ours = {lang.code for lang in load()} | {live_assets.FOLDER, opening.FOLDER, offline.ICONS} | files
    return names <= ours and all((folder / name).is_dir() for name in names - files)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _swap_in(new: Path, site_dir: Path) -> None:
    """Put the finished build ``new`` at ``site_dir``, replacing what was there."""
    if not site_dir.exists():
        new.rename(site_dir)
        return
    old = Path(tempfile.mkdtemp(prefix=f"{site_dir.name}.old-", dir=site_dir.parent))
    old.rmdir()
    site_dir.rename(old)
    try:
        new.rename(site_dir)
    except OSError:
        old.rename(site_dir)  # put the previous site back
        raise
    shutil.rmtree(old, ignore_errors=True)


def _build_into(folder: Path, codes: list[str], env: dict | None) -> list[Result]:
    with ThreadPoolExecutor(max_workers=max(1, min(len(codes), os.cpu_count() or 1))) as pool:
        shared = pool.submit(live_assets.write, folder)
        record = pool.submit(opening.text)  # the play page's record made (16 s) while the languages build
        results = list(pool.map(lambda code: build_language(code, folder, env), codes))
        try:
            shared.result()
        except live_assets.LiveAssetsError as error:
            raise BuildError(f"the live boards' files ({live_assets.FOLDER}/): {error}") from None
    # The play page's records, the same for every language: once, in the site's root.
    try:
        opening.write_root(folder, record.result())  # the text made above, not read back from the cache
    except opening.OpeningError as error:
        raise BuildError(f"the play page's records ({opening.FOLDER}/): {error}") from None
    return results


def build(site_dir: Path, codes: list[str] | None = None, env: dict | None = None, clean: bool = True,
          check: bool = True) -> list[Result]:
    """Every language (side by side), then the root pages, swapped in for ``site_dir`` when all succeeded.

    Raises :class:`BuildError` naming each failed language, leaving
    ``site_dir`` as it was; with ``check=False`` the languages that built are
    swapped in anyway and the results returned (the tests report each
    language on its own). ``clean=False`` builds into ``site_dir`` itself,
    keeping what else it holds.
    """
    site_dir = Path(site_dir).resolve()  # MkDocs would resolve a relative one against config/
    codes = codes or [lang.code for lang in enabled()]
    if not clean:
        site_dir.mkdir(parents=True, exist_ok=True)
        results = _build_into(site_dir, codes, env)
        _finish(site_dir, results, env, check)
        return results
    if site_dir.exists() and not (site_dir.is_dir() and _is_built_site(site_dir)):
        raise BuildError(f"{site_dir} is not empty and holds no built site: not deleting it")
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    new = Path(tempfile.mkdtemp(prefix=f"{site_dir.name}.new-", dir=site_dir.parent))
    try:
        new.chmod(0o777 & ~_umask())  # mkdtemp's folder is private; the site is served to others
        results = _build_into(new, codes, env)
        _finish(new, results, env, check)
        _swap_in(new, site_dir)
    finally:
        if new.exists():
            shutil.rmtree(new, ignore_errors=True)
    return results


def _finish(folder: Path, results: list[Result], env: dict | None, check: bool) -> None:
    failed = [result for result in results if result.returncode != 0]
    if failed and check:
        raise BuildError("\n\n".join(f"build of {r.code} (config/{r.code}.yml) failed:\n{r.output}" for r in failed))
    rootpage.write(folder, (os.environ if env is None else env).get("NARDY_SITE_URL"))
    play_online.write(folder)
    try:
        offline.write(folder)  # last: the service worker lists every file of the build
    except offline.OfflineError as error:
        raise BuildError(f"the service worker ({offline.WORKER}): {error}") from None


def main(argv: list[str]) -> int:
    site_dir = Path(argv[0]) if argv else ROOT / "site"
    codes = argv[1:] or None
    try:
        results = build(site_dir, codes)
    except BuildError as error:
        print(error, file=sys.stderr)
        print(f"build: failed; {site_dir}/ is as it was", file=sys.stderr)
        return 1
    for result in results:
        print(f"build: {result.code} (config/{result.code}.yml -> {site_dir / result.code}/) {result.seconds:.1f} s")
        if result.output:
            print(result.output)
    print(f"build: {site_dir}/ ready ({len(results)} language(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
