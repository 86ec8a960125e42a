"""MkDocs hook of every language build (mkdocs.yml ``hooks:``).

- ``on_config``: finds the build's language in ``locales/languages.toml`` by
  ``theme.language``, checks ``config/<code>.yml`` agrees with the table, loads
  the language's catalog, translates the theme strings the site sets (palette
  toggle, permalink title), lists the other enabled languages in the language
  selector, and takes ``site_url`` from ``$NARDY_SITE_URL`` (the site's root)
  when it is set.
- ``on_files``: adds ``assets/nardy.css`` (``assets/nardy.css`` of the
  repository + the board rules of ``nardy_rules.svg``), the same for every language.
- ``on_page_markdown``: every ```nardy block is verified against the engine
  and replaced by its figure (``nardy_site.diagram``).
- ``on_env``: stops the build, naming ``file:line: reason`` for every malformed
  or contradicted block; warns (fatal with ``--strict``) on text missing
  from the catalog.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File  # noqa: E402
from mkdocs.utils.yaml import yaml_load  # noqa: E402

from nardy_rules import svg  # noqa: E402
from nardy_site import i18n, languages  # noqa: E402
from nardy_site.blocks import BlockError, find_blocks, verify  # noqa: E402
from nardy_site.diagram import figure  # noqa: E402

log = logging.getLogger("mkdocs.hooks.nardy")

CSS_URI = "assets/nardy.css"

_state: dict = {}


def on_config(config):
    material = config.theme["language"]
    try:
        lang = languages.by_material(material)
    except KeyError as error:
        raise PluginError(f"nardy: {error.args[0]}; add the language to locales/languages.toml") from None
    if not lang.enabled:
        raise PluginError(f"nardy: {lang.code} is not enabled in locales/languages.toml")
    if Path(config.config_file_path).resolve() == lang.config.resolve():
        # site_dir as written in the file: ``mkdocs build -d DIR`` may build elsewhere.
        declared = _declared_site_dir(lang.config)
        for key, have, want in (
            ("docs_dir", Path(config["docs_dir"]), ROOT / "docs" / lang.code),
            ("site_dir", declared, ROOT / "site" / lang.code),
        ):
            if have is None or have.resolve() != want.resolve():
                raise PluginError(f"nardy: {lang.config}: {key} is {have}, expected {want}")
    root_url = os.environ.get("NARDY_SITE_URL")
    if root_url:
        config.site_url = root_url.rstrip("/") + f"/{lang.code}/"
    try:
        translator, problems = i18n.load(lang)
    except i18n.CatalogError as error:
        raise PluginError(f"nardy: {error}") from None
    for problem in problems:
        log.warning(problem)
    _ = translator.gettext
    for option in config.theme.get("palette") or []:
        if isinstance(option, dict) and isinstance(option.get("toggle"), dict):
            key = "light" if option.get("scheme") == "slate" else "dark"
            option["toggle"]["name"] = _(i18n.UI[key])
    if "toc" in config.mdx_configs or "toc" in config.markdown_extensions:
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = _(i18n.UI["permalink"])
    others = languages.enabled()
    if len(others) > 1:
        config.extra["alternate"] = [
            {"name": other.name, "link": f"../{other.code}/", "lang": other.bcp47} for other in others
        ]
    _state.clear()
    _state.update(lang=lang, tr=translator, errors=[])
    return config


def _declared_site_dir(path: Path) -> Path | None:
    """``site_dir`` of a configuration file itself (not what it inherits), resolved against the file."""
    with open(path, "rb") as handle:
        value = (yaml_load(handle) or {}).get("site_dir")
    return (path.parent / value) if isinstance(value, str) else None


def on_files(files, config):
    content = (ROOT / "assets" / "nardy.css").read_text(encoding="utf-8") + svg.STYLE
    existing = files.get_file_from_path(CSS_URI)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, CSS_URI, content=content))
    return files


def _display(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def on_page_markdown(markdown, page, config, files):
    path = _display(page.file.abs_src_path or page.file.src_uri)
    source = page.file.content_string
    # Front matter is gone from ``markdown``: count its lines, so errors name the file's lines.
    offset = source[: len(source) - len(markdown)].count("\n") if source.endswith(markdown) else 0
    errors = _state["errors"]

    def record(error: BlockError) -> None:
        errors.append(f"{error.path}:{error.line + offset}: {error.reason}")

    try:
        blocks = find_blocks(markdown, path)
    except BlockError as error:
        record(error)
        return markdown
    if not blocks:
        return markdown
    lines = markdown.splitlines(keepends=True)
    for block in reversed(blocks):
        try:
            verify(block)
            html = figure(block, _state["tr"])
        except BlockError as error:
            record(error)
            continue
        first = block.line - 1
        last = block.line + block.body.count("\n") + 1  # the closing fence, 0-based
        lines[first : last + 1] = ["\n", html, "\n\n"]
    return "".join(lines)


def on_env(env, config, files):
    errors = _state.get("errors")
    if errors:
        count = len(errors)
        raise PluginError(
            f"{count} diagram block{'s' if count > 1 else ''} failed:\n" + "\n".join(errors)
        )
    missing = _state["tr"].missing if _state["tr"].needs_translation else set()
    for message in sorted(missing):
        log.warning(f"nardy: not translated into {_state['lang'].code}: {message!r} (scripts/i18n update)")
    return env
