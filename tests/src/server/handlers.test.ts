import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { handleFile, handleSubmitForm, handleUploadFile } from "../../../src/server/handlers";
import { outboxFile, readOutbox } from "../../../src/server/outbox";
import { detectFileType, UPLOAD_LIMIT_BYTES } from "../../../src/server/uploads";
import { SUBMISSION_LIMIT_BYTES } from "../../../src/server/validate-submission";
import { freshLeadsDirPerTest } from "../../fixtures/fresh-leads-dir";
import { deps, fakeReq, fakeRes, validDemo } from "../../fixtures/lead-server-helpers";

const leadsDir = freshLeadsDirPerTest();

async function submit(body: string | undefined, options?: Parameters<typeof fakeReq>[1]) {
  const res = fakeRes();
  await handleSubmitForm(fakeReq(body, options), res, deps(leadsDir()));
  return res;
}
const nothingWritten = () => expect(fs.existsSync(outboxFile(leadsDir()))).toBe(false);

describe("POST /api/hubspot/submitForm: refusals are clear 4xx JSON and write nothing", () => {
  it.each([
    ["malformed JSON", "{not json", 400, /not valid JSON/],
    ["an empty body", "", 400, /empty/],
    ["a JSON array", "[]", 400, /JSON object/],
    ["a JSON string", '"hi"', 400, /JSON object/],
    ["no formId", JSON.stringify({ email: "a@b.co" }), 400, /formId/],
    ["an unknown form", JSON.stringify({ formId: "nope" }), 404, /Unknown form/],
    ["an unknown field", JSON.stringify({ ...validDemo(), admin: "1" }), 400, /Unknown field: admin/],
    ["a number value", JSON.stringify({ ...validDemo(), company: 42 }), 400, /company must be a string/],
    ["an object value", JSON.stringify({ ...validDemo(), email: { $ne: "" } }), 400, /email must be a string/],
    ["a missing required field", JSON.stringify({ ...validDemo(), firstname: undefined }), 422, /First name: Sorry, that is required/],
    ["a blocked email domain", JSON.stringify({ ...validDemo(), email: "j@gmail.com" }), 422, /Please enter a valid email address/],
    ["an invalid email", JSON.stringify({ ...validDemo(), email: "j@acme" }), 422, /valid email/],
    // issue 46: HubSpot refuses it (INVALID_EMAIL); the HTML Standard's grammar has no < or >
    [
      "<!channel>@example.com",
      JSON.stringify({ ...validDemo(), email: "<!channel>@example.com" }),
      422,
      /^Work email: Please enter a valid email address$/,
    ],
    [
      "a quoted local part",
      JSON.stringify({ ...validDemo(), email: '"j r"@acme.com' }),
      422,
      /^Work email: Please enter a valid email address$/,
    ],
    ["an unknown option", JSON.stringify({ ...validDemo(), number_of_employees: "9000" }), 422, /Company size/],
  ])("%s", async (_, body, status, message) => {
    const res = await submit(body);
    expect(res.statusCode).toBe(status);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(message) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|Error:/);
    nothingWritten();
  });
  it("a body over 64 KB → 413", async () => {
    const res = await submit(JSON.stringify({ ...validDemo(), pageName: "x".repeat(SUBMISSION_LIMIT_BYTES) }));
    expect(res.statusCode).toBe(413);
    expect(res.body.success).toBe(false);
    nothingWritten();
  });
  it("a chunked body over 64 KB (no content-length) → 413", async () => {
    const req = fakeReq(JSON.stringify({ formId: "x", pad: "y".repeat(70_000) }));
    delete req.headers["content-length"];
    const res = fakeRes();
    await handleSubmitForm(req, res, deps(leadsDir()));
    expect(res.statusCode).toBe(413);
  });
  it("neither JSON nor a form post → 415; GET → 405", async () => {
    expect((await submit("email=a", { type: "text/plain" })).statusCode).toBe(415);
    expect((await submit(undefined, { method: "GET" })).statusCode).toBe(405);
    nothingWritten();
  });
  it("consent rules are enforced on the server too", async () => {
    // subprocessor form has no checkboxes; webinar has two optional ones → accepted without any
    const res = await submit(
      JSON.stringify({
        formId: "webinar-registration",
        firstname: "A",
        lastname: "B",
        email: "a@b.co",
        jobtitle: "Lead",
        "legal--909": "true",
      }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe("POST /api/hubspot/submitForm: accepted leads go to the outbox", () => {
  it("without HubSpot, one fsynced JSON line with an id", async () => {
    const res = await submit(JSON.stringify(validDemo()));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ success: true, delivered: false });
    const records = readOutbox(leadsDir());
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: res.body.id, formId: "get-a-demo", submission: { email: "jordan@acme.com" } });
    expect(fs.readFileSync(outboxFile(leadsDir()), "utf8").trim().split("\n")).toHaveLength(1);
  });
  it("missing optional fields are stored as empty strings", async () => {
    const rest: Record<string, string> = validDemo();
    delete rest.phone;
    delete rest.utm_source;
    await submit(JSON.stringify(rest));
    expect(readOutbox(leadsDir())[0].submission).toMatchObject({ phone: "", utm_source: "" });
  });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n");
const dataUrl = (bytes: Buffer, type = "application/octet-stream") => `data:${type};base64,${bytes.toString("base64")}`;

describe("file types by content (magic bytes)", () => {
  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), "image/jpeg"],
    ["GIF", Buffer.from("GIF89a...."), "image/gif"],
    ["WebP", Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 ")]), "image/webp"],
    ["PDF", PDF, "application/pdf"],
  ])("recognises %s", (_, bytes, mime) => expect(detectFileType(bytes)?.mime).toBe(mime));
  it.each([
    ["text", Buffer.from("hello, I am a png")],
    ["HTML", Buffer.from("<html><script>alert(1)</script>")],
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["ZIP", Buffer.from([0x50, 0x4b, 0x03, 0x04])],
    ["a RIFF that is not WebP", Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVE")])],
    ["empty", Buffer.alloc(0)],
  ])("refuses %s", (_, bytes) => expect(detectFileType(bytes)).toBeNull());
});

describe("POST /api/hubspot/uploadFile", () => {
  async function upload(body: unknown) {
    const res = fakeRes();
    await handleUploadFile(fakeReq(typeof body === "string" ? body : JSON.stringify(body)), res, deps(leadsDir()));
    return res;
  }
  const filesWritten = () => (fs.existsSync(path.join(leadsDir(), "files")) ? fs.readdirSync(path.join(leadsDir(), "files")).length : 0);

  it("stores a PDF and serves it back by id with safe headers", async () => {
    const res = await upload({ file: dataUrl(PDF, "application/pdf"), filename: "../../etc/rfp.pdf" });
    expect(res.statusCode).toBe(200);
    expect(res.body.success).toBe(true);
    const url = new URL(res.body.fileUrl);
    expect(url.origin + url.pathname).toBe("https://www.northdesk.com/api/hubspot/file");
    const served = fakeRes();
    await handleFile(fakeReq(undefined, { method: "GET", query: { id: url.searchParams.get("id")! } }), served, deps(leadsDir()));
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.body, PDF)).toBe(0);
    expect(served.headers).toMatchObject({ "content-type": "application/pdf", "x-content-type-options": "nosniff" });
    expect(String(served.headers["content-disposition"])).not.toContain("/");
  });
  it("a non-image renamed .png (declared image/png) → 415, nothing written", async () => {
    const res = await upload({ file: dataUrl(Buffer.from("just text"), "image/png"), filename: "photo.png" });
    expect(res.statusCode).toBe(415);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/images .* and PDF/) });
    expect(filesWritten()).toBe(0);
  });
  it.each([
    ["malformed JSON", "{", 400],
    ["no file", { filename: "a.pdf" }, 400],
    ["file not a data URL", { file: "https://evil.example/x.pdf", filename: "a.pdf" }, 400],
    ["file a number", { file: 5, filename: "a.pdf" }, 400],
    ["no filename", { file: dataUrl(PDF) }, 400],
    ["an empty file", { file: "data:application/pdf;base64,", filename: "a.pdf" }, 400],
  ])("%s → %i, nothing written", async (_, body, status) => {
    const res = await upload(body);
    expect(res.statusCode).toBe(status);
    expect(res.body.success).toBe(false);
    expect(filesWritten()).toBe(0);
  });
  it("a file over 10 MB → 413, nothing written", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMIT_BYTES)]);
    const res = await upload({ file: dataUrl(big), filename: "big.pdf" });
    expect(res.statusCode).toBe(413);
    expect(filesWritten()).toBe(0);
  });
  it("an unknown or malformed file id → 404", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "../outbox", ""]) {
      const res = fakeRes();
      await handleFile(fakeReq(undefined, { method: "GET", query: { id } }), res, deps(leadsDir()));
      expect(res.statusCode).toBe(404);
    }
  });
});
