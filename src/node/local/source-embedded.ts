/** sourceNodes for the embedded content (content/), once per build. */
import { createRequire } from "node:module";
import path from "node:path";
import type { FSWatcher } from "chokidar";
import type { NodePluginArgs } from "gatsby";
import { ContentError } from "./load-content";
import { sourceLocalContent, type LocalSourceOptions, type SourceArgs } from "./source-nodes";
import type { SourcingState } from "../sourcing/sourcing-state";
import { showContentErrorInBrowser } from "./develop-overlay";

type Args = SourceArgs & Pick<NodePluginArgs, "reporter">;

/** Edits usually come in bursts (an editor's save writes, renames, touches): one reload after they settle. */
const SETTLE_MS = 100;

/** Whether this process has sourced valid content once (develop then keeps the last valid nodes on a bad edit). */
let sourced = false;
let watcher: FSWatcher | undefined;

/**
 * chokidar is loaded only when develop watches: a build (and each of its query workers, which load
 * gatsby-node too) would otherwise pay for loading it. Resolved from the project root, as gatsby-node is bundled.
 */
const loadChokidar = (): typeof import("chokidar") => createRequire(path.join(process.cwd(), "package.json"))("chokidar");

function report(args: Args, error: unknown, during: string): boolean {
  if (!(error instanceof ContentError)) return false;
  args.reporter.error(`${during}: ${error.message}\nThe site keeps the last valid content until this is fixed.`);
  showContentErrorInBrowser(error.message);
  return true;
}

type Options = LocalSourceOptions & { watch: boolean; state: SourcingState };

/** One sourcing of content/: creates or updates its nodes, deletes the ones it no longer makes, keeps the rest. */
function update(contentDir: string, args: Args, { state, ...options }: Options) {
  const { created, deleted, parsed } = sourceLocalContent(contentDir, args, state, options);
  state.save();
  args.reporter.verbose(`content/: ${parsed} file(s) parsed, ${created} node(s) created or changed, ${deleted} deleted`);
  sourced = true;
  if (options.watch) showContentErrorInBrowser(null);
}

/** sourceNodes for the embedded content. */
export function sourceEmbeddedContent(contentDir: string, args: Args, options: Options) {
  try {
    update(contentDir, args, options);
  } catch (error) {
    if (!(options.watch && sourced)) {
      if (error instanceof ContentError) return args.reporter.panic(error.message);
      throw error;
    }
    // The site's sources are stateful (src/node/sourcing/stateful-nodes.ts): the last valid nodes stay as they are.
    if (!report(args, error, "content/")) throw error;
  }
  if (options.watch) watch(contentDir, args, options);
}

function watch(contentDir: string, args: Args, options: Options) {
  if (watcher) return; // one watcher for the whole develop session; sourceNodes may run again
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const reload = () => {
    const files = [...changed].join(", ");
    changed.clear();
    try {
      update(contentDir, args, options);
      args.reporter.info(`content/ updated (${files})`);
    } catch (error) {
      if (!report(args, error, `content/ (${files})`)) args.reporter.error(`content/ (${files})`, error as Error);
    }
  };
  watcher = loadChokidar().watch(contentDir, { ignoreInitial: true, ignored: ["**/.*", "**/node_modules/**"] });
  watcher.on("ready", () => args.reporter.info(`watching ${contentDir} for edits`));
  watcher.on("all", (_event, file) => {
    changed.add(file.slice(contentDir.length + 1));
    clearTimeout(timer);
    timer = setTimeout(reload, SETTLE_MS);
  });
}
