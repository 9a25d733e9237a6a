"""The fairness of many scenarios (issue 25) as independent tasks, one per scenario with
every rulebook it is read under (the books of one scenario share its replay), run over
the local cores or on a Dask distributed cluster.

Every task is seeded as the sequential analysis is (:func:`kb.fairness.analysis.fairness`
with ``seed``), and the results are put back in the order of the tasks: the records are
the same, whichever way they were computed and in whatever order the tasks ended.

Dask is an optional extra (``pip install floorbook[cluster]``): it is imported only when a
scheduler's address is given, and :class:`ClusterError` says how to install it.

>>> from kb.hand.scenario_file import load_scenario
>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.rules.books import published_editions
>>> kb = load_knowledge_base()
>>> hand = load_scenario(kb.root + "/scenarios/case-c31-premature-first-flop-card.yaml")
>>> found = analyse(kb, [Task(hand, tuple(published_editions(kb)[:2]))], workers=1)
>>> [(key, record.keeps_random) for key, record in found.items()]
[(('case-c31-premature-first-flop-card', 'rrop@v11'), True), (('case-c31-premature-first-flop-card', 'tda@2024'), True)]
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import re
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from kb.fairness.analysis import fairness
from kb.fairness.report import Fairness
from kb.hand.scenario import Scenario, ScenarioError
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import Rulebook
from kb.rules.ruling import Ruling

#: What to install for ``--scheduler`` (the optional extra of pyproject.toml).
EXTRA = "floorbook[cluster]"
#: Seconds to wait for a Dask scheduler to answer before saying it cannot be reached.
CONNECT_SECONDS = 20
#: Seconds to wait for the first worker to join the scheduler before saying it has none.
WORKER_SECONDS = 30
#: Seconds the cluster may go without finishing a chunk of tasks before it is given up on
#: (a lost worker whose tasks no other worker takes, a stalled worker: never a hang).
STALL_SECONDS = 600
#: The most tasks in one chunk sent to a Dask worker: a chunk must end well inside
#: STALL_SECONDS (the bundled scenarios take 0.11 s each on average, 2.2 s at most, so
#: 3000 of them, a single thread's chunk at 100x the data, would take about 330 s).
CHUNK_MOST = 50


class ClusterError(RuntimeError):
    """The Dask cluster cannot be used: the extra is not installed, the scheduler at the
    address given cannot be reached or has no workers, a worker or the scheduler was lost
    or stalled, or a worker failed (floorbook not installed there); the message, one
    line, says what to do."""


@dataclass(frozen=True)
class Task:
    """One scenario and the rulebooks to read its ruling under (column order), with each
    book's ruling when the caller has it (``rulings``: one per book, or empty: ruled in
    the task; the build's ruling table has them, so nothing is ruled twice)."""

    scenario: Scenario
    rulebooks: tuple[Rulebook, ...]
    rulings: tuple[Ruling, ...] = ()


#: (scenario id, rulebook id) -> the record, None for a hand that cannot be replayed.
Records = dict[tuple[str, str], Fairness | None]


def run_task(kb: KnowledgeBase, task: Task, seed: int = 0) -> list[Fairness | None]:
    """The records of one task, one per rulebook in its order; None for a book whose
    ruling cannot be replayed (:class:`~kb.hand.scenario.ScenarioError`: left out, the
    other records are made all the same)."""
    found: list[Fairness | None] = []
    rulings = task.rulings or (None,) * len(task.rulebooks)
    for book, ruling in zip(task.rulebooks, rulings, strict=True):
        try:
            found.append(fairness(kb, book, task.scenario, seed, ruling=ruling))
        except ScenarioError:
            found.append(None)
    return found


def cores() -> int:
    """How many cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                  # not on every system
        return max(1, os.cpu_count() or 1)


def analyse(kb: KnowledgeBase, tasks: Sequence[Task], *, seed: int = 0,
            workers: int | None = None, scheduler: str = "") -> Records:
    """The records of every task, keyed (scenario id, rulebook id) in the tasks' order:
    on the Dask scheduler at ``scheduler`` (an address, ``tcp://host:8786``) when one is
    given, else over ``workers`` local processes (None: every core; 1: in this process).
    Raises :class:`ClusterError` (scheduler only)."""
    if scheduler:
        lists = _on_cluster(kb, tasks, seed, scheduler)
    else:
        lists = _on_cores(kb, tasks, seed, workers or cores())
    return {(task.scenario.id, book.id): record
            for task, records in zip(tasks, lists, strict=True)
            for book, record in zip(task.rulebooks, records, strict=True)}


#: The knowledge base and the rulebooks by id of a worker process (set by :func:`_adopt`
#: as the pool starts it).
_SHARED: list = []


def _adopt(kb: KnowledgeBase, books: dict[str, Rulebook]) -> None:
    _SHARED[:] = [kb, books]


def _light(task: Task) -> tuple[Scenario, tuple[str, ...], tuple[Ruling, ...]]:
    """``task`` as sent to a worker: its rulebooks by id.  A rulebook works out its
    lookups once per object (at 100x the data, 17 s of renumbering); one sent with each
    task was a new object in the worker each time, and worked them out again."""
    return task.scenario, tuple(b.id for b in task.rulebooks), task.rulings


def _heavy(light: tuple, books: dict[str, Rulebook]) -> Task:
    """:func:`_light` undone with the worker's own rulebooks."""
    scenario, ids, rulings = light
    return Task(scenario, tuple(books[i] for i in ids), rulings)


def _in_worker(light: tuple, seed: int) -> list[Fairness | None]:
    kb, books = _SHARED
    return run_task(kb, _heavy(light, books), seed)


def _books(tasks: Sequence[Task]) -> dict[str, Rulebook]:
    return {book.id: book for task in tasks for book in task.rulebooks}


def _on_cores(kb: KnowledgeBase, tasks: Sequence[Task], seed: int,
              workers: int) -> list[list[Fairness | None]]:
    """Each task's records, over ``workers`` processes (in this one when 1 or one task)."""
    workers = min(workers, len(tasks))
    if workers <= 1:
        return [run_task(kb, task, seed) for task in tasks]
    # fork where there is one: the workers start with the knowledge base in memory, not a
    # pickled copy each (spawn elsewhere: initargs are pickled once per worker)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # a few tasks per worker at a time: fewer round trips, and still a fair share of the
    # long ones to each core
    chunk = max(1, len(tasks) // (workers * 8))
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_adopt,
                             initargs=(kb, _books(tasks))) as pool:
        return list(pool.map(_in_worker, [_light(t) for t in tasks], [seed] * len(tasks),
                             chunksize=chunk))


def _chunk(shared: tuple, tasks: list[tuple], seed: int) -> list[list[Fairness | None]]:
    """Several tasks (:func:`_light`) on a Dask worker, ``shared`` the knowledge base and
    the rulebooks by id as scattered once (one round trip for a few scenarios)."""
    kb, books = shared
    return [run_task(kb, _heavy(task, books), seed) for task in tasks]


def cluster_problem() -> str:
    """Why ``--scheduler`` cannot be used here (Dask is not installed: what to install),
    or ``""``."""
    try:
        import dask.distributed  # noqa: F401  (only whether it imports)
    except ImportError:
        return f"--scheduler needs Dask: install {EXTRA} (pip install '{EXTRA}')"
    return ""


def address_problem(scheduler: str) -> str:
    """What is wrong with ``scheduler`` as a Dask scheduler's address, or ''.

    >>> address_problem("tcp://10.0.0.5:8786"), address_problem("inproc://x")[:40]
    ('', "the Dask scheduler address 'inproc://x' ")
    """
    # inproc://HOST/PROCESS/N: a cluster in this very process (dask.distributed's
    # LocalCluster(processes=False), which the tests use)
    if re.fullmatch(r"(tcp|tls)://[^\s/:]+:[0-9]{1,5}|inproc://[^\s/]+/[0-9]+/[0-9]+",
                    scheduler):
        return ""
    return (f"the Dask scheduler address {scheduler!r} is not one: give it as "
            "tcp://HOST:PORT (or tls://HOST:PORT)")


def client_for(scheduler: str):
    """A ``dask.distributed.Client`` of the scheduler at ``scheduler``; raises
    :class:`ClusterError` when Dask is not installed or the scheduler does not answer.

    >>> client_for("tcp://127.0.0.1:1")   # doctest: +SKIP
    Traceback (most recent call last):
    ...
    kb.fairness.batch.ClusterError: the Dask scheduler at tcp://127.0.0.1:1 cannot be reached ...
    """
    if missing := cluster_problem():
        raise ClusterError(missing)
    if wrong := address_problem(scheduler):
        raise ClusterError(wrong)
    from dask.distributed import Client
    made: list = []

    def connect() -> None:
        try:
            made.append(Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False))
        except Exception as error:      # noqa: BLE001  whatever answered is no scheduler
            made.append(error)
    # Dask's own timeout does not cover a peer that accepts the connection and never
    # answers: the handshake waits for ever. A daemon thread, given up on after the
    # timeout, keeps the build from hanging (and the process from waiting for it at exit).
    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 5)
    if not made or isinstance(made[0], BaseException):
        why = _one_line(made[0]) if made else f"no answer in {CONNECT_SECONDS + 5} s"
        raise ClusterError(f"the Dask scheduler at {scheduler} cannot be reached "
                           f"({why}); start one (dask scheduler) or give its address "
                           "as tcp://HOST:PORT")
    return made[0]


def _on_cluster(kb: KnowledgeBase, tasks: Sequence[Task], seed: int,
                scheduler: str) -> list[list[Fairness | None]]:
    """Each task's records, computed on the Dask cluster at ``scheduler``: the knowledge
    base sent once to every worker, the tasks in chunks, the results gathered in the
    tasks' order.  Every failure of the cluster is a :class:`ClusterError` (a hand that
    cannot be replayed is None in its record, as in this process)."""
    client = client_for(scheduler)
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_SECONDS)
        except TimeoutError:
            raise ClusterError(
                f"the Dask scheduler at {scheduler} has no workers (none joined in "
                f"{WORKER_SECONDS} s); start one (dask worker {scheduler}) and build "
                "again") from None
        return _run_on(client, scheduler, kb, tasks, seed)
    except ClusterError:
        raise
    except Exception as error:          # noqa: BLE001  every other failure is the cluster's
        raise ClusterError(
            f"the Dask cluster at {scheduler} failed ({_one_line(error)}); check that its "
            "workers run and have this floorbook installed, and build again (or build "
            "without --scheduler)") from None
    finally:
        with contextlib.suppress(Exception):   # a lost scheduler: nothing left to close
            client.close()


def _run_on(client, scheduler: str, kb: KnowledgeBase, tasks: Sequence[Task],
            seed: int) -> list[list[Fairness | None]]:
    """:func:`_on_cluster` once a worker has joined: a chunk's exception (a worker's, or
    ``KilledWorker`` once the scheduler gave up on a lost one) is raised here; a chunk
    not done :data:`STALL_SECONDS` after the one before it is a :class:`ClusterError`."""
    threads = sum(client.nthreads().values()) or 1
    size = max(1, min(CHUNK_MOST, len(tasks) // (threads * 8)))
    light = [_light(task) for task in tasks]
    chunks = [light[i:i + size] for i in range(0, len(light), size)]
    shared = client.scatter((kb, _books(tasks)), broadcast=True)
    futures = [client.submit(_chunk, shared, chunk, seed, pure=False) for chunk in chunks]
    found: list[list[Fairness | None]] = []
    for left, future in enumerate(futures):
        # in order, each with its own wait: the chunks run side by side, so the next one
        # is due soon after the last; a long build is no error, a stalled cluster is
        try:
            found.extend(future.result(timeout=STALL_SECONDS))
        except TimeoutError:
            raise ClusterError(
                f"the Dask cluster at {scheduler} finished no task in {STALL_SECONDS} s "
                f"({len(futures) - left} of {len(futures)} chunks left); check that its "
                "workers still run, and build again") from None
    return found


def _one_line(error: BaseException) -> str:
    """``error`` as a short line: its type and the first 200 characters of its text."""
    text = " ".join(str(error).split())
    text = text if len(text) <= 200 else text[:199] + "…"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
