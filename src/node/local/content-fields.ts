/**
 * The field types every file under content/ is built from (content-schema.ts): slugs, site paths, addresses,
 * images and dates, each refusing a bad value with a message that names what was expected.
 */
import { z } from "zod";
import { CONTENT_IMAGES } from "../../config/content";

export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a slug is lowercase words joined by dashes");
/** A site path: starts and ends with "/" (or is exactly "/"); the one exception the spec names has no trailing slash. */
export const sitePath = z.string().regex(/^\/([a-z0-9-]+\/)*([a-z0-9-]+)?$/, "a path starts with / and uses lowercase words");
/** An address: a site path, an absolute URL, a #hash, mailto:, or a {{key}} from the URL table (query kept). */
// A link that runs script (javascript:, vbscript:, data:) is refused however it is spelled: browsers ignore
// control characters and whitespace around and inside the scheme.
const scriptScheme = (value: string) =>
  // eslint-disable-next-line no-control-regex
  /^(javascript|vbscript|data):/i.test(value.replace(/[\u0000-\u0020]/g, ""));
export const href = z
  .string()
  .min(1)
  .refine((value) => !scriptScheme(value), "a link may not use a javascript:, vbscript: or data: address");
/** A file under content/images/, named from content/: e.g. "images/blog/remote-support.png". */
export const image = z.object({
  src: z
    .string()
    .regex(
      new RegExp(`^${CONTENT_IMAGES.folder}/.+\\.(png|jpe?g|webp)$`),
      `an image under content/${CONTENT_IMAGES.folder} (${CONTENT_IMAGES.folder}/….png, .jpg or .webp)`,
    ),
  alt: z.string(),
});
// YAML parses unquoted dates into Date objects; both spellings are accepted.
export const isoDate = z.preprocess(
  (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD"),
);
export const link = z.object({ label: z.string().min(1), url: href });
