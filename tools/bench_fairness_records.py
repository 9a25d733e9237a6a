"""Time the fairness record of every bundled scenario under every published rulebook
(docs/benchmarks.md "Chances", "Fairness per record"), paired against the reference.

The reference is the room kb/fairness as it was at git revision --reference (default
2da7179, before the speed-up), read with `git show` into a temporary package
`fairness_ref` (its imports of kb.fairness.* pointed at it; everything outside the room
is shared). Each record is worked out by both, one after the other, in the same process
(a busy machine slows each alike), and timed in CPU seconds (time.process_time), which
other processes on the machine do not inflate as they do wall time. Both start with
empty memos. The records must agree: the seen cards, whether the deal stays random, and
every exact chance; estimates differ only by their draws (reported: the largest gap in
standard errors).

    python tools/bench_fairness_records.py [--reference REV] [--limit N]
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import astuple
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.fairness.analysis import fairness  # noqa: E402
from kb.handbook.data.rulings import build_table  # noqa: E402
from kb.knowledge.load import load_knowledge_base  # noqa: E402


def reference(revision: str, folder: str):
    """The fairness function of kb/fairness at ``revision``, as package ``fairness_ref``."""
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{revision}:kb/fairness"],
                           cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    package = Path(folder, "fairness_ref")
    package.mkdir()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(["git", "show", f"{revision}:kb/fairness/{name}"], cwd=ROOT,
                                  check=True, capture_output=True, text=True).stdout
            (package / name).write_text(text.replace("kb.fairness.", "fairness_ref."))
    sys.path.insert(0, folder)
    return importlib.import_module("fairness_ref.analysis").fairness


def gap(old, new) -> float:
    """How far apart two records' chances are: 0 where exact (they must be equal), else
    the largest difference of a seat's share in standard errors."""
    worst = 0.0
    for a, b in zip(old.chances_after, new.chances_after, strict=True):
        if a.exact or b.exact:
            assert (a.seat, a.win, a.split, a.exact) == (b.seat, b.win, b.split, b.exact), (a, b)
        else:
            worst = max(worst, abs(a.win - b.win) / max(math.hypot(a.error, b.error), 1e-12))
    return worst


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default="2da7179")
    parser.add_argument("--limit", type=int, default=0, help="only the first N scenarios")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        old_fairness = reference(options.reference, folder)
        kb = load_knowledge_base()
        table = build_table(kb, None)
        scenarios = list(table.scenarios.values())[:options.limit or None]
        spent = {"reference": 0.0, "now": 0.0}
        slowest = {"reference": 0.0, "now": 0.0}
        records = estimated = 0
        worst = 0.0
        start = time.time()
        for scenario in scenarios:
            for book in table.rulebooks:
                found = {}
                for label, function in (("reference", old_fairness), ("now", fairness)):
                    began = time.process_time()
                    found[label] = function(kb, book, scenario)
                    took = time.process_time() - began
                    spent[label] += took
                    slowest[label] = max(slowest[label], took)
                old, new = found["reference"], found["now"]
                # two packages: the records are compared field by field, not by class
                assert ([astuple(s) for s in old.seen], old.keeps_random, old.order_reason) \
                    == ([astuple(s) for s in new.seen], new.keeps_random, new.order_reason), \
                    (scenario.id, book.id)
                worst = max(worst, gap(old, new))
                estimated += any(not c.exact for c in new.chances_after)
                records += 1
    print(f"{records} records ({len(scenarios)} scenarios x {len(table.rulebooks)} rulebooks), "
          f"{estimated} with estimated chances; load average {os.getloadavg()[0]:.1f}, "
          f"wall {time.time() - start:.0f} s")
    for label in spent:
        print(f"  {label:9} {spent[label]:7.1f} s CPU, slowest record {slowest[label]:.2f} s")
    print(f"  speed-up x{spent['reference'] / spent['now']:.1f}; exact chances equal; "
          f"estimates at most {worst:.1f} standard errors apart")


if __name__ == "__main__":
    main()
