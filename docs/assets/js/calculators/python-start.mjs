// @ts-check
// Scrollhammer Rules: when Python starts on a page with calculators: at once when it already
// runs (the head's worker, or an earlier page's: instant navigation keeps it), after the
// first paint otherwise, and with Data Saver on only when the runtime is on the device
// already or the player touches a calculator.
import { savingData } from "../site.mjs";
import { engineState, startEngine } from "./engine.mjs";
import { showStatus } from "./render.mjs";
import { runtimeOnDevice } from "./runtime.mjs";

/**
 * Start Python when it is time, then `run` (each calculator's first answer).
 * @param {HTMLElement[]} sections
 * @param {() => void} run
 */
export function startWhenDue(sections, run) {
  if (engineState() !== "idle") {
    run(); // already started: by early-start.mjs (the head's worker), or on an earlier page (instant navigation keeps it)
  } else if (savingData()) {
    // The player's data plan: nothing is downloaded unasked; a runtime on the device is no download.
    runtimeOnDevice().then((local) => {
      if (!local) waitForAPlayer(sections, run);
      else if (engineState() === "idle") {
        startEngine();
        run();
      } else run();
    });
  } else {
    // Start Python as soon as the page has painted: its downloads and start-up run in
    // the worker while the player reads; the rule text never waits for them.
    window.requestAnimationFrame(() =>
      window.setTimeout(() => {
        startEngine();
        run();
      }, 0),
    );
  }
}

/**
 * With Data Saver on, Python starts only when the player touches a calculator; until then
 * each calculator says so beside its form.
 * @param {HTMLElement[]} sections
 * @param {() => void} run
 */
function waitForAPlayer(sections, run) {
  const note =
    "Data Saver is on: this calculator starts when you use it (it then downloads what it needs once, a few MB).";
  const begin = () => {
    for (const section of sections) {
      delete section.dataset.waiting;
      section.removeEventListener("focusin", begin);
      section.removeEventListener("pointerdown", begin);
    }
    startEngine();
    run();
  };
  for (const section of sections) {
    section.dataset.waiting = note;
    showStatus(section);
    section.addEventListener("focusin", begin, { once: true });
    section.addEventListener("pointerdown", begin, { once: true });
  }
}
