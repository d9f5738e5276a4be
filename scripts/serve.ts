/**
 * Serves the production build (`npm run serve`, `npm start`, the e2e suite): the pages and files of
 * public/ with the security and caching headers the build computed (the same table the Netlify adapter
 * writes to `_headers`), and the Gatsby Functions, each loaded once (scripts/lib/site-server.ts).
 *
 * A primary process supervises one worker that serves: if the worker dies it is started again (after a
 * short pause, growing while it keeps dying); a worker that dies before it could listen ends the primary. SIGTERM/SIGINT stop accepting
 * connections, let the requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), then exit 0.
 *
 *   tsx scripts/serve.ts [--port 9000] [--host localhost] [--root <site dir>]     (PORT is the default port)
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { createSiteServer } from "./lib/site-server";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
// another built site (its public/ and .cache/): the tests serve a small one of their own
const root = path.resolve(arg("root", path.resolve(__dirname, "..")));
const port = Number(arg("port", process.env.PORT ?? "9000"));
const host = arg("host", "localhost");
if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`invalid --port ${port}`);

/** How long requests in flight get to finish on SIGTERM/SIGINT before their connections are cut. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
const RESTART_MIN_MS = 100;
const RESTART_MAX_MS = 5_000;
/** A worker that served this long is healthy: the next restart starts from the shortest pause again. */
const HEALTHY_AFTER_MS = 10_000;

function primary() {
  let worker: Worker | undefined;
  let stopping = false;
  let pause = RESTART_MIN_MS;
  let startedAt = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    restartTimer = undefined;
    startedAt = Date.now();
    worker = cluster.fork();
    let listened = false;
    worker.on("listening", () => (listened = true));
    worker.on("exit", (code, signal) => {
      worker = undefined;
      if (stopping) return process.exit(0);
      // one that never got to listen (no build, port taken) would fail the same way again
      if (!listened) {
        console.error(`[serve] the worker could not start (${signal ?? `code ${code}`})`);
        return process.exit(1);
      }
      if (Date.now() - startedAt > HEALTHY_AFTER_MS) pause = RESTART_MIN_MS;
      console.error(`[serve] worker exited (${signal ?? `code ${code}`}); restarting in ${pause} ms`);
      restartTimer = setTimeout(start, pause);
      pause = Math.min(pause * 2, RESTART_MAX_MS);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (restartTimer) clearTimeout(restartTimer);
    if (!worker) return process.exit(0);
    // The worker may have the signal already (Ctrl-C reaches the whole process group); a second one is harmless.
    worker.process.kill(signal);
    // the worker gives up on stragglers after SHUTDOWN_TIMEOUT_MS; this is only for a worker that hangs
    setTimeout(() => {
      worker?.process.kill("SIGKILL");
      process.exit(0);
    }, SHUTDOWN_TIMEOUT_MS + 5_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  start();
}

function worker() {
  let site: ReturnType<typeof createSiteServer>;
  try {
    site = createSiteServer({ root });
  } catch (error) {
    console.error(`[serve] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const finished = await site.shutdown(SHUTDOWN_TIMEOUT_MS);
    if (!finished) console.error(`[serve] requests still running after ${SHUTDOWN_TIMEOUT_MS} ms were cut off`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  // the primary is gone (killed outright): nobody would restart or stop this worker, so it stops itself
  process.on("disconnect", () => void stop());
  site.server.on("error", (error) => {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  });
  site.server.listen(port, host, () =>
    console.log(`[serve] worker ${process.pid} serving public/ and ${site.routes.join(", ")} at http://${host}:${port}/`),
  );
}

if (cluster.isPrimary) primary();
else worker();
