/**
 * A stand-in for Netlify's function runtime, for netlify-functions.spec.ts: loads the adapter's function
 * handlers from a folder that holds only what a deploy ships (copyFunctionBundles) and answers HTTP by
 * invoking them with API-Gateway-style events, as AWS Lambda does. One process is one function instance.
 *
 *   node --import tsx tests/e2e/netlify-host.ts <bundle dir> <port>
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequire } from "node:module";

interface LambdaResponse {
  statusCode: number;
  multiValueHeaders?: Record<string, string[]>;
  body?: string;
  isBase64Encoded?: boolean;
}
type Handler = (event: unknown, context: unknown) => Promise<LambdaResponse>;

export interface ShippedFunction {
  /** The route Gatsby gives it, e.g. /api/hubspot/submitForm. */
  route: string;
  /** The handler, relative to the bundle folder. */
  handler: string;
}

/**
 * Copies what zip-it-and-ship-it would put into each function's archive: the adapter's handler, the
 * files its manifest lists (the compiled function) and the node modules the handler requires by path.
 * Nothing else of the site (no content/, no other .cache/ files) is there.
 */
export function copyFunctionBundles(siteDir: string, outDir: string): ShippedFunction[] {
  const internal = path.join(siteDir, ".netlify", "functions-internal");
  if (!fs.existsSync(internal)) throw new Error(`${internal} is missing: build with NETLIFY=true first`);
  const copy = (rel: string) => {
    const from = path.join(siteDir, rel);
    fs.mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true });
    fs.cpSync(from, path.join(outDir, rel), { recursive: true });
  };
  return fs.readdirSync(internal).map((id) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(internal, id, `${id}.json`), "utf8")) as {
      config: { name: string; includedFiles: string[] };
    };
    const handler = path.posix.join(".netlify", "functions-internal", id, `${id}.js`);
    copy(handler);
    for (const file of manifest.config.includedFiles) copy(file);
    const source = fs.readFileSync(path.join(siteDir, handler), "utf8");
    for (const [, rel] of source.matchAll(/require\("\.\/(?:\.\.\/)+(node_modules\/[^"]+?)\/[^/"]+\.js"\)/g)) copy(rel);
    return { route: manifest.config.name, handler };
  });
}

async function main() {
  const [dir, portArg] = process.argv.slice(2);
  const functions = JSON.parse(fs.readFileSync(path.join(dir, "functions.json"), "utf8")) as ShippedFunction[];
  const load = createRequire(path.join(dir, "index.js"));
  const handlers = new Map(functions.map((f) => [f.route, (load(`./${f.handler}`) as { handler: Handler }).handler]));

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://lambda");
    const handler = handlers.get(url.pathname);
    if (!handler) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const multiValueHeaders: Record<string, string[]> = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      (multiValueHeaders[req.rawHeaders[i].toLowerCase()] ??= []).push(req.rawHeaders[i + 1]);
    }
    const event = {
      path: url.pathname,
      rawUrl: url.toString(),
      httpMethod: req.method,
      headers: Object.fromEntries(Object.entries(multiValueHeaders).map(([k, v]) => [k, v.join(",")])),
      multiValueHeaders,
      queryStringParameters: Object.fromEntries(url.searchParams),
      multiValueQueryStringParameters: {},
      body: body.length ? body.toString("base64") : null,
      isBase64Encoded: true,
    };
    const answer = await handler(event, { functionName: url.pathname });
    const headers: Record<string, string> = {};
    for (const [key, values] of Object.entries(answer.multiValueHeaders ?? {})) headers[key] = values.join(", ");
    res.writeHead(answer.statusCode, headers);
    res.end(answer.body ? Buffer.from(answer.body, answer.isBase64Encoded ? "base64" : "utf8") : undefined);
  });
  server.listen(Number(portArg), "127.0.0.1", () => process.stdout.write(`listening ${portArg}\n`));
}

if (process.argv[1] && /netlify-host\.ts$/.test(process.argv[1])) void main();
