// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";

vi.mock("gatsby", () => ({
  Script: ({ id, src, strategy }: { id: string; src: string; strategy: string }) => (
    <script data-testid={id} data-src={src} data-strategy={strategy} />
  ),
}));
const { ThirdPartyScripts } = await import("../../../../src/components/layout/third-party-scripts");

describe("ThirdPartyScripts (docs/product-rules.md#scripts-and-analytics; docs/architecture.md#third-party-scripts)", () => {
  afterEach(cleanup);

  it("renders nothing at all with no ids configured", () => {
    const { container } = render(<ThirdPartyScripts pathname="/see-it-in-action/" config={{ ids: {} }} />);
    expect(container.innerHTML).toBe("");
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("renders each configured script for the page with a non-blocking strategy", () => {
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
});
