"""The stored form of a Python memory snapshot (calculators/snapshot-format.mjs), in Node.

The worker reads a snapshot back only when it is whole: a truncated or damaged one must
be refused (and the worker then boots from the files), never restored.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from harness.project import ROOT

MODULE = ROOT / "docs/assets/js/calculators/snapshot-format.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node is part of `make setup`")

HARNESS = """
import { pack, unpack, unpackInto, PAGE } from %s;
const out = {};
// A memory image: zero pages, pages with data, a short last page, an odd length.
function image(length, seed) {
  const raw = new Uint8Array(length);
  let x = seed;
  for (let page = 0; page * PAGE < length; page++) {
    if (page %% 3 === 1) continue; // every third page stays zero
    for (let i = page * PAGE; i < Math.min(length, page * PAGE + PAGE); i += 7) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      raw[i] = x & 0xff;
    }
  }
  return raw;
}
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
const refused = (fn) => { try { fn(); return ""; } catch (error) { return error.message; } };
for (const length of [1, PAGE, PAGE * 10 + 144, PAGE * 31 + 3]) {
  const raw = image(length, length);
  const { body, rawBytes, check } = pack(raw);
  out[length] = {
    roundTrip: same(unpack(body, rawBytes, check), raw),
    smaller: body.length < raw.length || length <= PAGE,
    truncated: refused(() => unpack(body.subarray(0, body.length - 1), rawBytes, check)),
    extended: refused(() => unpack(new Uint8Array([...body, 0]), rawBytes, check)),
    damaged: refused(() => { const bad = body.slice(); bad[bad.length - 1] ^= 1; unpack(bad, rawBytes, check); }),
    wrongSize: refused(() => unpack(body, rawBytes + PAGE, check)),
    noSize: refused(() => unpack(body, NaN, check)),
    into: (() => { const into = new Uint8Array(rawBytes); unpackInto(body, into, check); return same(into, raw); })(),
    intoRefusedStaysZero: (() => {
      const into = new Uint8Array(rawBytes);
      const bad = body.slice(); bad[bad.length - 1] ^= 1;
      return [refused(() => unpackInto(bad, into, check)), into.every((v) => v === 0)];
    })(),
  };
}
const zeros = pack(new Uint8Array(PAGE * 8));
out.allZero = { bodyBytes: zeros.body.length, roundTrip: same(unpack(zeros.body, zeros.rawBytes, zeros.check), new Uint8Array(PAGE * 8)) };
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results() -> dict[str, dict[str, object]]:
    code = HARNESS % json.dumps(MODULE.as_uri())
    done = subprocess.run([str(NODE), "--input-type=module", "-e", code], capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


@pytest.mark.parametrize("length", ["1", "4096", "41104", "126979"])
def test_a_snapshot_comes_back_byte_for_byte(results: dict[str, dict[str, object]], length: str) -> None:
    assert results[length]["roundTrip"] is True
    assert results[length]["smaller"] is True


@pytest.mark.parametrize("length", ["1", "4096", "41104", "126979"])
def test_a_truncated_extended_or_damaged_snapshot_is_refused(
    results: dict[str, dict[str, object]], length: str
) -> None:
    row = results[length]
    assert "truncated" in str(row["truncated"])
    assert "truncated" in str(row["extended"])
    assert "damaged" in str(row["damaged"])
    assert row["wrongSize"]  # a snapshot of another size is refused
    assert "no size" in str(row["noSize"])


@pytest.mark.parametrize("length", ["1", "4096", "41104", "126979"])
def test_unpacking_into_memory_given_up_front_writes_the_same_bytes_or_leaves_it_zero(
    results: dict[str, dict[str, object]], length: str
) -> None:
    row = results[length]
    assert row["into"] is True
    message, still_zero = row["intoRefusedStaysZero"]  # type: ignore[misc]
    assert "damaged" in message
    assert still_zero is True


def test_zero_pages_are_not_stored(results: dict[str, dict[str, object]]) -> None:
    assert results["allZero"] == {"bodyBytes": 1, "roundTrip": True}  # the bitmap's one byte
