/**
 * What the local server checks of each request before its route runs (docs/local-server.md "Limits"): the body a
 * route takes, the client's allowance and slots, the body's and reader's pace, the request's deadline, idle time.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { BodyPace, clientLimiter } from "./client-limits";
import { DEFAULT_LIMITS, type FunctionLimits } from "./function-limits";
import type { LoadedFunction } from "./gatsby-functions";
import { watchPace } from "./request-pace";
import type { ServerAnswer } from "./site-answers";
import { hasBody, isApi, rawPathOf } from "./site-paths";

export interface RequestLimits {
  timeouts: { idleMs: number; requestMs: number };
  functionLimits: Record<string, FunctionLimits>;
  bodyPace: BodyPace;
  clients: ReturnType<typeof clientLimiter>;
  answer: ServerAnswer;
  answeredUnread: WeakSet<IncomingMessage>;
  /** True once close() began: answers then close their connection. */
  closing: () => boolean;
  log: (line: string) => void;
}

export function addRequestLimits(
  app: FastifyInstance,
  { timeouts, functionLimits, bodyPace, clients, answer, answeredUnread, closing, log }: RequestLimits,
) {
  /**
   * Closes the connection once nothing has moved on it for idleMs while the request is open: no byte read,
   * no write completed. A function's answer is written in pieces (asFunctionArgs), so a client that reads
   * slowly moves it on, and one that reads nothing does not.
   */
  const watchIdle = (raw: IncomingMessage, response: ServerResponse) => {
    const socket = raw.socket;
    const moved = () => socket.bytesRead + socket.bytesWritten - socket.writableLength;
    let seen = moved();
    let since = Date.now();
    const timer = setInterval(
      () => {
        const now = moved();
        if (now !== seen) [seen, since] = [now, Date.now()];
        else if (Date.now() - since >= timeouts.idleMs) socket.destroy();
      },
      Math.min(1000, timeouts.idleMs / 4),
    ).unref();
    response.once("close", () => clearInterval(timer));
  };

  app.addHook("onRequest", async (request, reply) => {
    const { raw } = request;
    const pathname = rawPathOf(raw.url ?? "/");
    const label = `${raw.method} ${JSON.stringify(pathname.slice(0, 200))}`;
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished && !answeredUnread.has(raw))
        log(`[serve] ${label}: connection closed before the answer was complete`);
    });
    watchIdle(raw, reply.raw);
    if (closing()) reply.raw.setHeader("Connection", "close");
    // An answer that was in flight when closing began leaves its connection idle, and idle connections are kept
    // TIMEOUTS.keepAliveMs: close it as soon as the answer is out, so close() is not held until then.
    reply.raw.once("finish", () => {
      if (closing()) setImmediate(() => app.server.closeIdleConnections());
    });

    const fn = (request.routeOptions.config as { fn?: LoadedFunction }).fn;
    const limits = fn ? (functionLimits[fn.route] ?? DEFAULT_LIMITS) : undefined;
    const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
      answer(request, reply, status, message, headers);
      return reply;
    };

    if (!fn && isApi(pathname)) return refuse(404, "Not found");
    if (!fn && raw.method !== "GET" && raw.method !== "HEAD") return refuse(405, "Method not allowed", { allow: "GET, HEAD" });
    if (hasBody(raw)) {
      const limit = raw.method === "POST" ? (limits?.bodyLimit ?? 0) : 0;
      if (limit === 0) return refuse(413, "This address takes no request body");
      if (
        String(raw.headers["content-type"] ?? "")
          .trim()
          .toLowerCase()
          .startsWith("multipart/")
      ) {
        return refuse(415, "Multipart bodies are not accepted: send application/json");
      }
      if (Number(raw.headers["content-length"] ?? 0) > limit) return refuse(413, `Request body is larger than ${limit} bytes`);
    }
    let release: (() => void) | undefined;
    if (fn && limits) {
      // the client's allowance and slots, from its address alone: nothing of a body is read before this
      const admitted = await clients.admit(raw, fn.route, limits);
      if (typeof admitted !== "function") return refuse(admitted.status, admitted.message, { "retry-after": String(admitted.retryAfter) });
      reply.raw.once("close", admitted);
      release = admitted;
    }
    if (fn && limits) {
      // a body or reader behind BODY_PACE, or a request past its deadline, is cut (docs/local-server.md "Limits")
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      watchPace(
        raw,
        reply.raw,
        { pace: bodyPace, deadlineMs: limits.deadlineMs ?? timeouts.requestMs, hasBody: hasBody(raw) },
        {
          slowBody(received, elapsed) {
            log(`[serve] ${label}: request body too slow (${received} bytes in ${seconds(elapsed)}), cut with 408`);
            answer(request, reply, 408, "The request body arrived too slowly: send it again", { "retry-after": "5" });
            release?.(); // the body will not be read: the slot is free now, not a linger later
          },
          slowReader(taken, elapsed) {
            log(`[serve] ${label}: answer taken too slowly (${taken} bytes in ${seconds(elapsed)}), connection dropped`);
            raw.socket.destroy();
          },
          deadline(body) {
            log(
              `[serve] ${label}: past its ${seconds(limits.deadlineMs ?? timeouts.requestMs)} deadline, ${body ? "cut with 408" : "dropped"}`,
            );
            if (body) answer(request, reply, 408, "The request took too long: send it again", { "retry-after": "5" });
            else raw.socket.destroy();
            release?.();
          },
        },
      );
    }
    if (raw.headers.expect?.toLowerCase() === "100-continue" && hasBody(raw)) reply.raw.writeContinue();
  });
}
