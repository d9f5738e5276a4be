/**
 * Which Node runs where (README "Deploy"): Netlify builds with NODE_VERSION and deploys every function
 * (the adapter's and the scheduled flush) for AWS_LAMBDA_JS_RUNTIME, which its bundler reads for the
 * esbuild target and the runtime (netlify-cli's lib/functions/config.js passes it as zip-it-and-ship-it's
 * nodeVersion). Both are a supported LTS, the same major; the code itself still runs on Node 20 (engines in package.json).
 */
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as root } from "./fixtures/repo-root";

const toml = parse(fs.readFileSync(path.join(root, "netlify.toml"), "utf8")) as {
  build: { command: string; publish: string; environment: Record<string, string> };
  functions: Record<string, unknown> & { "leads-flush"?: { schedule?: string } };
};
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };

describe("netlify.toml: Node 22 in production", () => {
  it("builds on Node 22 and deploys the functions for nodejs22.x", () => {
    const { NODE_VERSION, AWS_LAMBDA_JS_RUNTIME } = toml.build.environment;
    expect(NODE_VERSION).toBe("22");
    expect(AWS_LAMBDA_JS_RUNTIME).toBe("nodejs22.x");
    expect(AWS_LAMBDA_JS_RUNTIME).toBe(`nodejs${NODE_VERSION}.x`);
  });

  it("bundles the scheduled flush with esbuild, pg left external, hourly", () => {
    expect(toml.functions).toMatchObject({ directory: "src/netlify", node_bundler: "esbuild", external_node_modules: ["pg"] });
    expect(toml.functions["leads-flush"]?.schedule).toBe("@hourly");
    expect(toml.build).toMatchObject({ command: "npm run build", publish: "public" });
  });

  it("engines admits this machine's Node 20 and production's Node 22 (webdriverio 9.33 sets the minimums)", () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
    expect(semver.intersects(pkg.engines.node, `${toml.build.environment.NODE_VERSION}.x`)).toBe(true);
    expect(semver.satisfies("20.19.0", pkg.engines.node)).toBe(false);
  });
});
