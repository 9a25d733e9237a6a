"""Rule random valid hands across all eleven games under every published rulebook and count
what went wrong.  Usage: python tools/fuzz_hands.py [--hands N] [--seed S] [--show K]

Each hand is drawn by tests/strategies.py from ``random.Random("SEED:INDEX")`` (so a hand
can be found again by its index), irregularities piled on a quarter of them
(tests/strategies_rough.py), and ruled with ``--seed``-independent ruling seed INDEX; its
rulings are printed as ``floorbook compare`` prints them, as text and with ``--json``
(:func:`kb.cli.rulings.shown`, the commands' own output code), and each call's JSON
``citations`` must be its ``provisions``' numbers, one for one.
Prints the counts: hands, rulings, crashes (in the engine or in printing), rulings that
lost or duplicated cards, same-seed differences (in this process, and for a sample ruled in
two processes with different PYTHONHASHSEEDs), scenario errors (hands the replay refuses,
with a located message), and the first ``--show`` failures with the file that reproduces
each.
Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from strategies import RandomChoices, hand_scenario, hand_text, random_hand
from strategies_check import examine, rulings_json

from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base


def hand(seed: int, index: int) -> dict:
    """Hand number ``index`` of run ``seed``."""
    return random_hand(RandomChoices(random.Random(f"{seed}:{index}")))


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=100_000, help="how many hands")
    options.add_argument("--seed", type=int, default=0, help="which hands")
    options.add_argument("--show", type=int, default=5, help="failures to print in full")
    options.add_argument("--sample", type=int, default=500,
                         help="hands ruled in two processes with different PYTHONHASHSEEDs")
    options.add_argument("--processes-only", action="store_true",
                         help="only rule the sample in two processes and compare")
    options.add_argument("--child", help=argparse.SUPPRESS)
    args = options.parse_args()
    if args.child:
        kb = load_knowledge_base()
        print(json.dumps(rulings_json(kb, published_rulebooks(kb), args.seed,
                                      json.loads(args.child))))
        return 0
    if args.processes_only:
        differences = _across_processes(args)
        print(f"differences across processes ({min(args.sample, args.hands)} hands, "
              f"PYTHONHASHSEED 1 and 4242): {differences}")
        return 1 if differences else 0
    return run(args)


def run(args) -> int:
    kb = load_knowledge_base()
    books = published_rulebooks(kb)
    counts: Counter = Counter()
    failures: list[str] = []
    games: Counter = Counter()
    start = time.perf_counter()
    for index in range(args.hands):
        data = hand(args.seed, index)
        games[data["game"]] += 1
        outcome = examine(kb, books, hand_scenario(data), index)
        counts["hands"] += 1
        counts["rulings"] += len(outcome.rulings)
        counts["scenario errors"] += outcome.error is not None
        counts["guarded"] += outcome.guarded
        for key in ("crashes", "conservation", "differences"):
            problems = getattr(outcome, key)
            counts[key] += len(problems)
            if problems and len(failures) < args.show:
                failures.append(f"hand {index}: {problems[0]}\n{hand_text(data)}")
    elapsed = time.perf_counter() - start
    counts["process differences"] = _across_processes(args)
    _report(args, counts, games, elapsed, failures)
    bad = counts["crashes"] + counts["conservation"] + counts["differences"] \
        + counts["process differences"]
    return 1 if bad else 0


def _across_processes(args) -> int:
    """Rule a sample of the hands in two fresh processes, each with its own PYTHONHASHSEED,
    started together (so both run the same code even while the checkout changes); the
    number of hands whose rulings differ."""
    step = max(1, args.hands // max(1, args.sample))
    indices = list(range(0, args.hands, step))[:args.sample]
    if not indices:
        return 0
    command = [sys.executable, __file__, "--seed", str(args.seed), "--child",
               json.dumps(indices)]
    children = [subprocess.Popen(command, env=dict(os.environ, PYTHONHASHSEED=str(hash_seed)),
                                 stdout=subprocess.PIPE, text=True)
                for hash_seed in (1, 4242)]
    outputs = [json.loads(child.communicate()[0]) for child in children]
    if any(child.returncode for child in children):
        raise SystemExit("fuzz_hands: a child process failed")
    return sum(a != b for a, b in zip(*outputs, strict=True))


def _report(args, counts: Counter, games: Counter, elapsed: float, failures) -> None:
    print(f"python tools/fuzz_hands.py --hands {args.hands} --seed {args.seed}")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, {platform.system()}")
    print(f"time: {elapsed:.0f} s ({counts['hands'] / elapsed:.0f} hands per second)")
    print("games: " + ", ".join(f"{game} {n}" for game, n in sorted(games.items())))
    for key, label in (("hands", "hands"), ("rulings", "rulings"),
                       ("scenario errors", "scenario errors (hands refused, located)"),
                       ("guarded", "floor calls the engine's guard left to the floor "
                        "(an earlier remedy moved the cards)"),
                       ("crashes", "crashes (ruling, or printing the rulings as text and "
                        "JSON, citations out of step with provisions)"),
                       ("conservation", "rulings with cards lost or duplicated"),
                       ("differences", "same-seed differences"),
                       ("process differences",
                        (f"differences across processes ({min(args.sample, args.hands)} "
                         "hands, PYTHONHASHSEED 1 and 4242)"))):
        print(f"{label}: {counts[key]}")
    for failure in failures:
        print("\n" + failure)


if __name__ == "__main__":
    sys.exit(main())
