"""Print ``floorbook compare`` (text, then ``--json``) for every bundled scenario, one
after the other, so that a refactoring can be proved not to change a single ruling: run
it before and after and compare the two outputs line for line (``diff``).

Usage: ``python tools/compare_all.py > before.txt`` (about 30 s); after the change,
``python tools/compare_all.py | diff before.txt -`` prints nothing when every ruling of
every scenario under every published rulebook is unchanged.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

from kb.cli import main

SCENARIOS = Path(__file__).resolve().parent.parent / "kb" / "data" / "scenarios"


def compared(scenario: Path) -> str:
    """What ``floorbook compare`` prints for ``scenario``, as text and as JSON, with its
    exit status; the path is the scenario's name so that two checkouts compare equal."""
    out = []
    for options in ([], ["--json"]):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
            status = main(["compare", *options, str(scenario)])
        text = buffer.getvalue().replace(str(scenario), scenario.name)
        out.append(f"== {scenario.name} {' '.join(options)} (exit {status})\n{text}")
    return "".join(out)


def run() -> int:
    """Print every scenario's comparisons to standard output."""
    for scenario in sorted(SCENARIOS.glob("*.yaml")):
        sys.stdout.write(compared(scenario))
    return 0


if __name__ == "__main__":
    raise SystemExit(run())
