/**
 * The delivery path end to end in-process: the submitForm handler against the local HubSpot emulator,
 * an outage (5xx, timeout) keeping leads in the outbox, and `leads:flush` delivering each exactly once.
 */
import { htmlToText } from "../../../src/lib/lead-form/payload";
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleSubmitForm } from "../../../src/server/handlers";
import { toHubSpotSubmission } from "../../../src/server/hubspot";
import { appendToOutbox, deliveredIds, flushOutbox, pendingRecords, readOutbox } from "../../../src/server/outbox";
import { main as leadsFlush } from "../../../scripts/leads-flush";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../emulators/hubspot";
import { deps, fakeReq, fakeRes, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";

let emulator: HubSpotEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startHubSpotEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => {
  dir = tempLeadsDir();
  emulator.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const hubspot = () => ({ portalId: "12345", accessToken: "pat-test", apiUrl: emulator.url, timeoutMs: 300 });
async function submit(body = validDemo()) {
  const res = fakeRes();
  await handleSubmitForm(fakeReq(JSON.stringify(body)), res, deps(dir, hubspot()));
  return res;
}
const config = () => deps(dir, hubspot()).config;

describe("HubSpot request shape", () => {
  it("fields with objectTypeId, context, consent; the consent texts are the form's, whatever the client sent", () => {
    const form = deps(dir).forms.get("get-a-demo")!;
    const forged = { "legal--consentToProcess__TEXT": "I consent to nothing", "legal--908__TEXT": "Forged" };
    const body = toHubSpotSubmission(form, { ...validDemo(), ...forged, ipAddress: "not-an-ip" }, new Date(1700000000000));
    expect(body.submittedAt).toBe("1700000000000");
    expect(body.fields).toContainEqual({ objectTypeId: "0-1", name: "email", value: "jordan@acme.com" });
    expect(body.fields.find((f) => f.name === "phone")).toBeUndefined();
    expect(body.context).toEqual({ hutk: "utk", pageUri: "http://localhost/lp/get-a-demo/", pageName: "Get a demo" });
    expect(body.legalConsentOptions?.consent).toEqual({
      consentToProcess: true,
      text: htmlToText(form.legalConsentOptions!.consentToProcessText),
      communications: [{ value: true, subscriptionTypeId: 908, text: "I agree to receive other communications from Northdesk." }],
    });
  });
});

describe("delivery with HubSpot configured", () => {
  it("delivers at once, authenticated, and records the delivery", async () => {
    const res = await submit();
    expect(res.body).toMatchObject({ success: true, delivered: true });
    expect(emulator.submissions).toHaveLength(1);
    expect(emulator.submissions[0]).toMatchObject({ portalId: "12345", formGuid: "get-a-demo", authorization: "Bearer pat-test" });
    // the request's client address (the socket's here), not the ipAddress the body claimed (203.0.113.9)
    expect(emulator.submissions[0].body.context.ipAddress).toBe("203.0.113.50");
    expect(pendingRecords(dir)).toHaveLength(0);
    expect(readOutbox(dir)).toHaveLength(1);
    expect(deliveredIds(dir).has(res.body.id)).toBe(true);
  });

  it.each(["error", "timeout"] as const)("a HubSpot %s keeps the lead; leads:flush later delivers it exactly once", async (mode) => {
    emulator.mode = mode;
    const first = await submit();
    const second = await submit({ ...validDemo(), email: "sam@acme.com" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ success: true, delivered: false });
    expect(second.body.delivered).toBe(false);
    expect(emulator.submissions).toHaveLength(0);
    expect(pendingRecords(dir).map((r) => r.id)).toEqual([first.body.id, second.body.id]);

    // still down: flush fails, nothing is lost
    expect(await leadsFlush(config())).toBe(1);
    expect(pendingRecords(dir)).toHaveLength(2);

    emulator.mode = "ok";
    expect(await leadsFlush(config())).toBe(0);
    // in order of their next due attempt, which the backoff's jitter sets: either may go first
    expect(emulator.submissions.map((s) => s.body.fields.find((f: { name: string }) => f.name === "email").value).sort()).toEqual([
      "jordan@acme.com",
      "sam@acme.com",
    ]);
    expect(await leadsFlush(config())).toBe(0);
    expect(emulator.submissions).toHaveLength(2);
    expect(pendingRecords(dir)).toHaveLength(0);
  });

  it("without HubSpot, flush reports pending leads and delivers nothing", async () => {
    appendToOutbox(dir, validDemo());
    expect(await leadsFlush({ ...config(), hubspot: undefined })).toBe(2);
    expect(pendingRecords(dir)).toHaveLength(1);
  });
});

describe("outbox (append + fsync, exactly once)", () => {
  it("concurrent flushes send each lead once", async () => {
    for (let i = 0; i < 5; i++) appendToOutbox(dir, { ...validDemo(), email: `lead${i}@acme.com` });
    const sent: string[] = [];
    const deliver = async (r: { id: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(r.id);
    };
    const results = await Promise.all([flushOutbox(dir, deliver), flushOutbox(dir, deliver), flushOutbox(dir, deliver)]);
    expect(sent).toHaveLength(5);
    expect(new Set(sent).size).toBe(5);
    expect(results.filter((r) => r.busy)).toHaveLength(2);
    expect((await flushOutbox(dir, deliver)).delivered).toBe(0);
  });
  it("a failing record stays pending while the others are delivered", async () => {
    const a = appendToOutbox(dir, validDemo());
    const b = appendToOutbox(dir, { ...validDemo(), email: "b@acme.com" });
    const result = await flushOutbox(dir, async (r) => {
      if (r.id === a.id) throw new Error("HubSpot answered 400");
    });
    expect(result).toEqual({ delivered: 1, failed: 1, refused: 0, inDoubt: 0, pending: 1 });
    expect(pendingRecords(dir).map((r) => r.id)).toEqual([a.id]);
    expect(deliveredIds(dir).has(b.id)).toBe(true);
  });
  it("a torn last line (crash mid-append) does not hide earlier leads", () => {
    const a = appendToOutbox(dir, validDemo());
    fs.appendFileSync(`${dir}/outbox.jsonl`, '{"id":"half');
    expect(readOutbox(dir).map((r) => r.id)).toEqual([a.id]);
    const b = appendToOutbox(dir, validDemo());
    expect(readOutbox(dir).map((r) => r.id)).toEqual([a.id, b.id]);
  });
});
