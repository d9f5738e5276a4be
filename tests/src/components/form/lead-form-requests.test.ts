// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  lookupIpAddress,
  MAX_UPLOAD_BYTES,
  pageNameOf,
  submitLead,
  UPLOAD_URL,
  uploadFile,
} from "../../../../src/components/form/lead-form-requests";
import { SUBMIT_FORM_PATH } from "../../../../src/lib/lead-form/rules";
import type { LeadSubmission } from "../../../../src/lib/lead-form/types";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const fetcherOf = (answer: () => Promise<Response>) => vi.fn(answer) as unknown as typeof fetch & ReturnType<typeof vi.fn>;

describe("IP lookup (docs/product-rules.md#lead-form-calls)", () => {
  it("returns the ip", async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ ip: "9.9.9.9" })));
    expect(await lookupIpAddress("https://ip.example/?format=json", fetcher as typeof fetch)).toBe("9.9.9.9");
  });
  it.each([
    ["a network error", async () => Promise.reject(new Error("offline"))],
    ["a 500", async () => new Response("x", { status: 500 })],
    ["not JSON", async () => new Response("<html>")],
    ["no ip", async () => new Response("{}")],
  ])("tolerates %s with an empty value", async (_, impl) => {
    expect(await lookupIpAddress("https://ip.example/", vi.fn(impl) as unknown as typeof fetch)).toBe("");
  });
  it("without a lookup URL asks nothing", async () => {
    const fetcher = fetcherOf(async () => json({ ip: "9.9.9.9" }));
    expect(await lookupIpAddress("", fetcher)).toBe("");
    expect(fetcher).not.toHaveBeenCalled();
  });
  it("gives up after its timeout, without cookies", async () => {
    vi.useFakeTimers();
    let init: RequestInit | undefined;
    const hanging = vi.fn((_url: string, given?: RequestInit) => {
      init = given;
      return new Promise<Response>((_resolve, reject) => given?.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    }) as unknown as typeof fetch;
    const answer = lookupIpAddress("https://ip.example/", hanging, 3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await answer).toBe("");
    expect(init?.credentials).toBe("omit");
  });
});

describe("page name (docs/product-rules.md#lead-form-definition)", () => {
  it("is the first h1's text, white space folded", () => {
    document.body.innerHTML = "<h1> Get a\n demo <em>now</em></h1><h1>Second</h1>";
    expect(pageNameOf(document)).toBe("Get a demo now");
  });
  it("is empty on a page without an h1", () => {
    document.body.innerHTML = "<p>No heading</p>";
    expect(pageNameOf(document)).toBe("");
  });
});

describe("file upload (docs/product-rules.md#lead-form-flow, #lead-form-calls)", () => {
  const pdf = () => new File(["%PDF-1.4 test"], "rfp.pdf", { type: "application/pdf" });
  it("posts the file as a data URL with its name and resolves to the stored file's URL", async () => {
    const fetcher = fetcherOf(async () => json({ success: true, fileUrl: "https://www.northdesk.com/api/hubspot/file?id=abc" }));
    expect(await uploadFile(pdf(), fetcher)).toBe("https://www.northdesk.com/api/hubspot/file?id=abc");
    const [url, init] = fetcher.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(UPLOAD_URL);
    expect(init.method).toBe("POST");
    const body = JSON.parse(String(init.body)) as { file: string; filename: string };
    expect(body.filename).toBe("rfp.pdf");
    expect(atob(body.file.replace(/^data:application\/pdf;base64,/, ""))).toBe("%PDF-1.4 test");
  });
  it("a refusal rejects with the function's message", async () => {
    const fetcher = fetcherOf(async () => json({ success: false, message: "Only images and PDF" }, 415));
    await expect(uploadFile(pdf(), fetcher)).rejects.toThrow("Only images and PDF");
  });
  it.each([
    ["success without a URL", () => json({ success: true })],
    ["a 200 that is not JSON", () => new Response("<html>")],
    ["a 502 without a message", () => new Response("Bad gateway", { status: 502 })],
  ])("%s rejects", async (_, answer) => {
    await expect(
      uploadFile(
        pdf(),
        fetcherOf(async () => answer()),
      ),
    ).rejects.toThrow();
  });
  it("a file over 10 MB is refused before anything is sent", async () => {
    const fetcher = fetcherOf(async () => json({ success: true, fileUrl: "x" }));
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "big.pdf", { type: "application/pdf" });
    await expect(uploadFile(big, fetcher)).rejects.toThrow(/10 MB/);
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe("submission (docs/product-rules.md#lead-form-calls)", () => {
  const payload: LeadSubmission = {
    formId: "newsletter",
    hubspotutk: "",
    pageUri: "https://x/",
    pageName: "",
    ipAddress: "",
    email: "a@b.co",
  };
  it("posts the payload as JSON to the submit function; success when it says so", async () => {
    const fetcher = fetcherOf(async () => json({ success: true }));
    expect(await submitLead(payload, fetcher)).toEqual({ success: true, message: undefined });
    const [url, init] = fetcher.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(SUBMIT_FORM_PATH);
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual(payload);
  });
  it("a refusal carries the function's message", async () => {
    expect(
      await submitLead(
        payload,
        fetcherOf(async () => json({ success: false, message: "Blocked domain" }, 422)),
      ),
    ).toEqual({
      success: false,
      message: "Blocked domain",
    });
  });
  it("success:true on an error status is still a failure", async () => {
    expect(
      (
        await submitLead(
          payload,
          fetcherOf(async () => json({ success: true }, 500)),
        )
      ).success,
    ).toBe(false);
  });
  it("a network failure is a failure, logged, never a rejection", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(
      await submitLead(
        payload,
        fetcherOf(async () => Promise.reject(new TypeError("offline"))),
      ),
    ).toEqual({ success: false });
    expect(log).toHaveBeenCalled();
  });
  it("an answer that is not JSON is a failure without a message", async () => {
    expect(
      await submitLead(
        payload,
        fetcherOf(async () => new Response("<html>", { status: 502 })),
      ),
    ).toEqual({
      success: false,
      message: undefined,
    });
  });
});
