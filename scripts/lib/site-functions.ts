/** The Gatsby Functions as the local server's routes under /api/ (docs/local-server.md): each answers on Node's response itself. */
import type { FastifyInstance } from "fastify";
import { parseCookie } from "cookie";
import { DEFAULT_LIMITS, type FunctionLimits } from "./function-limits";
import { asFunctionArgs, FunctionLoadError, functionParams, routePattern, type LoadedFunction } from "./gatsby-functions";

export function addFunctionRoutes(
  app: FastifyInstance,
  functions: readonly LoadedFunction[],
  functionLimits: Record<string, FunctionLimits>,
  log: (line: string) => void,
) {
  for (const fn of functions) {
    const limits = functionLimits[fn.route] ?? DEFAULT_LIMITS;
    app.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      url: routePattern(fn),
      bodyLimit: limits.bodyLimit || undefined,
      config: { fn },
      handler: async (request, reply) => {
        // the function answers on Node's response itself, with its own headers (no table, no compression)
        reply.hijack();
        const { req, res } = asFunctionArgs(request.raw, reply.raw, {
          query: { ...(request.query as Record<string, unknown>) },
          params: functionParams(fn, request.params as Record<string, string>),
          cookies: parseCookie(request.headers.cookie ?? ""),
          body: request.body,
        });
        try {
          await fn.handler(req, res);
        } catch (error) {
          log(`[serve] /api/${fn.route} failed: ${error instanceof Error ? error.message : String(error)}`);
          // the message only, never the error's own text or stack
          const [status, message] =
            error instanceof FunctionLoadError
              ? [503, "This service is not available on this server right now."]
              : [500, "Something went wrong on our side. Please try again."];
          if (!res.headersSent) {
            res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
            res.end(JSON.stringify({ success: false, message }));
          } else res.destroy();
        }
      },
    });
  }
}
