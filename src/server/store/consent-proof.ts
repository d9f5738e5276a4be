// A later decision under a consent id must bring the first one's secret (sha256, compared in constant time);
// an old-shape first decision binds nothing (docs/lead-forms.md#proof-of-consent).
import crypto from "node:crypto";
import { HttpError } from "../http";

export const SECRET_REFUSED = "This consent id's first decision was sent with a secret: a later decision under it needs the same secret.";

/** Throws 403 unless `given` matches `first` (the first decision's hash, or its first `length` characters). */
export function checkSecret(first: string | null | undefined, given: string | undefined): void {
  if (!first) return;
  const a = Buffer.from(first);
  const b = Buffer.from((given ?? "").slice(0, first.length));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new HttpError(403, SECRET_REFUSED);
}
