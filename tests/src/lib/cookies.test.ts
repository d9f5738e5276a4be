// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { COOKIE_LIFETIME_DAYS, getCookie, readCookies, removeCookie, setCookie, writeCookies } from "../../../src/lib/cookies";

const expires = new Date(Date.now() + 86_400_000);
afterEach(() => {
  for (const name of Object.keys(readCookies())) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe("writing the site's cookies (docs/product-rules.md#cookies)", () => {
  it("writes a batch verbatim on localhost (no domain), values made cookie-safe", () => {
    writeCookies(
      [
        { name: "nd_ft_src", value: "newsletter|email|||", expires },
        { name: "nd_lt_url", value: "/pricing/ä;", expires },
      ],
      "localhost",
    );
    expect(readCookies()).toMatchObject({ nd_ft_src: "newsletter|email|||", nd_lt_url: "/pricing/%C3%A4%3B" });
  });

  it("nothing to write reads and writes nothing", () => {
    const before = document.cookie;
    writeCookies([], "localhost");
    expect(document.cookie).toBe(before);
  });
});

describe("cookie helper (docs/product-rules.md#constants: 365 days)", () => {
  it("sets, reads and removes a cookie", () => {
    expect(COOKIE_LIFETIME_DAYS).toBe(365);
    setCookie("nd_test", "a b");
    expect(getCookie("nd_test")).toBe("a b");
    removeCookie("nd_test");
    expect(getCookie("nd_test")).toBeUndefined();
  });
});
