/**
 * Serves the production build like `gatsby serve` (static pages and Gatsby Functions) with the security
 * and caching headers the build computed (src/node/security-headers.ts), the same table the Netlify
 * adapter writes to `_headers`. It runs `gatsby serve` on a loopback port of its own and answers in front
 * of it, adding the headers Gatsby's own matcher picks for each path (functions keep their own).
 *
 *   tsx scripts/serve.ts [--port 9000] [--host localhost]
 */
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { spawn } from "node:child_process";
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers";
import { readHeadersManifest } from "../src/node/security-headers";

const root = path.resolve(__dirname, "..");
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const port = Number(arg("port", process.env.PORT ?? "9000"));
const host = arg("host", "localhost");
if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`invalid --port ${port}`);

const headersFor = createHeadersMatcher(readHeadersManifest(root), "");

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });

async function waitFor(innerPort: number, child: ReturnType<typeof spawn>) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`gatsby serve exited with ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(innerPort, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("gatsby serve did not start within 60 s");
}

async function main() {
  const innerPort = await freePort();
  const child = spawn(process.execPath, [require.resolve("gatsby/cli"), "serve", "--port", String(innerPort), "--host", "127.0.0.1"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  });
  const stop = () => {
    child.kill("SIGTERM");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 1));
  await waitFor(innerPort, child);

  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: "127.0.0.1", port: innerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers };
        let pathname = "/";
        try {
          pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
        } catch {
          pathname = new URL(req.url ?? "/", "http://localhost").pathname;
        }
        // The host's rules are for files; a function answers with its own headers (as on Netlify).
        if (!pathname.startsWith("/api/")) for (const { key, value } of headersFor(pathname, [])) headers[key.toLowerCase()] = value;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("upstream error");
    });
    req.pipe(upstream);
  });
  server.listen(port, host, () => console.log(`serving public/ with security headers at http://${host}:${port}/`));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
