/**
 * A local HubSpot forms-submission emulator: POST /submissions/v3/integration/secure/submit/{portal}/{guid}
 * records each submission (with its bearer token) and answers like HubSpot. It can be told to fail:
 * `mode = "error"` answers 503, `mode = "timeout"` never answers. Run standalone:
 * `tsx tests/emulators/hubspot.ts [port]`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedSubmission {
  portalId: string;
  formGuid: string;
  authorization?: string;
  body: any;
}

export interface HubSpotEmulator {
  url: string;
  submissions: RecordedSubmission[];
  mode: "ok" | "error" | "timeout";
  close(): Promise<void>;
}

export async function startHubSpotEmulator(port = 0): Promise<HubSpotEmulator> {
  const emulator: HubSpotEmulator = { url: "", submissions: [], mode: "ok", close: async () => {} };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    const match = /^\/submissions\/v3\/integration\/secure\/submit\/([^/]+)\/([^/?]+)/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "error", message: "Not found" }));
      return;
    }
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (emulator.mode === "timeout") {
      hanging.add(res);
      return;
    }
    if (emulator.mode === "error") {
      res.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "error", message: "Service unavailable" }));
      return;
    }
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      res
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ status: "error", message: "Authentication required" }));
      return;
    }
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "error", message: "Invalid JSON" }));
      return;
    }
    if (!Array.isArray(body.fields)) {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "error", message: "fields required" }));
      return;
    }
    emulator.submissions.push({
      portalId: match[1],
      formGuid: decodeURIComponent(match[2]),
      authorization: req.headers.authorization,
      body,
    });
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ inlineMessage: "Thanks for submitting the form." }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  emulator.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  emulator.close = () =>
    new Promise((resolve) => {
      hanging.forEach((r) => r.destroy());
      server.close(() => resolve());
      server.closeAllConnections?.();
    });
  return emulator;
}

if (process.argv[1] && /hubspot\.ts$/.test(process.argv[1])) {
  void startHubSpotEmulator(Number(process.argv[2] ?? 9455)).then((e) => console.log(`HubSpot emulator on ${e.url}`));
}
