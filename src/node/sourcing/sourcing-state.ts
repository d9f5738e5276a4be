// What the site's own sources remember between builds, in `.cache/` (emptied by Gatsby with its node store).
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { Node, NodeInput, NodePluginArgs } from "gatsby";
import { MarkdownCache, type MarkdownCacheEntry } from "./markdown-cache";
import { syncNodes, type MadeNodes, type SyncArgs, type SyncResult } from "./stateful-nodes";

/** Relative to the site's root. */
export const SOURCING_STATE_FILE = path.join(".cache", "sourcing-state.bin");
/** Bump when what is stored changes shape. */
const VERSION = 1;

export type SourceName = "local" | "hubspot";

interface Stored {
  version: number;
  made: Partial<Record<SourceName, MadeNodes>>;
  markdown: ReadonlyMap<string, MarkdownCacheEntry>;
}

function read(file: string): Stored | undefined {
  try {
    const stored = v8.deserialize(fs.readFileSync(file)) as Stored;
    return stored?.version === VERSION ? stored : undefined;
  } catch {
    return undefined;
  }
}

export class SourcingState {
  private readonly made: Partial<Record<SourceName, MadeNodes>>;
  private markdown: ReadonlyMap<string, MarkdownCacheEntry>;

  private constructor(
    private readonly file: string,
    stored: Stored | undefined,
  ) {
    this.made = { ...stored?.made };
    this.markdown = stored?.markdown ?? new Map();
  }

  /** The state kept under `siteRoot`. */
  static read(siteRoot: string): SourcingState {
    const file = path.join(siteRoot, SOURCING_STATE_FILE);
    return new SourcingState(file, read(file));
  }

  /** Makes the store hold exactly `nodes` of `source` (see syncNodes). */
  sync(args: SyncArgs, source: SourceName, nodes: readonly NodeInput[], owns: (node: Node) => boolean): SyncResult {
    const result = syncNodes(args, nodes, this.made[source], owns);
    this.made[source] = result.made;
    return result;
  }

  /** A parse cache seeded with the last run's Markdown; `keepMarkdown` it after a successful load. */
  markdownCache(): MarkdownCache {
    return new MarkdownCache(this.markdown);
  }

  keepMarkdown(cache: MarkdownCache) {
    this.markdown = cache.entries();
  }

  save() {
    const stored: Stored = { version: VERSION, made: this.made, markdown: this.markdown };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, v8.serialize(stored));
  }
}

/** One state per site in a process: develop sources again (on /__refresh, after an edit) with what it already knows. */
const opened = new Map<string, SourcingState>();

/**
 * Declares the site's plugin a stateful source (Gatsby then leaves its nodes out of the stale-node scan) and
 * returns what its sources made last time (read from .cache once per process).
 */
export function openSourcingState(siteRoot: string, actions: Pick<NodePluginArgs["actions"], "enableStatefulSourceNodes">): SourcingState {
  actions.enableStatefulSourceNodes?.();
  let state = opened.get(siteRoot);
  if (!state) opened.set(siteRoot, (state = SourcingState.read(siteRoot)));
  return state;
}
