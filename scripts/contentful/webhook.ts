/**
 * `npm run contentful:webhook -- --url <build hook URL> [--name <name>]`: publish → rebuild. Creates, or
 * brings up to date, the webhook of CONTENTFUL_SPACE_ID that POSTs to a Netlify build hook whenever an entry
 * or asset of CONTENTFUL_ENVIRONMENT is published, unpublished or deleted (CONTENTFUL_MANAGEMENT_TOKEN; the
 * Management API host is CONTENTFUL_MANAGEMENT_HOST, default api.contentful.com).
 *
 * Idempotent: the webhook is found by name (default "Netlify build (northdesk-web)"), or else by the same URL,
 * and is created when absent, updated (with its sys.version) when its URL, topics, filter or call differ, and
 * left alone otherwise; so running it twice makes one webhook and the second run changes nothing.
 *
 * The build hook URL is a secret (anyone holding it can start builds): it is printed only as its host and
 * first path segment. Exit codes: 0 done, 1 the Management API refused or failed, 2 bad arguments or setup.
 */
import { isDeepStrictEqual } from "node:util";
import { createClient, type CreateWebhooksProps, type PlainClientAPI, type WebhookProps } from "contentful-management";
import { readManagementConfig } from "../../src/config";

export const DEFAULT_NAME = "Netlify build (northdesk-web)";
export const TOPICS = ["Entry.publish", "Entry.unpublish", "Entry.delete", "Asset.publish", "Asset.unpublish", "Asset.delete"];
/**
 * What the build hook receives: a small fixed JSON body instead of the whole entry or asset (Netlify ignores
 * the body; it would only end up in the build's INCOMING_HOOK_BODY). Not `{}`, so that an API which drops an
 * empty body cannot make every later run see a difference.
 */
export const TRANSFORMATION = {
  method: "POST",
  contentType: "application/json",
  includeContentLength: true,
  body: { source: "contentful" },
} as const;

type ManagementConfig = ReturnType<typeof readManagementConfig>;
export type WebhookAction = "created" | "updated" | "unchanged";

/** A problem with the command line or the configuration: reported without calling the API, exit code 2. */
export class UsageError extends Error {}

const USAGE = "usage: npm run contentful:webhook -- --url <https build hook URL> [--name <webhook name>]";
const LOOPBACK = new Set(["localhost", "127.0.0.1"]);

/** The build hook URL: absolute https, or http for localhost / 127.0.0.1 only (a local receiver). */
export function validateHookUrl(value: string | undefined): string {
  if (!value) throw new UsageError(`--url is required (the Netlify build hook URL).\n${USAGE}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an absolute URL such as https://api.netlify.com/build_hooks/<id>.\n${USAGE}`);
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    if (url.username || url.password) throw new UsageError("--url must not contain credentials.");
    return value;
  }
  throw new UsageError(`--url must be an https URL (http only for localhost or 127.0.0.1), got ${url.protocol}//${url.host}.\n${USAGE}`);
}

export function parseArgs(argv: string[]): { url: string; name: string } {
  const values: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(url|name)(?:=(.*))?$/s.exec(argv[i]);
    if (!match) {
      // A stray value may be the secret URL itself (a missing --url), so only options are echoed.
      const what = argv[i].startsWith("-") ? `unknown option ${argv[i].split("=")[0]}` : "unexpected value (missing --url?)";
      throw new UsageError(`${what}.\n${USAGE}`);
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || (match[2] === undefined && value.startsWith("--")))
      throw new UsageError(`--${match[1]} needs a value.\n${USAGE}`);
    values[match[1]] = value;
  }
  const name = (values.name ?? DEFAULT_NAME).trim();
  if (!name) throw new UsageError("--name must not be empty.");
  return { url: validateHookUrl(values.url?.trim()), name };
}

/** The build hook URL as it may be printed: its origin and first path segment (https://api.netlify.com/build_hooks/…). */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    const segments = url.pathname.split("/").filter(Boolean);
    return `${url.origin}/${segments.length > 1 ? `${segments[0]}/` : ""}…`;
  } catch {
    return "(the build hook URL)";
  }
}

/**
 * contentful-management's client options for CONTENTFUL_MANAGEMENT_HOST. The library (contentful-sdk-core's
 * createDefaultOptions) takes `host` as `hostname[:port]`, connects over https unless `insecure`, and silently
 * falls back to api.contentful.com when the host does not match its pattern; so the host is checked here, and
 * a loopback host (a local stand-in) is reached over plain http. `http://` / `https://` prefixes are accepted.
 */
export function managementHostOptions(managementHost: string | undefined): { host?: string; insecure?: boolean } {
  if (!managementHost) return {};
  const scheme = /^(https?):\/\//i.exec(managementHost);
  const host = (scheme ? managementHost.slice(scheme[0].length) : managementHost).replace(/\/+$/, "");
  const match = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match || !/[A-Za-z0-9]/.test(match[1]))
    throw new UsageError(
      `CONTENTFUL_MANAGEMENT_HOST must be a host name with an optional port (such as api.contentful.com), got "${managementHost}".`,
    );
  const loopback = LOOPBACK.has(match[1].toLowerCase());
  if (scheme?.[1].toLowerCase() === "http" && !loopback)
    throw new UsageError("CONTENTFUL_MANAGEMENT_HOST: plain http only for localhost or 127.0.0.1.");
  const insecure = scheme ? scheme[1].toLowerCase() === "http" : loopback;
  return insecure ? { host, insecure } : { host };
}

/** The webhook this command maintains. */
export function desiredWebhook(name: string, url: string, environment: string) {
  return {
    name,
    url,
    topics: [...TOPICS],
    filters: [{ equals: [{ doc: "sys.environment.sys.id" }, environment] }],
    transformation: structuredClone(TRANSFORMATION) as CreateWebhooksProps["transformation"],
    active: true,
  } satisfies CreateWebhooksProps;
}

/** The fields of `existing` that differ from `desired` (topics compared as a set). */
export function differences(existing: WebhookProps, desired: ReturnType<typeof desiredWebhook>): string[] {
  const changed: string[] = [];
  if (existing.name !== desired.name) changed.push("name");
  if (existing.url !== desired.url) changed.push("url");
  if (!isDeepStrictEqual([...(existing.topics ?? [])].sort(), [...desired.topics].sort())) changed.push("topics");
  if (!isDeepStrictEqual(existing.filters ?? [], desired.filters)) changed.push("filters");
  const transformation = existing.transformation ?? {};
  if (
    (Object.keys(TRANSFORMATION) as (keyof typeof TRANSFORMATION)[]).some((k) => !isDeepStrictEqual(transformation[k], TRANSFORMATION[k]))
  )
    changed.push("transformation");
  if (existing.active !== true) changed.push("active");
  return changed;
}

async function listWebhooks(client: PlainClientAPI, spaceId: string): Promise<WebhookProps[]> {
  const all: WebhookProps[] = [];
  for (let skip = 0; ;) {
    const page = await client.webhook.getMany({ spaceId, query: { skip, limit: 100 } });
    all.push(...page.items);
    skip += page.items.length;
    if (page.items.length === 0 || skip >= page.total) return all;
  }
}

/** Creates or updates the webhook; what it did, and the webhook as stored. */
export async function ensureWebhook(
  client: PlainClientAPI,
  spaceId: string,
  desired: ReturnType<typeof desiredWebhook>,
): Promise<{ action: WebhookAction; webhook: WebhookProps; changed: string[]; duplicates: number }> {
  const webhooks = await listWebhooks(client, spaceId);
  const byName = webhooks.filter((w) => w.name === desired.name);
  const existing = byName[0] ?? webhooks.find((w) => w.url === desired.url);
  if (!existing) {
    const webhook = await client.webhook.create({ spaceId }, desired);
    return { action: "created", webhook, changed: [], duplicates: 0 };
  }
  const duplicates = Math.max(0, byName.length - 1);
  const changed = differences(existing, desired);
  if (changed.length === 0) return { action: "unchanged", webhook: existing, changed, duplicates };
  // The whole definition is sent (a PUT replaces it): fields this command does not manage are kept, and
  // sys.version becomes X-Contentful-Version, so a concurrent edit makes the API answer 409 instead of losing it.
  const next: WebhookProps = { ...existing, ...desired, sys: existing.sys };
  const webhook = await client.webhook.update({ spaceId, webhookDefinitionId: existing.sys.id }, next);
  return { action: "updated", webhook, changed, duplicates };
}

const HINTS: Record<number, string> = {
  401: "check CONTENTFUL_MANAGEMENT_TOKEN: a personal access token or app token with access to the space.",
  403: "the management token may not manage this space's webhooks: space admin rights are needed.",
  404: "check CONTENTFUL_SPACE_ID and CONTENTFUL_MANAGEMENT_HOST.",
  409: "the webhook was changed by someone else meanwhile; run the command again.",
  422: "the Management API refused the webhook definition.",
};

/**
 * One line for an error, never a stack trace. contentful-management throws an Error whose message is JSON
 * (status, message, the request with its payload — which holds the build hook URL), so only the status, the
 * error id and the API's message are kept; any occurrence of the secret URL is redacted as well.
 */
export function describeError(error: unknown, secretUrl?: string): string {
  let text = error instanceof Error ? error.message : String(error);
  if (error instanceof Error) {
    try {
      const data = JSON.parse(error.message) as {
        status?: number;
        statusText?: string;
        message?: string;
        requestId?: string;
        details?: unknown;
      };
      if (data && typeof data.status === "number") {
        const id = error.name && !/^\d/.test(error.name) ? ` ${error.name}` : "";
        const details =
          data.details && typeof data.details === "object" && Object.keys(data.details).length ? ` ${JSON.stringify(data.details)}` : "";
        text =
          `the Management API answered ${data.status} ${data.statusText ?? ""}`.trimEnd() +
          `${id}: ${data.message || "(no message)"}${details}`;
        if (HINTS[data.status]) text += ` — ${HINTS[data.status]}`;
      }
    } catch {
      // not an API error: a network failure and the like, whose message is already one line
    }
  }
  return secretUrl ? text.split(secretUrl).join(redactUrl(secretUrl)) : text;
}

/** The command; returns the exit code. `loadConfig` is the environment's configuration (tests pass their own). */
export async function main(
  argv: string[] = process.argv.slice(2),
  loadConfig: () => ManagementConfig = readManagementConfig,
): Promise<number> {
  let args: { url: string; name: string };
  let config: ManagementConfig;
  let hostOptions: ReturnType<typeof managementHostOptions>;
  try {
    args = parseArgs(argv);
    config = loadConfig();
    hostOptions = managementHostOptions(config.managementHost);
  } catch (error) {
    console.error(`contentful:webhook: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const shownUrl = redactUrl(args.url);
  try {
    const client = createClient(
      {
        accessToken: config.managementToken,
        ...hostOptions,
        // The library's default handler prints whole error objects; keep its retry notices, one line each.
        logHandler: (level: string, data?: Error | string) => {
          if (level !== "error") console.log(`contentful:webhook: ${level}: ${typeof data === "string" ? data : (data?.message ?? "")}`);
        },
      },
      { type: "plain" },
    );
    const desired = desiredWebhook(args.name, args.url, config.environment);
    const { action, webhook, changed, duplicates } = await ensureWebhook(client, config.spaceId, desired);
    const where = `space ${config.spaceId}, environment ${config.environment}`;
    const what = `"${args.name}" (${webhook.sys.id}, version ${webhook.sys.version}) → POST ${shownUrl}`;
    if (action === "created") console.log(`contentful:webhook: created ${what} in ${where}`);
    else if (action === "updated") console.log(`contentful:webhook: updated ${what} in ${where}; changed: ${changed.join(", ")}`);
    else console.log(`contentful:webhook: unchanged ${what} in ${where}`);
    console.log(`contentful:webhook: on ${TOPICS.join(", ")}`);
    if (duplicates > 0)
      console.log(`contentful:webhook: note: ${duplicates} more webhook(s) named "${args.name}" exist; only the first is managed.`);
    return 0;
  } catch (error) {
    console.error(`contentful:webhook: failed: ${describeError(error, args.url)}`);
    return 1;
  }
}

if (process.argv[1] && /webhook\.ts$/.test(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`contentful:webhook: ${describeError(error)}`);
      process.exit(1);
    },
  );
}
