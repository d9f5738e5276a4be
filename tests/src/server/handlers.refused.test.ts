/**
 * submitForm when HubSpot refuses the visitor's own values (the reason shown, the lead set aside as refused, on
 * both stores), and with the database down (one log line per request, with the cause).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { handleSubmitForm } from "../../../src/server/handlers";
import { statusBody } from "../../../src/server/lead-status";
import { PostgresStore } from "../../../src/server/store/postgres-store";
import { withLeadStores, type Subject } from "../../fixtures/lead-stores";
import { deps, fakeReq, fakeRes, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";

const env = withLeadStores();

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await env.subjects[kind]();
  });

  it("a live send answered FIELD_NOT_IN_FORM_DEFINITION: the visitor's lead is kept, the status turns 503 at once", async () => {
    env.emulator().rules.push({ errorType: "FIELD_NOT_IN_FORM_DEFINITION" });
    const base = deps(tempLeadsDir(), env.hubspot());
    const res = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify(validDemo())), res, { ...base, config: subject.config, store: subject.store });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ success: true, delivered: false });
    const status = await subject.store.queue.status();
    expect(status).toMatchObject({
      pending: 1,
      refused: 0,
      systemic: { status: 400, errorTypes: ["FIELD_NOT_IN_FORM_DEFINITION"], formId: "get-a-demo" },
    });
    expect(statusBody(status, 60).healthy).toBe(false);
  });

  it("a live send HubSpot refuses: the visitor sees HubSpot's reason, the lead is set aside as refused", async () => {
    env.emulator().rules.push({ errorType: "INVALID_EMAIL", message: "Error in 'fields.email'. Invalid email address." });
    const base = deps(tempLeadsDir(), env.hubspot());
    const res = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify(validDemo())), res, { ...base, config: subject.config, store: subject.store });
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: "Error in 'fields.email'. Invalid email address. Please correct it and send the form again.",
    });
    const refused = await subject.store.refused.listRefused();
    expect(refused).toEqual([expect.objectContaining({ formId: "get-a-demo", errorTypes: ["INVALID_EMAIL"] })]);
    expect(await subject.store.queue.pendingCount()).toBe(0);
    expect((await subject.store.refused.showRefused(refused[0].id))!.record.submission.email).toBe("jordan@acme.com");
  });
});

describe("the database down", () => {
  it("logs one line per failed request, with the cause", async () => {
    const store = new PostgresStore({ connectionString: "postgres://postgres@127.0.0.1:9/none", claimMs: 10_000, uploadQuotaBytes: 1e6 });
    const base = deps(tempLeadsDir());
    for (let i = 0; i < 3; i++) {
      const res = fakeRes();
      await handleSubmitForm(fakeReq(JSON.stringify(validDemo())), res, { ...base, store });
      expect(res.statusCode).toBe(500);
    }
    await store.close();
    const calls = vi.mocked(console.error).mock.calls;
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call).toHaveLength(1);
      expect(String(call[0])).toMatch(/^\[lead-form\] request failed: ECONNREFUSED \(.*127\.0\.0\.1:9.*\)$/);
      expect(String(call[0])).not.toContain("\n");
    }
  });
});
