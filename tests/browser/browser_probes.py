"""What the browser tests read off a rendered page: search results, sideways scroll, the
height of a picture's text, background colours.  Each function takes a Playwright page
and returns plain Python values, so the tests assert on numbers and strings."""

from __future__ import annotations

import re
from urllib.parse import quote

#: The search page's status line once every result is shown (Sphinx's searchtools.js).
_SEARCH_DONE = "#search-results > h2:text-is('Search Results')"


def search(open_page, query: str, **options) -> tuple[list[tuple[str, str]], object]:
    """Search the handbook for ``query`` as a reader does, through search.html?q=.

    Returns ``([(title, href), ...], page)``: the results in the order shown (href
    relative to the site, without its query string) and the page, for more questions."""
    page = open_page(f"search.html?q={quote(query)}", **options)
    search_done(page)
    links = page.eval_on_selector_all(
        "#search-results ul.search > li > a",
        "links => links.map(a => [a.textContent.trim(), a.getAttribute('href')])")
    return [(title, re.sub(r"\?[^#]*", "", href)) for title, href in links], page


def search_done(page) -> None:
    """Wait until the search page has shown every result of its query."""
    page.wait_for_selector(_SEARCH_DONE)


def sideways_overflow(page) -> int:
    """How many CSS px the page is wider than its window (0: no sideways scroll)."""
    return page.evaluate(
        "() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


def widest_elements(page, limit: int = 5) -> list[str]:
    """The elements reaching furthest past the window's right edge, as 'tag.class: right
    edge px', to say in a failure message what makes the page scroll sideways."""
    return page.evaluate("""limit => {
      const out = [];
      for (const el of document.body.querySelectorAll('*')) {
        if (el.closest('.toc-drawer, .sidebar-drawer')) continue;   // furo's, off screen
        const right = el.getBoundingClientRect().right;
        if (right > window.innerWidth + 0.5)
          out.push([right, el.tagName.toLowerCase() + '.' + [...el.classList].join('.')]);
      }
      out.sort((a, b) => b[0] - a[0]);
      return out.slice(0, limit).map(([right, name]) => `${name}: ${Math.round(right)}`);
    }""", limit)


# Every graph picture's <text> elements, as [picture, text, rendered height px]: an SVG in
# the page, or one embedded by <object> (its document, same origin on localhost). The
# height is the smaller of the text's box and its font size as drawn (the font size times
# the picture's scale), so neither a tall box nor a large font alone passes. A picture
# shown by <img> has no DOM to measure, so it is reported with height -1.
_PICTURE_TEXTS = """() => {
  const rows = [];
  const measure = (name, svg) => {
    const view = svg.ownerDocument.defaultView;
    for (const t of svg.querySelectorAll('text')) {
      const box = t.getBoundingClientRect();
      const m = t.getScreenCTM();
      const scale = m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
      const size = parseFloat(view.getComputedStyle(t).fontSize) * scale;
      if (box.width > 0) rows.push([name, t.textContent.trim(), Math.min(box.height, size)]);
    }
  };
  document.querySelectorAll('svg').forEach((svg, i) => {
    if (svg.querySelector('g.graph')) measure('inline svg ' + i, svg);
  });
  for (const object of document.querySelectorAll('object[type="image/svg+xml"]')) {
    const doc = object.contentDocument;
    const svg = doc && doc.querySelector('svg');
    if (!svg) { rows.push([object.data, '(not loaded)', -1]); continue; }
    measure(object.getAttribute('data'), svg);
  }
  for (const img of document.querySelectorAll('.graphviz img, img.graphviz'))
    rows.push([img.getAttribute('src'), '(an <img>: text not measurable)', -1]);
  return rows;
}"""


def picture_text_heights(page) -> list[tuple[str, str, float]]:
    """``[(picture, text, height px), ...]`` for every text of every graph picture on the
    page, as rendered at its current size (height -1: could not be measured)."""
    page.wait_for_load_state("load")        # <object> documents load with the page
    return [tuple(row) for row in page.evaluate(_PICTURE_TEXTS)]


# The colour each picture, table and panel (sphinx-design's cards, Find a ruling's choices
# and results) is seen against: the first ancestor (or the element itself) whose background
# is not transparent; inside a graph picture the fill of Graphviz's background polygon (the
# first polygon of <g class="graph">) and of its nodes; inside a table its cells' and its
# playing cards' backgrounds. Icons (small SVGs without a graph) are not pictures.
_PANELS = """() => {
  const opaque = c => c && c !== 'transparent' && !/rgba\\(.*,\\s*0\\)$/.test(c);
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (opaque(c)) return c;
    }
    return 'transparent';
  };
  const rows = [];
  const inside = (name, svg) => {
    const view = svg.ownerDocument.defaultView;
    rows.push([name + ' (svg element)', view.getComputedStyle(svg).backgroundColor]);
    const back = svg.querySelector('g.graph > polygon');
    if (back) rows.push([name + ' (graph background)', view.getComputedStyle(back).fill]);
    const fills = new Set([...svg.querySelectorAll('g.node ellipse, g.node polygon, g.node path')]
      .map(shape => view.getComputedStyle(shape).fill));
    for (const fill of fills) rows.push([name + ' (a node)', fill]);
  };
  const pictures = [...document.querySelectorAll(
    '.graphviz, object[type="image/svg+xml"], article img, article .sd-card, ' +
    '#floorbook-finder fieldset, #floorbook-finder li.finder-result')];
  for (const svg of document.querySelectorAll('svg'))
    if (svg.querySelector('g.graph')) pictures.push(svg);
  for (const el of pictures) {
    const name = el.tagName.toLowerCase() + '.' + [...el.classList].join('.');
    rows.push([name, behind(el)]);
    if (el.tagName === 'OBJECT' && el.contentDocument && el.contentDocument.querySelector('svg'))
      inside(el.getAttribute('data'), el.contentDocument.querySelector('svg'));
    if (el.tagName.toLowerCase() === 'svg') inside(name, el);
  }
  for (const table of document.querySelectorAll('article table')) {
    const name = 'table.' + [...table.classList].join('.');
    rows.push([name, behind(table)]);
    for (const cell of table.querySelectorAll('th, td, tr')) {
      const c = getComputedStyle(cell).backgroundColor;
      if (opaque(c)) rows.push([name + ' ' + cell.tagName.toLowerCase(), c]);
    }
    const faces = new Set([...table.querySelectorAll('.floorbook-card')]
      .map(card => getComputedStyle(card).backgroundColor));
    for (const face of faces) rows.push([name + ' (a playing card)', face]);
  }
  return rows;
}"""


def panel_colours(page) -> list[tuple[str, str]]:
    """``[(what, CSS colour), ...]``: what each picture, table and panel of the page's
    article is seen against, and the backgrounds inside a picture (nodes) or a table (cells,
    playing cards)."""
    page.wait_for_load_state("load")
    return [tuple(row) for row in page.evaluate(_PANELS)]


def luminance(colour: str) -> float:
    """The relative luminance (0 black .. 1 white, WCAG's formula) of a CSS colour as
    browsers compute it (``rgb(r, g, b)``, ``rgba(...)``, ``#rrggbb`` or a few names);
    a colour that is not opaque counts as 0 (it shows what is behind it).

    >>> round(luminance("rgb(255, 255, 255)"), 2), luminance("transparent")
    (1.0, 0.0)
    >>> luminance("white") == luminance("#ffffff") == 1.0
    True
    """
    named = {"white": "#ffffff", "black": "#000000", "none": "transparent"}
    colour = named.get(colour.strip().lower(), colour.strip())
    if colour.startswith("#") and len(colour) == 7:
        channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    else:
        found = re.findall(r"[\d.]+", colour)
        if len(found) < 3 or (len(found) == 4 and float(found[3]) == 0):
            return 0.0
        channels = [float(v) for v in found[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
              for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
