"""The site built once per test session (every enabled language that has pages), and served.

``tests/site`` and ``tests/browser`` share it: :func:`built_site` and
:func:`served_site` build and serve on first use and return the same result
afterwards. The build is ``nardy_site.build`` into a temporary folder, with
the local ``site_url`` of each ``config/<code>.yml`` (``$NARDY_SITE_URL``
unset), so the 404 pages use paths from ``/``, as served here.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from pathlib import Path

from nardy_site.translations import languages
from nardy_site.build import build
from nardy_site.serve import serve_in_thread

from .helpers import ROOT

PAGES = ("index.md", "short.md", "long.md")


def languages_with_pages() -> list[languages.Language]:
    """The enabled languages whose ``docs/<code>/`` has the three pages (the others fail a test of their own)."""
    return [lang for lang in languages.enabled() if all((ROOT / "docs" / lang.code / page).is_file() for page in PAGES)]


_built: dict = {}


def _build() -> dict:
    if not _built:
        folder = Path(tempfile.mkdtemp(prefix="nardy-site-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        env = {key: value for key, value in os.environ.items() if key != "NARDY_SITE_URL"}
        results = build(folder / "site", [lang.code for lang in languages_with_pages()], env=env, check=False)
        _built.update(site=folder / "site", failed={r.code: r.output for r in results if r.returncode != 0})
    return _built


def built_site() -> Path:
    """The built site: every enabled language with pages, each built on its own, and the root pages."""
    return _build()["site"]


def failed_builds() -> dict[str, str]:
    """The output of each language whose build failed (its tests leave it out; one test reports it)."""
    return _build()["failed"]


def built_languages() -> list[languages.Language]:
    """The languages with pages whose build succeeded: the ones the site tests look at."""
    failed = failed_builds()
    return [lang for lang in languages_with_pages() if lang.code not in failed]


@functools.lru_cache(maxsize=None)
def served_site() -> str:
    """The root URL (``http://127.0.0.1:<port>/``) of :func:`built_site`, served by ``nardy_site.serve``."""
    server = serve_in_thread(built_site())
    atexit.register(server.shutdown)
    return server.url
