#!/usr/bin/env python3
"""Speed of the site in headless Chromium on this machine (a benchmark, not a test).

    .venv/bin/python scripts/bench_site.py [--runs 5] [--site DIR] [--page uz/short/] [--lighthouse [--lighthouse-runs 1]]

Builds the site into a temporary folder (or uses ``--site``), serves it with
``nardy_site.serve`` on 127.0.0.1 (gzip, as any real server) and drives
Debian's Chromium (``/usr/bin/chromium``, never ``playwright install``). Every
figure is the median of ``--runs`` loads; "cold" is a new browser context
(empty cache), "warm" the same context loading the page again.

- diagrams visible: from the start of the navigation to the first frame in
  which every diagram of the page is laid out (they are inline SVG);
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
- with ``--lighthouse``, last: Lighthouse's mobile performance score, total
  blocking time and largest contentful paint of every rules page of every
  language (``scripts/lighthouse.py``, about 15 s a page), against the same
  server, with the machine's load average.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lighthouse  # noqa: E402  (scripts/lighthouse.py, next to this file)

from nardy_site import languages  # noqa: E402
from nardy_site.answers import FOLDER as ANSWERS  # noqa: E402
from nardy_site.build import build  # noqa: E402
from nardy_site.serve import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

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
    const figures = document.querySelectorAll('figure.nardy-diagram svg');
    return figures.length > 0 && Array.from(figures).every((svg) => svg.getBoundingClientRect().width > 0);
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
        """() => {
            const board = window.nardyLive.boards.find((b) => b.show.length);
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
    args = parser.parse_args(argv)
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
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
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
