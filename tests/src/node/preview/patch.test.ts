import { describe, expect, it } from "vitest";
import { mergeJson, patchResult } from "../../../../src/node/preview/patch";

const edits = (id: string, fields: Record<string, unknown>) => new Map([[id, { sys: { id }, fields }]]);
const link = (id: string, linkType = "Asset") => ({ sys: { type: "Link", linkType, id } });

describe("live updates map the web app's merged entry onto the page's query results (docs/content.md#live-preview)", () => {
  it("replaces the text fields of every object of that entry, and only those", async () => {
    const result = { data: { post: { entryId: "p1", title: "Old", slug: "a" }, other: { entryId: "p2", title: "Keep" } } };
    const { result: out, changed } = await patchResult(result, edits("p1", { title: "New", slug: "a", unknown: "x" }), {});
    expect(changed).toBe(true);
    expect(out).toEqual({ data: { post: { entryId: "p1", title: "New", slug: "a" }, other: { entryId: "p2", title: "Keep" } } });
  });

  it("renders Markdown with the site's renderer, in the query's shape, keeping embedded forms", async () => {
    const form = { alternative_id: "newsletter", name: "Newsletter" };
    const body = { segments: [{ kind: "form", html: null, form }], readingMinutes: 1 };
    const { result } = await patchResult(
      { entryId: "s1", body },
      edits("s1", { body: "> [!TIP]\n> Go [here]({{signupUrl}}).\n\n::form[newsletter]" }),
      { signupUrl: "https://app.example.com/signup" },
    );
    const segments = (result as { body: { segments: { kind: string; html: string | null; form: unknown }[] } }).body.segments;
    expect(segments[0].html).toContain('class="callout callout--tip"');
    expect(segments[0].html).toContain('href="https://app.example.com/signup"');
    expect(segments[1]).toEqual({ kind: "form", html: null, form });
    expect(Object.keys((result as { body: object }).body)).toEqual(["segments", "readingMinutes"]);
  });

  it("keeps a resolved link until Gatsby re-syncs, and an image's resolved data with its new alt", async () => {
    const image = { alt: "old", gatsbyImageData: { w: 1 } };
    const { changed } = await patchResult({ entryId: "p", image }, edits("p", { image: link("a2") }), {});
    expect(changed).toBe(false);
    expect(mergeJson([{ title: "A", image }], [{ title: "B", image: { asset: link("a1"), alt: "new" }, extra: 1 }])).toEqual([
      { title: "B", image: { alt: "new", gatsbyImageData: { w: 1 } } },
    ]);
  });

  it("takes what the link resolver gives for a link or a list of links, told where the field is", async () => {
    const result = { data: { post: { entryId: "p", image: { alt: "old" }, authors: [{ name: "A" }] } } };
    const calls: unknown[] = [];
    const links = async (at: unknown, many: boolean) => (calls.push([at, many]), many ? [{ entryId: "au2", name: "B" }] : undefined);
    // the entry swapped in has an edit of its own: it shows too
    const edited = new Map([
      ...edits("p", { image: link("a2"), authors: [link("au2", "Entry")] }),
      ...edits("au2", { name: "B, renamed" }),
    ]);
    const { result: out, changed } = await patchResult(result, edited, {}, links);
    expect(changed).toBe(true);
    expect(out).toEqual({ data: { post: { entryId: "p", image: { alt: "old" }, authors: [{ entryId: "au2", name: "B, renamed" }] } } });
    expect(calls).toEqual([
      [{ path: ["data", "post", "image"], entryId: "p", field: "image", ids: ["a2"] }, false],
      [{ path: ["data", "post", "authors"], entryId: "p", field: "authors", ids: ["au2"] }, true],
    ]);
  });

  it("sanitizes HTML a JSON field carries (footer items)", () => {
    expect(mergeJson({ html: "<b>x</b>" }, { html: '<img src=x onerror="alert(1)">ok' })).toEqual({ html: '<img src="x" />ok' });
  });

  it("sanitizes every field the schema serves as HTML (a lead form's texts), and leaves plain text alone", async () => {
    const form = {
      entryId: "f1",
      customSuccessMessage: "<p>Thanks</p>",
      displayOptions: { submitButtonText: "Send" },
      legalConsentOptions: { privacyText: "ok", communicationsCheckboxes: [{ label: "Yes", required: false }] },
    };
    const { result } = await patchResult(
      form,
      edits("f1", {
        customSuccessMessage: '<p onclick="x()">Merci</p><script>alert(1)</script>',
        displayOptions: { submitButtonText: "Book <now> & go" },
        legalConsentOptions: { privacyText: '<a href="javascript:alert(1)">x</a>', communicationsCheckboxes: [{ label: "A & B" }] },
      }),
      {},
    );
    expect(result).toEqual({
      entryId: "f1",
      customSuccessMessage: "<p>Merci</p>",
      displayOptions: { submitButtonText: "Book <now> & go" },
      legalConsentOptions: { privacyText: "<a>x</a>", communicationsCheckboxes: [{ label: "A & B", required: false }] },
    });
  });
});
