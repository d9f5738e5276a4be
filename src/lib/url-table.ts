/**
 * docs/product-rules.md#navigation-and-footer: a link address written as "{{key}}" is looked up in the site-wide table of URLs and
 * numbers; any query string or hash after the braces is kept ("{{signupUrl}}?plan=plus").
 */
export type UrlTable = Record<string, string>;

const PLACEHOLDER = /^\{\{\s*([\w.-]+)\s*\}\}(.*)$/s;

export function resolveUrl(address: string, table: UrlTable): string {
  const match = PLACEHOLDER.exec(address.trim());
  if (!match) return address;
  const [, key, rest] = match;
  const value = table[key];
  if (value === undefined) return address;
  if (!rest) return value;
  // A query after the placeholder joins the table value's own query instead of starting a second one.
  if (rest.startsWith("?") && value.includes("?")) {
    const [base, hash = ""] = value.split("#");
    return `${base}&${rest.slice(1)}${hash ? `#${hash}` : ""}`;
  }
  return value + rest;
}

/** Replaces "{{key}}" anywhere in copy (numbers such as a customer count); unknown keys stay visible. */
export function interpolate(text: string, table: UrlTable): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, key: string) => table[key] ?? whole);
}

/** Parses the table as stored (JSON text or entries); docs/product-rules.md#error-catalogue: missing or unparsable → logged, empty table. */
export function parseUrlTable(raw: unknown, log: (message: string) => void = console.error): UrlTable {
  try {
    const value: unknown = typeof raw === "string" ? JSON.parse(raw) : raw;
    if (Array.isArray(value)) {
      const table: UrlTable = {};
      for (const entry of value) {
        if (entry && typeof entry.key === "string" && typeof entry.value === "string") table[entry.key] = entry.value;
      }
      return table;
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
    }
    throw new Error("not a table");
  } catch (error) {
    log(`URL table is missing or unparsable: ${(error as Error).message}`);
    return {};
  }
}
