// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { installConsent } from "../../../../src/consent/face";
import { VENDOR_REQUEST_EVENT } from "../../../../src/browser/support-widget";
import { SETTLE_WAIT_MS } from "../../../../src/browser/vendor-scheduler";

// Gatsby's <Script>, with its script "loading" as soon as it is rendered (onLoad), so the scheduler moves on.
vi.mock("gatsby", async () => {
  const { useEffect } = await import("react");
  return {
    Script: function Script({ id, src, strategy, onLoad }: { id: string; src: string; strategy: string; onLoad?: () => void }) {
      useEffect(() => onLoad?.(), [onLoad]);
      return <script data-testid={id} data-src={src} data-strategy={strategy} />;
    },
  };
});

/** A fresh page: the scheduler is one per document (a module-level singleton). */
let ThirdPartyScripts: typeof import("../../../../src/components/layout/third-party-scripts").ThirdPartyScripts;
beforeEach(async () => {
  vi.resetModules();
  ({ ThirdPartyScripts } = await import("../../../../src/components/layout/third-party-scripts"));
});
/** Lets the scheduler run: idle time, timers, frames (React runs the effects, <Script onLoad> here, as each act ends). */
const later = async (ms = 100) => {
  for (let step = 0; step < 4; step++) await act(async () => void (await vi.advanceTimersByTimeAsync(ms / 4)));
};

const rendered = (container: HTMLElement) => [...container.querySelectorAll("script")].map((s) => s.dataset.testid);
const reset = () => {
  delete (window as unknown as Record<string, unknown>).__ndConsent;
  document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
};

describe("ThirdPartyScripts (docs/product-rules.md#scripts-and-analytics, #consent; docs/architecture.md#third-party-scripts)", () => {
  beforeEach(() => {
    reset();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "requestAnimationFrame", "Date"] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    reset();
  });

  it("renders nothing at all with no ids configured", () => {
    installConsent(window, { policy: "opt-out" });
    const { container } = render(<ThirdPartyScripts pathname="/see-it-in-action/" config={{ ids: {} }} />);
    expect(container.innerHTML).toBe("");
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("renders each configured script for the page once granted, one vendor at a time in the scheduler's order", async () => {
    installConsent(window, { policy: "opt-out" });
    const { container } = render(
      <ThirdPartyScripts pathname="/" config={{ ids: { heap: "7", gtag: "G-1", "ad-pixel": "https://px.test/p.js" } }} />,
    );
    await later(0);
    // gtag comes before heap in VENDOR_ORDER; heap waits for gtag's script to load (its onLoad), in a later task.
    expect(rendered(container)).toEqual(["nd-gtag"]);
    await later();
    // jsdom's host is localhost, a marketing host: analytics (heap) load; the ad pixel is not for "/".
    const scripts = [...container.querySelectorAll("script")].map((s) => [s.dataset.testid, s.dataset.strategy]);
    expect(scripts).toEqual([
      ["nd-gtag", "post-hydrate"],
      ["nd-heap", "post-hydrate"],
    ]);
  });

  it("opt-in: nothing before a choice; a grant later in the page view renders its vendors, no reload", async () => {
    const face = installConsent(window, { policy: "opt-in" });
    const ids = { gtag: "G-1", heap: "7", "crm-loader": "99", "support-widget": "b-1", "consent-manager": "https://cmp.test/c.js" };
    const { container } = render(<ThirdPartyScripts pathname="/" config={{ ids }} />);
    await later(SETTLE_WAIT_MS * 4);
    expect(rendered(container)).toEqual([]);
    act(() => void face.choose("preferences", { analytics: true }));
    await later();
    // gtag serves analytics or marketing; the CRM loader marketing only; the hosted manager never renders here.
    expect(rendered(container)).toEqual(["nd-gtag", "nd-heap"]);
    act(() => void face.choose("accept-all"));
    await later();
    // The support widget loads on intent only, never scheduled, even granted.
    expect(rendered(container)).toEqual(["nd-gtag", "nd-crm-loader", "nd-heap"]);
    act(() => void window.dispatchEvent(new CustomEvent(VENDOR_REQUEST_EVENT, { detail: "support-widget" })));
    expect(rendered(container)).toEqual(["nd-gtag", "nd-crm-loader", "nd-support-widget", "nd-heap"]);
  });

  it("a vendor whose category is withdrawn before its turn never starts", async () => {
    const face = installConsent(window, { policy: "opt-in" });
    act(() => void face.choose("accept-all"));
    const { container } = render(<ThirdPartyScripts pathname="/" config={{ ids: { gtag: "G-1", "crm-loader": "99" } }} />);
    await later(0);
    expect(rendered(container)).toEqual(["nd-gtag"]);
    act(() => void face.choose("preferences", { analytics: true, marketing: false }));
    await later(SETTLE_WAIT_MS * 4);
    expect(rendered(container)).toEqual(["nd-gtag"]);
  });

  it("a refused vendor the visitor asks for by hand (the support widget) renders anyway", () => {
    const face = installConsent(window, { policy: "opt-in" });
    act(() => void face.choose("reject-all"));
    const { container } = render(<ThirdPartyScripts pathname="/" config={{ ids: { "support-widget": "b-1", heap: "7" } }} />);
    expect(rendered(container)).toEqual([]);
    act(() => void window.dispatchEvent(new CustomEvent(VENDOR_REQUEST_EVENT, { detail: "support-widget" })));
    expect(rendered(container)).toEqual(["nd-support-widget"]);
  });
});
