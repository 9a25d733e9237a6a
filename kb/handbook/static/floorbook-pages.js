/*
 * floorbook: the disagreements index page.  The disagreements were one page; a link to
 * one of them from before the split (disagreements.html#shown-<topic>-scenario-<id>...,
 * a bookmark, another site) lands here, where that anchor no longer is.  It goes on to
 * the topic's own page, found among the index's links (disagreements/<topic>.html), which
 * holds the anchor now.  A topic drawn on this page keeps its anchor here: nothing to do.
 */
document.addEventListener("DOMContentLoaded", function () {
  var wanted;
  try { wanted = decodeURIComponent(location.hash.slice(1)); }
  catch (error) { return; }   // a malformed address (#shown-%E0): nothing to follow
  if (wanted.indexOf("shown-") !== 0 || document.getElementById(wanted)) return;
  var links = document.querySelectorAll("table.floorbook-disagreement-index a[href]");
  for (var i = 0; i < links.length; i++) {
    var topic = /(?:^|\/)disagreements\/([a-z0-9.-]+)\.html$/.exec(links[i].getAttribute("href"));
    // topic ids are slugs, and "-scenario-" ends the topic's part of the anchor
    if (topic && wanted.indexOf("shown-" + topic[1] + "-scenario-") === 0) {
      location.replace(links[i].href + location.hash);
      return;
    }
  }
});
