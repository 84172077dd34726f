// @ts-check
// Scrollhammer Rules: real dice for Roll it, from the browser's crypto RNG.

/**
 * Unbiased d6 faces from the browser's crypto RNG (rejection sampling).
 * @param {number} count
 */
export function d6Faces(count) {
  const faces = [];
  const limit = Math.floor(0x100000000 / 6) * 6;
  const buffer = new Uint32Array(count * 2);
  while (faces.length < count) {
    crypto.getRandomValues(buffer);
    for (const value of buffer) {
      if (value < limit && faces.length < count) faces.push((value % 6) + 1);
    }
  }
  return faces;
}
