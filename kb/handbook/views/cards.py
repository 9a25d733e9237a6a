"""Playing cards drawn inline: rank and suit symbol, red for hearts and diamonds.

A :class:`card` node holds the card's notation as its text ("Ah"), so search and the text
builders read "Ah"; the HTML visitor writes the face ("A♥", which a screen reader reads as
"A black heart suit") with the notation as its title, styled by ``static/floorbook.css``.
One ``<span>`` a card: a topic's matrix holds a thousand cards and more, and a phone on a
card room's Wi-Fi loads the page (a face and a hidden notation each in a span of its own
were two thirds of a card's bytes).  Other builders fall back to
``inline`` (Sphinx dispatches visitors along the class hierarchy) and print "Ah"; the
LaTeX visitor prints the face with its suit symbol (the printed handbook).
"""

from __future__ import annotations

from html import escape

from docutils import nodes

from kb.hand.cards import JOKER, is_card

SUIT_SYMBOL = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
RED_SUITS = {"h", "d"}


class card(nodes.inline):
    """One card; ``node["card"]`` is its notation (``"Ah"``, ``"Td"``, ``"Jk"``)."""


def face(code: str) -> str:
    """What the card shows: ``"A♥"``, ``"10♦"``, ``"Joker"``; other text as itself."""
    if code == JOKER:
        return "Joker"
    if not is_card(code):
        return code
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOL[code[1]]


def card_node(code: str) -> card:
    """The node of one card (a red card gets class ``floorbook-red``)."""
    red = is_card(code) and code != JOKER and code[1] in RED_SUITS
    classes = ["floorbook-card"] + (["floorbook-red"] if red else [])
    return card(code, code, card=code, classes=classes)


def cards_node(codes, empty: str = "none") -> nodes.inline:
    """Several cards in a row; the word ``empty`` when there are none."""
    row = nodes.inline(classes=["floorbook-cards"])
    for i, code in enumerate(codes):
        if i:
            row += nodes.Text(" ")
        row += card_node(code)
    if not codes:
        row += nodes.Text(empty)
    return row


def card_html(code: str, classes: str, encode=escape) -> str:
    """One card's HTML: ``<span class="floorbook-card" title="Ah">A♥</span>``, the face as
    its text and the notation as its title; ``classes`` the node's classes, ``encode``
    the writer's text encoder.

    >>> card_html("Td", "floorbook-card floorbook-red")
    '<span class="floorbook-card floorbook-red" title="Td">10♦</span>'
    """
    return f'<span class="{classes}" title="{escape(code)}">{encode(face(code))}</span>'


def visit_card_html(self, node: card) -> None:
    """HTML: :func:`card_html`; the node's text is not written again."""
    self.body.append(card_html(node["card"], " ".join(node["classes"]), self.encode))
    raise nodes.SkipNode


def depart_card_html(self, node: card) -> None:
    """HTML: nothing (:func:`visit_card_html` wrote the whole card)."""


def visit_card_latex(self, node: card) -> None:
    """LaTeX (the printed handbook): the face, ``\\floorbookcard{A}{h}`` from
    ``floorbook.sty`` (rank in bold, the suit symbol, red for hearts and diamonds); a
    joker or other text as its words.  The node's text is not printed again."""
    code = node["card"]
    if is_card(code) and code != JOKER:
        self.body.append(rf"\floorbookcard{{{face(code)[:-1]}}}{{{code[1]}}}")
    else:
        self.body.append(self.encode(face(code)))
    raise nodes.SkipNode
