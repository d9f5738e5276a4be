/**
 * The local server's idle keep-alive connections outlive every client's (docs/local-server.md#timeouts).
 * The e2e suite saw `route.fetch: read ECONNRESET`: Playwright's request client is Node's http.Agent with
 * keepAlive and no timeout of its own, which keeps an idle socket for ever (it reads the server's
 * `Keep-Alive: timeout=N` hint only when given a timeout), while the server closed idle sockets after 5 s.
 * A request sent just as the server closes that socket is reset. The server now keeps an idle connection
 * longer than any browser does, so a reused socket is still open.
 */
import http from "node:http";
import { TIMEOUTS } from "../../../scripts/lib/site-server";
import { start } from "../../fixtures/site-fixture";

/** Chromium's limit for an idle socket that has carried a request (net/socket/client_socket_pool.cc). */
const CHROMIUM_USED_IDLE_SOCKET_MS = 300_000;

/** GET through `agent`; resolves with the status and whether the agent reused an idle socket. */
function get(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on("error", reject);
  });
}

describe("idle keep-alive connections", () => {
  it("are kept longer than Chromium keeps a used idle socket, and the hint says so", async () => {
    expect(TIMEOUTS.keepAliveMs).toBeGreaterThan(CHROMIUM_USED_IDLE_SOCKET_MS);
    const { base } = await start();
    const response = await fetch(`${base}/pricing/`);
    expect(response.headers.get("keep-alive")).toBe(`timeout=${TIMEOUTS.keepAliveMs / 1000}`);
  });

  it("a client that reuses its socket after 6 s of quiet (past the old 5 s) is answered on it, not reset", async () => {
    // the agent Playwright's route.fetch uses: keepAlive, no timeout of its own
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { base } = await start();
      expect(await get(agent, `${base}/pricing/`)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get(agent, `${base}/pricing/`)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
