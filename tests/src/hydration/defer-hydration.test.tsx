// @vitest-environment jsdom
import React, { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { HydrationSuspense, deferHydration } from "../../../src/hydration/defer-hydration";
import { resetHydrationMarker, shellHydrated } from "../../../src/hydration/hydration-marker";

function Shell({ children }: { children: React.ReactNode }) {
  React.useEffect(shellHydrated, []);
  return <main>{children}</main>;
}

afterEach(() => {
  resetHydrationMarker();
  document.body.innerHTML = "";
});

describe("deferred hydration and the data-hydrated marker", () => {
  it("keeps the server HTML, and marks the page hydrated only once every deferred boundary has hydrated", async () => {
    let release!: () => void;
    let open = false;
    const gate = new Promise<void>((resolve) => (release = resolve)).then(() => void (open = true));
    let clientRender = false;
    function Slow() {
      // On the client the boundary waits for the gate, like a long hydration still to come.
      if (clientRender && !open) throw gate;
      return <p>deferred content</p>;
    }
    const Deferred = deferHydration(Slow);
    const Fast = deferHydration(() => <p>fast content</p>, "Fast");
    const tree = (
      <Shell>
        <Deferred />
        <Fast />
      </Shell>
    );

    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const serverHtml = container.innerHTML;
    clientRender = true;

    await act(async () => {
      hydrateRoot(container, tree);
    });
    expect(container.innerHTML).toBe(serverHtml);
    expect(document.documentElement.dataset.hydrated).toBeUndefined();

    await act(async () => {
      release();
      await gate;
    });
    expect(container.textContent).toBe("deferred contentfast content");
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("still marks the page when the shell's server HTML does not match and React renders it again on the client", async () => {
    const Deferred = deferHydration(() => <p>content</p>, "Content");
    const tree = (text: string) => (
      <Shell>
        <h1>{text}</h1>
        <Deferred />
      </Shell>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree("server"));
    document.body.append(container);
    const errors: unknown[] = [];

    await act(async () => {
      hydrateRoot(container, tree("client"), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors.length).toBeGreaterThan(0); // the mismatch: React threw the hydration attempt away
    expect(container.textContent).toBe("clientcontent");
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("waits for a lazy boundary nested in a deferred one (the lead form's chunk) before marking the page", async () => {
    const Form = () => <form onSubmit={(e) => e.preventDefault()}>lazy form</form>;
    let release!: () => void;
    const chunk = new Promise<{ default: typeof Form }>((resolve) => (release = () => resolve({ default: Form })));
    const LazyForm = React.lazy(() => chunk);
    const page = (FormComponent: React.ComponentType) => {
      const Body = deferHydration(
        () => (
          <section>
            <p>body</p>
            <HydrationSuspense fallback={<div data-form-loading="x" />}>
              <FormComponent />
            </HydrationSuspense>
          </section>
        ),
        "Body",
      );
      return (
        <Shell>
          <Body />
        </Shell>
      );
    };
    const container = document.createElement("div");
    // the server had the form's code; the browser waits for its chunk
    container.innerHTML = renderToString(page(Form));
    document.body.append(container);
    const serverHtml = container.innerHTML;

    await act(async () => {
      hydrateRoot(container, page(LazyForm));
    });
    // the body hydrated, the form's chunk has not arrived: the page is not live yet
    expect(container.innerHTML).toBe(serverHtml);
    expect(document.documentElement.dataset.hydrated).toBeUndefined();

    await act(async () => {
      release();
      await chunk;
    });
    expect(container.textContent).toBe("bodylazy form");
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });
});
