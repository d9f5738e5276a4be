import type { Page } from "@playwright/test";
import { createExperienceApi, type ApiResponse } from "../emulators/experience-api";
import { EXPERIENCE_API_HOST, type ApiCall } from "./experience-api-route";

/**
 * The Experience API answered inside the page, for a case whose verdict is a time on the page's own clock
 * (docs/develop.md#e2e-on-a-busy-machine). routeExperienceApi answers each request from the test worker: on a
 * busy machine that round trip alone can take hundreds of milliseconds, and so can every other request of a
 * page that has any route (Playwright then intercepts them all). Here the page has no route at all:
 * - other hosts are blocked in the browser itself (CDP `Network.setBlockedURLs`), as is what `block` names;
 * - `fetch` to the Experience API host is answered in the page: the first answers in `script`, ready before
 *   the page loads (computed by the same emulator), the rest by the emulator through a binding.
 * Only the page's own work and its own files decide when an answer lands.
 */
export async function answerExperienceApiInPage(
  page: Page,
  { script, block = [] }: { script: (api: ReturnType<typeof createExperienceApi>) => Promise<ApiResponse[]>; block?: string[] },
) {
  const api = createExperienceApi();
  await page.context().unrouteAll({ behavior: "wait" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBlockedURLs", { urls: ["https://*", "wss://*", ...block] });
  await page.exposeBinding("__experienceApi", (_source, request: { method: string; url: string; body?: string }) => api.handle(request));
  await page.addInitScript(
    ({ host, answers }) => {
      type Answer = { status: number; headers: Record<string, string>; body: string };
      const w = window as unknown as {
        __experienceApi: (request: { method: string; url: string; body?: string }) => Promise<Answer>;
        __apiCalls: { method: string; path: string; status: number; body?: string; bySdk: boolean }[];
      };
      const real = window.fetch.bind(window);
      w.__apiCalls = [];
      window.fetch = async (input, init) => {
        const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href);
        if (url.hostname !== host) return real(input, init);
        const method = init?.method ?? "GET";
        const body = typeof init?.body === "string" ? init.body : undefined;
        // whether the SDK was running when the call was made (it sets window.ninetailed), or the early script alone
        const call = { method, path: url.pathname, status: 0, body, bySdk: "ninetailed" in window };
        w.__apiCalls.push(call);
        const answer = answers[w.__apiCalls.length - 1] ?? (await w.__experienceApi({ method, url: url.href, body }));
        call.status = answer.status;
        return new Response(answer.body, { status: answer.status, headers: answer.headers });
      };
    },
    { host: EXPERIENCE_API_HOST, answers: await script(api) },
  );
  return {
    ...api,
    /** The calls the page made, in order: the status each was answered, its body, and whether the SDK made it. */
    requests: () => page.evaluate(() => (window as unknown as { __apiCalls: (ApiCall & { body?: string; bySdk: boolean })[] }).__apiCalls),
  };
}
