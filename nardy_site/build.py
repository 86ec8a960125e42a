"""Build the site: python -m nardy_site.build [site-dir] [code ...]

Every enabled language of ``locales/languages.toml`` (or the codes given) is a
separate, strict MkDocs build (a warning fails) of ``config/<code>.yml`` into
``<site-dir>/<code>/``, run side by side, with the live boards' shared files (``nardy_site.live_assets``:
``<site-dir>/pyodide/``, Pyodide and the engine archive); then the root pages
(``nardy_site.rootpage``). ``$NARDY_SITE_URL`` (the site's root URL) sets
each language's ``site_url``; without it, ``config/<code>.yml``'s local one
is used. ``scripts/build`` runs this into ``site/``; the tests into a
temporary folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from . import live_assets, rootpage
from .languages import ROOT, enabled, get


@dataclass
class Result:
    code: str
    returncode: int
    output: str
    seconds: float


class BuildError(RuntimeError):
    pass


def build_language(code: str, site_dir: Path, env: dict | None = None) -> Result:
    """``mkdocs build --strict`` of ``config/<code>.yml`` into ``site_dir/<code>``."""
    lang = get(code)
    env = dict(os.environ if env is None else env)
    env["NO_MKDOCS_2_WARNING"] = "1"  # Material's end-of-life banner
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
         "--config-file", str(lang.config), "--site-dir", str(site_dir / code)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    return Result(code, done.returncode, (done.stdout + done.stderr).strip(), time.monotonic() - started)


def build(site_dir: Path, codes: list[str] | None = None, env: dict | None = None, clean: bool = True,
          check: bool = True) -> list[Result]:
    """Every language (side by side), then the root pages.

    Raises :class:`BuildError` naming each failed language; with ``check=False``
    returns the results instead (the tests report each language on its own).
    """
    site_dir = Path(site_dir).resolve()  # MkDocs would resolve a relative one against config/
    codes = codes or [lang.code for lang in enabled()]
    if clean and site_dir.exists():
        if any(site_dir.iterdir()) and not (site_dir / "index.html").exists():
            raise BuildError(f"{site_dir} is not empty and holds no built site: not deleting it")
        shutil.rmtree(site_dir)
    site_dir.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, min(len(codes), os.cpu_count() or 1))) as pool:
        shared = pool.submit(live_assets.write, site_dir)
        results = list(pool.map(lambda code: build_language(code, site_dir, env), codes))
        try:
            shared.result()
        except live_assets.LiveAssetsError as error:
            raise BuildError(f"the live boards' files ({live_assets.FOLDER}/): {error}") from None
    failed = [result for result in results if result.returncode != 0]
    if failed and check:
        raise BuildError("\n\n".join(f"build of {r.code} (config/{r.code}.yml) failed:\n{r.output}" for r in failed))
    rootpage.write(site_dir, (os.environ if env is None else env).get("NARDY_SITE_URL"))
    return results


def main(argv: list[str]) -> int:
    site_dir = Path(argv[0]) if argv else ROOT / "site"
    codes = argv[1:] or None
    try:
        results = build(site_dir, codes)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    for result in results:
        print(f"build: {result.code} (config/{result.code}.yml -> {site_dir / result.code}/) {result.seconds:.1f} s")
        if result.output:
            print(result.output)
    print(f"build: {site_dir}/ ready ({len(results)} language(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
