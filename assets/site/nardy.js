/* The site's own script (every language; hooks/nardy.py serves it as assets/nardy.js).

   Language switcher: its links (overrides/partials/alternate.html) lead to the
   same page in the other language; this carries the section the reader is on
   (location.hash: the heading ids are the same in every language) over to the
   link as it is followed. Without JavaScript the link still lands on the same
   page. The link is then followed as it is: Material's own handler, which
   would look the page up in the other language's sitemap, is not asked.

   Material's own parts, made to pass axe-core (tests/browser/test_accessibility.py):
   the search dialog is named after its field, and a table wider than the
   screen can be scrolled with the keyboard.

   No site control covers a board: Material's "back to top" button is hidden while it would.

   Search spelling: Lunr matches letters exactly, so where a language's pages
   write a letter that readers type differently, the query is brought to the
   pages' spelling before Material reads it (as it is typed, and in a ?q= link). */
(function () {
  "use strict";

  function carryHash(event) {
    var target = event.target;
    var link = target && target.closest ? target.closest("a[data-nardy-alternate]") : null;
    if (!link) return;
    var url = new URL(link.getAttribute("href"), location.href);
    url.hash = location.hash;
    link.setAttribute("href", url.pathname + url.search + url.hash);
    if (event.type === "click") event.stopPropagation();
  }

  // Capture phase, before the browser follows the link; also for a middle
  // click and for a link opened from the context menu. Enter on a link is a click.
  ["click", "auxclick", "contextmenu"].forEach(function (type) {
    document.addEventListener(type, carryHash, true);
  });

  var dialog = document.querySelector(".md-search[role=dialog]");
  var searchField = document.querySelector("input.md-search__input");
  if (dialog && searchField && !dialog.hasAttribute("aria-label")) {
    dialog.setAttribute("aria-label", searchField.getAttribute("aria-label") || searchField.placeholder);
  }

  // Material wraps each table in .md-typeset__scrollwrap when it mounts the page
  // (document$, after this script). A wrapper that scrolls becomes a focusable
  // region named by the section's heading; one that fits is no tab stop.
  // All the writes, then all the reads, then the writes they decide: one layout
  // of the page for every table, not one per table (Lighthouse's blocking time).
  // A second table in the same section is named by the heading and the sentence
  // just before it: two regions of one name are one landmark too many (axe).
  function scrollableTables() {
    var wraps = Array.prototype.slice.call(document.querySelectorAll(".md-typeset__scrollwrap"));
    var named = {};
    wraps.forEach(function (wrap) {
      var heading = wrap.previousElementSibling;
      while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
      if (heading && heading.id) {
        var label = heading.id;
        var intro = wrap.previousElementSibling;
        named[label] = (named[label] || 0) + 1;
        if (named[label] > 1 && intro && intro.tagName === "P") {
          if (!intro.id) intro.id = label + "-table-" + named[label];
          label += " " + intro.id;
        }
        wrap.setAttribute("aria-labelledby", label);
      }
      wrap.setAttribute("role", "region");
    });
    var wide = wraps.map(function (wrap) { return wrap.scrollWidth > wrap.clientWidth; });
    wraps.forEach(function (wrap, index) {
      if (wide[index]) wrap.setAttribute("tabindex", "0");
      else wrap.removeAttribute("tabindex");
    });
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(scrollableTables);
  else document.addEventListener("DOMContentLoaded", scrollableTables);
  window.addEventListener("resize", scrollableTables);

  // Material's "back to top" button floats under the header once the reader scrolls up. Over a board it
  // would take the tap meant for a point (the play page's top row at 390 px): it is kept out of sight, and
  // out of reach, while it covers a board (data-nardy-covers; assets/site/nardy.css).
  var topButton = document.querySelector(".md-top");
  // The boards, and the drawings not made boards yet (an image each, nardy_site/figures/diagram.py).
  var boards = [document.getElementsByClassName("nardy-board"), document.getElementsByClassName("nardy-drawing")];
  var checking = 0;
  function uncover() {
    checking = 0;
    var box = topButton.getBoundingClientRect();
    var covers = false;
    if (box.width && box.height) {
      boards.forEach(function (some) {
        for (var i = 0; i < some.length && !covers; i += 1) {
          var board = some[i].getBoundingClientRect();
          covers = board.width > 0 && box.left < board.right && box.right > board.left &&
            box.top < board.bottom && box.bottom > board.top;
        }
      });
    }
    if (covers !== topButton.hasAttribute("data-nardy-covers")) topButton.toggleAttribute("data-nardy-covers", covers);
  }
  function checkSoon() {
    if (!checking) checking = requestAnimationFrame(uncover);
  }
  if (topButton) {
    window.addEventListener("scroll", checkSoon, { passive: true });
    window.addEventListener("resize", checkSoon);
    new MutationObserver(checkSoon).observe(topButton, { attributes: true, attributeFilter: ["hidden", "class"] });
  }

  // The language's search spelling: [pattern, letters] pairs from
  // locales/languages.toml (Uzbek ' for ʻ, Russian ё for е), which
  // overrides/main.html writes into the page.
  var data = document.getElementById("nardy-search-spelling");
  var rules = data ? JSON.parse(data.textContent).map(function (rule) {
    return [new RegExp(rule[0], "g"), rule[1]];
  }) : [];
  function spell(text) {
    // A function, not a string: the letters are inserted as they are ($ is not special).
    rules.forEach(function (rule) { text = text.replace(rule[0], function () { return rule[1]; }); });
    return text;
  }
  function respell(field) {
    var spelled = spell(field.value);
    if (spelled === field.value) return;
    var start = field.selectionStart, end = field.selectionEnd;
    var same = spelled.length === field.value.length;
    field.value = spelled;
    // One character for one (both languages' rules): the caret stays where it was.
    if (same) field.setSelectionRange(start, end);
  }
  if (rules.length && searchField) {
    // "input" comes before the keyup on which Material reads the field.
    searchField.addEventListener("input", function () { respell(searchField); });
    // A ?q= link: Material copies it into the field on DOMContentLoaded and searches
    // once its worker has loaded the index, later. Either may come first.
    var url = new URL(location.href);
    var query = url.searchParams.get("q");
    if (query !== null && spell(query) !== query) {
      url.searchParams.set("q", spell(query));
      history.replaceState(history.state, "", url.href);
      document.addEventListener("DOMContentLoaded", function () { respell(searchField); });
    }
  }
})();
