"""The live boards' files in the built site: Pyodide and the engine once for every language, each
language's scripts and compiled strings, the module script only on pages with boards, nothing from
another host, each board's recorded answers next to its page and small, no script over 300 lines."""

from __future__ import annotations

import gzip
import hashlib
import json
import re

import pytest

from nardy_site.app import engine_archive, engine_snapshot, live_assets
from nardy_rules import live
from nardy_site.figures import answers, opening
from nardy_site.pages import play_analysis, play_online, play_page
from nardy_site.translations import i18n, languages, plural

from . import expected
from .expected import PAGES, page_html
from .helpers import ROOT
from .htmlscan import loaded_urls, parse_file

SCRIPTS = (*live_assets.SCRIPTS, "nardy-layout.js")


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_pyodide_is_shipped_once_from_the_pinned_package(site):
    folder = site / "pyodide"
    version = live_assets.pinned_version()
    assert version == json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"] == "314.0.7"
    names = {path.name for path in folder.iterdir()}
    plain = set(live_assets.FILES) | {live_assets.ENGINE, "VERSION", engine_snapshot.IMAGE, engine_snapshot.INFO}
    assert plain <= names and all(name in plain or name.removesuffix(".gz") in plain for name in names)
    for name in live_assets.FILES:
        assert digest(folder / name) == digest(ROOT / "node_modules" / "pyodide" / name), name
    assert (folder / "VERSION").read_text() == f"pyodide {version}\n"
    # Nowhere else: the languages share it.
    assert not [p for p in site.rglob("*.wasm") if p.parent != folder]
    assert not [p for p in site.rglob("pyodide*.mjs") if p.parent != folder]


def test_the_shipped_engine_is_the_archive_the_parity_test_runs(site, tmp_path):
    built = engine_archive.build(tmp_path / "nardy_rules.zip")
    assert (site / "pyodide" / live_assets.ENGINE).read_bytes() == built.read_bytes()


def test_the_engine_snapshot_is_the_file_its_record_names(site):
    folder = site / "pyodide"
    info = json.loads((folder / engine_snapshot.INFO).read_text(encoding="utf-8"))
    image = folder / info["file"]
    assert info["file"] == engine_snapshot.IMAGE
    assert info["bytes"] == image.stat().st_size > 10_000_000  # Pyodide's memory, not an empty file
    assert info["sha256"] == digest(image)
    # Packed: the blocks of zeros left out, the memory's 30 MB (Pyodide's initial 480 pages) when unpacked.
    unpacked = engine_snapshot.unpack(image.read_bytes())
    assert len(unpacked) >= 480 * 65536 > 1.5 * info["bytes"]
    assert (folder / f"{engine_snapshot.IMAGE}.gz").is_file()  # sent compressed: about a fifth


def test_gzip_twins_hold_the_same_bytes(site):
    twins = sorted((site / "pyodide").glob("*.gz"))
    assert {p.name for p in twins} >= {"pyodide.asm.wasm.gz", "pyodide.asm.mjs.gz"}
    for twin in twins:
        assert gzip.decompress(twin.read_bytes()) == twin.with_suffix("").read_bytes()


def test_each_language_has_the_scripts_and_its_strings(site, site_languages):
    for lang in site_languages:
        assets = site / lang.code / "assets"
        for name in SCRIPTS:
            assert (assets / name).is_file(), (lang.code, name)
        for name in live_assets.SCRIPTS:
            assert (assets / name).read_bytes() == (ROOT / "assets" / name).read_bytes()
        catalog = json.loads((assets / "i18n.json").read_text(encoding="utf-8"))
        translator, _ = i18n.load(lang)
        assert catalog == live_assets.catalog(translator)
        assert catalog["lang"] == expected.bcp47(lang.code)
        assert set(catalog["messages"]) == set(i18n.BOARD) | set(play_page.PLAY) | set(play_online.ONLINE) | set(play_analysis.ANALYSIS)
        assert all(catalog["messages"].values()) and all(catalog["reasons"].values())
        assert plural.parse(translator.plural_expr) == catalog["plural"]
        if lang.code != "en":
            assert catalog["messages"]["roll"] != "Roll the dice", lang.code


def test_the_worker_finds_pyodide_relative_to_itself(site, site_languages):
    worker = (site / site_languages[0].code / "assets" / "engine" / "nardy-worker.js").read_text(encoding="utf-8")
    assert 'new URL("../../../pyodide/", import.meta.url)' in worker
    assert (site / site_languages[0].code / "assets" / "engine" / "../../../pyodide/pyodide.mjs").resolve().is_file()
    for name in ("pyodide.mjs", "nardy_rules.zip"):
        assert f'"{name}"' in worker
    client = (site / site_languages[0].code / "assets" / "engine" / "nardy-engine.js").read_text(encoding="utf-8")
    assert 'new Worker(new URL("nardy-worker.js", import.meta.url), { type: "module" })' in client


def test_no_script_names_another_host(site, site_languages):
    for lang in site_languages:
        recorded = sorted((site / lang.code).glob(f"*/{answers.FOLDER}/*.json"))
        assert recorded
        for path in [site / lang.code / "assets" / name for name in SCRIPTS + ("i18n.json",)] + recorded:
            name = path.name
            text = path.read_text(encoding="utf-8")
            text = text.replace("http://www.w3.org/2000/svg", "")
            assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), (lang.code, name)
            assert "cdn" not in text.lower(), (lang.code, name)
    # Pyodide's own default CDN is never asked for: everything is given by URL from this site.
    worker = (site / site_languages[0].code / "assets" / "engine" / "nardy-worker.js").read_text(encoding="utf-8")
    assert "indexURL: BASE.href" in worker and "packages: []" in worker


def test_module_script_only_on_pages_with_boards(site, site_languages):
    for lang in site_languages:
        for url in PAGES.values():
            root = parse_file(page_html(site, lang.code, url))
            figures = root.find_all("figure", cls="nardy-diagram")
            modules = [s for s in root.find_all("script") if s.get("type") == "module"]
            # The boards' module is added once the page has loaded (overrides/main.html): its URL is in the
            # loader's text, as JSON.
            loaders = [s for s in root.find_all("script") if "nardy-board.js" in s.text()]
            if figures:
                assert not modules
                board_module = "../assets/board/nardy-board.js" if url else "assets/board/nardy-board.js"
                assert len(loaders) == 1 and f'script.src = "{board_module}";' in loaders[0].text()
                assert 'addEventListener("load"' in loaders[0].text()
            elif url == "play/":  # the play page's own script (it starts the engine itself)
                assert [s.get("src") for s in modules] == ["../assets/play/nardy-play.js"]
                # before Material's deferred bundle, so it runs first (scripts deferred run in document order)
                sources = [s.get("src") for s in root.find_all("script") if s.get("src")]
                bundle = next(i for i, src in enumerate(sources) if "/javascripts/bundle." in src)
                assert sources.index("../assets/play/nardy-play.js") < bundle
            else:
                assert not modules and not loaders
            urls = [u for _line, u in loaded_urls(root)]
            assert not any("pyodide" in u or "nardy-worker" in u or answers.FOLDER in u for u in urls), (lang.code, url)
        not_found = parse_file(site / lang.code / "404.html")
        assert not [s for s in not_found.find_all("script") if s.get("type") == "module"]


def read_dice(text):
    return [int(part) for part in text.split("-")] if text else None


def test_each_board_has_its_recorded_answers_and_they_stay_small(site, site_languages):
    sizes = []
    for lang in site_languages:
        for url in PAGES.values():
            page = page_html(site, lang.code, url)
            figures = parse_file(page).find_all("figure", cls="nardy-diagram")
            folder = page.parent / answers.FOLDER
            assert folder.is_dir() == bool(figures), (lang.code, url)
            if not figures:
                continue
            # Nothing inlined: the page holds only what a board needs before the reader turns to it.
            text = page.read_text(encoding="utf-8")
            assert 'class="nardy-data"' not in text
            # A position's text (a short nardy middle game with checkers on 13 points is some 90 characters) and
            # a few moves, never a record.
            assert all(len(f.get("data-position") or "") < 120 and len(f.get("data-show") or "") < 80 for f in figures)
            assert len(gzip.compress(text.encode(), 6)) < 60_000, (lang.code, url)
            assert {p.name for p in folder.iterdir()} == {f"{f.get('id')}.json" for f in figures}
            for figure in figures:
                path = folder / f"{figure.get('id')}.json"
                record = json.loads(path.read_text(encoding="utf-8"))
                assert record["format"] == answers.FORMAT and "layout" not in path.read_text(encoding="utf-8")
                dice = read_dice(figure.get("data-dice"))
                if "nardy-replay" in figure.classes:
                    # A replay records the start of every turn of its game, each once, and every position.
                    steps = json.loads(figure.find("script", cls="nardy-replay-steps").text())["steps"]
                    turns = list(dict.fromkeys((s["before"], tuple(s["dice"])) for s in steps if s["dice"]))
                    assert [(t["position"], tuple(t["dice"])) for t in record["turns"]] == turns
                    assert set(record["positions"]) >= {s["before"] for s in steps} | {steps[-1]["after"]}
                elif dice is None:
                    assert record["turns"] == [] and list(record["positions"]) == [figure.get("data-position")]
                else:
                    assert [(t["position"], t["dice"]) for t in record["turns"]] == [(figure.get("data-position"), dice)]
                # What a reader who plays this board downloads for it: gzip, as served.
                sizes.append(len(gzip.compress(path.read_bytes(), 6)))
                assert sizes[-1] < 20_000, (lang.code, url, path.name, sizes[-1])
    assert sizes


def test_no_script_is_over_300_lines():
    assets = ROOT / "assets"
    for path in sorted(assets.rglob("*.js")):
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 300, (path.name, lines)
    assert set(live_assets.SCRIPTS) == {p.relative_to(assets).as_posix() for p in assets.rglob("nardy-*.js")}


def test_no_stylesheet_draws_an_svg_image_the_boards_make(site, site_languages):
    """The boards' icons are inline SVG (assets/board/nardy-icons.js), not data: SVG images in the site's CSS: the
    browser builds a document for each such image the first time a style uses it, a long task on a phone when
    the first board is made (dev/benchmarks.md, "Phone performance")."""
    for lang in site_languages:
        css = (site / lang.code / "assets" / "nardy.css").read_text(encoding="utf-8")
        assert "data:image/svg" not in css, lang.code


def test_layout_module_is_the_engines_geometry(site, site_languages):
    from nardy_rules import svg

    text = (site / site_languages[0].code / "assets" / "nardy-layout.js").read_text(encoding="utf-8")
    match = re.search(r"export default (\{.*\});", text)
    assert json.loads(match.group(1)) == {variant: {side: svg.layout(variant, side) for side in ("white", "black")}
                                          for variant in ("short", "long")}


@pytest.mark.parametrize("locale", ["uz_Latn", "az_Latn", "kk_Cyrl", "hy", "ru", "en", "pl", "ar", "cs", "ga",
                                    "lt", "sl", "ro", "fr", "ja", "cy", "mk", "is"])
def test_plural_rules_become_trees_that_agree_with_gettext(locale):
    import gettext

    from babel.messages.plurals import get_plural

    expr = get_plural(locale).plural_expr
    tree = plural.parse(expr)
    rule = gettext.c2py(expr)
    assert [plural.evaluate(tree, n) for n in range(0, 1200)] == [rule(n) for n in range(0, 1200)]


@pytest.mark.parametrize("bad", ["n ==", "n ? 1", "eval(n)", "n; alert(1)", "(n != 1", "n != 1)", "x", "n =! 1"])
def test_plural_parser_refuses_anything_else(bad):
    with pytest.raises(plural.PluralError):
        plural.parse(bad)


def test_every_language_compiles_its_board_strings():
    for lang in languages.enabled():
        translator, _ = i18n.load(lang)
        catalog = live_assets.catalog(translator)
        assert not translator.missing or not translator.needs_translation, (lang.code, sorted(translator.missing)[:3])
        assert catalog["nplurals"] == translator.num_plurals
        for key, value in catalog["messages"].items():
            message = {**i18n.BOARD, **play_page.PLAY, **play_online.ONLINE, **play_analysis.ANALYSIS}[key]
            if isinstance(message, tuple):
                assert isinstance(value, list) and len(value) == translator.num_plurals, (lang.code, key)


def test_the_recorded_turn_of_a_block_without_moves():
    from nardy_rules import from_text

    closed_out = from_text("nardy:short:w:24x2,13x5,8x3,6x4,barx1:24x0,19x2,20x2,21x2,22x2,23x2,18x5")
    [(_turn, moves, following)] = answers.states(closed_out, (6, 4))
    assert (moves, following) == ([], [])


def test_a_plural_rule_that_is_not_babels_stops_loading(tmp_path, monkeypatch):
    ru = languages.get("ru")
    text = ru.catalog.read_text(encoding="utf-8")
    bad = tmp_path / "messages.po"
    bad.write_text(re.sub(r'"Plural-Forms: [^"]*"', r'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', text, count=1),
                   encoding="utf-8")
    monkeypatch.setattr(type(ru), "catalog", property(lambda self: bad))
    with pytest.raises(i18n.CatalogError, match="Plural-Forms"):
        i18n.load(ru)


def test_the_engine_archive_holds_every_module_and_the_bot_weights(tmp_path):
    import zipfile

    names = set(zipfile.ZipFile(engine_archive.build(tmp_path / "nardy_rules.zip")).namelist())
    package = ROOT / "nardy_rules"
    wanted = {f"nardy_rules/{p.relative_to(package).as_posix()}" for p in package.rglob("*.py")
              if "__pycache__" not in p.parts} - {"nardy_rules/__main__.py", "nardy_rules/match_cli.py",
                                                 "nardy_rules/bot/cli.py"}
    assert wanted <= names
    assert {"nardy_rules/bot/weights/short.json", "nardy_rules/bot/weights/long.json"} <= names
    assert not {"nardy_rules/__main__.py", "nardy_rules/match_cli.py"} & names and not [n for n in names if "__pycache__" in n]


def test_every_play_page_string_is_used_by_a_script():
    """A key of PLAY, ONLINE or ANALYSIS no script names (as a literal, or as a template like `play-${side}-roll`) is a string
    translators keep up in six languages for nothing."""
    scripts = "\n".join((ROOT / "assets" / name).read_text(encoding="utf-8") for name in live_assets.SCRIPTS)
    literals = set(re.findall(r'"([a-z0-9-]+)"', scripts))
    # A template's ${...} stands for one of the words the page fills in: a side, a kind of result or
    # resignation, a game, a level, a place off the points, why an online match ended, an analysis's mark.
    word = "(?:white|black|single|mars|koks|short|long|beginner|club|strong|expert|bar|off|time|abandoned|doubtful|error|blunder)"
    templates = []
    for body in re.findall(r"`([a-z][^`]*)`", scripts):
        parts = re.split(r"(\$\{[^}]*\})", body)
        if len(parts) > 1 and all(re.fullmatch(r"[a-z0-9-]*", part) for part in parts[::2]):
            templates.append(re.compile("".join(word if part.startswith("${") else part for part in parts)))
    # The mount's own (nardy_site/pages/play_page.py: the line for readers without JavaScript).
    mount = set(re.findall(r'PLAY\["([a-z0-9-]+)"\]', (ROOT / "nardy_site" / "pages" / "play_page.py").read_text("utf-8")))
    unused = [key for key in {**play_page.PLAY, **play_online.ONLINE, **play_analysis.ANALYSIS} if key not in literals | mount
              and not any(pattern.fullmatch(key) for pattern in templates)]
    assert unused == [] and len(templates) > 5, unused


def test_every_reason_a_match_file_does_not_read_has_its_message():
    """The import says each code of nardy_rules.matread in the page's language: the codes the reader documents
    (its docstring's table), the messages (play_analysis.IMPORT_CODES) and the page's map from one to the other
    (assets/play/nardy-play-analysis.js) are the same set."""
    from nardy_rules import matread

    table = re.findall(r"^``([a-z-]+)``", matread.__doc__, re.M)
    documented = {code for code in table if code != "unsupported"} | {"unsupported-beaver", "unsupported-jacoby"}
    assert "unsupported" in table and len(table) > 15
    assert documented == set(play_analysis.IMPORT_CODES)
    assert {f"import-{code}" for code in documented} <= set(play_analysis.ANALYSIS)
    script = (ROOT / "assets" / "play" / "nardy-play-analysis.js").read_text(encoding="utf-8")
    body = re.search(r"const IMPORT_REASONS = \{(.*?)\};", script, re.S).group(1)
    pairs = dict(re.findall(r'"?([a-z-]+)"?: "(import-[a-z-]+)"', body))
    named = {("unsupported-" + code if code in ("beaver", "jacoby") else code) for code in pairs}
    assert named == documented and all(value == f"import-{code}" for code, value in
                                       ((("unsupported-" + c if c in ("beaver", "jacoby") else c), v)
                                        for c, v in pairs.items()))


def test_every_figures_share_link_has_its_first_turn_recorded(site, site_languages):
    """Each figure's position with its two dice, in every language, opened on the play page by a share link, plays
    its first turn from the build's record (nardy_site.figures.opening.write_links: one for every language, in the
    site's root); only a game over and a roll without a move have none, and every record is the link's."""
    records = site / opening.FOLDER
    index = json.loads((records / opening.LINKS_INDEX).read_text(encoding="utf-8"))
    assert index["format"] == 2
    every = set()
    for lang in site_languages:
        figures = set()
        for url in PAGES.values():
            root = parse_file(page_html(site, lang.code, url))
            for figure in root.find_all("figure", cls="nardy-diagram"):
                dice = figure.get("data-dice") or ""
                if figure.get("data-position") and re.fullmatch(r"[1-6]-[1-6]", dice):
                    figures.add(f"{figure.get('data-position')} {dice}")
        assert len(figures) > 20, lang.code
        every |= figures
        for missing in figures - set(index["links"]):
            text, dice = missing.rsplit(" ", 1)
            forms = live.handle({"op": "forms", "position": text})
            new = live.handle({"op": "game", "new": {"variant": forms["position"]["variant"], "length": 0, "start": forms["text"]}})
            rolled = live.handle({"op": "game", "match": new["match"], "action": {"act": "roll", "dice": [int(d) for d in dice.split("-")]}})
            assert forms["result"] or rolled["state"]["phase"] != "move", (lang.code, missing)
    assert set(index["links"]) <= every
    assert sorted(index["links"].values()) == list(range(len(index["links"])))
    for key, number in index["links"].items():
        record = json.loads((records / opening.LINKS_FOLDER / f"{number}.json").read_text(encoding="utf-8"))
        assert record["forms"]["position"] == key.rsplit(" ", 1)[0]
        assert (records / opening.LINKS_FOLDER / f"{number}-checks.json").is_file()


def test_the_play_records_are_in_the_sites_root_once(site, site_languages):
    """The play page's records are the same for every language: one copy, in play-records/, and no language's
    folder holds any of them (nor the build's lists of links it gathered them from)."""
    names = (opening.NAME, opening.CHECKS_NAME, opening.LINKS_INDEX, opening.WANTED)
    assert all((site / opening.FOLDER / name).is_file() for name in names[:3])
    for lang in site_languages:
        stray = [path for path in (site / lang.code).rglob("*") if path.name in names
                 or path.name == opening.LINKS_FOLDER.rstrip("/")]
        assert stray == [], stray
