/**
 * The file store's uploads (src/server/store/file-store.ts, `uploadUsage` in src/server/uploads.ts): the
 * per-client quota holds, also for uploads stored before the process started, and an upload costs the
 * same however many uploads the store already holds (issue 38: it read every stored upload's metadata for
 * the quota, 43 uploads/s for the first 1,000, 18/s after).
 */
import fs from "node:fs";
import { FileStore } from "../../../../src/server/store/file-store";
import { UPLOAD_QUOTA_WINDOW_MS } from "../../../../src/server/store/rules";
import { tempLeadsDir } from "../../../fixtures/lead-server-helpers";

const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
const file = (size = 64) => ({ filename: "a.png", mime: "image/png", bytes: png(size) });

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const newDir = () => {
  const dir = tempLeadsDir({ inMemory: true });
  dirs.push(dir);
  return dir;
};
const store = (dir: string, quota = 1024 * 1024) => new FileStore(dir, { uploadQuotaBytes: quota, reserveBytes: 0 });

/** What a process that starts now knows: the usage index lives in memory, per leads directory. */
const newProcess = () => delete (globalThis as Record<symbol, unknown>)[Symbol.for("northdesk.file-store.upload-usage")];

/** The file-system calls one saveFile makes: listings, and files read. */
async function callsOf(s: FileStore, client: string) {
  const readdir = vi.spyOn(fs, "readdirSync");
  const readFile = vi.spyOn(fs, "readFileSync");
  try {
    await s.uploads.saveFile(file(), client);
    return { listings: readdir.mock.calls.length, reads: readFile.mock.calls.length };
  } finally {
    readdir.mockRestore();
    readFile.mockRestore();
  }
}

describe("file store uploads", () => {
  it("an upload lists and reads nothing, with 1 or 301 uploads stored", async () => {
    const s = store(newDir(), 50 * 1024 * 1024);
    await s.uploads.saveFile(file(), "198.51.100.9");
    const few = await callsOf(s, "198.51.100.1");
    for (let i = 0; i < 300; i++) await s.uploads.saveFile(file(), `203.0.113.${i % 250}`);
    const many = await callsOf(s, "198.51.100.2");
    expect(few).toEqual({ listings: 0, reads: 0 });
    expect(many).toEqual(few);
  });

  it("holds each client to its quota for the window, also across a restart; others are not affected", async () => {
    const dir = newDir();
    await store(dir, 1000).uploads.saveFile(file(600), "198.51.100.1");
    await expect(store(dir, 1000).uploads.saveFile(file(600), "198.51.100.1")).rejects.toMatchObject({ status: 413 });
    newProcess();
    // the index is rebuilt once from the stored uploads
    await expect(store(dir, 1000).uploads.saveFile(file(600), "198.51.100.1")).rejects.toMatchObject({ status: 413 });
    await expect(store(dir, 1000).uploads.saveFile(file(600), "198.51.100.2")).resolves.toMatchObject({ size: 600 });
    const now = vi.spyOn(Date, "now").mockReturnValue(Date.now() + UPLOAD_QUOTA_WINDOW_MS + 1000);
    try {
      await expect(store(dir, 1000).uploads.saveFile(file(600), "198.51.100.1")).resolves.toMatchObject({ size: 600 });
    } finally {
      now.mockRestore();
    }
  });
});
