"""The printed handbook's figures: pages, size, paper, and how long the site and the PDF
took, for docs/benchmarks.md ("The printed handbook").

    python tools/bench_pdf.py                     # A4, one-sided, into a new temporary folder
    python tools/bench_pdf.py --paper letter --two-sided --data DIR
    python tools/bench_pdf.py --with-examples --keep /tmp/floorbook.pdf

Runs ``python -m kb build -o TMP --pdf`` as a child process under SOURCE_DATE_EPOCH
(the same PDF each time), then reads the PDF with pypdf: its pages, the pages of each
chapter (the outline's top level), its size in bytes and its page size.  The times are
those the build prints (the site's, then the PDF's own); the CPU time is the child's and
its children's (LaTeX), from the operating system.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader


def chapters(reader: PdfReader) -> list[tuple[str, int]]:
    """Each top-level bookmark's title and how many pages its chapter runs to."""
    starts = [(reader.get_destination_page_number(item), item.title)
              for item in reader.outline if not isinstance(item, list)]
    ends = [start for start, _ in starts[1:]] + [len(reader.pages)]
    return [(title, end - start) for (start, title), end in zip(starts, ends, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    parser.add_argument("--two-sided", action="store_true")
    parser.add_argument("--data", default=None, help="a knowledge base folder")
    parser.add_argument("--with-examples", action="store_true",
                        help="print the bundled example house books too")
    parser.add_argument("--keep", type=Path, default=None,
                        help="copy the PDF to this file (to look at its pages)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as work:
        out = Path(work) / "site"
        command = [sys.executable, "-m", "kb", "build", "-o", str(out), "--pdf",
                   "--paper", args.paper, "--no-cache"]
        command += ["--two-sided"] if args.two_sided else []
        command += ["--data", args.data] if args.data else []
        command += ["--with-examples"] if args.with_examples else []
        started, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
        child = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=False,
                               env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
        after, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic() - started
        said = child.stdout
        if child.returncode:
            print(said, file=sys.stderr)
            return 1
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        pdf = out / "floorbook.pdf"
        if args.keep:
            shutil.copyfile(pdf, args.keep)
        reader = PdfReader(pdf)
        box = reader.pages[0].mediabox
        site = re.search(r"written, ([\d.]+) s", said)
        printed = re.search(r"the PDF printed in ([\d.]+) s", said)
        print(f"pages: {len(reader.pages)}  size: {pdf.stat().st_size} bytes  "
              f"paper: {float(box.width):.0f} x {float(box.height):.0f} pt")
        print(f"site: {site.group(1) if site else '?'} s  PDF: "
              f"{printed.group(1) if printed else '?'} s  wall: {wall:.1f} s  CPU: {cpu:.1f} s")
        for title, count in chapters(reader):
            print(f"  {count:4d}  {title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
