"""Rule every scenario under every published rulebook and print rulings per second.

Usage: python tools/bench_rulings.py [--passes N] [--data DIR]

Each scenario is ruled the way the handbook and ``floorbook compare`` rule it, under all
rulebooks at once (:func:`kb.rules.engine.compare`: the hand replayed once up to its first
floor call); the knowledge base's loading and the scenarios' parsing are not counted, and a
warm-up pass runs first.  Rulings per second are given in CPU time (steady on a loaded
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
from kb.rules.engine import compare


def measure(data: Path = DATA, passes: int = 5) -> tuple[int, float, float]:
    """Rule every scenario of ``data`` under every published rulebook ``passes`` times:
    (rulings, CPU seconds, wall seconds)."""
    kb = load_knowledge_base(data)
    books = published_rulebooks(kb)
    scenarios = [load_scenario(p) for p in sorted(Path(data, "scenarios").glob("*.yaml"))]
    for scenario in scenarios:             # warm-up: imports, per-rulebook lookups
        compare(kb, scenario, books)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(passes):
        for scenario in scenarios:
            compare(kb, scenario, books)
    count = passes * len(scenarios) * len(books)
    return count, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--passes", "--repeat", type=int, default=5,
                         help="passes over the scenarios (default 5)")
    options.add_argument("--data", type=Path, default=DATA, help="the data folder")
    args = options.parse_args()
    count, cpu, wall = measure(args.data, args.passes)
    print(f"{count} rulings ({args.passes} passes): {count / cpu:,.0f} rulings per second "
          f"CPU time, {count / wall:,.0f} per second wall time")


if __name__ == "__main__":
    main()
