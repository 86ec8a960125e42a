"""The package stays pure Python: standard library only, importable from the repository root."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_only_standard_library_imports():
    allowed = set(sys.stdlib_module_names)
    for path in (ROOT / "nardy_rules").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed | {"__future__"}, f"{path.name} imports {name}"


def test_imports_with_only_the_repository_root_on_the_path():
    code = "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]; " \
           "from nardy_rules import Position, legal_plays; print(len(legal_plays(Position.from_json(" \
           "{'variant': 'long', 'white': {'24': 15}, 'black': {'12': 15}}), (3, 3))))"
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); {code}"],
                         capture_output=True, text=True, cwd="/")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "2"
