/* The site's own script (every language; hooks/nardy.py serves it as assets/nardy.js).

   Language switcher: its links (overrides/partials/alternate.html) lead to the
   same page in the other language; this carries the section the reader is on
   (location.hash: the heading ids are the same in every language) over to the
   link as it is followed. Without JavaScript the link still lands on the same
   page. The link is then followed as it is: Material's own handler, which
   would look the page up in the other language's sitemap, is not asked. */
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
})();
