import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    include: ["tests/unit/**/*.test.ts", "tests/components/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    css: false,
    // Generous: CI machines are small and the icon copy and the HubSpot emulator tests do real I/O.
    testTimeout: 20_000,
  },
});
