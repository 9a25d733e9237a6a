"""A provision's ``requires``: the points a regulator's rule says every house rulebook
under it must state (docs/dev/data-format.md).  Built from entries the provisions schema
accepted (a point id, a one-line title); a point listed twice is the loader's problem
(:func:`kb.knowledge.load.duplicates`), and a house file that leaves a point unstated is
:mod:`kb.house.requirements`'s.

>>> from kb.files import parse_text
>>> node = parse_text("requires:\\n  - {point: cut-card, title: Whether a cut card is used}\\n",
...                   "sd.yaml")
>>> [(r.point, r.title, str(r.at("point"))) for r in requirements(node)]
[('cut-card', 'Whether a cut card is used', 'sd.yaml:2')]
"""

from __future__ import annotations

from kb.files import Mapping
from kb.knowledge.model import Location, Requirement


def requirements(node: Mapping) -> tuple[Requirement, ...]:
    """The :class:`~kb.knowledge.model.Requirement` records of the provision ``node`` (a
    mapping as :func:`kb.files.parse_text` reads it), in file order; none without
    ``requires``.  Each knows the lines of its point and title."""
    return tuple(Requirement(item["point"], item["title"].strip(),
                             Location(item.file, item.line),
                             {(key, None): item.value_line(key) for key in ("point", "title")})
                 for item in node.get("requires", ()))
