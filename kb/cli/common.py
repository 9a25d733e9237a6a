"""What every command shares: the path type of file options and the printing of problems."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def path_argument(text: str) -> Path:
    """argparse type of a file or folder option: an empty path is a usage error (it would
    mean the current folder)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or folder; give one")
    return Path(text)


def fail(lines) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return 1
