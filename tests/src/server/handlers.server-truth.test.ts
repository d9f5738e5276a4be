/**
 * What the server takes from the client and what it does not: consent texts come from the form
 * definition, HubSpot's ipAddress is the request's client address, a file field holds only the URL of an
 * upload this site stored, and pages on localhost may post only outside production.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleSubmitForm, handleUploadFile, SWEEP_INTERVAL_MS, sweepNowAndThen } from "../../../src/server/handlers";
import { FileStore } from "../../../src/server/store/file-store";
import { readLeadProtection } from "../../../src/config";
import { readOutbox } from "../../../src/server/outbox";
import { freshLeadsDirPerTest } from "../../fixtures/fresh-leads-dir";
import { deps, fakeReq, fakeRes, testProtection, validDemo } from "../../fixtures/lead-server-helpers";

const leadsDir = freshLeadsDirPerTest();

const contact = (rfp: string) => ({
  formId: "contact-sales",
  firstname: "Casey",
  lastname: "Ng",
  email: "casey@bigco.com",
  company: "BigCo",
  message: "About 40,000 contacts a month.",
  rfp_document: rfp,
  "legal--908": "true",
});

async function submit(body: unknown, options: Parameters<typeof fakeReq>[1] = {}, d = deps(leadsDir())) {
  const res = fakeRes();
  await handleSubmitForm(fakeReq(JSON.stringify(body), options), res, d);
  return res;
}

async function upload() {
  const res = fakeRes();
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
  await handleUploadFile(
    fakeReq(JSON.stringify({ file: `data:application/pdf;base64,${pdf.toString("base64")}`, filename: "rfp.pdf" })),
    res,
    deps(leadsDir()),
  );
  expect(res.statusCode).toBe(200);
  return res.body.fileUrl as string;
}

describe("file fields", () => {
  it.each([
    ["another site's URL", "https://evil.example/invoice.exe"],
    ["this site's path with another query", "https://www.northdesk.com/api/hubspot/file?id=../../etc/passwd"],
    ["a lookalike host", "https://www.northdesk.com.evil.example/api/hubspot/file?id=00000000-0000-4000-8000-000000000000"],
  ])("refuse %s (422, nothing kept)", async (_, value) => {
    const res = await submit(contact(value));
    expect(res.statusCode).toBe(422);
    expect(readOutbox(leadsDir())).toEqual([]);
  });

  it("refuse the URL of an upload this site does not have", async () => {
    const res = await submit(contact("https://www.northdesk.com/api/hubspot/file?id=00000000-0000-4000-8000-000000000000"));
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toMatch(/upload it again/);
    expect(readOutbox(leadsDir())).toEqual([]);
  });

  it("accept the URL uploadFile answered, absolute or root-relative, and mark the upload as used by the lead", async () => {
    const url = await upload();
    expect((await submit(contact(url))).statusCode).toBe(200);
    const relative = await upload();
    expect((await submit(contact(relative.replace("https://www.northdesk.com", "")))).statusCode).toBe(200);
    const meta = JSON.parse(fs.readFileSync(`${leadsDir()}/files/${new URL(url).searchParams.get("id")}.json`, "utf8"));
    expect(meta.leadId).toBe(readOutbox(leadsDir())[0].id);
  });
});

describe("server-side truth", () => {
  it("consent texts are the form's and the ipAddress is the request's, whatever the body says", async () => {
    const forged = {
      ...validDemo(),
      ipAddress: "198.18.0.1",
      "legal--consentToProcess__TEXT": "I agree to nothing",
      "legal--908__TEXT": "Never email me",
    };
    expect((await submit(forged, { ip: "203.0.113.77" })).statusCode).toBe(200);
    const [record] = readOutbox(leadsDir());
    expect(record.submission.ipAddress).toBe("203.0.113.77");
    expect(record.submission["legal--consentToProcess__TEXT"]).toMatch(/^By clicking below, you allow Northdesk/);
    expect(record.submission["legal--908__TEXT"]).toBe("I agree to receive other communications from Northdesk.");
  });

  it("pages on localhost may post outside production, not in production", async () => {
    const local = { headers: { origin: "http://localhost:8000" } };
    expect((await submit(validDemo(), local)).statusCode).toBe(200);
    const production = deps(leadsDir(), undefined, fetch, testProtection({ allowLoopbackOrigins: false }));
    expect((await submit(validDemo(), local, production)).statusCode).toBe(403);
    expect((await submit(validDemo(), { headers: { origin: "https://www.northdesk.com" } }, production)).statusCode).toBe(200);
  });
});

describe("uploads and the disk the leads need", () => {
  it("a disk short of space refuses new uploads (507) while leads are still accepted", async () => {
    const full = {
      ...deps(leadsDir()),
      store: new FileStore(leadsDir(), { uploadQuotaBytes: 50 * 1024 * 1024, reserveBytes: Number.MAX_SAFE_INTEGER }),
    };
    const res = fakeRes();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    await handleUploadFile(
      fakeReq(JSON.stringify({ file: `data:application/pdf;base64,${pdf.toString("base64")}`, filename: "rfp.pdf" })),
      res,
      full,
    );
    expect(res.statusCode).toBe(507);
    expect(fs.existsSync(`${leadsDir()}/files`) ? fs.readdirSync(`${leadsDir()}/files`) : []).toEqual([]);
    expect((await submit(validDemo(), {}, full)).statusCode).toBe(200);
  });

  it("uploads no lead uses are swept after a week, started by an upload at most once an hour", async () => {
    const used = await upload();
    expect((await submit(contact(used))).statusCode).toBe(200);
    const unused = await upload();
    const aged = (url: string) => `${leadsDir()}/files/${new URL(url).searchParams.get("id")}.json`;
    for (const file of [aged(used), aged(unused)]) {
      const meta = JSON.parse(fs.readFileSync(file, "utf8"));
      fs.writeFileSync(file, JSON.stringify({ ...meta, createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() }));
    }
    const store = deps(leadsDir()).store;
    const now = Date.now() + 10 * SWEEP_INTERVAL_MS;
    expect(await sweepNowAndThen(store, now)).toBe(1);
    expect(sweepNowAndThen(store, now + 1000)).toBeUndefined();
    expect(fs.existsSync(aged(used))).toBe(true);
    expect(fs.existsSync(aged(unused))).toBe(false);
  });
});

describe("which client address the functions trust", () => {
  afterEach(() => vi.unstubAllEnvs());
  it("Netlify's x-nf-client-connection-ip only in a Netlify function; the socket everywhere else", () => {
    // a local server (also one serving a Netlify build: tests/e2e/lead-form.spec.ts runs on one)
    expect(readLeadProtection("https://x.test")).toMatchObject({ hostIpHeader: undefined, allowLoopbackOrigins: true });
    // some other Lambda, and this code not built for Netlify: the header is anyone's to send
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "submitForm");
    expect(readLeadProtection("https://x.test")).toMatchObject({ hostIpHeader: undefined, allowLoopbackOrigins: false });
    // Netlify (in a function bundle NETLIFY is the build's value: tests/e2e/netlify-functions.spec.ts)
    vi.stubEnv("NETLIFY", "true");
    expect(readLeadProtection("https://x.test")).toMatchObject({ hostIpHeader: "x-nf-client-connection-ip", allowLoopbackOrigins: false });
  });
});
