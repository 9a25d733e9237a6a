#!/bin/sh
# Set up floorbook on a fresh machine: Graphviz (for the handbook's graph pictures) where
# it is missing, a virtual environment in .venv, and the package (with the test extra and
# Chromium for the browser tests when called as `tools/install.sh test`; LaTeX for the
# printed handbook with `test` or `pdf`).  `tools/install.sh floors` is `test` into a
# second environment, .venv-floors, with the lowest release of each dependency that
# pyproject.toml claims (.ci/floors.txt), for .ci/run to test them.  Safe to run again:
# only what is missing is installed, with one `apt-get update` for all of it.
set -eu
cd "$(dirname "$0")/.."
WHAT=${1:-}
VENV=.venv
if [ "$WHAT" = floors ]; then WHAT=test VENV=.venv-floors FLOORS="-c .ci/floors.txt"; fi

DEBIAN=        # the Debian packages to install, with the packages they recommend
LEAN=          # ... and those to install without (TeX Live's recommends are hundreds of MB)
MISSING=       # what they are for, for the message of a machine with neither

if ! command -v dot >/dev/null 2>&1; then
  DEBIAN="$DEBIAN graphviz"
  MISSING="$MISSING Graphviz (https://graphviz.org/download/);"
fi

# The browser tests (tests/browser) drive Debian's Chromium through Playwright, which is
# never let download a browser of its own.
if [ "$WHAT" = test ] && ! command -v chromium >/dev/null 2>&1 \
    && ! command -v chromium-browser >/dev/null 2>&1; then
  DEBIAN="$DEBIAN chromium"
  MISSING="$MISSING Chromium (the browser tests look for 'chromium' on PATH);"
fi

# The printed handbook (floorbook build --pdf, and its test) is made by LaTeX: latexmk,
# pdfLaTeX and the LaTeX packages Sphinx's output and kb/handbook/printing/floorbook.sty load
# (kb.handbook.printing.pdf.STYLES).  `tools/install.sh pdf` installs only these and the package.
if { [ "$WHAT" = test ] || [ "$WHAT" = pdf ]; } && { ! command -v latexmk >/dev/null 2>&1 \
    || ! kpsewhich fncychap.sty capt-of.sty tabulary.sty tgtermes.sty pifont.sty >/dev/null 2>&1; }; then
  LEAN="latexmk texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended tex-gyre"
  MISSING="$MISSING a TeX Live with latexmk (macOS: brew install --cask mactex-no-gui);"
fi

if [ -n "$DEBIAN$LEAN" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "Installing the Debian packages:$DEBIAN $LEAN ..."
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086  # one word per package
    [ -z "$DEBIAN" ] || $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      $DEBIAN >/dev/null
    # shellcheck disable=SC2086
    [ -z "$LEAN" ] || $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends $LEAN >/dev/null
  elif command -v brew >/dev/null 2>&1 && [ "$DEBIAN$LEAN" = " graphviz" ]; then
    brew install graphviz
  else
    echo "Missing, and this machine has no apt-get:$MISSING install them and run this" \
         "again." >&2
    exit 1
  fi
fi

PYTHON=${PYTHON:-python3}
[ -x $VENV/bin/python ] || "$PYTHON" -m venv $VENV
$VENV/bin/python -m pip install -q --upgrade pip >/dev/null
# shellcheck disable=SC2086  # FLOORS is two words, or none
if [ "$WHAT" = test ]; then
  # the extra `cluster` (Dask) too: tests/test_fairness_batch.py runs a LocalCluster
  $VENV/bin/python -m pip install -qq ${FLOORS:-} -e '.[test,cluster]'
else
  $VENV/bin/python -m pip install -qq -e .
fi
