/**
 * The kinds of value a setting can be, as zod schemas, and the one error every bad value fails with: the
 * variable's name, what it must be and (unless it is a secret) what it was.
 */
import { z } from "zod";

export const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(" or ");

const parsesAs = (value: string, protocols: readonly string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
/** An https:// URL or a root-relative path: a script or endpoint the page loads. */
const isHttpsOrRootRelative = (value: string): boolean => (value.startsWith("/") ? !value.startsWith("//") : parsesAs(value, ["https:"]));
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * A secret that guards something by itself (a bearer token): 128 bits at least, so 32 hex or 22 base64url
 * characters, no whitespace, and not a repeated pattern (8 distinct characters).
 */
export const isStrongSecret = (value: string): boolean =>
  (/^[0-9a-f]+$/i.test(value) ? value.length >= 32 : value.length >= 22) && new Set(value).size >= 8 && !/\s/.test(value);
export const STRONG_SECRET_RULE =
  "must be a random secret of at least 128 bits: 32 hex or 22 base64url characters (`openssl rand -hex 24` makes one)";

export const scriptUrl = z.string().refine(isHttpsOrRootRelative, "must be an https:// URL or a root-relative path");
export const httpUrl = z.string().refine((value) => parsesAs(value, ["https:", "http:"]), "must be an http(s) URL");
export const postgresUrl = z
  .string()
  .refine((value) => parsesAs(value, ["postgres:", "postgresql:"]), "must be a postgres:// or postgresql:// URL");
export const token = z.string().regex(/^[\w.-]+$/, "must be one token (letters, digits, '-', '_', '.')");
export const host = z.string().regex(HOST_NAME, "must be a host name, without scheme, port or path (such as www.example.com)");
export const strongSecret = z.string().refine(isStrongSecret, STRONG_SECRET_RULE);

/** "true" or "false" (nothing else: a typo is not quietly false). */
export const flag = z.enum(["true", "false"], { error: 'must be "true" or "false"' }).transform((value) => value === "true");

/** A whole number in [min, max], from its decimal digits ("1.5", "-3", "1e3" and "lots" are refused). */
export const integer = (min: number, max = Number.MAX_SAFE_INTEGER) => {
  const rule = max === Number.MAX_SAFE_INTEGER ? `a whole number, at least ${min}` : `a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, `must be ${rule}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be ${rule}`);
};

/** A comma-separated list, each entry trimmed and checked; empty entries are left out. */
export const list = (test: (entry: string) => boolean, rule: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(test), `must be a comma-separated list of ${rule}`);

/** Blank is unset; anything else is checked trimmed. */
const blankIsUnset = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());

/**
 * Parses the named variables of `env` with `schema`; throws one Error naming each bad variable and what it must
 * be, e.g. `LEAD_RATE_LIMIT must be a whole number, at least 0 (got "-3")`. Secrets' values are never shown.
 */
export function parseSettings<S extends z.ZodType>(
  what: string,
  schema: S,
  names: readonly string[],
  env: Record<string, string | undefined>,
  secrets: readonly string[] = [],
): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(names.map((name) => [name, env[name]])));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const value = env[name];
    return `${name} ${issue.message}${value === undefined || secrets.includes(name) ? "" : ` (got ${JSON.stringify(value)})`}`;
  });
  throw new Error(`Invalid ${what}:\n- ${[...new Set(problems)].join("\n- ")}`);
}
