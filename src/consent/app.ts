/**
 * The consent face as the app bundles use it (docs/product-rules.md#consent): the same `window.__ndConsent` the
 * early script installed (installed here when the early script did not load), and a React hook over it.
 */
import { useEffect, useState } from "react";
import { installConsent, type ConsentFace } from "./face";
import { isGranted, type ConsentCategory, type ConsentState } from "../lib/consent-model";
import { readConsentSettings } from "../config/consent";
import { postConsentProof } from "./proof";
import { consentedStorage, type KeyStore } from "./consented-store";

export const consentSettings = readConsentSettings();

/** The page's consent face (installed once). */
export const appConsent = (win: Window = window): ConsentFace =>
  installConsent(win, { policy: consentSettings.policy, onRecord: postConsentProof });

/** The page's local storage through the consent (src/consent/consented-store.ts); null when storage is blocked. */
export function consentedLocalStorage(win: Window = window): KeyStore | null {
  let storage: KeyStore | null = null;
  try {
    storage = win.localStorage;
  } catch {
    // blocked by a privacy setting
  }
  return consentedStorage(appConsent(win).state(), storage);
}

/** The consent state, for rendering. */
export function useConsentState(): ConsentState | undefined {
  const [state, setState] = useState<ConsentState | undefined>(undefined);
  useEffect(() => {
    const face = appConsent();
    setState(face.state());
    return face.subscribe(({ state: next }) => setState(next));
  }, []);
  return state;
}

/** Whether `category` is granted (false until known). */
export function useGranted(category: ConsentCategory): boolean {
  const state = useConsentState();
  return !!state && isGranted(state, category);
}
