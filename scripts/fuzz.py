#!/usr/bin/env python3
"""Fuzz every entry point of the engine for longer than the test suite does.

    .venv/bin/python scripts/fuzz.py [--requests 20000] [--seed 0]

Draws ``--requests`` hostile inputs with the fuzz tests' strategies
(``tests/engine/hostile.py`` and ``tests/i18n/hostile_pages.py``, hypothesis,
seeded by ``--seed``) for the live boards' entry points (``live.handle``,
``live.handle_json``), the parsers (``parse_play``, ``from_text``,
``from_xgid``, ``from_gnubg_id``, ``parse_dice``, ``Position.from_json``),
the command line (arguments, and ``plays --batch`` and ``bot --batch``
streams), match records (``replay``, ``apply``, ``export_text`` and the live
``game`` op on records spoilt every way), the bot's weights files (``load``)
and the translators' tools over hostile pages (the page reader, ``status``,
``check``, ``diff``, ``done``, ``python -m nardy_site.check``), in turn at
random, and checks each against the same properties as the tests. Prints how many requests were tried per entry
point, the exceptions (a broken property or an exception escaping an entry
point; must be 0, the first few are shown) and the slowest call with its
input: CPU time of the call with its property checks (other work on a shared
machine does not count), the five slowest inputs of each entry point timed
again at the end, best of three. Exits 1 if there was any exception.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from nardy_rules import (
    Position,
    from_gnubg_id,
    from_text,
    from_xgid,
    parse_dice,
    to_gnubg_id,
    to_text,
    to_xgid,
)
from tests.engine import hostile
from tests.i18n import hostile_pages


def _text_forms():
    def pick(position):
        forms = [st.tuples(st.just(from_text), hostile.spoilt_text(to_text(position), hostile.TEXT_ALPHABET))]
        if position.variant == "short":
            forms.append(st.tuples(st.just(from_xgid),
                                   hostile.spoilt_text(to_xgid(position), hostile.XGID_ALPHABET)))
            forms.append(st.tuples(st.just(from_gnubg_id),
                                   hostile.spoilt_text(to_gnubg_id(position), hostile.GNUBG_ALPHABET)))
        return st.one_of(forms)

    return hostile.positions().flatmap(pick) | st.tuples(
        st.sampled_from([from_text, from_xgid, from_gnubg_id]),
        hostile.python_values | st.text(max_size=40),
    )


def _plays():
    return st.tuples(hostile.positions(), hostile.rolls).flatmap(
        lambda pd: st.tuples(st.just(pd[0]), st.just(pd[1]), hostile.play_texts(*pd))
    )


#: entry point -> (strategy of inputs, check of one input)
TARGETS = {
    "live.handle": (hostile.live_requests() | hostile.live_requests(broken=False).flatmap(hostile.with_one_field)
                    | hostile.python_values, hostile.check_live),
    "live.handle_json": (hostile.json_texts(hostile.live_requests()) | hostile.json_texts(hostile.json_values)
                         | st.text(max_size=80), hostile.check_live_json),
    "parse_play": (_plays(), lambda case: hostile.check_notation(*case)),
    "text forms": (_text_forms(), lambda case: hostile.check_position_reader(*case)),
    "parse_dice": (hostile.dice_values() | hostile.python_values | st.text(max_size=8),
                   lambda value: hostile.call_parser(parse_dice, value)),
    "Position.from_json": (hostile.position_json() | hostile.python_values,
                           lambda data: hostile.check_position_reader(Position.from_json, data)),
    "cli": (hostile.cli_arguments(), hostile.check_cli),
    "cli --batch": (hostile.batch_streams(), lambda stream: hostile.check_cli(["plays", "--batch"], stream)),
    "bot --batch": (hostile.bot_batch_streams(), hostile.check_bot_batch),
    "game records": (st.tuples(hostile.match_records(), hostile.actions), lambda case: hostile.check_record(*case)),
    "weights files": (hostile.weights_texts(), lambda case: hostile.check_weights(case, FOLDER)),
    "translators' tools": (hostile_pages.hostile_pages(), lambda case: hostile_pages.check_page_tools(case, FOLDER)),
}
#: Where the weights files and pages drawn are written for the tools to read (a temporary folder).
FOLDER = Path(tempfile.mkdtemp(prefix="nardy-fuzz-"))


def describe(value, limit: int = 160) -> str:
    """A bounded repr of an input, for the report."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits
        text = f"<{type(value).__name__} too large to show>"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20_000, help="how many inputs to try (default 20,000)")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    args = parser.parse_args()

    tried: Counter = Counter()
    candidates: dict = {name: [] for name in TARGETS}  # entry point -> its slowest inputs as first timed
    failures: list = []
    names = list(TARGETS)

    @settings(max_examples=args.requests, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @seed(args.seed)
    @given(st.data())
    def run(data):
        name = data.draw(st.sampled_from(names))
        strategy, check = TARGETS[name]
        value = data.draw(strategy)
        tried[name] += 1
        started = time.process_time()
        try:
            check(value)
        except Exception as error:
            failures.append((name, value, error))
        keep = candidates[name]
        keep.append((time.process_time() - started, tried[name], value))
        keep.sort(key=lambda item: item[0], reverse=True)
        del keep[KEEP:]

    started = time.perf_counter()
    run()
    wall = time.perf_counter() - started
    slowest = {name: max(((retime(TARGETS[name][1], value), value) for _, _, value in keep), key=lambda t: t[0])
               for name, keep in candidates.items() if keep}
    total = sum(tried.values())
    print(f"requests tried: {total:,} (seed {args.seed}, {wall:.0f} s)")
    for name in names:
        took = f"slowest {slowest[name][0] * 1000:7.1f} ms" if name in slowest else ""
        print(f"  {name:20} {tried[name]:8,}   {took}")
    print(f"exceptions: {len(failures)}")
    for name, value, error in failures[:5]:
        print(f"  {name}: {describe(value)}")
        print("    " + "".join(traceback.format_exception_only(type(error), error)).strip()[:500])
    name = max(slowest, key=lambda key: slowest[key][0])
    print(f"slowest call: {slowest[name][0] * 1000:.1f} ms, {name}: {describe(slowest[name][1], 400)}")
    shutil.rmtree(FOLDER, ignore_errors=True)
    return 1 if failures else 0


#: How many of each entry point's slowest inputs are timed again at the end.
KEEP = 5


def retime(check, value, repeat: int = 3) -> float:
    """The CPU time of ``check(value)``, best of ``repeat`` after a garbage collection.

    The first timing, during the run, also holds pauses that are not the
    call's own (a collection of the generator's garbage, another process on
    a shared machine): the slowest inputs are timed again to tell.
    """
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        started = time.process_time()
        with contextlib.suppress(Exception):
            check(value)
        best = min(best, time.process_time() - started)
    return best


if __name__ == "__main__":
    sys.exit(main())
