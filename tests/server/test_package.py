"""nardy_server's layers (its package docstring, "Layers"): each module imports only the layers before its
own, nardy_rules, and of the site only ``nardy_site.serve`` (the site's files, where the docstring says); the
engine and the site import nothing of the server."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "nardy_server"
#: The modules that may serve the site's files (the package docstring says so).
SITE_USERS = {"app", "__main__"}


def layers(package: Path = PACKAGE) -> dict[str, int]:
    section = (package / "__init__.py").read_text(encoding="utf-8").split("Layers\n------\n", 1)[1]
    order = {}
    for line in section.splitlines():
        found = re.match(r"(\d+)\. (.*)", line)
        if found:
            for name in re.findall(r"``(\w+)``", found.group(2).split(": ", 1)[0]):
                order[name] = int(found.group(1))
    return order


def imports(path: Path, relative: bool = True) -> list[tuple[int, str]]:
    """(line, module) of every import, functions' included; relative ones (of nardy_server) made absolute."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level and not relative:
                continue
            if node.level:
                base = "nardy_server" + (f".{node.module}" if node.module else "")
                found += [(node.lineno, f"{base}.{alias.name}" if not node.module else base) for alias in node.names]
            else:
                found.append((node.lineno, node.module))
    return found


def problems(package: Path = PACKAGE) -> list[str]:
    order = layers(package)
    found = []
    modules = sorted(p.stem for p in package.glob("*.py") if p.stem != "__init__")
    for name in modules:
        if name not in order:
            found.append(f"{name}: in no layer of the package docstring")
            continue
        for line, module in imports(package / f"{name}.py"):
            top, _, rest = module.partition(".")
            if top == "nardy_server":
                target = rest.split(".")[0]
                if target not in order:
                    found.append(f"{name}: line {line}: imports {module}, in no layer")
                elif order[target] > order[name]:
                    found.append(f"{name}: line {line}: imports {module}, a layer above")
            elif top == "nardy_site" and not (module == "nardy_site.serve" and name in SITE_USERS):
                found.append(f"{name}: line {line}: imports {module}")
    return found


def test_layers_hold():
    assert problems() == []


def test_the_layers_name_every_module_once():
    order = layers()
    assert sorted(order) == sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def test_the_check_can_fail(tmp_path):
    """A module importing a layer above its own, and one in no layer, are caught (on a copy of the package)."""
    import shutil

    copy = tmp_path / "nardy_server"
    shutil.copytree(PACKAGE, copy)
    (copy / "clocks.py").write_text((PACKAGE / "clocks.py").read_text() + "\nfrom .hub import Hub  # noqa\n")
    (copy / "extra.py").write_text("from nardy_site.paths import ROOT  # noqa\n")
    found = problems(copy)
    assert any(problem.startswith("clocks: line") and "a layer above" in problem for problem in found)
    assert "extra: in no layer of the package docstring" in found


def test_the_engine_and_the_site_import_nothing_of_the_server():
    for folder in (ROOT / "nardy_rules", ROOT / "nardy_site"):
        for path in folder.rglob("*.py"):
            for line, module in imports(path, relative=False):
                assert not module.startswith("nardy_server"), f"{path}:{line}"


def test_no_sql_is_built_from_values():
    """Every statement of the stores is a constant: no f-string, %-format or concatenation with a value
    at a call of execute."""
    for name in ("store_sqlite", "store_postgres"):
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("execute", "executemany"):
                statement = node.args[0]
                assert isinstance(statement, (ast.Name, ast.Subscript, ast.Constant)), f"{name}: line {node.lineno}"
                if isinstance(statement, ast.Constant):
                    assert isinstance(statement.value, str), f"{name}: line {node.lineno}"
                elif isinstance(statement, ast.Subscript):
                    assert isinstance(statement.value, ast.Name) and statement.value.id.isupper(), f"{name}: {node.lineno}"
                else:
                    assert statement.id.isupper() or statement.id in ("statement", "query"), f"{name}: line {node.lineno}"
            if (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "_select") or \
                    (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "_run" and node.args and \
                    getattr(node.args[0], "attr", "") == "_select"):
                query = node.args[0] if getattr(node.func, "attr", "") == "_select" else node.args[1]
                assert isinstance(query, ast.Name) and query.id.isupper(), f"{name}: line {node.lineno}"
            if isinstance(node, ast.For) and getattr(node.target, "id", "") == "statement":
                assert isinstance(node.iter, ast.Name) and node.iter.id == "SCHEMA", f"{name}: line {node.lineno}"
