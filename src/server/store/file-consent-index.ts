/**
 * The file store's consent index in typed arrays (docs/measurements/2026-12-06-consent-index.md): an open-addressing
 * table of (id, at) slots keyed by the id's 16 bytes, with the first decision's secret hash (128 bits) beside it.
 * About 41 bytes a slot and no object per decision, so 200,000 decisions cost ~21 MB, not a Map of strings.
 */
import crypto from "node:crypto";

const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX32 = /^[0-9a-f]{32}$/;
const EMPTY = 0;
const USED = 1;
const SECRET = 2;

/** The index keeps this much of a first decision's secret hash (128 bits, hex). */
export const HASH_KEPT = 32;

/** An id's 16 bytes as 4 words: a lowercase UUID's own bits, any other string's MD5 (old or hand-written lines). */
function keyOf(id: string, out: Uint32Array) {
  if (LOWER_UUID.test(id)) {
    const hex = id.replaceAll("-", "");
    for (let w = 0; w < 4; w++) out[w] = parseInt(hex.slice(w * 8, w * 8 + 8), 16);
  } else {
    const digest = crypto.createHash("md5").update(id).digest();
    for (let w = 0; w < 4; w++) out[w] = digest.readUInt32BE(w * 4);
  }
}

export class ConsentIndex {
  /** Bytes of the file folded in (up to the last complete line). */
  offset = 0;
  count = 0;
  private flags: Uint8Array;
  private ids: Uint32Array;
  private ats: Float64Array;
  private secrets: Uint32Array;
  /** A secret hash that is not hex (a hand-edited line): kept whole, by id. */
  private odd = new Map<string, string>();
  private readonly key = new Uint32Array(4);

  /** `ino`: the file's inode the index describes; `expected`: decisions to size the table for (no regrowth below it). */
  constructor(
    readonly ino: number,
    expected = 0,
  ) {
    let capacity = 1024;
    while (capacity * 3 < expected * 4) capacity *= 2;
    this.flags = new Uint8Array(capacity);
    this.ids = new Uint32Array(capacity * 4);
    this.ats = new Float64Array(capacity);
    this.secrets = new Uint32Array(capacity * 4);
  }

  /** The first slot on the probe path of `key` (an id's slots are all on it, before the first empty one). */
  private start(key: Uint32Array) {
    const h = Math.imul(key[0] ^ Math.imul(key[1], 0x9e3779b1) ^ Math.imul(key[2], 0x85ebca77) ^ key[3], 0xc2b2ae3d);
    return (h ^ (h >>> 15)) & (this.flags.length - 1);
  }

  private sameId(slot: number, key: Uint32Array) {
    const i = slot * 4;
    return this.ids[i] === key[0] && this.ids[i + 1] === key[1] && this.ids[i + 2] === key[2] && this.ids[i + 3] === key[3];
  }

  /** Calls `each` with every slot holding `id` (stops when it returns true); true when one did. */
  private find(id: string, each: (slot: number) => boolean): boolean {
    keyOf(id, this.key);
    const mask = this.flags.length - 1;
    for (let slot = this.start(this.key); this.flags[slot] !== EMPTY; slot = (slot + 1) & mask) {
      if (this.sameId(slot, this.key) && each(slot)) return true;
    }
    return false;
  }

  hasId(id: string) {
    return this.find(id, () => true);
  }

  has(id: string, at: number) {
    return this.find(id, (slot) => this.ats[slot] === at);
  }

  /** The first decision's secret hash (its first HASH_KEPT characters), or undefined when it had none. */
  secret(id: string): string | undefined {
    let found: string | undefined;
    this.find(id, (slot) => {
      if (this.flags[slot] !== SECRET) return false;
      const words = Array.from(this.secrets.subarray(slot * 4, slot * 4 + 4), (w) => w.toString(16).padStart(8, "0"));
      found = words.join("");
      return true;
    });
    return found ?? this.odd.get(id);
  }

  /** Adds a decision; `secretHash` is kept only when it is the id's first. */
  add(id: string, at: number, secretHash?: string) {
    // at most three quarters full: linear probing stays short (about 2.5 slots a lookup that finds, 8.5 one that does not)
    if ((this.count + 1) * 4 > this.flags.length * 3) this.grow();
    keyOf(id, this.key);
    const mask = this.flags.length - 1;
    let first = true;
    let slot = this.start(this.key);
    for (; this.flags[slot] !== EMPTY; slot = (slot + 1) & mask) if (first && this.sameId(slot, this.key)) first = false;
    this.ids.set(this.key, slot * 4);
    this.ats[slot] = at;
    this.flags[slot] = USED;
    this.count++;
    if (!first || secretHash === undefined) return;
    const kept = secretHash.slice(0, HASH_KEPT);
    if (!HEX32.test(kept)) return void this.odd.set(id, kept);
    for (let w = 0; w < 4; w++) this.secrets[slot * 4 + w] = parseInt(kept.slice(w * 8, w * 8 + 8), 16);
    this.flags[slot] = SECRET;
  }

  /** Twice the slots, every entry placed again (its flag says whether it is an id's first with a secret). */
  private grow() {
    const { flags, ids, ats, secrets } = this;
    const capacity = flags.length * 2;
    this.flags = new Uint8Array(capacity);
    this.ids = new Uint32Array(capacity * 4);
    this.ats = new Float64Array(capacity);
    this.secrets = new Uint32Array(capacity * 4);
    const mask = capacity - 1;
    for (let old = 0; old < flags.length; old++) {
      if (flags[old] === EMPTY) continue;
      const key = ids.subarray(old * 4, old * 4 + 4);
      let slot = this.start(key);
      while (this.flags[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.ids.set(key, slot * 4);
      this.ats[slot] = ats[old];
      this.flags[slot] = flags[old];
      this.secrets.set(secrets.subarray(old * 4, old * 4 + 4), slot * 4);
    }
  }
}
