/**
 * An errorType on neither list is the lead's own problem until proven otherwise: held back with its own backoff,
 * alerted once per new type, listed and set aside by `npm run leads`; and "Recovered" only after a delivery with
 * no lead failing. Both stores, against the HubSpot emulator and an in-process webhook receiver.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { main as leadsCommand } from "../../../scripts/leads";
import { flushLeads } from "../../../src/server/flush";
import { classifyAnswer } from "../../../src/server/hubspot";
import { statusBody } from "../../../src/server/lead-status";
import { emailOf, withLeadStores, type Subject } from "../../fixtures/lead-stores";
import { startSlackReceiver, type SlackReceiver } from "../../fixtures/slack-receiver";

const env = withLeadStores();
let receiver: SlackReceiver;
beforeAll(async () => {
  receiver = await startSlackReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
beforeEach(() => {
  receiver.messages.length = 0;
});

const flush = (subject: Subject) =>
  flushLeads(
    {
      ...subject.config,
      hubspot: env.hubspot(),
      leadsFlush: { concurrency: 4 },
      leadsAlerts: { webhookUrl: receiver.url, afterMinutes: 60, everyMinutes: 240 },
    },
    subject.store,
    fetch,
    new Map(),
    { log: () => {} },
  );

async function run(subject: Subject, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await leadsCommand(argv, { config: subject.config, store: subject.store, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("the classification of an errorType on neither list", () => {
  it.each([
    [400, ["SOMETHING_NEW"], "unknown"],
    [400, ["INVALID_EMAIL", "SOMETHING_NEW"], "unknown"],
    [400, ["SOMETHING_NEW", "REQUIRED_FIELD"], "systemic"],
    [400, [], "systemic"],
    [401, ["SOMETHING_NEW"], "systemic"],
    [503, ["SOMETHING_NEW"], "retry"],
  ] as const)("%i %j → %s", (status, types, outcome) => {
    expect(classifyAnswer(status, types)).toBe(outcome);
  });
});

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await env.subjects[kind]();
  });

  it("one lead answered with an unknown errorType ahead of 40: the 40 delivered within two runs, it held, listed, set aside", async () => {
    const odd = await subject.add("odd@weird.example");
    for (let i = 0; i < 40; i++) await subject.add(`real${i}@acme.com`);
    env.emulator().rules.push({ email: /@weird\.example$/, errorType: "SOMETHING_NEW", message: "odd@weird.example is odd" });

    const first = await flush(subject);
    const second = await flush(subject);
    expect(first.delivered + second.delivered).toBe(40);
    expect(second.pending).toBe(1);
    expect(first.stoppedBy).toBeUndefined();
    const delivered = env.emulator().submissions.map(emailOf);
    expect(new Set(delivered).size).toBe(40);
    expect(delivered).not.toContain("odd@weird.example");

    // one alert naming the type, none for the pipeline; the status stays healthy, the lead counted as held
    expect(receiver.messages).toHaveLength(1);
    expect(receiver.messages[0].text).toContain("SOMETHING_NEW");
    expect(receiver.messages[0].text).toContain(odd);
    expect(JSON.stringify(receiver.messages)).not.toMatch(/weird\.example|is odd/);
    expect([first.heldAlert, second.heldAlert]).toEqual(["sent", "none"]);
    const status = await subject.store.queue.status();
    expect(status).toMatchObject({ pending: 1, held: 1, systemic: null, oldestPendingAt: null });
    expect(statusBody(status, 60).healthy).toBe(true);

    // its own backoff holds across the run that delivered others: not sent again in the second run
    expect(env.emulator().received).toBe(41);

    const list = await run(subject, "list");
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${odd}  get-a-demo  held `);
    expect(list.out).toContain("400 SOMETHING_NEW");
    expect(list.out).toContain("1 held lead(s)");

    expect((await run(subject, "set-aside", odd)).code).toBe(2); // who is required
    const aside = await run(subject, "set-aside", odd, "--by", "anna");
    expect(aside).toMatchObject({ code: 0 });
    expect((await run(subject, "set-aside", odd, "--by", "anna")).code).toBe(1);
    expect(await subject.store.refused.listHeld()).toEqual([]);
    const shown = await subject.store.refused.showRefused(odd);
    expect(shown).toMatchObject({ id: odd, status: 400, errorTypes: ["SOMETHING_NEW"] });
    expect(shown!.actions).toMatchObject([{ action: "set-aside", by: "anna" }]);
    expect(await subject.store.queue.status()).toMatchObject({ pending: 0, held: 0, refused: 1 });

    // the type was told of already, and the set-aside lead is not told of again as refused
    const third = await flush(subject);
    expect(third).toMatchObject({ delivered: 0, pending: 0, heldAlert: "none", refusedAlert: "none" });
    expect(receiver.messages).toHaveLength(1);
  });

  it("a second unknown errorType gets its own alert; the first is not named again", async () => {
    await subject.add("one@weird.example");
    env.emulator().rules.push({ email: /^one@/, errorType: "SOMETHING_NEW" });
    await flush(subject);
    await subject.add("two@weird.example");
    env.emulator().rules.push({ email: /^two@/, errorType: "SOMETHING_NEWER" });
    await flush(subject);
    expect(receiver.messages.map((m) => m.text.match(/\(([A-Z_, ]+)\)/)?.[1])).toEqual(["SOMETHING_NEW", "SOMETHING_NEWER"]);
  });

  it("no Recovered while every send fails: only after a delivery with no lead failing", async () => {
    for (let i = 0; i < 10; i++) await subject.add(`lead${i}@acme.com`);
    env.emulator().rules.push({ errorType: "FIELD_NOT_IN_FORM_DEFINITION" });
    expect(await flush(subject)).toMatchObject({ delivered: 0, stoppedBy: "systemic", alert: "sent" });
    env.emulator().rules.length = 0;

    // HubSpot answers 503: 10 of 10 fail; nothing recovered
    env.emulator().mode = "error";
    const down = await flush(subject);
    expect(down).toMatchObject({ delivered: 0, pending: 10 });
    expect(down.alert).not.toBe("recovered");
    expect(receiver.messages).toHaveLength(1);

    env.emulator().mode = "ok";
    const back = await flush(subject);
    expect(back).toMatchObject({ delivered: 10, pending: 0, alert: "recovered" });
    expect(receiver.messages.at(-1)!.text).toMatch(/Recovered/);
    expect((await flush(subject)).alert).toBe("none");
  });

  it("no Recovered while a lead is held, even after other deliveries", async () => {
    await subject.add("odd@weird.example");
    for (let i = 0; i < 3; i++) await subject.add(`lead${i}@acme.com`);
    env.emulator().rules.push({ errorType: "FIELD_NOT_IN_FORM_DEFINITION" });
    expect(await flush(subject)).toMatchObject({ delivered: 0, alert: "sent" });
    env.emulator().rules.length = 0;
    env.emulator().rules.push({ email: /@weird\.example$/, errorType: "SOMETHING_NEW" });
    const next = await flush(subject);
    expect(next.delivered).toBe(3);
    expect(next.alert).toBe("none");
    expect(receiver.messages.some((m) => /Recovered/.test(m.text))).toBe(false);
  });
});
