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
 * the next visit; the page asks for it when idle after the first answer.
 * @param {{pyodide: Pyodide, source: "snapshot" | "files"}} booted
 * @returns {Promise<SnapshotStored>}
 */
export async function makeSnapshot(booted) {
  if (booted.source !== "files") return { stored: false, bytes: 0, reason: "booted from a snapshot" };
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
