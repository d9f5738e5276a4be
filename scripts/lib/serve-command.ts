/**
 * How the local server is started, wherever it is (`npm run serve`, the e2e suites, the bench, the load test):
 * Node with tsx's require hook rather than its ESM loader, whose worker thread costs about 22 MB, and a young
 * generation of at most 4 MB a half, which the consent index's build at start otherwise leaves about 20 MB
 * bigger. docs/local-server.md#memory, docs/measurements/2026-12-06-server-memory.md
 */
export const SERVE_NODE_ARGS = ["--require", "tsx/cjs", "--max-semi-space-size=4"];

/** The arguments to Node for scripts/serve.ts with `args` (run from the repository's root). */
export const serveArgs = (args: string[]) => [...SERVE_NODE_ARGS, "scripts/serve.ts", ...args];

/** The same as one shell command (a webServer's `command`, package.json's `serve`). */
export const serveCommand = (args: string) => `node ${serveArgs([]).join(" ")} ${args}`.trim();
