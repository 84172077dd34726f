// Lighthouse's accessibility audit of each URL given, in one Chromium (Debian's).
// Usage: CHROME_PATH=… CHROME_FLAGS='[…]' node tests/browser/lighthouse_a11y.mjs URL... ; prints [{url, score, failed: [...]}] as JSON.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const urls = process.argv.slice(2);
// The Chromium and its flags are the browser tests' own (tests/support.py), handed over.
const { CHROME_PATH, CHROME_FLAGS } = process.env;
if (!CHROME_PATH || !CHROME_FLAGS) {
  console.error("set CHROME_PATH and CHROME_FLAGS (a JSON list), as test_trust.py does");
  process.exit(2);
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ["--headless=new", ...JSON.parse(CHROME_FLAGS)],
});
const results = [];
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ["accessibility"],
      logLevel: "error",
      output: "json",
    });
    const failed = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => `${audit.id}: ${audit.title}`);
    results.push({ url, score: lhr.categories.accessibility.score, failed });
  }
} finally {
  await chrome.kill();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
