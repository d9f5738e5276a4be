/**
 * The lead form's calls to the network (docs/product-rules.md#lead-form-calls): the public IP lookup before a
 * submit, the upload of a chosen file, and the submission itself.
 */
import { SUBMIT_FORM_PATH } from "../../lib/lead-form/rules";
import type { LeadSubmission } from "../../lib/lead-form/types";

export const UPLOAD_URL = "/api/hubspot/uploadFile";
/** docs/product-rules.md#lead-form-flow: a file over 10 MB is refused before it is sent. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const IP_LOOKUP_TIMEOUT_MS = 3000;

export interface SubmitResult {
  success: boolean;
  /** The function's message (HTML, not yet sanitized), when it sent one. */
  message?: string;
}

/** GET the public IP lookup before every submit; any failure gives "" (docs/product-rules.md#lead-form-calls). */
export async function lookupIpAddress(url: string, fetcher: typeof fetch = fetch, timeoutMs = IP_LOOKUP_TIMEOUT_MS): Promise<string> {
  if (!url) return "";
  const controller = typeof AbortController === "function" ? new AbortController() : undefined;
  const timer = setTimeout(() => controller?.abort(), timeoutMs);
  try {
    const response = await fetcher(url, { signal: controller?.signal, credentials: "omit" });
    if (!response.ok) return "";
    const data = (await response.json()) as { ip?: unknown };
    return typeof data.ip === "string" ? data.ip : "";
  } catch {
    return "";
  } finally {
    clearTimeout(timer);
  }
}

/** Text of the first h1 on the page, or empty (docs/product-rules.md#lead-form-definition pageName). */
export const pageNameOf = (doc: Document) => doc.querySelector("h1")?.textContent?.replace(/\s+/g, " ").trim() ?? "";

const postJson = (url: string, body: unknown, fetcher: typeof fetch) =>
  fetcher(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A response's JSON object, or {} when it has none (an HTML error page, an empty body). */
const jsonOf = async (response: Response): Promise<Record<string, unknown>> => {
  const body: unknown = await response.json().catch(() => ({}));
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
};

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * Uploads a chosen file as {file: data URL, filename} and resolves to the URL the function stored it under (the
 * field's value, docs/product-rules.md#lead-form-flow). Rejects when the file is over 10 MB, cannot be read, or the function refuses it.
 */
export async function uploadFile(file: File, fetcher: typeof fetch = fetch): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error("larger than 10 MB");
  const response = await postJson(UPLOAD_URL, { file: await readAsDataUrl(file), filename: file.name }, fetcher);
  const result = await jsonOf(response);
  if (!response.ok || result.success !== true || typeof result.fileUrl !== "string" || !result.fileUrl)
    throw new Error(typeof result.message === "string" ? result.message : `status ${response.status}`);
  return result.fileUrl;
}

/** Posts the payload as JSON (docs/product-rules.md#lead-form-calls). Never rejects: a network failure is a result without success. */
export async function submitLead(payload: LeadSubmission, fetcher: typeof fetch = fetch): Promise<SubmitResult> {
  try {
    const response = await postJson(SUBMIT_FORM_PATH, payload, fetcher);
    const body = await jsonOf(response);
    return { success: response.ok && body.success === true, message: typeof body.message === "string" ? body.message : undefined };
  } catch (error) {
    console.error("[lead-form] submit failed", error);
    return { success: false };
  }
}
