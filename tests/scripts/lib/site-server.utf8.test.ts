/**
 * The local server hands a function its body whole, as a Buffer: bytes that are not UTF-8 are a 400 there too,
 * and no lead is stored (the Gatsby function path reads the stream: tests/src/server/handlers.input.test.ts).
 */
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { FUNCTION_LIMITS } from "../../../scripts/lib/site-server";
import { handleSubmitForm } from "../../../src/server/handlers";
import { outboxFile } from "../../../src/server/outbox";
import { deps, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";
import { raw, start } from "../../fixtures/site-fixture";

const dir = tempLeadsDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the local server: a lead body that is not UTF-8", () => {
  it.each([
    ["JSON", "application/json", Buffer.from(JSON.stringify({ ...validDemo(), company: "Café" }), "latin1")],
    ["a native form post", "application/x-www-form-urlencoded", Buffer.from(`formId=get-a-demo&company=Caf\u00e9`, "latin1")],
  ])("%s → 400, nothing stored", async (_, type, body) => {
    const { port } = await start({
      extra: [{ route: "hubspot/submitForm", handler: (req, res) => handleSubmitForm(req as never, res as never, deps(dir)) }],
      functionLimits: FUNCTION_LIMITS,
    });
    const answer = await raw(
      port,
      `POST /api/hubspot/submitForm HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain("\ufffd");
    expect(fs.existsSync(outboxFile(dir))).toBe(false);
  });
});
