import markdownIt from "markdown-it";
import { describe, expect, it, vi } from "vitest";
import { renderMarkdown } from "../../../../src/node/content/markdown";

const render = (md: string) => renderMarkdown(md, { urlTable: { signupUrl: "/members/register/" } });
const html = async (md: string) => (await render(md)).segments.map((s) => (s.kind === "html" ? s.html : `[form:${s.formId}]`)).join("");

describe("Markdown pipeline (docs/architecture.md#data-flow)", () => {
  it("renders GFM tables inside a scroll box", async () => {
    const out = await html("| a | b |\n|---|---|\n| 1 | 2 |");
    expect(out).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(out).toContain("<td>1</td>");
  });
  it("makes code blocks reachable by keyboard when they scroll", async () => {
    expect(await html("```\nconst a = 1;\n```")).toMatch(/<pre tabindex="0"><code>const a = 1;/);
    expect(await html("```ts\nconst a = 1;\n```")).toMatch(/<pre tabindex="0"><code class="language-ts">/);
  });
  it("renders GitHub alert syntax as call-out boxes", async () => {
    const out = await html("> [!TIP]\n> Use saved replies.");
    expect(out).toContain('<aside class="callout callout--tip">');
    expect(out).toContain('<p class="callout__title">Tip</p>');
    expect(out).toContain("Use saved replies.");
    expect(out).not.toContain("[!TIP]");
  });
  it("keeps plain block quotes as quotes", async () => {
    expect(await html("> Just a quote")).toContain("<blockquote>");
  });
  it("splits an embedded form into its own segment", async () => {
    const out = await render("Intro\n\n::form[subprocessor-notification]\n\nAfter");
    expect(out.segments.map((s) => s.kind)).toEqual(["html", "form", "html"]);
    expect(out.segments[1]).toEqual({ kind: "form", formId: "subprocessor-notification" });
  });
  it("a line ::cookie-table is the generated table, kept through sanitizing; without one, dropped", async () => {
    const table =
      '<table class="cookie-table"><caption>C</caption><thead><tr><th scope="col">Vendor</th><th scope="col">Lifetime</th></tr></thead>' +
      '<tbody><tr><th scope="row">Heap</th><td data-label="Lifetime" onclick="x()">1 year<span class="visually-hidden"> of Heap</span></td></tr></tbody></table>';
    const out = (await renderMarkdown("Intro\n\n::cookie-table\n\nAfter", { urlTable: {}, cookieTable: table })).segments[0];
    expect(out.kind === "html" && out.html).toBe(
      "<p>Intro</p>\n" +
        `<div class="table-scroll" tabindex="0">${table.replace(' onclick="x()"', "")}</div>\n` +
        "<p>After</p>\n",
    );
    expect(await html("Intro\n\n::cookie-table\n")).toBe("<p>Intro</p>\n");
  });
  it("resolves {{key}} link addresses from the URL table", async () => {
    expect(await html("[Try it]({{signupUrl}}?plan=plus)")).toContain('href="/members/register/?plan=plus"');
  });
  it("gives headings ids for hash links", async () => {
    const out = await render("## First response time\n\n## First response time");
    expect(out.headings.map((h) => h.id)).toEqual(["first-response-time", "first-response-time-1"]);
  });
  it("sanitizes scripts, event handlers and javascript: URLs", async () => {
    const out = await html(
      '<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>[y](javascript:alert(2))',
    );
    expect(out).not.toMatch(/<script|onerror|href="javascript:/i);
    expect(out).toContain("<a>x</a>");
  });
  it("counts words and reading time", async () => {
    const out = await render("word ".repeat(460));
    expect(out.wordCount).toBe(460);
    expect(out.readingMinutes).toBe(2);
  });
});

describe("Markdown render cache (docs/build-speed.md)", () => {
  const memoryCache = () => {
    const entries = new Map<string, unknown>();
    return {
      entries,
      get: async (key: string) => entries.get(key),
      set: async (key: string, value: unknown) => void entries.set(key, value),
    };
  };
  const body = "# Title\n\nSee ![a chart](images/blog/chart.png) and the [plans]({{pricing}}).";

  it("renders a body once: a body seen before is neither parsed nor rendered again, its images are still resolved", async () => {
    const cache = memoryCache();
    const resolved: string[] = [];
    const options = {
      urlTable: { pricing: "/pricing/" },
      cache,
      resolveImage: async (src: string) => (resolved.push(src), { src: `/static/x/${src.split("/").pop()}`, width: 760, height: 400 }),
    };
    const parse = vi.spyOn(markdownIt.prototype, "parse");
    const first = await renderMarkdown(body, options);
    expect(parse).toHaveBeenCalled();
    parse.mockClear();
    const again = await renderMarkdown(body, options);
    expect(parse).not.toHaveBeenCalled();
    expect(again).toEqual(first);
    expect(resolved).toEqual(["images/blog/chart.png", "images/blog/chart.png"]);
    parse.mockRestore();
  });

  it("renders again when what the body is made of changes: an image's resolved sources, the URL table", async () => {
    const cache = memoryCache();
    const withImage = (file: string) => async () => ({ src: `/static/${file}`, width: 760, height: 400 });
    const first = await renderMarkdown(body, { urlTable: { pricing: "/pricing/" }, cache, resolveImage: withImage("a.png") });
    const newImage = await renderMarkdown(body, { urlTable: { pricing: "/pricing/" }, cache, resolveImage: withImage("b.png") });
    const newTable = await renderMarkdown(body, { urlTable: { pricing: "/plans/" }, cache, resolveImage: withImage("b.png") });
    const htmlOf = (r: typeof first) => r.segments.map((s) => (s.kind === "html" ? s.html : "")).join("");
    expect(htmlOf(first)).toContain('src="/static/a.png"');
    expect(htmlOf(newImage)).toContain('src="/static/b.png"');
    expect(htmlOf(newTable)).toContain('href="/plans/"');
  });

  it("renders a body seen before with the images it resolved: each is resolved once per call", async () => {
    const cache = memoryCache();
    const resolved: string[] = [];
    const resolveImage = async (src: string) => (resolved.push(src), { src: `/static/x/${src.split("/").pop()}`, width: 760, height: 400 });
    await renderMarkdown(body, { urlTable: { pricing: "/pricing/" }, cache, resolveImage });
    resolved.length = 0;
    const newTable = await renderMarkdown(body, { urlTable: { pricing: "/plans/" }, cache, resolveImage });
    expect(resolved).toEqual(["images/blog/chart.png"]);
    expect(newTable.segments.map((s) => (s.kind === "html" ? s.html : "")).join("")).toContain('src="/static/x/chart.png"');
  });
});
