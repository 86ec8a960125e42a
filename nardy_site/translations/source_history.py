"""The source text a translation was made from, kept as a git blob.

``scripts/i18n done`` records the source page's git blob id (what
``git hash-object`` prints for the file: :func:`blob_id`, computed here so no
git is needed to record it) in the translation's front matter, and writes
the blob into the repository's object store when git is there, so that it is
found even before the source change is committed. ``scripts/i18n diff``
reads it back with ``git cat-file`` (:func:`read_blob`). In a shallow clone
that lacks the commit, a copy without ``.git`` or a machine without git, the
text is not found: the caller says so and still lists the changed sections.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess

from ..paths import ROOT

BLOB = re.compile(r"[0-9a-f]{40}")
#: A git command here should answer at once; a hung one must not hang the translators' tool.
_TIMEOUT = 30


def blob_id(data: bytes) -> str:
    """The id git gives ``data`` as a blob (sha1 of ``blob <size>\\0`` and the bytes)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _git(*args: str, data: bytes | None = None) -> subprocess.CompletedProcess | None:
    """``git args`` in the repository, or None when git is not installed or does not answer."""
    if shutil.which("git") is None:
        return None
    try:
        return subprocess.run(["git", "-C", str(ROOT), *args], input=data, capture_output=True, timeout=_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return None


def read_blob(blob: str) -> bytes | None:
    """The bytes of the blob ``blob`` from the repository's git objects, or None when they are not there."""
    if not BLOB.fullmatch(blob):
        return None
    done = _git("cat-file", "blob", blob)
    if done is None or done.returncode != 0 or blob_id(done.stdout) != blob:
        return None
    return done.stdout


def store_blob(data: bytes) -> bool:
    """Write ``data`` into the repository's git objects (``git hash-object -w``); False without git or a repository.

    Only what git can reach from a commit travels with a clone: this keeps the text for ``diff`` in this
    copy until the source change is committed."""
    done = _git("hash-object", "-w", "--stdin", data=data)
    return done is not None and done.returncode == 0 and done.stdout.decode().strip() == blob_id(data)
