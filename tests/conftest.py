"""Fixtures shared by the test files."""

import os

import pytest

from kb.hand.table import check_tables
from kb.knowledge.load import load_knowledge_base

# Tests replay with the table's invariant checked after every event (off by default for
# speed), in this process and in the child processes they start.
os.environ["FLOORBOOK_CHECK_TABLES"] = "1"
check_tables(True)


@pytest.fixture(scope="session")
def kb():
    """The bundled knowledge base, loaded once."""
    return load_knowledge_base()
