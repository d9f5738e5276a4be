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

/** The request's media type, lower case, without parameters (`application/json; charset=utf-8` → `application/json`). */
export function mediaType(req: Pick<Request, "headers">): string {
  return String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
}

/** The charset parameter of the request's Content-Type, lower case and unquoted; undefined when none is given. */
export function requestCharset(req: Pick<Request, "headers">): string | undefined {
  for (const parameter of String(req.headers["content-type"] ?? "")
    .split(";")
    .slice(1)) {
    const eq = parameter.indexOf("=");
    if (eq === -1 || parameter.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    return parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
  }
  return undefined;
}

/** Bodies are read as UTF-8 only: no charset (UTF-8 is the default of JSON and of our pages' forms) or utf-8 itself. */
export const isUtf8Body = (req: Pick<Request, "headers">) => {
  const charset = requestCharset(req);
  return charset === undefined || charset === "utf-8" || charset === "utf8";
};

/** 415 for a body declared in another charset (it would be read as UTF-8 and its text garbled). */
export function assertUtf8Body(req: Pick<Request, "headers">) {
  if (!isUtf8Body(req)) throw new HttpError(415, "Send the body as UTF-8 (charset=utf-8)");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as UTF-8 text; 400 when they are not UTF-8 (text in another charset sent without saying so). */
function decodeUtf8(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new HttpError(400, "Request body is not valid UTF-8");
  }
}

/** What a browser's own form submission sends (no files: the forms never post multipart, docs/product-rules.md#lead-form-calls uploads are JSON). */
export const FORM_ENCODED = "application/x-www-form-urlencoded";

/** Whether this is a browser's native form post (JavaScript off, or the form's script not running yet). */
export const isFormPost = (req: Pick<Request, "headers">) => mediaType(req) === FORM_ENCODED;

/** The raw body of a POST of media type `type`, at most `limit` bytes: 405/415/413 as HttpError. */
async function readBody(req: Request, limit: number, type: string, refusal: string): Promise<string | object> {
  if (req.method !== "POST") throw new HttpError(405, "Method not allowed: use POST");
  if (mediaType(req) !== type) throw new HttpError(415, refusal);
  assertUtf8Body(req);
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
  // a Buffer is never asked for its keys: Object.keys of a 13 MB upload is 13 million strings (400 MB)
  const given = req.body;
  const isEmptyObject = typeof given === "object" && given !== null && !Buffer.isBuffer(given) && Object.keys(given).length === 0;
  if (given !== undefined && given !== null && !isEmptyObject) {
    const parsed = typeof req.body === "object" && !Buffer.isBuffer(req.body);
    // a Buffer (the local server hands the body whole) is decoded strictly: never U+FFFD in place of a letter
    const text = typeof req.body === "string" ? req.body : Buffer.isBuffer(req.body) ? decodeUtf8(req.body) : JSON.stringify(req.body);
    if (Buffer.byteLength(text) > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
    return parsed ? (req.body as object) : text;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return decodeUtf8(Buffer.concat(chunks));
}

/** Reads and parses a JSON body of at most `limit` bytes; 405/415/413/400 as HttpError. */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  const body = await readBody(req, limit, "application/json", "Send the body as application/json");
  return typeof body === "string" ? parse(body) : body;
}

/** Reads a form-encoded body of at most `limit` bytes into name → value; 405/415/413/400 as HttpError. */
export async function readFormEncoded(req: Request, limit: number): Promise<Record<string, string>> {
  const body = await readBody(req, limit, FORM_ENCODED, `Send the body as ${FORM_ENCODED}`);
  if (typeof body !== "string") {
    const values = Object.entries(body as Record<string, unknown>);
    if (values.some(([, value]) => typeof value !== "string")) throw new HttpError(400, "Every form value must be text");
    return Object.fromEntries(values) as Record<string, string>;
  }
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of formPairs(body)) {
    if (Object.hasOwn(fields, name)) throw new HttpError(400, `Field ${name.slice(0, 80)} was sent more than once`);
    fields[name] = value;
  }
  return { ...fields };
}

/**
 * One name or value of a form-encoded body, decoded as URLSearchParams does ("+" is a space, "%XX" a byte, a "%"
 * that starts no escape is text), except that the bytes must be UTF-8: a page in another charset escapes its own
 * bytes (é as %E9), which would otherwise be read as U+FFFD.
 */
function decodeFormComponent(text: string): string {
  const parts: Buffer[] = [];
  for (const match of text.replace(/\+/g, " ").matchAll(/%([0-9a-f]{2})|[^%]+|%/gi)) {
    parts.push(match[1] ? Buffer.of(parseInt(match[1], 16)) : Buffer.from(match[0], "utf8"));
  }
  try {
    return utf8.decode(Buffer.concat(parts));
  } catch {
    throw new HttpError(400, "Form data is not valid UTF-8");
  }
}

/** The name/value pairs of a form-encoded body, in order. */
function formPairs(body: string): [string, string][] {
  return body
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq === -1
        ? [decodeFormComponent(pair), ""]
        : [decodeFormComponent(pair.slice(0, eq)), decodeFormComponent(pair.slice(eq + 1))];
    });
}

function parse(text: string): unknown {
  if (text.trim() === "") throw new HttpError(400, "Request body is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Request body is not valid JSON");
  }
}

/** One log line for an error a request failed with. */
export function logUnexpected(error: unknown, log: (...args: unknown[]) => void = console.error) {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== "string" || !code) return log("[lead-form] unexpected error", error);
  const causes = [error, ...((error as { errors?: unknown[] }).errors ?? [])]
    .map((e) => (e instanceof Error ? e.message : String(e)))
    .filter(Boolean);
  log(
    `[lead-form] request failed: ${code}${causes.length ? ` (${[...new Set(causes)].join("; ").replace(/\s+/g, " ").slice(0, 300)})` : ""}`,
  );
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
    logUnexpected(error);
    sendError(res, 500, "Something went wrong on our side. Please try again.");
  }
}
