// @vitest-environment jsdom
/**
 * Upgrade canary (docs/upgrade-canaries.md): isServerIsland (src/hydration/island-wiring.ts) tells a server-rendered
 * island from a client-rendered one by the form of React's useId, checked here against the installed React.
 */
import { renderToString } from "react-dom/server";
import { createRoot, hydrateRoot } from "react-dom/client";
import { act, useId } from "react";
import { describe, expect, it } from "vitest";

describe("React's useId (src/hydration/island-wiring.ts isServerIsland)", () => {
  function Id({ seen }: { seen: string[] }) {
    const id = useId();
    seen.push(id);
    return <span data-id={id} />;
  }

  it("a server render and the hydration of it give the same id, of the server form (:R…:)", async () => {
    const server: string[] = [];
    const html = renderToString(<Id seen={server} />);
    expect(server[0]).toMatch(/^:R[^:]*:$/);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const hydrated: string[] = [];
    await act(async () => void hydrateRoot(container, <Id seen={hydrated} />));
    expect(hydrated.at(-1)).toBe(server[0]);
    container.remove();
  });
  it("a client render gives an id of another form (:r…:), which no server element carries", async () => {
    const client: string[] = [];
    const container = document.createElement("div");
    await act(async () => createRoot(container).render(<Id seen={client} />));
    expect(client.at(-1)).toMatch(/^:r[^:]*:$/);
  });
});
