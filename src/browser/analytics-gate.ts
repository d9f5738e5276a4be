/**
 * The analytics queue under consent (docs/product-rules.md#consent): page views tracked while the visitor has
 * not chosen wait; granting `analytics` sends them once, refusing drops them. Granted, events pass straight on.
 */
import type { AnalyticsEvent, Tracker } from "./analytics";
import type { ConsentFace } from "../lib/consent-model";

export function gatedTracker(tracker: Tracker, face: ConsentFace): Tracker {
  let waiting: AnalyticsEvent[] = [];
  face.subscribe(({ state }) => {
    const events = waiting;
    waiting = [];
    if (state.granted.analytics) events.forEach((event) => tracker.track(event));
  });
  return {
    track(event) {
      const state = face.state();
      if (state.granted.analytics) tracker.track(event);
      else if (state.pending) waiting.push(event);
    },
    pending: () => waiting.length + tracker.pending(),
    flush() {
      if (face.granted("analytics")) tracker.flush();
    },
    dispose: () => tracker.dispose(),
  };
}
