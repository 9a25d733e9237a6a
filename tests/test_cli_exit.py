"""The command line's exit: every object is left to the operating system (``gc.freeze``
at the interpreter's exit, :func:`kb.cli._quick_exit`), never earlier, so the collector
of a process that calls :func:`kb.cli.main` (a test, a tool) keeps working."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent

# an atexit handler registered before main() runs after the one main() registers (last in,
# first out), so it sees what the interpreter's finalisation will see
_PROBE = """
import atexit, gc, sys
atexit.register(lambda: print("at exit, frozen:", gc.get_freeze_count() > 0))
from kb.cli import main
status = main(["schema", "scenario"])
status = main(["schema", "house"]) or status
print("after main, frozen:", gc.get_freeze_count() > 0, "collector on:", gc.isenabled())
sys.exit(status)
"""


def test_main_freezes_the_heap_only_when_the_interpreter_exits(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("scenario.schema.json") and lines[1].endswith("house.schema.json")
    assert lines[2:] == ["after main, frozen: False collector on: True",
                         "at exit, frozen: True"]
