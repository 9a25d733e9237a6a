"""pytest's warning filters (pyproject's [tool.pytest.ini_options] filterwarnings): eval7's
use of pyparsing's deprecated names is not reported, and nothing else is hidden."""

import importlib
import warnings

import eval7.rangestring


def test_eval7s_pyparsing_deprecations_are_not_reported():
    with warnings.catch_warnings(record=True) as caught:
        importlib.reload(eval7.rangestring)       # its grammar is built again, as at import
    assert [str(w.message) for w in caught] == []


def test_the_same_warning_from_another_module_still_is():
    with warnings.catch_warnings(record=True) as caught:
        warnings.warn("'setName' deprecated - use 'set_name'", DeprecationWarning, stacklevel=1)
    assert [str(w.message) for w in caught] == ["'setName' deprecated - use 'set_name'"]
