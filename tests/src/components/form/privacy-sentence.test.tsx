// @vitest-environment jsdom
/** The lead forms' privacy sentence follows the consent policy in force (docs/product-rules.md#consent). */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { PrivacySentence } from "../../../../src/components/form/privacy-sentence";

afterEach(cleanup);

describe("PrivacySentence", () => {
  it("opt-in: nothing shared without consent, and the privacy notice linked", () => {
    const { container } = render(<PrivacySentence policy="opt-in" />);
    expect(container.textContent).toMatch(/only if you accept advertising cookies/);
    expect(container.textContent).not.toMatch(/never share/i);
    expect(screen.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy/");
  });

  it("opt-out: says the site shares until the visitor opts out, and links the notice at collection", () => {
    const { container } = render(<PrivacySentence policy="opt-out" />);
    expect(container.textContent).toMatch(/shares browsing data with advertising partners/);
    expect(container.textContent).toMatch(/Do Not Sell or Share My Personal Information/);
    expect(screen.getByRole("link", { name: "notice at collection" })).toHaveAttribute("href", "/privacy/#notice-at-collection");
  });

  it("reads the build's policy (GATSBY_CONSENT_POLICY) by default: opt-in unless opt-out", () => {
    const { container } = render(<PrivacySentence />);
    expect(container.querySelector("[data-privacy-sentence]")).toHaveAttribute("data-privacy-sentence", "opt-in");
  });
});
