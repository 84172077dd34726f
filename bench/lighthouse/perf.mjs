// Lighthouse's performance audit (mobile, its default simulated throttling) of each URL
// given, in one Chromium, for python -m bench.lighthouse.
// Usage: CHROME_PATH=… CHROME_FLAGS='[…]' node bench/lighthouse/perf.mjs URL... ; prints
// [{url, score, lcp_ms, tbt_ms, fcp_ms, long_tasks: [[url, ms], …]}] as JSON.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const urls = process.argv.slice(2);
const { CHROME_PATH, CHROME_FLAGS } = process.env;
if (!CHROME_PATH || !CHROME_FLAGS) {
  console.error("set CHROME_PATH and CHROME_FLAGS (a JSON list)");
  process.exit(2);
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ["--headless=new", ...JSON.parse(CHROME_FLAGS)],
});
const results = [];
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" });
    const audits = lhr.audits;
    const tasks = audits["long-tasks"]?.details?.items || [];
    results.push({
      url,
      score: lhr.categories.performance.score,
      lcp_ms: Math.round(audits["largest-contentful-paint"].numericValue),
      tbt_ms: Math.round(audits["total-blocking-time"].numericValue),
      fcp_ms: Math.round(audits["first-contentful-paint"].numericValue),
      long_tasks: tasks.slice(0, 5).map((t) => [String(t.url), Math.round(t.duration)]),
    });
  }
} finally {
  await chrome.kill();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
