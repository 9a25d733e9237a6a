/*
 * Find a ruling: choices (facets) and the scenarios that match, each rulebook's remedy
 * as a badge and a link to the scenario's row in its topic's ruling matrix.
 *
 * Reads window.floorbookFinderIndex (set by floorbook-finder-index.js, written at build
 * time by kb/handbook/finding/finder_page.py; a script, not a fetched file, so the page works
 * from file://).  Every text from the index goes in with textContent: data is never
 * parsed as HTML.  The DOM it builds is described in kb/handbook/finding/finder_page.py.
 */
"use strict";

(() => {
  const ANY = "any";

  // A value as it may appear in an id or a class (the index's values are slugs already).
  const slug = (value) => String(value).toLowerCase().replace(/[^a-z0-9-]+/g, "-");

  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // The choices in the address: "#game=holdem&found=after-pot".
  const readChoices = (facets) => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const choices = {};
    for (const [facet, , values] of facets) {
      const wanted = params.get(facet);
      choices[facet] = values.some(([value]) => value === wanted) ? wanted : ANY;
    }
    return choices;
  };

  const writeChoices = (choices) => {
    const params = new URLSearchParams();
    for (const [facet, value] of Object.entries(choices)) {
      if (value !== ANY) params.set(facet, value);
    }
    const hash = params.toString();
    try {
      // replaceState: choosing is not navigating (Back leaves the page)
      history.replaceState(null, "", hash ? "#" + hash : window.location.pathname);
    } catch (error) {
      // some browsers refuse replaceState on file:// pages; the choices still apply
    }
  };

  const matches = (scenario, choices, except) =>
    Object.entries(choices).every(([facet, value]) =>
      facet === except || value === ANY || scenario.facets[facet].includes(value));

  // How many scenarios each choice of `facet` would match, the other facets' kept.
  const counts = (index, choices, facet) => {
    const found = { [ANY]: 0 };
    for (const scenario of index.scenarios) {
      if (!matches(scenario, choices, facet)) continue;
      found[ANY] += 1;
      for (const value of scenario.facets[facet]) found[value] = (found[value] || 0) + 1;
    }
    return found;
  };

  // A choice with what it means written under it (touch screens show no tooltips); a
  // finer choice under the one before it ("exposed-first-two" under "exposed") indented.
  const choiceNode = (facet, value, label, meaning, finer) => {
    const id = `finder-${slug(facet)}-${slug(value)}`;
    const choice = element("label", "finder-choice" + (finer ? " finder-choice-finer" : ""));
    choice.htmlFor = id;
    const input = element("input");
    Object.assign(input, { type: "radio", name: facet, id, value });
    const head = element("span", "finder-choice-head");
    head.append(element("span", "finder-choice-label", label), " ",
                element("span", "finder-choice-count"));
    choice.append(input, head);
    if (meaning) {
      const words = element("span", "finder-choice-meaning", meaning);
      words.id = `${id}-meaning`;
      input.setAttribute("aria-describedby", words.id);
      choice.append(words);
    }
    return choice;
  };

  const drawFacets = (index, holder) => {
    for (const [facet, label, values] of index.facets) {
      const set = element("fieldset", "finder-facet");
      set.id = `finder-facet-${slug(facet)}`;
      set.dataset.facet = facet;
      set.append(element("legend", "finder-facet-label", label));
      set.append(choiceNode(facet, ANY, "Any", ""));
      // a finer choice is marked in the index (finder.py), never guessed from its name
      for (const [value, name, meaning, , finer] of values) {
        set.append(choiceNode(facet, value, name, meaning, finer === true));
      }
      holder.append(set);
    }
  };

  const badge = (index, remedy) => {
    const colour = slug(index.colours[remedy] || "secondary");
    return element("span", `sd-sphinx-override sd-badge sd-bg-${colour} ` +
                   `sd-bg-text-${colour} finder-badge`, remedy);
  };

  const topicLink = (index, root, topic, scenario, className) => {
    const [title, page] = index.topics[topic];
    const link = element("a", className, title);
    link.href = `${root}${page}#${scenario.anchor}`;
    return link;
  };

  // One book's line: its answer first (what the dealer does now, each floor call's), then
  // the remedy's badge, the rules cited and who decided.  A misdeal's answer is the whole
  // of it: the new deal's cards are not known until it is dealt, so none are drawn.
  const remedyNode = (index, [remedy, cited, decided, answers], [bookId, bookName],
                      shownBooks) => {
    const entry = element("li", "finder-remedy");
    entry.dataset.rulebook = bookId;
    entry.dataset.book = bookId;
    entry.dataset.remedy = remedy;
    if (shownBooks && !shownBooks.has(bookId)) entry.hidden = true;
    const said = calls(answers).map((number) => index.answers[number]);
    const text = said.length > 1
      ? said.map((words, call) => `Floor call ${call + 1}: ${words}.`).join(" ")
      : (said.length ? `${said[0]}.` : "");
    entry.append(element("span", "finder-book", bookName), " ",
                 element("span", "finder-answer", text), " ", badge(index, remedy), " ",
                 element("span", "finder-cite", cited));
    if (remedy === "misdeal") {
      entry.append(" ", element("span", "finder-unknown",
                                "The cards of the new deal are not known until it is dealt."));
    }
    // who decided, packed as [layer, book, number] into index.decided (finder.py)
    if (decided && decided.length) {
      const [layers, books] = index.decided;
      const words = `decided by the ${layers[decided[0]]}` +
            (decided.length > 1 ? `: ${books[decided[1]]} ${decided[2]}` : "");
      entry.append(" ", element("span", "finder-decided", `(${words})`));
    }
    return entry;
  };

  // "books differ": the books agree on the remedy word but not on what the dealer does
  // (kb.rules.answer.books_differ, worked out at build time for every book); when the
  // reader shows fewer books, the same test among those shown (every call's answers).
  const differ = (index, scenario, shownBooks) => {
    if (!shownBooks) return Boolean(scenario.differ);
    const columns = scenario.remedies.map((_, column) => column)
      .filter((column) => shownBooks.has(index.rulebooks[column][0]));
    // a hand with several floor calls is compared call by call (scenario.calls)
    const remedyAt = (column) => (scenario.calls ? scenario.calls[column].join(" ")
      : scenario.remedies[column][0]);
    return new Set(columns.map(remedyAt)).size === 1
      && new Set(columns.map((column) =>
        calls(scenario.remedies[column][3]).join(" "))).size > 1;
  };

  // A remedy's answers, packed as one index (one floor call) or a list (several).
  const calls = (answers) => (Array.isArray(answers) ? [...answers]
    : answers === undefined ? [] : [answers]);

  // The books the reader chose to show (window.floorbookBooks, the book chooser), or
  // null: every book (no chooser on the page, or it failed).  A book the chooser does not
  // list (a house book's site carries no chooser data) is always shown.
  const chosenBooks = (index) => {
    const books = window.floorbookBooks;
    if (!books || typeof books.shown !== "function") return null;
    try {
      const known = new Set((books.all ? books.all() : []).map((book) => book.id));
      const shown = new Set(books.shown());
      for (const [id] of index.rulebooks) if (!known.has(id)) shown.add(id);
      return index.rulebooks.every(([id]) => shown.has(id)) ? null : shown;
    } catch (error) {
      return null;
    }
  };

  const resultNode = (index, root, scenario, found, shownBooks) => {
    // a sphinx-design card, so it is drawn (and dark) like the handbook's other cards
    const item = element("li", "finder-result sd-card sd-sphinx-override sd-shadow-sm");
    item.dataset.scenario = scenario.id;
    const body = element("div", "sd-card-body finder-result-body");
    item.append(body);
    const heading = element("p", "finder-result-title");
    if (scenario.topics.length) {
      const link = topicLink(index, root, scenario.topics[0], scenario, "finder-result-link");
      link.textContent = scenario.title;
      heading.append(link);
    } else {
      heading.append(element("span", "finder-result-link", scenario.title));
    }
    const when = scenario.facets.found.map((value) => found.get(value) || value).join("; ");
    body.append(heading, element("p", "finder-result-setting",
                                 `${scenario.setting}. ${when}.`));
    if (differ(index, scenario, shownBooks)) {
      heading.append(" ", element("span", "sd-sphinx-override sd-badge sd-bg-warning " +
                                  "sd-bg-text-warning finder-differ", "books differ"));
    }
    const remedies = element("ul", "finder-remedies");
    scenario.remedies.forEach((packed, column) => {
      remedies.append(remedyNode(index, packed, index.rulebooks[column], shownBooks));
    });
    body.append(remedies);
    if (scenario.topics.length > 1) {
      const also = element("p", "finder-also", "Also in the matrix of: ");
      scenario.topics.slice(1).forEach((topic, number) => {
        if (number) also.append(", ");
        also.append(topicLink(index, root, topic, scenario, "finder-topic-link"));
      });
      body.append(also);
    }
    return item;
  };

  const update = (index, root, form, choices) => {
    const found = new Map(index.facets.find(([facet]) => facet === "found")[2]
      .map(([value, label]) => [value, label]));
    for (const [facet] of index.facets) {
      const numbers = counts(index, choices, facet);
      for (const input of form.querySelectorAll(`input[name="${facet}"]`)) {
        const number = numbers[input.value] || 0;
        input.checked = input.value === choices[facet];
        input.closest(".finder-choice").querySelector(".finder-choice-count").textContent =
          String(number);
        input.closest(".finder-choice").classList.toggle("finder-empty", number === 0);
      }
    }
    const shown = index.scenarios.filter((scenario) => matches(scenario, choices, null));
    const count = document.getElementById("finder-count");
    count.dataset.count = String(shown.length);
    count.textContent = shown.length === 1 ? "1 scenario matches."
      : `${shown.length} scenarios match.`;
    const results = document.getElementById("finder-results");
    const books = chosenBooks(index);
    results.replaceChildren(...shown.map((scenario) =>
      resultNode(index, root, scenario, found, books)));
  };

  const start = () => {
    const holder = document.getElementById("floorbook-finder");
    const index = window.floorbookFinderIndex;
    if (!holder || !index) return;
    const root = holder.dataset.root || "";
    const form = document.getElementById("finder-form");
    drawFacets(index, document.getElementById("finder-facets"));
    const choices = readChoices(index.facets);
    form.addEventListener("change", (event) => {
      if (event.target.type !== "radio") return;
      choices[event.target.name] = event.target.value;
      writeChoices(choices);
      update(index, root, form, choices);
    });
    form.addEventListener("reset", (event) => {
      event.preventDefault();
      for (const facet of Object.keys(choices)) choices[facet] = ANY;
      writeChoices(choices);
      update(index, root, form, choices);
    });
    update(index, root, form, choices);
    const books = window.floorbookBooks;
    if (books && typeof books.onChange === "function") {
      books.onChange(() => update(index, root, form, choices));
    }
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
