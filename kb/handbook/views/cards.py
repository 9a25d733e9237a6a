"""Playing cards drawn inline: rank and suit symbol, red for hearts and diamonds.

A :class:`card` node holds the card's notation as its text ("Ah"), so search, the text
builders and screen readers read "Ah"; the HTML visitor adds the face ("A♥", hidden from
screen readers) styled by ``static/floorbook.css``.  Other builders fall back to
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


def visit_card_html(self, node: card) -> None:
    """HTML: ``<span class="floorbook-card" title="Ah"><span aria-hidden>A♥</span>`` and
    the notation in a visually hidden span (read by screen readers and copied as text)."""
    self.body.append(self.starttag(node, "span", "", title=node["card"]))
    self.body.append(f'<span class="floorbook-face" aria-hidden="true">'
                     f'{escape(face(node["card"]))}</span><span class="floorbook-sr">')


def depart_card_html(self, node: card) -> None:
    """HTML: close the spans :func:`visit_card_html` opened."""
    self.body.append("</span></span>")


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
