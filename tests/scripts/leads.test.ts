/**
 * npm run leads (scripts/leads.ts) on both stores: list and show refused leads, resend one fixed (validated again)
 * or discard it, each action recorded with who and when.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { main as leadsCommand } from "../../scripts/leads";
import { emailOf, withLeadStores, type Subject } from "../fixtures/lead-stores";

const env = withLeadStores();

/** Runs the command on the subject's store; its exit code and what it printed. */
async function run(subject: Subject, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await leadsCommand(argv, {
    config: subject.config,
    store: subject.store,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    user: "",
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await env.subjects[kind]();
  });

  it("npm run leads: list and show a refused lead, resend it fixed (validated again), recorded with who and when", async () => {
    const id = await subject.add("jordan@blocked.example");
    env.refuseBlocked();
    await env.flush(subject);

    const list = await run(subject, "list");
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${id}  get-a-demo  refused `);
    expect(list.out).toContain("400 BLOCKED_EMAIL");
    expect(list.out).not.toContain("jordan");

    const show = await run(subject, "show", id);
    expect(show.code).toBe(0);
    const shown = JSON.parse(show.out);
    expect(shown).toMatchObject({ id, errorTypes: ["BLOCKED_EMAIL"], record: { submission: { email: "jordan@blocked.example" } } });
    expect(shown.answer).toContain("Email blocked");

    // who is required; a value the site's own rules refuse is not resent
    expect((await run(subject, "resend", id, "--set", "email=jordan@acme.com")).code).toBe(2);
    const invalid = await run(subject, "resend", id, "--set", "email=not an email", "--by", "ops");
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/^Not resent: .*[Ee]mail/);
    expect(await subject.store.refused.listRefused()).toHaveLength(1);

    const resent = await run(subject, "resend", id, "--set", "email=jordan@acme.com", "--by", "ops-anna");
    expect(resent.code).toBe(0);
    expect(resent.out).toMatch(new RegExp(`^${id} resent by ops-anna as [0-9a-f-]{36}\\n[0-9a-f-]{36} delivered to HubSpot$`));
    expect(env.emulator().submissions.map(emailOf)).toEqual(["jordan@acme.com"]);
    expect(await subject.store.refused.listRefused()).toEqual([]);
    expect(await subject.store.queue.pendingCount()).toBe(0);
    const [action] = await subject.store.refused.leadActions(id);
    expect(action).toMatchObject({ leadId: id, action: "resent", by: "ops-anna", newId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(Date.now() - Date.parse(action.at)).toBeLessThan(60_000);
    expect(await subject.rawData()).not.toContain("jordan@blocked.example");
    // the flush never sends the old one again
    await env.flush(subject);
    expect(env.emulator().received).toBe(2);
  });

  it("npm run leads: discard deletes the lead and records who and when; unknown ids and usage errors", async () => {
    const id = await subject.add("sam@blocked.example");
    env.refuseBlocked();
    await env.flush(subject);
    const discarded = await run(subject, "discard", id, "--by=ops-ben");
    expect(discarded).toMatchObject({ code: 0, out: `${id} discarded by ops-ben` });
    expect(await subject.store.refused.listRefused()).toEqual([]);
    expect(await subject.rawData()).not.toContain("sam@blocked.example");
    expect(await subject.store.refused.leadActions(id)).toEqual([expect.objectContaining({ action: "discarded", by: "ops-ben" })]);
    expect((await subject.store.queue.status()).refused).toBe(0);

    const again = await run(subject, "discard", id, "--by", "ops-ben");
    expect(again.code).toBe(1);
    expect(again.out).toContain("discarded by ops-ben");
    expect((await run(subject, "show", "00000000-0000-4000-8000-000000000000")).code).toBe(1);
    expect((await run(subject)).code).toBe(2);
    expect((await run(subject, "resend")).code).toBe(2);
    expect((await run(subject, "delete", id)).code).toBe(2);
  });
});
