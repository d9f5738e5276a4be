// A lead carries `hutk` and the IP address only with `marketing` granted, decided from the request as the
// browser decides (docs/product-rules.md#consent).
import { CONSENT_COOKIE, decide, parseRecord } from "../lib/consent-model";
import { readConsentSettings } from "../config/consent";
import { requestCookie } from "./native-form/parse";

type RequestLike = Parameters<typeof requestCookie>[0];

/** Whether the request's visitor granted `marketing` (https://privacycg.github.io/gpc-spec/#the-sec-gpc-header-field-for-http-requests). */
export function marketingGranted(req: RequestLike, now = Date.now(), policy = readConsentSettings().policy): boolean {
  const gpc = req.headers["sec-gpc"] === "1";
  return decide(parseRecord(requestCookie(req, CONSENT_COOKIE)), { policy, gpc, now }).granted.marketing;
}
