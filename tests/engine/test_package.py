"""The package stays pure Python: standard library only, importable from the repository root."""

import ast
import doctest
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_only_standard_library_imports():
    allowed = set(sys.stdlib_module_names)
    for path in (ROOT / "nardy_rules").rglob("*.py"):
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


def test_the_docstring_examples_run():
    # Every module's examples (the command line's __main__ aside), the package's first.
    names = ["nardy_rules"] + [f"nardy_rules.{module_name(path)}" for path in sorted(PACKAGE.rglob("*.py"))
                               if path.name != "__main__.py" and path != PACKAGE / "__init__.py"]
    results = {name: doctest.testmod(importlib.import_module(name)) for name in names}
    assert {name: result.failed for name, result in results.items() if result.failed} == {}
    assert sum(result.attempted for result in results.values()) >= 9  # the package's, svg's and the bot's examples


def test_imports_with_only_the_repository_root_on_the_path():
    code = "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]; " \
           "from nardy_rules import Position, legal_plays; print(len(legal_plays(Position.from_json(" \
           "{'variant': 'long', 'white': {'24': 15}, 'black': {'12': 15}}), (3, 3))))"
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); {code}"],
                         capture_output=True, text=True, cwd="/")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "2"


# ---------------------------------------------------------------------- the contract between modules
#
# The package docstring's rules, checked on the source (ast):
# - no module reads another module's underscore names: ``x._name`` is a breach unless ``x`` is
#   ``self``, ``cls`` or ``super()``, or ``_name`` is defined in the module itself and in no other
#   one (a class reading its own attribute on another instance, as ``Turn.copy`` does); and
#   ``from .m import _name`` always is;
# - no import inside a function, except the lazy imports of LAZY_IMPORTS, each with its reason;
# - a module's imports (outside ``if TYPE_CHECKING:``) are of modules listed before it in the
#   docstring's "Layers", which lists every module once.

PACKAGE = ROOT / "nardy_rules"

#: The imports inside a function allowed: (module, module it imports) -> why the import is lazy.
LAZY_IMPORTS = {
    ("live", "play_live"): "a rules page's worker must not load the game modules at start (test_game_live.py)",
}

#: Files outside the package that must use the engine's public names only.
PUBLIC_USERS = sorted((ROOT / "tests" / "engine").glob("*.py")) + [ROOT / "scripts" / "bench_engine.py"]


def module_name(path: Path) -> str:
    """``play``, ``bot.players``, ``bot`` (a package's ``__init__``), ``__init__`` (the top package)."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def imported_modules(node: ast.ImportFrom, path: Path, known: set[str]) -> set[str]:
    """The modules of the package a relative ``from ... import ...`` runs (named as :func:`module_name` does)."""
    base = list(path.relative_to(PACKAGE).parts[:-1])  # the package the import is relative to
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    target = ".".join(base + ([node.module] if node.module else [])) or "__init__"
    found = {target} if node.module else set()
    for alias in node.names:
        sub = f"{target}.{alias.name}" if target != "__init__" else alias.name
        if sub in known:
            found.add(sub)
    return found or {target}


def defined_names(tree: ast.AST) -> set[str]:
    """Every name a file defines: functions, classes, assigned names and attributes, ``__slots__`` entries."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
            names.add(node.id if isinstance(node, ast.Name) else node.attr)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            names.update(c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return names


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def is_own_object(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``super()``: a class's own attributes, whichever module reads them."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def private_uses(tree: ast.AST, own: set[str]) -> list[str]:
    """``x._name`` (x not self, cls or super()) for a ``_name`` not in ``own``, and ``from m import _name``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr) and not is_own_object(node.value):
            if node.attr not in own:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            from_engine = node.level or (node.module or "").split(".")[0] == "nardy_rules"
            found += [f"line {node.lineno}: from {'.' * node.level}{node.module or ''} import {alias.name}"
                      for alias in node.names if from_engine and is_private(alias.name)]
    return found


def imports(tree: ast.Module) -> tuple[list, list]:
    """(the imports a module runs when it is imported, the imports inside its functions).

    Imports under ``if TYPE_CHECKING:`` are in neither: they are for type checkers only.
    """
    at_import, in_functions = [], []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                (in_functions if in_function else at_import).append(child)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return at_import, in_functions


def targets(node: ast.Import | ast.ImportFrom, path: Path, known: set[str]) -> set[str]:
    """What an import imports: modules of the package by :func:`module_name`, others by their dotted name."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not node.level:
        return {node.module or ""}
    return imported_modules(node, path, known)


def documented_layers() -> list[str]:
    """The modules in the order the package docstring's "Layers" list gives them."""
    section = PACKAGE.joinpath("__init__.py").read_text(encoding="utf-8").split("Layers\n------\n", 1)[1]
    listed = section.split("\n\n", 2)[1]  # the numbered list, after the paragraph that introduces it
    return [name for line in listed.splitlines() if line[:1].isdigit()
            for name in re.findall(r"``([\w.]+)``", line.split(": ", 1)[0])]


def package_files() -> dict[str, tuple[Path, ast.Module]]:
    return {module_name(path): (path, ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(PACKAGE.rglob("*.py"))}


def contract_problems(files: dict[str, tuple[Path, ast.Module]], layers: list[str]) -> list[str]:
    """Every breach of the rules at the head of this part, as ``module: what``; empty when the package keeps them."""
    problems = []
    defined = {name: defined_names(tree) for name, (_path, tree) in files.items()}
    known = set(files)
    for name in sorted(known - set(layers)):
        problems.append(f"{name}: not in the package docstring's layers")
    for name, (path, tree) in files.items():
        elsewhere = set().union(*(names for other, names in defined.items() if other != name))
        problems += [f"{name}: {use}" for use in private_uses(tree, defined[name] - elsewhere)]
        at_import, in_functions = imports(tree)
        for node in in_functions:
            if not all((name, target) in LAZY_IMPORTS for target in targets(node, path, known)):
                problems.append(f"{name}: line {node.lineno}: imports inside a function: {ast.unparse(node)}")
        if name in layers:
            for node in at_import:
                for target in targets(node, path, known) & known:
                    if target not in layers or layers.index(target) >= layers.index(name):
                        problems.append(f"{name}: line {node.lineno}: imports {target}, which is not below it")
    return problems


def test_modules_keep_the_contract_and_the_documented_layers():
    files = package_files()
    layers = documented_layers()
    assert len(layers) == len(set(layers)), "a module is listed twice in the layers"
    assert sorted(layers) == sorted(files), "the package docstring's layers list every module, and only those"
    assert contract_problems(files, layers) == []


def test_the_lazy_imports_allowed_are_the_ones_there():
    files = package_files()
    used = set()
    for name, (path, tree) in files.items():
        for node in imports(tree)[1]:
            used |= {(name, target) for target in targets(node, path, set(files))}
    assert used == set(LAZY_IMPORTS)


def test_the_contract_checks_find_each_kind_of_breach():
    # Each rule of contract_problems must be able to fail: one breach of each kind, in made-up modules.
    sources = {
        "position": "def _board(self): ...\n",
        "play": "from .position import _board\n\ndef f(p):\n    return p._board('white')\n",
        "turn": "def g():\n    from .play import f\n\n    def h():\n        import json\n",
        "movegen": "from typing import TYPE_CHECKING\n\nfrom .turn import g\n\nif TYPE_CHECKING:\n    from .play import f\n",
        "stray": "",
    }
    files = {name: (PACKAGE / f"{name}.py", ast.parse(text)) for name, text in sources.items()}
    problems = contract_problems(files, ["position", "movegen", "play", "turn"])
    assert problems == [
        "stray: not in the package docstring's layers",
        "play: line 1: from .position import _board",
        "play: line 4: p._board",
        "turn: line 2: imports inside a function: from .play import f",
        "turn: line 5: imports inside a function: import json",
        "movegen: line 3: imports turn, which is not below it",
    ]


def test_tests_and_the_bench_use_public_names_only():
    problems = []
    for path in PUBLIC_USERS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        problems += [f"{path.relative_to(ROOT)}: {use}" for use in private_uses(tree, defined_names(tree))]
    assert problems == []


def test_the_attached_methods_are_there_after_importing_one_module():
    # Position and Play get these from higher modules (package docstring, "Layers"); importing any
    # module of the package runs nardy_rules/__init__.py, which imports every module that attaches one.
    code = ("import json; from nardy_rules.position import Position; "
            "p = Position.from_json({'variant': 'short', 'white': {'24': 15}, 'black': {'1': 15}}); "
            "print(json.dumps([sorted(play.notation for play in p.legal_plays((6, 5))), p.result(), "
            "p.begin_turn((6, 5)).max_dice, repr(p)]))")
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); {code}"],
                         capture_output=True, text=True, cwd="/")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [["24/13", "24/18 24/19"], None, 2, "ShortPosition.from_text('nardy:short:w:24x15:1x15')"]
