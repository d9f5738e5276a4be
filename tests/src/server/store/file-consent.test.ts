/**
 * The file store's consent records at volume (src/server/store/file-consent.ts): an index built once per process,
 * the tail other processes appended read under the lock, (id, at) kept once across processes, a rewrite seen,
 * the bound (prune the expired, then 507), and torn lines skipped.
 */
import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentFile, ConsentFile, eachLine } from "../../../../src/server/store/file-consent";
import { FileStore } from "../../../../src/server/store/file-store";
import type { StoredConsentRecord } from "../../../../src/server/store/types";
import { tempLeadsDir } from "../../../fixtures/lead-server-helpers";
import { storedDecision } from "../../../fixtures/consent-records";

const DAY = 86_400_000;
const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
const fresh = () => {
  const dir = tempLeadsDir();
  dirs.push(dir);
  return dir;
};
const decision = storedDecision;
/** What another process does under the same lock: one fsynced line at the end of the file. */
const appendElsewhere = (dir: string, record: StoredConsentRecord) => {
  fs.mkdirSync(`${dir}/consent`, { recursive: true });
  fs.appendFileSync(consentFile(dir), `${JSON.stringify(record)}\n`);
};

describe("the consent file", () => {
  it("keeps (id, at) once, including a decision another process appended after this one built its index", async () => {
    const dir = fresh();
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    const first = decision();
    expect(await store.consent.saveConsentRecord(first)).toBe(true);
    expect(await store.consent.saveConsentRecord(first)).toBe(false);
    const theirs = decision();
    appendElsewhere(dir, theirs);
    expect(await store.consent.saveConsentRecord(theirs)).toBe(false);
    expect(await store.consent.saveConsentRecord({ ...theirs, at: theirs.at + 1 })).toBe(true);
    expect(await store.consent.countConsentRecords()).toBe(3);
    expect((await store.consent.consentRecords(theirs.id)).map((r) => r.at)).toEqual([theirs.at, theirs.at + 1]);
  });

  it("reads only the tail: a line written before the index's offset is not read again", async () => {
    const dir = fresh();
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    await store.consent.saveConsentRecord(decision());
    const read = vi.spyOn(fs, "readSync");
    for (let i = 0; i < 20; i++) await store.consent.saveConsentRecord(decision());
    // the lock file's pid and appendLine's one-byte torn check; never the file's earlier lines
    const fromStart = read.mock.calls.filter((c) => (c as unknown[])[4] === 0 && ((c as unknown[])[3] as number) > 1);
    expect(fromStart).toHaveLength(0);
  });

  it("sees a rewrite (the retention's prune by another process) and builds its index again", async () => {
    const dir = fresh();
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    const old = decision({ at: Date.now() - 40 * DAY });
    const recent = decision();
    await store.consent.saveConsentRecord(old);
    await store.consent.saveConsentRecord(recent);
    expect(await new ConsentFile(dir, { maxRecords: 0, retentionMs: 0 }).pruneConsentRecords(30 * DAY)).toBe(1);
    expect(await store.consent.countConsentRecords()).toBe(1);
    expect(await store.consent.saveConsentRecord(old)).toBe(true);
    expect(await store.consent.saveConsentRecord(recent)).toBe(false);
  });

  it("is bounded: at the bound the expired are pruned first, then a post is refused with 507 (nothing written)", async () => {
    const dir = fresh();
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6, consentMaxRecords: 3, consentRetentionDays: 30 });
    await store.consent.saveConsentRecord(decision({ at: Date.now() - 31 * DAY }));
    await store.consent.saveConsentRecord(decision());
    await store.consent.saveConsentRecord(decision());
    expect(await store.consent.saveConsentRecord(decision())).toBe(true);
    expect(await store.consent.countConsentRecords()).toBe(3);
    const size = fs.statSync(consentFile(dir)).size;
    await expect(store.consent.saveConsentRecord(decision())).rejects.toMatchObject({ status: 507 });
    expect(fs.statSync(consentFile(dir)).size).toBe(size);
    expect(await store.consent.countConsentRecords()).toBe(3);
  });

  it("skips a torn line (a crash mid-write) and an unreadable one, and reads on after them", async () => {
    const dir = fresh();
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    await store.consent.saveConsentRecord(decision());
    fs.appendFileSync(consentFile(dir), '{"id":"torn');
    const next = decision();
    expect(await store.consent.saveConsentRecord(next)).toBe(true);
    fs.appendFileSync(consentFile(dir), "not json\n");
    expect(await store.consent.saveConsentRecord(next)).toBe(false);
    expect(await store.consent.countConsentRecords()).toBe(2);
    const lines: string[] = [];
    expect(eachLine(consentFile(dir), 0, (l) => lines.push(l))).toBe(fs.statSync(consentFile(dir)).size);
    expect(lines).toHaveLength(4);
  });
});
