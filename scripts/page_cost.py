#!/usr/bin/env python3
"""What a rules page costs the browser to show, for built sites side by side (a benchmark, not a test).

    .venv/bin/python scripts/page_cost.py --site A [--site B ...] [--rounds 3] [--pages uz/short/,uz/long/]
                                          [--lighthouse]

Figures that depend little on the machine's load, to compare builds (main's and a branch's): each round
loads every page of every site in turn (the sites alternate, so that a change of load hits both alike) in
Debian's Chromium, unthrottled, in a new context each time, and reports per site and page:

- elements: the DOM's elements once the boards near the window are made (``document.getElementsByTagName('*')``),
  and of them those inside the boards' SVGs;
- Chromium's trace totals on the page's main thread from the navigation to the boards made plus one
  second: ParseHTML, style recalculation (UpdateLayoutTree) and layout (Layout), in ms; each the median of
  the rounds (the most that varies with load, but all pages of a round see the same machine);
- layout shift: the page's cumulative layout shift meanwhile (a board that changes size moves the text);
- with ``--lighthouse``: Lighthouse's mobile performance score, total blocking time and largest contentful
  paint (``scripts/lighthouse.py``), one run per page, site and round, alternating the same way, with the
  load average before each.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lighthouse  # noqa: E402  (scripts/lighthouse.py, next to this file)

from nardy_site.serve import serve_in_thread  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink"]
#: Trace event names summed (complete events on the renderer's main thread), and what the report calls them.
EVENTS = {"ParseHTML": "parse", "UpdateLayoutTree": "style", "Layout": "layout"}

SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({ type: 'layout-shift', buffered: true });
"""

COUNT = """() => ({
    elements: document.getElementsByTagName('*').length,
    inBoards: document.querySelectorAll('svg.nardy-board *').length + document.querySelectorAll('svg.nardy-board').length,
    boards: Number(document.documentElement.dataset.nardyBoards || 0),
    shift: window.__shift,
})"""


def trace_totals(trace: bytes) -> dict[str, float]:
    """ms per :data:`EVENTS` name on the renderer main threads of a Chromium trace."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    totals = dict.fromkeys(EVENTS.values(), 0.0)
    for event in events:
        name = EVENTS.get(event.get("name"))
        if name and event.get("ph") == "X" and (event["pid"], event["tid"]) in main:
            totals[name] += event.get("dur", 0) / 1000
    return totals


def measure(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75)
    try:
        context.add_init_script("delete Navigator.prototype.serviceWorker;")
        context.add_init_script(SHIFTS)
        page = context.new_page()
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url, wait_until="load")
        page.wait_for_function("document.documentElement.dataset.nardyBoards > 0", timeout=60000)
        page.wait_for_timeout(1000)
        counts = page.evaluate(COUNT)
        totals = trace_totals(browser.stop_tracing())
        return {**counts, **totals}
    finally:
        context.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, action="append", required=True, help="a built site (repeat to compare)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", default="uz/short/,uz/long/,ru/short/,en/long/")
    parser.add_argument("--lighthouse", action="store_true", help="also Lighthouse, one run per page, site and round")
    args = parser.parse_args(argv)
    pages = [page for page in args.pages.split(",") if page]
    servers = [serve_in_thread(site) for site in args.site]
    names = [str(site) for site in args.site]
    results: dict = {}
    audits: dict = {}
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=lighthouse.CHROMIUM, args=lighthouse.FLAGS)
            print(f"Chromium {browser.version}, {args.rounds} rounds, {os.cpu_count()} cores; viewport 412x823")
            for round_ in range(args.rounds):
                print(f"round {round_ + 1}: load average {os.getloadavg()[0]:.1f}", flush=True)
                for page in pages:
                    for name, server in zip(names, servers):
                        results.setdefault((name, page), []).append(measure(browser, server.url + page))
            browser.close()
            if args.lighthouse:
                with tempfile.TemporaryDirectory(prefix="nardy-lighthouse-") as temporary:
                    for _round in range(args.rounds):
                        for page in pages:
                            for name, server in zip(names, servers):
                                load = os.getloadavg()[0]
                                found = lighthouse.audit(server.url + page, Path(temporary))
                                audits.setdefault((name, page), []).append({**found, "load": load})
                                print(f"  lighthouse {page} {name}: score {found['score']}, TBT {found['tbt']:.0f} ms, "
                                      f"LCP {found['lcp']:.0f} ms (load {load:.1f})", flush=True)
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()

    print("\nmedian of the rounds; elements and shift are the same every round")
    print(f"  {'page':11} {'site':34} elements  in boards  parse ms  style ms  layout ms  layout shift")
    for page in pages:
        for name in names:
            rows = results[(name, page)]
            mid = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
            print(f"  {page:11} {name[-34:]:34} {mid['elements']:8.0f}  {mid['inBoards']:9.0f}  {mid['parse']:8.0f}"
                  f"  {mid['style']:8.0f}  {mid['layout']:9.0f}  {mid['shift']:12.3f}")
    if audits:
        print("\nLighthouse (mobile defaults), per run: score / TBT ms / LCP ms (load average before the run)")
        for page in pages:
            for name in names:
                runs = audits[(name, page)]
                cells = ", ".join(f"{r['score']}/{r['tbt']:.0f}/{r['lcp']:.0f} ({r['load']:.1f})" for r in runs)
                print(f"  {page:11} {name[-34:]:34} {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
