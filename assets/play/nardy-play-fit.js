/* The board and its controls in view at once: the board, the dice on it, whose turn it is (the information
   line) and the buttons of the current step fit the window together, on a phone and on a laptop alike, so a
   player never scrolls during a game.

   The parts under the board (information line, toolbar, status, score line: PlayPanel.under) take the
   height they need in the page's language; the board gets the rest of the window's height under the site's
   header, as wide as that allows (never wider than the column): the width follows from the board's own
   proportions (its SVG's viewBox). It is measured again when the window changes and whenever the page
   draws a new state; the board then only ever gets smaller until the window changes (a sentence or a
   button row more shrinks it once, one less does not make it grow back), so that it does not move under
   a finger from one step to the next; only the resignation's offers, a menu the person opens and closes,
   shrink it for as long as they are shown. The lines under it keep room for two lines of text and two rows
   of buttons (nardy-play.css), so most steps change nothing. show() scrolls the page so that the board sits right
   under the header: when a game starts (the page opens, a new game, play again), since the page's title
   and introduction come first. */

/** Space kept between the header and the board, and under the last line, in CSS px. */
const GAP = 8;

export class Fit {
  /** area: the boards' wrapper; under: the parts under the board, in order. */
  constructor(area, under) {
    this.area = area;
    this.under = under;
    this.frame = 0;
    this.limit = null; // the board's width now: the smallest measured since the window last changed
    addEventListener("resize", () => {
      this.limit = null;
      this.update();
    });
  }

  header() {
    const header = document.querySelector(".md-header");
    return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }

  /** The board's greatest width for the window's height (null when there is nothing to measure yet). */
  measure() {
    const svg = this.area.querySelector(".nardy-play-board:not([hidden]) svg");
    const box = svg && svg.viewBox && svg.viewBox.baseVal;
    const shown = this.under.filter((element) => !element.hidden && element.getClientRects().length);
    if (!box || !box.width || !shown.length) return null;
    const last = shown[shown.length - 1].getBoundingClientRect();
    // The height under the board: from its bottom edge to the last line's, margins included.
    const below = last.bottom - this.area.getBoundingClientRect().bottom;
    const height = innerHeight - this.header() - below - 2 * GAP;
    return Math.max(160, height) * (box.width / box.height);
  }

  /** Size the board for the window (at the next frame, once the page has drawn what changed). A passing
      step (the resignation's offers) shrinks the board only while it is shown: a small phone does not keep
      a small board for the rest of the match. */
  update(passing = false) {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => {
      const width = this.measure();
      if (width === null) return;
      if (!passing && (this.limit === null || width < this.limit)) this.limit = Math.floor(width);
      const shown = passing && this.limit !== null ? Math.min(width, this.limit) : this.limit ?? width;
      this.area.style.maxWidth = `${Math.floor(shown)}px`;
    });
  }

  /** Bring the board to the top of the window, under the site's header. */
  show() {
    const top = this.area.getBoundingClientRect().top + scrollY - this.header() - GAP;
    if (Math.abs(top - scrollY) > 1) scrollTo({ top, behavior: "instant" });
  }
}
