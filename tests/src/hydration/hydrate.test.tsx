// @vitest-environment jsdom
import React, { useEffect } from "react";
import { renderToString } from "react-dom/server";
import { createRoot, hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateInTransition } from "../../../src/hydration/hydrate";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** A shell of 40 parts that each take 3 ms to render: ~120 ms of hydration work, like a throttled phone's. */
function Page({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return (
    <div id="gatsby-focus-wrapper">
      {Array.from({ length: 40 }, (_, i) => (
        <Part key={i} index={i} />
      ))}
    </div>
  );
}
function Part({ index }: { index: number }) {
  busy(3);
  return <p>part {index}</p>;
}

function serverRendered(element: React.ReactElement) {
  const container = document.createElement("div");
  container.id = "___gatsby";
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

/** Counts how often other tasks got the main thread until the page committed. */
async function tasksBetween(start: () => void, committed: Promise<void>) {
  let done = false;
  let turns = 0;
  void committed.then(() => (done = true));
  const probe = () =>
    new Promise<void>((resolve) => {
      const tick = () => {
        if (done) return resolve();
        turns += 1;
        setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
    });
  start();
  await probe();
  return turns;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("hydrating the page in a transition", () => {
  it("keeps the server HTML and gives the main thread back while it hydrates", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const container = serverRendered(<Page onCommit={() => {}} />);
    const firstPart = container.querySelector("p");

    const turns = await tasksBetween(() => hydrateInTransition(<Page onCommit={commit} />, container), committed);

    // Time-sliced: React yielded between parts, so other tasks ran during the ~120 ms of work.
    expect(turns).toBeGreaterThanOrEqual(10);
    // Hydrated, not re-rendered: the very same DOM nodes, and no mismatch reported.
    expect(container.querySelector("p")).toBe(firstPart);
    expect(container.querySelectorAll("p")).toHaveLength(40);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("is what makes the difference: a plain hydrateRoot holds the main thread for the whole shell", async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const container = serverRendered(<Page onCommit={() => {}} />);

    const turns = await tasksBetween(() => hydrateRoot(container, <Page onCommit={commit} />), committed);

    // One turn before React starts, one between its commit and its effects: none during the work.
    expect(turns).toBeLessThanOrEqual(3);
  });

  it("renders afresh when the page has no server-rendered content (a client-only page)", async () => {
    const container = document.createElement("div");
    container.id = "___gatsby";
    container.innerHTML = '<div id="gatsby-focus-wrapper"></div>';
    document.body.append(container);
    const hydrate = vi.fn(hydrateRoot);
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));

    hydrateInTransition(<Page onCommit={commit} />, container, { createRoot, hydrateRoot: hydrate });
    await committed;

    expect(hydrate).not.toHaveBeenCalled();
    expect(container.querySelectorAll("p")).toHaveLength(40);
  });

  it("says clearly when there is nothing to render into", () => {
    expect(() => hydrateInTransition(<p />, null)).toThrow("The page has no #___gatsby element to render into");
  });
});
