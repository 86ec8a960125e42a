#!/usr/bin/env python3
"""Lighthouse's phone performance figures for the rules pages (a benchmark, not a test).

    .venv/bin/python scripts/lighthouse.py [--runs 1] [--site DIR] [--pages short/,long/] [--langs uz,en]
                                          [--reference] [--cpu-slowdown 2]

Lighthouse 12 (the npm devDependency pinned in package.json) with its default
mobile settings (a throttled mid-range phone on slow 4G), driving Debian's
Chromium through ``CHROME_PATH``, against ``nardy_site.serve`` on 127.0.0.1
(gzip, as any real server). Prints, per page and language, the performance
score, total blocking time, largest contentful paint and the longest main
thread task and the DOM's elements at load, each the median of ``--runs``; ``scripts/bench_site.py`` runs it
too (its last section). Goal (dev/benchmarks.md, "Rules pages on a phone"): with ``--reference``, every
rules page in every language scores at most 1 point below Material alone and its total blocking time is at
most 30 ms above it, in the same run; without it, a score of at least 98 and a total blocking time under
50 ms. The rounds alternate: each round audits every page once (the reference first), so that a change of
the machine's load meets every page alike.

Lighthouse measures the machine it runs on as much as the page: on a loaded
machine the figures drop. Compare pages within one run, and read ``load``
(the machine's load average when the run began) next to them. Two aids:

- ``--reference`` audits first, in the same rounds, a page of the same
  Material for MkDocs with nothing of this site (``mkdocs build`` of one
  Markdown page of plain text about as long as a rules page, Material's
  defaults): what Material alone scores on this machine, the ceiling the
  site's pages are measured against.
- Lighthouse slows the CPU down 4x, for a fast desktop (its ``benchmarkIndex``
  1500-2000) to act as a mid-tier phone; its documentation (docs/throttling.md,
  "Calibrating the CPU slowdown") gives 2x for a low-end desktop (1000-1500)
  or a high-end phone (800-1200), and 1x below. The run prints the machine's index and that multiplier;
  ``--cpu-slowdown N`` runs with it (the default is Lighthouse's own, 4x).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nardy_site.build import build  # noqa: E402
from nardy_site.serve import serve_in_thread  # noqa: E402
from nardy_site.translations import languages  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
#: Debian's Chromium as the browser benches drive it through Playwright (bench_site.py, page_cost.py): no
#: request leaves this machine.
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PAGES = ("", "short/", "long/")


#: Lighthouse's docs/throttling.md: benchmarkIndex brackets (lowest index of each) and the CPU slowdown that
#: makes a machine of that bracket act as a mid-tier phone.
CALIBRATION = ((1500, 4), (800, 2), (0, 1))


def suggested_slowdown(benchmark_index: float) -> int:
    return next(factor for lowest, factor in CALIBRATION if benchmark_index >= lowest)


def audit(url: str, out_dir: Path, cpu_slowdown: float | None = None) -> dict:
    """One Lighthouse run of ``url``: the figures this bench reports."""
    report = out_dir / "report.json"
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    throttling = [f"--throttling.cpuSlowdownMultiplier={cpu_slowdown}"] if cpu_slowdown else []
    done = subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--only-categories=performance", "--output=json", *throttling,
         f"--output-path={report}", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
        env=env, capture_output=True, text=True, timeout=300,
    )
    if done.returncode != 0 or not report.exists():
        raise SystemExit(f"lighthouse failed on {url}: {(done.stderr or done.stdout).strip()[-500:]}")
    data = json.loads(report.read_text(encoding="utf-8"))
    report.unlink()
    audits = data["audits"]
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    return {
        "score": round(100 * (data["categories"]["performance"]["score"] or 0)),
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "longest": max((item.get("duration", 0) for item in tasks), default=0),
        "index": data.get("environment", {}).get("benchmarkIndex") or 0,
        "elements": audits.get("dom-size", {}).get("numericValue") or 0,
    }


def reference_site(folder: Path) -> Path:
    """A one-page site of Material for MkDocs with its defaults and nothing of ours (``--reference``)."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt. "
    sections = [f"## Section {number}\n\n" + sentence * 12 for number in range(1, 25)]
    (docs / "index.md").write_text("# Material alone\n\n" + "\n\n".join(sections) + "\n", encoding="utf-8")
    (folder / "mkdocs.yml").write_text("site_name: Reference\ntheme:\n  name: material\n  font: false\n",
                                      encoding="utf-8")
    mkdocs = Path(sys.executable).with_name("mkdocs")
    subprocess.run([str(mkdocs), "build", "--quiet", "--site-dir", str(folder / "site")], cwd=folder, check=True,
                   env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    return folder / "site"


def met(figures: dict, reference: dict | None) -> bool:
    """The goal: against Material alone in the same run if it was audited, else the absolute one."""
    if reference is not None:
        return figures["score"] >= reference["score"] - 1 and figures["tbt"] <= reference["tbt"] + 30
    return figures["score"] >= 98 and figures["tbt"] < 50


def report(server_url: str, codes: list[str], pages: list[str], runs: int, reference_url: str | None = None,
           cpu_slowdown: float | None = None) -> list[tuple[str, dict]]:
    """Audit every page of every language (after the reference page, if any), ``runs`` rounds; print a line
    each and return the medians."""
    slowdown = f"CPU slowdown {cpu_slowdown}x" if cpu_slowdown else "Lighthouse's CPU slowdown (4x)"
    print(f"Lighthouse (mobile defaults, {slowdown}), median of {runs} run(s); load average at start "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    goal = ("score >= Material's - 1, TBT <= Material's + 30" if reference_url else "score >= 98, TBT < 50")
    print(f"  page            score   TBT ms   LCP ms   longest task ms   elements   (goal: {goal})")
    targets = [("Material alone", reference_url)] if reference_url else []
    targets += [(f"{code}/{page}", f"{server_url}{code}/{page}") for code in codes for page in pages]
    results = {name: [] for name, _url in targets}
    with tempfile.TemporaryDirectory(prefix="nardy-lighthouse-") as temporary:
        for _round in range(runs):
            for name, url in targets:
                results[name].append(audit(url, Path(temporary), cpu_slowdown))
    rows = []
    reference = None
    for name, _url in targets:
        figures = {key: statistics.median(r[key] for r in results[name]) for key in results[name][0]}
        if reference_url and reference is None:
            reference = figures
            verdict = "reference"
        else:
            verdict = "ok" if met(figures, reference) else "MISSED"
        print(f"  {name:14}  {figures['score']:5.0f}  {figures['tbt']:7.0f}  {figures['lcp']:7.0f}"
              f"  {figures['longest']:16.0f}  {figures['elements']:9.0f}   {verdict}")
        rows.append((name, figures))
    index = statistics.median(figures["index"] for _, figures in rows)
    print(f"  load average at the end {os.getloadavg()[0]:.1f}; this machine's benchmarkIndex {index:.0f}: "
          f"Lighthouse's docs would slow its CPU down {suggested_slowdown(index)}x (--cpu-slowdown)")
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--pages", default=",".join(PAGES), help="pages under each language (default: home, short, long)")
    parser.add_argument("--langs", default="", help="language codes (default: every enabled language)")
    parser.add_argument("--reference", action="store_true", help="first, a page of Material alone (the ceiling)")
    parser.add_argument("--cpu-slowdown", type=float, help="Lighthouse's CPU slowdown (default: its own, 4x)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: run `npm ci` (scripts/setup does)")
    codes = [c for c in args.langs.split(",") if c] or [lang.code for lang in languages.enabled()]
    with tempfile.TemporaryDirectory(prefix="nardy-bench-") as temporary:
        site = args.site
        if site is None:
            site = Path(temporary) / "site"
            started = time.monotonic()
            build(site)
            print(f"built {site} in {time.monotonic() - started:.1f} s")
        servers = [serve_in_thread(site)]
        if args.reference:
            servers.append(serve_in_thread(reference_site(Path(temporary) / "reference")))
        try:
            report(servers[0].url, codes, args.pages.split(","), args.runs,
                   servers[1].url if args.reference else None, args.cpu_slowdown)
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
