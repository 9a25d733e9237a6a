"""``floorbook fairness``: is a remedy fair (docs/fairness.md)."""

from __future__ import annotations

from kb.cli.common import fail
from kb.cli.common import path_argument as _path


def add_parsers(commands) -> None:
    """Add ``fairness`` to the subcommands ``commands``."""
    fairness = commands.add_parser(
        "fairness", help="what each seat knows, and whether the deal stays random, after "
                         "each rulebook's remedy",
        description="Replay the hand of a scenario file, rule it under one rulebook (or "
                    "every published one) and print, answer first, which cards each seat "
                    "saw that are not its own, the exact chance each reaches the board or "
                    "another hand after the remedy against the chance had nobody seen it, "
                    "whether every unseen card stays equally likely in every place, and "
                    "each seat's chances after the remedy, had the hand been dealt without "
                    "the irregularity, and on a redeal (or why they are not computed).")
    fairness.add_argument("scenario", type=_path, metavar="SCENARIO", help="a scenario YAML file")
    fairness.add_argument("--rulebook", default=None, metavar="RULEBOOK",
                          help="one rulebook (an edition id, a house rulebook id or file); "
                               "default: every published rulebook")
    fairness.add_argument("--json", action="store_true",
                          help="print the records as JSON (floorbook schema fairness)")
    fairness.add_argument("--data", type=_path, default=None, metavar="DIR",
                          help="the knowledge base in DIR instead of the bundled one")
    fairness.set_defaults(run=run_fairness)


def run_fairness(args) -> int:
    """Print the fairness of ``args.scenario`` under ``args.rulebook`` (else every
    published rulebook).  Bad scenario or data folder: every problem, exit 1; unknown
    rulebook: exit 2."""
    import json

    from kb.cli.rulings import scenario_and_book, scenario_and_published
    from kb.fairness.analysis import fairness
    from kb.fairness.report import FORMAT_VERSION
    from kb.fairness.text import format_fairness
    from kb.hand.scenario import ScenarioError

    if args.rulebook:               # an unknown rulebook id first, as `rule` names it
        named = scenario_and_book("fairness", args.scenario, args.rulebook, args.data)
        if isinstance(named, int):
            return named
        scenario, kb, book = named
        books = [book]
    else:
        loaded = scenario_and_published(args.scenario, args.data)
        if isinstance(loaded, int):
            return loaded
        scenario, kb, books = loaded
    try:
        records = [fairness(kb, book, scenario) for book in books]
    except ScenarioError as error:
        return fail(str(error).splitlines())
    if args.json:
        print(json.dumps({"format_version": FORMAT_VERSION, "scenario": scenario.id,
                          "fairness": [r.to_json() for r in records]},
                         indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(format_fairness(r) for r in records))
    return 0
