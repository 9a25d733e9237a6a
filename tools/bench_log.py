"""``floorbook log check`` on a decision log of 10,000 entries, paired with a plain
reference in the same run.

Usage: python tools/bench_log.py [--entries 10000] [--repeat 3] [--work DIR] [--log DIR]

The log is the sample's (``kb/data/logs/sample``, or ``--log``) multiplied: copy ``k`` of
entry ``name.yaml`` is ``name-k.yaml``, its hand's id suffixed ``-k`` and its date moved
``k`` days on, so that every entry is its own file and its own hand, as a year of a room's
floor calls is; the copies of one entry rule alike.  Then, each ``--repeat`` times, in
child processes:

1. ``floorbook log check LOG`` with an empty cache folder (cold), and again (warm);
2. the plain reference: the same files read with PyYAML's ``yaml.safe_load`` alone
   (its C loader where libyaml is installed, as floorbook's reader uses it), nothing
   checked or ruled.

Wall time, CPU time and peak memory come from the operating system (tools/bench.py's
:func:`run`); the median of the repeats is printed with the ratio to the reference.
The target (issue 24): under 10 s for 10,000 entries.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Run, best, floorbook, machine, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "kb" / "data" / "logs" / "sample"

#: The plain reference: every file of the folder read by PyYAML alone.
PLAIN = ("import sys, pathlib, yaml\n"
         "load = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)\n"
         "for path in sorted(pathlib.Path(sys.argv[1]).glob('*.yaml')):\n"
         "    yaml.load(path.read_bytes(), Loader=load)\n")


def multiply(sample: Path, out: Path, entries: int) -> int:
    """Write ``entries`` log files into ``out`` (created), made from the files of the
    folder ``sample`` in turn (see the module's docstring).  Returns how many were written."""
    files = sorted(sample.glob("*.yaml"))
    if not files:
        raise SystemExit(f"{sample}: no *.yaml entries to multiply")
    originals = [(path.stem, yaml.safe_load(path.read_text(encoding="utf-8"))) for path in files]
    out.mkdir(parents=True)
    for number in range(entries):
        copy, which = divmod(number, len(originals))
        stem, entry = originals[which][0], dict(originals[which][1])
        entry["hand"] = dict(entry["hand"], id=f"{entry['hand']['id']}-{copy}")
        if isinstance(entry.get("date"), datetime.date):
            entry["date"] = entry["date"] + datetime.timedelta(days=copy % 300)
        (out / f"{stem}-{copy}.yaml").write_text(yaml.safe_dump(entry, sort_keys=False),
                                                 encoding="utf-8")
    return entries


def figures(log: Path, work: Path, repeat: int) -> dict[str, Run]:
    """The medians of ``repeat`` runs of the cold check, the warm check and the plain
    reading of ``log``."""
    cold, warm, plain = [], [], []
    for number in range(repeat):
        cache = work / f"cache-{number}"
        cache.mkdir()
        cold.append(run(floorbook("log", "check", log), work / "cold.log", cache=cache))
        warm.append(run(floorbook("log", "check", log), work / "warm.log", cache=cache))
        plain.append(run([sys.executable, "-c", PLAIN, str(log)], work / "plain.log"))
    return {"log check, cold cache": best(cold), "log check, warm cache": best(warm),
            "plain reference (yaml.safe_load of each file)": best(plain)}


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--entries", type=int, default=10_000)
    options.add_argument("--repeat", type=int, default=3)
    options.add_argument("--log", type=Path, default=SAMPLE, help="the log to multiply")
    options.add_argument("--work", type=Path, default=None,
                         help="work folder (default: a temporary one, removed)")
    args = options.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="floorbook-bench-log-") as tmp:
        work = args.work or Path(tmp)
        log = work / "log"
        multiply(args.log, log, args.entries)
        found = figures(log, work, args.repeat)
    print(f"{machine()}\n{args.entries} entries, median of {args.repeat}:")
    plain = found["plain reference (yaml.safe_load of each file)"]
    for name, figure in found.items():
        print(f"  {name:48} {figure}  ({figure.cpu / plain.cpu:.1f}x the reference's CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
