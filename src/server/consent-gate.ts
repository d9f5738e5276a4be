/**
 * Consent on the server (docs/product-rules.md#consent): a lead carries HubSpot's visitor token (`hutk`) and
 * the visitor's IP address only with `marketing` granted, decided from the request exactly as the browser
 * decides (the `nd_consent` cookie, the policy, and Global Privacy Control's `Sec-GPC: 1` header).
 */
import { CONSENT_COOKIE, decide, parseRecord } from "../lib/consent-model";
import { readConsentSettings } from "../config/consent";
import { requestCookie } from "./native-form/parse";

type RequestLike = Parameters<typeof requestCookie>[0];

/** Whether the request's visitor granted `marketing` (https://privacycg.github.io/gpc-spec/#the-sec-gpc-header-field-for-http-requests). */
export function marketingGranted(req: RequestLike, now = Date.now(), policy = readConsentSettings().policy): boolean {
  const gpc = req.headers["sec-gpc"] === "1";
  return decide(parseRecord(requestCookie(req, CONSENT_COOKIE)), { policy, gpc, now }).granted.marketing;
}
