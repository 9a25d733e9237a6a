"""``python -m kb``: the floorbook command line (:mod:`kb.cli`)."""

from kb.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
