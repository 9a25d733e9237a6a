/*
 * The handbook's search scorer (html_search_scorer, set by kb/handbook/search.py): Sphinx
 * inlines this file into language_data.js, which the search page loads after
 * searchtools.js.  On top of Sphinx's own search it:
 *
 * 1. ranks a topic page first for its own words: a result on a topic page (the pages of
 *    the objects of type rule:topic) whose title holds every word searched (in a query
 *    without a number: one with a number asks for a rule) gets
 *    TOPIC_BOOST, and only its best result is kept (the object, the title and the text
 *    would otherwise list the page three times); likewise one result per anchor, and an
 *    index entry shows the name of the provision it stands at rather than its page's;
 * 2. ranks glossary entries (anchors #term-...) below topics and provisions: their score
 *    is multiplied by GLOSSARY_WEIGHT (Sphinx gives the glossary's index entry "boxed
 *    card" 100, the most an index entry gets);
 * 3. answers a misspelled word: a searched word the index does not hold, and no indexed
 *    word contains (or one on at most RARE pages when a near word is on MORE times as
 *    many), is replaced by the nearest indexed word (at most one edit for words of up to
 *    four letters, two for longer ones; ties go to the word on more pages), the search
 *    is run with it, and the page says so above the results, with links to search the
 *    near words (p.floorbook-nearest, links a.floorbook-nearest-word; for a word on a
 *    few pages also a.floorbook-as-typed, which searches it as typed).
 *
 * 4. lists a rule number's provisions in rule order: for a query holding a rule number
 *    ("35-A", "13.5"), the results whose title holds that number or one under it come
 *    first, in the numbers' order read as numbers (35-A-1, 35-A-2 ... 35-A-10);
 * 5. ranks the readers' pages above the contributors' (window.floorbookSearchPages
 *    .contributors, _static/floorbook-search-pages.js, kb/handbook/finding/search_page.py);
 * 6. shows each result's snippet from window.floorbookSearchPages (the build's table,
 *    no page fetched: from file:// Chromium refuses those requests), as p.floorbook-snippet;
 * 7. puts a search field of its own at the top of the search page (form
 *    .floorbook-search-box): on a phone furo's sidebar, and its field, is hidden.
 *
 * Text shown comes from the reader's query or the index and goes in as textContent.
 */

var Scorer = {
  // Sphinx's defaults (searchtools.js), kept: this object replaces its Scorer
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
  score: (result) => FloorbookSearch.score(result),
};

var FloorbookSearch = (() => {
  const TOPIC_BOOST = 150;
  const GLOSSARY_WEIGHT = 0.4;
  const SUGGESTIONS = 5;
  const RARE = 2;
  const MORE = 10;
  // a word to offer: letters and digits, joined inside by - . or an apostrophe
  const WHOLE = /^[\p{L}\p{N}]+(?:[-.'\u2019][\p{L}\p{N}]+)*$/u;
  let words = new Set();          // the stemmed words of the search being scored
  let known = null;               // facts read once from the index

  const unescape = (text) => new DOMParser().parseFromString(text, "text/html")
    .documentElement.textContent;
  const stem = (word) => new Stemmer().stemWord(word.toLowerCase());
  const stems = (text) => new Set(splitQuery(text).map(stem));

  // What the scorer needs from the index: the topic pages and their titles' words, and
  // for each stemmed word the pages it is on and a whole word to show for it.
  const facts = () => {
    if (known !== null) return known;
    const index = Search._index;
    const topicType = Object.keys(index.objtypes)
      .find((key) => index.objtypes[key] === "rule:topic");
    const topics = new Map();
    const names = new Map();      // "docname#anchor" -> the objects' names there
    for (const [prefix, entries] of Object.entries(index.objects)) {
      for (const [file, type, , anchor, name] of entries) {
        if (String(type) === topicType) {
          topics.set(index.docnames[file], stems(index.titles[file]));
        }
        // Sphinx splits a name at its last dot ("... 13" and "5)") and stores it escaped
        const key = `${index.docnames[file]}#${anchor}`;
        if (!names.has(key)) names.set(key, []);
        names.get(key).push(unescape(prefix ? `${prefix}.${name}` : name));
      }
    }
    const shown = new Map();
    const texts = [...Object.keys(index.alltitles), ...Object.keys(index.indexentries),
                   ...index.titles];
    for (const text of texts) {
      for (const word of splitQuery(text.toLowerCase())) {
        if (WHOLE.test(word) && !shown.has(stem(word))) shown.set(stem(word), word);
      }
    }
    const pages = new Map();
    for (const table of [index.terms, index.titleterms]) {
      for (const [word, files] of Object.entries(table)) {
        const count = typeof files === "number" ? 1 : files.length;
        pages.set(word, Math.max(pages.get(word) || 0, count));
      }
    }
    known = { topics, names, shown, pages };
    return known;
  };

  const score = (result) => {
    const [docName, , anchor, , value] = result;
    if (anchor.startsWith("#term-")) return Math.round(value * GLOSSARY_WEIGHT);
    const title = facts().topics.get(docName);
    if (title && words.size && [...words].every((word) => title.has(word))) {
      return value + TOPIC_BOOST;
    }
    return value;
  };

  // Optimal string alignment distance (a swap of two letters is one edit), or
  // limit + 1 as soon as it must be more than limit.
  const distance = (left, right, limit) => {
    if (Math.abs(left.length - right.length) > limit) return limit + 1;
    let before = null;
    let previous = Array.from({ length: right.length + 1 }, (_, i) => i);
    for (let i = 1; i <= left.length; i++) {
      const current = [i];
      let best = i;
      for (let j = 1; j <= right.length; j++) {
        const cost = left[i - 1] === right[j - 1] ? 0 : 1;
        let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (before && i > 1 && j > 1 && left[i - 1] === right[j - 2]
            && left[i - 2] === right[j - 1]) {
          value = Math.min(value, before[j - 2] + 1);
        }
        current.push(value);
        best = Math.min(best, value);
      }
      if (best > limit) return limit + 1;
      [before, previous] = [previous, current];
    }
    return previous[right.length];
  };

  const indexed = (word) => {
    const index = Search._index;
    if (index.terms.hasOwnProperty(word) || index.titleterms.hasOwnProperty(word)) return true;
    // Sphinx also matches indexed words that contain a searched word of 3 letters or more
    return word.length > 2 && [...facts().pages.keys()].some((term) => term.includes(word));
  };

  // The indexed words nearest to `word` (a stem), best first.
  const nearest = (word) => {
    const limit = word.length <= 4 ? 1 : 2;
    const found = [];
    for (const [term, count] of facts().pages) {
      const edits = distance(word, term, limit);
      if (edits <= limit && !/^\d+$/.test(term)) found.push([edits, -count, term]);
    }
    found.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1));
    // offer whole words (from titles and index entries) where there are any, not stems
    const words = found.map(([, , term]) => facts().shown.get(term)).filter(Boolean);
    const offered = words.length ? words : found.map(([, , term]) => term);
    return [...new Set(offered)].slice(0, SUGGESTIONS);
  };

  // The query's words taken for misspellings, each [word, nearest words, on a few pages]:
  // a word the index does not hold, or one on at most RARE pages when a near word is on
  // MORE times as many (a misspelling quoted on one page must not hide the right word).
  // A search opened with as-typed=1 (the note's link) takes every word as typed.
  const corrections = (query) => {
    const found = [];
    if (new URLSearchParams(window.location.search).get("as-typed")) return found;
    const pages = facts().pages;
    for (const word of splitQuery(query)) {
      const lower = word.toLowerCase();
      if (stopwords.has(lower) || /^\d+$/.test(lower) || lower.startsWith("-")) continue;
      const stemmed = stem(lower);
      if (!indexed(stemmed)) {
        found.push([word, nearest(stemmed), false]);
        continue;
      }
      const few = pages.get(stemmed) || 0;
      if (few > RARE) continue;
      const near = nearest(stemmed).filter((other) => stem(other) !== stemmed
        && (pages.get(stem(other)) || 0) >= few * MORE);
      if (near.length) found.push([word, near, true]);
    }
    return found;
  };

  const link = (query, text, className) => {
    const anchor = document.createElement("a");
    anchor.className = className;
    anchor.href = "?q=" + encodeURIComponent(query);
    anchor.textContent = text;
    return anchor;
  };

  const note = (query, found) => {
    const paragraph = document.createElement("p");
    paragraph.className = "floorbook-nearest";
    for (const [word, near, few] of found) {
      const line = document.createElement("span");
      line.className = "floorbook-nearest-line";
      if (!near.length) {
        line.textContent = `No page has the word “${word}”, and no indexed word is close. `;
        paragraph.append(line);
        continue;
      }
      const pages = few ? `Few pages have the word “${word}”` : `No page has the word “${word}”`;
      line.textContent = `${pages}; the results are for “${near[0]}”. Near words: `;
      near.forEach((other, number) => {
        if (number) line.append(", ");
        line.append(link(query.replace(word, other), other, "floorbook-nearest-word"));
      });
      line.append(". ");
      if (few) {
        const typed = link(query, `search for “${word}” as typed`, "floorbook-as-typed");
        typed.href += "&as-typed=1";
        line.append("Or ", typed, ". ");
      }
      paragraph.append(line);
    }
    return paragraph;
  };

  const install = () => {
    if (typeof Search === "undefined" || Search.floorbook) return;
    const perform = Search._performSearch;
    Search.floorbook = true;
    // A query with a number in it asks for a rule ("Misdeals 1"): no topic is boosted
    // (Sphinx drops the number from the words, which would leave "misdeal" alone).
    const boosted = (query, terms) =>
      (splitQuery(query).some((word) => /\d/.test(word)) ? new Set() : terms);
    Search._performSearch = (query, searchTerms, ...rest) => {
      words = boosted(query, searchTerms);
      let results = perform(query, searchTerms, ...rest);
      const found = corrections(query);
      if (found.some(([, near]) => near.length)) {
        let corrected = query;
        for (const [word, near] of found) {
          if (near.length) corrected = corrected.replace(word, near[0]);
        }
        const [, terms, ...others] = Search._parseQuery(corrected);
        words = boosted(corrected, terms);
        results = perform(corrected, terms, ...others);
      }
      if (found.length && Search.output) Search.output.before(note(query, found));
      return tidy(results, query);
    };
  };

  // Results come best last (searchtools.js pops them).  Keep one result per place (an
  // index entry and the object at the same anchor would both be listed) and one per
  // boosted topic page; an index entry is shown by the name of the object it stands at
  // ("Too many cards on the flop (Robert's Rules v11 Hold'em 3)"), not only the page's.
  const tidy = (results, query) => {
    const seen = new Set();
    const kept = [];
    for (let i = results.length - 1; i >= 0; i--) {
      const result = results[i];
      const [docName, , anchor, , value, , kind] = result;
      const boosted = facts().topics.has(docName) && value >= TOPIC_BOOST;
      const place = boosted ? docName : docName + anchor;
      if (seen.has(place)) continue;
      seen.add(place);
      const names = kind === "index" && facts().names.get(docName + anchor);
      if (names) result[1] = bestName(names, result[1], query);
      // the index stores names escaped and the page escapes them again ("Robert&#x27;s")
      else if (kind === "object") result[1] = unescape(result[1]);
      kept.push(result);
    }
    return ordered(kept, query).reverse();
  };

  // _static/floorbook-search-pages.js (search_page.py): snippets as {texts, places}
  const pageData = () => window.floorbookSearchPages
    || { texts: [], places: {}, contributors: [] };

  // A rule number read as numbers: "35-A-10" -> [35, "a", 10], to compare part by part.
  const numberKey = (number) => number.toLowerCase().split(/[-.]/)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const compareKeys = (left, right) => {
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      if (left[i] === right[i]) continue;
      if (typeof left[i] === typeof right[i]) return left[i] < right[i] ? -1 : 1;
      return typeof left[i] === "number" ? -1 : 1;
    }
    return left.length - right.length;
  };
  const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  // Best first in, best first out: readers' pages before contributors', and the results
  // holding the rule number searched (or one under it) first among them, in rule order.
  // Array.prototype.sort is stable: results that compare equal keep their score order.
  const ordered = (results, query) => {
    const numbers = splitQuery(query).filter((word) => /\d/.test(word) && /[-.]/.test(word));
    const contributors = new Set(pageData().contributors);
    const found = (title) => {
      for (const number of numbers) {
        const match = new RegExp(`(?:^|[^\\p{L}\\p{N}])(${escaped(number)}(?:[-.][\\p{L}\\p{N}]+)*)`
                                 + "(?![\\p{L}\\p{N}])", "iu").exec(title);
        if (match) return numberKey(match[1]);
      }
      return null;
    };
    const keyed = results.map((result) => [result, contributors.has(result[0]) ? 1 : 0,
                                           found(String(result[1]))]);
    keyed.sort((a, b) => a[1] - b[1] || (a[2] ? 0 : 1) - (b[2] ? 0 : 1)
      || (a[2] && b[2] ? compareKeys(a[2], b[2]) : 0));
    return keyed.map(([result]) => result);
  };

  // Each result's snippet, from the build's table: the section at the result's anchor, or
  // its page's first words.  An object's result has its description already.
  const addSnippet = (item) => {
    const link = item.querySelector(":scope > a");
    if (!link || item.querySelector(".floorbook-snippet") || item.querySelector(":scope > span")) {
      return;
    }
    const suffix = (window.DOCUMENTATION_OPTIONS || {}).LINK_SUFFIX || ".html";
    const [path, anchor] = link.getAttribute("href").replace(/\?[^#]*/, "").split("#");
    const docName = path.endsWith(suffix) ? path.slice(0, -suffix.length) : path;
    const { texts, places } = pageData();
    const place = anchor && Object.hasOwn(places, `${docName}#${anchor}`)
      ? places[`${docName}#${anchor}`] : places[docName];
    const text = texts[place];
    if (typeof text !== "string") return;
    const paragraph = document.createElement("p");
    paragraph.className = "context floorbook-snippet";
    paragraph.textContent = text;
    item.append(paragraph);
  };

  const watchResults = () => {
    const holder = document.getElementById("search-results");
    if (!holder || holder.dataset.floorbookSnippets) return;
    holder.dataset.floorbookSnippets = "1";
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeType === 1 && node.tagName === "LI") addSnippet(node);
        }
      }
    }).observe(holder, { childList: true, subtree: true });
    holder.querySelectorAll("li").forEach(addSnippet);
  };

  // The search page's own field (form.floorbook-search-box, as {rule:search-box} draws it).
  const searchField = () => {
    const holder = document.getElementById("search-results");
    if (!holder || document.querySelector("form.floorbook-search-box")) return;
    const form = document.createElement("form");
    Object.assign(form, { className: "floorbook-search-box", action: "", method: "get" });
    form.setAttribute("role", "search");
    const label = document.createElement("label");
    label.htmlFor = "floorbook-search-box-q";
    label.textContent = "Search the handbook";
    const input = document.createElement("input");
    Object.assign(input, { type: "search", id: "floorbook-search-box-q", name: "q",
                           autocomplete: "off" });
    input.value = new URLSearchParams(window.location.search).get("q") || "";
    const button = document.createElement("button");
    button.type = "submit";
    button.textContent = "Search";
    form.append(label, input, button);
    holder.before(form);
  };

  // A provision has a name per edition that numbers it ("... (TDA 2024 35-A-6)", "...
  // (TDA 2026 37-A-6)"): show the one with the words searched, else the page's edition.
  const bestName = (names, pageTitle, query) => {
    const wanted = query.toLowerCase();
    const years = (text) => text.match(/\b\d{4}\b/g) || [];
    const fit = (name) => {
      const lower = name.toLowerCase();
      return (lower.includes(wanted) ? 4 : 0)
        + splitQuery(wanted).filter((word) => lower.includes(word)).length
        + (years(name).some((year) => pageTitle.includes(year)) ? 1 : 0);
    };
    return names.reduce((best, name) => (fit(name) > fit(best) ? name : best));
  };

  if (typeof Search !== "undefined") install();
  else document.addEventListener("DOMContentLoaded", install);
  // the results holder is in the page's body, after this script (Search.init may list
  // the first results before this listener runs: watchResults takes those too)
  const page = () => { watchResults(); searchField(); };
  if (document.readyState !== "loading") page();
  else document.addEventListener("DOMContentLoaded", page);
  return { score, distance, nearest, corrections, install };
})();
