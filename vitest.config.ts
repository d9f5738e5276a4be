import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    // One tree mirroring the code: tests/src/<path in src>, tests/scripts/<path in scripts>, checks of the
    // repository as a whole in tests/ itself, and the parity tool's test beside it (docs/architecture.md#testing).
    // The default environment is node; a test that needs a DOM says so in its first line.
    include: ["tests/src/**/*.test.{ts,tsx}", "tests/scripts/**/*.test.ts", "tests/contentful-parity/**/*.test.ts", "tests/*.test.ts"],
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
