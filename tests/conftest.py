"""Fixtures shared by the test files."""

import pytest

from kb.knowledge.load import load_knowledge_base


@pytest.fixture(scope="session")
def kb():
    """The bundled knowledge base, loaded once."""
    return load_knowledge_base()
