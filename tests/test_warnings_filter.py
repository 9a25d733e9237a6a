"""pytest's warning filters (pyproject's [tool.pytest.ini_options] filterwarnings): eval7's
use of pyparsing's deprecated names is not reported, and nothing else is hidden.

The filters are applied here as pytest applies them (action:message:category:module),
after a filter that reports every warning: the suite also runs with ``-p no:warnings``
(.ci/run's lowest versions), where pytest applies none and Python's default hides every
DeprecationWarning, which would make both tests pass or fail for the wrong reason."""

import builtins
import importlib
import re
import tomllib
import warnings
from pathlib import Path

import eval7.rangestring

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def _pyproject_filters() -> None:
    """Every warning reported, then pyproject's filters on top, as pytest adds them."""
    warnings.simplefilter("always")
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    for spec in config["tool"]["pytest"]["ini_options"]["filterwarnings"]:
        action, message, category, module = (spec.split(":") + ["", "", ""])[:4]
        warnings.filterwarnings(action, message, getattr(builtins, category or "Warning"),
                                re.escape(module) + "$" if module else "")


def test_eval7s_pyparsing_deprecations_are_not_reported():
    with warnings.catch_warnings(record=True) as caught:
        _pyproject_filters()
        importlib.reload(eval7.rangestring)       # its grammar is built again, as at import
    assert [str(w.message) for w in caught] == []


def test_the_same_warning_from_another_module_still_is():
    with warnings.catch_warnings(record=True) as caught:
        _pyproject_filters()
        warnings.warn("'setName' deprecated - use 'set_name'", DeprecationWarning, stacklevel=1)
    assert [str(w.message) for w in caught] == ["'setName' deprecated - use 'set_name'"]
