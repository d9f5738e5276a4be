/** Types of html-scan.mjs (plain JavaScript so worker threads can load it; see there). */
export interface InlineScriptReport {
  /** 'sha256-…' of every inline script the browser would run, in document order (duplicates kept once). */
  hashes: string[];
  /** Constructs no hash can allow: on* handler attributes and javascript: URLs. */
  blocked: string[];
}

/** What readBuiltPage records per page (html-output.ts keeps it in the digest cache). */
export interface ScannedPage extends InlineScriptReport {
  route: string;
  size: number;
  mtimeMs: number;
}

export function withoutNulBytes(html: Buffer): Buffer | null;
export function inlineScriptsFromTree(html: string): InlineScriptReport;
export function scanInlineScripts(html: string): InlineScriptReport | null;
export function inlineScripts(html: string): InlineScriptReport;
export function readBuiltPage(
  publicDir: string,
  page: { file: string; route: string; size: number; mtimeMs: number },
): { entry: ScannedPage; fixed: string | null };
