"""The benchmark suite: build, rulings and check figures, paired against plain references
in the same run, with ratios.

Usage: python tools/bench.py [--sizes 1,10,100] [--build-sizes 1,10] [--repeat N]
                             [--quick] [--work DIR]

1. The handbook's build at 1x: cold (``floorbook build`` into a new folder), one
   provision's summary edited then rebuilt, and a rebuild with no change, each paired
   with a plain Sphinx + MyST + furo build of the same pages' text (tools/bench_plain.py
   makes that project from the site just built) doing the same: cold, one page edited, no
   change.
2. Rulings per second in one process (tools/bench_rulings.py): every scenario under every
   published rulebook, CPU time and wall time.
3. ``floorbook check`` on synthetic data of each size (tools/multiply_data.py), cold (an
   empty cache folder of the work folder's, which the run fills) and again (warm: reading
   that cache), and the cold build at each of ``--build-sizes``, with the peak memory of
   each (the child process's maximum resident set, from ``os.wait4``).

Every command runs as a child process (the CLI through ``python -m kb``); its wall time,
CPU time (user + system) and peak memory are taken from the operating system.  On a
loaded machine the CPU time is the steadier figure; the ratios pair runs made minutes
apart in the same invocation.  ``--quick`` is the smallest size, once (the test suite runs
it to keep the suite working; it is not a timing test).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_plain import plain_project  # noqa: E402
from bench_rulings import measure  # noqa: E402
from multiply_data import multiply  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Run:
    """One child process: seconds of wall and CPU time, peak memory in MB."""

    wall: float
    cpu: float
    peak_mb: float

    def __str__(self) -> str:
        return f"{self.wall:7.2f} s wall {self.cpu:7.2f} s CPU {self.peak_mb:6.0f} MB"


class BenchError(RuntimeError):
    """A command of the suite failed (its output is in the work folder)."""


def run(command: list[str], log: Path, cwd: Path = ROOT, cache: Path | None = None) -> Run:
    """Run ``command`` with its output in ``log`` (``cache``: the floorbook cache folder it
    uses, else the user's); raises :class:`BenchError` if it fails."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # as an installed package has: its modules compiled once, not at every run (a machine
    # with PYTHONDONTWRITEBYTECODE set compiles every floorbook module in every process,
    # while the libraries' were compiled when pip installed them)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if cache is not None:
        env["FLOORBOOK_CACHE_DIR"] = str(cache)
    with open(log, "wb") as output:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, stdout=output, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
        raise BenchError(f"{' '.join(command)} exited {child.returncode}; see {log}:\n{tail}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def floorbook(*args: str) -> list[str]:
    return [sys.executable, "-m", "kb", *map(str, args)]


def sphinx(source: Path) -> list[str]:
    return [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source),
            str(source / "_build" / "html")]


def best(runs: list[Run]) -> Run:
    """The median of each figure over repeated runs."""
    return Run(median(r.wall for r in runs), median(r.cpu for r in runs),
               median(r.peak_mb for r in runs))


def edit_summary(data: Path) -> str:
    """Edit the first provision summary of the TDA's file (a word added): the change a
    writer makes most often.  Returns the provision's id."""
    path = data / "provisions" / "tda.yaml"
    text = path.read_text(encoding="utf-8")
    match = re.search(r"- id: (\S+)\n(?:.*\n)*?( +)summary: >-\n( +)", text)
    if match is None:
        raise BenchError(f"{path}: no provision with a folded summary to edit")
    end = match.end()
    path.write_text(text[:end] + "Edited for the benchmark. " + text[end:], encoding="utf-8")
    return match.group(1)


def edit_page(project: Path) -> None:
    """Add a sentence to one page of the plain project (the first topic's page)."""
    page = next(iter(sorted((project / "page" / "topics").glob("*.md"))), None) \
        or sorted((project / "page").rglob("*.md"))[0]
    page.write_text(page.read_text(encoding="utf-8") + "\nEdited for the benchmark.\n",
                    encoding="utf-8")


def build_figures(work: Path, data: Path, repeat: int) -> dict[str, tuple[Run, Run]]:
    """The three build figures of floorbook and of the plain reference, paired."""
    logs, pairs = work / "logs", {}
    cold, edited, unchanged, plain_cold, plain_edited, plain_unchanged = ([] for _ in range(6))
    for number in range(repeat):
        # a work folder used before: every run of this pass starts from nothing again
        site, plain = _cold_site(work / f"site-{number}"), _empty(work / f"plain-{number}")
        copy, cache = _empty(work / f"data-build-{number}"), _empty(work / f"cache-build-{number}")
        shutil.copytree(data, copy)
        # cold: a new site folder and an empty cache; the rebuilds use what it left
        cold.append(run(floorbook("build", "--data", copy, "-o", site), logs / "cold.log",
                        cache=cache))
        edit_summary(copy)
        edited.append(run(floorbook("build", "--data", copy, "-o", site), logs / "edit.log",
                          cache=cache))
        unchanged.append(run(floorbook("build", "--data", copy, "-o", site),
                             logs / "again.log", cache=cache))
        plain_project(site, plain)
        plain_cold.append(run(sphinx(plain), logs / "plain-cold.log"))
        edit_page(plain)
        plain_edited.append(run(sphinx(plain), logs / "plain-edit.log"))
        plain_unchanged.append(run(sphinx(plain), logs / "plain-again.log"))
    pairs["cold build"] = best(cold), best(plain_cold)      # first: _report reuses it
    pairs["one provision's summary edited, rebuild"] = best(edited), best(plain_edited)
    pairs["no-change rebuild"] = best(unchanged), best(plain_unchanged)
    return pairs


def machine() -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip() or "?"
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return (f"{time.strftime('%Y-%m-%d %H:%M')}, commit {commit}"
            f"{' with uncommitted changes' if dirty else ''}, {os.cpu_count()} cores "
            f"{platform.machine()}, Python {platform.python_version()}, "
            f"{platform.system()}, load average {load}")


def main(argv: list[str] | None = None) -> int:
    args = _options(argv)
    work = Path(args.work or tempfile.mkdtemp(prefix="floorbook-bench-"))
    (work / "logs").mkdir(parents=True, exist_ok=True)
    print(f"floorbook benchmarks: {machine()}\nwork folder: {work}")
    data = {size: work / f"data-{size}x" for size in sorted(set(args.sizes) |
                                                             set(args.build_sizes))}
    for size, folder in data.items():
        if not folder.exists():
            multiply(ROOT / "kb" / "data", size, folder)
    try:
        _report(work, data, args)
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 1
    return 0


def _report(work: Path, data: dict[int, Path], args) -> None:
    smallest, figures = min(data), {}
    if "build" in args.parts:
        print(f"\n1. The handbook build at {smallest}x against plain Sphinx + MyST + furo on "
              f"the same pages' text (median of {args.repeat}):")
        print(f"  {'figure':42} {'floorbook':>40}   {'plain':>40}   ratio")
        figures = build_figures(work, data[smallest], args.repeat)
        for name, (ours, plain) in figures.items():
            print(f"  {name:42} {ours}   {plain}   {ours.wall / plain.wall:5.2f}x plain "
                  f"wall, {ours.cpu / plain.cpu:5.2f}x CPU")
    if "rulings" in args.parts:
        count, cpu, wall = measure(passes=args.passes)
        print(f"\n2. Rulings in one process: {count} rulings, {count / cpu:,.0f} rulings per "
              f"second CPU ({count / wall:,.0f} per second wall)")
    if "sizes" in args.parts:
        _sizes_report(work, data, args, figures)


def _sizes_report(work: Path, data: dict[int, Path], args, figures: dict) -> None:
    smallest = min(data)
    print("\n3. Check and build by data size (peak memory of the child process"
          f"{f'; the {smallest}x build is the cold build above' if figures else ''}):")
    checks, warm, before = {}, {}, os.environ.get("FLOORBOOK_CACHE_DIR")
    for size in args.sizes:                     # cold: an empty cache, which the run fills;
        cache = work / "cache" / f"{size}x"     # warm: the next run, reading it
        shutil.rmtree(cache, ignore_errors=True)
        os.environ["FLOORBOOK_CACHE_DIR"] = str(cache)
        checks[size] = run(floorbook("check", "--data", data[size]),
                           work / "logs" / f"check-{size}x.log")
        warm[size] = run(floorbook("check", "--data", data[size]),
                         work / "logs" / f"check-{size}x-warm.log")
    os.environ.pop("FLOORBOOK_CACHE_DIR", None)
    if before is not None:
        os.environ["FLOORBOOK_CACHE_DIR"] = before
    for size, figure in checks.items():
        ratio = figure.cpu / checks[min(checks)].cpu
        print(f"  floorbook check, {size:3}x data: {figure}   {ratio:6.2f}x the "
              f"{min(checks)}x check (CPU)")
        print(f"    again, cache filled: {warm[size]}   {warm[size].cpu / figure.cpu:6.2f}x "
              f"the cold check (CPU){'; goal <= 5 s CPU' if size == 100 else ''}")
    builds = {size: figures["cold build"][0] if size == smallest and figures else run(
        floorbook("build", "--data", data[size], "-o", _cold_site(work / f"site-size-{size}x")),
        work / "logs" / f"build-{size}x.log", cache=_empty(work / "cache" / f"build-{size}x"))
        for size in args.build_sizes}
    for size, figure in builds.items():
        ratio = figure.cpu / builds[min(builds)].cpu
        print(f"  floorbook build, {size:3}x data: {figure}   {ratio:6.2f}x the "
              f"{min(builds)}x build (CPU)")


def _empty(folder: Path) -> Path:
    """``folder``, emptied (absent): a cold run's cache or site, a fresh copy's place."""
    shutil.rmtree(folder, ignore_errors=True)
    return folder


def _cold_site(site: Path) -> Path:
    """``site`` with nothing left from an earlier run: the site, and the doctrees and
    default pages that a build keeps beside it (``.<name>.doctrees``, ``.<name>.pages``)."""
    for kept in ("doctrees", "pages"):
        _empty(site.parent / f".{site.name}.{kept}")
    return _empty(site)


def _sizes(text: str) -> list[int]:
    if text == "none":
        return []
    sizes = [int(part) for part in text.split(",") if part.strip()]
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give sizes such as 1,10,100")
    return sizes


def _options(argv):
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--sizes", type=_sizes, default=[1, 10, 100],
                         help="data sizes for check (default 1,10,100)")
    options.add_argument("--build-sizes", type=_sizes, default=[1, 10],
                         help="data sizes for the cold build (default 1,10; none: no build)")
    options.add_argument("--repeat", type=int, default=1,
                         help="runs of each build figure, medians printed (default 1)")
    options.add_argument("--passes", type=int, default=5,
                         help="passes over the scenarios for rulings per second")
    options.add_argument("--parts", type=lambda text: set(text.split(",")),
                         default={"build", "rulings", "sizes"},
                         help="which of build,rulings,sizes to run (default all)")
    options.add_argument("--quick", action="store_true",
                         help="the smallest size once: 1x, one run, one pass")
    options.add_argument("--work", type=Path, default=None,
                         help="work folder (default: a new temporary folder, kept)")
    args = options.parse_args(argv)
    if args.quick:
        args.sizes, args.build_sizes, args.repeat, args.passes = [1], [1], 1, 1
    return args


if __name__ == "__main__":
    sys.exit(main())
