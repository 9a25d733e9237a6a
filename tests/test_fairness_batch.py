"""The fairness analysis as independent tasks (:mod:`kb.fairness.batch`): over the local
cores, and on a Dask cluster (dask.distributed's LocalCluster, in this process), the
records are those of the sequential analysis, in the same order."""

from __future__ import annotations

import contextlib
import io
import os
import sys

import pytest

from kb.cli import main
from kb.fairness import batch
from kb.fairness.batch import ClusterError, Task, analyse
from kb.handbook.data.store import read

#: A few scenarios of different games and remedies (hold'em, stud, draw, Omaha).
SOME = ("case-c31-premature-first-flop-card", "boxed-card-on-flop",
        "boxed-two-cards-omaha", "burn-card-exposed-on-turn")


@pytest.fixture(scope="module")
def hb():
    return read(None)


@pytest.fixture(scope="module")
def tasks(hb):
    return [Task(hb.rulings.scenarios[sid], hb.rulings.rulebooks) for sid in SOME]


@pytest.fixture(scope="module")
def alone(hb, tasks):
    """The records worked out one after the other in this process."""
    return analyse(hb.kb, tasks, workers=1)


def test_the_sequential_records_are_every_cell_in_order(hb, alone):
    books = [b.id for b in hb.rulings.rulebooks]
    assert list(alone) == [(sid, book) for sid in SOME for book in books]
    assert all(r is not None and (r.scenario, r.rulebook) == cell
               for cell, r in alone.items())


def test_the_local_cores_give_the_same_records(hb, tasks, alone):
    spread = analyse(hb.kb, tasks, workers=2)
    assert list(spread) == list(alone)
    assert repr(spread) == repr(alone)          # every field, the fractions' too


def test_a_dask_cluster_gives_the_same_records(hb, tasks, alone):
    """A worker in its own process: the knowledge base, the tasks and the records go
    through pickling both ways, as on a real cluster."""
    from dask.distributed import LocalCluster  # the extra: tools/install.sh test has it

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        found = analyse(hb.kb, tasks[:3], scheduler=cluster.scheduler_address)
    some = {cell: record for cell, record in alone.items() if cell[0] in SOME[:3]}
    assert list(found) == list(some) and repr(found) == repr(some)


def test_a_scheduler_without_workers_is_said_plainly(hb, tasks, monkeypatch):
    from dask.distributed import LocalCluster

    monkeypatch.setattr(batch, "WORKER_SECONDS", 0.5)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster, \
            pytest.raises(ClusterError, match=r"has no workers .*start one \(dask worker"):
        analyse(hb.kb, tasks[:1], scheduler=cluster.scheduler_address)


def test_a_failure_in_a_worker_is_a_cluster_error(hb, tasks, monkeypatch):
    """Anything but the hand's own ScenarioError (floorbook missing on a worker, a lost
    worker: ``KilledWorker``) is the cluster's failure, said in one line."""
    from dask.distributed import LocalCluster

    def failing(*args, **kwargs):
        raise ModuleNotFoundError("No module named 'kb'\n(on the worker)")

    monkeypatch.setattr(batch, "fairness", failing)     # the threads of this process
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, \
            pytest.raises(ClusterError) as caught:
        analyse(hb.kb, tasks[:1], scheduler=cluster.scheduler_address)
    assert str(caught.value) == (
        f"the Dask cluster at {cluster.scheduler_address} failed (ModuleNotFoundError: No "
        "module named 'kb' (on the worker)); check that its workers run and have this "
        "floorbook installed, and build again (or build without --scheduler)")


def test_a_cluster_that_finishes_nothing_is_given_up(hb, tasks, monkeypatch):
    """A stalled or lost worker whose tasks nobody takes: no hang, a ClusterError once
    no chunk finished in STALL_SECONDS."""
    import threading

    from dask.distributed import LocalCluster

    release = threading.Event()

    def stalled(*args, **kwargs):
        release.wait(30)
        raise batch.ScenarioError("x.yaml", 1, "released")

    monkeypatch.setattr(batch, "fairness", stalled)
    monkeypatch.setattr(batch, "STALL_SECONDS", 0.5)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        try:
            with pytest.raises(ClusterError, match=r"finished no task in 0\.5 s \(1 of 1 "
                                                   r"chunks left\); check that its workers"):
                analyse(hb.kb, tasks[:1], scheduler=cluster.scheduler_address)
        finally:
            release.set()                   # the worker's thread ends, the cluster closes


def test_build_on_a_scheduler_without_workers_fails_in_one_line(tmp_path, monkeypatch):
    from dask.distributed import LocalCluster

    monkeypatch.setattr(batch, "WORKER_SECONDS", 0.5)
    err = io.StringIO()
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster, \
            contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["build", "-q", "--no-cache", "-o", str(tmp_path / "site"),
                       "--scheduler", cluster.scheduler_address])
    assert status == 1
    assert err.getvalue() == (
        f"floorbook build: the Dask scheduler at {cluster.scheduler_address} has no "
        f"workers (none joined in 0.5 s); start one (dask worker "
        f"{cluster.scheduler_address}) and build again\n")
    assert not (tmp_path / "site").exists()


def test_a_hand_that_cannot_be_replayed_is_none_in_a_worker_too(hb, tasks, monkeypatch):
    real = batch.fairness

    def failing(kb, rulebook, scenario, seed=0, ruling=None):
        if scenario.id == SOME[1]:
            raise batch.ScenarioError("x.yaml", 3, "cannot be replayed")
        return real(kb, rulebook, scenario, seed, ruling=ruling)

    monkeypatch.setattr(batch, "fairness", failing)     # the forked workers inherit it
    found = analyse(hb.kb, tasks[:2], workers=2)
    assert [cell for cell, r in found.items() if r is None] == \
        [(SOME[1], b.id) for b in hb.rulings.rulebooks]


@pytest.fixture
def no_dask(monkeypatch):
    """Dask not installed, as in the default install (an import of it fails)."""
    for name in [n for n in sys.modules if n == "dask" or n.startswith("dask.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)


def test_without_dask_a_scheduler_says_what_to_install(hb, tasks, no_dask):
    with pytest.raises(ClusterError, match=r"install floorbook\[cluster\]"):
        analyse(hb.kb, tasks, scheduler="tcp://127.0.0.1:8786")


def test_build_scheduler_without_dask_is_a_usage_error(tmp_path, no_dask):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["build", "-o", str(tmp_path / "site"), "--scheduler",
                       "tcp://127.0.0.1:8786"])
    assert status == 2
    assert err.getvalue() == ("floorbook build: --scheduler needs Dask: install "
                              "floorbook[cluster] (pip install 'floorbook[cluster]')\n")
    assert not (tmp_path / "site").exists()


def test_a_scheduler_that_does_not_answer_is_said_plainly(monkeypatch):
    monkeypatch.setattr(batch, "CONNECT_SECONDS", 1)
    with pytest.raises(ClusterError, match=r"tcp://127\.0\.0\.1:9 cannot be reached"):
        batch.client_for("tcp://127.0.0.1:9")


def _die_unless_in(pid: int) -> _Dies:
    if os.getpid() != pid:
        os._exit(3)
    return _Dies()


class _Dies:
    """A scenario whose worker process dies as it receives it (``os._exit`` while
    unpickled, elsewhere than this process): a lost worker, as when a machine of the
    cluster goes down."""

    id = "dies"

    def __reduce__(self):
        return _die_unless_in, (os.getpid(),)


def test_a_lost_worker_is_a_cluster_error(hb):
    import dask
    from dask.distributed import LocalCluster

    # the scheduler gives a task up at once after its worker died (3 tries by default)
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                         dashboard_address=None) as cluster, \
            pytest.raises(ClusterError, match=r"failed \(KilledWorker: .*check that its "
                                              r"workers run"):
        analyse(hb.kb, [Task(_Dies(), hb.rulings.rulebooks[:1])],   # type: ignore[arg-type]
                scheduler=cluster.scheduler_address)


def test_a_peer_that_never_answers_is_given_up(monkeypatch):
    """A listener that accepts the connection and never says a word: Dask's own timeout
    waited for ever on the handshake (a fresh user's build hung until killed)."""
    import socket
    import threading
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    held: list = []
    threading.Thread(target=lambda: held.append(server.accept()), daemon=True).start()
    monkeypatch.setattr(batch, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        with pytest.raises(ClusterError, match="cannot be reached"):
            batch.client_for(address)
    finally:
        server.close()


@pytest.mark.parametrize("address", ["", "inproc://nothing", "localhost", "tcp://h:port",
                                     "tcp://h:1/x", "http://h:80"])
def test_build_refuses_what_is_no_scheduler_address(tmp_path, capsys, address):
    assert main(["build", "-q", "-o", str(tmp_path / "site"), "--scheduler", address]) == 2
    assert capsys.readouterr().err == (
        f"floorbook build: --scheduler: the Dask scheduler address {address!r} is not one: "
        "give it as tcp://HOST:PORT (or tls://HOST:PORT)\n")
    assert not (tmp_path / "site").exists()
