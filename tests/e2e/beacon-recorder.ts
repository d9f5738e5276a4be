import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test as base } from "./fixtures";
import { STUB_BEACON_PATH } from "../../src/browser/analytics-beacon";

/**
 * A pass-through to the site that records the beacons posted to one path. A beacon sent while a page is
 * being left goes out from the browser after the document is gone: Playwright's request events and routes
 * (and the page's CDP session) never see it, so the tests watch for it where it arrives, as a collector would.
 * Everything else is forwarded to `target` unchanged; the page's origin is this server's (localhost, so the
 * analytics stay in stub mode and the stub beacon comes here).
 */
export interface RecordedBeacon {
  contentType: string | undefined;
  body: string;
}

export interface BeaconRecorder {
  baseURL: string;
  beacons: RecordedBeacon[];
  close(): Promise<void>;
}

/** `port` 0 (the default): any free port, so workers running the same spec at once never share one. */
export async function startBeaconRecorder(target: string, beaconPath: string, port = 0): Promise<BeaconRecorder> {
  const upstream = new URL(target);
  const beacons: RecordedBeacon[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url?.split("?")[0] === beaconPath) {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        beacons.push({ contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
      return;
    }
    const forwarded = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "localhost", resolve));
  return {
    baseURL: `http://localhost:${(server.address() as AddressInfo).port}`,
    beacons,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The site's own port (playwright.config.ts). */
const SITE_PORT = Number(process.env.E2E_PORT ?? 9123);

/**
 * The e2e fixtures with every page opened through a beacon recorder of the stub beacon path: the page's origin
 * (`baseURL`) is the recorder's, which forwards everything else to the site. `recorder` starts each test empty.
 */
export const test = base.extend<{ recorder: BeaconRecorder }, { recorderServer: BeaconRecorder }>({
  // the third-party guard (fixtures.ts) lets through the page's own origin: the recorder's
  baseURL: async ({ recorderServer }, provide) => provide(recorderServer.baseURL),
  recorderServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // a free port of its own: two workers may run the same spec at once (--repeat-each, test:e2e:stress)
      const recorder = await startBeaconRecorder(`http://localhost:${SITE_PORT}`, STUB_BEACON_PATH);
      await provide(recorder);
      await recorder.close();
    },
    { scope: "worker" },
  ],
  recorder: async ({ recorderServer }, provide) => {
    recorderServer.beacons.length = 0;
    await provide(recorderServer);
  },
});

/** An event of the one beacon wire format (src/browser/analytics-beacon.ts). */
export interface RecordedEvent {
  event: string;
  properties: Record<string, unknown> & { $current_url: string };
}

/** The events named `name` among the recorded beacons, each beacon a form body as the site sends it. */
export const recordedEvents = (recorder: BeaconRecorder, name: string): RecordedEvent[] =>
  recorder.beacons.flatMap(({ contentType, body }) => {
    expect(contentType).toMatch(/^application\/x-www-form-urlencoded/);
    return (JSON.parse(new URLSearchParams(body).get("data") ?? "[]") as RecordedEvent[]).filter((e) => e.event === name);
  });
