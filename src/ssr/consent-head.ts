// A hosted consent manager's script (docs/consent-managers.md), in a <template> the bootstrap inserts it from:
// under the strict policy only a script a hashed script inserts may load (docs/security.md#the-policy).
import { createElement, type ReactElement } from "react";
import type { ConsentSettings } from "../config/consent";
import { scriptAttributesFor } from "../consent/providers";
import { CONSENT_MANAGER_ID } from "../browser/inline/contract";

/** The template, to go before the bootstrap in the head (it is read as the bootstrap runs). */
export function consentHead(settings: ConsentSettings): ReactElement[] {
  const provider = settings.provider;
  if (!provider) return [];
  const script = createElement("script", {
    src: provider.scriptUrl,
    async: true,
    fetchpriority: "high",
    ...scriptAttributesFor(provider.name, settings),
  });
  return [createElement("template", { key: "consent-manager", id: CONSENT_MANAGER_ID }, script)];
}
