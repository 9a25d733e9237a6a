"""Rule every scenario under every rulebook it expects, and every published rulebook, and
print rulings per second.  Usage: python tools/bench_rulings.py [--repeat N]"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=5, help="passes over the scenarios")
    args = options.parse_args()
    kb = load_knowledge_base()
    books = published_rulebooks(kb)
    scenarios = [load_scenario(p) for p in sorted(Path(DATA, "scenarios").glob("*.yaml"))]
    start = time.perf_counter()
    count = 0
    for _ in range(args.repeat):
        for scenario in scenarios:
            for book in books:
                rule(kb, book, scenario)
                count += 1
    elapsed = time.perf_counter() - start
    print(f"{len(scenarios)} scenarios x {len(books)} rulebooks x {args.repeat} passes: "
          f"{count} rulings in {elapsed:.2f} s = {count / elapsed:.0f} rulings per second")


if __name__ == "__main__":
    main()
