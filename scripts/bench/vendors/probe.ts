/**
 * What the bench records inside the page (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors), as an
 * init script (it runs before the page's own scripts, and CDP runs it whatever the page's CSP): Event Timing
 * entries (every event of 16 ms or more, input delay included), long tasks, the first contentful and largest
 * contentful paints, and the inputs that reached the page (capture listeners on window, to tell an input whose
 * interaction was under 16 ms from one that never arrived). Plain text, not a serialized function: the
 * TypeScript runner may wrap functions in helpers the page does not have.
 */
import type { EventEntry, Span } from "./metrics";

export interface Probe {
  timeOrigin: number;
  /** The page's clock when read. */
  now: number;
  /** null before the load event. */
  loadEventStart: number | null;
  fcp?: number;
  lcp?: number;
  events: EventEntry[];
  longTasks: Span[];
  /** Inputs seen by a capture listener: their type, timeStamp and whether they hit the control. */
  inputs: { type: string; at: number; onControl: boolean }[];
  /** Changes of the control's aria-expanded (a disclosure opening or closing). */
  toggles?: number;
  vendors: Record<string, { start?: number; ready?: number; pageView?: number; tasks?: [number, number][] }>;
}

/**
 * The init script. `focusSelector`: a field focused (its text selected) once the document is parsed, for the
 * typing controls; `controlSelector`: the control, to tell whether an input landed on it.
 */
export function probeScript({ focusSelector, controlSelector }: { focusSelector?: string; controlSelector?: string } = {}): string {
  return `(function () {
  if (window.top !== window) return;
  var probe = (window.__ndProbe = { events: [], longTasks: [], inputs: [] });
  function observe(options, each) {
    try { new PerformanceObserver(function (list) { list.getEntries().forEach(each); }).observe(options); } catch (e) {}
  }
  observe({ type: "event", buffered: true, durationThreshold: 16 }, function (e) {
    probe.events.push({ name: e.name, startTime: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd, interactionId: e.interactionId || 0 });
  });
  observe({ type: "longtask", buffered: true }, function (e) { probe.longTasks.push({ startTime: e.startTime, duration: e.duration }); });
  observe({ type: "paint", buffered: true }, function (e) { if (e.name === "first-contentful-paint") probe.fcp = e.startTime; });
  observe({ type: "largest-contentful-paint", buffered: true }, function (e) { probe.lcp = e.renderTime || e.loadTime || e.startTime; });
  var control = ${JSON.stringify(controlSelector ?? "")};
  ["pointerdown", "keydown"].forEach(function (type) {
    window.addEventListener(type, function (event) {
      var t = event.target;
      var on = !!(control && t && t.closest && t.closest(control));
      probe.inputs.push({ type: type, at: event.timeStamp, onControl: on });
    }, true);
  });
  // how often the control (a disclosure) opened or closed: each input should toggle it
  probe.toggles = 0;
  if (control) {
    new MutationObserver(function (records) {
      records.forEach(function (r) { if (r.target.matches && r.target.matches(control)) probe.toggles++; });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-expanded"] });
  }
  var field = ${JSON.stringify(focusSelector ?? "")};
  if (field) {
    var focus = function () {
      var el = document.querySelector(field);
      if (el) { el.focus(); if (el.select) el.select(); }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", focus); else focus();
  }
})();
`;
}

/** An expression reading what the probe recorded (evaluated through CDP, which the page's CSP does not restrict). */
export const READ_PROBE = `(function () {
  var nav = performance.getEntriesByType("navigation")[0];
  var probe = window.__ndProbe || { events: [], longTasks: [], inputs: [] };
  return {
    events: probe.events, longTasks: probe.longTasks, inputs: probe.inputs, fcp: probe.fcp, lcp: probe.lcp, toggles: probe.toggles,
    timeOrigin: performance.timeOrigin,
    now: performance.now(),
    loadEventStart: nav && nav.loadEventStart > 0 ? nav.loadEventStart : null,
    vendors: window.__ndVendors || {}
  };
})()`;
