// @ts-check
// Scrollhammer Rules: how a Python memory snapshot is kept on the device.
//
// A snapshot is a copy of the started interpreter's WebAssembly memory (about 31 MB),
// half of it pages of zeros. It is kept sparse: a bitmap of the 4 KiB pages that hold
// anything, then those pages, and a checksum of both. Reading it back is one read of
// ~15 MB and a copy (tens of milliseconds); gzip kept it at 6 MB but took ~200 ms to
// unpack on every visit, on the path to the first answer.
//
// Pure functions of bytes, so Node tests them as the worker uses them.

/** Bytes per page. */
export const PAGE = 4096;
/** The format's name, stored with the bytes; a snapshot in another format is not read. */
export const FORMAT = "sparse-4k-1";

/**
 * FNV-1a over the snapshot's size, then the stored bytes as 32-bit words (and the tail
 * bytes): cheap, and enough to tell a damaged file or size from a good one (it is no
 * defence against tampering, which needs no snapshot).
 * @param {Uint8Array} bytes
 * @param {number} rawBytes
 */
export function checksum(bytes, rawBytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  let hash = Math.imul(0x811c9dc5 ^ rawBytes, 0x01000193);
  for (let i = 0; i < words.length; i++) {
    hash = Math.imul(hash ^ words[i], 0x01000193);
  }
  for (let i = words.length * 4; i < bytes.length; i++) {
    hash = Math.imul(hash ^ bytes[i], 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * @param {Uint8Array} raw
 * @param {number} start
 * @param {number} end
 */
function isZero(raw, start, end) {
  // Whole words where aligned (pages are), bytes for a short tail.
  const aligned = (raw.byteOffset + start) % 4 === 0 && (end - start) % 4 === 0;
  if (aligned) {
    const words = new Uint32Array(raw.buffer, raw.byteOffset + start, (end - start) >>> 2);
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
    return true;
  }
  for (let i = start; i < end; i++) if (raw[i] !== 0) return false;
  return true;
}

/**
 * A snapshot's stored form.
 * @param {Uint8Array} raw The memory snapshot.
 * @returns {{body: Uint8Array<ArrayBuffer>, rawBytes: number, check: string}}
 */
export function pack(raw) {
  const pages = Math.ceil(raw.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  let kept = 0;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    const end = Math.min(raw.length, start + PAGE);
    if (!isZero(raw, start, end)) {
      bitmap[page >>> 3] |= 1 << (page & 7);
      kept += end - start;
    }
  }
  const body = new Uint8Array(bitmap.length + kept);
  body.set(bitmap, 0);
  let at = bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (bitmap[page >>> 3] & (1 << (page & 7))) {
      const start = page * PAGE;
      const end = Math.min(raw.length, start + PAGE);
      body.set(raw.subarray(start, end), at);
      at += end - start;
    }
  }
  return { body, rawBytes: raw.length, check: checksum(body, raw.length) };
}

/**
 * The snapshot back from its stored form.
 * @param {Uint8Array} body
 * @param {number} rawBytes
 * @param {string} check
 * @returns {Uint8Array} the memory snapshot
 * @throws {Error} when the stored form is truncated or damaged (never a wrong snapshot).
 */
export function unpack(body, rawBytes, check) {
  if (!Number.isSafeInteger(rawBytes) || rawBytes <= 0) throw new Error("the stored snapshot has no size");
  const raw = new Uint8Array(rawBytes);
  unpackInto(body, raw, check);
  return raw;
}

/**
 * The snapshot back from its stored form, into `raw`: memory of the snapshot's size,
 * all zeros, handed out before the stored form was read (the worker gives it to Pyodide,
 * which sizes the interpreter's memory by it while this reads). Only the kept pages are
 * written, and only once the whole stored form has been checked: when this throws, `raw`
 * is still all zeros.
 * @param {Uint8Array} body
 * @param {Uint8Array} raw
 * @param {string} check
 * @throws {Error} when the stored form is truncated or damaged, or is not of `raw`'s size.
 */
export function unpackInto(body, raw, check) {
  const rawBytes = raw.length;
  if (rawBytes <= 0) throw new Error("the stored snapshot has no size");
  const pages = Math.ceil(rawBytes / PAGE);
  const bitmapBytes = Math.ceil(pages / 8);
  if (body.length < bitmapBytes) throw new Error("the stored snapshot is truncated");
  let kept = 0;
  for (let page = 0; page < pages; page++) {
    if (body[page >>> 3] & (1 << (page & 7))) kept += Math.min(PAGE, rawBytes - page * PAGE);
  }
  if (body.length !== bitmapBytes + kept) throw new Error("the stored snapshot is truncated");
  if (checksum(body, rawBytes) !== check) throw new Error("the stored snapshot is damaged");
  let at = bitmapBytes;
  for (let page = 0; page < pages; page++) {
    if (body[page >>> 3] & (1 << (page & 7))) {
      const start = page * PAGE;
      const size = Math.min(PAGE, rawBytes - start);
      raw.set(body.subarray(at, at + size), start);
      at += size;
    }
  }
}
