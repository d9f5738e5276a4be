/**
 * The bench's HTTP servers: a built site's public/ answered by the local server `npm run serve` runs
 * (scripts/lib/site-server.ts: the same URL rules, compression and, when the build wrote one, its header
 * table), so the site, its script-free floor and the blank reference are all served alike. The floor is a
 * copy of public/ whose pages went through stripScripts; every other file is the site's own (hard links).
 */
import fs from "node:fs";
import path from "node:path";
import { HEADERS_MANIFEST, readHeadersManifest } from "../../src/node/hosting/security-headers";
import { createSiteServer } from "../lib/site-server";
import { stripScripts } from "./floor";

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** `<root>/.cache/bench-floor`: public/ with every page's scripts removed (the pages keep their own headers). */
function floorOf(root: string): string {
  const from = path.join(root, "public");
  const to = path.join(root, ".cache", "bench-floor");
  fs.rmSync(to, { recursive: true, force: true });
  const copy = (dir: string) => {
    fs.mkdirSync(path.join(to, dir), { recursive: true });
    for (const entry of fs.readdirSync(path.join(from, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) copy(rel);
      else if (entry.name.endsWith(".html"))
        fs.writeFileSync(path.join(to, rel), stripScripts(fs.readFileSync(path.join(from, rel), "utf8")));
      else if (entry.isFile()) fs.linkSync(path.join(from, rel), path.join(to, rel));
    }
  };
  copy("");
  return to;
}

/** Serves `<root>/public` (or its floor) on localhost:port, with the build's header table when it has one. */
export async function startBenchServer({
  root,
  port,
  floor = false,
}: {
  root: string;
  port: number;
  floor?: boolean;
}): Promise<BenchServer> {
  const site = await createSiteServer({
    publicDir: floor ? floorOf(root) : path.join(root, "public"),
    // a blank reference site has no table
    headerRules: fs.existsSync(path.join(root, HEADERS_MANIFEST)) ? readHeadersManifest(root) : [],
    functions: [],
  });
  const url = await site.listen({ port, host: "localhost" });
  return {
    url,
    close: async () => void (await site.close(0)),
  };
}
