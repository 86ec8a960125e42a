"""scripts/i18n check compares every released catalog with the messages the code uses
(extracted afresh), and the template with the code."""

from __future__ import annotations

import re

from nardy_site.translations.languages import enabled

from .conftest import ROOT, run


def i18n(repo, *args):
    return run(repo, "nardy_site.i18n_tool", *args)


def replace_once(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_a_stale_msgid_fails_naming_both_entries(repo):
    # The catalog still has the msgid the code used to have: the board's button would fall back to English.
    line = replace_once(repo / "locales/kk/LC_MESSAGES/messages.po", 'msgid "Roll the dice"\n', 'msgid "Roll dice"\n')
    done = i18n(repo, "check", "kk")
    assert done.returncode == 1
    assert ("locales/kk/LC_MESSAGES/messages.po:1: 'Roll the dice': used by the code (nardy_site/translations/i18n.py:"
            in done.stdout), done.stdout
    assert f"locales/kk/LC_MESSAGES/messages.po:{line}: 'Roll dice': the code no longer uses it" in done.stdout
    assert "kk: FAIL" in done.stdout


def test_a_changed_string_in_the_code_fails_until_the_catalogs_follow(repo):
    replace_once(repo / "nardy_site/translations/i18n.py", 'N_("Roll the dice")', 'N_("Throw the dice")')
    done = i18n(repo, "check")
    assert done.returncode == 1
    assert "locales/messages.pot:1: out of date with the code: 1 message(s) the code uses are missing, 1 it no " \
           "longer uses are still there" in done.stdout
    released = [lang for lang in enabled() if lang.released]
    for lang in released:
        catalog = lang.catalog.relative_to(ROOT)
        assert f"{catalog}:1: 'Throw the dice': used by the code (nardy_site/translations/i18n.py:" in done.stdout, lang.code
        assert re.search(rf"^{re.escape(str(catalog))}:\d+: 'Roll the dice': the code no longer uses it", done.stdout,
                         re.M), lang.code
        assert f"{lang.code}: FAIL" in done.stdout


def test_an_unreleased_language_may_lag_behind(repo):
    catalog = repo / "locales/kk/LC_MESSAGES/messages.po"
    replace_once(catalog, 'msgid "Roll the dice"\n', 'msgid "Roll dice"\n')
    table = repo / "locales/languages.toml"
    replace_once(table, 'name = "Қазақша"\n', 'name = "Қазақша"\nreleased = false\n')
    done = i18n(repo, "check", "kk")
    assert "kk: ok" in done.stdout, done.stdout
