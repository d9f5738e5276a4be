import type { Page } from "@playwright/test";
import { createExperienceApi, type Control, type ExperienceApi } from "../emulators/experience-api";

/** The Experience API host of the e2e build (tests/e2e/third-party.env GATSBY_NINETAILED_URL). */
export const EXPERIENCE_API_HOST = "experience.third-party.test";

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
  }: { control?: Control; abortOthers?: boolean; stubOthers?: boolean } = {},
): Promise<ExperienceApi> {
  const api = createExperienceApi();
  api.control(control);
  const origin = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== origin && (abortOthers || stubOthers || url.hostname === EXPERIENCE_API_HOST),
    async (route) => {
      const request = route.request();
      if (new URL(request.url()).hostname !== EXPERIENCE_API_HOST) {
        return stubOthers ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" }) : route.abort();
      }
      const response = await api.handle({ method: request.method(), url: request.url(), body: request.postData() });
      // The SDK may already have aborted the request (its 3000 ms timeout).
      await route.fulfill({ status: response.status, headers: response.headers, body: response.body }).catch(() => undefined);
    },
  );
  return api;
}
