"""Fixtures shared by the test files."""

import atexit
import os
import shutil
import tempfile

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


@pytest.fixture(scope="session")
def kb():
    """The bundled knowledge base, loaded once."""
    return load_knowledge_base()
