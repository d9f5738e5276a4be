/**
 * The file store's uploads (src/server/store/file-store.ts, src/server/uploads.ts `clientUploads`): the
 * per-client quota holds, and an upload costs the same however many uploads the store already holds
 * (issue 38: it read every stored upload's metadata for the quota, 43 uploads/s for the first 1,000, 18/s after).
 */
import fs from "node:fs";
import path from "node:path";
import { FileStore } from "../../../src/server/store/file-store";
import { UPLOAD_QUOTA_WINDOW_MS } from "../../../src/server/store/types";
import { filesDir } from "../../../src/server/uploads";
import { tempLeadsDir } from "./lead-server-helpers";

const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
const file = (size = 64) => ({ filename: "a.png", mime: "image/png", bytes: png(size) });

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const store = (quota = 1024 * 1024) => {
  const dir = tempLeadsDir({ inMemory: true });
  dirs.push(dir);
  return new FileStore(dir, { uploadQuotaBytes: quota, reserveBytes: 0 });
};

/** The file-system calls one saveFile makes (listings, and files read). */
async function callsOf(s: FileStore, client: string) {
  const readdir = vi.spyOn(fs, "readdirSync");
  const readFile = vi.spyOn(fs, "readFileSync");
  try {
    await s.saveFile(file(), client);
    return { listings: readdir.mock.calls.length, reads: readFile.mock.calls.length };
  } finally {
    readdir.mockRestore();
    readFile.mockRestore();
  }
}

describe("file store uploads", () => {
  it("an upload lists nothing and reads one ledger, with 0 or 300 uploads stored by others", async () => {
    const s = store(50 * 1024 * 1024);
    const empty = await callsOf(s, "198.51.100.1");
    for (let i = 0; i < 300; i++) await s.saveFile(file(), `203.0.113.${i % 250}`);
    const full = await callsOf(s, "198.51.100.2");
    expect(full).toEqual(empty);
    expect(full).toEqual({ listings: 0, reads: 1 });
  });

  it("holds each client to its quota for the window; others are not affected; the ledger forgets old uploads", async () => {
    const s = store(1000);
    await s.saveFile(file(600), "198.51.100.1");
    await expect(s.saveFile(file(600), "198.51.100.1")).rejects.toMatchObject({ status: 413 });
    await expect(s.saveFile(file(600), "198.51.100.2")).resolves.toMatchObject({ size: 600 });
    const later = Date.now() + UPLOAD_QUOTA_WINDOW_MS + 1000;
    const now = vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      await expect(s.saveFile(file(600), "198.51.100.1")).resolves.toMatchObject({ size: 600 });
      const [ledger] = fs.readdirSync(path.join(filesDir(s.dir), "clients")).filter((name) => {
        const text = fs.readFileSync(path.join(filesDir(s.dir), "clients", name), "utf8");
        return text.includes(String(later));
      });
      // the expired upload was dropped when the new one was recorded
      expect(
        fs
          .readFileSync(path.join(filesDir(s.dir), "clients", ledger), "utf8")
          .trim()
          .split("\n"),
      ).toHaveLength(1);
    } finally {
      now.mockRestore();
    }
  });

  it("the sweep removes ledgers of clients with nothing in the window", async () => {
    const s = store();
    await s.saveFile(file(), "198.51.100.1");
    const clients = path.join(filesDir(s.dir), "clients");
    expect(fs.readdirSync(clients)).toHaveLength(1);
    const old = (Date.now() - UPLOAD_QUOTA_WINDOW_MS - 1000) / 1000;
    for (const name of fs.readdirSync(clients)) fs.utimesSync(path.join(clients, name), old, old);
    await s.sweepFiles();
    expect(fs.readdirSync(clients)).toHaveLength(0);
  });
});
