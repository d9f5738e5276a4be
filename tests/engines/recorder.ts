import { createHash } from "node:crypto";

/**
 * The fence (Front.setFenced): a second policy; a browser enforces both, so any script, image, frame or call
 * off the origin is refused before it is requested. Its own inline scripts pass ('unsafe-inline' here, the
 * site's hashes in the site's policy). The recorder tells its violations apart by this exact text.
 */
export const FENCE_POLICY =
  "script-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-src 'none'; form-action 'self'";

/**
 * What a page reports to the suite, in every engine alike: uncaught errors, unhandled rejections and CSP
 * violations seen in the page (classic WebDriver has no console channel), sent to the front server
 * (tests/engines/front.ts) with sendBeacon so a report survives the page that sent it. console.error lines
 * are sent too, shown in the output, not counted as failures (a failed vendor load logs one in some engines).
 */
export const RECORDER_SOURCE = `(function () {
  var send = function (kind, text) {
    try {
      navigator.sendBeacon("/__engines/report", JSON.stringify({ kind: kind, page: location.pathname + location.search, text: String(text).slice(0, 400) }));
    } catch (e) {}
  };
  addEventListener("error", function (e) {
    if (e instanceof ErrorEvent) send("error", e.message + " at " + e.filename + ":" + e.lineno);
  });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    send("error", "unhandled rejection: " + (r && r.message ? r.message : r));
  });
  document.addEventListener("securitypolicyviolation", function (e) {
    send(e.originalPolicy === ${JSON.stringify(FENCE_POLICY)} ? "fenced" : "csp", e.effectiveDirective + " blocked " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber + " (" + e.disposition + ")");
  });
  var consoleError = console.error;
  console.error = function () {
    send("console", Array.prototype.map.call(arguments, String).join(" "));
    return consoleError.apply(console, arguments);
  };
})();`;

/**
 * The self-check's additions to one page (tests/engines/run.ts): an inline script the policy does not allow
 * (a CSP violation) and a script it allows that throws. Both must be seen as failures in every engine.
 */
export const SELF_CHECK_UNHASHED = `window.__enginesUnhashedRan = true;`;
export const SELF_CHECK_THROW = `setTimeout(function () { throw new Error("engines self-check: a deliberate error"); }, 0);`;

/** A CSP source expression for an inline script's text. */
export const cspHash = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
