// The page's inline scripts, compiled with esbuild from the same modules as their rules, so an inline copy
// cannot drift from the runtime's (docs/page-load.md#the-first-second).
import { createRequire } from "node:module";
import path from "node:path";
import { buildSync, type BuildOptions } from "esbuild";
import { currentRecordMarker, type ConsentPolicy } from "../../lib/consent-model";
import { readConsentSettings } from "../../config/consent";

/**
 * The syntax the page's own scripts are compiled to (the inline ones and the early script): what every browser
 * of Gatsby's default targets (">0.25%, not dead and supports es6-module": Chrome 109, Safari 18 and newer
 * today) parses, and what Gatsby's app bundles, compiled for those targets, need anyway.
 */
export const BROWSER_TARGET = "es2020";

/** esbuild's options for a script of the page's own (the inline ones, the early script): one minified IIFE, no comments. */
export const MINIFIED_IIFE = {
  bundle: true,
  minify: true,
  format: "iife",
  target: BROWSER_TARGET,
  legalComments: "none",
  write: false,
} as const satisfies BuildOptions;

export const BOOTSTRAP_ENTRY = "src/browser/inline/bootstrap.ts";
/** The names the bootstrap shares with other code (its `BOOTSTRAP.*` constants). */
export const BOOTSTRAP_NAMES = "src/browser/inline/names.ts";
export const PRE_PAINT_ENTRY = "src/browser/inline/pre-paint.ts";

export interface InlineScript {
  /** The script's text, without a trailing newline. */
  text: string;
  /** The source files it was compiled from, relative to the repository root (where its rules come from). */
  inputs: string[];
}

/**
 * Compiles one inline script from `entry` (relative to `rootDir`, the repository: Gatsby's and vitest's working
 * directory). `define` maps the entry's declared constants to their values (JSON-encoded here).
 */
export function compileInlineScript(entry: string, define: Record<string, unknown> = {}, rootDir = process.cwd()): InlineScript {
  const result = buildSync({
    ...MINIFIED_IIFE,
    absWorkingDir: rootDir,
    entryPoints: [entry],
    metafile: true,
    // No "use strict" prologue (the project's tsconfig is strict): these scripts run the same without it.
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    define: Object.fromEntries(Object.entries(define).map(([name, value]) => [name, JSON.stringify(value)])),
  });
  const text = result.outputFiles[0].text.trimEnd();
  // The text goes into the page's HTML as is (dangerouslySetInnerHTML): these would end or change the element early.
  if (/<\/script|<!--/i.test(text))
    throw new Error(`${entry}: the compiled text holds "</script" or "<!--", which the HTML parser would act on`);
  return { text, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * A module's exported constants, read by compiling it for Node and running it (build code does not import the
 * browser's modules; the early script is built from them the same way).
 */
export function readConstants(entry: string, rootDir = process.cwd()): Record<string, unknown> {
  const result = buildSync({
    absWorkingDir: rootDir,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    write: false,
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", "require", result.outputFiles[0].text)(
    module,
    module.exports,
    createRequire(path.join(rootDir, entry)),
  );
  return module.exports;
}

export interface BootstrapOptions {
  /** The early script's path. */
  src: string;
  /** Whether the built-in banner asks at parse time (the opt-in policy, no hosted consent manager). */
  askConsent: boolean;
  policy: ConsentPolicy;
  /** Whether a hosted consent manager's script is to be inserted (src/ssr/consent-head.ts). */
  consentManager?: boolean;
}

/** The bootstrap for a build. */
export const compileBootstrap = ({ src, askConsent, policy, consentManager = false }: BootstrapOptions, rootDir?: string): InlineScript =>
  compileInlineScript(
    BOOTSTRAP_ENTRY,
    {
      BOOTSTRAP_EARLY_SRC: src,
      BOOTSTRAP_ASK_CONSENT: askConsent,
      BOOTSTRAP_CONSENT_MANAGER: consentManager,
      BOOTSTRAP_CONSENT_MARKER: currentRecordMarker(policy),
      ...Object.fromEntries(
        Object.entries(readConstants(BOOTSTRAP_NAMES, rootDir).NAMES as object).map(([name, value]) => [`BOOTSTRAP.${name}`, value]),
      ),
    },
    rootDir,
  );

/** The pre-paint script for a build's consent policy (it reads the stored selection only with `preferences`). */
export const compilePrePaint = (policy: ConsentPolicy, rootDir?: string): InlineScript =>
  compileInlineScript(PRE_PAINT_ENTRY, { PRE_PAINT_POLICY: policy, PRE_PAINT_CONSENT_MARKER: currentRecordMarker(policy) }, rootDir);

/** The bootstrap's options from the build's public settings (src/config/consent.ts, read from process.env). */
export function bootstrapOptions(src: string): BootstrapOptions {
  const consent = readConsentSettings();
  return {
    src,
    askConsent: consent.policy === "opt-in" && !consent.provider,
    policy: consent.policy,
    consentManager: Boolean(consent.provider),
  };
}

let compiled: Record<string, string> | undefined;

/**
 * EARLY_BOOTSTRAP and PRE_PAINT_SCRIPT (the scripts' texts) for webpack's DefinePlugin, read by
 * src/ssr/early-bootstrap.ts and src/ssr/personalization-head.ts: compiled once per process, for the early
 * script at `earlySrc` (src/node/bundling/early-script.ts earlyScriptConstant adds them to its constants).
 */
export function inlineScriptConstants(rootDir: string, earlySrc: string): Record<string, string> {
  compiled ??= {
    EARLY_BOOTSTRAP: JSON.stringify(compileBootstrap(bootstrapOptions(earlySrc), rootDir).text),
    PRE_PAINT_SCRIPT: JSON.stringify(compilePrePaint(readConsentSettings().policy, rootDir).text),
  };
  return compiled;
}
