"""Material's interface strings: Kazakh (which Material lacks) and the reviewed Uzbek, Azerbaijani and
Armenian ones in overrides/partials/languages/, rendered as Material renders them."""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest
from jinja2 import Environment, FileSystemLoader

from .helpers import ROOT

MATERIAL = Path(material.__file__).parent / "templates"
OURS = ROOT / "overrides"
KEY = re.compile(r'^\s*"([\w.]+)":', re.M)
# Keys the site does not take from a partial: mkdocs.yml sets the search, en.html the direction.
NOT_NEEDED = {"search.config.lang", "search.config.pipeline", "search.config.separator", "direction"}


def keys(path: Path) -> set[str]:
    return set(KEY.findall(path.read_text(encoding="utf-8")))


def strings(code: str) -> dict[str, str]:
    """Every key of Material's en.html as the site's templates render it for ``code`` (ours first)."""
    env = Environment(loader=FileSystemLoader([str(OURS), str(MATERIAL)]))
    partial = env.get_template(f"partials/languages/{code}.html").module
    english = env.get_template("partials/languages/en.html").module
    return {key: str(partial.t(key)) or str(english.t(key)) for key in keys(MATERIAL / "partials/languages/en.html")}


@pytest.mark.parametrize("code", ["kk", "uz", "az", "hy"])
def test_every_key_of_material_has_a_string(code):
    missing = keys(MATERIAL / "partials/languages/en.html") - NOT_NEEDED - keys(OURS / f"partials/languages/{code}.html")
    assert not missing, f"overrides/partials/languages/{code}.html lacks {sorted(missing)}"


SCRIPT = {"kk": "\u0400-\u04ff", "hy": "\u0530-\u058f"}


@pytest.mark.parametrize("code", ["kk", "hy"])
def test_no_english_left_in_another_script(code):
    english = strings("en")
    for key, text in strings(code).items():
        if key in NOT_NEEDED or key == "language" or key.startswith("rss") or text == "RSS":
            continue
        assert re.search(f"[{SCRIPT[code]}]", text), (code, key, text)
        assert text != english[key], (code, key)


def test_kazakh_strings_are_kazakh_not_russian():
    kk, ru = strings("kk"), strings("ru")
    same = [key for key in kk if key not in NOT_NEEDED | {"language"} and kk[key] == ru[key]]
    assert not same, same
    # Letters only Kazakh has among the Cyrillic languages, in the strings a reader sees most.
    shown = " ".join(kk[key] for key in ("search.placeholder", "search.result.none", "toc", "top", "select.language"))
    assert re.search("[әғқңөұүһі]", shown), shown


def test_uzbek_strings_use_the_uzbek_letters():
    uz = strings("uz")
    for key, text in uz.items():
        assert "'" not in text, (key, text)  # oʻ gʻ and the tutuq belgisi, as on the pages
    assert uz["search.result.other"] == "# ta natija topildi"
    assert uz["search.result.term.missing"] != "To'ldirilmagan"


def test_azerbaijani_reading_time_is_minutes():
    az = strings("az")
    assert "dəqiqə" in az["readtime.other"] and "dəfə" not in az["readtime.other"]
    assert az["search"] == "Axtarış"
