// Bundle page modules into classic scripts (esbuild, pinned): a classic script runs where the
// page puts it, before the first paint, where a module would wait for the whole document.
//
// Usage: node build_scripts/finish/classic/bundle.mjs SPEC.json
// SPEC.json: {"bundles": [{"entry": "SITE/assets/js/x.mjs", "out": "SITE/assets/js/x.js"}]}
// Prints {"bundles": N, "bytes": N} on success; exits 1 with the reason otherwise.
import fs from "node:fs";
import * as esbuild from "esbuild";

const [specPath] = process.argv.slice(2);
if (!specPath) {
  console.error("usage: node build_scripts/finish/classic/bundle.mjs SPEC.json");
  process.exit(2);
}

try {
  const { bundles } = JSON.parse(fs.readFileSync(specPath, "utf8"));
  let bytes = 0;
  for (const { entry, out } of bundles) {
    const result = esbuild.buildSync({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      format: "iife",
      minify: true,
      target: "es2020",
      charset: "utf8",
      legalComments: "none",
      logLevel: "silent",
      // A module's own address (site.mjs: the site's root) is, in a classic script, the script's.
      define: { "import.meta.url": "document.currentScript.src" },
    });
    if (result.errors.length) throw new Error(result.errors.map((e) => e.text).join("; "));
    if (result.warnings.length) throw new Error(result.warnings.map((w) => w.text).join("; "));
    bytes += fs.statSync(out).size;
  }
  console.log(JSON.stringify({ bundles: bundles.length, bytes }));
} catch (error) {
  console.error(`${specPath}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
