/**
 * HTML validity of every built page: one run of the W3C Nu HTML checker (vnu.jar from
 * the `vnu-jar` package; needs Java 11+ on PATH or JAVA_HOME) over every public/**\/index.html. Fails on
 * any error; warnings are counted, not fatal. Usage: tsx scripts/validate-html.ts [publicDir]
 */
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { builtHtmlPages, errorsOf, formatFindings, parseVnuReport, warningsOf } from "./lib/html-validation";

/** The checker the vnu-jar package ships (its own launcher would download a JRE when none is found). */
const vnuJar = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");
const publicDir = path.resolve(process.argv[2] ?? "public");
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";
try {
  execFileSync(java, ["-version"], { stdio: "ignore" });
} catch {
  console.error(`Java is needed to run the Nu HTML checker and "${java}" could not be run (Debian: apt-get install default-jre-headless)`);
  process.exit(1);
}

const pages = builtHtmlPages(publicDir);
if (!pages.length) throw new Error(`no index.html under ${publicDir}`);
const started = Date.now();
// One JVM for every page: vnu takes seconds to start. The serial GC and client compiler start fastest.
const run = spawnSync(
  java,
  ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss8m", "-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...pages],
  { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
if (run.error) throw run.error;
if (run.status !== 0) {
  console.error(run.stderr || run.stdout);
  throw new Error(`the validator exited with ${run.status}`);
}
const messages = parseVnuReport(run.stdout);
const errors = errorsOf(messages);
const warnings = warningsOf(messages);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (errors.length) {
  console.error(formatFindings(errors, publicDir));
  console.error(`${errors.length} HTML error(s) in ${new Set(errors.map((e) => e.file)).size} of ${pages.length} pages (${seconds} s)`);
  process.exit(1);
}
console.log(`${pages.length} pages valid HTML (Nu checker, ${warnings.length} warnings, ${seconds} s)`);
