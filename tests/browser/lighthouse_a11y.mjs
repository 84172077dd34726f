// Lighthouse's accessibility audit of each URL given, in one Chromium (Debian's).
// Usage: node tests/browser/lighthouse_a11y.mjs URL... ; prints [{url, score, failed: [...]}] as JSON.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const urls = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
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
