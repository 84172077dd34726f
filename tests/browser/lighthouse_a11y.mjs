// Lighthouse's accessibility audit of each URL given, through the one runner (harness/lighthouse.mjs).
// Usage: CHROME_PATH=… CHROME_FLAGS='[…]' node tests/browser/lighthouse_a11y.mjs URL... ;
// prints {results: [{url, score, failed: [...]}], crashes: [{url, log}]} as JSON.
import { auditEach } from "../../harness/lighthouse.mjs";

const report = await auditEach(process.argv.slice(2), { onlyCategories: ["accessibility"] }, (url, lhr) => ({
  url,
  score: lhr.categories.accessibility.score,
  failed: Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
    .map((audit) => `${audit.id}: ${audit.title}`),
}));
process.stdout.write(`${JSON.stringify(report)}\n`);
