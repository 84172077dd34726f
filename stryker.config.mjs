// make mutants: Stryker mutates the page scripts' pure modules (the table's model, the as-of
// dates, the search's questions, typo fixes and results, a calculation link's parts) and runs their Node tests (tests/js,
// node:test's TAP output) on each mutant. TABLE_SPEC names the spec the build makes from
// build_scripts/maps/table.toml (tests/mutation/run.py writes it and runs this).
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "tap",
  plugins: ["@stryker-mutator/tap-runner"],
  tap: {
    testFiles: [
      "tests/js/table/*.test.mjs",
      "tests/js/as-of/*.test.mjs",
      "tests/js/search/*.test.mjs",
      "tests/js/calculators/*.test.mjs",
    ],
  },
  mutate: [
    "docs/assets/js/table/model.mjs",
    "docs/assets/js/table/steps.mjs",
    "docs/assets/js/table/feeds.mjs",
    "docs/assets/js/table/summary.mjs",
    "docs/assets/js/table/link.mjs",
    "docs/assets/js/as-of/when.mjs",
    "docs/assets/js/search/question.mjs",
    "docs/assets/js/search/typos.mjs",
    "docs/assets/js/search/results.mjs",
    "docs/assets/js/calculators/link-parts.mjs",
  ],
  ignorePatterns: ["site", "build", "mutants", ".venv", ".venv-zensical", "build/lock-venv", "test-results"],
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["json", "clear-text", "progress"],
  jsonReporter: { fileName: "build/reports/stryker.json" },
  tempDirName: "build/stryker-tmp",
  cleanTempDir: true,
};
