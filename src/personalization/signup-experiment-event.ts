/**
 * "The sign-up A/B test's variation changed" (docs/product-rules.md#personalization-service), told by the
 * personalization SDK and heard by the browser runtime, which re-decorates every sign-up link.
 */
export const TEST_VARIATION_CHANGED = "northdesk:test-variation-changed";

export function announceTestVariationChanged(target: EventTarget = window): void {
  target.dispatchEvent(new Event(TEST_VARIATION_CHANGED));
}

/** Calls `listener` on every announcement; returns the unsubscribe. */
export function onTestVariationChanged(listener: () => void, target: EventTarget = window): () => void {
  target.addEventListener(TEST_VARIATION_CHANGED, listener);
  return () => target.removeEventListener(TEST_VARIATION_CHANGED, listener);
}
