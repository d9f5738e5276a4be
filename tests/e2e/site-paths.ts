import fs from "node:fs";
import path from "node:path";

/** Every page of the production build (each index.html under public/), as site paths. */
export function builtPaths(publicDir = path.resolve(__dirname, "../../public")): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["page-data", "static", "icons", "~partytown", "slice-data"].includes(entry.name)) walk(full);
      } else if (entry.name === "index.html") {
        out.push("/" + path.relative(publicDir, dir).split(path.sep).join("/") + (dir === publicDir ? "" : "/"));
      }
    }
  };
  walk(publicDir);
  return out
    .map((p) => p.replace(/^\/\/$/, "/"))
    .filter((p) => !p.startsWith("/404") && !p.startsWith("/offline-plugin-app-shell-fallback"))
    .sort();
}
