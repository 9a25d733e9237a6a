"""Time the hand evaluators on the same enumeration (docs/benchmarks.md "Chances").

Two hold'em hands all in, As Ah against Ks Kh: on the flop 2c 7d 9h (990 turn-rivers) and
before the flop (1,712,304 boards). Each evaluator counts the boards each hand wins and the
ties over the same boards, in rounds that alternate the evaluators (paired: a busy
machine slows each alike), against the plain reference, the enumeration with no evaluation
at all; the counts must agree. Then floorbook's own `odds` (kb.fairness.chances), end to
end. pokerkit is pure Python: before the flop it is timed on the first --sample boards and
scaled (the whole enumeration would take minutes).

    python tools/bench_chances.py [--rounds 3] [--sample 20000] [--no-preflop]

phevaluator is not a dependency: `pip install phevaluator` to time it (skipped otherwise).
The cost of whole fairness records, against the code before the speed-up, is
tools/bench_fairness_records.py's.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations, islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import eval7
from pokerkit import StandardHighHand

from kb.fairness.chances import odds
from kb.hand.cards import standard_deck

ACES, KINGS, FLOP = ("As", "Ah"), ("Ks", "Kh"), ("2c", "7d", "9h")


def plain(boards):
    return sum(1 for _ in boards), 0, 0


def with_eval7(boards):
    card = {text: eval7.Card(text) for text in standard_deck()}
    aces, kings = [card[c] for c in ACES], [card[c] for c in KINGS]
    won = lost = tied = 0
    for board in boards:
        shown = [card[c] for c in board]
        a, k = eval7.evaluate(aces + shown), eval7.evaluate(kings + shown)
        won, lost, tied = won + (a > k), lost + (a < k), tied + (a == k)
    return won, lost, tied


def with_phevaluator(boards):
    from phevaluator import evaluate_cards  # lower is stronger
    won = lost = tied = 0
    for board in boards:
        a, k = evaluate_cards(*ACES, *board), evaluate_cards(*KINGS, *board)
        won, lost, tied = won + (a < k), lost + (a > k), tied + (a == k)
    return won, lost, tied


def with_pokerkit(boards):
    aces, kings = "".join(ACES), "".join(KINGS)
    won = lost = tied = 0
    for board in boards:
        shown = "".join(board)
        a = StandardHighHand.from_game(aces, shown)
        k = StandardHighHand.from_game(kings, shown)
        won, lost, tied = won + (a > k), lost + (a < k), tied + (a == k)
    return won, lost, tied


def evaluators():
    found = {"plain (no evaluation)": plain, "eval7": with_eval7, "pokerkit": with_pokerkit}
    try:
        import phevaluator  # noqa: F401
        found["phevaluator"] = with_phevaluator
    except ImportError:
        print("phevaluator not installed: skipped")
    return found


def boards_of(board):
    unseen = [c for c in standard_deck() if c not in (*ACES, *KINGS, *board)]
    return [board + more for more in combinations(unseen, 5 - len(board))]


def timed(function, boards):
    start = time.process_time()
    counts = function(boards)
    return time.process_time() - start, counts


def run(name, board, rounds, sample):
    boards = boards_of(board)
    print(f"\n{name}: {len(boards):,} boards")
    for round_ in range(1, rounds + 1):
        for label, function in evaluators().items():
            part = boards if label != "pokerkit" or len(boards) <= sample else \
                list(islice(boards, sample))
            seconds, counts = timed(function, part)
            scale = len(boards) / len(part)
            note = f" (first {len(part):,}, scaled x{scale:.1f})" if scale > 1 else ""
            print(f"  round {round_} {label:22} {seconds * scale * 1000:10.1f} ms CPU{note}  "
                  f"aces/kings/ties {counts}")
    start = time.process_time()
    found = odds("holdem", {1: ACES, 2: KINGS}, board, limit=2_000_000)
    print(f"  kb.fairness.chances.odds {(time.process_time() - start) * 1000:10.1f} ms CPU  "
          f"{[(str(o.share), o.outcomes) for o in found]}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=20_000,
                        help="boards pokerkit is timed on before the flop, then scaled")
    parser.add_argument("--no-preflop", action="store_true")
    options = parser.parse_args(argv)
    run("flop 2c 7d 9h", FLOP, options.rounds, options.sample)
    if not options.no_preflop:
        run("before the flop", (), options.rounds, options.sample)


if __name__ == "__main__":
    main()
