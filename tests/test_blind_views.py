"""The views :data:`kb.handbook.domain.uses.BLIND` names read no provision's summary: each one a
build of the bundled handbook recorded is the same with every summary poisoned (any use
fails); and a page read from data of the view state there is now is compared on its other
views only, while one read from other data is compared on all of them."""

from __future__ import annotations

import pickle
from dataclasses import replace
from types import SimpleNamespace

import pytest
from test_kept_rulings import _Poison, other_kb

from kb import DATA
from kb.handbook.data import store
from kb.handbook.data.store import Handbook
from kb.handbook.domain import uses
from kb.house.datafolder import read_folder


@pytest.fixture(scope="module")
def recorded(handbook) -> dict:
    """Every view key a build of the bundled handbook recorded, with its digest."""
    out = handbook                        # built once a session (tests/conftest.py)
    with open(out.parent / f".{out.name}.doctrees" / "environment.pickle", "rb") as handle:
        data = pickle.load(handle).domaindata["rule"]
    assert set(data["uses"]) <= set(data["uses-state"])     # every page's state is kept
    return {key: value for used in data["uses"].values() for key, value in used.items()}


@pytest.fixture(scope="module")
def handbooks():
    found = read_folder(DATA, rule=False)          # as floorbook build reads it
    store.offer(None, found.kb, found.scenarios, found.digests)
    real = store.read(None)
    poisoned = other_kb(real.kb, provisions=tuple(replace(p, summary=_Poison())
                                                  for p in real.kb.provisions))
    return real, Handbook(poisoned, real.rulings, real.state)


def test_every_blind_view_is_the_same_with_every_summary_poisoned(recorded, handbooks):
    real, poisoned = handbooks
    kinds = {key[0] for key in recorded}
    assert uses.BLIND <= kinds | {"errata"}                  # each one is tried
    blind = [key for key in recorded if key[0] in uses.BLIND]
    assert len(blind) > 300
    for key in blind:
        assert uses.digest(poisoned, key) == uses.digest(real, key) == recorded[key], key


def test_a_view_outside_blind_reads_summaries(recorded, handbooks):
    """The provision entries show their summaries: they are never left out."""
    assert "provision" not in uses.BLIND
    _, poisoned = handbooks
    key = next(key for key in recorded if key[0] == "provision")
    with pytest.raises(AssertionError):
        uses.digest(poisoned, key)


class _Env:
    """A stand-in for Sphinx's environment with one page ``p``."""

    def __init__(self, used: dict, state: str):
        data = {"uses": {"p": used}, "uses-state": {"p": state}}
        self.domains = {"rule": SimpleNamespace(data=data)}


def _env(hb, used: dict, state: str) -> _Env:
    env = _Env(used, state)
    store._LOADED[env] = hb                # the handbook of its build
    return env


def test_a_page_of_the_same_state_is_compared_on_its_other_views_only(recorded, handbooks):
    real, _ = handbooks
    topic = real.kb.topics[0].id
    wrong = {("topic", topic): "a digest the topic's view does not have"}
    same = _env(real, wrong, real.state)
    assert uses.outdated(None, same, set(), set(), set()) == []
    other = _env(real, wrong, "another state")
    assert uses.outdated(None, other, set(), set(), set()) == ["p"]
    unknown = _env(replace(real, state=""), wrong, "")
    assert uses.outdated(None, unknown, set(), set(), set()) == ["p"]
    provision = next(key for key in recorded if key[0] == "provision")
    entry = _env(real, {provision: "not its digest"}, real.state)
    assert uses.outdated(None, entry, set(), set(), set()) == ["p"]
