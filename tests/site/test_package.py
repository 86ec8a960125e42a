"""nardy_site's layers (its package docstring, "Layers"): a folder per concern, no upward import, no other
package's underscore names; each package's docstring says what it may import, and says it truly."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from .helpers import ROOT

PACKAGE = ROOT / "nardy_site"


def layer_of(dotted: str) -> str:
    """The layer of a module of the package: its subpackage (``page`` for ``nardy_site.page.blocks``), or the
    top-level module itself (``paths``, ``build``)."""
    parts = dotted.split(".")
    assert parts[0] == "nardy_site", dotted
    return parts[1] if len(parts) > 1 else "__init__"


def dotted_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def documented_layers() -> list[list[str]]:
    """The layers in the package docstring's order, each a list of the names it gives (``paths``; ``build``, ...)."""
    section = PACKAGE.joinpath("__init__.py").read_text(encoding="utf-8").split("Layers\n------\n", 1)[1]
    return [re.findall(r"``([\w.]+)``", line.split(": ", 1)[0])
            for line in section.splitlines() if re.match(r"\d+\. ", line)]


def imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[tuple[str, str | None]]:
    """What an import takes, as [(the absolute module it imports from, the name it takes or None)]; a name
    taken from ``nardy_site`` itself is a top-level module or package, and makes the source."""
    if isinstance(node, ast.Import):
        return [(alias.name, None) for alias in node.names]
    source = node.module or ""
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    if source == "nardy_site":
        return [(f"nardy_site.{alias.name}", None) for alias in node.names]
    return [(source, alias.name) for alias in node.names]


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def problems_of(sources: dict[str, tuple[str, bool]], layers: list[list[str]]) -> list[str]:
    """Every breach, as ``module: line N: what``: an import of a layer after the module's own (anywhere in
    the module, functions too), a module in no layer, another package's underscore name (imported, or read
    as an attribute of a module imported from another package)."""
    order = {name: index for index, names in enumerate(layers) for name in names}
    problems = []
    for module, (text, is_package) in sources.items():
        own = layer_of(module)
        if own not in order and module != "nardy_site":
            problems.append(f"{module}: in no layer of the package docstring")
            continue
        foreign_modules = set()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for source, name in imported(node, module, is_package):
                top = source.split(".")[0]
                what = f"{source}.{name}" if name else source
                if top == "nardy_site":
                    target = layer_of(source)
                    if target not in order:
                        problems.append(f"{module}: line {node.lineno}: imports {what}, in no layer")
                    elif module != "nardy_site" and order[target] > order[own]:
                        problems.append(f"{module}: line {node.lineno}: imports {what}, a layer above {own}")
                other = top == "nardy_rules" or (top == "nardy_site" and layer_of(source) != own)
                if other:
                    if name and is_private(name):
                        problems.append(f"{module}: line {node.lineno}: imports {what}, another package's own")
                    if isinstance(node, ast.ImportFrom):
                        foreign_modules |= {alias.asname or alias.name for alias in node.names}
                    else:
                        foreign_modules |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Attribute) and is_private(node.attr) and isinstance(node.value, ast.Name)
                    and node.value.id in foreign_modules):
                problems.append(f"{module}: line {node.lineno}: reads {node.value.id}.{node.attr}")
    return problems


def package_sources() -> dict[str, tuple[str, bool]]:
    return {dotted_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for path in sorted(PACKAGE.rglob("*.py"))}


def test_every_module_keeps_the_documented_layers():
    layers = documented_layers()
    names = [name for layer in layers for name in layer]
    assert len(names) == len(set(names)), "a package or module is listed twice in the layers"
    on_disk = {path.stem for path in PACKAGE.glob("*.py") if path.name != "__init__.py"}
    on_disk |= {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert sorted(names) == sorted(on_disk), "the layers list every package and top-level module, and only those"
    assert problems_of(package_sources(), layers) == []


def test_each_package_says_what_it_may_import_and_it_is_the_layers_below():
    layers = documented_layers()
    for index, layer in enumerate(layers):
        for name in layer:
            path = PACKAGE / name / "__init__.py"
            if not path.is_file():
                continue  # a top-level module: its layer's line in the package docstring says it
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
            assert doc, f"nardy_site/{name}/__init__.py has no docstring"
            allowed = doc.split("May import:", 1)[1]
            below = {f"nardy_site.{each}" for lower in layers[:index] for each in lower}
            assert set(re.findall(r"``(nardy_site\.\w+)``", allowed)) == below, name
            assert "``nardy_rules``" in allowed, name


def test_nardy_rules_imports_nothing_of_the_site():
    for path in (ROOT / "nardy_rules").rglob("*.py"):
        assert "nardy_site" not in {source.split(".")[0] for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                                    if isinstance(node, (ast.Import, ast.ImportFrom))
                                    for source, _name in imported(node, "nardy_rules.x", False)}, path


def test_the_checks_find_each_kind_of_breach():
    # Each rule of problems_of must be able to fail: one breach of each kind, in made-up modules.
    layers = [["paths"], ["page"], ["translations"], ["build"]]
    sources = {
        "nardy_site.paths": ("", False),
        "nardy_site.page": ("", True),
        "nardy_site.page.blocks": ("from ..translations import i18n\nfrom ..paths import ROOT\n", False),
        "nardy_site.page.tables": ("def f():\n    from nardy_site.build import build\n", False),
        "nardy_site.translations.i18n": ("from ..page.blocks import _private\nfrom ..page import tables\n"
                                         "tables._cache\nfrom . import status\nstatus._ok\n", False),
        "nardy_site.translations.status": ("from nardy_rules.svg import _style\n", False),
        "nardy_site.stray.thing": ("", False),
        "nardy_site.build": ("from .translations import i18n\nfrom .nowhere import x\n", False),
    }
    assert problems_of(sources, layers) == [
        "nardy_site.page.blocks: line 1: imports nardy_site.translations.i18n, a layer above page",
        "nardy_site.page.tables: line 2: imports nardy_site.build.build, a layer above page",
        "nardy_site.translations.i18n: line 1: imports nardy_site.page.blocks._private, another package's own",
        "nardy_site.translations.i18n: line 3: reads tables._cache",
        "nardy_site.translations.status: line 1: imports nardy_rules.svg._style, another package's own",
        "nardy_site.stray.thing: in no layer of the package docstring",
        "nardy_site.build: line 2: imports nardy_site.nowhere.x, in no layer",
    ]
