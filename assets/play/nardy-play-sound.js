/* The play page's sounds: a short rattle for the dice and a knock for a checker set down. Off by default; once a
   reader turns them on, the choice is kept (localStorage) and the page plays them until turned off.

   The sounds are made with the Web Audio API as they are played (filtered noise, a decaying tone), so
   nothing is fetched for them; a browser without it (or storage that throws) leaves the page silent,
   never broken. The audio context starts on the reader's own press of the toggle, as browsers require. */

const KEY = "nardy-play-sound";

export class Sound {
  constructor() {
    this.context = null;
    try {
      this.on = localStorage.getItem(KEY) === "on";
    } catch (error) {
      this.on = false;
    }
  }

  /** Turn the sounds on or off (a press of the toggle), and keep the choice. */
  toggle() {
    this.on = !this.on;
    try {
      if (this.on) localStorage.setItem(KEY, "on");
      else localStorage.removeItem(KEY);
    } catch (error) {
      /* no storage: the choice holds for this visit */
    }
    if (this.on) this.move();
    return this.on;
  }

  audio() {
    if (!this.on) return null;
    if (!this.context) {
      const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!Context) return null;
      try {
        this.context = new Context();
      } catch (error) {
        return null;
      }
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }

  /** A burst of noise through a band-pass filter: one die hitting the board. */
  click(context, at, frequency, length, level) {
    const samples = Math.ceil(context.sampleRate * length);
    const buffer = context.createBuffer(1, samples, context.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 3;
    const source = context.createBufferSource();
    source.buffer = buffer;
    const filter = context.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = frequency;
    const gain = context.createGain();
    gain.gain.value = level;
    source.connect(filter).connect(gain).connect(context.destination);
    source.start(at);
  }

  /** The dice: a few knocks in quick succession. */
  dice() {
    const context = this.audio();
    if (!context) return;
    const now = context.currentTime;
    [0, 0.06, 0.13, 0.17].forEach((delay, index) => this.click(context, now + delay, 2400 - index * 300, 0.04, 0.5));
  }

  /** A checker set down: one low knock. */
  move() {
    const context = this.audio();
    if (!context) return;
    this.click(context, context.currentTime, 900, 0.07, 0.8);
  }
}
