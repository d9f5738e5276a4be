import http from "node:http";
import type { AddressInfo } from "node:net";

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
