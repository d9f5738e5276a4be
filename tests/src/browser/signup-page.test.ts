// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { fillSignupForm, hiddenFieldValues, isSignupDebug, prefillValues, signupUtmCookie } from "../../../src/browser/signup-page";
import { SIGNUP_HIDDEN_FIELDS } from "../../../src/browser/signup-fields";

const cookies = {
  nd_lt_src: "utmcsr=google|utmcmd=cpc|utmctr=help%20desk|utmccn=brand|utmcct=ad1",
  nd_ft_src: "newsletter|email|||",
  nd_lt_url: "/pricing/",
  nd_ft_url: "/blog/x/",
};

const form = () => {
  document.body.innerHTML = `<form id="signupForm">
    <input name="fname"><input name="email" value="typed@example.com">
    ${SIGNUP_HIDDEN_FIELDS.map((name) => `<input type="hidden" name="${name}" value="-">`).join("")}
  </form>`;
  return document.getElementById("signupForm") as HTMLFormElement;
};
const value = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;

describe("sign-up page (docs/product-rules.md#sign-up-page)", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
  });

  it("fills the twelve hidden fields from the cookies, a dash when empty", () => {
    expect(hiddenFieldValues(cookies)).toEqual({
      GA_Source: "google",
      GA_Medium: "cpc",
      GA_Term: "help desk",
      GA_Campaign: "brand",
      GA_Content: "ad1",
      GA_Url: "/pricing/",
      GA_Source_First: "newsletter",
      GA_Medium_First: "email",
      GA_Url_First: "/blog/x/",
      GA_Campaign_First: "-",
      GA_Content_First: "-",
      GA_Term_First: "-",
    });
    expect(Object.values(hiddenFieldValues({}))).toEqual(Array(12).fill("-"));
  });

  it("prefills from reg/fn/ln/cn without overwriting what the visitor typed", () => {
    expect(prefillValues("?reg=a%40b.co&fn=Ada&ln=&cn=Acme")).toEqual({ email: "a@b.co", fname: "Ada", company: "Acme" });
    form();
    fillSignupForm(document, { search: "?fn=Ada&reg=other@example.com", cookies });
    expect(value("fname")).toBe("Ada");
    expect(value("email")).toBe("typed@example.com");
    expect(value("GA_Source")).toBe("google");
    expect((document.querySelector('[name="GA_Source"]') as HTMLInputElement).type).toBe("hidden");
  });

  it("with debug=true, reveals the hidden fields as labelled read-only inputs and populates them", () => {
    expect(isSignupDebug("?debug=true")).toBe(true);
    expect(isSignupDebug("?debug=1")).toBe(false);
    form();
    fillSignupForm(document, { search: "?debug=true", cookies });
    const input = document.querySelector('[name="GA_Term"]') as HTMLInputElement;
    expect(input.type).toBe("text");
    expect(input.readOnly).toBe(true);
    expect(input.labels?.[0]?.textContent).toBe("GA_Term");
    expect(input.value).toBe("help desk");
    // Running again (a second route update) adds no second label.
    fillSignupForm(document, { search: "?debug=true", cookies });
    expect(document.querySelectorAll("[data-signup-debug]")).toHaveLength(12);
  });

  it("does nothing on a page without #signupForm", () => {
    expect(fillSignupForm(document, { search: "", cookies })).toBe(false);
  });

  it("keeps the sign-up UTM data as JSON in nd_signup_utm", () => {
    const write = signupUtmCookie(cookies, 0)!;
    expect(write.name).toBe("nd_signup_utm");
    expect(JSON.parse(write.value)).toMatchObject({
      utm_source: "google",
      utm_medium: "cpc",
      utm_first_source: "newsletter",
      first_touch_url: "/blog/x/",
    });
    expect(signupUtmCookie({}, 0)).toBeNull();
  });
});
