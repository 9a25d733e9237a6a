"""The dependency floors .ci/run tests are the ones pyproject.toml claims: each runtime
dependency's ``name>=X`` there (and the extra ``cluster``'s, which the test set-up
installs) is ``name==X`` in .ci/floors.txt, and nothing else is."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.version import Version

CHECKOUT = Path(__file__).resolve().parent.parent


def pins(lines: list[str], operator: str) -> dict[str, str]:
    """Each ``name<operator>version`` of ``lines`` (comments and blank lines left out), the
    name lower-cased with ``_`` as ``-``, as pip compares names.

    >>> pins(["Sphinx>=9.0", "# a comment", "py_yaml>=6.0  # why"], ">=")
    {'sphinx': '9.0', 'py-yaml': '6.0'}
    """
    found = {}
    for line in lines:
        line = line.split("#")[0].strip()
        if line:
            match = re.fullmatch(rf"([A-Za-z0-9_.-]+)\s*{re.escape(operator)}\s*([^,;\s]+)",
                                 line)
            assert match, f"{line!r} is not name{operator}version"
            found[match[1].lower().replace("_", "-")] = match[2]
    return found


def test_every_claimed_floor_is_the_one_ci_installs():
    project = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
    extra = [line.replace("[distributed]", "")           # dask[distributed]: dask's floor
             for line in project["project"]["optional-dependencies"]["cluster"]]
    claimed = pins([*project["project"]["dependencies"], *extra], ">=")
    floors = pins((CHECKOUT / ".ci" / "floors.txt").read_text(encoding="utf-8")
                  .splitlines(), "==")
    assert {"sphinx", "myst-parser", "furo", "docutils", "eval7", "pokerkit",
            "dask"} <= set(claimed)
    # as pip compares them: 9.0 is 9.0.0
    assert {name: Version(v) for name, v in floors.items()} == \
        {name: Version(v) for name, v in claimed.items()}

