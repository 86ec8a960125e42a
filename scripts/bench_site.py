#!/usr/bin/env python3
"""Speed of the site in headless Chromium on this machine (a benchmark, not a test).

    .venv/bin/python scripts/bench_site.py [--runs 5] [--site DIR] [--page uz/short/] [--lighthouse [--lighthouse-runs 1]]
        [--play-rounds 5] [--play-only] [--play-lang en] [--play-variants shipped,no-opening,...] [--play-before DIR]
        [--move-rounds 10] [--moves-only]

Builds the site into a temporary folder (or uses ``--site``), serves it with
``nardy_site.serve`` on 127.0.0.1 (gzip, as any real server) and drives
Debian's Chromium (``/usr/bin/chromium``, never ``playwright install``). Every
figure is the median of ``--runs`` loads; "cold" is a new browser context
(empty cache), "warm" the same context loading the page again.

- diagrams visible: from the start of the navigation to the first frame in
  which every diagram of the page is laid out (an image each, with its size);
- first click -> destinations: from the pointer going down on a checker of the
  first example that shows a move to the frame that shows its destinations,
  with the rules engine still starting (the board's recorded answers, fetched
  when the pointer comes over the board, answer): once with the pointer
  straight onto the checker (no time between coming over the board and the
  press, the worst case), once with it resting on the board for ``REST_MS``
  first, as a reader's hand does (a new context each time: nothing cached);
- engine ready: from that first interaction to the worker's "ready" (Pyodide
  started, the engine unpacked and imported), and the longest task the page's
  own thread ran meanwhile (Long Tasks API; none means none over 50 ms);
- bytes: what the browser received (as transferred: compressed, with headers)
  for a reader who only reads (the page loaded and scrolled to its end, no
  interaction), and for one who plays (the same, plus the recorded answers and
  the engine), for the rules pages of every language; and of it, the
  recorded answers of the board played (``nardy-answers/<figure id>.json``);
- the play page's start-up (``--play-rounds``, ``--play-only`` for this alone): a new game loaded cold (a new
  browser profile on disk), warm (the same profile again) and again (a third time: a returning reader, whose
  browser has kept the compiled code of the scripts, ``LOADS``), from the start of the navigation to the board on
  screen, the board drawn for the game by the page's script, the first legal move possible (the opening
  roll thrown as soon as it is offered, then a tap on a checker: its destinations shown; both real taps,
  given as soon as the page offers them, ``PLAY_PROBES``) and the engine
  ready, in the same load; with the variants of ``--play-variants`` alternating (``no-opening``: without
  the recorded opening, every answer the engine's; ``before``: the build ``--play-before`` names, main's
  say, as shipped); and what the first move waited for after the drawing: the game's frame painted,
  Material's bundle run and Material started, the roll thrown and the checker tapped;
- a move on the play page (``--move-rounds``, ``--moves-only`` for this alone): from the pointer's release of
  a tap on a destination (a checker selected first) or of a drop (a checker dragged there) to the first
  frame that shows the checker at its destination, with the move travelling (as players see it) and with
  ``prefers-reduced-motion`` (drawn at once), the two alternating in one run; the rules engine answers the
  move in both;
- with ``--lighthouse``, last: Lighthouse's mobile performance score, total
  blocking time and largest contentful paint of every rules page of every
  language (``scripts/lighthouse.py``, about 15 s a page), against the same
  server, with the machine's load average.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lighthouse  # noqa: E402  (scripts/lighthouse.py, next to this file)

from nardy_site.build import build  # noqa: E402
from nardy_site.figures.answers import FOLDER as ANSWERS  # noqa: E402
from nardy_site.serve import serve_in_thread  # noqa: E402
from nardy_site.translations import languages  # noqa: E402

# Timing probes, installed before the page's own scripts.
PROBES = """
(() => {
  window.__bench = { longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__bench.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) { /* no long task timing */ }
  const allVisible = () => {
    // Each figure's drawing (its image, or the board made of it) has its box.
    const figures = document.querySelectorAll('figure.nardy-diagram img.nardy-drawing, figure.nardy-diagram svg.nardy-board');
    return figures.length > 0 && Array.from(figures).every((drawing) => drawing.getBoundingClientRect().width > 0);
  };
  document.addEventListener('DOMContentLoaded', () => {
    const frame = () => {
      if (allVisible()) window.__bench.visible = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  document.addEventListener('pointerdown', (event) => {
    if (window.__bench.down === undefined) window.__bench.down = performance.now();
  }, true);
  new MutationObserver((records, observer) => {
    if (document.querySelector('.nardy-live-dest')) {
      window.__bench.engineAtHighlight = document.documentElement.dataset.nardyEngine;
      requestAnimationFrame(() => { window.__bench.highlighted = performance.now(); });
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


class Counter:
    """Bytes received by a context (pages and their workers): as transferred (compressed, with headers),
    and the size of the files themselves (what they are uncompressed)."""

    def __init__(self, context, site: Path):
        self.site = site
        self.transferred = 0
        self.decoded = 0
        self.urls: list[str] = []
        self.sizes: dict[str, tuple[int, int]] = {}  # path -> (transferred, uncompressed)
        context.on("requestfinished", self._finished)

    def _finished(self, request):
        try:
            sizes = request.sizes()
            response = request.response()
        except Exception:
            return
        transferred = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        self.transferred += transferred
        path = urlsplit(request.url).path.lstrip("/")
        file = self.site / (path + "index.html" if path.endswith("/") or not path else path)
        decoded = file.stat().st_size if response is not None and response.status == 200 and file.is_file() else 0
        self.decoded += decoded
        self.sizes[path] = (transferred, decoded)
        self.urls.append(request.url)

    def reset(self):
        self.transferred = self.decoded = 0
        self.urls = []
        self.sizes = {}


#: How long a reader's pointer is over a board before it presses on a checker, in the second timing.
REST_MS = 200


def click_checker(page, rest_ms: int = 0):
    """Click a checker that can move in the page's first example with dice; with ``rest_ms``, the
    pointer first comes over the board's corner and rests there, as a reader's hand does."""
    # The first example that shows a move: its first checker to move (from the page, asking nothing yet).
    board_id, place = page.evaluate(
        """async () => {
            const figure = document.querySelector('figure.nardy-diagram[data-show]:not([data-show=""])');
            const board = await window.nardyLive.board(figure.id);
            return [board.id, String(board.show[0].from)];
        }"""
    )
    page.locator(f"figure#{board_id} svg").scroll_into_view_if_needed()
    x, y = page.evaluate(
        """([id, place]) => {
            const svg = document.querySelector(`figure#${id} svg`);
            const turn = svg.getAttribute('data-turn');
            // A stack is one path, a circle per checker: the top one is its last subpath.
            const stack = svg.querySelector(`.nardy-ck[data-point="${place}"][data-color="${turn}"]`);
            const [left, cy, r] = stack.getAttribute("d").split("M").pop().split(/[ a]/).map(Number);
            const p = new DOMPoint(left + r, cy).matrixTransform(svg.getScreenCTM());
            return [p.x, p.y];
        }""",
        [board_id, place],
    )
    if rest_ms:
        box = page.locator(f"figure#{board_id} svg").bounding_box()
        page.mouse.move(box["x"] + 2, box["y"] + 2)
        page.wait_for_timeout(rest_ms)
    page.mouse.click(x, y)


def load(page, url):
    page.goto(url, wait_until="load")
    page.wait_for_function("window.__bench.visible !== undefined && document.documentElement.dataset.nardyBoards > 0")
    return page.evaluate("window.__bench.visible")


def play(page, rest_ms: int = 0) -> tuple[float, str, float, float]:
    """(click -> destinations ms, engine state at that frame, click -> engine ready ms,
    the longest main-thread task from the click to the engine's readiness ms)."""
    click_checker(page, rest_ms)
    page.wait_for_function("window.__bench.highlighted !== undefined")
    page.wait_for_function("['ready', 'failed'].includes(document.documentElement.dataset.nardyEngine)", timeout=60000)
    bench = page.evaluate("window.__bench")
    engine = page.evaluate("[document.documentElement.dataset.nardyEngine, window.nardyLive.engine.timings]")
    if engine[0] != "ready":
        raise SystemExit(f"the engine did not start: {page.evaluate('window.nardyLive.engine.reason')}")
    ready = engine[1]["ready"]
    longest = max([duration for start, duration in bench["longTasks"] if bench["down"] <= start <= ready], default=0)
    return bench["highlighted"] - bench["down"], bench["engineAtHighlight"], ready - bench["down"], longest


# ---------------------------------------------------------------------- the play page

#: The play page's window in its start-up rounds.
PHONE = {"width": 390, "height": 844}

#: Installed before the play page's scripts: a new game (no stored one), its opening roll thrown (3-1, White
#: starts) as soon as the page offers it, then a tap on White's checker on 8 as soon as the game is in its move
#: phase. Each tap is a real one: the page asks the bench (window.__nardyBenchTap) in the task that offers it
#: (a mutation observer's callback), and the bench clicks there with the browser's own input (the Chrome
#: DevTools Protocol), which the browser runs before its other waiting tasks, as it runs a reader's; taps
#: dispatched from a timer in the page waited behind every task before them (Material's bundle and start, about
#: 0.25 s more). Marked: the board on screen (the build's SVG laid out), the board drawn by the page's script
#: for the game (nardyPlay.state), the first legal move possible (the checker's destinations shown:
#: .nardy-live-dest); and the worker's own marks (sent by the marked worker, below).
PLAY_PROBES = """
globalThis.nardyLiveTimeout = 120000;  // timed, not given up on: under load the start takes longer than 20 s
window.__nardyTestDice = [[3, 1]];
localStorage.removeItem('nardy-play-v1');  // a new game, also on the warm load
(() => {
  window.__play = { marks: null };
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        try {
          const message = JSON.parse(event.data);
          if (message.type === 'marks') window.__play.marks = message;
        } catch (error) { /* not ours */ }
      });
    }
  };
  const tap = (x, y) => window.__nardyBenchTap([x, y]);
  const centre = (element) => {
    const box = element.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  // Seen in the task that makes each change (a mutation observer's callback is a microtask): the drawing (and
  // the frame after it: when the game is painted), the opening roll offered, the move phase, the destinations.
  new MutationObserver(() => {
    const play = window.__play;
    const app = window.nardyPlay;
    if (!app || !app.state) return;
    const now = performance.now();
    if (play.drawn === undefined) {
      play.drawn = now;
      requestAnimationFrame(() => { play.painted = performance.now(); });
    }
    if (app.state.phase === 'opening' && play.thrown === undefined) {
      const button = document.querySelector(".nardy-play-tools button[data-action='opening']");
      if (button && !button.hidden && !button.disabled && button.getBoundingClientRect().width > 0) {
        play.thrown = now;
        tap(...centre(button));
      }
    }
    if (app.state.phase === 'move' && play.tapped === undefined) {
      play.tapped = now;
      const [x, y] = app.board.layout.points['8'];
      const p = new DOMPoint(x, y).matrixTransform(app.board.views[app.board.variant].svg.getScreenCTM());
      tap(p.x, p.y);
    }
    if (play.tapped !== undefined && play.movable === undefined && document.querySelector('.nardy-play .nardy-live-dest')) {
      play.movable = now;
      window.__nardyBenchTap(null);  // done
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  // What a tap after the drawing may wait for: Material's bundle (it sets window.document$ as it ends) and its
  // start (document$'s first page, at DOMContentLoaded).
  let material;
  Object.defineProperty(window, 'document$', { configurable: true, get: () => material, set: (value) => {
    material = value;
    window.__play.bundle = performance.now();
    value.subscribe(() => { if (window.__play.material === undefined) window.__play.material = performance.now(); });
  } });
  const poll = () => {
    const svg = document.querySelector('.nardy-play-board:not([hidden]) svg');
    if (svg && svg.getBoundingClientRect().width > 0) window.__play.onScreen = performance.now();
    else setTimeout(poll, 4);
  };
  poll();
})();
"""

#: The worker's steps, marked (a copy of the site only: the shipped worker sends no marks). Each mark is
#: performance.now() in the worker, with its timeOrigin, so the bench puts them on the page's clock.
WORKER_MARKS = (
    ("const { loadPyodide } = await import(",
     "mark('start');\n  if (image) { image.image.then(() => mark('snapshot'), () => {});"
     " image.checked.then(() => mark('checked'), () => {}); }\n  const { loadPyodide } = await import("),
    ("  const options = {", "  mark('pyodide.mjs');\n  const options = {"),
    ("  const response = await engineArchive;", "  mark('loadPyodide');\n  const response = await engineArchive;"),
    ("  const sitePackages =", "  mark('archive');\n  const sitePackages ="),
    ("  handle = pyodide.runPython(", "  mark('unpacked');\n  handle = pyodide.runPython("),
    ("    if (!failed) postMessage(JSON.stringify({ type: \"ready\",",
     "    mark('imported');\n    postMessage(JSON.stringify({ type: 'marks', origin: performance.timeOrigin, marks: MARKS,"
     " resources: performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop(), r.startTime,"
     " r.responseEnd, r.transferSize]) }));\n    if (!failed) postMessage(JSON.stringify({ type: \"ready\","),
)
MARK_HELPERS = "const MARKS = [];\nfunction mark(name) { MARKS.push([name, performance.now()]); }\n"


def _patch(path: Path, pairs) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        if old not in text:
            raise SystemExit(f"bench: {path.name} has changed, cannot find {old!r}")
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    gz = path.with_name(path.name + ".gz")
    if gz.exists():
        gz.unlink()  # the server would send the old precompressed twin


def _preload(site: Path, code: str) -> None:
    """<link rel=preload> of Pyodide's files and the engine in the play page's head: fetched while the page
    parses (the worker's requests then find them in the HTTP cache)."""
    links = ['<link rel="modulepreload" href="../../pyodide/pyodide.mjs">',
             '<link rel="modulepreload" href="../../pyodide/pyodide.asm.mjs">']
    links += [f'<link rel="preload" as="fetch" crossorigin href="../../pyodide/{name}">'
              for name in ("pyodide.asm.wasm", "python_stdlib.zip", "nardy_rules.zip")]
    _patch(site / code / "play" / "index.html", [("</head>", "".join(links) + "</head>")])


def _no_lockfile(site: Path, code: str) -> None:
    """Pyodide given its lock file's header inline (no package is loaded): one request fewer."""
    info = json.loads((site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    contents = json.dumps(json.dumps({"info": info, "packages": {}}))
    worker = site / code / "assets" / "engine" / "nardy-worker.js"
    _patch(worker, [("    packages: [],", f"    packages: [],\n    lockFileContents: {contents},")])


def _no_snapshot(site: Path, code: str) -> None:
    """Pyodide started the usual way, without the build's image of its memory (nardy_site/app/engine_snapshot.py)."""
    worker = site / code / "assets" / "engine" / "nardy-worker.js"
    _patch(worker, [("  const image = snapshot();", "  const image = null;")])


def _no_opening(site: Path, code: str) -> None:
    """The play page without its recorded opening (nardy_site/figures/opening.py): every answer is the engine's."""
    for name in ("nardy-opening.json", "nardy-opening-checks.json"):
        (site / "play-records" / name).unlink()


def _no_search(site: Path, code: str) -> None:
    """The play page without Material's search (no search worker building its index while the engine starts)."""
    page = site / code / "play" / "index.html"
    text = page.read_text(encoding="utf-8")
    found = re.search(r'"search": "[^"]*", ', text)
    if not found:
        raise SystemExit("bench: the play page's __config has no search entry")
    _patch(page, [(found.group(0), "")])


PLAY_VARIANTS = {
    "shipped": (),
    "before": (),  # --play-before's build, as shipped
    "no-opening": (_no_opening,),
    "no-search": (_no_search,),
    "no-snapshot": (_no_snapshot,),
    "preload": (_preload,),
    "no-lockfile": (_no_lockfile,),
    "preload+no-lockfile": (_preload, _no_lockfile),
}


def play_site(site: Path, folder: Path, name: str, code: str) -> Path:
    """A copy of the built site with the variant's patches and the worker's marks."""
    copy = folder / name.replace(" ", "-")
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns(*[lang.code for lang in languages.enabled() if lang.code != code]))
    _patch(copy / code / "assets" / "engine" / "nardy-worker.js",
           [("let engineArchive = null;", MARK_HELPERS + "let engineArchive = null;"), *WORKER_MARKS])
    for patch in PLAY_VARIANTS[name]:
        patch(copy, code)
    return copy


def play_once(page, url: str) -> dict:
    """One load of the play page, a new game: navigation -> the board on screen, drawn for the game, and the first
    legal move possible (the opening thrown, a tap on a checker: its destinations shown); then the engine ready."""
    taps = []
    page.expose_function("__nardyBenchTap", lambda where: taps.append(where))
    page.goto(url, wait_until="commit")
    # The page's requests arrive while Playwright waits (wait_for_timeout waits here, asking the page nothing).
    deadline = time.monotonic() + 130
    while None not in taps and time.monotonic() < deadline:
        while taps and taps[0] is not None:
            page.mouse.click(*taps.pop(0))  # at once: each tap the page asks for, as a reader's finger
        page.wait_for_timeout(2)
    if page.evaluate("document.documentElement.dataset.nardyEngine") == "failed":
        raise SystemExit(f"the engine did not start: {page.evaluate('window.nardyPlay.engine.reason')}")
    if None not in taps:
        raise SystemExit(f"no legal move possible within 130 s: {page.evaluate('JSON.stringify({...window.__play, marks: 0})')}")
    page.wait_for_function("window.__play.marks !== null", timeout=130000)
    found = page.evaluate("[window.__play, performance.timeOrigin, window.nardyPlay.engine.timings]")
    play, origin, engine = found
    shift = play["marks"]["origin"] - origin
    marks = {name: at + shift for name, at in play["marks"]["marks"]}
    resources = {name: (start + shift, end + shift, size) for name, start, end, size in play["marks"]["resources"]}
    started = page.evaluate("[window.nardyPlay.engine.startedFrom, window.nardyPlay.engine.startNote]")
    return {"onScreen": play["onScreen"], "drawn": play["drawn"], "movable": play["movable"],
            "painted": play.get("painted"), "bundle": play.get("bundle"), "material": play.get("material"),
            "thrown": play.get("thrown"), "tapped": play.get("tapped"),
            "spawn": engine.get("start"), "ready": engine.get("ready"), "marks": marks,
            "resources": resources, "from": started[0], "note": started[1]}


#: The play page's loads in each round, in one browser profile: a first visit, the next one, and a returning
#: reader's (the third: Chromium keeps the compiled code of a script it has run twice, in the profile's code
#: cache; a context of Playwright's own, kept in memory, keeps none, so its later loads compile every script
#: again).
LOADS = ("cold", "warm", "again")


def bench_play(playwright, site: Path, folder: Path, rounds: int, code: str, variants: list[str],
               before: Path | None = None) -> None:
    """before: another build (main's), played as the variant "before" (as shipped), alternating with the others.
    Each round of each variant is a new browser profile on disk (a reader's browser), loaded three times (LOADS)."""
    servers, results = {}, {name: {load: [] for load in LOADS} for name in variants}
    try:
        for name in variants:
            source = before if name == "before" else site
            servers[name] = serve_in_thread(play_site(source, folder, name, code))
        print(f"play page ({code}/play/, a new game, opening 3-1), {rounds} rounds, the variants alternating; "
              f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for _round in range(rounds):
            for name in variants:
                url = f"{servers[name].url}{code}/play/"
                # A phone's screen: the taps land where a reader's would (at 1280 x 720 the roll button is below
                # the fold until the page has fitted the board to the window).
                profile = Path(tempfile.mkdtemp(prefix="profile-", dir=folder))
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=lighthouse.CHROMIUM, args=lighthouse.FLAGS, viewport=PHONE)
                context.add_init_script("delete Navigator.prototype.serviceWorker;\n" + PLAY_PROBES)
                counter = Counter(context, site)
                for load in LOADS:
                    page = context.new_page()
                    result = play_once(page, url)
                    page.wait_for_load_state("networkidle")
                    result["bytes"] = counter.transferred
                    page.close()
                    counter.reset()
                    results[name][load].append(result)
                context.close()
                shutil.rmtree(profile, ignore_errors=True)
        print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print("  navigation -> the board on screen, drawn for the game, the first legal move possible, the engine ready")
        print("  (median ms, min-max; goal: first move <= 1.2 x board drawn), and KB transferred")
        print("  variant        load   on screen      drawn           first move      ratio   engine ready    KB   started from")
        for name in variants:
            for load in LOADS:
                runs = results[name][load]

                def cell(key, runs=runs):
                    values = [r[key] for r in runs]
                    return f"{median(values):5.0f} ({min(values):.0f}-{max(values):.0f})"

                ratio = median([r["movable"] / r["drawn"] for r in runs])
                started = sorted({f"{r['from']}{' (' + r['note'] + ')' if r['note'] else ''}" for r in runs})
                print(f"  {name:14} {load:5} {cell('onScreen'):>15} {cell('drawn'):>15} {cell('movable'):>17}"
                      f"  {ratio:5.2f}  {cell('ready'):>15} {median([r['bytes'] for r in runs]) / 1024:6.0f}"
                      f"   {', '.join(started)}")
        print("  between the drawing and the first move (median ms after the game's drawing): its frame painted,")
        print("  Material's bundle run, Material started, the opening roll thrown, the checker tapped, the first move")
        marks = ["painted", "bundle", "material", "thrown", "tapped", "movable"]
        print("  variant        load " + "".join(f"{m:>10}" for m in marks))
        for name in variants:
            for load in LOADS:
                runs = results[name][load]
                row = [median([r[m] - r["drawn"] for r in runs if r.get(m) is not None] or [float("nan")]) for m in marks]
                print(f"  {name:14} {load:5}" + "".join(f"{value:10.0f}" for value in row))
        print("  where the cold time goes (median ms from navigation; the worker's steps)")
        steps = ["start", "pyodide.mjs", "snapshot", "checked", "loadPyodide", "archive", "unpacked", "imported"]
        # engine.start(): the page's call; then the worker's marks: its script running (start), pyodide.mjs
        # imported, the snapshot's bytes at hand (snapshot), their SHA-256 checked (checked),
        # loadPyodide resolved, the engine archive at hand, unpacked, nardy_rules.live imported.
        print("  variant       start() " + "  ".join(f"{s:>11}" for s in steps) + "   wasm done  stdlib done   movable")
        for name in variants:
            cold = results[name]["cold"]
            row = [median([r["spawn"] or 0 for r in cold])]
            row += [median([r["marks"].get(step, 0) for r in cold]) for step in steps]
            for file in ("pyodide.asm.wasm", "python_stdlib.zip"):
                row.append(median([r["resources"].get(file, (0, 0, 0))[1] for r in cold]))
            row.append(median([r["movable"] for r in cold]))
            print(f"  {name:14} " + "  ".join(f"{value:>11.0f}" if i else f"{value:5.0f}" for i, value in enumerate(row)))
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()


#: A move on the play page: armed just before the pointer's release, timed to the frame that shows the checker at
#: its destination with nothing in flight (nardy-play-motion.js: data-moving while checkers travel).
MOVE_PROBES = """
window.__move = { armed: false, start: null };
document.addEventListener('pointerup', () => {
  if (window.__move.armed) { window.__move.start = performance.now(); window.__move.armed = false; }
}, true);
window.__landed = (point, count) => new Promise((resolve) => {
  const frame = () => {
    const svg = window.nardyPlay.board.svg;
    const stack = svg.querySelector(`g.nardy-checkers .nardy-ck[data-point="${point}"][data-color="white"]`);
    const drawn = stack ? (stack.getAttribute('d').match(/a/g) || []).length / 2 : 0;
    if (drawn === count && !svg.dataset.moving) resolve(performance.now() - window.__move.start);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
});
"""


def move_once(page, how: str) -> float:
    """8/5 with the 3 of 3-1 from the start (5 empty before), by a tap on 5 or a drop there; the ms to landed."""
    where = """(place) => { const app = window.nardyPlay; const [x, y] = app.board.layout.points[String(place)];
        const p = new DOMPoint(x, y).matrixTransform(app.board.svg.getScreenCTM()); return [p.x, p.y]; }"""
    (x1, y1), (x2, y2) = page.evaluate(where, 8), page.evaluate(where, 5)
    if how == "tap":
        page.mouse.click(x1, y1)
        page.wait_for_function("document.querySelector('.nardy-play .nardy-live-selected') !== null")
        page.mouse.move(x2, y2)
        page.mouse.down()
        page.evaluate("window.__move.armed = true")
        page.mouse.up()
    else:
        page.mouse.move(x1, y1)
        page.mouse.down()
        page.mouse.move(x2, y2, steps=8)
        page.wait_for_function("document.querySelector('.nardy-play .nardy-live-dest') !== null")
        page.evaluate("window.__move.armed = true")
        page.mouse.up()
    elapsed = page.evaluate("window.__landed(5, 1)")
    version = page.evaluate("window.nardyPlay.version")
    page.locator(".nardy-play-tools button[data-action='undo']").click()
    page.wait_for_function(f"window.nardyPlay.version > {version} && !window.nardyPlay.board.svg.dataset.moving")
    return elapsed


def bench_moves(browser, site: Path, rounds: int, code: str) -> None:
    start_text = "nardy:short:w:24x2,13x5,8x3,6x5:1x2,12x5,17x3,19x5"
    server = serve_in_thread(site)
    print(f"play page ({code}/play/): a move from the pointer's release to the checker shown at its destination, "
          f"{rounds} rounds, animated and reduced motion alternating; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    pages, times = {}, {(motion, how): [] for motion in ("no-preference", "reduce") for how in ("tap", "drop")}
    try:
        for motion in ("no-preference", "reduce"):
            context = browser.new_context(reduced_motion=motion, viewport={"width": 1280, "height": 800})
            context.add_init_script("delete Navigator.prototype.serviceWorker;\n" + MOVE_PROBES)
            page = context.new_page()
            page.goto(f"{server.url}{code}/play/#position={quote(start_text)}&dice=3-1")
            page.wait_for_function("window.nardyPlay && window.nardyPlay.state && window.nardyPlay.state.phase === 'move'",
                                   timeout=130000)
            move_once(page, "tap")  # once unmeasured: the engine's first answers of a game
            pages[motion] = page
        for _round in range(rounds):
            for motion, page in pages.items():
                for how in ("tap", "drop"):
                    times[motion, how].append(move_once(page, how))
        print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print("  median ms (min-max)        travelling     reduced motion   difference")
        for how in ("tap", "drop"):
            moving, still = times["no-preference", how], times["reduce", how]
            print(f"  {how + ' -> landed':22} {median(moving):7.0f} ({min(moving):.0f}-{max(moving):.0f})"
                  f"   {median(still):7.0f} ({min(still):.0f}-{max(still):.0f})   {median(moving) - median(still):7.0f}")
        for page in pages.values():
            page.context.close()
    finally:
        server.shutdown()
        server.server_close()


def median(values):
    return statistics.median(values)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--page", default="uz/short/", help="the page timed (default uz/short/)")
    parser.add_argument("--engine-timeout", type=int, metavar="MS",
                        help="the boards' time limit for the engine to start (default: the page's own, 20 s)")
    parser.add_argument("--lighthouse", action="store_true",
                        help="last, Lighthouse on every rules page of every language (scripts/lighthouse.py)")
    parser.add_argument("--lighthouse-runs", type=int, default=1, help="Lighthouse runs per page (the median is shown)")
    parser.add_argument("--play-rounds", type=int, default=5,
                        help="rounds of the play page's start-up variants, alternating (0: none)")
    parser.add_argument("--play-only", action="store_true", help="only the play page")
    parser.add_argument("--play-lang", default="en", help="the play page's language (default en)")
    parser.add_argument("--play-variants", default="shipped,no-opening",
                        help=f"comma-separated, of: {', '.join(PLAY_VARIANTS)} (default shipped,no-opening)")
    parser.add_argument("--play-before", type=Path, metavar="DIR",
                        help="another built site (say main's) played beside this one as the variant 'before'")
    parser.add_argument("--move-rounds", type=int, default=10,
                        help="rounds of a move on the play page, travelling and reduced motion (0: none)")
    parser.add_argument("--moves-only", action="store_true", help="only the moves on the play page")
    args = parser.parse_args(argv)
    variants = [name.strip() for name in args.play_variants.split(",") if name.strip()]
    if args.play_before:
        variants = ["before", *[name for name in variants if name != "before"]]
    elif "before" in variants:
        parser.error("the variant 'before' needs --play-before")
    unknown = [name for name in variants if name not in PLAY_VARIANTS]
    if unknown:
        parser.error(f"unknown play variants: {', '.join(unknown)}")
    if args.lighthouse and not lighthouse.LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: run `npm ci` (scripts/setup does)")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="nardy-bench-") as temporary:
        site = args.site
        if site is None:
            site = Path(temporary) / "site"
            started = time.monotonic()
            build(site)
            print(f"built {site} in {time.monotonic() - started:.1f} s")
        probes = PROBES
        if args.engine_timeout:
            probes = f"globalThis.nardyLiveTimeout = {args.engine_timeout};\n" + PROBES
        server = serve_in_thread(site)
        url = server.url + args.page
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=lighthouse.CHROMIUM, args=lighthouse.FLAGS)
                if args.move_rounds:
                    bench_moves(browser, site, args.move_rounds, args.play_lang)
                    print()
                if args.moves_only:
                    browser.close()
                    return 0
                if args.play_rounds:
                    bench_play(playwright, site, Path(temporary), args.play_rounds, args.play_lang, variants,
                               args.play_before)
                    print()
                if args.play_only:
                    browser.close()
                    return 0
                print(f"Chromium {browser.version}, {args.runs} runs each, page {args.page}\n")
                cold_visible, warm_visible, clicks, states, cold_ready, warm_ready, frozen = [], [], [], [], [], [], []
                rested = []
                for _ in range(args.runs):
                    context = browser.new_context()
                    context.add_init_script(probes)
                    page = context.new_page()
                    cold_visible.append(load(page, url))
                    click_ms, state, ready_ms, longest = play(page)
                    clicks.append(click_ms)
                    states.append(state)
                    cold_ready.append(ready_ms)
                    frozen.append(longest)
                    page.close()
                    page = context.new_page()
                    warm_visible.append(load(page, url))
                    _click, _state, ready_ms, longest = play(page)
                    warm_ready.append(ready_ms)
                    frozen.append(longest)
                    context.close()
                    context = browser.new_context()
                    context.add_init_script(probes)
                    page = context.new_page()
                    load(page, url)
                    click_ms, state, _ready, _longest = play(page, REST_MS)
                    rested.append(click_ms)
                    states.append(state)
                    context.close()
                print("time (median ms)                              cold      warm")
                print(f"  every diagram visible                    {median(cold_visible):8.0f}  {median(warm_visible):8.0f}")
                print(f"  first click -> destinations highlighted  {median(clicks):8.1f}            (goal < 100; engine then: "
                      f"{', '.join(sorted(set(states)))})")
                print(f"  the same, the pointer {REST_MS} ms on the board first {median(rested):6.1f}")
                print(f"  first interaction -> engine ready        {median(cold_ready):8.0f}  {median(warm_ready):8.0f}")
                print(f"  longest main-thread task meanwhile       {max(frozen):8.0f}            (the most of any run;"
                      " Pyodide starts in the worker)")

                print("\nbytes received, rules pages (KB as transferred / uncompressed; goal for a reader: < 500 transferred)")
                print("  page          reader who only reads        reader who plays"
                      "          of which the board's recorded answers")
                for lang in languages.enabled():
                    for page_url in ("short/", "long/"):
                        context = browser.new_context()
                        context.add_init_script(probes)
                        counter = Counter(context, site)
                        page = context.new_page()
                        load(page, f"{server.url}{lang.code}/{page_url}")
                        page.wait_for_load_state("networkidle")
                        page.mouse.wheel(0, 100000)
                        page.wait_for_timeout(700)
                        page.wait_for_load_state("networkidle")
                        reader = (counter.transferred, counter.decoded)
                        if any("/pyodide/" in u or "nardy-worker" in u or ANSWERS in u for u in counter.urls):
                            raise SystemExit("a reader who only reads downloaded the engine or the recorded answers")
                        play(page)
                        page.wait_for_load_state("networkidle")
                        player = (counter.transferred, counter.decoded)
                        recorded = [size for path, size in counter.sizes.items() if f"/{ANSWERS}/" in f"/{path}"]
                        recorded = (sum(t for t, _d in recorded), sum(d for _t, d in recorded))
                        context.close()
                        print(f"  {lang.code}/{page_url:8}  {reader[0] / 1024:7.0f} / {reader[1] / 1024:7.0f}"
                              f"          {player[0] / 1024:7.0f} / {player[1] / 1024:7.0f}"
                              f"          {recorded[0] / 1024:5.0f} / {recorded[1] / 1024:5.0f}")
                browser.close()
            if args.lighthouse:
                print()
                codes = [lang.code for lang in languages.enabled()]
                lighthouse.report(server.url, codes, ["short/", "long/"], args.lighthouse_runs)
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
