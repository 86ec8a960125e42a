"""The hook's configuration step: language, theme strings, language selector, site_url."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError

from nardy_site.translations import languages
from nardy_site.hook.site_build import SiteBuild

from .helpers import ROOT, write_build


@pytest.fixture()
def hook():
    spec = importlib.util.spec_from_file_location("nardy_hook_under_test", ROOT / "hooks" / "nardy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def config_for(tmp_path, language="uz"):
    return load_config(str(write_build(tmp_path, {"index.md": "# x\n"}, language)))


def test_one_language_has_no_selector(hook, tmp_path, monkeypatch):
    monkeypatch.delenv("NARDY_SITE_URL", raising=False)
    monkeypatch.setattr(languages, "enabled", lambda: [languages.get("uz")])
    config = hook.on_config(config_for(tmp_path))
    assert "alternate" not in config.extra
    assert config.site_url == "http://127.0.0.1:8000/uz/"
    assert config.mdx_configs["toc"]["permalink_title"] == "Doimiy havola"
    names = [option["toggle"]["name"] for option in config.theme["palette"]]
    assert names == ["Tungi rejimga oʻtish", "Kunduzgi rejimga oʻtish"]


def test_selector_lists_every_enabled_language(hook, tmp_path, monkeypatch):
    table = {lang.code: lang for lang in languages.load()}
    monkeypatch.setattr(languages, "enabled", lambda: [table["uz"], table["ru"]])
    monkeypatch.setenv("NARDY_SITE_URL", "https://example.org/nardy/")
    config = hook.on_config(config_for(tmp_path))
    # With a site URL, the switcher's fallback links (each language's home, on the 404 pages) are absolute.
    assert config.extra["alternate"] == [
        {"name": "Oʻzbekcha", "link": "https://example.org/nardy/uz/", "lang": "uz-Latn"},
        {"name": "Русский", "link": "https://example.org/nardy/ru/", "lang": "ru"},
    ]
    assert config.extra["nardy"]["bcp47"] == "uz-Latn"
    assert config.site_url == "https://example.org/nardy/uz/"


def test_without_an_absolute_site_url_the_alternates_stay_relative(hook, tmp_path, monkeypatch):
    table = {lang.code: lang for lang in languages.load()}
    monkeypatch.setattr(languages, "enabled", lambda: [table["uz"], table["ru"]])
    monkeypatch.delenv("NARDY_SITE_URL", raising=False)
    config = config_for(tmp_path)
    config["site_url"] = None
    config = hook.on_config(config)
    assert [entry["link"] for entry in config.extra["alternate"]] == ["../uz/", "../ru/"]


def test_a_language_not_enabled_is_refused(hook, tmp_path, monkeypatch):
    ru = dataclasses.replace(languages.get("ru"), enabled=False)
    monkeypatch.setattr(languages, "by_material", lambda material: ru)
    with pytest.raises(PluginError, match="ru is not enabled"):
        hook.on_config(config_for(tmp_path, "ru"))


def test_the_console_script_is_told_how_to_run_the_build(tmp_path):
    # No sys.path hack: the repository is importable because the build runs `python -m mkdocs` from its root.
    console = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run([str(console), "build", "-q", "-f", str(ROOT / "config" / "uz.yml"), "-d", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": ""})
    assert done.returncode != 0
    assert "run MkDocs as `python -m mkdocs` from the repository's root" in done.stderr
    assert "Traceback" not in done.stderr


def test_each_build_keeps_its_state_on_its_own_configuration(hook, tmp_path, monkeypatch):
    monkeypatch.delenv("NARDY_SITE_URL", raising=False)
    first = hook.on_config(config_for(tmp_path / "a", "uz"))
    second = hook.on_config(config_for(tmp_path / "b", "ru"))
    assert SiteBuild.of(first).lang.code == "uz" and SiteBuild.of(second).lang.code == "ru"
    with pytest.raises(PluginError, match="no on_config"):
        hook.on_page_markdown("# x\n", None, config_for(tmp_path / "c"), None)
