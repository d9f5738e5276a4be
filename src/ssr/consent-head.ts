/**
 * A hosted consent manager's script in the page's head (docs/consent-managers.md), only when
 * GATSBY_CONSENT_PROVIDER is set: async at high priority, so it never blocks the render, with the attributes
 * its manual mode needs (src/consent/providers).
 */
import { createElement, type ReactElement } from "react";
import type { ConsentSettings } from "../config/consent";
import { scriptAttributesFor } from "../consent/providers";

export function consentHead(settings: ConsentSettings): ReactElement[] {
  const provider = settings.provider;
  if (!provider) return [];
  return [
    createElement("script", {
      key: "consent-manager",
      src: provider.scriptUrl,
      async: true,
      fetchpriority: "high",
      ...scriptAttributesFor(provider.name, settings),
    }),
  ];
}
