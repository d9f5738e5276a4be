/**
 * The function routes' limits (scripts/lib/function-limits.ts, docs/local-server.md "Limits"): no network holds
 * more than an eighth of a route, no client more than its network, and the pace lets a phone upload the largest file.
 */
import { BODY_PACE, DEFAULT_LIMITS, FUNCTION_LIMITS } from "../../../scripts/lib/function-limits";
import { TIMEOUTS } from "../../../scripts/lib/site-server";

describe("each route's shares", () => {
  it.each(Object.entries({ ...FUNCTION_LIMITS, default: DEFAULT_LIMITS }))(
    "%s: a network at most an eighth, a client at most its network",
    (_, limits) => {
      expect(limits.perNetwork).toBeDefined();
      expect(limits.perNetwork! * 8).toBeLessThanOrEqual(limits.concurrent);
      expect(limits.perClient!).toBeLessThanOrEqual(limits.perNetwork!);
      expect(limits.deadlineMs ?? TIMEOUTS.requestMs).toBeLessThanOrEqual(TIMEOUTS.requestMs);
    },
  );

  it("the upload route leaves 8 slots when the attackers of the load test (4 networks) hold theirs", () => {
    const upload = FUNCTION_LIMITS["hubspot/uploadFile"];
    expect(upload.concurrent - 4 * upload.perNetwork!).toBe(8);
  });

  it("the pace asks 500 KB per 20 s after 10 s", () => {
    expect((BODY_PACE.bytesPerSecond * BODY_PACE.windowMs) / 1000).toBe(500 * 1024);
    expect(BODY_PACE.graceMs).toBe(10_000);
  });
});
