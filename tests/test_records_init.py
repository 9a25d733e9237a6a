"""The ruling records' hand-written constructors (kb.rules.ruling: Step, TableView, Ruling
fill the new instance's dict instead of setting each field through ``object.__setattr__``)
build the instance the generated ``__init__`` of a frozen dataclass builds, and the
records stay frozen: each is held here to a twin made by ``dataclasses`` from its fields.
"""

import dataclasses
import inspect

import pytest

from kb.hand.scenario import Citation
from kb.rules.remedies import step
from kb.rules.ruling import Cited, Ruling, Step, TableView, changed

VIEW = TableView({5: ("2s", "Ah")}, ("Kd",), ("8s",), (), (3,), ("3d", "Ad"), ("Jc",))
FULL = ("x", "rrop@v11", "misdeal", (Cited(Citation("rrop", "v11", "Misdeals 1"), "p"),),
        (Step("gather"),), True, VIEW, "Why.", "topic", ({"kind": "exposed", "line": 9},),
        12, ())
SAMPLES = {
    Step: [("gather",), ("cut", {"at": 5})],
    TableView: [({}, (), (), (), (), ()), ({5: ("2s",)}, ("Kd",), (), (), (3,), ("Ah",), ("Jc",))],
    Ruling: [("x", "tda@2024", "continue", (), (), False, VIEW, "Deal on."), FULL],
}


def twin(kind: type) -> type:
    """``kind`` as ``dataclasses`` makes it: the same fields, frozen, generated __init__."""
    return dataclasses.make_dataclass(kind.__name__, [
        (f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory,
                                           compare=f.compare, hash=f.hash))
        for f in dataclasses.fields(kind)], frozen=True)


@pytest.mark.parametrize("kind", [Step, TableView, Ruling])
def test_the_constructor_takes_the_fields_in_order_with_their_defaults(kind):
    parameters = list(inspect.signature(kind.__init__).parameters.values())[1:]
    fields = dataclasses.fields(kind)
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters)
    for parameter, field in zip(parameters, fields, strict=True):
        if field.default is not dataclasses.MISSING:
            assert parameter.default == field.default, field.name
        elif field.default_factory is dataclasses.MISSING:
            assert parameter.default is inspect.Parameter.empty, field.name


@pytest.mark.parametrize("kind", [Step, TableView, Ruling])
def test_an_instance_is_the_one_the_generated_constructor_builds(kind):
    generated = twin(kind)
    names = [f.name for f in dataclasses.fields(kind)]
    for args in SAMPLES[kind]:
        mine, theirs = kind(*args), generated(*args)
        assert mine.__dict__ == theirs.__dict__
        assert list(mine.__dict__) == list(theirs.__dict__) == names
        assert kind(**dict(zip(names, args, strict=False))).__dict__ == mine.__dict__
        assert repr(mine) == repr(theirs).replace(generated.__qualname__, kind.__qualname__)
        assert mine == kind(*args) and dataclasses.replace(mine) == mine
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(mine, names[0], None)


def test_a_default_dict_is_new_for_each_step_and_steps_hash_as_before():
    first, second = Step("gather"), Step("gather")
    assert first.details == {} and first.details is not second.details
    assert hash(first) == hash(twin(Step)("gather")) and first == Step("gather", {"x": 1})
    with pytest.raises(TypeError):      # a table view holds a dict of hands: no hash
        hash(VIEW)


def test_step_renames_keyword_keys_and_keeps_the_others_in_order():
    assert step("set-aside", card="8s", as_="burn").details == {"card": "8s", "as": "burn"}
    assert list(step("replace", seat=5, out="8s", in_="Ah").details) == ["seat", "out", "in"]
    assert step("cut", at=5).details == {"at": 5} and step("gather").details == {}
    assert step("x", card="8s", as_="burn").details == {"card": "8s", "as": "burn"}  # again


def test_changed_is_dataclasses_replace():
    ruling = Ruling(*FULL)
    for changes in ({}, {"floor": 3, "random": False}, {"calls": (ruling,), "topic": None}):
        mine, theirs = changed(ruling, **changes), dataclasses.replace(ruling, **changes)
        assert mine.__dict__ == theirs.__dict__ and list(mine.__dict__) == list(theirs.__dict__)
        assert mine is not ruling and mine.__dict__ is not ruling.__dict__
        with pytest.raises(dataclasses.FrozenInstanceError):
            mine.floor = 4
    with pytest.raises(TypeError):
        changed(ruling, flor=3)
