"""pytest plugin: each scenario file's expectations as test items, only where a project asks.

A project asks in one of two ways:

- the ini key ``floorbook_scenarios`` (folders or files, relative to the ini file):
  the ``*.yaml`` and ``*.yml`` files under them are scenarios, and no others;
- ``-p kb.pytest_plugin`` (as OpenFisca's runner is passed): without the ini key,
  every YAML file pytest is pointed at is a scenario (``pytest -p kb.pytest_plugin
  my/scenarios``).

Otherwise the plugin does nothing: no item, no marker.  The ``pytest11`` entry point
stays, so that the ini key alone is enough in any environment where floorbook is
installed (one line of configuration, as pytest-benchmark's options are), and it is named
``kb.pytest_plugin`` like the module, so that ``-p kb.pytest_plugin`` and the entry point
are one plugin, not two (pytest refuses a module registered under two names).
``-p no:kb.pytest_plugin`` turns it off.

One item per scenario and rulebook: ``four-card-flop.yaml::four-card-flop[tda@2024]``,
so ``-k tda`` and ``--deselect`` pick rulebooks.  Each item is marked with the scenario's
game (``holdem``) and the topic its ruling answers (``four-card-flop``); the markers are
registered, so ``--strict-markers`` passes; an entry the engine wrote and nobody has read
yet (``read: engine``) is marked ``unread``, and the run's summary counts them.  ``--floorbook-data=DIR`` (or the ini key
``floorbook_data``) checks the scenarios against another knowledge base (a data
folder).  A house rulebook path in ``expect`` is read relative to the scenario file.  A
failure names the file, the scenario and, per field, what was expected against what the
rulebook ruled.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.house.expectations import Expectations, Outcome, entry_problems

#: Where this run's :class:`Expectations` is kept (one per pytest run, not per process,
#: so that pytester's in-process runs do not share a knowledge base).
_EXPECTATIONS = pytest.StashKey[Expectations]()
#: Whether the project asked for scenario items (see the module).
_ASKED = pytest.StashKey[bool]()
#: The markers this plugin registered in this run.
_MARKERS = pytest.StashKey[set]()
_PLUGIN_NAME = "kb.pytest_plugin"
#: What a topic's marker means (``pytest --markers``).
_TOPIC = "floorbook scenarios ruled on the topic {}"
#: What the ``unread`` marker means, and the ids of the items it marks in this run.
_UNREAD = ("floorbook expectations the engine wrote (read: engine), not yet read against "
           "the book's text")
_UNREAD_ITEMS = pytest.StashKey[list]()


def pytest_addoption(parser) -> None:
    parser.addini("floorbook_scenarios", type="paths", default=[],
                  help="floorbook: folders (or files) whose YAML files are scenario files "
                       "to test")
    parser.addini("floorbook_data", type="paths", default=[],
                  help="floorbook: the data folder of the knowledge base the scenarios are "
                       "checked against (default: the one floorbook bundles)")
    parser.addini("floorbook_require_citations", type="bool", default=False,
                  help="floorbook: an expected 'remedy: continue' must name its citations "
                       "(or say why not in citations_unchecked)")
    parser.addini("floorbook_require_read", type="bool", default=False,
                  help="floorbook: every expect entry says who read it (read: text with "
                       "why, or read: engine)")
    group = parser.getgroup("floorbook", "floorbook scenario files")
    # write --floorbook-data=DIR: pytest finds the project's ini file before it knows this
    # option, so a separate DIR would be taken for a test path there
    group.addoption("--floorbook-data", metavar="DIR", default=None, type=Path,
                    help="check the scenarios against the knowledge base in this data "
                         "folder (overrides the ini key floorbook_data; default: the one "
                         "floorbook bundles)")


def pytest_configure(config) -> None:
    asked = bool(config.getini("floorbook_scenarios")) or _named_on_command_line(config)
    config.stash[_ASKED] = asked
    if not asked:
        return
    data = config.getoption("floorbook_data") or next(iter(config.getini("floorbook_data")),
                                                       None)
    expectations = config.stash[_EXPECTATIONS] = Expectations(data)
    from kb.knowledge.vocabulary import GAMES
    for game in sorted(GAMES):
        _register_marker(config, game, f"floorbook scenarios of the game {game}")
    _register_marker(config, "unread", _UNREAD)       # listed by `pytest --markers` too
    if getattr(config.option, "markers", False):      # `pytest --markers` lists them all
        from kb.knowledge.load import LoadError
        try:
            topics = [topic.id for topic in expectations.kb.topics]
        except LoadError:                             # the items will say why
            topics = []
        for topic in topics:
            _register_marker(config, topic, _TOPIC.format(topic))
    # otherwise each topic is registered as an item is marked with it (ScenarioItem.mark),
    # so that a run that collects no scenario does not load the knowledge base


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Say how many collected expectations the engine wrote and nobody has read yet
    (``read: engine``, :mod:`kb.house.expect_write`): they pass as the engine rules,
    which is what they are to be read against."""
    unread = config.stash.get(_UNREAD_ITEMS, [])
    if unread:
        terminalreporter.write_line(
            f"floorbook: {len(unread)} expectation(s) written by the engine, not yet read "
            "against the book's text (read: engine; pytest -m unread selects them)",
            yellow=True)


def _named_on_command_line(config) -> bool:
    """Whether ``-p kb.pytest_plugin`` was given (on the command line, in addopts or in
    PYTEST_ADDOPTS), or the plugin was loaded some way other than its entry point."""
    if _PLUGIN_NAME in (getattr(config.known_args_namespace, "plugins", None) or ()):
        return True
    module = config.pluginmanager.get_plugin(_PLUGIN_NAME)
    return not any(plugin is module for plugin, _ in
                   config.pluginmanager.list_plugin_distinfo())


def _register_marker(config, name: str, meaning: str) -> bool:
    """Register marker ``name`` unless pytest or another plugin already has it (a topic
    called ``skip`` must not skip its items); whether ``name`` is ours."""
    known = {line.split(":")[0].split("(")[0].strip() for line in config.getini("markers")}
    ours = config.stash.setdefault(_MARKERS, set())
    if name in ours:
        return True
    if name in known or not name:
        return False
    config.addinivalue_line("markers", f"{name}: {meaning}")
    ours.add(name)
    return True


def pytest_collect_file(file_path: Path, parent):
    """A scenario file where the project asked for them (see the module)."""
    config = parent.config
    if not config.stash.get(_ASKED, False) or file_path.suffix not in (".yaml", ".yml"):
        return None
    folders = config.getini("floorbook_scenarios")
    if folders and not _inside(file_path, folders):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


def _inside(path: Path, folders) -> bool:
    """Whether ``path`` is one of ``folders`` or in one of them.

    >>> _inside(Path("/p/kb/data/scenarios/a.yaml"), [Path("/p/kb/data/scenarios")])
    True
    >>> _inside(Path("/p/tests/data/bad/a.yaml"), [Path("/p/tests/scenarios")])
    False
    """
    # the folder's links resolved, not the file's own: a scenario that is a link to a file
    # elsewhere is one of the folder's scenarios (check and the build read it too)
    path = path.absolute().parent.resolve() / path.name
    return any(path == folder.resolve() or path.is_relative_to(folder.resolve())
               for folder in folders)


class ScenarioFile(pytest.File):
    """One scenario file: an item per rulebook of its ``expect``."""

    def collect(self):
        from kb.hand.scenario import ScenarioError
        from kb.hand.scenario_file import load_scenario
        try:
            scenario = load_scenario(self.path)
        except ScenarioError as error:
            yield ScenarioItem.from_parent(self, name=self.path.stem, scenario=None,
                                           book=None, problems=[str(error)])
            return
        cited = self.config.getini("floorbook_require_citations")
        read = self.config.getini("floorbook_require_read")
        for book, problems in entry_problems(scenario, cited, read).items():
            item = ScenarioItem.from_parent(self, name=f"{scenario.id}[{book}]",
                                            scenario=scenario, book=book,
                                            problems=[str(p) for p in problems])
            item.mark(scenario.game, f"floorbook scenarios of the game {scenario.game}")
            if scenario.expect.get(book, {}).get("read") == "engine":
                item.mark("unread", _UNREAD)
                self.config.stash.setdefault(_UNREAD_ITEMS, []).append(item.nodeid)
            for topic in item.topics():
                item.mark(topic, _TOPIC.format(topic))
            yield item


class ScenarioMismatch(Exception):
    """The ruling differs from the scenario's expectation; args[0] is the report."""


class ScenarioItem(pytest.Item):
    """One scenario's expectation under one rulebook (``book``); ``problems``: what is
    wrong with the entry or the file, found before ruling (then nothing is ruled)."""

    def __init__(self, *, scenario, book, problems, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scenario, self.book, self.problems = scenario, book, problems
        self._ruled: Outcome | None = None

    def _outcome(self):
        """The rulebook's outcome, ruled once (the markers need it at collection); None
        when the entry has problems (nothing to rule)."""
        if self.problems or self.book not in self.scenario.expect:
            return None
        if self._ruled is None:
            self._ruled = self.config.stash[_EXPECTATIONS].outcome(self.scenario, self.book)
        return self._ruled

    def topics(self) -> list[str]:
        """The topics the ruling answers (at every floor call), for the markers; none when
        it could not be ruled (the item then fails when run)."""
        from kb.knowledge.load import LoadError
        try:
            outcome = self._outcome()
        except LoadError:
            return []
        if outcome is None or outcome.ruling is None:
            return []
        return list(dict.fromkeys(c.topic for c in outcome.ruling.every_call if c.topic))

    def mark(self, name: str, meaning: str) -> None:
        if _register_marker(self.config, name, meaning):
            self.add_marker(name)

    def runtest(self) -> None:
        from kb.knowledge.load import LoadError
        if self.scenario is None:
            raise ScenarioMismatch("\n".join(self.problems))
        try:
            outcome = self._outcome()
        except LoadError as error:
            raise ScenarioMismatch("the knowledge base does not load:\n" + "\n".join(
                str(problem) for problem in error.problems)) from None
        problems = self.problems if outcome is None else outcome.problems
        if problems:
            raise ScenarioMismatch(f"{self.path}: scenario {self.scenario.id!r}\n"
                                   + "\n".join(problems))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioMismatch):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        if self.scenario is None:
            return self.path, 0, f"scenario file {self.name}"
        line = self.scenario.expect_lines.get(self.book, self.scenario.line)
        return self.path, line - 1, f"scenario {self.scenario.id} under {self.book}"


_BUNDLED: list[Expectations] = []


def check_scenario(scenario, cited: bool = False) -> list[str]:
    """Every expectation of ``scenario`` against the bundled knowledge base, as report
    lines (empty when all hold); see :meth:`Expectations.check_scenario`."""
    if not _BUNDLED:
        _BUNDLED.append(Expectations())
    return _BUNDLED[0].check_scenario(scenario, cited)
