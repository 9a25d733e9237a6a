"""The ruling records (kb.rules.ruling: Step, TableView, Ruling) are plain frozen
dataclasses with slots: immutable once made (a ruling is shared: kept ruling tables, a
call placed at its floor event), with the equality and hash ``dataclasses`` generates, and
kept in the user's cache as plain data (kb.files.plain) like any other record."""

import dataclasses

import pytest

from kb.files import plain
from kb.hand.scenario import Citation
from kb.rules.remedies import step
from kb.rules.ruling import Cited, Ruling, Step, TableView

VIEW = TableView({5: ("2s", "Ah")}, ("Kd",), ("8s",), (), (3,), ("3d", "Ad"), ("Jc",))
FULL = Ruling("x", "rrop@v11", "misdeal", (Cited(Citation("rrop", "v11", "Misdeals 1"), "p"),),
              (Step("gather"), Step("cut", {"at": 5})), True, VIEW, "Why.", "topic",
              ({"kind": "exposed", "line": 9},), 12, ())


@pytest.mark.parametrize("record", [Step("cut", {"at": 5}), VIEW, FULL])
def test_a_record_is_frozen_and_holds_its_fields_only(record):
    first = dataclasses.fields(record)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record, first, None)
    with pytest.raises((AttributeError, TypeError)):
        record.extra = 1                               # slots: no other attribute
    assert not hasattr(record, "__dict__")
    assert dataclasses.replace(record) == record


def test_a_default_dict_is_new_for_each_step_and_steps_hash_by_their_kind():
    first, second = Step("gather"), Step("gather")
    assert first.details == {} and first.details is not second.details
    assert hash(first) == hash(Step("gather", {"x": 1})) and first == Step("gather", {"x": 1})
    with pytest.raises(TypeError):      # a table view holds a dict of hands: no hash
        hash(VIEW)


def test_step_renames_keyword_keys_and_keeps_the_others_in_order():
    assert step("set-aside", card="8s", as_="burn").details == {"card": "8s", "as": "burn"}
    assert list(step("replace", seat=5, out="8s", in_="Ah").details) == ["seat", "out", "in"]
    assert step("cut", at=5).details == {"at": 5} and step("gather").details == {}
    assert step("x", card="8s", as_="burn").details == {"card": "8s", "as": "burn"}  # again


def test_a_ruling_placed_at_its_floor_call_is_a_new_record():
    placed = dataclasses.replace(FULL, floor=3, random=False, calls=(FULL,))
    assert (placed.floor, placed.random, placed.calls) == (3, False, (FULL,))
    assert placed.steps is FULL.steps and FULL.floor == 12


def test_the_records_are_kept_as_plain_data_and_read_back_whole():
    again = plain.loads(plain.dumps(dataclasses.replace(FULL, calls=(FULL,))))
    assert again == dataclasses.replace(FULL, calls=(FULL,))
    assert again.table == VIEW and again.steps[1].details == {"at": 5}
    assert repr(again) == repr(dataclasses.replace(FULL, calls=(FULL,)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.floor = 4
