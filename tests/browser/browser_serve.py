"""Serving a built site to the browser tests: ``http://127.0.0.1:<free port>/`` from a
thread of the test process, for the handbook (``conftest.base_url``) and for any other
site a test builds (a hostile data folder's, a house rulebook's)."""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves the site's files without a log line per request on stderr."""

    def log_message(self, format, *args):
        pass


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Meanwhile, ``folder`` is served on 127.0.0.1 by a daemon thread; yields its URL,
    ``http://127.0.0.1:<free port>/``.  The server is shut down after the block."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name=f"serving {folder.name}",
                              daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
