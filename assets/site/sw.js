/* The site's service worker: one for every language and pyodide/ (scope: the site's root).

   nardy_site/app/offline.py writes <root>/sw.js: the build's manifest on the first
   line (const BUILD = {...}: every URL of the build relative to the root with
   the first BUILD.hashDigits hex digits of its SHA-256, the build id, each
   language's shell and offline page), then this file. dev/offline.md.

   - One cache per build, "nardy-<build id>", holding only files of that build:
     a response is stored only when its body has the manifest's hash (a file of
     another build, half-deployed, is passed on but not kept), only for GET
     requests of this origin, never an error, a redirect or a partial (206)
     answer. Installing copies over from older builds' caches what is
     unchanged (Pyodide is not downloaded again); activating deletes them.
   - Install: the root page and every language's offline page; the pages open
     in a window, and the shell of their languages (CSS, scripts, search
     index, home page). Never Pyodide: it is stored when the engine first
     asks for it.
   - Pages (navigations): network first, stored when read with the recorded
     answers of their boards (so that a page read online has live boards
     offline, engine or not: 480 kB, some 21 kB compressed, for a page of 21
     boards); without a network
     the stored copy (the page then shows the offline notice), or else the
     language's offline page.
   - Everything else of the build: the cache first, else the network (stored).
   - Anything not in the manifest (MkDocs' sitemaps too: they carry the
     build's day, and only search engines read them) goes to the network as if there were no worker.
*/
"use strict";

const PREFIX = "nardy-";
const CACHE = PREFIX + BUILD.id;
const FILES = new Map(Object.entries(BUILD.files));
const ROOT = new URL("./", self.location.href);
//: The hash of a stored response, so that the next build can tell whether it may keep it.
const HASH_HEADER = "X-Nardy-Hash";
//: The windows whose page came from the cache (the ids of the navigations' clients), until they ask.
const fromCache = new Set();

/** The URL relative to the root ("uz/short/"), or null outside the root. */
function keyOf(href) {
  const url = new URL(href);
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
  let key;
  try {
    key = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  } catch (error) {
    return null;
  }
  return key === "index.html" || key.endsWith("/index.html") ? key.slice(0, -"index.html".length) : key;
}

function urlOf(key) {
  return new URL(key.split("/").map(encodeURIComponent).join("/"), ROOT).href;
}

function languageOf(key) {
  const first = key === null ? "" : key.split("/", 1)[0];
  return Object.prototype.hasOwnProperty.call(BUILD.offline, first) ? first : null;
}

async function digest(body) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, BUILD.hashDigits);
}

/** A whole answer of this origin: never an error, a redirect or a partial (206) answer. */
function whole(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

/** Keep a response of the network if it is this build's file for `key`; whether it was kept. */
async function store(cache, key, response) {
  const want = FILES.get(key);
  if (want === undefined || !whole(response)) return false;
  const body = await response.arrayBuffer();
  if ((await digest(body)) !== want) return false;
  const headers = new Headers({ [HASH_HEADER]: want });
  for (const name of ["Content-Type", "Last-Modified"]) {
    if (response.headers.has(name)) headers.set(name, response.headers.get(name));
  }
  await cache.put(urlOf(key), new Response(body, { status: 200, headers }));
  return true;
}

/** Older builds' responses whose files this build has unchanged. */
async function carryOver(cache) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const key = keyOf(request.url);
      if (key === null || !FILES.has(key) || (await cache.match(request))) continue;
      const response = await old.match(request);
      if (response && response.headers.get(HASH_HEADER) === FILES.get(key)) await cache.put(request, response);
    }
  }
}

async function precache(cache, key) {
  if (await cache.match(urlOf(key))) return;
  const response = await fetch(urlOf(key), { cache: "no-cache" });
  // Not this build's file: the server has another build, whose own worker will install instead.
  if (!(await store(cache, key, response))) throw new Error(`${key}: not a file of build ${BUILD.id}`);
}

/** The folders next to a page that its boards ask for (assets/board/nardy-board.js): the figures' drawings
    (nardy_site.figures.diagram.FOLDER) and the recorded answers (nardy_site.figures.answers.FOLDER). */
const PAGE_FOLDERS = ["nardy-figures/", "nardy-answers/"];

function besideOf(page) {
  const folders = PAGE_FOLDERS.map((folder) => page + folder);
  return Array.from(FILES.keys()).filter((key) => folders.some((folder) => key.startsWith(folder)));
}

async function shellOf(cache, codes, pages = []) {
  const keys = new Set(BUILD.common);
  for (const code of codes) for (const key of BUILD.shell[code] || []) keys.add(key);
  for (const key of pages) if (FILES.has(key)) for (const one of [key, ...besideOf(key)]) keys.add(one);
  await Promise.all(Array.from(keys, (key) => precache(cache, key)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await carryOver(cache);
    // The pages open now (the one that registered this worker was read before any worker could keep it).
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const pages = windows.map((client) => keyOf(client.url)).filter((key) => key !== null);
    await shellOf(cache, new Set(pages.map(languageOf).filter(Boolean)), pages);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function page(event, key) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    // Past the HTTP cache too (revalidated): a reader online gets the current text.
    response = await fetch(new Request(event.request, { cache: "no-cache" }));
  } catch (error) {
    const saved = FILES.has(key) && (await cache.match(urlOf(key)));
    if (saved) {
      fromCache.add(event.resultingClientId);
      return saved;
    }
    const offline = await cache.match(urlOf(BUILD.offline[languageOf(key) || BUILD.source]));
    if (offline) return offline;
    throw error;
  }
  if (FILES.has(key)) {
    const kept = store(cache, key, response.clone());
    // Its drawings and its boards' answers once the page is kept (not for a page of another build).
    event.waitUntil(kept.then((ok) => ok && Promise.all(besideOf(key).map((one) => precache(cache, one)))).catch(() => false));
  }
  const code = languageOf(key);
  // A language opened for the first time since this build installed: its shell, in the background.
  if (code && response.ok) event.waitUntil(shellOf(cache, [code]).catch(() => false));
  return response;
}

async function asset(event, key) {
  const cache = await caches.open(CACHE);
  const saved = await cache.match(urlOf(key));
  if (saved) return saved;
  const response = await fetch(event.request);
  event.waitUntil(store(cache, key, response.clone()).catch(() => false));
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("Range")) return;
  const key = keyOf(request.url);
  if (key === null) return; // another origin, or outside the site
  if (request.mode === "navigate") event.respondWith(page(event, key));
  else if (FILES.has(key)) event.respondWith(asset(event, key));
});

// A page asks whether it came from the cache (assets/sw-register.js shows the offline notice).
self.addEventListener("message", (event) => {
  const port = event.ports && event.ports[0];
  if (!port || !event.data || event.data.type !== "nardy-served" || !event.source) return;
  port.postMessage({ fromCache: fromCache.delete(event.source.id) });
});
