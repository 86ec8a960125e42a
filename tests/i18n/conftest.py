"""A throwaway copy of the repository, for tests that break things on purpose or add a language."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def copy_repository(target: Path) -> Path:
    """The working tree's files (tracked and new, not ignored) in ``target``, sharing .venv, node_modules, build/."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if not source.is_file():
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)
    for shared in (".venv", "node_modules"):
        if (ROOT / shared).exists():
            os.symlink(ROOT / shared, target / shared)
    # The build's records of the engine's answers (build/answers, build/opening) are kept under the digest of
    # what made them, so the copy's build reads those it shares with ours instead of asking the engine again
    # (the play page's opening alone costs about 17 s); copied, not linked, so no test can spoil ours.
    if (ROOT / "build").is_dir():
        shutil.copytree(ROOT / "build", target / "build")
    return target


@pytest.fixture
def repo(tmp_path):
    return copy_repository(tmp_path / "repo")


def run(repo: Path, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([str(repo / ".venv" / "bin" / "python"), "-m", *args], cwd=repo, capture_output=True,
                          text=True, timeout=timeout, env=env)
