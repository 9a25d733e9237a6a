"""Rule every scenario under every published rulebook and print rulings per second.

Usage: python tools/bench_rulings.py [--passes N] [--data DIR] [--one-book]

Each scenario is ruled the way the handbook and ``floorbook compare`` rule it, under all
rulebooks at once (:func:`kb.rules.engine.compare`: the hand replayed once up to its first
floor call), or with ``--one-book`` under each rulebook on its own, as ``floorbook rule``
does (:func:`kb.rules.engine.rule`: the hand replayed for each book); the knowledge base's
loading and the scenarios' parsing are not counted, and a warm-up pass runs first.  Rulings per second are given in CPU time (steady on a loaded
machine) and in wall time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import compare, rule


def measure(data: Path = DATA, passes: int = 5, one_book: bool = False
            ) -> tuple[int, float, float]:
    """Rule every scenario of ``data`` under every published rulebook ``passes`` times,
    all books at once or (``one_book``) one at a time: (rulings, CPU seconds, wall
    seconds)."""
    kb = load_knowledge_base(data)
    books = published_rulebooks(kb)
    scenarios = [load_scenario(p) for p in sorted(Path(data, "scenarios").glob("*.yaml"))]

    def one_pass() -> None:
        for scenario in scenarios:
            if one_book:
                for book in books:
                    rule(kb, book, scenario)
            else:
                compare(kb, scenario, books)

    one_pass()                              # warm-up: imports, per-rulebook lookups
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(passes):
        one_pass()
    count = passes * len(scenarios) * len(books)
    return count, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--passes", "--repeat", type=int, default=5,
                         help="passes over the scenarios (default 5)")
    options.add_argument("--data", type=Path, default=DATA, help="the data folder")
    options.add_argument("--one-book", action="store_true",
                         help="rule under each rulebook on its own (floorbook rule)")
    args = options.parse_args()
    count, cpu, wall = measure(args.data, args.passes, args.one_book)
    how = "one book at a time" if args.one_book else "all books at once"
    print(f"{count} rulings ({args.passes} passes, {how}): {count / cpu:,.0f} rulings per second "
          f"CPU time, {count / wall:,.0f} per second wall time")


if __name__ == "__main__":
    main()
