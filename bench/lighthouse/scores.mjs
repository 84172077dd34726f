// Lighthouse's performance audit (mobile, its default simulated throttling) of each URL given,
// through the one runner (harness/lighthouse.mjs), for python -m bench.lighthouse.
// Usage: CHROME_PATH=… CHROME_FLAGS='[…]' node bench/lighthouse/scores.mjs URL... ; prints
// {results: [{url, score, lcp_ms, tbt_ms, fcp_ms, cls, long_tasks: [[url, ms], …]}], crashes} as JSON.
import { auditEach } from "../../harness/lighthouse.mjs";

const report = await auditEach(process.argv.slice(2), { onlyCategories: ["performance"] }, (url, lhr) => {
  const audits = lhr.audits;
  const tasks = audits["long-tasks"]?.details?.items || [];
  return {
    url,
    score: lhr.categories.performance.score,
    lcp_ms: Math.round(audits["largest-contentful-paint"].numericValue),
    tbt_ms: Math.round(audits["total-blocking-time"].numericValue),
    fcp_ms: Math.round(audits["first-contentful-paint"].numericValue),
    cls: Math.round(audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    long_tasks: tasks.slice(0, 5).map((t) => [String(t.url), Math.round(t.duration)]),
  };
});
process.stdout.write(`${JSON.stringify(report)}\n`);
