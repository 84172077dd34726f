// make mutants: Stryker mutates the table's pure model and runs its Node tests
// (tests/js/table, node:test's TAP output) on each mutant. TABLE_SPEC names the spec the
// build makes from build_scripts/maps/table.toml (tests/mutation/run.py writes it and runs this).
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "tap",
  plugins: ["@stryker-mutator/tap-runner"],
  tap: { testFiles: ["tests/js/table/*.test.mjs"] },
  mutate: [
    "docs/assets/js/table/model.mjs",
    "docs/assets/js/table/steps.mjs",
    "docs/assets/js/table/feeds.mjs",
    "docs/assets/js/table/summary.mjs",
    "docs/assets/js/table/link.mjs",
  ],
  ignorePatterns: ["site", "build", "mutants", ".venv", "test-results"],
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["json", "clear-text", "progress"],
  jsonReporter: { fileName: "build/reports/stryker.json" },
  tempDirName: "build/stryker-tmp",
  cleanTempDir: true,
};
