"""Benchmark: each calculator at its slowest allowed input, on CPython (target <= 50 ms).

Run with `make bench`. Prints a Markdown table and writes bench/results/calculators.json.
This is a benchmark, not a test: `make test` does not run it.
"""

from __future__ import annotations

import json
import platform
import statistics
import time

from bench.reports.output import RESULTS
from calculators.registry import all_calculators

TARGET_MS = 50.0
REPEATS = 7
SLOWEST: dict[str, dict[str, object]] = {
    # Filled in by slowest_building_damage(): the most hits against the armour value and
    # attack that keep the most building states alive.
    "building-damage": {},
    "ruin-movement": {"unit_type": "infantry", "level_height": 1},
    "hit-split": {"target": "monstrous-cavalry", "hits": 60},
    "charge-and-fall-back": {"unit_type": "cavalry", "difficult": True, "distance": 9},
}


def measure(name: str, inputs: dict[str, object], repeats: int = REPEATS) -> float:
    calc = all_calculators()[name]
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        calc.compute(**inputs)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def slowest_building_damage() -> dict[str, object]:
    """Search Strength 10, 20 hits over every armour value, material and attack for the slowest."""
    best: tuple[float, dict[str, object]] = (-1.0, {})
    for av in range(1, 31):
        for material, attack in (("stone", "normal"), ("stone", "shock"), ("wooden", "flame")):
            inputs: dict[str, object] = {
                "strength": 10,
                "building": "custom",
                "material": material,
                "armour_value": av,
                "attack": attack,
                "hits": 20,
                "ranged": True,
            }
            elapsed = measure("building-damage", inputs, repeats=3)
            if elapsed > best[0]:
                best = (elapsed, inputs)
    return best[1]


def main() -> None:
    SLOWEST["building-damage"] = slowest_building_damage()
    rows = []
    for name, inputs in SLOWEST.items():
        ms = measure(name, inputs)
        rows.append({"calculator": name, "inputs": inputs, "median_ms": round(ms, 2), "target_ms": TARGET_MS})
    print(f"Calculators on CPython {platform.python_version()}, median of {REPEATS} runs:\n")
    print("| calculator | slowest input | median | target |")
    print("| --- | --- | ---: | ---: |")
    for row in rows:
        args = " ".join(f"{k}={v}" for k, v in row["inputs"].items())
        mark = "ok" if row["median_ms"] <= TARGET_MS else "OVER"
        print(f"| {row['calculator']} | `{args}` | {row['median_ms']} ms | {TARGET_MS:.0f} ms ({mark}) |")
    out = RESULTS / "calculators.json"
    out.write_text(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
