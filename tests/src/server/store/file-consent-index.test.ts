import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConsentIndex, HASH_KEPT } from "../../../../src/server/store/file-consent-index";

describe("the consent index in typed arrays", () => {
  it("finds every (id, at) it holds after growing from the smallest table, and nothing else", () => {
    const index = new ConsentIndex(1);
    const ids = Array.from({ length: 5000 }, () => crypto.randomUUID());
    ids.forEach((id, i) => {
      index.add(id, 1_700_000_000_000 + i);
      if (i % 3 === 0) index.add(id, 1_800_000_000_000 + i);
    });
    expect(index.count).toBe(5000 + Math.ceil(5000 / 3));
    ids.forEach((id, i) => {
      expect(index.has(id, 1_700_000_000_000 + i)).toBe(true);
      expect(index.has(id, 1_800_000_000_000 + i)).toBe(i % 3 === 0);
      expect(index.has(id, 1_700_000_000_001 + i)).toBe(false);
    });
    expect(index.hasId(crypto.randomUUID())).toBe(false);
  });

  it("keeps the first decision's secret hash (128 bits) only, through growth", () => {
    const index = new ConsentIndex(1);
    const hashes = new Map<string, string>();
    for (let i = 0; i < 3000; i++) {
      const id = crypto.randomUUID();
      const hash = crypto.randomBytes(32).toString("hex");
      hashes.set(id, hash);
      index.add(id, i, hash);
      index.add(id, i + 1, crypto.randomBytes(32).toString("hex"));
    }
    for (const [id, hash] of hashes) expect(index.secret(id)).toBe(hash.slice(0, HASH_KEPT));
    const plain = crypto.randomUUID();
    index.add(plain, 1);
    index.add(plain, 2, "a".repeat(64));
    expect(index.secret(plain)).toBeUndefined();
  });

  it("tells apart ids that differ only in case, and keeps odd ids and odd hashes as written", () => {
    const index = new ConsentIndex(1);
    const id = crypto.randomUUID();
    index.add(id, 1, "b".repeat(64));
    index.add(id.toUpperCase(), 1, "not hex at all, as a hand-edited line might say");
    index.add("legacy-id", 5);
    expect(index.secret(id)).toBe("b".repeat(32));
    expect(index.secret(id.toUpperCase())).toBe("not hex at all, as a hand-edited");
    expect(index.has("legacy-id", 5)).toBe(true);
    expect(index.has("legacy-id", 6)).toBe(false);
    expect(index.count).toBe(3);
  });
});
