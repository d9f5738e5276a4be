/**
 * The local server's own answers (docs/local-server.md): the build's header table as Netlify applies it, a short
 * answer (JSON under /api/, text or a lead form's page elsewhere) and one written without reading the request's body.
 */
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isFormPost } from "../../src/server/http";
import { returnPath } from "../../src/server/native-form/parse";
import { ANSWER_PAGE_HEADERS, renderMessage } from "../../src/server/native-form/view";
import { CACHE_REVALIDATE, netlifyPathPattern, type HeaderRule } from "../../src/node/hosting/security-headers";
import { hasBody, isApi, rawPathOf } from "./site-paths";

/** How long a connection whose request body is left unread stays open after its answer (see answerUnread). */
const LINGER_MS = 1000;

/**
 * The header table as Netlify applies `_headers`: every rule whose path matches (Netlify's own path matching,
 * `netlifyPathPattern`: exact paths, `:name` segments, `*`), in order, a later rule's header replacing an
 * earlier one's of the same name.
 */
export function headerMatcher(rules: readonly HeaderRule[]): (pathname: string) => Record<string, string> {
  const compiled = rules.map((rule) => ({ pattern: netlifyPathPattern(rule.source), headers: rule.headers }));
  return (pathname) => {
    const headers: Record<string, string> = {};
    for (const rule of compiled) {
      if (!rule.pattern.test(pathname)) continue;
      for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
    }
    return headers;
  };
}

/** An HTTP/1.1 answer as bytes, for a socket the server writes to itself; the connection closes after it. */
export const rawAnswer = (status: number, headers: Record<string, string>, body: string) =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
  Object.entries({ ...headers, "content-length": String(Buffer.byteLength(body)), connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("") +
  `\r\n${body}`;

/** The server's answers over its header table; `answeredUnread` holds the requests answered without their body read. */
export function serverAnswers(tableFor: (pathname: string) => Record<string, string>) {
  /** Requests answered by answerUnread (their Node response never finishes). */
  const answeredUnread = new WeakSet<IncomingMessage>();

  /**
   * Answers a request whose body will not be read, without reading it. Node would otherwise read the body
   * to the end to reuse the connection (without limit), or, told `Connection: close`, reset the connection
   * with the body unread, and a client still sending can lose the answer with it. Instead the socket stops
   * reading (the client's sends stall once the buffers fill), the answer is written and the write side
   * closed, and the connection is cut LINGER_MS later.
   */
  const answerUnread = (request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string>, body: string) => {
    reply.hijack();
    answeredUnread.add(request.raw);
    const socket = request.raw.socket;
    socket.pause();
    socket.end(rawAnswer(status, headers, request.raw.method === "HEAD" ? "" : body));
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };

  /**
   * A short answer from the server itself: JSON under /api/, text elsewhere with the table's headers. A lead
   * form posted without JavaScript gets the page its function answers a refusal with (src/server/native-form).
   */
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, message: string, extra: Record<string, string> = {}) => {
    const pathname = rawPathOf(request.raw.url ?? "/");
    const api = isApi(pathname);
    if (api && request.raw.method === "POST" && isFormPost(request.raw)) {
      const backTo = returnPath([request.raw.headers.referer], request.raw);
      const page = renderMessage({ heading: "Sorry, your details were not sent", message, backTo, alert: true });
      const pageHeaders = Object.fromEntries(Object.entries(ANSWER_PAGE_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
      return answerWith(request, reply, status, { ...pageHeaders, ...extra }, page);
    }
    const body = api ? JSON.stringify({ success: false, message }) : message;
    const headers: Record<string, string> = {
      ...(api ? {} : tableFor(pathname)),
      "cache-control": api ? "no-store" : CACHE_REVALIDATE,
      "content-type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      ...extra,
    };
    return answerWith(request, reply, status, headers, body);
  };
  const answerWith = (request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string>, body: string) => {
    if (hasBody(request.raw) && !request.raw.complete) return answerUnread(request, reply, status, headers, body);
    return reply.code(status).headers(headers).send(body);
  };
  return { answer, answeredUnread };
}

export type ServerAnswer = ReturnType<typeof serverAnswers>["answer"];
