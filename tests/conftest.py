"""Fixtures shared by the test files, and the ``slow`` mark of the files that take long."""

import atexit
import contextlib
import io
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kb.hand.table import check_tables
from kb.knowledge.load import load_knowledge_base

# Tests replay with the table's invariant checked after every event (off by default for
# speed), in this process and in the child processes they start.
os.environ["FLOORBOOK_CHECK_TABLES"] = "1"
check_tables(True)

# What `floorbook check` keeps between runs goes to a folder of this test run's, never the
# user's ~/.cache (child processes inherit it); removed when the run ends.
os.environ["FLOORBOOK_CACHE_DIR"] = tempfile.mkdtemp(prefix="floorbook-test-cache-")
atexit.register(shutil.rmtree, os.environ["FLOORBOOK_CACHE_DIR"], ignore_errors=True)

CHECKOUT = Path(__file__).resolve().parent.parent

#: The test files (paths from the top of the checkout; a folder: every file in it) that
#: take longest, each about five seconds or more on a quiet 2-core machine:
#: `pytest -m "not slow"` leaves them out (the inner loop, about a minute); `pytest` and
#: .ci/run run them.  The printed handbooks (LaTeX), the browser, the property tests
#: (invariants, hostile inputs), the benchmarks, the wheel, the builds of whole sites,
#: every scenario ruled again, pytest or floorbook run in a child process.
SLOW = (
    "tests/browser",
    "tests/test_bench.py",
    "tests/test_bench_log.py",
    "tests/test_bench_compare.py",
    "tests/test_blind_views.py",
    "tests/test_build_damaged.py",
    "tests/test_build_faults.py",
    "tests/test_build_leftovers.py",
    "tests/test_clean_output.py",
    "tests/test_cli_conventions.py",
    "tests/test_doctrees_trusted.py",
    "tests/test_decision_log.py",
    "tests/test_export.py",
    "tests/test_followups_house.py",
    "tests/test_hostile.py",
    "tests/test_hostile_pages.py",
    "tests/test_hostile_pages_limits.py",
    "tests/test_house_check.py",
    "tests/test_house_publish.py",
    "tests/test_invariants.py",
    "tests/test_invariants_fixes.py",
    "tests/test_invariants_rough.py",
    "tests/test_kept_rulings.py",
    "tests/test_log_export.py",
    "tests/test_many_items.py",
    "tests/test_parallel_build.py",
    "tests/test_parents_unwritten.py",
    "tests/test_parse_direct.py",
    "tests/test_pdf.py",
    "tests/test_pdf_house.py",
    "tests/test_pdf_rulings.py",
    "tests/test_plugin.py",
    "tests/test_precedents.py",
    "tests/test_rebase.py",
    "tests/test_rebuild_pages.py",
    "tests/test_ruling_diff.py",
    "tests/test_sphinx_handbook.py",
    "tests/test_starter_positions.py",
    "tests/test_sphinx_incremental.py",
    "tests/test_wheel.py",
)


def pytest_collection_modifyitems(config, items):
    """Mark the items of the :data:`SLOW` files ``slow``; refuse a test id that holds this
    machine's path to the checkout or its temporary folder (ids are the same on every
    machine, so that ``-k`` and a failure's name mean the same everywhere)."""
    missing = [name for name in SLOW if not (CHECKOUT / name).exists()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py: SLOW names {missing}, which do not "
                                "exist; rename or remove them there")
    slow = tuple(CHECKOUT / name for name in SLOW)
    machine = (str(CHECKOUT), tempfile.gettempdir() + os.sep)
    for item in items:
        if any(item.path == path or path in item.path.parents for path in slow):
            item.add_marker(pytest.mark.slow)
        if any(part in item.nodeid for part in machine):
            raise pytest.UsageError(f"{item.nodeid}: the test id holds a path of this "
                                    "machine; give the parameter an id (pytest.param(..., "
                                    "id=...)) that names it without its folder")


@pytest.fixture(scope="session")
def kb():
    """The bundled knowledge base, loaded once."""
    return load_knowledge_base()


@pytest.fixture(scope="session")
def handbook(tmp_path_factory) -> Path:
    """The bundled handbook, built once for the whole test session as ``floorbook build -o
    SITE`` builds it (warnings are errors); the folder ``SITE`` (holding index.html; its
    doctrees beside it, in ``.SITE.doctrees``).  Tests read it and never write into it."""
    from kb.cli import main

    out = tmp_path_factory.mktemp("handbook") / "site"
    errors = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        status = main(["build", "-o", str(out)])
    if status != 0:
        pytest.fail(f"floorbook build -o {out} exited {status}:\n{errors.getvalue()}",
                    pytrace=False)
    return out
