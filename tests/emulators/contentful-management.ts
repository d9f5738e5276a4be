/**
 * A local stand-in for the part of Contentful's Content Management API (CMA) that
 * `npm run contentful:webhook` (scripts/contentful/webhook.ts) calls: a space's webhook definitions, kept
 * in memory. Routes, as contentful-management's plain client sends them
 * (node_modules/contentful-management/dist/es-modules/adapters/REST/endpoints/webhook.js):
 *
 *   GET  /spaces/{space}/webhook_definitions?skip=&limit=   the webhooks (a CMA Array, paged)
 *   GET  /spaces/{space}/webhook_definitions/{id}           one webhook
 *   POST /spaces/{space}/webhook_definitions                creates one (201)
 *   PUT  /spaces/{space}/webhook_definitions/{id}           updates one: X-Contentful-Version must be its
 *                                                           current sys.version (409 VersionMismatch otherwise);
 *                                                           creates it with that id if absent and no version is sent
 *
 * Like the CMA: every route needs `Authorization: Bearer <managementToken>` (401 AccessTokenInvalid), another
 * space is 404 NotFound, a definition without name, url or topics is 422 ValidationFailed. sys.version starts
 * at 1 and grows by one on every update. Plain HTTP on 127.0.0.1 with an ephemeral port: point the client at
 * `host` (CONTENTFUL_MANAGEMENT_HOST), which the script treats as insecure because it is a loopback host.
 *
 * Tests read `webhooks` (the stored state) and `requests` (every request: method, path, the headers that
 * matter, the JSON body), and can simulate someone else editing a webhook between the script's read and its
 * write with `afterList`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StoredWebhook {
  sys: {
    type: "WebhookDefinition";
    id: string;
    version: number;
    space: { sys: { type: "Link"; linkType: "Space"; id: string } };
    createdAt: string;
    updatedAt: string;
  };
  name: string;
  url: string;
  topics: string[];
  filters?: unknown[];
  transformation?: Record<string, unknown>;
  headers: unknown[];
  active: boolean;
  [field: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  authorization?: string;
  contentType?: string;
  version?: string;
  body?: unknown;
}

export interface ManagementEmulatorOptions {
  spaceId?: string;
  managementToken?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface ManagementEmulator {
  /** `127.0.0.1:<port>`, for CONTENTFUL_MANAGEMENT_HOST. */
  host: string;
  port: number;
  spaceId: string;
  managementToken: string;
  /** The space's webhook definitions, in creation order. */
  webhooks: StoredWebhook[];
  requests: RecordedRequest[];
  /** Called after a webhook listing has been computed and before it is sent (e.g. to bump a version). */
  afterList?: () => void;
  /** The recorded requests other than GETs (creates and updates). */
  writes(): RecordedRequest[];
  /** Back to an empty space and no recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  // Connection: close, so no socket is reused: the axios inside contentful-management adds an error listener to
  // a kept-alive socket per request (a MaxListenersExceededWarning after ten requests in one test process).
  res.writeHead(status, {
    "Content-Type": "application/vnd.contentful.management.v1+json",
    "Content-Length": Buffer.byteLength(text),
    Connection: "close",
  });
  res.end(text);
};
const sendError = (res: http.ServerResponse, status: number, id: string, message: string, details?: unknown) =>
  sendJson(res, status, { sys: { type: "Error", id }, message, ...(details ? { details } : {}), requestId: `stand-in-${Date.now()}` });

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });

/** The writable fields of a webhook definition (anything else in a request body, such as sys, is ignored). */
const FIELDS = ["name", "url", "topics", "filters", "transformation", "headers", "active", "httpBasicUsername", "httpBasicPassword"];

function validate(body: unknown): string[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) return ["body: must be a JSON object"];
  const b = body as Record<string, unknown>;
  const errors: string[] = [];
  if (typeof b.name !== "string" || !b.name) errors.push("name: required");
  if (typeof b.url !== "string" || !/^https?:\/\//.test(b.url)) errors.push("url: must be an http(s) URL");
  if (!Array.isArray(b.topics) || b.topics.length === 0 || !b.topics.every((t) => typeof t === "string" && /^[\w*]+\.[\w*]+$/.test(t)))
    errors.push("topics: a non-empty list of Type.action");
  if (b.filters !== undefined && b.filters !== null && !Array.isArray(b.filters)) errors.push("filters: must be a list");
  return errors;
}

export async function startManagementEmulator(options: ManagementEmulatorOptions = {}): Promise<ManagementEmulator> {
  const spaceId = options.spaceId ?? "stand-in-space";
  const managementToken = options.managementToken ?? "stand-in-management-token";
  let nextId = 1;
  const emulator: ManagementEmulator = {
    host: "",
    port: 0,
    spaceId,
    managementToken,
    webhooks: [],
    requests: [],
    writes: () => emulator.requests.filter((r) => r.method !== "GET"),
    reset() {
      emulator.webhooks.length = 0;
      emulator.requests.length = 0;
      emulator.afterList = undefined;
      nextId = 1;
    },
    close: async () => {},
  };

  const store = (id: string, body: Record<string, unknown>, previous?: StoredWebhook): StoredWebhook => {
    const now = new Date().toISOString();
    const fields = Object.fromEntries(FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, structuredClone(body[f])]));
    return {
      headers: [],
      active: true,
      ...fields,
      sys: {
        type: "WebhookDefinition",
        id,
        version: previous ? previous.sys.version + 1 : 1,
        space: { sys: { type: "Link", linkType: "Space", id: spaceId } },
        createdAt: previous?.sys.createdAt ?? now,
        updatedAt: now,
      },
    } as unknown as StoredWebhook; // name, url and topics: checked by validate() first
  };

  const server = http.createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return sendError(res, 400, "BadRequest", "The request body is not JSON");
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(",") : value;
    };
    emulator.requests.push({
      method: req.method ?? "GET",
      path: req.url ?? "/",
      authorization: header("authorization"),
      contentType: header("content-type"),
      version: header("x-contentful-version"),
      body,
    });

    if (header("authorization") !== `Bearer ${managementToken}`)
      return sendError(res, 401, "AccessTokenInvalid", "The access token you sent could not be found or is invalid.");
    const url = new URL(req.url ?? "/", "http://stand-in");
    const route = /^\/spaces\/([^/]+)\/webhook_definitions(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!route) return sendError(res, 404, "NotFound", "The resource could not be found.");
    if (decodeURIComponent(route[1]) !== spaceId) return sendError(res, 404, "NotFound", "The resource could not be found.");
    const id = route[2] ? decodeURIComponent(route[2]) : undefined;
    const index = id === undefined ? -1 : emulator.webhooks.findIndex((w) => w.sys.id === id);

    if (req.method === "GET" && id === undefined) {
      const skip = Math.max(0, Number(url.searchParams.get("skip") ?? 0) || 0);
      const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get("limit") ?? 100) || 100));
      const page = {
        sys: { type: "Array" },
        total: emulator.webhooks.length,
        skip,
        limit,
        items: structuredClone(emulator.webhooks.slice(skip, skip + limit)),
      };
      emulator.afterList?.();
      return sendJson(res, 200, page);
    }
    if (req.method === "GET") {
      if (index < 0) return sendError(res, 404, "NotFound", "The resource could not be found.");
      return sendJson(res, 200, emulator.webhooks[index]);
    }
    if (req.method === "POST" && id === undefined) {
      const errors = validate(body);
      if (errors.length) return sendError(res, 422, "ValidationFailed", "Validation error", { errors });
      const created = store(`webhook${nextId++}`, body as Record<string, unknown>);
      emulator.webhooks.push(created);
      return sendJson(res, 201, created);
    }
    if (req.method === "PUT" && id !== undefined) {
      const version = header("x-contentful-version");
      if (index < 0 && version !== undefined) return sendError(res, 404, "NotFound", "The resource could not be found.");
      if (index >= 0 && version !== String(emulator.webhooks[index].sys.version))
        return sendError(res, 409, "VersionMismatch", "The version you sent does not match the current version of the resource.");
      const errors = validate(body);
      if (errors.length) return sendError(res, 422, "ValidationFailed", "Validation error", { errors });
      const saved = store(id, body as Record<string, unknown>, index >= 0 ? emulator.webhooks[index] : undefined);
      if (index >= 0) emulator.webhooks[index] = saved;
      else emulator.webhooks.push(saved);
      return sendJson(res, index >= 0 ? 200 : 201, saved);
    }
    return sendError(res, 405, "MethodNotAllowed", `${req.method} is not supported here`);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  emulator.port = port;
  emulator.host = `127.0.0.1:${port}`;
  emulator.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return emulator;
}

if (process.argv[1] && /contentful-management\.ts$/.test(process.argv[1])) {
  startManagementEmulator({ port: Number(process.argv[2] ?? 9444) }).then((emulator) => {
    console.log(`Contentful Management API stand-in on http://${emulator.host}`);
    console.log(
      `CONTENTFUL_MANAGEMENT_HOST=${emulator.host} CONTENTFUL_SPACE_ID=${emulator.spaceId} CONTENTFUL_MANAGEMENT_TOKEN=${emulator.managementToken}`,
    );
  });
}
