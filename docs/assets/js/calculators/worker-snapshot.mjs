// @ts-check
/// <reference lib="webworker" />
// Scrollhammer Rules: the calculators' worker, its memory snapshots: the one stored for this
// runtime (others deleted), read into memory beside Pyodide's start, and a new one made
// from a fresh start for the next visit. The stored form is snapshot-format.mjs's.
import { mark, message, scope, where } from "./worker-boot.mjs";

/** @typedef {import("../types/protocol").SnapshotStored} SnapshotStored */
/** @typedef {import("./worker-boot.mjs").Pyodide} Pyodide */
/** @typedef {import("./worker-pyodide.mjs").SnapshotMemory} SnapshotMemory */

/** The Cache Storage of snapshots (not "scrollhammer-…": the service worker owns those). */
export const SNAPSHOTS = "scrollhammer.python-snapshots";
/** The Web Lock a worker holds while it makes and stores a snapshot (another page's worker waits for it). */
const MAKING = "scrollhammer.python-snapshot";
/** How long a starting worker waits for a snapshot another page is making: a start from the files takes longer. */
const WAIT_MS = 3000;

/** The snapshot format, imported when there is a snapshot to read or make (never on a first visit's path). */
function snapshotFormat() {
  return import("./snapshot-format.mjs");
}

/**
 * The stored snapshot for this runtime, or null. Snapshots of other runtimes (an older
 * build) are deleted on the way.
 * @returns {Promise<Response | null>}
 */
export async function storedSnapshot() {
  if (!("caches" in scope)) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) {
      if (request.url !== where.snapshotKey) await cache.delete(request);
    }
    const hit = await cache.match(where.snapshotKey);
    return hit?.body ? hit : null;
  } catch {
    return null; // no Cache Storage (private mode, storage blocked): boot from the files
  }
}

/**
 * The stored snapshot for this runtime, or one another page's worker is making now (its
 * Web Lock held): waited for, at most WAIT_MS, then read. Null when there is neither.
 * @returns {Promise<Response | null>}
 */
export async function snapshotSoon() {
  const stored = await storedSnapshot();
  const locks = scope.navigator.locks;
  if (stored || !locks) return stored;
  try {
    const { held = [] } = await locks.query();
    if (!held.some((lock) => lock.name === MAKING)) return null;
    // A shared request is granted once the maker lets go (or gives up after WAIT_MS).
    await locks.request(MAKING, { mode: "shared", signal: AbortSignal.timeout(WAIT_MS) }, () => undefined);
    mark("snapshot-waited");
  } catch {
    return null; // waited too long, or no locks here: the files
  }
  return storedSnapshot();
}

/**
 * A stored snapshot, as startPyodide takes it: its memory at once, filled as it is read.
 * @param {Response} stored
 * @returns {Promise<SnapshotMemory>}
 * @throws {Error} when it is in another format or names no size.
 */
export async function snapshotMemory(stored) {
  const { FORMAT, unpackInto } = await snapshotFormat();
  if (stored.headers.get("x-format") !== FORMAT) throw new Error("the stored snapshot is in another format");
  const rawBytes = Number(stored.headers.get("x-raw-bytes"));
  if (!Number.isSafeInteger(rawBytes) || rawBytes <= 0) throw new Error("the stored snapshot has no size");
  const memory = new Uint8Array(rawBytes);
  const check = String(stored.headers.get("x-check"));
  const filled = stored.arrayBuffer().then((body) => {
    unpackInto(new Uint8Array(body), memory, check);
    mark("snapshot-read");
  });
  filled.catch(() => undefined); // startPyodide reports it
  return { memory, filled };
}

/**
 * Store a memory snapshot of this (freshly booted, already answering) interpreter for
 * the next visit; the page asks for it right after the first answer, so it is kept before
 * the player opens another page. It is made under a Web Lock: a page opened meanwhile in
 * another tab waits for it (snapshotSoon) instead of starting from the files.
 * @param {{pyodide: Pyodide, source: "snapshot" | "files"}} booted
 * @returns {Promise<SnapshotStored>}
 */
export async function makeSnapshot(booted) {
  if (booted.source !== "files") return { stored: false, bytes: 0, reason: "booted from a snapshot" };
  const locks = scope.navigator.locks;
  return locks ? locks.request(MAKING, () => madeSnapshot(booted)) : madeSnapshot(booted);
}

/**
 * Make and store the snapshot (under the Web Lock, where there are locks).
 * @param {{pyodide: Pyodide, source: "snapshot" | "files"}} booted
 * @returns {Promise<SnapshotStored>}
 */
async function madeSnapshot(booted) {
  try {
    const { FORMAT, pack } = await snapshotFormat();
    const { body, rawBytes, check } = pack(booted.pyodide.makeMemorySnapshot());
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) await cache.delete(request);
    const headers = {
      "content-type": "application/octet-stream",
      "x-format": FORMAT,
      "x-raw-bytes": String(rawBytes),
      "x-check": check,
    };
    await cache.put(where.snapshotKey, new Response(body, { headers }));
    return { stored: true, bytes: body.length, reason: "" };
  } catch (error) {
    const quota = error instanceof DOMException && error.name === "QuotaExceededError";
    return { stored: false, bytes: 0, reason: quota ? "the browser's storage for this site is full" : message(error) };
  }
}
