/**
 * Serves the production build (`npm run serve`, `npm start`, the e2e suite): public/ with the build's
 * header table and the Gatsby Functions (scripts/lib/site-server.ts, docs/local-server.md). SIGTERM/SIGINT
 * stop accepting, answer what was already sent, let requests in flight finish (up to SHUTDOWN_TIMEOUT_MS),
 * then exit 0.
 *
 *   node --require tsx/cjs scripts/serve.ts [--port 9000] [--host localhost] [--root <site dir>]     (PORT is the default port)
 *
 * started everywhere as scripts/lib/serve-command.ts says (npm run serve, the e2e suites, the bench).
 */
import path from "node:path";
import { readServerConfig } from "../src/config";
import { warmStore } from "../src/server/store";
import { createSiteServer, loadBuild } from "./lib/site-server";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
// another built site (its public/ and .cache/): the tests serve a small one of their own
const root = path.resolve(arg("root", path.resolve(__dirname, "..")));
const port = Number(arg("port", process.env.PORT ?? "9000"));
const host = arg("host", "localhost");

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`invalid --port ${port}`);
  const site = await createSiteServer(loadBuild(root));
  const warming = Date.now();
  warmStore(readServerConfig());
  if (Date.now() - warming > 50) console.log(`[serve] consent index built in ${Date.now() - warming} ms`);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[serve] ${signal}: finishing the requests in flight`);
    const finished = await site.close(SHUTDOWN_TIMEOUT_MS);
    if (!finished) console.error(`[serve] requests still running after ${SHUTDOWN_TIMEOUT_MS} ms were cut off`);
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));
  const url = await site.listen({ port, host });
  console.log(
    `[serve] pid ${process.pid} serving ${path.relative(process.cwd(), root) || "."}/public and ${site.routes.join(", ")} at ${url}/`,
  );
}

main().catch((error: unknown) => {
  console.error(`[serve] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
