#!/bin/sh
# Set up floorbook on a fresh machine: Graphviz (for the handbook's graph pictures) where
# it is missing, a virtual environment in .venv, and the package (with the test extra and
# Chromium for the browser tests when called as `tools/install.sh test`; LaTeX for the
# printed handbook with `test` or `pdf`).  Safe to run again.
set -eu
cd "$(dirname "$0")/.."

if ! command -v dot >/dev/null 2>&1; then
  echo "Installing Graphviz (the 'dot' program)..."
  if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq graphviz >/dev/null
  elif command -v brew >/dev/null 2>&1; then
    brew install graphviz
  else
    echo "Graphviz is missing and this machine has neither apt-get nor brew: install it" \
         "from https://graphviz.org/download/ and run this again." >&2
    exit 1
  fi
fi

# The browser tests (tests/browser) drive Debian's Chromium through Playwright, which is
# never let download a browser of its own.
if [ "${1:-}" = test ] && ! command -v chromium >/dev/null 2>&1 \
    && ! command -v chromium-browser >/dev/null 2>&1; then
  echo "Installing Chromium (for the browser tests)..."
  if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing and this machine has no apt-get: install Chromium (the" \
         "browser tests look for 'chromium' or 'chromium-browser' on PATH) and run this again." >&2
    exit 1
  fi
fi

# The printed handbook (floorbook build --pdf, and its test) is made by LaTeX: latexmk,
# pdfLaTeX and the LaTeX packages Sphinx's output and kb/handbook/floorbook.sty load
# (kb.handbook.pdf.STYLES).  `tools/install.sh pdf` installs only these and the package.
if { [ "${1:-}" = test ] || [ "${1:-}" = pdf ]; } && { ! command -v latexmk >/dev/null 2>&1 \
    || ! kpsewhich fncychap.sty capt-of.sty tabulary.sty tgtermes.sty pifont.sty >/dev/null 2>&1; }; then
  echo "Installing LaTeX (for the printed handbook)..."
  if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      latexmk texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended \
      tex-gyre >/dev/null
  else
    echo "LaTeX is missing and this machine has no apt-get: install a TeX Live with" \
         "latexmk (macOS: brew install --cask mactex-no-gui) and run this again." >&2
    exit 1
  fi
fi

PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
if [ "${1:-}" = test ]; then
  .venv/bin/python -m pip install -qq -e '.[test]'
else
  .venv/bin/python -m pip install -qq -e .
fi
