/* The play page (docs/<lang>/play.md): its module script (overrides/main.html loads it there only).

   The page exists to play, so the rules engine starts at once (nardy-engine.js,
   the worker the rules boards use). Then, in this order: an online link (#join=, #watch=, #match=:
   nardy-online.js) opens its match on the game server; a share link
   (#position=...&dice=...) opens its position; else a stored game is
   resumed (one that no longer reads is dropped, with a message); else a new
   match starts as the form says. The build's mount (#nardy-play,
   nardy_site/pages/play_page.py) holds the two boards' SVGs and stays the
   no-JavaScript page until this script runs.

   window.nardyPlay (the PlayApp) and window.nardyOnline are there for the tests and the benchmark. */

import { Engine } from "../engine/nardy-engine.js";
import LAYOUTS from "../nardy-layout.js";
import { Online, readOnlineLink } from "./nardy-online.js";
import { Opening, fetchRecord } from "./nardy-play-opening.js";
import { PlayApp } from "./nardy-play-app.js";
import { FormsBox, Store, download, readLink } from "./nardy-play-store.js";
import { personSide, positionProblem } from "./nardy-play-text.js";
import { seatedOn } from "./nardy-play-seats.js";
import { Strings } from "../board/nardy-strings.js";

/** Open a position in any form as a new game from it (dice: that side's first roll, else the dice the form
    carries: an XGID's), or say what is wrong. A share link (link: its fields) is played from its side, else the
    side to move: the person of this device sits there (and sees the board from there, nardy-play-side.js). */
async function openPosition(app, text, dice, badKey, link = null) {
  const answer = await app.ask({ op: "forms", position: text.trim() });
  if (answer.error) {
    app.say(`${app.t(badKey)} ${positionProblem(app.t, answer, app.board.numbering)}`);
    return false;
  }
  if (link) {
    const settings = app.panel.settings();
    app.panel.setSettings({ ...settings, ...seatedOn(settings, link.side || answer.position.turn) });
  }
  return app.startFrom(answer, dice);
}

async function exportMatch(app) {
  if (!app.record) return;
  const answer = await app.match.send({ export: true });
  if (answer.error || !answer.export) {
    app.say(app.t("play-export-none"));
    return;
  }
  download(`nardy-match${answer.export.extension}`, answer.export.text);
  app.say(app.t("play-exported"));
}

/** The play page's records, the same for every language: the site's root folder play-records/
    (nardy_site.figures.opening.FOLDER), from this file's <lang>/assets/play/. */
const RECORDS = new URL("../../../play-records/", import.meta.url);

/** The read of url's JSON the page's head started (overrides/main.html: null for a file not there, a rejection for
    one that is not JSON), or fetch(url) made now; each read taken once. */
function earlyRead(name, url, fetchNow) {
  const reads = globalThis.nardyEarlyReads || {};
  const early = reads[name];
  if (reads[name]) reads[name] = null;
  return early && early.url === url.href ? early.read : fetchNow(url);
}

/** The files of a share link's record (nardy_site.figures.opening.write_links: the build recorded the first
    turn of every figure's position with its dice), or null when the link is not a figure's or the index cannot
    be read (the engine answers). */
async function linkRecord(link) {
  if (!link.dice) return null;
  const index = await fetchRecord(new URL("nardy-links.json", RECORDS)).catch(() => null);
  const key = `${link.position.trim()} ${link.dice.join("-")}`;
  const links = index && index.format === 2 && index.links !== null && typeof index.links === "object" ? index.links : null;
  if (!links || !Object.prototype.hasOwnProperty.call(links, key) || !Number.isInteger(links[key])) return null;
  const name = (suffix) => `nardy-links/${links[key]}${suffix}.json`;
  return { record: new URL(name(""), RECORDS), checks: new URL(name("-checks"), RECORDS),
    names: { record: name(""), checks: name("-checks") } };
}

async function init() {
  const mount = document.getElementById("nardy-play");
  if (!mount) return;
  const engine = new Engine();
  // The page exists to play: no reason to wait for a first click, nor for a frame (as a rules page does,
  // to draw a board's answer at hand first).
  engine.start();
  engine.spawn();
  // A new game's first turn before the engine is ready: the build's record of the engine's answers, fetched now
  // (its check answers once a checker is selected); for a share link of a figure's position and dice, that
  // link's record instead.
  const link = readLink(location.hash);
  const linked = link && !readOnlineLink(location.hash) ? await linkRecord(link) : null;
  const opening = linked ? new Opening(fetchRecord(linked.record), engine, () => fetchRecord(linked.checks), linked.names)
    : new Opening(earlyRead("opening", new URL("nardy-opening.json", RECORDS), fetchRecord), engine,
      () => fetchRecord(new URL("nardy-opening-checks.json", RECORDS)));
  // Read already, the page's new game is drawn in this module's task (overrides/main.html says why).
  const stringsUrl = new URL("../i18n.json", import.meta.url);
  const strings = await earlyRead("strings", stringsUrl, () => Promise.resolve(null))
    .then((json) => (json ? new Strings(json) : Strings.load(stringsUrl)), () => Strings.load(stringsUrl));
  const store = new Store();
  const app = new PlayApp({ mount, engine, strings, layouts: LAYOUTS, store, opening });
  window.nardyPlay = app;
  // A pasted position: into the set-up editor when it is open, else a new game from it.
  const paste = (text) => (app.mode === "setup" ? app.setup.load(text) : openPosition(app, text, null, "play-paste-bad"));
  // The forms wait for the engine quietly: the position's forms are no reason to say it is starting.
  const forms = new FormsBox(app.t, (request) => app.answer(request), (text) => app.guard(() => paste(text)),
    (text) => app.say(text));
  forms.export.addEventListener("click", () => app.guard(() => exportMatch(app)));
  mount.append(forms.root);
  app.forms = {
    show: (position, dice = app.state && app.state.dice) => app.guard(() => forms.show(position, dice, personSide(app.seats))),
    clear: () => forms.clear(),
  };
  mount.dataset.ready = "true";
  const online = new Online(app, mount);
  window.nardyOnline = online;
  // The page exists to play: it opens on the board, under the header (unless the reader has scrolled already).
  if (!scrollY) app.fit.show();
  // An online link (#join=, #watch=, #match=) opens its match; else the game server is looked for meanwhile.
  const onlineLink = readOnlineLink(location.hash);
  if (onlineLink) {
    if (await online.start(onlineLink)) return;
    const said = app.panel.status.textContent;
    history.replaceState(null, "", location.pathname + location.search);
    await app.newMatch();
    app.say(said);
    return;
  }
  online.start(null).catch(() => online.view.show("unavailable"));
  if (link) {
    if (await openPosition(app, link.position, link.dice, "play-link-bad", link)) {
      if (link.diceBad) app.say(`${app.panel.status.textContent} ${app.t("play-link-dice-bad")}`);
      return;
    }
    const said = app.panel.status.textContent;
    await app.newMatch();
    app.say(said);
    return;
  }
  const stored = store.load();
  if (stored && stored !== "bad" && (await app.resume(stored.record, stored.seats, stored.analysed))) {
    app.say(app.t("play-resumed"));
    return;
  }
  if (stored) store.drop();
  await app.newMatch();
  if (stored) app.say(app.t("play-stored-bad"));
}

init().catch(() => {
  const mount = document.getElementById("nardy-play");
  if (mount) mount.dataset.ready = "failed";
});
