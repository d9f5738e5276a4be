/**
 * A body the local server hands whole, as a Buffer (src/server/http.ts readJson): read without asking the
 * Buffer for its keys (Object.keys of a 13 MB upload made 13 million strings, about 500 MB), and an empty one
 * is the usual 400.
 */
import { readJson } from "../../../src/server/http";

const request = (body: unknown, stream: string[] = []) =>
  ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    async *[Symbol.asyncIterator]() {
      yield* stream;
    },
  }) as never;

describe("readJson with a body given whole", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a Buffer is parsed without Object.keys being asked about it", async () => {
    const keys = vi.spyOn(Object, "keys");
    const body = Buffer.from(JSON.stringify({ file: "x".repeat(1024 * 1024) }));
    expect(await readJson(request(body), 2 * 1024 * 1024)).toEqual({ file: "x".repeat(1024 * 1024) });
    expect(keys.mock.calls.some(([target]) => Buffer.isBuffer(target))).toBe(false);
  });

  it("an empty Buffer is 400; an empty object (no parser ran) reads the stream instead", async () => {
    await expect(readJson(request(Buffer.alloc(0)), 1024)).rejects.toMatchObject({ status: 400, message: "Request body is empty" });
    expect(await readJson(request({}, ['{"a":', "1}"]), 1024)).toEqual({ a: 1 });
  });
});
