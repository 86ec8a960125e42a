"""Mutation tests: code changes that once passed every non-browser test now fail their guarding tests.

Each mutant is one careless change to the production code.
The test copies the repository to a temporary folder, applies the change to
the copy, runs only the guarding tests there in a fresh interpreter, and
asserts that they fail (pytest's exit status 1: tests ran and failed, not an
import or collection error). A control run on an unchanged copy shows the same
guards pass there, so the failure is the mutant's doing.

When the code a mutant changes is rewritten, the mutant no longer applies and
its test says so: write the same mistake against the new code.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Left out of the copy: at the top, what git ignores or builds; anywhere, caches.
TOP_LEVEL = {".git", "site", "build", ".venv", "node_modules"}
ANYWHERE = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.mo")


def ignore(folder: str, names: list[str]) -> set[str]:
    left_out = set(ANYWHERE(folder, names))
    if Path(folder) == ROOT:
        left_out |= {name for name in names if name in TOP_LEVEL or name.startswith("site.")}
    return left_out


@dataclass(frozen=True)
class Mutant:
    path: str      # the file changed, from the repository's root
    pattern: str   # a regular expression that must match exactly once
    replacement: str
    guards: tuple  # pytest node ids that must fail

    def apply(self, source: str) -> str:
        changed, count = re.subn(self.pattern, lambda _m: self.replacement, source)
        if count != 1:
            raise AssertionError(f"the mutant no longer applies: {self.pattern!r} matches {count} times in {self.path}")
        return changed


MUTANTS = {
    # The board's description written into the SVG without escaping.
    "svg-desc-unescaped": Mutant(
        "nardy_rules/svg.py", r"html\.escape\(str\(desc\)\)", "desc",
        ("tests/site/test_svg_text_alternative.py",)),
    # A results table compared by its number of rows only (koks = 4 then passes).
    "results-by-length": Mutant(
        "nardy_site/page/tables.py", r"if points != want:", "if len(points) != len(want):",
        tuple(f"tests/docs/test_mutations.py::test_a_one_cell_typo_fails_with_its_line[uz-{typo}]"
              for typo in ("short-results-2-2-3", "long-results-1-2-2"))),
    # The root page's language names written without escaping.
    "rootpage-name-unescaped": Mutant(
        "nardy_site/pages/rootpage.py", r"\be\(lang\.name\)", "lang.name",
        ("tests/site/test_rootpage_names.py",)),
    # must-play-larger-die no longer reported by targets.
    "targets-without-larger-die": Mutant(
        "nardy_rules/live.py", r'NOT_A_LANDING = \("no-such-die", "backwards"\)',
        'NOT_A_LANDING = ("no-such-die", "backwards", "must-play-larger-die")',
        ("tests/engine/test_live.py::test_targets_list_the_larger_die_refusal",)),
    # A closed landing point no longer explained on the board.
    "targets-without-closed-points": Mutant(
        "nardy_rules/live.py", r'NOT_A_LANDING = \("no-such-die", "backwards"\)',
        'NOT_A_LANDING = ("no-such-die", "backwards", "point-closed")',
        ("tests/engine/test_live_protocol.py::test_targets_of_a_checker_that_can_move",)),
}


def copy_of_the_repository(target: Path) -> Path:
    shutil.copytree(ROOT, target, symlinks=True, ignore=ignore)
    return target


def run_pytest(repo: Path, *arguments: str) -> subprocess.CompletedProcess:
    """pytest in a fresh interpreter on ``repo``, without the conftest files (the guards need none of
    their fixtures, and skipping them saves a second per run)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST", "PYTHON"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--noconftest", *arguments]
    return subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True, timeout=300)


def test_the_guards_pass_on_the_real_code(tmp_path):
    repo = copy_of_the_repository(tmp_path / "repo")
    guards = [guard for mutant in MUTANTS.values() for guard in mutant.guards]
    done = run_pytest(repo, *guards)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\b[1-9]\d* passed", done.stdout) and " skipped" not in done.stdout, done.stdout[-3000:]


@pytest.mark.parametrize("name", list(MUTANTS))
def test_the_mutant_fails_its_guards(tmp_path, name):
    mutant = MUTANTS[name]
    repo = copy_of_the_repository(tmp_path / "repo")
    target = repo / mutant.path
    target.write_text(mutant.apply(target.read_text(encoding="utf-8")), encoding="utf-8")
    done = run_pytest(repo, "-x", *mutant.guards)
    # 1: tests ran and some failed (2 would be an interrupted run, 4 a usage error, 5 no tests).
    assert done.returncode == 1, f"{name} survived:\n" + done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\b[1-9]\d* failed", done.stdout), done.stdout[-3000:]
