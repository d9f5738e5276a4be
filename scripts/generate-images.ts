/**
 * `npm run content:images`: draws a branded illustration for every image the content references
 * but does not have yet (content/images/...). Deterministic: the same path gives the same picture.
 * Kinds by folder: authors → initials avatar; integrations, companies → logo tile; books → cover;
 * everything else → a 1200×675 abstract illustration with the image's alt text as its motif.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { loadContent } from "../src/node/local/load-content";
import { contentRoot } from "../src/config/content";

const PALETTES = [
  ["#4176fa", "#1f4fd1", "#e8eefe", "#ffb35c"],
  ["#6941c6", "#3f2687", "#f1ecfd", "#5ee0b0"],
  ["#137a45", "#0b4d2b", "#e3f5ea", "#ffd166"],
  ["#b3266f", "#7a1149", "#fce7f2", "#7cc4ff"],
  ["#b54708", "#7a2f04", "#fff1e6", "#4176fa"],
  ["#1d2330", "#3a4356", "#edf0f5", "#4176fa"],
];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
function rng(seed: number) {
  let s = seed || 1;
  return () => ((s = Math.imul(s ^ (s >>> 15), 2246822507) ^ Math.imul(s ^ (s >>> 13), 3266489909)) >>> 0) / 4294967296;
}
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
const titleFromPath = (src: string) =>
  path
    .basename(src, path.extname(src))
    .split("-")
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(" ");

function illustration(src: string, label: string): { svg: string; width: number; height: number } {
  const r = rng(hash(src));
  const [main, dark, light, accent] = PALETTES[hash(src) % PALETTES.length];
  const kind = src.split("/")[1];
  if (kind === "authors") {
    const w = 400;
    return {
      width: w,
      height: w,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}"><rect width="100%" height="100%" fill="${main}"/>
        <circle cx="${w * 0.5}" cy="${w * 1.05}" r="${w * 0.45}" fill="${dark}"/><circle cx="${w * 0.5}" cy="${w * 0.42}" r="${w * 0.2}" fill="${light}"/>
        <text x="50%" y="47%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${w * 0.13}" font-weight="700" fill="${dark}">${esc(initials(label))}</text></svg>`,
    };
  }
  if (kind === "integrations" || kind === "companies") {
    const w = 256;
    const shape = hash(src) % 3;
    const mark =
      shape === 0
        ? `<circle cx="128" cy="104" r="56" fill="${light}"/>`
        : shape === 1
          ? `<rect x="72" y="48" width="112" height="112" rx="28" fill="${light}"/>`
          : `<path d="M128 40 L190 150 L66 150 Z" fill="${light}"/>`;
    return {
      width: w,
      height: w,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}"><rect width="100%" height="100%" rx="48" fill="${main}"/>${mark}
        <text x="128" y="122" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="48" font-weight="700" fill="${dark}">${esc(initials(titleFromPath(src)))}</text>
        <text x="128" y="220" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" fill="#fff">${esc(titleFromPath(src).slice(0, 16))}</text></svg>`,
    };
  }
  if (kind === "books") {
    const [w, h] = [600, 800];
    const lines = titleFromPath(src).split(" ");
    const text = lines
      .map(
        (word, i) =>
          `<text x="60" y="${300 + i * 64}" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="700" fill="#fff">${esc(word)}</text>`,
      )
      .join("");
    return {
      width: w,
      height: h,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${dark}"/>
        <circle cx="${w}" cy="0" r="320" fill="${main}"/><rect x="60" y="120" width="120" height="12" fill="${accent}"/>${text}
        <text x="60" y="740" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="${light}">Northdesk</text></svg>`,
    };
  }
  // Abstract scene: a window with conversation bubbles, charts and shapes.
  const [w, h] = [1200, 675];
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const cx = Math.round(r() * w);
    const cy = Math.round(r() * h);
    const size = Math.round(60 + r() * 160);
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${size}" fill="${i % 2 ? light : accent}" opacity="${(0.25 + r() * 0.4).toFixed(2)}"/>`);
  }
  const bubbles: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = 230 + i * 82;
    const left = i % 2 === 0;
    const bw = Math.round(220 + r() * 220);
    bubbles.push(`<rect x="${left ? 380 : 820 - bw}" y="${y}" width="${bw}" height="56" rx="28" fill="${left ? light : main}"/>`);
  }
  const bars = Array.from({ length: 5 }, (_, i) => {
    const bh = Math.round(40 + r() * 140);
    return `<rect x="${900 + i * 44}" y="${520 - bh}" width="28" height="${bh}" rx="6" fill="${accent}"/>`;
  }).join("");
  return {
    width: w,
    height: h,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${main}"/>${shapes.join("")}
      <rect x="340" y="140" width="520" height="420" rx="24" fill="#ffffff"/><rect x="340" y="140" width="520" height="56" rx="24" fill="${dark}"/>
      <circle cx="376" cy="168" r="8" fill="${accent}"/><circle cx="404" cy="168" r="8" fill="${light}"/>${bubbles.join("")}
      <rect x="880" y="300" width="260" height="240" rx="20" fill="#ffffff" opacity="0.95"/>${bars}</svg>`,
  };
}

async function main() {
  const root = contentRoot();
  const missing = new Map<string, string>();
  loadContent(root, { requireImages: false, onMissingImage: (file, src) => missing.set(src, file) });
  for (const [src, file] of missing) {
    const label = path.basename(file, ".md");
    const { svg } = illustration(src, label);
    const out = path.join(root, src);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
  }
  console.log(`generated ${missing.size} image(s)`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
