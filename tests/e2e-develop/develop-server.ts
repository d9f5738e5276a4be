/** Starts `gatsby develop` (or a script that runs it) for a spec, and stops its whole process group. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(__dirname, "../..");

export interface DevelopServer {
  url: string;
  /** Everything the server printed so far (terminal errors are asserted on). */
  output(): string;
  stop(): Promise<void>;
}

/** A fresh copy of content/ to edit (the checkout's own content is never touched). */
export function copyContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "northdesk-develop-content-"));
  fs.cpSync(path.join(root, "content"), dir, { recursive: true });
  return dir;
}

export async function startDevelop({
  port,
  env = {},
  command = [path.join(root, "node_modules", ".bin", "gatsby"), "develop", "--host", "localhost", "--port", String(port)],
  timeoutMs = 210_000,
  ready = /You can now view|View GraphiQL/,
  readyHeaders = {},
}: {
  port: number;
  env?: Record<string, string>;
  command?: string[];
  timeoutMs?: number;
  /** What the server prints once it is ready (besides serving the home page's data). */
  ready?: RegExp;
  /** Headers the readiness probe sends (the preview's access cookie). */
  readyHeaders?: Record<string, string>;
}): Promise<DevelopServer> {
  let log = "";
  const child: ChildProcess = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", PORT: String(port), HOST: "localhost", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: stop() ends gatsby and the workers it forks
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null)
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          /* already gone */
        }
    }
  };
  const started = Date.now();
  // Ready when the first page query results are served (develop answers "/" before it can render it).
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`gatsby develop exited with ${child.exitCode}:\n${log.slice(-3000)}`);
    if (/You can now view|View GraphiQL/.test(log) && ready.test(log)) {
      const ok = await fetch(`${url}/page-data/index/page-data.json`, { headers: readyHeaders })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return { url, output: () => log, stop };
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  await stop();
  throw new Error(`gatsby develop did not start within ${timeoutMs / 1000} s:\n${log.slice(-3000)}`);
}
