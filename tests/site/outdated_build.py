"""A copy of the repository whose source page changed after its translations were made, built and served.

One sentence of the ``board`` section of ``docs/uz/short.md`` is changed and
nothing else: every translation of ``short.md`` is then outdated in exactly
that section. The Russian site (a translated page and the Translations page)
is built from the copy once per session, with the Uzbek site beside it (the
section marks link there); :func:`served` serves it on 127.0.0.1.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from nardy_site.serve import serve_in_thread
from tests.i18n.conftest import copy_repository

#: The changed section of the source page, its old sentence start and the new one.
SECTION = "board"
OLD = "Qisqa narda 24 ta tor uchburchakdan iborat taxtada oʻynaladi"
NEW = "Qisqa narda yigirma toʻrtta tor uchburchakdan iborat taxtada oʻynaladi"
LANGUAGES = ("uz", "ru")


def change_source(repo: Path) -> None:
    """Change one sentence of the ``board`` section of the copy's ``docs/uz/short.md``."""
    page = repo / "docs" / "uz" / "short.md"
    text = page.read_text(encoding="utf-8")
    assert text.count(OLD) == 1, f"{OLD!r} is not once in docs/uz/short.md"
    page.write_text(text.replace(OLD, NEW), encoding="utf-8")


@functools.lru_cache(maxsize=None)
def built() -> Path:
    """The copy's site folder, with ``uz/`` and ``ru/`` built from it (strict)."""
    folder = Path(tempfile.mkdtemp(prefix="nardy-outdated-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    repo = copy_repository(folder / "repo")
    change_source(repo)
    env = {**{k: v for k, v in os.environ.items() if k != "NARDY_SITE_URL"}, "NO_MKDOCS_2_WARNING": "1"}
    for code in LANGUAGES:
        done = subprocess.run([str(repo / ".venv" / "bin" / "python"), "-m", "mkdocs", "build", "--strict", "-f",
                               f"config/{code}.yml", "-d", str(folder / "site" / code)],
                              cwd=repo, capture_output=True, text=True, env=env, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    return folder / "site"


@functools.lru_cache(maxsize=None)
def served() -> str:
    """The root URL of :func:`built`, served by ``nardy_site.serve``."""
    server = serve_in_thread(built())
    atexit.register(server.shutdown)
    return server.url
