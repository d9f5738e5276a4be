// A hosted consent manager's script, async so it never blocks the render (docs/consent-managers.md).
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
