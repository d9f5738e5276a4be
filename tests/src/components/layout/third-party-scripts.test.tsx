// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { installConsent } from "../../../../src/consent/face";
import { VENDOR_REQUEST_EVENT } from "../../../../src/browser/support-widget";

vi.mock("gatsby", () => ({
  Script: ({ id, src, strategy }: { id: string; src: string; strategy: string }) => (
    <script data-testid={id} data-src={src} data-strategy={strategy} />
  ),
}));
const { ThirdPartyScripts } = await import("../../../../src/components/layout/third-party-scripts");

const rendered = (container: HTMLElement) => [...container.querySelectorAll("script")].map((s) => s.dataset.testid);
const reset = () => {
  delete (window as unknown as Record<string, unknown>).__ndConsent;
  document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
};

describe("ThirdPartyScripts (docs/product-rules.md#scripts-and-analytics, #consent; docs/architecture.md#third-party-scripts)", () => {
  beforeEach(reset);
  afterEach(() => {
    cleanup();
    reset();
  });

  it("renders nothing at all with no ids configured", () => {
    installConsent(window, { policy: "opt-out" });
    const { container } = render(<ThirdPartyScripts pathname="/see-it-in-action/" config={{ ids: {} }} />);
    expect(container.innerHTML).toBe("");
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("renders each configured script for the page with a non-blocking strategy, once granted", () => {
    installConsent(window, { policy: "opt-out" });
    const { container } = render(
      <ThirdPartyScripts pathname="/" config={{ ids: { gtag: "G-1", "ad-pixel": "https://px.test/p.js", heap: "7" } }} />,
    );
    const scripts = [...container.querySelectorAll("script")].map((s) => [s.dataset.testid, s.dataset.strategy]);
    // jsdom's host is localhost, a marketing host: analytics (heap) load; the ad pixel is not for "/".
    expect(scripts).toEqual([
      ["nd-gtag", "idle"],
      ["nd-heap", "idle"],
    ]);
  });

  it("opt-in: nothing before a choice; a grant later in the page view renders its vendors, no reload", () => {
    const face = installConsent(window, { policy: "opt-in" });
    const ids = { gtag: "G-1", heap: "7", "crm-loader": "99", "support-widget": "b-1", "consent-manager": "https://cmp.test/c.js" };
    const { container } = render(<ThirdPartyScripts pathname="/" config={{ ids }} />);
    expect(rendered(container)).toEqual([]);
    act(() => void face.choose("preferences", { analytics: true }));
    // gtag serves analytics or marketing; the CRM loader marketing only; the hosted manager never renders here.
    expect(rendered(container)).toEqual(["nd-gtag", "nd-heap"]);
    act(() => void face.choose("accept-all"));
    expect(rendered(container)).toEqual(["nd-gtag", "nd-crm-loader", "nd-support-widget", "nd-heap"]);
    // Allowed after the page first knew its consent: loaded at once, not at a later idle moment.
    expect([...container.querySelectorAll("script")].map((s) => s.dataset.strategy)).toEqual(Array(4).fill("post-hydrate"));
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
