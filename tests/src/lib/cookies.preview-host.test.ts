// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://northdesk-git-main.vercel.app/pricing/" }
import { describe, expect, it } from "vitest";
import { cookieAttributes, readCookies, writeCookies } from "../../../src/lib/cookies";

describe("cookies on a preview host under a public suffix", () => {
  it("falls back to host-only cookies when the parent-domain write does not stick, for every cookie of the batch", () => {
    const hostname = window.location.hostname;
    // Our rule alone would scope them to vercel.app, which the browser refuses (a public suffix).
    expect(cookieAttributes(hostname, new Date()).domain).toBe("vercel.app");
    const expires = new Date(Date.now() + 86_400_000);
    writeCookies(
      [
        { name: "nd_ft_src", value: "(direct)|(none)|||", expires },
        { name: "nd_lt_url", value: "/pricing/", expires },
      ],
      hostname,
    );
    expect(readCookies()).toMatchObject({ nd_ft_src: "(direct)|(none)|||", nd_lt_url: "/pricing/" });
  });
});
