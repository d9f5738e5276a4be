/** The newsletter prompt's rules (docs/product-rules.md#markers, #browser-storage). */
import { getStored, type StorageLike } from "../../browser/storage";

/** The lead form whose sign-up makes a visitor a subscriber (content/forms/newsletter.json). */
export const NEWSLETTER_FORM_ID = "newsletter";
/** Written by the lead form after a newsletter sign-up. */
export const NEWSLETTER_SUBSCRIBER_KEY = "newsletter_subscriber";
/** Written by the prompt's "No thanks". */
export const NEWSLETTER_NO_THANKS_KEY = "newsletter_nothanks";

/** Whether the prompt may show: neither marker is stored (an expired marker counts as none). */
export function mayPromptNewsletter(now = Date.now(), storage?: StorageLike | null): boolean {
  return getStored(NEWSLETTER_SUBSCRIBER_KEY, now, storage) === null && getStored(NEWSLETTER_NO_THANKS_KEY, now, storage) === null;
}
