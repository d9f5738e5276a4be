import type { Page } from "@playwright/test";
import { offOrigin } from "./fixtures";
import { createExperienceApi, type Control, type ExperienceApi } from "../emulators/experience-api";

/** The Experience API host of the e2e build (tests/e2e/third-party.env GATSBY_NINETAILED_URL). */
export const EXPERIENCE_API_HOST = "experience.third-party.test";

/** A request the Experience API host received, in order, with the status it was answered (0: not yet). */
export interface ApiCall {
  method: string;
  path: string;
  status: number;
}

/**
 * Answers the Experience API host with an in-process emulator (tests/emulators/experience-api.ts).
 * With `abortOthers`, every other request off the site's origin is aborted; with `stubOthers`, it is
 * answered with an empty script (no test reaches the internet, and nothing logs a failed load).
 */
export async function routeExperienceApi(
  page: Page,
  baseURL: string,
  {
    control = { mode: "normal" },
    abortOthers = false,
    stubOthers = false,
    beforeAnswer,
  }: {
    control?: Control;
    abortOthers?: boolean;
    stubOthers?: boolean;
    /** Awaited before the emulator's answer to the API's `n`th request (from 0) is sent: a test's own delay. */
    beforeAnswer?: (n: number) => Promise<void>;
  } = {},
): Promise<ExperienceApi & { requests: () => ApiCall[] }> {
  const api = createExperienceApi();
  api.control(control);
  const calls: ApiCall[] = [];
  await page.route(
    abortOthers || stubOthers ? offOrigin(baseURL) : new RegExp(`^https?://${EXPERIENCE_API_HOST.replace(/\./g, "\\.")}[:/]`),
    async (route) => {
      const request = route.request();
      if (new URL(request.url()).hostname !== EXPERIENCE_API_HOST) {
        return stubOthers ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" }) : route.abort();
      }
      const n = calls.length;
      const call: ApiCall = { method: request.method(), path: new URL(request.url()).pathname, status: 0 };
      calls.push(call);
      await beforeAnswer?.(n);
      const response = await api.handle({ method: request.method(), url: request.url(), body: request.postData() });
      call.status = response.status;
      // The SDK may already have aborted the request (its 3000 ms timeout).
      await route.fulfill({ status: response.status, headers: response.headers, body: response.body }).catch(() => undefined);
    },
  );
  return { ...api, requests: () => calls };
}
