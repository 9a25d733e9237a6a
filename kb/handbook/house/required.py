"""The rules page's "What our regulator requires us to state": each point a regulator in the
house file's stack requires every house rulebook to state, what the house says on it, and
the regulator's rule (:func:`kb.house.requirements.required_points`).

What the house says is untrusted one-line text: it becomes a :class:`docutils.nodes.Text`
node, never markup.  A point the house has not stated is ``rulebook check``'s problem, and
``floorbook rulebook build`` checks first; a site built without that check
(:func:`kb.handbook.house.publish.publish`) says the point is not stated rather than
leaving it out.

>>> from kb.house.spec import parse_house_text
>>> from kb.knowledge.load import load_knowledge_base
>>> spec = parse_house_text("id: house.a@1\\ntitle: A\\nbase: tda@2024\\n", "a.yaml")
>>> required_section(load_knowledge_base(), spec)
[]
"""

from __future__ import annotations

from docutils import nodes

from kb.handbook.house import nodes as hn
from kb.house.requirements import Required, required_points
from kb.house.spec import HouseSpec
from kb.knowledge.model import KnowledgeBase

TITLE = "What our regulator requires us to state"


def required_section(kb: KnowledgeBase, spec: HouseSpec) -> list[nodes.Node]:
    """The section (one node in a list), or no node when no book in the stack requires a
    point."""
    points = required_points(kb, spec)
    if not points:
        return []
    intro = hn.para("Our regulator requires every house rulebook to state the points "
                    "below; each shows what our rules say and the regulator's rule.")
    items = nodes.bullet_list(classes=["floorbook-house-required"])
    for point in points:
        items += nodes.list_item("", *_point(point))
    return [hn.section("regulator-requires", TITLE, intro, items)]


def _point(point: Required) -> list[nodes.Node]:
    says = point.says or "Not stated in our rules yet."
    return [hn.para(hn.strong(point.title), ": ", says),
            hn.para(f"Required by {point.cited}.", classes=("floorbook-house-required-by",))]
