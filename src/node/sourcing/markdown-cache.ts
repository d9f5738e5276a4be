/**
 * Markdown files of content/ parsed by an earlier run (kept in .cache/ by sourcing-state.ts, read by the
 * embedded source's loader, src/node/local/load-content.ts).
 */
import fs from "node:fs";

/** A Markdown file split into its front matter (as YAML parsed it, before validation) and its body. */
export interface ParsedMarkdown {
  data: Record<string, unknown>;
  content: string;
}
export interface MarkdownCacheEntry extends ParsedMarkdown {
  mtimeMs: number;
  size: number;
}

/**
 * Markdown files parsed by an earlier run, reused while a file's modification time and size are unchanged:
 * with a large archive, reading and parsing every file (YAML front matter) is most of a rebuild's sourcing.
 */
export class MarkdownCache {
  private readonly current = new Map<string, MarkdownCacheEntry>();
  hits = 0;
  constructor(private readonly previous: ReadonlyMap<string, MarkdownCacheEntry> = new Map()) {}

  parse(file: string, parse: (text: string) => ParsedMarkdown): ParsedMarkdown {
    const { mtimeMs, size } = fs.statSync(file);
    const known = this.previous.get(file);
    if (known && known.mtimeMs === mtimeMs && known.size === size) {
      this.hits++;
      this.current.set(file, known);
      return known;
    }
    // A file that fails to parse throws here and is not kept: the next run reads it again.
    const parsed = parse(fs.readFileSync(file, "utf8"));
    this.current.set(file, { ...parsed, mtimeMs, size });
    return parsed;
  }

  entries(): ReadonlyMap<string, MarkdownCacheEntry> {
    return this.current;
  }
}
