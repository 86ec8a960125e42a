/* One answer(request) for every question a board asks (a request of nardy_rules.live).

   The answers the build recorded for the board's example answer first; the
   engine in the worker answers everything else, with the same shapes. Both
   give a Promise; the board never asks which one answered. */

export function answerer(embedded, engine) {
  return (request) => embedded.answer(request).then((found) => (found !== null ? found : engine.answer(request)));
}

/** Whether a promise settles before the page's next task: an answer at hand rather than one to wait for. */
export function atHand(promise) {
  const later = new Promise((resolve) => { setTimeout(() => resolve(false), 0); });
  return Promise.race([promise.then(() => true, () => true), later]);
}
