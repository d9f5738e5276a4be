// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { DO_NOT_SELL_DONE, NOTICE_KEY, announce, announceAfterReload, showKeptNotice } from "../../../src/consent/notice";

afterEach(() => {
  document.body.innerHTML = "";
  sessionStorage.clear();
});

describe("consent notices (docs/product-rules.md#consent)", () => {
  it("announce: a status region with the text", () => {
    announce(document, DO_NOT_SELL_DONE);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(DO_NOT_SELL_DONE);
  });

  it("a notice kept before a reload shows once on the next load, then is gone", () => {
    announceAfterReload(window, DO_NOT_SELL_DONE);
    expect(sessionStorage.getItem(NOTICE_KEY)).toBe(DO_NOT_SELL_DONE);
    showKeptNotice(window);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(sessionStorage.getItem(NOTICE_KEY)).toBeNull();
    showKeptNotice(window);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
  });

  it("nothing kept, nothing shown", () => {
    showKeptNotice(window);
    expect(document.querySelector('[role="status"]')).toBeNull();
  });
});
