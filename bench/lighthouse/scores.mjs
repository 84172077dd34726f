// Lighthouse's four categories (mobile, its default simulated throttling) of each URL given,
// through the one runner (harness/lighthouse.mjs), for python -m bench.lighthouse.
// Usage: CHROME_PATH=… CHROME_FLAGS='[…]' node bench/lighthouse/scores.mjs URL... ; prints
// {results: [{url, scores: {performance, accessibility, "best-practices", seo}, failed: {category: [...]},
//   lcp_ms, tbt_ms, fcp_ms, cls, long_tasks: [[url, ms], …]}], crashes} as JSON.
import { auditEach } from "../../harness/lighthouse.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** A category's checks that failed, even those Lighthouse leaves out of the score (weight 0). */
function failed(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
    .map((audit) => `${audit.id}: ${audit.title}`);
}

const report = await auditEach(process.argv.slice(2), { onlyCategories: CATEGORIES }, (url, lhr) => {
  const audits = lhr.audits;
  const tasks = audits["long-tasks"]?.details?.items || [];
  return {
    url,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score])),
    failed: Object.fromEntries(CATEGORIES.slice(1).map((c) => [c, failed(lhr, c)])),
    lcp_ms: Math.round(audits["largest-contentful-paint"].numericValue),
    tbt_ms: Math.round(audits["total-blocking-time"].numericValue),
    fcp_ms: Math.round(audits["first-contentful-paint"].numericValue),
    cls: Math.round(audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    long_tasks: tasks.slice(0, 5).map((t) => [String(t.url), Math.round(t.duration)]),
  };
});
process.stdout.write(`${JSON.stringify(report)}\n`);
