"""The handbook's extensions declare themselves safe to read and write in parallel
(``parallel_read_safe``, ``parallel_write_safe``): a build with two processes (Sphinx's
``-j 2``) is the serial build, byte for byte."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import sphinx.application

from kb.cli import main


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_a_build_in_two_processes_is_the_serial_build_byte_for_byte(handbook, tmp_path,
                                                                    monkeypatch):
    made: list[sphinx.application.Sphinx] = []

    class Parallel(sphinx.application.Sphinx):
        """Sphinx as ``sphinx-build -j 2`` makes it (floorbook build has no -j)."""

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **{**kwargs, "parallel": 2})
            made.append(self)

    # the build imports Sphinx from sphinx.application when it runs
    monkeypatch.setattr(sphinx.application, "Sphinx", Parallel)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["build", "-o", str(tmp_path / "site")]) == 0
    [app] = made
    # every extension said it is parallel safe, so Sphinx read and wrote in two processes
    assert app.is_parallel_allowed("read") and app.is_parallel_allowed("write")
    assert app.builder.parallel_ok
    serial, parallel = _files(handbook), _files(tmp_path / "site")
    assert sorted(parallel) == sorted(serial)
    assert [name for name in serial if parallel[name] != serial[name]] == []
