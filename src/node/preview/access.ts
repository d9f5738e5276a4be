/**
 * The preview server's door (docs/content.md#access): Contentful's web app frames the preview cross-site, where
 * the site's SameSite=Strict cookies never arrive. Its preview URL template carries `?preview_secret=`; a
 * request with the right secret gets a partitioned cookie (CHIPS: kept for the web app's frame only) and is
 * redirected without the secret; every other request needs that cookie, or is refused with 401.
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseCookie, stringifySetCookie } from "cookie";
import type { LivePreviewConfig } from "../../config/live-preview";
import { previewHeaders } from "./headers";
import { liveEdit } from "./live-edit";
import { LIVE_EDIT_ENDPOINT } from "../../lib/live-preview";

export const PREVIEW_COOKIE = "nd_preview";
export const SECRET_PARAM = "preview_secret";
/** Contentful's webhook brings its own token (GATSBY_REFRESH_TOKEN, checked by Gatsby). */
const OWN_AUTH = ["/__refresh"];
/** A working day: the web app reloads the preview with the secret whenever the editor opens an entry. */
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
const sameSecret = (given: string, secret: string) => crypto.timingSafeEqual(digest(given), digest(secret));
/** The cookie holds a value derived from the secret, never the secret itself. */
export const previewCookieValue = (secret: string) => crypto.createHmac("sha256", secret).update(PREVIEW_COOKIE).digest("base64url");

export type Next = (error?: unknown) => void;

const REFUSED_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Preview: access refused</title>
<main><h1>This preview needs its access link</h1><p>Open it from Contentful (the entry's "Open preview"), whose
preview URL carries the secret. See docs/content.md#live-preview in the site's repository.</p></main></html>`;

/** The middleware gatsby-config's developMiddleware installs before Gatsby's own routes (installFirst). */
export function previewAccess(config: LivePreviewConfig, root = process.cwd()) {
  const headers = previewHeaders(config.appOrigins);
  const edit = liveEdit(root);
  const expected = previewCookieValue(config.secret);
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    for (const { key, value } of headers) res.setHeader(key, value);
    const url = new URL(req.url ?? "/", "http://preview.invalid");
    if (OWN_AUTH.includes(url.pathname)) return next();
    const given = url.searchParams.get(SECRET_PARAM);
    if (given !== null && sameSecret(given, config.secret)) {
      url.searchParams.delete(SECRET_PARAM);
      res.setHeader("Set-Cookie", stringifySetCookie(previewCookie(expected)));
      res.statusCode = 303;
      res.setHeader("Location", url.pathname + url.search + url.hash);
      res.setHeader("Cache-Control", "no-store");
      return void res.end();
    }
    const cookie = parseCookie(req.headers.cookie ?? "")[PREVIEW_COOKIE];
    if (given === null && cookie !== undefined && sameSecret(cookie, expected))
      return url.pathname === LIVE_EDIT_ENDPOINT ? void edit(req, res).catch(next) : next();
    res.statusCode = 401;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(REFUSED_PAGE);
  };
}

/**
 * Secure and SameSite=None so the cross-site frame sends it back; Partitioned so browsers that block
 * third-party cookies keep it (for the web app's frame only). Browsers treat http://localhost as secure.
 */
export const previewCookie = (value: string) => ({
  name: PREVIEW_COOKIE,
  value,
  path: "/",
  httpOnly: true,
  secure: true,
  sameSite: "none" as const,
  partitioned: true,
  maxAge: COOKIE_MAX_AGE_S,
});

interface ExpressApp {
  use(handler: unknown): void;
  _router?: { stack?: { name?: string }[] };
}

/**
 * developMiddleware runs after Gatsby's GraphQL, bundle and page-data routes: the door is moved in front of them
 * (after Express's own query and init layers). Express's router stack is private; if it changes, this throws and
 * the develop e2e (401 for page data and GraphiQL) fails.
 */
export function installFirst(app: ExpressApp, handler: unknown): void {
  app.use(handler);
  const stack = app._router?.stack;
  if (!Array.isArray(stack)) throw new Error("Live preview: Express's router stack moved; the preview secret cannot guard Gatsby's routes");
  const layer = stack.pop()!;
  const first = stack.findIndex((l) => l.name !== "query" && l.name !== "expressInit");
  stack.splice(first === -1 ? stack.length : first, 0, layer);
}
