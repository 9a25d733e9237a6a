"""Browser tests of the built handbook (a package, so that its conftest and the one in tests/
are two modules: pytest's doctest collection imports both)."""
