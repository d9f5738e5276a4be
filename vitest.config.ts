import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    include: ["tests/unit/**/*.test.ts", "tests/components/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    css: false,
    // Loaded through Vite rather than Node, so vi.resetModules() gives a test a fresh copy of its module state
    // (tests/src/hydration/server-styles.test.tsx loads it once as the server, once as the browser).
    server: { deps: { inline: ["styled-components"] } },
    // Generous: CI machines are small and the icon copy and the HubSpot emulator tests do real I/O.
    testTimeout: 20_000,
  },
});
