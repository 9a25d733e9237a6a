"""A data folder whose pages are hostile, and the two ways of building it: floorbook's
(warnings are errors: nothing is written) and a lenient one, as ``sphinx-build`` without
``-W`` would with the ``conf.py`` that ``floorbook init`` writes, whose site shows what
the refusals take out of a page."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

from kb.cli import main
from kb.handbook.sitebuild.pages import default_pages, write_pages
from kb.knowledge.load import load_knowledge_base

KB_SMALL = Path(__file__).parent / "data" / "kb-small"
#: The page of the default pages that the hostile text goes into.
PAGE = "errata.md"


#: Links that would run script (the pages' lines are checked by the tests).
LINKS = """```{eval-rst}
`one <javascript:alert(1)>`_ and `two <JaVaScRiPt:alert(2)>`_

.. _three: vbscript:msgbox(3)

`three`_ and `four <data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==>`_

.. figure:: pic.png
   :target: java&#x09;script:alert(5)
```

```{button-link} javascript:alert(6)
Six
```

:::{card} Seven
:link: javascript:alert(7)
A card.
:::

```{toctree}
javascript://%0Aalert(8)
```

{download}`nine <javascript://%0Aalert(9)>`
"""


def picture(data: Path) -> None:
    """A one-pixel PNG as ``pic.png`` in ``data``'s pages."""
    (data / "pages" / "pic.png").write_bytes(bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
        "0000000d4944415478da63f8ffff3f0005fe02fea7d6a4530000000049454e44ae426082"))


#: Images that would be fetched from another site.
REMOTE = """![remote](https://evil.example/a.png)

```{eval-rst}
.. image:: http://evil.example/b.png

.. figure:: //evil.example/c.png
```

:::{card} A card
:img-top: https://evil.example/d.png
A card.
:::
"""


def build(data: Path, out: Path, capsys, *options: str) -> tuple[int, str]:
    """``floorbook build -q --data DATA -o OUT [options]``: exit status and stderr."""
    capsys.readouterr()
    status = main(["build", "-q", "--data", str(data), "-o", str(out), *options])
    return status, capsys.readouterr().err


def refused(err: str, data: Path, line: int, words: str) -> None:
    """``err`` holds a warning at ``<page>:line`` matching ``words``."""
    at = f"{data / 'pages' / PAGE}:{line}: "
    lines = [text for text in err.splitlines() if text.startswith(at)]
    assert any(re.search(words, text, re.I) for text in lines), f"no {at}{words} in:\n{err}"


def page_line(data: Path, text: str) -> int:
    """The line of the hostile page that holds ``text`` (the first)."""
    lines = (data / "pages" / PAGE).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def hostile_data(folder: Path, text: str, *, front: str = "") -> Path:
    """``folder/data``: the small knowledge base with its default pages, ``text``
    appended to its errata page and ``front`` (YAML, without its ``---`` lines) put
    before it as front matter."""
    data = folder / "data"
    shutil.copytree(KB_SMALL, data)
    write_pages(default_pages(load_knowledge_base(data)), data / "pages")
    page = data / "pages" / PAGE
    body = page.read_text(encoding="utf-8")
    page.write_text((f"---\n{front}---\n" if front else "") + body + "\n" + text,
                    encoding="utf-8")
    return data


def lenient_build(data: Path, out: Path, builder: str = "html") -> str:
    """Build ``data``'s pages into ``out`` with floorbook's settings but warnings not
    errors; returns the warnings."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    from kb.handbook.sitebuild import config

    overrides = {name: getattr(config, name) for name in config.__all__}
    overrides["floorbook_data_dir"] = str(data.resolve())
    warnings = io.StringIO()
    with patch_docutils(data / "pages"), docutils_namespace():
        app = Sphinx(data / "pages", None, out, out.parent / f"{out.name}.doctrees",
                     builder, confoverrides=overrides, status=None, warning=warnings)
        app.build()
    return warnings.getvalue()


def site_text(site: Path) -> str:
    """Every file of the site ``site`` as text, one after the other."""
    return "\n".join(path.read_text(encoding="utf-8", errors="replace")
                     for path in sorted(site.rglob("*")) if path.is_file())
