import { describe, expect, it, vi } from "vitest";
import { answerFromEarlyRequest } from "../../../src/personalization/sdk";

const HREF = "https://www.example.test/?utm_campaign=spring-launch";
const PROFILES = "https://experience.example.test/v2/organizations/org/environments/main/profiles";
const body = (events: unknown[]) => JSON.stringify({ events, options: {} });
const pageEvent = (url = HREF) => ({ type: "page", context: { page: { url } } });
const post = (events: unknown[]): RequestInit => ({ method: "POST", body: body(events) });

describe("the SDK's first profile request is answered from the early request", () => {
  it("answers the first page event for the same page from the early answer, and sends everything after it", async () => {
    const network = vi.fn(async () => new Response("{}", { status: 200 }));
    const fetchImpl = answerFromEarlyRequest(network, { href: HREF, answer: Promise.resolve('{"data":1}') });
    const first = await fetchImpl(`${PROFILES}/p-1`, post([pageEvent()]));
    expect(await first.text()).toBe('{"data":1}');
    expect(first.status).toBe(200);
    expect(network).not.toHaveBeenCalled();
    await fetchImpl(`${PROFILES}/p-1`, post([pageEvent()]));
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("takes the same page view queued twice as that one view", async () => {
    const network = vi.fn(async () => new Response("{}", { status: 200 }));
    const fetchImpl = answerFromEarlyRequest(network, { href: HREF, answer: Promise.resolve('{"data":2}') });
    expect(await (await fetchImpl(PROFILES, post([pageEvent(), pageEvent()]))).text()).toBe('{"data":2}');
    expect(network).not.toHaveBeenCalled();
  });

  it("sends the other events of that request, without the page view the early request sent", async () => {
    const network = vi.fn(async () => new Response("{}", { status: 201 }));
    const fetchImpl = answerFromEarlyRequest(network, { href: HREF, answer: Promise.resolve('{"data":3}') });
    const component = { type: "component", componentId: "c" };
    expect((await fetchImpl(PROFILES, post([pageEvent(), component, pageEvent()]))).status).toBe(201);
    const [, init] = network.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ events: [component], options: {} });
  });

  it("waits for the request that carries the page view: the ones before it go out as they are", async () => {
    const network = vi.fn(async () => new Response("{}", { status: 201 }));
    const fetchImpl = answerFromEarlyRequest(network, { href: HREF, answer: Promise.resolve('{"data":4}') });
    await fetchImpl(PROFILES, post([{ type: "track" }]));
    expect(network).toHaveBeenCalledTimes(1);
    expect(await (await fetchImpl(PROFILES, post([pageEvent()]))).text()).toBe('{"data":4}');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("sends the request as it is when the early one failed, or when it does not carry this page's view", async () => {
    for (const [early, url, init] of [
      [Promise.resolve(null), PROFILES, post([pageEvent()])],
      [Promise.resolve("{}"), PROFILES, post([pageEvent("https://www.example.test/pricing/")])],
      [Promise.resolve("{}"), PROFILES, post([])],
      [Promise.resolve("{}"), `${PROFILES}/p-1/extra`, post([pageEvent()])],
      [Promise.resolve("{}"), PROFILES, { method: "GET" }],
      [Promise.resolve("{}"), PROFILES, { method: "POST", body: "{broken" }],
    ] as const) {
      const network = vi.fn(async () => new Response("{}", { status: 201 }));
      const fetchImpl = answerFromEarlyRequest(network, { href: HREF, answer: early });
      expect((await fetchImpl(url, init)).status).toBe(201);
      expect(network).toHaveBeenCalledTimes(1);
    }
  });

  it("without an early request, every request goes to the network", async () => {
    const network = vi.fn(async () => new Response("{}", { status: 200 }));
    await answerFromEarlyRequest(network, undefined)(PROFILES, post([pageEvent()]));
    expect(network).toHaveBeenCalledTimes(1);
  });
});
