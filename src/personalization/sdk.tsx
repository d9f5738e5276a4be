/**
 * The Ninetailed SDK, loaded on demand (a separate chunk) only when GATSBY_NINETAILED_CLIENT_ID is
 * set (docs/product-rules.md#personalization, #personalization-service, #constants). Everything that imports the SDK lives here.
 */
import { useEffect } from "react";
import { Ninetailed } from "@ninetailed/experience.js";
import { NinetailedApiClient } from "@ninetailed/experience.js-shared";
import { Experience, NinetailedProvider, type ExperienceLoadingComponent } from "@ninetailed/experience.js-react";
import { EXPERIENCE_LOADING_FALLBACK_MS, type PersonalizationRuntime, type PersonalizedSlotProps } from "./context";
import { EARLY_PERSONALIZATION_GLOBAL, type EarlyPersonalization } from "../lib/handover";
import { SIGNUP_EXPERIMENT_ID, testVariationFor, type Slot } from "./experiences";
import { page } from "./events";
import { COOKIE_NAMES, expiresAt } from "../lib/cookies";
import { consentedCookies, writeConsented } from "../consent/consented-store";
import { appConsent } from "../consent/app";
import { announceTestVariationChanged } from "./signup-experiment-event";

export interface PersonalizationConfig {
  clientId: string;
  environment: string;
  url?: string;
}

/** docs/product-rules.md#constants. */
export const REQUEST_TIMEOUT_MS = 3000;
export const COMPONENT_VIEW_THRESHOLD_MS = 1000;

/** docs/product-rules.md#error-catalogue: a 503 is retried (once). */
export const retryOn503 =
  (fetchImpl: typeof fetch, retries = 1): typeof fetch =>
  async (input, init) => {
    let response = await fetchImpl(input, init);
    for (let attempt = 1; attempt <= retries && response.status === 503; attempt++) {
      console.warn(`Personalization request answered 503; retrying (attempt ${attempt}).`);
      response = await fetchImpl(input, init);
    }
    return response;
  };

/** The early script already sent this page's view (src/browser/early/personalization.ts). */
export const answerFromEarlyRequest = (fetchImpl: typeof fetch, early: EarlyPersonalization | undefined): typeof fetch => {
  let pending = early;
  return async (input, init) => {
    const claim = pending;
    const body = claim ? profileRequestBody(input, init) : undefined;
    const isView = (e: SdkEvent) => e.type === "page" && e.context?.page?.url === claim?.href;
    if (!claim || !body?.events.some(isView)) return fetchImpl(input, init);
    pending = undefined;
    const text = await claim.answer;
    if (text === null) return fetchImpl(input, init);
    const rest = body.events.filter((e) => !isView(e));
    if (rest.length === 0) return new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
    return fetchImpl(input, { ...init, body: JSON.stringify({ ...body, events: rest }) });
  };
};

type SdkEvent = { type?: string; context?: { page?: { url?: string } } };

/** The body of a profile upsert (POST …/profiles or …/profiles/{id}), or undefined for anything else. */
function profileRequestBody(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): { events: SdkEvent[] } | undefined {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (init?.method !== "POST" || typeof init.body !== "string" || !/\/profiles(\/[^/]+)?$/.test(new URL(url).pathname)) return undefined;
  try {
    const body = JSON.parse(init.body) as { events?: unknown };
    return Array.isArray(body.events) ? (body as { events: SdkEvent[] }) : undefined;
  } catch {
    return undefined;
  }
}

type SlotViewProps = { id: string; content: unknown; render: PersonalizedSlotProps<unknown>["render"] };
const SlotView = ({ id, content, render }: SlotViewProps) => <>{render(content, { id, settled: true })}</>;

/** docs/product-rules.md#personalization: while loading the baseline stays (server-rendered, visible); after 5000 ms an error is logged. */
const LoadingSlot: ExperienceLoadingComponent<SlotViewProps, { render: SlotViewProps["render"] }, Slot<unknown>> = (props) => {
  const { passthroughProps } = props;
  const { id, content } = props as unknown as { id: string; content: unknown };
  useEffect(() => {
    const timer = setTimeout(() => {
      console.error(`Personalization: the experience was still loading after ${EXPERIENCE_LOADING_FALLBACK_MS} ms; the baseline is shown.`);
    }, EXPERIENCE_LOADING_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  return <>{passthroughProps?.render?.(content, { id, settled: false })}</>;
};

let started: { ninetailed: Ninetailed; runtime: PersonalizationRuntime } | undefined;

/** docs/product-rules.md#personalization-service: variant 0 or 1 of the sign-up experiment tags every sign-up link (via the nd_tvar cookie). */
function watchSignupExperiment(ninetailed: Ninetailed): void {
  ninetailed.onProfileChange((state) => {
    if (state.status !== "success" || !state.experiences) return;
    const selected = state.experiences.find((e) => e.experienceId === SIGNUP_EXPERIMENT_ID);
    const variation = testVariationFor(selected?.variantIndex);
    const consent = appConsent().state();
    if (!variation || consentedCookies(consent)[COOKIE_NAMES.testVariation] === variation) return;
    writeConsented(
      consent,
      [{ name: COOKIE_NAMES.testVariation, value: variation, expires: expiresAt(Date.now()) }],
      window.location.hostname,
    );
    announceTestVariationChanged();
  });
}

export function startPersonalization(config: PersonalizationConfig): PersonalizationRuntime {
  if (started) return started.runtime;
  const apiClient = new NinetailedApiClient({
    clientId: config.clientId,
    environment: config.environment,
    ...(config.url ? { url: config.url } : {}),
    fetchImpl: answerFromEarlyRequest(
      retryOn503((input, init) => fetch(input, init)),
      window[EARLY_PERSONALIZATION_GLOBAL],
    ),
  });
  const ninetailed = new Ninetailed(apiClient, {
    requestTimeout: REQUEST_TIMEOUT_MS,
    componentViewTrackingThreshold: COMPONENT_VIEW_THRESHOLD_MS,
    onError: (error) => console.warn("Personalization:", error instanceof Error ? error.message : error),
  });

  function PersonalizedSlot<T>({ baseline, experiences, render }: PersonalizedSlotProps<T>) {
    return (
      <NinetailedProvider ninetailed={ninetailed}>
        <Experience
          id={baseline.id}
          content={baseline.content as unknown}
          experiences={experiences as never}
          component={SlotView}
          loadingComponent={LoadingSlot as never}
          passthroughProps={{ render: render as SlotViewProps["render"] }}
        />
      </NinetailedProvider>
    );
  }
  const subscribe: PersonalizationRuntime["subscribe"] = (baseline, experiences, onChange) =>
    ninetailed.onSelectVariant({ baseline, experiences: experiences as never }, (state) => {
      const variant = state.variant as unknown as { id: string; hidden?: boolean; content?: unknown } | null;
      onChange({
        loading: state.status === "loading",
        variant: state.status === "success" && variant && !variant.hidden ? (variant as typeof baseline) : null,
      });
    });
  const runtime: PersonalizationRuntime = { Slot: PersonalizedSlot as PersonalizationRuntime["Slot"], subscribe };
  started = { ninetailed, runtime };
  watchSignupExperiment(ninetailed);
  // The first route: the runtime's route updates ran before this chunk arrived.
  page();
  return runtime;
}
