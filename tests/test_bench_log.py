"""tools/bench_log.py keeps working: the log it multiplies from the sample checks with no
problem, each copy its own file and hand, and its reference reads the same files.
Nothing here is timed: the figures are docs/benchmarks.md's."""

import subprocess
import sys
from pathlib import Path

import yaml

from kb.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from bench_log import PLAIN, SAMPLE, multiply  # noqa: E402


def test_the_multiplied_log_checks_as_the_sample_does(tmp_path, capsys):
    log = tmp_path / "log"
    assert multiply(SAMPLE, log, 40) == 40
    files = sorted(log.glob("*.yaml"))
    assert len(files) == 40
    hands = {yaml.safe_load(f.read_text())["hand"]["id"] for f in files}
    assert len(hands) == 40 and "exposed-first-card-2" in hands
    assert main(["log", "check", str(log)]) == 0
    said = capsys.readouterr().out
    # 40 entries: the sample's 16 twice, then its first 8 (two of its 3 departures)
    assert said.startswith(f"{log}: 40 entries checked: 8 ruled otherwise than the book")
    status = subprocess.run([sys.executable, "-c", PLAIN, str(log)], capture_output=True)
    assert status.returncode == 0
