// Write the site's search index with Pagefind (npm `pagefind`, pinned): one record per rule,
// each a small HTML document the build made from the rule's words in the built page
// (build_scripts/finish/search/records.py), at the rule's own address (page/#id).
//
// Pagefind splits the index into chunks by word, so a search loads only the chunks of its
// words and the fragments of the results it shows; fragments are bundled into at most
// MAX_FRAGMENTS files, so the site's file count does not grow with every rule.
//
// Usage: node build_scripts/finish/search/pagefind_index.mjs RECORDS.json OUTPUT_DIR
// RECORDS.json: {"maxFragments": N, "records": [{"url": "buildings/#breach", "html": "<html…>"}]}
// Prints {"records": N, "files": N} on success; exits 1 with the reason otherwise.
import fs from "node:fs";
import path from "node:path";
import * as pagefind from "pagefind";

/** The files of Pagefind's bundle the site serves (its own search UIs are left out). */
//  Its index is English (forceLanguage), so only English's WebAssembly is needed.
const KEEP = /^(pagefind\.js|pagefind-entry\.json|pagefind\.[\w-]+\.pf_meta|wasm\.en\.pagefind|index\/|fragment\/)/;

const [recordsPath, outputDir] = process.argv.slice(2);
if (!recordsPath || !outputDir) {
  console.error("usage: node build_scripts/finish/search/pagefind_index.mjs RECORDS.json OUTPUT_DIR");
  process.exit(2);
}

/** @param {string[]} errors */
function fail(errors) {
  if (errors.length) throw new Error(errors.join("; "));
}

try {
  const { maxFragments, records } = JSON.parse(fs.readFileSync(recordsPath, "utf8"));
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "en", maxFragments });
  fail(errors);
  if (!index) throw new Error("Pagefind made no index");
  // Pagefind's service takes many files at once (a fifth faster than one at a time).
  for (let at = 0; at < records.length; at += 500) {
    const batch = records.slice(at, at + 500).map((r) => index.addHTMLFile({ url: r.url, content: r.html }));
    for (const added of await Promise.all(batch)) fail(added.errors);
  }
  const { files, errors: fileErrors } = await index.getFiles();
  fail(fileErrors);
  fs.rmSync(outputDir, { recursive: true, force: true });
  let written = 0;
  for (const file of files) {
    if (!KEEP.test(file.path)) continue;
    const target = path.join(outputDir, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
    written += 1;
  }
  await pagefind.close();
  process.stdout.write(`${JSON.stringify({ records: records.length, files: written })}\n`);
} catch (error) {
  console.error(`search index: ${error?.message || error}`);
  await pagefind.close().catch(() => undefined);
  process.exit(1);
}
