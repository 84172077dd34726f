// @ts-check
// Scrollhammer Rules: start Python with the page, on a visit after the first.
//
// Loaded (async) from the <head> of pages with calculators, so it runs while the page is
// still arriving, not after it has been parsed. On a visit after the first, a service
// worker answers from this device: Python's files and its snapshot are local. There
// early-worker.js, a classic script at the top of the head, has already started the
// worker and sent it the start message; this hands that worker to the engine (or starts
// one, if it could not). On a first visit it waits (forms.mjs starts it once the page has
// painted), so the rule text never shares the network with the runtime's downloads. With
// Data Saver on it starts only when this build's runtime is already on the device
// (starting then downloads nothing).
import { savingData } from "../site.mjs";
import { startEngine } from "./engine.mjs";
import { runtimeOnDevice } from "./runtime.mjs";

if (navigator.serviceWorker?.controller) {
  if (!savingData()) startEngine();
  else runtimeOnDevice().then((local) => local && startEngine());
}
