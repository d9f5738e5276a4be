/**
 * Minimal HTTP plumbing for the lead functions: our own body reading (Gatsby's parsers are switched
 * off so size and syntax errors come back as our JSON, never an HTML stack trace).
 */
import type { IncomingMessage } from "node:http";

export interface JsonResponse {
  status(code: number): JsonResponse;
  json(body: unknown): void;
  setHeader(name: string, value: string | number): void;
}

export type Request = Pick<IncomingMessage, "method" | "headers"> &
  AsyncIterable<Buffer | string> & {
    body?: unknown;
    query?: Record<string, unknown>;
    url?: string;
    socket?: { remoteAddress?: string };
  };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendError(res: JsonResponse, status: number, message: string) {
  res.setHeader("Cache-Control", "no-store");
  res.status(status).json({ success: false, message });
}

export function sendOk(res: JsonResponse, body: Record<string, unknown>) {
  res.setHeader("Cache-Control", "no-store");
  res.status(200).json({ success: true, ...body });
}

/** Gatsby Function config: no body parser runs (an impossible content type), so readJson sees the raw stream. */
export const RAW_BODY_CONFIG = {
  bodyParser: {
    json: { type: "application/x-northdesk-unparsed" },
    text: { type: "application/x-northdesk-unparsed" },
    raw: { type: "application/x-northdesk-unparsed" },
    urlencoded: { type: "application/x-northdesk-unparsed", extended: false },
  },
};

/** Reads and parses a JSON body of at most `limit` bytes; 405/415/413/400 as HttpError. */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  if (req.method !== "POST") throw new HttpError(405, "Method not allowed: use POST");
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("application/json")) throw new HttpError(415, "Send the body as application/json");
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
  // A body a framework already parsed (tests, other hosts) is measured as JSON.
  if (req.body !== undefined && req.body !== null && !(typeof req.body === "object" && Object.keys(req.body as object).length === 0)) {
    const text = typeof req.body === "string" ? req.body : Buffer.isBuffer(req.body) ? req.body.toString("utf8") : JSON.stringify(req.body);
    if (Buffer.byteLength(text) > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
    return parse(text);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return parse(Buffer.concat(chunks).toString("utf8"));
}

function parse(text: string): unknown {
  if (text.trim() === "") throw new HttpError(400, "Request body is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Request body is not valid JSON");
  }
}

/** Runs a handler body; HttpError becomes its status, anything else a logged 500 without details. */
export async function guard(res: JsonResponse, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      return sendError(res, error.status, error.message);
    }
    console.error("[lead-form] unexpected error", error);
    sendError(res, 500, "Something went wrong on our side. Please try again.");
  }
}
