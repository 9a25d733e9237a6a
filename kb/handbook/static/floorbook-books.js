/* floorbook: the book chooser (kb/handbook/views/chooser.py).
 *
 * window.floorbookBooks = { all(): [{id, name, on}], shown(): [id], set(ids), onChange(fn) }
 *
 * The books come from the page's <script type="application/json" id="floorbook-books-data">
 * (id, name, title, example).  The reader's choice is localStorage["floorbook-books"], a
 * JSON object {shown: [id], hidden: [id]}: a book in neither (one a later build added)
 * gets the default, as every book does without a choice: shown, but the bundled examples.
 * A page from file:// or a browser without storage (where localStorage throws) keeps the
 * choice for the page's life.  Every element with data-book="<id>" of a book not shown is
 * hidden by one generated style rule (so elements drawn later, such as Find a ruling's
 * results, are hidden too); a matrix's column heads and cells get the attribute here.
 * Every element of class floorbook-book-chooser gets a checkbox per book.  Nothing here
 * writes HTML from text: names go in as text nodes.
 */
(function () {
  "use strict";
  var KEY = "floorbook-books";
  var books = null;          // [{id, name, title, example}]
  var shownIds = null;       // [id], in column order
  var listeners = [];

  function readBooks() {
    var element = document.getElementById("floorbook-books-data");
    var data = [];
    try { data = JSON.parse(element ? element.textContent : "[]"); } catch (e) { data = []; }
    if (!Array.isArray(data)) { data = []; }
    return data.filter(function (b) { return b && typeof b.id === "string"; })
      .map(function (b) {
        return { id: b.id, name: String(b.name || b.id), title: String(b.title || ""),
                 example: b.example === true };
      });
  }

  function stored() {
    try {
      var value = JSON.parse(window.localStorage.getItem(KEY));
      return value && Array.isArray(value.shown) && Array.isArray(value.hidden) ? value : null;
    } catch (e) { return null; }   // no storage, a file:// page, or not JSON
  }

  function load() {
    if (books !== null) { return; }
    books = readBooks();
    var chosen = stored();
    shownIds = books.filter(function (b) {
      if (chosen && chosen.hidden.indexOf(b.id) >= 0) { return false; }
      if (chosen && chosen.shown.indexOf(b.id) >= 0) { return true; }
      return !b.example;
    }).map(function (b) { return b.id; });
  }

  function quoted(id) {
    return '"' + id.replace(/[\\"]/g, "\\$&").replace(/[\n\r\f]/g, " ") + '"';
  }

  /* the attribute on a matrix's column heads and cells (its cells' divs carry it) */
  function markMatrices() {
    var tables = document.querySelectorAll("table.floorbook-matrix");
    Array.prototype.forEach.call(tables, function (table) {
      var heads = table.querySelectorAll("thead th");
      Array.prototype.forEach.call(table.querySelectorAll("tbody tr"), function (row) {
        Array.prototype.forEach.call(row.children, function (cell, i) {
          var inner = cell.querySelector("div.floorbook-cell[data-book]");
          if (!inner) { return; }
          cell.setAttribute("data-book", inner.getAttribute("data-book"));
          if (heads[i]) { heads[i].setAttribute("data-book", inner.getAttribute("data-book")); }
        });
      });
    });
  }

  /* a cell naming another book's cards ("Cards as under TDA 2024", "Cards and fairness
     as under TDA 2024") draws them (and that book's fairness note) itself while that
     book is hidden; a cell naming another book's note alone ("Fairness as under Robert's
     Rules v11") draws that note */
  function sourceOf(cell, other) {
    var row = cell.closest("tr") || cell.parentNode;
    var source = null;
    Array.prototype.forEach.call(row.querySelectorAll("div.floorbook-cell[data-book]"),
      function (c) { if (c.getAttribute("data-book") === other) { source = c; } });
    return source;
  }

  function drawFrom(cell, name, selector, lineSelector) {
    var line = cell.querySelector(lineSelector);
    var other = cell.getAttribute(name);
    var hidden = shownIds.indexOf(other) < 0;
    if (line) { line.hidden = hidden; }
    var source = sourceOf(cell, other);
    if (!hidden || !source || !line) { return; }
    Array.prototype.forEach.call(source.querySelectorAll(selector), function (p) {
      if (p.classList.contains("floorbook-drawn")) { return; }
      var copy = p.cloneNode(true);
      copy.classList.add("floorbook-drawn");
      line.parentNode.insertBefore(copy, line);
    });
  }

  function drawSameCards() {
    var cells = document.querySelectorAll(
      "div.floorbook-cell[data-same-as], div.floorbook-cell[data-same-note]");
    Array.prototype.forEach.call(cells, function (cell) {
      Array.prototype.forEach.call(cell.querySelectorAll(".floorbook-drawn"), function (p) {
        p.parentNode.removeChild(p);
      });
    });
    Array.prototype.forEach.call(cells, function (cell) {
      var alone = "p.floorbook-same:not(.floorbook-line)";
      if (cell.hasAttribute("data-same-as")) {
        /* the note too when this cell has none of its own ("Cards and fairness as under") */
        var own = cell.querySelector("details") || cell.hasAttribute("data-same-note");
        drawFrom(cell, "data-same-as",
                 own ? "p.floorbook-line" : "p.floorbook-line, details, " + alone,
                 "p.floorbook-line.floorbook-same");
      }
      if (cell.hasAttribute("data-same-note")) {
        drawFrom(cell, "data-same-note", "details", alone);
      }
    });
  }

  function scrollCues() {
    var scrolls = false;
    var boxes = document.querySelectorAll("div.table-wrapper.floorbook-matrix, div.floorbook-matrix-box");
    Array.prototype.forEach.call(boxes, function (box) {
      var wide = box.scrollWidth > box.clientWidth + 1;
      box.classList.toggle("floorbook-scrolls", wide);
      scrolls = scrolls || wide;
    });
    Array.prototype.forEach.call(document.querySelectorAll(".floorbook-scroll-cue"),
      function (cue) { cue.hidden = !scrolls; });
  }

  function apply() {
    var style = document.getElementById("floorbook-books-style");
    if (!style) {
      style = document.createElement("style");
      style.id = "floorbook-books-style";
      document.head.appendChild(style);
    }
    style.textContent = books.filter(function (b) { return shownIds.indexOf(b.id) < 0; })
      .map(function (b) { return "[data-book=" + quoted(b.id) + "]{display:none !important}"; })
      .join("\n");
    drawSameCards();
    Array.prototype.forEach.call(document.querySelectorAll(".floorbook-book-chooser input"),
      function (box) { box.checked = shownIds.indexOf(box.value) >= 0; });
    scrollCues();
  }

  function drawChooser(box) {
    while (box.firstChild) { box.removeChild(box.firstChild); }
    if (!books.length) { return; }   // a page with no book list (a house book's site)
    var group = document.createElement("fieldset");
    var legend = document.createElement("legend");
    legend.textContent = "Books shown";
    group.appendChild(legend);
    books.forEach(function (b) {
      var label = document.createElement("label");
      var input = document.createElement("input");
      input.type = "checkbox";
      input.value = b.id;
      input.checked = shownIds.indexOf(b.id) >= 0;
      input.addEventListener("change", function () {
        var ids = shownIds.filter(function (id) { return id !== b.id; });
        if (input.checked) { ids.push(b.id); }
        api.set(ids);
      });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + b.name + (b.example ? " (example)" : "")));
      if (b.title && b.title !== b.name) { label.title = b.title; }
      group.appendChild(label);
    });
    box.appendChild(group);
    var cue = document.createElement("p");
    cue.className = "floorbook-scroll-cue";
    cue.textContent = "More books than fit: scroll the table sideways.";
    cue.hidden = true;
    box.appendChild(cue);
  }

  var api = {
    all: function () {
      load();
      return books.map(function (b) {
        return { id: b.id, name: b.name, on: shownIds.indexOf(b.id) >= 0 };
      });
    },
    shown: function () { load(); return shownIds.slice(); },
    set: function (ids) {
      load();
      var wanted = Array.isArray(ids) ? ids : [];
      shownIds = books.filter(function (b) { return wanted.indexOf(b.id) >= 0; })
        .map(function (b) { return b.id; });
      var hidden = books.filter(function (b) { return shownIds.indexOf(b.id) < 0; })
        .map(function (b) { return b.id; });
      try {
        window.localStorage.setItem(KEY, JSON.stringify({ shown: shownIds, hidden: hidden }));
      } catch (e) { /* kept for the page's life */ }
      apply();
      listeners.slice().forEach(function (fn) {
        try { fn(shownIds.slice()); } catch (e) { /* one listener's error spares the others */ }
      });
    },
    onChange: function (fn) { if (typeof fn === "function") { listeners.push(fn); } }
  };
  window.floorbookBooks = api;

  function start() {
    load();
    markMatrices();
    Array.prototype.forEach.call(document.querySelectorAll(".floorbook-book-chooser"), drawChooser);
    apply();
    window.addEventListener("resize", scrollCues);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
