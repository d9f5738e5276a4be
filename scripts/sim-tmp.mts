import path from "node:path"; import fs from "node:fs"; import zlib from "node:zlib";
import sharp from "sharp";
import { measureFirstWindow, headerConfigurations, withHeaderTable, edgeBytes } from "./lib/first-window";
import { readThirdPartySettings } from "../src/config/third-party";
import { readHeadersManifest } from "../src/node/hosting/security-headers";
import { stripScripts } from "./bench/floor";
const br = (s: string) => zlib.brotliCompressSync(Buffer.from(s), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
(async () => {
  const root = path.resolve(process.argv[2] ?? ".");
  const variants = (process.argv[3] ?? "none").split(",");
  const own = readHeadersManifest(root);
  const counts = await measureFirstWindow(root, { headerRules: own });
  const prod = headerConfigurations(own, readThirdPartySettings()).find((c) => c.name.startsWith("every"))!;
  const j = withHeaderTable(counts, own, prod.rules);
  const edge = edgeBytes(1);
  const cache = new Map<string, string>();
  for (const v of variants) {
    const [fmt, w] = v.split(":");
    const fails: string[] = []; let near: [number, string][] = [];
    for (const c of j) {
      let html = fs.readFileSync(path.join(root, "public", c.path, "index.html"), "utf8");
      if (fmt.startsWith("webponly")) {
        html = html.replace(/<article[\s\S]*?<\/article>/g, (a) => {
          const m = a.match(/<source type="image\/webp" srcSet="([^"]*)" sizes="[^"]*"\/>/);
          if (!m) return a;
          let set = m[1];
          if (fmt === "webponly-no120") set = set.split(",\n").filter((x) => !/ 120w$/.test(x)).join(",\n");
          const parts = set.split(",\n"); const src = (parts.find((x) => / 480w$/.test(x)) ?? parts[parts.length - 1]).replace(/ \d+w$/, "");
          return a.replace(m[0], "").replace(/<img src="[^"]*" srcSet="[^"]*"/, `<img src="${src}" srcSet="${set}"`);
        });
      } else if (fmt !== "none") {
        const urls = [...new Set(process.env.ALLIMG ? html.match(/data:image\/png;base64,[A-Za-z0-9+/=]+/g) ?? [] : html.match(/<article[\s\S]*?<\/article>/g)?.flatMap((a) => a.match(/data:image\/png;base64,[A-Za-z0-9+/=]+/g) ?? []) ?? [])];
        for (const u of urls) {
          const key = v + u;
          if (!cache.has(key)) {
            const buf = Buffer.from(u.split(",")[1], "base64");
            let out: string;
            if (fmt === "color") out = "";
            else { const img = sharp(buf).resize(Number(w)); const b = fmt === "webp" ? await img.webp().toBuffer() : await img.png().toBuffer(); out = `data:image/${fmt};base64,${b.toString("base64")}`; }
            cache.set(key, out);
          }
          html = html.split(u).join(cache.get(key)!);
        }
        if (fmt === "color") html = html.replace(/background-image:url\(&quot;&quot;\);background-size:cover;/g, "background-color:#a8b8c8;");
      }
      const floor = c.headerBytes + br(stripScripts(html)), page = c.headerBytes + br(html) + 100;
      const fTrips = floor <= edge ? 1 : 2, pTrips = page <= edge ? 1 : 2;
      if (pTrips > fTrips) fails.push(`${c.path} floor ${floor - edge} page ${page - edge}`);
      near.push([Math.min(Math.abs(floor - edge), Math.abs(page - edge)), `${c.path} f${floor - edge} p${page - edge}`]);
    }
    console.log("  watch:", near.filter((n) => /samuel|tom-l|priya|daniel|hannah|maya|category\/growth|onboarding-new|tone-of-voice|beacon-pro/.test(n[1])).map((n) => n[1].replace(/^\/(authors|blog)\//, "")).join("; "));
    near.sort((a, b) => a[0] - b[0]);
    console.log(v, "FAILS:", fails.length, fails.join("; "), "\n  nearest:", near.slice(0, 5).map((n) => n[1]).join("; "));
  }
})();
