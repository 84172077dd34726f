// @ts-check
// Scrollhammer Rules: the Python runtime a page names, and whether it is on this device.
//
// The build writes the runtime's identity into the head of each page with calculators (and
// into each calculator); the engine starts that runtime, and Data Saver asks whether
// starting it would download anything.
import { PATTERNS } from "./protocol.mjs";

/** @typedef {import("../types/protocol").RuntimeIdentity} RuntimeIdentity */

/**
 * The runtime this build ships, as the build wrote it into the head of each page with
 * calculators (and into each calculator), checked against the protocol's patterns.
 * @returns {RuntimeIdentity | null}
 */
export function runtimeIdentity() {
  const meta = document.querySelector('meta[name="scrollhammer:runtime"]');
  const holder = document.querySelector("section.sh-calc[data-runtime]");
  const text =
    meta instanceof HTMLMetaElement
      ? meta.content
      : holder instanceof HTMLElement
        ? holder.dataset.runtime || "{}"
        : "{}";
  /** @type {Record<string, unknown>} */
  let named = {};
  try {
    named = JSON.parse(text) || {};
  } catch {
    return null;
  }
  const fields = Object.entries(PATTERNS.RuntimeIdentity);
  if (!fields.every(([key, pattern]) => typeof named[key] === "string" && pattern.test(named[key]))) return null;
  return /** @type {RuntimeIdentity} */ (/** @type {unknown} */ (named));
}

/**
 * Whether starting Python would download nothing: this build's runtime is already on the
 * device, precached by the service worker (its calculators archive, named by its hash, is
 * in a cache of this site). An older build's service worker does not have it.
 * @returns {Promise<boolean>}
 */
export async function runtimeOnDevice() {
  const runtime = runtimeIdentity();
  if (!runtime || !navigator.serviceWorker?.controller || !("caches" in window)) return false;
  const archive = new URL(`../../py/${runtime.calculators}`, import.meta.url);
  try {
    return Boolean(await caches.match(archive.href, { ignoreSearch: true }));
  } catch {
    return false; // storage blocked: count it as a download
  }
}
