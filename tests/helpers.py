"""Small helpers the engine tests share: a hand from a few lines of events, a ruling under
a rulebook named by id, and the numbers a ruling cites."""

from kb.hand.scenario_file import parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

#: The spec example's deck (scenario-format.md): 6 seats, button 6.
EXAMPLE_DECK = "As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d"


def hand(events: str, seats="6", button="6", deck=EXAMPLE_DECK, game="holdem",
         setting="cash"):
    """A scenario with the given YAML ``events`` lines (each starting with two spaces)."""
    return parse_scenario(f"id: t\ntitle: t\ngame: {game}\nsetting: {setting}\nseats: {seats}\n"
                          f"button: {button}\ndeck: {deck}\nevents:\n{events}", "t.yaml")


def ruled(kb, book: str, scenario, seed: int = 0):
    """The ruling of the rulebook ``book`` (an edition or house rulebook id)."""
    return rule(kb, resolve_rulebook(kb, book), scenario, seed)


def numbers(ruling) -> list[str]:
    """The rule numbers a ruling cites, in order."""
    return [c.number for c in ruling.citations]


def replay_error(text: str) -> str:
    """The located error the replay of scenario ``text`` (file t.yaml) raises; fails the
    test when it raises none."""
    import pytest

    from kb.hand.deal import replay
    from kb.hand.scenario import ScenarioError

    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(text, "t.yaml"))
    return str(error.value)


def adopting(kb, base: str, topic: str, provision: str):
    """A house rulebook on ``base`` that adopts ``provision`` before the base's own on
    ``topic``; fails the test when it does not compose."""
    from kb.house.compose import compose
    from kb.house.spec import parse_house_text

    spec = parse_house_text(f'id: house.test@1\ntitle: Test\nbase: "{base}"\nadopt:\n'
                            f'  - topic: {topic}\n    provisions: [{provision}]\n'
                            "    mode: before\n    reason: Our rule.\n", "h.yaml")
    book, problems = compose(kb, spec)
    assert problems == []
    return book
