/**
 * With Contentful as the source, the functions' forms are the space's `leadForm` entries (src/node/contentful/forms.ts),
 * read from the Delivery API emulator: a form modelled only in Contentful is among them, one deleted there is not.
 */
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentfulEmulator, type ContentfulEmulator } from "../../../emulators/contentful/server";
import { FUNCTION_FORMS_FILE, writeFunctionForms } from "../../../../src/node/lead-forms";
import { LEAD_FORM_CONTENT_TYPE, loadContentfulForms } from "../../../../src/node/contentful/forms";
import type { ContentfulConfig } from "../../../../src/config";
import { REPO_ROOT } from "../../../fixtures/repo-root";
import { CMS_ONLY_FORM } from "../../../fixtures/cms-only-form";

const contentDir = path.resolve(REPO_ROOT, "content");

/** fetch over the emulator's self-signed certificate. */
const fetchTrusting =
  (ca: Buffer): typeof fetch =>
  (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      https
        .get(String(input), { ca, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0 })));
        })
        .on("error", reject);
    });

describe("the functions' forms with Contentful as the source", () => {
  let emulator: ContentfulEmulator;
  let config: ContentfulConfig;
  let fetcher: typeof fetch;
  beforeAll(async () => {
    emulator = await startContentfulEmulator({ contentDir });
    config = { spaceId: emulator.spaceId, accessToken: emulator.accessToken, environment: emulator.environment, host: emulator.host };
    fetcher = fetchTrusting(fs.readFileSync(emulator.certFile));
  }, 60_000);
  afterAll(() => emulator?.close());

  it("are the space's leadForm entries: one modelled only in Contentful is in, one deleted there is out", async () => {
    emulator.createEntry("leadForm-partner-application", LEAD_FORM_CONTENT_TYPE, CMS_ONLY_FORM);
    const webinar = emulator.space.entries.find(
      (e) => e.contentType === LEAD_FORM_CONTENT_TYPE && e.fields.alternative_id === "webinar-registration",
    );
    emulator.deleteEntry(webinar!.id);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "nd-forms-"));
    const written = await writeFunctionForms(root, { contentDir, contentful: config }, fetcher);
    const ids = written.map((f) => f.alternative_id).sort();
    expect(ids).toContain("partner-application");
    expect(ids).not.toContain("webinar-registration");
    expect(ids).toEqual(expect.arrayContaining(["contact-sales", "free-trial", "get-a-demo", "newsletter", "subprocessor-notification"]));
    const bundled = JSON.parse(fs.readFileSync(path.join(root, FUNCTION_FORMS_FILE), "utf8")) as { alternative_id: string }[];
    expect(bundled.find((f) => f.alternative_id === "partner-application")).toMatchObject({ name: "Partner application" });
    // the embedded build keeps the embedded forms
    const embedded = await writeFunctionForms(root, { contentDir }, fetcher);
    expect(embedded.map((f) => f.alternative_id)).toContain("webinar-registration");
    expect(embedded.map((f) => f.alternative_id)).not.toContain("partner-application");
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("reads every page of entries", async () => {
    const pages: string[] = [];
    const counting: typeof fetch = (input, init) => {
      pages.push(String(input));
      return fetcher(input, init);
    };
    const all = await loadContentfulForms(config, counting);
    expect(all.length).toBeGreaterThan(4);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(`content_type=${LEAD_FORM_CONTENT_TYPE}`);
  });

  it("fails the build with the entry and the field when an entry is not a lead form, and on a refused token", async () => {
    emulator.createEntry("leadForm-broken", LEAD_FORM_CONTENT_TYPE, { alternative_id: "broken", name: "Broken" });
    await expect(loadContentfulForms(config, fetcher)).rejects.toThrow(/leadForm-broken \(leadForm\): fieldGroups/);
    emulator.deleteEntry("leadForm-broken");
    await expect(loadContentfulForms({ ...config, accessToken: "wrong" }, fetcher)).rejects.toThrow(/answered 401/);
  });
});
