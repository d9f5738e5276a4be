/**
 * Checks the fast inline-script scan against the full parse5 tree on every page of a built site:
 * `npx tsx scripts/bench/csp-scan-equivalence.ts [publicDir]` exits 1 on any page whose report differs,
 * and prints how many pages the fast scan handed over to the tree and how long each way took.
 */
import fs from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { builtHtmlFiles, inlineScripts, inlineScriptsFromTree, scanInlineScripts } from "../../src/node/html/html-output";

const publicDir = process.argv[2] ?? "public";
let differ = 0;
let handedOver = 0;
let fastMs = 0;
let treeMs = 0;
const files = builtHtmlFiles(publicDir);
for (const { file, route } of files) {
  const html = fs.readFileSync(file, "utf8");
  let started = performance.now();
  const fast = inlineScripts(html);
  fastMs += performance.now() - started;
  if (scanInlineScripts(html) === null) handedOver++;
  started = performance.now();
  const tree = inlineScriptsFromTree(html);
  treeMs += performance.now() - started;
  if (!isDeepStrictEqual(fast, tree)) {
    differ++;
    console.error(`${route}: fast ${JSON.stringify(fast)} tree ${JSON.stringify(tree)}`);
  }
}
console.log(
  `${files.length} pages: ${differ} differ, ${handedOver} handed over to the tree; scan ${(fastMs / 1000).toFixed(1)} s, tree ${(treeMs / 1000).toFixed(1)} s`,
);
process.exit(differ ? 1 : 0);
