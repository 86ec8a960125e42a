/* Registers the site's service worker (<root>/sw.js, assets/site/sw.js) once the page has loaded, and shows
   its two notices in the page's language: the site was updated while the page was open (once, when a new
   worker takes over a page an older one controlled), and the page is the copy saved on this device (the
   worker says so). nardy_site/app/offline.py writes it as <lang>/assets/sw-register.js with the strings below;
   they are inserted as text. Without service workers (an old browser, a private window that refuses
   them, a page not served over https or from localhost) nothing happens and nothing is logged. */
(function (text) {
  "use strict";
  var workers;
  try {
    workers = navigator.serviceWorker; // throws in some browsers when storage is blocked
  } catch (error) {
    return;
  }
  var script = document.currentScript;
  if (!workers || !script || !window.Promise || !window.URL) return;
  // This script is <root>/<lang>/assets/sw-register.js.
  var root = new URL("../../", script.src);
  var controlled = !!workers.controller;
  var updateShown = false;

  function button(label, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.style.cssText = "font:inherit;color:inherit;background:none;cursor:pointer;" +
      "border:.05rem solid currentColor;border-radius:.1rem;padding:.2rem .6rem";
    element.addEventListener("click", action);
    return element;
  }

  function notice(kind) {
    var box = document.createElement("div");
    box.className = "nardy-notice";
    box.setAttribute("data-notice", kind);
    box.setAttribute("role", "status");
    box.style.cssText = "position:fixed;z-index:5;left:50%;bottom:1rem;transform:translateX(-50%);" +
      "width:max-content;max-width:calc(100% - 2rem);box-sizing:border-box;display:flex;flex-wrap:wrap;" +
      "align-items:center;gap:.5rem 1rem;padding:.6rem 1rem;border-radius:.2rem;font-size:.8rem;" +
      "background:var(--md-primary-fg-color,#795649);color:var(--md-primary-bg-color,#fff);" +
      "box-shadow:0 .2rem .5rem rgba(0,0,0,.3)";
    document.body.appendChild(box);
    // The status region is in the page before its text, so that screen readers announce the text.
    setTimeout(function () {
      var message = document.createElement("span");
      message.textContent = text[kind];
      box.appendChild(message);
      if (kind === "update") box.appendChild(button(text.reload, function () { location.reload(); }));
      box.appendChild(button(text.close, function () { box.remove(); }));
    }, 50);
  }

  workers.addEventListener("controllerchange", function () {
    // The first worker taking over a page that had none is no update.
    if (controlled && !updateShown) {
      updateShown = true;
      notice("update");
    }
    controlled = true;
  });

  function start() {
    try {
      workers.register(new URL("sw.js", root).href, { scope: root.pathname }).then(function (registration) {
        // A page an older worker controls asks for the current one at once (browsers also check on
        // navigation, but may wait while the worker is busy).
        if (controlled) return registration.update();
      }).catch(function () {});
    } catch (error) {
      return;
    }
    if (workers.controller && window.MessageChannel) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) {
        if (event.data && event.data.fromCache) notice("offline");
      };
      workers.controller.postMessage({ type: "nardy-served" }, [channel.port2]);
    }
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})(NARDY_OFFLINE_TEXT);
