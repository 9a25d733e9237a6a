"""The ruling commands: ``rule`` (one rulebook) and ``compare`` (every published one)."""

from __future__ import annotations

import sys
from pathlib import Path

from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress, scenario_and_kb


def add_parsers(commands) -> None:
    """Add ``rule`` and ``compare`` to the subcommands ``commands``."""
    from kb.knowledge.books import earlier_ids, published_ids, regulator_ids

    rule = commands.add_parser(
        "rule", help="rule a scenario file under one rulebook",
        description="Replay the hand of a scenario file and print what one rulebook rules: "
                    "the remedy, the rules cited, the dealer's steps, the cards after the "
                    "remedy and an explanation.")
    rule.add_argument("scenario", type=_path, metavar="SCENARIO", help="a scenario YAML file")
    rule.add_argument("--rulebook", required=True, metavar="RULEBOOK",
                      help=f"an edition id ({', '.join(published_ids())}), a regulator's "
                           f"edition ({', '.join(regulator_ids())}), an earlier edition "
                           f"({', '.join(earlier_ids())}), a house rulebook id, or the path "
                           "of a house rulebook file")
    rule.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    rule.add_argument("--json", action="store_true", help="print the ruling as JSON")
    _data_option(rule)
    rule.set_defaults(run=run_rule)

    compare = commands.add_parser(
        "compare", help="rule a scenario under every published rulebook, side by side",
        description="Replay the hand of a scenario file and print the ruling of every "
                    "published rulebook, one after the other, then, under \"Earlier "
                    "editions\", each earlier edition held in full, and under "
                    "\"Regulators\", each regulator edition's ruling alone.  The JSON list "
                    "holds the published rulebooks' rulings, then the earlier editions'.")
    compare.add_argument("scenario", type=_path, metavar="SCENARIO", help="a scenario YAML file")
    compare.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    compare.add_argument("--json", action="store_true", help="print the rulings as a JSON list")
    _data_option(compare)
    compare.set_defaults(run=run_compare)


def _data_option(parser) -> None:
    parser.add_argument("--data", type=_path, default=None, metavar="DIR",
                        help="rule with the knowledge base in DIR (its books and its "
                             "rulebooks folder) instead of the bundled one")


def house_folder(data: Path | None) -> Path:
    """Where the house rulebooks are: the data folder's ``rulebooks``, or the bundled ones."""
    from kb.house.compose import RULEBOOKS
    return RULEBOOKS if data is None else data / "rulebooks"


def resolved(command: str, kb, ident: str, data: Path | None):
    """The rulebook ``ident`` names (an edition id, a house id of the data folder ``data``
    or the bundled one, or a house file's path), or the exit status ``command`` ends with:
    1 after printing a bad house file's problems, 2 after naming an unknown id."""
    book, problems, usage = _resolve(kb, ident, data)
    if usage:
        print(f"floorbook {command}: {usage}", file=sys.stderr)
        return 2
    return _fail(problems) if problems else book


def _resolve(kb, ident: str, data: Path | None) -> tuple:
    """(the rulebook ``ident`` names or None, a bad house file's problem lines, the usage
    error of an unknown id or "")."""
    from kb.house.compose import HouseFileError, resolve_rulebook
    from kb.rules.rulebook import RulebookError
    try:
        return resolve_rulebook(kb, ident, house_folder(data)), [], ""
    except HouseFileError as error:          # the house file is bad input: file:line lines
        return None, str(error).splitlines(), ""
    except RulebookError as error:           # an unknown rulebook id is a usage error
        return None, [], str(error)


def scenario_and_book(command: str, path: Path, ident: str, data: Path | None):
    """(the scenario file ``path``, the knowledge base ``data`` or the bundled one, the
    rulebook ``ident``), or the exit status ``command`` ends with.  An unknown rulebook id
    is named first (exit 2), whatever is wrong with the scenario file: a user meets the
    usage error before the file's problems, not after mending them; then every problem of
    the scenario file and of a house file together (exit 1).  A bad data folder's problems
    come with the scenario's (the ids are the data folder's, so it is read first)."""
    from kb.hand.scenario import ScenarioError
    from kb.hand.scenario_file import load_scenario
    from kb.knowledge.load import LoadError, load_knowledge_base
    try:
        scenario, problems = load_scenario(path), []
    except ScenarioError as error:
        scenario, problems = None, [str(error)]
    progress("reading the knowledge base ...")
    try:
        kb = load_knowledge_base(data)
    except LoadError as error:
        return _fail([*problems, *(str(p) for p in error.problems)])
    book, house, usage = _resolve(kb, ident, data)
    if usage:
        print(f"floorbook {command}: {usage}", file=sys.stderr)
        return 2
    if problems or house:
        return _fail([*problems, *house])
    return scenario, kb, book


def scenario_and_published(path: Path, data: Path | None):
    """(the scenario file ``path``, the knowledge base ``data`` or the bundled one, its
    published rulebooks with the data folder's house books), or exit status 1 after every
    problem of the file, the folder or a house file (``compare`` and ``fairness``)."""
    from kb.house.compose import HouseFileError, published_rulebooks
    loaded = scenario_and_kb(path, data)
    if isinstance(loaded, int):
        return loaded
    scenario, kb = loaded
    try:
        return scenario, kb, published_rulebooks(kb, house_folder(data))
    except HouseFileError as error:          # a house file of the data folder: file:line
        return _fail(str(error).splitlines())


def run_rule(args) -> int:
    """Rule ``args.scenario`` under ``args.rulebook``; invalid scenario: exit 1, unknown
    rulebook: exit 2."""
    from kb.rules.engine import rule

    loaded = scenario_and_book("rule", args.scenario, args.rulebook, args.data)
    if isinstance(loaded, int):
        return loaded
    scenario, kb, book = loaded
    return _print_rulings(kb, [_ruled(rule, kb, book, scenario, args.seed)], args.json,
                          many=False, seed=args.seed)


def run_compare(args) -> int:
    """Rule ``args.scenario`` under every published rulebook."""
    from kb.rules.books import earlier_editions, regulator_editions
    from kb.rules.engine import rule

    loaded = scenario_and_published(args.scenario, args.data)
    if isinstance(loaded, int):
        return loaded
    scenario, kb, books = loaded
    rulings = [_ruled(rule, kb, book, scenario, args.seed) for book in books]
    # the earlier editions (no matrix column) follow, in the text under a heading of their
    # own and at the end of the JSON list, so the published books' entries keep their
    # places; one that cannot rule the hand is left out, as a regulator is
    earlier = [r for book in earlier_editions(kb)
               if not isinstance(r := _ruled(rule, kb, book, scenario, args.seed), Exception)]
    # the JSON list stays one ruling per published rulebook, in column order (its readers
    # pair them with the rulebooks), then the earlier editions';
    # `rule --rulebook <regulator> --json` rules one alone.
    # A regulator rules alone where its code speaks; a hand whose later events need the
    # remedy a book gave (a misdeal, then a new deal) cannot go on from its floor
    # decision: that regulator's ruling is left out, not the whole comparison
    ruled = [] if args.json else [_ruled(rule, kb, book, scenario, args.seed)
                                  for book in regulator_editions(kb)]
    regulators = [r for r in ruled if not isinstance(r, Exception)]
    return _print_rulings(kb, rulings + earlier + regulators, args.json, many=True,
                          seed=args.seed, regulators=len(regulators), title=scenario.title,
                          earlier=len(earlier))


def _ruled(rule, kb, book, scenario, seed):
    from kb.hand.scenario import ScenarioError
    try:
        return rule(kb, book, scenario, seed)
    except ScenarioError as error:
        return error


def _print_rulings(kb, rulings, as_json: bool, many: bool, seed: int = 0,
                   regulators: int = 0, title: str | None = None, earlier: int = 0) -> int:
    errors = [r for r in rulings if isinstance(r, Exception)]
    if errors:
        return _fail([str(errors[0])])
    print(shown(kb, rulings, as_json, many, seed, regulators, title, earlier))
    return 0


def shown(kb, rulings: list, as_json: bool, many: bool, seed: int = 0,
          regulators: int = 0, title: str | None = None, earlier: int = 0) -> str:
    """What ``rule`` (``many`` false: one ruling) and ``compare`` print for ``rulings``
    (:class:`~kb.rules.ruling.Ruling` records of ``kb``'s rulebooks): their JSON, each
    ruling and call with its ``answer`` (:func:`kb.rules.answer.ruling_json`), or their
    text, each ruling led by its answer (:func:`kb.rules.ruling_text.format_ruling`).
    ``compare``'s text starts with one line per book (:func:`kb.rules.ruling_text.summary`)
    under the scenario's ``title`` (else its id).  The last ``regulators`` rulings are the
    regulator editions', and the ``earlier`` before them the earlier editions'; the text
    shows each group under a heading of its own (the summary line names neither).  The property
    tests and tools/fuzz_hands.py print random hands' rulings through it.  Raises nothing
    for a ruling the engine made.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.ruling import Ruling, TableView
    >>> ruling = Ruling("x", "tda@2024", "continue", (), (), False,
    ...                 TableView({}, (), (), (), (), ()), "Deal on.")
    >>> print(shown(load_knowledge_base(), [ruling], as_json=False, many=False))
    x under tda@2024: No irregularity: play on
      remedy: continue
      cites:  none (no irregularity to rule on)
              board: -   burns: -   muck: -   stub: -
      Deal on.
    """
    import json

    from kb.rules.answer import ruling_json
    from kb.rules.ruling_text import format_ruling, summary

    if as_json:
        data = [ruling_json(r) for r in rulings] if many else ruling_json(rulings[0])
        return json.dumps(data, indent=2, ensure_ascii=False)
    books = rulings[:len(rulings) - regulators - earlier]
    text = "\n\n".join(format_ruling(r, seed, kb) for r in books)
    if many and books:
        text = summary(books, title or books[0].scenario, kb) + "\n\n" + text
    if earlier:
        text += "\n\n" + EARLIER_HEADING + "\n\n" + "\n\n".join(
            format_ruling(r, seed, kb) for r in rulings[len(books):len(books) + earlier])
    if regulators:
        text += "\n\n" + _REGULATORS + "\n\n" + "\n\n".join(
            format_ruling(r, seed, kb) for r in rulings[len(books) + earlier:])
    return text


#: The heading of the earlier editions in ``compare``'s text, in a floor person's words
#: (the JSON has no heading: the earlier editions end its list).
EARLIER_HEADING = ("Earlier editions of these books (for comparison; the handbook's tables "
                   "show the current editions):")
_REGULATORS = ("Regulators (each regulator edition alone; a house rulebook stacks one above "
               "its own rules):")
