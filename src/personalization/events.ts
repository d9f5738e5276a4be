/**
 * Personalization events (docs/product-rules.md#personalization-events, #personalization-service): page, track
 * and identify, validated before they reach the SDK.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The part of the SDK's window handlers we call. */
export interface NinetailedWindowApi {
  page?: (properties?: JsonObject) => unknown;
  track?: (event: string, properties?: JsonObject) => unknown;
  identify?: (userId: string, traits?: JsonObject) => unknown;
}

export type EventMethod = "page" | "track" | "identify";

export class PersonalizationValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PersonalizationValidationError";
  }
}

/** docs/product-rules.md#images: the message for properties or traits that are not a JSON object. */
export const invalidParamsMessage = (method: EventMethod) => `${method} was called with invalid params`;
/** docs/product-rules.md#personalization-events: a cyclic structure has its own message. */
export const cyclicParamsMessage = (method: EventMethod) =>
  `${method} was called with invalid params: a cyclic structure cannot be sent, remove the cycle first`;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

type Check = "ok" | "invalid" | "cyclic";

function checkJson(value: unknown, ancestors: Set<object>): Check {
  if (value === null || typeof value === "string" || typeof value === "boolean") return "ok";
  if (typeof value === "number") return Number.isFinite(value) ? "ok" : "invalid";
  if (typeof value !== "object") return "invalid";
  if (ancestors.has(value)) return "cyclic";
  if (!Array.isArray(value) && !isPlainObject(value)) return "invalid";
  ancestors.add(value);
  let result: Check = "ok";
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const check = checkJson(child, ancestors);
    if (check === "cyclic") {
      result = "cyclic";
      break;
    }
    if (check === "invalid") result = "invalid";
  }
  ancestors.delete(value);
  return result;
}

/** Properties or traits: absent means `{}`; otherwise a JSON object, or a validation error. */
export function validateJsonObject(method: EventMethod, value: unknown): JsonObject {
  if (value === undefined) return {};
  const check = isPlainObject(value) ? checkJson(value, new Set()) : "invalid";
  if (check === "cyclic") throw new PersonalizationValidationError(cyclicParamsMessage(method));
  if (check === "invalid") throw new PersonalizationValidationError(invalidParamsMessage(method));
  return value as JsonObject;
}

const sdk = (api?: NinetailedWindowApi | null): NinetailedWindowApi | undefined =>
  api ?? (typeof window === "undefined" ? undefined : (window as unknown as { ninetailed?: NinetailedWindowApi }).ninetailed);

/** A page view (every route change). Returns whether it was handed to the SDK. */
export function page(properties?: unknown, api?: NinetailedWindowApi | null): boolean {
  const valid = validateJsonObject("page", properties);
  const target = sdk(api);
  if (!target?.page) return false;
  void target.page(valid);
  return true;
}

export function track(event: string, properties?: unknown, api?: NinetailedWindowApi | null): boolean {
  if (typeof event !== "string" || event.trim() === "") throw new PersonalizationValidationError(invalidParamsMessage("track"));
  const valid = validateJsonObject("track", properties);
  const target = sdk(api);
  if (!target?.track) return false;
  void target.track(event, valid);
  return true;
}

/** docs/product-rules.md#personalization-events: an identify with no user id and no traits is skipped. */
export function identify(userId?: string | null, traits?: unknown, api?: NinetailedWindowApi | null): boolean {
  const valid = validateJsonObject("identify", traits);
  const id = userId?.trim() ?? "";
  if (id === "" && Object.keys(valid).length === 0) return false;
  const target = sdk(api);
  if (!target?.identify) return false;
  void target.identify(id, valid);
  return true;
}
