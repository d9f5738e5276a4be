import { describe, expect, it, vi } from "vitest";
import { STUB_BEACON_PATH, VIEWED_PAGE, beaconBody } from "../../../src/browser/analytics-beacon";
import { adopt, install } from "../../../src/browser/early-page-view";

const HOST = "www.northdesk.com";
const BEACON = { url: "https://collect.example.com/track/", token: "tok" };

/** A window with what the early script touches: location, pagehide/visibilitychange, sendBeacon. */
function fakeWindow(href: string, accepts = true) {
  const doc = Object.assign(new EventTarget(), { hidden: false });
  const sendBeacon = vi.fn((_url: string, _body: URLSearchParams) => accepts);
  const win = Object.assign(new EventTarget(), { location: new URL(href), document: doc, navigator: { sendBeacon } }) as unknown as Window;
  const hide = () => {
    doc.hidden = true;
    doc.dispatchEvent(new Event("visibilitychange"));
  };
  const leave = () => win.dispatchEvent(new Event("pagehide"));
  const sent = () => sendBeacon.mock.calls.map(([url, body]) => ({ url, events: JSON.parse(body.get("data") ?? "[]") }));
  return { win, hide, leave, sent };
}

describe("the early page view (a visitor who leaves before the runtime starts is counted)", () => {
  it("on the production host, a page left before the runtime starts sends its view once by beacon, in the vendor's track form", () => {
    const { win, hide, leave, sent } = fakeWindow(`https://${HOST}/pricing/?utm_source=news`);
    const before = Date.now();
    install(win, { host: HOST, beacon: BEACON });
    hide();
    leave();
    expect(sent()).toHaveLength(1);
    const [{ url, events }] = sent();
    expect(url).toBe(BEACON.url);
    expect(events).toEqual([
      {
        event: VIEWED_PAGE,
        properties: {
          token: "tok",
          time: expect.any(Number),
          $insert_id: win.__ndPageView!.id,
          $current_url: `https://${HOST}/pricing/?utm_source=news`,
        },
      },
    ]);
    expect(events[0].properties.time * 1000).toBeGreaterThanOrEqual(before);
  });

  it("off the production host, the beacon goes to the local stub endpoint", () => {
    const { win, leave, sent } = fakeWindow("http://localhost:9000/");
    install(win, { host: HOST });
    leave();
    expect(sent().map((s) => s.url)).toEqual([STUB_BEACON_PATH]);
  });

  it("once the runtime has adopted it, leaving sends nothing: the runtime counts it", () => {
    const { win, leave, sent } = fakeWindow(`https://${HOST}/`);
    install(win, { host: HOST, beacon: BEACON });
    const adopted = adopt(win);
    expect(adopted).toEqual({ id: win.__ndPageView!.id, time: win.__ndPageView!.time, sent: false });
    leave();
    expect(sent()).toEqual([]);
    expect(adopt(win)).toBeUndefined(); // taken once
  });

  it("a view already sent (the page was hidden, then came back) is adopted as sent, so the runtime does not count it again", () => {
    const { win, hide, sent } = fakeWindow(`https://${HOST}/`);
    install(win, { host: HOST, beacon: BEACON });
    hide();
    expect(adopt(win)).toMatchObject({ sent: true });
    expect(sent()).toHaveLength(1);
  });

  it("a beacon the browser refused is not counted as sent: the next hide tries again, and the runtime would count it", () => {
    const { win, hide, leave, sent } = fakeWindow(`https://${HOST}/`, false);
    install(win, { host: HOST, beacon: BEACON });
    hide();
    leave();
    expect(sent()).toHaveLength(2);
    expect(adopt(win)).toMatchObject({ sent: false });
  });

  it("on the production host with no collection endpoint configured, nothing is sent", () => {
    const { win, leave, sent } = fakeWindow(`https://${HOST}/`);
    install(win, { host: HOST });
    leave();
    expect(sent()).toEqual([]);
  });

  it("installing twice records one view", () => {
    const { win, leave, sent } = fakeWindow(`https://${HOST}/`);
    install(win, { host: HOST, beacon: BEACON });
    const first = win.__ndPageView;
    install(win, { host: HOST, beacon: BEACON });
    expect(win.__ndPageView).toBe(first);
    leave();
    expect(sent()).toHaveLength(1);
  });

  it("the wire format: form-encoded data, time in seconds, one entry per event", () => {
    const body = beaconBody(
      [
        { id: "a", event: VIEWED_PAGE, url: "https://x/", time: 1_500 },
        { id: "b", event: VIEWED_PAGE, url: "https://x/y/", time: 2_000 },
      ],
      "tok",
    );
    expect(body.toString()).toMatch(/^data=/);
    expect(JSON.parse(body.get("data")!)).toEqual([
      { event: VIEWED_PAGE, properties: { token: "tok", time: 1.5, $insert_id: "a", $current_url: "https://x/" } },
      { event: VIEWED_PAGE, properties: { token: "tok", time: 2, $insert_id: "b", $current_url: "https://x/y/" } },
    ]);
  });
});
