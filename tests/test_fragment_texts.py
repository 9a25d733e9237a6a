"""A fragment's slots filled as one Text node with the skeleton's text beside them, when
nothing can read the joint as one word, dash, ellipsis or smart quote
(:func:`kb.handbook.views.fragment.fill`): the same words for every writer, the search
index and smart quotes, in fewer nodes for every walk of a page."""

from __future__ import annotations

from docutils import nodes

from kb.handbook.views.fragment import Fragment, fill


def _filled(skeleton_text: str, fragment: Fragment) -> list[str]:
    paragraph = nodes.paragraph("", "", nodes.Text(skeleton_text))
    root = nodes.container("", paragraph)
    fill(root, fragment, "page")
    return [str(node) for node in paragraph.children]


def test_a_text_slot_between_spaces_and_a_semicolon_is_one_text_node():
    f = Fragment()
    text = f" {f.text('flop-games, draw-games')}; "
    assert _filled(text, f) == [" flop-games, draw-games; "]


def test_two_word_characters_at_a_joint_stay_two_nodes():
    # "Ah" + "s" would read as one word "Ahs" to the search index
    f = Fragment()
    assert _filled(f"{f.text('Ah')}s", f) == ["Ah", "s"]


def test_a_dash_a_dot_or_a_quote_at_a_joint_stays_two_nodes():
    # "-" + "-" would be an en dash to smart quotes; "35." + "A" the compound "35.A"
    for left, right in (("a-", "-b"), ("35.", "A"), ("Robert", "'s"), ("say \\", "\"x")):
        f = Fragment()
        assert _filled(f"{f.text(left)}{f.text(right)}", f) == [left, right]


def test_a_cross_reference_slot_stays_a_node_of_its_own():
    f = Fragment()
    kinds = [type(node).__name__ for node in _nodes(f"see {f.xref('prov', 'tda.x')} and", f)]
    assert kinds == ["Text", "pending_xref", "Text"]


def _nodes(skeleton_text: str, fragment: Fragment) -> list[nodes.Node]:
    paragraph = nodes.paragraph("", "", nodes.Text(skeleton_text))
    fill(nodes.container("", paragraph), fragment, "page")
    return list(paragraph.children)


def test_a_markdown_slot_s_own_texts_join_the_skeleton_s_text_beside_them():
    f = Fragment()
    kinds = [(type(node).__name__, node.astext())
             for node in _nodes(f"- {f.text('same-as')}: {f.markdown('The *same* rule')}", f)]
    assert kinds == [("Text", "- same-as: The "), ("emphasis", "same"), ("Text", " rule")]
