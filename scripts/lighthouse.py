#!/usr/bin/env python3
"""Lighthouse's phone performance figures for the rules pages (a benchmark, not a test).

    .venv/bin/python scripts/lighthouse.py [--runs 1] [--site DIR] [--pages short/,long/] [--langs uz,en]

Lighthouse 12 (the npm devDependency pinned in package.json) with its default
mobile settings (a throttled mid-range phone on slow 4G), driving Debian's
Chromium through ``CHROME_PATH``, against ``nardy_site.serve`` on 127.0.0.1
(gzip, as any real server). Prints, per page and language, the performance
score, total blocking time, largest contentful paint and the longest main
thread task, each the median of ``--runs``; ``scripts/bench_site.py`` runs it
too (its last section). Goal (issue 12): every rules page in every language
scores at least 98 with a total blocking time under 50 ms.

Lighthouse measures the machine it runs on as much as the page: on a loaded
machine the figures drop. Compare pages within one run, and read ``load``
(the machine's load average when the run began) next to them.
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

from nardy_site import languages  # noqa: E402
from nardy_site.build import build  # noqa: E402
from nardy_site.serve import serve_in_thread  # noqa: E402

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


def audit(url: str, out_dir: Path) -> dict:
    """One Lighthouse run of ``url``: the figures this bench reports."""
    report = out_dir / "report.json"
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    done = subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--only-categories=performance", "--output=json",
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
    }


def report(server_url: str, codes: list[str], pages: list[str], runs: int) -> list[tuple[str, dict]]:
    """Audit every page of every language; print a line each and return the medians."""
    print(f"Lighthouse (mobile defaults), median of {runs} run(s); load average at start "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("  page            score   TBT ms   LCP ms   longest task ms   (goal: score >= 98, TBT < 50)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="nardy-lighthouse-") as temporary:
        for code in codes:
            for page in pages:
                results = [audit(f"{server_url}{code}/{page}", Path(temporary)) for _ in range(runs)]
                figures = {key: statistics.median(r[key] for r in results) for key in results[0]}
                name = f"{code}/{page}"
                met = "ok" if figures["score"] >= 98 and figures["tbt"] < 50 else "MISSED"
                print(f"  {name:14}  {figures['score']:5.0f}  {figures['tbt']:7.0f}  {figures['lcp']:7.0f}"
                      f"  {figures['longest']:16.0f}   {met}")
                rows.append((name, figures))
    print(f"  load average at the end {os.getloadavg()[0]:.1f}")
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--pages", default=",".join(PAGES), help="pages under each language (default: home, short, long)")
    parser.add_argument("--langs", default="", help="language codes (default: every enabled language)")
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
        server = serve_in_thread(site)
        try:
            report(server.url, codes, args.pages.split(","), args.runs)
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
