"""What the fairness figures cost (issue 25, docs/benchmarks.md "Fairness").

Usage: python tools/bench_fairness.py [--build] [--scales 1,10,100] [--whole]
                                      [--cluster] [--out FOLDER]

``--build``: a cold ``floorbook build`` of the bundled handbook (a new output folder and a
new, empty cache folder each) with the fairness figures, against the same build without
them (the config value ``floorbook_fairness`` off: every note says "not computed"), in
the same run, one after the other; wall and CPU seconds of each (the CPU of the build's
processes and of the workers it waited for).

``--scales``: the analysis alone (:func:`kb.fairness.batch.analyse`: every scenario under
every published rulebook of the folder, no ruling table, no pages, nothing kept) of the
data folder ``tools/multiply_data.py N`` makes, for each N, over the local cores; with
``--cluster`` also on a dask.distributed LocalCluster of one worker process per core.
At N times the data, every N-th scenario is taken (as many tasks as at 1x; the knowledge
base, the rulebooks and what is sent to the workers are the whole folder's), and the
output says so: the whole folder's figure is then N times it, an extrapolation (the
copies are the same hands under new names).  ``--whole`` takes every scenario.

Each measurement runs in a child process of its own (a cold start: no memo of an earlier
one), and the machine's load average is printed with it: other work on the machine
lengthens the wall time, less the CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

#: The child that builds the handbook, the figures on or off (argv: output folder, on).
BUILD = """
import sys
from kb.handbook.sitebuild import site
from kb.cli import main
if sys.argv[2] == "off":
    real = site.build_site
    def without(*args, settings=None, **kwargs):
        return real(*args, settings={**(settings or {}), "floorbook_fairness": False},
                    **kwargs)
    site.build_site = without          # the reference: the same build, no figures
sys.exit(main(["build", "-q", "-o", sys.argv[1]]))
"""

#: The child that times the analysis alone (argv: data folder, every, scheduler or "").
ANALYSIS = """
import json, resource, sys, time
from pathlib import Path
from kb.fairness.batch import Task, analyse
from kb.hand.scenario_file import load_scenario
from kb.handbook.data.rulings import rulebooks_for, scenario_folder
from kb.knowledge.load import load_knowledge_base
folder, every, how = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
data = None if folder == Path("kb/data").resolve() else folder
kb = load_knowledge_base(data)
books = tuple(rulebooks_for(kb, data))
paths = sorted(scenario_folder(data).glob("*.yaml"))
tasks = [Task(load_scenario(p), books) for p in paths[::every]]
cluster = None
if how == "cluster":
    from dask.distributed import LocalCluster
    from kb.fairness.batch import cores
    cluster = LocalCluster(n_workers=cores(), threads_per_worker=1, processes=True,
                           dashboard_address=None)
def cpu():
    own, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                   resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime
wall, used = time.monotonic(), cpu()
found = analyse(kb, tasks, scheduler=cluster.scheduler_address if cluster else "")
wall, used = time.monotonic() - wall, cpu() - used
if cluster is not None:
    cluster.close()
    used = None                        # the workers' CPU is not this process's to count
print(json.dumps({"scenarios": len(paths), "tasks": len(tasks), "records": len(found),
                  "left_out": sum(r is None for r in found.values()),
                  "wall": round(wall, 1), "cpu": used and round(used, 1)}))
"""


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _timed(argv: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """Wall and CPU seconds of the child ``argv`` (and of the processes it waited for),
    and what it printed."""
    wall, cpu = time.monotonic(), _children_cpu()
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(argv[:3])}... failed:\n{done.stdout}{done.stderr}")
    return time.monotonic() - wall, _children_cpu() - cpu, done.stdout


def _load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def bench_build(work: Path) -> None:
    """The cold build with the figures against the same build without them."""
    figures = {}
    for how in ("off", "on"):
        env = {**os.environ, "FLOORBOOK_CACHE_DIR": str(work / f"cache-{how}")}
        before = _load()
        wall, cpu, _ = _timed([PYTHON, "-c", BUILD, str(work / f"site-{how}"), how], env)
        figures[how] = (wall, cpu)
        print(f"cold build, figures {how:3}: {wall:6.1f} s wall, {cpu:6.1f} s CPU "
              f"({before}; after: {_load()})", flush=True)
    print(f"the figures cost: {figures['on'][0] - figures['off'][0]:+.1f} s wall, "
          f"{figures['on'][1] - figures['off'][1]:+.1f} s CPU", flush=True)


def bench_analysis(work: Path, scales: list[int], whole: bool, cluster: bool) -> None:
    """The analysis alone at each scale, over the local cores (and a LocalCluster)."""
    for scale in scales:
        folder = (ROOT / "kb" / "data").resolve()
        if scale > 1:
            folder = work / f"data-x{scale}"
            if not folder.is_dir():
                subprocess.run([PYTHON, "tools/multiply_data.py", str(scale), str(folder)],
                               cwd=ROOT, check=True, capture_output=True)
        every = 1 if whole else scale
        for how in ("cores", "cluster") if cluster else ("cores",):
            before = _load()
            _, _, said = _timed([PYTHON, "-c", ANALYSIS, str(folder), str(every), how])
            found = json.loads(said.strip().splitlines()[-1])
            part = "" if every == 1 else f" (every {every}th scenario: x{every} for all)"
            cpu = "" if found["cpu"] is None else f", {found['cpu']:7.1f} s CPU"
            print(f"{scale:4}x on {how:7}: {found['tasks']:6} scenarios{part}, "
                  f"{found['records']:7} records ({found['left_out']} left out): "
                  f"{found['wall']:7.1f} s wall{cpu} ({before}; after: {_load()})",
                  flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--scales", default="")
    parser.add_argument("--whole", action="store_true")
    parser.add_argument("--cluster", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    work = args.out or Path(tempfile.mkdtemp(prefix="bench-fairness-"))
    print(f"{os.cpu_count()} cores; {_load()}", flush=True)
    if args.build:
        bench_build(work)
    if args.scales:
        bench_analysis(work, [int(n) for n in args.scales.split(",")], args.whole,
                       args.cluster)
    return 0


if __name__ == "__main__":
    sys.exit(main())
