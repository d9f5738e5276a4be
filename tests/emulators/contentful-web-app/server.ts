/**
 * A stand-in for Contentful's web app's side of Live Preview (docs/content.md#live-preview): a page that frames
 * the preview, keeps every message the SDK posts from the preview's origin (window.__messages), and posts
 * editor messages to it with that origin as targetOrigin (window.__send). Merging edits: merge.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface WebApp {
  origin: string;
  /** The stand-in's page framing `previewUrl`. */
  url(previewUrl: string): string;
  close(): Promise<void>;
}

const page = (previewUrl: string) => {
  const previewOrigin = new URL(previewUrl).origin;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contentful web app (stand-in)</title>
<style>body{margin:0;font:14px sans-serif;display:grid;grid-template-columns:280px 1fr;height:100vh}
aside{padding:16px;background:#f7f9fa;border-right:1px solid #cfd9e0}iframe{border:0;width:100%;height:100%}
.edit{position:absolute;outline:2px solid #0059c8;pointer-events:none}.edit span{position:absolute;top:-20px;left:-2px;
background:#0059c8;color:#fff;font-size:12px;padding:1px 6px}</style></head>
<body><aside><h1 style="font-size:16px">Entry editor (stand-in)</h1><p>Live preview of
<code>${previewUrl.replace(/[?].*/, "").replace(/[<>&"]/g, "")}</code></p><ul id="log"></ul></aside>
<main style="position:relative"><iframe id="preview" title="Live preview" src="${previewUrl.replace(/"/g, "&quot;")}"></iframe>
<div id="outlines"></div></main>
<script>
const PREVIEW_ORIGIN = ${JSON.stringify(previewOrigin)};
const frame = document.getElementById("preview");
window.__messages = [];
window.addEventListener("message", (event) => {
  if (event.origin !== PREVIEW_ORIGIN || event.data?.source !== "live-preview-sdk") return;
  window.__messages.push(event.data);
  if (event.data.method === "TAGGED_ELEMENTS") window.__drawOutlines(event.data.elements);
});
window.__send = (message) => frame.contentWindow.postMessage({ ...message, source: "live-preview-editor", from: "live-preview" }, PREVIEW_ORIGIN);
// what the web app draws in inspector mode: an outline and an "Edit" label over every visible tagged element
window.__drawOutlines = (elements) => {
  const box = document.getElementById("outlines");
  box.replaceChildren(...elements.filter((e) => e.isVisible && e.coordinates).map((e) => {
    const d = document.createElement("div");
    d.className = "edit";
    Object.assign(d.style, { left: e.coordinates.left + "px", top: e.coordinates.top + "px", width: e.coordinates.width + "px", height: e.coordinates.height + "px" });
    const label = document.createElement("span");
    label.textContent = "Edit " + (e.attributes?.fieldId ?? "");
    d.append(label);
    return d;
  }));
};
</script></body></html>`;
};

export async function startWebApp(port = 0): Promise<WebApp> {
  const server = http.createServer((req, res) => {
    const previewUrl = new URL(req.url ?? "/", "http://x").searchParams.get("preview");
    if (!previewUrl || !/^https?:\/\//.test(previewUrl)) {
      res.writeHead(400).end("?preview=<url> required");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page(previewUrl));
  });
  await new Promise<void>((resolve) => server.listen(port, "localhost", resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (previewUrl) => `${origin}/?preview=${encodeURIComponent(previewUrl)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
