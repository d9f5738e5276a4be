/** The staffing calculator's form: field definitions, defaults, validation and the shareable URL. */
import { CHANNELS, type ChannelId, type ChannelInput, type TeamInput } from "./staffing";
import { withThousands } from "../ui/format";

/** Where the calculator keeps its inputs for the next visit (with `preferences`). */
export const STAFFING_STORAGE_KEY = "nd_staffing_calculator";

export type ChannelField = "enabled" | "volume" | "aht" | "slPercent" | "slTime" | "coverage" | "shrinkage" | "occupancy" | "concurrency";
export type TeamField = "hoursPerFte" | "salary";
export type FieldKey = `${ChannelId}.${ChannelField}` | `team.${TeamField}`;
export type FormValues = Record<FieldKey, string>;

export interface NumberSpec {
  label: string;
  unit?: string;
  min: number;
  max: number;
  integer?: boolean;
  hint?: string;
}

export const CHANNEL_LABELS: Record<ChannelId, string> = { email: "Email", chat: "Live chat", phone: "Phone" };

/** Per-channel numeric fields; the response-time unit differs: hours for email, seconds for chat and phone. */
export function channelSpec(channel: ChannelId, field: Exclude<ChannelField, "enabled">): NumberSpec {
  switch (field) {
    case "volume":
      return { label: "Conversations per month", min: 0, max: 1_000_000, integer: true };
    case "aht":
      return { label: "Average handle time", unit: "minutes", min: 0.1, max: 480 };
    case "slPercent":
      return channel === "email"
        ? { label: "Share answered within target", unit: "%", min: 1, max: 99.9 }
        : { label: "Service level: share answered within", unit: "%", min: 1, max: 99.9 };
    case "slTime":
      return channel === "email"
        ? { label: "First-response target", unit: "hours", min: 0.1, max: 168 }
        : { label: "Answer within", unit: "seconds", min: 1, max: 3600, integer: true };
    case "coverage":
      return { label: "Hours of coverage per week", unit: "hours", min: 1, max: 168 };
    case "shrinkage":
      return { label: "Shrinkage", unit: "%", min: 0, max: 80, hint: "Paid time away from contacts: breaks, meetings, training, leave." };
    case "occupancy":
      return {
        label: "Occupancy cap",
        unit: "%",
        min: 50,
        max: 100,
        hint: "The most of their time agents should spend handling contacts.",
      };
    case "concurrency":
      return { label: "Chats per agent at once", min: 1, max: 6, integer: true };
  }
}

export const TEAM_SPECS: Record<TeamField, NumberSpec> = {
  hoursPerFte: { label: "Paid hours per full-time agent per week", unit: "hours", min: 10, max: 60 },
  salary: { label: "Annual cost per full-time agent", unit: "US dollars", min: 0, max: 1_000_000, hint: "Salary plus benefits and taxes." },
};

export const FIELD_KEYS: FieldKey[] = [
  ...CHANNELS.flatMap((c) =>
    (["enabled", "volume", "aht", "slPercent", "slTime", "coverage", "shrinkage", "occupancy", "concurrency"] as const).map(
      (f) => `${c}.${f}` as FieldKey,
    ),
  ),
  "team.hoursPerFte",
  "team.salary",
];

/** Fields a channel shows (concurrency only for chat). */
export const channelFields = (channel: ChannelId): Exclude<ChannelField, "enabled">[] =>
  [
    "volume",
    "aht",
    "slPercent",
    "slTime",
    ...(channel === "chat" ? (["concurrency"] as const) : []),
    "coverage",
    "shrinkage",
    "occupancy",
  ] as Exclude<ChannelField, "enabled">[];

/** A ten-person help desk open 9–6 on weekdays: sensible starting numbers. */
export const DEFAULT_VALUES: FormValues = {
  "email.enabled": "1",
  "email.volume": "3,000",
  "email.aht": "8",
  "email.slPercent": "90",
  "email.slTime": "4",
  "email.coverage": "45",
  "email.shrinkage": "30",
  "email.occupancy": "90",
  "email.concurrency": "1",
  "chat.enabled": "1",
  "chat.volume": "2,000",
  "chat.aht": "12",
  "chat.slPercent": "80",
  "chat.slTime": "60",
  "chat.coverage": "45",
  "chat.shrinkage": "30",
  "chat.occupancy": "85",
  "chat.concurrency": "2",
  "phone.enabled": "1",
  "phone.volume": "1,000",
  "phone.aht": "6",
  "phone.slPercent": "80",
  "phone.slTime": "20",
  "phone.coverage": "45",
  "phone.shrinkage": "30",
  "phone.occupancy": "85",
  "phone.concurrency": "1",
  "team.hoursPerFte": "40",
  "team.salary": "$55,000",
};

export const specFor = (key: FieldKey): NumberSpec | null => {
  const [group, field] = key.split(".") as [ChannelId | "team", string];
  if (field === "enabled") return null;
  if (group === "team") return TEAM_SPECS[field as TeamField];
  return channelSpec(group, field as Exclude<ChannelField, "enabled">);
};

const fmt = (n: number) => withThousands(n);

/** A number from what was typed, or the message to show. Accepts "1,200", "$55,000", "30%", " 8.5 ". */
export function parseNumber(raw: string, spec: NumberSpec): { value: number } | { error: string } {
  const text = raw.trim().replace(/[\s,$%]/g, "");
  if (text === "") return { error: `Enter the ${spec.label.toLowerCase()}.` };
  if (!/^\d*\.?\d+$|^\d+\.$/.test(text)) return { error: "Enter a number, using digits only (for example 1,200 or 7.5)." };
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: "Enter a number, using digits only (for example 1,200 or 7.5)." };
  if (spec.integer && !Number.isInteger(value)) return { error: "Enter a whole number." };
  if (value < spec.min || value > spec.max) {
    const unit = spec.unit && spec.unit !== "%" && spec.unit !== "US dollars" ? ` ${spec.unit}` : "";
    const pct = spec.unit === "%" ? "%" : "";
    const dollar = spec.unit === "US dollars" ? "$" : "";
    return { error: `Enter a value from ${dollar}${fmt(spec.min)}${pct} to ${dollar}${fmt(spec.max)}${pct}${unit}.` };
  }
  return { value };
}

export type FormErrors = Partial<Record<FieldKey, string>>;
export interface ParsedForm {
  inputs: Record<ChannelId, ChannelInput>;
  team: TeamInput;
}

/** Model inputs, or the messages per field. Disabled channels are not validated. */
export function parseForm(values: FormValues): { ok: true; parsed: ParsedForm; errors: FormErrors } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const num = (key: FieldKey): number => {
    const spec = specFor(key)!;
    const result = parseNumber(values[key] ?? "", spec);
    if ("error" in result) {
      errors[key] = result.error;
      return Number.NaN;
    }
    return result.value;
  };
  const inputs = {} as Record<ChannelId, ChannelInput>;
  for (const c of CHANNELS) {
    const enabled = values[`${c}.enabled`] !== "0";
    if (!enabled) {
      inputs[c] = {
        enabled,
        monthlyVolume: 0,
        ahtMinutes: 1,
        targetShare: 0.8,
        targetSeconds: 20,
        coverageHours: 40,
        shrinkage: 0,
        occupancyCap: 1,
        concurrency: 1,
      };
      continue;
    }
    const slTime = num(`${c}.slTime`);
    inputs[c] = {
      enabled,
      monthlyVolume: num(`${c}.volume`),
      ahtMinutes: num(`${c}.aht`),
      targetShare: num(`${c}.slPercent`) / 100,
      targetSeconds: c === "email" ? slTime * 3600 : slTime,
      coverageHours: num(`${c}.coverage`),
      shrinkage: num(`${c}.shrinkage`) / 100,
      occupancyCap: num(`${c}.occupancy`) / 100,
      concurrency: c === "chat" ? num("chat.concurrency") : 1,
    };
  }
  const team = { hoursPerFte: num("team.hoursPerFte"), annualSalary: num("team.salary") };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, parsed: { inputs, team }, errors };
}

const MAX_VALUE_LENGTH = 24;

/** Values from a query string (only known keys, short values); missing keys keep their defaults. */
export function valuesFromSearch(search: string, base: FormValues = DEFAULT_VALUES): { values: FormValues; found: boolean } {
  const params = new URLSearchParams(search);
  const values = { ...base };
  let found = false;
  for (const key of FIELD_KEYS) {
    const v = params.get(key);
    if (v === null) continue;
    values[key] = v.slice(0, MAX_VALUE_LENGTH);
    found = true;
  }
  return { values, found };
}

/** A query string with the values that differ from the defaults ("" when all are defaults). */
export function searchFromValues(values: FormValues): string {
  const params = new URLSearchParams();
  for (const key of FIELD_KEYS) if (values[key] !== DEFAULT_VALUES[key]) params.set(key, values[key]);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Stored values are whatever was saved last; keep only known string fields. */
export function valuesFromStored(stored: unknown): FormValues | null {
  if (!stored || typeof stored !== "object") return null;
  const values = { ...DEFAULT_VALUES };
  for (const key of FIELD_KEYS) {
    const v = (stored as Record<string, unknown>)[key];
    if (typeof v === "string") values[key] = v.slice(0, MAX_VALUE_LENGTH);
  }
  return values;
}

/** The id and name of a field's control in the calculator's form ("staffing-email-volume", "staffing-chat-enabled"). */
export const controlName = (key: FieldKey) => `staffing-${key.replace(".", "-")}`;

/**
 * What the visitor typed into the server-rendered form before the page's scripts ran, over `base` (the values
 * from the URL or storage). See docs/page-load.md#typing-while-the-page-hydrates.
 */
export function adoptTyped(
  base: FormValues,
  rendered: FormValues,
  read: (key: FieldKey) => string | undefined,
  editing?: FieldKey,
): FormValues {
  const values = { ...base };
  for (const key of FIELD_KEYS) {
    const current = read(key);
    if (current !== undefined && (current !== rendered[key] || key === editing)) values[key] = current.slice(0, MAX_VALUE_LENGTH);
  }
  return values;
}

/** The current query string with the calculator's keys replaced by `values` (other parameters, like utm_*, are kept). */
export function mergeSearch(current: string, values: FormValues): string {
  const params = new URLSearchParams(current);
  for (const key of FIELD_KEYS) params.delete(key);
  new URLSearchParams(searchFromValues(values)).forEach((v, k) => params.set(k, v));
  const text = params.toString();
  return text ? `?${text}` : "";
}
