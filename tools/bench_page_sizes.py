"""The weight of the handbook's pages: every HTML page over a limit, and the largest.

Usage: python tools/bench_page_sizes.py [SITE] [--against OTHER] [--limit KB] [--top N]

Without ``SITE`` it builds the bundled handbook (``floorbook build``, a child process)
into a temporary folder and measures that; with it, it reads the built site ``SITE``.
A page's weight is its HTML file's size in bytes (what a phone fetches first, before the
shared styles and scripts it caches); 1 KB is 1,000 bytes.  It prints every page over
``--limit`` (300 KB: a phone on a card room's Wi-Fi, issue 23) and the ``--top`` largest,
and exits 1 when a reader's page is over the limit; a contributor's page (under ``dev/``,
and ``benchmarks.html``) is listed, marked, and does not fail it.

``--against OTHER`` pairs the figures with another built site, such as the handbook
built from an earlier commit (``git archive`` it, build it, pass its folder): each listed
page's size there and here, with the ratio, and the totals.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

#: Pages for the project's contributors, not for the floor: not held to the limit.
CONTRIBUTOR = ("dev/", "benchmarks.html")

#: A reader's page may weigh this many KB of HTML (issue 23).
LIMIT_KB = 300


def page_sizes(site: Path) -> dict[str, int]:
    """Every HTML page under ``site``: its path relative to ``site`` (``topics/x.html``)
    -> its size in bytes, largest first (ties by path).  The theme's and the extension's
    static files (``_static/``, ``_images/``, ``_sources/``) are not pages.

    >>> import tempfile; site = Path(tempfile.mkdtemp())
    >>> _ = (site / "a.html").write_text("x" * 5); _ = (site / "b.html").write_text("y")
    >>> page_sizes(site)
    {'a.html': 5, 'b.html': 1}
    """
    sizes = {p.relative_to(site).as_posix(): p.stat().st_size
             for p in Path(site).rglob("*.html") if p.is_file()
             and not p.relative_to(site).as_posix().startswith(("_static/", "_images/",
                                                                  "_sources/"))}
    return dict(sorted(sizes.items(), key=lambda item: (-item[1], item[0])))


def is_reader_page(path: str) -> bool:
    """Whether ``path`` (relative to the site) is a page for readers, held to the limit.

    >>> is_reader_page("topics/boxed-cards.html"), is_reader_page("dev/architecture.html")
    (True, False)
    """
    return not path.startswith(CONTRIBUTOR)


def oversized(site: Path, limit_kb: int = LIMIT_KB) -> list[tuple[str, int]]:
    """The reader's pages of ``site`` over ``limit_kb`` KB: (path, bytes), largest
    first; empty when every reader's page is within the limit."""
    return [(path, size) for path, size in page_sizes(site).items()
            if size > limit_kb * 1000 and is_reader_page(path)]


def _kb(size: int | None) -> str:
    return "-" if size is None else f"{size / 1000:,.1f} KB"


def report(site: Path, against: Path | None, limit_kb: int, top: int) -> list[str]:
    """The lines the tool prints for ``site`` (paired with ``against`` when given)."""
    sizes = page_sizes(site)
    before = page_sizes(against) if against else {}
    over = [p for p, s in sizes.items() if s > limit_kb * 1000]
    was_over = [p for p, s in before.items() if s > limit_kb * 1000 and p not in over]

    def line(path: str) -> str:
        mark = "" if is_reader_page(path) else "  (contributor page)"
        if not against:
            return f"  {_kb(sizes[path]):>12}  {path}{mark}"
        now = _kb(sizes[path]) if path in sizes else "gone"
        ratio = (f"{sizes[path] / before[path]:6.2f}x" if before.get(path) and path in sizes
                 else "    new" if path in sizes else "")
        return f"  {_kb(before.get(path)):>12} -> {now:>12} {ratio:>7}  {path}{mark}"

    lines = [f"{len(sizes)} pages, {_kb(sum(sizes.values()))} of HTML"
             + (f" (against {len(before)} pages, {_kb(sum(before.values()))})" if against
                else ""),
             f"over {limit_kb} KB: {len(over)}"]
    lines += [line(p) for p in over]
    if against:
        lines.append(f"over {limit_kb} KB against {against} only: {len(was_over)}")
        lines += [line(p) for p in was_over]
    lines.append(f"the {min(top, len(sizes))} largest:")
    lines += [line(p) for p in list(sizes)[:top]]
    return lines


def build_handbook(out: Path) -> None:
    """Build the bundled handbook into ``out`` as a user does (``python -m kb build``);
    SystemExit with the build's own message if it fails."""
    done = subprocess.run([sys.executable, "-m", "kb", "build", "-q", "-o", str(out)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"floorbook build failed:\n{done.stderr}")


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("site", nargs="?", type=Path,
                         help="a built site (default: build the bundled handbook)")
    options.add_argument("--against", type=Path, help="another built site to pair with")
    options.add_argument("--limit", type=int, default=LIMIT_KB,
                         help=f"KB a reader's page may weigh (default {LIMIT_KB})")
    options.add_argument("--top", type=int, default=10, help="largest pages listed")
    args = options.parse_args(argv)
    for folder in (args.site, args.against):
        if folder is not None and not (folder / "index.html").is_file():
            options.error(f"{folder}: not a built site (no index.html)")
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_handbook(site)
        print("\n".join(report(site, args.against, args.limit, args.top)))
        return 1 if oversized(site, args.limit) else 0


if __name__ == "__main__":
    sys.exit(main())
